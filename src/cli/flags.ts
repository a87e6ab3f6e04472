// The `opt` commands and their flags, in one table: each flag's kind, the name of its value, its
// help, its allowed range or choices and its default. The parser (src/cli/args.ts) reads it, the
// commands get their values typed from it, `opt --help` and `opt COMMAND --help` are written from
// it, and an editor can read it for completion.

import { ALGO_PASS_NAMES, PASS_NAMES } from '../api/names.js';
import { CliError, type CommandDef, type FlagDef } from './args.js';
import type { Shard } from '../api/experiment.js';

/**
 * The exit codes (README's table, one row each; test/cli.test.ts drives each through bin/opt.js).
 * A diagnostic with a place in a source file is the program's error (SOURCE); one without a place
 * is about a name or value of the command line (`opt run jdee`, `--problem nosuch`, `--set NP=2`):
 * a bad command (USAGE), like an unknown flag.
 */
export const EXIT = {
  DONE: 0,
  SOURCE: 1,
  USAGE: 2,
  INTERNAL: 3,
  GPU: 4,
  GPU_LOST: 5,
  INTERRUPTED: 130,
} as const;

const INT32 = 2 ** 31 - 1;

/** The message when --dim is needed and left out. */
export const DIM_REQUIRED = '--dim is required (a positive integer)';

/** Flags several commands share. */
const data = {
  kind: 'string',
  value: 'DIR',
  help: 'the data root; default $OPT_DATA or ../shared/data',
} as const satisfies FlagDef;
const problem = {
  kind: 'string',
  value: 'NAME',
  help: 'the problem (with a FILE, one of its problems)',
} as const satisfies FlagDef;
const dim = {
  kind: 'int',
  value: 'D',
  help: 'the dimension',
  min: 1,
  max: INT32,
} as const satisfies FlagDef;
const set = {
  kind: 'list',
  value: 'name=value',
  help: 'a parameter of the algorithm or the problem, overriding its default',
} as const satisfies FlagDef;
const adapter = {
  kind: 'string',
  value: 'NAME',
  help: 'the WebGPU adapter whose name contains NAME (default: the best one)',
} as const satisfies FlagDef;
const backend = (dflt: 'cpu' | 'gpu') =>
  ({
    kind: 'string',
    value: 'BACKEND',
    help: 'float64 JavaScript on the CPU, or float32 WGSL on the GPU',
    choices: ['cpu', 'gpu'],
    default: dflt,
  }) as const satisfies FlagDef;

/** `--dump-ir after:PASS`: the pass to stop after. */
function parseDumpIr(raw: string): string {
  const m = /^after:(\w+)$/.exec(raw);
  if (!m || m[1] === undefined || !PASS_NAMES.includes(m[1]))
    throw new CliError(`--dump-ir: expected after:PASS with PASS one of ${PASS_NAMES.join(', ')}`);
  return m[1];
}

/** `--dump-algo-ir after:PASS`: the algorithm pass to stop after. */
function parseDumpAlgoIr(raw: string): string {
  const m = /^after:([\w-]+)$/.exec(raw);
  if (!m || m[1] === undefined || !ALGO_PASS_NAMES.includes(m[1]))
    throw new CliError(
      `--dump-algo-ir: expected after:PASS with PASS one of ${ALGO_PASS_NAMES.join(', ')}`,
    );
  return m[1];
}

/** `--target E|none`: the target error, or none (run the whole budget). */
function parseTarget(raw: string): number | 'none' {
  if (raw === 'none') return raw;
  const t = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(t) || t < 0)
    throw new CliError(`--target: expected an error >= 0 or 'none', got '${raw}'`);
  return t;
}

/** A comma-separated list of names. */
/** `--shard K/N`: two integers with 1 <= K <= N (N against the design's runs is checked later). */
export function parseShard(raw: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(raw);
  const k = m ? Number(m[1]) : NaN;
  const n = m ? Number(m[2]) : NaN;
  if (!m || !Number.isSafeInteger(k) || !Number.isSafeInteger(n) || k < 1 || k > n)
    throw new CliError(`--shard: expected K/N with integers 1 <= K <= N (e.g. 2/8), got '${raw}'`);
  return { k, n };
}

const parseNames = (raw: string): string[] => raw.split(',');

/** `--dims 100,10000`: dimensions. */
function parseDims(raw: string): number[] {
  const dims = raw.split(',').map(Number);
  if (dims.some((d) => !Number.isInteger(d) || d < 1))
    throw new CliError(`--dims: expected positive integers separated by commas, got '${raw}'`);
  return dims;
}

export const COMMANDS = {
  check: {
    name: 'check',
    summary: 'Reports the diagnostics of .opt files (exit code 1 on errors).',
    usage: [
      { line: 'FILE... [<dim>]', note: 'diagnostics; exit 1 on errors' },
      { line: '<problem> <dim>', note: "whether float32 holds a problem's values in its box" },
    ],
    flags: {
      data,
      problem: { ...problem, help: 'a problem to check at --dim (a stdlib one without a FILE)' },
      dim: {
        ...dim,
        help: "also check at this dimension whether float32 (the GPU) can hold each problem's values inside its box",
      },
    },
  },
  experiment: {
    name: 'experiment',
    summary:
      'Runs an experiment (algorithms x problems x dimensions x runs) into a SQLite database in --out, or prints its design.',
    usage: [
      {
        line: 'FILE [NAME] <out> [<backend>] [<adapter>] [<shard>]',
        note: 'runs the missing runs (of shard K of N) into OUT/results.sqlite (again after a kill: the rest)',
      },
      {
        line: 'FILE [NAME] <out> <gpus>',
        note: 'one worker a GPU, worker K running shard K/N into OUT/gpu-K, then merged into OUT/results.sqlite',
      },
      {
        line: 'FILE [NAME] <slurm> [<out>] [<slurm-opt>] [<backend>] [<adapter>]',
        note: 'writes OUT/experiment.sbatch, a Slurm array of N shards, and OUT/merge.sbatch',
      },
      {
        line: 'FILE [NAME] --list [--json] [<shard>]',
        note: "the design: its cells, budgets and seeds (and the shard's runs)",
      },
    ],
    flags: {
      data,
      out: {
        kind: 'string',
        value: 'DIR',
        help: 'the results folder: DIR/results.sqlite, one run a row, committed as each finishes (with --slurm: the folder of the scripts, the shards and the merged results; default ./NAME)',
      },
      backend: backend('gpu'),
      adapter,
      shard: {
        kind: 'custom',
        value: 'K/N',
        help: "run shard K of N only: the design's runs, cell by cell, cut into N contiguous blocks of (nearly) equal size, the K-th of them; its folder holds that shard alone (opt experiment merge puts the shards together); N is at most the experiment's runs",
        parse: parseShard,
      },
      slurm: {
        kind: 'int',
        value: 'N',
        help: "write (not submit) OUT/experiment.sbatch, a Slurm job array of N tasks, task K running --shard K/N into OUT/shard-K, and OUT/merge.sbatch, which merges them into OUT/results.sqlite; N is at most the experiment's runs",
        min: 1,
        max: INT32,
      },
      gpus: {
        kind: 'string',
        value: 'all|N',
        help: "run on this machine's GPUs (all, or the first N on the PCI bus), one worker process a GPU: worker K runs --shard K/N into OUT/gpu-K on its own GPU (Mesa's device-select Vulkan layer gives it that GPU alone: Debian's mesa-vulkan-drivers), and the shards are merged into OUT/results.sqlite",
      },
      'slurm-opt': {
        kind: 'list',
        value: 'OPTION',
        help: "with --slurm: an sbatch option written as an #SBATCH line of both scripts, after opt's own (so it overrides them), e.g. --slurm-opt=--partition=gpu --slurm-opt=--time=4:00:00",
      },
      list: { kind: 'bool', help: 'print the design: one line per cell' },
      json: { kind: 'bool', help: 'print the design as one JSON object' },
    },
  },
  'experiment merge': {
    name: 'experiment merge',
    summary:
      "Merges the databases of an experiment's shards (opt experiment --shard K/N) into OUT/results.sqlite, the database one machine running the whole experiment writes.",
    usage: [
      {
        line: '<out> [<partial>] SHARD_DIR...',
        note: "the shards' folders into OUT/results.sqlite (every run once; --partial: missing ones allowed)",
      },
    ],
    flags: {
      out: {
        kind: 'string',
        value: 'DIR',
        help: 'the folder of the merged results, DIR/results.sqlite (which must not exist yet); DIR may be the one that holds the shards',
        required: 'opt experiment merge: give --out DIR, the folder of the merged results.sqlite',
      },
      partial: {
        kind: 'bool',
        help: 'merge even if runs are missing (shards not given, or not finished), saying how many; opt experiment FILE --out OUT runs them afterwards on one machine',
      },
    },
  },
  report: {
    name: 'report',
    summary:
      "Writes an experiment's per-cell statistics (mean, std, median, best, worst, success rate) to DIR/report.md, DIR/cells.csv and DIR/tables.tex (LaTeX, booktabs), its rank tests (Kruskal-Wallis, Wilcoxon rank-sum with Holm, Friedman with Nemenyi and Holm, seed 002's score) to report.md and DIR/tests.csv, its fixed-target view (average runtimes, runtime ECDFs) to report.md, DIR/ert.csv and DIR/ecdf.csv, its figures (convergence, final errors, runtime ECDFs, critical-difference diagrams) to DIR/figures/*.svg, all of it to DIR/report.html (self-contained: the figures inline), and prints report.md; or exports its runs in IOHprofiler's format.",
    usage: [
      { line: 'DIR', note: 'the folder opt experiment --out DIR wrote' },
      {
        line: 'DIR --format ioh [<ioh-out>]',
        note: "the runs in IOHprofiler's data format, for IOHanalyzer",
      },
    ],
    flags: {
      format: {
        kind: 'string',
        value: 'FORMAT',
        help: "md: report.md, report.html, figures/*.svg, tables.tex and the CSV files in DIR; ioh: the runs in IOHprofiler's data format (IOHanalyzer loads it), in --ioh-out",
        choices: ['md', 'ioh'],
        default: 'md',
      },
      'ioh-out': {
        kind: 'string',
        value: 'PATH',
        help: 'with --format ioh: the folder to write (default DIR/ioh; an earlier export there is replaced)',
      },
      open: {
        kind: 'bool',
        help: 'then open DIR/report.html in the browser ($BROWSER, else xdg-open, open or start: the VS Code task "opt: open report")',
      },
    },
  },
  compile: {
    name: 'compile',
    summary:
      'Compiles a problem (or an algorithm for a problem) and prints its WGSL kernels, its scheduled IR, its plan or its JavaScript.',
    usage: [
      { line: 'FILE|NAME <dim> [<emit>] [<out>] [<dump-ir>] [<population>]' },
      { line: '[FILE] <algorithm> <problem> <dim> [<set>] [<emit>] [<out>] [<dump-algo-ir>]' },
    ],
    flags: {
      data,
      problem,
      dim: { ...dim, required: DIM_REQUIRED },
      emit: {
        kind: 'string',
        value: 'WHAT',
        help: 'what to print (plan: the kernels, what each thread and workgroup does; ts: a typed TypeScript module, written to --out DIR)',
        choices: ['wgsl', 'ir', 'js', 'plan', 'ts'],
        default: 'wgsl',
      },
      out: {
        kind: 'string',
        value: 'DIR',
        help: 'with --emit ts: the folder the module NAME.ts is written to',
      },
      'dump-ir': {
        kind: 'custom',
        value: 'after:PASS',
        help: `the IR after one pass of the pipeline (${PASS_NAMES.join(', ')})`,
        parse: parseDumpIr,
      },
      'dump-algo-ir': {
        kind: 'custom',
        value: 'after:PASS',
        help: `with --algorithm: the algorithm IR after one algorithm pass (${ALGO_PASS_NAMES.join(', ')})`,
        parse: parseDumpAlgoIr,
      },
      population: {
        kind: 'int',
        value: 'N',
        help: 'the population the kernels are scheduled for',
        min: 1,
        max: INT32,
      },
      algorithm: {
        kind: 'string',
        value: 'NAME',
        help: "compile this algorithm's steps for --problem",
      },
      precision: {
        kind: 'string',
        value: 'P',
        help: "with --algorithm: the GPU's population storage, f32 or ff (float-float)",
        choices: ['f32', 'ff'],
        default: 'f32',
      },
      set,
    },
  },
  eval: {
    name: 'eval',
    summary: 'Evaluates a problem at points: one value per line, 17 significant digits.',
    usage: [
      { line: 'NAME|FILE <dim> <points> [<backend>] [<adapter>] [<set>]' },
      {
        line: '<suite> [FILE...] <dim> <points>',
        note: 'one line per problem: F01 name values',
      },
    ],
    flags: {
      data,
      problem,
      dim: { ...dim, required: DIM_REQUIRED },
      points: {
        kind: 'string',
        value: 'FILE|-',
        help: 'one point per line (numbers separated by spaces or commas) or a JSON array of arrays; - reads standard input',
        required: '--points FILE is required (one point per line, or a JSON array of arrays)',
      },
      backend: backend('cpu'),
      adapter,
      suite: {
        kind: 'string',
        value: 'NAME',
        help: 'evaluate every problem of this suite',
      },
      set,
    },
  },
  run: {
    name: 'run',
    summary:
      'Runs an algorithm on a problem (or each problem of a suite) and prints a summary, or one JSON object per run with --json.',
    usage: [
      {
        line: 'ALGORITHM|FILE <problem>|<suite> <dim> [<evals>] [<seconds>] [<target>] [<seed>] [<backend>] [<set>] [<out> [<checkpoint-every>]] [<json>] [<precision>] [<zero>] [<adapter>]',
      },
      { line: '<resume> [ALGORITHM|FILE ...]', note: 'continue a run from its last checkpoint' },
    ],
    flags: {
      problem: { ...problem, help: 'the problem to run on' },
      suite: { kind: 'string', value: 'NAME', help: 'run on each problem of this suite in turn' },
      dim: {
        ...dim,
        help: 'the dimension (may be left out for problems of one fixed size)',
      },
      evals: {
        kind: 'int',
        value: 'N',
        help: 'the budget of evaluations (default 10,000 D without --seconds)',
        min: 1,
        max: Number.MAX_SAFE_INTEGER,
      },
      seconds: { kind: 'number', value: 'S', help: 'the budget of seconds', min: 0 },
      target: {
        kind: 'custom',
        value: 'E|none',
        help: 'stop once the best error is at most E (default 1e-8); none runs the whole budget',
        parse: parseTarget,
      },
      seed: {
        kind: 'int',
        value: 'S',
        help: 'the seed of the random streams',
        min: 0,
        max: Number.MAX_SAFE_INTEGER,
        default: 1,
      },
      backend: backend('gpu'),
      set,
      out: {
        kind: 'string',
        value: 'DIR',
        help: 'write result.json, trace.csv and best.txt (with --suite, a folder per problem and summary.csv)',
      },
      'save-state': {
        kind: 'bool',
        help: "with --out: also write the algorithm's state after its last generation, DIR/state/NAME.csv for each population and state array its program declares (float64; docs/api.md)",
      },
      'checkpoint-every': {
        kind: 'number',
        value: 'S',
        help: "with --out (one problem): write the run's whole state there every S seconds (0: after every batch), for --resume",
        min: 0,
        default: 60,
      },
      resume: {
        kind: 'string',
        value: 'DIR',
        help: "continue the run whose --out folder is DIR from its last checkpoint, ending as it would have uninterrupted; its command is DIR's (arguments given must agree with it)",
      },
      json: { kind: 'bool', help: 'print one JSON object per run on stdout' },
      precision: {
        kind: 'string',
        value: 'P',
        help: "how the GPU stores the population: f32, ff (float-float: two float32s a coordinate, about 48 bits), or auto: ff where the float32 point nearest the problem's optimum has an error above the target (or --zero)",
        choices: ['auto', 'f32', 'ff'],
        default: 'auto',
      },
      zero: {
        kind: 'number',
        value: 'E',
        help: 'the smallest error the run must tell from 0 (seed 003 counts errors below 1e-14 as 0): --precision auto then takes ff where float32 cannot get below E; errors are reported as they are',
        min: 0,
      },
      adapter,
      data,
      algorithm: {
        kind: 'string',
        value: 'NAME',
        help: 'the algorithm of the .opt file to run',
      },
    },
  },
  bench: {
    name: 'bench',
    summary:
      'Measures evaluation throughput on the GPU next to a copy kernel (or whole algorithm runs, or a suite on the GPU and the CPU).',
    usage: [
      {
        line: '[<quick>] [<adapter>] [<json>] [<algorithms> [<suite> [<dim>] [<population>] [<team>] [<tile>]] | [FILE...] <suite> [<dim>] [<population>] [<team>] [<tile>]]',
      },
    ],
    flags: {
      quick: { kind: 'bool', help: 'smaller shapes and fewer repetitions' },
      adapter,
      json: { kind: 'string', value: 'FILE', help: 'also write the numbers to FILE as JSON' },
      only: {
        kind: 'custom',
        value: 'NAMES',
        help: 'only these functions (separated by commas)',
        parse: parseNames,
      },
      isolate: { kind: 'bool', help: 'measure each function and shape in a process of its own' },
      subgroups: { kind: 'bool', help: 'use subgroup operations where the adapter has them' },
      team: { kind: 'int', value: 'T', help: 'lanes per individual', min: 1, max: 1024 },
      tile: {
        kind: 'int',
        value: 'C',
        help: "individuals a lane of a tiled matrix product (a rotation), dividing the workgroup's individuals",
        min: 1,
        max: 256,
      },
      chunk: {
        kind: 'int',
        value: 'C',
        help: 'elements per workgroup in the split regime',
        min: 256,
        max: 1 << 20,
      },
      dims: {
        kind: 'custom',
        value: 'D,...',
        help: 'only the shapes of these dimensions',
        parse: parseDims,
      },
      reps: {
        kind: 'int',
        value: 'R',
        help: 'repetitions per measurement (default: enough to move 4 GB)',
        min: 1,
        max: 10000,
      },
      algorithms: { kind: 'bool', help: 'time whole runs of the stdlib algorithms' },
      precision: {
        kind: 'string',
        value: 'P',
        help: "with --algorithms: the GPU's population storage, f32 or ff (float-float)",
        choices: ['f32', 'ff'],
        default: 'f32',
      },
      suite: {
        kind: 'string',
        value: 'NAME',
        help: "every problem of this suite, on the GPU and the CPU (with --algorithms: DE runs on each, seed 002's case study 1)",
      },
      dim: { ...dim, help: 'the dimension (with --suite)', max: 1 << 20, default: 100 },
      population: {
        kind: 'int',
        value: 'N',
        help: "the population (with --suite: default 1000; with --algorithms --suite: DE's NP, default 250)",
        min: 1,
        max: 1 << 20,
      },
      pick: {
        kind: 'int',
        value: 'K',
        help: "only the suite's K-th problem",
        min: 1,
        max: 10000,
      },
    },
  },
  fmt: {
    name: 'fmt',
    summary:
      'Formats .opt files in the one style of the standard library (a prettier plugin: docs/formatting.md), in place; a folder stands for its .opt files.',
    usage: [
      { line: 'FILE|DIR...', note: 'rewrites the files that are not formatted' },
      { line: 'FILE|DIR... --check', note: 'lists them and exits 1 if there are any' },
      { line: 'FILE --stdout', note: 'prints the formatted file' },
      { line: '- [--check]', note: 'stdin formatted to stdout (--check: exit code only)' },
    ],
    flags: {
      check: {
        kind: 'bool',
        help: 'write nothing: list the files that are not formatted, exit code 1 if there are any',
      },
      stdout: { kind: 'bool', help: 'write the formatted file to stdout instead (one FILE)' },
    },
  },
  lsp: {
    name: 'lsp',
    summary:
      'Runs the language server for editors on stdin and stdout: diagnostics as you type, hover, completion, definitions, references and the outline of .opt files.',
    usage: [{ line: '<stdio>', note: 'the language server (the VS Code extension starts it)' }],
    flags: {
      stdio: {
        kind: 'bool',
        help: 'speak the language-server protocol on stdin and stdout (the only transport; editors pass it)',
      },
    },
  },
} as const satisfies Record<string, CommandDef>;

export type CommandName = keyof typeof COMMANDS;

/** Flags every command with a data or problem argument takes, for `opt --help`. */
export const COMMON_FLAGS = { data, problem: { ...problem, help: 'with a FILE' } } as const;
