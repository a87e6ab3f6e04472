// The commands check, compile and eval (`opt` in src/cli/main.ts loads this module only for
// them, so that `opt --help` does not load the compiler).

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import {
  checkFiles,
  compileAlgorithm,
  compileProblem,
  emitAlgoIrUntil,
  emitAlgorithm,
  emitIrUntil,
  emitProblem,
  evaluateOnGpu,
  checkEvaluation,
  checkPointsText,
  formatDiagnostic,
  GpuError,
  openGpu,
  OptError,
  rangeCheck,
  setDataRoot,
  suiteProblems,
  type CompiledProblem,
  type Diagnostic,
  type GpuContext,
  emitTypeScript,
  type EmitTsRequest,
} from '../api.js';
import { CliError, parseCommand, parseSets, type Parsed } from './args.js';
import { COMMANDS, DIM_REQUIRED } from './flags.js';
import { readPoints } from './points.js';

function target(
  arg: string | undefined,
  problem: string | undefined,
): { files: string[]; problem?: string } {
  if (!arg) throw new CliError('name a problem or an .opt file');
  if (arg.endsWith('.opt') || existsSync(arg)) {
    if (!existsSync(arg)) throw new CliError(`file not found: ${arg}`);
    return { files: [arg], problem };
  }
  return { files: [], problem: arg };
}

export function printDiagnostics(ds: Diagnostic[], texts: Map<string, string>): void {
  for (const d of ds)
    process.stderr.write(formatDiagnostic(d, texts.get(d.loc?.file ?? '')) + '\n');
  const n = ds.length;
  process.stderr.write(`${n} error${n === 1 ? '' : 's'}\n`);
}

/** A path as a user reads it: relative to the working folder when inside it, else absolute. */
function shownPath(file: string): string {
  const r = relative(process.cwd(), file);
  return r && !r.startsWith('..') && !isAbsolute(r) ? r : file;
}

export function check(argv: string[]): number {
  const { positional, flags } = parseCommand(COMMANDS.check, argv);
  if (flags.data) setDataRoot(flags.data);
  if (!positional.length && flags.problem === undefined)
    throw new CliError('opt check: name one or more .opt files (or --problem NAME --dim D)');
  if (flags.problem !== undefined && flags.dim === undefined)
    throw new CliError(`opt check --problem: ${DIM_REQUIRED}`);
  for (const f of positional) if (!existsSync(f)) throw new CliError(`file not found: ${f}`);
  let names = flags.problem !== undefined ? [flags.problem] : [];
  if (positional.length) {
    const c = checkFiles(positional);
    if (c.diagnostics.length) {
      printDiagnostics(c.diagnostics, c.texts);
      return 1;
    }
    const { problems: p, algorithms: a, suites: s, experiments: x } = c;
    const also = (k: number, what: string) => (k ? `, ${k} ${what}${k === 1 ? '' : 's'}` : '');
    // The files the named ones import are checked with them (their declarations counted).
    const imported = c.imported.length
      ? ` (and ${c.imported.map(shownPath).join(', ')}, imported)`
      : '';
    process.stdout.write(
      `${positional.join(', ')}${imported}: ${p} problem${p === 1 ? '' : 's'}${also(a, 'algorithm')}${also(s, 'suite')}${also(x, 'experiment')}, no errors\n`,
    );
    if (!names.length) names = c.problemNames;
  }
  if (flags.dim !== undefined) checkRange(names, positional, flags.dim);
  return 0;
}

/**
 * `opt check --dim D`: whether float32 holds each problem's values inside its box at D (a sample
 * of the box in float64: compile/problem.ts rangeCheck). A problem it does not is reported with
 * the reason; it is no error in the source (the CPU backend runs it), so the exit code stays 0.
 */
function checkRange(names: string[], files: string[], dim: number): void {
  for (const problem of names) {
    let p: CompiledProblem;
    try {
      p = compileProblem({ problem, dim, files });
    } catch (e) {
      // Not defined at this D (a `where` clause, or no official data): say so and go on.
      if (!(e instanceof OptError)) throw e;
      process.stdout.write(
        `${problem} at D = ${dim}: not checked (${e.diagnostics[0]?.message ?? e.message})\n`,
      );
      continue;
    }
    const r = rangeCheck(p);
    if (!r) {
      process.stdout.write(`${problem} at D = ${dim}: not checked (its box is not finite)\n`);
      continue;
    }
    // NaN first: a problem undefined on part of its box is no range question, and the range line
    // then speaks of the points where it has a value.
    if (r.nan)
      process.stdout.write(
        `${problem} at D = ${dim}: not a number (NaN) in float64 at ${r.nan} of ${r.points} random points of its box: the problem has no value there\n`,
      );
    const valued = r.nan
      ? `the ${r.points - r.nan} of ${r.points} random points of its box where it has a value`
      : `${r.points} random points of its box`;
    process.stdout.write(
      r.beyond && p.rangeForm
        ? `${problem} at D = ${dim}: beyond float32's range at ${r.beyond} of ${r.points} random points of its box (|value| up to ${r.largest.toExponential(2)}; float32 ends at 3.4e+38): the GPU computes its product through logarithms and stores such values in an order-preserving form (docs/problems.md, "Range"; a relative error of float32 unit roundoff times the sum of the factors' |logarithms|, 4e-6 at D = 100); an algorithm runs it on the GPU if it uses fitness only through its order\n`
        : r.beyond
          ? `${problem} at D = ${dim}: beyond float32's range at ${r.beyond} of ${r.points} random points of its box (|value| up to ${r.largest.toExponential(2)}; float32 ends at 3.4e+38): the GPU backend cannot evaluate it there (opt eval and opt run refuse it on the GPU; --backend cpu runs it)\n`
          : `${problem} at D = ${dim}: within float32's range at ${valued} (|value| up to ${r.largest.toExponential(2)})\n`,
    );
  }
}

export function compile(argv: string[]): number {
  const parsed = parseCommand(COMMANDS.compile, argv);
  const { positional, flags } = parsed;
  if (flags.data) setDataRoot(flags.data);
  if (flags.algorithm !== undefined) return compileAlgorithmCommand(parsed, flags.algorithm);
  if (flags['dump-algo-ir'] !== undefined)
    throw new CliError('--dump-algo-ir needs --algorithm NAME (and --problem)');
  const t = target(positional[0], flags.problem);
  const until = flags['dump-ir'];
  const req = {
    ...t,
    dim: flags.dim,
    set: parseSets(flags.set),
    schedule: flags.population ? { population: flags.population } : undefined,
  };
  if (flags.emit === 'ts') {
    const p = compileProblem(req);
    return writeModule(flags.out, p.info.name, {
      name: p.info.name,
      file: t.files[0],
      dim: flags.dim,
    });
  }
  // After a pass the IR is all there is to print.
  process.stdout.write(
    until ? emitIrUntil(req, until) : emitProblem(compileProblem(req), flags.emit),
  );
  return 0;
}

/** `--emit ts --out DIR`: the TypeScript module of a problem or an algorithm, DIR/NAME.ts. */
function writeModule(out: string | undefined, name: string, req: EmitTsRequest): number {
  if (out === undefined)
    throw new CliError('--emit ts: --out DIR is required (the module goes to DIR/NAME.ts)');
  mkdirSync(out, { recursive: true });
  const path = join(out, `${name}.ts`);
  writeFileSync(path, emitTypeScript(req));
  process.stdout.write(`wrote ${path}\n`);
  return 0;
}

/** `opt compile --algorithm NAME --problem P --dim D`: every step's IR, WGSL or JavaScript. */
function compileAlgorithmCommand(
  { positional, flags }: Parsed<typeof COMMANDS.compile>,
  algorithm: string,
): number {
  if (flags.problem === undefined)
    throw new CliError('--problem NAME is required with --algorithm');
  const files = positional.filter((f) => f.endsWith('.opt'));
  for (const f of files) if (!existsSync(f)) throw new CliError(`file not found: ${f}`);
  const set = parseSets(flags.set);
  if (flags.emit === 'ts')
    return writeModule(flags.out, algorithm, {
      name: algorithm,
      file: files[0],
      dim: flags.dim,
      problem: flags.problem,
    });
  const req = {
    algorithm,
    problem: flags.problem,
    dim: flags.dim,
    set,
    files,
    precision: flags.precision,
  };
  const until = flags['dump-algo-ir'];
  // After an algorithm pass its IR is all there is to print.
  process.stdout.write(
    until ? emitAlgoIrUntil(req, until) : emitAlgorithm(compileAlgorithm(req), flags.emit),
  );
  return 0;
}

export async function evaluate(argv: string[]): Promise<number> {
  const { positional, flags } = parseCommand(COMMANDS.eval, argv);
  if (flags.data) setDataRoot(flags.data);
  const dim = flags.dim;
  const suite = flags.suite;
  if (suite && positional.some((a) => !a.endsWith('.opt')))
    throw new CliError('--suite: name no problem (the suite names them); .opt files may be given');
  const targets = suite
    ? suiteProblems(suite, { files: positional }).map((problem) => ({
        files: positional,
        problem,
      }))
    : [target(positional[0], flags.problem)];
  // The GPU first: what a point needs there and on the host is checked before the points are
  // read (a dimension no point of which fits is refused at once: runtime/resources.ts).
  let gpu: GpuContext | null = null;
  if (flags.backend === 'gpu') {
    gpu = await openGpu({ adapter: flags.adapter });
    if (!gpu)
      process.stderr.write(
        'opt: no WebGPU adapter is available (install a Vulkan driver, or lavapipe: scripts/ensure-lavapipe.sh); evaluating on the CPU backend\n',
      );
  }
  const gpuLimits = gpu ? { limits: gpu.limits, name: gpu.adapterName } : undefined;
  checkEvaluation(`opt eval at D = ${dim}`, { dim, points: 1, gpu: gpuLimits });
  checkPointsText(flags.points === '-' ? undefined : flags.points, dim);
  const points = readPoints(flags.points, dim);
  const problems: CompiledProblem[] = targets.map((t) =>
    compileProblem({
      ...t,
      dim,
      set: parseSets(flags.set),
      schedule: { population: Math.max(1, points.length) },
      gpu: !!gpu,
    }),
  );
  // Each problem's data with the points (on the GPU: evaluateOnGpu checks its buffers too).
  for (const p of problems)
    checkEvaluation(`${p.info.name} at D = ${dim}`, {
      dim,
      points: points.length,
      data: p.ir.data,
    });
  // One value per line; with --suite, one line per problem: its label, its name, its values.
  const lines: string[] = [];
  for (const [k, p] of problems.entries()) {
    const values = gpu ? await evaluateOnGpu(gpu, p, points) : p.evaluateCpu(points);
    // Never a silent overflow: a GPU value beyond float32's range where float64 has a number.
    if (gpu) {
      const bad = [...values.keys()].filter((k) => !Number.isFinite(values[k]!));
      const cpu = bad.length ? p.evaluateCpu(bad.map((k) => points[k]!)) : [];
      const k = bad.findIndex((_, j) => Number.isFinite(cpu[j]!));
      if (k >= 0)
        throw new CliError(
          `${p.info.name} at D = ${dim}: the value at point ${bad[k]! + 1} is beyond float32's range on the GPU (${values[bad[k]!]}; float64 gives ${cpu[k]!.toPrecision(17)}), as at ${bad.filter((_, j) => Number.isFinite(cpu[j]!)).length} of the ${points.length} points: evaluate it with --backend cpu (docs/problems.md, "Float32 behaviour")`,
        );
    }
    const v = Array.from(values, formatValue);
    if (suite) lines.push([`F${String(k + 1).padStart(2, '0')}`, p.info.name, ...v].join(' '));
    else lines.push(...v);
  }
  process.stdout.write(lines.join('\n') + (lines.length ? '\n' : ''));
  return 0;
}

/** 17 significant digits: enough to round-trip a float64. */
export function formatValue(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  return v.toPrecision(17);
}
