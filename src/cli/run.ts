// `opt run ALGORITHM --problem NAME --dim D`: one run of an algorithm, on the GPU (default) or the
// CPU backend, with a progress line on a terminal, a one-line summary, --json for one JSON object
// on stdout and --out DIR for result.json, trace.csv and best.txt. Ctrl-C stops the run after the
// current batch and still writes what it has.

import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import {
  compileAlgorithm,
  checkRun,
  createEngine,
  fixedDimension,
  GpuError,
  openGpu,
  readState,
  runAlgorithm,
  setDataRoot,
  stdlibAlgorithms,
  stdlibFiles,
  suiteProblems,
  type GpuContext,
  type Precision,
  type Progress,
  type RunCheckpoint,
  type RunResult,
  type StateArrayValues,
} from '../api.js';
import {
  CHECKPOINT,
  checkpointIn,
  compileAtPrecision,
  makeReport,
  markDone,
  programDigest,
  readCheckpoint,
  warmClocks,
  writeCheckpoint,
  writeSuiteCheckpoint,
  type RunReport,
} from '../api/experiment.js';
import { CliError, flagArgs, parseCommand, parseSets, usageLines, withoutFlags } from './args.js';
import { COMMANDS, DIM_REQUIRED, EXIT } from './flags.js';
import { progressLine } from './progress.js';

/** When no budget is given: 10,000 evaluations per dimension (the CEC convention). */
export const DEFAULT_EVALS_PER_DIM = 10000;
/** The default target error f - f*. */
export const DEFAULT_TARGET = 1e-8;

/**
 * The texts of the user's files among a program's sources (by the path the run read): those
 * named and those they import, the stdlib's files but for a named one left out.
 */
function userSources(sources: Map<string, string>, files: string[]): Record<string, string> {
  const wanted = new Set(files.map((f) => resolve(f)));
  const std = new Set(stdlibFiles());
  return Object.fromEntries(
    [...sources].filter(([name]) => wanted.has(resolve(name)) || !std.has(resolve(name))),
  );
}

/**
 * Flags a resumed run may give anew, in place of the run's own: how it reports and where it runs
 * (--backend: a checkpoint of one backend goes on on the other, from its state words converted).
 */
const ANEW = ['json', 'checkpoint-every', 'adapter', 'backend', 'data', 'save-state'] as const;

/**
 * `--resume DIR`: the command stored in DIR's checkpoint, with --out DIR; arguments given beside
 * --resume must agree with it (the program, parameters, budget and seed), but for those in ANEW.
 */
function resumedArgv(argv: string[], dir: string, saved: string[]): string[] {
  const given = withoutFlags(COMMANDS.run, argv, ['resume']);
  const other = ['out', 'resume', ...ANEW] as const;
  const own = withoutFlags(COMMANDS.run, given, [...other]);
  if (own.length) {
    const a = parseCommand(COMMANDS.run, own);
    const b = parseCommand(COMMANDS.run, withoutFlags(COMMANDS.run, saved, [...other]));
    const differs = [
      ...(JSON.stringify(a.positional) !== JSON.stringify(b.positional)
        ? ['the algorithm or files']
        : []),
      ...Object.keys({ ...a.flags, ...b.flags })
        .filter(
          (k) =>
            JSON.stringify((a.flags as Record<string, unknown>)[k]) !==
            JSON.stringify((b.flags as Record<string, unknown>)[k]),
        )
        .map((k) => `--${k}`),
    ];
    if (differs.length)
      throw new CliError(
        `--resume ${dir}: the command differs from the run's in ${differs.join(', ')} (the run's: opt run ${saved.join(' ')})`,
      );
  }
  // The run's command, the flags given anew in place of its own, --out the folder as named now.
  const anew = ANEW.filter((n) => flagArgs(COMMANDS.run, given, [n]).length);
  const keep = withoutFlags(COMMANDS.run, saved, ['out', 'resume', ...anew]);
  return [...keep, ...flagArgs(COMMANDS.run, given, anew), '--out', dir, '--resume', dir];
}

export async function runCommand(argv0: string[]): Promise<number> {
  const pre = parseCommand(COMMANDS.run, argv0);
  let resumed: ReturnType<typeof readCheckpoint> | undefined;
  let argv = argv0;
  if (pre.flags.resume !== undefined) {
    resumed = readCheckpoint(pre.flags.resume);
    argv = resumedArgv(argv0, pre.flags.resume, resumed.argv);
  }
  const { positional, flags } = parseCommand(COMMANDS.run, argv);
  if (flags.data) setDataRoot(flags.data);
  const first = positional[0];
  if (!first)
    throw new CliError(
      `name an algorithm (${stdlibAlgorithms().join(', ')}) or an .opt file\n  ${usageLines(COMMANDS.run).join('\n  ')}`,
    );
  const files = positional.filter((p) => p.endsWith('.opt'));
  for (const f of files) if (!existsSync(f)) throw new CliError(`file not found: ${f}`);
  const algorithm = flags.algorithm ?? (first.endsWith('.opt') ? undefined : first);
  if (!algorithm) throw new CliError('with an .opt file, name the algorithm: --algorithm NAME');
  const { problem, suite } = flags;
  if (problem !== undefined && suite !== undefined)
    throw new CliError('--problem and --suite: give one of them');
  let problems: string[];
  if (problem !== undefined) problems = [problem];
  else if (suite !== undefined) problems = suiteProblems(suite, { files });
  else throw new CliError('--problem NAME (or --suite NAME) is required');
  const set = parseSets(flags.set);
  const seed = flags.seed;
  // --dim may be left out when every problem is an instance of a fixed size (`where D == n`).
  const runs = problems.map((problem) => {
    const dim = flags.dim ?? fixedDimension(problem, { files });
    if (dim === undefined) throw new CliError(DIM_REQUIRED);
    return { problem, dim };
  });
  // Every problem compiles before the first run starts: a missing data file or a bad --set fails
  // at once, not after hours of a suite.
  // The target error: 1e-8 unless given (the threshold at which seed 002's runs and the CEC
  // conventions count a problem as solved); `--target none` runs the whole budget.
  const target =
    flags.target === undefined
      ? DEFAULT_TARGET
      : flags.target === 'none'
        ? undefined
        : flags.target;
  // The smallest error to tell apart: the target, or --zero where it is smaller.
  const threshold = Math.min(target ?? Infinity, flags.zero ?? Infinity);
  if (flags['save-state'] && flags.out === undefined)
    throw new CliError('--save-state: give --out DIR too (the state is written to DIR/state/)');
  // The GPU before compiling: a run it cannot hold is refused before any work at D (the float32
  // floor of --precision auto evaluates the problem there: runtime/resources.ts).
  let gpu: GpuContext | null = null;
  if (flags.backend === 'gpu') {
    gpu = await openGpu({ adapter: flags.adapter });
    if (!gpu)
      process.stderr.write('opt: no WebGPU adapter is available; running on the CPU backend\n');
  }
  const compiled = runs.map(({ problem, dim }) => ({
    dim,
    c: compileAtPrecision(
      (precision) =>
        compileAlgorithm({ algorithm, problem, dim, set, files, precision, gpu: gpu !== null }),
      flags.precision as 'auto' | Precision,
      gpu !== null,
      threshold,
      // A suite's problem the backend cannot hold is "not run" when its engine is made (below).
      suite ? undefined : (c) => checkRun(c, gpu),
    ),
  }));
  // A problem without a declared optimum has no error: the default target is never reached (the
  // run loop compares with NaN), and an explicit one is an error.
  const noOptimum = compiled.find(({ c }) => Number.isNaN(c.algo.problem.optimum))?.c;
  if (noOptimum && flags.target !== undefined && target !== undefined)
    throw new CliError(
      `--target: ${noOptimum.algo.problem.name} declares no optimum, so its runs have no error to reach (give --evals or --seconds)`,
    );
  // Without --evals or --seconds: 10,000 D evaluations (a target alone may never be reached).
  const evalsFor = (dim: number) =>
    flags.evals ?? (flags.seconds !== undefined ? undefined : DEFAULT_EVALS_PER_DIM * dim);
  const json = flags.json;
  const seconds = flags.seconds;

  const abort = new AbortController();
  const onInt = () => {
    if (abort.signal.aborted) process.exit(EXIT.INTERRUPTED); // a second Ctrl-C does not wait
    abort.abort();
    process.stderr.write(
      `\nopt: interrupted; finishing the current batch and writing the results${suite ? ' (the rest of the suite is skipped)' : ''}\n`,
    );
  };
  // A SIGTERM (kill, a job runner stopping the job; bin/opt.js passes it on) stops the run as
  // Ctrl-C does: the results and a checkpoint written, exit 130.
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onInt);
  // bin/opt.js killed on its own (kill -9 of the command's process): this process is orphaned
  // and would run on unseen. It stops as at Ctrl-C, writing its results and its checkpoint.
  const parent = process.env.OPT_PARENT_PID;
  // Its stderr is a pipe to bin/opt.js, closed with it: a write there must not end this process.
  if (parent) process.stderr.on('error', () => {});
  const orphaned = parent
    ? setInterval(() => {
        if (String(process.ppid) !== parent && !abort.signal.aborted) {
          abort.abort();
          process.stderr.write(
            'opt: the command was killed; finishing the current batch and writing the results\n',
          );
        }
      }, 250)
    : undefined;
  orphaned?.unref();
  // The output folder is made before the first run, so that a folder that cannot be made is an
  // error now and not after a long run (and its existence tells a watcher the run has begun).
  if (flags.out) {
    try {
      mkdirSync(flags.out, { recursive: true });
    } catch (e) {
      throw new CliError(`--out ${flags.out}: cannot make the folder (${(e as Error).message})`);
    }
  }
  // Checkpoints: every run with --out, in its folder (a suite's: a folder a problem, and the
  // suite's own checkpoint.json naming the command).
  const checkpoints = flags.out !== undefined;
  // The command a checkpoint keeps: without --resume, its --out the folder.
  const command = withoutFlags(COMMANDS.run, argv, ['resume']);
  if (resumed && resumed.suite !== (suite !== undefined))
    throw new CliError(
      `--resume ${flags.out}: its checkpoint is not a ${suite ? 'suite' : 'single'} run's`,
    );
  if (checkpoints && suite) writeSuiteCheckpoint(flags.out!, command, false);
  const reports: RunReport[] = [];
  let refused = 0;
  try {
    for (const [k, { c, dim }] of compiled.entries()) {
      if (abort.signal.aborted) break;
      const maxEvals = evalsFor(dim);
      const label = suite ? suiteLabel(k) : undefined;
      const engine = await createEngine(c, seed, gpu);
      const line = progressLine({ maxEvals, seconds, label });
      // A test-only hook (test/cli.test.ts): the GPU device destroyed after that many batches,
      // as a driver reset or a lost GPU would take it.
      let batches = 0;
      const loseAfter = Number(process.env.OPT_TEST_LOSE_DEVICE_AFTER ?? 0);
      const progress = (p: Progress) => {
        line.update(p);
        if (loseAfter > 0 && gpu && ++batches === loseAfter) gpu.device.destroy();
      };
      const program = programDigest(c.sources);
      // This run's folder, and where a resumed command takes it up: a suite's finished problem
      // is read back, its cut-off one resumed, the others run.
      const runDir =
        flags.out && (suite ? join(flags.out, `${label}_${c.algo.problem.name}`) : flags.out);
      let from: RunCheckpoint | undefined;
      if (resumed && runDir) {
        const state = checkpointIn(runDir);
        if (state === 'done' && suite) {
          line.stop();
          engine.destroy();
          const report = JSON.parse(readFileSync(join(runDir, 'result.json'), 'utf8')) as RunReport;
          reports.push(report);
          process.stderr.write(
            `${label} ${report.algorithm} on ${report.problem}: finished before (${runDir})\n`,
          );
          if (json) process.stdout.write(JSON.stringify(report) + '\n');
          continue;
        }
        if (state === 'resumable') {
          const r = readCheckpoint(runDir);
          if (r.program !== program)
            throw new CliError(
              `--resume ${flags.out}: the program's source files have changed since the run began (the standard library's or the user's): resume with the files it ran`,
            );
          from = r.cp;
        }
      }
      if (runDir) mkdirSync(runDir, { recursive: true });
      // The GPU's clocks, after the host's compile: a suite's problem or a wall-clock budget
      // would otherwise start at idle clocks (src/experiment/roofline.ts, warmClocks).
      if (gpu && (suite || seconds !== undefined)) await warmClocks(gpu, 200);
      let r: RunResult;
      let state: Record<string, StateArrayValues> | undefined;
      try {
        r = await runAlgorithm(c, engine, {
          seed,
          maxEvals,
          seconds,
          target,
          signal: abort.signal,
          onProgress: progress,
          ...(checkpoints
            ? {
                checkpointEvery: flags['checkpoint-every'],
                onCheckpoint: (cp: RunCheckpoint) =>
                  writeCheckpoint(runDir!, command, program, cp, userSources(c.sources, files)),
              }
            : {}),
          ...(from ? { resume: from } : {}),
        });
        if (flags['save-state']) state = await readState(c, engine);
      } catch (e) {
        // The GPU lost mid-run (a device loss, a validation or out-of-memory error): the last
        // checkpoint is in --out; say where, and how to go on.
        if (e instanceof GpuError && checkpoints) {
          line.stop();
          const at = existsSync(join(runDir!, CHECKPOINT))
            ? `its last checkpoint is in ${runDir}: continue it with opt run --resume ${flags.out}`
            : `it had written no checkpoint yet`;
          process.stderr.write(`opt: GPU: ${e.message}\nopt: the run stopped; ${at}\n`);
          return EXIT.GPU_LOST;
        }
        // A problem the backend cannot run (every initial value beyond float32's range) ends a
        // single run with its reason; a suite says so for that problem and goes on with the
        // others, and exits with 2 at the end.
        if (!suite || !(e instanceof RangeError)) throw e;
        process.stderr.write(
          `${label} ${c.algo.name} on ${c.algo.problem.name}: not run: ${e.message}\n`,
        );
        refused++;
        continue;
      } finally {
        line.stop();
        engine.destroy();
      }
      const report = makeReport(c, engine, seed, r);
      if (suite) {
        report.suite = suite;
        report.label = label;
      }
      reports.push(report);
      const summary = `${label ? `${label} ` : ''}${report.algorithm} on ${report.problem} (D = ${dim}, ${report.backend}${report.precision === 'ff' ? ', float-float population' : ''}): ${bestText(report)} after ${fmtInt(report.evals)} evaluations, ${report.generations} generations, ${report.seconds.toFixed(3)} s (stopped: ${report.stopped})`;
      if (runDir) writeOutputs(runDir, report);
      if (runDir && state) writeState(join(runDir, 'state'), state);
      // A run cut off by Ctrl-C keeps its checkpoint for --resume; a finished one says so.
      if (runDir && report.stopped !== 'interrupted') markDone(runDir, command, program);
      if (json) {
        process.stdout.write(JSON.stringify(report) + '\n');
        process.stderr.write(summary + '\n');
      } else process.stdout.write(summary + '\n');
    }
  } finally {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onInt);
    if (orphaned) clearInterval(orphaned);
    if (suite && flags.out && reports.length) writeSuiteSummary(flags.out, reports);
  }
  // The suite finished when every problem ran (or was refused) to its end.
  if (
    suite &&
    flags.out &&
    reports.length + refused === compiled.length &&
    !reports.some((r) => r.stopped === 'interrupted')
  )
    writeSuiteCheckpoint(flags.out, command, true);
  if (abort.signal.aborted || reports.some((r) => r.stopped === 'interrupted'))
    return EXIT.INTERRUPTED;
  return refused ? EXIT.USAGE : EXIT.DONE;
}

/** A suite member's label: F01, F02, ... (two digits, as papers number their benchmarks). */
const suiteLabel = (k: number) => `F${String(k + 1).padStart(2, '0')}`;

/** `--suite` with `--out DIR`: DIR/summary.csv, one row per problem run. */
function writeSuiteSummary(dir: string, reports: RunReport[]): void {
  mkdirSync(dir, { recursive: true });
  writeWhole(
    join(dir, 'summary.csv'),
    'label,problem,dim,seed,evals,seconds,best,error,stopped\n' +
      reports
        .map(
          (r) =>
            `${r.label},${r.problem},${r.dim},${r.seed},${r.evals},${r.seconds.toFixed(6)},${num(r.bestFitness)},${r.bestError === null ? '' : num(r.bestError)},${r.stopped}`,
        )
        .join('\n') +
      '\n',
  );
}

/**
 * A file written whole or not at all (write-file-atomic: a temporary file in the same folder,
 * fsync, rename): a run killed while writing leaves the previous file or the new one, never a
 * torn one.
 */
const writeWhole = (path: string, text: string) => writeFileAtomic.sync(path, text);

function writeOutputs(dir: string, r: RunReport): void {
  mkdirSync(dir, { recursive: true });
  writeWhole(join(dir, 'result.json'), JSON.stringify(r, null, 2) + '\n');
  writeWhole(
    join(dir, 'trace.csv'),
    'evals,seconds,best,error\n' +
      r.trace
        .map(
          (t) =>
            `${t.evals},${t.seconds.toFixed(6)},${num(t.best)},${t.error === null ? '' : num(t.error)}`,
        )
        .join('\n') +
      '\n',
  );
  writeWhole(join(dir, 'best.txt'), r.bestPoint.map(num).join('\n') + '\n');
}

/**
 * `--save-state`: DIR/NAME.csv for each array of the program's state, a row of the array a line:
 * a population's coordinates x1..xD and its fitness f, a state array's value (`value`), or its M
 * values a row (v1..vM); numbers as in trace.csv (17 significant digits, Infinity, NaN).
 */
function writeState(dir: string, state: Record<string, StateArrayValues>): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, a] of Object.entries(state)) {
    const cols = Array.from({ length: a.cols }, (_, j) => j);
    const header =
      a.kind === 'population'
        ? [...cols.map((j) => `x${j + 1}`), 'f']
        : a.cols === 1
          ? ['value']
          : cols.map((j) => `v${j + 1}`);
    const rows = Array.from({ length: a.rows }, (_, k) =>
      [
        ...cols.map((j) => num(a.values[k * a.cols + j]!)),
        ...(a.fitness ? [num(a.fitness[k]!)] : []),
      ].join(','),
    );
    writeWhole(join(dir, `${name}.csv`), [header.join(','), ...rows].join('\n') + '\n');
  }
}

/**
 * The summary's best: its error, or f without an optimum; a best that is no number (NaN, or an
 * infinity, in float64 at the best point) is said to be none, never printed as a result.
 */
function bestText(r: RunReport): string {
  const v = r.bestFitness;
  if (!Number.isFinite(v)) {
    const what = Number.isNaN(v)
      ? 'NaN (the problem has no value there)'
      : `${v} (no number: the problem is unbounded there, or overflows float64)`;
    const dev = Number.isFinite(r.deviceFitness)
      ? `; the ${r.backend.toUpperCase()} gave ${fmtV(r.deviceFitness)} in the run`
      : '';
    return `no best value: float64 gives ${what} at the best point${dev}`;
  }
  return r.bestError === null
    ? `best f ${fmtV(v)} (no optimum declared)`
    : `best error ${fmt(r.bestError)}`;
}

const num = (v: number) => (Number.isFinite(v) ? v.toPrecision(17) : String(v));
const fmt = (v: number) => (Number.isFinite(v) ? v.toExponential(3) : String(v));
const fmtV = (v: number) => (Number.isFinite(v) ? v.toPrecision(8) : String(v));
const fmtInt = (v: number) => v.toLocaleString('en-US');
