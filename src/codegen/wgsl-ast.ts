// The WGSL syntax tree the code generator builds, and the one printer that writes it as text.
// Codegen edits the tree (hoisted loads inserted into a statement list, loads put at the top of a
// loop body) and prints each module once; nothing reads emitted text back.
//
// Every expression is a node: the IR's (wgsl-expr.ts wgslNode) and those the kernels compose
// themselves (SCR, PART, SC and shf addresses, loop headers, guards). There is no text node: names
// are `id` nodes (test/codegen/wgsl-raw.test.ts checks that each is a WGSL name). Only the fixed
// library functions (Module.library) are text.

import { bindingVar, type KernelBinding } from './wgsl-bindings.js';

export type Expr =
  | { k: 'lit'; ty: 'i32' | 'u32'; v: number }
  | { k: 'lit'; ty: 'f32'; v: number }
  | { k: 'lit'; ty: 'bool'; v: boolean }
  /** An abstract integer (a vector component: `v[2]`). */
  | { k: 'lit'; ty: 'int'; v: number }
  | { k: 'id'; name: string }
  /** `fp`: a float32 product, which wgsl-fma.ts fuses with an add it feeds. */
  | { k: 'bin'; op: string; a: Expr; b: Expr; fp?: true }
  | { k: 'un'; op: '-' | '!' | '&'; a: Expr }
  /** Parentheses as written (the printer adds none of its own). */
  | { k: 'paren'; a: Expr }
  | { k: 'call'; fn: string; args: Expr[] }
  | { k: 'index'; a: Expr; i: Expr }
  | { k: 'member'; a: Expr; name: string };

export type Stmt =
  | { k: 'let'; name: string; ty?: string; init: Expr; comment?: string }
  | { k: 'var'; name: string; ty?: string; init?: Expr }
  /** `lhs = rhs`, or a compound assignment (`+=`, ...). */
  | { k: 'assign'; lhs: Expr; op: string; rhs: Expr }
  | { k: 'incr'; lhs: Expr }
  | { k: 'call'; call: Expr }
  | { k: 'barrier'; kind: 'workgroup' | 'storage' }
  /** `inline`: printed on one line (short guarded stores). */
  | { k: 'if'; cond: Expr; body: Stmt[]; orElse?: Stmt[]; inline?: boolean }
  | { k: 'for'; init: Stmt; cond: Expr; update: Stmt; body: Stmt[]; inline?: boolean }
  | { k: 'loop'; body: Stmt[] }
  | { k: 'block'; body: Stmt[] }
  /** Several statements on one line. */
  | { k: 'seq'; body: Stmt[] }
  | { k: 'return'; value?: Expr }
  | { k: 'break' }
  | { k: 'comment'; text: string };

/** A module-scope declaration. */
export type Decl =
  | { k: 'enable'; name: string }
  | { k: 'struct'; name: string; fields: [string, string][] }
  | { k: 'binding'; b: KernelBinding }
  | { k: 'var'; space: 'workgroup' | 'private'; name: string; ty: string; init?: Expr }
  | { k: 'override'; name: string; ty: string; init: Expr }
  | { k: 'comment'; text: string };

export interface Builtin {
  name: string;
  builtin: string;
  ty: string;
}

/** A compute entry point `main`. */
export interface EntryPoint {
  /** The workgroup size: an override or a literal. */
  workgroupSize: Expr;
  builtins: Builtin[];
  body: Stmt[];
}

export interface Module {
  decls: Decl[];
  entry: EntryPoint;
  /** Library functions after the entry point (fixed WGSL text, by identity: wgsl-library.ts). */
  library: string[];
}

/**
 * A float32 literal. WGSL forbids infinite constants, so infinities, and constants beyond float32
 * (such as the 1e99 weights of CEC compositions, which IEEE conversion rounds to infinity), are
 * made at run time by opt_inf(); min- and max-reductions start there, as on the CPU.
 */
export function wgslFloat(v: number): string {
  if (Number.isNaN(v)) return 'opt_nan()';
  if (v === Infinity || v >= 3.4028235677973366e38) return 'opt_inf()';
  if (v === -Infinity || v <= -3.4028235677973366e38) return '(-opt_inf())';
  if (v !== 0 && Math.abs(v) < 1.1754943508222875e-38) return '0.0f';
  const s = String(v);
  return (/[.eE]/.test(s) ? s : s + '.0') + 'f';
}

// ---- construction

export const i32 = (v: number): Expr => ({ k: 'lit', ty: 'i32', v });
export const u32 = (v: number): Expr => ({ k: 'lit', ty: 'u32', v });
export const f32 = (v: number): Expr => ({ k: 'lit', ty: 'f32', v });
export const int = (v: number): Expr => ({ k: 'lit', ty: 'int', v });
export const member = (a: Expr, name: string): Expr => ({ k: 'member', a, name });
export const id = (name: string): Expr & { k: 'id' } => ({ k: 'id', name });
export const bin = (a: Expr, op: string, b: Expr): Expr => ({ k: 'bin', op, a, b });
export const paren = (a: Expr): Expr => ({ k: 'paren', a });
/** `a + b + ...`, left to right (no parentheses). */
export const add = (...xs: Expr[]): Expr => xs.reduce((a, b) => bin(a, '+', b));
export const mul = (a: Expr, b: Expr): Expr => bin(a, '*', b);
/** A float32 product `a * b` (scalar), marked for wgsl-fma.ts. */
export const fmul = (a: Expr, b: Expr): Expr => ({ k: 'bin', op: '*', a, b, fp: true });
/** A float32 quotient `a / b` (scalar), marked for wgsl-fma.ts. */
export const fdiv = (a: Expr, b: Expr): Expr => ({ k: 'bin', op: '/', a, b, fp: true });
export const call = (fn: string, ...args: Expr[]): Expr => ({ k: 'call', fn, args });
export const index = (a: Expr, i: Expr): Expr => ({ k: 'index', a, i });

export const letS = (name: string, init: Expr, ty?: string, comment?: string): Stmt => {
  const s: Stmt = { k: 'let', name, init };
  if (ty) s.ty = ty;
  if (comment) s.comment = comment;
  return s;
};
export const varS = (name: string, ty?: string, init?: Expr): Stmt => {
  const s: Stmt = { k: 'var', name };
  if (ty) s.ty = ty;
  if (init !== undefined) s.init = init;
  return s;
};
export const assign = (lhs: Expr, rhs: Expr, op = '='): Stmt => ({
  k: 'assign',
  lhs,
  op,
  rhs,
});
export const incr = (lhs: Expr): Stmt => ({ k: 'incr', lhs });
export const callS = (fn: string, ...args: Expr[]): Stmt => ({
  k: 'call',
  call: call(fn, ...args),
});
export const barrier = (kind: 'workgroup' | 'storage' = 'workgroup'): Stmt => ({
  k: 'barrier',
  kind,
});
export const ifS = (cond: Expr, body: Stmt[] = [], inline = false): Stmt & { k: 'if' } => {
  const s: Stmt & { k: 'if' } = { k: 'if', cond, body };
  if (inline) s.inline = true;
  return s;
};
export const forS = (
  init: Stmt,
  cond: Expr,
  update: Stmt,
  body: Stmt[] = [],
  inline = false,
): Stmt & { k: 'for' } => {
  const s: Stmt & { k: 'for' } = { k: 'for', init, cond, update, body };
  if (inline) s.inline = true;
  return s;
};
export const block = (body: Stmt[] = []): Stmt & { k: 'block' } => ({ k: 'block', body });
export const seq = (...body: Stmt[]): Stmt => ({ k: 'seq', body });

// ---- the printer

export function printExpr(e: Expr): string {
  switch (e.k) {
    case 'lit':
      if (e.ty === 'bool') return String(e.v);
      if (e.ty === 'f32') return wgslFloat(e.v);
      if (e.ty === 'int') return String(e.v);
      return `${e.v}${e.ty === 'i32' ? 'i' : 'u'}`;
    case 'id':
      return e.name;
    case 'bin':
      return `${printExpr(e.a)} ${e.op} ${printExpr(e.b)}`;
    case 'un':
      return `${e.op}${printExpr(e.a)}`;
    case 'paren':
      return `(${printExpr(e.a)})`;
    case 'call':
      return `${e.fn}(${e.args.map(printExpr).join(', ')})`;
    case 'index':
      return `${printExpr(e.a)}[${printExpr(e.i)}]`;
    case 'member':
      return `${printExpr(e.a)}.${e.name}`;
  }
}

/** A statement without its `;` (for headers) where it is a simple one. */
function simple(s: Stmt): string {
  switch (s.k) {
    case 'let':
      return `let ${s.name}${s.ty ? `: ${s.ty}` : ''} = ${printExpr(s.init)}`;
    case 'var':
      return `var ${s.name}${s.ty ? `: ${s.ty}` : ''}${s.init ? ` = ${printExpr(s.init)}` : ''}`;
    case 'assign':
      return `${printExpr(s.lhs)} ${s.op} ${printExpr(s.rhs)}`;
    case 'incr':
      return `${printExpr(s.lhs)}++`;
    case 'call':
      return printExpr(s.call);
    case 'barrier':
      return `${s.kind}Barrier()`;
    case 'return':
      return s.value ? `return ${printExpr(s.value)}` : 'return';
    case 'break':
      return 'break';
  }
  throw new Error(`internal: wgsl: a ${s.k} statement in a for header`);
}

/** The statement's lines at indentation `depth` (two spaces a level). */
function printStmt(s: Stmt, depth: number, out: string[]): void {
  const ind = '  '.repeat(depth);
  const nested = (head: string, body: Stmt[], inline?: boolean) => {
    if (inline) {
      out.push(`${ind}${head} { ${body.map(oneLine).join(' ')} }`);
      return;
    }
    out.push(`${ind}${head} {`);
    for (const b of body) printStmt(b, depth + 1, out);
  };
  switch (s.k) {
    case 'if':
      nested(`if (${printExpr(s.cond)})`, s.body, s.inline);
      if (s.inline) return;
      if (s.orElse) {
        out.push(`${ind}} else {`);
        for (const b of s.orElse) printStmt(b, depth + 1, out);
      }
      out.push(`${ind}}`);
      return;
    case 'for':
      nested(
        `for (${simple(s.init)}; ${printExpr(s.cond)}; ${simple(s.update)})`,
        s.body,
        s.inline,
      );
      if (!s.inline) out.push(`${ind}}`);
      return;
    case 'loop':
      nested('loop', s.body);
      out.push(`${ind}}`);
      return;
    case 'block':
      out.push(`${ind}{`);
      for (const b of s.body) printStmt(b, depth + 1, out);
      out.push(`${ind}}`);
      return;
    case 'seq':
      out.push(ind + s.body.map(oneLine).join(' '));
      return;
    default:
      out.push(ind + oneLine(s));
  }
}

/** A statement on one line. */
function oneLine(s: Stmt): string {
  switch (s.k) {
    case 'let':
      return `${simple(s)};${s.comment ? ` // ${s.comment}` : ''}`;
    case 'comment':
      return `// ${s.text}`;
    case 'if':
    case 'for':
    case 'loop':
    case 'block':
    case 'seq': {
      const lines: string[] = [];
      printStmt(s, 0, lines);
      const [line] = lines;
      if (line === undefined || lines.length !== 1)
        throw new Error(`internal: wgsl: a ${s.k} statement inside a one-line statement`);
      return line;
    }
    default:
      return `${simple(s)};`;
  }
}

/** Statements at indentation `depth`, one line each. */
export function printStmts(body: Stmt[], depth: number): string[] {
  const out: string[] = [];
  for (const s of body) printStmt(s, depth, out);
  return out;
}

function printDecl(d: Decl): string {
  switch (d.k) {
    case 'enable':
      return `enable ${d.name};`;
    case 'struct':
      return `struct ${d.name} { ${d.fields.map(([n, t]) => `${n}: ${t}`).join(', ')} }`;
    case 'binding':
      return `@group(0) @binding(${d.b.binding}) var<${d.b.space}> ${bindingVar(d.b)}: ${d.b.type};`;
    case 'var':
      return `var<${d.space}> ${d.name}: ${d.ty}${d.init ? ` = ${printExpr(d.init)}` : ''};`;
    case 'override':
      return `override ${d.name}: ${d.ty} = ${printExpr(d.init)};`;
    case 'comment':
      return `// ${d.text}`;
  }
}

/**
 * The module's text: declarations, the entry point (its expressions no deeper than
 * MAX_EXPR_HEIGHT, `boundHeight`), the library functions.
 */
export function printModule(m: Module): string {
  const args = m.entry.builtins.map((b) => `@builtin(${b.builtin}) ${b.name}: ${b.ty}`);
  return (
    m.decls.map((d) => printDecl(d) + '\n').join('') +
    `\n@compute @workgroup_size(${printExpr(m.entry.workgroupSize)})\n` +
    `fn main(${args.join(', ')}) {\n` +
    printStmts(boundHeight(m.entry.body), 1).join('\n') +
    '\n}\n' +
    m.library.join('')
  );
}

/** `x` rewritten bottom-up: `f` gets each node with its operands already rewritten. */
export function mapExpr(x: Expr, f: (x: Expr) => Expr): Expr {
  const e = (y: Expr) => mapExpr(y, f);
  switch (x.k) {
    case 'lit':
    case 'id':
      return f(x);
    case 'bin':
      return f({ ...x, a: e(x.a), b: e(x.b) });
    case 'un':
    case 'paren':
    case 'member':
      return f({ ...x, a: e(x.a) });
    case 'call':
      return f({ ...x, args: x.args.map(e) });
    case 'index':
      return f({ ...x, a: e(x.a), i: e(x.i) });
  }
}

/**
 * `stmts` with every expression rewritten bottom-up: `f` gets each node with its operands already
 * rewritten and returns its replacement (or the node itself).
 */
export function mapExprs(stmts: Stmt[], f: (x: Expr) => Expr): Stmt[] {
  const e = (x: Expr): Expr => mapExpr(x, f);
  const st = (x: Stmt): Stmt => {
    switch (x.k) {
      case 'let':
        return { ...x, init: e(x.init) };
      case 'var':
        return x.init ? { ...x, init: e(x.init) } : x;
      case 'assign':
        return { ...x, lhs: e(x.lhs), rhs: e(x.rhs) };
      case 'incr':
        return { ...x, lhs: e(x.lhs) };
      case 'call':
        return { ...x, call: e(x.call) };
      case 'if':
        return {
          ...x,
          cond: e(x.cond),
          body: x.body.map(st),
          ...(x.orElse ? { orElse: x.orElse.map(st) } : {}),
        };
      case 'for':
        return {
          ...x,
          init: st(x.init),
          cond: e(x.cond),
          update: st(x.update),
          body: x.body.map(st),
        };
      case 'loop':
      case 'block':
      case 'seq':
        return { ...x, body: x.body.map(st) };
      case 'return':
        return x.value ? { ...x, value: e(x.value) } : x;
      case 'barrier':
      case 'break':
      case 'comment':
        return x;
    }
  };
  return stmts.map(st);
}

/** Calls `f` on every statement of `stmts`, nested ones (bodies, branches, loop headers) included. */
export function forEachStmt(stmts: Stmt[], f: (s: Stmt) => void): void {
  for (const s of stmts) {
    f(s);
    switch (s.k) {
      case 'if':
        forEachStmt(s.body, f);
        if (s.orElse) forEachStmt(s.orElse, f);
        break;
      case 'for':
        forEachStmt([s.init, s.update, ...s.body], f);
        break;
      case 'loop':
      case 'block':
      case 'seq':
        forEachStmt(s.body, f);
        break;
      default:
    }
  }
}

/** `stmts` with every use of the name `from` renamed `to` (a kernel's parameters: P to Q). */
export function renameId(stmts: Stmt[], from: string, to: string): Stmt[] {
  return mapExprs(stmts, (x) => (x.k === 'id' && x.name === from ? id(to) : x));
}

/** Whether some call in `stmts` is of a function that `pred` accepts. */
export function someCall(stmts: Stmt[], pred: (fn: string) => boolean): boolean {
  const e = (x: Expr): boolean => {
    switch (x.k) {
      case 'lit':
      case 'id':
        return false;
      case 'bin':
        return e(x.a) || e(x.b);
      case 'un':
      case 'paren':
      case 'member':
        return e(x.a);
      case 'call':
        return pred(x.fn) || x.args.some(e);
      case 'index':
        return e(x.a) || e(x.i);
    }
  };
  const st = (x: Stmt): boolean => {
    switch (x.k) {
      case 'let':
        return e(x.init);
      case 'var':
        return x.init !== undefined && e(x.init);
      case 'assign':
        return e(x.lhs) || e(x.rhs);
      case 'incr':
        return e(x.lhs);
      case 'call':
        return e(x.call);
      case 'if':
        return e(x.cond) || x.body.some(st) || (x.orElse ?? []).some(st);
      case 'for':
        return st(x.init) || e(x.cond) || st(x.update) || x.body.some(st);
      case 'loop':
      case 'block':
      case 'seq':
        return x.body.some(st);
      case 'return':
        return x.value !== undefined && e(x.value);
      case 'barrier':
      case 'break':
      case 'comment':
        return false;
    }
  };
  return stmts.some(st);
}

/**
 * The deepest expression a statement keeps: nodes on a path from the root, parentheses, calls and
 * unary operators counted like binary ones. Tint refuses a parse nesting of about 127
 * (parentheses, calls, unary operators) and an expression of depth 512 (issue 34: a 200-term sum
 * was `((((a + b) + c) + ...)`); none of the corpus's kernels comes near (test/codegen/golden).
 */
export const MAX_EXPR_HEIGHT = 96;
/** The prefix of the lets that `boundHeight` introduces (no generator uses it). */
const PART = 'part_';

/**
 * `stmts` with every expression deeper than MAX_EXPR_HEIGHT cut into lets of at most that
 * depth, each declared just before the statement that uses it (a long left-nested chain becomes
 * `let part_0 = ((a + b) + ...); let part_1 = ((part_0 + c) + ...); ... part_k + z`). A let only
 * names a value, so every operation is the same, in the same order: float32 results do not change.
 * Expressions of a loop header (its condition and update, evaluated at every iteration) and places
 * (an assignment's left side, the array of an index, a member's base, `&x`) are not cut.
 */
export function boundHeight(stmts: Stmt[]): Stmt[] {
  let counter = 0;
  const fresh = () => `${PART}${counter++}`;
  const list = (body: Stmt[]): Stmt[] => {
    const out: Stmt[] = [];
    for (const s of body) out.push(...stmt(s));
    return out;
  };
  // The statements that compute `s`'s parts, then `s` with them.
  const stmt = (s: Stmt): Stmt[] => {
    const lets: Stmt[] = [];
    const cut = (x: Expr): Expr => cutExpr(x, lets, fresh).e;
    let r: Stmt;
    switch (s.k) {
      case 'let':
        r = { ...s, init: cut(s.init) };
        break;
      case 'var':
        r = s.init ? { ...s, init: cut(s.init) } : s;
        break;
      case 'assign':
        r = { ...s, rhs: cut(s.rhs) };
        break;
      case 'call':
        r = { ...s, call: cut(s.call) };
        break;
      case 'return':
        r = s.value ? { ...s, value: cut(s.value) } : s;
        break;
      case 'if':
        r = {
          ...s,
          cond: cut(s.cond),
          body: list(s.body),
          ...(s.orElse ? { orElse: list(s.orElse) } : {}),
        };
        break;
      case 'for':
        r = { ...s, body: list(s.body) };
        break;
      case 'loop':
      case 'block':
        r = { ...s, body: list(s.body) };
        break;
      case 'seq': {
        const body = list(s.body);
        return [body.length === s.body.length ? s : { ...s, body }];
      }
      default:
        r = s;
    }
    return lets.length ? [...lets, r] : [r];
  };
  return list(stmts);
}

/** `x` with its parts deeper than MAX_EXPR_HEIGHT moved into `lets`; its height after. */
function cutExpr(x: Expr, lets: Stmt[], fresh: () => string): { e: Expr; h: number } {
  // A value position: the subexpression may become a let.
  const value = (c: Expr): { e: Expr; h: number } => {
    const r = cutExpr(c, lets, fresh);
    return r;
  };
  // Children first; then, while this node is too deep, its deepest value child becomes a let.
  let kids: { e: Expr; h: number; hoist: boolean }[];
  switch (x.k) {
    case 'lit':
    case 'id':
      return { e: x, h: 1 };
    case 'bin':
      kids = [
        { ...value(x.a), hoist: true },
        { ...value(x.b), hoist: true },
      ];
      break;
    case 'un':
      kids = [{ ...value(x.a), hoist: x.op !== '&' }];
      break;
    case 'paren':
      kids = [{ ...value(x.a), hoist: true }];
      break;
    case 'call':
      kids = x.args.map((a) => ({ ...value(a), hoist: true }));
      break;
    case 'index':
      kids = [
        { ...value(x.a), hoist: false },
        { ...value(x.i), hoist: true },
      ];
      break;
    case 'member':
      kids = [{ ...value(x.a), hoist: false }];
      break;
  }
  const height = () => 1 + Math.max(...kids.map((k) => k.h));
  while (height() > MAX_EXPR_HEIGHT) {
    let deepest = -1;
    kids.forEach((k, n) => {
      if (k.hoist && k.h > 1 && (deepest < 0 || k.h > kids[deepest]!.h)) deepest = n;
    });
    if (deepest < 0) break; // only places are deep: left as they are
    const k = kids[deepest]!;
    const name = fresh();
    lets.push(letS(name, k.e));
    kids[deepest] = { e: id(name), h: 1, hoist: false };
  }
  const es = kids.map((k) => k.e);
  let e: Expr;
  switch (x.k) {
    case 'bin':
      e = { ...x, a: es[0]!, b: es[1]! };
      break;
    case 'un':
    case 'paren':
    case 'member':
      e = { ...x, a: es[0]! };
      break;
    case 'call':
      e = { ...x, args: es };
      break;
    case 'index':
      e = { ...x, a: es[0]!, i: es[1]! };
      break;
  }
  return { e, h: height() };
}
