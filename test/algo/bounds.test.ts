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
import { D, HI, LO, RULES, SHOVE, shoveOnCpu } from './bounds-helpers.js';

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
        /OPT6028: parameter 'bounds': 'reflekt' is not one of clip, reflect, wrap, reinit, midpoint, none/,
      );
    }
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
