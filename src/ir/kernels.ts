// How many kernels a schedule runs: a fact of the scheduled IR (src/ir/ir.ts, Schedule), used by
// the scheduler (src/schedule/schedule.ts) to fill it in and by the validator to check it.

import {
  forEachNode,
  type IExpr,
  type IrFunc,
  type Regime,
  type ScheduledProgram,
  type Stage,
  type StateArray,
} from './ir.js';
import { valueWritesAfter } from './step.js';

export function readsArray(e: IExpr, arr: string): boolean {
  return readsAnyOf(e, new Set([arr]));
}

/** Does `e` read any of `arrays`? */
export function readsAnyOf(e: IExpr, arrays: ReadonlySet<string>): boolean {
  let r = false;
  forEachNode(e, (n) => {
    if (n.k === 'read' && arrays.has(n.arr)) r = true;
  });
  return r;
}

export function countKernels(stages: Stage[], r: Regime, f?: IrFunc, state?: StateArray[]): number {
  if (r.k === 'team') return 1;
  // A step's vectors are computed in the next reduce or scan stage's first kernel; its writes
  // are a kernel of their own, and its value writes another where its scalars read their rows
  // (step.ts, valueWritesAfter).
  let n = f?.domain ? 1 : 0;
  if (f?.domain && state) {
    const p = { main: f, state, schedule: { regime: r, stages, kernels: 0 } };
    if (valueWritesAfter(p as unknown as ScheduledProgram)) n += 1;
  }
  for (const s of stages) {
    if (s.k === 'reduce') n += 2;
    // A scan: its tile totals, the rescan with its consumers, their combine.
    if (s.k === 'scan') n += s.outs.length ? 3 : 2;
    if (s.k === 'vec' && !f?.domain) n += 1;
  }
  return n;
}
