// `opt experiment FILE [NAME] --out DIR`: the flags read, then the experiment's design
// (src/compile/experiment.ts) run into DIR/results.sqlite by src/experiment/runner.ts (each run as
// `opt run` makes it with that seed, committed as it finishes, batched on the GPU; again after a
// kill: the missing runs). This file parses, dispatches and prints: the progress (a bar of the
// runs with the time left on a terminal, a line a run elsewhere), Ctrl-C and SIGTERM as the
// runner's signal, the last line. `--list` / `--json` print the design instead.
//
// More than one machine (docs/experiments.md, "More than one machine: shards, Slurm and merge"):
// `--shard K/N` runs the K-th of N shares of the runs (src/experiment/shard.ts) into its own
// database, `--slurm N` writes a Slurm array script whose task K runs shard K/N
// (src/experiment/slurm.ts), and `opt experiment merge` puts the shards' databases together
// (src/experiment/merge.ts). `--gpus all|N` runs a shard a GPU of this machine, a worker
// process each, and merges them (src/cli/experiment-gpus.ts).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { experimentDesign, setDataRoot, type ExperimentDesign } from '../api.js';
import {
  checkShardCount,
  RESULTS_FILE,
  runExperiment,
  shardRuns,
  shardText,
  sq,
  writeSlurm,
  type CompiledExperiment,
  type Shard,
  type SlurmWritten,
} from '../api/experiment.js';
import { CliError, parseCommand } from './args.js';
import { COMMANDS, EXIT } from './flags.js';
import { experimentProgress } from './progress.js';

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
      'opt experiment: give --out DIR to run it (its results go to DIR/results.sqlite), or --list to print its design',
    );
  const design = experimentDesign(name, { files: [file] });
  const cells = design.cells.length;
  if (shard) checkShardCount(`--shard ${shard.k}/${shard.n}`, shard.n, cells, design.runs);
  if (flags.list || flags.json) {
    const { sources: _sources, ...shown } = design;
    const share = shard && { ...shard, runs: shardRuns(cells, design.runs, shard) };
    process.stdout.write(
      flags.json
        ? JSON.stringify(share ? { ...shown, shard: share } : shown) + '\n'
        : designText(design) + (shard ? shardText(cells, design.runs, shard) : ''),
    );
    return 0;
  }
  if (slurm !== undefined) {
    checkShardCount('--slurm', slurm, cells, design.runs);
    return slurmWritten(
      design,
      slurm,
      writeSlurm({
        design,
        file,
        n: slurm,
        out: flags.out ?? design.name,
        options: flags['slurm-opt'],
        backend: flags.backend,
        adapter: flags.adapter,
        data: flags.data,
      }),
    );
  }
  if (flags.gpus !== undefined) return onGpus(design.name, file, flags);
  return experiment(design, file, flags.out!, flags.backend, flags.adapter, shard);
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

/** Runs the design into OUT (src/experiment/runner.ts): the progress on stderr, Ctrl-C its stop. */
async function experiment(
  design: CompiledExperiment,
  file: string,
  out: string,
  backend: 'cpu' | 'gpu',
  adapter: string | undefined,
  shard: Shard | undefined,
): Promise<number> {
  const abort = new AbortController();
  const stop = () => {
    if (abort.signal.aborted) process.exit(EXIT.INTERRUPTED);
    abort.abort();
    process.stderr.write(
      '\nopt: interrupted; the finished runs are in the database, the same command runs the rest\n',
    );
  };
  let progress: ReturnType<typeof experimentProgress> | undefined;
  let r: Awaited<ReturnType<typeof runExperiment>>;
  try {
    r = await runExperiment({
      file,
      design,
      out,
      backend,
      adapter,
      shard,
      signal: abort.signal,
      onNote: (text) => process.stderr.write(`opt: ${text}\n`),
      // Ctrl-C and SIGTERM stop the runs once the database is open.
      onStart: ({ total, done }) => {
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
        progress = experimentProgress({ total, done });
      },
      onRun: ({ done, total, cell, run, seed, batch, report }) =>
        progress!.run(
          done,
          `[${done}/${total}] ${cell.algorithm.label} on ${cell.problem} (D = ${cell.dim}), run ${run + 1} (seed ${seed}${batch > 1 ? `, a batch of ${batch}` : ''}): ${report.bestError === null ? `best f ${report.bestFitness}` : `error ${report.bestError.toExponential(3)}`} after ${report.evals} evaluations`,
        ),
    });
  } finally {
    progress?.stop();
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
  if (r.interrupted) return EXIT.INTERRUPTED;
  process.stdout.write(
    `experiment ${design.name}${shard ? `, shard ${shard.k}/${shard.n}` : ''}: ${r.total} runs in ${r.database} (${r.backend})\n`,
  );
  return EXIT.DONE;
}

/** `--slurm N`: what was written (src/experiment/slurm.ts), and how to submit it. */
function slurmWritten(design: ExperimentDesign, n: number, w: SlurmWritten): number {
  const each = w.lo === w.hi ? `${w.lo} runs each` : `${w.lo} or ${w.hi} runs each`;
  process.stdout.write(
    [
      `wrote ${w.experiment}: a Slurm job array of ${n} task${n === 1 ? '' : 's'}, task K running shard K/${n} of experiment '${design.name}' (${w.total} runs, ${each}) into ${w.out}/shard-K, its log in ${w.logs}`,
      `and ${w.merge}: the shards merged into ${join(w.out, RESULTS_FILE)}`,
      'submit both (the merge waits for every task to end well):',
      `  jid=$(sbatch --parsable ${sq(w.experiment)}) && sbatch --dependency=afterok:$jid ${sq(w.merge)}`,
      'or the array alone, and merge once it has ended:',
      `  sbatch ${sq(w.experiment)}`,
      `  opt experiment merge --out ${sq(w.out)} ${sq(w.out)}/shard-{1..${n}}`,
      '',
    ].join('\n'),
  );
  return EXIT.DONE;
}

const thousands = (n: number) => n.toLocaleString('en-US');

/** The design as text: a summary, then one line per cell. */
export function designText(p: ExperimentDesign): string {
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
