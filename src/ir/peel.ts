// A sum's constant terms, peeled off: the analysis the `bias` pass (passes/bias.ts) and the
// algorithms' objective (elaborate/algorithm.ts) share.

import { bin, num, type IExpr } from './ir.js';

/**
 * `e` as g + c, with c the sum (in float64, in the order they appear) of the numbers among the
 * terms of its outermost chain of + and -, and g the rest of the chain in its order; c = 0 and g
 * = e when there are none.
 */
export function peelConstant(e: IExpr): { rest: IExpr; c: number } {
  if (e.t !== 'f') return { rest: e, c: 0 };
  const terms: { sign: 1 | -1; e: IExpr }[] = [];
  const walk = (x: IExpr, sign: 1 | -1) => {
    if (x.k === 'bin' && (x.op === '+' || x.op === '-') && x.t === 'f') {
      walk(x.a, sign);
      walk(x.b, x.op === '+' ? sign : (-sign as 1 | -1));
    } else if (x.k === 'un' && x.op === 'neg') walk(x.a, -sign as 1 | -1);
    else terms.push({ sign, e: x });
  };
  walk(e, 1);
  let c = 0;
  let found = false;
  const rest: { sign: 1 | -1; e: IExpr }[] = [];
  for (const t of terms) {
    if (t.e.k === 'num') {
      c += t.sign * t.e.v;
      found = true;
    } else rest.push(t);
  }
  if (!found || !Number.isFinite(c)) return { rest: e, c: 0 };
  const [first, ...more] = rest;
  if (!first) return { rest: num(0), c };
  let g: IExpr = first.sign > 0 ? first.e : { k: 'un', t: 'f', op: 'neg', a: first.e };
  for (const t of more) g = bin(t.sign > 0 ? '+' : '-', g, t.e);
  return { rest: g, c };
}
