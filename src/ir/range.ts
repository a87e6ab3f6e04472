// Values beyond float32's range: the order-preserving form phi(v) they are stored in, and which
// programs need it (passes/range.ts computes it on the GPU; the internal builtin `range`,
// ir/builtins.ts, is phi in the IR; the elaborator wraps an algorithm's objective in it).

import { some, type IExpr, type IrProgram } from './ir.js';
import { scaledCall } from './peel.js';

/** The internal builtin range(v): v, stored as phi(v). */
export const RANGE = 'range';

/** Where the stored form of a value leaves the value itself: T = 2^100, and ln T. */
export const RANGE_T = 2 ** 100;
export const RANGE_LOG_T = 100 * Math.LN2;

/**
 * phi(v), the form a value is stored in where it may leave float32's range: v where |v| <= T,
 * sign(v) T (1 + ln(|v| / T)) beyond. Continuous, strictly increasing (so comparisons are those
 * of v), odd, and below 1e34 for |v| up to e^10000. NaN and the infinities stay as they are.
 */
export function rangeEncode(v: number): number {
  if (!(Math.abs(v) > RANGE_T) || !Number.isFinite(v)) return v;
  return Math.sign(v) * RANGE_T * (1 + Math.log(Math.abs(v)) - RANGE_LOG_T);
}

/** v from phi(v), in float64 (+-Infinity beyond float64's range). */
export function rangeDecode(y: number): number {
  if (!(Math.abs(y) > RANGE_T) || !Number.isFinite(y)) return y;
  return Math.sign(y) * RANGE_T * Math.exp(Math.abs(y) / RANGE_T - 1);
}

/** A product of bounded factors (Griewank's cosines) cannot overflow. */
export const boundedFactors = (body: IExpr): boolean =>
  [scaledCall(body, 'cos'), scaledCall(body, 'sin')].some(
    (c) => c !== undefined && Math.abs(c.k) <= 1,
  );

/**
 * Whether `p` has a product whose value may leave float32's range: a `prod` reduction of
 * factors not bounded by 1 (a static test: the box is not consulted, so Schwefel 2.22 at D = 2,
 * whose values stay small, is stored as phi(v) too, which is v there).
 */
export function needsRange(p: IrProgram): boolean {
  return [p.main, ...p.funcs].some((g) =>
    [...g.bindings.map((b) => b.body), g.result, ...(g.writes ?? []).map((w) => w.body)].some((e) =>
      some(e, (x) => x.k === 'red' && x.op === 'prod' && x.t === 'f' && !boundedFactors(x.body)),
    ),
  );
}
