// The built-in scalar functions: their arity, result type, and float64 semantics (used by constant
// folding and by the CPU backend). The WGSL backend maps each to its WGSL form in
// codegen/wgsl-expr.ts; every entry there has a twin here.

export interface Builtin {
  arity: number;
  int?: boolean; // result is an integer
  f: (...a: number[]) => number;
}

/** C's round(): half away from zero (the CEC codes use it); JavaScript's Math.round is half up. */
export const roundHalfAway = (x: number): number => (x < 0 ? -Math.round(-x) : Math.round(x));

export const BUILTINS: Record<string, Builtin> = {
  sin: { arity: 1, f: Math.sin },
  cos: { arity: 1, f: Math.cos },
  tan: { arity: 1, f: Math.tan },
  asin: { arity: 1, f: Math.asin },
  acos: { arity: 1, f: Math.acos },
  atan: { arity: 1, f: Math.atan },
  sinh: { arity: 1, f: Math.sinh },
  cosh: { arity: 1, f: Math.cosh },
  tanh: { arity: 1, f: Math.tanh },
  exp: { arity: 1, f: Math.exp },
  log: { arity: 1, f: Math.log },
  log2: { arity: 1, f: Math.log2 },
  log10: { arity: 1, f: Math.log10 },
  sqrt: { arity: 1, f: Math.sqrt },
  abs: { arity: 1, f: Math.abs },
  sign: { arity: 1, f: Math.sign },
  floor: { arity: 1, f: Math.floor },
  ceil: { arity: 1, f: Math.ceil },
  round: { arity: 1, f: roundHalfAway },
  trunc: { arity: 1, f: Math.trunc },
  fract: { arity: 1, f: (x) => x - Math.floor(x) },
  clamp: { arity: 3, f: (x, lo, hi) => Math.min(Math.max(x, lo), hi) },
  int: { arity: 1, int: true, f: Math.trunc },
};

/** Two-argument functions are IR binary operators (so folding and codegen treat them uniformly). */
export const BINARY_BUILTINS: Record<string, 'pow' | 'min' | 'max' | 'atan2' | 'idiv'> = {
  pow: 'pow',
  min: 'min',
  max: 'max',
  atan2: 'atan2',
  idiv: 'idiv',
};

export function applyBuiltin(fn: string, args: number[]): number | undefined {
  const b = BUILTINS[fn];
  if (!b || args.length !== b.arity) return undefined;
  return b.f(...args);
}
