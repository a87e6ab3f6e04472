// `opt experiment FILE [NAME] --list`: an experiment's plan (src/elaborate/experiment.ts). Running
// the plan into a database is the next step of issue 14; until then the command prints what would
// run, so that a study's file can be written and checked.

import { existsSync } from 'node:fs';
import { experimentPlan, setDataRoot, type ExperimentPlan } from '../api.js';
import { CliError, parseCommand } from './args.js';
import { COMMANDS } from './flags.js';

export function experimentCommand(argv: string[]): number {
  const { positional, flags } = parseCommand(COMMANDS.experiment, argv);
  if (flags.data) setDataRoot(flags.data);
  const [file, name, ...extra] = positional;
  if (!file) throw new CliError('opt experiment: name the .opt file that declares the experiment');
  if (extra.length) throw new CliError(`opt experiment: unexpected arguments: ${extra.join(' ')}`);
  if (!existsSync(file)) throw new CliError(`file not found: ${file}`);
  if (!flags.list && !flags.json)
    throw new CliError(
      'opt experiment: running an experiment is not built yet (issue 14: batched runs into a database come next); --list prints its plan',
    );
  const plan = experimentPlan(name, { files: [file] });
  process.stdout.write(flags.json ? JSON.stringify(plan) + '\n' : planText(plan));
  return 0;
}

const thousands = (n: number) => n.toLocaleString('en-US');

/** The plan as text: a summary, then one line per cell. */
export function planText(p: ExperimentPlan): string {
  const n = (k: number, what: string) => `${thousands(k)} ${what}${k === 1 ? '' : 's'}`;
  const budget =
    p.budget.k === 'evals'
      ? `evaluations: ${p.dims.map((D) => `${thousands(p.cells.find((c) => c.dim === D)!.evals!)} at D = ${D}`).join(', ')}`
      : `${p.budget.s} s a run (wall-clock: these runs run one at a time)`;
  const lines = [
    `experiment ${p.name}: ${n(p.algorithms.length, 'algorithm')} x ${n(p.problems.length, 'problem')} x ${n(p.dims.length, 'dimension')} = ${n(p.cells.length, 'cell')}, ${n(p.runs, 'run')} each (${n(p.cells.length * p.runs, 'run')}), seeds ${p.seed} to ${p.seed + p.runs - 1}`,
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
