// Scatter Search (stdlib/algorithms/scatter_search.opt) on the CPU backend: the reference set
// (R1 the best of P, R2 the farthest, greedily), the combination of all pairs (each child inside
// its pair's clipped BLX interval), Solis-Wets on every pool member, the update (the best |R| of R
// and the pool), the evaluations of a generation, convergence, and reproducibility.

import { describe, expect, it } from 'vitest';
import { algo, runCpu } from './helpers.js';

const after = async (c: ReturnType<typeof algo>, seed: number, gens: number) =>
  (await runCpu(c, { seed, maxGenerations: gens })).e;

type Engine = Awaited<ReturnType<typeof after>>;

const dist2 = (X: ArrayLike<number>, a: number, b: number, D: number) => {
  let s = 0;
  for (let j = 0; j < D; j++) s += (X[a * D + j]! - X[b * D + j]!) ** 2;
  return s;
};

/** The reference set as the source defines it, computed here from P (Div) and its fitness. */
function referenceRows(
  Div: ArrayLike<number>,
  f: ArrayLike<number>,
  R1: number,
  R2: number,
  D: number,
) {
  const P = f.length;
  // R1: by fitness, ties: the lower row.
  const order = [...Array(P).keys()].sort((a, b) => f[a]! - f[b]! || a - b);
  const rows = order.slice(0, R1);
  // R2: one at a time, the row of P - R whose smallest distance to R is largest (ties: lower).
  for (let m = 0; m < R2; m++) {
    let best = -1;
    let bestD = -Infinity;
    for (let k = 0; k < P; k++) {
      if (rows.includes(k)) continue;
      const d = Math.min(...rows.map((t) => dist2(Div, k, t, D)));
      if (d > bestD) [best, bestD] = [k, d];
    }
    rows.push(best);
  }
  return rows;
}

/** The pair (a, b), a < b, of pool row k: pairs numbered (0, 1), (0, 2), (1, 2), (0, 3), ... */
function pairOf(k: number): [number, number] {
  const p = Math.floor(k / 2);
  let b = 1;
  while (((b + 1) * b) / 2 <= p) b++;
  return [p - (b * (b - 1)) / 2, b];
}

/** R at the start of generation 0's combination: P's rows in the order pos gives them. */
async function initialR(e: Engine, nR: number, D: number) {
  const Div = await e.readArray('Div');
  const Df = await e.readArray('Div.f');
  const pos = await e.readArray('pos');
  const R = new Float64Array(nR * D);
  const Rf = new Float64Array(nR);
  for (let r = 0; r < nR; r++) {
    const k = Array.from(pos).indexOf(r);
    R.set(Div.subarray(k * D, (k + 1) * D), r * D);
    Rf[r] = Df[k]!;
  }
  return { R, Rf };
}

describe('scatter_search: the reference set', () => {
  it('R1 are the best of P in order, R2 the farthest from R (max-min distance), greedily', async () => {
    const D = 10;
    const cases: [number, number][] = [
      [9, 1],
      [4, 3],
      [6, 0],
    ];
    for (const [R1, R2] of cases) {
      const c = algo('scatter_search', 'rastrigin', D, {
        P: '40',
        R1: `${R1}`,
        R2: `${R2}`,
        Isw: '0',
      });
      const e = await after(c, 4, 1);
      const Div = await e.readArray('Div');
      const pos = await e.readArray('pos');
      const rows = referenceRows(Div, await e.readArray('Div.f'), R1, R2, D);
      const want = Array(40).fill(40);
      rows.forEach((k, r) => (want[k] = r));
      expect(Array.from(pos), `R1 = ${R1}, R2 = ${R2}`).toEqual(want);
      // The farthest are not among the best: the rule picks other rows than quality would.
      if (R2 > 0) {
        const f = await e.readArray('Div.f');
        const order = [...Array(40).keys()].sort((a, b) => f[a]! - f[b]!);
        expect(rows.slice(R1).some((k) => !order.slice(R1, R1 + R2).includes(k))).toBe(true);
      }
      // P is the initial population: read only, so generation 1 does not change pos.
      const e2 = await after(c, 4, 2);
      expect(Array.from(await e2.readArray('pos'))).toEqual(want);
      expect(Array.from(await e2.readArray('Div'))).toEqual(Array.from(Div));
    }
  });

  it('the pairs: pool rows 2p, 2p + 1 come from pair p in BLX-0.72 and BLX-0.28 (clipped)', async () => {
    // Isw = 0: the pool after generation 0 is the combination's children, unimproved. D = 30:
    // a child inside another pair's interval in all 30 genes by chance is most unlikely, so a
    // wrong pair, or a wrong alpha (0.28 for an even row is narrower), fails.
    const D = 30;
    const c = algo('scatter_search', 'sphere', D, { Isw: '0' });
    const [lo, hi] = c.algo.problem.box;
    const e = await after(c, 3, 1);
    const { R } = await initialR(e, 10, D);
    const O = await e.readArray('O');
    expect(O.length).toBe(90 * D);
    const outsideHull = [0, 0];
    const outsideNarrow = [0, 0];
    for (let k = 0; k < 90; k++) {
      const [a, b] = pairOf(k);
      const alpha = k % 2 === 0 ? 0.72 : 0.28;
      for (let j = 0; j < D; j++) {
        const x = R[a * D + j]!;
        const y = R[b * D + j]!;
        const I = Math.abs(x - y);
        const o = O[k * D + j]!;
        expect(o).toBeGreaterThanOrEqual(Math.max(Math.min(x, y) - alpha * I, lo));
        expect(o).toBeLessThanOrEqual(Math.min(Math.max(x, y) + alpha * I, hi));
        if (o < Math.min(x, y) || o > Math.max(x, y)) outsideHull[k % 2]!++;
        if (o < Math.min(x, y) - 0.28 * I || o > Math.max(x, y) + 0.28 * I) outsideNarrow[k % 2]!++;
      }
    }
    // Unclipped, a gene leaves its parents' hull with probability 2 alpha / (1 + 2 alpha): 0.59
    // for 0.72, 0.36 for 0.28 (1,350 genes each, sd 0.013; the box clips some). The wide child
    // also leaves the narrow interval (probability 0.88 / 2.44 = 0.36 unclipped), never the
    // narrow one.
    expect(outsideHull[0]! / 1350).toBeGreaterThan(outsideHull[1]! / 1350 + 0.1);
    expect(outsideHull[1]! / 1350).toBeGreaterThan(0.2);
    expect(outsideNarrow[0]! / 1350).toBeGreaterThan(0.2);
    expect(outsideNarrow[1]).toBe(0);
    // The children's stored fitness is their evaluation.
    const Of = await e.readArray('O.f');
    for (let k = 0; k < 90; k++)
      expect(Of[k]).toBeCloseTo(
        Array.from(O.subarray(k * D, (k + 1) * D)).reduce((s, v) => s + v * v, 0),
        6,
      );
  });

  it('the update: R becomes the best |R| of R and the (improved) pool', async () => {
    const D = 10;
    for (const Isw of ['0', '20']) {
      const c = algo('scatter_search', 'rastrigin', D, { Isw });
      const e = await after(c, 8, 1);
      const { R, Rf } = await initialR(e, 10, D);
      const O = await e.readArray('O');
      const Of = await e.readArray('O.f');
      const Rn = await e.readArray('R');
      const Rnf = await e.readArray('R.f');
      const union = [...Rf, ...Of].sort((a, b) => a - b);
      expect(Array.from(Rnf).sort((a, b) => a - b)).toEqual(union.slice(0, 10));
      // Each row of the new R is a member of R or of the pool, with its own fitness.
      for (let r = 0; r < 10; r++) {
        const row = Array.from(Rn.subarray(r * D, (r + 1) * D));
        const src = [
          ...[...Array(10).keys()].map((t) => [R.subarray(t * D, (t + 1) * D), Rf[t]] as const),
          ...[...Array(90).keys()].map((t) => [O.subarray(t * D, (t + 1) * D), Of[t]] as const),
        ].filter(([x]) => Array.from(x).every((v, j) => v === row[j]));
        expect(src.length, `row ${r}`).toBeGreaterThan(0);
        expect(src[0]![1]).toBe(Rnf[r]);
      }
      // The pool brought something in: its children (improved or not) beat some of R.
      expect(Array.from(Rnf).some((v) => !Array.from(Rf).includes(v))).toBe(true);
    }
  });
});

describe('scatter_search: Solis-Wets on the pool', () => {
  it('improves every child, its state fresh each generation: ns, nf, phase, rho = rho_init 2^k', async () => {
    const D = 10;
    const c = algo('scatter_search', 'rastrigin', D, { Isw: '30' });
    const c0 = algo('scatter_search', 'rastrigin', D, { Isw: '0' });
    for (const g of [1, 2, 3]) {
      // c0 (Isw = 0, same seed) combines the same R into the same children in generation 0
      // only (later its R differs: no improvement), so before and after compare at g = 1.
      const e = await after(c, 5, g);
      const ns = await e.readArray('ns');
      const nf = await e.readArray('nf');
      const phase = await e.readArray('phase');
      const rho = await e.readArray('rho');
      const Rstart =
        g === 1 ? (await initialR(e, 10, D)).R : await (await after(c, 5, g - 1)).readArray('R');
      for (let k = 0; k < 90; k++) {
        expect(Number.isInteger(ns[k]) && ns[k]! >= 0 && ns[k]! <= 4).toBe(true);
        expect(Number.isInteger(nf[k]) && nf[k]! >= 0 && nf[k]! <= 2).toBe(true);
        expect([0, 1]).toContain(phase[k]);
        // rho starts at min(rho0, half the parents' distance / sqrt(D)) each generation;
        // doubling and halving change only the exponent, so the ratio is 2^k up to rounding
        // of the start (its sqrt: 1e-12 relative).
        const [a, b] = pairOf(k);
        const rho1 = Math.min(0.2, (0.5 * Math.sqrt(dist2(Rstart, a, b, D))) / Math.sqrt(D));
        const t = Math.log2(rho[k]! / rho1);
        expect(Math.abs(t - Math.round(t)), `row ${k} gen ${g}`).toBeLessThan(1e-9);
      }
      if (g === 1) {
        const f0 = await (await after(c0, 5, 1)).readArray('O.f');
        const f1 = await e.readArray('O.f');
        let better = 0;
        for (let k = 0; k < 90; k++) {
          expect(f1[k]).toBeLessThanOrEqual(f0[k]!);
          if (f1[k]! < f0[k]!) better++;
        }
        // 30 steps from a random child on Rastrigin: nearly all improve.
        expect(better).toBeGreaterThan(80);
      }
    }
  });

  it('a generation makes |R| (|R| - 1) (1 + Isw) evaluations; P + |R| + |O| to initialise', async () => {
    // The initial steps evaluate the three populations (P, R and the pool O, uniform in the
    // box): seed 000 evaluates only P; the |R| + |O| extra evaluations are spent once.
    const cases: [Record<string, string>, number, number][] = [
      [{}, 140 + 10 + 90, 90 * 86],
      [{ Isw: '0' }, 140 + 10 + 90, 90],
      [{ P: '30', R1: '4', R2: '2', Isw: '7' }, 30 + 6 + 30, 30 * 8],
      [{ R1: '3', R2: '0', Isw: '1' }, 140 + 3 + 6, 6 * 2],
    ];
    for (const [set, init, gen] of cases) {
      const c = algo('scatter_search', 'sphere', 5, set);
      for (const g of [1, 3]) {
        const { r } = await runCpu(c, { seed: 1, maxGenerations: g });
        expect(r.evals, JSON.stringify(set)).toBe(init + g * gen);
      }
      const { r } = await runCpu(c, { seed: 1, maxEvals: init + 2 * gen + gen - 1 });
      expect(r.evals).toBe(init + 2 * gen);
    }
  });
});

describe('scatter_search convergence (CPU backend, budget 10^4 D)', () => {
  // Five seeds (1-5), worst of five: D = 10 (100,000 evaluations; 12 generations): sphere
  // 2.1e-22, Rastrigin 0.99 (two seeds; three 1e-10 or less), Rosenbrock 4.9, elliptic 704;
  // D = 30 (300,000; 38 generations): sphere 1.4e-23, Rastrigin 40, Rosenbrock 26, elliptic
  // 2.0e4. The thresholds lie about ten times above those (Rastrigin at D = 30: three times,
  // its spread between seeds is 15 to 40) and far below the initial errors (sphere ~3,300 D in
  // [-100, 100], elliptic ~1e8, Rosenbrock ~1e10, Rastrigin ~20 D): a broken combination,
  // improvement or update misses them. Seed 000 ran 1 s and reports no such numbers: these are
  // this implementation's, with its choices (header of scatter_search.opt).
  const T: Record<number, Record<string, number>> = {
    10: { sphere: 1e-15, rastrigin: 10, rosenbrock: 50, elliptic: 1e4 },
    30: { sphere: 1e-15, rastrigin: 120, rosenbrock: 300, elliptic: 2e5 },
  };
  for (const [D, t] of Object.entries(T))
    for (const [problem, threshold] of Object.entries(t))
      it(`D = ${D}, ${problem}: error below ${threshold}`, async () => {
        const c = algo('scatter_search', problem, Number(D));
        const budget = 10000 * Number(D);
        const { r } = await runCpu(c, { seed: 1, maxEvals: budget });
        expect(r.evals).toBeLessThanOrEqual(budget);
        expect(r.evals).toBeGreaterThan(budget - 7740);
        expect(r.bestFitness - c.algo.problem.optimum).toBeLessThan(threshold);
        expect(c.evaluatePoint(r.bestPoint)).toBe(r.bestFitness);
      });
});

describe('scatter_search runs', () => {
  it('are reproducible from their seed, and differ between seeds', async () => {
    const c = algo('scatter_search', 'rastrigin', 10);
    const a = await runCpu(c, { seed: 5, maxGenerations: 2 });
    const b = await runCpu(c, { seed: 5, maxGenerations: 2 });
    const d = await runCpu(c, { seed: 6, maxGenerations: 2 });
    expect(a.r.bestFitness).toBe(b.r.bestFitness);
    for (const name of ['R', 'O', 'rho', 'pos'])
      expect(Array.from(await a.e.readArray(name))).toEqual(Array.from(await b.e.readArray(name)));
    expect(Array.from(await d.e.readArray('R'))).not.toEqual(Array.from(await a.e.readArray('R')));
  });
});
