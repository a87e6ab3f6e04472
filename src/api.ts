// The compiler's programmatic interface, the one door the CLI (and any other user) goes through:
// check and compile problems and algorithms, print what a compilation made (IR, WGSL,
// JavaScript), open a GPU, evaluate, run an algorithm, run an experiment and write its report,
// and the helpers the benchmarks time with. It sits above every stage of the compiler and the
// runtime and the rooms above them (src/experiment, src/report), and below the CLI.

import { AlgoElaborator } from './elaborate/algorithm.js';
import { ProblemElaborator } from './elaborate/problem.js';
import { parseAll, type SourceRequest } from './parser/sources.js';
import { stdlibFiles } from './parser/stdlib.js';
export { optFilesUnder, stdlibFiles } from './parser/stdlib.js';
import { basename, dirname } from 'node:path';
import type { Diagnostic } from './parser/diagnostics.js';
import type { ExperimentDecl } from './parser/ast.js';
import type { ExperimentDesign } from './compile/experiment.js';
import { compileIrUntil, type CompiledProblem, type CompileRequest } from './compile/problem.js';
import { cellDiagnostics, designOf } from './compile/experiment.js';
import {
  algorithmIrUntil,
  type AlgoCompileRequest,
  type CompiledAlgorithm,
} from './compile/algorithm.js';
import { printExpr, printProgram } from './ir/print.js';
import { printAlgo } from './ir/algo-print.js';
import { printPlan } from './schedule/plan.js';
import { emitJs } from './codegen/js.js';
import { algorithmKernels } from './compile/kernels.js';
export { WGSL_PHILOX } from './codegen/wgsl-philox.js';
import type { GpuContext } from './runtime/device.js';
import { GpuEvaluator } from './runtime/gpu-eval.js';
import { checkEvaluation } from './runtime/resources.js';
import type { AlgoEngine } from './runtime/algo-engine.js';
import { checkCpuRun, CpuAlgoEngine } from './runtime/algo-cpu.js';
import { checkGpuRun, GpuAlgoEngine } from './runtime/algo-gpu.js';

// ---- Sources, problems and algorithms

export { importTarget, parseAll, parseChecked, type SourceRequest } from './parser/sources.js';
export {
  compileIrUntil,
  compileProblem,
  fixedDimension,
  rangeCheck,
  suiteProblems,
  type CompiledProblem,
  type RangeCheck,
  type CompileRequest,
  type ProblemInfo,
} from './compile/problem.js';
export {
  experimentDesign,
  type ExperimentDesign,
  type ExperimentCell,
  type ExperimentAlgorithm,
} from './compile/experiment.js';
export {
  algorithmIrUntil,
  compileAlgorithm,
  type AlgoCompileRequest,
  type CompiledAlgorithm,
  type Precision,
} from './compile/algorithm.js';
export type { EmbeddedKernels, EmbeddedStepKernels, EmbeddedKernel } from './compile/kernels.js';
export { PASS_NAMES } from './compile/pipeline.js';
export { ALGO_PASS_NAMES } from './compile/algo-pipeline.js';
export { emitTypeScript, type EmitTsRequest } from './api/emit-ts.js';

/** The standard library's algorithms (stdlib/algorithms: one file an algorithm, of its name). */
export function stdlibAlgorithms(): string[] {
  return stdlibFiles()
    .filter((f) => basename(dirname(f)) === 'algorithms')
    .map((f) => basename(f, '.opt'));
}
export { setDataRoot } from './ir/datafiles.js';
export { identifiers, openCall, wordAt, KEYWORD_NAMES, type Word } from './parser/words.js';
export { functionInfos, type FunctionInfo } from './ir/builtins.js';
export type * as Ast from './parser/ast.js';
export { OptError, formatDiagnostic, type Diagnostic } from './parser/diagnostics.js';
/**
 * `text` formatted in the one .opt style (docs/formatting.md); an OptError with the syntax errors
 * if it does not parse. The formatter (and prettier) load on the first call, not with the API.
 */
export async function formatOpt(text: string, file = '<input>'): Promise<string> {
  return (await import('./format/plugin.js')).formatOpt(text, file);
}

// ---- Checking files

export interface CheckResult {
  /** Every diagnostic of the files, once each. */
  diagnostics: Diagnostic[];
  /** The source texts by file name (for the caret lines of formatted diagnostics). */
  texts: Map<string, string>;
  /** The declarations of the files. */
  problems: number;
  /** The names of the files' problems (those the elaborator kept), in order. */
  problemNames: string[];
  /** The files the named ones import (directly or through others), not named themselves. */
  imported: string[];
  algorithms: number;
  suites: number;
  experiments: number;
}

const sameDiag = (x: Diagnostic, y: Diagnostic) =>
  x.code === y.code && x.message === y.message && x.loc?.offset === y.loc?.offset;

/**
 * The dimensions a problem is checked at: 2 and 10, or for a problem with a `where` clause the
 * first two up to 4096 that it allows (none: 2, which reports the clause).
 */
function checkDims(elab: ProblemElaborator, name: string): number[] {
  if (elab.dimensionAllowed(name, 2) && elab.dimensionAllowed(name, 10)) return [2, 10];
  const ok: number[] = [];
  for (let d = 1; d <= 4096 && ok.length < 2; d++) if (elab.dimensionAllowed(name, d)) ok.push(d);
  return ok.length ? ok : [2];
}

/**
 * Checks .opt files (`opt check`): parses them and the files they import with the stdlib,
 * elaborates every problem of those files at two dimensions (shapes depend on D), every suite,
 * and every algorithm for the stdlib's sphere (any problem with a box would do).
 */
export function checkFiles(files: string[]): CheckResult {
  return checkSources({ files });
}

/**
 * checkFiles for files and in-memory texts (an editor's open documents: src/lsp). `dims`: the
 * dimensions every problem is elaborated at, instead of checkFiles' two.
 */
export function checkSources(req: SourceRequest & { dims?: number[] }): CheckResult {
  const parsed = parseAll(req);
  const diags = [...parsed.diagnostics];
  if (!diags.length) {
    const elab = new ProblemElaborator(parsed.sources);
    diags.push(...elab.diagnostics);
    // Only the declarations the elaborator kept: one rejected as a duplicate (or named like a
    // builtin) is reported already, and asking for it by name would add a 'no problem named'.
    for (const file of parsed.userFiles) {
      for (const d of file.decls)
        if (d.kind === 'problem' && elab.core.problems.get(d.name) === d)
          for (const dim of req.dims ?? checkDims(elab, d.name)) elab.lower(d.name, dim);
        else if (d.kind === 'suite' && elab.core.suites.get(d.name) === d) elab.suite(d.name);
    }
    const designs: [ExperimentDecl, ExperimentDesign][] = [];
    for (const file of parsed.userFiles)
      for (const d of file.decls)
        if (d.kind === 'experiment' && elab.core.experiments.get(d.name) === d) {
          const before = elab.diagnostics.length;
          const design = designOf(elab, d);
          if (design && elab.diagnostics.length === before) designs.push([d, design]);
        }
    for (const d of elab.diagnostics) if (!diags.includes(d)) diags.push(d);
    const lowerAlgorithm = (algorithm: string, set?: Record<string, string>) => {
      const a = new AlgoElaborator(parsed.sources);
      a.lowerAlgorithm({ algorithm, problem: 'sphere', dim: 10, set });
      for (const x of a.diagnostics) if (!diags.some((y) => sameDiag(x, y))) diags.push(x);
    };
    const decls = parsed.userFiles.flatMap((f) => f.decls);
    // The core holds a copy of each algorithm (with its bounds parameter): the same place.
    for (const d of decls)
      if (d.kind === 'algorithm' && elab.core.algorithms.get(d.name)?.loc === d.loc)
        lowerAlgorithm(d.name);
    // A bound-handling policy's body is elaborated where an algorithm uses it: each of the files'
    // policies through the standard DE, so that one no algorithm uses yet gets its errors too (at
    // the policy's place; after the algorithms', which report a policy they use first).
    for (const d of decls)
      if (d.kind === 'repair' && elab.core.repairs.get(d.name) === d)
        lowerAlgorithm('de', { bounds: d.name });
    // Then, where the rest holds, every cell of each experiment elaborated as its run would (the
    // problem at the cell's D, the algorithm for it): an error there at the experiment's entry.
    // (Where the rest has errors, a cell would report the same ones again, elsewhere.)
    if (!diags.length)
      for (const [d, design] of designs)
        for (const x of cellDiagnostics(parsed.sources, d, design))
          if (!diags.some((y) => sameDiag(x, y))) diags.push(x);
  }
  const count = (kind: string) =>
    parsed.userFiles.reduce((n, f) => n + f.decls.filter((d) => d.kind === kind).length, 0);
  return {
    diagnostics: diags,
    texts: parsed.texts,
    problems: count('problem'),
    algorithms: count('algorithm'),
    suites: count('suite'),
    experiments: count('experiment'),
    problemNames: parsed.userFiles.flatMap((f) =>
      f.decls.flatMap((d) => (d.kind === 'problem' ? [d.name] : [])),
    ),
    imported: parsed.userFiles.filter((f) => !parsed.rootFiles.includes(f)).map((f) => f.file),
  };
}

// ---- Printing what a compilation made (`opt compile --emit`)

/** What `opt compile --emit` prints. */
export type EmitKind = 'wgsl' | 'ir' | 'js' | 'plan';

export {
  buildPlan,
  printPlan,
  workgroupsFor,
  type Plan,
  type PlanKernel,
} from './schedule/plan.js';

/** `req`'s problem after pass `until` as IR text (`opt compile --dump-ir after:NAME`). */
export function emitIrUntil(req: CompileRequest, until: string): string {
  return printProgram(compileIrUntil(req, until)) + '\n';
}

/** `req`'s algorithm IR after algorithm pass `until` (`opt compile --dump-algo-ir after:NAME`). */
export function emitAlgoIrUntil(req: AlgoCompileRequest, until: string): string {
  return printAlgo(algorithmIrUntil(req, until)) + '\n';
}

/**
 * A compiled problem as text: its (scheduled) IR, its float64 JavaScript, its plan (the kernels,
 * schedule/plan.ts), or its WGSL kernels under a line that states their number and the regime.
 */
export function emitProblem(p: CompiledProblem, what: EmitKind): string {
  if (what === 'ir') return printProgram(p.ir) + '\n';
  if (what === 'plan') return printPlan(p.plan()) + '\n';
  if (what === 'js') return emitJs(p.ir) + '\n';
  p.gpuCheck(); // the GPU backend's limits (compile/gpu-limits.ts) before its kernels
  const wgsl = p.kernels();
  const s = p.ir.schedule;
  const regime =
    s.regime.k === 'team'
      ? `team of ${s.regime.team} lanes, ${s.regime.wg / s.regime.team} individuals per workgroup`
      : `split: ${s.regime.groups} workgroups of ${s.regime.chunk} elements per individual`;
  const n = wgsl.kernels.length;
  return (
    `// ${p.info.name}, D = ${p.info.dim}: ${n} kernel${n === 1 ? '' : 's'} (${regime})\n` +
    wgsl.kernels.map((k) => `// ---- kernel ${k.name}\n${k.code}\n`).join('')
  );
}

/**
 * A compiled algorithm as text: a line with its steps and kernels a generation, then each step
 * (fused steps are part of the step they are fused into) with its IR, plan, JavaScript or WGSL.
 */
export function emitAlgorithm(c: CompiledAlgorithm, what: EmitKind): string {
  // Every kind prints from the GPU kernels: the GPU backend's limits first (compile/gpu-limits.ts).
  c.gpuCheck();
  const fused = new Set(c.fused.keys());
  const steps = c.steps.filter((st) => !fused.has(st));
  // The kernels as compiled (compile/kernels.ts), by step: the same list `--emit ts` embeds.
  const kernels = algorithmKernels(c);
  let out = `// ${c.algo.name} for ${c.algo.problem.name}, D = ${c.algo.dim}: ${steps.length} steps, ${GpuAlgoEngine.kernelsPerGeneration(c)} kernel(s) a generation; double-buffered on the GPU: ${[...c.pingPong].join(', ') || 'none'}\n`;
  for (const h of c.algo.hostLets)
    out += `// host let $h${h.slot} (${h.name.slice(2)}) = ${printExpr(h.body)}\n`;
  for (const st of steps) {
    const cs = c.compiled(st);
    const ir = cs.gpuIr;
    const s = ir.schedule;
    // A counted step (each i in X[:n]): its host count, of at most n individuals.
    const count = st.count ? `the first ${printExpr(st.count)} of ` : '';
    out += `// ---- step ${st.name}: ${count}${st.n} individual(s), ${st.evals} evaluation(s), ${s.regime.k} regime, ${s.kernels} kernel(s)\n`;
    if (what === 'ir') out += printProgram(ir) + '\n';
    else if (what === 'plan') out += printPlan(cs.plan()) + '\n';
    else if (what === 'js') out += emitJs(cs.cpuIr) + '\n';
    // A chainable step's chain kernel (between consecutive runs) after the kernels of a run.
    else
      for (const { kernel: k } of kernels.filter((k) => k.step === st))
        out += `// kernel ${k.name}\n${k.code}\n`;
  }
  return out;
}

// ---- The GPU, evaluation and runs

export { openGpu, GpuError, type GpuContext } from './runtime/device.js';
export { boxAt, boxOf, type Box } from './ir/data.js';
export {
  runAlgorithm,
  outsideBox,
  runBatch,
  DEFAULT_CHECKPOINT_SECONDS,
  type BatchOptions,
  type Progress,
  type RunCheckpoint,
  type RunOptions,
  type RunResult,
} from './runtime/run.js';
export type { AlgoEngine } from './runtime/algo-engine.js';
export { readState, type StateArrayValues } from './runtime/algo-state.js';
export { batchRefusal } from './runtime/algo-host.js';
export { checkEvaluation, checkPointsText, ResourceError } from './runtime/resources.js';
export { BatchTooLarge } from './runtime/algo-gpu.js';

/**
 * A problem's values at points: the kernels' g evaluated in float32 on the GPU (decoded in float64
 * where they store phi(g): passes/range.ts), plus the problem's bias added in float64 on the host
 * (passes/bias.ts).
 */
export async function evaluateOnGpu(
  gpu: GpuContext,
  p: CompiledProblem,
  points: readonly Float64Array[],
): Promise<Float64Array> {
  const dim = p.info.dim;
  // The points in float32 on the host and a point on the device, before anything is allocated.
  checkEvaluation(`${p.info.name} at D = ${dim}`, {
    dim,
    points: points.length,
    data: p.ir.data,
    gpu: { limits: gpu.limits, name: gpu.adapterName },
  });
  const ev = new GpuEvaluator(gpu, p, Math.max(1, points.length));
  try {
    await ev.ready();
    const x = new Float32Array(points.length * dim);
    points.forEach((pt, j) => x.set(pt, j * dim));
    const g = await ev.evaluate(x, points.length);
    return Float64Array.from(g, (v) => p.decode(v) + p.bias);
  } finally {
    ev.destroy();
  }
}

/**
 * Refuses a run of `c` whose memory the backend cannot hold (the GPU when one is given, else the
 * CPU), before anything is allocated: what the engines check as they are made
 * (runtime/resources.ts), for a caller that wants to know before other work at D.
 */
export function checkRun(c: CompiledAlgorithm, gpu: GpuContext | null): void {
  if (gpu) checkGpuRun(c, gpu);
  else checkCpuRun(c);
}

export { createBatchEngine, createEngine } from './runtime/engines.js';

// ---- What the benchmarks time with (opt bench)

export { GpuEvaluator } from './runtime/gpu-eval.js';
export { CpuAlgoEngine } from './runtime/algo-cpu.js';
export { GpuAlgoEngine } from './runtime/algo-gpu.js';
export { timePass } from './runtime/timing.js';
export { float32Check, type Float32Check } from './runtime/float32-check.js';

// ---- Experiments and reports (the rooms src/experiment and src/report; docs/api.md)

import type { ExperimentOutcome, RunExperimentOptions } from './experiment/runner.js';
import type { ReportWritten, IohWritten } from './report/report.js';
export type {
  ExperimentOutcome,
  ExperimentRunDone,
  RunExperimentOptions,
} from './experiment/runner.js';
export type { ReportWritten, IohWritten } from './report/report.js';
export type { RunReport } from './experiment/run.js';
export type { Shard } from './experiment/shard.js';
export { ExperimentError } from './experiment/errors.js';

/**
 * Runs an experiment's design (its missing runs, or shard K/N's) into `out`/results.sqlite, as
 * `opt experiment FILE [NAME] --out DIR` does, without printing: onStart, onRun and onNote say
 * what happens, `signal` stops it after the current batch. Loaded on the first call (SQLite, the
 * experiment room), not with the API.
 */
export async function runExperiment(o: RunExperimentOptions): Promise<ExperimentOutcome> {
  return (await import('./experiment/runner.js')).runExperiment(o);
}

/**
 * Writes the report of the experiment in `dir` (from its results.sqlite) into `dir`, as
 * `opt report DIR` does: report.md, report.html, figures/*.svg, tables.tex, cells.csv, tests.csv,
 * ert.csv and ecdf.csv; returns report.md's text and the figures' warnings.
 */
export async function writeReport(o: { dir: string }): Promise<ReportWritten> {
  return (await import('./report/report.js')).writeReport(o);
}

/** The experiment in `dir` in IOHprofiler's format, into `out` (default DIR/ioh): `--format ioh`. */
export async function writeIohReport(o: { dir: string; out?: string }): Promise<IohWritten> {
  return (await import('./report/report.js')).writeIohReport(o);
}
