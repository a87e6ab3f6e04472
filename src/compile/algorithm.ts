// Compiling an algorithm: parse the sources (the standard library included), elaborate the
// algorithm for a problem and dimension, run the algorithm passes (algo-pipeline.ts), and run
// every step through the problem pipeline.

import { parseChecked } from '../parser/sources.js';
import { diag, OptError } from '../parser/diagnostics.js';
import type { Loc } from '../parser/ast.js';
import { runPipeline } from './pipeline.js';
import { runAlgoPipeline, type AlgoPipelineOptions } from './algo-pipeline.js';
import {
  defaultScheduleOptions,
  elementsTeam,
  type ScheduleOptions,
} from '../schedule/schedule.js';
import { buildPlan } from '../schedule/plan.js';
import {
  kernelsDigest,
  stepArtefact,
  type EmbeddedKernels,
  type EmbeddedStepKernels,
  type StepArtefact,
} from './kernels.js';
import { checkGpuChains, checkGpuStates } from './gpu-limits.js';
import type { IrData, IrProgram, ScheduledProgram } from '../ir/ir.js';
import { compileJs, type CpuEvaluator } from '../codegen/js.js';
import { boxOf, materialiseData, type Box } from '../ir/data.js';
import { checkDimension, errorFromG, optimumPointOf } from './problem.js';
import { AlgoElaborator, type AlgoRequest } from '../elaborate/algorithm.js';
import { algoTwoFloat } from '../passes/algo-twofloat.js';
import { allSteps, pingPong, type AlgoProgram, type GenStmt, type Step } from '../ir/step.js';
import { firstSteps } from '../passes/fuse-track.js';

/** The regime fallback's test (passes/algo-regime.ts), for the tests that name it here. */
export { splitWriteRace } from '../passes/algo-regime.js';

/** Elements per lane of a step's team (measured on an H200: docs/performance.md). */
export const STEP_ELEMS_PER_LANE = 1;
/**
 * A step whose population (a batch's: runs x the step's) fills at least this many workgroups at
 * STEP_ELEMS_PER_LANE is throughput-bound, not latency-bound: its team is sized at
 * STEP_FULL_ELEMS_PER_LANE elements a lane. Measured on an H200, jDE NP 250 at D = 100, a batch of
 * 51 runs (docs/performance.md, "Batches on a schedule of their own").
 */
export const STEP_FILL_WORKGROUPS = 2048;
export const STEP_FULL_ELEMS_PER_LANE = 8;

/**
 * What compiling one step made: one record, so a step's IR, options, plan and kernels go together
 * (the plan, the arrays it double-buffers and its WGSL, each made once: StepArtefact,
 * compile/kernels.ts).
 */
export interface CompiledStep extends StepArtefact {
  step: Step;
  /** Its IR after the whole pipeline (for the GPU). */
  gpuIr: ScheduledProgram;
  /** Its IR after `scan` (for the CPU). */
  cpuIr: IrProgram;
  /** The schedule options its GPU IR was scheduled with. */
  scheduleOptions: ScheduleOptions;
}

export interface CompiledAlgorithm {
  algo: AlgoProgram;
  /** Every step, in a fixed order (init, generation, track). */
  steps: Step[];
  /** What compiling step `st` made; an internal error for a step that is not one of `steps`. */
  compiled(st: Step): CompiledStep;
  /** The arrays the GPU keeps two copies of: those some step needs double-buffered. */
  pingPong: Set<string>;
  /** The arrays step `st` reads in one copy and writes to the other (the others it updates in place). */
  stepPingPong(st: Step): Set<string>;
  /** The generation-opening steps with the previous generation's track fused in (fuse-track.ts). */
  fused: Map<Step, Step>;
  /**
   * The steps' kernels are the request's embedded ones (AlgoCompileRequest.embedded: their digest
   * is this compilation's), not generated.
   */
  embeddedKernels: boolean;
  sources: Map<string, string>;
  /** Throws OptError where the GPU backend refuses the program (CompiledProblem.gpuCheck). */
  gpuCheck(): void;
  /** The problem at one point, on the CPU backend (float64). */
  evaluatePoint(x: ArrayLike<number>): number;
  /**
   * The error f - f* (f* - f when maximising) at one point, on the CPU backend: g + (c - f*) in
   * float64 (passes/bias.ts), so that an error near the optimum keeps its digits; NaN when the
   * problem declares no optimum.
   */
  errorAt(x: ArrayLike<number>): number;
  /** How the GPU stores the populations (AlgoCompileRequest.precision). */
  precision: Precision;
  /** The problem's box: one interval, or a bound a coordinate (ir/data.ts boxOf). */
  box(): Box;
  /**
   * The float64 error of the float32 point nearest the problem's declared optimum: about the
   * nearest a float32 population gets (`precision: 'f32'`); NaN without a declared optimum point.
   */
  float32Floor(): number;
}

export interface AlgoCompileRequest extends AlgoRequest {
  files?: string[];
  sources?: Record<string, string>;
  schedule?: Partial<ScheduleOptions>;
  /**
   * The runs a batch of them holds (runtime/engines.ts, createBatchEngine; default 1): the steps
   * are scheduled for the batch's population, runs x each step's, whose workgroups fill the GPU
   * many times over where one run's do not. The reductions' order does not depend on the
   * schedule (schedule/canonical.ts), nor does any term's rounding (codegen/wgsl-fma.ts), so each
   * run is the same bits as the run alone, on lavapipe and on an H200 (experiment/runner.ts,
   * BATCH_SCHEDULE).
   */
  runs?: number;
  validateEach?: boolean;
  /** Fuse the track step into the first step of each generation (default true). */
  fuseTrack?: boolean;
  /**
   * How the GPU stores the populations: `f32` (the default), or `ff`, float-float (two float32s a
   * coordinate: passes/twofloat.ts), for runs that must get nearer an optimum than float32's
   * spacing allows. The CPU backend holds float64 either way.
   */
  precision?: Precision;
  /** For the GPU backend: its limits checked once the program is lowered (CompileRequest.gpu). */
  gpu?: boolean;
  /**
   * Kernels compiled before (a module of `opt compile --emit ts` embeds them: compile/kernels.ts):
   * the steps take them instead of generating their own where their digest is this compilation's
   * (the same package version, steps, IR and plans); otherwise they are not used.
   */
  embedded?: EmbeddedKernels;
}

export type Precision = 'f32' | 'ff';

/**
 * `algo` with its populations, and the arrays written from them, stored as float-float: each
 * such array A gains a low-part array A.lo of its shape, in the state of the algorithm and of
 * every step (the algorithm pass `twofloat`: passes/algo-twofloat.ts).
 */
export const withTwoFloat = algoTwoFloat;

/** The schedule options step `st` of a request compiles with. */
export function stepOptions(st: Step, req: AlgoCompileRequest): ScheduleOptions {
  // A step's population is its domain: it sets the team size and regime as for evaluations.
  // Steps are latency-bound at the population sizes of these algorithms: teams wider than an
  // evaluation's, about STEP_ELEMS_PER_LANE elements a lane (docs/performance.md).
  const population = st.n * (req.runs ?? 1);
  // One individual a workgroup up to D = 128 (measured 0.3-0.7 us a generation faster than
  // two on an H200 at D = 100, NP = 250).
  const wg = st.prog.dim <= 128 ? 128 : defaultScheduleOptions.wg;
  const team = Math.min(wg, elementsTeam(st.prog.dim, STEP_ELEMS_PER_LANE));
  const full = Math.ceil(population / (wg / team)) >= STEP_FILL_WORKGROUPS;
  const o: ScheduleOptions = {
    ...defaultScheduleOptions,
    population,
    elemsPerLane: full ? STEP_FULL_ELEMS_PER_LANE : STEP_ELEMS_PER_LANE,
    wg,
    ...req.schedule,
  };
  // The regime fallback (passes/algo-regime.ts).
  return st.force ? { ...o, force: st.force } : o;
}

/** One run of a step program through the problem pipeline (stepRunner). */
export interface StepRun {
  data: IrData[];
  key: string;
  gpuIr: ScheduledProgram;
  cpuIr: IrProgram;
  o: ScheduleOptions;
}

/** A step's program through the problem pipeline, with the algorithm's data `data`. */
export type StepRunner = (st: Step, data: IrData[]) => StepRun;

/**
 * Step programs through the problem pipeline, each program, data list and options once: the
 * algorithm passes schedule steps to decide (regime, fuse-track), and compileAlgorithm then takes
 * the same runs (a step a pass changed only in its `force` or `withTrack` keeps its program).
 */
export function stepRunner(req: AlgoCompileRequest): StepRunner {
  const runs = new WeakMap<IrProgram, StepRun[]>();
  return (st, data) => {
    const o = stepOptions(st, req);
    const key = JSON.stringify(o);
    const list = runs.get(st.prog) ?? [];
    runs.set(st.prog, list);
    const known = list.find((r) => r.data === data && r.key === key);
    if (known) return known;
    // One pass through the pipeline: the CPU backend takes the program after `scan`.
    let cpuIr: IrProgram | undefined;
    const gpuIr = runPipeline({ ...st.prog, data }, o, {
      validateEach: req.validateEach,
      onPass: (pass, p) => {
        if (pass === 'scan') cpuIr = p;
      },
    });
    if (!cpuIr) throw new Error(`internal: the pipeline has no scan pass`);
    const r = { data, key, gpuIr, cpuIr, o };
    list.push(r);
    return r;
  };
}

/**
 * The algorithm of a request: parsed, elaborated, and through the algorithm passes
 * (algo-pipeline.ts) up to `until` (all of them by default), `onPass` shown the IR after each.
 * `run` is the step runner the passes scheduled steps with.
 */
export function algorithmIr(
  req: AlgoCompileRequest,
  { until, onPass }: Pick<AlgoPipelineOptions, 'until' | 'onPass'> = {},
): {
  algo: AlgoProgram;
  texts: Map<string, string>;
  run: StepRunner;
  gpuCheck: (a: AlgoProgram) => void;
  /** The algorithm's declaration, where whole-algorithm diagnostics point. */
  at: Loc | undefined;
} {
  checkDimension(req.dim);
  const parsed = parseChecked(req);
  const elab = new AlgoElaborator(parsed.sources);
  const lowered = elab.lowerAlgorithm(req);
  if (!lowered || elab.diagnostics.length) throw new OptError(elab.diagnostics, parsed.texts);
  const at = elab.core.algorithms.get(req.algorithm)?.nameLoc;
  // The GPU backend's limits (compile/gpu-limits.ts), on the algorithm after its passes (a
  // float-float population adds arrays); early, once lowered, where the request is for the GPU.
  const gpuCheck = (a: AlgoProgram) => {
    checkGpuChains(elab.core.longChains, parsed.texts);
    checkGpuStates(req.algorithm, a.state.length, at, parsed.texts);
  };
  if (req.gpu) gpuCheck(lowered);
  const run = stepRunner(req);
  let data = lowered.problem.data;
  const algo = runAlgoPipeline(
    lowered,
    {
      precision: req.precision ?? 'f32',
      fuseTrack: req.fuseTrack !== false,
      problemAfterScan: (p) => runPipeline(p, defaultScheduleOptions, { until: 'scan' }),
      schedule: (st) => run(st, data).gpuIr,
    },
    {
      until,
      validateEach: req.validateEach,
      // A step is compiled with the algorithm's data (passes/algo-data.ts).
      onPass: (name, a) => {
        data = a.problem.data;
        // Again once the stored lets have declared their arrays.
        if (req.gpu && name === 'store-lets') gpuCheck(a);
        onPass?.(name, a);
      },
    },
  );
  return { algo, texts: parsed.texts, run, gpuCheck, at };
}

/** The algorithm IR of a request after pass `until` (`opt compile --dump-algo-ir after:NAME`). */
export function algorithmIrUntil(req: AlgoCompileRequest, until: string): AlgoProgram {
  return algorithmIr(req, { until }).algo;
}

export function compileAlgorithm(req: AlgoCompileRequest): CompiledAlgorithm {
  const { algo, texts, run, gpuCheck, at } = algorithmIr(req);
  const data = algo.problem.data;
  const records = new Map<Step, CompiledStep>();
  const repeated = repeatedSteps(algo.generation);
  // The request's embedded kernels, by step, once their digest is checked (below).
  let embedded: Map<Step, EmbeddedStepKernels> | undefined;
  const compile = (st: Step): CompiledStep => {
    const { gpuIr, cpuIr, o } = run(st, data);
    const r: CompiledStep = {
      step: st,
      gpuIr,
      cpuIr,
      scheduleOptions: o,
      // Runs of a step that follow one another (a repeat of it alone) may chain (ir/step.ts).
      ...stepArtefact(
        gpuIr,
        () => buildPlan(gpuIr, o, { chain: repeated.has(st) }),
        algo.state,
        () => embedded?.get(st),
      ),
    };
    records.set(st, r);
    return r;
  };
  const compiled = (st: Step): CompiledStep => {
    const r = records.get(st);
    if (!r) throw new Error(`internal: step ${st.name} was not compiled`);
    return r;
  };
  const base = [...algo.init, ...allSteps(algo.generation), algo.track];
  base.forEach(compile);
  // The generation-opening steps with the track fused in (passes/algo-fuse-track.ts).
  const fused = new Map<Step, Step>();
  for (const st of firstSteps(algo.generation)) if (st.withTrack) fused.set(st, st.withTrack);
  fused.forEach(compile);
  const steps = [...base, ...fused.values()];
  // A counted step (each i in X[:n]) leaves the rows from n on: an array it wrote to the other
  // copy would have them stale there. The elaborator rules out reads of a written array at other
  // rows (OPT6037); a write that reads an array an earlier write of the step changed in place is
  // the other reason for two copies, and is refused here.
  for (const st of steps) {
    if (!st.count) continue;
    const two = pingPong([compiled(st).gpuIr]);
    if (two.size)
      throw new OptError(
        [diag('CountedStepTwoCopies', at, req.algorithm, st.name, [...two].join(', '))],
        texts,
      );
  }
  // Embedded kernels are taken where they were generated from what this compilation's would be.
  if (req.embedded && req.embedded.digest === kernelsDigest({ steps, algo, compiled })) {
    const given = req.embedded.steps;
    if (given.length !== steps.length || steps.some((st, i) => given[i]?.step !== st.name))
      throw new RangeError(
        `the embedded kernels' steps (${given.map((e) => e.step).join(', ')}) are not ${req.algorithm}'s (${steps.map((st) => st.name).join(', ')}) though their digest is: they were edited; generate the module again`,
      );
    embedded = new Map(steps.map((st, i) => [st, given[i]!]));
  }
  // The problem alone on the CPU backend: g in float64, and its constant (passes/bias.ts).
  let problemData: Record<string, Float64Array> | undefined;
  const dataOf = () => (problemData ??= materialiseData(algo.problem));
  let problem: { g: CpuEvaluator; bias: number } | undefined;
  const cpuProblem = () => {
    if (!problem) {
      const ir = runPipeline(algo.problem, defaultScheduleOptions, { until: 'scan' });
      problem = { g: compileJs(ir, dataOf()), bias: ir.bias ?? 0 };
    }
    return problem;
  };
  const evaluatePoint = (x: ArrayLike<number>) => {
    const { g, bias } = cpuProblem();
    return g(Float64Array.from(x), 0) + bias;
  };
  const errorAt = (x: ArrayLike<number>) => {
    const { g, bias } = cpuProblem();
    return errorFromG(algo.problem, bias)(g(Float64Array.from(x), 0));
  };
  const float32Floor = () => {
    const o = Number.isNaN(algo.problem.optimum)
      ? null
      : optimumPointOf(algo.problem, (name) => {
          const v = dataOf()[name];
          if (!v) throw new Error(`internal: no data ${name} for the optimum point`);
          return v;
        });
    return o ? errorAt(o.map(Math.fround)) : NaN;
  };
  return {
    algo,
    steps,
    compiled,
    precision: req.precision ?? 'f32',
    float32Floor,
    box: () => boxOf(algo.problem, dataOf),
    pingPong: pingPong(steps.map((st) => compiled(st).gpuIr)),
    stepPingPong: (st) => compiled(st).pingPong(),
    fused,
    embeddedKernels: embedded !== undefined,
    sources: texts,
    gpuCheck: () => gpuCheck(algo),
    evaluatePoint,
    errorAt,
  };
}

/**
 * The steps whose runs follow one another: the only step of a `repeat n` body (a `repeat n while
 * c` body's steps are dispatched indirectly, and its condition step runs between them).
 */
export function repeatedSteps(g: GenStmt[]): Set<Step> {
  const out = new Set<Step>();
  const walk = (ss: GenStmt[]) => {
    for (const s of ss) {
      if (s.k === 'if') {
        walk(s.then);
        walk(s.else);
      } else if (s.k === 'repeat') {
        // (Not an indexed repeat's: a chain kernel makes run t - 1's writes with run t's
        // parameters, whose index differs.)
        const only = s.body.length === 1 ? s.body[0] : undefined;
        if (only?.k === 'step' && !only.step.guard && s.index === undefined) out.add(only.step);
        walk(s.body);
      }
    }
  };
  walk(g);
  return out;
}
