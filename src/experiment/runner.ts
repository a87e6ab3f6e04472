// An experiment's design (src/compile/experiment.ts) run into DIR/results.sqlite
// (src/experiment/database.ts): each run as `opt run` makes it with that seed (the same compiled
// algorithm and run loop: src/experiment/run.ts), committed with its trace and records when it
// finishes. On the GPU, the missing runs of a cell with an evaluation budget run together in one
// set of kernels (runBatch: each run bit for bit the run alone), as many a batch as the device's
// buffers hold; a wall-clock budget, the CPU backend and programs whose generation's runs depend on
// the seed (batchRefusal) run one run after another. The database says which (run.batch). Stopped
// (its signal aborted: the CLI's Ctrl-C, SIGTERM) or killed, and run again, it runs the missing
// runs only, so the database ends as an uninterrupted experiment's (timings aside).
//
// It prints nothing and installs no signal handlers: `opt experiment` (src/cli/experiment.ts)
// draws the progress from onStart and onRun, says the notes, and turns Ctrl-C into the signal;
// an API caller (src/api.ts, runExperiment) gives what it wants of those.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { compileAlgorithm, type CompiledAlgorithm } from '../compile/algorithm.js';
import { experimentDesign, type ExperimentCell } from '../compile/experiment.js';
import type { AlgoEngine } from '../runtime/algo-engine.js';
import { StateLayout } from '../runtime/algo-layout.js';
import { BatchTooLarge } from '../runtime/algo-gpu.js';
import { createBatchEngine, createEngine } from '../runtime/engines.js';
import { batchRefusal } from '../runtime/algo-host.js';
import { openGpu, type GpuContext } from '../runtime/device.js';
import { runAlgorithm, runBatch, type RunResult } from '../runtime/run.js';
import { programDigest } from './checkpoint.js';
import { ResultsDb, RESULTS_FILE } from './database.js';
import { ExperimentError } from './errors.js';
import { warmClocks } from './roofline.js';
import { compileAtPrecision, makeReport, type RunReport } from './run.js';
import { shardRuns, type Shard } from './shard.js';

/** A design as experimentDesign makes it: with its declaration's text and the program's sources. */
export type CompiledExperiment = ReturnType<typeof experimentDesign>;

export interface RunExperimentOptions {
  /** The .opt file that declares the experiment (and the files it imports). */
  file: string;
  /** The experiment's name; may be left out where the file declares one experiment. */
  name?: string;
  /** The design of `name` in `file`, where the caller made it already (else it is made here). */
  design?: CompiledExperiment;
  /** The results folder (made if missing): DIR/results.sqlite. */
  out: string;
  /** Where the runs run: 'cpu' (the default, float64) or 'gpu' (the CPU where none is found). */
  backend?: 'cpu' | 'gpu';
  /** The GPU adapter by name (as `--adapter`). */
  adapter?: string;
  /** Shard K of N: only its share of the runs (src/experiment/shard.ts). */
  shard?: Shard;
  /** Aborted: the runs stop after the current batch; the finished runs are kept. */
  signal?: AbortSignal;
  /** A note for the user (no GPU found, so the CPU runs it). */
  onNote?(text: string): void;
  /** Once the database is open: the runs this call holds, and those finished before. */
  onStart?(s: { total: number; done: number; backend: 'cpu' | 'gpu' }): void;
  /** Each run as it is committed to the database. */
  onRun?(r: ExperimentRunDone): void;
}

/** One run committed (onRun). */
export interface ExperimentRunDone {
  /** Runs finished of `total` (those finished before this call included). */
  done: number;
  total: number;
  cell: ExperimentCell;
  /** The run of its cell, 0-based, and its seed. */
  run: number;
  seed: number;
  /** How many runs ran together with it (1: alone). */
  batch: number;
  report: RunReport;
}

export interface ExperimentOutcome {
  design: CompiledExperiment;
  /** DIR/results.sqlite. */
  database: string;
  backend: 'cpu' | 'gpu';
  /** The runs this call holds (the shard's share, or every run). */
  total: number;
  /** Whether the signal stopped it before every run finished. */
  interrupted: boolean;
}

/**
 * Whether a batch's steps are scheduled for the batch (AlgoCompileRequest.runs) rather than as a
 * run alone. On: every schedule rounds alike, on lavapipe by the canonical order and on NVIDIA too
 * since the kernels leave the driver no multiply-add to contract (codegen/wgsl-fma.ts). Seed 002's
 * study at D = 100 gave the same results bit for bit both ways on an H200 (2026-12-02), in 134.5 s
 * against 202.9 s (docs/performance.md, "One rounding on the GPU too").
 */
export const BATCH_SCHEDULE = true;

/**
 * Milliseconds into a cell's last batch before the next cell is compiled (synchronously, on the
 * thread that records the batch's generations): by then the batch, doubling from a few
 * generations (runtime/run.ts), has enough queued on the GPU that the compile (a tenth of a
 * second to a half for seed 002's cells) does not leave it idle. It decides when, never what.
 */
export const PREPARE_AFTER_MS = 500;

/**
 * The most bytes of state (all its runs') a batch made ahead may take (PREPARE_AFTER_MS): seed
 * 002's batches of 51 jDE NP 250 runs at D = 100 take 10.7 MB; a batch past this is made
 * after the one before is given back, as when nothing is made ahead.
 */
export const PREPARE_MAX_BYTES = 256 * 2 ** 20;

/** The bytes of a batch's state: `runs` states of `c`'s layout (runtime/algo-layout.ts). */
function stateBytes(c: CompiledAlgorithm, runs: number): number {
  return new StateLayout(c).size * 4 * runs;
}

/** Resolves when `p` settles or `ms` have passed, whichever is first (never rejects). */
function settledOrAfter(p: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(t);
      resolve();
    };
    p.then(done, done);
  });
}

/** A cell's missing runs (of this call's share), its compiled algorithm and its batch size. */
interface CellPlan {
  k: number;
  missing: number[];
  c: CompiledAlgorithm;
  size: number;
}
/** An engine made ahead, or why it could not be. */
type Made = { engine: AlgoEngine } | { error: unknown };
/** The next cell made while the cell before runs: its plan and its first batch's engine. */
interface Prepared {
  plan: CellPlan;
  engine: Promise<Made>;
}

/** Runs the design's missing runs (or the shard's) into `out`/results.sqlite. */
export async function runExperiment(o: RunExperimentOptions): Promise<ExperimentOutcome> {
  const { file, out, shard } = o;
  const design = o.design ?? experimentDesign(o.name, { files: [file] });
  try {
    mkdirSync(out, { recursive: true });
  } catch (e) {
    throw new ExperimentError(`--out ${out}: cannot make the folder (${(e as Error).message})`);
  }
  let gpu: GpuContext | null = null;
  if (o.backend === 'gpu') {
    gpu = await openGpu({ adapter: o.adapter });
    if (!gpu) o.onNote?.('no WebGPU adapter is available; running on the CPU backend');
  }
  const backend = gpu ? 'gpu' : 'cpu';
  const database = join(out, RESULTS_FILE);
  const db = new ResultsDb(database, design, programDigest(design.sources), backend, shard);
  const signal = o.signal ?? new AbortController().signal;
  // The populations' precision on the GPU, by the experiment's rule (its `precision`): auto takes
  // float-float for a cell whose float32 floor (the error of the float32 point nearest the
  // optimum) lies above the smallest error the experiment tells apart, its target or its zero.
  const threshold = Math.min(design.target ?? Infinity, design.zero ?? Infinity);
  // `runs`: the batch the steps are scheduled for (AlgoCompileRequest.runs).
  const compileCell = (cell: ExperimentCell, runs = 1) =>
    compileAtPrecision(
      (precision) =>
        compileAlgorithm({
          algorithm: cell.algorithm.name,
          problem: cell.problem,
          dim: cell.dim,
          set: cell.algorithm.set,
          files: [file],
          precision,
          runs,
        }),
      design.precision,
      gpu !== null,
      threshold,
    );
  // The runs of each cell this call runs: all of them, or shard K/N's share.
  const share = shardRuns(design.cells.length, design.runs, shard);
  const total = share.reduce((n, rs) => n + rs.length, 0);
  let done = db.count();
  // A cell's missing runs, its compiled algorithm and its batch size, made when first asked for.
  const cellPlan = (k: number): CellPlan | undefined => {
    const cell = design.cells[k]!;
    const finished = db.finished(k + 1);
    const missing = share[k]!.filter((r) => !finished.has(r));
    if (!missing.length) return undefined;
    // Runs a batch: all the missing ones where they can share kernels, fewer where the device's
    // buffers hold fewer (BatchTooLarge), one at a time otherwise. The batch's steps are
    // scheduled for all the missing runs (BATCH_SCHEDULE); a smaller batch, or a run alone,
    // rounds the same whatever the schedule, so the results do not depend on it.
    const c = compileCell(cell, BATCH_SCHEDULE ? missing.length : 1);
    const size =
      gpu && cell.evals !== undefined && !batchRefusal(c.algo)
        ? Math.min(missing.length, gpu.limits.maxComputeWorkgroupsPerDimension)
        : 1;
    return { k, missing, c, size };
  };
  const engineFor = (c: CompiledAlgorithm, seeds: number[]) =>
    seeds.length > 1 ? createBatchEngine(c, seeds, gpu!) : createEngine(c, seeds[0]!, gpu);
  // The next cell, compiled and its first engine made (the driver compiling its pipelines) while
  // the last batch of the cell before runs: on an H200 the driver's compile of a cell's kernels
  // took seconds with the GPU idle, and its clocks down when the next batch began
  // (docs/performance.md, issue 36). Only on the GPU; the runs and their results are the same.
  let prepared: Prepared | undefined;
  const prepare = (k: number) => {
    for (let n = k; n < design.cells.length && gpu; n++) {
      // A cell that does not compile says so when its turn comes, after this cell's results are
      // stored: it is compiled again then.
      let plan: CellPlan | undefined;
      try {
        plan = cellPlan(n);
      } catch {
        return undefined;
      }
      if (!plan) continue;
      const seeds = plan.missing.slice(0, plan.size).map((r) => design.seed + r);
      // Two engines at once: only small ones, so that a device that holds one batch of each
      // cell holds both (a large batch runs long enough that the compile between is little).
      if (stateBytes(plan.c, seeds.length) > PREPARE_MAX_BYTES) return undefined;
      const engine = engineFor(plan.c, seeds).then(
        (e): Made => ({ engine: e }),
        (error: unknown): Made => ({ error }),
      );
      return { plan, engine };
    }
    return undefined;
  };
  try {
    o.onStart?.({ total, done, backend });
    for (let k = 0; k < design.cells.length; k++) {
      const cell = design.cells[k]!;
      const ahead = prepared?.plan.k === k ? prepared : undefined;
      if (ahead) prepared = undefined;
      const plan = ahead?.plan ?? cellPlan(k);
      if (!plan) continue;
      const { missing, c } = plan;
      let size = plan.size;
      for (let i = 0; i < missing.length && !signal.aborted; ) {
        const group = missing.slice(i, i + size);
        const seeds = group.map((r) => design.seed + r);
        let engine: AlgoEngine;
        // The engine made ahead; if making it failed (beside the cell before's engine, say), it
        // is made again now, alone, and then an error is the cell's own.
        const made = i === 0 ? await ahead?.engine : undefined;
        if (made && 'engine' in made) engine = made.engine;
        else
          try {
            engine = await engineFor(c, seeds);
          } catch (e) {
            if (!(e instanceof BatchTooLarge)) throw e;
            size = Math.max(1, e.fits);
            continue;
          }
        // A wall-clock budget's first run of a cell: the GPU's clocks, after the host's compile
        // (src/experiment/roofline.ts, warmClocks); the runs after it keep the GPU busy.
        if (gpu && cell.seconds !== undefined && i === 0) await warmClocks(gpu, 200);
        try {
          const ro = { maxEvals: cell.evals, target: design.target, signal };
          const running: Promise<RunResult[]> =
            group.length > 1
              ? runBatch(c, engine, seeds, ro)
              : runAlgorithm(c, engine, { ...ro, seed: seeds[0]!, seconds: cell.seconds }).then(
                  (r) => [r],
                );
          // The cell's last batch: the next cell is made meanwhile, once the batch has queued
          // enough generations to keep the GPU busy through the host's compile (PREPARE_AFTER_MS),
          // or when it ends if sooner. A wall-clock budget's runs are not shared with the host's
          // compile (their generations depend on the time).
          const preparing =
            i + group.length >= missing.length && cell.seconds === undefined
              ? settledOrAfter(running, PREPARE_AFTER_MS).then(() => {
                  if (!signal.aborted) prepared = prepare(k + 1);
                })
              : undefined;
          let results: RunResult[];
          try {
            results = await running;
          } finally {
            await preparing;
          }
          if (results.some((r) => r.stopped === 'interrupted')) break;
          results.forEach((result, j) => {
            const r = group[j]!;
            const report = makeReport(c, engine, seeds[j]!, result);
            db.store(k + 1, r, report, design.record, cell, group.length);
            done++;
            o.onRun?.({ done, total, cell, run: r, seed: seeds[j]!, batch: group.length, report });
          });
        } finally {
          engine.destroy();
        }
        i += group.length;
      }
      if (signal.aborted) break;
    }
  } finally {
    // A cell made ahead and not run (stopped, or an error): its engine is given back.
    void prepared?.engine.then((m) => ('engine' in m ? m.engine.destroy() : undefined));
    db.close();
  }
  return { design, database, backend, total, interrupted: signal.aborted };
}
