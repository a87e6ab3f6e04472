// The run loop, the same for both backends: initialise, then generations until a budget is spent.
//
// The host decides each generation's runs (which steps run: conditions on parameters and draws
// only) and knows its evaluations in advance, so the evaluation budget is never exceeded: a
// generation that would exceed it is not started. The steps of a `repeat n while c` body run only
// while c holds, which the GPU decides: the host counts them as their upper bound (every iteration
// runs) until it reads back the GPU's counter of their evaluations with the trace; a generation
// starts only if its upper bound fits what the counts known so far leave of the budget (when it
// does not, the host first waits for the batches in flight), and the evaluations reported are the
// exact ones. The GPU records many generations per command buffer (a batch) and the host reads back
// only the trace rows of the batch (the best fitness after each generation, kept on the GPU by the
// track step); the target and the wall-clock budget are checked after each batch, so a run stops
// within one batch of them. Batches start small and double, up to the generations whose work
// (evaluations times D) fits the engine's `batchWork` and at most TRACE_ROWS (the trace buffer's
// rows). The schedule depends on the program and the engine only, never on the clock: a run that
// stops at its target or its evaluation budget gives the same result on a fast machine, a slow one
// and a loaded one (a time budget alone depends on time).

import type { CompiledAlgorithm } from '../compile/algorithm.js';
import { TARGET_THRESHOLD, TRACE_ROWS } from '../elaborate/algorithm.js';
import { allSteps, countsOnGpu, WHILE_COUNT } from '../ir/step.js';
import { at } from '../ir/ir.js';
import { boxAt, type Box } from '../ir/data.js';
import { nextFloat32 } from '../ir/float32.js';
import { rangeDecode, rangeEncode } from '../ir/range.js';
import type { AlgoEngine, EngineState } from './algo-engine.js';
import { generationRuns, type GenerationRuns } from './algo-host.js';

/** Generations in the first batch (small, so a run that reaches its target at once stops soon). */
const FIRST_BATCH = 4;

/** Seconds between two checkpoints by default (RunOptions.checkpointEvery). */
export const DEFAULT_CHECKPOINT_SECONDS = 60;

/**
 * The most generations a batch holds: a power of two whose work (each generation's evaluations
 * times D, at least D) fits `batchWork`, at least 1 and at most TRACE_ROWS.
 */
export function maxBatch(c: CompiledAlgorithm, batchWork: number): number {
  // The first generation's runs count each `repeat` as often as it runs there.
  const first = generationRuns(c.algo.generation, 1, { gen: 1, evals: 0, budget: 0 });
  const evals = Math.max(
    allSteps(c.algo.generation).reduce((s, st) => s + st.evals, 0),
    first.runs.reduce((s, r) => s + r.step.evals, 0),
  );
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
  /**
   * Called with the run's whole state between batches, at most every `checkpointEvery` seconds
   * (0: after every batch), and awaited before the run goes on: what `resume` continues from.
   */
  onCheckpoint?: (cp: RunCheckpoint) => void | Promise<void>;
  checkpointEvery?: number;
  /**
   * A checkpoint of this program, seed and backend to continue from instead of starting anew:
   * the run then ends exactly as the run it was taken from would have (its timings aside).
   */
  resume?: RunCheckpoint;
}

/** A run between two batches: the engine's state and the run loop's (runAlgorithm). */
export interface RunCheckpoint {
  engine: EngineState;
  /** Generations run, the next generation's round (its draws' key), evaluations counted. */
  gen: number;
  round: number;
  hostEvals: number;
  gpuEvals: number;
  /** Generations in a row without an evaluation, and the evaluations after the last one. */
  idle: number;
  before: number;
  /** The best value so far as the kernels hold it, and the trace up to here. */
  best: number;
  trace: TraceEntry[];
  /** Seconds the run had taken (a --seconds budget goes on from there). */
  seconds: number;
}

export interface Progress {
  evals: number;
  seconds: number;
  generations: number;
  /** The best value of the problem so far (in its own sense: the largest when maximising). */
  best: number;
  /** Its error (NaN when the problem declares no optimum). */
  error: number;
}

/**
 * The best so far after some evaluations: its value f and error as the backend computed them
 * (float32 kernels on the GPU) with the problem's constant added in float64 (passes/bias.ts).
 */
export interface TraceEntry {
  evals: number;
  seconds: number;
  best: number;
  /** f - f* (f* - f when maximising), computed as g + (c - f*); NaN without an optimum. */
  error: number;
}

/**
 * `stalled`: only with `repeat n while c`, whose generations may make no evaluation at all: an
 * evaluation budget alone would never end such a run, so it stops after TRACE_ROWS generations in
 * a row that made none (give --seconds to run it longer).
 */
export type StopReason = 'evals' | 'seconds' | 'target' | 'generations' | 'interrupted' | 'stalled';

export interface RunResult {
  evals: number;
  seconds: number;
  generations: number;
  /** The best point's value and error as the backend computed them (see TraceEntry). */
  bestFitness: number;
  bestError: number;
  bestPoint: Float64Array;
  /** The best-so-far trace: one entry per improvement, and the last generation. */
  trace: TraceEntry[];
  stopped: StopReason;
}

/**
 * How many coordinates of `point` lie outside `box` (lo <= x <= hi in float64; NaN is outside): one
 * interval, or a box per coordinate (ir/data.ts boxOf).
 */
export function outsideBox(box: Box, point: ArrayLike<number>): number {
  let n = 0;
  for (let k = 0; k < point.length; k++) {
    const x = point[k]!;
    const [lo, hi] = boxAt(box, k);
    if (!(x >= lo && x <= hi)) n++;
  }
  return n;
}

export async function runAlgorithm(
  c: CompiledAlgorithm,
  engine: AlgoEngine,
  o: RunOptions,
): Promise<RunResult> {
  if (engine.runs !== 1)
    throw new Error(`internal: runAlgorithm with an engine of ${engine.runs} runs (runBatch)`);
  return at(await runLoop(c, engine, o), 0, 'the run');
}

/** The options of a batch of runs: those of a run, less what only a run alone can do. */
export type BatchOptions = Omit<RunOptions, 'seed' | 'seconds' | 'onCheckpoint' | 'resume'>;

/**
 * The runs of an engine made for several seeds (GpuAlgoEngine.create with seeds: the runs of one
 * experiment cell in the same kernels), each reported as runAlgorithm reports the same seed run
 * alone, bit for bit (test/gpu/batch.gpu.test.ts): the host decides one generation's runs for all
 * of them (batchRefusal: programs whose runs or evaluations differ between seeds do not batch),
 * reads every run's trace rows after each batch, and each run meets its target, or not, on its own.
 * A batch ends when every run has met its target or the budget is spent. Wall-clock budgets and
 * checkpoints are for runs alone: a batch's runs share the clock, and an experiment commits its
 * runs when the batch ends.
 */
export async function runBatch(
  c: CompiledAlgorithm,
  engine: AlgoEngine,
  seeds: readonly number[],
  o: BatchOptions,
): Promise<RunResult[]> {
  if (seeds.length !== engine.runs)
    throw new Error(`internal: ${seeds.length} seeds for an engine of ${engine.runs} runs`);
  const first = at(seeds, 0, 'the seeds');
  return runLoop(c, engine, { ...o, seed: first });
}

/**
 * The run loop: the refusals before anything runs, the start (initial steps, or a checkpoint
 * restored), batches until a stop, and the results. Each part is a method of RunLoop below.
 */
async function runLoop(
  c: CompiledAlgorithm,
  engine: AlgoEngine,
  o: RunOptions,
): Promise<RunResult[]> {
  const run = new RunLoop(c, engine, o);
  await run.start();
  await run.batches();
  return run.results();
}

/**
 * The budgets a run cannot be given (RangeError: a user error): one smaller than the initial
 * population, none that can end a run whose generations evaluate nothing, and none for an
 * algorithm that reads `progress`. `budget` is the one the kernels see ($budget; 0 without one).
 */
function refuseBudget(
  c: CompiledAlgorithm,
  o: RunOptions,
  maxEvals: number,
  initEvals: number,
  budget: number,
): void {
  if (initEvals > maxEvals)
    throw new RangeError(
      `the evaluation budget (${maxEvals}) is smaller than the initial population (${initEvals} evaluations)`,
    );
  // A target does not end such a run either: it may never be reached (the CLI always sets one).
  if (
    allSteps(c.algo.generation).every((st) => st.evals === 0) &&
    o.seconds === undefined &&
    o.maxGenerations === undefined
  )
    throw new RangeError(
      `${c.algo.name} evaluates nothing in a generation, so an evaluation budget cannot end its run: give --seconds`,
    );
  if (c.algo.readsProgress && !(budget > 0 && budget < 2 ** 31))
    throw new RangeError(
      `${c.algo.name} reads progress (the fraction of the evaluation budget used), so it needs an evaluation budget: give --evals (at most ${2 ** 31 - 1})`,
    );
}

/** The kernels' values as the problem's: its value f and its error (see TraceEntry). */
interface Readout {
  value: (v: number) => number;
  error: (v: number) => number;
  /** offset - s f*: the error is v + d. */
  d: number;
}

function readout(c: CompiledAlgorithm): Readout {
  // The engines minimise s f (s = -1 for a maximize problem, src/elaborate/algorithm.ts): `best` is the
  // smallest s f, its error s f - s f* = |f - f*| at the optimum's side; values leave as f.
  // The kernels' values v leave out the problem's constant terms (passes/bias.ts): s f = v +
  // offset, and the error s f - s f* is v + d with d = offset - s f* (0 for a CEC problem, whose
  // constant is its optimum), so an error near the optimum keeps every bit v has.
  const s = c.algo.problem.direction === 'maximize' ? -1 : 1;
  const offset = c.algo.offset;
  const d = offset - s * c.algo.problem.optimum;
  // Fitness held as phi(v) (passes/range.ts: values beyond float32's range) is decoded first.
  const dec = c.algo.range ? rangeDecode : (v: number) => v;
  return { value: (v) => s * (dec(v) + offset), error: (v) => dec(v) + d, d };
}

/** The evaluations the GPU counted in while bodies up to a trace slot (read back with the trace). */
function counter(values: ArrayLike<number>, slot: number): number {
  return (
    at(values, TRACE_ROWS + 2 * slot, 'the evaluation counter') +
    WHILE_COUNT.carry * at(values, TRACE_ROWS + 2 * slot + 1, 'the evaluation counter')
  );
}

/** Let signal handlers (Ctrl-C), timers and the orphan watchdog run. */
const yieldToEvents = () => new Promise((r) => setImmediate(r));

/**
 * A recorded generation: its trace slot, the host's evaluations after it, the upper bound of its
 * while bodies' evaluations and whether it counted any on the GPU.
 */
type Slot = { gen: number; slot: number; host: number; max: number; counts: boolean };

/** A generation's runs decided and admitted to the batch, not yet recorded. */
interface Admitted {
  generation: GenerationRuns;
  /** Where it runs (gen is the generation's number once recorded). */
  at0: { gen: number; evals: number; budget: number };
  /** Its evaluations the host knows, and the upper bound of those of its while bodies. */
  eHost: number;
  eMax: number;
}

/** One run loop's state (of R runs at once: runBatch), and its parts. */
class RunLoop {
  private readonly R: number;
  private readonly maxEvals: number;
  private readonly budget: number;
  private readonly initEvals: number;
  private readonly t0 = performance.now();
  /** Seconds taken before a resume. */
  private readonly earlier: number;
  private readonly out: Readout;
  /** Whether the GPU counts evaluations (`repeat n while c`). */
  private readonly counted: boolean;
  /** The most generations a batch holds (maxBatch). */
  private readonly most: number;
  // Evaluations: those the host knows (every step but the bodies of `repeat n while c`), those the
  // GPU counted in while bodies up to the last generation read back, and an upper bound of those
  // in the generations not yet read back. Without while loops the last two stay 0.
  private hostEvals: number;
  private gpuEvals: number;
  private pendingMax = 0;
  /** Generations in a row that made no evaluation (read back), and the evaluations after the last. */
  private idle: number;
  private before: number;
  private gen: number;
  /** The round of the next generation: draws are keyed by it (src/runtime/algo-host.ts). */
  private round: number;
  private readonly traces: TraceEntry[][];
  /** Each run's best (run r's trace rows start at r TRACE_ROWS: AlgoEngine.submit). */
  private best: number[] = [];
  /** The generation that met each run's target, and the evaluations made by its end. */
  private met: ({ gen: number; evals: number } | undefined)[] = [];
  private stopped: StopReason | undefined;
  private batch = 0;
  private inflight: { values: Promise<ArrayLike<number>>; slots: Slot[] } | null = null;
  private lastCheckpoint = 0;

  constructor(
    private readonly c: CompiledAlgorithm,
    private readonly engine: AlgoEngine,
    private readonly o: RunOptions,
  ) {
    this.R = engine.runs;
    this.maxEvals = o.maxEvals ?? Infinity;
    this.earlier = o.resume?.seconds ?? 0;
    this.initEvals = c.algo.init.reduce((s, st) => s + st.evals, 0);
    this.budget = Number.isFinite(this.maxEvals) ? this.maxEvals : 0;
    refuseBudget(c, o, this.maxEvals, this.initEvals, this.budget);
    this.out = readout(c);
    const resume = o.resume;
    this.hostEvals = resume?.hostEvals ?? this.initEvals;
    this.gpuEvals = resume?.gpuEvals ?? 0;
    this.counted = countsOnGpu(c.algo);
    this.idle = resume?.idle ?? 0;
    this.before = resume?.before ?? this.initEvals;
    this.gen = resume?.gen ?? 0;
    this.round = resume?.round ?? 1;
    this.traces = resume
      ? [resume.trace.map((e) => ({ ...e }))]
      : Array.from({ length: this.R }, () => []);
    this.most = maxBatch(c, engine.batchWork);
  }

  private now(): number {
    return this.earlier + (performance.now() - this.t0) / 1000;
  }

  /** The evaluations counted so far, those of the generations not yet read back at their most. */
  private bound(): number {
    return this.hostEvals + this.gpuEvals + this.pendingMax;
  }

  private entry(r: number, evals: number, seconds: number): TraceEntry {
    const b = at(this.best, r, 'the runs');
    return { evals, seconds, best: this.out.value(b), error: this.out.error(b) };
  }

  private reached(r: number): boolean {
    return (
      this.o.target !== undefined && this.out.error(at(this.best, r, 'the runs')) <= this.o.target
    );
  }

  /**
   * The start: a checkpoint restored, or the initial steps run and read back; the target's
   * threshold set, the first trace entry, and the runs that meet their target already.
   */
  async start(): Promise<void> {
    const { c, engine, o } = this;
    const init = { gen: 0, round: 0, slot: 0, evals: 0, budget: this.budget };
    const resume = o.resume;
    if (resume) engine.restore(resume.engine);
    // The track keeps the best point once it meets the target: the run reports that generation.
    // (After a restore too: the threshold is the command's, whatever the checkpoint's state held.)
    engine.setValue(
      TARGET_THRESHOLD,
      o.target === undefined
        ? -Infinity
        : (c.algo.range ? rangeEncode : (v: number) => v)(
            targetThreshold(-this.out.d, o.target, engine.backend === 'gpu'),
          ),
    );
    if (!resume) {
      for (const st of c.algo.init) engine.run(st, init);
      engine.run(c.algo.track, init);
    }
    if (resume) this.best = [resume.best];
    else {
      const values = await engine.submit();
      this.best = Array.from({ length: this.R }, (_, r) =>
        at(values, r * TRACE_ROWS, 'the trace after the initial steps'),
      );
    }
    for (const b of this.best) if (!(b < Infinity)) await refuseOverflow(c, engine, b);
    if (!resume) this.traces.forEach((t, r) => t.push(this.entry(r, this.initEvals, this.now())));
    this.met = this.best.map((_, r) =>
      this.reached(r)
        ? resume
          ? { gen: this.gen, evals: this.hostEvals + this.gpuEvals }
          : { gen: 0, evals: this.initEvals }
        : undefined,
    );
    this.stopped = this.met.every((m) => m) ? 'target' : undefined;
    this.batch = o.batch ?? Math.min(FIRST_BATCH, this.most);
    this.lastCheckpoint = this.now();
  }

  /**
   * Batches until the run stops. One batch runs on the GPU while the next is recorded: the host
   * waits for batch k only after submitting batch k + 1, so recording and execution overlap. A
   * stop decided from batch k (target, time, Ctrl-C) still lets batch k + 1 finish: a run stops
   * within one batch.
   */
  async batches(): Promise<void> {
    for (;;) {
      const slots = await this.recordBatch();
      const next = slots.length ? { values: this.engine.submit(), slots } : null;
      if (this.inflight) {
        const values = await this.inflight.values;
        // Let signal handlers (Ctrl-C) and timers run: the CPU backend's batches resolve at once.
        await yieldToEvents();
        this.readBack(values, this.inflight.slots);
        if (this.o.batch === undefined) this.batch = Math.min(this.most, this.batch * 2);
      }
      this.inflight = next;
      await this.checkpointIfDue();
      // Nothing recorded and not stopped: a generation waited for the counts just read back.
      if (!this.inflight && this.stopped) break;
    }
    if (this.pendingMax !== 0)
      throw new Error(`internal: ${this.pendingMax} evaluations not read back`);
    // Interrupted (Ctrl-C): a checkpoint where it stopped, so that --resume loses nothing.
    // (`stopped` is set inside readBack(), which TypeScript's narrowing does not follow.)
    if ((this.stopped as StopReason | undefined) === 'interrupted' && this.o.onCheckpoint)
      await this.checkpoint(this.o.onCheckpoint);
  }

  /**
   * Records generations until the batch is full, the run stops, or a generation must wait for
   * the counts in flight; then the batch's last track. Returns the generations recorded.
   */
  private async recordBatch(): Promise<Slot[]> {
    const slots: Slot[] = [];
    let pendingTrack = false;
    let runs = 0;
    while (!this.stopped && slots.length < this.batch) {
      const g = this.admit(runs);
      if (!g) break;
      pendingTrack = this.recordGeneration(g);
      runs += g.generation.runs.length + 1;
      this.hostEvals += g.eHost;
      this.pendingMax += g.eMax;
      slots.push({
        gen: this.gen,
        slot: this.gen % TRACE_ROWS,
        host: this.hostEvals,
        max: g.eMax,
        counts: g.generation.runs.some((r) => r.step.countsEvals),
      });
      // The CPU backend computes each step as it is recorded, so a batch of its generations is
      // one synchronous stretch (a minute at D = 1,000,000): signal handlers (Ctrl-C), timers
      // and the orphan watchdog run between its generations. A batch ends early only when the
      // run is interrupted; the GPU backend records without waiting (its work runs on submit).
      if (this.engine.backend === 'cpu') {
        await yieldToEvents();
        if (this.o.signal?.aborted) break;
      }
    }
    if (pendingTrack)
      this.engine.run(this.c.algo.track, {
        gen: this.gen,
        round: this.round - 1,
        slot: this.gen % TRACE_ROWS,
        evals: this.bound(),
        budget: this.budget,
      });
    return slots;
  }

  /**
   * The next generation's runs, if they may join a batch that holds `runs` step runs: undefined
   * when the batch ends before it (setting `stopped` when the run ends: its generation limit, or
   * its evaluation budget).
   */
  private admit(runs: number): Admitted | undefined {
    const { c, engine, o } = this;
    if (o.maxGenerations !== undefined && this.gen >= o.maxGenerations) {
      this.stopped = 'generations';
      return undefined;
    }
    // `progress` is exact: with evaluations counted on the GPU, a generation that reads it
    // waits until the counts of the generations before it are read back.
    if (c.algo.readsProgress && this.pendingMax > 0) return undefined;
    const at0 = { gen: this.gen + 1, evals: this.bound(), budget: this.budget };
    const generation = generationRuns(c.algo.generation, o.seed, at0, this.round, c.algo.hostLets);
    let eHost = 0;
    let eMax = 0;
    for (const r of generation.runs)
      if (r.step.guard) eMax += r.evals;
      else eHost += r.evals;
    if (this.bound() + eHost + eMax > this.maxEvals) {
      // The counts of the generations in flight may leave room for this one: wait for them.
      if (this.pendingMax > 0) return undefined;
      this.stopped = 'evals';
      return undefined;
    }
    // A batch holds what the engine has parameter blocks for (the generation, its track and
    // the batch's last track); a generation too large for an empty batch cannot run at all.
    if (runs + generation.runs.length + 2 > engine.maxRuns) {
      if (runs === 0)
        throw new RangeError(
          `a generation of ${c.algo.name} runs ${generation.runs.length} steps; the ${engine.backend.toUpperCase()} backend records at most ${engine.maxRuns - 2} in a batch`,
        );
      return undefined;
    }
    return { generation, at0, eHost, eMax };
  }

  /**
   * Records an admitted generation's steps and its track; returns whether its track is still to
   * be recorded (fused into the next generation's first step, or the batch's last track).
   */
  private recordGeneration({ generation, at0 }: Admitted): boolean {
    const { c, engine } = this;
    this.gen++;
    this.round = generation.nextRound;
    const gen = this.gen;
    const slot = gen % TRACE_ROWS;
    const at_ = (r: { round: number; n?: number; h?: number[] }, s: number) => ({
      ...at0,
      round: r.round,
      slot: s,
      n: r.n,
      h: r.h ?? generation.h,
    });
    // With the track fused into the generation's first step, that step records the previous
    // generation (slot - 1); the batch's last generation is tracked after the loop.
    const [first, ...rest] = generation.runs;
    const fused = first && c.fused.get(first.step);
    if (first && fused) {
      engine.run(fused, at_(first, (gen - 1) % TRACE_ROWS));
      for (const r of rest) engine.run(r.step, at_(r, slot));
      return true;
    }
    for (const r of generation.runs) engine.run(r.step, at_(r, slot));
    engine.run(c.algo.track, at_({ round: generation.nextRound - 1 }, slot));
    return false;
  }

  /** A batch's trace rows read back: the evaluations, the best so far, progress and the stops. */
  private readBack(values: ArrayLike<number>, taken: Slot[]): void {
    const t = this.now();
    let done = 0;
    for (const slot of taken) {
      if (slot.counts) this.gpuEvals = counter(values, slot.slot);
      this.pendingMax -= slot.max;
      done = slot.host + this.gpuEvals;
      this.idle = done === this.before ? this.idle + 1 : 0;
      this.before = done;
      for (let r = 0; r < this.R; r++) {
        if (this.met[r]) continue; // the best point was kept at the target (TARGET_THRESHOLD)
        const v = at(values, r * TRACE_ROWS + slot.slot, 'the trace rows');
        const b = at(this.best, r, 'the runs');
        this.best[r] = Math.min(b, v);
        if (v < b) at(this.traces, r, 'the runs').push(this.entry(r, done, t));
        if (this.reached(r)) this.met[r] = { gen: slot.gen, evals: done };
      }
    }
    this.progress(done, t);
    this.stopAfterBatch(t);
  }

  /** The progress callback after a batch: a batch's progress is its best run's. */
  private progress(evals: number, seconds: number): void {
    const top = Math.min(...this.best);
    this.o.onProgress?.({
      evals,
      seconds,
      generations: this.gen,
      best: this.out.value(top),
      error: this.out.error(top),
    });
  }

  /** The stops checked after each batch: every target met, the time, Ctrl-C, a stalled run. */
  private stopAfterBatch(t: number): void {
    const o = this.o;
    if (this.stopped) return;
    if (this.met.every((m) => m)) this.stopped = 'target';
    else if (o.seconds !== undefined && t >= o.seconds) this.stopped = 'seconds';
    else if (o.signal?.aborted) this.stopped = 'interrupted';
    else if (
      this.counted &&
      this.idle >= TRACE_ROWS &&
      o.seconds === undefined &&
      o.maxGenerations === undefined
    )
      this.stopped = 'stalled';
  }

  /**
   * A checkpoint between batches when one is due: the batch in flight is read back first, so
   * that the state and the counters are those of its last generation, and nothing is recorded
   * meanwhile.
   */
  private async checkpointIfDue(): Promise<void> {
    const o = this.o;
    if (
      !o.onCheckpoint ||
      this.stopped ||
      this.now() - this.lastCheckpoint < (o.checkpointEvery ?? DEFAULT_CHECKPOINT_SECONDS)
    )
      return;
    if (this.inflight) {
      this.readBack(await this.inflight.values, this.inflight.slots);
      this.inflight = null;
      // As after any batch: signal handlers (Ctrl-C) and timers run (the next batch is
      // recorded only after the checkpoint, so the wait above may have been no wait at all).
      await yieldToEvents();
    }
    if (!this.stopped && this.pendingMax === 0) {
      await this.checkpoint(o.onCheckpoint);
      this.lastCheckpoint = this.now();
    }
  }

  private async checkpoint(to: (cp: RunCheckpoint) => void | Promise<void>): Promise<void> {
    if (this.R !== 1) throw new Error('internal: a checkpoint of a batch of runs');
    const trace = at(this.traces, 0, 'the run');
    return to({
      engine: await this.engine.snapshot(),
      gen: this.gen,
      round: this.round,
      hostEvals: this.hostEvals,
      gpuEvals: this.gpuEvals,
      idle: this.idle,
      before: this.before,
      best: at(this.best, 0, 'the run'),
      trace: trace.map((e) => ({ ...e })),
      seconds: this.now(),
    });
  }

  /** Each run's result: its last trace entry, its best point read from the engine, its stop. */
  async results(): Promise<RunResult[]> {
    const seconds = this.now();
    const results: RunResult[] = [];
    for (let r = 0; r < this.R; r++) {
      // A run that met its target reports the generation that met it, whatever its batch.
      const m = this.met[r];
      const evals = m ? m.evals : this.bound();
      const trace = at(this.traces, r, 'the runs');
      const last = at(trace, trace.length - 1, 'the trace (one entry after the initial steps)');
      if (last.evals !== evals) trace.push(this.entry(r, evals, seconds));
      const b = await this.engine.readBest(r);
      results.push({
        evals,
        seconds,
        generations: m ? m.gen : this.gen,
        bestFitness: this.out.value(b.fit),
        bestError: this.out.error(b.fit),
        bestPoint: b.point,
        trace,
        // A run that met its target stopped for it, even when the budget was also spent by the
        // time the batch that met it was read back.
        stopped: m ? 'target' : (this.stopped ?? 'evals'),
      });
    }
    return results;
  }
}

/**
 * A run whose initial population's values are all beyond the backend's range (+inf, or NaN, which
 * a fitness holds as +inf: ir/builtins.ts NAN_WORST) cannot order its population: it would run its
 * whole budget and report nothing. Stop before the first generation, saying how many of its points
 * have a number in float64 (every point is evaluated, not the first alone: a problem NaN on part
 * of its box has some), and which backend's range they leave (docs/problems.md, "Float32
 * behaviour": Schwefel 2.22's product overflows float32 in the box from D = 100).
 */
async function refuseOverflow(c: CompiledAlgorithm, engine: AlgoEngine, best: number) {
  const pop = at(c.algo.populations, 0, 'the populations');
  const X = await engine.readArray(pop.name);
  const D = c.algo.dim;
  let nan = 0;
  let inf = 0;
  let first: { row: number; v: number } | undefined;
  for (let r = 0; r < pop.rows; r++) {
    const v = c.evaluatePoint(X.subarray(r * D, (r + 1) * D));
    if (Number.isNaN(v)) nan++;
    else if (!Number.isFinite(v)) inf++;
    else first ??= { row: r, v };
  }
  const n = pop.rows;
  const name = `${c.algo.problem.name} at D = ${D}`;
  if (first && engine.backend === 'gpu')
    throw new RangeError(
      `${name}: every point of the initial population has a value beyond float32's range on the GPU (${best}; float64 gives a number at ${n - nan - inf} of its ${n} points, ${first.v.toPrecision(3)} at point ${first.row}), so the GPU cannot order them${c.algo.rangeRefused ? ` (values beyond float32's range are stored in an order-preserving form only for an algorithm that uses fitness only through its order; ${c.algo.name} does not: ${c.algo.rangeRefused})` : ''}: run it with --backend cpu, or at a smaller dimension (docs/problems.md, "Float32 behaviour")`,
    );
  const counts = [nan ? `NaN at ${nan}` : '', inf ? `an infinity at ${inf}` : '']
    .filter(Boolean)
    .join(' and ');
  throw new RangeError(
    `${name}: no point of the initial population has a value the run can order: float64 gives ${counts || 'no number'} of its ${n} points; a NaN counts as +Infinity, worse than every number (docs/language.md, "NaN in fitness"), so the run cannot order them`,
  );
}

/**
 * The largest value x (a float32 on the GPU, whose best.f is one; a float64 on the CPU) with
 * x - optimum <= target in float64, as the run loop tests it (optimum = -d, the kernels' value
 * at the optimum): the track's best.f meets the target exactly when it is at most this threshold.
 */
export function targetThreshold(optimum: number, target: number, f32: boolean): number {
  const ok = (x: number) => x - optimum <= target;
  const step = f32 ? nextFloat32 : nextFloat64;
  let x = f32 ? Math.fround(optimum + target) : optimum + target;
  if (!Number.isFinite(x)) return x;
  while (!ok(x)) x = step(x, -1);
  for (let up = step(x, 1); ok(up) && Number.isFinite(up); up = step(x, 1)) x = up;
  return x;
}

const f64 = new Float64Array(1);
const i64 = new BigInt64Array(f64.buffer);
/** The next float64 above (dir 1) or below (dir -1) x. */
function nextFloat64(x: number, dir: 1 | -1): number {
  if (x === 0) return dir * Number.MIN_VALUE;
  f64[0] = x;
  i64[0] = at(i64, 0, 'a float64') + (x > 0 === dir > 0 ? 1n : -1n);
  return at(f64, 0, 'a float64');
}
