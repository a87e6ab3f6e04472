// The `turns` pass (src/passes/turns.ts): the arguments of periodic functions that multiply by
// large constants, in float-float. Text in, text out, as for the other passes (test/ir/passes.test.ts),
// and what the pass is for: evaluated as the GPU does (float32 operations, data rounded to
// float32), the rewritten program stays within its error bound of the exact value where the
// original, computed the same way, does not.

import { describe, expect, it } from 'vitest';
import { compileJs } from '../../src/codegen/js.js';
import { errorBoundProgram } from '../../src/ir/error-bound.js';
import { evaluateProgram } from '../../src/ir/evaluate.js';
import type { IrProgram } from '../../src/ir/ir.js';
import { parseProgram } from '../../src/ir/parse.js';
import { printProgram } from '../../src/ir/print.js';
import { validate } from '../../src/ir/validate.js';
import { materialiseData } from '../../src/ir/data.js';
import { turns, turnsData } from '../../src/passes/turns.js';
import { fold } from '../../src/passes/fold.js';
import { twofloat } from '../../src/passes/twofloat.js';
import { ir, parseChecked, randomPoints } from './helpers.js';

const U = 2 ** -24;

describe('turns', () => {
  const input = ir`
    (program t (dim 2) (box -100.0 100.0) (optimum 0.0) (at 0.0) (minimize)
      (data M (2 2) (uniform -1.0 1.0 5))
      (data o (2) (uniform -80.0 80.0 7))
      (func main (input x 2)
        (vec z i 2 (sum j 0 2 (* (read M i j) (- (read x j) (read o j)))))
        (scalar a f (sum i 0 2 (sum k 0 3 (* (pow 0.5 k) (call cos (* (* 6.283185307179586 (pow 4096.0 k)) (+ (read z i) 0.5)))))))
        (scalar b f (sum i 0 2 (call abs (- (* 65536.0 (read x i)) (call floor (+ (* 65536.0 (read x i)) 0.5))))))
        (scalar c f (sum i 0 2 (call cos (* 6.283185307179586 (read x i)))))
        (result (+ (+ @a @b) @c))))`;
  // The sum over k unrolled (its multiplier reaches 4096^2), each term's cosine of 2 pi times the
  // turn of z 4096^k plus the fraction of 4096^k 0.5 (-0.5 for k = 0, 0 after); z lifted as pairs
  // z~h, z~l, an ffsum of pair products of (M, M.lo) and the exact shift x - (o, o.lo); Katsuura's
  // distance of 65536 x to the nearest integer from the pair (x, 0); Rastrigin's cos(2 pi x) left
  // as it is (its multiplier is 1); residuals declared for M and o.
  const output = ir`
    (program t (dim 2) (box -100.0 100.0) (optimum 0.0) (at 0.0) (minimize)
      (data M (2 2) (uniform -1.0 1.0 5))
      (data o (2) (uniform -80.0 80.0 7))
      (data M.lo (2 2) (residual M))
      (data o.lo (2) (residual o))
      (func main (input x 2)
        (vec z i 2 (sum j 0 2 (* (read M i j) (- (read x j) (read o j)))))
        (vec z~h i 2 (ffsum.h j 0 2 (call ff.pair (call ff.mul2.h (read M i j) (read M.lo i j) (call ff.add.h (read x j) 0.0 (neg (read o j)) (neg (read o.lo j))) (call ff.add.l (read x j) 0.0 (neg (read o j)) (neg (read o.lo j)))) (call ff.mul2.l (read M i j) (read M.lo i j) (call ff.add.h (read x j) 0.0 (neg (read o j)) (neg (read o.lo j))) (call ff.add.l (read x j) 0.0 (neg (read o j)) (neg (read o.lo j)))))))
        (vec z~l i 2 (ffsum.l j 0 2 (call ff.pair (call ff.mul2.h (read M i j) (read M.lo i j) (call ff.add.h (read x j) 0.0 (neg (read o j)) (neg (read o.lo j))) (call ff.add.l (read x j) 0.0 (neg (read o j)) (neg (read o.lo j)))) (call ff.mul2.l (read M i j) (read M.lo i j) (call ff.add.h (read x j) 0.0 (neg (read o j)) (neg (read o.lo j))) (call ff.add.l (read x j) 0.0 (neg (read o j)) (neg (read o.lo j)))))))
        (scalar a f (sum i 0 2 (+ (+ (call cos (* 6.283185307179586 (call ff.turn (read z~h i) (read z~l i) 1.0 0.0 -0.5))) (* 0.5 (call cos (* 6.283185307179586 (call ff.turn (read z~h i) (read z~l i) 4096.0 0.0 0.0))))) (* 0.25 (call cos (* 6.283185307179586 (call ff.turn (read z~h i) (read z~l i) 16777216.0 0.0 0.0)))))))
        (scalar b f (sum i 0 2 (call ff.dist (read x i) 0.0 65536.0 0.0 0.0)))
        (scalar c f (sum i 0 2 (call cos (* 6.283185307179586 (read x i)))))
        (result (+ (+ @a @b) @c))))`;

  it('lifts the sites and what they read to float-float, and leaves the rest', () => {
    const p = parseChecked(input);
    const out = turns(p);
    expect(printProgram(out)).toBe(output);
    validate(out, 'turns');
    validate(parseProgram(output), 'parsing the expected text');
    expect(turnsData(p).map((d) => d.name)).toEqual(['M.lo', 'o.lo']);
    // Residuals the program declares already are not declared again, and a program without
    // sites is returned as it is.
    expect(printProgram(turns({ ...p, data: out.data }))).toBe(output);
    // The IR evaluator and the CPU backend agree on the output (ffsum, ff.turn and ff.dist).
    const data = materialiseData(out);
    for (const x of randomPoints(2, 4, -100, 100, 2))
      expect(evaluateProgram(out, data)(x, 0)).toBe(compileJs(out, data)(x, 0));
    const plain = parseChecked(input.replace(/4096\.0/g, '2.0').replace(/65536\.0/g, '2.0'));
    expect(turns(plain)).toBe(plain);
  });

  // Weierstrass as CEC 2014 F6 writes it (k up to 20, scaling 0.5 / 100), after a rotation.
  const weierstrass = ir`
    (program w (dim 4) (box -100.0 100.0) (optimum 0.0) (at o) (minimize)
      (data M (4 4) (uniform -0.6 0.6 5))
      (data o (4) (uniform -80.0 80.0 7))
      (func main (input x 4)
        (vec z i 4 (sum j 0 4 (* (read M i j) (- (read x j) (read o j)))))
        (vec w i 4 (* 0.005 (read z i)))
        (result (sum i 0 4 (sum k 0 21 (* (pow 0.5 k) (call cos (* (* 6.283185307179586 (pow 3.0 k)) (+ (read w i) 0.5)))))))))`;

  /** The program evaluated as the GPU does: float32 operations on float32 data. */
  const asGpu = (p: IrProgram, x: Float64Array) => {
    const data = materialiseData(p);
    const f32 = Object.fromEntries(
      Object.entries(data).map(([k, v]) => [k, Float64Array.from(v, Math.fround)]),
    );
    return compileJs(p, f32, { float32: true })(x, 0);
  };

  it('keeps Weierstrass within its error bound where float32 arguments are noise', () => {
    const p = parseChecked(weierstrass);
    const out = turns(p);
    const exact = materialiseData(out);
    const truth = compileJs(p, exact);
    const bound = compileJs(errorBoundProgram(out, 4), exact);
    const xs = randomPoints(4, 20, -100, 100, 3).map((x) => Float64Array.from(x, Math.fround));
    let worstOut = 0;
    let worstIn = 0;
    for (const x of xs) {
      const t = truth(x, 0);
      const b = U * bound(x, 0);
      // The bound holds, and is no larger than a few hundred float32 roundings of the terms.
      expect(Math.abs(asGpu(out, x) - t)).toBeLessThanOrEqual(b);
      expect(b).toBeLessThan(1e-4);
      worstOut = Math.max(worstOut, Math.abs(asGpu(out, x) - t));
      worstIn = Math.max(worstIn, Math.abs(asGpu(p, x) - t));
    }
    // Without the pass the float32 terms for k near 20 are noise: 0.5^20 cos(anything), about
    // 2 1e-6 a term, plus what 3^k (w + 0.5)'s rounding does to the terms before them.
    expect(worstIn).toBeGreaterThan(100 * worstOut);
  });

  it('gives a pair leaf of a float-float population its low part (the twofloat pass after it)', () => {
    const step = ir`
      (program t.each (dim 2) (box -100.0 100.0) (optimum 0.0) (at o) (minimize)
        (data o (2) (uniform -80.0 80.0 7))
        (data o.lo (2) (residual o))
        (state X 4 2 (lo X.lo))
        (state X.lo 4 2)
        (state X.f 4 0)
        (func main (input _ 2) (each i 4)
          (scalar fit f (sum j 0 2 (call ff.turn (call ff.add.h (read X i j) 0.0 (neg (read o j)) (neg (read o.lo j))) (call ff.add.l (read X i j) 0.0 (neg (read o j)) (neg (read o.lo j))) 4096.0 0.0 0.0)))
          (write X.f i @fit)
          (result 0)))`;
    const out = printProgram(twofloat(parseChecked(step)));
    expect(out).toContain(
      '(call ff.add.h (read X i j) (read X.lo i j) (neg (read o j)) (neg (read o.lo j)))',
    );
    expect(out).not.toContain('(read X i j) 0.0');
  });
});

describe('fold: reductions of constants', () => {
  it("evaluates a constant reduction in float64, in the loop's order (Weierstrass's second sum)", () => {
    const p = parseChecked(ir`
      (program t (dim 1) (box -1.0 1.0) (optimum 0.0) (at 0.0) (minimize)
        (func main (input x 1)
          (result (+ (read x 0) (sum k 0 21 (* (pow 0.5 k) (call cos (* (* 6.283185307179586 (pow 3.0 k)) 0.5))))))))`);
    const out = fold(p);
    let s = 0;
    for (let k = 0; k < 21; k++) s += 0.5 ** k * Math.cos(6.283185307179586 * 3 ** k * 0.5);
    expect(printProgram(out)).toContain(`(+ (read x 0) ${s.toPrecision(17).replace(/0+$/, '')}`);
    expect(compileJs(out, {})(new Float64Array([0.25]), 0)).toBe(0.25 + s);
  });
});
