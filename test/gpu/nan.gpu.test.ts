// NaN in fitness on the GPU (lavapipe in CI): +Infinity, the worst value, as on the CPU
// (test/algo/nan.test.ts; docs/language.md, "NaN in fitness"). DE on a problem NaN on half of its
// box starts with seeds 1 to 8, takes the CPU's selections in its first generations (the same
// draws, float32 against float64 values), repeats itself bit for bit, and reports a best with a
// number. Before, the seeds whose first initial point was NaN refused to start on both backends.

import { describe, expect, it } from 'vitest';
import { GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import { runAlgorithm } from '../../src/runtime/run.js';
import { algo } from '../algo/helpers.js';
import { HALFNAN, SEEDS } from '../algo/nan-problems.js';
import { gpu, gpuRunsAsOnCpu } from './helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

maybe('the NaN problem with those seeds, on the GPU', () => {
  const c = algo('de', 'halfnan', 4, {}, { 'halfnan.opt': HALFNAN });
  for (const seed of SEEDS)
    it(`seed ${seed}: the CPU's selections over 5 generations, and a best with a number`, async () => {
      await gpuRunsAsOnCpu(ctx!, c, seed, 5);
      const g = await GpuAlgoEngine.create(ctx!, c, seed);
      const r = await runAlgorithm(c, g, { seed, maxEvals: 2000 });
      const fit = Array.from(await g.readArray('X.f'));
      g.destroy();
      expect(fit.some((v) => Number.isNaN(v))).toBe(false);
      expect(Number.isFinite(r.bestFitness)).toBe(true);
      expect(r.bestPoint[0]!).toBeGreaterThanOrEqual(0);
      for (const t of r.trace) expect(Number.isFinite(t.best)).toBe(true);
      expect(r.bestFitness).toBeLessThan(0.2);
    });
});
