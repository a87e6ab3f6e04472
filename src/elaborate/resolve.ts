// Builtin resolution for elaboration: what a name of the builtin table (src/ir/builtins.ts) is, in
// the categories the elaborators distinguish. Every lookup is an own-property one (a source file's
// `constructor` must not find Object.prototype).

import { REDUCE_OPS } from '../parser/ast.js';
import {
  BINARY_BUILTINS,
  BUILTINS,
  argumentCounts,
  binaryBuiltinOf as binaryOf,
  languageBuiltinOf,
  namedFunction,
  namedFunctions,
} from '../ir/builtins.js';

/** A builtin of the language (the IR's internal ones are not). */
export const builtinOf = languageBuiltinOf;

/** The data generators; the CEC 2010 ones run java.util.Random (rng/jrandom.ts). */
export const GENERATORS = namedFunctions('generator');
export const JRANDOM_GENERATORS = GENERATORS.filter((g) => g.startsWith('jrandom_'));

/**
 * The order functions of a vector (per individual): rank(v)[i] is the number of elements before v_i
 * in ascending order (equal values by index), argsort(v)[a] the index of the a-th smallest,
 * sort(v)[a] its value. They lower to counting reductions (a rank sort: n^2 comparisons spread over
 * a team's lanes), so they run in every backend and regime that runs reductions.
 */
export const ORDER_FUNCTIONS = namedFunctions('order');

/** The operator of a two-argument builtin (min, max, idiv, ...). */
export const binaryBuiltinOf = (name: string) => binaryOf(name)?.op;

export const isFunctionName = (name: string) =>
  builtinOf(name) !== undefined ||
  binaryBuiltinOf(name) !== undefined ||
  ORDER_FUNCTIONS.includes(name);

/** The builtin functions' names, for "did you mean" hints on unknown functions. */
export const functionNames = (): string[] => [
  ...Object.keys(BUILTINS),
  ...Object.keys(BINARY_BUILTINS),
];

/** The positional counts and the named arguments of a generator or a draw (ir/builtins.ts). */
export function signatureOf(
  kind: 'generator' | 'draw',
  name: string,
): { positional: number[]; named: string[] } {
  const f = namedFunction(kind, name);
  if (!f) throw new Error(`internal: no ${kind} '${name}'`);
  return argumentCounts(f.params);
}

/** Why a declaration cannot take this name, or undefined when it can. */
export function reservedName(name: string): string | undefined {
  if (isFunctionName(name)) return 'it is a built-in function';
  if ((REDUCE_OPS as readonly string[]).includes(name)) return 'it is a reduction';
  if (GENERATORS.includes(name)) return 'it is a data generator';
  if (name === 'pi' || name === 'e') return 'it is a constant';
  return undefined;
}
