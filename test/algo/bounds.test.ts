// Bound handling (stdlib/bounds/bounds.opt, the `bounds` parameter of every algorithm): each
// policy's values against an independent implementation of its rule (the reflection and the wrap
// as loops, not the closed forms of the .opt file), on the float64 CPU backend. test/gpu/bounds
// compares the GPU with these runs.

import { describe, expect, it } from 'vitest';
import { CpuAlgoEngine } from '../../src/runtime/algo-cpu.js';
import { runAlgorithm } from '../../src/runtime/run.js';
import { compileAlgorithm } from '../../src/compile/algorithm.js';
import { OptError } from '../../src/parser/diagnostics.js';
import { algo } from './helpers.js';
import { COIN, D, HI, LO, RULES, SHOVE, shoveOnCpu } from './bounds-helpers.js';

describe('bound policies on the CPU backend', () => {
  for (const [name, rule] of Object.entries(RULES))
    it(`${name}: every coordinate as the rule puts it`, async () => {
      const { X, P } = await shoveOnCpu(name);
      let outside = 0;
      for (let k = 0; k < X.length; k++) {
        const i = Math.floor(k / D);
        const j = k % D;
        const x = P[k]! + (i % 2 === 0 ? 7.5 : -7.5) * ((j + 1) / 4);
        if (x < LO || x > HI) outside++;
        expect(X[k]!, `${name} at ${i}, ${j}`).toBeCloseTo(rule(x, P[k]!), 12);
      }
      // The shoves put most coordinates outside, many widths away: the rules were exercised.
      expect(outside).toBeGreaterThan(X.length / 2);
    });

  it('reinit: violating coordinates drawn anew in the box, the others kept, reproducibly', async () => {
    const a = await shoveOnCpu('reinit');
    const b = await shoveOnCpu('reinit');
    expect(Array.from(a.X)).toEqual(Array.from(b.X));
    const values = new Set<number>();
    for (let k = 0; k < a.X.length; k++) {
      const j = k % D;
      const i = Math.floor(k / D);
      const x = a.P[k]! + (i % 2 === 0 ? 7.5 : -7.5) * ((j + 1) / 4);
      expect(a.X[k]!).toBeGreaterThanOrEqual(LO);
      expect(a.X[k]!).toBeLessThanOrEqual(HI);
      if (x >= LO && x <= HI) expect(a.X[k]).toBe(x);
      else values.add(a.X[k]!);
    }
    // Draws, not a fixed place: every redrawn coordinate differs.
    expect(values.size).toBeGreaterThan(20);
  });

  it('bounds is a parameter of every algorithm: its default, --set, and the report of it', () => {
    const de = algo('de', 'sphere', 5);
    expect(de.algo.params.find((p) => p.name === 'bounds')?.value).toBe('midpoint');
    const pso = algo('pso', 'sphere', 5, { bounds: 'reflect' });
    expect(pso.algo.params.find((p) => p.name === 'bounds')?.value).toBe('reflect');
    // An algorithm that declares none gets clip.
    const shove = algo('shove', 'slope', 3, {}, { 'shove.opt': SHOVE });
    expect(shove.algo.params.find((p) => p.name === 'bounds')?.value).toBe('clip');
  });

  it('a policy written in .opt, and a bad name', async () => {
    const src =
      SHOVE +
      // Halfway between the parent and the box's centre, for a coordinate that left.
      'repair centre(x, p) = if x < lo or x > hi then (p + (lo + hi) / 2) / 2 else x\n';
    const c = algo('shove', 'slope', D, { bounds: 'centre' }, { 'shove.opt': src });
    const e = new CpuAlgoEngine(c, 3);
    await runAlgorithm(c, e, { seed: 3, maxGenerations: 1, batch: 1 });
    const X = await e.readArray('X');
    const P = await e.readArray('P0');
    for (let k = 0; k < X.length; k++) {
      const i = Math.floor(k / D);
      const x = P[k]! + (i % 2 === 0 ? 7.5 : -7.5) * (((k % D) + 1) / 4);
      const want = x < LO || x > HI ? (P[k]! + 0.5) / 2 : x;
      expect(X[k]!).toBeCloseTo(want, 12);
    }
    expect(() => algo('de', 'sphere', 5, { bounds: 'reflekt' })).toThrow(OptError);
    try {
      compileAlgorithm({ algorithm: 'de', problem: 'sphere', dim: 5, set: { bounds: 'reflekt' } });
    } catch (err) {
      expect((err as OptError).message).toMatch(
        /OPT6028: parameter 'bounds': 'reflekt' is not one of clip, reflect, wrap, reinit, midpoint, resample, none/,
      );
    }
  });
});

describe('resample: the operator drawn again', () => {
  /** Rows of the coin population after one generation under policy `bounds`. */
  async function coin(bounds: string) {
    const c = algo('coin', 'flat', 2, { bounds }, { 'coin.opt': COIN });
    const e = new CpuAlgoEngine(c, 4);
    const r = await runAlgorithm(c, e, { seed: 4, maxGenerations: 1, batch: 1 });
    const X = await e.readArray('X');
    const rows = Array.from({ length: 256 }, (_, i) => [X[2 * i]!, X[2 * i + 1]!]);
    return { rows, r };
  }
  const share = (rows: number[][]) =>
    rows.filter(([a, b]) => a === 0.5 && b === 0.5).length / rows.length;

  it('takes the first try inside the box, else the fallback of the last: 1 - 0.75^n of the rows inside', async () => {
    const one = await coin('once');
    const ten = await coin('ten');
    for (const { rows } of [one, ten])
      for (const [a, b] of rows) {
        // A try inside, or clip's repair of an outside one (5 becomes 2).
        expect([0.5, 2]).toContain(a);
        expect([0.5, 2]).toContain(b);
      }
    // 256 rows: binomial standard deviations 0.027 (p = 1/4) and 0.014 (p = 0.944); the bands
    // are 4 of them wide.
    expect(Math.abs(share(one.rows) - 0.25)).toBeLessThan(0.11);
    expect(Math.abs(share(ten.rows) - (1 - 0.75 ** 10))).toBeLessThan(0.06);
    // One try is clip itself.
    const clip = await coin('clip');
    expect(clip.rows).toEqual(one.rows);
    // The tries cost no evaluations: 256 for the initial population, 256 for the generation.
    expect(ten.r.evals).toBe(512);
    // The stdlib's resample (10 tries, then midpoint) keeps DE inside.
    const c = algo('de', 'slope', 8, { bounds: 'resample' }, { 'shove.opt': SHOVE });
    const e = new CpuAlgoEngine(c, 5);
    const r = await runAlgorithm(c, e, { seed: 5, maxGenerations: 30 });
    for (const x of await e.readArray('X')) expect(x >= LO && x <= HI).toBe(true);
    for (const x of r.bestPoint) expect(x >= LO && x <= HI).toBe(true);
  });
});

describe('bounds = none', () => {
  it('is refused where the box is a constraint, and leaves points outside an unconstrained one', async () => {
    expect(() => algo('de', 'slope', 4, { bounds: 'none' }, { 'shove.opt': SHOVE })).toThrow(
      /OPT6044/,
    );
    const open = 'problem open_slope(x[D]) in [-1, 2] unconstrained { sum(i) x[i] }\n';
    const c = algo('de', 'open_slope', 4, { bounds: 'none' }, { 'open.opt': open });
    expect(c.algo.problem.unconstrained).toBe(true);
    const e = new CpuAlgoEngine(c, 5);
    const r = await runAlgorithm(c, e, { seed: 5, maxGenerations: 40 });
    // Slope decreases without end below the box: DE follows it out.
    expect(Math.min(...r.bestPoint)).toBeLessThan(LO - 1);
    // The default policy still applies to an unconstrained problem unless none is asked for.
    const d = algo('de', 'open_slope', 4, {}, { 'open.opt': open });
    const k = new CpuAlgoEngine(d, 5);
    const s = await runAlgorithm(d, k, { seed: 5, maxGenerations: 40 });
    for (const x of s.bestPoint) expect(x >= LO && x <= HI).toBe(true);
  });
});

describe('the stdlib algorithms keep every point in the box', () => {
  // Slope's optimum is the corner (-1, ..., -1): a trial beyond it is better, so greedy selection
  // would keep points outside the box if any were evaluated there.
  const cases: [string, Record<string, string>][] = [
    ['de', {}],
    ['de', { bounds: 'reflect', crossover: 'bin' }],
    ['jde', {}],
    ['gojde', { po: '0.3' }],
    ['pso', {}],
    ['lshade', {}],
    ['sep_cmaes', {}],
  ];
  for (const [name, set] of cases)
    it(`${name} ${JSON.stringify(set)}: every row of every population inside after 30 generations`, async () => {
      const c = algo(name, 'slope', 8, set, { 'shove.opt': SHOVE });
      const e = new CpuAlgoEngine(c, 5);
      const r = await runAlgorithm(c, e, { seed: 5, maxGenerations: 30, maxEvals: 200000 });
      for (const p of c.algo.populations) {
        const X = await e.readArray(p.name);
        for (const x of X) {
          expect(x).toBeGreaterThanOrEqual(LO);
          expect(x).toBeLessThanOrEqual(HI);
        }
      }
      for (const x of r.bestPoint) expect(x >= LO && x <= HI).toBe(true);
    });
});
