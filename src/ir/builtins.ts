// The language's named functions, one record each, read by every stage that needs them: the
// elaborators (name resolution, signatures), constant folding (ir/fold.ts) and the IR evaluator
// (ir/evaluate.ts) through `cpu`, the JavaScript backend (codegen/js.ts: `cpu` again), the WGSL
// backend (codegen/wgsl-expr.ts: `wgsl` over its own WgslBuilder; `wgslHelpers`, by id), the float32
// error bound (ir/error-bound.ts: `bound`), the grammar (tools/grammar.ts) and the reference
// docs/builtins.md (tools/builtins-doc.ts).
//
//   BUILTINS          scalar functions: IR `call` nodes, applied element by element to vectors
//   BINARY_BUILTINS   two-argument functions: IR binary operators (`bin`), so that folding and the
//                     backends treat them with the arithmetic operators
//   NAMED_FUNCTIONS   the other named functions: order functions of a vector, data generators and
//                     the algorithms' random draws, each lowered by its elaborator

import { at, type BinOp, type IExpr } from './ir.js';
import { RANGE, rangeEncode } from './range.js';

/** A value type of a signature. `number` is an integer or a real, kept as given. */
export type ValueType = 'real' | 'int' | 'number' | 'vector' | 'string' | 'flag';

export interface Param {
  name: string;
  type: ValueType;
  /** Given by name (`except: i`), not by position. */
  named?: boolean;
  /** May be left out. */
  optional?: boolean;
}

/**
 * The WGSL expressions a builtin's WGSL form is built of: the backend implements it over its own
 * expression representation (codegen/wgsl-expr.ts). The arguments it receives are f32 already.
 */
export interface WgslBuilder<E> {
  /** A call of a WGSL builtin or of a helper function (see `WgslHelperId`). */
  call(fn: string, args: E[]): E;
  mul(a: E, b: E): E;
  /** A float32 literal. */
  f32(v: number): E;
  /** A value conversion, WGSL's `i32(a)` or `f32(a)`. */
  cast(type: 'i32' | 'f32', a: E): E;
}

/** The WGSL builtin of that name called with the arguments, or a special form. */
export type WgslForm = string | (<E>(b: WgslBuilder<E>, args: E[]) => E);

/**
 * The float32 error bound of a call (see ir/error-bound.ts): from the call `e`, its arguments and
 * the bounds `mu` of their errors, an IR expression M with |call_float32 - call_exact| <= u M.
 */
export type BoundRule = (e: IExpr, args: IExpr[], mu: IExpr[]) => IExpr;

export interface Builtin {
  name: string;
  /** The arguments, positional: `real` arguments are converted from integers; `number` are not. */
  params: readonly Param[];
  result: 'real' | 'int';
  /** One line of documentation. */
  doc: string;
  /** The float64 implementation: constant folding, the IR evaluator and the CPU backend. */
  cpu: (...a: number[]) => number;
  wgsl: WgslForm;
  /** WGSL helper functions (by id: codegen/wgsl-library.ts BUILTIN_HELPERS) the WGSL form calls. */
  wgslHelpers?: readonly WgslHelperId[];
  bound: BoundRule;
}

/**
 * The WGSL helper functions that builtins' WGSL forms call, by identity (their names in WGSL).
 * Their text is the WGSL backend's (codegen/wgsl-library.ts BUILTIN_HELPERS): this table names
 * them only.
 */
export type WgslHelperId = 'opt_round' | 'opt_expm1';

// ---- the error bound's IR vocabulary (shared with ir/error-bound.ts) ------------------------

/** Ulps allowed for sin, cos, exp, log, pow... (WGSL/Vulkan implementations: a few ulps in range). */
export const ULPS = 4;
/** The unit roundoff of float32. */
export const U32 = 2 ** -24;

export const N = (v: number): IExpr => ({ k: 'num', t: 'f', v });
export const ZERO = N(0);
export const add = (...xs: IExpr[]): IExpr =>
  xs.reduce((a, b) => ({ k: 'bin', t: 'f', op: '+', a, b }));
export const mul = (a: IExpr, b: IExpr): IExpr => ({ k: 'bin', t: 'f', op: '*', a, b });
export const div = (a: IExpr, b: IExpr): IExpr => ({ k: 'bin', t: 'f', op: '/', a, b });
export const max = (a: IExpr, b: IExpr): IExpr => ({ k: 'bin', t: 'f', op: 'max', a, b });
export const call = (fn: string, a: IExpr): IExpr => ({ k: 'call', t: 'f', fn, args: [a] });
/** |a|, of an integer too (through trunc, which makes it real). */
export const abs = (a: IExpr): IExpr => ({
  k: 'call',
  t: 'f',
  fn: 'abs',
  args: [a.t === 'i' ? { k: 'call', t: 'f', fn: 'trunc', args: [a] } : a],
});
const sub1 = (x: IExpr): IExpr => ({ k: 'bin', t: 'f', op: '-', a: N(1), b: x });
/** A floor for |a| in 1/|a| terms: below the error itself the linearisation is not valid. */
export const floorBy = (a: IExpr, mu: IExpr): IExpr => max(abs(a), max(mul(N(U32), mu), N(1e-300))); // never 0: 0/0 would be NaN

/**
 * A one-argument builtin's bound rule: from the call `e`, its argument `a` and the bound `A` of the
 * argument's error (the elaborator checked the arity).
 */
type UnaryBound = (e: IExpr, a: IExpr, A: IExpr) => IExpr;
const unaryBound =
  (name: string, rule: UnaryBound): BoundRule =>
  (e, args, mu) =>
    rule(e, at(args, 0, `${name}'s argument`), at(mu, 0, `${name}'s argument's error bound`));
/** A one-argument WGSL form, likewise. */
const unaryWgsl =
  (name: string, form: <E>(b: WgslBuilder<E>, x: E) => E): WgslForm =>
  (b, args) =>
    form(b, at(args, 0, `${name}'s argument`));

/** ULPS of the result, propagation through a slope of 1 and an argument reduction (sin, cos). */
const periodic: UnaryBound = (e, a, A) => add(mul(N(ULPS), abs(e)), A, mul(N(ULPS), abs(a)));
const logarithm: UnaryBound = (e, a, A) =>
  add(mul(N(ULPS), abs(e)), N(ULPS), div(A, floorBy(a, A)));
// Evaluation: ULPS of the result and of the argument; WGSL computes sinh, cosh and tanh from exp
// (its spec: "inherited from (exp(x) - exp(-x)) / ..."), so near 0 their error is absolute, about
// ULPS units of 1. Propagation: the derivative times the argument's error.
const arcsine: UnaryBound = (e, a, A) => {
  const slope = div(N(1), call('sqrt', max(sub1(mul(a, a)), mul(N(U32), A))));
  return add(mul(N(ULPS), abs(e)), mul(N(ULPS), abs(a)), mul(A, slope));
};
const hyperbolic: UnaryBound = (e, a, A) =>
  add(mul(N(ULPS), call('cosh', a)), mul(N(ULPS), abs(a)), mul(A, call('cosh', a)));
/** Discontinuous: any error in the argument may move the result by one step. */
const step =
  (within: (e: IExpr) => IExpr): UnaryBound =>
  (e, _a, A) => ({
    k: 'sel',
    t: 'f',
    c: { k: 'bin', t: 'b', op: '>', a: A, b: ZERO },
    a: N(2 ** 24),
    b: within(e),
  });
const stepwise = step(() => ZERO);
/**
 * The sign: exact where the argument's error is below its magnitude (it cannot cross 0: the
 * range pass's sign of a product of positive factors), else a step.
 */
const signBound: UnaryBound = (_e, a, A) => ({
  k: 'sel',
  t: 'f',
  c: { k: 'bin', t: 'b', op: '<', a: mul(N(U32), A), b: abs(a) },
  a: ZERO,
  b: N(2 ** 24),
});

/** C's round(): half away from zero (the CEC codes use it); JavaScript's Math.round is half up. */
export const roundHalfAway = (x: number): number => (x < 0 ? -Math.round(-x) : Math.round(x));

const X: readonly Param[] = [{ name: 'x', type: 'real' }];
const unary = (
  name: string,
  doc: string,
  cpu: (x: number) => number,
  bound: UnaryBound,
  more: Partial<Builtin> = {},
): Builtin => ({
  name,
  params: X,
  result: 'real',
  doc,
  cpu,
  wgsl: name,
  bound: unaryBound(name, bound),
  ...more,
});

const TABLE: Builtin[] = [
  unary('sin', 'Sine (radians).', Math.sin, periodic),
  unary('cos', 'Cosine (radians).', Math.cos, periodic),
  unary('tan', 'Tangent (radians).', Math.tan, (e, a, A) =>
    add(mul(N(ULPS), abs(e)), mul(add(N(1), mul(e, e)), add(A, mul(N(ULPS), abs(a))))),
  ),
  unary('asin', 'Arc sine, in [-pi/2, pi/2].', Math.asin, arcsine),
  unary('acos', 'Arc cosine, in [0, pi].', Math.acos, arcsine),
  unary('atan', 'Arc tangent, in (-pi/2, pi/2).', Math.atan, (e, a, A) =>
    add(mul(N(ULPS), abs(e)), mul(N(ULPS), abs(a)), A),
  ),
  unary('sinh', 'Hyperbolic sine.', Math.sinh, hyperbolic),
  unary('cosh', 'Hyperbolic cosine.', Math.cosh, hyperbolic),
  unary('tanh', 'Hyperbolic tangent.', Math.tanh, (e, a, A) =>
    add(mul(N(ULPS), abs(e)), N(ULPS), mul(N(ULPS), abs(a)), A),
  ),
  unary('exp', 'e to the power x.', Math.exp, (e, a, A) =>
    mul(abs(e), add(N(ULPS), A, mul(N(ULPS), abs(a)))),
  ),
  unary(
    'expm1',
    'e to the power x, minus 1: exact near 0, where exp(x) - 1 cancels.',
    Math.expm1,
    (e, _a, A) => add(mul(N(ULPS), abs(e)), mul(A, add(abs(e), N(1)))),
    { wgsl: unaryWgsl('expm1', (b, x) => b.call('opt_expm1', [x])), wgslHelpers: ['opt_expm1'] },
  ),
  unary('log', 'Natural logarithm.', Math.log, logarithm),
  unary('log2', 'Base-2 logarithm.', Math.log2, logarithm),
  unary('log10', 'Base-10 logarithm.', Math.log10, logarithm, {
    // WGSL has no log10.
    wgsl: unaryWgsl('log10', (b, x) => b.mul(b.call('log', [x]), b.f32(0.4342944819032518))),
  }),
  unary('sqrt', 'Square root.', Math.sqrt, (e, a, A) =>
    add(abs(e), div(A, mul(N(2), call('sqrt', floorBy(a, A))))),
  ),
  unary('abs', 'Absolute value.', Math.abs, (_e, _a, A) => A),
  unary('sign', 'The sign: -1, 0 or 1.', Math.sign, signBound),
  unary('floor', 'The largest integer <= x (a real).', Math.floor, stepwise),
  unary('ceil', 'The smallest integer >= x (a real).', Math.ceil, stepwise),
  unary(
    'round',
    'The nearest integer (a real), halves away from zero as in C.',
    roundHalfAway,
    stepwise,
    {
      wgsl: unaryWgsl('round', (b, x) => b.call('opt_round', [x])),
      wgslHelpers: ['opt_round'],
    },
  ),
  unary('trunc', 'x without its fraction (a real), toward zero.', Math.trunc, stepwise),
  unary('fract', 'x - floor(x), in [0, 1).', (x) => x - Math.floor(x), step(abs)),
  {
    name: 'clamp',
    params: [
      { name: 'x', type: 'real' },
      { name: 'lo', type: 'real' },
      { name: 'hi', type: 'real' },
    ],
    result: 'real',
    doc: 'min(max(x, lo), hi).',
    cpu: (x, lo, hi) => Math.min(Math.max(x, lo), hi),
    wgsl: 'clamp',
    bound: (_e, _a, mu) =>
      max(at(mu, 0, 'clamp: x'), max(at(mu, 1, 'clamp: lo'), at(mu, 2, 'clamp: hi'))),
  },
  {
    name: 'int',
    params: [{ name: 'x', type: 'number' }],
    result: 'int',
    doc: 'The integer part of x, toward zero (an integer: it can index).',
    cpu: Math.trunc,
    wgsl: unaryWgsl('int', (b, x) => b.cast('i32', x)),
    bound: unaryBound('int', stepwise),
  },
];

export const BUILTINS: Record<string, Builtin> = Object.fromEntries(TABLE.map((b) => [b.name, b]));

// ---- float-float: the internal builtins of passes/twofloat.ts ------------------------------
//
// A pair (h, l) stands for h + l, two float32s. Each operation has two builtins, one for each part
// of its result (`ff.add.h`, `ff.add.l`), over the same arguments; their WGSL helpers return both
// (a vec2) and the shader compiler computes the shared work once. Not in the language: a source
// name cannot contain a dot. The `cpu` forms emulate float32 (Math.fround after each operation; a
// float32 product is exact in float64, which gives fma's exact error), so that the IR evaluator
// computes what the GPU does.

const fr = Math.fround;
/** Knuth's two-sum in float32: s = fl(a + b) and the exact error a + b - s. */
function twoSum(a: number, b: number): [number, number] {
  const s = fr(a + b);
  const v = fr(s - a);
  return [s, fr(fr(a - fr(s - v)) + fr(b - v))];
}
/** (ah + al) + (bh + bl), normalised. */
export function ffAdd(ah: number, al: number, bh: number, bl: number): [number, number] {
  const [s, e] = twoSum(ah, bh);
  return twoSum(s, fr(e + fr(al + bl)));
}
/** (ah + al) c: the hi product's exact error (Dekker's, or fma's: the same). */
export function ffMul(ah: number, al: number, c: number): [number, number] {
  const p = fr(ah * c);
  return twoSum(p, fr(fr(ah * c - p) + fr(al * c)));
}
/** (ah + al)(bh + bl): the hi product's exact error and the cross terms (passes/turns.ts). */
export function ffMul2(ah: number, al: number, bh: number, bl: number): [number, number] {
  const p = fr(ah * bh);
  return twoSum(p, fr(fr(ah * bh - p) + fr(fr(ah * bl) + fr(al * bh))));
}
/** Round half to even, as WGSL's round(). */
const roundEven = (x: number): number => {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
};
/**
 * The product (xh + xl)(mh + ml) reduced modulo 1 (passes/turns.ts): the pair product t, then
 * (t.h - round(t.h)) + t.l, in [-0.5, 0.5] but for t.l; t.h - round(t.h) is exact, so only the
 * last addition rounds.
 */
export function ffTurn(xh: number, xl: number, mh: number, ml: number, q: number): number {
  const [h, l] = ffMul2(xh, xl, mh, ml);
  return fr(fr(fr(h - roundEven(h)) + l) + q);
}
/** The distance of (xh + xl)(mh + ml) + q to the nearest integer, from its turn r: |r - round(r)|. */
export function ffDist(xh: number, xl: number, mh: number, ml: number, q: number): number {
  const r = ffTurn(xh, xl, mh, ml, q);
  return Math.abs(fr(r - roundEven(r)));
}

/** (ah + al) / c: the remainder of the hi quotient (exact), divided again. */
export function ffDiv(ah: number, al: number, c: number): [number, number] {
  const q = fr(ah / c);
  const p = fr(q * c);
  return twoSum(q, fr(fr(fr(fr(ah - p) - fr(q * c - p)) + al) / c));
}

// The float-float builtins' WGSL forms call the helpers ff_{op}_{part}, of the two-float library
// (codegen/wgsl-library.ts TWO_FLOAT_WGSL: Knuth's and Dekker's transformations kept from the
// shader compiler's algebra), one a builtin of FF_BUILTINS below.

/** a < b for pairs: on the hi parts, then on the lo parts. */
const ffLess = (ah: number, al: number, bh: number, bl: number) =>
  ah < bh || (ah === bh && al < bl);
export const ffMin = (ah: number, al: number, bh: number, bl: number): [number, number] =>
  ffLess(bh, bl, ah, al) ? [bh, bl] : [ah, al];
export const ffMax = (ah: number, al: number, bh: number, bl: number): [number, number] =>
  ffLess(ah, al, bh, bl) ? [bh, bl] : [ah, al];

const FF_WHAT = {
  add: 'sum',
  mul: 'product by a float',
  mul2: 'product',
  div: 'quotient by a float',
  min: 'minimum',
  max: 'maximum',
};

// The error bound of a pair (ir/error-bound.ts) is carried by its hi part: a `.h` builtin's bound
// is that of the pair h + l it makes, from the bounds of its operands' pairs, and a `.l` builtin's
// is 0. FF_EPS (in units of u = 2^-24) is what one pair operation adds, relative to its operands:
// Knuth's and Dekker's transformations are exact, and the final normalising sum leaves about
// 2 u^2 of the operands' magnitudes; 2^-20 u = 2^-44 is generous. The operands' bounds add up as
// in the operation's float64 arithmetic.
export const FF_EPS = 2 ** -20;
const pairMu = (mu: IExpr[], i: number) => add(at(mu, i, 'hi bound'), at(mu, i + 1, 'lo bound'));
const pairAbs = (args: IExpr[], i: number) =>
  add(abs(at(args, i, 'hi part')), abs(at(args, i + 1, 'lo part')));
const FF_BOUND: Record<keyof typeof FF_WHAT, BoundRule> = {
  add: (_e, a, mu) =>
    add(pairMu(mu, 0), pairMu(mu, 2), mul(N(FF_EPS), add(pairAbs(a, 0), pairAbs(a, 2)))),
  mul: (e, a, mu) =>
    add(
      mul(pairMu(mu, 0), abs(at(a, 2, 'c'))),
      mul(pairAbs(a, 0), at(mu, 2, "c's bound")),
      mul(N(FF_EPS), abs(e)),
    ),
  mul2: (e, a, mu) =>
    add(
      mul(pairMu(mu, 0), pairAbs(a, 2)),
      mul(pairAbs(a, 0), pairMu(mu, 2)),
      mul(N(FF_EPS), abs(e)),
    ),
  div: (e, a, mu) => {
    const c = at(a, 2, 'c');
    const C = at(mu, 2, "c's bound");
    return add(div(add(pairMu(mu, 0), mul(abs(e), C)), floorBy(c, C)), mul(N(FF_EPS), abs(e)));
  },
  min: (_e, _a, mu) => max(pairMu(mu, 0), pairMu(mu, 2)),
  max: (_e, _a, mu) => max(pairMu(mu, 0), pairMu(mu, 2)),
};
const ffPart = (
  op: keyof typeof FF_WHAT,
  part: 'h' | 'l',
  names: string[],
  cpu: (...a: number[]) => [number, number],
): Builtin => ({
  name: `ff.${op}.${part}`,
  params: names.map((name) => ({ name, type: 'real' })),
  result: 'real',
  doc: `The ${part === 'h' ? 'high' : 'low'} part of a float-float ${FF_WHAT[op]} (internal: passes/twofloat.ts).`,
  cpu: (...a) => cpu(...a)[part === 'h' ? 0 : 1],
  wgsl: (b, args) => b.call(`ff_${op}_${part}`, args),
  bound: part === 'h' ? FF_BOUND[op] : () => ZERO,
});

/** The float-float builtins (ff.{op}.{part}), in the order their WGSL helpers are declared. */
export const FF_BUILTINS: readonly Builtin[] = (['h', 'l'] as const).flatMap((part) => [
  ffPart('add', part, ['ah', 'al', 'bh', 'bl'], ffAdd),
  ffPart('mul', part, ['ah', 'al', 'c'], ffMul),
  ffPart('mul2', part, ['ah', 'al', 'bh', 'bl'], ffMul2),
  ffPart('div', part, ['ah', 'al', 'c'], ffDiv),
  ffPart('min', part, ['ah', 'al', 'bh', 'bl'], ffMin),
  ffPart('max', part, ['ah', 'al', 'bh', 'bl'], ffMax),
]);

// ---- range: values beyond float32's range (passes/range.ts) ----------------------------------

const RANGE_BUILTIN: Builtin = {
  name: RANGE,
  params: [{ name: 'v', type: 'real' }],
  result: 'real',
  doc: 'v, stored as phi(v): v below 2^100, an order-preserving logarithm beyond (internal: passes/range.ts).',
  cpu: rangeEncode,
  // The range pass computes every range() of a GPU program in float32 (passes/range.ts).
  wgsl: () => {
    throw new Error('internal: range() reached WGSL code generation; passes/range.ts rewrites it');
  },
  // phi has a slope of at most 1: the argument's error.
  bound: (_e, _args, mu) => at(mu, 0, "range's argument's error bound"),
};

// ---- a fitness value: NaN is the worst (docs/language.md, "NaN in fitness") -----------------

/**
 * The call every evaluation of an algorithm's objective goes through (elaborate/algorithm.ts):
 * v, or +infinity where v is NaN. A fitness that is NaN therefore counts as +infinity, worse than
 * every number, in every comparison after it (better, sorted, best, argmin, min, the track, the
 * target) on both backends, and no comparison ever sees a NaN: WGSL lets implementations assume
 * that none occurs, and a NaN compares false with everything, so that which point came first
 * would decide. The GPU's test reads the bits (codegen/wgsl-step.ts, opt_fit), which no float
 * algebra can see through.
 */
export const NAN_WORST = 'nan.worst';
const NAN_WORST_BUILTIN: Builtin = {
  name: NAN_WORST,
  params: [{ name: 'v', type: 'real' }],
  result: 'real',
  doc: 'v, or +infinity where v is NaN: a fitness value, whose NaN counts as the worst (internal: elaborate/algorithm.ts).',
  cpu: (v) => (Number.isNaN(v) ? Infinity : v),
  wgsl: (b, args) => b.call('opt_fit', args),
  // v itself where it is a number; +infinity is no value the bound speaks of.
  bound: (_e, _args, mu) => at(mu, 0, "nan.worst's argument's error bound"),
};

/**
 * A pair as a float-float sum's term: the body of an (ffsum.h ...) or (ffsum.l ...) reduction
 * (ir/ir.ts), which reads both arguments; its value is h + l.
 */
export const FF_PAIR = 'ff.pair';
const FF_PAIR_BUILTIN: Builtin = {
  name: FF_PAIR,
  params: [
    { name: 'h', type: 'real' },
    { name: 'l', type: 'real' },
  ],
  result: 'real',
  doc: 'The pair h + l, a term of a float-float sum (internal: passes/turns.ts).',
  cpu: (h, l) => h + l,
  wgsl: () => {
    throw new Error('internal: ff.pair outside a float-float sum reached WGSL code generation');
  },
  bound: (_e, _a, mu) => pairMu(mu, 0),
};

/**
 * (ff.turn xh xl mh ml q): the pair product plus q, reduced modulo 1 (ffTurn); (ff.dist xh xl mh
 * ml q): its distance to the nearest integer (ffDist). q is a float64 constant's fraction.
 */
export const FF_TURN = 'ff.turn';
export const FF_DIST = 'ff.dist';
// The product's error (FF_BOUND.mul2: the pairs' errors, FF_EPS of the product, bounded by the
// pairs' magnitudes), q's rounding and the last two sums' (of at most 1.5). A jump of 1 where the
// turn crosses a half: the turns pass gives it only to cos(2 pi r) and sin(2 pi r), functions of
// period 1, for which the bound holds across it; the distance is continuous.
const turnBound: BoundRule = (_e, a, mu) =>
  add(
    mul(pairMu(mu, 0), pairAbs(a, 2)),
    mul(pairAbs(a, 0), pairMu(mu, 2)),
    mul(N(FF_EPS), mul(pairAbs(a, 0), pairAbs(a, 2))),
    at(mu, 4, "q's bound"),
    N(3),
  );
const turnParams = ['xh', 'xl', 'mh', 'ml', 'q'].map((name) => ({ name, type: 'real' as const }));
const FF_TURN_BUILTINS: Builtin[] = [
  {
    name: FF_TURN,
    params: turnParams,
    result: 'real',
    doc: 'The product of pairs (xh + xl)(mh + ml), plus q, modulo 1: in [-1, 1] (internal: passes/turns.ts).',
    cpu: ffTurn,
    wgsl: (b, args) => b.call('ff_turn', args),
    bound: turnBound,
  },
  {
    name: FF_DIST,
    params: turnParams,
    result: 'real',
    doc: 'The distance of (xh + xl)(mh + ml) + q to the nearest integer (internal: passes/turns.ts).',
    cpu: ffDist,
    wgsl: (b, args) => b.call('ff_dist', args),
    bound: turnBound,
  },
];

/** The internal builtins: in the IR, never in a source file (docs and the grammar omit them). */
export const INTERNAL_BUILTINS: Record<string, Builtin> = Object.fromEntries(
  [...FF_BUILTINS, FF_PAIR_BUILTIN, ...FF_TURN_BUILTINS, RANGE_BUILTIN, NAN_WORST_BUILTIN].map(
    (b) => [b.name, b],
  ),
);

/** The scalar builtin `name` of the language (an own property), the internal ones left out. */
export const languageBuiltinOf = (name: string): Builtin | undefined =>
  Object.hasOwn(BUILTINS, name) ? BUILTINS[name] : undefined;

/**
 * The scalar builtin `name`, internal ones included (an own property: `constructor` in a source
 * file finds nothing). The elaborators see the language's builtins only (elaborate/resolve.ts).
 */
export const builtinOf = (name: string): Builtin | undefined =>
  Object.hasOwn(BUILTINS, name)
    ? BUILTINS[name]
    : Object.hasOwn(INTERNAL_BUILTINS, name)
      ? INTERNAL_BUILTINS[name]
      : undefined;

export function applyBuiltin(fn: string, args: number[]): number | undefined {
  const b = builtinOf(fn);
  if (!b || args.length !== b.params.length) return undefined;
  return b.cpu(...args);
}

/** Two-argument functions: IR binary operators, whose semantics are the operators'. */
export interface BinaryBuiltin {
  name: string;
  op: Extract<BinOp, 'pow' | 'min' | 'max' | 'atan2' | 'idiv'>;
  params: readonly [Param, Param];
  /** `number`: an integer when both arguments are integers, else a real. */
  result: 'real' | 'int' | 'number';
  doc: string;
}

const XY = (type: ValueType, a = 'x', b = 'y'): [Param, Param] => [
  { name: a, type },
  { name: b, type },
];

const BINARY_TABLE: BinaryBuiltin[] = [
  {
    name: 'pow',
    op: 'pow',
    params: XY('real'),
    result: 'real',
    doc: "x to the power y, as C's pow (a negative x with an integral y is defined); also x ^ y.",
  },
  {
    name: 'min',
    op: 'min',
    params: XY('number'),
    result: 'number',
    doc: 'The smaller of x and y.',
  },
  {
    name: 'max',
    op: 'max',
    params: XY('number'),
    result: 'number',
    doc: 'The larger of x and y.',
  },
  {
    name: 'atan2',
    op: 'atan2',
    params: XY('real', 'y', 'x'),
    result: 'real',
    doc: 'The angle of the point (x, y), in (-pi, pi].',
  },
  {
    name: 'idiv',
    op: 'idiv',
    params: XY('int', 'a', 'b'),
    result: 'int',
    doc: 'Integer division rounding down (floor(a / b)); b must not be 0.',
  },
];

export const BINARY_BUILTINS: Record<string, BinaryBuiltin> = Object.fromEntries(
  BINARY_TABLE.map((b) => [b.name, b]),
);

export const binaryBuiltinOf = (name: string): BinaryBuiltin | undefined =>
  Object.hasOwn(BINARY_BUILTINS, name) ? BINARY_BUILTINS[name] : undefined;

/** The other named functions, lowered by the elaborators. */
export interface NamedFunction {
  name: string;
  kind: 'order' | 'generator' | 'draw';
  params: readonly Param[];
  result: ValueType;
  doc: string;
}

const V: Param = { name: 'v', type: 'vector' };
const SEED: Param = { name: 'seed', type: 'int', named: true, optional: true };
const AFTER: Param = { name: 'after', type: 'vector', named: true, optional: true };
const JSEED: Param = { name: 'seed', type: 'int', named: true, optional: true };

export const NAMED_FUNCTIONS: readonly NamedFunction[] = [
  {
    name: 'rank',
    kind: 'order',
    params: [V],
    result: 'vector',
    doc: 'rank(v)[i]: how many elements come before v[i] in ascending order (ties by index).',
  },
  {
    name: 'argsort',
    kind: 'order',
    params: [V],
    result: 'vector',
    doc: 'argsort(v)[a]: the index of the a-th smallest element (ties by index).',
  },
  {
    name: 'sort',
    kind: 'order',
    params: [V],
    result: 'vector',
    doc: 'sort(v)[a]: the a-th smallest element.',
  },
  {
    name: 'uniform',
    kind: 'generator',
    params: [{ name: 'lo', type: 'real' }, { name: 'hi', type: 'real' }, SEED],
    result: 'vector',
    doc: 'Data drawn uniformly in [lo, hi) (Philox, keyed by the seed and the element).',
  },
  {
    name: 'normal',
    kind: 'generator',
    params: [{ name: 'mu', type: 'real' }, { name: 'sigma', type: 'real' }, SEED],
    result: 'vector',
    doc: 'Data drawn from a normal distribution (Box-Muller on Philox draws).',
  },
  {
    name: 'permutation',
    kind: 'generator',
    params: [SEED],
    result: 'vector',
    doc: 'A random permutation of 0 .. n-1 (Fisher-Yates on Philox draws).',
  },
  {
    name: 'file',
    kind: 'generator',
    params: [
      { name: 'path', type: 'string' },
      { name: 'offset', type: 'int', named: true, optional: true },
      { name: 'row', type: 'int', named: true, optional: true },
      { name: 'nonfinite', type: 'flag', named: true, optional: true },
    ],
    result: 'vector',
    doc: 'Numbers read from a text file: a table (one row a line), or a flat stream from offset: on ($DATA is the data folder; {D} the dimension).',
  },
  {
    name: 'jrandom_shift',
    kind: 'generator',
    params: [{ name: 'lo', type: 'real' }, { name: 'hi', type: 'real' }, JSEED, AFTER],
    result: 'vector',
    doc: "A CEC 2010 shift vector, drawn with java.util.Random as the competition's code does.",
  },
  {
    name: 'jrandom_permutation',
    kind: 'generator',
    params: [JSEED, AFTER],
    result: 'vector',
    doc: 'A CEC 2010 permutation, drawn with java.util.Random.',
  },
  {
    name: 'jrandom_rotation',
    kind: 'generator',
    params: [JSEED, AFTER],
    result: 'vector',
    doc: 'A stack of CEC 2010 rotation matrices, drawn with java.util.Random.',
  },
  {
    name: 'rand',
    kind: 'draw',
    params: [
      { name: 'lo', type: 'real', optional: true },
      { name: 'hi', type: 'real', optional: true },
    ],
    result: 'real',
    doc: 'A uniform draw in [0, 1), or in [lo, hi) (algorithms).',
  },
  {
    name: 'normal',
    kind: 'draw',
    params: [
      { name: 'mu', type: 'real', optional: true },
      { name: 'sigma', type: 'real', optional: true },
    ],
    result: 'real',
    doc: 'A standard normal draw, or mu + sigma times one (algorithms).',
  },
  {
    name: 'randint',
    kind: 'draw',
    params: [{ name: 'n', type: 'int' }],
    result: 'int',
    doc: 'An integer drawn uniformly in [0, n) (algorithms).',
  },
  {
    name: 'distinct',
    kind: 'draw',
    params: [
      { name: 'k', type: 'int' },
      { name: 'n', type: 'int' },
      { name: 'except', type: 'int', named: true, optional: true },
    ],
    result: 'vector',
    doc: 'k = 1 to 4 distinct integers in [0, n), none equal to except (algorithms).',
  },
];

/** The named function `name` of a kind. */
export const namedFunction = (kind: NamedFunction['kind'], name: string) =>
  NAMED_FUNCTIONS.find((f) => f.kind === kind && f.name === name);

/**
 * How a call may give a signature's arguments: the numbers of positional arguments (the required
 * ones, or all of them) and the names of those given by name.
 */
export function argumentCounts(params: readonly Param[]): {
  positional: number[];
  named: string[];
} {
  const pos = params.filter((p) => !p.named);
  const required = pos.filter((p) => !p.optional).length;
  return {
    positional: required === pos.length ? [required] : [required, pos.length],
    named: params.filter((p) => p.named).map((p) => p.name),
  };
}

/** The names of the named functions of a kind, in the table's order. */
export const namedFunctions = (kind: NamedFunction['kind']): string[] =>
  NAMED_FUNCTIONS.filter((f) => f.kind === kind).map((f) => f.name);

/** How the reference and the editor name a value type. */
const TYPE_NAME: Record<ValueType, string> = {
  real: 'real',
  int: 'integer',
  number: 'number',
  vector: 'vector',
  string: 'string',
  flag: 'true | false',
};

/** A function's signature as the reference writes it: `name(x: real, [seed: integer]) -> real`. */
export function signatureText(name: string, params: readonly Param[], result: ValueType): string {
  const ps = params.map((p) => {
    const s = `${p.name}: ${TYPE_NAME[p.type]}`;
    return p.optional ? `[${s}]` : s;
  });
  return `${name}(${ps.join(', ')}) -> ${TYPE_NAME[result]}`;
}

/** Every named function of the language, for editors: its kind, signature and one line of doc. */
export interface FunctionInfo {
  name: string;
  kind: 'scalar' | 'binary' | NamedFunction['kind'];
  signature: string;
  doc: string;
}

export function functionInfos(): FunctionInfo[] {
  return [
    ...Object.values(BUILTINS).map((b) => ({
      name: b.name,
      kind: 'scalar' as const,
      signature: signatureText(b.name, b.params, b.result),
      doc: b.doc,
    })),
    ...Object.values(BINARY_BUILTINS).map((b) => ({
      name: b.name,
      kind: 'binary' as const,
      signature: signatureText(b.name, b.params, b.result),
      doc: b.doc,
    })),
    ...NAMED_FUNCTIONS.map((f) => ({
      name: f.name,
      kind: f.kind,
      signature: signatureText(f.name, f.params, f.result),
      doc: f.doc,
    })),
  ];
}
