// `opt experiment FILE [NAME] --slurm N [--out DIR] [--slurm-opt OPTION ...]`: writes, and does not
// submit, two sbatch scripts into DIR:
//
//   experiment.sbatch  a job array of N tasks (#SBATCH --array=1-N); task K runs
//                      `opt experiment FILE NAME --out DIR/shard-K --shard K/N` with this
//                      command's backend, adapter and data root, its log in DIR/logs/
//   merge.sbatch       `opt experiment merge --out DIR DIR/shard-{1..N}`: the shards into
//                      DIR/results.sqlite, submitted with --dependency=afterok:<the array's id>
//                      (cancelled, by --kill-on-invalid-dep, if a task fails)
//
// Every path in them is absolute (the FILE, DIR, this node and this bin/opt.js), since a task
// starts wherever Slurm starts it; the nodes must see them (a shared file system), as Slurm's own
// --output does. sbatch's options are many and site-specific (partition, account, qos, time,
// memory, constraints), so opt writes the few every task needs (one task, one CPU, a GPU with
// --backend gpu) and passes the rest as given: each --slurm-opt is one #SBATCH line after opt's,
// and sbatch takes the last of a repeated option, so a --slurm-opt overrides opt's own line;
// sbatch checks them when the script is submitted. Options given to sbatch on its command line
// override the script's lines too.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExperimentDesign } from '../compile/experiment.js';
import { RESULTS_FILE } from './database.js';
import { ExperimentError } from './errors.js';

/** A word for bash: single-quoted, a quote inside as '\''. */
export const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export interface SlurmRequest {
  design: ExperimentDesign;
  file: string;
  /** The array's tasks: the shards. */
  n: number;
  out: string;
  /** Raw sbatch options, one #SBATCH line each. */
  options: readonly string[];
  backend: 'cpu' | 'gpu';
  adapter: string | undefined;
  data: string | undefined;
}

/** The scripts' text (what writeSlurm writes), from absolute paths. */
export function slurmScripts(r: SlurmRequest & { node: string; opt: string }): {
  experiment: string;
  merge: string;
} {
  const { design, n } = r;
  const out = resolve(r.out);
  const logs = join(out, 'logs');
  const opt = `exec ${sq(r.node)} ${sq(r.opt)}`;
  const own = [...r.options.map((o) => `#SBATCH ${o}`), '', 'set -euo pipefail'];
  const flags = [
    `--backend ${r.backend}`,
    ...(r.adapter !== undefined ? [`--adapter ${sq(r.adapter)}`] : []),
    ...(r.data !== undefined ? [`--data ${sq(resolve(r.data))}`] : []),
  ].join(' ');
  const shards = `${sq(out)}/shard-{1..${n}}`;
  const experiment = [
    '#!/bin/bash',
    `# Experiment '${design.name}' as a Slurm job array (written by opt experiment --slurm ${n}): task K`,
    `# runs shard K/${n} of its runs into ${out}/shard-K (opt experiment --shard; docs/experiments.md,`,
    '# "More than one machine: shards, Slurm and merge"). Submit with merge.sbatch after it:',
    `#   jid=$(sbatch --parsable ${sq(join(out, 'experiment.sbatch'))}) && sbatch --dependency=afterok:$jid ${sq(join(out, 'merge.sbatch'))}`,
    '# A task that failed or was cut short (time limit, a node lost) ran its finished runs into its',
    "# shard: resubmitted alone (sbatch --array=K this-file), it runs the shard's missing runs.",
    `#SBATCH --job-name=opt-${design.name}`,
    `#SBATCH --array=1-${n}`,
    `#SBATCH --output=${logs}/%x-%A_%a.out`,
    '#SBATCH --ntasks=1',
    '#SBATCH --cpus-per-task=1',
    ...(r.backend === 'gpu' ? ['#SBATCH --gres=gpu:1'] : []),
    ...own,
    ': "${SLURM_ARRAY_TASK_ID:?is not set: submit this script with sbatch (it is a job array)}"',
    `echo "opt: shard $SLURM_ARRAY_TASK_ID/${n} of experiment ${design.name} on $(hostname)" >&2`,
    `${opt} experiment ${sq(resolve(r.file))} ${sq(design.name)} --out ${sq(out)}/shard-"$SLURM_ARRAY_TASK_ID" --shard "$SLURM_ARRAY_TASK_ID"/${n} ${flags}`,
    '',
  ].join('\n');
  const merge = [
    '#!/bin/bash',
    `# Merges the ${n} shards of experiment '${design.name}' (experiment.sbatch's array) into`,
    `# ${join(out, RESULTS_FILE)} once every task has ended well; submit it with the array's id:`,
    `#   sbatch --dependency=afterok:JOBID ${sq(join(out, 'merge.sbatch'))}`,
    `#SBATCH --job-name=opt-${design.name}-merge`,
    // A task that failed leaves the dependency unmet for good: cancel the merge then, rather than
    // keep it pending forever.
    '#SBATCH --kill-on-invalid-dep=yes',
    `#SBATCH --output=${logs}/%x-%j.out`,
    '#SBATCH --ntasks=1',
    '#SBATCH --cpus-per-task=1',
    ...own,
    `${opt} experiment merge --out ${sq(out)} ${shards}`,
    '',
  ].join('\n');
  return { experiment, merge };
}

/** What writeSlurm wrote (the CLI says how to submit it: src/cli/experiment.ts). */
export interface SlurmWritten {
  /** DIR, absolute. */
  out: string;
  /** DIR/experiment.sbatch, DIR/merge.sbatch and DIR/logs. */
  experiment: string;
  merge: string;
  logs: string;
  /** The experiment's runs, and the fewest and most a task runs. */
  total: number;
  lo: number;
  hi: number;
}

/** Writes DIR/experiment.sbatch and DIR/merge.sbatch (and DIR/logs/). */
export function writeSlurm(r: SlurmRequest): SlurmWritten {
  for (const o of r.options)
    if (!/^-\S/.test(o) || /[\r\n]/.test(o))
      throw new ExperimentError(
        `--slurm-opt: expected one sbatch option such as --partition=gpu or --time=4:00:00, got '${o}'`,
      );
  const out = resolve(r.out);
  // #SBATCH --output reads a path without quotes and with % patterns.
  if (/[\s"'%\\]/.test(out))
    throw new ExperimentError(
      `--out ${r.out}: with --slurm the folder's path may hold no spaces, quotes, % or \\ (Slurm's --output reads it as it is: ${out})`,
    );
  // bin/opt.js of this installation: src/experiment or dist/experiment are two levels below it.
  const opt = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'opt.js');
  const { experiment, merge } = slurmScripts({ ...r, node: process.execPath, opt });
  try {
    mkdirSync(join(out, 'logs'), { recursive: true }); // Slurm opens the logs before the script runs
    writeFileSync(join(out, 'experiment.sbatch'), experiment);
    writeFileSync(join(out, 'merge.sbatch'), merge);
  } catch (e) {
    throw new ExperimentError(`--out ${r.out}: cannot write the scripts (${(e as Error).message})`);
  }
  const total = r.design.cells.length * r.design.runs;
  const lo = Math.floor(total / r.n);
  const hi = Math.ceil(total / r.n);
  return {
    out,
    experiment: join(out, 'experiment.sbatch'),
    merge: join(out, 'merge.sbatch'),
    logs: join(out, 'logs'),
    total,
    lo,
    hi,
  };
}
