// `repeat n while c` rewritten for the GPU (the language's lowering is algorithm.ts, repeatWhile):
// the loop's flag is a one-row state array `whileK`; the condition step `whileK.cond` clears it
// once c is false and adds the iteration's evaluations to the GPU's counter (WHILE_COUNT: lo +
// CARRY hi, and its value after each generation in the trace row $slot of while.trace); every
// write of the body's steps is conditional on the flag (guardStep, src/ir/step-builder.ts).

import { bin, int, num, type IExpr, type StateArray } from '../ir/ir.js';
import { WHILE_COUNT } from '../ir/step.js';
import type { ElabCore } from './core.js';
import { kept, type EachStep } from './algo-builder.js';
import { TRACE_ROWS } from './algo-track.js';

/** What the loop's rewrite needs of the algorithm elaborator. */
export interface WhileHost {
  core: ElabCore;
  /** Declares state arrays (in this order, after those declared so far). */
  declare(...arrays: StateArray[]): void;
  /** Whether a state array of that name is declared. */
  declared(name: string): boolean;
}

/**
 * The condition step's writes (b, whose scalar c is the loop's condition): the flag W becomes
 * flag and c; with E > 0 evaluations an iteration, the counter adds E while the flag is set, and
 * the generation's trace row of while.trace gets its value.
 */
export function conditionWrites(
  h: WhileHost,
  b: EachStep,
  W: StateArray,
  flag: IExpr,
  c: IExpr,
  E: number,
): void {
  const go = kept(h.core, b.fn, `${W.name}.go`, bin('and', bin('!=', flag, num(0)), c));
  const sel = (t: 'f' | 'i', cc: IExpr, a: IExpr, e: IExpr): IExpr => ({
    k: 'sel',
    t,
    c: cc,
    a,
    b: e,
  });
  b.writes.push({ arr: W.name, row: int(0), body: sel('f', go, num(1), num(0)) });
  if (E > 0) {
    const { lo, hi, trace, carry } = WHILE_COUNT;
    if (!h.declared(lo)) counterArrays(h);
    const read = (a: string): IExpr => ({ k: 'read', t: 'f', arr: a, idx: [int(0)] });
    const sum = h.core.scalarLet(
      b.fn,
      `${W.name}.sum`,
      bin('+', read(lo), sel('f', go, num(E), num(0))),
    ).e;
    const over = bin('>=', sum, num(carry));
    const lo1 = h.core.scalarLet(
      b.fn,
      `${W.name}.lo`,
      sel('f', over, bin('-', sum, num(carry)), sum),
    ).e;
    const hi1 = h.core.scalarLet(
      b.fn,
      `${W.name}.hi`,
      bin('+', read(hi), sel('f', over, num(1), num(0))),
    ).e;
    const j = (h.core.freshIdx('j') as { name: string }).name;
    b.writes.push(
      { arr: lo, row: int(0), body: lo1 },
      { arr: hi, row: int(0), body: hi1 },
      {
        arr: trace,
        row: { k: 'idx', t: 'i', name: '$slot' },
        col: { idx: j, len: 2 },
        body: sel('f', bin('==', { k: 'idx', t: 'i', name: j }, int(0)), lo1, hi1),
      },
    );
  }
}

/** The GPU's evaluation counter (WHILE_COUNT), declared once, by the first loop that counts. */
export function counterArrays(h: WhileHost): void {
  const { lo, hi, trace } = WHILE_COUNT;
  const arrays: StateArray[] = [
    { name: lo, rows: 1, cols: 0 },
    { name: hi, rows: 1, cols: 0 },
    { name: trace, rows: TRACE_ROWS, cols: 2 },
  ];
  h.declare(...arrays);
}

// Every write of a step of the loop's body conditional on its flag (the select pass guards a
// selection's steps too).
export { guardStep } from '../ir/step-builder.js';
