// The API runs an experiment and writes its report without the CLI (issue 35, item 4):
// runExperiment and writeReport of src/api.ts, called directly, on the CPU backend into a real
// SQLite database; the same experiment through `opt experiment` gives the same rows.

import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ExperimentError,
  runExperiment,
  writeIohReport,
  writeReport,
  type ExperimentRunDone,
} from '../src/api.js';
import { main } from '../src/cli/main.js';
import { contents } from './results.js';
import { captureStdio, err, out } from './stdio.js';

const TINY = `experiment tiny {
  algorithms = [de, jde(NP: 20)]
  problems = [sphere]
  dims = [3]
  runs = 2
  budget = evals(300 * D)
  record = [0.5, 1.0]
  seed = 5
}
`;

describe('runExperiment and writeReport (src/api.ts)', () => {
  captureStdio();
  const dir = mkdtempSync(join(tmpdir(), 'opt-api-rooms-'));
  const file = join(dir, 'tiny.opt');
  writeFileSync(file, TINY);
  const api = join(dir, 'api');

  it('runs the design into DIR/results.sqlite, saying each run, and prints nothing', async () => {
    const starts: { total: number; done: number; backend: string }[] = [];
    const runs: ExperimentRunDone[] = [];
    const before = [out, err];
    const r = await runExperiment({
      file,
      out: api,
      onStart: (s) => starts.push(s),
      onRun: (x) => runs.push(x),
    });
    expect([out, err]).toEqual(before);
    expect(r.database).toBe(join(api, 'results.sqlite'));
    expect(r.backend).toBe('cpu');
    expect(r.total).toBe(4);
    expect(r.interrupted).toBe(false);
    expect(r.design.name).toBe('tiny');
    expect(starts).toEqual([{ total: 4, done: 0, backend: 'cpu' }]);
    expect(runs.map((x) => [x.done, x.cell.algorithm.label, x.run, x.seed, x.batch])).toEqual([
      [1, 'de', 0, 5, 1],
      [2, 'de', 1, 6, 1],
      [3, 'jde(NP: 20)', 0, 5, 1],
      [4, 'jde(NP: 20)', 1, 6, 1],
    ]);
    const c = contents(r.database);
    expect(c.cell).toHaveLength(2);
    expect(c.run).toHaveLength(4);
    expect(c.record).toHaveLength(8);
    const rows = c.run as { cell: number; run: number; seed: number; evals: number }[];
    expect(rows.map((x) => [x.cell, x.run, x.seed])).toEqual([
      [1, 0, 5],
      [1, 1, 6],
      [2, 0, 5],
      [2, 1, 6],
    ]);
    // Each row is the report onRun gave.
    expect(rows.map((x) => x.evals)).toEqual(runs.map((x) => x.report.evals));
    // Again: nothing left to run.
    const again = await runExperiment({ file, out: api, onRun: (x) => runs.push(x) });
    expect(again.total).toBe(4);
    expect(runs).toHaveLength(4);
  });

  it('gives the rows opt experiment gives', async () => {
    const cli = join(dir, 'cli');
    expect(await main(['experiment', file, '--out', cli, '--backend', 'cpu'])).toBe(0);
    expect(contents(join(cli, 'results.sqlite'))).toEqual(contents(join(api, 'results.sqlite')));
  });

  it('an aborted signal stops it before the first run, and the next call runs them all', async () => {
    const cut = join(dir, 'cut');
    const abort = new AbortController();
    abort.abort();
    const r = await runExperiment({ file, out: cut, signal: abort.signal });
    expect(r.interrupted).toBe(true);
    expect(contents(r.database).run).toHaveLength(0);
    expect((await runExperiment({ file, out: cut })).interrupted).toBe(false);
    expect(contents(r.database)).toEqual(contents(join(api, 'results.sqlite')));
  });

  it('writes the report into DIR, and returns report.md', async () => {
    const r = await writeReport({ dir: api });
    expect(r.name).toBe('tiny');
    const names = [
      'report.md',
      'report.html',
      'tables.tex',
      'cells.csv',
      'tests.csv',
      'ert.csv',
      'ecdf.csv',
    ];
    expect(r.files).toEqual(names.map((n) => join(api, n)));
    for (const f of r.files) expect(existsSync(f)).toBe(true);
    expect(readFileSync(join(api, 'report.md'), 'utf8')).toBe(r.markdown);
    expect(r.markdown).toMatch(/^# Experiment tiny\n/);
    expect(r.markdown).toContain('| de | sphere | 2 |');
    expect(r.markdown).toContain('| jde(NP: 20) | sphere | 2 |');
    const csv = readFileSync(join(api, 'cells.csv'), 'utf8').trim().split('\n');
    expect(csv).toHaveLength(3);
    expect(csv[1]).toMatch(/^de,sphere,3,2,error,/);
    expect(csv[2]).toMatch(/^jde\(NP: 20\),sphere,3,2,error,/);
    const ioh = await writeIohReport({ dir: api });
    expect(ioh).toMatchObject({ out: join(api, 'ioh'), algorithms: 2, problems: 1, runs: 4 });
  });

  it("another experiment's folder is an ExperimentError naming the file", async () => {
    const other = join(dir, 'other.opt');
    writeFileSync(other, TINY.replace('seed = 5', 'seed = 6'));
    await expect(runExperiment({ file: other, out: api })).rejects.toThrow(ExperimentError);
    await expect(runExperiment({ file: other, out: api })).rejects.toThrow(
      join(api, 'results.sqlite'),
    );
  });

  it('a folder without results is an ExperimentError naming the file', async () => {
    const empty = join(dir, 'empty');
    await expect(writeReport({ dir: empty })).rejects.toThrow(ExperimentError);
    await expect(writeReport({ dir: empty })).rejects.toThrow(
      `${join(empty, 'results.sqlite')}: not found`,
    );
  });
});
