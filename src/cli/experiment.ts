// `opt experiment FILE [NAME] --out DIR`: runs an experiment's plan (src/elaborate/experiment.ts)
// into DIR/results.sqlite (src/cli/experiment-db.ts): each run as `opt run` makes it with that seed
// (the same compiled algorithm and run loop), committed with its trace and records when it
// finishes. On the GPU, the missing runs of a cell with an evaluation budget run together in one
// set of kernels (runBatch: each run bit for bit the run alone), as many a batch as the device's
// buffers hold; a wall-clock budget, the CPU backend and programs whose host plan depends on the
// seed (batchRefusal) run one run after another. The database says which (run.batch). Killed (Ctrl-C, SIGTERM, SIGKILL) and run again, the command
// runs the missing runs only, so the database ends as an uninterrupted experiment's (timings
// aside). `--list` prints the plan instead.
//
// Progress: a bar of the runs with the time left on a terminal, a line a run elsewhere.
//
// More than one machine (docs/experiments.md, "More than one machine: shards, Slurm and merge"):
// `--shard K/N` runs the K-th of N shares of the runs (src/cli/experiment-shard.ts) into its own
// database, `--slurm N` writes a Slurm array script whose task K runs shard K/N
// (src/cli/experiment-slurm.ts), and `opt experiment merge` puts the shards' databases together
// (src/cli/experiment-merge.ts). `--gpus all|N` runs a shard a GPU of this machine, a worker
// process each, and merges them (src/cli/experiment-gpus.ts).

import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  batchRefusal,
  BatchTooLarge,
  compileAlgorithm,
  createBatchEngine,
  createEngine,
  experimentPlan,
  openGpu,
  runAlgorithm,
  runBatch,
  setDataRoot,
  type AlgoEngine,
  type CompiledAlgorithm,
  type ExperimentPlan,
  type GpuContext,
  type RunResult,
} from '../api.js';
import { warmClocks } from './roofline.js';
import { CliError, parseCommand } from './args.js';
import { programDigest } from './checkpoint.js';
import { ResultsDb, RESULTS_FILE } from './experiment-db.js';
import { checkShardCount, shardRuns, shardText, type Shard } from './experiment-shard.js';
import { COMMANDS } from './flags.js';
import { experimentProgress } from './progress.js';
import { compileAtPrecision, makeReport } from './run.js';

export async function experimentCommand(argv: string[]): Promise<number> {
  // `opt experiment merge ...` is a command of its own (its flag table: COMMANDS['experiment
  // merge']); a file named merge is ./merge.
  if (argv[0] === 'merge')
    return (await import('./experiment-merge.js')).mergeCommand(argv.slice(1));
  const { positional, flags } = parseCommand(COMMANDS.experiment, argv);
  if (flags.data) setDataRoot(flags.data);
  const [file, name, ...extra] = positional;
  if (!file) throw new CliError('opt experiment: name the .opt file that declares the experiment');
  if (extra.length) throw new CliError(`opt experiment: unexpected arguments: ${extra.join(' ')}`);
  if (!existsSync(file)) throw new CliError(`file not found: ${file}`);
  const { shard, slurm } = flags;
  if (shard && slurm !== undefined)
    throw new CliError(
      '--shard and --slurm: --slurm N writes a script whose task K runs --shard K/N; give one of them',
    );
  if (flags.gpus !== undefined && (shard || slurm !== undefined))
    throw new CliError(
      `--gpus and --${shard ? 'shard' : 'slurm'}: --gpus runs a shard a GPU of this machine itself; give one of them`,
    );
  if (flags['slurm-opt'].length && slurm === undefined)
    throw new CliError('--slurm-opt: goes with --slurm N (a line of the script it writes)');
  if (!flags.list && !flags.json && flags.out === undefined && slurm === undefined)
    throw new CliError(
      'opt experiment: give --out DIR to run it (its results go to DIR/results.sqlite), or --list to print its plan',
    );
  const plan = experimentPlan(name, { files: [file] });
  const cells = plan.cells.length;
  if (shard) checkShardCount(`--shard ${shard.k}/${shard.n}`, shard.n, cells, plan.runs);
  if (flags.list || flags.json) {
    const { sources: _sources, ...shown } = plan;
    const share = shard && { ...shard, runs: shardRuns(cells, plan.runs, shard) };
    process.stdout.write(
      flags.json
        ? JSON.stringify(share ? { ...shown, shard: share } : shown) + '\n'
        : planText(plan) + (shard ? shardText(cells, plan.runs, shard) : ''),
    );
    return 0;
  }
  if (slurm !== undefined) {
    checkShardCount('--slurm', slurm, cells, plan.runs);
    const { writeSlurm } = await import('./experiment-slurm.js');
    return writeSlurm({
      plan,
      file,
      n: slurm,
      out: flags.out ?? plan.name,
      options: flags['slurm-opt'],
      backend: flags.backend,
      adapter: flags.adapter,
      data: flags.data,
    });
  }
  if (flags.gpus !== undefined) return onGpus(plan.name, file, flags);
  return runExperiment(plan, file, flags.out!, flags.backend, flags.adapter, shard);
}

/** `--gpus all|N`: a worker a GPU, each a shard, then merged (src/cli/experiment-gpus.ts). */
async function onGpus(
  name: string,
  file: string,
  flags: {
    gpus?: string;
    out?: string;
    backend: string;
    adapter?: string;
    data?: string;
    shard?: Shard;
  },
): Promise<number> {
  const g = await import('./experiment-gpus.js');
  if (flags.backend !== 'gpu')
    throw new CliError('--gpus: runs on the GPUs (not with --backend cpu)');
  if (flags.shard || flags.adapter !== undefined)
    throw new CliError(
      `--gpus: gives each worker its shard and its GPU itself (not with --${flags.shard ? 'shard' : 'adapter'})`,
    );
  const gpus = g.chooseGpus(flags.gpus!, g.listPciGpus());
  if (gpus.length > 1 && !g.deviceSelectLayer())
    throw new CliError(
      `--gpus: ${gpus.length} GPUs need Mesa's device-select Vulkan layer to give each worker its own (Dawn tells identical GPUs apart only by name); it was not found among the Vulkan loader's implicit layers: install Debian's mesa-vulkan-drivers`,
    );
  const workers = gpus.map((gpu, k) => ({
    label: `gpu ${k + 1} ${gpu.address}`,
    env: g.gpuEnv(gpu),
  }));
  return g.runWorkers(file, name, flags.out!, workers, [
    '--backend',
    'gpu',
    ...(flags.data ? ['--data', flags.data] : []),
  ]);
}

async function runExperiment(
  plan: ReturnType<typeof experimentPlan>,
  file: string,
  out: string,
  backendFlag: 'cpu' | 'gpu',
  adapter: string | undefined,
  shard: Shard | undefined,
): Promise<number> {
  try {
    mkdirSync(out, { recursive: true });
  } catch (e) {
    throw new CliError(`--out ${out}: cannot make the folder (${(e as Error).message})`);
  }
  let gpu: GpuContext | null = null;
  if (backendFlag === 'gpu') {
    gpu = await openGpu({ adapter });
    if (!gpu)
      process.stderr.write('opt: no WebGPU adapter is available; running on the CPU backend\n');
  }
  const backend = gpu ? 'gpu' : 'cpu';
  const db = new ResultsDb(
    join(out, RESULTS_FILE),
    plan,
    programDigest(plan.sources),
    backend,
    shard,
  );
  const abort = new AbortController();
  const stop = () => {
    if (abort.signal.aborted) process.exit(130);
    abort.abort();
    process.stderr.write(
      '\nopt: interrupted; the finished runs are in the database, the same command runs the rest\n',
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // The populations' precision on the GPU, by the experiment's rule (its `precision`): auto takes
  // float-float for a cell whose float32 floor (the error of the float32 point nearest the
  // optimum) lies above the smallest error the experiment tells apart, its target or its zero.
  const threshold = Math.min(plan.target ?? Infinity, plan.zero ?? Infinity);
  const compileCell = (cell: (typeof plan.cells)[number]) =>
    compileAtPrecision(
      (precision) =>
        compileAlgorithm({
          algorithm: cell.algorithm.name,
          problem: cell.problem,
          dim: cell.dim,
          set: cell.algorithm.set,
          files: [file],
          precision,
        }),
      plan.precision,
      gpu !== null,
      threshold,
    );
  // The runs of each cell this command runs: all of them, or shard K/N's share.
  const share = shardRuns(plan.cells.length, plan.runs, shard);
  const total = share.reduce((n, rs) => n + rs.length, 0);
  let done = db.count();
  const progress = experimentProgress({ total, done });
  try {
    for (const [k, cell] of plan.cells.entries()) {
      const finished = db.finished(k + 1);
      const missing = share[k]!.filter((r) => !finished.has(r));
      if (!missing.length) continue;
      const c = compileCell(cell);
      // Runs a batch: all the missing ones where they can share kernels, fewer where the
      // device's buffers hold fewer (BatchTooLarge), one at a time otherwise.
      let size =
        gpu && cell.evals !== undefined && !batchRefusal(c.algo)
          ? Math.min(missing.length, gpu.limits.maxComputeWorkgroupsPerDimension)
          : 1;
      for (let i = 0; i < missing.length && !abort.signal.aborted; ) {
        const group = missing.slice(i, i + size);
        const seeds = group.map((r) => plan.seed + r);
        let engine: AlgoEngine;
        try {
          engine =
            group.length > 1
              ? await createBatchEngine(c, seeds, gpu!)
              : await createEngine(c, seeds[0]!, gpu);
        } catch (e) {
          if (!(e instanceof BatchTooLarge)) throw e;
          size = Math.max(1, e.fits);
          continue;
        }
        // A wall-clock budget's first run of a cell: the GPU's clocks, after the host's compile
        // (roofline.ts warmClocks); the runs after it keep the GPU busy.
        if (gpu && cell.seconds !== undefined && i === 0) await warmClocks(gpu, 200);
        try {
          const o = { maxEvals: cell.evals, target: plan.target, signal: abort.signal };
          const results: RunResult[] =
            group.length > 1
              ? await runBatch(c, engine, seeds, o)
              : [await runAlgorithm(c, engine, { ...o, seed: seeds[0]!, seconds: cell.seconds })];
          if (results.some((r) => r.stopped === 'interrupted')) break;
          results.forEach((result, j) => {
            const r = group[j]!;
            const report = makeReport(c, engine, seeds[j]!, result);
            db.store(k + 1, r, report, plan.record, cell, group.length);
            done++;
            progress.run(
              done,
              `[${done}/${total}] ${cell.algorithm.label} on ${cell.problem} (D = ${cell.dim}), run ${r + 1} (seed ${seeds[j]}${group.length > 1 ? `, a batch of ${group.length}` : ''}): ${report.bestError === null ? `best f ${report.bestFitness}` : `error ${report.bestError.toExponential(3)}`} after ${report.evals} evaluations`,
            );
          });
        } finally {
          engine.destroy();
        }
        i += group.length;
      }
      if (abort.signal.aborted) break;
    }
  } finally {
    progress.stop();
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    db.close();
  }
  if (abort.signal.aborted) return 130;
  process.stdout.write(
    `experiment ${plan.name}${shard ? `, shard ${shard.k}/${shard.n}` : ''}: ${total} runs in ${join(out, RESULTS_FILE)} (${backend})\n`,
  );
  return 0;
}

const thousands = (n: number) => n.toLocaleString('en-US');

/** The plan as text: a summary, then one line per cell. */
export function planText(p: ExperimentPlan): string {
  const n = (k: number, what: string) => `${thousands(k)} ${what}${k === 1 ? '' : 's'}`;
  // Without `dims`: a cell a problem at its fixed size, not every problem at every D.
  const ownSizes = p.cells.length !== p.algorithms.length * p.problems.length * p.dims.length;
  const budget =
    p.budget.k === 'evals'
      ? `evaluations: ${p.dims.map((D) => `${thousands(p.cells.find((c) => c.dim === D)!.evals!)} at D = ${D}`).join(', ')}`
      : `${p.budget.s} s a run (wall-clock: these runs run one at a time)`;
  const lines = [
    `experiment ${p.name}: ${n(p.algorithms.length, 'algorithm')} x ${n(p.problems.length, 'problem')} ${ownSizes ? `(each at its own size, D = ${p.dims.join(', ')})` : `x ${n(p.dims.length, 'dimension')}`} = ${n(p.cells.length, 'cell')}, ${n(p.runs, 'run')} each (${n(p.cells.length * p.runs, 'run')}), seeds ${p.seed} to ${p.seed + p.runs - 1}`,
    `budget: ${budget}${p.target !== undefined ? `; target ${p.target}` : ''}; best kept at ${p.record.join(', ')} of it`,
  ];
  const w = Math.max(9, ...p.algorithms.map((a) => a.label.length));
  const pw = Math.max(7, ...p.problems.map((x) => x.length));
  lines.push(
    `${'cell'.padStart(5)}  ${'algorithm'.padEnd(w)}  ${'problem'.padEnd(pw)}  ${'D'.padStart(7)}  budget`,
  );
  p.cells.forEach((c, k) =>
    lines.push(
      `${String(k + 1).padStart(5)}  ${c.algorithm.label.padEnd(w)}  ${c.problem.padEnd(pw)}  ${String(c.dim).padStart(7)}  ${c.evals !== undefined ? `${thousands(c.evals)} evaluations` : `${c.seconds} s`}`,
    ),
  );
  return lines.join('\n') + '\n';
}
