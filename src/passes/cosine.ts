// The `cosine` pass: k - k cos(t) computed as 2k sin^2(t / 2).
//
// Rastrigin's term z^2 - 10 cos(2 pi z) + 10 is a difference of two numbers near 10 when z is
// near 0: in float32 the sum keeps an absolute error of about 10 u = 6e-7 a term, so the GPU
// cannot see errors below about D 1e-6, while the term itself is about (2 pi z)^2 10 / 2. The
// identity 1 - cos t = 2 sin^2(t / 2) has no cancellation: its float32 error is a few ulps of the
// term (ir/error-bound.ts: the bound of the rewritten form is relative to the result, that of the
// original to 10). This pass finds, in any chain of + and - with a constant C, the subtracted
// terms k cos(t) (and sums of them over constant bounds: Lunacek's D - sum cos(2 pi z_i)), puts
// 2k sin^2(t / 2) in their place and takes their k from C: 0.7 - 0.3 cos a - 0.4 cos b (SOCO's
// Bohachevsky) becomes 0.6 sin^2(a / 2) + 0.8 sin^2(b / 2). float64 needs it as much
// near the optimum: at z = 1e-8 the textbook form gives 1.954e-14 in float64 where the value is
// 1.984e-14 (10 - 10 cos t keeps an absolute error of about 10 * 2^-53), so both backends take
// the rewritten form (the pass runs before `scan`, where the CPU's pipeline stops).

import { mapFunc, num, transform, type IExpr, type IrFunc, type IrProgram } from '../ir/ir.js';
import { rewriteWithBias, scaledCall, takeFromConstant } from '../ir/peel.js';

/** `e` as k cos(t): (* k (cos t)), (* (cos t) k) or (cos t); undefined otherwise. */
export const scaledCos = (e: IExpr) => scaledCall(e, 'cos');

/** 2k sin^2(t / 2), with a constant factor of t halved (exact in binary), else 0.5 t. */
export function halfSquare({ k, t }: { k: number; t: IExpr }): IExpr {
  const half: IExpr =
    t.k === 'bin' && t.op === '*' && t.a.k === 'num'
      ? { ...t, a: num(t.a.v / 2) }
      : { k: 'bin', t: 'f', op: '*', a: num(0.5), b: t };
  const sin: IExpr = { k: 'call', t: 'f', fn: 'sin', args: [half] };
  const sq: IExpr = { k: 'bin', t: 'f', op: 'pow', a: sin, b: num(2) };
  return { k: 'bin', t: 'f', op: '*', a: num(2 * k), b: sq };
}

/**
 * `e` as k prod_i cos(t_i) over constant bounds (Griewank's product): weight k, and the rest
 * k (1 - prod cos t_i) = k por_i 2 sin^2(t_i / 2), where a por b = a + b - a b (ir/ir.ts RedOp):
 * 1 - (1 - a)(1 - b) with a, b the terms' 1 - cos, so that no step subtracts from 1. Near the
 * optimum each a_i is O(t_i^2) and so is every partial result: their float32 errors are relative.
 */
function scaledProduct(e: IExpr): { weight: number; rest: IExpr } | undefined {
  let k = 1;
  let p = e;
  if (e.k === 'bin' && e.op === '*' && e.a.k === 'num') [k, p] = [e.a.v, e.b];
  else if (e.k === 'bin' && e.op === '*' && e.b.k === 'num') [k, p] = [e.b.v, e.a];
  if (p.k !== 'red' || p.op !== 'prod' || p.cond || p.lo.k !== 'int' || p.hi.k !== 'int')
    return undefined;
  const c = scaledCos(p.body);
  if (!c || c.k !== 1) return undefined;
  const por: IExpr = { ...p, op: 'por', body: halfSquare(c) };
  return { weight: k, rest: k === 1 ? por : { k: 'bin', t: 'f', op: '*', a: num(k), b: por } };
}

/**
 * A cosine term: k cos(t), or a sum over i in [lo, hi) (constant bounds, no condition) of
 * k cos(t_i). Its `weight` is what it is at t = 0 (k, or k (hi - lo)), and `rest` the weight less
 * the term: 2k sin^2(t / 2), or the sum of those.
 */
function cosineTerm(e: IExpr): { weight: number; rest: IExpr } | undefined {
  const kc = scaledCos(e);
  if (kc) return { weight: kc.k, rest: halfSquare(kc) };
  const kp = scaledProduct(e);
  if (kp) return kp;
  if (e.k !== 'red' || e.op !== 'sum' || e.cond || e.lo.k !== 'int' || e.hi.k !== 'int')
    return undefined;
  const b = scaledCos(e.body);
  return b && { weight: b.k * (e.hi.v - e.lo.v), rest: { ...e, body: halfSquare(b) } };
}

/**
 * A chain C - sum_j w_j cos(...) + ... (C a constant, the cosine terms subtracted): each cosine
 * term becomes its `rest` (added) and C becomes C - sum_j w_j, computed in float64 (the weights
 * summed first: 0.7 - (0.3 + 0.4) = 0) and dropped when it is 0. Exact in real arithmetic.
 */
function rewrite(e: IExpr): IExpr {
  return takeFromConstant(e, (x) => {
    const c = x.sign < 0 ? cosineTerm(x.e) : undefined;
    return c && c.weight > 0 ? { term: { sign: 1, e: c.rest }, weight: c.weight } : undefined;
  });
}

const func = (f: IrFunc): IrFunc => mapFunc(f, (e) => transform(e, rewrite));

/**
 * The program's result with its bias (passes/bias.ts, which runs before) as the chain's constant:
 * Griewank's 1 + ... - prod cos has had its 1 moved to the bias, and the rewrite takes the
 * product's weight from it; what constant is left goes back to the bias.
 */
export function cosine(p: IrProgram): IrProgram {
  return rewriteWithBias({ ...p, funcs: p.funcs.map(func) }, func(p.main), rewrite);
}
