// A box per coordinate (`in [L, U]` with data vectors): the problem's envelope and its vectors,
// the IR's text form, each bound policy at each coordinate's own bounds (against the rules of
// bounds-helpers.ts), the initial population and every stdlib algorithm inside the box, and a
// problem's data named like an algorithm's state array. test/gpu/box-coordinates.gpu.test.ts
// compares the GPU with these runs.

import { describe, expect, it } from 'vitest';
import { CpuAlgoEngine } from '../../src/runtime/algo-cpu.js';
import { outsideBox, runAlgorithm } from '../../src/runtime/run.js';
import { compileProblem } from '../../src/compile/problem.js';
import { boxAt } from '../../src/ir/data.js';
import { inwardFloat32, nextFloat32 } from '../../src/ir/float32.js';
import { parseProgram } from '../../src/ir/parse.js';
import { printProgram } from '../../src/ir/print.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { emitTypeScript } from '../../src/api/emit-ts.js';
import { algo } from './helpers.js';
import { D, RULES, SHOVE_COORDS, hiAt as hi, loAt as lo, shoveOnCpu } from './bounds-helpers.js';

describe('a box per coordinate', () => {
  it('is the envelope in info and the IR, the vectors through box(), and prints and parses', () => {
    const p = compileProblem({ problem: 'slope', dim: D, sources: { 's.opt': SHOVE_COORDS } });
    expect([p.info.lo, p.info.hi]).toEqual([-1 - (D - 1), 2 + (D - 1) / 2]);
    const box = p.box();
    for (let j = 0; j < D; j++) expect(boxAt(box, j)).toEqual([lo(j), hi(j)]);
    expect(p.lowered.coords).toEqual(['L', 'U']);
    const text = printProgram(p.lowered);
    expect(text.split('\n')[0]).toContain('(box -6.0 4.5 (coords L U))');
    expect(printProgram(parseProgram(text))).toBe(text);
    // One side data, the other a number.
    const q = compileProblem({
      problem: 'q',
      dim: 3,
      sources: { 'q.opt': 'data U[i] = 1 + i\nproblem q(x[D]) in [0, U] { x[0] }' },
    });
    expect(q.lowered.coords).toEqual([null, 'U']);
    expect(printProgram(q.lowered).split('\n')[0]).toContain('(box 0.0 3.0 (coords _ U))');
    expect([0, 1, 2].map((j) => boxAt(q.box(), j))).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
    ]);
    expect(outsideBox(q.box(), [0.5, 1.5, 2.5])).toBe(0);
    // Inside the envelope [0, 3], outside coordinate 0's [0, 1].
    expect(outsideBox(q.box(), [1.5, 1.5, 2.5])).toBe(1);
  });

  for (const [name, rule] of Object.entries(RULES))
    it(`${name}: every coordinate as the rule puts it with that coordinate's bounds`, async () => {
      const { X, P } = await shoveOnCpu(name, 3, SHOVE_COORDS);
      let outside = 0;
      for (let k = 0; k < X.length; k++) {
        const i = Math.floor(k / D);
        const j = k % D;
        const x = P[k]! + (i % 2 === 0 ? 7.5 : -7.5) * ((j + 1) / 4);
        if (x < lo(j) || x > hi(j)) outside++;
        expect(X[k]!, `${name} at ${i}, ${j}`).toBeCloseTo(rule(x, P[k]!, lo(j), hi(j)), 12);
      }
      expect(outside).toBeGreaterThan(X.length / 3);
    });

  it('reinit draws a violating coordinate in its own interval; the initial population fills each', async () => {
    const { X } = await shoveOnCpu('reinit', 3, SHOVE_COORDS);
    for (let k = 0; k < X.length; k++) {
      expect(X[k]!).toBeGreaterThanOrEqual(lo(k % D));
      expect(X[k]!).toBeLessThanOrEqual(hi(k % D));
    }
    // The initial population: inside each coordinate's interval and spread over it (64 points).
    const c = algo('de', 'slope', D, { NP: '64' }, { 'shove.opt': SHOVE_COORDS });
    const e = new CpuAlgoEngine(c, 9);
    await runAlgorithm(c, e, { seed: 9, maxGenerations: 0 });
    const X0 = await e.readArray('X');
    for (let j = 0; j < D; j++) {
      const col = Array.from({ length: 64 }, (_, i) => X0[i * D + j]!);
      expect(Math.min(...col)).toBeGreaterThanOrEqual(lo(j));
      expect(Math.max(...col)).toBeLessThanOrEqual(hi(j));
      expect(Math.max(...col) - Math.min(...col)).toBeGreaterThan(0.8 * (hi(j) - lo(j)));
    }
  });
});

describe('the stdlib algorithms keep every point in a box per coordinate', () => {
  // Slope's optimum is the corner (lo_0, ..., lo_5): a point beyond it is better, so greedy
  // selection would keep a point outside its coordinate's interval if one were evaluated.
  const cases: [string, Record<string, string>][] = [
    ['de', {}],
    ['de', { bounds: 'reflect', crossover: 'bin' }],
    ['jde', {}],
    ['gojde', { po: '0.3' }],
    ['pso', {}],
    ['lshade', {}],
    ['sep_cmaes', {}],
    ['ma_sw_chains', {}],
    ['scatter_search', {}],
  ];
  for (const [name, set] of cases)
    it(`${name} ${JSON.stringify(set)}: every row of every population inside after 30 generations`, async () => {
      const c = algo(name, 'slope', D, set, { 'shove.opt': SHOVE_COORDS });
      const e = new CpuAlgoEngine(c, 5);
      const r = await runAlgorithm(c, e, { seed: 5, maxGenerations: 30, maxEvals: 200000 });
      for (const p of c.algo.populations) {
        const X = await e.readArray(p.name);
        for (let k = 0; k < X.length; k++) {
          expect(X[k]!, `${p.name}[${k}]`).toBeGreaterThanOrEqual(lo(k % D));
          expect(X[k]!, `${p.name}[${k}]`).toBeLessThanOrEqual(hi(k % D));
        }
      }
      expect(outsideBox(c.box(), r.bestPoint)).toBe(0);
      // Near the corner: the best is below the envelope's corner value, which an algorithm kept in
      // the envelope [-6, 4.5] but not in each interval could beat only outside the box.
      expect(r.bestFitness).toBeGreaterThanOrEqual(-21);
    });

  it('sep-CMA-ES starts each coordinate with 0.3 times its width', async () => {
    const c = algo('sep_cmaes', 'slope', D, {}, { 'shove.opt': SHOVE_COORDS });
    const e = new CpuAlgoEngine(c, 5);
    await runAlgorithm(c, e, { seed: 5, maxGenerations: 0 });
    const sigma = (await e.readArray('sigma'))[0]!;
    const C = await e.readArray('C');
    const widest = hi(D - 1) - lo(D - 1);
    expect(sigma).toBeCloseTo(0.3 * widest, 12);
    for (let j = 0; j < D; j++)
      expect(sigma * Math.sqrt(C[j]!)).toBeCloseTo(0.3 * (hi(j) - lo(j)), 12);
  });
});

describe("a problem's data named like an algorithm's state", () => {
  it('is its own array: data X beside the population X', async () => {
    const src = `data X[D] = uniform(-1, 1, seed: 3)
problem near(x[D]) in [-5, 5] { sum(i) (x[i] - X[i])^2 }`;
    const c = algo('de', 'near', 4, {}, { 'near.opt': src });
    const e = new CpuAlgoEngine(c, 2);
    const r = await runAlgorithm(c, e, { seed: 2, maxEvals: 20000 });
    expect(r.bestFitness).toBeLessThan(1e-8);
    expect(c.evaluatePoint(r.bestPoint)).toBe(r.bestFitness);
  });
});

describe('bounds rounded inward to float32', () => {
  it('is the float32 nearest on the inside, the bound itself where float32 holds it', () => {
    for (const x of [-32.768, 32.768, -5.12, 5.12, 0.1, -0.1, 1e-40, -1e-40, 123456.789]) {
      const up = inwardFloat32(x, 1);
      const down = inwardFloat32(x, -1);
      expect(Math.fround(up)).toBe(up);
      expect(Math.fround(down)).toBe(down);
      expect(up).toBeGreaterThanOrEqual(x);
      expect(down).toBeLessThanOrEqual(x);
      // Nearest: the float32 one step outward lies beyond x.
      expect(nextFloat32(up, -1)).toBeLessThan(x);
      expect(nextFloat32(down, 1)).toBeGreaterThan(x);
    }
    for (const x of [-100, 100, 0, 0.0625, -600]) {
      expect(inwardFloat32(x, 1)).toBe(x);
      expect(inwardFloat32(x, -1)).toBe(x);
    }
  });

  it("the algorithm's box in the IR: constants and data of their own", () => {
    const src = 'problem corner(x[D]) in [-32.768, 32.768] { sum(i) x[i] }';
    const c = algo('pso', 'corner', 4, {}, { 'corner.opt': src });
    const init = printProgram(c.algo.init[0]!.prog);
    expect(init).toContain(String(inwardFloat32(-32.768, 1)));
    const d = algo('de', 'slope', D, {}, { 'shove.opt': SHOVE_COORDS });
    const text = printProgram(d.algo.init[0]!.prog);
    expect(text).toContain('(data L.inward (6) (inward L up))');
    expect(text).toContain('(data U.inward (6) (inward U down))');
  });
});

describe('examples/pressure_vessel.opt: an engineering design with a range a variable', () => {
  it("DE reaches the best-known cost, 5885.3328 (Coello and Montes 2002), inside each variable's range", async () => {
    const src = readFileSync(join(__dirname, '../../examples/pressure_vessel.opt'), 'utf8');
    const c = algo('de', 'pressure_vessel', 4, {}, { 'pressure_vessel.opt': src });
    const e = new CpuAlgoEngine(c, 1);
    const r = await runAlgorithm(c, e, { seed: 1, maxEvals: 40000 });
    expect(outsideBox(c.box(), r.bestPoint)).toBe(0);
    expect(r.bestFitness).toBeGreaterThan(5885.33);
    expect(r.bestFitness).toBeLessThan(5885.34);
    // The length at its upper bound, 200, which the box (not the penalty) holds.
    expect(r.bestPoint[3]).toBeCloseTo(200, 6);
  });

  it("opt compile --emit ts gives each variable's range beside the envelope", () => {
    const ts = emitTypeScript({
      name: 'pressure_vessel',
      dim: 4,
      file: join(__dirname, '../../examples/pressure_vessel.opt'),
    });
    const info = ts.slice(ts.indexOf('export const info = ') + 'export const info = '.length);
    const json = JSON.parse(info.slice(0, info.indexOf(' as const')));
    expect(json).toMatchObject({
      lo: 0,
      hi: 200,
      lower: [0, 0, 10, 10],
      upper: [99, 99, 200, 200],
    });
  });
});
