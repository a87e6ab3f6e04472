// L-SHADE on the GPU against the CPU with one seed, in lock-step over the first generations: the
// counted steps (each i in X[:n], n from the evaluations so far), the in-place sort, the archive
// (its slots and count) and the memories. N0 = 30 (rNinit = 3 at D = 10) with a budget of 1,000
// evaluations, so n shrinks from the second generation on (30, 28, 28, 27, ...) and the archive
// (cap 78, then floor(2.6 n)) is full from about the fifth generation: random replacement, and
// its count clipped to the shrinking cap (67, 62, 59 after 5, 8, 10 generations on the CPU). The integers (archive count, memory
// position, archive slots) must be equal; the rest within expectSameState's relative 1e-3
// (test/gpu/helpers.ts: float32 against float64 stays orders of magnitude below it, a selection
// or a slot taken differently orders of magnitude above).

import { describe, expect, it } from 'vitest';
import { CpuAlgoEngine } from '../../src/runtime/algo-cpu.js';
import { GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import { runAlgorithm } from '../../src/runtime/run.js';
import { algo } from '../algo/helpers.js';
import { expectSameState, gpu } from './helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

maybe('lshade: GPU and CPU in lock-step', () => {
  it('D = 10, sphere, N0 = 30, budget 1,000: state after each of the first generations', async () => {
    const c = algo('lshade', 'sphere', 10, { rNinit: '3' });
    for (const gens of [1, 2, 5, 10]) {
      const g = await GpuAlgoEngine.create(ctx!, c, 11);
      const k = new CpuAlgoEngine(c, 11);
      const o = { seed: 11, maxGenerations: gens, maxEvals: 1000, batch: 1 };
      const rg = await runAlgorithm(c, g, o);
      const rk = await runAlgorithm(c, k, o);
      expect(rg.evals).toBe(rk.evals);
      expect(rg.trace.map((t) => t.evals)).toEqual(rk.trace.map((t) => t.evals));
      for (const name of ['acnt', 'kmem', 'adst'])
        expect(Array.from(await g.readArray(name)), name).toEqual(
          Array.from(await k.readArray(name)),
        );
      await expectSameState(c, g, k);
      g.destroy();
    }
  });
});
