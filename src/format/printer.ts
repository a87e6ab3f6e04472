// The printer of the .opt formatter: the AST to a prettier document (prettier's doc builders),
// which prettier then lays out at the print width. The layout, written down in docs/formatting.md:
//
//   - two spaces a block level; one statement a line; at most one blank line kept where the
//     author left one; optional semicolons and separators dropped;
//   - the author's parentheses kept (they are often there to be read), none added (the source
//     already has every one the grammar needs);
//   - numbers and strings as written (`2` and `2.0` differ: integer and float);
//   - a long expression breaks before its operators, as many operands a line as fit, the
//     continuation lines indented once; a reduction breaks between its head and its body; a
//     long `let` or assignment first moves its value to the next line; an `if ... else if ...`
//     chain breaks before each `else`; a call breaks between its arguments;
//   - a parameter list that does not fit fills lines aligned under the first parameter; a suite's
//     members fill lines inside the brackets; a member or parameter with a comment after it ends
//     its line.
//
// Comments are attached to nodes by prettier, from the extents that tree.ts computes (and the
// rules of plugin.ts), and printed here (withComments).

import { doc, util, type AstPath, type Doc } from 'prettier';
import type { AlgoStmt, Expr } from '../parser/ast.js';
import {
  continuesChain,
  continuesIf,
  infoOf,
  isComment,
  type Comment,
  type FileNode,
} from './tree.js';

const {
  group,
  indent,
  line,
  softline,
  hardline,
  join,
  fill,
  align,
  ifBreak,
  lineSuffix,
  breakParent,
} = doc.builders;
const { removeLines } = doc.utils;

type Print = (path: AstPath) => Doc;
type Path = AstPath<any>;

export function printOpt(path: Path, _options: unknown, print: Print): Doc {
  const node = path.node;
  if (node.type === 'file') return printFile(path as AstPath<FileNode>, print);
  const doc = printNode(path, print);
  return node.comments?.length ? withComments(node, doc, (path.root as FileNode).text) : doc;
}

function printNode(path: Path, print: Print): Doc {
  const node = path.node;
  const info = infoOf(node);
  switch (info?.role) {
    case 'import':
      return ['import "', node.path, '"'];
    case 'problem':
      return printProblem(path, print);
    case 'data':
      return [
        'data ',
        node.name,
        path.map((p) => ['[', print(p), ']'], 'dims'),
        ' =',
        afterEquals(node.init, path.call(print, 'init')),
      ];
    case 'algorithm':
      return printAlgorithm(path, print);
    case 'repair':
      return [
        'repair ',
        node.name,
        '(',
        join(', ', path.map(print, 'params')),
        ') =',
        afterEquals(node.value, path.call(print, 'value')),
      ];
    case 'suite':
      return printSuite(path, print);
    case 'experiment':
      return [
        'experiment ',
        node.name,
        ' {',
        node.entries.length > 0 ? indent([hardline, items(path, print, 'entries')]) : '',
        hardline,
        '}',
      ];
    case 'entry':
      return [node.key, ' = ', path.call(print, 'value')];
    case 'value':
      return printExperimentValue(path, print);
    case 'member':
      return node.name;
    case 'param':
      return printParam(path, print);
    case 'state':
      return [
        node.kind,
        ' ',
        node.name,
        path.map((p) => ['[', print(p), ']'], 'dims'),
        node.init ? [' =', afterEquals(node.init, path.call(print, 'init'))] : '',
      ];
    case 'let':
      return printLet(path, print);
    case 'stmt':
      return printStmt(path, print);
    case 'arg':
      return node.name ? [node.name, ': ', path.call(print, 'value')] : path.call(print, 'value');
    case 'expr': {
      const body = printExpr(path, print);
      const n = info.parens;
      return n > 0 ? ['('.repeat(n), body, ')'.repeat(n)] : body;
    }
    default:
      throw new Error(
        `internal: opt formatter: no printer for ${JSON.stringify(Object.keys(node))}`,
      );
  }
}

const commentText = (c: Comment): string => (c.block ? c.value : c.value.trimEnd());

/**
 * A node's doc with its comments (the printer prints them itself: prettier's own placement, by
 * the source's line breaks, would move a block comment inside an expression to a line of its
 * own, and the next formatting elsewhere). As prettier places them, with two differences inside
 * expressions: a block comment stays inline, and no blank line is kept beside a comment.
 *   - leading: a line comment, then a line break; a block comment, then a space, or a line break
 *     where the source has one after it (at the level of statements and declarations);
 *   - trailing: at the end of the line (prettier's lineSuffix, and the groups around break); a
 *     comment on a line of its own in the source, or after a line comment, on a line of its own.
 */
function withComments(node: object, doc: Doc, text: string): Doc {
  const comments = (node as { comments: Comment[] }).comments;
  const item = infoOf(node)?.role !== 'expr';
  const before: Doc[] = [];
  const after: Doc[] = [];
  let suffix = false; // a trailing comment already went to the end of the line
  for (const c of comments) {
    c.printed = true;
    const value = commentText(c);
    if (c.leading) {
      const newlineAfter = util.hasNewline(text, c.end);
      if (!c.block) before.push(value, hardline);
      else before.push(value, item && newlineAfter ? hardline : ' ');
      if (item && newlineAfter && util.isNextLineEmpty(text, c.end)) before.push(hardline);
    } else if (c.trailing) {
      const ownLine = util.hasNewline(text, c.start, { backwards: true });
      // After a comment already at the end of the line, any other goes on a line of its own.
      if ((ownLine && (item || !c.block)) || suffix) {
        const blank = item && util.isPreviousLineEmpty(text, c.start);
        after.push(lineSuffix([hardline, blank ? hardline : '', value]));
        if (!c.block) after.push(breakParent);
        suffix = true;
      } else if (!c.block) {
        after.push(lineSuffix([' ', value]), breakParent);
        suffix = true;
      } else {
        after.push(' ', value);
      }
    }
  }
  return [before, doc, after];
}

// ---- lists ------------------------------------------------------------------------------------

/**
 * The items of `key`, one a line, keeping one blank line where the source has one. An item stays
 * ended by `;` where the next begins with `(` or `-`, which would otherwise continue it
 * (`let s = a + b` then `(s + 1) / 2` would read as a call `b(s + 1) / 2`).
 */
function items(path: Path, print: Print, key: string): Doc[] {
  const text = (path.root as FileNode).text;
  const out: Doc[] = [];
  path.each((p, i, all) => {
    out.push(print(p));
    if (i < all.length - 1) out.push(separator(text, p.node as object, all[i + 1] as object));
  }, key);
  return out;
}

/** What goes between two items of a list of statements or declarations. */
function separator(text: string, node: object, next: object): Doc {
  const start = text[infoOf(next)!.start];
  return [
    start === '(' || start === '-' ? ';' : '',
    blankAfter(text, node) ? [hardline, hardline] : hardline,
  ];
}

function blankAfter(text: string, node: object): boolean {
  return util.isNextLineEmpty(text, infoOf(node)!.end);
}

function hasLineCommentAfter(node: { comments?: Comment[] }): boolean {
  return (node.comments ?? []).some((c) => c.trailing && !c.block);
}

function hasCommentBefore(node: { comments?: Comment[] }): boolean {
  return (node.comments ?? []).some((c) => c.leading);
}

/**
 * prettier's fill of `key`'s items separated by commas: a line break where an item has a line
 * comment after it or a comment before the next (fill would otherwise move the comment).
 */
function filled(path: Path, print: Print, key: string, first?: Doc): Doc {
  const docs: Doc[] = first === undefined ? [] : [first];
  const nodes = path.node[key] as { comments?: Comment[] }[];
  const hard: boolean[] = first === undefined ? [] : [hasCommentBefore(nodes[0] ?? {})];
  path.each((p, i) => {
    docs.push(print(p));
    const next = nodes[i + 1];
    hard.push(hasLineCommentAfter(nodes[i]!) || (next !== undefined && hasCommentBefore(next)));
  }, key);
  // The comma goes with its item, so that fill measures it too.
  const parts: Doc[] = [];
  docs.forEach((d, i) => {
    if (i === docs.length - 1) parts.push(d);
    else parts.push([d, ','], hard[i] ? hardline : line);
  });
  return fill(parts);
}

// ---- declarations -----------------------------------------------------------------------------

function printFile(path: AstPath<FileNode>, print: Print): Doc {
  const root = path.node;
  if (root.decls.length === 0) {
    // Only comments (or nothing): prettier left them to the root.
    const cs = root.comments.filter((c) => !c.leading && !c.trailing);
    for (const c of cs) c.printed = true;
    return cs.length > 0 ? [join(hardline, cs.map(commentText)), hardline] : '';
  }
  return [items(path, print, 'decls'), hardline];
}

/** `NAME(` then the items filling lines aligned under the first, then `)`. */
function headerList(prefix: string, list: Doc): Doc {
  return [prefix, '(', align(prefix.length + 1, list), ')'];
}

function printProblem(path: Path, print: Print): Doc {
  const d = path.node;
  const list = filled(path, print, 'params', [d.param, '[', d.dimName, ']']);
  const clauses: Doc[] = [];
  if (d.dims) clauses.push([line, 'where ', path.call(print, 'dims')]);
  if (d.direction === 'maximize') clauses.push([line, 'maximize']);
  else if (infoOf(d)!.explicitMinimize) clauses.push([line, 'minimize']);
  if (d.box) {
    clauses.push([
      line,
      'in [',
      path.call(print, 'box', 0),
      ', ',
      path.call(print, 'box', 1),
      ']',
      d.unconstrained ? ' unconstrained' : '',
    ]);
  }
  if (d.optimum) clauses.push([line, 'optimum ', path.call(print, 'optimum')]);
  if (d.at) clauses.push([line, 'at ', path.call(print, 'at')]);
  const body: Doc[] = [];
  if (d.lets.length > 0) body.push(items(path, print, 'lets'));
  if (d.result) {
    if (d.lets.length > 0) body.push(separator(path.root.text, d.lets.at(-1), d.result));
    body.push(path.call(print, 'result'));
  }
  return [
    group([headerList(`problem ${d.name}`, list), indent(indent(clauses)), ' {']),
    body.length > 0 ? indent([hardline, body]) : '',
    hardline,
    '}',
  ];
}

function printAlgorithm(path: Path, print: Print): Doc {
  const d = path.node;
  const body: Doc[] = [];
  if (d.states.length > 0) {
    body.push(items(path, print, 'states'));
    body.push(blankAfter(path.root.text, d.states.at(-1)) ? [hardline, hardline] : hardline);
  }
  body.push(['generation ', block(path, print, 'generation')]);
  return [
    group(headerList(`algorithm ${d.name}`, filled(path, print, 'params'))),
    ' {',
    indent([hardline, body]),
    hardline,
    '}',
  ];
}

function printSuite(path: Path, print: Print): Doc {
  const d = path.node;
  if (d.members.length === 0) return ['suite ', d.name, ' = []'];
  return group([
    'suite ',
    d.name,
    ' = [',
    indent([softline, filled(path, print, 'members'), ifBreak(',')]),
    softline,
    ']',
  ]);
}

function printExperimentValue(path: Path, print: Print): Doc {
  const v = path.node;
  if (v.kind === 'suite') return ['suite ', v.name];
  if (v.kind === 'expr') return path.call(print, 'expr');
  if (v.items.length === 0) return '[]';
  return group([
    '[',
    indent([softline, join([',', line], path.map(print, 'items')), ifBreak(',')]),
    softline,
    ']',
  ]);
}

function printParam(path: Path, print: Print): Doc {
  const p = path.node;
  const parts: Doc[] = [p.name, ' = ', path.call(print, 'value')];
  if (p.range) {
    parts.push(' in [', path.call(print, 'range', 0), ', ', path.call(print, 'range', 1), ']');
  } else if (p.choices) {
    parts.push(' in {', join(', ', path.map(print, 'choices')), '}');
  }
  return parts;
}

// ---- statements -------------------------------------------------------------------------------

function block(path: Path, print: Print, key: string): Doc {
  const stmts = path.node[key] as AlgoStmt[];
  if (stmts.length === 0) return '{}';
  return ['{', indent([hardline, items(path, print, key)]), hardline, '}'];
}

function printLet(path: Path, print: Print): Doc {
  const l = path.node;
  const index: Doc = l.index
    ? [
        '[',
        l.index,
        l.bound ? [l.bound.op === 'lt' ? ' < ' : ' <= ', path.call(print, 'bound', 'expr')] : '',
        ']',
      ]
    : '';
  return ['let ', l.name, index, ' =', afterEquals(l.value, path.call(print, 'value'))];
}

function printStmt(path: Path, print: Print): Doc {
  const s = path.node as AlgoStmt;
  switch (s.kind) {
    case 'let':
      return path.call(print, 'let');
    case 'assign':
      return [
        s.target,
        s.row ? ['[', path.call(print, 'row'), ']'] : '',
        s.col ? ['[', s.col, ']'] : '',
        ' =',
        afterEquals(s.value, path.call(print, 'value')),
      ];
    case 'each':
      return [
        'each ',
        s.index,
        ' in ',
        s.pop,
        s.row ? ['[', path.call(print, 'row'), ']'] : '',
        s.count ? ['[:', path.call(print, 'count'), ']'] : '',
        ' ',
        block(path, print, 'body'),
      ];
    case 'repeat':
      return [
        'repeat',
        s.count ? [' ', path.call(print, 'count')] : '',
        s.while ? [' while ', path.call(print, 'while')] : '',
        ' ',
        block(path, print, 'body'),
      ];
    case 'if':
      return [
        'if ',
        path.call(print, 'cond'),
        ' ',
        block(path, print, 'then'),
        s.else.length > 0 ? [' else ', block(path, print, 'else')] : '',
      ];
  }
}

/**
 * ` = value`: an operator expression, a reduction or an `if` moves to the next line when it does
 * not fit; a call, a name or a number stays (a call breaks between its arguments instead).
 */
function afterEquals(value: Expr, printed: Doc): Doc {
  const moves =
    value.kind === 'binary' ||
    value.kind === 'if' ||
    value.kind === 'reduce' ||
    value.kind === 'unary';
  return moves ? group(indent([line, printed])) : [' ', printed];
}

// ---- expressions ------------------------------------------------------------------------------

function printExpr(path: Path, print: Print): Doc {
  const e = path.node as Expr;
  const text = (path.root as FileNode).text;
  switch (e.kind) {
    case 'num':
    case 'str':
      return text.slice(e.loc.offset, e.loc.offset + e.loc.length);
    case 'name':
      return e.name;
    case 'index':
      return [path.call(print, 'target'), '[', path.call(print, 'index'), ']'];
    case 'slice':
      return [
        path.call(print, 'target'),
        '[',
        path.call(print, 'from'),
        ':',
        path.call(print, 'to'),
        ']',
      ];
    case 'unary':
      return [e.op === 'not' ? 'not ' : '-', path.call(print, 'arg')];
    case 'binary':
      // An exponent does not break (`x^(10 / D^1.2)` split after `(10` reads badly).
      if (e.op === '^') {
        return [path.call(print, 'left'), '^', removeLines(path.call(print, 'right'))];
      }
      return printChain(path, print);
    case 'if':
      return printIf(path, print);
    case 'call':
      if (e.args.length === 0) return [e.callee, '()'];
      return group([
        e.callee,
        '(',
        indent([softline, join([',', line], path.map(print, 'args'))]),
        softline,
        ')',
      ]);
    case 'reduce': {
      const r = e.range;
      const range: Doc = !r
        ? ''
        : r.kind === 'lt'
          ? [' < ', path.call(print, 'range', 'bound')]
          : r.kind === 'le'
            ? [' <= ', path.call(print, 'range', 'bound')]
            : [' in ', path.call(print, 'range', 'from'), '..', path.call(print, 'range', 'to')];
      // Broken, the body goes to the next line (`argmax(k < P)` then `min(t < P) ...`).
      return group([
        e.op,
        '(',
        e.index,
        range,
        e.where ? [' where ', path.call(print, 'where')] : '',
        ')',
        indent([line, path.call(print, 'body')]),
      ]);
    }
  }
}

/**
 * `a + b - c`: broken, as many operands a line as fit (prettier's fill), each continuation line
 * beginning with its operator, indented once.
 */
function printChain(path: Path, print: Print): Doc {
  const [first, ...rest] = chainParts(path, print);
  return indent(
    fill([
      first!.doc,
      ...rest.flatMap((r, k) => [sepAfter(k === 0 ? first! : rest[k - 1]!), r.doc]),
    ]),
  );
}

interface ChainPart {
  doc: Doc;
  /** The operand (for its comments). */
  node: object;
}

/** A line, or a line break after an operand with a line comment after it (plugin.ts puts it there). */
function sepAfter(part: ChainPart): Doc {
  return hasLineCommentAfter(part.node as { comments?: Comment[] }) ? hardline : line;
}

/** How many chain levels one `path.call` descends at most (chainParts). */
const CHAIN_STEP = 256;

/**
 * The operands of a chain (`a + b - c`, the parser's left spine) in order, with their operators.
 * A chain may be 100,000 terms long (issue 34): the spine is walked in steps of CHAIN_STEP levels,
 * each one `path.call` down many `left`s, so that the stack grows by a frame a step, not a level.
 */
function chainParts(path: Path, print: Print): ChainPart[] {
  type Bin = Extract<Expr, { kind: 'binary' }>;
  const spine: Bin[] = [path.node as Bin];
  for (let e = spine[0]!; continuesChain(e, e.left); ) spine.push((e = e.left as Bin));
  const k = spine.length;
  const rights: Doc[] = new Array<Doc>(k);
  let leftmost: Doc = '';
  const lefts = (n: number): string[] => new Array<string>(n).fill('left');
  // AstPath.call takes any number of names; its type lists a few.
  type Descend = { call<T>(f: (q: Path) => T, ...names: string[]): T };
  // `p` is at spine[base].
  const visit = (p: Path, base: number): void => {
    const d = p as unknown as Descend;
    const end = Math.min(base + CHAIN_STEP, k);
    for (let j = base; j < end; j++) rights[j] = d.call(print, ...lefts(j - base), 'right');
    if (end < k) d.call((q) => visit(q, end), ...lefts(end - base));
    else leftmost = d.call(print, ...lefts(k - base));
  };
  visit(path, 0);
  const parts: ChainPart[] = [{ doc: leftmost, node: spine[k - 1]!.left }];
  for (let j = k - 1; j >= 0; j--)
    parts.push({ doc: [spine[j]!.op, ' ', rights[j]!], node: spine[j]!.right });
  return parts;
}

/** `if a then x else if b then y else z`: broken, each `else` starts a line. */
function printIf(path: Path, print: Print): Doc {
  const arms: Doc[] = [];
  let last: Doc = '';
  const collect = (p: Path): void => {
    const e = p.node as Extract<Expr, { kind: 'if' }>;
    arms.push(
      group(['if ', p.call(print, 'cond'), ' then', indent([line, p.call(print, 'then')])]),
    );
    if (continuesIf(e, e.else)) p.call(collect, 'else');
    else last = group(['else', indent([line, p.call(print, 'else')])]);
  };
  collect(path);
  return group([join([line, 'else '], arms), line, last]);
}

export function canAttachComment(node: unknown): boolean {
  if (!node || typeof node !== 'object' || isComment(node)) return false;
  return infoOf(node)?.attachable ?? false;
}
