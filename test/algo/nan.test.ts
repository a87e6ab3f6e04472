// NaN in fitness has one meaning (docs/language.md, "NaN in fitness"): +Infinity, worse than every
// number, in every comparison. A problem NaN on part of its box (sqrt(x[0]) with x[0] in [-1, 1]:
// NaN on about half of it) starts with every seed, whichever point comes first in the initial
// population, and its best is never NaN while a point with a number exists. Before, a NaN first
// point made the initial argmin stop there (NaN < v is false), the track saw NaN and kept +inf,
// and the run refused: "every point of the initial population has the value Infinity" (seeds 1,
// 2, 3, 5, 7 and 8 of DE at D = 4; issue 34).

import { describe, expect, it } from 'vitest';
import { algo, runCpu } from './helpers.js';
import { ALLNAN, HALFNAN, SEEDS } from './nan-problems.js';

describe('a problem NaN on part of its box', () => {
  it('DE starts with seeds 1 to 8, and every best it reports is a number in the half with values', async () => {
    const c = algo('de', 'halfnan', 4, {}, { 'halfnan.opt': HALFNAN });
    for (const seed of SEEDS) {
      // About half of the 48 initial points are NaN, stored as +Infinity.
      const init = await runCpu(c, { seed, maxGenerations: 0 });
      const fit = Array.from(await init.e.readArray('X.f'));
      const nan = fit.filter((v) => v === Infinity).length;
      expect(nan, `seed ${seed}`).toBeGreaterThan(10);
      expect(nan, `seed ${seed}`).toBeLessThan(38);
      expect(
        fit.some((v) => Number.isNaN(v)),
        `seed ${seed}: no NaN is stored`,
      ).toBe(false);
      expect(init.r.bestFitness).toBe(Math.min(...fit));
      const { r } = await runCpu(c, { seed, maxEvals: 2000 });
      expect(Number.isFinite(r.bestFitness), `seed ${seed}`).toBe(true);
      expect(r.bestPoint[0]!).toBeGreaterThanOrEqual(0);
      expect(c.evaluatePoint(r.bestPoint)).toBe(r.bestFitness);
      for (const t of r.trace) expect(Number.isFinite(t.best), `seed ${seed}`).toBe(true);
      // 40 generations from a population of which half has values: well below the initial best.
      expect(r.bestFitness).toBeLessThan(0.2);
    }
  });

  it('the algorithms that sort, keep the best of two populations or argmin start too', async () => {
    const set: Record<string, Record<string, string>> = { lshade: {}, jde: {}, pso: {} };
    for (const name of ['lshade', 'jde', 'pso', 'sep_cmaes', 'gojde']) {
      const c = algo(name, 'halfnan', 4, set[name] ?? {}, { 'halfnan.opt': HALFNAN });
      for (const seed of [1, 2, 3]) {
        const { r } = await runCpu(c, { seed, maxEvals: 3000 });
        expect(Number.isFinite(r.bestFitness), `${name}, seed ${seed}`).toBe(true);
        expect(r.bestPoint[0]!, `${name}, seed ${seed}`).toBeGreaterThanOrEqual(0);
        for (const t of r.trace) expect(Number.isFinite(t.best), `${name} ${seed}`).toBe(true);
      }
    }
  });

  it('a problem NaN in its whole box is refused, with the count of its NaN points', async () => {
    const c = algo('de', 'allnan', 4, {}, { 'allnan.opt': ALLNAN });
    await expect(runCpu(c, { seed: 1, maxEvals: 2000 })).rejects.toThrow(
      'allnan at D = 4: no point of the initial population has a value the run can order: float64 gives NaN at 48 of its 48 points; a NaN counts as +Infinity',
    );
  });
});
