// The generation-level constructs of commit 05b01aa on the CPU backend, each on a small inline
// algorithm whose result is known independently: `repeat n { }` (a round of draws per iteration),
// `each i in X[c]` (one chosen row), generation-level lets stored once, state attached to a
// population (it follows its individual through `X = best(X, O)`; an entrant's starts afresh), and
// `progress` (evaluations before the generation / the budget).

import { describe, expect, it } from 'vitest';
import { drawTable } from '../../src/runtime/draws.js';
import { generationRuns } from '../../src/runtime/algo-host.js';
import { algo, runCpu } from './helpers.js';

const P = `problem p(x[D]) in [-1, 1] { sum(i) x[i]^2 }\n`;

const REPEAT = `${P}
algorithm loops(N = 4, K = 3) {
  population X[N]
  state cnt[N] = 0
  state acc[N] = 0
  state last[N] = 0
  state diff[N] = 0
  generation {
    repeat K {
      each i in X {
        let r = rand()
        cnt[i] = cnt[i] + 1
        acc[i] = acc[i] + r
        diff[i] = diff[i] + (if r == last[i] then 0 else 1)
        last[i] = r
      }
    }
  }
}
algorithm flat(N = 4) {
  population X[N]
  state acc[N] = 0
  generation {
    each i in X {
      acc[i] = acc[i] + rand()
    }
  }
}`;

/**
 * The uniform draw sites of a compiled program are numbered by the compiler; a test that knows
 * the keying (seed, site, round, individual, dimension) but not the numbering tries every small
 * site and requires exactly one to reproduce all the values.
 */
function matchingSites(expected: (site: number) => number[], actual: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let site = 0; site < 64; site++) {
    const e = expected(site);
    if (e.every((v, i) => Math.abs(v - actual[i]!) <= 1e-12 * Math.max(1, Math.abs(v))))
      out.push(site);
  }
  return out;
}

describe('repeat n { }', () => {
  const N = 4;
  const K = 3;
  const G = 5;
  const seed = 13;

  it('runs its body n times a generation: a counter ends at K * generations', async () => {
    const c = algo('loops', 'p', 3, {}, { 't.opt': REPEAT });
    for (const g of [1, 2, G]) {
      const { e, r } = await runCpu(c, { seed, maxGenerations: g });
      expect(r.generations).toBe(g);
      expect(Array.from(await e.readArray('cnt'))).toEqual(Array(N).fill(K * g));
    }
    // K from --set: 7 iterations.
    const c7 = algo('loops', 'p', 3, { K: '7' }, { 't.opt': REPEAT });
    const { e } = await runCpu(c7, { seed, maxGenerations: 2 });
    expect(Array.from(await e.readArray('cnt'))).toEqual(Array(N).fill(14));
  });

  it('draws new numbers in every iteration: rounds start + 1 .. start + K, start += K + 1', async () => {
    const c = algo('loops', 'p', 3, {}, { 't.opt': REPEAT });
    const { e } = await runCpu(c, { seed, maxGenerations: G });
    // Consecutive iterations never drew the same number (a draw keyed by the generation alone
    // would repeat K times: diff would stay at 1 per generation).
    expect(Array.from(await e.readArray('diff'))).toEqual(Array(N).fill(K * G));
    // The rounds the host plans: generation g starts at round 1 + (g - 1)(K + 1), its
    // iterations take the K rounds after it.
    let round = 1;
    const rounds: number[] = [];
    for (let g = 1; g <= G; g++) {
      const generation = generationRuns(
        c.algo.generation,
        seed,
        { gen: g, evals: 0, budget: 0 },
        round,
      );
      expect(round).toBe(1 + (g - 1) * (K + 1));
      const each = generation.runs.filter((r) => r.step.name.startsWith('each'));
      expect(each.map((r) => r.round)).toEqual(Array.from({ length: K }, (_, k) => round + k + 1));
      rounds.push(...each.map((r) => r.round));
      round = generation.nextRound;
    }
    // The accumulated draws are those of the rounds above, computed independently.
    const acc = await e.readArray('acc');
    const sites = matchingSites((site) => {
      const ctx = { round: 0 };
      const d = drawTable(seed, ctx);
      return Array.from({ length: N }, (_, i) =>
        rounds.reduce((s, r) => {
          ctx.round = r;
          return s + d.u(site, i, 0);
        }, 0),
      );
    }, acc);
    expect(sites.length).toBe(1);
    // And not those of one round per generation (the keying without loops).
    const wrong = matchingSites((site) => {
      const ctx = { round: 0 };
      const d = drawTable(seed, ctx);
      return Array.from({ length: N }, (_, i) => {
        let s = 0;
        for (let g = 1; g <= G; g++) {
          ctx.round = g;
          s += K * d.u(site, i, 0);
        }
        return s;
      });
    }, acc);
    expect(wrong).toEqual([]);
  });

  it('without repeat, the round is the generation', async () => {
    const c = algo('flat', 'p', 3, {}, { 't.opt': REPEAT });
    const { e } = await runCpu(c, { seed, maxGenerations: G });
    let round = 1;
    for (let g = 1; g <= G; g++) {
      const generation = generationRuns(
        c.algo.generation,
        seed,
        { gen: g, evals: 0, budget: 0 },
        round,
      );
      expect(generation.runs.every((r) => r.round === g)).toBe(true);
      round = generation.nextRound;
    }
    const sites = matchingSites(
      (site) => {
        const ctx = { round: 0 };
        const d = drawTable(seed, ctx);
        return Array.from({ length: N }, (_, i) => {
          let s = 0;
          for (let g = 1; g <= G; g++) {
            ctx.round = g;
            s += d.u(site, i, 0);
          }
          return s;
        });
      },
      await e.readArray('acc'),
    );
    expect(sites.length).toBe(1);
  });
});

const CHOSEN = `${P}
algorithm chosen(N = 6) {
  population X[N]
  state mark[1] = -1
  generation {
    let c = argmin(k < N) f(X[k])
    each i in X[c] {
      X[i] = 0.5 * X[i]
      mark[0] = i
    }
  }
}
algorithm stored(N = 6) {
  population X[N]
  state C[N] = -1
  generation {
    let c = argmin(k < N) f(X[k])
    each i in X {
      X[i] = if i == (c + 1) % N then 0 * X[i] else X[i]
    }
    each i in X {
      C[i] = c
    }
  }
}`;

const argmin = (f: ArrayLike<number>) => {
  let b = 0;
  for (let k = 1; k < f.length; k++) if (f[k]! < f[b]!) b = k;
  return b;
};

describe('each i in X[c]', () => {
  it('changes row c only, c = argmin(k < N) f(X[k])', async () => {
    const D = 4;
    const c = algo('chosen', 'p', D, {}, { 't.opt': CHOSEN });
    const before = await runCpu(c, { seed: 2, maxGenerations: 0 });
    const X0 = await before.e.readArray('X');
    const f0 = await before.e.readArray('X.f');
    const best = argmin(f0);
    const { e } = await runCpu(c, { seed: 2, maxGenerations: 1 });
    const X1 = await e.readArray('X');
    const f1 = await e.readArray('X.f');
    expect(Array.from(await e.readArray('mark'))).toEqual([best]);
    for (let i = 0; i < 6; i++)
      for (let j = 0; j < D; j++)
        expect(X1[i * D + j]).toBe(i === best ? 0.5 * X0[i * D + j]! : X0[i * D + j]);
    // The row was evaluated again: a sphere halved is a quarter.
    for (let i = 0; i < 6; i++) expect(f1[i]).toBeCloseTo(i === best ? f0[i]! / 4 : f0[i]!, 12);
  });
});

describe('generation-level lets', () => {
  it('are computed once: a later step sees c as it was, though another row became the best', async () => {
    const c = algo('stored', 'p', 4, {}, { 't.opt': CHOSEN });
    const f0 = await (await runCpu(c, { seed: 5, maxGenerations: 0 })).e.readArray('X.f');
    const best = argmin(f0);
    const { e } = await runCpu(c, { seed: 5, maxGenerations: 1 });
    const f1 = await e.readArray('X.f');
    // Row c + 1 is now the best (f = 0), so c computed again would be c + 1.
    expect(argmin(f1)).toBe((best + 1) % 6);
    expect(f1[(best + 1) % 6]).toBe(0);
    expect(Array.from(await e.readArray('C'))).toEqual(Array(6).fill(best));
  });
});

const ATTACHED = `${P}
algorithm attached(N = 6, M = 4) {
  population X[N]
  population O[M]
  state age[X] = 100
  generation {
    each i in X {
      age[i] = age[i] + 1
    }
    each k in O {
      let y[j] = lo + (hi - lo) * rand()
      O[k] = y
    }
    X = best(X, O)
  }
}`;

describe('state attached to a population', () => {
  it('follows its individual through X = best(X, O); an entrant starts at the init value', async () => {
    const D = 3;
    const N = 6;
    const M = 4;
    const c = algo('attached', 'p', D, {}, { 't.opt': ATTACHED });
    let entrants = 0;
    let survivors = 0;
    let prev = await (await runCpu(c, { seed: 4, maxGenerations: 0 })).e;
    expect(Array.from(await prev.readArray('age'))).toEqual(Array(N).fill(100));
    for (let g = 1; g <= 8; g++) {
      const { e } = await runCpu(c, { seed: 4, maxGenerations: g });
      const X0 = await prev.readArray('X');
      const f0 = await prev.readArray('X.f');
      const a0 = await prev.readArray('age');
      const X1 = await e.readArray('X');
      const f1 = await e.readArray('X.f');
      const a1 = await e.readArray('age');
      const O = await e.readArray('O');
      const fO = await e.readArray('O.f');
      // X holds the N best of X and O.
      const all = [...f0, ...fO].sort((a, b) => a - b).slice(0, N);
      expect([...f1].sort((a, b) => a - b)).toEqual(all);
      for (let i = 0; i < N; i++) {
        const row = Array.from(X1.slice(i * D, (i + 1) * D));
        if (row.every((v, j) => v === X0[i * D + j])) {
          // A survivor keeps its row, its fitness and its age (one generation older).
          expect(f1[i]).toBe(f0[i]);
          expect(a1[i]).toBe(a0[i]! + 1);
          survivors++;
        } else {
          // An entrant is one of the offspring and starts at age 100.
          const k = Array.from({ length: M }, (_, k) => k).find((k) =>
            row.every((v, j) => v === O[k * D + j]),
          );
          expect(k).toBeDefined();
          expect(f1[i]).toBe(fO[k!]);
          expect(a1[i]).toBe(100);
          entrants++;
        }
      }
      prev = e;
    }
    expect(entrants).toBeGreaterThan(0);
    expect(survivors).toBeGreaterThan(0);
  });
});

const PROGRESS = `${P}
algorithm prog(N = 4) {
  population X[N]
  state Pe[N] = -1
  state Pl[N] = -1
  generation {
    let q = progress
    each i in X {
      Pe[i] = progress
      Pl[i] = q
      X[i] = 0.5 * X[i]
    }
  }
}`;

describe('progress', () => {
  it('is the evaluations before the generation over the budget', async () => {
    const c = algo('prog', 'p', 3, {}, { 't.opt': PROGRESS });
    const budget = 40;
    // 4 evaluations to initialise, 4 a generation: generation g starts after 4 g.
    for (const g of [1, 2, 5, 9]) {
      const { e, r } = await runCpu(c, { seed: 1, maxEvals: budget, maxGenerations: g });
      expect(r.evals).toBe(4 + 4 * g);
      expect(Array.from(await e.readArray('Pe'))).toEqual(Array(4).fill((4 * g) / budget));
      expect(Array.from(await e.readArray('Pl'))).toEqual(Array(4).fill((4 * g) / budget));
    }
    // The whole budget: 9 generations, the last starting at 36 / 40.
    const { e, r } = await runCpu(c, { seed: 1, maxEvals: budget });
    expect(r.generations).toBe(9);
    expect(Array.from(await e.readArray('Pe'))).toEqual(Array(4).fill(0.9));
  });

  it('a generation that evaluates nothing: neither an evaluation budget nor a target ends the run', async () => {
    // Found with a sketch whose generation only copied rows (X[i] = X[i]: no evaluation): the CLI
    // always passes a target, which exempted the run from this check, and it ran forever.
    const idle = `problem p(x[D]) in [-1, 1] { sum(i) x[i]^2 }
algorithm idle(N = 4) {
  population X[N]
  generation {
    each i in X { X[i] = X[i] }
  }
}`;
    const c = algo('idle', 'p', 2, {}, { 't.opt': idle });
    for (const o of [{ maxEvals: 100 }, { maxEvals: 100, target: 1e-8 }, { target: 1e-8 }])
      await expect(runCpu(c, { seed: 1, ...o })).rejects.toThrow(/evaluates nothing/);
    // A generation count ends it.
    expect((await runCpu(c, { seed: 1, maxEvals: 100, maxGenerations: 3 })).r.generations).toBe(3);
  });

  it('needs an evaluation budget', async () => {
    const c = algo('prog', 'p', 3, {}, { 't.opt': PROGRESS });
    await expect(runCpu(c, { seed: 1, maxGenerations: 3 })).rejects.toThrow(
      /reads progress.*needs an evaluation budget/,
    );
  });
});
