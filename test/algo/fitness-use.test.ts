// Algorithms see f less the problem's constant terms (passes/bias.ts) when they use fitness only
// in ways a constant shift does not change (src/ir/fitness-use.ts); otherwise the kernels keep the
// constant and compute f itself.

import { describe, expect, it } from 'vitest';
import { compileAlgorithm } from '../../src/compile/algorithm.js';
import { runAlgorithm } from '../../src/runtime/run.js';
import { CpuAlgoEngine } from '../../src/runtime/algo-cpu.js';

const ALGORITHMS = [
  'de',
  'jde',
  'gojde',
  'pso',
  'lshade',
  'ma_sw_chains',
  'scatter_search',
  'sep_cmaes',
];

/** A DE that uses f absolutely where `use` says, or only by comparison when `use` is empty. */
function userAlgorithm(use: string): string {
  return `
algorithm ude(NP = 20 in [4, 1000]) {
  population X[NP]
  ${use.includes('s[i]') ? 'state s[NP] = 0' : ''}
  generation {
    let g = argmin(k < NP) f(X[k])
    each i in X {
      let r = distinct(3, NP, except: i)
      let v[j] = X[r[0]][j] + 0.5 * (X[r[1]][j] - X[r[2]][j])
      let u[j] = if rand() < 0.9 then v[j] else X[i][j]
      ${use.includes('each') ? use.replace('each:', '') : ''}
      X[i] = better(u, X[i])
    }
    ${use.includes('gen:') ? use.replace('gen:', '') : ''}
  }
}`;
}

const compile = (src: string, problem = 'cec2017_f3') =>
  compileAlgorithm({ algorithm: 'ude', problem, dim: 10, sources: { 'u.opt': src } });

describe('the constant of a problem leaves the kernels', () => {
  it('for every standard algorithm on a CEC problem: the offset is the bias, f is never absolute', () => {
    for (const name of ALGORITHMS) {
      const c = compileAlgorithm({ algorithm: name, problem: 'cec2017_f3', dim: 10 });
      expect(c.algo.fullFitness, name).toBeUndefined();
      expect(c.algo.offset, name).toBe(300);
    }
  });

  it('whatever its sign (SOCO F1: -450)', () => {
    const c = compileAlgorithm({ algorithm: 'de', problem: 'soco2010_f1', dim: 10 });
    expect(c.algo.offset).toBe(-450);
  });

  it('for an algorithm that compares and subtracts fitness values', () => {
    const c = compile(userAlgorithm('each: let d = f(X[g]) - f(X[i])\nlet w = d * 2'));
    expect(c.algo.fullFitness).toBeUndefined();
    expect(c.algo.offset).toBe(300);
  });

  it.each([
    ['compares f with a constant', 'each: let a = f(X[i]) < 5', 'step each.X: the binding a'],
    ['scales f', 'each: let a = 2 * f(X[i])', 'step each.X: the binding a'],
    ['sums f over the population', 'each: let t = sum(k < NP) f(X[k])', 'the binding t'],
    ['negates f', 'each: let a = -f(X[i])', 'step each.X: the binding a'],
    ['stores f in a state array that also holds 0', 'each: s[i] = f(X[i])', 'the array s holds'],
  ])('not for an algorithm that %s: the kernels keep the constant', async (_, use, where) => {
    const c = compile(userAlgorithm(use));
    expect(c.algo.fullFitness).toContain(where);
    expect(c.algo.offset).toBe(0);
    // And the runs report f and its error as before.
    const e = new CpuAlgoEngine(c, 1);
    const r = await runAlgorithm(c, e, { seed: 1, maxEvals: 2000 });
    expect(r.bestFitness).toBe(c.evaluatePoint(r.bestPoint));
    expect(r.bestError).toBe(r.bestFitness - 300);
  });

  it('and the run reports f and its error in float64 from the kernels values', async () => {
    const c = compile(userAlgorithm(''));
    const e = new CpuAlgoEngine(c, 1);
    const r = await runAlgorithm(c, e, { seed: 1, maxEvals: 2000 });
    expect(r.bestFitness).toBe(c.evaluatePoint(r.bestPoint));
    // The error is g itself: c - f* = 0.
    expect(r.bestError).toBe(c.errorAt(r.bestPoint));
    // f - f* in float64 loses g's digits below the spacing of f; g + (c - f*) keeps them.
    expect(r.bestError).toBeGreaterThan(0);
    expect(Math.abs(r.bestFitness - 300 - r.bestError)).toBeLessThanOrEqual(
      Number.EPSILON * r.bestFitness,
    );
  });
});

describe('fitness stored as phi(f) beyond float32 (passes/range.ts) where only its order is used', () => {
  it('for the standard algorithms on Schwefel 2.22 (a product): those that only compare fitness', () => {
    const range = Object.fromEntries(
      ALGORITHMS.map((name) => {
        const c = compileAlgorithm({ algorithm: name, problem: 'soco2010_f7', dim: 10 });
        return [name, c.algo.range ? 'order' : c.algo.rangeRefused];
      }),
    );
    expect(range).toEqual({
      de: 'order',
      jde: 'order',
      gojde: 'order',
      pso: 'order',
      // L-SHADE weighs its memory by f(x) - f(u); MA-SW-Chains asks whether a local search
      // improved by at least delta (f0 - f >= delta).
      lshade: 'step at.MF: the binding sf',
      ma_sw_chains: 'step at.X: the binding improved',
      scatter_search: 'order',
      sep_cmaes: 'order',
    });
  });

  it('not for a problem without a product, nor for an algorithm that takes differences', () => {
    expect(compileAlgorithm({ algorithm: 'de', problem: 'sphere', dim: 10 }).algo.range).toBe(
      undefined,
    );
    const c = compile(userAlgorithm('each: let d = f(u) - f(X[i])\n s[i] = d'), 'soco2010_f7');
    expect(c.algo.range).toBeUndefined();
    expect(c.algo.rangeRefused).toMatch(/binding d|write to s/);
  });
});
