// Independent float64 reference implementations of the stdlib problems (stdlib/problems/
// classic.opt and lastra2015.opt), written straight from the standard definitions with plain
// loops and 1-based formulas translated by hand, as a second opinion on the compiler. Sources
// and every choice made are listed in docs/problems.md.
//
// Data: the CEC 2005 files of Schwefel 2.6 (F5) and 2.13 (F12) are read here directly from
// $OPT_DATA/cec2005 (default: ../shared/data/cec2005 next to the repository).

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** The data root: OPT_DATA, else ../shared/data next to the repository. */
export const dataRoot = process.env.OPT_DATA ?? resolve(here, '../../../shared/data');

/** C's round(): half away from zero (the CEC codes use it). Math.round rounds half up. */
export function cRound(v: number): number {
  const t = Math.trunc(v);
  return Math.abs(v - t) >= 0.5 ? t + Math.sign(v) : t;
}

function readNumbers(file: string): number[] {
  return readFileSync(file, 'utf8')
    .split(/[\s,]+/)
    .filter((s) => s.length > 0)
    .map(Number);
}

// ---------------------------------------------------------------------------------------------
// CEC 2005 data

export interface Schwefel26Data {
  /** the optimum after the official rule (o_1..o_ceil(D/4) = -100, o_max(floor(3D/4),1)..o_D = 100) */
  o: number[];
  /** the raw first line of the file, first D numbers */
  fileO: number[];
  A: number[][];
  B: number[];
}

export interface Schwefel213Data {
  a: number[][];
  b: number[][];
  alpha: number[];
  A: number[];
}

const cache26 = new Map<number, Schwefel26Data>();
const cache213 = new Map<number, Schwefel213Data>();

/** Reads data_schwefel_206.txt: line 1 the raw optimum o, lines 2..101 the 100 x 100 matrix A. */
export function schwefel26Data(D: number): Schwefel26Data {
  const hit = cache26.get(D);
  if (hit) return hit;
  if (D < 1 || D > 100) throw new Error(`Schwefel 2.6 data exist for D <= 100 only (D = ${D})`);
  const lines = readFileSync(resolve(dataRoot, 'cec2005/data_schwefel_206.txt'), 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim().length > 0)
    .map((l) => l.trim().split(/\s+/).map(Number));
  if (lines.length !== 101 || lines.some((l) => l.length !== 100))
    throw new Error('unexpected layout of data_schwefel_206.txt');
  const fileO = lines[0]!.slice(0, D);
  // benchmark_func.m (CEC 2005), schwefel_206:
  //   o(1:ceil(D/4)) = -100; o(max(floor(0.75*D),1):D) = 100;   (Matlab, 1-based, in this order)
  const o = fileO.slice();
  for (let k = 1; k <= Math.ceil(D / 4); k++) o[k - 1] = -100;
  for (let k = Math.max(Math.floor(0.75 * D), 1); k <= D; k++) o[k - 1] = 100;
  const A: number[][] = [];
  for (let r = 0; r < D; r++) A.push(lines[1 + r]!.slice(0, D));
  const B = A.map((row) => {
    let s = 0;
    for (let j = 0; j < D; j++) s += row[j]! * o[j]!;
    return s;
  });
  const out = { o, fileO, A, B };
  cache26.set(D, out);
  return out;
}

/** Reads data_schwefel_213.txt: lines 1..100 the matrix a, 101..200 the matrix b, 201 alpha. */
export function schwefel213Data(D: number): Schwefel213Data {
  const hit = cache213.get(D);
  if (hit) return hit;
  if (D < 1 || D > 100) throw new Error(`Schwefel 2.13 data exist for D <= 100 only (D = ${D})`);
  const lines = readFileSync(resolve(dataRoot, 'cec2005/data_schwefel_213.txt'), 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim().length > 0)
    .map((l) => l.trim().split(/\s+/).map(Number));
  if (lines.length !== 201 || lines.some((l) => l.length !== 100))
    throw new Error('unexpected layout of data_schwefel_213.txt');
  const a: number[][] = [];
  const b: number[][] = [];
  for (let r = 0; r < D; r++) {
    a.push(lines[r]!.slice(0, D));
    b.push(lines[100 + r]!.slice(0, D));
  }
  const alpha = lines[200]!.slice(0, D);
  const A = a.map((_, i) => {
    let s = 0;
    for (let j = 0; j < D; j++)
      s += a[i]![j]! * Math.sin(alpha[j]!) + b[i]![j]! * Math.cos(alpha[j]!);
    return s;
  });
  const out = { a, b, alpha, A };
  cache213.set(D, out);
  return out;
}

/** All numbers of a data file, for tests that check offsets. */
export function cec2005Numbers(name: 'data_schwefel_206.txt' | 'data_schwefel_213.txt'): number[] {
  return readNumbers(resolve(dataRoot, 'cec2005', name));
}

// ---------------------------------------------------------------------------------------------
// The functions. `n` is the dimension; formulas are written 1-based as in the literature,
// with x(k) = x[k - 1].

function sphere(x: number[]): number {
  let s = 0;
  for (const v of x) s += v * v;
  return s;
}

function elliptic(x: number[]): number {
  const n = x.length;
  let s = 0;
  for (let k = 1; k <= n; k++) {
    const expo = n === 1 ? 0 : (k - 1) / (n - 1); // D = 1: 0/0, defined as 0
    s += Math.pow(1e6, expo) * x[k - 1]! ** 2;
  }
  return s;
}

function sumSquares(x: number[]): number {
  let s = 0;
  for (let k = 1; k <= x.length; k++) s += k * x[k - 1]! ** 2;
  return s;
}

function hyperEllipsoid(x: number[]): number {
  let s = 0;
  for (let k = 1; k <= x.length; k++) s += k * k * x[k - 1]! ** 2;
  return s;
}

function schwefel222(x: number[]): number {
  let s = 0;
  let p = 1;
  for (const v of x) {
    s += Math.abs(v);
    p *= Math.abs(v);
  }
  return s + p;
}

function zakharov(x: number[]): number {
  let s1 = 0;
  let s2 = 0;
  for (let k = 1; k <= x.length; k++) {
    s1 += x[k - 1]! ** 2;
    s2 += 0.5 * k * x[k - 1]!;
  }
  return s1 + s2 ** 2 + s2 ** 4;
}

function schwefel12(x: number[]): number {
  let f = 0;
  for (let i = 1; i <= x.length; i++) {
    let inner = 0;
    for (let j = 1; j <= i; j++) inner += x[j - 1]!;
    f += inner * inner;
  }
  return f;
}

function schwefel26(x: number[]): number {
  const n = x.length;
  const { A, B } = schwefel26Data(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    let ax = 0;
    for (let j = 0; j < n; j++) ax += A[i]![j]! * x[j]!;
    m = Math.max(m, Math.abs(ax - B[i]!));
  }
  return m;
}

function dixonPrice(x: number[]): number {
  let f = (x[0]! - 1) ** 2;
  for (let k = 2; k <= x.length; k++) f += k * (2 * x[k - 1]! ** 2 - x[k - 2]!) ** 2;
  return f;
}

function rastrigin(x: number[]): number {
  let f = 10 * x.length;
  for (const v of x) f += v * v - 10 * Math.cos(2 * Math.PI * v);
  return f;
}

function schwefel226(x: number[]): number {
  let s = 0;
  for (const v of x) s += v * Math.sin(Math.sqrt(Math.abs(v)));
  return 418.9829 * x.length - s;
}

function katsuura(x: number[]): number {
  const n = x.length;
  const c = 10 / (n * n);
  let p = 1;
  for (let i = 1; i <= n; i++) {
    let t = 0;
    for (let j = 1; j <= 32; j++) {
      const v = Math.pow(2, j) * x[i - 1]!;
      t += Math.abs(v - cRound(v)) / Math.pow(2, j);
    }
    p *= Math.pow(1 + i * t, 10 / Math.pow(n, 1.2));
  }
  return c * p - c;
}

function griewank(x: number[]): number {
  let s = 0;
  let p = 1;
  for (let k = 1; k <= x.length; k++) {
    s += x[k - 1]! ** 2 / 4000;
    p *= Math.cos(x[k - 1]! / Math.sqrt(k));
  }
  return s - p + 1;
}

function rosenbrock(x: number[]): number {
  let f = 0;
  for (let k = 1; k <= x.length - 1; k++)
    f += 100 * (x[k]! - x[k - 1]! ** 2) ** 2 + (x[k - 1]! - 1) ** 2;
  return f;
}

function ackley(x: number[]): number {
  const n = x.length;
  let s2 = 0;
  let sc = 0;
  for (const v of x) {
    s2 += v * v;
    sc += Math.cos(2 * Math.PI * v);
  }
  return -20 * Math.exp(-0.2 * Math.sqrt(s2 / n)) - Math.exp(sc / n) + 20 + Math.E;
}

/** CEC 2005 F13's F8F2 (unshifted): F8(F2(x_k, x_{k+1})), cyclic. */
function griewankRosenbrock(x: number[]): number {
  const n = x.length;
  const f2 = (a: number, b: number) => 100 * (a * a - b) ** 2 + (a - 1) ** 2;
  const f8 = (z: number) => (z * z) / 4000 - Math.cos(z) + 1;
  let f = 0;
  for (let k = 0; k < n; k++) f += f8(f2(x[k]!, x[k + 1 < n ? k + 1 : 0]!));
  return f;
}

/** CEC 2005 F14's expanded Schaffer F6 (unshifted, unrotated), cyclic. */
function scaffer(x: number[]): number {
  const n = x.length;
  const F = (a: number, b: number) => {
    const r2 = a * a + b * b;
    return 0.5 + (Math.sin(Math.sqrt(r2)) ** 2 - 0.5) / (1 + 0.001 * r2) ** 2;
  };
  let f = 0;
  for (let k = 0; k < n; k++) f += F(x[k]!, x[k + 1 < n ? k + 1 : 0]!);
  return f;
}

function schwefel213(x: number[]): number {
  const n = x.length;
  const { a, b, A } = schwefel213Data(n);
  let f = 0;
  for (let i = 0; i < n; i++) {
    let Bi = 0;
    for (let j = 0; j < n; j++) Bi += a[i]![j]! * Math.sin(x[j]!) + b[i]![j]! * Math.cos(x[j]!);
    f += (A[i]! - Bi) ** 2;
  }
  return f;
}

function salomon(x: number[]): number {
  const r = Math.sqrt(sphere(x));
  return 1 - Math.cos(2 * Math.PI * r) + 0.1 * r;
}

function levy(x: number[]): number {
  const n = x.length;
  const w = x.map((v) => 1 + (v - 1) / 4);
  let f = Math.sin(Math.PI * w[0]!) ** 2;
  for (let k = 1; k <= n - 1; k++) {
    const wk = w[k - 1]!;
    f += (wk - 1) ** 2 * (1 + 10 * Math.sin(Math.PI * wk + 1) ** 2);
  }
  const wn = w[n - 1]!;
  f += (wn - 1) ** 2 * (1 + Math.sin(2 * Math.PI * wn) ** 2);
  return f;
}

function discus(x: number[]): number {
  let f = 1e6 * x[0]! ** 2;
  for (let k = 2; k <= x.length; k++) f += x[k - 1]! ** 2;
  return f;
}

export const classicReference: Record<string, (x: number[]) => number> = {
  sphere,
  elliptic,
  sum_squares: sumSquares,
  hyper_ellipsoid: hyperEllipsoid,
  schwefel_2_22: schwefel222,
  zakharov,
  schwefel_1_2: schwefel12,
  schwefel_2_6: schwefel26,
  dixon_price: dixonPrice,
  rastrigin,
  schwefel_2_26: schwefel226,
  katsuura,
  griewank,
  rosenbrock,
  ackley,
  griewank_rosenbrock: griewankRosenbrock,
  scaffer,
  schwefel_2_13: schwefel213,
  salomon,
  levy,
  discus,
};

/** The boxes (Table 3 of seeds/000; Discus: CEC 2014). */
export const classicBox: Record<string, [number, number]> = {
  sphere: [-100, 100],
  elliptic: [-100, 100],
  sum_squares: [-1, 1],
  hyper_ellipsoid: [-1, 1],
  schwefel_2_22: [-10, 10],
  zakharov: [-10, 10],
  schwefel_1_2: [-100, 100],
  schwefel_2_6: [-100, 100],
  dixon_price: [-10, 10],
  rastrigin: [-5.12, 5.12],
  schwefel_2_26: [-500, 500],
  katsuura: [-1000, 1000],
  griewank: [-600, 600],
  rosenbrock: [-100, 100],
  ackley: [-32, 32],
  griewank_rosenbrock: [-5.12, 5.12],
  scaffer: [-100, 100],
  schwefel_2_13: [-Math.PI, Math.PI],
  salomon: [-10, 10],
  levy: [-10, 10],
  discus: [-100, 100],
};

/**
 * The minimiser of x sin(sqrt(x)) on [0, 500]: the root of tan(sqrt x) = -sqrt(x)/2
 * (computed to 40 digits: 420.9687463599820273...).
 */
export const SCHWEFEL_226_XSTAR = 420.968746359982;
/** 418.9829 - x* sin(sqrt x*) = 1.27275662937252...e-5 (40-digit computation). */
export const SCHWEFEL_226_FSTAR_PER_DIM = 1.2727566293725214e-5;

/** The optimal value f* of a classic problem at dimension D. */
export function optimumValue(name: string, D: number): number {
  if (name === 'schwefel_2_26') return SCHWEFEL_226_FSTAR_PER_DIM * D;
  if (name in shiftedBase) return -330;
  return 0;
}

/** The optimum point, where knowable without the compiler (not the shifted problems: null). */
export function optimumPoint(name: string, D: number): number[] | null {
  const fill = (v: number) => new Array<number>(D).fill(v);
  switch (name) {
    case 'rosenbrock':
    case 'griewank_rosenbrock':
    case 'levy':
      return fill(1);
    case 'schwefel_2_26':
      return fill(SCHWEFEL_226_XSTAR);
    case 'dixon_price':
      // x_k = 2^(-(2^k - 2)/2^k), k = 1..D
      return Array.from({ length: D }, (_, i) =>
        Math.pow(2, -(Math.pow(2, i + 1) - 2) / Math.pow(2, i + 1)),
      );
    case 'schwefel_2_6':
      return schwefel26Data(D).o.slice();
    case 'schwefel_2_13':
      return schwefel213Data(D).alpha.slice();
    default:
      return name in classicReference ? fill(0) : null;
  }
}

// ---------------------------------------------------------------------------------------------
// seeds/001 (Lastra et al. 2015), section 6.3: g(x - o) - 330.

/** The base function of each shifted problem. */
export const shiftedBase: Record<string, string> = {
  shifted_rastrigin: 'rastrigin',
  shifted_griewank: 'griewank',
  shifted_salomon: 'salomon',
  shifted_discus: 'discus',
  shifted_sum_squares: 'sum_squares',
  shifted_schwefel_1_2: 'schwefel_1_2',
};

/** The name of each shifted problem's shift vector in lastra2015.opt. */
export const shiftName: Record<string, string> = {
  shifted_rastrigin: 'o_rastrigin',
  shifted_griewank: 'o_griewank',
  shifted_salomon: 'o_salomon',
  shifted_discus: 'o_discus',
  shifted_sum_squares: 'o_sum_squares',
  shifted_schwefel_1_2: 'o_schwefel_1_2',
};

export const F_BIAS_LASTRA = -330;

/** shifted_X(x) = X(x - o) - 330, given the shift o. */
export function shiftedReference(name: string, o: ArrayLike<number>): (x: number[]) => number {
  const base = classicReference[shiftedBase[name] ?? ''];
  if (!base) throw new Error(`no shifted problem ${name}`);
  return (x) => base(x.map((v, i) => v - o[i]!)) + F_BIAS_LASTRA;
}
