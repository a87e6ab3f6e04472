// Mutation fuzzing of the front end and the pipeline (issue 13, item 7): the standard library's
// and the examples' programs, their tokens deleted, duplicated, swapped or replaced by extreme
// numbers, other names and stray symbols (fast-check, a fixed seed), go through `opt check` (parse
// and elaborate) and, where that succeeds, through the compiler to the CPU backend's code for
// their first problem. Every outcome must be a success or diagnostics that each carry a code and
// a position; never an internal error, another exception or a hang (vitest's time-out).
// The data files of the examples are mutated too (their values deleted, duplicated, swapped,
// replaced by non-numbers, NaN, empty values, or split and joined lines): the program that reads
// one must then compile or give placed diagnostics (a data file's line and column in the message).
// A program in two files too: the importing file mutated, its import line always among the
// mutations. FUZZ_RUNS=N runs N cases instead of the default (and a fifth as many data-file cases).

import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkFiles, compileProblem, OptError, type Diagnostic } from '../src/api.js';

const ROOT = join(__dirname, '..');
const SOURCES = [
  ...readdirSync(join(ROOT, 'stdlib/problems')).map((f) => join('stdlib/problems', f)),
  ...readdirSync(join(ROOT, 'stdlib/algorithms')).map((f) => join('stdlib/algorithms', f)),
  ...readdirSync(join(ROOT, 'examples'))
    .filter((f) => f.endsWith('.opt'))
    .map((f) => join('examples', f)),
]
  .filter((f) => f.endsWith('.opt'))
  .sort();

/**
 * A file's text with its declarations renamed apart from the standard library's (m_NAME), so
 * that a mutated copy of a stdlib file is elaborated rather than rejected as a duplicate; the
 * references inside still reach the stdlib's data and problems.
 */
const renamed = (text: string) =>
  text.replace(/^(problem|algorithm|suite|data)(\s+)(\w+)/gm, '$1$2m_$3');

/** The tokens of a text: words, numbers, single symbols, and the white space between them. */
const tokens = (text: string) =>
  text.match(/\s+|[A-Za-z_]\w*|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|"[^"\n]*"|./g) ?? [];

const STRAY = [
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  ',',
  ':',
  '..',
  '=',
  '<',
  '-',
  '*',
  '^',
  '%',
  'if',
  'then',
  'else',
  'sum',
  'let',
  'in',
  'D',
  'i',
  '@',
  '#',
  '"',
];
const EXTREME = [
  '0',
  '-0',
  '1e308',
  '-1e308',
  '1e-320',
  '4294967296',
  '2147483648',
  '9999999999999999999',
  'NaN',
  'Infinity',
  '0.5',
];

type Mutation =
  | { op: 'delete'; at: number }
  | { op: 'duplicate'; at: number }
  | { op: 'swap'; at: number; with: number }
  | { op: 'replace'; at: number; by: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('duplicate' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('swap' as const), at: fc.nat(), with: fc.nat() }),
  fc.record({
    op: fc.constant('replace' as const),
    at: fc.nat(),
    by: fc.constantFrom(...STRAY, ...EXTREME),
  }),
);

/** The mutations applied to the text's non-blank tokens (positions taken modulo their count). */
function mutate(text: string, ms: Mutation[]): string {
  const t = tokens(text);
  const words = () => t.flatMap((x, k) => (/^\s+$/.test(x) ? [] : [k]));
  for (const m of ms) {
    const w = words();
    if (!w.length) break;
    const k = w[m.at % w.length]!;
    if (m.op === 'delete') t.splice(k, 1);
    else if (m.op === 'duplicate') t.splice(k, 0, t[k]!, ' ');
    else if (m.op === 'swap') {
      const j = w[m.with % w.length]!;
      [t[k], t[j]] = [t[j]!, t[k]!];
    } else t[k] = m.by;
  }
  return t.join('');
}

const dir = mkdtempSync(join(tmpdir(), 'opt-fuzz-'));
const texts = new Map(SOURCES.map((f) => [f, renamed(readFileSync(join(ROOT, f), 'utf8'))]));

/**
 * The examples' data files, each with the examples that read it (by a path relative to the
 * example): copied beside the mutated programs, so that those read them as the examples do.
 */
const DATA = readdirSync(join(ROOT, 'examples'))
  .filter((f) => /\.(csv|txt)$/.test(f))
  .sort()
  .map((f) => ({
    file: f,
    text: readFileSync(join(ROOT, 'examples', f), 'utf8'),
    // The examples that read it, as written (their names are not the standard library's), and
    // the dimension their problem is declared for (`where D == 2`).
    readers: SOURCES.filter((s) => s.startsWith('examples/'))
      .map((s) => ({ file: s, text: readFileSync(join(ROOT, s), 'utf8') }))
      .filter((s) => s.text.includes(`"${f}"`))
      .map((s) => ({ ...s, dim: Number(/where D == (\d+)/.exec(s.text)?.[1] ?? 10) })),
  }))
  .filter((d) => d.readers.length > 0);
for (const d of DATA) copyFileSync(join(ROOT, 'examples', d.file), join(dir, d.file));

/** The pieces of a data file: numbers and words, separators (commas, white space, newlines). */
const dataTokens = (text: string) => text.match(/[^\s,]+|,|\n|[^\S\n]+/g) ?? [];
const DATA_STRAY = ['', ',', '\n', ' ', ',,', 'abc', 'NaN', '-inf', '1e400', '0x10', '1,5', '"'];

/** The mutations applied to a data file's pieces (positions taken modulo their count). */
function mutateData(text: string, ms: Mutation[]): string {
  const t = dataTokens(text);
  for (const m of ms) {
    if (!t.length) break;
    const k = m.at % t.length;
    if (m.op === 'delete') t.splice(k, 1);
    else if (m.op === 'duplicate') t.splice(k, 0, t[k]!);
    else if (m.op === 'swap') {
      const j = m.with % t.length;
      [t[k], t[j]] = [t[j]!, t[k]!];
    } else t[k] = DATA_STRAY[m.by.length % DATA_STRAY.length]!;
  }
  return t.join('');
}

/** Every diagnostic has a code and a position in the file. */
function expectPlaced(ds: Diagnostic[], what: string) {
  expect(ds.length, what).toBeGreaterThan(0);
  for (const d of ds) {
    expect(Number.isInteger(d.code) && d.code > 0, `${what}: ${d.message}`).toBe(true);
    expect(d.loc, `${what}: a diagnostic without a position: ${d.message}`).toBeDefined();
  }
}

/** How the cases ended: the test checks that it reaches both the diagnostics and the compiler. */
const seen = { diagnosed: 0, compiled: 0, other: 0 };

function outcome(file: string, text: string, dim = 10): void {
  const path = join(dir, 'm.opt');
  writeFileSync(path, text);
  const what = `${file} mutated:\n${text}`;
  const r = checkFiles([path]);
  if (r.diagnostics.some((d) => d.severity === 'error')) {
    expectPlaced(r.diagnostics, what);
    seen.diagnosed++;
    return;
  }
  // The mutated file's first problem (an imported file's come before it).
  const name = r.problemNames.find((n) => n.startsWith('m_')) ?? r.problemNames[0];
  if (!name) {
    seen.other++;
    return;
  }
  try {
    const p = compileProblem({ problem: name, dim, files: [path] });
    p.cpuEvaluator();
    seen.compiled++;
  } catch (e) {
    if (!(e instanceof OptError)) throw new Error(`${what}\n-> ${(e as Error).stack}`);
    expectPlaced(e.diagnostics, what);
    seen.diagnosed++;
  }
}

// A program in two files: lib.opt (as it is) and the importing file, mutated.
const LIB = `problem bowl(x[D]) in [-5, 5] optimum 0 at 1 {
  sum(i) (x[i] - 1)^2
}
data shift[D] = uniform(-1, 1, seed: 3)
`;
const IMPORTER = `import "lib.opt"
problem m_moved(x[D]) in [-5, 5] {
  let y[i] = x[i] - shift[i]
  bowl(y) + sphere(x) / 2
}
suite m_both = [m_moved, bowl]
`;
writeFileSync(join(dir, 'lib.opt'), LIB);
/** What may take the place of the import's path: itself (the cycle), nothing there, not .opt. */
const PATHS = ['"m.opt"', '"./lib.opt"', '"nope.opt"', '"lib.txt"', '""', '"/"', '"lib.opt"'];

describe('mutated programs: a result or placed diagnostics, never an internal error', () => {
  it(`${SOURCES.length} files, mutated (fixed seed)`, async () => {
    // Each case yields to the event loop first: a long synchronous test would keep the test
    // runner's worker from answering its parent (vitest's "Timeout calling onTaskUpdate").
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SOURCES),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        async (file, ms) => {
          await new Promise((r) => setImmediate(r));
          outcome(file, mutate(texts.get(file)!, ms));
        },
      ),
      { seed: 20261125, numRuns: Number(process.env.FUZZ_RUNS ?? 300), endOnFailure: true },
    );
    expect(seen.diagnosed, JSON.stringify(seen)).toBeGreaterThan(0);
    expect(seen.compiled, JSON.stringify(seen)).toBeGreaterThan(0);
    console.log(`mutated programs: ${JSON.stringify(seen)}`);
  }, 300_000);

  it(`the examples' data files (${DATA.map((d) => d.file).join(', ')}), mutated (fixed seed)`, async () => {
    expect(DATA.length).toBeGreaterThan(0);
    const before = { ...seen };
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...DATA),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        async (d, ms) => {
          await new Promise((r) => setImmediate(r));
          // A file of its own each case: no reading cached from an earlier case can answer.
          const name = `m${n++}-${d.file}`;
          writeFileSync(join(dir, name), mutateData(d.text, ms));
          for (const r of d.readers)
            outcome(r.file, r.text.replaceAll(`"${d.file}"`, `"${name}"`), r.dim);
        },
      ),
      {
        seed: 20261201,
        numRuns: Math.ceil(Number(process.env.FUZZ_RUNS ?? 300) / 5),
        endOnFailure: true,
      },
    );
    // Both outcomes occur: some mutations leave a valid table (a swap of two values), most not.
    expect(seen.diagnosed, JSON.stringify(seen)).toBeGreaterThan(before.diagnosed);
    expect(seen.compiled, JSON.stringify(seen)).toBeGreaterThan(before.compiled);
    const diagnosed = seen.diagnosed - before.diagnosed;
    console.log(
      `mutated data files: ${diagnosed} diagnosed, ${seen.compiled - before.compiled} compiled`,
    );
  }, 120_000);

  it('a program in two files, its import line mutated (fixed seed)', async () => {
    const before = { ...seen };
    const codes = new Set<number>();
    const importLine = fc.oneof(
      fc.record({ op: fc.constant('delete' as const), at: fc.nat(1) }),
      fc.record({ op: fc.constant('duplicate' as const), at: fc.nat(1) }),
      fc.record({ op: fc.constant('swap' as const), at: fc.nat(1), with: fc.nat() }),
      fc.record({
        op: fc.constant('replace' as const),
        at: fc.constant(1),
        by: fc.constantFrom(...PATHS),
      }),
      fc.record({
        op: fc.constant('replace' as const),
        at: fc.constant(0),
        by: fc.constantFrom('import', 'problem', '"', 'data'),
      }),
    );
    await fc.assert(
      fc.asyncProperty(importLine, fc.array(mutation, { maxLength: 2 }), async (first, more) => {
        await new Promise((r) => setImmediate(r));
        const text = mutate(IMPORTER, [first, ...more]);
        outcome('the importing file', text);
        for (const d of checkFiles([join(dir, 'm.opt')]).diagnostics) codes.add(d.code);
      }),
      { seed: 20261201, numRuns: Number(process.env.FUZZ_RUNS ?? 60), endOnFailure: true },
    );
    expect(seen.compiled - before.compiled, JSON.stringify(seen)).toBeGreaterThan(0);
    // The import's own errors among them: a cycle (m.opt imports itself), a missing file, no .opt.
    for (const c of [2012, 2013, 2014]) expect([...codes], `OPT${c}`).toContain(c);
  }, 120_000);
});
