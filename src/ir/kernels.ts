// How many kernels a schedule runs: a fact of the scheduled IR (src/ir/ir.ts, Schedule), used by
// the scheduler (src/schedule/schedule.ts) to fill it in, by the validator to check it, and by the
// split regime's code generator (scanByMoments).

import { polynomialIn } from './polynomial.js';
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

/**
 * In the split regime a scan whose consumers are all sums of polynomials in the scan value takes
 * one pass over the data (moments per chunk, carries applied in the combine: see polynomial.ts).
 */
export function scanByMoments(f: IrFunc, s: Stage & { k: 'scan' }): boolean {
  if (!s.outs.length) return false;
  return s.outs.every((o) => {
    const b = f.bindings.find((x) => x.name === o);
    if (!b || b.k !== 'scalar' || b.body.k !== 'red' || b.body.op !== 'sum' || b.body.t !== 'f')
      return false;
    const red = b.body;
    const isScanValue = (n: IExpr) => n.k === 'read' && n.arr === s.scan;
    if (red.cond && readsArray(red.cond, s.scan)) return false;
    return polynomialIn(red.body, isScanValue) !== null;
  });
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
    if (s.k === 'scan') n += s.outs.length ? (f && scanByMoments(f, s) ? 2 : 3) : 2;
    if (s.k === 'vec' && !f?.domain) n += 1;
  }
  return n;
}
