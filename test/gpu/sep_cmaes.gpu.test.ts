// sep-CMA-ES on the GPU against the CPU with one seed: the same samples, ranks, weights and
// distribution updates over the first generations (the one-row state m, C, ps, pc, sigma written
// by `each i in X[0]`, the ranks by counting in an `each k in X`). The tolerance of
// expectSameState (test/gpu/helpers.ts, relative 1e-3) separates float32-against-float64
// rounding from a rank taken differently (a different weight moves m by a whole step).

import { describe, expect, it } from 'vitest';
import { compileAlgorithm } from '../../src/compile/algorithm.js';
import { CpuAlgoEngine } from '../../src/runtime/algo-cpu.js';
import { GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import { runAlgorithm } from '../../src/runtime/run.js';
import { algo } from '../algo/helpers.js';
import { expectSameState, gpu } from './helpers.js';
import { describeLong, staged } from '../stage.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

maybe('sep_cmaes: GPU and CPU in lock-step', () => {
  // D = 10 in the test command, D = 30 and D = 100,000 (below) in the long stage (test/stage.ts).
  for (const [problem, D] of staged(
    [
      ['sphere', 10],
      ['elliptic', 30],
    ] as const,
    ([, D]) => D === 10,
  ))
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

describeLong(
  'sep_cmaes at D = 100,000, GPU against CPU',
  () => {
    // lambda = 4 + floor(3 ln 1e5) = 38. Sampling, ranking and the update (into m2, C2, ...) run
    // in the split regime, the copy in the team regime. Measured ~3 s on lavapipe.
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
  },
  !ctx,
);

const ROWSUM = `problem p(x[D]) in [-1, 1] { sum(i) x[i]^2 }
algorithm rowsum(N = 4) {
  population X[N]
  state v[1][D] = 1
  state w[1][D] = 0
  generation {
    each i in X[0] {
      let a[j] = v[0][j] + sum(k < N) X[k][j]
      let n = sum(j < D) a[j] ^ 2
      w[0][j] = a[j] / n
    }
  }
}`;

maybe('the split regime: a kept vector that sums over rows', () => {
  // Found by sep_cmaes' update (m' = sum_k w_k X[k]): with D a multiple of 4 the split regime's
  // partials load four elements of a state row at once, hoisted to the top of the loop over j,
  // and took X[k][j] for such a row although k is the index of a reduction inside the loop:
  // the WGSL named k where it is not defined (pipeline creation failed). Such a row is now read
  // element by element (codegen/wgsl-step.ts, read).
  for (const dim of [1000, 1001])
    it(`D = ${dim}: as on the CPU`, async () => {
      const c = compileAlgorithm({
        algorithm: 'rowsum',
        problem: 'p',
        dim,
        sources: { 't.opt': ROWSUM },
        schedule: { force: 'split', chunk: 256, wg: 64 },
        validateEach: true,
      });
      const g = await GpuAlgoEngine.create(ctx!, c, 3);
      const k = new CpuAlgoEngine(c, 3);
      for (const e of [g, k]) await runAlgorithm(c, e, { seed: 3, maxGenerations: 2, batch: 1 });
      // w = a / |a|^2 with a = 1 + sum_k X[k] (|a| <= 5): elements ~4e-4, too small for
      // expectSameState's absolute 1e-3. In float32 a is off by at most 5 u |a|max and |a|^2
      // by its summation chain (a few hundred additions: 500 u = 3e-5 relative), so each element
      // is within 1e-4 of the largest (u = 2^-24).
      const wk = Array.from(await k.readArray('w'));
      const wg = Array.from(await g.readArray('w'));
      const big = Math.max(...wk.map(Math.abs));
      expect(big).toBeGreaterThan(0);
      for (let j = 0; j < dim; j++)
        expect(Math.abs(wg[j]! - wk[j]!), `w[${j}]`).toBeLessThanOrEqual(1e-4 * big);
      await expectSameState(c, g, k);
      g.destroy();
    });
});
