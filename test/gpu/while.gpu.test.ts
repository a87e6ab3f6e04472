// `repeat n while c` on the GPU against the CPU: the condition is computed by a kernel before each
// iteration, the body's kernels write only while the flag is set, and the evaluations are counted
// on the GPU and read back with the trace. A Solis-Wets-like loop that stops when rho < eps must
// stop at the same iteration on both backends (rho = rho0 2^k is exact in float32 and float64, and
// the success tests agree unless two fitness values lie within float32 rounding of each other,
// which these seeds do not meet: the iteration counts are compared exactly), with the same
// evaluation count, within the same budget. Kept small: lavapipe is a CPU Vulkan.

import { describe, expect, it } from 'vitest';
import { CpuAlgoEngine } from '../../src/runtime/algo-cpu.js';
import { GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import { runAlgorithm, type RunOptions } from '../../src/runtime/run.js';
import type { CompiledAlgorithm } from '../../src/compile/algorithm.js';
import { algo } from '../algo/helpers.js';
import { expectSameState, gpu } from './helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

const SOURCE = `problem p(x[D]) in [-5, 5] { sum(i) x[i]^2 }
algorithm sw(N = 4, K = 100, rho0 = 0.5, eps = 0.02) {
  population X[N]
  state rho[X] = rho0
  state ns[X] = 0
  state nf[X] = 0
  state it[1] = 0
  generation {
    let c = argmin(k < N) f(X[k])
    each i in X[c] {
      rho[i] = rho0
      ns[i] = 0
      nf[i] = 0
    }
    repeat K while rho[c] >= eps {
      each i in X[c] {
        let y[j] = clamp(X[i][j] + normal(0, rho[i]), lo, hi)
        let ok = f(y) < f(X[i])
        let s = if ok then ns[i] + 1 else 0
        let fl = if ok then 0 else nf[i] + 1
        X[i] = if ok then y else X[i]
        ns[i] = if s >= 5 then 0 else s
        nf[i] = if fl >= 3 then 0 else fl
        rho[i] = if s >= 5 then 2 * rho[i] else if fl >= 3 then 0.5 * rho[i] else rho[i]
        it[0] = it[0] + 1
      }
    }
  }
}
algorithm never(N = 4, K = 20) {
  population X[N]
  state it[1] = 0
  generation {
    repeat K while f(X[0]) < -1 {
      each i in X[0] {
        X[i] = better(X[i] * 0.5, X[i])
        it[0] = it[0] + 1
      }
    }
  }
}
algorithm mix(N = 6, K = 10, L = 3) {
  population X[N]
  state it[1] = 0
  generation {
    each i in it[0] {
      it[i] = 0
    }
    repeat K while it[0] < L {
      each i in X {
        let r = distinct(1, N, except: i)
        let y[j] = 0.5 * (X[i][j] + X[r[0]][j])
        X[i] = better(y, X[i])
      }
      each i in it[0] {
        it[i] = it[i] + 1
      }
    }
  }
}
algorithm two(N = 4, K = 30) {
  population X[N]
  state a[1] = 0
  state b[1] = 0
  state t[1] = 0
  generation {
    repeat 2 {
      each i in t[0] {
        t[i] = 0
      }
      repeat K while t[0] < 3 + gen {
        each i in X {
          X[i] = better(X[i] * 0.99, X[i])
        }
        each i in t[0] {
          t[i] = t[i] + 1
          a[0] = a[0] + 1
        }
      }
    }
    repeat K while f(X[0]) > 1e-6 and b[0] < 5 * (gen + 1) {
      each i in X[0] {
        X[i] = better(X[i] * 0.5, X[i])
        b[0] = b[0] + 1
      }
    }
  }
}
algorithm sel(N = 4, K = 3) {
  population X[N]
  population O[N] = X
  state S[X] = rand()
  generation {
    repeat K while rand() < 0.7 {
      each i in O {
        let u[j] = X[i][j] + 0.5 * (rand() - 0.5)
        O[i] = u
      }
      X = best(X, O)
      O = best(X, O)
      X = sorted(X)
    }
  }
}`;
const SRC = { 'while.opt': SOURCE };

async function both(c: CompiledAlgorithm, o: RunOptions) {
  const g = await GpuAlgoEngine.create(ctx!, c, o.seed);
  const k = new CpuAlgoEngine(c, o.seed);
  const rg = await runAlgorithm(c, g, o);
  const rk = await runAlgorithm(c, k, o);
  return { g, k, rg, rk };
}

maybe('repeat n while c: GPU and CPU', () => {
  it('a Solis-Wets-like loop stops at the same iteration, with the same evaluations', async () => {
    const c = algo('sw', 'p', 6, {}, SRC);
    for (const seed of [1, 2]) {
      const { g, k, rg, rk } = await both(c, { seed, maxGenerations: 3, batch: 1 });
      const it = (await k.readArray('it'))[0]!;
      // It stopped early in some generation (rho < eps before K iterations).
      expect(it).toBeLessThan(3 * 100);
      expect(Array.from(await g.readArray('it'))).toEqual([it]);
      expect(rg.evals).toBe(rk.evals);
      expect(rg.evals).toBe(4 + it);
      expect(rg.trace.map((t) => t.evals)).toEqual(rk.trace.map((t) => t.evals));
      for (const name of ['rho', 'ns', 'nf'])
        expect(Array.from(await g.readArray(name)), name).toEqual(
          Array.from(await k.readArray(name)),
        );
      await expectSameState(c, g, k);
      g.destroy();
    }
  });

  it('within a budget, with batches in flight: the same count, never over the budget', async () => {
    const c = algo('sw', 'p', 6, {}, SRC);
    const { g, k, rg, rk } = await both(c, { seed: 3, maxEvals: 700 });
    expect(rg.evals).toBeLessThanOrEqual(700);
    expect(rg.evals).toBe(rk.evals);
    expect(rg.generations).toBe(rk.generations);
    expect(rg.evals).toBe(4 + (await g.readArray('it'))[0]!);
    expect(rg.evals + 100).toBeGreaterThan(700);
    g.destroy();
    void k;
  });

  it('a condition false at once: no evaluation, nothing written', async () => {
    const c = algo('never', 'p', 6, {}, SRC);
    const { g, k, rg } = await both(c, { seed: 1, maxGenerations: 3 });
    expect(rg.evals).toBe(4);
    expect(Array.from(await g.readArray('it'))).toEqual([0]);
    await expectSameState(c, g, k);
    g.destroy();
  });

  it('two loops in a generation, one inside a repeat: the same counts as the CPU', async () => {
    const c = algo('two', 'p', 5, {}, SRC);
    const { g, k, rg, rk } = await both(c, { seed: 2, maxGenerations: 5 });
    for (const name of ['a', 'b'])
      expect(Array.from(await g.readArray(name)), name).toEqual(
        Array.from(await k.readArray(name)),
      );
    expect(rg.evals).toBe(rk.evals);
    expect(rg.trace.map((t) => t.evals)).toEqual(rk.trace.map((t) => t.evals));
    await expectSameState(c, g, k);
    g.destroy();
  });

  it('selections in the body (best in place, best into O, sorted, with attached state) keep the state of the CPU', async () => {
    // best.X writes only the rows that change: guarded, its rows leave the array while the flag
    // is clear (a guard that read X there would double-buffer X, leaving the other rows stale).
    const c = algo('sel', 'p', 6, {}, SRC);
    expect(c.stepPingPong(c.steps.find((s) => s.name === 'best.X')!).has('X')).toBe(false);
    const { g, k, rg, rk } = await both(c, { seed: 2, maxGenerations: 6, batch: 1 });
    expect(rg.evals).toBe(rk.evals);
    expect(rg.trace.map((t) => t.evals)).toEqual(rk.trace.map((t) => t.evals));
    await expectSameState(c, g, k);
    g.destroy();
  });

  it('a double-buffered body step (DE-like gathers) skipped after L iterations keeps its state', async () => {
    const c = algo('mix', 'p', 6, {}, SRC);
    expect(c.stepPingPong(c.steps.find((s) => s.name === 'each.X')!).has('X')).toBe(true);
    const { g, k, rg, rk } = await both(c, { seed: 4, maxGenerations: 2, batch: 1 });
    expect(rg.evals).toBe(6 + 2 * 3 * 6);
    expect(rk.evals).toBe(rg.evals);
    await expectSameState(c, g, k);
    g.destroy();
  });
});
