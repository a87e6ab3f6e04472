// Bound handling on the GPU (lavapipe in CI): each policy of stdlib/bounds/bounds.opt gives the
// values the CPU backend gives (test/algo/bounds.test.ts checks those against the rules), every
// coordinate inside the box, and DE with each policy takes the CPU's selections with one seed and
// repeats itself bit for bit. The draws (reinit's) are the same bits on both backends; the values
// differ by float32 rounding: a shove of at most 15 plus the parent, folded into a box of width 3,
// is a few float32 ulps of 15 (1e-6) away from the float64 value; a different fold (the wrong
// number of widths) would be off by a whole width.

import { describe, expect, it } from 'vitest';
import { CpuAlgoEngine } from '../../src/runtime/algo-cpu.js';
import { GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import { runAlgorithm } from '../../src/runtime/run.js';
import { algo } from '../algo/helpers.js';
import { COIN, D, HI, LO, SHOVE, shoveOnCpu } from '../algo/bounds-helpers.js';
import { gpu, gpuRunsAsOnCpu } from './helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

const POLICIES = ['clip', 'reflect', 'wrap', 'reinit', 'midpoint'];

maybe('bound policies on the GPU', () => {
  for (const name of POLICIES)
    it(`${name}: the CPU's values, inside the box`, async () => {
      const cpu = await shoveOnCpu(name);
      const g = await GpuAlgoEngine.create(ctx!, cpu.c, 3);
      await runAlgorithm(cpu.c, g, { seed: 3, maxGenerations: 1, batch: 1 });
      const X = await g.readArray('X');
      const P = await g.readArray('P0');
      g.destroy();
      expect(X.length).toBe(cpu.X.length);
      for (let k = 0; k < X.length; k++) {
        expect(X[k]!).toBeGreaterThanOrEqual(LO);
        expect(X[k]!).toBeLessThanOrEqual(HI);
        // The parents are the same float32 points on both (the initial population's draws).
        expect(Math.abs(P[k]! - cpu.P[k]!)).toBeLessThan(1e-6);
        expect(Math.abs(X[k]! - cpu.X[k]!), `${name} at ${k}`).toBeLessThan(1e-5);
      }
    });
});

maybe('DE with each policy on a problem whose optimum is a corner of the box', () => {
  for (const bounds of POLICIES)
    it(`${bounds}: the CPU's selections over 10 generations, reproducible, inside`, async () => {
      const c = algo('de', 'slope', D, { bounds, crossover: 'bin' }, { 'shove.opt': SHOVE });
      const a = await gpuRunsAsOnCpu(ctx!, c, 11, 10);
      for (const x of a.X) expect(x >= LO && x <= HI).toBe(true);
      for (const x of a.best) expect(x >= LO && x <= HI).toBe(true);
    });
});

maybe('resample on the GPU', () => {
  it("retry(10, clip): the CPU's rows exactly (the same draws; 0.5, 5 and 2 are float32 numbers)", async () => {
    const c = algo('coin', 'flat', 2, { bounds: 'ten' }, { 'coin.opt': COIN });
    const g = await GpuAlgoEngine.create(ctx!, c, 4);
    await runAlgorithm(c, g, { seed: 4, maxGenerations: 1, batch: 1 });
    const X = Array.from(await g.readArray('X'));
    g.destroy();
    const k = new CpuAlgoEngine(c, 4);
    await runAlgorithm(c, k, { seed: 4, maxGenerations: 1, batch: 1 });
    expect(X).toEqual(Array.from(await k.readArray('X')));
    // Most rows found a try inside.
    expect(X.filter((x) => x === 0.5).length).toBeGreaterThan(0.85 * X.length);
  });
});
