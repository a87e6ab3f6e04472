// Editor tooling: the generated grammar files are current, and the VS Code problem matcher reads
// the compiler's diagnostics.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
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
