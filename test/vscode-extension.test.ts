// The VS Code extension (editors/vscode): its snippets expand to programs `opt check` accepts, and
// the files its manifest names are there (the grammar once prepare.js has copied it in, as
// packaging does). test/long/vscode-extension.long.test.ts packages it into a .vsix,
// test/tooling.test.ts checks its problem matcher against the compiler's diagnostics and
// test/lsp.test.ts the language server it starts (`opt lsp --stdio`), through the protocol.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSources, formatOpt } from '../src/api.js';

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

describe('the VS Code extension', () => {
  it('names files that are there: its code, grammar (as prepare.js copies it), snippets', () => {
    execFileSync(process.execPath, [join(EXT, 'prepare.js')]);
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
  });

  it('expands its snippets, with their placeholders as given, to formatted programs opt check accepts', async () => {
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
    // As opt fmt would write them: format on save leaves a fresh snippet alone.
    expect(await formatOpt(text)).toBe(text + '\n');
  });

  it('formats .opt files on save with its own formatter (the language server)', () => {
    const m = manifest as unknown as {
      publisher: string;
      name: string;
      contributes: { configurationDefaults: Record<string, Record<string, unknown>> };
    };
    expect(m.contributes.configurationDefaults['[opt]']).toEqual({
      'editor.defaultFormatter': `${m.publisher}.${m.name}`,
      'editor.formatOnSave': true,
    });
  });
});
