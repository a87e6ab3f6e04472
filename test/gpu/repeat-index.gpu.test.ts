// `repeat r < n { ... }` on the GPU (issue 37, item 1): each run of the body's steps gets its
// iteration as the kernel parameter $hK, and the state after one and two generations is the CPU
// backend's bit for bit (integers; test/algo/repeat-index.test.ts); a batch of runs, whose runs
// share the host's plan, gives each run the same.

import { describe, expect, it } from 'vitest';
import { compileAlgorithm } from '../../src/compile/algorithm.js';
import { GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import { runAlgorithm, runBatch } from '../../src/runtime/run.js';
import { REPEAT_INDEX_SRC, repeatIndexState } from '../algo/repeat-index-source.js';
import { gpu } from './helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

const req = { algorithm: 'rep', problem: 'p', dim: 3, sources: { 't.opt': REPEAT_INDEX_SRC } };

maybe('repeat with an index, on the GPU', () => {
  it('gives each run of the body its iteration, as the CPU backend does', async () => {
    const c = compileAlgorithm(req);
    for (const g of [1, 2]) {
      const e = await GpuAlgoEngine.create(ctx!, c, 3);
      await runAlgorithm(c, e, { seed: 3, maxGenerations: g });
      for (const [name, want] of Object.entries(repeatIndexState(g)))
        expect(Array.from(await e.readArray(name)), `${name} after ${g}`).toEqual(want);
      e.destroy();
    }
  });

  it('in a batch of three runs, each run as alone', async () => {
    const c = compileAlgorithm({ ...req, runs: 3 });
    const seeds = [1, 2, 3];
    const e = await GpuAlgoEngine.create(ctx!, c, seeds);
    await runBatch(c, e, seeds, { maxGenerations: 2 });
    for (const [k] of seeds.entries())
      for (const [name, want] of Object.entries(repeatIndexState(2)))
        expect(Array.from(await e.readArray(name, k)), `${name}, run ${k}`).toEqual(want);
    e.destroy();
  });
});
