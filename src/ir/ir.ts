// The IR: array dataflow for one problem specialised to a dimension (see ARCHITECTURE.md).
//
// A function maps an input vector x[len] (one individual) to a scalar through bindings:
//   vec    name[idx < len] = body           a per-individual vector (a map, possibly with gathers)
//   scan   name[idx < len] = body           inclusive (or exclusive) prefix sum of body over idx
//   scalar name = body                      a per-individual scalar
// Expressions are trees; reductions (`red`) are expressions over a bound index. Every expression
// node has a type: 'i' (integer), 'f' (real: float64 on the CPU, float32 on the GPU) or 'b'.
// The printed form is an S-expression (print.ts) that parses back (parse.ts), so passes are
// tested text-in, text-out.

import { REDUCE_OPS, type ReduceOp } from '../parser/ast.js';

export type Ty = 'i' | 'f' | 'b';
/**
 * The reductions of the IR: the language's (parser/ast.ts REDUCE_OPS), and those passes make:
 * `por` (a (+) b = a + b - a b, the "probabilistic or": 1 - prod (1 - a_i) without the
 * cancellation of 1 - prod near 0; passes/cosine.ts) and a float-float sum (passes/turns.ts), whose
 * body is (call ff.pair h l), a pair, and whose terms are added as pairs (ir/builtins.ts ffAdd):
 * `ffsum.h` is the sum's hi part, `ffsum.l` its lo part (the same loop: each computes it, and the
 * WGSL of a vector pair computes it once). An ffsum is never split across lanes.
 */
export type RedOp = ReduceOp | 'por' | 'ffsum.h' | 'ffsum.l';
export const RED_OPS: readonly RedOp[] = [...REDUCE_OPS, 'por', 'ffsum.h', 'ffsum.l'];

/** The hi and lo parts of the term of an ffsum reduction (its body, (call ff.pair h l)). */
export function ffTerm(body: IExpr): [IExpr, IExpr] {
  if (body.k !== 'call' || body.fn !== 'ff.pair' || body.args.length !== 2)
    throw new Error('internal: the body of an ffsum reduction is (call ff.pair h l)');
  return [body.args[0]!, body.args[1]!];
}
export const isFfSum = (op: RedOp): op is 'ffsum.h' | 'ffsum.l' =>
  op === 'ffsum.h' || op === 'ffsum.l';

export type BinOp =
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | 'pow'
  | 'idiv'
  | '<'
  | '<='
  | '>'
  | '>='
  | '=='
  | '!='
  | 'and'
  | 'or'
  | 'min'
  | 'max'
  | 'atan2';
export type UnOp = 'neg' | 'not';

export type IExpr =
  | { k: 'num'; t: 'f'; v: number }
  | { k: 'int'; t: 'i'; v: number }
  | { k: 'idx'; t: 'i'; name: string }
  | { k: 'read'; t: 'f'; arr: string; idx: IExpr[] }
  | { k: 'sref'; t: Ty; name: string }
  | { k: 'vref'; t: 'f'; name: string; len: number } // a whole vector: only as a problem-call argument
  | { k: 'un'; t: Ty; op: UnOp; a: IExpr }
  | { k: 'bin'; t: Ty; op: BinOp; a: IExpr; b: IExpr }
  | { k: 'call'; t: Ty; fn: string; args: IExpr[] }
  | { k: 'sel'; t: Ty; c: IExpr; a: IExpr; b: IExpr }
  | { k: 'red'; t: Ty; op: RedOp; idx: string; lo: IExpr; hi: IExpr; cond?: IExpr; body: IExpr }
  | { k: 'callp'; t: 'f'; fn: string; args: IExpr[] }
  | { k: 'draw'; t: Ty; dist: DrawDist; site: number; args: IExpr[] };

/**
 * Random draws of the algorithms (src/runtime/draws.ts), keyed by (seed, site, generation,
 * individual, dimension); the generation is the kernel's. Arguments:
 *   u        (individual dimension)                       uniform in [0, 1)
 *   n        (individual dimension)                       standard normal
 *   int      (individual dimension n)                     integer in [0, n)
 *   distinct (individual count n except which)            value `which` of `count` distinct
 *                                                         integers in [0, n) other than `except`
 */
export type DrawDist = 'u' | 'n' | 'int' | 'distinct';
export const drawTy = (d: DrawDist): Ty => (d === 'u' || d === 'n' ? 'f' : 'i');

export type Binding =
  | { k: 'vec'; name: string; idx: string; len: number; body: IExpr }
  | { k: 'scan'; name: string; idx: string; len: number; body: IExpr; exclusive: boolean }
  | { k: 'scalar'; name: string; t: Ty; body: IExpr };

export interface IrFunc {
  name: string;
  input: string;
  len: number;
  bindings: Binding[];
  result: IExpr;
  /** A step of an algorithm (src/elaborate/algorithm.ts): the function runs once per individual `idx` < n. */
  domain?: { idx: string; n: number };
  /** A step's effects, after its bindings: state arrays written at a row (and columns). */
  writes?: Write[];
}

/** `arr[row] = body`, or with `col`: `arr[row][col.idx] = body` for col.idx < col.len. */
export interface Write {
  arr: string;
  row: IExpr;
  col?: { idx: string; len: number };
  body: IExpr;
}

/**
 * An algorithm's state array (a population, its fitness, per-individual or global state): `rows`
 * rows of `cols` columns, read as (read A row col); cols = 0 for one value a row, read as
 * (read A row).
 */
export interface StateArray {
  name: string;
  rows: number;
  cols: number;
  /**
   * Stored as float-float on the GPU (passes/twofloat.ts): the name of the state array of the same
   * shape that holds the low parts, the value being this array's element plus that one's.
   */
  lo?: string;
}

export type DataDef =
  | { k: 'uniform'; lo: number; hi: number; seed: number }
  | { k: 'normal'; mu: number; sigma: number; seed: number }
  | { k: 'perm'; seed: number }
  // The CEC 2010 large-scale generators on java.util.Random (src/rng/jrandom.ts): `from` is
  // the generator's initial 48-bit state (a number), or the name of an earlier jrandom data whose
  // stream this one continues (the state its draws left, the cached Gaussian included).
  | { k: 'jshift'; lo: number; hi: number; from: number | string }
  | { k: 'jperm'; from: number | string }
  | { k: 'jrot'; from: number | string }
  // Numbers of a file (ir/datafiles.ts): element [r][c] is number offset + r row + c. `header`: the
  // first non-blank line is not read (a table's header); `nonfinite`: NaN and infinities are read.
  | { k: 'file'; path: string; offset: number; row: number; header?: true; nonfinite?: true }
  | { k: 'expr'; idx: string[]; body: IExpr }
  // What float32 loses of data `of`: of - fround(of), element by element (passes/residual.ts).
  | { k: 'residual'; of: string }
  // The float32 nearest `of` on the inside of a box: the smallest float32 >= of (dir 1: a lower
  // bound) or the largest <= of (dir -1: an upper bound), element by element (ir/float32.ts). An
  // algorithm's box per coordinate reads these (elaborate/algorithm.ts), so that a point clipped
  // to it lies in the declared box on the GPU too.
  | { k: 'inward'; of: string; dir: 1 | -1 };

export interface IrData {
  name: string;
  shape: number[];
  def: DataDef;
}

export type OptimumPoint = { k: 'const'; v: number } | { k: 'data'; name: string } | null;

/** How the kernels are laid out: see passes/schedule.ts. */
export type Stage =
  | { k: 'reduce'; outs: string[] } // scalars computed by one fused loop
  | { k: 'scan'; scan: string; outs: string[] } // a scan fused with the reductions that consume it
  // a materialised vector; `tile`: computed as a tiled matrix product by the whole workgroup, each
  // lane taking four rows of `tile` individuals (schedule/schedule.ts, tiledProducts)
  | { k: 'vec'; name: string; tile?: number }
  | { k: 'scalar'; name: string }; // a scalar computed from other scalars

export type Regime =
  | { k: 'team'; team: number; wg: number } // `team` lanes per individual, wg/team individuals per workgroup
  | { k: 'split'; wg: number; chunk: number; groups: number }; // `groups` workgroups per individual

export interface Schedule {
  regime: Regime;
  stages: Stage[];
  kernels: number;
}

export interface IrProgram {
  name: string;
  dim: number;
  /**
   * The box: one interval for every coordinate, or, where `coords` names a data vector for a side,
   * the smallest interval holding every coordinate's (the envelope: [min_j lo_j, max_j hi_j]).
   */
  box: [number, number];
  /**
   * A box per coordinate (`in [L, U]` with data vectors): the data vector of length dim that holds
   * each side's bounds, or null for a side that is box's number at every coordinate.
   */
  coords?: [string | null, string | null];
  /** The box is where a search starts, not a constraint (`in [lo, hi] unconstrained`). */
  unconstrained?: boolean;
  optimum: number;
  at: OptimumPoint;
  direction: 'minimize' | 'maximize';
  /**
   * A constant the host adds in float64 (passes/bias.ts): the program's value is main's result
   * plus `bias`. Absent (0) until the `bias` pass.
   */
  bias?: number;
  data: IrData[];
  funcs: IrFunc[]; // callees, specialised to their lengths; empty after inlining
  main: IrFunc;
  schedule?: Schedule;
  /** The algorithm state a step reads and writes (read as (read A row [col])). */
  state?: StateArray[];
}

/**
 * A program after the schedule pass, the last of the pipeline (src/compile/pipeline.ts): its
 * callees are inlined and its schedule is present. Plans and code generators take this type, so
 * an unscheduled program is a type error rather than a run-time check in each of them.
 */
export type ScheduledProgram = IrProgram & { funcs: []; schedule: Schedule };

/**
 * `p` as a scheduled program, checked: for a program that comes back as text (parseProgram of a
 * printed scheduled program). Throws an internal error when it has no schedule or still has
 * functions.
 */
export function asScheduled(p: IrProgram): ScheduledProgram {
  const { schedule, funcs } = p;
  if (!schedule)
    throw new Error(`internal: ${p.name} has no schedule (schedule the program first)`);
  if (funcs.length) throw new Error(`internal: ${p.name} is scheduled but still has functions`);
  return { ...p, funcs: [], schedule };
}

/**
 * `arr[i]` where `i` is known to be in range by an invariant of the caller (`what` says which):
 * an internal error naming it instead of an `undefined` that fails later.
 */
export function at<T>(arr: ArrayLike<T>, i: number, what: string): T {
  const v = arr[i];
  if (v === undefined) throw new Error(`internal: ${what}: no element ${i} of ${arr.length}`);
  return v;
}

// ---- constructors -------------------------------------------------------------------------

export const num = (v: number): IExpr => ({ k: 'num', t: 'f', v });
export const int = (v: number): IExpr => ({ k: 'int', t: 'i', v });
export const idx = (name: string): IExpr => ({ k: 'idx', t: 'i', name });

export function binTy(op: BinOp, a: IExpr, b: IExpr): Ty {
  if (['<', '<=', '>', '>=', '==', '!=', 'and', 'or'].includes(op)) return 'b';
  if (op === 'idiv') return 'i';
  if (
    (op === '+' || op === '-' || op === '*' || op === '%' || op === 'min' || op === 'max') &&
    a.t === 'i' &&
    b.t === 'i'
  )
    return 'i';
  return 'f';
}

export const bin = (op: BinOp, a: IExpr, b: IExpr): IExpr => ({
  k: 'bin',
  t: binTy(op, a, b),
  op,
  a,
  b,
});

export function redTy(op: RedOp, body: IExpr): Ty {
  if (op === 'count' || op === 'argmin' || op === 'argmax') return 'i';
  if ((op === 'sum' || op === 'prod' || op === 'min' || op === 'max') && body.t === 'i') return 'i';
  return 'f';
}

// ---- traversal ----------------------------------------------------------------------------

export function children(e: IExpr): IExpr[] {
  switch (e.k) {
    case 'num':
    case 'int':
    case 'idx':
    case 'sref':
    case 'vref':
      return [];
    case 'read':
      return e.idx;
    case 'un':
      return [e.a];
    case 'bin':
      return [e.a, e.b];
    case 'call':
    case 'callp':
    case 'draw':
      return e.args;
    case 'sel':
      return [e.c, e.a, e.b];
    case 'red':
      return e.cond ? [e.lo, e.hi, e.cond, e.body] : [e.lo, e.hi, e.body];
  }
}

/** Rebuild `e` with each child mapped by f (bottom-up helpers build on this). */
export function mapChildren(e: IExpr, f: (c: IExpr) => IExpr): IExpr {
  switch (e.k) {
    case 'num':
    case 'int':
    case 'idx':
    case 'sref':
    case 'vref':
      return e;
    case 'read':
      return { ...e, idx: e.idx.map(f) };
    case 'un':
      return { ...e, a: f(e.a) };
    case 'bin':
      return { ...e, a: f(e.a), b: f(e.b) };
    case 'call':
      return { ...e, args: e.args.map(f) };
    case 'callp':
      return { ...e, args: e.args.map(f) };
    case 'draw':
      return { ...e, args: e.args.map(f) };
    case 'sel':
      return { ...e, c: f(e.c), a: f(e.a), b: f(e.b) };
    case 'red':
      return { ...e, lo: f(e.lo), hi: f(e.hi), cond: e.cond && f(e.cond), body: f(e.body) };
  }
}

export function transform(e: IExpr, post: (e: IExpr) => IExpr): IExpr {
  return post(mapChildren(e, (c) => transform(c, post)));
}

export function some(e: IExpr, pred: (e: IExpr) => boolean): boolean {
  if (pred(e)) return true;
  return children(e).some((c) => some(c, pred));
}

export function forEachNode(e: IExpr, f: (e: IExpr) => void): void {
  f(e);
  for (const c of children(e)) forEachNode(c, f);
}

/** Substitute index variable `name` by `by` (respecting shadowing by inner reductions). */
export function substIdx(e: IExpr, name: string, by: IExpr): IExpr {
  if (e.k === 'idx') return e.name === name ? by : e;
  if (e.k === 'red' && e.idx === name)
    return { ...e, lo: substIdx(e.lo, name, by), hi: substIdx(e.hi, name, by) };
  return mapChildren(e, (c) => substIdx(c, name, by));
}

export function freeIdx(
  e: IExpr,
  bound: Set<string> = new Set(),
  out: Set<string> = new Set(),
): Set<string> {
  if (e.k === 'idx') {
    if (!bound.has(e.name)) out.add(e.name);
    return out;
  }
  if (e.k === 'red') {
    freeIdx(e.lo, bound, out);
    freeIdx(e.hi, bound, out);
    const inner = new Set(bound).add(e.idx);
    if (e.cond) freeIdx(e.cond, inner, out);
    freeIdx(e.body, inner, out);
    return out;
  }
  for (const c of children(e)) freeIdx(c, bound, out);
  return out;
}

/** Names of arrays read and scalars referenced. */
export function refs(e: IExpr): { arrays: Set<string>; scalars: Set<string> } {
  const arrays = new Set<string>();
  const scalars = new Set<string>();
  forEachNode(e, (n) => {
    if (n.k === 'read' || n.k === 'vref') arrays.add(n.k === 'read' ? n.arr : n.name);
    if (n.k === 'sref') scalars.add(n.name);
  });
  return { arrays, scalars };
}

/** `f` with every expression mapped: binding bodies, the result, and its writes' rows and bodies. */
export function mapFunc(f: IrFunc, m: (e: IExpr) => IExpr): IrFunc {
  return {
    ...f,
    bindings: f.bindings.map((b) => ({ ...b, body: m(b.body) })),
    result: m(f.result),
    ...mapWrites(f, m),
  };
}

/** `f` with every expression of its writes mapped (rows and bodies). */
export function mapWrites(f: IrFunc, m: (e: IExpr) => IExpr): Pick<IrFunc, 'writes'> {
  return f.writes
    ? { writes: f.writes.map((w) => ({ ...w, row: m(w.row), body: m(w.body) })) }
    : {};
}

export function exprEqual(a: IExpr, b: IExpr): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * `h` and `l` are the hi and lo parts of one float-float sum over the same elements (the vectors
 * V~h and V~l of passes/turns.ts): the same body, ops ffsum.h and ffsum.l.
 */
export function ffSumPair(
  h: Binding,
  l: Binding | undefined,
): l is Binding & { k: 'vec'; body: IExpr & { k: 'red' } } {
  return (
    h.k === 'vec' &&
    l?.k === 'vec' &&
    h.idx === l.idx &&
    h.len === l.len &&
    h.body.k === 'red' &&
    h.body.op === 'ffsum.h' &&
    l.body.k === 'red' &&
    l.body.op === 'ffsum.l' &&
    exprEqual({ ...h.body, op: 'ffsum.l' }, l.body)
  );
}

/** `p` with `fn` applied to each of its functions (main and funcs); `p` itself where none changed. */
export function mapProgramFuncs(p: IrProgram, fn: (f: IrFunc) => IrFunc): IrProgram {
  const main = fn(p.main);
  const funcs = p.funcs.map(fn);
  if (main === p.main && funcs.every((f, k) => f === p.funcs[k])) return p;
  return { ...p, main, funcs };
}

export function bindingBody(b: Binding): IExpr {
  return b.body;
}

export function cloneProgram(p: IrProgram): IrProgram {
  return structuredClone(p);
}

/**
 * `p` with its data arrays renamed by `to` (a name it lacks is kept): their declarations and
 * every read of them, in computed data, the functions, the optimum point and the box. An
 * algorithm's program holds its problem's data beside its own state arrays, in one namespace:
 * a problem's `data X` is renamed there rather than read as the population X.
 */
export function renameData(p: IrProgram, to: ReadonlyMap<string, string>): IrProgram {
  const n = (s: string) => to.get(s) ?? s;
  const m = (e: IExpr) =>
    transform(e, (x) =>
      x.k === 'read' && to.has(x.arr)
        ? { ...x, arr: n(x.arr) }
        : x.k === 'vref' && to.has(x.name)
          ? { ...x, name: n(x.name) }
          : x,
    );
  const def = (d: DataDef): DataDef =>
    d.k === 'expr'
      ? { ...d, body: m(d.body) }
      : d.k === 'residual' || d.k === 'inward'
        ? { ...d, of: n(d.of) }
        : (d.k === 'jshift' || d.k === 'jperm' || d.k === 'jrot') && typeof d.from === 'string'
          ? { ...d, from: n(d.from) }
          : d;
  return {
    ...p,
    data: p.data.map((d) => ({ ...d, name: n(d.name), def: def(d.def) })),
    funcs: p.funcs.map((f) => mapFunc(f, m)),
    main: mapFunc(p.main, m),
    at: p.at?.k === 'data' ? { k: 'data', name: n(p.at.name) } : p.at,
    ...(p.coords
      ? {
          coords: p.coords.map((c) => (c === null ? null : n(c))) as [string | null, string | null],
        }
      : {}),
  };
}
