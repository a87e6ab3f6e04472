// CEC 2010 large-scale (stdlib/problems/cec2010.opt) on the CPU backend (float64):
//  - java.util.Random (src/rng/jrandom.ts) against outputs of OpenJDK 17's java.util.Random;
//  - the jrandom_ data generators: their streams, chaining (`after:`), shapes and errors;
//  - F1..F20 at D = 1000 and seed 001's nine at D = 100,000 against the official C++ code's values
//    (../shared/data/reference/cec2010_official_values.json): relative error below 1e-10;
//  - f = 0 at every optimum (the declared one, and F13's, built here);
//  - D = 3,000,000 (seed 001's largest): F4 and F18 compile and evaluate, and agree with an
//    independent computation on OpenJDK's own java.util.Random.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileProblem, OptError } from '../src/api.js';
import { dataRoot } from '../src/ir/datafiles.js';
import { parseProgram } from '../src/ir/parse.js';
import { printProgram } from '../src/ir/print.js';
import { validate } from '../src/ir/validate.js';
import { JRandom, cec2010Permutation, cec2010Rotation, cec2010Shift } from '../src/rng/jrandom.js';

const ref = JSON.parse(
  readFileSync(join(dataRoot(), 'reference', 'cec2010_official_values.json'), 'utf8'),
) as Record<string, { point: string; value: number }[]>;

const ALL = Array.from({ length: 20 }, (_, k) => k + 1);
const SEED001 = [1, 2, 3, 4, 6, 8, 13, 18, 20];

/** The diagnostics' text of a compilation that must fail. */
function errorOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof OptError)
      return e.diagnostics.map((d) => `OPT${d.code} ${d.message}`).join('\n');
    throw e;
  }
  throw new Error('expected an error');
}

describe('java.util.Random (jrandom.ts) against OpenJDK 17', () => {
  // java -version: openjdk 17.0.15; the values below are what its java.util.Random printed.
  it('new Random(0): nextInt, nextDouble, nextGaussian (the seed scrambled)', () => {
    expect(new JRandom(0).nextInt()).toBe(-1155484576);
    expect(new JRandom(0).nextDouble()).toBe(0.730967787376657);
    expect(new JRandom(0).nextGaussian()).toBe(0.8025330637390305);
  });

  it('new Random(12345): next(32) twice (nextLong), nextInt(100), nextInt(64), nextDouble, two Gaussians, nextInt', () => {
    const r = new JRandom(12345);
    r.next(32);
    r.next(32);
    expect(r.nextInt(100)).toBe(41);
    expect(r.nextInt(64)).toBe(58); // the power-of-two case
    expect(r.nextDouble()).toBe(0.8330913489710237);
    expect(r.nextGaussian()).toBe(-0.7423811735009279);
    expect(r.nextGaussian()).toBe(-1.1314969851204533); // the cached second value
    expect(r.nextInt()).toBe(1499439034);
    const n = new JRandom(-42); // a negative long seed
    expect([n.nextInt(), n.nextGaussian()]).toEqual([1170874531, -0.7340414733181934]);
  });

  // The official CEC 2010 code starts from the raw state 0: Java's new Random(0x5DEECE66DL).
  it('the raw state 0 (JRandom.fromState(0)) is new Random(0x5DEECE66DL)', () => {
    const r = JRandom.fromState(0);
    expect([1, 2, 3, 4, 5].map(() => r.nextInt())).toEqual([
      0, 4232237, 178803790, 758674372, 1565954732,
    ]);
    const g = JRandom.fromState(0);
    expect([1, 2, 3, 4, 5].map(() => g.nextGaussian())).toEqual([
      -0.24556064950000045, -0.7394188292619277, 0.1574777552730396, -1.5707675478955068,
      0.7379317289389747,
    ]);
    const q = JRandom.fromState(0);
    expect(
      [1000, 100000, 3000000, 1024, 1, 7, 2 ** 30, 2147483647].map((n) => q.nextInt(n)),
    ).toEqual([0, 16118, 2401895, 180, 0, 5, 99103844, 1046291021]);
    const d = JRandom.fromState(0);
    expect([d.nextDouble(), d.nextDouble()]).toEqual([1.4683476656784933e-11, 0.0416310008860028]);
  });

  it('nextInt(n) rejects the incomplete last range (n = 2^30 + 1: about half the draws)', () => {
    const r = JRandom.fromState(0);
    expect(Array.from({ length: 8 }, () => r.nextInt(2 ** 30 + 1))).toEqual([
      0, 2116118, 89401895, 379337186, 782977366, 196130996, 198207689, 1046291021,
    ]);
    // 100,000 draws of nextInt(1000), then nextInt(): OpenJDK gives 49848980 and -136844412.
    const s = JRandom.fromState(0);
    let sum = 0;
    for (let i = 0; i < 100000; i++) sum += s.nextInt(1000);
    expect([sum, s.nextInt()]).toEqual([49848980, -136844412]);
  });

  it('nextIntPairs draws what the calls one by one draw (k != j), state included', () => {
    for (const n of [2, 3, 1000, 2 ** 30 + 1, 1024]) {
      const a = JRandom.fromState(7);
      const b = JRandom.fromState(7);
      const js = new Int32Array(500);
      const ks = new Int32Array(500);
      a.nextIntPairs(n, js, ks, 500);
      for (let t = 0; t < 500; t++) {
        const j = b.nextInt(n);
        let k: number;
        do k = b.nextInt(n);
        while (k === j);
        expect([js[t], ks[t]]).toEqual([j, k]);
      }
      expect(a.state).toBe(b.state);
    }
  });

  it('state, fromState, clone (the cached Gaussian travels)', () => {
    const r = JRandom.fromState(2 ** 48 - 1);
    expect(r.state).toBe(2 ** 48 - 1);
    expect(new JRandom(0).state).toBe(0x5deece66d);
    r.nextGaussian();
    const c = r.clone();
    expect(c.nextGaussian()).toBe(r.nextGaussian());
    expect(c.nextInt()).toBe(r.nextInt());
    expect(JRandom.fromState(-1).state).toBe(2 ** 48 - 1); // a Java long's low 48 bits
    expect(() => JRandom.fromState(0.5)).toThrow();
    expect(() => r.nextInt(0)).toThrow();
  });
});

describe('the CEC 2010 generators', () => {
  it('a shift is filled from the last element down, redrawn until inside [lo, hi]', () => {
    // The first Gaussians of the raw state 0: -0.2456, -0.7394, 0.1575, -1.5708, 0.7379.
    const o = cec2010Shift(JRandom.fromState(0), 3, -100, 100);
    expect(Array.from(o)).toEqual([
      0.1574777552730396 * 100,
      -0.7394188292619277 * 100,
      -0.24556064950000045 * 100,
    ]);
    // [-5, 5] around 0 with half-width 5: -1.5708 * 5 is inside; with [-1, 1] it is redrawn.
    const t = cec2010Shift(JRandom.fromState(0), 4, -1, 1);
    expect(t[3]).toBe(-0.24556064950000045);
    expect(t[0]).toBe(0.7379317289389747); // -1.5708 was outside [-1, 1]: redrawn
    const big = cec2010Shift(JRandom.fromState(0), 100000, -100, 99);
    expect(Math.min(...big)).toBeGreaterThanOrEqual(-100);
    expect(Math.max(...big)).toBeLessThanOrEqual(99);
  });

  it('a permutation is a permutation of 0..D-1 (and the identity at D = 1)', () => {
    const p = cec2010Permutation(JRandom.fromState(0), 1000);
    expect([...p].sort((a, b) => a - b)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect(Array.from(cec2010Permutation(JRandom.fromState(0), 1))).toEqual([0]);
  });

  it('a rotation is orthogonal', () => {
    const m = 50;
    const M = cec2010Rotation(JRandom.fromState(0), m);
    let worst = 0;
    for (let i = 0; i < m; i++)
      for (let j = 0; j < m; j++) {
        let s = 0;
        for (let k = 0; k < m; k++) s += M[i * m + k]! * M[j * m + k]!;
        worst = Math.max(worst, Math.abs(s - (i === j ? 1 : 0)));
      }
    expect(worst).toBeLessThan(1e-13);
  });

  it('jrandom_ data continue one stream with after:, the cached Gaussian included', () => {
    const body = `
data o[D] = jrandom_shift(-100, 100)
data P[D] = jrandom_permutation(after: o)
data M[4][2] = jrandom_rotation(after: P)
data o2[D] = jrandom_shift(-100, 100, seed: 5)
problem use(x[D]) in [-1, 1] optimum 0 { sum(i) (x[i] - o[i] - P[i] - M[0][0] - o2[i])^2 }`;
    const p = compileProblem({ sources: { 'gen.opt': body }, problem: 'use', dim: 7 });
    const r = JRandom.fromState(0);
    expect(Array.from(p.data('o'))).toEqual(Array.from(cec2010Shift(r, 7, -100, 100)));
    expect(Array.from(p.data('P'))).toEqual(Array.from(cec2010Permutation(r, 7)));
    const M = new Float64Array(8);
    M.set(cec2010Rotation(r, 2), 0);
    M.set(cec2010Rotation(r, 2), 4); // two 2 x 2 rotations, one after the other
    expect(Array.from(p.data('M'))).toEqual(Array.from(M));
    expect(Array.from(p.data('o2'))).toEqual(
      Array.from(cec2010Shift(JRandom.fromState(5), 7, -100, 100)),
    );
    // The IR prints and parses back, (jshift lo hi FROM) with FROM a seed or a data name.
    const text = printProgram(p.lowered);
    expect(text).toContain('(jperm o)');
    expect(text).toContain('(jshift -100.0 100.0 5)');
    const back = parseProgram(text);
    expect(printProgram(back)).toBe(text);
    expect(back).toEqual(p.lowered);
    validate(back, 'parsed');
  });

  it('after a shift of one element the cached second Gaussian starts the rotation', () => {
    // shift(D = 1) draws the pair (g1, g2) and uses g1; the rotation's last row starts with g2,
    // g3, ...: only normalised (no row below it), so M[1][1] / M[1][0] = g2 / g3.
    const body = `
data o[D] = jrandom_shift(-100, 100)
data M[2][2] = jrandom_rotation(after: o)
problem use(x[D]) in [-1, 1] optimum 0 { sum(i) (x[i] - o[i] - M[i][i])^2 }`;
    const p = compileProblem({ sources: { 'gen.opt': body }, problem: 'use', dim: 1 });
    const M = p.data('M');
    expect(M[3]! / M[2]!).toBeCloseTo(-0.7394188292619277 / 0.1574777552730396, 14);
  });

  it('bad arguments are errors that say what is wrong', () => {
    const bad = (body: string) =>
      errorOf(() =>
        compileProblem({
          sources: {
            'bad.opt': `${body}
problem use(x[D]) in [-1, 1] optimum 0 { sum(i) (x[i] - q[0])^2 }`,
          },
          problem: 'use',
          dim: 4,
        }),
      );
    expect(bad('data q[D] = jrandom_shift(1, -1)')).toMatch(/OPT4026 .*lo <= hi/);
    expect(bad('data q[D] = jrandom_shift(1)')).toMatch(/OPT2005/);
    expect(bad('data q[D] = jrandom_permutation(sed: 1)')).toMatch(/OPT2006 .*seed, after/);
    expect(bad('data q[D] = jrandom_shift(0, 1, seed: 281474976710656)')).toMatch(
      /OPT4023 .*48-bit state/,
    );
    expect(bad('data q[D] = jrandom_shift(0, 1, seed: -1)')).toMatch(/OPT4017/);
    expect(
      bad('data o[D] = jrandom_shift(0, 1)\ndata q[D] = jrandom_permutation(seed: 1, after: o)'),
    ).toMatch(/OPT4022 .*not both/);
    expect(bad('data q[D] = jrandom_permutation(after: oo)')).toMatch(/OPT2001 .*'oo'/);
    expect(bad('data o[D] = uniform(0, 1)\ndata q[D] = jrandom_permutation(after: o)')).toMatch(
      /OPT4025 .*'o' is not drawn by jrandom_shift/,
    );
    expect(bad('data q[D] = jrandom_permutation(after: 3)')).toMatch(/OPT4024 .*after: takes/);
    expect(bad('data q[D] = jrandom_permutation(after: q)')).toMatch(/OPT4008/);
    expect(bad('data q[D][2] = jrandom_permutation()')).toMatch(/OPT4020 .*vector/);
    expect(bad('data q[D][D] = jrandom_shift(0, 1)')).toMatch(/OPT4020 .*vector/);
    expect(bad('data q[5][2] = jrandom_rotation()')).toMatch(/OPT4021 .*rotation/);
    expect(bad('data q[D] = jrandom_rotation()')).toMatch(/OPT4021 .*rotation/);
  });
});

describe('CEC 2010 against the official code', () => {
  const cases: [number, number][] = [
    ...ALL.map((f): [number, number] => [f, 1000]),
    ...SEED001.map((f): [number, number] => [f, 100000]),
  ];
  it.each(cases)('cec2010_f%i at D = %i', (f, D) => {
    const p = compileProblem({ problem: `cec2010_f${f}`, dim: D });
    const c = ref[`cec2010_f${f}_d${D}`]!;
    expect(c).toHaveLength(1);
    expect(c[0]!.point).toBe('zeros');
    const [v] = p.evaluateCpu([new Float64Array(D)]);
    expect(Math.abs(v! - c[0]!.value) / Math.abs(c[0]!.value)).toBeLessThan(1e-10);
    // f = 0 at the optimum (F13 declares none: below).
    expect(p.info.optimum).toBe(0);
    if (f === 13) expect(p.info.optimumPoint).toBeNull();
    else expect(p.evaluateCpu([p.info.optimumPoint!])[0]).toBeCloseTo(0, 6);
  });

  it.each([1000, 1050, 100000])(
    'F13 is 0 at o + 1 on the groups P[0 .. 50 idiv(D, 100) - 1], o elsewhere (D = %i)',
    (D) => {
      const p = compileProblem({ problem: 'cec2010_f13', dim: D });
      const o = p.data('cec2010_o13');
      const P = p.data('cec2010_P13');
      const x = Float64Array.from(o);
      for (let i = 0; i < 50 * Math.floor(D / 100); i++) x[P[i]!]! += 1;
      expect(p.evaluateCpu([x])[0]).toBeCloseTo(0, 6);
      expect(p.evaluateCpu([o])[0]).toBeGreaterThan(1);
    },
  );

  it('F8: the declared optimum is o + 1 on P[0..49], o elsewhere', () => {
    const p = compileProblem({ problem: 'cec2010_f8', dim: 1000 });
    const o = p.data('cec2010_o8');
    const P = p.data('cec2010_P8');
    const x = Float64Array.from(o);
    for (let i = 0; i < 50; i++) x[P[i]!]! += 1;
    expect(p.info.optimumPoint).toEqual(Array.from(x));
  });

  it('every function has its own stream from the state 0: F1 and F4 share o, F8 draws in [-100, 99]', () => {
    const o1 = compileProblem({ problem: 'cec2010_f1', dim: 100 }).data('cec2010_o1');
    const o4 = compileProblem({ problem: 'cec2010_f4', dim: 100 }).data('cec2010_o4');
    const o8 = compileProblem({ problem: 'cec2010_f8', dim: 100 }).data('cec2010_o8');
    expect(Array.from(o4)).toEqual(Array.from(o1));
    expect(o1[99]).toBe(-0.24556064950000045 * 100);
    expect(o8[99]).toBe(-0.5 + -0.24556064950000045 * 99.5);
  });

  it('dimensions the grouped functions need are errors (OPT4011)', () => {
    expect(errorOf(() => compileProblem({ problem: 'cec2010_f4', dim: 50 }))).toMatch(
      /OPT4011 .*cec2010_f4.* D > 50, and D = 50/,
    );
    expect(errorOf(() => compileProblem({ problem: 'cec2010_f11', dim: 99 }))).toMatch(
      /OPT4011 .*D >= 100, and D = 99/,
    );
    expect(errorOf(() => compileProblem({ problem: 'cec2010_f16', dim: 49 }))).toMatch(
      /OPT4011 .*D >= 50, and D = 49/,
    );
    // The separable ones exist at any D.
    expect(
      compileProblem({ problem: 'cec2010_f20', dim: 2 }).evaluateCpu([[0, 0]])[0],
    ).toBeGreaterThan(0);
  });
});

// Seed 001's largest dimension. The values were computed with OpenJDK 17's java.util.Random
// (new Random(0x5DEECE66DL), the raw state 0) by a separate Java port of createShiftVector,
// createPermVector, createRotMatrix and F4/F18 (the same Java port gives the official values at
// D = 100,000 to 1.3e-15). Drawing o and P takes about 1-2 s (docs/problems.md).
describe('D = 3,000,000', () => {
  it('F4 and F18 compile, build their data and evaluate F(0) as java.util.Random gives', () => {
    const D = 3_000_000;
    const f4 = compileProblem({ problem: 'cec2010_f4', dim: D });
    expect(f4.data('cec2010_o4')[0]).toBe(52.87222834011388);
    expect(f4.data('cec2010_o4')[D - 1]).toBe(-24.556064950000046);
    expect(f4.data('cec2010_P4')[0]).toBe(1484859);
    expect(f4.data('cec2010_P4')[D - 1]).toBe(1366825);
    expect(f4.data('cec2010_M4')[0]).toBe(0.01090955174258367);
    expect(f4.data('cec2010_M4')[2499]).toBe(-6.262545940583722e-5);
    const [v4, atO] = f4.evaluateCpu([new Float64Array(D), f4.data('cec2010_o4')]);
    expect(Math.abs(v4! / 9.60014997420737e15 - 1)).toBeLessThan(1e-10);
    expect(atO).toBe(0);
    const f18 = compileProblem({ problem: 'cec2010_f18', dim: D });
    expect(f18.data('cec2010_o18')[0]).toBe(52.10786719841331);
    const [v18] = f18.evaluateCpu([new Float64Array(D)]);
    expect(Math.abs(v18! / 4.748324427435563e15 - 1)).toBeLessThan(1e-10);
  }, 120_000);
});
