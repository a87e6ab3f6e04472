// Compiling a problem: parse (with the stdlib), elaborate at a dimension, run the pipeline; the
// result evaluates on the CPU (float64 reference) or hands its scheduled IR to the GPU backend.

import type { SourceFile } from '../parser/ast.js';
import { diag, OptError } from '../parser/diagnostics.js';
import { ProblemElaborator } from '../elaborate/problem.js';
import type { IrProgram, ScheduledProgram } from '../ir/ir.js';
import { checkGpuChains } from './gpu-limits.js';
import { runPipeline } from './pipeline.js';
import { needsRange, rangeDecode } from '../ir/range.js';
import { defaultScheduleOptions, type ScheduleOptions } from '../schedule/schedule.js';
import { buildPlan, type Plan } from '../schedule/plan.js';
import { compileJs, type CpuEvaluator } from '../codegen/js.js';
import { boxAt, boxOf, materialiseData, type Box } from '../ir/data.js';
import { errorBoundProgram } from '../ir/error-bound.js';
import { summationChain, type WgslKernels } from '../codegen/wgsl.js';
import { once, problemKernels, type ProblemKernelOptions } from './kernels.js';
import { parseChecked, type SourceRequest } from '../parser/sources.js';
import { uniform53 } from '../rng/philox.js';

export interface CompileRequest extends SourceRequest {
  /** A problem name (stdlib or from `files`/`sources`). When omitted, the last problem of the last user file. */
  problem?: string;
  dim: number;
  schedule?: Partial<ScheduleOptions>;
  /** The problem's parameters: { name: value } (--set). */
  set?: Record<string, string>;
  validateEach?: boolean;
  /**
   * The program is for the GPU backend: its limits (compile/gpu-limits.ts) are checked as soon as
   * it is lowered, before the pipeline runs (the GPU runtime checks them again: gpuCheck).
   */
  gpu?: boolean;
}

export interface ProblemInfo {
  name: string;
  dim: number;
  lo: number;
  hi: number;
  optimum: number;
  optimumPoint: number[] | null;
  direction: 'minimize' | 'maximize';
}

export interface CompiledProblem {
  info: ProblemInfo;
  /**
   * The box: info.lo and info.hi for every coordinate, or, for a box per coordinate (`in [L, U]`
   * with data), each side's vector (info.lo and info.hi are then its envelope).
   */
  box(): Box;
  /** The IR after lowering (callees not yet inlined). */
  lowered: IrProgram;
  /** The IR after the whole pipeline (irUntil for a partial one). */
  ir: ScheduledProgram;
  /** The schedule options the IR was scheduled with. */
  scheduleOptions: ScheduleOptions;
  /** The kernels the scheduled IR runs (schedule/plan.ts), built once. */
  plan(): Plan;
  /**
   * Its WGSL from plan(), each kernel's tree and text, generated once for each set of options
   * (compile/kernels.ts): what the GPU evaluator and the emitters read.
   */
  kernels(o?: ProblemKernelOptions): WgslKernels;
  /**
   * The GPU's value g from what its kernels store: rangeDecode where the problem's values may
   * leave float32's range (passes/range.ts stores them as phi(g)), else g itself.
   */
  decode(stored: number): number;
  /** Whether the GPU stores its values as phi(g) (passes/range.ts). */
  rangeForm: boolean;
  /**
   * The constant the kernels leave out (passes/bias.ts): the problem's value is what they compute
   * plus `bias`, added in float64 by the host.
   */
  bias: number;
  data(name: string): Float64Array;
  dataAll(): Record<string, Float64Array>;
  /** The problem's values at points on the CPU backend: g + bias in float64. */
  evaluateCpu(points: number[][] | Float64Array[]): number[];
  /** The CPU backend's function of one point: the kernels' g, without the bias. */
  cpuEvaluator(): CpuEvaluator;
  /**
   * The running float32 error bound MU of the GPU's program at one point (ir/error-bound.ts, on
   * the IR the GPU takes after its float32 rewrites, with the schedule's summation chain):
   * |GPU g - exact g| <= 2^-24 MU, evaluated in float64.
   */
  errorBound(): CpuEvaluator;
  /** The error at a point whose g (the kernels' value, without the bias) is `g`: errorFromG. */
  errorOf(g: number): number;
  sources: Map<string, string>;
  /**
   * Throws OptError where the GPU backend refuses the program before its shader compiler sees it
   * (compile/gpu-limits.ts: written chains of more than GPU_MAX_CHAIN_TERMS terms).
   */
  gpuCheck(): void;
}

/**
 * The declared optimum point of `p` at its dimension, from its data (`data(name)`) where it is a
 * data array; null when the problem declares none.
 */
export function optimumPointOf(
  p: Pick<IrProgram, 'at' | 'dim'>,
  data: (name: string) => ArrayLike<number>,
): Float64Array | null {
  const at = p.at;
  if (at === null) return null;
  return at.k === 'const' ? new Float64Array(p.dim).fill(at.v) : Float64Array.from(data(at.name));
}

/**
 * The error f - f* (f* - f when maximising) of a point whose kernels' value is g, for a problem
 * whose bias is `bias` (passes/bias.ts): s g + (s c - s f*) in float64, so that an error near the
 * optimum keeps g's digits (f - f* would keep only those above the spacing of f); NaN when the
 * problem declares no optimum.
 */
export function errorFromG(
  p: Pick<IrProgram, 'direction' | 'optimum'>,
  bias: number,
): (g: number) => number {
  const s = p.direction === 'maximize' ? -1 : 1;
  const d = s * bias - s * p.optimum;
  return (g) => s * g + d;
}

function pickProblem(
  req: CompileRequest,
  parsed: { rootFiles: SourceFile[]; userFiles: SourceFile[] },
): string | undefined {
  if (req.problem) return req.problem;
  // The last problem of the last named file that has one; else of the files they import (each
  // file after those it imports).
  const last = (files: SourceFile[]) =>
    files
      .flatMap((f) => f.decls)
      .filter((d) => d.kind === 'problem')
      .at(-1)?.name;
  return last(parsed.rootFiles) ?? last(parsed.userFiles);
}

/** A compile request's dimension, checked (problems and algorithms alike): a positive integer. */
export function checkDimension(dim: number): void {
  if (!Number.isInteger(dim) || dim < 1)
    throw new RangeError(`the dimension must be a positive integer, got ${dim}`);
}

/** The problem of `req` lowered to the IR, with the sources' texts and its schedule options. */
function lowerProblem(req: CompileRequest) {
  checkDimension(req.dim);
  const parsed = parseChecked(req);
  const elab = new ProblemElaborator(parsed.sources);
  const name = pickProblem(req, parsed);
  if (!name) throw new OptError([diag('NoProblemToCompile', undefined)], parsed.texts);
  const lowered = elab.lower(name, req.dim, req.set);
  if (!lowered || elab.diagnostics.length) throw new OptError(elab.diagnostics, parsed.texts);
  if (req.gpu) checkGpuChains(elab.core.longChains, parsed.texts);
  return {
    parsed,
    lowered,
    options: { ...defaultScheduleOptions, ...req.schedule },
    longChains: elab.core.longChains,
  };
}

/**
 * The IR of `req`'s problem after pass `until` (`opt compile --dump-ir after:NAME`): the pipeline
 * stops there, so the passes after it do not run (nor fail).
 */
export function compileIrUntil(req: CompileRequest, until: string): IrProgram {
  const { lowered, options } = lowerProblem(req);
  return runPipeline(lowered, options, { until, validateEach: req.validateEach });
}

export function compileProblem(req: CompileRequest): CompiledProblem {
  const { parsed, lowered, options, longChains } = lowerProblem(req);
  let rangeForm = false;
  const ir = runPipeline(lowered, options, {
    validateEach: req.validateEach,
    // The range pass's own test, on the program it gets (passes/range.ts).
    onPass: (pass, p) => {
      if (pass === 'residual') rangeForm = needsRange(p);
    },
  });
  let values: Record<string, Float64Array> | undefined;
  // The data of the GPU's program: the problem's, and the residuals of its shifts (passes/residual.ts).
  const dataAll = () => (values ??= materialiseData({ ...lowered, data: ir.data }));
  const data = (n: string) => {
    const v = dataAll()[n];
    if (!v)
      throw new Error(
        `no data named ${n} in ${lowered.name} (it has: ${Object.keys(dataAll()).join(', ')})`,
      );
    return v;
  };
  let evaluator: CpuEvaluator | undefined;
  // The CPU reference runs the IR after scan recognition: before fusion and scheduling, so GPU
  // results are checked against code that did not go through those passes.
  const cpuEvaluator = () =>
    (evaluator ??= compileJs(runPipeline(lowered, options, { until: 'scan' }), dataAll()));
  let bound: CpuEvaluator | undefined;
  const errorBound = () =>
    (bound ??= compileJs(
      // The GPU's program before fusion: its residuals and its range form (passes/range.ts) are
      // part of what it computes.
      errorBoundProgram(runPipeline(lowered, options, { until: 'range' }), summationChain(ir)),
      dataAll(),
    ));
  const optimumPoint = optimumPointOf(lowered, data);
  const info: ProblemInfo = {
    name: lowered.name,
    dim: req.dim,
    lo: lowered.box[0],
    hi: lowered.box[1],
    optimum: lowered.optimum,
    optimumPoint: optimumPoint && Array.from(optimumPoint),
    direction: lowered.direction,
  };
  const bias = ir.bias ?? 0;
  const plan = once(() => buildPlan(ir, options));
  return {
    info,
    box: () => boxOf(lowered, dataAll),
    lowered,
    ir,
    bias,
    rangeForm,
    decode: rangeForm ? rangeDecode : (v) => v,
    scheduleOptions: options,
    plan,
    kernels: problemKernels(ir, plan),
    sources: parsed.texts,
    gpuCheck: () => checkGpuChains(longChains, parsed.texts),
    data,
    dataAll,
    cpuEvaluator,
    errorBound,
    errorOf: errorFromG(lowered, bias),
    evaluateCpu: (points) => {
      const f = cpuEvaluator();
      return points.map((pt) => {
        if (pt.length !== req.dim)
          throw new RangeError(
            `a point has ${pt.length} coordinates, but the dimension is ${req.dim}`,
          );
        return f(pt instanceof Float64Array ? pt : Float64Array.from(pt), 0) + bias;
      });
    },
  };
}

/**
 * The problems of a suite (`suite NAME = [...]` in the stdlib or the user's files), in order.
 * Throws OptError naming the unknown suite or member.
 */
export function suiteProblems(name: string, req: SourceRequest = {}): string[] {
  const parsed = parseChecked(req);
  const elab = new ProblemElaborator(parsed.sources);
  const members = elab.suite(name);
  if (!members || elab.diagnostics.length) throw new OptError(elab.diagnostics, parsed.texts);
  return members;
}

/** The dimension problem `name` is fixed to by `where D == N`, or undefined. */
export function fixedDimension(name: string, req: SourceRequest = {}): number | undefined {
  const parsed = parseChecked(req);
  return new ProblemElaborator(parsed.sources).fixedDimension(name);
}

/** The largest float32 is 3.4028234663852886e38; values from half an ulp above it round to inf. */
export const FLOAT32_OVERFLOW = 3.4028235677973366e38;

export interface RangeCheck {
  problem: string;
  dim: number;
  /** Random points of the box where float64's g is finite and beyond float32's range. */
  beyond: number;
  points: number;
  /** Random points of the box where float64's g is NaN: the problem has no value there. */
  nan: number;
  /** The largest finite |g| at them (g: the kernels' value, without the bias). */
  largest: number;
}

/**
 * Whether float32 can hold problem `p`'s values inside its box, as `opt check --dim D` asks:
 * the CPU backend's g in float64 at `n` random points of the box (Philox stream 14, the same on
 * every machine). A sample, not a bound: a problem whose values leave float32's range only in a
 * corner of the box can pass it (the GPU then refuses a run, or a value, when it meets one:
 * runtime/run.ts, cli `opt eval`). Undefined for a box that is not finite.
 */
export function rangeCheck(p: CompiledProblem, n = 64): RangeCheck | undefined {
  const { lo, hi, dim } = p.info;
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return undefined;
  const g = p.cpuEvaluator();
  const box = p.box();
  const x = new Float64Array(dim);
  let beyond = 0;
  let nan = 0;
  let largest = 0;
  for (let k = 0; k < n; k++) {
    for (let i = 0; i < dim; i++) {
      const [l, h] = boxAt(box, i);
      x[i] = l + (h - l) * uniform53(i, k, 14);
    }
    const v = Math.abs(g(x, 0));
    if (Number.isNaN(v)) nan++;
    if (!Number.isFinite(v)) continue;
    largest = Math.max(largest, v);
    if (v >= FLOAT32_OVERFLOW) beyond++;
  }
  return { problem: p.info.name, dim, beyond, points: n, nan, largest };
}
