// A box per coordinate on the GPU (lavapipe in CI): each bound policy gives the CPU backend's
// values at each coordinate's own bounds (test/algo/box-coordinates.test.ts checks those against
// the rules), and DE takes the CPU's selections, reproducibly, every point inside its coordinate's
// interval. The tolerance is that of test/gpu/bounds.gpu.test.ts: float32 rounding of a shove of
// at most 15 plus the parent, folded into an interval, is a few float32 ulps of 15 (1e-6) away
// from the float64 value; a wrong coordinate's bounds would be off by at least 0.5.

import { describe, expect, it } from 'vitest';
import { CpuAlgoEngine } from '../../src/runtime/algo-cpu.js';
import { GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import { runAlgorithm } from '../../src/runtime/run.js';
import { algo } from '../algo/helpers.js';
import { D, SHOVE_COORDS, hiAt as hi, loAt as lo, shoveOnCpu } from '../algo/bounds-helpers.js';
import { gpu, gpuRunsAsOnCpu } from './helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

const inside = (X: ArrayLike<number>) => {
  for (let k = 0; k < X.length; k++) {
    expect(X[k]!).toBeGreaterThanOrEqual(lo(k % D));
    expect(X[k]!).toBeLessThanOrEqual(hi(k % D));
  }
};

maybe('bound policies in a box per coordinate on the GPU', () => {
  for (const name of ['clip', 'reflect', 'wrap', 'reinit', 'midpoint'])
    it(`${name}: the CPU's values, inside each coordinate's interval`, async () => {
      const cpu = await shoveOnCpu(name, 3, SHOVE_COORDS);
      const g = await GpuAlgoEngine.create(ctx!, cpu.c, 3);
      await runAlgorithm(cpu.c, g, { seed: 3, maxGenerations: 1, batch: 1 });
      const X = await g.readArray('X');
      g.destroy();
      inside(X);
      for (let k = 0; k < X.length; k++)
        expect(Math.abs(X[k]! - cpu.X[k]!), `${name} at ${k}`).toBeLessThan(1e-5);
    });

  it("DE: the CPU's selections over 10 generations, reproducible, inside", async () => {
    const c = algo('de', 'slope', D, { crossover: 'bin' }, { 'shove.opt': SHOVE_COORDS });
    const a = await gpuRunsAsOnCpu(ctx!, c, 11, 10);
    inside(a.X);
    inside(a.best);
  });
});

maybe('a bound float32 does not hold', () => {
  // fround(-32.768) = -32.768001556: a point clipped to it would lie outside the declared box. The
  // algorithm's bounds are the float32 nearest them on the inside, on both backends.
  it('PSO clips to the float32 inside the box: the best point is inside, the same on both backends', async () => {
    const src = 'problem corner(x[D]) in [-32.768, 32.768] { sum(i) x[i] }';
    const c = algo('pso', 'corner', 4, {}, { 'corner.opt': src });
    const g = await GpuAlgoEngine.create(ctx!, c, 1);
    const r = await runAlgorithm(c, g, { seed: 1, maxEvals: 4000 });
    g.destroy();
    for (const x of r.bestPoint) {
      expect(x).toBeGreaterThanOrEqual(-32.768);
      expect(x).toBeLessThanOrEqual(32.768);
    }
    // The corner, reached: the largest float32 above -32.768 in each coordinate.
    expect(Array.from(r.bestPoint)).toEqual([0, 1, 2, 3].map(() => -32.76799774169922));
    const k = new CpuAlgoEngine(c, 1);
    const s = await runAlgorithm(c, k, { seed: 1, maxEvals: 4000 });
    expect(Array.from(s.bestPoint)).toEqual(Array.from(r.bestPoint));
  });
});
