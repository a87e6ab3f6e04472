// The run loop, the same for both backends: initialise, then generations until a budget is spent.
//
// The host plans each generation (which steps run: conditions on parameters and draws only) and
// knows its evaluations in advance, so the evaluation budget is never exceeded: a generation that
// would exceed it is not started. The GPU records many generations per command buffer (a batch)
// and the host reads back only the trace rows of the batch (the best fitness after each
// generation, kept on the GPU by the track step); the target and the wall-clock budget are checked
// after each batch, so a run stops within one batch of them. Batches start small and double, up to
// the generations whose work (evaluations times D) fits the engine's `batchWork` and at most
// TRACE_ROWS (the trace buffer's rows). The schedule depends on the program and the engine only,
// never on the clock: a run that stops at its target or its evaluation budget gives the same
// result on a fast machine, a slow one and a loaded one (a time budget alone depends on time).

import type { CompiledAlgorithm } from '../compile/algorithm.js';
import { TRACE_ROWS } from '../elaborate/algorithm.js';
import { allSteps } from '../ir/step.js';
import { at } from '../ir/ir.js';
import type { AlgoEngine } from './algo-engine.js';
import { planGeneration } from './algo-host.js';

/** Generations in the first batch (small, so a run that reaches its target at once stops soon). */
const FIRST_BATCH = 4;

/**
 * The most generations a batch holds: a power of two whose work (each generation's evaluations
 * times D, at least D) fits `batchWork`, at least 1 and at most TRACE_ROWS.
 */
export function maxBatch(c: CompiledAlgorithm, batchWork: number): number {
  const evals = allSteps(c.algo.generation).reduce((s, st) => s + st.evals, 0);
  const work = Math.max(1, evals) * c.algo.dim;
  return Math.min(TRACE_ROWS, 2 ** Math.max(0, Math.floor(Math.log2(batchWork / work))));
}

export interface RunOptions {
  seed: number;
  /** Evaluation budget (never exceeded). */
  maxEvals?: number;
  /** Wall-clock budget in seconds (checked after each batch). */
  seconds?: number;
  /** Stop when the error (f - f*, or f* - f when maximising) is <= target. */
  target?: number;
  /** Stop after this many generations (tests). */
  maxGenerations?: number;
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
  /** Fixed generations per batch (default: adaptive). */
  batch?: number;
}

export interface Progress {
  evals: number;
  seconds: number;
  generations: number;
  /** The best value of the problem so far (in its own sense: the largest when maximising). */
  best: number;
}

export interface TraceEntry {
  evals: number;
  seconds: number;
  best: number;
}

export type StopReason = 'evals' | 'seconds' | 'target' | 'generations' | 'interrupted';

export interface RunResult {
  evals: number;
  seconds: number;
  generations: number;
  bestFitness: number;
  bestPoint: Float64Array;
  /** The best-so-far trace: one entry per improvement, and the last generation. */
  trace: TraceEntry[];
  stopped: StopReason;
}

export async function runAlgorithm(
  c: CompiledAlgorithm,
  engine: AlgoEngine,
  o: RunOptions,
): Promise<RunResult> {
  const maxEvals = o.maxEvals ?? Infinity;
  const t0 = performance.now();
  const now = () => (performance.now() - t0) / 1000;
  const initEvals = c.algo.init.reduce((s, st) => s + st.evals, 0);
  if (initEvals > maxEvals)
    throw new RangeError(
      `the evaluation budget (${maxEvals}) is smaller than the initial population (${initEvals} evaluations)`,
    );
  if (
    allSteps(c.algo.generation).every((st) => st.evals === 0) &&
    o.seconds === undefined &&
    o.maxGenerations === undefined &&
    o.target === undefined
  )
    throw new RangeError(
      `${c.algo.name} evaluates nothing in a generation, so an evaluation budget cannot end its run: give --seconds`,
    );
  for (const st of c.algo.init) engine.run(st, 0, 0);
  engine.run(c.algo.track, 0, 0);
  let evals = initEvals;
  let gen = 0;
  const trace: TraceEntry[] = [];
  let best = at(await engine.submit(), 0, 'the trace after the initial steps');
  trace.push({ evals, seconds: now(), best });
  // The engines minimise s f (s = -1 for a maximize problem, src/elaborate/algorithm.ts): `best` is the
  // smallest s f, its error s f - s f* = |f - f*| at the optimum's side; values leave as f.
  const s = c.algo.problem.direction === 'maximize' ? -1 : 1;
  const optimum = s * c.algo.problem.optimum;
  const reached = () => o.target !== undefined && best - optimum <= o.target;
  let stopped: StopReason | undefined = reached() ? 'target' : undefined;
  const most = maxBatch(c, engine.batchWork);
  let batch = o.batch ?? Math.min(FIRST_BATCH, most);
  // One batch runs on the GPU while the next is recorded: the host waits for batch k only after
  // submitting batch k + 1, so recording and execution overlap. A stop decided from batch k
  // (target, time, Ctrl-C) still lets batch k + 1 finish: a run stops within one batch.
  let inflight: {
    values: Promise<ArrayLike<number>>;
    slots: { slot: number; evals: number }[];
  } | null = null;
  for (;;) {
    const slots: { slot: number; evals: number }[] = [];
    let pendingTrack = false;
    while (!stopped && slots.length < batch) {
      if (o.maxGenerations !== undefined && gen >= o.maxGenerations) {
        stopped = 'generations';
        break;
      }
      const steps = planGeneration(c.algo.generation, o.seed, gen + 1);
      const e = steps.reduce((s, st) => s + st.evals, 0);
      if (evals + e > maxEvals) {
        stopped = 'evals';
        break;
      }
      gen++;
      const slot = gen % TRACE_ROWS;
      // With the track fused into the generation's first step, that step records the previous
      // generation (slot - 1); the batch's last generation is tracked after the loop.
      const fused = steps[0] && c.fused.get(steps[0]);
      if (fused) {
        engine.run(fused, gen, (gen - 1) % TRACE_ROWS);
        for (const st of steps.slice(1)) engine.run(st, gen, slot);
        pendingTrack = true;
      } else {
        for (const st of steps) engine.run(st, gen, slot);
        engine.run(c.algo.track, gen, slot);
        pendingTrack = false;
      }
      evals += e;
      slots.push({ slot, evals });
    }
    if (pendingTrack) engine.run(c.algo.track, gen, gen % TRACE_ROWS);
    const next = slots.length ? { values: engine.submit(), slots } : null;
    if (inflight) {
      const values = await inflight.values;
      // Let signal handlers (Ctrl-C) and timers run: the CPU backend's batches resolve at once.
      await new Promise((r) => setImmediate(r));
      const t = now();
      for (const slot of inflight.slots) {
        const v = at(values, slot.slot, 'the trace rows');
        if (v < best) trace.push({ evals: slot.evals, seconds: t, best: s * v });
        best = Math.min(best, v);
      }
      const done = at(inflight.slots, inflight.slots.length - 1, 'a batch (never empty)');
      o.onProgress?.({ evals: done.evals, seconds: t, generations: gen, best: s * best });
      if (!stopped && reached()) stopped = 'target';
      if (!stopped && o.seconds !== undefined && t >= o.seconds) stopped = 'seconds';
      if (!stopped && o.signal?.aborted) stopped = 'interrupted';
      if (o.batch === undefined) batch = Math.min(most, batch * 2);
    }
    inflight = next;
    if (!inflight) break;
  }
  const seconds = now();
  const last = at(trace, trace.length - 1, 'the trace (one entry after the initial steps)');
  if (last.evals !== evals) trace.push({ evals, seconds, best: s * best });
  const b = await engine.readBest();
  return {
    evals,
    seconds,
    generations: gen,
    bestFitness: s * b.fit,
    bestPoint: b.point,
    trace,
    stopped: stopped ?? 'evals',
  };
}
