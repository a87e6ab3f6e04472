// The language's named functions, one record each, read by every stage that needs them: the
// elaborators (name resolution, signatures), constant folding (ir/fold.ts) and the IR evaluator
// (ir/evaluate.ts) through `cpu`, the JavaScript backend (codegen/js.ts: `cpu` again), the WGSL
// backend (codegen/wgsl-expr.ts: `wgsl` over its own WgslBuilder, `wgslHelpers`), the float32
// error bound (ir/error-bound.ts: `bound`), the grammar (tools/grammar.ts) and the reference
// docs/builtins.md (tools/builtins-doc.ts).
//
//   BUILTINS          scalar functions: IR `call` nodes, applied element by element to vectors
//   BINARY_BUILTINS   two-argument functions: IR binary operators (`bin`), so that folding and the
//                     backends treat them with the arithmetic operators
//   NAMED_FUNCTIONS   the other named functions: order functions of a vector, data generators and
//                     the algorithms' random draws, each lowered by its elaborator

import { at, type BinOp, type IExpr } from './ir.js';

/** A value type of a signature. `number` is an integer or a real, kept as given. */
export type ValueType = 'real' | 'int' | 'number' | 'vector' | 'string';

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
  /** A call of a WGSL builtin or of a helper function (see `wgslHelpers`). */
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
  /** WGSL helper functions (names in `wgslHelpers`) the WGSL form calls. */
  wgslHelpers?: readonly string[];
  bound: BoundRule;
}

/** WGSL functions that builtins' WGSL forms call, by name: the declaration each module holds. */
export const wgslHelpers: Record<string, string> = {
  opt_round: 'fn opt_round(x: f32) -> f32 { return sign(x) * floor(abs(x) + 0.5); }',
};

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
  unary('sign', 'The sign: -1, 0 or 1.', Math.sign, stepwise),
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

/** The scalar builtin `name` (an own property: `constructor` in a source file finds nothing). */
export const builtinOf = (name: string): Builtin | undefined =>
  Object.hasOwn(BUILTINS, name) ? BUILTINS[name] : undefined;

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
    ],
    result: 'vector',
    doc: 'Numbers read from a text file ($DATA is the data folder; {D} the dimension).',
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
