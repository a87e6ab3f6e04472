// `opt experiment --shard K/N --backend gpu` (lavapipe in CI): a shard's runs of a cell still run
// as one batch (the share is contiguous blocks of the design: src/experiment/shard.ts), and the
// shards merged are the database of the whole experiment on one machine, apart from how the runs
// were batched (run.batch) and their seconds.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { RESULTS_FILE } from '../../src/experiment/database.js';
import { main } from '../../src/cli/main.js';
import { contents } from '../results.js';
import { captureStdio } from '../stdio.js';
import { gpu } from './helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

const STUDY = `experiment gpu_shards {
  algorithms = [jde(NP: 20), de(NP: 16)]
  problems = [sphere, rastrigin]
  dims = [6]
  runs = 4
  budget = evals(300 * D)
  record = [0.5, 1.0]
  seed = 3
}
`;

captureStdio();
const dir = mkdtempSync(join(tmpdir(), 'opt-shard-gpu-'));
const file = join(dir, 'study.opt');
writeFileSync(file, STUDY);

maybe('opt experiment --shard on the GPU', () => {
  it("batches a shard's runs of a cell; merged, the shards are the whole experiment", async () => {
    const whole = join(dir, 'whole');
    expect(await main(['experiment', file, '--out', whole, '--backend', 'gpu'])).toBe(0);
    // 16 runs in 3 shards: runs 1-5, 6-10, 11-16 of the design (cells of 4 runs).
    const batches: number[][][] = [];
    for (const k of [1, 2, 3]) {
      const out = join(dir, `shard-${k}`);
      expect(
        await main(['experiment', file, '--out', out, '--backend', 'gpu', '--shard', `${k}/3`]),
      ).toBe(0);
      const db = new Database(join(out, RESULTS_FILE), { readonly: true });
      batches.push(
        (
          db.prepare('SELECT cell, run, batch FROM run ORDER BY cell, run').all() as {
            cell: number;
            run: number;
            batch: number;
          }[]
        ).map((r) => [r.cell, r.run, r.batch]),
      );
      db.close();
    }
    expect(batches).toEqual([
      [
        [1, 0, 4],
        [1, 1, 4],
        [1, 2, 4],
        [1, 3, 4],
        [2, 0, 1],
      ],
      [
        [2, 1, 3],
        [2, 2, 3],
        [2, 3, 3],
        [3, 0, 2],
        [3, 1, 2],
      ],
      [
        [3, 2, 2],
        [3, 3, 2],
        [4, 0, 4],
        [4, 1, 4],
        [4, 2, 4],
        [4, 3, 4],
      ],
    ]);
    const merged = join(dir, 'merged');
    expect(
      await main([
        'experiment',
        'merge',
        '--out',
        merged,
        ...[1, 2, 3].map((k) => join(dir, `shard-${k}`)),
      ]),
    ).toBe(0);
    expect(contents(join(merged, RESULTS_FILE))).toEqual(contents(join(whole, RESULTS_FILE)));
  });
});
