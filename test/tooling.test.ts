// Editor tooling: the generated grammar files are current, and the VS Code problem matcher reads
// the compiler's diagnostics. Documentation kept in step with the code: docs/builtins.md with the
// builtin table, docs/architecture.md with the files of src/.
import { describe, expect, it } from 'vitest';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { textMateGrammar, diagramsHtml } from '../src/tools/grammar.js';
import { builtinsMarkdown } from '../src/tools/builtins-doc.js';
import { BINARY_BUILTINS, BUILTINS } from '../src/ir/builtins.js';
import { compileProblem, OptError } from '../src/api.js';
import { formatDiagnostic } from '../src/parser/diagnostics.js';

describe('editor tooling', () => {
  it('grammar/opt.tmLanguage.json and grammar/diagrams.html are generated from the current token table and parser (npm run grammar)', () => {
    expect(JSON.parse(readFileSync('grammar/opt.tmLanguage.json', 'utf8'))).toEqual(
      textMateGrammar(),
    );
    expect(readFileSync('grammar/diagrams.html', 'utf8')).toBe(diagramsHtml());
  });
  it('docs/builtins.md is generated from the current builtin table (npm run builtins-doc)', () => {
    const md = builtinsMarkdown();
    expect(readFileSync('docs/builtins.md', 'utf8')).toBe(md);
    expect(md).toContain('| `round(x: real) -> real` |');
    expect(md).toContain('`log(x) * 0.4342944819032518`');
    expect(md).toContain('| `idiv(a: integer, b: integer) -> integer` |');
    expect(md).toContain(
      '| `jrandom_shift(lo: real, hi: real, [seed: integer], [after: vector]) -> vector` |',
    );
    // docs/language.md names every builtin in its summary, and links the reference.
    const lang = readFileSync('docs/language.md', 'utf8');
    const summary = lang.slice(lang.indexOf('**Built-in functions**'), lang.indexOf('**Order:'));
    expect(summary).toContain('docs/builtins.md');
    for (const name of [...Object.keys(BUILTINS), ...Object.keys(BINARY_BUILTINS)])
      expect(summary, name).toMatch(new RegExp(`\\b${name}\\b`));
  });
  it('the TextMate grammar highlights keywords, reductions and numbers', () => {
    const g = textMateGrammar() as { patterns: { name?: string; match?: string }[] };
    const find = (name: string) => new RegExp(g.patterns.find((p) => p.name === name)!.match!);
    expect(find('keyword.control.opt').test('let')).toBe(true);
    expect(find('keyword.control.opt').test('letter')).toBe(false);
    expect(find('support.function.reduction.opt').test('sum(i)')).toBe(true);
    expect(find('constant.numeric.opt').exec('4.209687462275036e+002')![0]).toBe(
      '4.209687462275036e+002',
    );
  });
  it("the VS Code problem matcher matches the compiler's diagnostics", () => {
    const ext = JSON.parse(readFileSync('editors/vscode/package.json', 'utf8'));
    const pattern = ext.contributes.problemMatchers[0].pattern;
    let text = '';
    try {
      compileProblem({
        dim: 3,
        sources: { '/tmp/m.opt': 'problem p(x[D]) in [-1, 1] optimum 0 { sum(i) x[i] + y }' },
      });
    } catch (e) {
      text = (e as OptError).diagnostics.map((d) => formatDiagnostic(d)).join('\n');
    }
    const m = new RegExp(pattern.regexp, 'm').exec(text)!;
    expect(m).not.toBeNull();
    expect(m[pattern.file]).toBe('/tmp/m.opt');
    expect(Number(m[pattern.line])).toBe(1);
    expect(Number(m[pattern.column])).toBe(54); // the column of `y`, 1-based
    expect(m[pattern.code]).toMatch(/^OPT\d{4}$/);
  });
});

describe('VS Code tasks', () => {
  it('use the same problem matcher as the extension (inline, so no extension is needed)', () => {
    const tasks = JSON.parse(readFileSync('.vscode/tasks.json', 'utf8'));
    const ext = JSON.parse(readFileSync('editors/vscode/package.json', 'utf8'));
    const check = tasks.tasks.find((t: { label: string }) => t.label.startsWith('opt: check'));
    expect(check.problemMatcher.pattern).toEqual(ext.contributes.problemMatchers[0].pattern);
  });
});

// docs/architecture.md names every folder and .ts file of src/ (in backticks, as a repository path:
// `src/ir/ir.ts`), so a file added to src/ without a line there fails here; and every repository
// path it names in backticks exists, so a renamed or removed file cannot leave it stale. Its
// "Known gaps" section does not count as naming a file: a file of src/ must be described in its
// stage's table.

/** The folders and .ts files under `dir`, as repository paths (`src/ir`, `src/ir/ir.ts`). */
function srcPaths(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = `${dir}/${e.name}`;
    return e.isDirectory() ? [p, ...srcPaths(p)] : e.name.endsWith('.ts') ? [p] : [];
  });
}

/** The text without the `## ` section whose heading starts with `heading`. */
function withoutSection(doc: string, heading: string): string {
  const a = doc.indexOf(`\n## ${heading}`);
  if (a < 0) return doc;
  const b = doc.indexOf('\n## ', a + 1);
  return doc.slice(0, a) + (b < 0 ? '\n' : doc.slice(b));
}

/** The paths the text does not name in backticks (a folder may end in `/`). */
function unnamed(doc: string, paths: string[]): string[] {
  return paths.filter((p) => !doc.includes(`\`${p}\``) && !doc.includes(`\`${p}/\``));
}

/** The repository paths (src/, test/, docs/, ...) named in backticks that do not exist. */
function missingPaths(doc: string, exists: (p: string) => boolean): string[] {
  const named = doc.matchAll(
    /`((?:src|test|docs|stdlib|examples|grammar|editors|scripts|bin)\/[^`\s]*)`/g,
  );
  return [...named].map((m) => m[1]!).filter((p) => !exists(p));
}

describe('docs/architecture.md', () => {
  const doc = readFileSync('docs/architecture.md', 'utf8');

  it('names every folder and every .ts file of src/, outside "Known gaps"', () => {
    const paths = srcPaths('src');
    expect(paths).toContain('src/ir/builtins.ts');
    expect(paths).toContain('src/codegen');
    expect(unnamed(withoutSection(doc, 'Known gaps'), paths)).toEqual([]);
  });

  it('names only repository paths that exist', () => {
    expect(missingPaths(doc, existsSync)).toEqual([]);
  });

  it('the checks find what they look for', () => {
    const text = [
      'The IR: `src/ir/` holds `src/ir/ir.ts`; see `test/ir/passes.test.ts` and `docs/gone.md`.',
      'Not a path: `src`, `x/src/a.ts`, src/ir/print.ts without backticks.',
      '## Known gaps',
      '- `src/ir/print.ts` (a placeholder names it)',
      '## After',
      '`examples/new.opt`',
    ].join('\n');
    expect(withoutSection(text, 'Known gaps')).not.toContain('print.ts` (a placeholder');
    expect(withoutSection(text, 'Known gaps')).toContain('## After');
    const files = ['src/ir', 'src/ir/ir.ts', 'src/ir/print.ts', 'src/rng'];
    expect(unnamed(withoutSection(text, 'Known gaps'), files)).toEqual([
      'src/ir/print.ts',
      'src/rng',
    ]);
    expect(unnamed(text, files)).toEqual(['src/rng']);
    expect(missingPaths(text, existsSync)).toEqual(['docs/gone.md', 'examples/new.opt']);
  });

  it('is linked from README.md and docs/ir.md', () => {
    expect(readFileSync('README.md', 'utf8')).toContain('(docs/architecture.md)');
    expect(readFileSync('docs/ir.md', 'utf8')).toContain('(architecture.md)');
  });
});

describe('the lock file (scripts/check-lock.sh, run by scripts/setup.sh before every test run)', () => {
  it('agrees with package.json, and a drifted copy is refused with the reason', () => {
    const ok = spawnSync('bash', ['scripts/check-lock.sh'], { encoding: 'utf8' });
    expect(ok.status, ok.stderr).toBe(0);
    const d = mkdtempSync(join(tmpdir(), 'opt-lock-'));
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
      dependencies: Record<string, string>;
    };
    pkg.dependencies.commander = '14.0.2'; // the lock file holds 14.0.3
    writeFileSync(join(d, 'package.json'), JSON.stringify(pkg, null, 2));
    copyFileSync('package-lock.json', join(d, 'package-lock.json'));
    const bad = spawnSync('bash', ['scripts/check-lock.sh', d], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('package.json and package-lock.json disagree');
    expect(bad.stderr).toContain('commander');
  });
});

describe('the two stages of .ci/run (test/stage.ts)', () => {
  it("STAGED_FILES is the test files outside test/long that import test/stage.ts: the long stage runs every file's long cases", async () => {
    const { STAGED_FILES } = await import('./staged-files.js');
    const { readdirSync: ls, readFileSync: read } = await import('node:fs');
    const importing = (ls('test', { recursive: true }) as string[])
      .map((f) => `test/${f}`)
      .filter((f) => f.endsWith('.test.ts') && !f.startsWith('test/long/'))
      .filter((f) => /from '\.\.?\/(\.\.\/)?stage\.js'/.test(read(f, 'utf8')))
      .sort();
    expect([...STAGED_FILES].sort()).toEqual(importing);
  });
});
