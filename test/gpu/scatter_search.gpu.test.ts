// Scatter Search on the GPU against the CPU with one seed: the same reference set (generation 0's
// ranks, the greedy max-min pick through `each i in Div[q]` inside `if gen == 0 { repeat R2 }`),
// pairs, Solis-Wets states and updates over the first generations. Small (P = 24, |R| = 6, a pool
// of 30, Isw = 12) for lavapipe. The tolerance of expectSameState (test/gpu/helpers.ts, relative
// 1e-3) separates float32-against-float64 rounding from a selection taken differently; the
// integer state (pos, the Solis-Wets counters and phase) must agree exactly.

import { describe, expect, it } from 'vitest';
import { CpuAlgoEngine } from '../../src/runtime/algo-cpu.js';
import { GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import { runAlgorithm } from '../../src/runtime/run.js';
import { algo } from '../algo/helpers.js';
import { compileAlgorithm } from '../../src/compile/algorithm.js';
import { expectSameState, gpu } from './helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

maybe('scatter_search: GPU and CPU in lock-step', () => {
  it('D = 10, rastrigin, P = 24, R1 = 4, R2 = 2, Isw = 12: state after generations 1 and 3', async () => {
    const c = algo('scatter_search', 'rastrigin', 10, { P: '24', R1: '4', R2: '2', Isw: '12' });
    for (const gens of [1, 3]) {
      const g = await GpuAlgoEngine.create(ctx!, c, 7);
      const k = new CpuAlgoEngine(c, 7);
      const rg = await runAlgorithm(c, g, { seed: 7, maxGenerations: gens, batch: 1 });
      const rk = await runAlgorithm(c, k, { seed: 7, maxGenerations: gens, batch: 1 });
      expect(rg.evals).toBe(rk.evals);
      expect(rg.evals).toBe(24 + 6 + 30 + gens * 30 * 13);
      expect(rg.trace.map((t) => t.evals)).toEqual(rk.trace.map((t) => t.evals));
      for (const name of ['pos', 'ns', 'nf', 'phase', 'okay'])
        expect(Array.from(await g.readArray(name)), name).toEqual(
          Array.from(await k.readArray(name)),
        );
      await expectSameState(c, g, k);
      g.destroy();
    }
  });
});

const PICKS = `problem p(x[D]) in [-1, 1] { sum(i) x[i]^2 }
algorithm picks(N = 8) {
  population X[N]
  state pos[N] = 0
  generation {
    repeat 3 {
      let q = argmin(k < N where pos[k] == 0) f(X[k])
      each i in X[q] {
        pos[i] = count(k < N) (pos[k] > 0) + 1
      }
    }
  }
}`;

maybe('a chosen row that reads other rows of the array it writes', () => {
  // Found by this file: such a step (each i in X[q] { pos[i] = count(k < N) (pos[k] > 0) + 1 },
  // q an argmin over pos) double-buffered pos on the GPU and wrote only row q into the other
  // copy, which became current: the rows picked before were lost (the R2 picks of
  // scatter_search). It now writes pos in place (src/ir/step.ts, pingPong). Each generation
  // picks the 3 best rows not yet picked, numbered in order: integers, so GPU and CPU agree
  // exactly, and the CPU's are checked against the fitness order.
  it('pos numbers the 6 best rows 1..6 in order after 2 generations, on both backends', async () => {
    const c = compileAlgorithm({
      algorithm: 'picks',
      problem: 'p',
      dim: 4,
      sources: { 't.opt': PICKS },
      validateEach: true,
    });
    const g = await GpuAlgoEngine.create(ctx!, c, 3);
    const k = new CpuAlgoEngine(c, 3);
    for (const e of [g, k]) await runAlgorithm(c, e, { seed: 3, maxGenerations: 2, batch: 1 });
    const f = await k.readArray('X.f');
    const order = [...Array(8).keys()].sort((a, b) => f[a]! - f[b]! || a - b);
    const want = Array(8).fill(0);
    order.slice(0, 6).forEach((row, r) => (want[row] = r + 1));
    expect(Array.from(await k.readArray('pos'))).toEqual(want);
    expect(Array.from(await g.readArray('pos'))).toEqual(want);
    g.destroy();
  });
});
