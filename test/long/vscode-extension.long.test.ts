// The long stage: the VS Code extension (editors/vscode) as it ships, packaged into a .vsix by the
// official tool (@vscode/vsce, installed in editors/vscode by scripts/ensure-vscode-ext.sh, which
// scripts/test-long.sh runs), holding its code, its language client, grammar, snippets and
// licence. test/vscode-extension.test.ts checks its manifest and snippets; test/lsp.test.ts the
// language server it starts (`opt lsp --stdio`), through the protocol. An extension-host test
// (@vscode/test-electron) would download VS Code, which these machines cannot.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const EXT = resolve(__dirname, '../../editors/vscode');
const manifest = JSON.parse(readFileSync(join(EXT, 'package.json'), 'utf8')) as { main: string };
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
      'README.md',
      'node_modules/vscode-languageclient/package.json',
    ])
      expect(files).toContain(f);
  }, 120_000);
});
