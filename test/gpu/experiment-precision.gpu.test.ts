// An experiment's precision on the GPU (docs/experiments.md, "Precision"): auto holds a cell's
// populations as float-float where the float32 point nearest the optimum has an error above the
// experiment's zero (or target), float32 elsewhere; f32 and ff force it. The optimum of `off` is
// at 0.1 in every coordinate, which float32 cannot hold: its float32 floor is D (0.1 - fl32(0.1))^2,
// about 1.2e-17 at D = 4, above a zero of 1e-20 and below one of 1e-14.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { RESULTS_FILE } from '../../src/experiment/database.js';
import { captureStdio } from '../stdio.js';
import { gpu } from './helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

const study = (zero: string, precision?: string) => `
problem off(x[D]) in [-1, 1] optimum 0 at 0.1 { sum(i) (x[i] - 0.1)^2 }
experiment p {
  algorithms = [de(NP: 8)]
  problems = [off]
  dims = [4]
  runs = 2
  budget = evals(50 * D)
  zero = ${zero}
  ${precision ? `precision = ${precision}` : ''}
}
`;

async function precisions(text: string): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'opt-precision-'));
  const file = join(dir, 'p.opt');
  writeFileSync(file, text);
  const out = join(dir, 'res');
  expect(await main(['experiment', file, '--out', out, '--backend', 'gpu'])).toBe(0);
  const db = new Database(join(out, RESULTS_FILE), { readonly: true });
  const rows = db.prepare('SELECT precision FROM run ORDER BY run').all() as {
    precision: string;
  }[];
  db.close();
  return rows.map((r) => r.precision);
}

maybe('the precision of an experiment on the GPU', () => {
  captureStdio();
  it('auto: float-float below the float32 floor, float32 above it; f32 and ff as asked', async () => {
    expect(await precisions(study('1e-20'))).toEqual(['ff', 'ff']);
    expect(await precisions(study('1e-14'))).toEqual(['f32', 'f32']);
    expect(await precisions(study('1e-20', 'f32'))).toEqual(['f32', 'f32']);
    expect(await precisions(study('1e-14', 'ff'))).toEqual(['ff', 'ff']);
  });
});
