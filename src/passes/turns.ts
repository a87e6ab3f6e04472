// The `turns` pass: the arguments of periodic functions that multiply by large constants,
// computed in float-float.
//
// Weierstrass reads cos(2 pi 3^k (w + 0.5)) for k up to 20 and Katsuura |2^j w - round(2^j w)|
// for j up to 32 (CEC 2014 F6, F12, CEC 2017's hybrids and compositions with them, the classic
// Katsuura). Both are periodic in T = 3^k (w + 0.5) or T = 2^j w with period 1, so only T's
// fraction matters, and T = m X multiplies X's float32 rounding by m: 3^20 u (w + 0.5) is about
// 100 turns, 2^32 u |w| as much, so from a float32 X the GPU's terms were noise (a different
// function, excluded from the GPU-against-CPU tests). Near the optimum w + 0.5 alone rounds w
// away (5e-8 against an ulp of 6e-8 at 0.5).
//
// The pass computes X, and T = m X, as float-float pairs (two float32s, hi + lo: about 44 bits;
// ir/builtins.ts ffAdd, ffMul2), reduces T modulo 1 in the pair, r = (T.hi - round(T.hi)) + T.lo
// (`ff.turn`: exact but for the last addition), and gives the function r in place of T: cos(2 pi
// r), sin(2 pi r), or the distance to the nearest integer, min(|r|, 1 - |r|). X is lifted from the
// problem's input upwards: the input and other state are exact pairs (v, 0); data o are (o, o.lo),
// o.lo its float32 residual (passes/residual.ts), so a shift x - o is exact; +, -, * and / by a
// float32 constant are pair operations; a vector's elements (a rotation's rows, a permutation, a
// slice) are lifted as vectors of pairs, V~h and V~l, and a sum inside a vector's element as an
// `ffsum` reduction (ir/ir.ts). Anything else (a function, a scalar, a draw) is a pair leaf (v, 0):
// its float32 error stays, and the error bound says so.
//
// Sites: a call cos(t) or sin(t) with t a product of constants, one of them 2 pi, and one other
// factor X; abs(P - round(P)) and abs(P - floor(P + 0.5)) with P a product of constants and X. The
// constants are literals and powers pow(b, k) of a literal b. A sum over constant bounds (at most
// MAX_UNROLL terms) whose body holds a site with a power of its index is unrolled first, so that
// each term's multiplier is a known constant (3^k, 2^j: exact pairs), and all its sites are lifted;
// elsewhere a site is lifted when its multiplier is at least TURNS_MIN_FACTOR, where float32 loses
// 12 bits of T's fraction for |X| near 1 (Rastrigin's and Ackley's cos(2 pi z) stay as they are).
//
// GPU only (float64 keeps T's fraction to 2^-53 T: about 1e-6 turns at 3^20), so the pass runs
// after `scan`, where the CPU's pipeline stops, and before `residual`, which completes the shifts
// the pass leaves. The error bound (ir/error-bound.ts) is built on the GPU's program after it: the
// pair operations' rules are in ir/builtins.ts (FF_BOUND), and the test of the problems on the GPU
// against the CPU now includes Katsuura and Weierstrass. In an algorithm with float-float
// populations, the `twofloat` pass gives a pair leaf its low part (passes/twofloat.ts).

import { roundedInFloat32 } from '../ir/data.js';
import { foldExpr } from '../ir/fold.js';
import {
  exprEqual,
  int,
  mapChildren,
  num,
  some,
  substIdx,
  type Binding,
  type IExpr,
  type IrData,
  type IrFunc,
  type IrProgram,
} from '../ir/ir.js';
import { FF_DIST, FF_PAIR, FF_TURN } from '../ir/builtins.js';
import { residualName } from './residual.js';

/** The multiplier from which a lone site is lifted (a family in an unrolled sum always is). */
export const TURNS_MIN_FACTOR = 2 ** 12;
/** The most terms a sum is unrolled into. */
export const MAX_UNROLL = 64;

const TWO_PI = 2 * Math.PI;

interface Pair {
  h: IExpr;
  l: IExpr;
}
const ZERO = num(0);
const call = (fn: string, ...args: IExpr[]): IExpr => ({ k: 'call', t: 'f', fn, args });
const binF = (op: '+' | '-' | '*' | 'min', a: IExpr, b: IExpr): IExpr => ({
  k: 'bin',
  t: 'f',
  op,
  a,
  b,
});
const neg = (a: IExpr): IExpr => (a.k === 'num' ? num(-a.v) : { k: 'un', t: 'f', op: 'neg', a });
const isZero = (e: IExpr) => e.k === 'num' && e.v === 0;
const op2 = (op: string, args: IExpr[]): Pair => ({
  h: call(`ff.${op}.h`, ...args),
  l: call(`ff.${op}.l`, ...args),
});
/** A float64 constant as an exact pair of float32s (its hi and the rest, rounded: 2^-48). */
const split = (v: number): Pair => {
  const h = Math.fround(v);
  return { h: num(h), l: num(Math.fround(v - h)) };
};
const leaf = (e: IExpr): Pair => ({ h: e, l: ZERO });
const constPair = (p: Pair) => p.h.k === 'num' && p.l.k === 'num';
const addP = (a: Pair, b: Pair): Pair => op2('add', [a.h, a.l, b.h, b.l]);
const negP = (a: Pair): Pair => ({ h: neg(a.h), l: neg(a.l) });
function mulP(a: Pair, b: Pair): Pair {
  if (constPair(a) && !constPair(b)) return mulP(b, a);
  if (constPair(b) && isZero(b.l)) return op2('mul', [a.h, a.l, b.h]);
  return op2('mul2', [a.h, a.l, b.h, b.l]);
}

/** A constant factor's value: a literal, or pow(literal, integer literal). */
function constFactor(e: IExpr): number | undefined {
  if (e.k === 'num' || e.k === 'int') return e.v;
  if (e.k === 'bin' && e.op === 'pow' && e.a.k === 'num') {
    const b = e.b.k === 'num' || e.b.k === 'int' ? e.b.v : undefined;
    if (b !== undefined && Number.isInteger(b)) return e.a.v ** b;
  }
  return undefined;
}

/** The factors of a product tree. */
const factors = (e: IExpr): IExpr[] =>
  e.k === 'bin' && e.op === '*' && e.t === 'f' ? [...factors(e.a), ...factors(e.b)] : [e];

/** The argument T = m X of a periodic site, and what the site does with T's fraction r. */
interface Site {
  kind: 'cos' | 'sin' | 'dist';
  /** The constant factors other than 2 pi (cos, sin): their product is m. */
  consts: IExpr[];
  x: IExpr;
}

/** `e` as a site (see the header), or undefined. */
function siteOf(e: IExpr): Site | undefined {
  if (e.k !== 'call' || e.args.length !== 1) return undefined;
  const a = e.args[0]!;
  if (e.fn === 'cos' || e.fn === 'sin') {
    const fs = factors(a);
    const k = fs.findIndex((f) => f.k === 'num' && f.v === TWO_PI);
    if (k < 0) return undefined;
    return product(e.fn, [...fs.slice(0, k), ...fs.slice(k + 1)]);
  }
  if (e.fn === 'abs' && a.k === 'bin' && a.op === '-') {
    const r = a.b;
    const P = a.a;
    const nearest =
      (r.k === 'call' && r.fn === 'round' && exprEqual(r.args[0]!, P)) ||
      (r.k === 'call' &&
        r.fn === 'floor' &&
        r.args[0]!.k === 'bin' &&
        r.args[0]!.op === '+' &&
        exprEqual(r.args[0]!.a, P) &&
        r.args[0]!.b.k === 'num' &&
        r.args[0]!.b.v === 0.5);
    return nearest ? product('dist', factors(P)) : undefined;
  }
  return undefined;
}

/** Factors as constants (literals and powers, of any index) and one other factor X. */
function product(kind: Site['kind'], fs: IExpr[]): Site | undefined {
  const isConstLike = (f: IExpr) =>
    f.k === 'num' ||
    f.k === 'int' ||
    (f.k === 'bin' && f.op === 'pow' && f.a.k === 'num' && !some(f.b, (n) => n.k === 'read'));
  const others = fs.filter((f) => !isConstLike(f));
  if (others.length !== 1) return undefined;
  return { kind, consts: fs.filter(isConstLike), x: others[0]! };
}

/** The multiplier of a site whose constants are all known, or undefined. */
function multiplier(s: Site): number | undefined {
  let m = 1;
  for (const c of s.consts) {
    const v = constFactor(c);
    if (v === undefined) return undefined;
    m *= v;
  }
  return m;
}

/**
 * The largest multiplier of a site in `body` over index `idx` from lo to hi - 1 (a power of idx),
 * or 0 where no site uses idx in its multiplier.
 */
function familyFactor(body: IExpr, idx: string, lo: number, hi: number): number {
  let best = 0;
  const visit = (e: IExpr) => {
    const s = siteOf(e);
    if (s && s.consts.some((c) => some(c, (n) => n.k === 'idx' && n.name === idx)))
      for (const k of [lo, hi - 1]) {
        const m = multiplier({ ...s, consts: s.consts.map((c) => substIdx(c, idx, int(k))) });
        if (m !== undefined) best = Math.max(best, Math.abs(m));
      }
    for (const c of childrenOf(e)) visit(c);
  };
  visit(body);
  return best;
}

const childrenOf = (e: IExpr): IExpr[] => {
  const out: IExpr[] = [];
  mapChildren(e, (c) => (out.push(c), c));
  return out;
};

/** `x` as w + c, c a constant (0 where x has none). */
function offset(x: IExpr): { w: IExpr; c: number } {
  if (x.k === 'bin' && (x.op === '+' || x.op === '-') && x.t === 'f') {
    if (x.b.k === 'num') return { w: x.a, c: x.op === '+' ? x.b.v : -x.b.v };
    if (x.a.k === 'num' && x.op === '+') return { w: x.b, c: x.a.v };
  }
  return { w: x, c: 0 };
}

/** The data arrays a shift or a rotation may read as pairs: all but permutations and residuals. */
const liftableData = (p: IrProgram) => new Set(p.data.filter(roundedInFloat32).map((d) => d.name));

function turnsFunc(
  f: IrFunc,
  data: ReadonlySet<string>,
  needResidual: (arr: string) => void,
): IrFunc {
  const vecs = new Map(
    f.bindings.flatMap((b) => (b.k === 'vec' ? [[b.name, b] as [string, typeof b]] : [])),
  );
  const used = new Set<string>([f.input, ...f.bindings.map((b) => b.name)]);
  /** Lifted vectors: V -> the names of V~h and V~l. */
  const lifted = new Map<string, { h: string; l: string }>();
  /** The pair bindings to put after each original. */
  const after = new Map<string, Binding[]>();
  const fresh = (base: string) => {
    let n = base;
    for (let k = 2; used.has(n); k++) n = `${base}${k}`;
    used.add(n);
    return n;
  };

  const liftVec = (name: string): { h: string; l: string } => {
    const known = lifted.get(name);
    if (known) return known;
    const b = vecs.get(name)!;
    const p = lift(b.body, true);
    const names = { h: fresh(`${name}~h`), l: fresh(`${name}~l`) };
    lifted.set(name, names);
    after.set(name, [
      { k: 'vec', name: names.h, idx: b.idx, len: b.len, body: p.h },
      { k: 'vec', name: names.l, idx: b.idx, len: b.len, body: p.l },
    ]);
    return names;
  };

  /** `e` as a pair; `inVec`: inside a vector's element (a sum there is an ffsum). */
  const lift = (e: IExpr, inVec: boolean): Pair => {
    switch (e.k) {
      case 'num':
        return split(e.v);
      case 'read': {
        if (data.has(e.arr)) {
          needResidual(e.arr);
          return { h: e, l: { ...e, arr: residualName(e.arr) } };
        }
        if (vecs.has(e.arr)) {
          const v = liftVec(e.arr);
          return { h: { ...e, arr: v.h }, l: { ...e, arr: v.l } };
        }
        return leaf(e);
      }
      case 'un':
        return e.op === 'neg' ? negP(lift(e.a, inVec)) : leaf(e);
      case 'bin': {
        if (e.t !== 'f') return leaf(e);
        switch (e.op) {
          case '+':
            return addP(lift(e.a, inVec), lift(e.b, inVec));
          case '-':
            return addP(lift(e.a, inVec), negP(lift(e.b, inVec)));
          case '*':
            return mulP(lift(e.a, inVec), lift(e.b, inVec));
          case '/':
            if (e.b.k === 'num' && Math.fround(e.b.v) === e.b.v && e.b.v !== 0) {
              const a = lift(e.a, inVec);
              return op2('div', [a.h, a.l, e.b]);
            }
            return leaf(e);
          default:
            return leaf(e);
        }
      }
      case 'sel': {
        const a = lift(e.a, inVec);
        const b = lift(e.b, inVec);
        return { h: { ...e, a: a.h, b: b.h }, l: { ...e, a: a.l, b: b.l } };
      }
      case 'red': {
        if (!inVec || e.op !== 'sum' || e.t !== 'f') return leaf(e);
        const t = lift(e.body, inVec);
        const body = call(FF_PAIR, t.h, t.l);
        return { h: { ...e, op: 'ffsum.h', body }, l: { ...e, op: 'ffsum.l', body } };
      }
      default:
        return leaf(e);
    }
  };

  /**
   * A site with its multiplier known: the function of T's fraction. X = W + c (or W - c, c + W),
   * c a constant, is T = m W + m c: m c's fraction q is taken in float64 and added to W's turn.
   */
  const liftSite = (s: Site, m: number): IExpr => {
    const { w, c } = offset(s.x);
    const x = lift(w, false);
    const mp = split(m);
    const q = m * c - Math.round(m * c);
    const args = [x.h, x.l, mp.h, mp.l, num(q)];
    if (s.kind === 'dist') return call(FF_DIST, ...args);
    return {
      k: 'call',
      t: 'f',
      fn: s.kind,
      args: [binF('*', num(TWO_PI), call(FF_TURN, ...args))],
    };
  };

  let changed = false;
  /** Rewrites the sites of `e`; `all`: every site (the terms of an unrolled family). */
  const rw = (e: IExpr, all: boolean): IExpr => {
    if (
      e.k === 'red' &&
      e.op === 'sum' &&
      !e.cond &&
      e.lo.k === 'int' &&
      e.hi.k === 'int' &&
      e.hi.v - e.lo.v <= MAX_UNROLL &&
      e.hi.v > e.lo.v &&
      familyFactor(e.body, e.idx, e.lo.v, e.hi.v) >= TURNS_MIN_FACTOR
    ) {
      changed = true;
      const terms: IExpr[] = [];
      for (let k = e.lo.v; k < e.hi.v; k++)
        terms.push(foldExpr(rw(substIdx(e.body, e.idx, int(k)), true)));
      return terms.reduce((a, b) => binF('+', a, b));
    }
    const s = siteOf(e);
    const m = s && multiplier(s);
    if (s && m !== undefined && (all || Math.abs(m) >= TURNS_MIN_FACTOR)) {
      changed = true;
      return liftSite(s, m);
    }
    return mapChildren(e, (c) => rw(c, all));
  };

  const bindings: Binding[] = [];
  const rewritten = f.bindings.map((b) => ({ ...b, body: rw(b.body, false) }) as Binding);
  const result = rw(f.result, false);
  const writes = f.writes?.map((w) => ({ ...w, body: rw(w.body, false) }));
  if (!changed) return f;
  for (const b of rewritten) bindings.push(b, ...(after.get(b.name) ?? []));
  return { ...f, bindings, result, ...(writes ? { writes } : {}) };
}

/** The residual data the pass reads (declared after the program's data, as the residual pass does). */
export function turnsData(p: IrProgram): IrData[] {
  return turnsWith(p).added;
}

function turnsWith(p: IrProgram): { program: IrProgram; added: IrData[] } {
  const data = liftableData(p);
  const declared = new Set(p.data.map((d) => d.name));
  const added: IrData[] = [];
  const needResidual = (arr: string) => {
    const name = residualName(arr);
    if (declared.has(name)) return;
    declared.add(name);
    const d = p.data.find((x) => x.name === arr)!;
    added.push({ name, shape: d.shape, def: { k: 'residual', of: arr } });
  };
  const func = (f: IrFunc) => turnsFunc(f, data, needResidual);
  const main = func(p.main);
  const funcs = p.funcs.map(func);
  if (main === p.main && funcs.every((f, k) => f === p.funcs[k])) return { program: p, added: [] };
  return { program: { ...p, data: [...p.data, ...added], funcs, main }, added };
}

export function turns(p: IrProgram): IrProgram {
  return turnsWith(p).program;
}
