// L-SHADE (stdlib/algorithms/lshade.opt) on the CPU backend: the population-size schedule and the
// exact evaluation counts, the active rows, the archive (filling and random replacement, its size
// following NP), the success-history memories against a direct float64 computation, pbest among
// the p best, convergence, and reproducibility. Each check replays one generation from the state
// before it (read from an engine run for g generations) and the state after it (g + 1).

import { describe, expect, it } from 'vitest';
import { algo, lshadeSchedule as schedule, runCpu } from './helpers.js';

type C = ReturnType<typeof algo>;
const after = async (c: C, seed: number, gens: number, maxEvals?: number) =>
  (await runCpu(c, { seed, maxGenerations: gens, maxEvals })).e;

/** Rows of X sorted by fitness, ties by row (X = sorted(X)). */
function sortedRows(f: ArrayLike<number>): number[] {
  return Array.from({ length: f.length }, (_, k) => k).sort((a, b) => f[a]! - f[b]! || a - b);
}

const rows = (A: Float64Array, D: number, r: number) => Array.from(A.slice(r * D, (r + 1) * D));

/** The state before generation g (after g - 1) and after it, with the parents sorted as the
 * generation sorts them. */
async function replay(c: C, seed: number, g: number, budget: number) {
  const D = c.algo.dim;
  const e0 = await after(c, seed, g, budget);
  const e1 = await after(c, seed, g + 1, budget);
  const X0 = await e0.readArray('X');
  const F0 = await e0.readArray('X.f');
  const order = sortedRows(F0);
  const P = order.map((r) => rows(X0, D, r));
  const Pf = order.map((r) => F0[r]!);
  const read = async (e: typeof e0, n: string) => Array.from(await e.readArray(n));
  return {
    P,
    Pf,
    before: {
      A: await e0.readArray('A'),
      acnt: (await e0.readArray('acnt'))[0]!,
      MF: await read(e0, 'MF'),
      MCR: await read(e0, 'MCR'),
      kmem: (await e0.readArray('kmem'))[0]!,
    },
    after: {
      X: await e1.readArray('X'),
      Xf: await e1.readArray('X.f'),
      U: await e1.readArray('U'),
      Uf: await e1.readArray('U.f'),
      Fs: await read(e1, 'Fs'),
      CRs: await read(e1, 'CRs'),
      adst: await read(e1, 'adst'),
      A: await e1.readArray('A'),
      acnt: (await e1.readArray('acnt'))[0]!,
      MF: await read(e1, 'MF'),
      MCR: await read(e1, 'MCR'),
      kmem: (await e1.readArray('kmem'))[0]!,
    },
  };
}

describe('lshade: population size and evaluations', () => {
  it('N_init = round(18 D), linear reduction to N_min = 4 from the budget; evaluations exact', async () => {
    for (const [D, budget] of [
      [10, 20000],
      [7, 5000],
    ] as const) {
      const c = algo('lshade', 'sphere', D);
      const N0 = Math.round(18 * D);
      const X = c.algo.state.find((a) => a.name === 'X')!;
      expect(X.rows).toBe(N0);
      const s = schedule(N0, 4, budget);
      // Every generation: the evaluations so far match the schedule's.
      for (const g of [1, 2, 5, 20]) {
        const { r } = await runCpu(c, { seed: 1, maxGenerations: g, maxEvals: budget });
        expect(r.evals, `D = ${D}, ${g} generations`).toBe(
          N0 + s.sizes.slice(0, g).reduce((a, b) => a + b, 0),
        );
      }
      // A whole run: every generation that fits, the last ones at N_min.
      const { r } = await runCpu(c, { seed: 1, maxEvals: budget, target: -Infinity });
      expect(r.evals).toBe(s.evals);
      expect(s.sizes.at(-1)).toBe(4);
      expect(r.generations).toBe(s.sizes.length);
    }
  });

  it('only the first n rows run: the others keep their points and trials', async () => {
    // D = 5, budget 2,000: N0 = 90, and by generation 10 n is well below 90.
    const D = 5;
    const budget = 2000;
    const c = algo('lshade', 'sphere', D);
    const s = schedule(90, 4, budget);
    const g = 10;
    const n = s.sizes[g]!;
    expect(n).toBeLessThan(80);
    const { P, Pf, after: a } = await replay(c, 2, g, budget);
    for (let r = n; r < 90; r++) {
      // Inactive rows: the sorted parents, untouched (the generation's selection runs on X[:n]).
      expect(rows(a.X, D, r)).toEqual(P[r]);
      expect(a.Xf[r]).toBe(Pf[r]);
    }
    // Removed individuals are never better than the active ones (so the sort keeps them last).
    const worstActive = Math.max(...Pf.slice(0, n));
    for (let r = n; r < 90; r++) expect(Pf[r]!).toBeGreaterThanOrEqual(worstActive);
    // Selection on the active rows: the better of trial and parent (ties to the trial).
    for (let r = 0; r < n; r++) {
      const keep = a.Uf[r]! <= Pf[r]!;
      expect(a.Xf[r]).toBe(keep ? a.Uf[r] : Pf[r]);
      expect(rows(a.X, D, r)).toEqual(keep ? rows(a.U, D, r) : P[r]);
    }
  });
});

describe('lshade: archive and memories', () => {
  /** The archive after a generation, replayed from the state before it (Tanabe's order). */
  function archiveReplay(x: Awaited<ReturnType<typeof replay>>, n: number, cap: number, D: number) {
    const A = Float64Array.from(x.before.A);
    let cnt = Math.min(x.before.acnt, cap);
    let random = 0;
    for (let i = 0; i < n; i++) {
      if (!(x.after.Uf[i]! < x.Pf[i]!)) continue;
      let slot: number;
      if (cnt < cap) {
        slot = cnt++;
        expect(x.after.adst[i]).toBe(slot);
      } else {
        slot = x.after.adst[i]!;
        expect(slot >= 0 && slot < cap && Number.isInteger(slot)).toBe(true);
        random++;
      }
      A.set(x.P[i]!, slot * D);
    }
    return { A, cnt, random };
  }

  it('parents replaced by better trials enter the archive: in order while it fills, at a random slot once full; its size follows NP', async () => {
    const D = 5;
    const budget = 3000;
    for (const rarc of [2.6, 0.3]) {
      const c = algo('lshade', 'sphere', D, { rarc: `${rarc}` });
      const N0 = 90;
      const s = schedule(N0, 4, budget);
      let randomSeen = 0;
      for (const g of [0, 1, 4, 12]) {
        const n = s.sizes[g]!;
        const cap = n === N0 ? Math.round(rarc * N0) : Math.trunc(rarc * n);
        const x = await replay(c, 3, g, budget);
        const { A, cnt, random } = archiveReplay(x, n, cap, D);
        randomSeen += random;
        expect(x.after.acnt, `rarc ${rarc}, generation ${g}`).toBe(cnt);
        expect(cnt).toBeLessThanOrEqual(cap);
        // The slots below the count hold the replayed archive (the ones above are unused).
        expect(Array.from(x.after.A.slice(0, cnt * D))).toEqual(Array.from(A.slice(0, cnt * D)));
      }
      // rarc = 0.3: cap = 27, filled within a few generations, then random replacement.
      if (rarc === 0.3) expect(randomSeen).toBeGreaterThan(0);
    }
  });

  it("rarc = 0 (a cap of 1 or less): no archive, as in the authors' code", async () => {
    const c = algo('lshade', 'sphere', 5, { rarc: '0' });
    const e = await after(c, 3, 20, 3000);
    expect((await e.readArray('acnt'))[0]).toBe(0);
    expect(Array.from(await e.readArray('A')).every((v) => v === 0)).toBe(true);
    expect((await e.readArray('adst')).every((v) => v === -1)).toBe(true);
  });

  it('M_F and M_CR: weighted Lehmer means of the successful F and CR (float64), at position k, k advancing', async () => {
    const D = 5;
    const budget = 3000;
    const c = algo('lshade', 'rastrigin', D);
    const s = schedule(90, 4, budget);
    let updates = 0;
    for (const g of [0, 1, 2, 3, 7, 15]) {
      const n = s.sizes[g]!;
      const x = await replay(c, 4, g, budget);
      const k = x.before.kmem;
      let sf = 0;
      let sf2 = 0;
      let sc = 0;
      let sc2 = 0;
      let ns = 0;
      for (let i = 0; i < n; i++) {
        if (!(x.after.Uf[i]! < x.Pf[i]!)) continue;
        const w = x.Pf[i]! - x.after.Uf[i]!;
        const F = x.after.Fs[i]!;
        const CR = x.after.CRs[i]!;
        expect(F > 0 && F <= 1).toBe(true);
        expect(CR >= 0 && CR <= 1).toBe(true);
        sf += w * F;
        sf2 += w * F * F;
        sc += w * CR;
        sc2 += w * CR * CR;
        ns++;
      }
      const MF = [...x.before.MF];
      const MCR = [...x.before.MCR];
      if (ns > 0) {
        MF[k] = sf2 / sf;
        MCR[k] = sc === 0 ? -1 : sc2 / sc;
        updates++;
      }
      expect(x.after.kmem).toBe(ns > 0 ? (k + 1) % 6 : k);
      // The same sums in the same order in float64: equal up to the compiled code's rounding
      // (at most ~n ulps of a sum of n positive terms: 90 * 2^-53 ~ 1e-14 relative).
      for (let h = 0; h < 6; h++) {
        expect(x.after.MF[h]).toBeCloseTo(MF[h]!, 12);
        expect(x.after.MCR[h]).toBeCloseTo(MCR[h]!, 12);
      }
    }
    expect(updates).toBeGreaterThan(3);
  });
});

describe('lshade: current-to-pbest/1/bin with the archive', () => {
  it('each trial is x_i + F (x_pbest - x_i) + F (x_r1 - x_r2) on its crossed genes, pbest among the p best', async () => {
    // rNinit = 2 at D = 10: N0 = 20 and p N0 = 2.2, so pbest is one of the 2 best. Generation 0
    // (archive empty): every (pbest, r1, r2) of the population is tried against each trial's
    // crossed genes that were not repaired (u_j != x_ij, not a midpoint to the bound).
    const D = 10;
    const c = algo('lshade', 'sphere', D, { rNinit: '2' });
    const [lo, hi] = c.algo.problem.box;
    const x = await replay(c, 5, 0, 10000);
    const N = 20;
    for (let i = 0; i < N; i++) {
      const u = rows(x.after.U, D, i);
      const xi = x.P[i]!;
      const F = x.after.Fs[i]!;
      const genes = [];
      for (let j = 0; j < D; j++)
        if (u[j] !== xi[j] && u[j] !== (lo + xi[j]!) / 2 && u[j] !== (hi + xi[j]!) / 2)
          genes.push(j);
      if (genes.length < 2) continue;
      const found: number[][] = [];
      for (let pb = 0; pb < N; pb++)
        for (let r1 = 0; r1 < N; r1++)
          for (let r2 = 0; r2 < N; r2++) {
            const ok = genes.every((j) => {
              const v = xi[j]! + F * (x.P[pb]![j]! - xi[j]!) + F * (x.P[r1]![j]! - x.P[r2]![j]!);
              return Math.abs(v - u[j]!) <= 1e-9 * (1 + Math.abs(v));
            });
            if (ok) found.push([pb, r1, r2]);
          }
      expect(found.length, `trial ${i}`).toBeGreaterThan(0);
      // Some reading has pbest among the 2 best, r1 != i, r2 != i, r1 != r2.
      expect(
        found.some(([pb, r1, r2]) => pb! < 2 && r1 !== i && r2 !== i && r1 !== r2),
        `trial ${i}`,
      ).toBe(true);
    }
  });
});

describe('lshade convergence at D = 10 (CPU backend, budget 10^4 D)', () => {
  // Five seeds (1-5), worst of five at D = 10 (100,000 evaluations): sphere 1.2e-101, Rastrigin 0
  // and Rosenbrock 0 (all five), elliptic 1.6e-96. The thresholds lie orders of magnitude above
  // those and orders below the initial errors (sphere ~3,300 D in [-100, 100], elliptic ~1e8,
  // Rosenbrock ~1e10, Rastrigin ~20 D): a broken mutation, archive or memory misses them.
  const T: Record<string, number> = {
    sphere: 1e-8,
    rastrigin: 1e-3,
    rosenbrock: 1e-2,
    elliptic: 1e-8,
  };
  for (const [problem, threshold] of Object.entries(T))
    it(`${problem}: error below ${threshold}`, async () => {
      const c = algo('lshade', problem, 10);
      const budget = 100000;
      const { r } = await runCpu(c, { seed: 1, maxEvals: budget });
      expect(r.evals).toBe(schedule(180, 4, budget).evals);
      expect(r.bestFitness - c.algo.problem.optimum).toBeLessThan(threshold);
      expect(c.evaluatePoint(r.bestPoint)).toBe(r.bestFitness);
    });
});

describe('lshade runs', () => {
  it('are reproducible from their seed, and differ between seeds', async () => {
    const c = algo('lshade', 'rastrigin', 5);
    const a = await runCpu(c, { seed: 7, maxGenerations: 30, maxEvals: 5000 });
    const b = await runCpu(c, { seed: 7, maxGenerations: 30, maxEvals: 5000 });
    const d = await runCpu(c, { seed: 8, maxGenerations: 30, maxEvals: 5000 });
    for (const n of ['X', 'A', 'MF', 'MCR', 'acnt'])
      expect(Array.from(await a.e.readArray(n))).toEqual(Array.from(await b.e.readArray(n)));
    expect(Array.from(await d.e.readArray('X'))).not.toEqual(Array.from(await a.e.readArray('X')));
  });
});

describe('the constructs L-SHADE uses', () => {
  const SRC = `problem p(x[D]) in [-1, 1] { sum(i) x[i]^2 }
algorithm sortme(N = 8) {
  population X[N]
  state tag[X] = rand()
  state V[X][2] = rand()
  generation {
    X = sorted(X)
  }
}
algorithm twocopies(N = 4) {
  population X[N]
  state S[N] = 0
  state T[N] = 0
  generation {
    each i in S[:N - 1] {
      S[i] = 1
      T[i] = S[i]
    }
  }
}`;
  const compile = (name: string) => algo(name, 'p', 3, {}, { 't.opt': SRC });

  it('X = sorted(X): fitness in order (stable), each individual with its attached state', async () => {
    const c = compile('sortme');
    const e0 = (await runCpu(c, { seed: 3, maxGenerations: 0 })).e;
    const e1 = (await runCpu(c, { seed: 3, maxGenerations: 1 })).e;
    const f0 = await e0.readArray('X.f');
    const order = sortedRows(f0);
    const D = 3;
    const [X0, t0, V0] = [
      await e0.readArray('X'),
      await e0.readArray('tag'),
      await e0.readArray('V'),
    ];
    const [X1, f1, t1, V1] = [
      await e1.readArray('X'),
      await e1.readArray('X.f'),
      await e1.readArray('tag'),
      await e1.readArray('V'),
    ];
    order.forEach((r, k) => {
      expect(rows(X1, D, k)).toEqual(rows(X0, D, r));
      expect(f1[k]).toBe(f0[r]);
      expect(t1[k]).toBe(t0[r]);
      expect(rows(V1, 2, k)).toEqual(rows(V0, 2, r));
    });
    // The initial rows were not in order (8 random points), so the sort moved some.
    expect(order).not.toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('a counted step that would write a second copy of an array on the GPU is refused', () => {
    // T[i] = S[i] reads S after the step's write to S (in place): S would need two copies.
    expect(() => compile('twocopies')).toThrow(/each i in X\[:n\].*S to a second copy/);
  });
});
