// The `centre` pass: constant offsets taken out of the values where they cancel.
//
// Many benchmark functions add a constant to their variables and subtract it again later, so that
// near the optimum a small value is computed as the difference of two large ones: HappyCat and
// HGBat (CEC 2014/2017) square w = z - 1 and subtract D from the sum of squares (sum w^2 - D is
// -2 sum z + sum z^2, about 2 z, computed with an absolute error of D u); the expanded
// Griewank-Rosenbrock adds 1 to z and Rosenbrock's w^2 - w' and w - 1 take it away again;
// Schwefel 2.26 subtracts w sin sqrt|w| at w = z + 420.97 from 418.98 D (each term cancels to
// about 0.126 z^2 against 419); Schaffer's 0.5 + (sin^2 - 0.5) / (1 + 0.001 s)^2 cancels to about
// s. In float32 the GPU sees these values to an absolute u times the constants, not to u times
// the value, and reports errors a hundred or a million times the float64 ones.
//
// The pass carries with each value its "centred" form, value = x + k for a constant k (a number,
// float64), where one is known, and uses it where the constants cancel:
//   - w = x + c (a vector or scalar whose body adds a number) is x + c; reads of w carry it;
//   - (x + k)^2 = x (x + 2k) + k^2;  sum_{i<n} (x_i + k) = sum x_i + n k (a mean: + k);
//     a (x + k) = a x + a k;  (x + k) / a = x / a + k / a;  -(x + k) = -x - k;
//   - if c then x + k else y  =  (if c then x else y - k) + k;
//   - k cos t = -2k sin^2(t / 2) + k (the cosine pass's identity, for a cosine whose k is found
//     in another binding or the sum around it: Rastrigin's sum z^2 - 10 cos(2 pi z) inside a
//     hybrid, whose 10 n is added outside the sum);
//   - Schwefel's w sin(sqrt|w|) at w = v + c (c >= 100, or c = 420.97 from w itself) is
//     h(c) + (h(c + v) - h(c)), the difference a polynomial in v of degree 10 where |v| < 4 (the
//     Taylor series of h at c, computed in float64 at compile time: its terms after the tenth are
//     below 1e-16 of the value there) and (v + c) sin(sqrt|v + c|) - h(c) elsewhere;
//   - a chain of + and - whose terms' constants cancel (their sum below half the sum of their
//     magnitudes) is computed as the sum of the terms' x plus the sum of the k, in float64: this
//     is where the rewrite happens (r2 - D becomes sum z (z - 2));
//   - Schaffer: C + (S + K) / (q + kq) with K + C kq = 0 is (S + C q) / (q + kq).
// Elsewhere a value is computed as the program had it, and a rewritten binding keeps its
// original beside its centred form (name~c) until dce removes the one nobody reads. A program
// in which no constants cancel is returned unchanged. Exact in real arithmetic; both backends take
// it (float64 cancels too, at 2^-53 times the constants), before `bias`, which then moves the
// constants that are left to the host.

import {
  bin,
  exprEqual,
  mapChildren,
  num,
  type Binding,
  type IExpr,
  type IrFunc,
  type IrProgram,
} from '../ir/ir.js';
import { call } from '../ir/builtins.js';
import { sumOf, type Term } from '../ir/peel.js';
import { halfSquare, scaledCos } from './cosine.js';
import { dce } from './fuse.js';

/** A value and, where known, its centred form x + k. */
interface V {
  e: IExpr;
  lift?: { x: IExpr; k: number };
  /** A quotient's numerator and denominator (the Schaffer rule). */
  quot?: [V, V];
}

/** Larger centred forms are dropped (pow doubles its operand's): the rewrite stays local. */
const MAX_LIFT_NODES = 400;

const neg = (a: IExpr): IExpr => ({ k: 'un', t: 'f', op: 'neg', a });
/** x + k, as x - |k| for k < 0, and x for k = 0. */
const plus = (x: IExpr, k: number): IExpr =>
  k === 0 ? x : k > 0 ? bin('+', x, num(k)) : bin('-', x, num(-k));
const isNum = (e: IExpr): e is { k: 'num'; t: 'f'; v: number } => e.k === 'num';

function size(e: IExpr): number {
  let n = 1;
  mapChildren(e, (c) => {
    n += size(c);
    return c;
  });
  return n;
}

const lifted = (e: IExpr, x: IExpr, k: number): V =>
  k !== 0 && Number.isFinite(k) && size(x) <= MAX_LIFT_NODES ? { e, lift: { x, k } } : { e };

// ---- Schwefel's w sin(sqrt|w|) ---------------------------------------------------------------

/** The maximiser of w sin(sqrt w) near 420.97, as CEC's codes write it. */
export const SCHWEFEL_CENTRE = 420.9687462275036;
/** Where the polynomial holds, and its degree (see the header). */
const SCHWEFEL_RADIUS = 4;
const SCHWEFEL_DEGREE = 10;

/**
 * The Taylor coefficients a_0..a_N of h(c + v) = (c + v) sin(sqrt(c + v)) at v = 0, c > 0, in
 * float64: sqrt(c + v) = s0 + d(v) by the binomial series, sin(s0 + d) = sin s0 cos d + cos s0
 * sin d by the series of cos d and sin d, then the product with c + v.
 */
export function schwefelSeries(c: number, N = SCHWEFEL_DEGREE): number[] {
  const mul = (a: number[], b: number[]) => {
    const r = new Array<number>(N + 1).fill(0);
    for (let i = 0; i <= N; i++) for (let j = 0; i + j <= N; j++) r[i + j]! += a[i]! * b[j]!;
    return r;
  };
  const s0 = Math.sqrt(c);
  const d = new Array<number>(N + 1).fill(0);
  let binom = 1;
  for (let n = 1; n <= N; n++) {
    binom *= (0.5 - (n - 1)) / n;
    d[n] = (s0 * binom) / c ** n;
  }
  const cosd = new Array<number>(N + 1).fill(0);
  const sind = new Array<number>(N + 1).fill(0);
  cosd[0] = 1;
  let pw = [1, ...new Array<number>(N).fill(0)];
  let fact = 1;
  for (let n = 1; n <= N; n++) {
    pw = mul(pw, d);
    fact *= n;
    const sign = n % 4 === 0 || n % 4 === 1 ? 1 : -1;
    const into = n % 2 === 0 ? cosd : sind;
    for (let i = 0; i <= N; i++) into[i]! += (sign * pw[i]!) / fact;
  }
  const sv = cosd.map((x, i) => Math.sin(s0) * x + Math.cos(s0) * sind[i]!);
  return mul([c, 1, ...new Array<number>(N - 1).fill(0)], sv);
}

/** h(c + v) - h(c): the series (Horner) where |v| < 4, the difference elsewhere. */
function schwefelDelta(v: IExpr, c: number): IExpr {
  const a = schwefelSeries(c);
  let p: IExpr = num(a[SCHWEFEL_DEGREE]!);
  for (let n = SCHWEFEL_DEGREE - 1; n >= 1; n--) p = bin('+', num(a[n]!), bin('*', v, p));
  const poly = bin('*', v, p);
  const w = bin('+', v, num(c));
  const far = bin('-', bin('*', w, call('sin', call('sqrt', call('abs', w)))), num(a[0]!));
  const near: IExpr = {
    k: 'bin',
    t: 'b',
    op: '<',
    a: call('abs', v),
    b: num(SCHWEFEL_RADIUS),
  };
  return { k: 'sel', t: 'f', c: near, a: poly, b: far };
}

/**
 * `e` as [sign] W sin(sqrt(abs W)): the W, the sign, and `e` rebuilt around another W (the walk
 * walks W once and puts it back in both places); undefined otherwise.
 */
function schwefelTerm(
  e: IExpr,
): { w: IExpr; sign: 1 | -1; around: (w: IExpr) => IExpr } | undefined {
  if (e.k !== 'bin' || e.op !== '*' || e.t !== 'f') return undefined;
  const s = e.b;
  if (s.k !== 'call' || s.fn !== 'sin') return undefined;
  const r = s.args[0]!;
  if (r.k !== 'call' || r.fn !== 'sqrt') return undefined;
  const ab = r.args[0]!;
  if (ab.k !== 'call' || ab.fn !== 'abs') return undefined;
  const w = ab.args[0]!;
  const a = e.a;
  const sign = exprEqual(a, w)
    ? 1
    : a.k === 'un' && a.op === 'neg' && exprEqual(a.a, w)
      ? -1
      : undefined;
  if (!sign) return undefined;
  const around = (x: IExpr): IExpr => ({
    ...e,
    a: a.k === 'un' && sign < 0 ? { ...a, a: x } : x,
    b: { ...s, args: [{ ...r, args: [{ ...ab, args: [x] }] }] },
  });
  return { w, sign, around };
}

// ---- the walk ----------------------------------------------------------------------------------

interface Scope {
  /** Bindings with a centred form: the name of the binding holding x, and k. */
  vecs: Map<string, { name: string; k: number }>;
  scalars: Map<string, { name: string; k: number }>;
  /** Set when a chain used centred forms (the program changes). */
  used: { v: boolean };
}

function walk(e: IExpr, s: Scope): V {
  switch (e.k) {
    case 'read': {
      const r: IExpr = { ...e, idx: e.idx.map((i) => walk(i, s).e) };
      const c = s.vecs.get(e.arr);
      return c ? lifted(r, { ...r, arr: c.name }, c.k) : { e: r };
    }
    case 'sref': {
      const c = s.scalars.get(e.name);
      return c ? lifted(e, { ...e, name: c.name }, c.k) : { e };
    }
    case 'un': {
      const a = walk(e.a, s);
      const out = { ...e, a: a.e };
      return e.op === 'neg' && e.t === 'f' && a.lift
        ? lifted(out, neg(a.lift.x), -a.lift.k)
        : { e: out };
    }
    case 'bin': {
      if (e.t !== 'f') return { e: mapChildren(e, (c) => walk(c, s).e) };
      if (e.op === '+' || e.op === '-') return chain(e, s);
      if (scaledCos(e)) return cosine(e, s);
      const sw = schwefelTerm(e);
      if (sw) {
        const w = walk(sw.w, s);
        const out = sw.around(w.e);
        const [v, c] =
          w.lift && w.lift.k >= 100
            ? [w.lift.x, w.lift.k]
            : [
                // w - c with c's float32 rounding first: exact near c (Sterbenz), then its rest.
                plus(
                  bin('-', w.e, num(Math.fround(SCHWEFEL_CENTRE))),
                  Math.fround(SCHWEFEL_CENTRE) - SCHWEFEL_CENTRE,
                ),
                SCHWEFEL_CENTRE,
              ];
        const d = schwefelDelta(v, c);
        const h0 = c * Math.sin(Math.sqrt(c));
        return sw.sign > 0 ? lifted(out, d, h0) : lifted(out, neg(d), -h0);
      }
      const a = walk(e.a, s);
      const b = walk(e.b, s);
      const out: IExpr = { ...e, a: a.e, b: b.e };
      if (e.op === '*' && isNum(a.e) && b.lift)
        return lifted(out, bin('*', a.e, b.lift.x), a.e.v * b.lift.k);
      if (e.op === '*' && isNum(b.e) && a.lift)
        return lifted(out, bin('*', a.lift.x, b.e), a.lift.k * b.e.v);
      if (e.op === '/' && isNum(b.e) && a.lift)
        return lifted(out, bin('/', a.lift.x, b.e), a.lift.k / b.e.v);
      if (e.op === 'pow' && isNum(b.e) && b.e.v === 2 && a.lift) {
        const { x, k } = a.lift;
        return lifted(out, bin('*', x, plus(x, 2 * k)), k * k);
      }
      return e.op === '/' ? { e: out, quot: [a, b] } : { e: out };
    }
    case 'call': {
      return scaledCos(e) ? cosine(e, s) : { e: mapChildren(e, (c) => walk(c, s).e) };
    }
    case 'sel': {
      const a = walk(e.a, s);
      const b = walk(e.b, s);
      const out: IExpr = { ...e, c: walk(e.c, s).e, a: a.e, b: b.e };
      // The branch constant of larger magnitude: the one that can cancel (Schwefel's -h(c)
      // against its boundary branches' small penalties).
      const ks = [a, b].flatMap((x) => (x.lift ? [x.lift.k] : []));
      if (e.t !== 'f' || !ks.length) return { e: out };
      const k = ks.reduce((m, x) => (Math.abs(x) > Math.abs(m) ? x : m));
      const less = (x: V) => (x.lift ? plus(x.lift.x, x.lift.k - k) : plus(x.e, -k));
      return lifted(out, { ...out, a: less(a), b: less(b) }, k);
    }
    case 'red': {
      const body = walk(e.body, s);
      const out: IExpr = {
        ...e,
        lo: walk(e.lo, s).e,
        hi: walk(e.hi, s).e,
        ...(e.cond ? { cond: walk(e.cond, s).e } : {}),
        body: body.e,
      };
      if (!body.lift || e.cond || (e.op !== 'sum' && e.op !== 'mean')) return { e: out };
      if (e.lo.k !== 'int' || e.hi.k !== 'int') return { e: out };
      const n = e.op === 'sum' ? e.hi.v - e.lo.v : 1;
      return lifted(out, { ...out, body: body.lift.x }, n * body.lift.k);
    }
    default:
      return { e: mapChildren(e, (c) => walk(c, s).e) };
  }
}

/** k cos t: its centred form -(2k sin^2(t / 2)) + k, from t walked once (in `out`). */
function cosine(e: IExpr, s: Scope): V {
  const out = mapChildren(e, (c) => walk(c, s).e);
  const kc = scaledCos(out)!; // the walk keeps the call and its number
  return lifted(out, neg(halfSquare(kc)), kc.k);
}

/**
 * A chain of + and -: its terms walked, the Schaffer quotient rule tried, and the terms' centred
 * forms used where their constants cancel.
 */
function chain(e: IExpr, s: Scope): V {
  const terms: { sign: 1 | -1; v: V }[] = [];
  // The chain as written, its terms replaced by their values (when no constant cancels).
  const rebuild = (x: IExpr, sign: 1 | -1): IExpr => {
    if (x.k === 'bin' && (x.op === '+' || x.op === '-') && x.t === 'f')
      return {
        ...x,
        a: rebuild(x.a, sign),
        b: rebuild(x.b, x.op === '+' ? sign : (-sign as 1 | -1)),
      };
    if (x.k === 'un' && x.op === 'neg' && x.t === 'f')
      return { ...x, a: rebuild(x.a, -sign as 1 | -1) };
    const v = walk(x, s);
    terms.push({ sign, v });
    return v.e;
  };
  const written = rebuild(e, 1);
  const constant = (t: { v: V }) => (isNum(t.v.e) ? t.v.e.v : undefined);
  const C = terms.reduce((a, t) => a + t.sign * (constant(t) ?? 0), 0);

  // Schaffer: C + (S + K) / (q + kq) = (S + C q) / (q + kq) where K + C kq = 0.
  if (C !== 0) {
    const i = terms.findIndex((t) => {
      const qt = t.v.quot;
      return t.sign > 0 && qt?.[0].lift && qt[1].lift && qt[0].lift.k + C * qt[1].lift.k === 0;
    });
    if (i >= 0) {
      const [n, q] = terms[i]!.v.quot!;
      const top = bin('+', n.lift!.x, bin('*', num(C), q.lift!.x));
      s.used.v = true;
      const rest: Term[] = terms.flatMap((t, j) =>
        j === i
          ? [{ sign: 1, e: bin('/', top, q.e) }]
          : constant(t) !== undefined
            ? []
            : [{ sign: t.sign, e: t.v.e }],
      );
      return { e: sumOf(rest) };
    }
  }

  // The centred forms. Offered upwards: every term centred, with the constants' sum. Used here:
  // the terms whose constants cancel the chain's, chosen greedily, the largest |k| first, each
  // only when it brings the sum of the constants nearer 0 (Rastrigin's 10 - 10 cos t inside
  // L-SHADE's objective centres the cosine and not the bounced-back u^2 = u~c (u~c - 5.12) +
  // 6.5536 beside it, whose 6.5536 would cancel nothing).
  const lifts = terms.flatMap((t, i) => (t.v.lift ? [i] : []));
  if (!lifts.length) {
    const xs = terms.flatMap((t) =>
      constant(t) === undefined ? [{ sign: t.sign, e: t.v.e }] : [],
    );
    return C !== 0 && xs.length ? lifted(written, sumOf(xs), C) : { e: written };
  }
  const k = (i: number) => terms[i]!.sign * terms[i]!.v.lift!.k;
  const centred = (S: Set<number>): Term[] =>
    terms.flatMap((t, i): Term[] => {
      if (constant(t) !== undefined) return [];
      if (!S.has(i)) return [{ sign: t.sign, e: t.v.e }];
      const x = t.v.lift!.x;
      return [
        x.k === 'un' && x.op === 'neg'
          ? { sign: -t.sign as 1 | -1, e: x.a }
          : { sign: t.sign, e: x },
      ];
    });
  const all = new Set(lifts);
  const Kall = C + lifts.reduce((a, i) => a + k(i), 0);
  const S = new Set<number>();
  let K = C;
  const magnitude0 = terms.reduce((a, t) => a + Math.abs(constant(t) ?? 0), 0);
  let magnitude = magnitude0;
  for (const i of [...lifts].sort((a, b) => Math.abs(k(b)) - Math.abs(k(a)) || a - b))
    if (Math.abs(K + k(i)) < Math.abs(K)) {
      S.add(i);
      K += k(i);
      magnitude += Math.abs(k(i));
    }
  // The chosen terms' constants summed first, then the chain's (0.7 - (0.3 + 0.4) is 0 in
  // float64, 0.7 - 0.4 - 0.3 is 5.6e-17: SOCO's Bohachevsky at its optimum).
  if (S.size) K = C + [...S].reduce((a, i) => a + k(i), 0);
  // Else the terms whose constants cancel each other rather than the chain's (HGBat's r2^2 - sz^2, each
  // (X + D)^2 against (Y - D)^2): all of them, when that cancels.
  const magnitudeAll = lifts.reduce((a, i) => a + Math.abs(k(i)), magnitude0);
  const use =
    S.size && Math.abs(K) < magnitude / 2
      ? { S, K }
      : Math.abs(Kall) < magnitudeAll / 2
        ? { S: all, K: Kall }
        : undefined;
  if (use) {
    s.used.v = true;
    const x = sumOf(centred(use.S));
    return lifted(plus(x, use.K), x, use.K);
  }
  return lifted(written, sumOf(centred(all)), Kall);
}

// ---- functions ---------------------------------------------------------------------------------

function fresh(taken: Set<string>, base: string): string {
  let n = `${base}~c`;
  for (let i = 2; taken.has(n); i++) n = `${base}~c${i}`;
  taken.add(n);
  return n;
}

function centreFunc(f: IrFunc, taken: Set<string>): { f: IrFunc; used: boolean } {
  const s: Scope = { vecs: new Map(), scalars: new Map(), used: { v: false } };
  const bindings: Binding[] = [];
  for (const b of f.bindings) {
    if (b.k === 'scan') {
      bindings.push({ ...b, body: walk(b.body, s).e });
      continue;
    }
    const v = walk(b.body, s);
    bindings.push({ ...b, body: v.e });
    if (!v.lift || (b.k === 'scalar' && b.t !== 'f')) continue;
    const name = fresh(taken, b.name);
    bindings.push({ ...b, name, body: v.lift.x });
    (b.k === 'vec' ? s.vecs : s.scalars).set(b.name, { name, k: v.lift.k });
  }
  const result = walk(f.result, s).e;
  const writes = f.writes?.map((w) => ({ ...w, row: walk(w.row, s).e, body: walk(w.body, s).e }));
  if (!s.used.v) return { f, used: false };
  return { f: dce({ ...f, bindings, result, ...(writes ? { writes } : {}) }), used: true };
}

export function centre(p: IrProgram): IrProgram {
  const taken = new Set<string>([
    ...p.data.map((d) => d.name),
    ...(p.state ?? []).map((a) => a.name),
    ...[p.main, ...p.funcs].flatMap((f) => [f.input, ...f.bindings.map((b) => b.name)]),
  ]);
  const main = centreFunc(p.main, taken);
  const funcs = p.funcs.map((g) => centreFunc(g, taken));
  if (!main.used && !funcs.some((g) => g.used)) return p;
  return { ...p, main: main.f, funcs: funcs.map((g) => g.f) };
}
