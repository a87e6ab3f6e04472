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

// A host let (an integer generation-level let of parameters, gen and progress) is computed by the
// host in float64 and passed to the kernels: int(1e10 progress) is about 4e7 here, where float32's
// spacing is 4, so a kernel that computed it in float32 would get other last digits (checked with
// the host lets turned off: the GPU stored 360 where the host's value is 361). Its value mod 1000
// is an integer below 2^24: exact in S.
const HOST_LET = `problem p(x[D]) in [-1, 1] { sum(i) x[i]^2 }
algorithm hl(N = 4) {
  population X[N]
  state S[N] = 0
  generation {
    let m = int(10000000000 * progress) % 1000
    each i in X[:N - gen % 3] {
      S[i] = m + 1000 * i
    }
  }
}`;

maybe('host lets', () => {
  it('the kernels see the host float64 value of int(1e10 progress) % 1000, and n = N - gen % 3 rows run', async () => {
    const c = compileAlgorithm({
      algorithm: 'hl',
      problem: 'p',
      dim: 3,
      sources: { 't.opt': HOST_LET },
      validateEach: true,
    });
    const budget = 997;
    for (const gens of [1, 2, 3]) {
      const g = await GpuAlgoEngine.create(ctx!, c, 1);
      const k = new CpuAlgoEngine(c, 1);
      const o = { seed: 1, maxGenerations: gens, maxEvals: budget, batch: 1 };
      await runAlgorithm(c, g, o);
      await runAlgorithm(c, k, o);
      // No evaluations: progress is 4 / 997 (the initial population) in every generation.
      const m = Math.trunc((1e10 * 4) / budget) % 1000;
      const S = Array.from(await g.readArray('S'));
      expect(S).toEqual(Array.from(await k.readArray('S')));
      // The last generation (gen = gens - 1) ran rows 0..N - gen % 3 - 1; the others are older.
      const n = 4 - ((gens - 1) % 3);
      for (let i = 0; i < n; i++) expect(S[i]).toBe(m + 1000 * i);
      g.destroy();
    }
  });
});

// A counted step in the split regime (D = 1,000 in chunks of 256: partials, combines and writes
// dispatched for n individuals, n * chunks workgroups for the partials): the rows from n on are
// left as they are, and GPU and CPU agree (expectSameState's tolerance, as above).
const SPLIT_COUNTED = `problem p(x[D]) in [-1, 1] { sum(i) x[i]^2 }
algorithm cs(N = 6) {
  population X[N]
  population U[N] = X
  generation {
    let n = N - gen % 4
    each i in U[:n] {
      let r = randint(N)
      let u[j] = clamp(X[i][j] + 0.5 * (X[r][j] - X[i][j]) + 0.01 * normal(0, 1), lo, hi)
      U[i] = u
    }
    each i in X[:n] {
      X[i] = if f(U[i]) <= f(X[i]) then U[i] else X[i]
    }
  }
}`;

maybe('a counted step in the split regime', () => {
  it('D = 1,000, n = 6, 5, 4, 3, 6: evaluations and state as on the CPU', async () => {
    const c = compileAlgorithm({
      algorithm: 'cs',
      problem: 'p',
      dim: 1000,
      sources: { 't.opt': SPLIT_COUNTED },
      schedule: { force: 'split', chunk: 256, wg: 64 },
      validateEach: true,
    });
    const each = c.steps.find((s) => s.name === 'each.U')!;
    expect(c.compiled(each).gpuIr.schedule.regime.k).toBe('split');
    for (const gens of [1, 3, 5]) {
      const g = await GpuAlgoEngine.create(ctx!, c, 5);
      const k = new CpuAlgoEngine(c, 5);
      const o = { seed: 5, maxGenerations: gens, batch: 1 };
      const rg = await runAlgorithm(c, g, o);
      const rk = await runAlgorithm(c, k, o);
      const sizes = [6, 5, 4, 3, 6].slice(0, gens);
      expect(rg.evals).toBe(6 + sizes.reduce((a, b) => a + b, 0));
      expect(rk.evals).toBe(rg.evals);
      await expectSameState(c, g, k);
      g.destroy();
    }
  });
});
