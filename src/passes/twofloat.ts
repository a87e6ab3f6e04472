// The `twofloat` pass: a population stored as float-float on the GPU.
//
// A float32 coordinate near a CEC optimum o (|o| up to 100) is one of the points fround spaces
// 3.8e-6 to 7.6e-6 apart: the nearest of them to o has an error of 1.5e-5 on CEC 2017 F1 at
// D = 10 (z^2 weighted by 1e6), so no float32 population can get within the field's 1e-8. The
// fix is in the storage, not in the problem: each coordinate is kept as two float32s, hi + lo
// (about 48 bits, "float-float", Dekker 1971), and the algorithm's arithmetic on coordinates is
// done on the pairs, so that x_r0 + F (x_r1 - x_r2) keeps the position to 2^-48 while the
// perturbation is computed to float32's relative precision (which is all it needs: it is small).
//
// Which arrays are float-float is decided by compile/algorithm.ts (`twoFloatArrays`): the
// populations, and every state array written from a float-float value, to a fixed point. The
// program lists them as (state X rows cols (lo X.lo)), X.lo holding the low parts. This pass then
// types every expression of a step as a pair (hi, lo) or a plain float32, from the reads of those
// arrays upwards:
//
//   pairs through   + - (neg) and * or / by a plain value, min, max, abs, clamp, sel, and
//                   sum and mean reductions (the hi parts and the lo parts summed apart: the sum
//                   of n pairs is good to about n float32 roundings of the hi sum, not to 2^-48)
//   compared        < <= > >= == != lexicographically (hi, then lo): exactly
//   plain           a pair minus (or from) a number or a data element: the problem's shift x - o,
//                   which is small near the optimum, (x.hi - o) + x.lo, exact by Sterbenz's lemma
//                   where x and o are close (the `residual` pass's o.lo then completes it)
//   plain (the hi)  anywhere else: a product of two pairs, a function (cos, sqrt...), a reduction
//                   other than a sum, a scan, an index, the problem's value
//
// The pair operations are internal builtins (ir/builtins.ts, INTERNAL_BUILTINS) whose WGSL helpers
// use the error-free transformations: Knuth's two-sum for + and -, Dekker's product for * and /,
// each kept from the shader compiler's algebra (see codegen/wgsl-library.ts TWO_FLOAT_WGSL); runtime/two-float-check.ts
// checks them on the device before a float-float run. Each builtin returns one part of the result
// (`ff.add.h` and `ff.add.l`); the shader compiler computes the shared work once.
//
// Only the GPU needs this (the CPU backend holds the population in float64), so the pass runs
// after `residual`. A program without float-float arrays is returned unchanged.

import { builtinOf } from '../ir/builtins.js';
import {
  freeIdx,
  type Binding,
  type IExpr,
  type IrFunc,
  type IrProgram,
  type StateArray,
  type Write,
} from '../ir/ir.js';

/** A float-float value: hi + lo, two float32 expressions. */
interface Pair {
  h: IExpr;
  l: IExpr;
}
type Val = IExpr | Pair;

const isPair = (v: Val): v is Pair => !('k' in v);
const F = (v: number): IExpr => ({ k: 'num', t: 'f', v });
const ZERO = F(0);
const neg = (a: IExpr): IExpr => ({ k: 'un', t: 'f', op: 'neg', a });
const bin = (op: '+' | '-' | '*', a: IExpr, b: IExpr): IExpr => ({ k: 'bin', t: 'f', op, a, b });
const cmp = (op: '<' | '<=' | '==', a: IExpr, b: IExpr): IExpr => ({ k: 'bin', t: 'b', op, a, b });
const and = (a: IExpr, b: IExpr): IExpr => ({ k: 'bin', t: 'b', op: 'and', a, b });
const or = (a: IExpr, b: IExpr): IExpr => ({ k: 'bin', t: 'b', op: 'or', a, b });
const not = (a: IExpr): IExpr => ({ k: 'un', t: 'b', op: 'not', a });
const sel = (c: IExpr, a: IExpr, b: IExpr): IExpr => ({ k: 'sel', t: 'f', c, a, b });
const call = (fn: string, args: IExpr[]): IExpr => ({ k: 'call', t: 'f', fn, args });

/** A pair operation: both parts of `ff.<op>` over the arguments. */
type PairOp = 'add' | 'mul' | 'div' | 'min' | 'max';
const op2 = (op: PairOp, args: IExpr[]): Pair => ({
  h: call(`ff.${op}.h`, args),
  l: call(`ff.${op}.l`, args),
});
const pairOf = (v: Val): Pair => (isPair(v) ? v : { h: v, l: ZERO });
/** A value as one float32: the hi part (the pair operations keep it the rounded sum). */
const plain = (v: Val): IExpr => (isPair(v) ? v.h : v);
const negP = (p: Pair): Pair => ({ h: neg(p.h), l: neg(p.l) });
const selP = (c: IExpr, a: Pair, b: Pair): Pair => ({ h: sel(c, a.h, b.h), l: sel(c, a.l, b.l) });
/** a < b (or <= when `orEqual`), exactly: on the hi parts, then on the lo parts. */
const lessP = (a: Pair, b: Pair, orEqual: boolean): IExpr =>
  or(cmp('<', a.h, b.h), and(cmp('==', a.h, b.h), cmp(orEqual ? '<=' : '<', a.l, b.l)));

/** The low-part array of float-float state array `name` (compile/algorithm.ts withTwoFloat). */
export const lowPart = (name: string) => `${name}.lo`;

/** The name a low part of `name` takes: name.lo, or name.lo2... where that is taken. */
function loName(name: string, used: Set<string>): string {
  let n = lowPart(name);
  for (let k = 2; used.has(n); k++) n = `${name}.lo${k}`;
  used.add(n);
  return n;
}

/**
 * Lowers one function: `arrays` maps each float-float state array to its low-part array, `data`
 * names the data arrays (a pair minus data is the shift, made plain), `names` the program's other
 * arrays (the state), which new bindings must not take. Returns the function and the state arrays
 * its writes give a pair (whether or not they are float-float yet).
 */
export function twoFloatFunc(
  f: IrFunc,
  arrays: ReadonlyMap<string, string>,
  data: ReadonlySet<string>,
  names: Iterable<string> = [],
): { func: IrFunc; pairWrites: Set<string> } {
  const used = new Set<string>([
    f.input,
    ...f.bindings.map((b) => b.name),
    ...arrays.keys(),
    ...arrays.values(),
    ...data,
    ...names,
  ]);
  const vecLo = new Map<string, string>(); // vectors (and scans) of pairs: hi name -> lo name
  const scalarLo = new Map<string, string>();
  const fixed = (e: IExpr) => e.k === 'num' || (e.k === 'read' && data.has(e.arr));

  // Each pair operation reads both parts of its operands, so a tree of them written out as two
  // expressions doubles at every level (BLX-alpha's nested min, max and abs in MA-SW-Chains made
  // megabytes of WGSL). So the pair each operation makes is bound to two bindings of its own (a
  // vector over the element being computed, or scalars) where its indices allow, and read from
  // them: the `fuse` pass puts the small ones back into their readers and keeps the large ones
  // (passes/fuse.ts, FUSE_MAX_NODES), so the code grows linearly.
  let pending: Binding[] = [];
  /** Where the expression being lowered is: a vector's element, a scalar, or unknown (no sharing). */
  let scope: { idx: string; len: number } | 'scalar' | undefined;
  const top = new Set(f.domain ? [f.domain.idx] : []);
  let counter = 0;
  const fresh = () => {
    let n: string;
    do n = `ff${counter++}`;
    while (used.has(n) || used.has(`${n}.lo`));
    used.add(n);
    used.add(`${n}.lo`);
    return n;
  };
  const share = (p: Pair): Pair => {
    if (scope === undefined) return p;
    const allowed = new Set(top);
    if (scope !== 'scalar') allowed.add(scope.idx);
    if ([...freeIdx(p.h), ...freeIdx(p.l)].some((i) => !allowed.has(i))) return p;
    const name = fresh();
    const lo = `${name}.lo`;
    if (scope === 'scalar') {
      pending.push(
        { k: 'scalar', name, t: 'f', body: p.h },
        { k: 'scalar', name: lo, t: 'f', body: p.l },
      );
      return { h: { k: 'sref', t: 'f', name }, l: { k: 'sref', t: 'f', name: lo } };
    }
    const { idx, len } = scope;
    pending.push(
      { k: 'vec', name, idx, len, body: p.h },
      { k: 'vec', name: lo, idx, len, body: p.l },
    );
    const at = (arr: string): IExpr => ({
      k: 'read',
      t: 'f',
      arr,
      idx: [{ k: 'idx', t: 'i', name: idx }],
    });
    return { h: at(name), l: at(lo) };
  };
  const op = (o: PairOp, args: IExpr[]): Pair => share(op2(o, args));
  const addP = (a: Pair, b: Pair): Pair => op('add', [a.h, a.l, b.h, b.l]);
  const minP = (a: Pair, b: Pair): Pair => op('min', [a.h, a.l, b.h, b.l]);
  const maxP = (a: Pair, b: Pair): Pair => op('max', [a.h, a.l, b.h, b.l]);

  const val = (e: IExpr): Val => {
    switch (e.k) {
      case 'read': {
        const idx = e.idx.map((i) => plain(val(i)));
        const lo = arrays.get(e.arr) ?? vecLo.get(e.arr);
        const h: IExpr = { ...e, idx };
        return lo ? { h, l: { ...e, arr: lo, idx } } : h;
      }
      case 'sref': {
        const lo = scalarLo.get(e.name);
        return lo ? { h: e, l: { ...e, name: lo } } : e;
      }
      case 'un': {
        const a = val(e.a);
        return isPair(a) && e.op === 'neg' ? negP(a) : { ...e, a: plain(a) };
      }
      case 'bin': {
        const a = val(e.a);
        const b = val(e.b);
        if (!isPair(a) && !isPair(b)) return { ...e, a, b };
        switch (e.op) {
          case '+':
            return addP(pairOf(a), pairOf(b));
          case '-':
            // The shift: small near the optimum, and exact in float32 there.
            if (isPair(a) && fixed(e.b)) return bin('+', bin('-', a.h, plain(b)), a.l);
            if (isPair(b) && fixed(e.a)) return bin('-', bin('-', plain(a), b.h), b.l);
            return addP(pairOf(a), negP(pairOf(b)));
          case '*':
            if (isPair(a) && !isPair(b)) return op('mul', [a.h, a.l, b]);
            if (isPair(b) && !isPair(a)) return op('mul', [b.h, b.l, a]);
            return { ...e, a: plain(a), b: plain(b) };
          case '/':
            if (isPair(a) && !isPair(b)) return op('div', [a.h, a.l, b]);
            return { ...e, a: plain(a), b: plain(b) };
          case 'min':
            return minP(pairOf(a), pairOf(b));
          case 'max':
            return maxP(pairOf(a), pairOf(b));
          case '<':
            return lessP(pairOf(a), pairOf(b), false);
          case '<=':
            return lessP(pairOf(a), pairOf(b), true);
          case '>':
            return lessP(pairOf(b), pairOf(a), false);
          case '>=':
            return lessP(pairOf(b), pairOf(a), true);
          case '==':
          case '!=': {
            const A = pairOf(a);
            const B = pairOf(b);
            const eq = and(cmp('==', A.h, B.h), cmp('==', A.l, B.l));
            return e.op === '==' ? eq : not(eq);
          }
          default:
            return { ...e, a: plain(a), b: plain(b) };
        }
      }
      case 'sel': {
        const c = plain(val(e.c));
        const a = val(e.a);
        const b = val(e.b);
        if (!isPair(a) && !isPair(b)) return { ...e, c, a, b };
        return selP(c, pairOf(a), pairOf(b));
      }
      case 'call': {
        const args = e.args.map(val);
        // A pair operation of another pass (passes/turns.ts) whose operand is a pair leaf (v, 0):
        // v's low part, where v is a float-float value here, takes the 0's place.
        const params = e.fn.startsWith('ff.') ? builtinOf(e.fn)?.params : undefined;
        if (params) {
          const filled = args.map(plain);
          for (let i = 0; i + 1 < params.length; i++) {
            const a = args[i]!;
            const next = e.args[i + 1]!;
            if (
              isPair(a) &&
              params[i]!.name.endsWith('h') &&
              params[i + 1]!.name === `${params[i]!.name.slice(0, -1)}l` &&
              next.k === 'num' &&
              next.v === 0
            )
              filled[i + 1] = a.l;
          }
          return { ...e, args: filled };
        }
        const [x, lo, hi] = args;
        if (e.fn === 'abs' && x && isPair(x)) return selP(cmp('<', x.h, ZERO), negP(x), x);
        if (e.fn === 'clamp' && x && lo && hi && args.some(isPair))
          return minP(maxP(pairOf(x), pairOf(lo)), pairOf(hi));
        return { ...e, args: args.map(plain) };
      }
      case 'red': {
        const lo = plain(val(e.lo));
        const hi = plain(val(e.hi));
        const cond = e.cond && plain(val(e.cond));
        const body = val(e.body);
        // The hi and the lo parts summed apart: a pair that is not normalised (its hi is not the
        // rounded sum), which the next pair operation normalises; its hi alone is within about
        // n float32 roundings of the sum.
        if (isPair(body) && (e.op === 'sum' || e.op === 'mean'))
          return {
            h: { ...e, lo, hi, cond, body: body.h },
            l: { ...e, lo, hi, cond, body: body.l },
          };
        return { ...e, lo, hi, cond, body: plain(body) };
      }
      case 'callp':
      case 'draw':
        return { ...e, args: e.args.map((a) => plain(val(a))) };
      case 'num':
      case 'int':
      case 'idx':
      case 'vref':
        return e;
    }
  };

  const bindings: Binding[] = [];
  /** Lowers `e` in `at`, the bindings its pairs were bound to going to `bindings` first. */
  const lower = (e: IExpr, at: typeof scope): Val => {
    scope = at;
    pending = [];
    const v = val(e);
    bindings.push(...pending);
    return v;
  };
  for (const b of f.bindings) {
    const v = lower(
      b.body,
      b.k === 'vec' ? { idx: b.idx, len: b.len } : b.k === 'scalar' ? 'scalar' : undefined,
    );
    if (!isPair(v) || b.k === 'scan') {
      bindings.push({ ...b, body: plain(v) } as Binding);
      continue;
    }
    const lo = loName(b.name, used);
    (b.k === 'vec' ? vecLo : scalarLo).set(b.name, lo);
    bindings.push({ ...b, body: v.h }, { ...b, name: lo, body: v.l });
  }
  const pairWrites = new Set<string>();
  const writes: Write[] = [];
  for (const w of f.writes ?? []) {
    const row = plain(lower(w.row, 'scalar'));
    const v = lower(w.body, w.col ? { idx: w.col.idx, len: w.col.len } : 'scalar');
    if (isPair(v)) pairWrites.add(w.arr);
    const lo = arrays.get(w.arr);
    if (!lo) {
      writes.push({ ...w, row, body: plain(v) });
      continue;
    }
    const p = pairOf(v);
    writes.push({ ...w, row, body: p.h }, { ...w, arr: lo, row, body: p.l });
  }
  const result = plain(lower(f.result, 'scalar'));
  const func: IrFunc = {
    ...f,
    bindings,
    result,
    ...(f.writes ? { writes } : {}),
  };
  return { func, pairWrites };
}

/** The float-float arrays of a state list: each one's low-part array. */
export function twoFloatState(state: readonly StateArray[] = []): Map<string, string> {
  return new Map(state.flatMap((a) => (a.lo ? [[a.name, a.lo] as [string, string]] : [])));
}

export function twofloat(p: IrProgram): IrProgram {
  const arrays = twoFloatState(p.state);
  if (!arrays.size) return p;
  const data = new Set(p.data.map((d) => d.name));
  const state = (p.state ?? []).map((a) => a.name);
  const lower = (f: IrFunc) => twoFloatFunc(f, arrays, data, state).func;
  return { ...p, funcs: p.funcs.map(lower), main: lower(p.main) };
}

/**
 * The state arrays to store as float-float: `seeds` (the populations) and every array that a
 * step writes from a float-float value, to a fixed point; `steps` are the steps' functions as
 * lowered (a problem call's value is plain).
 */
export function twoFloatArrays(
  steps: readonly IrFunc[],
  seeds: Iterable<string>,
  data: ReadonlySet<string>,
): Set<string> {
  const out = new Set(seeds);
  for (;;) {
    const arrays = new Map([...out].map((a) => [a, lowPart(a)]));
    const before = out.size;
    for (const f of steps) for (const a of twoFloatFunc(f, arrays, data).pairWrites) out.add(a);
    if (out.size === before) return out;
  }
}
