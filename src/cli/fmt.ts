// `opt fmt FILE|DIR... [--check | --stdout]`, `opt fmt -`: the formatter (src/format, through
// src/api.ts) over files, in place, or from stdin to stdout. A folder stands for the .opt files under it, in name order. A file with syntax
// errors is reported with its diagnostics and left as it is; the others are still formatted.
// Writes are atomic (write-file-atomic), so an interrupted run leaves each file whole.

import { readFileSync, statSync } from 'node:fs';
import writeFileAtomic from 'write-file-atomic';
import { formatOpt, optFilesUnder, OptError } from '../api.js';
import { CliError, parseCommand } from './args.js';
import { printDiagnostics } from './commands.js';
import { COMMANDS } from './flags.js';

/** The .opt files of the arguments: files as given, folders searched (optFilesUnder). */
function optFiles(args: string[]): string[] {
  const out: string[] = [];
  for (const a of args) {
    let st;
    try {
      st = statSync(a);
    } catch {
      throw new CliError(`file not found: ${a}`);
    }
    if (!st.isDirectory()) out.push(a);
    else {
      const found = optFilesUnder(a);
      if (found.length === 0) throw new CliError(`opt fmt: no .opt files under ${a}`);
      out.push(...found);
    }
  }
  return out;
}

export async function fmtCommand(argv: string[]): Promise<number> {
  const { positional, flags } = parseCommand(COMMANDS.fmt, argv);
  if (positional.length === 0)
    throw new CliError('opt fmt: name one or more .opt files or folders');
  if (flags.check && flags.stdout)
    throw new CliError('opt fmt: --check and --stdout exclude each other');
  if (positional.includes('-')) return fmtStdin(positional, flags.check === true);
  const files = optFiles(positional);
  if (flags.stdout && files.length !== 1) {
    throw new CliError(`opt fmt --stdout: name one file (got ${files.length})`);
  }
  let failed = 0;
  const unformatted: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    let out: string;
    try {
      out = await formatOpt(text, file);
    } catch (e) {
      if (!(e instanceof OptError)) throw e;
      printDiagnostics(e.diagnostics, e.sources);
      failed++;
      continue;
    }
    if (flags.stdout) process.stdout.write(out);
    else if (out !== text) {
      unformatted.push(file);
      if (flags.check) process.stdout.write(`${file}\n`);
      else writeFileAtomic.sync(file, out);
    }
  }
  if (flags.stdout) return failed > 0 ? 1 : 0;
  const n = (k: number) => `${k} file${k === 1 ? '' : 's'}`;
  const broken = failed > 0 ? `; ${n(failed)} with syntax errors left as they were` : '';
  if (flags.check) {
    process.stderr.write(
      unformatted.length > 0
        ? `opt fmt --check: ${unformatted.length} of ${n(files.length)} not formatted (opt fmt FILE... rewrites them)${broken}\n`
        : `opt fmt --check: ${n(files.length)} formatted${broken}\n`,
    );
    return unformatted.length > 0 || failed > 0 ? 1 : 0;
  }
  process.stderr.write(`opt fmt: ${unformatted.length} of ${n(files.length)} rewritten${broken}\n`);
  return failed > 0 ? 1 : 0;
}

/**
 * `opt fmt -`: the text on stdin, formatted, on stdout (for editors and pipes); with --check,
 * nothing printed and exit code 1 if it is not formatted. Syntax errors: the diagnostics, exit 1.
 */
async function fmtStdin(args: string[], check: boolean): Promise<number> {
  if (args.length !== 1) throw new CliError("opt fmt: '-' (stdin) goes alone");
  const text = readFileSync(0, 'utf8');
  try {
    const out = await formatOpt(text, '<stdin>');
    if (check) return out === text ? 0 : 1;
    process.stdout.write(out);
    return 0;
  } catch (e) {
    if (!(e instanceof OptError)) throw e;
    printDiagnostics(e.diagnostics, e.sources);
    return 1;
  }
}
