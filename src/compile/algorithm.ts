// Compiling an algorithm: parse the sources (the standard library included), elaborate the
// algorithm for a problem and dimension, and run every step through the problem pipeline.

import { parseChecked } from '../parser/sources.js';
import { OptError } from '../parser/diagnostics.js';
import { checkGpuChains } from './gpu-limits.js';
import { runPipeline } from './pipeline.js';
import { defaultScheduleOptions, type ScheduleOptions } from '../schedule/schedule.js';
import { buildPlan } from '../schedule/plan.js';
import { some, type IrData, type IrProgram, type ScheduledProgram } from '../ir/ir.js';
import { compileJs, type CpuEvaluator } from '../codegen/js.js';
import { stepArtefact, type StepArtefact } from './kernels.js';
import { boxOf, materialiseData, type Box } from '../ir/data.js';
import { residualData, residualName } from '../passes/residual.js';
import { turnsData } from '../passes/turns.js';
import { checkDimension, errorFromG, optimumPointOf } from './problem.js';
import { AlgoElaborator, type AlgoRequest } from '../elaborate/algorithm.js';
import { lowPart, twoFloatArrays } from '../passes/twofloat.js';
import {
  allSteps,
  mapSteps,
  pingPong,
  prefixScalars,
  valueWritesAfter,
  valueWritesInCombine,
  type AlgoProgram,
  type GenStmt,
  type Step,
} from '../ir/step.js';
import {
  FUSE_TRACK_MAX_N,
  FUSE_TRACK_ROWS_PER_LANE,
  firstSteps,
  fuseTrack,
} from '../passes/fuse-track.js';

/** Elements per lane of a step's team (measured on an H200: docs/performance.md). */
export const STEP_ELEMS_PER_LANE = 1;

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
}

export type Precision = 'f32' | 'ff';

/**
 * `algo` with its populations, and the arrays written from them, stored as float-float: each
 * such array A gains a low-part array A.lo of its shape, in the state of the algorithm and of
 * every step (passes/twofloat.ts).
 */
export function withTwoFloat(algo: AlgoProgram): AlgoProgram {
  const data = new Set(algo.problem.data.map((d) => d.name));
  const steps = [...algo.init, ...allSteps(algo.generation), algo.track].map((s) => s.prog.main);
  const ff = twoFloatArrays(
    steps,
    algo.populations.map((p) => p.name),
    data,
  );
  const state = algo.state.flatMap((a) =>
    ff.has(a.name)
      ? [
          { ...a, lo: lowPart(a.name) },
          { name: lowPart(a.name), rows: a.rows, cols: a.cols },
        ]
      : [a],
  );
  return { ...mapSteps(algo, (st) => ({ ...st, prog: { ...st.prog, state } })), state };
}

export function compileAlgorithm(req: AlgoCompileRequest): CompiledAlgorithm {
  checkDimension(req.dim);
  const parsed = parseChecked(req);
  const elab = new AlgoElaborator(parsed.sources);
  const lowered = elab.lowerAlgorithm(req);
  if (!lowered || elab.diagnostics.length) throw new OptError(elab.diagnostics, parsed.texts);
  if (req.gpu) checkGpuChains(elab.core.longChains, parsed.texts);
  // The residuals of the problem's shifted data (passes/residual.ts), declared in every step: the
  // steps share one DATA buffer, so they must list the same data in the same order.
  // The residuals the turns pass reads (a rotation's matrix: passes/turns.ts) likewise.
  const problemResiduals = residualData(lowered.problem);
  // A box per coordinate: the steps subtract its bounds from points (reflect, wrap), which the
  // residual pass rewrites with the bounds' residuals, so those are declared too.
  const boxResiduals: IrData[] = [...new Set(lowered.problem.coords ?? [])]
    .filter((n): n is string => n !== null)
    .filter((n) => !problemResiduals.some((d) => d.name === residualName(n)))
    .map((n) => ({
      name: residualName(n),
      shape: [lowered.problem.dim],
      def: { k: 'residual', of: n },
    }));
  const shifted = [...lowered.problem.data, ...problemResiduals, ...boxResiduals];
  const data = [
    ...shifted,
    ...turnsData(
      runPipeline({ ...lowered.problem, data: shifted }, defaultScheduleOptions, { until: 'scan' }),
    ),
  ];
  const plainAlgo: AlgoProgram = { ...lowered, problem: { ...lowered.problem, data } };
  const algo = req.precision === 'ff' ? withTwoFloat(plainAlgo) : plainAlgo;
  const records = new Map<Step, CompiledStep>();
  const repeated = repeatedSteps(algo.generation);
  const compile = (st: Step): CompiledStep => compileWith(st);
  const compileWith = (st: Step, forced?: ScheduleOptions): CompiledStep => {
    // A step's population is its domain: it sets the team size and regime as for evaluations.
    // Steps are latency-bound at the population sizes of these algorithms: teams wider than an
    // evaluation's, about STEP_ELEMS_PER_LANE elements a lane (docs/performance.md).
    const o = forced ?? {
      ...defaultScheduleOptions,
      population: st.n,
      elemsPerLane: STEP_ELEMS_PER_LANE,
      // One individual a workgroup up to D = 128 (measured 0.3-0.7 us a generation faster than
      // two on an H200 at D = 100, NP = 250).
      wg: st.prog.dim <= 128 ? 128 : defaultScheduleOptions.wg,
      ...req.schedule,
    };
    // One pass through the pipeline: the CPU backend takes the program after `scan`.
    let cpuIr: IrProgram | undefined;
    const gpuIr = runPipeline({ ...st.prog, data }, o, {
      validateEach: req.validateEach,
      onPass: (pass, p) => {
        if (pass === 'scan') cpuIr = p;
      },
    });
    if (!cpuIr) throw new Error(`internal: the pipeline has no scan pass`);
    // In the split regime every workgroup of a step's writes kernel recomputes the step's first
    // scalars and its vectors; a value row (cols 0) that the step writes is written by one
    // workgroup while the others may still read it there (a race: a Solis-Wets step that reads
    // phase[0] and sets it). Where the value writes can follow the vector writes in a kernel of
    // their own (ir/step.ts, valueWritesAfter: PSO's personal best) the split regime stays;
    // otherwise the step takes the team regime, where one team computes and then writes.
    if (gpuIr.schedule.regime.k === 'split' && splitWriteRace(gpuIr) && !valueWritesAfter(gpuIr))
      return compileWith(st, { ...o, force: 'team' });
    const r: CompiledStep = {
      step: st,
      gpuIr,
      cpuIr,
      scheduleOptions: o,
      // Runs of a step that follow one another (a repeat of it alone) may chain (ir/step.ts).
      ...stepArtefact(gpuIr, () => buildPlan(gpuIr, o, { chain: repeated.has(st) }), algo.state),
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
  // The track is fused into steps of the team regime (one kernel a generation). A split step
  // (large D) gains nothing from it, and its writes kernel would read the best point while rows
  // are being replaced in place.
  const fused = new Map<Step, Step>();
  if (req.fuseTrack !== false)
    for (const st of firstSteps(algo.generation)) {
      const r = compiled(st).gpuIr.schedule.regime;
      // The fused step takes the argmin of the populations' fitness: each team, or once for the
      // workgroup where it has several individuals (codegen/wgsl-team.ts, reduceStage). With few
      // lanes and many individuals that loop costs more than the track's own kernel (D = 2, NP =
      // 250, each team's: 21 us a generation fused, on an H200).
      const rows = Math.max(...algo.populations.map((p) => p.rows));
      const lanes = r.k !== 'team' ? 1 : r.wg > r.team ? r.wg : r.team;
      // A counted step (each i in X[:n]) may run no individual, and individual 0 writes the track.
      // A step of one individual (a stored let: PSO's global best at N = 4,096) is one team
      // either way: fused, the track's argmin is that team's work instead of another kernel's.
      if (
        !st.count &&
        r.k === 'team' &&
        (st.n === 1 ||
          (rows <= FUSE_TRACK_MAX_N && Math.ceil(rows / lanes) <= FUSE_TRACK_ROWS_PER_LANE))
      ) {
        const f = fuseTrack(st, algo.track);
        if (compile(f).gpuIr.schedule.regime.k === 'team') fused.set(st, f);
      }
    }
  const steps = [...base, ...fused.values()];
  // A counted step (each i in X[:n]) leaves the rows from n on: an array it wrote to the other
  // copy would have them stale there. The elaborator rules out reads of a written array at other
  // rows (OPT6037); a write that reads an array an earlier write of the step changed in place is
  // the other reason for two copies, and is refused here.
  for (const st of steps) {
    if (!st.count) continue;
    const two = pingPong([compiled(st).gpuIr]);
    if (two.size)
      throw new Error(
        `step ${st.name} runs the first n rows (each i in X[:n]) but would write ${[...two].join(', ')} to a second copy on the GPU, leaving the other rows stale there: write those arrays in a step of their own`,
      );
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
    sources: parsed.texts,
    gpuCheck: () => checkGpuChains(elab.core.longChains, parsed.texts),
    evaluatePoint,
    errorAt,
  };
}

/**
 * Does a split step's writes kernel read a value row (an array of cols 0) that the step writes?
 * It recomputes the scalars before the first reduction and the vectors; the write bodies are
 * evaluated only where they are written, so their reads do not count.
 */
export function splitWriteRace(p: ScheduledProgram): boolean {
  if (valueWritesInCombine(p)) return false;
  const f = p.main;
  const scalarWrites = new Set(
    (f.writes ?? [])
      .filter((w) => !w.col && p.state?.find((a) => a.name === w.arr)?.cols === 0)
      .map((w) => w.arr),
  );
  if (!scalarWrites.size) return false;
  const prefix = prefixScalars(p);
  return f.bindings.some(
    (b) =>
      (b.k !== 'scalar' || prefix.has(b.name)) &&
      some(b.body, (n) => n.k === 'read' && scalarWrites.has(n.arr)),
  );
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
        const only = s.body.length === 1 ? s.body[0] : undefined;
        if (only?.k === 'step' && !only.step.guard) out.add(only.step);
        walk(s.body);
      }
    }
  };
  walk(g);
  return out;
}
