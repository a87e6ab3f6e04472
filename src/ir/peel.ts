// Chains of + and - as signed terms, and a sum's constant terms peeled off: what the `bias` pass
// (passes/bias.ts), the algorithms' objective (elaborate/algorithm.ts) and the `cosine` pass
// (passes/cosine.ts) share.

import { bin, num, type IExpr, type IrFunc, type IrProgram } from './ir.js';

export type Term = { sign: 1 | -1; e: IExpr };

/** The terms of `e`'s outermost chain of real + and - (negations flipping the sign), in order. */
export function sumTerms(e: IExpr): Term[] {
  const out: Term[] = [];
  const walk = (x: IExpr, sign: 1 | -1) => {
    if (x.k === 'bin' && (x.op === '+' || x.op === '-') && x.t === 'f') {
      walk(x.a, sign);
      walk(x.b, x.op === '+' ? sign : (-sign as 1 | -1));
    } else if (x.k === 'un' && x.op === 'neg' && x.t === 'f') walk(x.a, -sign as 1 | -1);
    else out.push({ sign, e: x });
  };
  walk(e, 1);
  return out;
}

/** The terms summed left to right in their order (a leading negative term negated); 0 for none. */
export function sumOf(terms: Term[]): IExpr {
  const [first, ...more] = terms;
  if (!first) return num(0);
  let out: IExpr = first.sign > 0 ? first.e : { k: 'un', t: 'f', op: 'neg', a: first.e };
  for (const t of more) out = bin(t.sign > 0 ? '+' : '-', out, t.e);
  return out;
}

/**
 * `e` as g + c, with c the sum (in float64, in the order they appear) of the numbers among the
 * terms of its outermost chain of + and -, and g the rest of the chain in its order; c = 0 and g
 * = e when there are none.
 */
export function peelConstant(e: IExpr): { rest: IExpr; c: number } {
  if (e.t !== 'f') return { rest: e, c: 0 };
  let c = 0;
  let found = false;
  const rest: Term[] = [];
  for (const t of sumTerms(e)) {
    if (t.e.k === 'num') {
      c += t.sign * t.e.v;
      found = true;
    } else rest.push(t);
  }
  if (!found || !Number.isFinite(c)) return { rest: e, c: 0 };
  return { rest: sumOf(rest), c };
}

/**
 * `p` with `main` as its main function, and `rewrite` applied to main's result with the program's
 * bias (passes/bias.ts) as a constant term of its chain: a rewrite that takes a weight from the
 * chain's constant (Griewank's 1 - prod cos, Ackley's 20 - 20 exp) finds the constant the bias
 * pass moved out; what constant is left goes back to the bias.
 */
export function rewriteWithBias(
  p: IrProgram,
  main: IrFunc,
  rewrite: (e: IExpr) => IExpr,
): IrProgram {
  if (!p.bias || main.result.t !== 'f') return { ...p, main };
  const withBias = sumOf([
    ...sumTerms(main.result),
    { sign: p.bias > 0 ? 1 : -1, e: num(Math.abs(p.bias)) },
  ]);
  const r = rewrite(withBias);
  if (r === withBias) return { ...p, main };
  const { rest, c } = peelConstant(r);
  const { bias: _, ...q } = p;
  return { ...q, ...(c ? { bias: c } : {}), main: { ...main, result: rest } };
}

/**
 * `e` as k fn(t), a one-argument builtin scaled by a number: (* k (fn t)), (* (fn t) k) or
 * (fn t); undefined otherwise. The cosine and expm1 passes' terms (k cos t, k exp a).
 */
export function scaledCall(e: IExpr, fn: string): { k: number; t: IExpr } | undefined {
  const arg = (x: IExpr) =>
    x.k === 'call' && x.fn === fn && x.args.length === 1 ? x.args[0] : undefined;
  const t = arg(e);
  if (t) return { k: 1, t };
  if (e.k !== 'bin' || e.op !== '*') return undefined;
  const [k, x] = e.a.k === 'num' ? [e.a.v, e.b] : e.b.k === 'num' ? [e.b.v, e.a] : [];
  const u = x && arg(x);
  return u && k !== undefined ? { k, t: u } : undefined;
}

/**
 * Whether the outermost chain of + and - of `e` has a number among its terms (sumTerms), memoised
 * by node: the passes call takeFromConstant at every node of a chain, bottom up, and walking each
 * node's whole chain again made a chain of n terms cost n^2 / 2 steps (a 100,000-term sum is
 * cut into lets of 256 terms: 10 s of the compile).
 */
const hasConstant = new WeakMap<IExpr, boolean>();
function chainHasConstant(e: IExpr): boolean {
  const known = hasConstant.get(e);
  if (known !== undefined) return known;
  // The chain's spine, walked without recursion (its left operands nest as deep as it is long).
  const spine: IExpr[] = [];
  let x: IExpr = e;
  let found: boolean | undefined;
  for (;;) {
    const k = hasConstant.get(x);
    if (k !== undefined) {
      found = k;
      break;
    }
    if (x.k === 'bin' && (x.op === '+' || x.op === '-') && x.t === 'f') {
      spine.push(x);
      x = x.a;
    } else if (x.k === 'un' && x.op === 'neg' && x.t === 'f') {
      spine.push(x);
      x = x.a;
    } else {
      found = x.k === 'num' || x.k === 'int';
      break;
    }
  }
  for (let i = spine.length - 1; i >= 0; i--) {
    const s = spine[i]!;
    if (!found && s.k === 'bin') found = chainHasConstant(s.b);
    hasConstant.set(s, found);
  }
  return found;
}

/**
 * A chain of + and - with a constant term C (a number), whose terms `take` may each replace by
 * another, taking a weight w from C: the chain rebuilt left to right in the terms' order, with
 * C - sum w (computed in float64, the weights summed first: 0.7 - (0.3 + 0.4) = 0) in C's place,
 * dropped when it is 0. `e` itself when the chain has no constant or `take` replaced nothing.
 * The cosine and expm1 passes' rewrite.
 */
export function takeFromConstant(
  e: IExpr,
  take: (t: Term) => { term: Term; weight: number } | undefined,
): IExpr {
  if (e.k !== 'bin' || (e.op !== '+' && e.op !== '-') || e.t !== 'f') return e;
  if (!chainHasConstant(e)) return e;
  const ts = sumTerms(e);
  const ci = ts.findIndex((x) => x.e.k === 'num' || x.e.k === 'int');
  if (ci < 0) return e;
  let weights = 0;
  let taken = false;
  const rest = ts.map((x, k) => {
    const t = k === ci ? undefined : take(x);
    if (!t) return x;
    taken = true;
    weights += t.weight;
    return t.term;
  });
  if (!taken) return e;
  const c0 = ts[ci]!;
  const C = c0.sign * (c0.e as { v: number }).v - weights; // a constant term is num or int
  return sumOf(
    rest.flatMap((x, k) =>
      k !== ci ? [x] : C === 0 ? [] : [{ sign: C > 0 ? 1 : -1, e: num(Math.abs(C)) } as Term],
    ),
  );
}
