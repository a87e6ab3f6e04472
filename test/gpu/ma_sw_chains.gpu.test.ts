// MA-SW-Chains on the GPU against the CPU with one seed: the same selections, LS chains and
// counters over the first generations (repeat rounds, each i in X[c], attached state and the
// stored lets on both backends), at D = 10; at D = 1,000,000 on Lastra et al.'s shifted Rastrigin
// (the split regime) in the long stage (test/long/ma_sw_chains.long.test.ts). The tolerance of
// expectSameState (test/gpu/helpers.ts, relative 1e-3) separates float32-against-float64 rounding
// from a selection taken differently.

import { describe, expect, it } from 'vitest';
import { compileAlgorithm } from '../../src/compile/algorithm.js';
import { CpuAlgoEngine } from '../../src/runtime/algo-cpu.js';
import { GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import { runAlgorithm } from '../../src/runtime/run.js';
import { algo } from '../algo/helpers.js';
import { expectSameState, gpu } from './helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

maybe('ma_sw_chains: GPU and CPU in lock-step', () => {
  it('D = 10, sphere, N = 12, Noff = 4, Istr = 20: state after each of the first generations', async () => {
    const c = algo('ma_sw_chains', 'sphere', 10, { N: '12', Noff: '4', Istr: '20' });
    for (const gens of [1, 2, 4]) {
      const g = await GpuAlgoEngine.create(ctx!, c, 7);
      const k = new CpuAlgoEngine(c, 7);
      const rg = await runAlgorithm(c, g, { seed: 7, maxGenerations: gens, batch: 1 });
      const rk = await runAlgorithm(c, k, { seed: 7, maxGenerations: gens, batch: 1 });
      expect(rg.evals).toBe(rk.evals);
      expect(rg.trace.map((t) => t.evals)).toEqual(rk.trace.map((t) => t.evals));
      // The chosen individual of the LS and the counters are integers: equal.
      for (const name of ['let.c', 'fails', 'ns', 'nf', 'phase'])
        expect(Array.from(await g.readArray(name)), name).toEqual(
          Array.from(await k.readArray(name)),
        );
      await expectSameState(c, g, k);
      g.destroy();
    }
  });
});

const SPLIT_RACE = `problem p(x[D]) in [-1, 1] { sum(i) x[i]^2 }
algorithm race(N = 4) {
  population X[N]
  state S[N] = 0
  state W[N][D] = 0
  state phase[1] = 0
  state dif[1][D] = 0
  generation {
    repeat 6 {
      each i in X[1] {
        let plus = phase[0] == 0
        let d[j] = if plus then 0.002 * normal(0, 1) else dif[0][j]
        let y[j] = clamp(if plus then X[i][j] + d[j] else X[i][j] - d[j], lo, hi)
        let ok = f(y) < f(X[i])
        X[i] = if ok then y else X[i]
        W[i][j] = if ok then (if plus then W[i][j] + 1 else W[i][j] - 1) else W[i][j]
        S[i] = S[i] + (if ok then 1 else 0)
        phase[0] = if plus and not ok then 1 else 0
        dif[0][j] = d[j]
      }
    }
  }
}`;

maybe('the split regime: a chosen row that reads and writes a one-row state array', () => {
  // Found by this test: in the split regime (D = 1,000, chunks of 256) the step's writes kernel
  // read phase[0] (for plus) in workgroups that ran after another workgroup of the same kernel
  // had written phase[0]: elements 32.. of W counted every success as a plus step (+1), the CPU
  // +1 and -1. Such a step took the team regime (compile/algorithm.ts, splitWriteRace); a step of
  // one row now stays split, its last combine writing phase[0] and S[i] and keeping plus in SC for
  // the writes kernel (ir/step.ts, valueWritesInCombine). W is an integer count, so the backends
  // must agree exactly.
  it('W (successes: +1 a plus step, -1 a minus step) as on the CPU', async () => {
    const c = compileAlgorithm({
      algorithm: 'race',
      problem: 'p',
      dim: 1000,
      sources: { 't.opt': SPLIT_RACE },
      schedule: { force: 'split', chunk: 256, wg: 64 },
      validateEach: true,
    });
    const st = c.steps.find((s) => s.name === 'at.X')!;
    expect(c.compiled(st).gpuIr.schedule.regime.k).toBe('split');
    const g = await GpuAlgoEngine.create(ctx!, c, 3);
    const k = new CpuAlgoEngine(c, 3);
    for (const e of [g, k]) await runAlgorithm(c, e, { seed: 3, maxGenerations: 3, batch: 1 });
    // Some steps succeeded (a test of W needs successes).
    expect((await k.readArray('S'))[1]).toBeGreaterThan(0);
    expect(Array.from(await g.readArray('S'))).toEqual(Array.from(await k.readArray('S')));
    expect(Array.from(await g.readArray('W'))).toEqual(Array.from(await k.readArray('W')));
    g.destroy();
  });
});
