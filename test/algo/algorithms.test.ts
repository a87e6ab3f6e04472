// The stdlib algorithms on the CPU backend: they converge within the stated budgets, runs are
// reproducible from their seed, the evaluation budget is never exceeded, and the operators do what
// the papers say (distinct indices, the exponential crossover's contiguous wrapped run, jDE's and
// GOjDE's parameter ranges, GOBL's opposite points on dynamic bounds).

import { describe, expect, it, vi } from 'vitest';
import { distinctAt } from '../../src/runtime/draws.js';
import { maxBatch, targetThreshold } from '../../src/runtime/run.js';
import { algo, BUDGET, runCpu, THRESHOLDS } from './helpers.js';

describe('convergence at D = 10 within 100,000 evaluations (CPU backend)', () => {
  for (const [name, t] of Object.entries(THRESHOLDS))
    for (const [problem, threshold] of Object.entries(t))
      it(`${name} on ${problem}: error below ${threshold}`, async () => {
        const c = algo(name, problem, 10);
        const { r } = await runCpu(c, { seed: 1, maxEvals: BUDGET });
        expect(r.evals).toBeLessThanOrEqual(BUDGET);
        expect(r.evals).toBeGreaterThan(BUDGET - 2 * 250);
        expect(r.bestFitness - c.algo.problem.optimum).toBeLessThan(threshold);
        // The trace ends at the run's evaluations and never gets worse.
        expect(r.trace[r.trace.length - 1]!.evals).toBe(r.evals);
        for (let k = 1; k < r.trace.length; k++)
          expect(r.trace[k]!.best).toBeLessThanOrEqual(r.trace[k - 1]!.best);
      });
});

describe('runs', () => {
  it('are reproducible from their seed, and differ between seeds', async () => {
    const c = algo('jde', 'rastrigin', 10);
    const a = await runCpu(c, { seed: 5, maxEvals: 20000 });
    const b = await runCpu(c, { seed: 5, maxEvals: 20000 });
    const d = await runCpu(c, { seed: 6, maxEvals: 20000 });
    expect(Array.from(await a.e.readArray('X'))).toEqual(Array.from(await b.e.readArray('X')));
    expect(a.r.bestFitness).toBe(b.r.bestFitness);
    expect(d.r.bestFitness).not.toBe(a.r.bestFitness);
  });

  it('stop at the target where they would on any machine: batches are sized by work, not time', async () => {
    // A slow or loaded machine is a clock that runs fast: every reading of performance.now() here
    // is a second later than the last. The run must stop at the same generation with the same
    // result as on an idle machine (it did not when batches doubled only while under 50 ms).
    const c = algo('de', 'sphere', 10);
    const o = { seed: 7, maxEvals: 100000, target: 1e-8 };
    const idle = (await runCpu(c, o)).r;
    let t = performance.now();
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (t += 1000));
    try {
      const slow = (await runCpu(c, o)).r;
      expect(slow.stopped).toBe('target');
      expect(slow.evals).toBe(idle.evals);
      expect(slow.generations).toBe(idle.generations);
      expect(slow.bestFitness).toBe(idle.bestFitness);
      expect(Array.from(slow.bestPoint)).toEqual(Array.from(idle.bestPoint));
      expect(slow.trace.map((e) => [e.evals, e.best])).toEqual(
        idle.trace.map((e) => [e.evals, e.best]),
      );
    } finally {
      clock.mockRestore();
    }
  });

  it('report the generation that met the target, whatever their batches', async () => {
    // The track keeps the best point once it meets the target (TARGET_THRESHOLD): a run in
    // batches of 1, 7 or 1,024 generations reports the same generation, evaluations and point,
    // although the larger batches ran generations past it.
    const c = algo('de', 'sphere', 10);
    const runs = [];
    for (const batch of [1, 7, 1024])
      runs.push((await runCpu(c, { seed: 7, maxEvals: 100000, target: 1e-8, batch })).r);
    const [one, ...others] = runs;
    expect(one!.stopped).toBe('target');
    expect(one!.bestFitness - c.algo.problem.optimum).toBeLessThanOrEqual(1e-8);
    // The generation before it had not met the target: the trace's entry before its last.
    expect(one!.trace.at(-2)!.best).toBeGreaterThan(1e-8);
    expect(one!.trace.at(-1)!.evals).toBe(one!.evals);
    expect(one!.evals).toBe(48 * (one!.generations + 1));
    for (const r of others) {
      expect(r.evals).toBe(one!.evals);
      expect(r.generations).toBe(one!.generations);
      expect(r.bestFitness).toBe(one!.bestFitness);
      expect(Array.from(r.bestPoint)).toEqual(Array.from(one!.bestPoint));
      expect(r.trace.map((e) => [e.evals, e.best])).toEqual(
        one!.trace.map((e) => [e.evals, e.best]),
      );
    }
  });

  it('the target threshold: the largest float32 or float64 that meets the target', () => {
    const next32 = (x: number) => {
      const f = new Float32Array([x]);
      new Int32Array(f.buffer)[0]! += x >= 0 ? 1 : -1;
      return f[0]!;
    };
    for (const [opt, target] of [
      [-330, 1e-8],
      [100, 1e-8],
      [0, 1e-8],
      [-450, 0],
      [3.5, 0.25],
    ] as const) {
      const t32 = targetThreshold(opt, target, true);
      expect(Math.fround(t32)).toBe(t32);
      expect(t32 - opt).toBeLessThanOrEqual(target);
      expect(next32(t32) - opt).toBeGreaterThan(target);
      const t64 = targetThreshold(opt, target, false);
      expect(t64 - opt).toBeLessThanOrEqual(target);
      expect(t64 + Math.max(Math.abs(t64), 1e-300) * 2 ** -52 - opt).toBeGreaterThan(target);
    }
  });

  it('batches double from 4 generations up to the work an engine is sized for', () => {
    const de10 = algo('de', 'sphere', 10); // 48 evaluations of 10 coordinates a generation
    expect(maxBatch(de10, 2 ** 21)).toBe(1024); // 4,369 generations fit: capped at TRACE_ROWS
    expect(maxBatch(de10, 480 * 8)).toBe(8);
    expect(maxBatch(de10, 480 * 8 - 1)).toBe(4);
    expect(maxBatch(de10, 100)).toBe(1); // a generation larger than the work: one at a time
  });

  it('stop at the target, and never exceed the evaluation budget', async () => {
    const c = algo('de', 'sphere', 10);
    const { r } = await runCpu(c, { seed: 1, maxEvals: 1e6, target: 1e-3, batch: 1 });
    expect(r.stopped).toBe('target');
    expect(r.bestFitness).toBeLessThanOrEqual(1e-3);
    for (const evals of [48, 49, 95, 96, 1000])
      expect((await runCpu(c, { seed: 1, maxEvals: evals })).r.evals).toBe(
        48 * Math.floor(evals / 48),
      );
    await expect(runCpu(c, { seed: 1, maxEvals: 47 })).rejects.toThrow(/smaller than the initial/);
  });

  it('the best point has the best fitness', async () => {
    const c = algo('pso', 'rastrigin', 10);
    const { r } = await runCpu(c, { seed: 3, maxEvals: 5000 });
    expect(c.evaluatePoint(r.bestPoint)).toBeCloseTo(r.bestFitness, 9);
  });
});

describe('operators', () => {
  it('distinct: k distinct indices other than the target, with and without an exclusion', () => {
    for (const n of [4, 5, 48])
      for (let ind = 0; ind < n; ind++)
        for (const count of [1, 2, 3, 4].filter((k) => k <= n - 1)) {
          const key = { seed: 9, site: 2, generation: 3, individual: ind, dimension: 0 };
          const r = Array.from({ length: count }, (_, w) => distinctAt(key, n, count, ind, w));
          expect(new Set([...r, ind]).size).toBe(count + 1);
          const s = Array.from({ length: count }, (_, w) => distinctAt(key, n, count, -1, w));
          expect(new Set(s).size).toBe(count);
          for (const v of [...r, ...s]) expect(v >= 0 && v < n).toBe(true);
        }
  });

  it('exponential crossover copies one contiguous, wrapped run of the mutant', async () => {
    // F = 0 makes the mutant X[r0] itself; a replaced row holds X[r0] on a run and X[i] elsewhere.
    const c = algo('de', 'sphere', 12, { F: '0', CR: '0.7', crossover: 'exp' });
    const before = await (await runCpu(c, { seed: 4, maxGenerations: 0 })).e.readArray('X');
    const after = await (await runCpu(c, { seed: 4, maxGenerations: 1 })).e.readArray('X');
    const D = 12;
    let replaced = 0;
    const lengths = new Set<number>();
    for (let i = 0; i < 48; i++) {
      const changed = Array.from({ length: D }, (_, j) => after[i * D + j] !== before[i * D + j]);
      if (!changed.some(Boolean)) continue;
      replaced++;
      // Changed positions form one cyclic run: exactly one start (changed, previous unchanged),
      // unless every position changed.
      const starts = changed.filter((ch, j) => ch && !changed[(j + D - 1) % D]).length;
      const n = changed.filter(Boolean).length;
      expect(n === D ? starts === 0 : starts === 1).toBe(true);
      lengths.add(n);
      // The copied values are one other individual's (the donor r0).
      const donors = Array.from({ length: 48 }, (_, r) => r).filter((r) =>
        changed.every((ch, j) => !ch || after[i * D + j] === before[r * D + j]),
      );
      expect(donors.length).toBeGreaterThan(0);
      expect(donors).not.toContain(i);
    }
    expect(replaced).toBeGreaterThan(5);
    expect(lengths.size).toBeGreaterThan(1);
  });

  it('binomial crossover with CR = 0 copies exactly one dimension (j_rand)', async () => {
    const c = algo('de', 'sphere', 12, { F: '0', CR: '0', crossover: 'bin' });
    const before = await (await runCpu(c, { seed: 4, maxGenerations: 0 })).e.readArray('X');
    const after = await (await runCpu(c, { seed: 4, maxGenerations: 1 })).e.readArray('X');
    let replaced = 0;
    for (let i = 0; i < 48; i++) {
      const n = Array.from({ length: 12 }, (_, j) => after[i * 12 + j] !== before[i * 12 + j]);
      const k = n.filter(Boolean).length;
      expect(k === 0 || k === 1).toBe(true);
      replaced += k;
    }
    expect(replaced).toBeGreaterThan(0);
  });

  it("jDE's F and CR stay in their ranges; GOjDE's in [0.2, 0.4] and [0.8, 1.0]", async () => {
    const j = await runCpu(algo('jde', 'rastrigin', 10), { seed: 2, maxGenerations: 60 });
    for (const F of await j.e.readArray('Fi')) expect(F >= 0.1 && F <= 1.0).toBe(true);
    for (const CR of await j.e.readArray('CRi')) expect(CR >= 0 && CR <= 1).toBe(true);
    const Fs = await j.e.readArray('Fi');
    expect(new Set(Fs).size).toBeGreaterThan(10); // they did adapt
    const g = await runCpu(algo('gojde', 'rastrigin', 10), { seed: 2, maxGenerations: 60 });
    for (const F of await g.e.readArray('Fi')) expect(F >= 0.2 && F <= 0.4).toBe(true);
    for (const CR of await g.e.readArray('CRi')) expect(CR >= 0.8 && CR <= 1.0).toBe(true);
  });

  it('GOBL: opposites k (a + b) - x on the dynamic bounds, or uniform in [a, b] outside the box', async () => {
    // po = 1: generation 1 is a GOBL generation on the initial population.
    const D = 10;
    const N = 128;
    const c = algo('gojde', 'sphere', D, { po: '1' });
    const [lo, hi] = c.algo.problem.box;
    const X = await (await runCpu(c, { seed: 8, maxGenerations: 0 })).e.readArray('X');
    const O = await (await runCpu(c, { seed: 8, maxGenerations: 1 })).e.readArray('O');
    const a = Array.from({ length: D }, (_, j) =>
      Math.min(...Array.from({ length: N }, (_, i) => X[i * D + j]!)),
    );
    const b = Array.from({ length: D }, (_, j) =>
      Math.max(...Array.from({ length: N }, (_, i) => X[i * D + j]!)),
    );
    // k is one number for the whole population: recover it from an element inside the box.
    let k: number | undefined;
    let inside = 0;
    let outside = 0;
    for (let i = 0; i < N; i++)
      for (let j = 0; j < D; j++) {
        const o = O[i * D + j]!;
        const kk = (o + X[i * D + j]!) / (a[j]! + b[j]!);
        if (k === undefined && o >= lo && o <= hi) k = kk;
      }
    expect(k).toBeDefined();
    for (let i = 0; i < N; i++)
      for (let j = 0; j < D; j++) {
        const opp = k! * (a[j]! + b[j]!) - X[i * D + j]!;
        const o = O[i * D + j]!;
        if (opp >= lo && opp <= hi) {
          expect(o).toBeCloseTo(opp, 9);
          inside++;
        } else {
          expect(o >= a[j]! && o <= b[j]!).toBe(true);
          outside++;
        }
      }
    expect(inside).toBeGreaterThan(0);
    // After the selection, X holds the N best of X and O, in place: an individual of X among
    // them keeps its row; the rows of the others hold members of O.
    const run1 = await runCpu(c, { seed: 8, maxGenerations: 1 });
    const fX = await run1.e.readArray('X.f');
    const fO = await run1.e.readArray('O.f');
    const f0 = await (await runCpu(c, { seed: 8, maxGenerations: 0 })).e.readArray('X.f');
    const union = [...f0, ...fO].sort((p, q) => p - q).slice(0, N);
    expect(Array.from(fX).sort((p, q) => p - q)).toEqual(union);
    const cut = union[N - 1]!;
    let entered = 0;
    for (let v = 0; v < N; v++)
      if (f0[v]! <= cut) expect(fX[v]).toBe(f0[v]);
      else {
        expect(Array.from(fO)).toContain(fX[v]);
        entered++;
      }
    expect(entered).toBeGreaterThan(0);
    void outside;
  });
});
