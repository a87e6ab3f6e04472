// MA-SW-Chains (stdlib/algorithms/ma_sw_chains.opt) on the CPU backend: the operators (BLX-alpha
// with its interval clipped to the box, BGA mutation of one gene), the evaluations of a
// generation (the GA's n_frec and the LS's Istr), the Solis-Wets chain's invariants, the S_LS
// rule, convergence, and reproducibility.

import { describe, expect, it } from 'vitest';
import { staged } from '../stage.js';
import { algo, runCpu } from './helpers.js';

const after = async (c: ReturnType<typeof algo>, seed: number, gens: number) =>
  (await runCpu(c, { seed, maxGenerations: gens })).e;

const TINY = { 'tiny.opt': 'problem tiny(x[D]) in [-1, 1] { 1e-3 * sum(i) x[i]^2 }' };

const argmin = (f: ArrayLike<number>) => {
  let b = 0;
  for (let k = 1; k < f.length; k++) if (f[k]! < f[b]!) b = k;
  return b;
};

describe('ma_sw_chains operators', () => {
  it('BLX-alpha: an offspring lies in the clipped interval of a pair of parents, but for one gene', async () => {
    // Noff = 20 and Istr = 20 at rLG = 0.5: n_frec = 20, one crossover round a generation, so
    // the offspring O after generation 1 come from the initial population. D = 30 and N = 12:
    // a random pair of parents holds a random point's 30 genes in its interval (about 2/3 of the
    // box a gene) with probability ~(2/3)^30 = 5e-6, so a wrong interval is not rescued by
    // another pair (132 pairs).
    const D = 30;
    const N = 12;
    const Noff = 20;
    const c = algo('ma_sw_chains', 'sphere', D, { N: `${N}`, Noff: `${Noff}`, Istr: '20' });
    const [lo, hi] = c.algo.problem.box;
    const X = await (await after(c, 3, 0)).readArray('X');
    const O = await (await after(c, 3, 1)).readArray('O');
    const outside = (k: number, m: number, p: number, alpha: number) => {
      let n = 0;
      for (let j = 0; j < D; j++) {
        const a = X[m * D + j]!;
        const b = X[p * D + j]!;
        const I = alpha * Math.abs(a - b);
        const A = Math.max(Math.min(a, b) - I, lo);
        const B = Math.min(Math.max(a, b) + I, hi);
        const o = O[k * D + j]!;
        if (!(o >= A && o <= B)) n++;
      }
      return n;
    };
    let mutated = 0;
    for (let k = 0; k < Noff; k++) {
      let best = D;
      for (let m = 0; m < N; m++)
        for (let p = 0; p < N; p++) if (p !== m) best = Math.min(best, outside(k, m, p, 0.5));
      expect(best, `offspring ${k}`).toBeLessThanOrEqual(1);
      if (best === 1) mutated++;
      for (let j = 0; j < D; j++) expect(O[k * D + j]! >= lo && O[k * D + j]! <= hi).toBe(true);
    }
    // pm = 0.125: of 20 offspring, about 2.5 mutated (a mutation may land inside the interval).
    expect(mutated).toBeLessThan(10);
    // alpha = 0 and pm = 0: every gene between its parents' (no pair needed outside).
    const c0 = algo('ma_sw_chains', 'sphere', D, {
      N: `${N}`,
      Noff: `${Noff}`,
      Istr: '20',
      alpha: '0',
      pm: '0',
    });
    const O0 = await (await after(c0, 3, 1)).readArray('O');
    O.set(O0);
    for (let k = 0; k < Noff; k++) {
      let best = D;
      for (let m = 0; m < N; m++)
        for (let p = 0; p < N; p++) if (p !== m) best = Math.min(best, outside(k, m, p, 0));
      expect(best).toBe(0);
    }
  });

  it('a generation makes Noff floor(round(Istr (1 - rLG) / rLG) / Noff) GA and Istr LS evaluations', async () => {
    // Defaults: n_frec = 500 = 25 rounds of 20, Istr = 500: r_L/G = 500 / 1000 exactly.
    const cases: [Record<string, string>, number, number][] = [
      [{}, 500, 500],
      [{ Istr: '100', rLG: '0.25' }, 300, 100], // 15 rounds of 20: LS share 100 / 400 = 0.25
      [{ Istr: '100', rLG: '0.2', Noff: '8' }, 400, 100], // 50 rounds of 8
      [{ Istr: '50', rLG: '0.5' }, 40, 50], // n_frec = 50: two rounds of 20, the rest dropped
    ];
    for (const [set, ga, ls] of cases) {
      const c = algo('ma_sw_chains', 'sphere', 5, set);
      // The initial steps evaluate both populations, X (N = 60) and O (Noff): Realea evaluates
      // only the population; the Noff extra evaluations are spent once.
      const init = 60 + Number(set.Noff ?? 20);
      for (const g of [1, 3]) {
        const { r } = await runCpu(c, { seed: 1, maxGenerations: g });
        expect(r.evals, JSON.stringify(set)).toBe(init + g * (ga + ls));
      }
      // An evaluation budget ends the run at the last whole generation.
      const { r } = await runCpu(c, { seed: 1, maxEvals: init + 2 * (ga + ls) + ga });
      expect(r.evals).toBe(init + 2 * (ga + ls));
    }
  });

  it('Solis-Wets chains: ns in [0, 4], nf in [0, 2], rho = rho0 2^k, phase in {0, 1}', async () => {
    // Rastrigin from rho0 = 0.2: steps too long near local minima, rho halves; sphere from
    // rho0 = 0.001 in [-100, 100]: steps far too short, successes, rho doubles.
    const cases: [string, number, (ks: number[]) => boolean][] = [
      ['rastrigin', 0.2, (ks) => Math.min(...ks) < -1],
      ['sphere', 0.001, (ks) => Math.max(...ks) > 1],
    ];
    for (const [problem, rho0, moved] of cases) {
      const c = algo('ma_sw_chains', problem, 10, {
        N: '12',
        Noff: '4',
        Istr: '40',
        rho0: `${rho0}`,
      });
      const ks: number[] = [];
      for (let g = 1; g <= 12; g++) {
        const e = await after(c, 2, g);
        const ns = await e.readArray('ns');
        const nf = await e.readArray('nf');
        const rho = await e.readArray('rho');
        const fails = await e.readArray('fails');
        for (let i = 0; i < 12; i++) {
          expect(Number.isInteger(ns[i]) && ns[i]! >= 0 && ns[i]! <= 4).toBe(true);
          expect(Number.isInteger(nf[i]) && nf[i]! >= 0 && nf[i]! <= 2).toBe(true);
          expect(Number.isInteger(fails[i]) && fails[i]! >= 0).toBe(true);
          const k = Math.log2(rho[i]! / rho0);
          // rho = rho0 2^k exactly in float64 (doubling and halving change only the exponent),
          // so log2 of the ratio is an integer up to its own rounding (1e-12).
          expect(Math.abs(k - Math.round(k))).toBeLessThan(1e-12);
          ks.push(Math.round(k));
        }
        expect([0, 1]).toContain((await e.readArray('phase'))[0]);
      }
      expect(moved(ks), `${problem}: 2^k for k in ${[...new Set(ks)]}`).toBe(true);
    }
  });

  it('S_LS: the best individual gets the LS; with delta = 0 it stays in S_LS, its chain kept', async () => {
    // Generation 1 starts with every fails at 0 (S_LS is the population): c is the best after
    // the GA, and still the best after its LS (which only improves it). With delta = 0 every
    // application counts as improved (f0 - f >= 0): fails stays 0, the chain (bias, rho) is kept.
    const D = 10;
    const N = 12;
    for (const [delta, expectFails] of [
      ['0', 0],
      ['1', 1],
    ] as const) {
      // delta = 1 on tiny (f <= 0.01 everywhere): no application can improve by 1, so it
      // failed: counted, and its chain starts afresh.
      const problem = delta === '0' ? 'sphere' : 'tiny';
      const c = algo('ma_sw_chains', problem, D, { N: `${N}`, Noff: '4', Istr: '20', delta }, TINY);
      const e = await after(c, 6, 1);
      const f = await e.readArray('X.f');
      const best = argmin(f);
      const fails = await e.readArray('fails');
      const bias = await e.readArray('bias');
      const rho = await e.readArray('rho');
      for (let i = 0; i < N; i++) {
        expect(fails[i]).toBe(i === best ? expectFails : 0);
        const b = Array.from(bias.slice(i * D, (i + 1) * D));
        if (i !== best || expectFails === 1) {
          expect(b).toEqual(Array(D).fill(0));
          expect(rho[i]).toBe(0.2);
        } else expect(b.some((v) => v !== 0)).toBe(true); // 20 steps on a sphere: successes
      }
    }
  });

  it('S_LS over many generations: an application improved by delta or more keeps fails, else resets the chain', async () => {
    // let.c and let.f0 are the stored generation-level lets c and f0 (state arrays the
    // elaborator adds: c and f0 are read after the LS loop wrote X): the LS's individual and its
    // fitness before the application.
    const D = 10;
    const N = 12;
    const c = algo('ma_sw_chains', 'rastrigin', D, { N: `${N}`, Noff: '4', Istr: '30' });
    let kept = 0;
    let reset = 0;
    for (let g = 1; g <= 30; g++) {
      const e = await after(c, 9, g);
      const i = (await e.readArray('let.c'))[0]!;
      const f0 = (await e.readArray('let.f0'))[0]!;
      const f1 = (await e.readArray('X.f'))[i]!;
      expect(f1).toBeLessThanOrEqual(f0);
      const fails = (await e.readArray('fails'))[i]!;
      if (f0 - f1 >= 1e-9) {
        kept++;
      } else {
        reset++;
        expect(fails).toBeGreaterThanOrEqual(1);
        expect(Array.from((await e.readArray('bias')).slice(i * D, (i + 1) * D))).toEqual(
          Array(D).fill(0),
        );
        expect((await e.readArray('rho'))[i]).toBe(0.2);
        expect((await e.readArray('ns'))[i]).toBe(0);
        expect((await e.readArray('nf'))[i]).toBe(0);
      }
      // S_LS: c has fails 0 whenever the population had an individual with fails 0 before
      // the LS; after it, c's fails is 0 (improved) or 1 (failed) then.
      const fs = await e.readArray('fails');
      const others = Array.from(fs).filter((_, k) => k !== i);
      if (others.some((v) => v === 0)) expect(fails).toBe(f0 - f1 >= 1e-9 ? 0 : 1);
    }
    expect(kept).toBeGreaterThan(0);
  });
});

describe('ma_sw_chains convergence (CPU backend, budget 10^4 D)', () => {
  // Five seeds (1-5) reached, worst of five: D = 10 (100,000 evaluations): sphere 5.8e-103,
  // Rastrigin 0 (all five), Rosenbrock 2.4e-2, elliptic 9.1e-81; D = 30 (300,000): sphere
  // 1.0e-133, Rastrigin 0, Rosenbrock 3.9 (four seeds; one 9.3e-2), elliptic 2.1e-32. The
  // thresholds lie orders of magnitude above those (Rosenbrock: 40x at D = 10, 10x at D = 30)
  // and orders below the initial errors (sphere ~3,300 D in [-100, 100], elliptic ~1e8,
  // Rosenbrock ~1e10, Rastrigin ~20 D): a broken GA or LS misses them.
  const T: Record<number, Record<string, number>> = {
    10: { sphere: 1e-8, rastrigin: 1e-3, rosenbrock: 1, elliptic: 1e-8 },
    30: { sphere: 1e-8, rastrigin: 1e-3, rosenbrock: 40, elliptic: 1e-8 },
  };
  // D = 10 in the test command, D = 30 in the long stage (test/stage.ts: 22 s on two cores).
  for (const [D, t] of staged(Object.entries(T), ([D]) => D === '10'))
    for (const [problem, threshold] of Object.entries(t))
      it(`D = ${D}, ${problem}: error below ${threshold}`, async () => {
        const c = algo('ma_sw_chains', problem, Number(D));
        const budget = 10000 * Number(D);
        const { r } = await runCpu(c, { seed: 1, maxEvals: budget });
        expect(r.evals).toBeLessThanOrEqual(budget);
        expect(r.evals).toBeGreaterThan(budget - 1000);
        expect(r.bestFitness - c.algo.problem.optimum).toBeLessThan(threshold);
        expect(c.evaluatePoint(r.bestPoint)).toBe(r.bestFitness);
      });
});

describe('ma_sw_chains runs', () => {
  it('are reproducible from their seed, and differ between seeds', async () => {
    const c = algo('ma_sw_chains', 'rastrigin', 10);
    const a = await runCpu(c, { seed: 5, maxEvals: 20060 });
    const b = await runCpu(c, { seed: 5, maxEvals: 20060 });
    const d = await runCpu(c, { seed: 6, maxEvals: 20060 });
    expect(a.r.bestFitness).toBe(b.r.bestFitness);
    expect(Array.from(await a.e.readArray('X'))).toEqual(Array.from(await b.e.readArray('X')));
    expect(Array.from(await a.e.readArray('rho'))).toEqual(Array.from(await b.e.readArray('rho')));
    expect(Array.from(await d.e.readArray('X'))).not.toEqual(Array.from(await a.e.readArray('X')));
  });
});
