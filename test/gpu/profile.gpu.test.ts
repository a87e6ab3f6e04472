// The GPU engine's per-step profile (bench-memetic's per-phase times): every step run is counted
// once under its own step, with its GPU time, and profiling (a compute pass per step)
// changes no result: the profiled run's population is bit for bit the unprofiled run's.

import { describe, expect, it } from 'vitest';
import { compileAlgorithm } from '../../src/compile/algorithm.js';
import { GpuAlgoEngine, type StepProfile } from '../../src/runtime/algo-gpu.js';
import { runAlgorithm } from '../../src/runtime/run.js';
import { gpu } from './helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx && ctx.features.timestampQuery ? describe : describe.skip;

maybe('per-step profile', () => {
  it('counts every step run under its step and leaves the results unchanged', async () => {
    const Istr = 7;
    const c = compileAlgorithm({
      algorithm: 'ma_sw_chains',
      problem: 'sphere',
      dim: 10,
      set: { N: '12', Noff: '4', Istr: String(Istr) },
    });
    const gens = 3;
    const plain = await GpuAlgoEngine.create(ctx!, c, 5);
    await runAlgorithm(c, plain, { seed: 5, maxGenerations: gens });
    const prof = await GpuAlgoEngine.create(ctx!, c, 5, 256);
    const profile: StepProfile = new Map();
    prof.profile = profile;
    await runAlgorithm(c, prof, { seed: 5, maxGenerations: gens });
    expect(Array.from(await prof.readArray('X'))).toEqual(Array.from(await plain.readArray('X')));
    const runs = (name: string) =>
      [...profile].filter(([st]) => st.name === name).map(([, v]) => v.runs);
    // The three `each i in X[c]` blocks: chain start, Istr Solis-Wets iterations, chain end.
    expect(runs('at.X').sort((a, b) => a - b)).toEqual([gens, gens, Istr * gens]);
    // n_frec = Istr (1 - 0.5) / 0.5 = 7 evaluations: idiv(7, 4) = 1 GA round a generation.
    expect(runs('rank.X')).toEqual([gens]);
    // A pass's time is a difference of two timestamps: never negative; one tiny pass may round to
    // 0 on a coarse clock, the run as a whole not.
    for (const v of profile.values()) expect(v.seconds).toBeGreaterThanOrEqual(0);
    expect([...profile.values()].reduce((s, v) => s + v.seconds, 0)).toBeGreaterThan(0);
    plain.destroy();
    prof.destroy();
  });
});
