// `repeat n while c { }` on the CPU backend: a loop whose condition is computed before each
// iteration by a step (on the GPU, by a kernel: the host never reads it), whose evaluations are
// counted by that step and read back with the trace. Each property is checked against something
// computed another way: the while loop against the same loop written with `repeat n` and every
// write made conditional by hand (same draws, same state), the evaluation count against the
// iterations the body itself counts, the budget against the host's upper bound.

import { describe, expect, it } from 'vitest';
import { compileAlgorithm } from '../../src/compile/algorithm.js';
import { allSteps, WHILE_COUNT } from '../../src/ir/step.js';
import { algo, runCpu } from './helpers.js';

const P = `problem p(x[D]) in [-5, 5] { sum(i) x[i]^2 }\n`;

// A Solis-Wets-like search on the best individual: a Gaussian step of size rho, rho doubled after
// 5 successes in a row and halved after 3 failures; it runs until rho < eps (at most K
// iterations). it[0] counts the iterations that ran, one evaluation each. `byhand` is the same
// loop as `repeat K`, each write kept only while rho >= eps: what `while` must do.
const body = (guard: string) => `
      each i in X[c] {
        let go = ${guard}
        let y[j] = clamp(X[i][j] + normal(0, rho[i]), lo, hi)
        let ok = f(y) < f(X[i])
        let s = if ok then ns[i] + 1 else 0
        let fl = if ok then 0 else nf[i] + 1
        X[i] = if go and ok then y else X[i]
        ns[i] = if go then (if s >= 5 then 0 else s) else ns[i]
        nf[i] = if go then (if fl >= 3 then 0 else fl) else nf[i]
        rho[i] = if go then (if s >= 5 then 2 * rho[i] else if fl >= 3 then 0.5 * rho[i] else rho[i]) else rho[i]
        it[0] = it[0] + (if go then 1 else 0)
      }`;
const SW = (name: string, loop: string, guard: string) => `
algorithm ${name}(N = 4, K = 200, rho0 = 0.5, eps = 0.01) {
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
    ${loop} {${body(guard)}
    }
  }
}`;
const SOURCE =
  P +
  SW('sw', 'repeat K while rho[c] >= eps', '0 == 0') +
  SW('byhand', 'repeat K', 'rho[i] >= eps') +
  `
algorithm never(N = 4, K = 50) {
  population X[N]
  state it[1] = 0
  generation {
    repeat K while f(X[0]) < -1 {
      each i in X[0] {
        let y[j] = X[i][j] * 0.5
        X[i] = better(y, X[i])
        it[0] = it[0] + 1
      }
    }
  }
}
algorithm prog(N = 4, K = 40, rho0 = 0.5, eps = 0.05) {
  population X[N]
  state rho[X] = rho0
  state it[1] = 0
  state H[8] = -1
  state C[8] = -1
  generation {
    each i in H[gen] {
      H[i] = progress
    }
    each i in C[gen] {
      C[i] = it[0]
    }
    let c = argmin(k < N) f(X[k])
    each i in X[c] {
      rho[i] = rho0
    }
    repeat K while rho[c] >= eps {
      each i in X[c] {
        let y[j] = clamp(X[i][j] + normal(0, rho[i]), lo, hi)
        let ok = f(y) < f(X[i])
        X[i] = if ok then y else X[i]
        rho[i] = if ok then rho[i] else 0.8 * rho[i]
        it[0] = it[0] + 1
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
algorithm many(N = 1000, K = 2000, r = 0.999) {
  population X[N]
  state s[1] = 1
  state it[1] = 0
  generation {
    each i in s[0] {
      s[i] = 1
    }
    repeat K while s[0] > 0.3 {
      each i in X {
        let y[j] = X[i][j] * 0.9
        X[i] = better(y, X[i])
      }
      each i in s[0] {
        s[i] = s[i] * r
        it[0] = it[0] + 1
      }
    }
  }
}`;
const SRC = { 'while.opt': SOURCE };
const D = 5;
const N = 4;

describe('repeat n while c', () => {
  it('runs exactly the iterations that the same loop guarded by hand runs: same state, same draws', async () => {
    const w = algo('sw', 'p', D, {}, SRC);
    const h = algo('byhand', 'p', D, {}, SRC);
    for (const seed of [1, 2, 3]) {
      for (const G of [1, 3]) {
        const a = await runCpu(w, { seed, maxGenerations: G });
        const b = await runCpu(h, { seed, maxGenerations: G });
        for (const name of ['X', 'X.f', 'rho', 'ns', 'nf', 'it'])
          expect(Array.from(await a.e.readArray(name)), `${name}, seed ${seed}`).toEqual(
            Array.from(await b.e.readArray(name)),
          );
        const iters = (await a.e.readArray('it'))[0]!;
        // The loop stopped early (rho < eps before K iterations) and ran in every generation.
        expect(iters).toBeGreaterThan(G);
        expect(iters).toBeLessThan(200 * G);
        // Exact: the initial population and one evaluation per iteration that ran; the loop
        // written by hand pays for every iteration.
        expect(a.r.evals).toBe(N + iters);
        expect(b.r.evals).toBe(N + 200 * G);
        // It stopped because rho fell below eps.
        const rho = await a.e.readArray('rho');
        expect(Math.min(...rho)).toBeLessThan(0.01);
      }
    }
  });

  it('stops at the first iteration whose condition is false (the condition is read before each)', async () => {
    const c = algo('sw', 'p', D, { eps: '0.2' }, SRC);
    const { e } = await runCpu(c, { seed: 5, maxGenerations: 1 });
    // rho0 = 0.5 halves to 0.25, then 0.125 < 0.2: rho is exactly 0.125 (it never doubles twice
    // in a row from below eps) and rho >= eps held before each iteration that ran.
    const rho = await e.readArray('rho');
    expect(Array.from(rho).filter((r) => r !== 0.5)).toEqual([0.125]);
  });

  it('a condition false at once: no evaluation, no write; its worst case still bounds the budget', async () => {
    const c = algo('never', 'p', D, {}, SRC);
    const { r, e } = await runCpu(c, { seed: 1, maxGenerations: 5 });
    expect(r.evals).toBe(N);
    expect(r.generations).toBe(5);
    expect(Array.from(await e.readArray('it'))).toEqual([0]);
    // A generation starts only if its worst case (50 evaluations) fits the budget.
    const small = await runCpu(c, { seed: 1, maxEvals: N + 49 });
    expect(small.r.generations).toBe(0);
    expect(small.r.stopped).toBe('evals');
    // When it fits, generations run and cost nothing: an evaluation budget alone would never end
    // the run, which stops after TRACE_ROWS (1024) generations in a row without an evaluation.
    const fits = await runCpu(c, { seed: 1, maxEvals: N + 50 });
    expect(fits.r.evals).toBe(N);
    expect(fits.r.stopped).toBe('stalled');
    expect(fits.r.generations).toBeGreaterThanOrEqual(1024);
  });

  it('never exceeds the budget, reports the exact count, and batches do not change the run', async () => {
    const c = algo('sw', 'p', D, {}, SRC);
    for (const seed of [1, 4]) {
      for (const budget of [300, 1001, 2500]) {
        const runs = await Promise.all(
          [undefined, 1, 3].map((batch) => runCpu(c, { seed, maxEvals: budget, batch })),
        );
        const [first] = runs;
        for (const { r, e } of runs) {
          const iters = (await e.readArray('it'))[0]!;
          expect(r.evals).toBe(N + iters);
          expect(r.evals).toBeLessThanOrEqual(budget);
          expect(r.stopped).toBe('evals');
          // Stopped only because the next generation's worst case (K = 200) did not fit.
          expect(r.evals + 200).toBeGreaterThan(budget);
          expect(r.evals).toBe(first!.r.evals);
          expect(r.generations).toBe(first!.r.generations);
          expect(r.trace).toEqual(
            first!.r.trace.map((t, k) => ({ ...t, seconds: r.trace[k]!.seconds })),
          );
        }
        // The trace's counts are exact: each is the initial population plus the iterations of
        // the generations up to it, strictly increasing and ending at the run's count.
        const t = first!.r.trace;
        for (let k = 1; k < t.length; k++) expect(t[k]!.evals).toBeGreaterThan(t[k - 1]!.evals);
        expect(t[t.length - 1]!.evals).toBe(first!.r.evals);
      }
    }
  });

  it('progress is exact: the evaluations made before the generation, counted on the GPU side', async () => {
    const c = algo('prog', 'p', D, {}, SRC);
    const budget = 1000;
    const { r, e } = await runCpu(c, { seed: 3, maxEvals: budget, maxGenerations: 8 });
    expect(r.generations).toBe(8);
    const H = await e.readArray('H');
    const C = await e.readArray('C');
    for (let g = 0; g < 8; g++) expect(H[g]! * budget).toBeCloseTo(N + C[g]!, 9);
    // The loop's length depended on the data: not every generation ran K iterations.
    expect(C[7]).toBeLessThan(7 * 40);
    expect(r.evals).toBe(N + (await e.readArray('it'))[0]!);
  });

  it('two loops in a generation, one inside a repeat: one counter, each iteration counted once', async () => {
    const c = algo('two', 'p', D, {}, SRC);
    for (const G of [1, 2, 5]) {
      const { r, e } = await runCpu(c, { seed: 2, maxGenerations: G });
      const a = (await e.readArray('a'))[0]!;
      const b = (await e.readArray('b'))[0]!;
      // The first loop runs 3 + gen iterations, twice a generation. The second halves X[0] while
      // f(X[0]) > 1e-6, at most 5 (gen + 1) times in all: it stops at that bound, or earlier with
      // f(X[0]) <= 1e-6 (about 13 halvings from f ~ 40).
      let first = 0;
      for (let g = 0; g < G; g++) first += 2 * (3 + g);
      expect(a).toBe(first);
      expect(b).toBeGreaterThan(0);
      expect(b).toBeLessThanOrEqual(5 * G);
      if (b < 5 * G) expect((await e.readArray('X.f'))[0]).toBeLessThanOrEqual(1e-6);
      else expect(G).toBeLessThan(3);
      expect(r.evals).toBe(N + N * a + b);
    }
  });

  it('counts past 2^20 evaluations exactly (the counter carries into its high part)', async () => {
    const c = algo('many', 'p', 2, {}, SRC);
    const { r, e } = await runCpu(c, { seed: 1, maxGenerations: 1 });
    const iters = (await e.readArray('it'))[0]!;
    // s = 0.999^k: the first k with s <= 0.3 is ceil(log(0.3) / log(0.999)) = 1203.
    expect(iters).toBe(Math.ceil(Math.log(0.3) / Math.log(0.999)));
    expect(r.evals).toBe(1000 + 1000 * iters);
    expect(r.evals).toBeGreaterThan(WHILE_COUNT.carry);
    expect(Array.from(await e.readArray(WHILE_COUNT.hi))).toEqual([
      Math.floor((r.evals - 1000) / WHILE_COUNT.carry),
    ]);
  });

  it('examples/es_one_plus_one.opt: a (1+1)-ES per individual until every step size is below eps', async () => {
    const c = compileAlgorithm({
      algorithm: 'es11',
      problem: 'sphere',
      dim: 10,
      files: ['examples/es_one_plus_one.opt'],
    });
    for (const seed of [1, 2, 3]) {
      // Five seeds reach errors of 5e-14 to 1.3e-13 in 100,000 evaluations (the floor of
      // eps = 1e-9 of the box's width: steps of 2e-7 in 10 coordinates); the initial population's
      // error is about 3e4. The target 1e-8 leaves five orders of margin.
      const { r } = await runCpu(c, { seed, maxEvals: 100000, target: 1e-8 });
      expect(r.stopped).toBe('target');
      expect(r.bestFitness).toBeLessThanOrEqual(1e-8);
      // Every iteration evaluates the 8 individuals; the first generation's loop ended before its
      // bound of 2,000 iterations (its count, exact, is below the host's worst case).
      expect((r.evals - 8) % 8).toBe(0);
      const first = r.trace.find((t) => t.evals > 8)!;
      expect(first.evals).toBeLessThan(8 + 8 * 2000);
    }
  });

  it('leaves programs without while as they were: no flag, no counter, no guarded step', () => {
    for (const name of ['de', 'jde', 'gojde', 'pso', 'ma_sw_chains']) {
      const c = compileAlgorithm({ algorithm: name, problem: 'sphere', dim: 10 });
      expect(c.algo.state.map((a) => a.name).filter((n) => n.startsWith('while'))).toEqual([]);
      expect(allSteps(c.algo.generation).filter((s) => s.guard || s.countsEvals)).toEqual([]);
    }
  });
});
