// The `range` pass: values beyond float32's range stored in an order-preserving form.
//
// A product of many factors leaves float32's range inside the box: Schwefel 2.22's
// sum |x_i| + prod |x_i| reaches 10^100 at D = 100 in [-10, 10] (SOCO F7, and F15 and F19 through
// their parts), where float32 ends at 3.4e38. The GPU computed +inf there, and a population whose
// every value is +inf cannot be ordered. Float64 holds such values, and an algorithm that only
// compares them (ir/fitness-use.ts, `order`) needs nothing but their order.
//
// The GPU therefore stores a value v as phi(v) (ir/builtins.ts, rangeEncode): v itself where
// |v| <= T = 2^100, and sign(v) T (1 + ln(|v| / T)) beyond, which is continuous, strictly
// increasing and below 1e34 for every |v| up to e^(1e4); the host decodes it in float64
// (rangeDecode). Below T nothing changes. The internal builtin `range(v)` says "v, stored as
// phi(v)": the elaborator wraps an algorithm's objective in it (both backends compute phi: float64
// stores phi(v) too, so the run loop decodes either), and this pass wraps a problem's result
// (the GPU's evaluations, for `opt eval`; the CPU backend evaluates the problem as written).
//
// This pass, the GPU's alone (after `residual`), computes each range(v) in float32 without
// overflow. Where v's chain of + and - has a product term P = k prod_i b_i (or |prod|, or a scalar
// binding holding one), the rest R of the chain is computed as written and P through its
// logarithm: lp = ln|k| + sum_i ln|b_i| (a factor 0 counts -1e30: P is then 0), s = sign(P)
// (prod_i sign(b_i), 1 for factors that are never negative), and then
//     lp < ln T:  phi(R + s e^lp)                       (no overflow: |s e^lp| < T)
//     else:       w = s + R e^-lp = v e^-lp, l = lp + ln|w| = ln|v|, and
//                 phi(v) = sign(w) T (1 + l - ln T)      (or sign(w) e^l where l <= ln T)
// Elsewhere phi(v) is computed from v as the GPU has it (an overflow stays +inf). Exact in real
// arithmetic: the pass keeps the program's meaning, phi of its value. Near the optimum the
// product is tiny (lp very negative): e^lp is 0 or P's float32 value, and R is as before.

import {
  bin,
  freeIdx,
  num,
  some,
  transform,
  type Binding,
  type IExpr,
  type IrFunc,
  type IrProgram,
} from '../ir/ir.js';
import { boundedFactors as bounded, RANGE, RANGE_LOG_T, RANGE_T } from '../ir/range.js';
import { call } from '../ir/builtins.js';
import { sumOf, sumTerms, type Term } from '../ir/peel.js';

import { needsRange } from '../ir/range.js';

const sel = (c: IExpr, a: IExpr, b: IExpr): IExpr => ({ k: 'sel', t: 'f', c, a, b });
const sref = (name: string): IExpr => ({ k: 'sref', t: 'f', name });

/**
 * A factor whose sign need not be multiplied in: |a|, a^2k, and a^c for a constant c that is not
 * an integer (C pow: a negative base gives NaN there, which the logarithm carries to the result
 * anyway). Katsuura's factors are the last kind: without this their 32-term sums were computed
 * twice, once for the logarithms and once for the signs.
 */
const nonNegative = (e: IExpr): boolean =>
  (e.k === 'call' && e.fn === 'abs') ||
  (e.k === 'bin' &&
    e.op === 'pow' &&
    e.b.k === 'num' &&
    (!Number.isInteger(e.b.v) || e.b.v % 2 === 0));

type Prod = Extract<IExpr, { k: 'red' }>;

/** `e` as k prod_i b_i (k a number, or 1; |prod| as nonneg): the reduction, k and whether |.|. */
function productTerm(
  e: IExpr,
  scalars: Map<string, IExpr>,
): { red: Prod; k: number; abs: boolean } | undefined {
  let k = 1;
  let x = e;
  let abs = false;
  if (x.k === 'sref') x = scalars.get(x.name) ?? x;
  if (x.k === 'bin' && x.op === '*' && x.a.k === 'num') [k, x] = [x.a.v, x.b];
  else if (x.k === 'bin' && x.op === '*' && x.b.k === 'num') [k, x] = [x.b.v, x.a];
  if (x.k === 'sref') x = scalars.get(x.name) ?? x;
  if (x.k === 'call' && x.fn === 'abs' && x.args.length === 1) [abs, x] = [true, x.args[0]!];
  if (x.k === 'sref') x = scalars.get(x.name) ?? x;
  if (x.k !== 'red' || x.op !== 'prod' || x.t !== 'f' || bounded(x.body) || k === 0)
    return undefined;
  return { red: x, k, abs };
}

/** phi(v) of a value bound to `v` (a scalar name): v, or sign(v) T (1 + ln|v| - ln T). */
function phi(v: IExpr): IExpr {
  const big = bin(
    '*',
    call('sign', v),
    bin(
      '*',
      num(RANGE_T),
      bin('-', bin('+', num(1), call('log', call('abs', v))), num(RANGE_LOG_T)),
    ),
  );
  return sel(bin('<=', call('abs', v), num(RANGE_T)), v, big);
}

interface Namer {
  (base: string): string;
}

/**
 * range(v) as float32 expressions: the bindings to add (before the one that holds the call) and
 * the expression in its place.
 */
function rewriteCall(v: IExpr, scalars: Map<string, IExpr>, name: Namer): [Binding[], IExpr] {
  const scalar = (base: string, body: IExpr): [Binding, IExpr] => {
    const n = name(base);
    return [{ k: 'scalar', name: n, t: 'f', body }, sref(n)];
  };
  const terms = sumTerms(v);
  const found = terms.flatMap((t, i) => {
    const p = productTerm(t.e, scalars);
    return p ? [{ i, sign: t.sign, ...p }] : [];
  });
  if (found.length !== 1) {
    const [bv, rv] = scalar('v', v);
    return [[bv], phi(rv)];
  }
  const P = found[0]!;
  const rest: Term[] = terms.filter((_, i) => i !== P.i);
  const b = P.red.body;
  const absB = nonNegative(b) ? b : call('abs', b);
  const logAbs = sel(bin('==', absB, num(0)), num(-1e30), call('log', absB));
  const sumLog: IExpr = { ...P.red, op: 'sum', body: logAbs };
  const sign = P.sign * Math.sign(P.k);
  const [br, r] = scalar('r', rest.length ? sumOf(rest) : num(0));
  // The sum of logarithms is a binding of its own, so that the schedule makes it a reduction of
  // the team (a stage); inside ln|k| + sum it was a loop that every lane ran alone.
  const [bsl, sl] = Math.abs(P.k) === 1 ? [undefined, sumLog] : scalar('ls', sumLog);
  const [bl, lp] = scalar(
    'lp',
    Math.abs(P.k) === 1 ? sl : bin('+', num(Math.log(Math.abs(P.k))), sl),
  );
  const signs: IExpr | undefined =
    P.abs || nonNegative(b) ? undefined : { ...P.red, op: 'prod', body: call('sign', b) };
  const [bs, s] = signs
    ? scalar('s', sign === 1 ? signs : bin('*', num(sign), signs))
    : [undefined, num(sign)];
  const times = (a: IExpr, x: IExpr) => (a.k === 'num' && a.v === 1 ? x : bin('*', a, x));
  const [bv, vv] = scalar('v', bin('+', r, times(s, call('exp', lp))));
  const [bw, w] = scalar(
    'w',
    bin('+', s, bin('*', r, call('exp', { k: 'un', t: 'f', op: 'neg', a: lp }))),
  );
  const [bln, l] = scalar('l', bin('+', lp, call('log', call('abs', w))));
  const far = sel(
    bin('<=', l, num(RANGE_LOG_T)),
    bin('*', call('sign', w), call('exp', l)),
    bin(
      '*',
      call('sign', w),
      bin('*', num(RANGE_T), bin('-', bin('+', num(1), l), num(RANGE_LOG_T))),
    ),
  );
  const bindings = [br, ...(bsl ? [bsl] : []), bl, ...(bs ? [bs] : []), bv, bw, bln];
  return [bindings, sel(bin('<', lp, num(RANGE_LOG_T)), phi(vv), far)];
}

const isRange = (e: IExpr): e is Extract<IExpr, { k: 'call' }> =>
  e.k === 'call' && e.fn === RANGE && e.args.length === 1;

function rangeFunc(g: IrFunc, taken: Set<string>): IrFunc {
  const has = (e: IExpr) => some(e, isRange);
  if (
    !g.bindings.some((b) => has(b.body)) &&
    !has(g.result) &&
    !(g.writes ?? []).some((w) => has(w.body) || has(w.row))
  )
    return g;
  const name: Namer = (base) => {
    let n = `range.${base}`;
    for (let i = 2; taken.has(n); i++) n = `range.${base}${i}`;
    taken.add(n);
    return n;
  };
  const scalars = new Map<string, IExpr>();
  const out: Binding[] = [];
  /** `e` with its range calls rewritten, their bindings added to `out` (or inline if indexed). */
  const rewrite = (e: IExpr): IExpr =>
    transform(e, (x) => {
      if (!isRange(x)) return x;
      const v = x.args[0]!;
      // A call inside a reduction (its argument reads the reduction's index) cannot have
      // bindings of its own: phi from v as it is.
      if (freeIdx(v).size) return phi(v);
      const [bs, r] = rewriteCall(v, scalars, name);
      out.push(...bs);
      return r;
    });
  for (const b of g.bindings) {
    const body = rewrite(b.body);
    out.push({ ...b, body });
    if (b.k === 'scalar') scalars.set(b.name, body);
  }
  const result = rewrite(g.result);
  const writes = g.writes?.map((w) => ({ ...w, row: rewrite(w.row), body: rewrite(w.body) }));
  return { ...g, bindings: out, result, ...(writes ? { writes } : {}) };
}

/**
 * The pass: a problem (no domain: an evaluation) that needsRange has its result wrapped in
 * range(); every range(v) of the program is computed as the header says.
 */
export function range(p: IrProgram): IrProgram {
  let main = p.main;
  if (!main.domain && !isRange(main.result) && needsRange(p))
    main = { ...main, result: call(RANGE, main.result) };
  const taken = new Set<string>([
    ...p.data.map((d) => d.name),
    ...(p.state ?? []).map((a) => a.name),
    ...[main, ...p.funcs].flatMap((g) => [g.input, ...g.bindings.map((b) => b.name)]),
  ]);
  const out = rangeFunc(main, taken);
  return out === p.main ? p : { ...p, main: out };
}
