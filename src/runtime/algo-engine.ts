// What the run loop (run.ts) needs of a backend: run a step for a generation (recorded, on the GPU,
// into the current batch), finish the batch, and read back the trace and the best point.

import type { Step } from '../ir/step.js';
import type { RunAt } from './algo-host.js';

export interface AlgoEngine {
  readonly backend: 'cpu' | 'gpu';
  readonly adapter: string;
  /**
   * The work a batch of generations is sized for, in evaluated coordinates (a generation's
   * evaluations times D). The run loop sizes its batches from it and never from the clock, so
   * where a run stops at a target does not depend on how fast, or how loaded, the machine is.
   */
  readonly batchWork: number;
  /** Steps one batch may hold (the GPU's parameter blocks; unbounded on the CPU). */
  readonly maxRuns: number;
  /** Run (or record) `step` at `at` (its generation and round); the track step writes trace row `at.slot`. */
  run(step: Step, at: RunAt): void;
  /**
   * Submit what was recorded; resolves, once it has run, with the trace rows (TRACE_ROWS values),
   * followed, for a program that counts evaluations on the GPU (`repeat n while c`), by the
   * counter after each generation (TRACE_ROWS rows of two values, src/ir/step.ts WHILE_COUNT).
   * The next batch may be recorded and submitted before it resolves.
   */
  submit(): Promise<ArrayLike<number>>;
  /** Sets every copy of a one-value state array (before the run: the target's threshold). */
  setValue(name: string, v: number): void;
  readBest(): Promise<{ fit: number; point: Float64Array }>;
  readArray(name: string): Promise<Float64Array>;
  destroy(): void;
}
