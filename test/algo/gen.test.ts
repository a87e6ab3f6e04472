// `gen`, the generation number, in algorithms: 0 in the first generation, +1 each generation, the
// same in generation-level lets, in each blocks and in the host's conditions, with the track fused
// into the next generation's first step or not; reserved in an algorithm, unknown in a problem.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileAlgorithm } from '../../src/compile/algorithm.js';
import { compileProblem } from '../../src/compile/problem.js';
import { printFunc } from '../../src/ir/print.js';
import { allSteps } from '../../src/ir/step.js';
import { OptError, codeString } from '../../src/parser/diagnostics.js';
import { GEN_SRC } from './gen-source.js';
import { algo, runCpu } from './helpers.js';

/** How many of generations 0..k-1 satisfy gen % 3 == 1. */
const held = (k: number) =>
  Array.from({ length: k }, (_, g) => g).filter((g) => g % 3 === 1).length;

describe('gen, the generation number', () => {
  it('elaborates to $gen - 1 (the engines number the generations from 1)', () => {
    const c = algo('gens', 'p', 3, {}, { 't.opt': GEN_SRC });
    const text = allSteps(c.algo.generation)
      .map((s) => printFunc(s.prog.main))
      .join('\n');
    expect(text).toContain('$gen');
    const w = algo('ldpso', 'p', 3, {}, { 't.opt': GEN_SRC });
    expect(allSteps(w.algo.generation).some((s) => printFunc(s.prog.main).includes('$gen'))).toBe(
      true,
    );
  });

  for (const fuseTrack of [true, false])
    it(`reads k - 1 after k generations on the CPU (track ${fuseTrack ? '' : 'not '}fused)`, async () => {
      const c = compileAlgorithm({
        algorithm: 'gens',
        problem: 'p',
        dim: 3,
        sources: { 't.opt': GEN_SRC },
        fuseTrack,
        validateEach: true,
      });
      expect(c.fused.size > 0).toBe(fuseTrack);
      for (const k of [1, 2, 5, 7]) {
        const { e } = await runCpu(c, { seed: 3, maxGenerations: k, batch: 2 });
        expect(Array.from(await e.readArray('G'))).toEqual([k - 1, k - 1, k - 1, k - 1]);
        expect(Array.from(await e.readArray('H'))).toEqual([k - 1, k - 1, k - 1, k - 1]);
        expect(Array.from(await e.readArray('C'))).toEqual(Array(4).fill(held(k)));
      }
    });

  it('a PSO with w = w0 - (w0 - w1) gen / Gmax runs, and differs from a constant w', async () => {
    const c = algo('ldpso', 'p', 5, {}, { 't.opt': GEN_SRC });
    const { r } = await runCpu(c, { seed: 1, maxEvals: 3000 });
    expect(r.bestFitness).toBeLessThan(1e-2);
    // With w1 = w0 the weight is constant: the runs part after the first generation only.
    const same = algo('ldpso', 'p', 5, { w1: '0.9' }, { 't.opt': GEN_SRC });
    const a = await runCpu(c, { seed: 1, maxGenerations: 1 });
    const b = await runCpu(same, { seed: 1, maxGenerations: 1 });
    expect(Array.from(await a.e.readArray('P'))).toEqual(Array.from(await b.e.readArray('P')));
    const a3 = await runCpu(c, { seed: 1, maxGenerations: 3 });
    const b3 = await runCpu(same, { seed: 1, maxGenerations: 3 });
    expect(Array.from(await a3.e.readArray('P'))).not.toEqual(
      Array.from(await b3.e.readArray('P')),
    );
  });
});

describe('the example of docs/language.md', () => {
  it('the PSO with a decreasing inertia weight compiles and runs', async () => {
    const md = readFileSync('docs/language.md', 'utf8');
    const start = md.indexOf('algorithm ldpso(');
    expect(start).toBeGreaterThan(0);
    const src = md.slice(start, md.indexOf('```', start));
    const c = algo('ldpso', 'sphere', 5, {}, { 'doc.opt': src });
    // Gmax generations of N = 40 (w reaches w1 at the end of the budget).
    const { r } = await runCpu(c, { seed: 1, maxEvals: 40040 });
    expect(r.bestFitness).toBeLessThan(1e-8); // 2.5e-106 with seed 1; ~3500 at the start
  });
});

describe('gen is reserved in an algorithm and unknown elsewhere', () => {
  const errors = (src: string, problem = 'p'): string[] => {
    try {
      compileAlgorithm({ algorithm: 'a', problem, dim: 3, sources: { 't.opt': src } });
    } catch (e) {
      if (e instanceof OptError)
        return e.diagnostics.map((d) => `${codeString(d.code)} ${d.message}`);
      throw e;
    }
    throw new Error('expected an error');
  };
  const P = 'problem p(x[D]) in [-1, 1] { sum(i) x[i]^2 }\n';
  const dup = "OPT2002 'gen' is already defined (it is the generation number)";

  it('a parameter, a state, a generation let or an each let named gen is an error', () => {
    expect(errors(P + 'algorithm a(gen = 3) { population X[4] generation { } }')).toEqual([dup]);
    expect(errors(P + 'algorithm a() { population X[4] state gen[4] = 0 generation { } }')).toEqual(
      [dup],
    );
    expect(errors(P + 'algorithm a() { population X[4] generation { let gen = 1 } }')).toEqual([
      dup,
    ]);
    expect(
      errors(
        P +
          'algorithm a() { population X[4] generation { each i in X { let gen = 1\n X[i] = X[i] } } }',
      ),
    ).toEqual([dup]);
  });

  it('an index named gen (a reduction, a vector let, an each) would hide it: ShadowedIndex', () => {
    const shadow = "OPT2008 index 'gen' shadows the generation number: choose another index name";
    expect(
      errors(P + 'algorithm a() { population X[4] generation { let s = sum(gen < 4) f(X[gen]) } }'),
    ).toEqual([shadow]);
    expect(
      errors(
        P +
          'algorithm a() { population X[4] generation { each i in X { let v[gen] = X[i][gen]\n X[i] = v } } }',
      ),
    ).toEqual([shadow]);
    expect(
      errors(
        P + 'algorithm a() { population X[4] generation { each gen in X { X[gen] = X[gen] } } }',
      ),
    ).toEqual([shadow]);
  });

  it('outside the generation (a state initial value) and in a problem, gen is unknown', () => {
    expect(
      errors(P + 'algorithm a() { population X[4] state S[4] = gen generation { } }')[0],
    ).toMatch(/^OPT2001 unknown name 'gen'/);
    expect(() =>
      compileProblem({
        problem: 'q',
        dim: 3,
        sources: { 't.opt': 'problem q(x[D]) { gen * x[0] }' },
      }),
    ).toThrow(/unknown name 'gen'/);
  });
});
