// The `expm1` pass: C - k exp(a) computed as (C - k) - k expm1(a).
//
// Ackley's 20 + e - 20 exp(-0.2 sqrt(mean z^2)) - exp(mean cos(2 pi z)) is a difference of
// numbers near 20 and near e when z is near 0: the bias pass moves 20 + e to the host, and the
// kernels' g = -20 exp(...) - exp(...) is about -22.7, whose float32 spacing (1.9e-6) is the GPU's
// floor (4.8e-6 on SOCO F6 at D = 100, where the CPU reaches 4e-12; float64 has the same floor at
// 22.7 * 2^-53). The identity k exp(a) = k + k expm1(a), with expm1 (ir/builtins.ts) exact near 0,
// takes the cancelling part out: this pass finds, in a chain of + and - with a constant C (the
// program's bias included: ir/peel.ts rewriteWithBias), the subtracted terms k exp(a), puts
// k expm1(a) in their place (subtracted) and takes k from C. An exponent that is a mean (or a
// multiple) of cosines over constant bounds, c sum_i cos t_i, is first written
// c n - c sum_i 2 sin^2(t_i / 2), so that exp(a) = exp(c n) exp(a') with a' near 0 there: the term's
// weight becomes k exp(c n), computed in float64 (e for Ackley's mean). Exact in real arithmetic;
// both backends take it (the pass runs before `scan`), since float64 cancels there too.

import { mapFunc, num, transform, type IExpr, type IrFunc, type IrProgram } from '../ir/ir.js';
import { rewriteWithBias, scaledCall, takeFromConstant, type Term } from '../ir/peel.js';
import { halfSquare, scaledCos } from './cosine.js';
import { dce } from './fuse.js';

/** `e` as k exp(a): (* k (exp a)), (* (exp a) k) or (exp a); undefined otherwise. */
const scaledExp = (e: IExpr) => {
  const s = scaledCall(e, 'exp');
  return s && { k: s.k, a: s.t };
};

/**
 * An exponent c sum_{i < n} cos(t_i) (the sum as (sum ...) over constant bounds, directly or as
 * a scalar binding; c as (/ S m), (* c S), (* S c) or 1) as exp(c n) exp(a'), a' = -c sum 2 sin^2(
 * t_i / 2); { factor: 1, a } for any other exponent.
 */
function cosineExponent(a: IExpr, scalars: Map<string, IExpr>): { factor: number; a: IExpr } {
  const same = { factor: 1, a };
  const cosSum = (s: IExpr) => {
    const r = s.k === 'sref' ? scalars.get(s.name) : s;
    if (!r || r.k !== 'red' || r.op !== 'sum' || r.cond) return undefined;
    if (r.lo.k !== 'int' || r.hi.k !== 'int') return undefined;
    const c = scaledCos(r.body);
    if (!c || c.k !== 1) return undefined;
    const rest: IExpr = { ...r, body: halfSquare(c) };
    return { n: r.hi.v - r.lo.v, neg: { k: 'un', t: 'f', op: 'neg', a: rest } as IExpr };
  };
  if (a.k === 'bin' && a.op === '/' && a.b.k === 'num') {
    const s = cosSum(a.a);
    return s ? { factor: Math.exp(s.n / a.b.v), a: { ...a, a: s.neg } } : same;
  }
  if (a.k === 'bin' && a.op === '*' && (a.a.k === 'num' || a.b.k === 'num')) {
    const [c, x] = a.a.k === 'num' ? [a.a.v, a.b] : [(a.b as { v: number }).v, a.a];
    const s = cosSum(x);
    if (!s) return same;
    return {
      factor: Math.exp(c * s.n),
      a: a.a.k === 'num' ? { ...a, b: s.neg } : { ...a, a: s.neg },
    };
  }
  const s = cosSum(a);
  return s ? { factor: Math.exp(s.n), a: s.neg } : same;
}

/**
 * A chain C - sum_j k_j exp(a_j) + ... (C a constant): each subtracted k exp(a) becomes
 * k' expm1(a') (subtracted), k' = k exp(c n) (see cosineExponent), and C becomes C - sum k'.
 */
function rewriteIn(scalars: Map<string, IExpr>) {
  return (e: IExpr): IExpr =>
    takeFromConstant(e, (x) => {
      const ke = x.sign < 0 ? scaledExp(x.e) : undefined;
      if (!ke || !(ke.k > 0)) return undefined;
      const { factor, a } = cosineExponent(ke.a, scalars);
      const k = ke.k * factor;
      const m: IExpr = { k: 'call', t: 'f', fn: 'expm1', args: [a] };
      const term: Term = {
        sign: -1,
        e: k === 1 ? m : { k: 'bin', t: 'f', op: '*', a: num(k), b: m },
      };
      return { term, weight: k };
    });
}

function func(f: IrFunc): { f: IrFunc; rewrite: (e: IExpr) => IExpr; changed: () => boolean } {
  const scalars = new Map(
    f.bindings.flatMap((b) => (b.k === 'scalar' ? [[b.name, b.body] as [string, IExpr]] : [])),
  );
  let changed = false;
  const inner = rewriteIn(scalars);
  const rewrite = (e: IExpr) => {
    const r = inner(e);
    if (r !== e) changed = true;
    return r;
  };
  return { f: mapFunc(f, (e) => transform(e, rewrite)), rewrite, changed: () => changed };
}

/** The rewrite; a scalar of cosines that it leaves unread (Ackley's sum of cos) is removed. */
export function expm1(p: IrProgram): IrProgram {
  const funcs = p.funcs.map((g) => {
    const r = func(g);
    return r.changed() ? dce(r.f) : g;
  });
  const m = func(p.main);
  const out = rewriteWithBias({ ...p, funcs }, m.f, m.rewrite);
  return m.changed() ? { ...out, main: dce(out.main) } : out;
}
