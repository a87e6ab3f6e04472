// `opt report DIR`: the flags read, the report of the experiment in DIR written by the report room
// (src/report/report.ts: report.md, report.html, the figures, tables.tex and the CSV files),
// report.md printed and the figures' notes said; `--open` opens report.html in a browser.
// `--format ioh` writes the IOHprofiler export instead (src/report/ioh.ts) and says what it holds.

import { join, resolve } from 'node:path';
import { IOH_MARKER, writeIohReport, writeReport } from '../api/report.js';
import { CliError, parseCommand } from './args.js';
import { COMMANDS, EXIT } from './flags.js';

export async function reportCommand(argv: string[]): Promise<number> {
  const { positional, flags } = parseCommand(COMMANDS.report, argv);
  const [dir, ...extra] = positional;
  if (!dir) throw new CliError('opt report: name the results folder (opt experiment --out DIR)');
  if (extra.length) throw new CliError(`opt report: unexpected arguments: ${extra.join(' ')}`);
  if (flags['ioh-out'] !== undefined && flags.format !== 'ioh')
    throw new CliError('--ioh-out: only with --format ioh (the folder of the IOHprofiler export)');
  if (flags.format === 'ioh') return iohCommand(dir, flags['ioh-out']);
  const r = await writeReport({ dir });
  process.stdout.write(r.markdown);
  for (const w of r.warnings) process.stderr.write(`note: ${w}\n`);
  if (flags.open) await openInBrowser(join(dir, 'report.html'));
  return EXIT.DONE;
}

/**
 * Opens `file` with $BROWSER, else the platform's opener (xdg-open, open, start), and waits only
 * for it to start: where none can start (a machine without a desktop), says so and where the file is.
 */
async function openInBrowser(file: string): Promise<void> {
  const { spawn } = await import('node:child_process');
  const path = resolve(file);
  const [cmd, ...args] = process.env.BROWSER
    ? [process.env.BROWSER, path]
    : process.platform === 'darwin'
      ? ['open', path]
      : process.platform === 'win32'
        ? ['cmd', '/c', 'start', '', path]
        : ['xdg-open', path];
  const started = await new Promise<boolean>((done) => {
    const child = spawn(cmd!, args, { detached: true, stdio: 'ignore' });
    child.on('error', () => done(false));
    child.on('spawn', () => {
      child.unref();
      done(true);
    });
  });
  if (!started)
    process.stderr.write(`note: could not start ${cmd} to open ${path}: open it yourself\n`);
}

/** `opt report DIR --format ioh`: the IOHprofiler export, and a line saying what it holds. */
function iohCommand(dir: string, out: string | undefined): number {
  const x = writeIohReport({ dir, out });
  process.stdout.write(
    `${x.out}: IOHprofiler data of ${x.algorithms} algorithm${x.algorithms === 1 ? '' : 's'} on ${x.problems} problem${x.problems === 1 ? '' : 's'}, ${x.runs} run${x.runs === 1 ? '' : 's'} (load the folder in IOHanalyzer)\n`,
  );
  if (x.undecided.length)
    process.stderr.write(
      `note: ${x.undecided.join(', ')}: no optimum, and no run improved, so the direction is unknown: written as minimised\n`,
    );
  if (x.worseAtEnd.runs)
    process.stderr.write(
      `note: in ${x.worseAtEnd.runs} run${x.worseAtEnd.runs === 1 ? '' : 's'} the final record (the float64 value of the reported point, as in report.md) is worse than the record before it (the backend's value) by at most ${x.worseAtEnd.gap} (said in ${IOH_MARKER})\n`,
    );
  return EXIT.DONE;
}
