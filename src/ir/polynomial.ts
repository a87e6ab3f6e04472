// Polynomial structure of an expression in one variable: the coefficients a_0..a_k such that
// e = sum_m a_m v^m, with every a_m free of v; or null when e is not such a polynomial.
//
// Used to fuse a scan with its consumers in one read of the data: for a chunk of a scan with
// carry C and local prefix s_i, sum_i p(C + s_i) = sum_m sum_l binom(m, l) C^(m - l) sum_i a_m s_i^l,
// so each chunk needs only the moments sum_i a_m s_i^l, and the carries are applied afterwards
// (Schwefel 1.2 at huge D: one pass over x instead of two).

import { at, some, type IExpr } from './ir.js';

export const MAX_DEGREE = 4;

const num = (v: number): IExpr => ({ k: 'num', t: 'f', v });
const isZero = (e: IExpr) => (e.k === 'num' || e.k === 'int') && e.v === 0;
const add = (a: IExpr, b: IExpr): IExpr =>
  isZero(a) ? b : isZero(b) ? a : { k: 'bin', t: 'f', op: '+', a, b };
const mul = (a: IExpr, b: IExpr): IExpr =>
  isZero(a) || isZero(b) ? num(0) : { k: 'bin', t: 'f', op: '*', a, b };

export function polynomialIn(
  e: IExpr,
  isVar: (n: IExpr) => boolean,
  maxDegree = MAX_DEGREE,
): IExpr[] | null {
  if (isVar(e)) return [num(0), num(1)];
  if (!some(e, isVar)) return [e];
  const P = (x: IExpr) => polynomialIn(x, isVar, maxDegree);
  switch (e.k) {
    case 'un':
      if (e.op !== 'neg') return null;
      return P(e.a)?.map((c) => ({ k: 'un', t: 'f', op: 'neg', a: c }) as IExpr) ?? null;
    case 'bin': {
      if (e.op === '+' || e.op === '-') {
        const a = P(e.a);
        const b = P(e.b);
        if (!a || !b) return null;
        const out: IExpr[] = [];
        for (let m = 0; m < Math.max(a.length, b.length); m++) {
          const x = a[m] ?? num(0);
          const y = b[m] ?? num(0);
          out.push(
            e.op === '+' ? add(x, y) : isZero(y) ? x : { k: 'bin', t: 'f', op: '-', a: x, b: y },
          );
        }
        return out;
      }
      if (e.op === '*') {
        const a = P(e.a);
        const b = P(e.b);
        if (!a || !b || a.length + b.length - 2 > maxDegree) return null;
        const out: IExpr[] = new Array(a.length + b.length - 1).fill(num(0));
        a.forEach((x, i) =>
          b.forEach((y, j) => (out[i + j] = add(at(out, i + j, 'a product term'), mul(x, y)))),
        );
        return out;
      }
      if (e.op === '/' && !some(e.b, isVar)) {
        return P(e.a)?.map((c) => ({ k: 'bin', t: 'f', op: '/', a: c, b: e.b }) as IExpr) ?? null;
      }
      if (e.op === 'pow') {
        const k = e.b.k === 'num' || e.b.k === 'int' ? e.b.v : undefined;
        if (k === undefined || !Number.isInteger(k) || k < 0) return null;
        const base = P(e.a);
        if (!base || (base.length - 1) * k > maxDegree) return null;
        let r: IExpr[] = [num(1)];
        for (let t = 0; t < k; t++) {
          const out: IExpr[] = new Array(r.length + base.length - 1).fill(num(0));
          r.forEach((x, i) =>
            base.forEach((y, j) => (out[i + j] = add(at(out, i + j, 'a product term'), mul(x, y)))),
          );
          r = out;
        }
        return r;
      }
      return null;
    }
    default:
      return null;
  }
}

export function binomial(m: number, l: number): number {
  let r = 1;
  for (let t = 1; t <= l; t++) r = (r * (m - l + t)) / t;
  return r;
}
