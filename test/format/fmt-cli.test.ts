// `opt fmt` over files and folders (src/cli/fmt.ts, in-process): --check lists and exits 1 without
// writing, a run rewrites what is not formatted and nothing else, a file with syntax errors is
// reported with its diagnostics and left as it was, --stdout prints, `-` formats stdin to stdout,
// bad arguments are one-line usage errors.

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { captureStdio, clearErr, clearOut, err, out } from '../stdio.js';

captureStdio();

const FORMATTED = 'problem p(x[D]) {\n  sum(i) x[i]^2\n}\n';
const MESSY = 'problem q(x[D]){sum(i)x[i] ^ 2;}';
const BROKEN = 'problem r(x[D]) {\n  x[0] +\n}\n';

function tree() {
  const dir = mkdtempSync(join(tmpdir(), 'opt-fmt-'));
  mkdirSync(join(dir, 'sub'));
  mkdirSync(join(dir, 'node_modules'));
  mkdirSync(join(dir, 'empty'));
  const at = (name: string, text: string) => (
    writeFileSync(join(dir, name), text),
    join(dir, name)
  );
  return {
    dir,
    good: at('good.opt', FORMATTED),
    messy: at('sub/messy.opt', MESSY),
    broken: at('sub/broken.opt', BROKEN),
    ignored: at('node_modules/x.opt', MESSY),
    other: at('notes.txt', MESSY),
  };
}

describe('opt fmt', () => {
  it('--check lists the files not formatted and writes nothing', async () => {
    const t = tree();
    const before = statSync(t.messy).mtimeMs;
    expect(await main(['fmt', '--check', t.good, t.messy])).toBe(1);
    expect(out).toBe(`${t.messy}\n`);
    expect(err).toContain('opt fmt --check: 1 of 2 files not formatted');
    expect(readFileSync(t.messy, 'utf8')).toBe(MESSY);
    expect(statSync(t.messy).mtimeMs).toBe(before);
    clearOut();
    clearErr();
    expect(await main(['fmt', '--check', t.good])).toBe(0);
    expect(err).toContain('opt fmt --check: 1 file formatted');
  });

  it("rewrites a folder's .opt files, leaves one with syntax errors as it was and exits 1", async () => {
    const t = tree();
    expect(await main(['fmt', t.dir])).toBe(1);
    expect(readFileSync(t.messy, 'utf8')).toBe('problem q(x[D]) {\n  sum(i) x[i]^2\n}\n');
    expect(readFileSync(t.good, 'utf8')).toBe(FORMATTED);
    expect(readFileSync(t.broken, 'utf8')).toBe(BROKEN);
    // Outside .opt files and node_modules: untouched.
    expect(readFileSync(t.ignored, 'utf8')).toBe(MESSY);
    expect(readFileSync(t.other, 'utf8')).toBe(MESSY);
    expect(err).toContain(`${t.broken}:3:1: error OPT1002: expected an expression but found '}'`);
    expect(err).toContain(
      'opt fmt: 1 of 3 files rewritten; 1 file with syntax errors left as they were',
    );
    clearErr();
    // Formatted now: a second run over the two rewrites nothing.
    expect(await main(['fmt', join(t.dir, 'good.opt'), t.messy])).toBe(0);
    expect(err).toContain('opt fmt: 0 of 2 files rewritten');
  });

  it('--stdout prints the formatted text of one file', async () => {
    const t = tree();
    expect(await main(['fmt', '--stdout', t.messy])).toBe(0);
    expect(out).toBe('problem q(x[D]) {\n  sum(i) x[i]^2\n}\n');
    expect(readFileSync(t.messy, 'utf8')).toBe(MESSY);
  });

  it("formats stdin to stdout with '-' (the built CLI, as an editor pipes to it)", () => {
    const opt = (args: string[], input: string) =>
      spawnSync(process.execPath, [resolve(__dirname, '../../bin/opt.js'), 'fmt', ...args], {
        input,
        encoding: 'utf8',
      });
    const r = opt(['-'], MESSY);
    expect([r.status, r.stdout]).toEqual([0, 'problem q(x[D]) {\n  sum(i) x[i]^2\n}\n']);
    expect(opt(['-', '--check'], MESSY).status).toBe(1);
    expect(opt(['-', '--check'], FORMATTED)).toMatchObject({ status: 0, stdout: '' });
    const bad = opt(['-'], BROKEN);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain(
      "<stdin>:3:1: error OPT1002: expected an expression but found '}'",
    );
  });

  it('refuses bad arguments with a one-line usage error', async () => {
    const t = tree();
    expect(await main(['fmt'])).toBe(2);
    expect(err).toContain('opt fmt: name one or more .opt files or folders');
    clearErr();
    expect(await main(['fmt', join(t.dir, 'missing.opt')])).toBe(2);
    expect(err).toContain(`file not found: ${join(t.dir, 'missing.opt')}`);
    clearErr();
    expect(await main(['fmt', '--stdout', t.dir])).toBe(2);
    expect(err).toContain('opt fmt --stdout: name one file (got 3)');
    clearErr();
    expect(await main(['fmt', '--check', '--stdout', t.good])).toBe(2);
    expect(err).toContain('--check and --stdout exclude each other');
    clearErr();
    expect(await main(['fmt', join(t.dir, 'empty')])).toBe(2);
    expect(err).toContain('opt fmt: no .opt files under');
    clearErr();
    expect(await main(['fmt', '-', t.good])).toBe(2);
    expect(err).toContain("opt fmt: '-' (stdin) goes alone");
    expect(err).not.toMatch(/\n\s+at /);
  });
});
