// `opt experiment --backend gpu` (lavapipe in CI): the missing runs of a cell run as one batch
// (runBatch), each stored as `opt run --backend gpu` gives it with its seed, bit for bit; GOjDE,
// whose generation draws on the host, runs its runs one after another. The database says which.
// Also: a results file of another schema version is refused with a clear error.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { RESULTS_FILE } from '../../src/experiment/database.js';
import { captureStdio, clearOut, err, out } from '../stdio.js';
import { gpu } from './helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

const STUDY = `experiment gpu_small {
  algorithms = [jde(NP: 20), gojde(NP: 20)]
  problems = [rastrigin, sphere]
  dims = [6]
  runs = 4
  budget = evals(400 * D)
  target = 1e-8
  record = [0.5, 1.0]
  seed = 21
}
`;

interface Row {
  cell: number;
  run: number;
  seed: number;
  evals: number;
  generations: number;
  stopped: string;
  best_error: number;
  device_error: number;
  best_point: Buffer;
  batch: number;
}

captureStdio();
const dir = mkdtempSync(join(tmpdir(), 'opt-experiment-gpu-'));
const file = join(dir, 'study.opt');
writeFileSync(file, STUDY);

maybe('opt experiment on the GPU', () => {
  it("batches a cell's runs, each stored as opt run gives it alone", async () => {
    const res = join(dir, 'res');
    expect(await main(['experiment', file, '--out', res, '--backend', 'gpu'])).toBe(0);
    expect(err).toMatch(/run 1 \(seed 21, a batch of 4\)/);
    const db = new Database(join(res, RESULTS_FILE), { readonly: true });
    const rows = db.prepare('SELECT * FROM run ORDER BY cell, run').all() as Row[];
    db.close();
    expect(rows).toHaveLength(16);
    // jDE's four runs a problem ran as one batch; GOjDE's one at a time (its GOBL generations are drawn
    // on the host, from each run's seed).
    expect(rows.map((r) => r.batch)).toEqual([...Array(8).fill(4), ...Array(8).fill(1)]);
    // The report says which: cells.csv's last column, report.md's.
    expect(await main(['report', res])).toBe(0);
    const csv = readFileSync(join(res, 'cells.csv'), 'utf8').trim().split('\n');
    expect(csv[0]!.endsWith(',batch,outside')).toBe(true);
    expect(csv.slice(1).map((l) => l.split(',').at(-2))).toEqual(['4', '4', '1', '1']);
    expect(csv.slice(1).map((l) => l.split(',').at(-1))).toEqual(['0', '0', '0', '0']);
    const md = readFileSync(join(res, 'report.md'), 'utf8');
    expect(md).toMatch(/\| 2,400 \| 4 \| 0 \|\n/);
    // Seed 002's score orders batched runs that met the target by evaluations, not by their
    // batch's shared seconds, and says so.
    expect(md).toContain(
      'runs that reached the target are ordered by the evaluations by which they met it instead: rastrigin, sphere.',
    );
    for (const [algorithm, cell, run] of [
      ['jde', 1, 2],
      ['gojde', 3, 1],
    ] as const) {
      clearOut();
      const args = ['--problem', 'rastrigin', '--dim', '6', '--evals', '2400', '--seed'];
      expect(
        await main([
          'run',
          algorithm,
          ...args,
          String(21 + run),
          '--target',
          '1e-8',
          '--set',
          'NP=20',
          '--backend',
          'gpu',
          '--json',
        ]),
      ).toBe(0);
      const alone = JSON.parse(out) as {
        evals: number;
        generations: number;
        stopped: string;
        bestError: number;
        deviceError: number;
        bestPoint: number[];
      };
      const row = rows.find((r) => r.cell === cell && r.run === run)!;
      expect(row.seed).toBe(21 + run);
      expect(
        {
          evals: row.evals,
          generations: row.generations,
          stopped: row.stopped,
          bestError: row.best_error,
          deviceError: row.device_error,
          bestPoint: Array.from(new Float64Array(new Uint8Array(row.best_point).buffer)),
        },
        algorithm,
      ).toEqual({
        evals: alone.evals,
        generations: alone.generations,
        stopped: alone.stopped,
        bestError: alone.bestError,
        deviceError: alone.deviceError,
        bestPoint: alone.bestPoint,
      });
    }
  });
});

describe('the results file', () => {
  it('of another schema version is refused, saying so', async () => {
    const old = join(dir, 'old');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(old);
    const db = new Database(join(old, RESULTS_FILE));
    db.exec('CREATE TABLE experiment (id INTEGER PRIMARY KEY)');
    db.close();
    expect(await main(['experiment', file, '--out', old, '--backend', 'cpu'])).toBe(2);
    expect(err).toMatch(
      /results\.sqlite was written by another version of opt \(results schema 0, this opt writes 4\): give another --out/,
    );
  });
});
