// sep-CMA-ES on the GPU against the CPU with one seed: the same samples, ranks, weights and
// distribution updates over the first generations (the one-row state m, C, ps, pc, sigma written
// by `each i in X[0]`, the ranks by counting in an `each k in X`). The tolerance of
// expectSameState (test/gpu/helpers.ts, relative 1e-3) separates float32-against-float64
// rounding from a rank taken differently (a different weight moves m by a whole step).

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

maybe('sep_cmaes: GPU and CPU in lock-step', () => {
  for (const [problem, D] of [
    ['sphere', 10],
    ['elliptic', 30],
  ] as const)
    it(`D = ${D}, ${problem}: state after each of the first generations`, async () => {
      const c = algo('sep_cmaes', problem, D);
      const lambda = c.algo.populations[0]!.rows;
      for (const gens of [1, 4]) {
        const g = await GpuAlgoEngine.create(ctx!, c, 7);
        const k = new CpuAlgoEngine(c, 7);
        const rg = await runAlgorithm(c, g, { seed: 7, maxGenerations: gens, batch: 1 });
        const rk = await runAlgorithm(c, k, { seed: 7, maxGenerations: gens, batch: 1 });
        expect(rg.evals).toBe(lambda * (gens + 1));
        expect(rk.evals).toBe(rg.evals);
        // The selected points: the weights are a function of the ranks alone, so the same ranks
        // give the same weights up to float32 rounding, and the same zeros exactly.
        const wg = Array.from(await g.readArray('w'));
        const wk = Array.from(await k.readArray('w'));
        expect(wg.map((v) => v === 0)).toEqual(wk.map((v) => v === 0));
        await expectSameState(c, g, k);
        g.destroy();
      }
    });
});

maybe('sep_cmaes at D = 100,000, GPU against CPU', () => {
  // lambda = 4 + floor(3 ln 1e5) = 38. Sampling and ranking run in the split regime; the update
  // (each i in X[0]) reads the one-row state it writes and takes the team regime
  // (compile/algorithm.ts, splitWriteRace). Measured ~3 s on lavapipe.
  it('elliptic: 3 generations', async () => {
    const c = algo('sep_cmaes', 'elliptic', 100000);
    const regimes = c.steps.map((st) => c.compiled(st).gpuIr.schedule.regime.k);
    expect(regimes).toContain('split');
    const g = await GpuAlgoEngine.create(ctx!, c, 7);
    const k = new CpuAlgoEngine(c, 7);
    for (const e of [g, k]) await runAlgorithm(c, e, { seed: 7, maxGenerations: 3, batch: 1 });
    expect(c.algo.populations[0]!.rows).toBe(38);
    const wg = Array.from(await g.readArray('w'));
    const wk = Array.from(await k.readArray('w'));
    expect(wg.map((v) => v === 0)).toEqual(wk.map((v) => v === 0));
    await expectSameState(c, g, k);
    g.destroy();
  });
});
