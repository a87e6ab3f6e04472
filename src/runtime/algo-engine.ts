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
  /**
   * Runs it holds, one a seed, all stepped by each `run` (1 on the CPU; the GPU batches the runs
   * of an experiment's cell: runBatch). submit() gives run r's trace rows at r TRACE_ROWS.
   */
  readonly runs: number;
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
  /** Run `run`'s best (run 0 by default). */
  readBest(run?: number): Promise<{ fit: number; point: Float64Array }>;
  /**
   * State array `name` of run `run` (0 by default), its current copy in float64 (the GPU's float32
   * words widened, a float-float array's parts added). readState (algo-state.ts) reads the
   * program's declared arrays with it.
   */
  readArray(name: string, run?: number): Promise<Float64Array>;
  /**
   * The whole state, between batches (nothing recorded or in flight): every state array's words
   * as the backend holds them (float64 on the CPU, float32 on the GPU) and which copy of each is
   * current. A run restored from it goes on exactly as the run it was taken from (run.ts).
   */
  snapshot(): Promise<EngineState>;
  /** Takes a snapshot of the same program on the same backend, before any step runs. */
  restore(s: EngineState): void;
  destroy(): void;
}

export interface EngineState {
  backend: 'cpu' | 'gpu';
  /** The state buffer: float64 words (CPU) or float32 words (GPU). */
  words: Float64Array | Float32Array;
  /** Which copy of each state array is current (algo-layout.ts). */
  currents: number[];
  /** Each array's current words in `words` (for the other backend, whose layout differs). */
  arrays: { name: string; offset: number; length: number }[];
}

/**
 * How an engine takes state `s`: as it is, from the same backend (the same layout: its words and
 * which copies are current), or array by array from the other backend's (StateLayout.adopt: the
 * words converted, float32 values widened or float64 values rounded; all of the state is numbers,
 * integers as exact floats), after which the run goes on as this backend computes.
 */
export function sameLayout(s: EngineState, backend: 'cpu' | 'gpu', words: number): boolean {
  if (s.backend !== backend) return false;
  if (s.words.length !== words)
    throw new RangeError(
      `a checkpoint's state has ${s.words.length} words, this program's ${words}`,
    );
  return true;
}
