// Text-in, text-out tests of each pass (src/passes). Every case:
//   - parses its input, which must print back identically and validate;
//   - runs the one pass and compares the printed result with the expected text;
//   - validates the output (the expected text is also parsed back and validated);
//   - evaluates input and output on the CPU backend at random points: the pass preserves meaning.

import { describe, expect, it } from 'vitest';
import type { IExpr, IrFunc, IrProgram } from '../../src/ir/ir.js';
import { twofloat, twoFloatArrays } from '../../src/passes/twofloat.js';
import { ffAdd, ffDiv, ffMul } from '../../src/ir/builtins.js';
import { rng } from '../rng.js';
import { parseProgram } from '../../src/ir/parse.js';
import { cse } from '../../src/passes/cse.js';
import { fold } from '../../src/passes/fold.js';
import { bias } from '../../src/passes/bias.js';
import { fuse } from '../../src/passes/fuse.js';
import { residual } from '../../src/passes/residual.js';
import { range } from '../../src/passes/range.js';
import { rangeDecode, rangeEncode } from '../../src/ir/range.js';
import { centre, SCHWEFEL_CENTRE, schwefelSeries } from '../../src/passes/centre.js';
import { cosine } from '../../src/passes/cosine.js';
import { expm1 } from '../../src/passes/expm1.js';
import { materialiseData } from '../../src/ir/data.js';
import { errorBoundProgram } from '../../src/ir/error-bound.js';
import { compileJs } from '../../src/codegen/js.js';
import { inline } from '../../src/passes/inline.js';
import { scan } from '../../src/passes/scan.js';
import { narrow } from '../../src/passes/narrow.js';
import { ffsplit, ffsplitParts, FFSPLIT_MAX_PARTS } from '../../src/passes/ffsplit.js';
import { spread, SPREAD_CALL_COST, SPREAD_MIN_COST } from '../../src/passes/spread.js';
import {
  defaultScheduleOptions,
  scheduleProgram,
  type ScheduleOptions,
  ELEMS_PER_LANE,
  ELEMS_PER_LANE_SCAN,
} from '../../src/schedule/schedule.js';
import { printNum, printProgram } from '../../src/ir/print.js';
import { validate } from '../../src/ir/validate.js';
import { evalAt, expectClose, ir, parseChecked, randomPoints } from './helpers.js';

function checkPass(
  pass: (p: IrProgram) => IrProgram,
  input: string,
  expected: string,
  points = 5,
): IrProgram {
  const p = parseChecked(input);
  const out = pass(p);
  expect(printProgram(out)).toBe(expected);
  validate(out, 'the pass under test');
  validate(parseProgram(expected), 'parsing the expected text');
  const xs = randomPoints(p.main.len, points, p.box[0], p.box[1], 42);
  // Same float64 operations in the same order (folding uses float64, fusion only substitutes,
  // scans add in index order): the values agree to the last bit, but allow a few ulps.
  expectClose(evalAt(out, xs), evalAt(p, xs), 1e-14, 1e-300);
  return out;
}

// ---- inline -----------------------------------------------------------------------------------

describe('inline', () => {
  it('copies a callee with bindings into the caller, renamed apart, twice for two calls', () => {
    checkPass(
      inline,
      ir`
        (program t (dim 4) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (data o (4) (uniform -0.5 0.5 3))
          (func g@4 (input y 4)
            (vec s i 4 (* 2.0 (read y i)))
            (scalar n f (sum j 0 4 (read s j)))
            (result (+ @n (read s 0))))
          (func main (input x 4)
            (vec g_arg k 4 (- (read x k) (read o k)))
            (scalar n f 1.0)
            (result (+ (+ (callp g@4 (vref g_arg 4)) (callp g@4 (vref x 4))) @n))))`,
      ir`
        (program t (dim 4) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (data o (4) (uniform -0.5 0.5 3))
          (func main (input x 4)
            (vec g_arg k 4 (- (read x k) (read o k)))
            (scalar n f 1.0)
            (vec g.s i 4 (* 2.0 (read g_arg i)))
            (scalar g.n f (sum j 0 4 (read g.s j)))
            (vec g.s_1 i 4 (* 2.0 (read x i)))
            (scalar g.n_1 f (sum j 0 4 (read g.s_1 j)))
            (result (+ (+ (+ @g.n (read g.s 0)) (+ @g.n_1 (read g.s_1 0))) @n))))`,
    );
  });

  it('inlines nested calls bottom-up and renames the callee result index apart from the caller', () => {
    // main's result binds j and the inlined g's result also sums over j: it becomes j_1.
    checkPass(
      inline,
      ir`
        (program t (dim 4) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (func g@4 (input y 4)
            (vec s i 4 (pow (read y i) 2.0))
            (result (sum j 0 4 (read s j))))
          (func h@4 (input z 4)
            (vec g_arg i 4 (neg (read z i)))
            (result (* 0.5 (callp g@4 (vref g_arg 4)))))
          (func main (input x 4)
            (result (sum j 0 4 (* (read x j) (callp h@4 (vref x 4)))))))`,
      ir`
        (program t (dim 4) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (func main (input x 4)
            (vec h.g_arg i 4 (neg (read x i)))
            (vec h.g.s i 4 (pow (read h.g_arg i) 2.0))
            (result (sum j 0 4 (* (read x j) (* 0.5 (sum j_1 0 4 (read h.g.s j_1))))))))`,
    );
  });
});

// ---- fold -------------------------------------------------------------------------------------

describe('fold', () => {
  it('folds constants (int vs real), keeps IEEE-unsafe identities, applies safe ones', () => {
    checkPass(
      fold,
      ir`
        (program t (dim 5) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (func main (input x 5)
            (scalar a i (+ 1 2))
            (scalar b f (+ 1 2.5))
            (scalar c f (* 2 3.0))
            (scalar d i (idiv 7 2))
            (scalar e i (% -3 5))
            (scalar g f (% -3.0 5.0))
            (scalar h f (/ 1 2))
            (scalar k i (* 2 (- 5 (neg 1))))
            (scalar m f (call sqrt 16.0))
            (scalar n i (call int -2.7))
            (scalar p i (% @a 0))
            (scalar q f (if (< 1 2) 1.5 (read x 0)))
            (scalar w i (+ 2147483647 1))
            (scalar z i (neg 0))
            (vec v i 5 (+ (* (read x i) 1.0) (- (read x (* 1 (+ i 0))) 0.0)))
            (vec u i 5 (+ (+ (read x i) 0.0) (* (read x i) 0.0)))
            (result (+ (+ (+ (+ (pow (neg (neg (read v 1))) 1.0) (read u 2)) (* @b @c)) (+ (+ @d @e) (+ @g @h))) (+ (+ @k @m) (+ (+ @n @q) (+ @w @z)))))))`,
      ir`
        (program t (dim 5) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (func main (input x 5)
            (scalar a i 3)
            (scalar b f 3.5)
            (scalar c f 6.0)
            (scalar d i 3)
            (scalar e i 2)
            (scalar g f 2.0)
            (scalar h f 0.5)
            (scalar k i 12)
            (scalar m f 4.0)
            (scalar n i -2)
            (scalar p i (% @a 0))
            (scalar q f 1.5)
            (scalar w i -2147483648)
            (scalar z i 0)
            (vec v i 5 (+ (read x i) (read x i)))
            (vec u i 5 (+ (+ (read x i) 0.0) (* (read x i) 0.0)))
            (result (+ (+ (+ (+ (read v 1) (read u 2)) (* @b @c)) (+ (+ @d @e) (+ @g @h))) (+ (+ @k @m) (+ (+ @n @q) (+ @w @z)))))))`,
    );
  });

  it('(% -3 5) on integers is 2, the non-negative remainder, on reals too', () => {
    const out = fold(
      parseChecked(ir`
      (program t (dim 1) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
        (func main (input x 1)
          (result (+ (% -3 5) (% -3.0 5.0)))))`),
    );
    expect(printProgram(out)).toContain('(result 4.0)');
  });

  it('keeps the sign of a folded -0.0 through print and parse', () => {
    // Not evaluated: the CPU and WGSL backends both print the literal -0 as 0 (codegen/js.ts,
    // codegen/wgsl-expr.ts), so only the IR keeps the sign.
    const p = parseChecked(ir`
      (program t (dim 2) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
        (func main (input x 2)
          (result (/ 1.0 (min (* (read x 0) 0.0) (neg 0.0))))))`);
    const out = fold(p);
    const text = printProgram(out);
    expect(text).toContain('(result (/ 1.0 (min (* (read x 0) 0.0) -0.0)))');
    // toEqual tells -0 from 0 (Object.is on numbers).
    expect(parseProgram(text)).toEqual(out);
    expect(parseProgram(text.replace('-0.0', '0.0'))).not.toEqual(out);
  });
});

// ---- cse --------------------------------------------------------------------------------------

describe('bias', () => {
  it('moves the constant terms of the result into the bias, keeping the other terms in order', () => {
    // CEC 2017 F10's shape: a constant first and the bias last; a negated constant counts.
    const out = checkPass(
      bias,
      ir`
        (program t (dim 4) (box -1.0 1.0) (optimum 1000.0) (at none) (minimize)
          (func main (input x 4)
            (scalar s f (sum i 0 4 (pow (read x i) 2.0)))
            (result (- (+ (+ 4189.828872724338 (sum i 0 4 (read x i))) @s) (neg 1000.0)))))`,
      ir`
        (program t (dim 4) (box -1.0 1.0) (optimum 1000.0) (at none) (minimize) (bias 5189.828872724338)
          (func main (input x 4)
            (scalar s f (sum i 0 4 (pow (read x i) 2.0)))
            (result (+ (sum i 0 4 (read x i)) @s))))`,
    );
    expect(out.bias).toBe(4189.828872724338 + 1000);
  });

  it('keeps a result without constant terms, and one whose terms are all constant becomes 0', () => {
    const none = ir`
      (program t (dim 2) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
        (func main (input x 2)
          (result (* (+ (read x 0) 1.0) 2.0))))`;
    checkPass(bias, none, none);
    checkPass(
      bias,
      ir`
        (program t (dim 2) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (func main (input x 2)
            (result (- 3.0 (neg (neg 1.0))))))`,
      ir`
        (program t (dim 2) (box -1.0 1.0) (optimum 0.0) (at none) (minimize) (bias 2.0)
          (func main (input x 2)
            (result 0.0)))`,
    );
  });

  it('puts a leading negative term first as a negation', () => {
    checkPass(
      bias,
      ir`
        (program t (dim 2) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (func main (input x 2)
            (result (- (- 100.0 (read x 0)) (read x 1)))))`,
      ir`
        (program t (dim 2) (box -1.0 1.0) (optimum 0.0) (at none) (minimize) (bias 100.0)
          (func main (input x 2)
            (result (- (neg (read x 0)) (read x 1)))))`,
    );
  });
});

// ---- residual ---------------------------------------------------------------------------------

describe('residual', () => {
  const shifted = ir`
    (program t (dim 4) (box -100.0 100.0) (optimum 0.0) (at o) (minimize)
      (data o (4) (uniform -80.0 80.0 7))
      (data p (4) (perm 3))
      (func main (input x 4)
        (vec y i 4 (- (read x i) (read o i)))
        (vec w i 4 (- (read o i) (* 2.0 (read x i))))
        (vec q i 4 (- (read x i) (read p i)))
        (result (sum i 0 4 (+ (+ (* 1000000.0 (pow (read y i) 2.0)) (read w i)) (read q i))))))`;
  const rewritten = ir`
    (program t (dim 4) (box -100.0 100.0) (optimum 0.0) (at o) (minimize)
      (data o (4) (uniform -80.0 80.0 7))
      (data p (4) (perm 3))
      (data o.lo (4) (residual o))
      (func main (input x 4)
        (vec y i 4 (- (- (read x i) (read o i)) (read o.lo i)))
        (vec w i 4 (+ (- (read o i) (* 2.0 (read x i))) (read o.lo i)))
        (vec q i 4 (- (read x i) (read p i)))
        (result (sum i 0 4 (+ (+ (* 1000000.0 (pow (read y i) 2.0)) (read w i)) (read q i))))))`;

  it('subtracts the residual of shifted data (not of a permutation) and declares it once', () => {
    const p = parseChecked(shifted);
    const out = residual(p);
    expect(printProgram(out)).toBe(rewritten);
    validate(out, 'residual');
    // Declared already (an algorithm's steps): not again.
    expect(printProgram(residual({ ...p, data: out.data }))).toBe(rewritten);
    const o = materialiseData(out);
    for (let i = 0; i < 4; i++) expect(o['o.lo']![i]).toBe(o.o![i]! - Math.fround(o.o![i]!));
  });

  it('gives x - o to float32 precision where the data are float32 (the GPU), near the optimum', () => {
    // The rewritten program evaluated with its data as the GPU holds them (rounded to float32)
    // agrees with the original with exact data; without the residual it is off by o's rounding,
    // about 1e6 (2^-25 80)^2 = 5.7e-6 at x = fround(o): the bound of each says so.
    const p = parseChecked(ir`
      (program t (dim 4) (box -100.0 100.0) (optimum 0.0) (at o) (minimize)
        (data o (4) (uniform -80.0 80.0 7))
        (func main (input x 4)
          (result (sum i 0 4 (* 1000000.0 (+ (pow (- (read x i) (read o i)) 2.0) (pow (- (read o i) (read x i)) 2.0)))))))`);
    const out = residual(p);
    const exact = materialiseData(out);
    const f32 = Object.fromEntries(
      Object.entries(exact).map(([k, v]) => [k, Float64Array.from(v, Math.fround)]),
    );
    const x = [Float64Array.from(exact.o!, Math.fround)];
    const truth = evalAt(p, x, exact)[0]!;
    const withResidual = evalAt(out, x, f32)[0]!;
    const without = evalAt(p, x, f32)[0]!;
    expect(Math.abs(withResidual - truth)).toBeLessThan(1e-7 * Math.abs(truth));
    expect(Math.abs(without - truth)).toBeGreaterThan(1e-3 * Math.abs(truth));
    const bound = (q: IrProgram) => compileJs(errorBoundProgram(q, 4), exact)(x[0]!, 0);
    const U = 2 ** -24;
    expect(U * bound(out)).toBeGreaterThanOrEqual(Math.abs(withResidual - truth));
    expect(U * bound(out)).toBeLessThan(Math.abs(without - truth) / 100);
  });
});

// ---- cosine -----------------------------------------------------------------------------------

describe('cosine', () => {
  it("puts 2k sin^2(t / 2) for -k cos t and takes k from the chain's constant; not +k cos t", () => {
    checkPass(
      cosine,
      ir`
        (program t (dim 4) (box -5.0 5.0) (optimum 0.0) (at 0.0) (minimize)
          (func main (input x 4)
            (scalar a f (+ (- (pow (read x 0) 2.0) (* 10.0 (call cos (* 6.283185307179586 (read x 0))))) 10.0))
            (scalar b f (- 1.0 (call cos (read x 1))))
            (scalar c f (- 3.0 (* (call cos (read x 2)) 2.0)))
            (scalar d f (+ (* 10.0 (call cos (read x 3))) 10.0))
            (result (sum i 0 4 (+ (- (pow (read x i) 2.0) (* 10.0 (call cos (* 6.283185307179586 (read x i))))) (+ @a (+ @b (+ @c (+ @d 10.0)))))))))`,
      ir`
        (program t (dim 4) (box -5.0 5.0) (optimum 0.0) (at 0.0) (minimize)
          (func main (input x 4)
            (scalar a f (+ (pow (read x 0) 2.0) (* 20.0 (pow (call sin (* 3.141592653589793 (read x 0))) 2.0))))
            (scalar b f (* 2.0 (pow (call sin (* 0.5 (read x 1))) 2.0)))
            (scalar c f (+ 1.0 (* 4.0 (pow (call sin (* 0.5 (read x 2))) 2.0))))
            (scalar d f (+ (* 10.0 (call cos (read x 3))) 10.0))
            (result (sum i 0 4 (+ (+ (+ (+ (+ (pow (read x i) 2.0) (* 20.0 (pow (call sin (* 3.141592653589793 (read x i))) 2.0))) @a) @b) @c) @d)))))`,
    );
  });

  it('takes several cosines, and sums of them, from one constant (Bohachevsky, Lunacek)', () => {
    checkPass(
      cosine,
      ir`
        (program t (dim 4) (box -5.0 5.0) (optimum 0.0) (at 0.0) (minimize)
          (func main (input x 4)
            (scalar a f (+ (- (- (pow (read x 0) 2.0) (* 0.3 (call cos (* 9.42477796076938 (read x 0))))) (* 0.4 (call cos (* 12.566370614359172 (read x 1))))) 0.7))
            (result (+ @a (* 10.0 (- 4 (sum i 0 4 (call cos (* 6.283185307179586 (read x i))))))))))`,
      ir`
        (program t (dim 4) (box -5.0 5.0) (optimum 0.0) (at 0.0) (minimize)
          (func main (input x 4)
            (scalar a f (+ (+ (pow (read x 0) 2.0) (* 0.6 (pow (call sin (* 4.71238898038469 (read x 0))) 2.0))) (* 0.8 (pow (call sin (* 6.283185307179586 (read x 1))) 2.0))))
            (result (+ @a (* 10.0 (sum i 0 4 (* 2.0 (pow (call sin (* 3.141592653589793 (read x i))) 2.0))))))))`,
    );
  });

  it("takes Griewank's product of cosines from the bias: 1 - prod cos t_i as por 2 sin^2(t_i / 2)", () => {
    // The bias pass has moved Griewank's 1 to the program's bias; the product's weight comes from
    // it (none is left), and the product becomes a `por` reduction (a + b - a b).
    const out = checkPass(
      cosine,
      ir`
        (program t (dim 4) (box -600.0 600.0) (optimum 0.0) (at 0.0) (minimize) (bias 1.0)
          (func main (input x 4)
            (result (- (sum i 0 4 (/ (pow (read x i) 2.0) 4000.0)) (prod j 0 4 (call cos (/ (read x j) (call sqrt (+ j 1)))))))))`,
      ir`
        (program t (dim 4) (box -600.0 600.0) (optimum 0.0) (at 0.0) (minimize)
          (func main (input x 4)
            (result (+ (sum i 0 4 (/ (pow (read x i) 2.0) 4000.0)) (por j 0 4 (* 2.0 (pow (call sin (* 0.5 (/ (read x j) (call sqrt (+ j 1))))) 2.0)))))))`,
    );
    expect(out.bias).toBeUndefined();
    // Near the optimum the float32 form is within a few ulps of the value: the bound says so,
    // where 1 - prod cos has an error of the order of u itself.
    const x = [Float64Array.from([1e-3, -2e-3, 3e-3, 1e-3])];
    const value = evalAt(out, x)[0]!;
    expect(value).toBeGreaterThan(0);
    const U = 2 ** -24;
    const bound = U * compileJs(errorBoundProgram(out, 4), {})(x[0]!, 0);
    expect(bound).toBeLessThan(1e-5 * value);
  });

  it('has an error bound relative to the term where the cosine form has one relative to k', () => {
    const p = parseChecked(ir`
      (program t (dim 1) (box -5.0 5.0) (optimum 0.0) (at 0.0) (minimize)
        (func main (input x 1)
          (result (+ (- (pow (read x 0) 2.0) (* 10.0 (call cos (* 6.283185307179586 (read x 0))))) 10.0))))`);
    const out = cosine(p);
    const x = [Float64Array.of(1e-4)];
    const value = evalAt(p, x)[0]!; // about 2e-6
    const bound = (q: IrProgram) => compileJs(errorBoundProgram(q, 1), {})(x[0]!, 0);
    // u times the bound: about 10 u (6e-7) before, a few u of the value (1e-12) after.
    expect(2 ** -24 * bound(p)).toBeGreaterThan(0.1 * value);
    expect(2 ** -24 * bound(out)).toBeLessThan(1e-5 * value);
    // And float32 arithmetic on the rewritten form (as the GPU does it) is that close.
    const f32 = Math.fround;
    const z = f32(1e-4);
    const s = f32(Math.sin(f32(0.5 * f32(f32(6.283185307179586) * z))));
    const g = f32(f32(z * z) + f32(20 * f32(s * s)));
    expect(Math.abs(g - value)).toBeLessThan(1e-5 * value);
  });
});

// ---- centre -----------------------------------------------------------------------------------

describe('centre', () => {
  const U = 2 ** -24;
  /** u times the float32 error bound of `q` at x (ir/error-bound.ts). */
  const bound32 = (q: IrProgram, x: Float64Array) =>
    U * compileJs(errorBoundProgram(q, q.main.len), {})(x, 0);

  it("computes HappyCat's sum (x - 1)^2 - D as sum x (x - 2): no cancellation near x = 0", () => {
    const out = checkPass(
      centre,
      ir`
        (program t (dim 4) (box -5.0 5.0) (optimum 0.0) (at 0.0) (minimize)
          (func main (input x 4)
            (vec w i 4 (- (read x i) 1.0))
            (result (pow (call abs (- (sum j 0 4 (pow (read w j) 2.0)) 4.0)) 0.25))))`,
      ir`
        (program t (dim 4) (box -5.0 5.0) (optimum 0.0) (at 0.0) (minimize)
          (func main (input x 4)
            (vec w~c i 4 (read x i))
            (result (pow (call abs (sum j 0 4 (* (read w~c j) (- (read w~c j) 2.0)))) 0.25))))`,
    );
    // At x = 1e-8 the sum is about -1.6e-7: the original form's bound is of the order of D u
    // (the 4 it subtracts, 2.6e-6), ten times the value; the centred one's a few u of the value.
    const p = parseProgram(ir`
      (program t (dim 4) (box -5.0 5.0) (optimum 0.0) (at 0.0) (minimize)
        (func main (input x 4)
          (vec w i 4 (- (read x i) 1.0))
          (result (- (sum j 0 4 (pow (read w j) 2.0)) 4.0))))`);
    const x = Float64Array.of(1e-8, 2e-8, 3e-8, 2e-8);
    const value = Math.abs(evalAt(p, [x])[0]!);
    expect(bound32(p, x)).toBeGreaterThan(10 * value);
    expect(bound32(centre(p), x)).toBeLessThan(1e-5 * value);
  });

  it("computes Schwefel 2.26's terms about w* = 420.97 as a polynomial in w - w* near it", () => {
    // 418.98 D - sum w sin sqrt|w| with w = 10 x + w*: each term is h(w*) - h(w) = O(x^2) against
    // 419. The series of h about w* (computed here in float64) holds where |w - w*| < 4, the
    // difference elsewhere; 3 h(w*) cancels the constant (K = 0, nothing is added back).
    const input = ir`
      (program t (dim 3) (box -500.0 500.0) (optimum 0.0) (at 0.0) (minimize)
        (func main (input x 3)
          (vec w i 3 (+ (* 10.0 (read x i)) 420.9687462275036))
          (result (+ 1256.9486618173014 (sum j 0 3 (* (neg (read w j)) (call sin (call sqrt (call abs (read w j))))))))))`;
    const p = parseChecked(input);
    const out = centre(p);
    const w = '(read w~c j)';
    const a = schwefelSeries(SCHWEFEL_CENTRE);
    expect(a[0]).toBeCloseTo(418.9828872724338, 12);
    let poly = `${printNum(a[10]!)}`;
    for (let n = 9; n >= 1; n--) poly = `(+ ${printNum(a[n]!)} (* ${w} ${poly}))`;
    const far = `(- (* (+ ${w} 420.9687462275036) (call sin (call sqrt (call abs (+ ${w} 420.9687462275036))))) ${printNum(a[0]!)})`;
    expect(printProgram(out)).toBe(ir`
      (program t (dim 3) (box -500.0 500.0) (optimum 0.0) (at 0.0) (minimize)
        (func main (input x 3)
          (vec w~c i 3 (* 10.0 (read x i)))
          (result (sum j 0 3 (neg (if (< (call abs ${w}) 4.0) (* ${w} ${poly}) ${far}))))))`);
    validate(out, 'centre');
    // Meaning kept: at random points of the box (the far branch, and the polynomial near w*)
    // to float64's rounding of terms of 419, and near the optimum to the value's own digits.
    const box = randomPoints(3, 5, -500, 500, 42);
    expectClose(evalAt(out, box), evalAt(p, box), 1e-13, 1e-11);
    const near = randomPoints(3, 5, -0.39, 0.39, 43);
    expectClose(evalAt(out, near), evalAt(p, near), 1e-11, 1e-12);
    const x = Float64Array.of(1e-4, -2e-4, 1e-4);
    const value = evalAt(out, [x])[0]!; // about 0.126 * 6e-6
    expect(value).toBeGreaterThan(0);
    expect(bound32(p, x)).toBeGreaterThan(10 * value);
    expect(bound32(out, x)).toBeLessThan(1e-5 * value);
  });

  it("writes Schaffer's 0.5 + (S - 0.5) / q^2 as one fraction: (S + 0.5 (q^2 - 1)) / q^2", () => {
    const out = checkPass(
      centre,
      ir`
        (program t (dim 2) (box -5.0 5.0) (optimum 0.0) (at 0.0) (minimize)
          (func main (input x 2)
            (scalar s f (+ (pow (read x 0) 2.0) (pow (read x 1) 2.0)))
            (result (+ 0.5 (/ (- (pow (call sin (call sqrt @s)) 2.0) 0.5) (pow (+ 1.0 (* 0.001 @s)) 2.0))))))`,
      ir`
        (program t (dim 2) (box -5.0 5.0) (optimum 0.0) (at 0.0) (minimize)
          (func main (input x 2)
            (scalar s f (+ (pow (read x 0) 2.0) (pow (read x 1) 2.0)))
            (result (/ (+ (pow (call sin (call sqrt @s)) 2.0) (* 0.5 (* (* 0.001 @s) (+ (* 0.001 @s) 2.0)))) (pow (+ 1.0 (* 0.001 @s)) 2.0)))))`,
    );
    const x = Float64Array.of(1e-5, -1e-5);
    const value = evalAt(out, [x])[0]!; // about s = 2e-10
    expect(bound32(out, x)).toBeLessThan(1e-5 * value);
  });

  it("takes a sum's cosines k cos t from a constant outside it (Rastrigin inside a hybrid)", () => {
    checkPass(
      centre,
      ir`
        (program t (dim 4) (box -5.0 5.0) (optimum 0.0) (at 0.0) (minimize)
          (func main (input x 4)
            (scalar r f (sum i 0 4 (- (pow (read x i) 2.0) (* 10.0 (call cos (* 6.283185307179586 (read x i)))))))
            (result (+ @r 40.0))))`,
      ir`
        (program t (dim 4) (box -5.0 5.0) (optimum 0.0) (at 0.0) (minimize)
          (func main (input x 4)
            (scalar r~c f (sum i 0 4 (+ (pow (read x i) 2.0) (* 20.0 (pow (call sin (* 3.141592653589793 (read x i))) 2.0)))))
            (result @r~c)))`,
    );
  });

  it('moves the larger constant of a choice out of its branches (2 (x + 100) or x + 100, less 400)', () => {
    checkPass(
      centre,
      ir`
        (program t (dim 2) (box -5.0 5.0) (optimum 0.0) (at 0.0) (minimize)
          (func main (input x 2)
            (vec w i 2 (+ (read x i) 100.0))
            (result (- (sum j 0 2 (if (> (read w j) 150.0) (* 2.0 (read w j)) (read w j))) 400.0))))`,
      ir`
        (program t (dim 2) (box -5.0 5.0) (optimum 0.0) (at 0.0) (minimize)
          (func main (input x 2)
            (vec w i 2 (+ (read x i) 100.0))
            (vec w~c i 2 (read x i))
            (result (sum j 0 2 (if (> (read w j) 150.0) (* 2.0 (read w~c j)) (- (read w~c j) 100.0))))))`,
    );
  });

  it('returns a program in which no constants cancel unchanged', () => {
    const p = parseChecked(ir`
      (program t (dim 2) (box -5.0 5.0) (optimum 0.0) (at 0.0) (minimize)
        (func main (input x 2)
          (vec w i 2 (+ (read x i) 1.0))
          (result (+ (sum j 0 2 (pow (read w j) 2.0)) 5.0))))`);
    expect(centre(p)).toBe(p);
  });
});

// ---- range ------------------------------------------------------------------------------------

describe('range', () => {
  const schwefel222 = ir`
    (program t (dim 4) (box -10.0 10.0) (optimum 0.0) (at 0.0) (minimize)
      (func main (input x 4)
        (scalar p f (prod i 0 4 (call abs (read x i))))
        (result (+ (sum j 0 4 (call abs (read x j))) @p))))`;

  it('stores a problem with a product as phi(v), the product through its logarithm (Schwefel 2.22)', () => {
    // Below T = 2^100 phi(v) = v: the random points of the box (|v| <= 1e4) check the meaning.
    checkPass(
      range,
      schwefel222,
      ir`
        (program t (dim 4) (box -10.0 10.0) (optimum 0.0) (at 0.0) (minimize)
          (func main (input x 4)
            (scalar p f (prod i 0 4 (call abs (read x i))))
            (scalar range.r f (sum j 0 4 (call abs (read x j))))
            (scalar range.lp f (sum i 0 4 (if (== (call abs (read x i)) 0.0) -1e+30 (call log (call abs (read x i))))))
            (scalar range.v f (+ @range.r (call exp @range.lp)))
            (scalar range.w f (+ 1.0 (* @range.r (call exp (neg @range.lp)))))
            (scalar range.l f (+ @range.lp (call log (call abs @range.w))))
            (result (if (< @range.lp 69.31471805599453) (if (<= (call abs @range.v) 1.2676506002282294e+30) @range.v (* (call sign @range.v) (* 1.2676506002282294e+30 (- (+ 1.0 (call log (call abs @range.v))) 69.31471805599453)))) (if (<= @range.l 69.31471805599453) (* (call sign @range.w) (call exp @range.l)) (* (call sign @range.w) (* 1.2676506002282294e+30 (- (+ 1.0 @range.l) 69.31471805599453))))))))`,
    );
  });

  it('keeps the sign of a product of factors of either sign, and its weight', () => {
    checkPass(
      range,
      ir`
        (program t (dim 4) (box -10.0 10.0) (optimum 0.0) (at 0.0) (minimize)
          (func main (input x 4)
            (result (- (sum j 0 4 (read x j)) (* 3.0 (prod i 0 4 (read x i)))))))`,
      ir`
        (program t (dim 4) (box -10.0 10.0) (optimum 0.0) (at 0.0) (minimize)
          (func main (input x 4)
            (scalar range.r f (sum j 0 4 (read x j)))
            (scalar range.ls f (sum i 0 4 (if (== (call abs (read x i)) 0.0) -1e+30 (call log (call abs (read x i))))))
            (scalar range.lp f (+ 1.0986122886681096 @range.ls))
            (scalar range.s f (* -1.0 (prod i 0 4 (call sign (read x i)))))
            (scalar range.v f (+ @range.r (* @range.s (call exp @range.lp))))
            (scalar range.w f (+ @range.s (* @range.r (call exp (neg @range.lp)))))
            (scalar range.l f (+ @range.lp (call log (call abs @range.w))))
            (result (if (< @range.lp 69.31471805599453) (if (<= (call abs @range.v) 1.2676506002282294e+30) @range.v (* (call sign @range.v) (* 1.2676506002282294e+30 (- (+ 1.0 (call log (call abs @range.v))) 69.31471805599453)))) (if (<= @range.l 69.31471805599453) (* (call sign @range.w) (call exp @range.l)) (* (call sign @range.w) (* 1.2676506002282294e+30 (- (+ 1.0 @range.l) 69.31471805599453))))))))`,
    );
  });

  it('multiplies in no signs for factors a^c with c not an integer (Katsuura: NaN for a < 0)', () => {
    const out = range(
      parseChecked(ir`
        (program t (dim 4) (box -10.0 10.0) (optimum 0.0) (at 0.0) (minimize)
          (func main (input x 4)
            (result (* 2.0 (prod i 0 4 (pow (+ 1.0 (read x i)) 0.63))))))`),
    );
    const text = printProgram(out);
    expect(text).toContain('(scalar range.ls f (sum i 0 4');
    expect(text).not.toContain('range.s ');
    expect(text).not.toContain('call sign (pow');
  });

  it('is phi of the value beyond float32 (D = 100: |prod| about e^130 at random points)', () => {
    const text = schwefel222
      .replaceAll('(dim 4)', '(dim 100)')
      .replaceAll(' 0 4 ', ' 0 100 ')
      .replace('(input x 4)', '(input x 100)');
    const p = parseChecked(text);
    const out = range(p);
    const xs = randomPoints(100, 8, -10, 10, 7);
    const v = evalAt(p, xs);
    expect(Math.max(...v)).toBeGreaterThan(1e38);
    expectClose(evalAt(out, xs), v.map(rangeEncode), 1e-13, 0);
    expectClose(evalAt(out, xs).map(rangeDecode), v, 1e-11, 0);
  });

  it('leaves a program without a product, or with a product of cosines, alone', () => {
    const p = parseChecked(ir`
      (program t (dim 2) (box -5.0 5.0) (optimum 0.0) (at 0.0) (minimize)
        (func main (input x 2)
          (result (- (sum j 0 2 (read x j)) (prod i 0 2 (call cos (read x i)))))))`);
    expect(range(p)).toBe(p);
  });
});

describe('cse', () => {
  it('turns two identical reductions into one scalar, up to the names of their indices', () => {
    checkPass(
      cse,
      ir`
        (program t (dim 5) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (func main (input x 5)
            (result (+ (call sqrt (sum i1 0 5 (pow (read x i1) 2.0))) (* 0.1 (sum i2 0 5 (pow (read x i2) 2.0)))))))`,
      ir`
        (program t (dim 5) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (func main (input x 5)
            (scalar r0 f (sum i1 0 5 (pow (read x i1) 2.0)))
            (result (+ (call sqrt @r0) (* 0.1 @r0)))))`,
    );
  });

  it('merges repeated scalar bindings, hoists free reductions out of vectors, not dependent ones', () => {
    checkPass(
      cse,
      ir`
        (program t (dim 5) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (func main (input x 5)
            (scalar r f (call sqrt (sum i 0 5 (pow (read x i) 2.0))))
            (scalar a f (sum i 0 5 (read x i)))
            (scalar b f (sum i 0 5 (read x i)))
            (vec t i 5 (sum j 0 (+ i 1) (read x j)))
            (vec u i 5 (* (read x i) (sum j 0 5 (read x j))))
            (result (+ (+ (+ (* 0.1 (sum i 0 5 (pow (read x i) 2.0))) @r) (* @a @b)) (sum k 0 5 (* (read t k) (read u k)))))))`,
      ir`
        (program t (dim 5) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (func main (input x 5)
            (scalar r0 f (sum i 0 5 (pow (read x i) 2.0)))
            (scalar r f (call sqrt @r0))
            (scalar a f (sum i 0 5 (read x i)))
            (vec t i 5 (sum j 0 (+ i 1) (read x j)))
            (vec u i 5 (* (read x i) @a))
            (scalar r1 f (sum k 0 5 (* (read t k) (read u k))))
            (result (+ (+ (+ (* 0.1 @r0) @r) (* @a @a)) @r1))))`,
    );
  });

  it('does not hoist a reduction that depends on an enclosing index', () => {
    // (sum k 0 (+ i 1) ...) reads i, and the sum over j contains it: only the outer sum is hoisted.
    checkPass(
      cse,
      ir`
        (program t (dim 5) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (func main (input x 5)
            (result (sum i 0 5 (* (read x i) (sum j 0 5 (+ (read x j) (sum k 0 (+ i 1) (read x k)))))))))`,
      ir`
        (program t (dim 5) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (func main (input x 5)
            (scalar r0 f (sum i 0 5 (* (read x i) (sum j 0 5 (+ (read x j) (sum k 0 (+ i 1) (read x k)))))))
            (result @r0)))`,
    );
  });

  it('hoists an inner reduction that does not depend on the outer index', () => {
    checkPass(
      cse,
      ir`
        (program t (dim 5) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (func main (input x 5)
            (scalar s f (sum i 0 5 (* (read x i) (sum j 0 5 (read x j)))))
            (result (+ @s (sum k 0 5 (read x k))))))`,
      ir`
        (program t (dim 5) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (func main (input x 5)
            (scalar r0 f (sum j 0 5 (read x j)))
            (scalar s f (sum i 0 5 (* (read x i) @r0)))
            (result (+ @s @r0))))`,
    );
  });

  it('does not merge reductions that differ in a free index, bound or condition', () => {
    const text = ir`
      (program t (dim 5) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
        (func main (input x 5)
          (scalar a f (sum i 0 5 (read x i)))
          (scalar b f (sum i 0 4 (read x i)))
          (scalar c f (sum i 0 5 (where (> (read x i) 0.0)) (read x i)))
          (scalar d f (prod i 0 5 (read x i)))
          (result (+ (+ @a @b) (+ @c @d)))))`;
    checkPass(cse, text, text);
  });
});

// ---- scan -------------------------------------------------------------------------------------

describe('scan', () => {
  it('recognises inclusive (j <= i) and exclusive (j < i) prefix sums', () => {
    checkPass(
      scan,
      ir`
        (program t (dim 10) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (func main (input x 10)
            (vec s i 10 (sum j 0 (+ i 1) (read x j)))
            (vec e i 10 (sum j 0 i (pow (read x j) 2.0)))
            (result (sum k 0 10 (* (read s k) (read e k))))))`,
      ir`
        (program t (dim 10) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (func main (input x 10)
            (scan s i 10 (read x i))
            (scan-excl e i 10 (pow (read x i) 2.0))
            (result (sum k 0 10 (* (read s k) (read e k))))))`,
    );
  });

  it('leaves what is not a prefix sum: a term in i, lo != 0, where, prod, other offsets', () => {
    const text = ir`
      (program t (dim 10) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
        (func main (input x 10)
          (vec d i 10 (sum j 0 (+ i 1) (* (read x j) i)))
          (vec l i 10 (sum j 1 (+ i 1) (read x j)))
          (vec w i 10 (sum j 0 (+ i 1) (where (> (read x j) 0.0)) (read x j)))
          (vec p i 10 (prod j 0 (+ i 1) (read x j)))
          (vec t i 10 (sum j 0 (+ i 2) (read x (% j 10))))
          (vec m i 10 (sum j 0 (- i 1) (read x j)))
          (result (sum k 0 10 (+ (+ (+ (read d k) (read l k)) (+ (read w k) (read p k))) (+ (read t k) (read m k)))))))`;
    checkPass(scan, text, text);
  });
});

// ---- fuse -------------------------------------------------------------------------------------

describe('fuse', () => {
  it('substitutes elementwise vectors into readers (shifted gathers, constant indices, scans), keeps a vec with a reduction, removes dead bindings', () => {
    checkPass(
      fuse,
      ir`
        (program t (dim 6) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (data o (6) (uniform -0.5 0.5 3))
          (data M (6 6) (normal 0.0 1.0 4))
          (func main (input x 6)
            (vec z i 6 (- (read x i) (read o i)))
            (vec t i 6 (+ (pow (read z i) 2.0) (read z (% (+ i 1) 6))))
            (vec r i 6 (sum j 0 6 (* (read M i j) (read z j))))
            (scan s i 6 (read t i))
            (scalar dead f (sum k 0 6 (read z k)))
            (vec unused i 6 (* 2.0 (read r i)))
            (scalar a f (sum k 0 6 (* (read t k) (read r k))))
            (result (+ (+ @a (read z 0)) (read s 5)))))`,
      ir`
        (program t (dim 6) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (data o (6) (uniform -0.5 0.5 3))
          (data M (6 6) (normal 0.0 1.0 4))
          (func main (input x 6)
            (vec r i 6 (sum j 0 6 (* (read M i j) (- (read x j) (read o j)))))
            (scan s i 6 (+ (pow (- (read x i) (read o i)) 2.0) (- (read x (% (+ i 1) 6)) (read o (% (+ i 1) 6)))))
            (scalar a f (sum k 0 6 (* (+ (pow (- (read x k) (read o k)) 2.0) (- (read x (% (+ k 1) 6)) (read o (% (+ k 1) 6)))) (read r k))))
            (result (+ (+ @a (- (read x 0) (read o 0))) (read s 5)))))`,
    );
  });

  it('folds after substituting (a chain shift -> scale -> evaluate)', () => {
    checkPass(
      fuse,
      ir`
        (program t (dim 3) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (func main (input x 3)
            (vec a i 3 (* (read x i) 1.0))
            (vec b i 3 (* 2.0 (read a (- 2 i))))
            (result (sum k 0 3 (* (read b k) (read b 0))))))`,
      ir`
        (program t (dim 3) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (func main (input x 3)
            (result (sum k 0 3 (* (* 2.0 (read x (- 2 k))) (* 2.0 (read x 2)))))))`,
    );
  });
});

// ---- schedule ---------------------------------------------------------------------------------

/** `program` (printed, without schedule) with a (schedule REGIME STAGES...) appended, as printed. */
const withSchedule = (program: string, regime: string, ...stages: string[]) =>
  `${program.slice(0, -1)}\n  (schedule ${regime}${stages.map((s) => `\n    ${s}`).join('')}))`;

const sched = (o: Partial<ScheduleOptions>) => (p: IrProgram) =>
  scheduleProgram(p, { ...defaultScheduleOptions, ...o });

/** A fused two-reduction program (Griewank's shape) at dimension d. */
const griewank = (d: number) => ir`
  (program griewank (dim ${d}) (box -600.0 600.0) (optimum 0.0) (at 0.0) (minimize)
    (func main (input x ${d})
      (scalar r0 f (sum i1 0 ${d} (/ (pow (read x i1) 2.0) 4000.0)))
      (scalar r1 f (prod i2 0 ${d} (call cos (/ (read x i2) (call sqrt (+ i2 1))))))
      (result (- (+ 1.0 @r0) @r1))))`;

/** Schwefel 1.2 after fusion at dimension d. */
const schwefel12 = (d: number) => ir`
  (program schwefel_1_2 (dim ${d}) (box -100.0 100.0) (optimum 0.0) (at 0.0) (minimize)
    (func main (input x ${d})
      (scan s i1 ${d} (read x i1))
      (scalar r0 f (sum i3 0 ${d} (pow (read s i3) 2.0)))
      (result @r0)))`;

describe('schedule', () => {
  // These stage tests fix the team size (the `team` option), so that they do not depend on the
  // tuning of the default; the default is tested below.
  it("fuses Griewank's sum and prod into one reduce stage", () => {
    checkPass(
      sched({ team: 4 }),
      griewank(10),
      withSchedule(griewank(10), '(team 4 256) (kernels 1)', '(reduce r0 r1)'),
    );
  });

  it("attaches Schwefel 1.2's square-sum to its scan", () => {
    const out = checkPass(
      sched({ team: 4 }),
      schwefel12(10),
      withSchedule(schwefel12(10), '(team 4 256) (kernels 1)', '(scan s r0)'),
    );
    expect(out.schedule!.stages).toEqual([{ k: 'scan', scan: 's', outs: ['r0'] }]);
  });

  it('does not attach a reduction that reads the scan at a shifted index', () => {
    const text = ir`
      (program t (dim 10) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
        (func main (input x 10)
          (scan s i 10 (read x i))
          (scalar r0 f (sum k 0 9 (* (read s k) (read s (+ k 1)))))
          (result @r0)))`;
    checkPass(
      sched({ team: 4 }),
      text,
      withSchedule(text, '(team 4 256) (kernels 1)', '(scan s)', '(reduce r0)'),
    );
  });

  it('orders stages by level: constants, vecs, scans with attached reductions, reductions, scalars', () => {
    checkPass(
      sched({ team: 4 }),
      ir`
        (program t (dim 10) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (func main (input x 10)
            (scalar q i 9)
            (vec r i 10 (sum j 0 10 (* (read x i) (read x j))))
            (scan s i 10 (read x i))
            (scalar r0 f (sum k 0 10 (pow (read s k) 2.0)))
            (scalar r1 f (sum k 0 @q (* (read s k) (read s (+ k 1)))))
            (scalar r2 f (max k 0 10 (read r k)))
            (scalar m f (/ @r2 10.0))
            (scalar r3 f (sum k 0 10 (* (read x k) @m)))
            (result (+ (+ @r0 @r1) @r3))))`,
      ir`
        (program t (dim 10) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
          (func main (input x 10)
            (scalar q i 9)
            (vec r i 10 (sum j 0 10 (* (read x i) (read x j))))
            (scan s i 10 (read x i))
            (scalar r0 f (sum k 0 10 (pow (read s k) 2.0)))
            (scalar r1 f (sum k 0 @q (* (read s k) (read s (+ k 1)))))
            (scalar r2 f (max k 0 10 (read r k)))
            (scalar m f (/ @r2 10.0))
            (scalar r3 f (sum k 0 10 (* (read x k) @m)))
            (result (+ (+ @r0 @r1) @r3)))
          (schedule (team 4 256) (kernels 1)
            (scalar q)
            (vec r)
            (scan s r0)
            (reduce r1 r2)
            (scalar m)
            (reduce r3)))`,
    );
  });

  // The default team: about ELEMS elements per lane, a power of two, at most the workgroup. ELEMS
  // is a tuning constant of chooseRegime, measured on an H200 (ELEMS_PER_LANE; programs with a scan
  // use ELEMS_PER_LANE_SCAN, tested below).
  const ELEMS = ELEMS_PER_LANE;
  const teamFor = (d: number) => Math.min(256, 2 ** Math.ceil(Math.log2(Math.ceil(d / ELEMS))));
  it.each([1, 10, 100, 1000, 100000])('default team size at D = %i', (d) => {
    const out = sched({ population: 100000 })(parseChecked(griewank(d)));
    expect(out.schedule!.regime).toEqual({ k: 'team', team: teamFor(d), wg: 256 });
    expect(out.schedule!.kernels).toBe(1);
    validate(out, 'schedule');
  });
  it('default team sizes at D = 10, 100, 1000 are 1, 4, 32; with a scan 1, 1, 8', () => {
    expect([10, 100, 1000].map(teamFor)).toEqual([1, 4, 32]);
    const scanTeam = (d: number) =>
      sched({ population: 100000 })(parseChecked(schwefel12(d))).schedule!.regime;
    expect([10, 100, 1000].map((d) => (scanTeam(d) as { team: number }).team)).toEqual([1, 1, 8]);
    expect(ELEMS_PER_LANE_SCAN).toBe(128);
  });
  it('the team option forces a size, the wg option bounds it', () => {
    expect(sched({ team: 32 })(parseChecked(griewank(10))).schedule!.regime).toEqual({
      k: 'team',
      team: 32,
      wg: 256,
    });
    expect(
      sched({ wg: 64, force: 'team' })(parseChecked(griewank(100000))).schedule!.regime,
    ).toEqual({
      k: 'team',
      team: 64,
      wg: 64,
    });
  });

  it('splits when D is huge and the population small: two kernels per reduce stage, three per scan with fused reductions', () => {
    const D = 1_000_000;
    const { wg, chunk } = defaultScheduleOptions;
    const split = { k: 'split', wg, chunk, groups: Math.ceil(D / chunk) };
    const g = sched({ population: 16 })(parseChecked(griewank(D)));
    expect(g.schedule).toEqual({
      regime: split,
      stages: [{ k: 'reduce', outs: ['r0', 'r1'] }],
      kernels: 2,
    });
    validate(g, 'schedule');
    const s = sched({ population: 16 })(parseChecked(schwefel12(D)));
    expect(s.schedule).toEqual({
      regime: split,
      stages: [{ k: 'scan', scan: 's', outs: ['r0'] }],
      kernels: 3,
    });
    validate(s, 'schedule');
    // sin(s[i]) as well: the tiles' totals, the rescan, the combine.
    const sinScan = sched({ population: 16 })(
      parseChecked(schwefel12(D).replace('(pow (read s i3) 2.0)', '(call sin (read s i3))')),
    );
    expect(sinScan.schedule!.kernels).toBe(3);
    validate(sinScan, 'schedule');
    // With chunks of 4096 elements, 245 workgroups per individual.
    expect(
      sched({ population: 16, chunk: 4096 })(parseChecked(griewank(D))).schedule!.regime,
    ).toEqual({ k: 'split', wg: 256, chunk: 4096, groups: 245 });
    // The same D with a large population has enough work for the team regime.
    expect(sched({ population: 4096 })(parseChecked(griewank(D))).schedule!.regime.k).toBe('team');
    // A materialised vector keeps the team regime even when split is asked for.
    const withVec = ir`
      (program t (dim ${D}) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
        (func main (input x ${D})
          (vec t i ${D} (sum j 1 3 (* (read x i) j)))
          (scalar r0 f (sum k 0 ${D} (read t k)))
          (result @r0)))`;
    expect(
      sched({ population: 16, force: 'split' })(parseChecked(withVec)).schedule!.regime.k,
    ).toBe('team');
    // So does a scan that something other than its fused reductions reads.
    const scanRead = ir`
      (program t (dim ${D}) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
        (func main (input x ${D})
          (scan s i ${D} (read x i))
          (scalar r0 f (sum k 0 ${D} (pow (read s k) 2.0)))
          (result (+ @r0 (read s 0)))))`;
    expect(
      sched({ population: 16, force: 'split' })(parseChecked(scanRead)).schedule!.regime.k,
    ).toBe('team');
  });

  it('keeps the CPU values (schedules only annotate) and the split program validates at D = 20000', () => {
    checkPass(
      sched({ force: 'split', chunk: 4096 }),
      schwefel12(20000),
      withSchedule(schwefel12(20000), '(split 256 4096 5) (kernels 3)', '(scan s r0)'),
      2,
    );
  });
});

// ---- expm1 -------------------------------------------------------------------------------------

describe('expm1', () => {
  it("takes Ackley's 20 + e from the bias: k exp(a) as k + k expm1(a), a mean of cosines about 1", () => {
    const out = checkPass(
      expm1,
      ir`
        (program t (dim 4) (box -32.0 32.0) (optimum 0.0) (at 0.0) (minimize) (bias 22.718281828459045)
          (func main (input x 4)
            (scalar s2 f (sum i 0 4 (pow (read x i) 2.0)))
            (scalar sc f (sum j 0 4 (call cos (* 6.283185307179586 (read x j)))))
            (result (- (neg (* 20.0 (call exp (* -0.2 (call sqrt (/ @s2 4.0)))))) (call exp (/ @sc 4.0))))))`,
      ir`
        (program t (dim 4) (box -32.0 32.0) (optimum 0.0) (at 0.0) (minimize)
          (func main (input x 4)
            (scalar s2 f (sum i 0 4 (pow (read x i) 2.0)))
            (result (- (neg (* 20.0 (call expm1 (* -0.2 (call sqrt (/ @s2 4.0)))))) (* 2.718281828459045 (call expm1 (/ (neg (sum j 0 4 (* 2.0 (pow (call sin (* 3.141592653589793 (read x j))) 2.0)))) 4.0)))))))`,
    );
    // Near the optimum the rewritten form keeps its digits where the textbook one, even in
    // float64, keeps an absolute 22.7 * 2^-53.
    const x = [Float64Array.from([1e-10, -1e-10, 1e-10, -1e-10])];
    const value = evalAt(out, x)[0]!;
    expect(Math.abs(value - 4e-10)).toBeLessThan(1e-15);
  });

  it('leaves an exp that is added, or a chain without a constant, alone', () => {
    const p = parseChecked(ir`
      (program t (dim 2) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
        (func main (input x 2)
          (scalar a f (+ (call exp (read x 0)) 1.0))
          (result (- @a (call exp (read x 1))))))`);
    expect(printProgram(expm1(p))).toBe(printProgram(p));
  });
});

// ---- twofloat ---------------------------------------------------------------------------------

describe('twofloat', () => {
  const step = ir`
    (program t.each (dim 3) (box -100.0 100.0) (optimum 0.0) (at o) (minimize)
      (data o (3) (uniform -80.0 80.0 7))
      (data o.lo (3) (residual o))
      (state X 4 3 (lo X.lo))
      (state X.lo 4 3)
      (state X.f 4 0)
      (func main (input _ 3) (each i 4)
        (vec v j 3 (+ (read X 1 j) (* 0.5 (- (read X 2 j) (read X 3 j)))))
        (scalar fit f (sum k 0 3 (pow (- (- (read v k) (read o k)) (read o.lo k)) 2.0)))
        (scalar keep i (if (<= @fit (read X.f i)) 1 0))
        (write X i (j2 3) (if (!= @keep 0) (min (read v j2) 50.0) (read X i j2)))
        (write X.f i (if (!= @keep 0) @fit (read X.f i)))
        (result 0)))`;
  // The mutant in pairs, each operation bound apart (fuse puts the small ones back); the shift
  // v - o made plain as (v.hi - o) + v.lo (then the residual's - o.lo); the write of both parts,
  // the min of a pair and a float through ff.min; the fitness (no pair) left alone.
  const lowered = ir`
    (program t.each (dim 3) (box -100.0 100.0) (optimum 0.0) (at o) (minimize)
      (data o (3) (uniform -80.0 80.0 7))
      (data o.lo (3) (residual o))
      (state X 4 3 (lo X.lo))
      (state X.lo 4 3)
      (state X.f 4 0)
      (func main (input _ 3) (each i 4)
        (vec ff0 j 3 (call ff.add.h (read X 2 j) (read X.lo 2 j) (neg (read X 3 j)) (neg (read X.lo 3 j))))
        (vec ff0.lo j 3 (call ff.add.l (read X 2 j) (read X.lo 2 j) (neg (read X 3 j)) (neg (read X.lo 3 j))))
        (vec ff1 j 3 (call ff.mul.h (read ff0 j) (read ff0.lo j) 0.5))
        (vec ff1.lo j 3 (call ff.mul.l (read ff0 j) (read ff0.lo j) 0.5))
        (vec ff2 j 3 (call ff.add.h (read X 1 j) (read X.lo 1 j) (read ff1 j) (read ff1.lo j)))
        (vec ff2.lo j 3 (call ff.add.l (read X 1 j) (read X.lo 1 j) (read ff1 j) (read ff1.lo j)))
        (vec v j 3 (read ff2 j))
        (vec v.lo j 3 (read ff2.lo j))
        (scalar fit f (sum k 0 3 (pow (- (+ (- (read v k) (read o k)) (read v.lo k)) (read o.lo k)) 2.0)))
        (scalar keep i (if (<= @fit (read X.f i)) 1 0))
        (vec ff3 j2 3 (call ff.min.h (read v j2) (read v.lo j2) 50.0 0.0))
        (vec ff3.lo j2 3 (call ff.min.l (read v j2) (read v.lo j2) 50.0 0.0))
        (write X i (j2 3) (if (!= @keep 0) (read ff3 j2) (read X i j2)))
        (write X.lo i (j2 3) (if (!= @keep 0) (read ff3.lo j2) (read X.lo i j2)))
        (write X.f i (if (!= @keep 0) @fit (read X.f i)))
        (result 0)))`;

  it('computes on pairs from the float-float arrays up, and writes both parts', () => {
    const p = parseChecked(step);
    const out = twofloat(p);
    expect(printProgram(out)).toBe(lowered);
    validate(out, 'twofloat');
    // The state's (lo ...) prints and parses.
    expect(printProgram(parseProgram(lowered))).toBe(lowered);
    // Fusion puts the small pairs back into their readers.
    const fused = fuse(out).main.bindings.map((b) => b.name);
    expect(fused).not.toContain('ff1');
  });

  it('leaves a program without float-float state unchanged', () => {
    const p = parseChecked(step.replace(' (lo X.lo)', ''));
    expect(twofloat(p)).toBe(p);
  });

  it('finds the float-float arrays: the population and what is written from it, to a fixed point', () => {
    const p = parseChecked(step);
    const main = p.main;
    const best = {
      ...main,
      writes: [
        ...(main.writes ?? []),
        { arr: 'B', row: { k: 'int', t: 'i', v: 0 }, col: { idx: 'j3', len: 3 }, body: ir0('X') },
      ],
    } as IrFunc;
    const copy = {
      ...main,
      writes: [
        { arr: 'C', row: { k: 'int', t: 'i', v: 0 }, col: { idx: 'j3', len: 3 }, body: ir0('B') },
      ],
    } as IrFunc;
    const data = new Set(['o', 'o.lo']);
    expect([...twoFloatArrays([copy, best], ['X'], data)].sort()).toEqual(['B', 'C', 'X']);
    expect([...twoFloatArrays([copy], ['X'], data)]).toEqual(['X']);
  });

  it('the pair builtins are exact where float64 shows it: two-sum and the product error', () => {
    const r = rng(11);
    for (let k = 0; k < 2000; k++) {
      const a = Math.fround((r() - 0.5) * 200);
      const b = Math.fround((r() - 0.5) * 10 ** (-8 * r()));
      const [h, l] = ffAdd(a, 0, b, 0);
      expect(h).toBe(Math.fround(a + b));
      expect(h + l).toBe(a + b); // exact in float64: the exponents are within 29 of each other
      const [ph, pl] = ffMul(a, 0, b);
      expect(ph + pl).toBe(a * b); // a float32 product is exact in float64
      const [qh, ql] = ffDiv(a, 0, b === 0 ? 1 : b);
      expect(Math.abs(qh + ql - a / (b === 0 ? 1 : b))).toBeLessThanOrEqual(
        2 ** -44 * Math.abs(a / (b === 0 ? 1 : b)),
      );
    }
  });
});

/** (read A 0 j3): a row of a state array. */
function ir0(arr: string): IExpr {
  return {
    k: 'read',
    t: 'f',
    arr,
    idx: [
      { k: 'int', t: 'i', v: 0 },
      { k: 'idx', t: 'i', name: 'j3' },
    ],
  };
}

// ---- narrow -----------------------------------------------------------------------------------

describe('narrow', () => {
  const gathered = (m: number) => ir`
    (program t (dim 8) (box -100.0 100.0) (optimum 0.0) (at 0.0) (minimize)
      (data M (8 8) (uniform -1.0 1.0 5))
      (data S (8) (perm 3))
      (func main (input x 8)
        (vec z i 8 (sum j 0 8 (* (read M i j) (read x j))))
        (vec w k ${m} (* 0.5 (read z (call int (read S k)))))
        (vec v k2 ${m} (+ (read z (call int (read S k2))) (read w k2)))
        (result (+ (sum k3 0 ${m} (pow (read v k3) 2.0)) (sum i4 0 8 (read x i4))))))`;

  it('computes a vector only at the elements its readers gather (the rows of a slice of a permutation)', () => {
    // Both readers gather z at S[k] over 2 elements: z becomes those 2 rows, M read at row S[i].
    checkPass(
      narrow,
      gathered(2),
      ir`
        (program t (dim 8) (box -100.0 100.0) (optimum 0.0) (at 0.0) (minimize)
          (data M (8 8) (uniform -1.0 1.0 5))
          (data S (8) (perm 3))
          (func main (input x 8)
            (vec z i 2 (sum j 0 8 (* (read M (call int (read S i)) j) (read x j))))
            (vec w k 2 (* 0.5 (read z k)))
            (vec v k2 2 (+ (read z k2) (read w k2)))
            (result (+ (sum k3 0 2 (pow (read v k3) 2.0)) (sum i4 0 8 (read x i4))))))`,
    );
  });

  it('leaves a vector read at more than a quarter of its elements, elsewhere, or at other indices', () => {
    const p = parseChecked(gathered(3));
    expect(narrow(p)).toBe(p);
    const inResult = parseChecked(ir`
      (program t (dim 8) (box -100.0 100.0) (optimum 0.0) (at 0.0) (minimize)
        (data S (8) (perm 3))
        (func main (input x 8)
          (vec z i 8 (* 2.0 (read x i)))
          (vec w k 2 (read z (call int (read S k))))
          (result (+ (sum k3 0 2 (read w k3)) (read z 0)))))`);
    expect(narrow(inResult)).toBe(inResult);
    const twoIndices = parseChecked(ir`
      (program t (dim 8) (box -100.0 100.0) (optimum 0.0) (at 0.0) (minimize)
        (data S (8) (perm 3))
        (func main (input x 8)
          (vec z i 8 (* 2.0 (read x i)))
          (vec w k 2 (read z (call int (read S k))))
          (vec v k2 2 (read z (+ k2 1)))
          (result (sum k3 0 2 (+ (read w k3) (read v k3))))))`);
    expect(narrow(twoIndices)).toBe(twoIndices);
  });
});

// ---- spread -----------------------------------------------------------------------------------

describe('spread', () => {
  // A term of 33 sines: 33 SPREAD_CALL_COST, past SPREAD_MIN_COST.
  const deep = (v: string) => {
    let t = v;
    for (let k = 0; k < 33; k++) t = `(call sin ${t})`;
    return t;
  };

  it('moves a costly term into a vector of its own, which the reduction reads over its bounds', () => {
    expect(33 * SPREAD_CALL_COST).toBeGreaterThanOrEqual(SPREAD_MIN_COST);
    checkPass(
      spread,
      ir`
        (program t (dim 4) (box -10.0 10.0) (optimum 0.0) (at 0.0) (minimize)
          (func main (input x 4)
            (scalar a f (sum i 1 4 ${deep('(read x i)')}))
            (scalar b f (sum j 0 4 (call sin (read x j))))
            (result (+ @a @b))))`,
      ir`
        (program t (dim 4) (box -10.0 10.0) (optimum 0.0) (at 0.0) (minimize)
          (func main (input x 4)
            (vec a~t i 3 ${deep('(read x (+ i 1))')})
            (scalar a f (sum i 1 4 (read a~t (- i 1))))
            (scalar b f (sum j 0 4 (call sin (read x j))))
            (result (+ @a @b))))`,
    );
  });
});

// ---- ffsplit ----------------------------------------------------------------------------------

describe('ffsplit', () => {
  it('fixes the parts by the vector and the sum alone', () => {
    expect(ffsplitParts(10, 100)).toBe(4); // CEC 2014 F22 at D = 100: 40 partials
    expect(ffsplitParts(3, 30)).toBe(2); // 30 terms: 2 parts of 15 (not 4: 30 is not divisible)
    expect(ffsplitParts(1, 10)).toBe(1); // 5 terms a part would be fewer than FFSPLIT_MIN_TERMS
    expect(ffsplitParts(100, 100)).toBe(1); // 200 partials would be more than FFSPLIT_LANES
    expect(ffsplitParts(1, 1000)).toBe(FFSPLIT_MAX_PARTS);
  });

  it('splits a short float-float row sum into partial pairs and adds them as a tree', () => {
    // Evaluated in float64 on the CPU (ff.* exact there), the split sum agrees with the sequential.
    const term = (i: string) =>
      `(call ff.pair (call ff.mul2.h (read M ${i} j) 0.0 (read x j) 0.0) (call ff.mul2.l (read M ${i} j) 0.0 (read x j) 0.0))`;
    const part = (q: number) => `(+ (* i 2) ${q})`;
    checkPass(
      ffsplit,
      ir`
        (program t (dim 16) (box -1.0 1.0) (optimum 0.0) (at 0.0) (minimize)
          (data M (2 16) (uniform -1.0 1.0 5))
          (func main (input x 16)
            (vec z~h i 2 (ffsum.h j 0 16 ${term('i')}))
            (vec z~l i 2 (ffsum.l j 0 16 ${term('i')}))
            (result (sum k 0 2 (+ (read z~h k) (read z~l k))))))`,
      ir`
        (program t (dim 16) (box -1.0 1.0) (optimum 0.0) (at 0.0) (minimize)
          (data M (2 16) (uniform -1.0 1.0 5))
          (func main (input x 16)
            (vec z~h.p ip 4 (ffsum.h j (* 8 (% ip 2)) (+ (* 8 (% ip 2)) 8) ${term('(idiv ip 2)')}))
            (vec z~l.p ip 4 (ffsum.l j (* 8 (% ip 2)) (+ (* 8 (% ip 2)) 8) ${term('(idiv ip 2)')}))
            (vec z~h i 2 (call ff.add.h (read z~h.p ${part(0)}) (read z~l.p ${part(0)}) (read z~h.p ${part(1)}) (read z~l.p ${part(1)})))
            (vec z~l i 2 (call ff.add.l (read z~h.p ${part(0)}) (read z~l.p ${part(0)}) (read z~h.p ${part(1)}) (read z~l.p ${part(1)})))
            (result (sum k 0 2 (+ (read z~h k) (read z~l k))))))`,
    );
  });
});
