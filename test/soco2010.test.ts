// The SOCO 2010 functions F1..F19 and the CEC 2008 F1..F6 (stdlib/problems/soco2010.opt) on the
// float64 CPU backend. There are no official reference values for these suites, so the tests check
// what does not depend on the port:
//  (a) the declarations: box (seed 003 Table 1), f* (the bias of f_bias.txt for F1..F6, 0 for
//      F7..F19), the optimum point (the shift data) and f(x*) = f* at D = 50, 100, 1000, and at
//      small and odd D for the hybrids;
//  (b) an independent TypeScript implementation below, written from the formulas of the SOCO code
//      (funsoft.cpp) and reading the data files itself, agrees at random points to 1e-12 relative;
//  (c) each hybrid equals the sum of its parts for a split written out by hand (D = 7, 8), each
//      part evaluated by another stdlib problem;
//  (d) D > 1000 (the files hold 1000 values) is an error naming the file;
//  (e) the suites' own data: CEC 2008 reads its 9-digit files, SOCO its full-precision ones.
//
// Tolerance of (b): 1e-12 relative. Both sides compute in float64 with the same Math functions;
// only the order of summation (and of products, and sqrt(sqrt) against pow) differs: a few ulps
// times the number of terms, below 1e-13 at D = 1000 for these sums of positive terms.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileProblem, OptError } from '../src/api.js';
import { dataRoot } from '../src/ir/datafiles.js';
import { rng } from './rng.js';

// ---------------------------------------------------------------------------------------------
// Data, read independently of the compiler.

const vec = (rel: string): number[] =>
  readFileSync(join(dataRoot(), rel), 'utf8')
    .split(/\s+/)
    .filter((t) => t.length > 0)
    .map(Number);

const SOCO_FILES: Record<number, string> = {
  1: 'soco2010/sphere_data.txt',
  2: 'soco2010/schwefel_data.txt',
  3: 'soco2010/rosenbrock_data.txt',
  4: 'soco2010/rastrigin_data.txt',
  5: 'soco2010/griewank_data.txt',
  6: 'soco2010/ackley_data.txt',
  7: 'soco2010/data_shif_schwefels_222.txt',
  8: 'soco2010/data_shif_schwefels_12.txt',
  9: 'soco2010/data_shif_extendedf10.txt',
  10: 'soco2010/data_shif_bohachevsky.txt',
  11: 'soco2010/data_shif_schaffer.txt',
  15: 'soco2010/f15.txt',
  19: 'soco2010/f19.txt',
};
const CEC_FILES: Record<number, string> = {
  1: 'cec2008/sphere_shift_func_data.txt',
  2: 'cec2008/schwefel_shift_func_data.txt',
  3: 'cec2008/rosenbrock_shift_func_data.txt',
  4: 'cec2008/rastrigin_shift_func_data.txt',
  5: 'cec2008/griewank_shift_func_data.txt',
  6: 'cec2008/ackley_shift_func_data.txt',
};
const socoShift: Record<number, number[]> = Object.fromEntries(
  Object.entries(SOCO_FILES).map(([k, f]) => [k, vec(f)]),
);
const cecShift: Record<number, number[]> = Object.fromEntries(
  Object.entries(CEC_FILES).map(([k, f]) => [k, vec(f)]),
);
const BIAS = vec('soco2010/f_bias.txt');

// Seed 003 Table 1 (= the SOCO code's functionsDomainBounds): the box is [-b, b].
const BOUND = [
  100, 100, 100, 5, 600, 32, 10, 65.536, 100, 15, 100, 100, 100, 5, 10, 100, 100, 5, 10,
];
const FSTAR = [-450, -450, 390, -330, -180, -140, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

// ---------------------------------------------------------------------------------------------
// Independent implementation, straight from the formulas (0-based arrays).

const sq = (v: number) => v * v;
const sumOf = (a: number[], f: (v: number, i: number) => number) =>
  a.reduce((s, v, i) => s + f(v, i), 0);
const sub = (x: number[], o: number[]) => x.map((v, i) => v - o[i]!);

const sphereF = (z: number[]) => sumOf(z, (v) => v * v);
const rosenbrockF = (w: number[]) => {
  // w = x - o + 1 (minimum at w = 1)
  let s = 0;
  for (let i = 0; i + 1 < w.length; i++) s += 100 * sq(sq(w[i]!) - w[i + 1]!) + sq(w[i]! - 1);
  return s;
};
const rastriginF = (z: number[]) => sumOf(z, (v) => v * v - 10 * Math.cos(2 * Math.PI * v) + 10);
const griewankF = (z: number[]) => {
  let s = 0;
  let p = 1;
  z.forEach((v, i) => {
    s += (v * v) / 4000;
    p *= Math.cos(v / Math.sqrt(i + 1));
  });
  return s - p + 1;
};
const ackleyF = (z: number[]) => {
  const n = z.length;
  const s1 = sumOf(z, (v) => v * v);
  const s2 = sumOf(z, (v) => Math.cos(2 * Math.PI * v));
  return -20 * Math.exp(-0.2 * Math.sqrt(s1 / n)) - Math.exp(s2 / n) + 20 + Math.E;
};
const schwefel222F = (z: number[]) => {
  let s = 0;
  let p = 1;
  for (const v of z) {
    s += Math.abs(v);
    p *= Math.abs(v);
  }
  return s + p;
};
const schwefel12F = (z: number[]) => {
  let c = 0;
  let s = 0;
  for (const v of z) {
    c += v;
    s += c * c;
  }
  return s;
};
const f10 = (a: number, b: number) => {
  const p = a * a + b * b;
  return Math.pow(p, 0.25) * (sq(Math.sin(50 * Math.pow(p, 0.1))) + 1);
};
const extF10 = (z: number[]) => {
  // cyclic; an empty part counts 0
  let s = 0;
  for (let i = 0; i < z.length; i++) s += f10(z[i]!, z[(i + 1) % z.length]!);
  return s;
};
const schafferF = (z: number[]) => {
  let s = 0;
  for (let i = 0; i + 1 < z.length; i++) s += f10(z[i]!, z[i + 1]!);
  return s;
};
const bohachevskyF = (z: number[]) => {
  let s = 0;
  for (let i = 0; i + 1 < z.length; i++)
    s +=
      sq(z[i]!) +
      2 * sq(z[i + 1]!) -
      0.3 * Math.cos(3 * Math.PI * z[i]!) -
      0.4 * Math.cos(4 * Math.PI * z[i + 1]!) +
      0.7;
  return s;
};

/** The SOCO split (divideFunctions): part 1 gets the fraction m, interleaved with part 2. */
function divide(z: number[], m: number): [number[], number[]] {
  const D = z.length;
  const swap = m > 0.5;
  const shared = Math.floor(D * (swap ? 1 - m : m));
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < shared; i++) {
    a.push(z[2 * i]!);
    b.push(z[2 * i + 1]!);
  }
  const rest = swap ? a : b;
  for (let i = 2 * shared; i < D; i++) rest.push(z[i]!);
  return [a, b];
}

function reference(f: number, x: number[], o: Record<number, number[]> = socoShift): number {
  const D = x.length;
  const s = (k: number) => o[k]!.slice(0, D);
  switch (f) {
    case 1:
      return sphereF(sub(x, s(1))) + BIAS[0]!;
    case 2: {
      // The code's Schwefel_Problem: |x_0| unshifted, then |x_i - o_i|.
      let m = Math.abs(x[0]!);
      for (let i = 1; i < D; i++) m = Math.max(m, Math.abs(x[i]! - o[2]![i]!));
      return m + BIAS[1]!;
    }
    case 3:
      return rosenbrockF(x.map((v, i) => v - o[3]![i]! + 1)) + BIAS[2]!;
    case 4:
      return rastriginF(sub(x, s(4))) + BIAS[3]!;
    case 5:
      return griewankF(sub(x, s(5))) + BIAS[4]!;
    case 6:
      return ackleyF(sub(x, s(6))) + BIAS[5]!;
    case 7:
      return schwefel222F(sub(x, s(7)));
    case 8:
      return schwefel12F(sub(x, s(8)));
    case 9:
      return extF10(sub(x, s(9)));
    case 10:
      return bohachevskyF(sub(x, s(10)));
    case 11:
      return schafferF(sub(x, s(11)));
  }
  // Hybrids: split x, then the second function shifted by the first entries of its own data.
  const M: Record<number, number> = { 12: 0.25, 13: 0.25, 14: 0.25, 15: 0.25, 16: 0.5 };
  const m = M[f] ?? 0.75;
  if (f === 15 || f === 19) {
    const [a, b] = divide(sub(x, s(f)), m);
    return bohachevskyF(a) + schwefel222F(b);
  }
  const [a, b] = divide(x, m);
  const second = (k: number) => b.map((v, i) => v - socoShift[k]![i]!);
  if (f === 12 || f === 16) return extF10(a) + sphereF(second(1));
  if (f === 13 || f === 17) return extF10(a) + rosenbrockF(second(3).map((v) => v + 1));
  return extF10(a) + rastriginF(second(4));
}

// ---------------------------------------------------------------------------------------------

type Compiled = ReturnType<typeof compileProblem>;
const cache = new Map<string, Compiled>();
function problem(name: string, dim: number): Compiled {
  const key = `${name}@${dim}`;
  let p = cache.get(key);
  if (!p) cache.set(key, (p = compileProblem({ problem: name, dim })));
  return p;
}
const evalAt = (name: string, x: number[]) => problem(name, x.length).evaluateCpu([x])[0]!;

function expectRel(actual: number, expected: number, rel: number, what: string): void {
  if (Object.is(actual, expected)) return;
  const err = Math.abs(actual - expected);
  const tol = rel * Math.max(Math.abs(actual), Math.abs(expected), 1e-300);
  if (!(err <= tol))
    expect.fail(`${what}: got ${actual}, expected ${expected} (|diff| ${err} > ${tol})`);
}

function randomPoint(D: number, b: number, r: () => number): number[] {
  return Array.from({ length: D }, () => -b + 2 * b * r());
}

const F = Array.from({ length: 19 }, (_, k) => k + 1);
const HYBRIDS = [12, 13, 14, 15, 16, 17, 18, 19];

// ---------------------------------------------------------------------------------------------
// (a) declarations and the optimum

describe('data and biases', () => {
  it('f_bias.txt holds the six CEC 2008 biases', () => {
    expect(BIAS).toEqual([-450, -450, 390, -330, -180, -140]);
  });
  it('every shift file holds 1000 values', () => {
    for (const v of [...Object.values(socoShift), ...Object.values(cecShift)])
      expect(v).toHaveLength(1000);
  });
});

describe.each(F)('soco2010_f%i: box, f*, x* and f(x*) = f*', (f) => {
  const dims = HYBRIDS.includes(f) ? [4, 7, 8, 9, 50, 100, 999, 1000] : [1, 2, 7, 50, 100, 1000];
  it.each(dims)('D = %i', (D) => {
    const p = problem(`soco2010_f${f}`, D);
    expect(p.info.lo).toBe(-BOUND[f - 1]!);
    expect(p.info.hi).toBe(BOUND[f - 1]!);
    expect(p.info.optimum).toBe(f <= 6 ? BIAS[f - 1]! : FSTAR[f - 1]!);
    const xs = p.info.optimumPoint!;
    expect(xs).toHaveLength(D);
    // The optimum is the shift (F2: with 0 for the unshifted first coordinate; hybrids: the shift
    // of the second function at its part's coordinates, 0 at Extended f10's).
    if (f !== 2 && f <= 11) expect(xs).toEqual(socoShift[f]!.slice(0, D));
    if (f === 2) expect(xs).toEqual([0, ...socoShift[2]!.slice(1, D)]);
    if (f === 15 || f === 19) expect(xs).toEqual(socoShift[f]!.slice(0, D));
    const [atOpt] = p.evaluateCpu([xs]);
    // Exact in float64 for all of them (z = 0 exactly; Ackley's 20 + e - 20 - e happens to cancel).
    expect(Math.abs(atOpt! - p.info.optimum)).toBeLessThanOrEqual(1e-12 * Math.abs(p.info.optimum));
    expect(reference(f, xs)).toBeCloseTo(p.info.optimum, 12);
  });
});

describe.each([1, 2, 3, 4, 5, 6])('cec2008_f%i: box, f*, x* and f(x*) = f*', (f) => {
  it.each([1, 7, 50, 100, 1000])('D = %i', (D) => {
    const p = problem(`cec2008_f${f}`, D);
    expect(p.info.lo).toBe(-BOUND[f - 1]!);
    expect(p.info.hi).toBe(BOUND[f - 1]!);
    expect(p.info.optimum).toBe(BIAS[f - 1]);
    const o = cecShift[f]!.slice(0, D);
    expect(p.info.optimumPoint).toEqual(f === 2 ? [0, ...o.slice(1)] : o);
    const [atOpt] = p.evaluateCpu([p.info.optimumPoint!]);
    expect(Math.abs(atOpt! - p.info.optimum)).toBeLessThanOrEqual(1e-12 * Math.abs(p.info.optimum));
  });
});

describe('F2 keeps the official code’s unshifted first coordinate', () => {
  it.each(['soco2010_f2', 'cec2008_f2'])('%s at the shift o is |o_1| - 450, not -450', (name) => {
    const o = (name.startsWith('soco') ? socoShift : cecShift)[2]!.slice(0, 100);
    const [atO, atX] = problem(name, 100).evaluateCpu([o, [0, ...o.slice(1)]]);
    expect(atO).toBe(Math.abs(o[0]!) - 450);
    expect(atX).toBe(-450);
    // Moving x_1 away from 0 (not from o_1) raises it once |x_1| is the largest term.
    const x = [...o];
    x[0] = 1000;
    expect(evalAt(name, x)).toBe(1000 - 450);
  });
});

describe('hybrids at the smallest D', () => {
  // floor(m D) = 0 empties a part: an empty Extended f10 or shifted part counts 0; F19's empty
  // Schwefel 2.22 part is the empty product 1 (the code's prod = 1.0), so its f* is 1 there.
  it.each([1, 2, 3])('D = %i', (D) => {
    for (const f of HYBRIDS) {
      const p = problem(`soco2010_f${f}`, D);
      const fstar = f === 19 ? 1 : 0;
      expect(p.info.optimum).toBe(fstar);
      expect(p.evaluateCpu([p.info.optimumPoint!])[0]).toBe(fstar);
      const x = randomPoint(D, BOUND[f - 1]!, rng(40 + D * 19 + f));
      expectRel(evalAt(`soco2010_f${f}`, x), reference(f, x), 1e-12, `F${f} D=${D}`);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// (b) against the independent implementation

describe.each(F)('soco2010_f%i against the independent implementation', (f) => {
  it.each([2, 7, 8, 50, 1000])('D = %i, random points in the box and near x*', (D) => {
    const r = rng(1000 * f + D);
    const b = BOUND[f - 1]!;
    const xs = problem(`soco2010_f${f}`, D).info.optimumPoint!;
    const points = [
      ...Array.from({ length: 4 }, () => randomPoint(D, b, r)),
      // near the optimum, where the value is small and cancellation would show
      xs.map((v) => v + 1e-3 * b * (2 * r() - 1)),
    ];
    const got = problem(`soco2010_f${f}`, D).evaluateCpu(points);
    points.forEach((x, k) => expectRel(got[k]!, reference(f, x), 1e-12, `F${f} D=${D} point ${k}`));
  });
});

describe.each([1, 2, 3, 4, 5, 6])('cec2008_f%i against the independent implementation', (f) => {
  it.each([2, 7, 50, 1000])('D = %i', (D) => {
    const r = rng(7000 + 1000 * f + D);
    const points = Array.from({ length: 4 }, () => randomPoint(D, BOUND[f - 1]!, r));
    const got = problem(`cec2008_f${f}`, D).evaluateCpu(points);
    points.forEach((x, k) =>
      expectRel(got[k]!, reference(f, x, cecShift), 1e-12, `CEC F${f} D=${D} point ${k}`),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// (c) the hybrid split by hand: part 1 and part 2 as index lists, each part evaluated by another
// stdlib problem (so neither the split nor the formulas come from the code under test).

describe('hybrids equal the sum of their parts (split by hand)', () => {
  // divideFunctions, written out: with s = floor(min(m, 1 - m) D) shared coordinates.
  const SPLIT: Record<string, [number[], number[]]> = {
    'D=8 m=0.25': [
      [0, 2],
      [1, 3, 4, 5, 6, 7],
    ],
    'D=8 m=0.5': [
      [0, 2, 4, 6],
      [1, 3, 5, 7],
    ],
    'D=8 m=0.75': [
      [0, 2, 4, 5, 6, 7],
      [1, 3],
    ],
    'D=7 m=0.25': [[0], [1, 2, 3, 4, 5, 6]],
    'D=7 m=0.5': [
      [0, 2, 4],
      [1, 3, 5, 6],
    ],
    'D=7 m=0.75': [[0, 2, 3, 4, 5, 6], [1]],
  };
  const M: Record<number, string> = {
    12: '0.25',
    13: '0.25',
    14: '0.25',
    15: '0.25',
    16: '0.5',
    17: '0.75',
    18: '0.75',
    19: '0.75',
  };
  // Each part through a stdlib problem: the unshifted Extended f10 is soco2010_f9 at z + o9; the
  // shifted second functions are soco2010_f1 / f3 / f4 (same data, same first entries) minus their
  // bias; Bohachevsky is soco2010_f10 at z + o10; Schwefel 2.22 is the classic schwefel_2_22.
  const ext = (z: number[]) =>
    evalAt(
      'soco2010_f9',
      z.map((v, i) => v + socoShift[9]![i]!),
    );
  const boha = (z: number[]) =>
    evalAt(
      'soco2010_f10',
      z.map((v, i) => v + socoShift[10]![i]!),
    );
  const part2: Record<number, (x: number[]) => number> = {
    12: (x) => evalAt('soco2010_f1', x) + 450,
    16: (x) => evalAt('soco2010_f1', x) + 450,
    13: (x) => evalAt('soco2010_f3', x) - 390,
    17: (x) => evalAt('soco2010_f3', x) - 390,
    14: (x) => evalAt('soco2010_f4', x) + 330,
    18: (x) => evalAt('soco2010_f4', x) + 330,
  };
  for (const D of [7, 8])
    it.each(HYBRIDS)(`F%i at D = ${D}`, (f) => {
      const [p1, p2] = SPLIT[`D=${D} m=${M[f]}`]!;
      expect([...p1, ...p2].sort((a, b) => a - b)).toEqual([...Array(D).keys()]);
      const r = rng(31 * f + D);
      const b = BOUND[f - 1]!;
      for (let t = 0; t < 3; t++) {
        const x = randomPoint(D, b, r);
        let expected: number;
        if (f === 15 || f === 19) {
          const z = x.map((v, i) => v - socoShift[f]![i]!);
          expected =
            boha(p1.map((i) => z[i]!)) +
            evalAt(
              'schwefel_2_22',
              p2.map((i) => z[i]!),
            );
        } else expected = ext(p1.map((i) => x[i]!)) + part2[f]!(p2.map((i) => x[i]!));
        expectRel(evalAt(`soco2010_f${f}`, x), expected, 1e-12, `F${f} D=${D} point ${t}`);
      }
    });
});

// ---------------------------------------------------------------------------------------------
// (d) no data beyond D = 1000

describe('D > 1000: no official data', () => {
  const names = [
    ...F.map((f) => `soco2010_f${f}`),
    ...[1, 2, 3, 4, 5, 6].map((f) => `cec2008_f${f}`),
  ];
  it.each(names)('%s at D = 1001 names the file and its 1000 values', (name) => {
    try {
      compileProblem({ problem: name, dim: 1001 });
      expect.fail('expected an error');
    } catch (e) {
      expect(e).toBeInstanceOf(OptError);
      const m = (e as OptError).diagnostics.map((d) => d.message).join('\n');
      expect(m).toMatch(
        /data file \S+\/(soco2010|cec2008)\/\S+\.txt has 1000 numbers, but 1001 are needed/,
      );
      const f = Number(name.split('_f')[1]);
      const file = name.startsWith('cec2008')
        ? CEC_FILES[f]!
        : (SOCO_FILES[f] ?? SOCO_FILES[{ 12: 1, 13: 3, 14: 4, 16: 1, 17: 3, 18: 4 }[f]!]!);
      expect(m).toContain(file);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// (e) each suite its own data

describe('CEC 2008 and SOCO read their own shift files', () => {
  it.each([1, 2, 3, 4, 5, 6])('F%i: the CEC 2008 file is the SOCO one rounded to 9 digits', (f) => {
    const a = cecShift[f]!;
    const b = socoShift[f]!;
    let maxRel = 0;
    for (let i = 0; i < 1000; i++)
      maxRel = Math.max(maxRel, Math.abs(a[i]! - b[i]!) / Math.abs(b[i]!));
    expect(maxRel).toBeGreaterThan(0);
    expect(maxRel).toBeLessThan(5e-9);
    const pc = problem(`cec2008_f${f}`, 1000);
    const ps = problem(`soco2010_f${f}`, 1000);
    expect(pc.info.optimumPoint!.slice(1)).toEqual(a.slice(1));
    expect(ps.info.optimumPoint!.slice(1)).toEqual(b.slice(1));
    // The same function up to the data's rounding.
    const x = randomPoint(1000, BOUND[f - 1]!, rng(99 + f));
    expectRel(evalAt(`cec2008_f${f}`, x), evalAt(`soco2010_f${f}`, x), 1e-6, `F${f}`);
  });
});
