// The stdlib problems (stdlib/problems/classic.opt, lastra2015.opt) on the float64 CPU backend:
//  (a) the value at the declared optimum point equals the declared optimum f*;
//  (b) hand-checked values (zeros, ones, small vectors worked out step by step below);
//  (c) random points at D in {1, 2, 10, 30} against the independent float64 implementations in
//      test/reference/classic.ts.
//
// Tolerances.
//  (a) |f(x*) - f*| <= 1e-9 * max(1, |f*|). The optimum is exactly 0 in real arithmetic for most
//      problems, but float64 leaves tiny residues: Ackley computes 20 + e - 20 - e (~4e-16);
//      Levy has sin^2(pi) = (1.2e-16)^2; Dixon-Price's 2 x_k^2 - x_{k-1} is ~1e-16; Schwefel 2.26
//      cancels 418.9829 D against a float64 sum (~1e-13 D); Schwefel 2.6 subtracts B = A o,
//      computed once on the host, from A x* computed per evaluation: partial sums reach ~1e5, so
//      a different summation order leaves up to ~5e-10 at D = 100 (0 if both orders agree).
//  (b) 1e-12 relative, with an absolute floor of 1e-12 for values that are 0 up to rounding.
//      The hand values were also checked to 25 digits with mpmath.
//  (c) 1e-12 relative. Both sides are float64 and evaluate the same formula with the same
//      Math functions; only the order of summation (and of products) may differ, which moves
//      the result by a few ulps times the number of terms (D <= 30 here: ~1e-14 relative).
//      For the shifted problems the scale is |g(z)| + 330, since the -330 is added last.

import { describe, expect, it } from 'vitest';
import { compileProblem } from '../src/api.js';
import { rng } from './rng.js';
import {
  cec2005Numbers,
  classicBox,
  classicReference,
  optimumPoint,
  optimumValue,
  SCHWEFEL_226_XSTAR,
  schwefel213Data,
  schwefel26Data,
  shiftName,
  shiftedBase,
  shiftedReference,
} from './reference/classic.js';

type Compiled = ReturnType<typeof compileProblem>;
const compiled = new Map<string, Compiled>();
function problem(name: string, dim: number): Compiled {
  const key = `${name}@${dim}`;
  let p = compiled.get(key);
  if (!p) {
    p = compileProblem({ problem: name, dim });
    compiled.set(key, p);
  }
  return p;
}
function evalOne(name: string, x: number[]): number {
  return problem(name, x.length).evaluateCpu([x])[0]!;
}

function expectRel(actual: number, expected: number, rel: number, abs = 0, what = ''): void {
  const err = Math.abs(actual - expected);
  const tol = Math.max(abs, rel * Math.max(Math.abs(actual), Math.abs(expected)));
  if (!(err <= tol || actual === expected)) {
    expect.fail(`${what}: got ${actual}, expected ${expected} (|diff| ${err} > tolerance ${tol})`);
  }
}

const CLASSIC = Object.keys(classicReference);
const SHIFTED = Object.keys(shiftedBase);
const DIMS = [1, 2, 10, 30];

describe('stdlib problem set', () => {
  it('has the 20 functions of seed 000 Table 3 plus Discus', () => {
    expect(CLASSIC).toHaveLength(21);
  });
});

// ---------------------------------------------------------------------------------------------
// (a) declared box, optimum value and point

describe.each(CLASSIC)('%s: declaration and optimum', (name) => {
  const dims = name === 'schwefel_2_6' || name === 'schwefel_2_13' ? [...DIMS, 100] : DIMS;
  it.each(dims)('D = %i: box, f*, x* and f(x*) = f*', (D) => {
    const p = problem(name, D);
    const [lo, hi] = classicBox[name]!;
    expect(p.info.name).toBe(name);
    expect(p.info.dim).toBe(D);
    expect(p.info.direction).toBe('minimize');
    expect(p.info.lo).toBeCloseTo(lo, 14);
    expect(p.info.hi).toBeCloseTo(hi, 14);
    const fstar = optimumValue(name, D);
    expectRel(p.info.optimum, fstar, 1e-15, 0, `${name} f*`);

    const xstar = p.info.optimumPoint;
    expect(xstar).not.toBeNull();
    expect(xstar).toHaveLength(D);
    const ref = optimumPoint(name, D)!;
    for (let i = 0; i < D; i++) expectRel(xstar![i]!, ref[i]!, 1e-15, 0, `${name} x*[${i}]`);

    const f = p.evaluateCpu([xstar!])[0]!;
    expectRel(f, p.info.optimum, 0, 1e-9 * Math.max(1, Math.abs(fstar)), `${name} f(x*)`);
  });
});

// ---------------------------------------------------------------------------------------------
// (b) hand-checked values. Each line: problem, point, value, and how it was worked out.

interface Hand {
  name: string;
  x: number[];
  value: number;
}

const PI = Math.PI;
const HAND: Hand[] = [
  // sphere (1,2,3): 1 + 4 + 9 = 14
  { name: 'sphere', x: [0, 0, 0], value: 0 },
  { name: 'sphere', x: [1, 1, 1], value: 3 },
  { name: 'sphere', x: [1, 2, 3], value: 14 },

  // elliptic D = 3: weights 1e6^(0/2) = 1, 1e6^(1/2) = 1000, 1e6^(2/2) = 1e6
  //   ones: 1 + 1000 + 1e6 = 1001001;  (1,2,3): 1 + 1000*4 + 1e6*9 = 9004001
  // elliptic D = 2 (3,1): 1*9 + 1e6*1 = 1000009;  D = 1 (5): exponent defined 0 -> 25
  { name: 'elliptic', x: [0, 0, 0], value: 0 },
  { name: 'elliptic', x: [1, 1, 1], value: 1001001 },
  { name: 'elliptic', x: [1, 2, 3], value: 9004001 },
  { name: 'elliptic', x: [3, 1], value: 1000009 },
  { name: 'elliptic', x: [5], value: 25 },

  // sum_squares (weights 1,2,3): ones 1+2+3 = 6; (1,2,3): 1 + 2*4 + 3*9 = 36;
  //   (0.5,-0.5,1): 0.25 + 2*0.25 + 3*1 = 3.75
  { name: 'sum_squares', x: [0, 0, 0], value: 0 },
  { name: 'sum_squares', x: [1, 1, 1], value: 6 },
  { name: 'sum_squares', x: [1, 2, 3], value: 36 },
  { name: 'sum_squares', x: [0.5, -0.5, 1], value: 3.75 },

  // hyper_ellipsoid (weights 1,4,9): ones 14; (1,2,3): 1 + 4*4 + 9*9 = 98
  { name: 'hyper_ellipsoid', x: [0, 0, 0], value: 0 },
  { name: 'hyper_ellipsoid', x: [1, 1, 1], value: 14 },
  { name: 'hyper_ellipsoid', x: [1, 2, 3], value: 98 },

  // schwefel_2_22: ones: 3 + 1 = 4; (1,-2,3): (1+2+3) + (1*2*3) = 12
  { name: 'schwefel_2_22', x: [0, 0, 0], value: 0 },
  { name: 'schwefel_2_22', x: [1, 1, 1], value: 4 },
  { name: 'schwefel_2_22', x: [1, -2, 3], value: 12 },

  // zakharov: ones D=3: sum x^2 = 3, s = 0.5*(1+2+3) = 3, 3 + 9 + 81 = 93
  //   (1,2): sum x^2 = 5, s = 0.5*1*1 + 0.5*2*2 = 2.5, 5 + 6.25 + 39.0625 = 50.3125
  { name: 'zakharov', x: [0, 0, 0], value: 0 },
  { name: 'zakharov', x: [1, 1, 1], value: 93 },
  { name: 'zakharov', x: [1, 2], value: 50.3125 },

  // schwefel_1_2: prefix sums; ones: 1,2,3 -> 1+4+9 = 14; (1,2,3): 1,3,6 -> 1+9+36 = 46;
  //   (1,-1,2): 1,0,2 -> 1+0+4 = 5
  { name: 'schwefel_1_2', x: [0, 0, 0], value: 0 },
  { name: 'schwefel_1_2', x: [1, 1, 1], value: 14 },
  { name: 'schwefel_1_2', x: [1, 2, 3], value: 46 },
  { name: 'schwefel_1_2', x: [1, -1, 2], value: 5 },

  // schwefel_2_6 (file data_schwefel_206.txt: A row 1 = -89 -28 -73 ..., row 2 = 8 -23 -1 ...,
  //   row 3 = -28 49 -9 ...).
  //   D = 1: o = (100) (ceil(1/4) = 1 sets -100, then max(floor(0.75),1) = 1 sets 100); B = -8900;
  //          f(x) = |-89 x + 8900|: f(0) = 8900, f(1) = 8811, f(100) = 0.
  //   D = 2: o = (100, 100); B = (-8900-2800, 800-2300) = (-11700, -1500);
  //          f(0,0) = max(11700, 1500) = 11700;
  //          f(1,2): A x = (-89-56, 8-46) = (-145, -38); max(|-145+11700|, |-38+1500|) = 11555.
  //   D = 3: o = (-100, 100, 100) (ceil(3/4) = 1: o_1 = -100; floor(9/4) = 2: o_2..o_3 = 100);
  //          B = (8900-2800-7300, -800-2300-100, 2800+4900-900) = (-1200, -3200, 6800);
  //          f(0) = 6800; ones: A 1 = (-190, -16, 12), |A 1 - B| = (1010, 3184, 6788) -> 6788.
  { name: 'schwefel_2_6', x: [0], value: 8900 },
  { name: 'schwefel_2_6', x: [1], value: 8811 },
  { name: 'schwefel_2_6', x: [100], value: 0 },
  { name: 'schwefel_2_6', x: [0, 0], value: 11700 },
  { name: 'schwefel_2_6', x: [1, 2], value: 11555 },
  { name: 'schwefel_2_6', x: [0, 0, 0], value: 6800 },
  { name: 'schwefel_2_6', x: [1, 1, 1], value: 6788 },

  // dixon_price: zeros: (0-1)^2 = 1; ones D=3: 0 + 2*(2-1)^2 + 3*(2-1)^2 = 5; D=2 ones: 2;
  //   (2,1,0): (2-1)^2 + 2*(2*1 - 2)^2 + 3*(2*0 - 1)^2 = 1 + 0 + 3 = 4;
  //   D=2 optimum (1, 2^-0.5): 0 + 2*(2*0.5 - 1)^2 = 0
  { name: 'dixon_price', x: [0, 0, 0], value: 1 },
  { name: 'dixon_price', x: [1, 1, 1], value: 5 },
  { name: 'dixon_price', x: [1, 1], value: 2 },
  { name: 'dixon_price', x: [2, 1, 0], value: 4 },
  { name: 'dixon_price', x: [1, Math.SQRT1_2], value: 0 },

  // rastrigin: ones: each 1 - 10 cos(2 pi) + 10 = 1 -> 3; (1, 0.5): 1 + (0.25 - 10 cos(pi) + 10)
  //   = 1 + 20.25 = 21.25
  { name: 'rastrigin', x: [0, 0, 0], value: 0 },
  { name: 'rastrigin', x: [1, 1, 1], value: 3 },
  { name: 'rastrigin', x: [1, 0.5], value: 21.25 },

  // schwefel_2_26: zeros D=3: 3*418.9829 = 1256.9487; ones D=3: 1256.9487 - 3 sin(1)
  //   = 1256.9487 - 2.524412954423689 = 1254.4242870455764;  D=1 (1): 418.9829 - 0.8414709848078965
  //   = 418.1414290151921;  D=2 (pi^2/4, pi^2): sqrt -> (pi/2, pi), sin -> (1, 0):
  //   837.9658 - pi^2/4 = 837.9658 - 2.4674011002723395 = 835.4983988997277
  { name: 'schwefel_2_26', x: [0, 0, 0], value: 1256.9487 },
  { name: 'schwefel_2_26', x: [1, 1, 1], value: 1254.4242870455764 },
  { name: 'schwefel_2_26', x: [1], value: 418.1414290151921 },
  { name: 'schwefel_2_26', x: [(PI * PI) / 4, PI * PI], value: 835.4983988997277 },

  // katsuura (c = 10/D^2, exponent 10/D^1.2): ones: every 2^j is an integer, t = 0 -> c - c = 0.
  //   D=1 (0.25): j=1: |0.5 - round(0.5)| = 0.5, /2 -> 0.25; j>=2: integers. t = 0.25;
  //     10 * (1 + 1*0.25)^10 - 10 = 10 * 9.313225746154785 - 10 = 83.13225746154785.
  //   D=1 (-0.25): |-0.5 - (-1)| = 0.5: the same 83.13225746154785.
  //   D=1 (1/3): 2^j/3 is always 1/3 from an integer, t = (1/3)(1 - 2^-32) = 0.3333333332557231;
  //     10 (1.3333333332557231)^10 - 10 = 167.5772662347624.
  //   D=2 (0.25, 0.5): t = (0.25, 0); exponent 10/2^1.2 = 10/2.2973967099940698 = 4.352752816480621;
  //     factors (1 + 0.25)^4.3527... = 2.641346226489933 and (1 + 2*0)^... = 1;
  //     10/4 * 2.641346226489933 - 10/4 = 4.1033655662248325.
  { name: 'katsuura', x: [0, 0, 0], value: 0 },
  { name: 'katsuura', x: [1, 1, 1], value: 0 },
  { name: 'katsuura', x: [0.25], value: 83.13225746154785 },
  { name: 'katsuura', x: [-0.25], value: 83.13225746154785 },
  { name: 'katsuura', x: [1 / 3], value: 167.5772662347624 },
  { name: 'katsuura', x: [0.25, 0.5], value: 4.1033655662248325 },

  // griewank: ones D=3: 1 + 3/4000 - cos(1) cos(1/sqrt 2) cos(1/sqrt 3)
  //   = 1.00075 - 0.5403023058681398 * 0.7602445970756302 * 0.8379118276949932 = 0.656567738230001
  //   D=1 (pi): 1 + pi^2/4000 - cos(pi) = 2 + 0.0024674011002723395 = 2.0024674011002723
  //   D=2 (pi, pi sqrt 2): cos(pi) cos(pi) = 1 -> 1 + 3 pi^2/4000 - 1 = 0.007402203300817019
  { name: 'griewank', x: [0, 0, 0], value: 0 },
  { name: 'griewank', x: [1, 1, 1], value: 0.656567738230001 },
  { name: 'griewank', x: [PI], value: 2.0024674011002723 },
  { name: 'griewank', x: [PI, PI * Math.SQRT2], value: 0.007402203300817019 },

  // rosenbrock: zeros D=3: two terms 100*0 + (0-1)^2 -> 2; ones: 0;
  //   (1,2,3): i=1: 100 (2-1)^2 + 0 = 100; i=2: 100 (3-4)^2 + (2-1)^2 = 101 -> 201;
  //   D=2 (0,0): 1; D=1: the empty sum, 0 anywhere.
  { name: 'rosenbrock', x: [0, 0, 0], value: 2 },
  { name: 'rosenbrock', x: [1, 1, 1], value: 0 },
  { name: 'rosenbrock', x: [1, 2, 3], value: 201 },
  { name: 'rosenbrock', x: [0, 0], value: 1 },
  { name: 'rosenbrock', x: [7], value: 0 },

  // ackley: ones D=3: sqrt(3/3) = 1, cos(2 pi) = 1: -20 e^-0.2 - e + 20 + e = 20 - 20*0.8187307530779818
  //   = 3.625384938440363 (the same at D=1, x = 1);
  //   D=2 (1,0): sqrt(1/2) = 0.7071067811865476; cos terms average 1: 20 - 20 e^(-0.2*0.70710678)
  //   = 20 - 20*0.8681234453945849 = 2.6375310921083024
  //   D=2 (0.5,0): -20 e^(-0.2 sqrt(0.125)) - e^((cos(pi) + 1)/2) + 20 + e = 20 + e - 20 e^-0.0707 - 1
  //   = 3.083653359991155
  { name: 'ackley', x: [0, 0, 0], value: 0 },
  { name: 'ackley', x: [1, 1, 1], value: 3.625384938440363 },
  { name: 'ackley', x: [1], value: 3.625384938440363 },
  { name: 'ackley', x: [1, 0], value: 2.6375310921083024 },
  { name: 'ackley', x: [0.5, 0], value: 3.083653359991155 },

  // griewank_rosenbrock, F8(z) = z^2/4000 - cos z + 1, F2(x,y) = 100 (x^2 - y)^2 + (x - 1)^2:
  //   zeros: F2 = 1 per pair, F8(1) = 0.00025 - 0.5403023058681398 + 1 = 0.45994769413186026;
  //     D=3: 3 * 0.45994769413186026 = 1.379843082395581; D=2: 0.9198953882637205
  //   ones: F2(1,1) = 0 -> 0
  //   D=2 (1,0): pairs (1,0) and (0,1): F2 = 100*1 + 0 = 100 and 100*(0-1)^2 + 1 = 101;
  //     F8(100) = 2.5 - cos(100) + 1 = 3.5 - 0.8623188722876839 = 2.637681127712316;
  //     F8(101) = 2.55025 - cos(101) + 1 = 3.55025 - 0.8920048697881602 = 2.65824513021184;
  //     sum 5.295926257924156
  //   D=1 (2): the pair (2,2): F2 = 100 (4-2)^2 + 1 = 401, F8(401) = 40.200250 - cos(401) + 1
  //     = 40.76804487148497
  { name: 'griewank_rosenbrock', x: [0, 0, 0], value: 1.379843082395581 },
  { name: 'griewank_rosenbrock', x: [0, 0], value: 0.9198953882637205 },
  { name: 'griewank_rosenbrock', x: [1, 1, 1], value: 0 },
  { name: 'griewank_rosenbrock', x: [1, 0], value: 5.295926257924156 },
  { name: 'griewank_rosenbrock', x: [2], value: 40.76804487148497 },

  // scaffer, F(x,y) = 0.5 + (sin^2 sqrt(x^2+y^2) - 0.5) / (1 + 0.001 (x^2+y^2))^2:
  //   zeros: 0.5 + (0 - 0.5)/1 = 0 per pair.
  //   ones D=3: three pairs (1,1): s = 2, sin^2(sqrt 2) = 0.9756815640629237, denominator
  //     1.002^2 = 1.004004: 0.5 + 0.4756815640629237/1.004004 = 0.9737845308015941; x3 = 2.9213535924047824
  //   D=1 (1): the pair (1,1): 0.9737845308015941
  //   D=2 (3,4): pairs (3,4), (4,3): s = 25, sin^2(5) = 0.9195357645382263, denominator
  //     1.025^2 = 1.050625: 0.5 + 0.4195357645382263/1.050625 = 0.8993201804052123; x2 = 1.7986403608104247
  { name: 'scaffer', x: [0, 0, 0], value: 0 },
  { name: 'scaffer', x: [1, 1, 1], value: 2.9213535924047824 },
  { name: 'scaffer', x: [1], value: 0.9737845308015941 },
  { name: 'scaffer', x: [3, 4], value: 1.7986403608104247 },

  // schwefel_2_13 D=1 (file: a_11 = 79, b_11 = 28, alpha_1 = -2.028):
  //   A_1 = 79 sin(-2.028) + 28 cos(-2.028) = 79*(-0.8972904165810275) + 28*(-0.4414407189100775)
  //       = -70.88594290990117 - 12.36034012948217 = -83.24628303938334;
  //   f(0) = (A_1 - (79 sin 0 + 28 cos 0))^2 = (-83.24628303938334 - 28)^2 = 12375.73549007859;
  //   f(-2.028) = 0.
  { name: 'schwefel_2_13', x: [0], value: 12375.73549007859 },
  { name: 'schwefel_2_13', x: [-2.028], value: 0 },

  // salomon: ones D=3: r = sqrt 3: 1 - cos(2 pi sqrt 3) + 0.1 sqrt 3 = 1 + 0.11253918524088624
  //   + 0.17320508075688773 = 1.285744265997774;  D=1 (0.5): 1 - cos(pi) + 0.05 = 2.05;
  //   D=2 (3,4): r = 5: 1 - cos(10 pi) + 0.5 = 0.5
  { name: 'salomon', x: [0, 0, 0], value: 0 },
  { name: 'salomon', x: [1, 1, 1], value: 1.285744265997774 },
  { name: 'salomon', x: [0.5], value: 2.05 },
  { name: 'salomon', x: [3, 4], value: 0.5 },

  // levy, w = 1 + (x - 1)/4: ones: w = 1, sin^2(pi) = 0 -> 0.
  //   zeros: w = 0.75: sin^2(0.75 pi) = 0.5; middle terms (0.75-1)^2 (1 + 10 sin^2(0.75 pi + 1))
  //     = 0.0625 * (1 + 10*0.04535128658715915) = 0.09084455411697447 each; last
  //     0.0625 (1 + sin^2(1.5 pi)) = 0.125.  D=3: 0.5 + 2*0.09084455411697447 + 0.125 = 0.8066891082339489;
  //     D=2: 0.7158445541169745; D=1: 0.5 + 0.125 = 0.625
  //   D=2 (5,1): w = (2, 1): sin^2(2 pi) = 0; (2-1)^2 (1 + 10 sin^2(2 pi + 1)) = 1 + 10*0.7080734182735712
  //     = 8.080734182735712; last (1-1)^2 (...) = 0.
  //   D=1 (5): w = 2: sin^2(2 pi) + (2-1)^2 (1 + sin^2(4 pi)) = 1
  { name: 'levy', x: [0, 0, 0], value: 0.8066891082339489 },
  { name: 'levy', x: [0, 0], value: 0.7158445541169745 },
  { name: 'levy', x: [0], value: 0.625 },
  { name: 'levy', x: [1, 1, 1], value: 0 },
  { name: 'levy', x: [5, 1], value: 8.080734182735712 },
  { name: 'levy', x: [5], value: 1 },

  // discus: ones D=3: 1e6 + 1 + 1 = 1000002; (1,2,3): 1e6 + 4 + 9 = 1000013; D=1 (2): 4e6
  { name: 'discus', x: [0, 0, 0], value: 0 },
  { name: 'discus', x: [1, 1, 1], value: 1000002 },
  { name: 'discus', x: [1, 2, 3], value: 1000013 },
  { name: 'discus', x: [2], value: 4e6 },
];

describe('hand-checked values', () => {
  it('covers every classic problem', () => {
    expect(new Set(HAND.map((h) => h.name))).toEqual(new Set(CLASSIC));
  });
  it.each(HAND.map((h) => [h.name, JSON.stringify(h.x), h] as const))('%s(%s)', (_n, _x, h) => {
    expectRel(evalOne(h.name, h.x), h.value, 1e-12, 1e-12, `${h.name}(${h.x.join(', ')})`);
    // the reference implementation must agree with the hand value too
    expectRel(classicReference[h.name]!(h.x), h.value, 1e-12, 1e-12, `reference ${h.name}`);
  });
  it('evaluates a batch of points in order', () => {
    const p = problem('sphere', 3);
    expect(
      p.evaluateCpu([
        [1, 2, 3],
        [0, 0, 0],
        [1, 1, 1],
      ]),
    ).toEqual([14, 0, 3]);
  });
});

// ---------------------------------------------------------------------------------------------
// (c) random points against the reference

describe.each(CLASSIC)('%s: random points against the reference', (name) => {
  it.each(DIMS)('D = %i', (D) => {
    const p = problem(name, D);
    const [lo, hi] = classicBox[name]!;
    const next = rng(1000 * D + CLASSIC.indexOf(name));
    const points: number[][] = [];
    for (let k = 0; k < 25; k++)
      points.push(Array.from({ length: D }, () => lo + (hi - lo) * next()));
    const got = p.evaluateCpu(points);
    expect(got).toHaveLength(points.length);
    points.forEach((x, k) =>
      expectRel(got[k]!, classicReference[name]!(x), 1e-12, 0, `${name} D=${D} point ${k}`),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// data of Schwefel 2.6 / 2.13 and Dixon-Price

describe('problem data', () => {
  it('Schwefel 2.6: the optimum rule of CEC 2005 benchmark_func.m', () => {
    const f = cec2005Numbers('data_schwefel_206.txt');
    expect(f).toHaveLength(10100);
    // D = 4: ceil(4/4) = 1 -> o_1 = -100; max(floor(3),1) = 3 -> o_3, o_4 = 100; o_2 from the file
    expect(Array.from(problem('schwefel_2_6', 4).data('schwefel_2_6_o'))).toEqual([
      -100,
      f[1],
      100,
      100,
    ]);
    // D = 10: ceil(2.5) = 3 -> o_1..o_3 = -100; floor(7.5) = 7 -> o_7..o_10 = 100
    expect(Array.from(problem('schwefel_2_6', 10).data('schwefel_2_6_o'))).toEqual([
      -100,
      -100,
      -100,
      f[3],
      f[4],
      f[5],
      100,
      100,
      100,
      100,
    ]);
    for (const D of [1, 2, 3, 10, 30, 100]) {
      const ref = schwefel26Data(D);
      const p = problem('schwefel_2_6', D);
      expect(Array.from(p.data('schwefel_2_6_o'))).toEqual(ref.o);
      expect(Array.from(p.data('schwefel_2_6_A'))).toEqual(ref.A.flat());
      const B = p.data('schwefel_2_6_B');
      ref.B.forEach((b, i) => expectRel(B[i]!, b, 1e-13, 1e-9, `B[${i}] at D=${D}`));
    }
    // the A matrix starts at number 100 and has rows of 100 in the file
    expect(Array.from(problem('schwefel_2_6', 2).data('schwefel_2_6_A'))).toEqual([
      f[100],
      f[101],
      f[200],
      f[201],
    ]);
  });

  it('Schwefel 2.13: a, b, alpha from lines 1-100, 101-200, 201', () => {
    const f = cec2005Numbers('data_schwefel_213.txt');
    expect(f).toHaveLength(20100);
    const p2 = problem('schwefel_2_13', 2);
    expect(Array.from(p2.data('schwefel_2_13_a'))).toEqual([f[0], f[1], f[100], f[101]]);
    expect(Array.from(p2.data('schwefel_2_13_b'))).toEqual([
      f[10000],
      f[10001],
      f[10100],
      f[10101],
    ]);
    expect(Array.from(p2.data('schwefel_2_13_alpha'))).toEqual([f[20000], f[20001]]);
    for (const D of [1, 10, 30, 100]) {
      const ref = schwefel213Data(D);
      const p = problem('schwefel_2_13', D);
      expect(Array.from(p.data('schwefel_2_13_alpha'))).toEqual(ref.alpha);
      const A = p.data('schwefel_2_13_A');
      ref.A.forEach((a, i) => expectRel(A[i]!, a, 1e-12, 1e-10, `A[${i}] at D=${D}`));
    }
  });

  it.each(['schwefel_2_6', 'schwefel_2_13'])(
    '%s needs D <= 100 (the files are 100 wide)',
    (name) => {
      let err: unknown;
      try {
        compileProblem({ problem: name, dim: 101 });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).name).toBe('OptError');
      const codes = ((err as { diagnostics?: { code: number }[] }).diagnostics ?? []).map(
        (d) => d.code,
      );
      // 5002 DataFileTooShort or 5004 DataTooLarge
      expect(codes.some((c) => c === 5002 || c === 5004)).toBe(true);
    },
  );

  it('Dixon-Price: x_k = 2^(-(2^k - 2)/2^k), and 2 x_k^2 = x_{k-1}', () => {
    const x = Array.from(problem('dixon_price', 30).data('dixon_price_opt'));
    expect(x[0]).toBe(1);
    expectRel(x[1]!, Math.SQRT1_2, 1e-15);
    for (let k = 1; k < 30; k++) expectRel(2 * x[k]! ** 2, x[k - 1]!, 1e-15, 0, `k=${k}`);
  });

  it('Schwefel 2.26: x* is a strict local minimiser and f* its value', () => {
    const p = problem('schwefel_2_26', 1);
    const [f0, fm, fp] = p.evaluateCpu([
      [SCHWEFEL_226_XSTAR],
      [SCHWEFEL_226_XSTAR - 1e-3],
      [SCHWEFEL_226_XSTAR + 1e-3],
    ]);
    expect(fm!).toBeGreaterThan(f0!);
    expect(fp!).toBeGreaterThan(f0!);
    expectRel(p.info.optimum, 1.2727566293725214e-5, 1e-15);
  });
});

// ---------------------------------------------------------------------------------------------
// seeds/001 shifted problems

describe.each(SHIFTED)('%s', (name) => {
  const base = shiftedBase[name]!;
  const oName = shiftName[name]!;

  it.each(DIMS)('D = %i: shift, optimum, hand values, random points', (D) => {
    const p = problem(name, D);
    const [lo, hi] = classicBox[base]!;
    expect(p.info.name).toBe(name);
    expect(p.info.lo).toBeCloseTo(lo, 14);
    expect(p.info.hi).toBeCloseTo(hi, 14);
    expect(p.info.optimum).toBe(-330);

    // the shift: length D, inside the central 80% of the box, not degenerate, the optimum point
    const o = Array.from(p.data(oName));
    expect(o).toHaveLength(D);
    for (const v of o) {
      expect(v).toBeGreaterThanOrEqual(0.8 * lo - 1e-12);
      expect(v).toBeLessThanOrEqual(0.8 * hi + 1e-12);
    }
    if (D >= 10) expect(new Set(o).size).toBe(D);
    expect(p.info.optimumPoint).toEqual(o);

    // (a) f(o) = -330
    expectRel(p.evaluateCpu([o])[0]!, -330, 0, 1e-9 * 330, `${name}(o)`);

    // (b) by hand, with z = x - o a unit vector (float64: z_i = (o_i + 1) - o_i = 1 up to an ulp)
    const at = (z: number[]) => p.evaluateCpu([o.map((v, i) => v + (z[i] ?? 0))])[0]!;
    const e1 = [1];
    const tol = 1e-9;
    switch (base) {
      case 'rastrigin': // z = e_1: 1 - 10 cos(2 pi) + 10 = 1 -> 1 - 330 = -329
        expectRel(at(e1), -329, 0, tol, name);
        break;
      case 'griewank': // z = pi e_1: 1 + pi^2/4000 - cos(pi) = 2.0024674011002723 -> -327.9975325988997
        expectRel(at([PI]), -327.9975325988997, 0, tol, name);
        break;
      case 'salomon': // z = e_1: 1 - cos(2 pi) + 0.1 = 0.1 -> -329.9
        expectRel(at(e1), -329.9, 0, tol, name);
        break;
      case 'discus': // z = e_1: 1e6 -> 999670; z = 2 e_D (D > 1): 4 -> -326
        expectRel(at(e1), 999670, 0, tol * 1e6, name);
        if (D > 1) expectRel(at([...new Array<number>(D - 1).fill(0), 2]), -326, 0, tol, name);
        break;
      case 'sum_squares': // z = e_D: weight D -> D - 330
        expectRel(at([...new Array<number>(D - 1).fill(0), 1]), D - 330, 0, tol, name);
        break;
      case 'schwefel_1_2': // z = e_1: every prefix sum is 1 -> D - 330
        expectRel(at(e1), D - 330, 0, tol, name);
        break;
    }

    // (c) random points against g(x - o) - 330
    const ref = shiftedReference(name, o);
    const next = rng(77 + D + 1000 * SHIFTED.indexOf(name));
    const points: number[][] = [];
    for (let k = 0; k < 25; k++)
      points.push(Array.from({ length: D }, () => lo + (hi - lo) * next()));
    const got = p.evaluateCpu(points);
    points.forEach((x, k) => {
      const r = ref(x);
      const err = Math.abs(got[k]! - r);
      const scale = Math.abs(r + 330) + 330; // |g(z)| + |fBias|
      if (!(err <= 1e-12 * scale))
        expect.fail(`${name} D=${D} point ${k}: got ${got[k]}, reference ${r}`);
    });
  });

  it('the shift is reproducible and does not depend on D', () => {
    const o10 = Array.from(problem(name, 10).data(oName));
    const o30 = Array.from(problem(name, 30).data(oName));
    expect(o30.slice(0, 10)).toEqual(o10);
    const again = Array.from(compileProblem({ problem: name, dim: 10 }).data(oName));
    expect(again).toEqual(o10);
  });
});
