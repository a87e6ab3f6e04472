// The VS Code extension (editors/vscode) as it ships: packaged into a .vsix by the official tool
// (@vscode/vsce, installed in editors/vscode by scripts/setup.sh), with the files its manifest
// names; its snippets expand to programs `opt check` accepts. test/tooling.test.ts checks its
// problem matcher against the compiler's diagnostics. The language server it starts (`opt lsp --stdio`) is tested through the
// protocol in test/lsp.test.ts. An extension-host test (@vscode/test-electron) would download VS
// Code, which these machines cannot.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSources } from '../src/api.js';

const EXT = resolve(__dirname, '../editors/vscode');
const manifest = JSON.parse(readFileSync(join(EXT, 'package.json'), 'utf8')) as {
  main: string;
  contributes: {
    grammars: { path: string }[];
    snippets: { path: string }[];
    languages: { configuration: string }[];
    configuration: { properties: Record<string, unknown> };
    problemMatchers: { pattern: { regexp: string } }[];
  };
};
const vsce = join(EXT, 'node_modules/.bin/vsce');

describe('the VS Code extension', () => {
  it('packages into a .vsix with its server client, grammar, snippets and licence', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'opt-vsix-')), 'opt.vsix');
    const r = spawnSync(vsce, ['package', '--allow-missing-repository', '--out', out], {
      cwd: EXT,
      encoding: 'utf8',
    });
    expect(r.status, r.stderr + r.stdout).toBe(0);
    expect(statSync(out).size).toBeGreaterThan(100_000);
    // What the package holds, as the tool lists it.
    const ls = spawnSync(vsce, ['ls'], { cwd: EXT, encoding: 'utf8' });
    expect(ls.status, ls.stderr).toBe(0);
    const files = ls.stdout.split('\n').filter(Boolean);
    for (const f of [
      'package.json',
      manifest.main.replace(/^\.\//, ''),
      'syntaxes/opt.tmLanguage.json',
      'snippets/opt.json',
      'language-configuration.json',
      'LICENSE',
      'node_modules/vscode-languageclient/package.json',
    ])
      expect(files).toContain(f);
    // Every file the manifest names is there (the grammar after the prepublish copy).
    for (const p of [
      manifest.main,
      ...manifest.contributes.grammars.map((g) => g.path),
      ...manifest.contributes.snippets.map((s) => s.path),
      ...manifest.contributes.languages.map((l) => l.configuration),
    ])
      expect(existsSync(join(EXT, p)), p).toBe(true);
    // The shipped grammar is the generated one.
    expect(readFileSync(join(EXT, 'syntaxes/opt.tmLanguage.json'), 'utf8')).toBe(
      readFileSync(resolve(__dirname, '../grammar/opt.tmLanguage.json'), 'utf8'),
    );
    expect(Object.keys(manifest.contributes.configuration.properties)).toEqual([
      'opt.command',
      'opt.dimension',
    ]);
  }, 120_000);

  it('expands its snippets, with their placeholders as given, to programs opt check accepts', () => {
    const snippets = JSON.parse(readFileSync(join(EXT, 'snippets/opt.json'), 'utf8')) as Record<
      string,
      { prefix: string; body: string[] }
    >;
    expect(Object.keys(snippets)).toEqual(['problem', 'algorithm', 'experiment', 'suite']);
    // ${1:name} -> name; each snippet's names made distinct.
    const expand = (body: string[], k: number) =>
      body
        .join('\n')
        .replace(/\$\{\d+:([^}]*)\}/g, '$1')
        .replace(/^(problem|algorithm|suite|experiment) (name|study)/m, `$1 $2${k}`);
    const text = Object.values(snippets)
      .map((s, k) => expand(s.body, k))
      .join('\n\n');
    const r = checkSources({ sources: { 'snippets.opt': text } });
    expect(r.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([]);
    expect([r.problems, r.algorithms, r.experiments, r.suites]).toEqual([1, 1, 1, 1]);
  });
});
