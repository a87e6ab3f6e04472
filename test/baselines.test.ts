// Diagnostic baselines (as the TypeScript compiler's tests/baselines/reference/*.errors.txt): each
// bad program of test/baselines/cases/*.opt is compiled, and every diagnostic it gets, printed as
// the CLI prints it (file:line:col, code, message, source line, caret; then "N errors"), must equal
// test/baselines/reference/NAME.errors.txt. A change of any message, code or position shows up as
// a diff here. When the new output is right, accept it (this rewrites the references, then review
// them with git diff):
//
//   OPT_ACCEPT_BASELINES=1 npx vitest run test/baselines.test.ts
//
// A case's first line says how it is compiled, as the opt command it stands for (the file is
// appended): `// opt check` (every problem at two dimensions, every suite, every algorithm: what
// reports the most), `// opt compile --problem P --dim D [--set k=v]`, `// opt compile
// --algorithm A --problem P --dim D [--set k=v]`, `// opt eval --suite S`, `// opt experiment
// [--name N]` (the design of experiment N, or of the file's one). The test calls the api
// as those commands do. Paths are printed relative to the cases folder, so the references do not
// depend on where the repository lies. Across the corpus every code of the catalogue appears.

import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  checkFiles,
  compileAlgorithm,
  compileProblem,
  experimentDesign,
  formatDiagnostic,
  OptError,
  suiteProblems,
  type Diagnostic,
} from '../src/api.js';
import { codeString, Diag, type DiagKind } from '../src/parser/diagnostics.js';

const CASES = fileURLToPath(new URL('./baselines/cases/', import.meta.url));
const REFERENCE = fileURLToPath(new URL('./baselines/reference/', import.meta.url));
const ACCEPT = process.env.OPT_ACCEPT_BASELINES === '1';
const ACCEPT_HOW = 'OPT_ACCEPT_BASELINES=1 npx vitest run test/baselines.test.ts';

/** Codes no baseline shows, each with the reason. */
const NOT_IN_BASELINES: Partial<Record<DiagKind, string>> = {
  GpuChainsTooLong:
    'a case would be a 140 KB program of 20,001 written terms, refused only for the GPU backend: test/long-expr.test.ts prints it as opt does',
};

interface Command {
  /** The flags as written, after the command. */
  args: string;
  command: 'check' | 'compile' | 'eval' | 'experiment';
  flags: Map<string, string[]>;
}

/** The first line of a case: `// opt COMMAND --flag value ...`. */
function commandOf(name: string, text: string): Command {
  const first = text.split('\n', 1)[0]!;
  const m = /^\/\/ opt (check|compile|eval|experiment)((?: --[a-z]+ \S+)*)\s*$/.exec(first);
  if (!m) throw new Error(`${name}: the first line must be '// opt check' or '// opt compile ...'`);
  const flags = new Map<string, string[]>();
  for (const [, k, v] of m[2]!.matchAll(/--([a-z]+) (\S+)/g))
    flags.set(k!, [...(flags.get(k!) ?? []), v!]);
  return { args: m[2]!, command: m[1] as Command['command'], flags };
}

/** Compile a case as its command does; every diagnostic, with the source texts. */
function diagnosticsOf(file: string, c: Command): { ds: Diagnostic[]; texts: Map<string, string> } {
  if (c.command === 'check') {
    const r = checkFiles([file]);
    return { ds: r.diagnostics, texts: r.texts };
  }
  const one = (k: string) => c.flags.get(k)?.[0];
  const dim = Number(one('dim') ?? (c.command === 'compile' ? NaN : 4));
  if (!Number.isInteger(dim)) throw new Error(`${file}: opt compile needs --dim D`);
  const set = Object.fromEntries(
    (c.flags.get('set') ?? []).map((kv) => [
      kv.slice(0, kv.indexOf('=')),
      kv.slice(kv.indexOf('=') + 1),
    ]),
  );
  try {
    if (c.command === 'eval') suiteProblems(one('suite')!, { files: [file] });
    else if (c.command === 'experiment') experimentDesign(one('name'), { files: [file] });
    // opt compile prints the GPU kernels (--emit wgsl), so the GPU backend's limits hold too.
    else if (one('algorithm'))
      compileAlgorithm({
        algorithm: one('algorithm')!,
        problem: one('problem')!,
        dim,
        set,
        files: [file],
      }).gpuCheck();
    else compileProblem({ problem: one('problem'), dim, set, files: [file] }).gpuCheck();
  } catch (e) {
    if (e instanceof OptError) return { ds: [...e.diagnostics], texts: e.sources };
    throw e;
  }
  return { ds: [], texts: new Map() };
}

/** The text of a reference: the command, then the diagnostics as `opt` prints them. */
function render(name: string, c: Command, ds: Diagnostic[], texts: Map<string, string>): string {
  // The cases folder's absolute path (in locations, in messages that name a data file and in the
  // notes that show its line) is printed relative to it.
  const rel = (s: string) => s.split(CASES).join('');
  const out = [`$ opt ${c.command} ${name}${c.args}`, ''];
  for (const d of ds) {
    const shown = {
      ...d,
      message: rel(d.message),
      loc: d.loc && { ...d.loc, file: rel(d.loc.file) },
      related: d.related && { ...d.related, file: rel(d.related.file) },
    };
    out.push(formatDiagnostic(shown, texts.get(d.loc?.file ?? '')), '');
  }
  out.push(`${ds.length} error${ds.length === 1 ? '' : 's'}`, '');
  return out.join('\n');
}

/** A line diff (longest common subsequence), `-` for the reference's lines, `+` for the output's. */
function lineDiff(expected: string, actual: string): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] =
        a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push(`  ${a[i]}`);
      i++;
      j++;
    } else if (i < a.length && (j === b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!))
      out.push(`- ${a[i++]}`);
    else out.push(`+ ${b[j++]}`);
  }
  // Unchanged lines more than two away from a change are left out.
  const near = (k: number) => out.slice(Math.max(0, k - 2), k + 3).some((l) => l[0] !== ' ');
  return out
    .map((l, k) => (near(k) ? l : '...'))
    .filter((l, k, all) => l !== '...' || all[k - 1] !== '...')
    .join('\n');
}

const cases = readdirSync(CASES)
  .filter((f) => f.endsWith('.opt'))
  .sort();
describe('diagnostic baselines', () => {
  it('the corpus is there', () => {
    expect(cases.length).toBeGreaterThan(5);
  });

  for (const file of cases) {
    const name = file.replace(/\.opt$/, '');
    it(name, () => {
      const path = join(CASES, file);
      const c = commandOf(file, readFileSync(path, 'utf8'));
      const { ds, texts } = diagnosticsOf(path, c);
      // A case is a bad program: it has at least one diagnostic.
      expect(ds.length, `${file} compiled without errors`).toBeGreaterThan(0);
      const actual = render(file, c, ds, texts);
      const refPath = join(REFERENCE, `${name}.errors.txt`);
      if (ACCEPT) {
        mkdirSync(REFERENCE, { recursive: true });
        writeFileSync(refPath, actual);
        return;
      }
      if (!existsSync(refPath))
        expect.fail(`no reference ${refPath}: run ${ACCEPT_HOW} to write it, then review it`);
      const expected = readFileSync(refPath, 'utf8');
      if (actual !== expected)
        expect.fail(
          `the diagnostics of ${file} differ from test/baselines/reference/${name}.errors.txt ` +
            `(- reference, + now):\n${lineDiff(expected, actual)}\n\n` +
            `If the new output is right, accept it: ${ACCEPT_HOW}`,
        );
    });
  }

  it('every code of the catalogue appears in some baseline, but those listed with a reason', () => {
    // Read from the references (checked against the output above), so this holds on its own.
    const seen = new Set<number>();
    for (const r of existsSync(REFERENCE) ? readdirSync(REFERENCE) : [])
      for (const [, code] of readFileSync(join(REFERENCE, r), 'utf8').matchAll(
        /(?:^| )error OPT(\d{4}): /gm,
      ))
        seen.add(Number(code));
    const missing = (Object.keys(Diag) as DiagKind[]).filter(
      (k) => !seen.has(Diag[k].code) && !(k in NOT_IN_BASELINES),
    );
    expect(missing.map((k) => `${codeString(Diag[k].code)} ${k}`)).toEqual([]);
    // A listed code that some baseline shows after all is taken off the list.
    const listed = (Object.keys(NOT_IN_BASELINES) as DiagKind[]).filter((k) =>
      seen.has(Diag[k].code),
    );
    expect(listed).toEqual([]);
  });

  it('every reference belongs to a case', () => {
    const refs = existsSync(REFERENCE) ? readdirSync(REFERENCE) : [];
    const stale = refs.filter((r) => !cases.includes(r.replace(/\.errors\.txt$/, '.opt')));
    expect(stale, `delete the references of cases that no longer exist`).toEqual([]);
  });
});
