// The formatter's view of a parsed file: the parser's AST as it is, plus what the printer and
// prettier's comment attachment need and the AST does not keep: each node's role, its extent from
// its first token to its last (the AST's locations span the first line only, for carets), its
// children in source order, how many pairs of parentheses the author put around it, and whether
// `minimize` was written. The facts sit in a WeakMap beside the nodes, so the AST is not changed.

import type {
  AlgoStmt,
  AlgorithmDecl,
  Arg,
  DataDecl,
  Decl,
  ExperimentDecl,
  ExperimentValue,
  Expr,
  ImportDecl,
  Let,
  ParamDecl,
  ProblemDecl,
  StateDecl,
  SuiteDecl,
  RepairDecl,
} from '../parser/ast.js';
import { OptError } from '../parser/diagnostics.js';
import { parseSource } from '../parser/parser.js';
import { optLexer } from '../parser/tokens.js';

export type Role =
  | 'file'
  | 'import'
  | 'problem'
  | 'data'
  | 'algorithm'
  | 'suite'
  | 'experiment'
  | 'repair'
  | 'expr'
  | 'let'
  | 'param'
  | 'state'
  | 'stmt'
  | 'arg'
  | 'member'
  | 'entry'
  | 'value';

export interface NodeInfo {
  role: Role;
  start: number;
  /** Just past the node's last character. */
  end: number;
  children: object[];
  /** The node whose children include this one (none for the file). */
  parent?: object;
  /** Pairs of parentheses the source has around this expression. */
  parens: number;
  /**
   * False for a node the printer flattens into its parent (`a + b` in `a + b + c`, the inner `if`
   * of `else if`): prettier then attaches comments to its children instead.
   */
  attachable: boolean;
  /** A problem whose source says `minimize` (the default, which the AST does not tell apart). */
  explicitMinimize?: boolean;
}

export interface Comment {
  type: 'comment';
  value: string;
  block: boolean;
  start: number;
  end: number;
  // Set by prettier's comment attachment.
  leading?: boolean;
  trailing?: boolean;
  printed?: boolean;
}

/** The root that the prettier plugin's parser returns. */
export interface FileNode {
  type: 'file';
  /** The file's imports and declarations, in source order. */
  decls: (Decl | ImportDecl)[];
  comments: Comment[];
  text: string;
}

const INFO = new WeakMap<object, NodeInfo>();

export function infoOf(node: object): NodeInfo | undefined {
  return INFO.get(node);
}

export function isComment(node: unknown): node is Comment {
  return (node as Comment | undefined)?.type === 'comment';
}

interface Tok {
  image: string;
  start: number;
  end: number;
}

/** Binary operators in precedence levels, lowest first; `^` is apart (right-associative). */
const LEVEL: Record<string, number> = {
  or: 0,
  and: 1,
  '<': 2,
  '<=': 2,
  '>': 2,
  '>=': 2,
  '==': 2,
  '!=': 2,
  '+': 3,
  '-': 3,
  '*': 4,
  '/': 4,
  '%': 4,
  '^': 5,
};

function levelOf(op: string): number {
  return LEVEL[op]!;
}

/** A left operand of the same level continues a chain (`a - b + c`); comparisons do not chain. */
export function continuesChain(parent: Expr, left: Expr): boolean {
  return (
    parent.kind === 'binary' &&
    left.kind === 'binary' &&
    parent.op !== '^' &&
    levelOf(parent.op) !== 2 &&
    levelOf(left.op) === levelOf(parent.op) &&
    (INFO.get(left)?.parens ?? 0) === 0
  );
}

/** An `if` in the else branch without parentheses continues an `else if` chain. */
export function continuesIf(parent: Expr, els: Expr): boolean {
  return parent.kind === 'if' && els.kind === 'if' && (INFO.get(els)?.parens ?? 0) === 0;
}

/**
 * The file parsed for the formatter. A file with syntax errors is refused (an OptError with its
 * diagnostics): the AST the parser recovers would lose text.
 */
export function parseForFormat(text: string, file: string): FileNode {
  const parsed = parseSource(text, file);
  if (parsed.diagnostics.length > 0)
    throw new OptError(parsed.diagnostics, new Map([[file, text]]));
  const lexed = optLexer.tokenize(text);
  const toks: Tok[] = lexed.tokens.map((t) => ({
    image: t.image,
    start: t.startOffset,
    end: (t.endOffset ?? t.startOffset) + 1,
  }));
  const comments: Comment[] = (lexed.groups['comments'] ?? []).map((t) => ({
    type: 'comment',
    value: t.image,
    block: t.image.startsWith('/*'),
    start: t.startOffset,
    end: (t.endOffset ?? t.startOffset) + 1,
  }));
  const parens = new Map<Expr, { open: number; close: number; count: number }>();
  for (const g of parsed.parens) {
    const p = parens.get(g.expr);
    // Innermost first: the last pair seen is the outermost.
    parens.set(g.expr, { open: g.open, close: g.close + 1, count: (p?.count ?? 0) + 1 });
  }
  const b = new TreeBuilder(toks, parens);
  const items = [...parsed.source.imports, ...parsed.source.decls].sort(
    (x, y) => x.loc.offset - y.loc.offset,
  );
  const root: FileNode = { type: 'file', decls: items, comments, text };
  b.set(
    root,
    'file',
    0,
    text.length,
    items.map((d) => b.decl(d)),
  );
  return root;
}

class TreeBuilder {
  constructor(
    private readonly toks: Tok[],
    private readonly parens: Map<Expr, { open: number; close: number; count: number }>,
  ) {}

  set(
    node: object,
    role: Role,
    start: number,
    end: number,
    children: object[],
    extra = {},
  ): object {
    INFO.set(node, { role, start, end, children, parens: 0, attachable: true, ...extra });
    for (const c of children) INFO.get(c)!.parent = node;
    return node;
  }

  private ends(nodes: (object | undefined)[]): number {
    return Math.max(-1, ...nodes.filter((n) => n).map((n) => INFO.get(n!)!.end));
  }

  /** Index of the first token starting at or after `offset`. */
  private tokenAt(offset: number): number {
    let lo = 0;
    let hi = this.toks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.toks[mid]!.start < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first token `image` at or after `offset`, at this nesting depth. */
  private find(image: string, offset: number): number {
    let depth = 0;
    for (let i = this.tokenAt(offset); i < this.toks.length; i++) {
      const t = this.toks[i]!.image;
      if (depth === 0 && t === image) return i;
      if (t === '(' || t === '[' || t === '{') depth++;
      // A closer at depth 0 ends what came before `offset` (`each i in X[:n] {`).
      else if (t === ')' || t === ']' || t === '}') depth = Math.max(0, depth - 1);
    }
    return this.toks.length - 1;
  }

  /** The end of the bracket that closes the opening bracket at token index `i`. */
  private closeOf(i: number): number {
    let depth = 0;
    for (let k = i; k < this.toks.length; k++) {
      const t = this.toks[k]!.image;
      if (t === '(' || t === '[' || t === '{') depth++;
      else if (t === ')' || t === ']' || t === '}') {
        depth--;
        if (depth === 0) return this.toks[k]!.end;
      }
    }
    return this.toks[this.toks.length - 1]!.end;
  }

  /** The end of the `{ ... }` block that opens first at or after `offset`. */
  private blockEnd(offset: number): number {
    return this.closeOf(this.find('{', offset));
  }

  decl(d: Decl | ImportDecl): object {
    switch (d.kind) {
      case 'import':
        return this.set(d, 'import', d.loc.offset, d.pathLoc.offset + d.pathLoc.length, []);
      case 'problem':
        return this.problem(d);
      case 'data':
        return this.data(d);
      case 'algorithm':
        return this.algorithm(d);
      case 'suite':
        return this.suite(d);
      case 'experiment':
        return this.experiment(d);
      case 'repair':
        return this.repair(d);
    }
  }

  private repair(d: RepairDecl): object {
    const children = [
      ...d.params.map((p) => this.set(p, 'member', p.loc.offset, p.loc.offset + p.loc.length, [])),
      this.expr(d.value),
    ];
    return this.set(d, 'repair', d.loc.offset, this.ends(children), children);
  }

  private problem(d: ProblemDecl): object {
    const children = [
      ...d.params.map((p) => this.param(p)),
      ...[d.dims, ...(d.box ?? []), d.optimum, d.at].filter((e) => e).map((e) => this.expr(e!)),
      ...d.lets.map((l) => this.let(l)),
      ...(d.result ? [this.expr(d.result)] : []),
    ];
    // The header's parameter list closes before the body opens.
    const paramsEnd = this.closeOf(this.find('(', d.nameLoc.offset));
    const body = this.find('{', paramsEnd);
    const explicitMinimize = this.toks
      .slice(this.tokenAt(paramsEnd), body)
      .some((t) => t.image === 'minimize');
    return this.set(d, 'problem', d.loc.offset, this.closeOf(body), children, {
      explicitMinimize,
    });
  }

  private data(d: DataDecl): object {
    const children = [...d.dims.map((e) => this.expr(e)), this.expr(d.init)];
    return this.set(d, 'data', d.loc.offset, this.ends(children), children);
  }

  private algorithm(d: AlgorithmDecl): object {
    const children = [
      ...d.params.map((p) => this.param(p)),
      ...d.states.map((s) => this.state(s)),
      ...d.generation.map((s) => this.stmt(s)),
    ];
    const paramsEnd = this.closeOf(this.find('(', d.nameLoc.offset));
    return this.set(d, 'algorithm', d.loc.offset, this.blockEnd(paramsEnd), children);
  }

  private suite(d: SuiteDecl): object {
    const children = d.members.map((m) =>
      this.set(m, 'member', m.loc.offset, m.loc.offset + m.loc.length, []),
    );
    const end = this.closeOf(this.find('[', d.nameLoc.offset));
    return this.set(d, 'suite', d.loc.offset, end, children);
  }

  private experiment(d: ExperimentDecl): object {
    const children = d.entries.map((e) => {
      const value = this.value(e.value);
      return this.set(e, 'entry', e.keyLoc.offset, INFO.get(value)!.end, [value]);
    });
    return this.set(d, 'experiment', d.loc.offset, d.end, children);
  }

  private value(v: ExperimentValue): object {
    if (v.kind === 'suite') {
      return this.set(v, 'value', v.loc.offset, v.nameLoc.offset + v.nameLoc.length, []);
    }
    if (v.kind === 'expr') {
      const e = this.expr(v.expr);
      const i = INFO.get(e)!;
      return this.set(v, 'value', i.start, i.end, [e]);
    }
    const items = v.items.map((e) => this.expr(e));
    return this.set(v, 'value', v.loc.offset, this.closeOf(this.tokenAt(v.loc.offset)), items);
  }

  private param(p: ParamDecl): object {
    const children = [this.expr(p.value)];
    let end = this.ends(children);
    if (p.range) {
      const [lo, hi] = p.range.map((e) => this.expr(e));
      children.push(lo!, hi!);
      end = this.closeOf(this.find('[', end));
    } else if (p.choices) {
      for (const c of p.choices) {
        children.push(this.set(c, 'member', c.loc.offset, c.loc.offset + c.loc.length, []));
      }
      end = this.closeOf(this.find('{', end));
    }
    return this.set(p, 'param', p.nameLoc.offset, end, children);
  }

  private state(s: StateDecl): object {
    const children = s.dims.map((e) => this.expr(e));
    let end = this.toks[this.find(']', this.ends(children))]!.end;
    if (s.init) {
      children.push(this.expr(s.init));
      end = this.ends(children);
    }
    return this.set(s, 'state', s.loc.offset, end, children);
  }

  private let(l: Let): object {
    const children = [...(l.bound ? [this.expr(l.bound.expr)] : []), this.expr(l.value)];
    return this.set(l, 'let', l.loc.offset, this.ends(children), children);
  }

  private stmt(s: AlgoStmt): object {
    switch (s.kind) {
      case 'let': {
        const l = this.let(s.let);
        const i = INFO.get(l)!;
        // The statement and its let are one node for comments; the let is printed inside.
        return this.set(s, 'stmt', i.start, i.end, INFO.get(l)!.children);
      }
      case 'assign': {
        const children = [...(s.row ? [this.expr(s.row)] : []), this.expr(s.value)];
        return this.set(s, 'stmt', s.targetLoc.offset, this.ends(children), children);
      }
      case 'each': {
        const head = [s.row, s.count].filter((e) => e).map((e) => this.expr(e!));
        const children = [...head, ...s.body.map((b) => this.stmt(b))];
        const headEnd = Math.max(this.ends(head), s.popLoc.offset + s.popLoc.length);
        return this.set(s, 'stmt', s.loc.offset, this.blockEnd(headEnd), children);
      }
      case 'repeat': {
        const head = [s.count, s.while].filter((e) => e).map((e) => this.expr(e!));
        const children = [...head, ...s.body.map((b) => this.stmt(b))];
        const headEnd = Math.max(this.ends(head), s.loc.offset + 1);
        return this.set(s, 'stmt', s.loc.offset, this.blockEnd(headEnd), children);
      }
      case 'if': {
        const cond = this.expr(s.cond);
        const children = [
          cond,
          ...s.then.map((b) => this.stmt(b)),
          ...s.else.map((b) => this.stmt(b)),
        ];
        let end = this.blockEnd(INFO.get(cond)!.end);
        const next = this.toks[this.tokenAt(end)];
        if (next?.image === 'else') end = this.blockEnd(next.end);
        return this.set(s, 'stmt', s.loc.offset, end, children);
      }
    }
  }

  expr(e: Expr): object {
    // A chain (`a + b + c`, the parser's left spine, 100,000 terms long perhaps: issue 34) is
    // walked along its spine without recursion: its left operands from the innermost out.
    if (e.kind === 'binary' && e.left.kind === 'binary') {
      const spine: Extract<Expr, { kind: 'binary' }>[] = [];
      let x: Expr = e;
      while (x.kind === 'binary') {
        spine.push(x);
        x = x.left;
      }
      let left = this.expr(x);
      for (let k = spine.length - 1; k >= 0; k--) left = this.binary(spine[k]!, left);
      return left;
    }
    if (e.kind === 'binary') return this.binary(e, this.expr(e.left));
    let children: object[] = [];
    let start = e.loc.offset;
    let end = e.loc.offset + e.loc.length;
    switch (e.kind) {
      case 'num':
      case 'str':
      case 'name':
        break;
      case 'index':
      case 'slice': {
        const target = this.expr(e.target);
        children =
          e.kind === 'index'
            ? [target, this.expr(e.index)]
            : [target, this.expr(e.from), this.expr(e.to)];
        start = INFO.get(target)!.start;
        end = this.closeOf(this.tokenAt(INFO.get(target)!.end));
        break;
      }
      case 'unary':
        children = [this.expr(e.arg)];
        end = this.ends(children);
        break;
      case 'if':
        children = [this.expr(e.cond), this.expr(e.then), this.expr(e.else)];
        end = this.ends(children);
        if (continuesIf(e, e.else)) INFO.get(e.else)!.attachable = false;
        break;
      case 'call':
        children = e.args.map((a) => this.arg(a));
        end = this.closeOf(this.tokenAt(e.calleeLoc.offset + e.calleeLoc.length));
        break;
      case 'reduce': {
        const range = e.range
          ? e.range.kind === 'in'
            ? [e.range.from, e.range.to]
            : [e.range.bound]
          : [];
        children = [...range, ...(e.where ? [e.where] : []), e.body].map((x) => this.expr(x));
        end = this.ends(children);
        break;
      }
    }
    const p = this.parens.get(e);
    if (p) {
      start = p.open;
      end = p.close;
    }
    return this.set(e, 'expr', start, end, children, { parens: p?.count ?? 0 });
  }

  /** Binary `e`, its left operand's node made already. */
  private binary(e: Extract<Expr, { kind: 'binary' }>, left: object): object {
    const children = [left, this.expr(e.right)];
    const start = INFO.get(left)!.start;
    const end = this.ends(children);
    if (continuesChain(e, e.left)) INFO.get(e.left)!.attachable = false;
    const p = this.parens.get(e);
    return p
      ? this.set(e, 'expr', p.open, p.close, children, { parens: p.count })
      : this.set(e, 'expr', start, end, children, { parens: 0 });
  }

  private arg(a: Arg): object {
    const v = this.expr(a.value);
    return this.set(a, 'arg', a.loc.offset, INFO.get(v)!.end, [v]);
  }
}
