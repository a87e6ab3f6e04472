// The validator rejects bad IR: one test per check (src/ir/validate.ts). Each bad program is a
// small edit of a valid one, so the message pins down the check that fired.

import { describe, expect, it } from 'vitest';
import type { IExpr, IrProgram } from '../../src/ir/ir.js';
import { parseProgram } from '../../src/ir/parse.js';
import { IrInvalid, validate } from '../../src/ir/validate.js';
import { ir, parseChecked } from './helpers.js';

/** A valid scheduled program that exercises every kind of binding and stage. */
const GOOD = ir`
  (program t (dim 4) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
    (data o (4) (uniform -0.5 0.5 3))
    (data M (4 4) (normal 0.0 1.0 4))
    (data w (4) (expr (i) (sum j 0 4 (read M i j))))
    (func main (input x 4)
      (scalar q i 3)
      (vec r i 4 (sum j 0 4 (* (read M i j) (read x j))))
      (scan s i 4 (- (read x i) (read o i)))
      (scalar r0 f (sum k 0 4 (pow (read s k) 2.0)))
      (scalar r1 f (max k 0 @q (where (> (read x k) 0.0)) (+ (read r k) (read w k))))
      (scalar m f (/ @r1 4.0))
      (result (+ (+ @r0 @m) (if (< (read x 0) 0.0) (call abs (read x 3)) 1.0))))
    (schedule (team 1 256) (kernels 1)
      (scalar q)
      (vec r)
      (scan s r0)
      (reduce r1)
      (scalar m)))`;

/** A valid unscheduled program with a callee. */
const GOOD_CALL = ir`
  (program t (dim 4) (box -1.0 1.0) (optimum 0.0) (at none) (minimize)
    (func g@4 (input y 4)
      (result (sum j 0 4 (read y j))))
    (func main (input x 4)
      (vec a i 4 (* 2.0 (read x i)))
      (result (callp g@4 (vref a 4)))))`;

function rejects(text: string, message: RegExp): void {
  const p = parseProgram(text);
  expect(() => validate(p, 'test')).toThrow(IrInvalid);
  expect(() => validate(p, 'test')).toThrow(message);
}

/** Replaces exactly one occurrence of `from` in `text`. */
function edit(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  expect(at, `'${from}' in the program`).toBeGreaterThanOrEqual(0);
  expect(text.indexOf(from, at + 1), `'${from}' only once`).toBe(-1);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** Edits a parsed program's main result (for type errors the parser cannot produce). */
function withResult(text: string, f: (r: IExpr) => IExpr): IrProgram {
  const p = parseProgram(text);
  p.main.result = f(p.main.result);
  return p;
}

describe('validator', () => {
  it('accepts the base programs', () => {
    parseChecked(GOOD);
    parseChecked(GOOD_CALL);
  });

  describe('names', () => {
    it('unbound index', () => rejects(edit(GOOD, '(read x 3)', '(read x z)'), /unbound index z/));
    it('an index used outside its reduction', () =>
      rejects(edit(GOOD, '(/ @r1 4.0)', '(/ @r1 k)'), /unbound index k/));
    it('undefined array', () =>
      rejects(edit(GOOD, '(read o i)', '(read p i)'), /undefined array p/));
    it('array used before its definition', () =>
      rejects(
        edit(GOOD, '(read M i j) (read x j)', '(read M i j) (read s j)'),
        /undefined array s/,
      ));
    it('undefined scalar', () =>
      rejects(edit(GOOD, '(/ @r1 4.0)', '(/ @r9 4.0)'), /undefined scalar @r9/));
    it('scalar used before its definition', () =>
      rejects(edit(GOOD, '(scalar q i 3)', '(scalar q i (call int @m))'), /undefined scalar @m/));
    it('duplicate definition of a binding', () =>
      rejects(edit(GOOD, '(scalar m f', '(scalar r0 f'), /r0 defined twice/));
    it('a binding named like a data array', () =>
      rejects(edit(GOOD, '(vec r i 4', '(vec o i 4'), /o defined twice/));
    it('a binding named like the input', () =>
      rejects(edit(GOOD, '(scalar q i 3)', '(scalar x i 3)'), /x defined twice/));
    it('data defined twice', () =>
      rejects(edit(GOOD, '(data M (4 4)', '(data o (4 4)'), /data o defined twice/));
    it('undefined function', () =>
      rejects(edit(GOOD_CALL, '(callp g@4', '(callp h@4'), /undefined function h@4/));
    it('an index that shadows an enclosing one', () =>
      rejects(
        edit(
          GOOD,
          '(sum k 0 4 (pow (read s k) 2.0))',
          '(sum k 0 4 (sum k 0 4 (pow (read s k) 2.0)))',
        ),
        /index k shadows/,
      ));
  });

  describe('shapes and indices', () => {
    it('wrong index count', () =>
      rejects(
        edit(GOOD, '(read M i j) (read x j)', '(read M i) (read x j)'),
        /M has 2 dims, read with 1/,
      ));
    it('too many indices', () =>
      rejects(edit(GOOD, '(read o i)', '(read o i i)'), /o has 1 dims, read with 2/));
    it('constant index out of range', () =>
      rejects(edit(GOOD, '(read x 3)', '(read x 4)'), /constant index 4 outside x\[4\]/));
    it('negative constant index', () =>
      rejects(edit(GOOD, '(read x 3)', '(read x -1)'), /constant index -1 outside x\[4\]/));
    it('real index', () =>
      rejects(edit(GOOD, '(read x 3)', '(read x 3.0)'), /index into x is not an integer/));
    it('negative vector length', () =>
      rejects(edit(GOOD, '(vec r i 4', '(vec r i -1'), /r has length -1/));
    it('empty vector (the language requires length >= 1)', () =>
      rejects(edit(GOOD, '(vec r i 4', '(vec r i 0'), /r has length 0/));
    it('a problem call with a vector of the wrong length', () => {
      const text = edit(
        edit(GOOD_CALL, '(vec a i 4 (* 2.0 (read x i)))', '(vec a i 3 (* 2.0 (read x i)))'),
        '(vref a 4)',
        '(vref a 3)',
      );
      rejects(text, /g@4 takes a vector of length 4/);
    });
    it('a vref whose length is not the array length', () =>
      rejects(edit(GOOD_CALL, '(vref a 4)', '(vref a 5)'), /\(vref a 5\) but a has shape \(4\)/));
    it('computed data reading data defined after it', () => {
      const text = edit(
        GOOD,
        '(data w (4) (expr (i) (sum j 0 4 (read M i j))))',
        '(data w (4) (expr (i) (read v i)))\n    (data v (4) (uniform 0.0 1.0 1))',
      );
      rejects(text, /undefined array v/);
    });
    it('computed data with an unbound index', () =>
      rejects(
        edit(GOOD, '(expr (i) (sum j 0 4 (read M i j)))', '(expr (i) (sum j 0 4 (read M k j)))'),
        /unbound index k/,
      ));
    it('computed data with fewer indices than dims', () =>
      rejects(
        edit(GOOD, '(data w (4) (expr (i)', '(data w (4 4) (expr (i)'),
        /data w has 2 dims but 1 indices/,
      ));
  });

  describe('types', () => {
    it('declared scalar type differs from its body', () =>
      rejects(edit(GOOD, '(scalar q i 3)', '(scalar q i 3.0)'), /type of scalar q/));
    it('reduction bounds must be integers', () =>
      rejects(
        edit(GOOD, '(sum k 0 4 (pow', '(sum k 0 4.0 (pow'),
        /bounds of \(sum k \.\.\.\) must be integers/,
      ));
    it('where-condition must be boolean', () =>
      rejects(
        edit(GOOD, '(where (> (read x k) 0.0))', '(where (read x k))'),
        /where-condition of \(max k \.\.\.\) must be boolean/,
      ));
    it('reduction body must not be boolean', () =>
      rejects(
        edit(GOOD, '(pow (read s k) 2.0)', '(> (read s k) 2.0)'),
        /body of \(sum k \.\.\.\) is a boolean/,
      ));
    it('if condition must be boolean', () =>
      rejects(
        edit(GOOD, '(if (< (read x 0) 0.0)', '(if (read x 0)'),
        /if condition must be boolean/,
      ));
    it('if branches mixing a boolean and a number', () =>
      rejects(
        edit(GOOD, '(call abs (read x 3)) 1.0)', '(call abs (read x 3)) (< 1 2))'),
        /mix a boolean and a number/,
      ));
    it('arithmetic on a boolean', () =>
      rejects(edit(GOOD, '(/ @r1 4.0)', '(/ @r1 (< 1 2))'), /\(\/ \.\.\.\) of a boolean/));
    it('logic on numbers', () =>
      rejects(
        edit(GOOD, '(where (> (read x k) 0.0))', '(where (and (read x k) (> (read x k) 0.0)))'),
        /\(and \.\.\.\) of a number/,
      ));
    it('not of a number', () =>
      rejects(
        edit(GOOD, '(where (> (read x k) 0.0))', '(where (not (read x k)))'),
        /not takes a boolean/,
      ));
    it('neg of a boolean', () =>
      rejects(edit(GOOD, '(/ @r1 4.0)', '(/ @r1 (neg (< 1 2)))'), /neg takes a number/));
    it('a boolean vector', () =>
      rejects(
        edit(
          GOOD,
          '(scan s i 4 (- (read x i) (read o i)))',
          '(scan s i 4 (< (read x i) (read o i)))',
        ),
        /scan s is a boolean/,
      ));
    it('a boolean result', () =>
      rejects(
        edit(
          GOOD_CALL,
          '(result (callp g@4 (vref a 4)))',
          '(result (< (callp g@4 (vref a 4)) 0.0))',
        ),
        /result of main is a boolean/,
      ));
    it('unknown builtin', () =>
      rejects(
        edit(GOOD, '(call abs (read x 3))', '(call frobnicate (read x 3))'),
        /unknown builtin frobnicate/,
      ));
    it('builtin with the wrong number of arguments', () =>
      rejects(
        edit(GOOD, '(call abs (read x 3))', '(call abs (read x 3) 1.0)'),
        /abs takes 1 arguments, given 2/,
      ));
    it('mean must be lowered', () =>
      rejects(edit(GOOD, '(sum k 0 4 (pow', '(mean k 0 4 (pow'), /mean must be lowered/));
    it('a node type inconsistent with its operands', () => {
      const p = withResult(GOOD_CALL, (r) => ({
        k: 'bin',
        t: 'i',
        op: '+',
        a: r,
        b: { k: 'num', t: 'f', v: 1 },
      }));
      expect(() => validate(p, 'test')).toThrow(/type of \(\+ \.\.\.\)/);
    });
    it('a scalar reference with the wrong type', () => {
      const p = parseProgram(GOOD);
      p.main.result = { k: 'sref', t: 'i', name: 'r0' };
      expect(() => validate(p, 'test')).toThrow(/type of @r0/);
    });
    it('a reduction typed against its body', () => {
      const p = withResult(GOOD_CALL, () => ({
        k: 'red',
        t: 'i',
        op: 'sum',
        idx: 'j',
        lo: { k: 'int', t: 'i', v: 0 },
        hi: { k: 'int', t: 'i', v: 4 },
        body: { k: 'read', t: 'f', arr: 'x', idx: [{ k: 'idx', t: 'i', name: 'j' }] },
      }));
      expect(() => validate(p, 'test')).toThrow(/type of \(sum \.\.\.\)/);
    });
  });

  describe('schedule', () => {
    // r is a product with M: (team 1 256) gives 256 individuals a workgroup, which 4 divides.
    const TILED = edit(GOOD, '(vec r)', '(vec r (tile 4))');
    it('accepts a tiled product', () =>
      expect(() => validate(parseProgram(TILED), 'test')).not.toThrow());
    it("a tile that does not divide the workgroup's individuals", () =>
      rejects(
        edit(GOOD, '(vec r)', '(vec r (tile 3))'),
        /r's tile of 3 individuals a lane does not divide/,
      ));
    it('a tiled vector that is not a matrix product (its y reads i)', () =>
      rejects(
        edit(TILED, '(read M i j) (read x j)', '(read M i j) (read x i)'),
        /r is tiled but is not a matrix product/,
      ));
    it('unscheduled binding', () =>
      rejects(edit(GOOD, '\n    (scalar m)', ''), /m is not scheduled/));
    it('binding scheduled twice', () =>
      rejects(edit(GOOD, '(reduce r1)', '(reduce r1 r0)'), /r0 scheduled twice/));
    it('binding scheduled twice in one stage', () =>
      rejects(edit(GOOD, '(reduce r1)', '(reduce r1 r1)'), /r1 scheduled twice/));
    it('a stage naming no binding', () =>
      rejects(edit(GOOD, '(reduce r1)', '(reduce r1 r7)'), /names r7, which is not a binding/));
    it('a reduce stage of something that is not a reduction', () =>
      rejects(
        edit(edit(GOOD, '(reduce r1)', '(reduce r1 m)'), '\n    (scalar m)', ''),
        /reduce stage: m is not a scalar reduction/,
      ));
    it('a vec stage of a scan', () =>
      rejects(
        edit(edit(GOOD, '(scan s r0)', '(reduce r0)'), '(vec r)', '(vec r)\n    (vec s)'),
        /vec stage: s is not a vec/,
      ));
    it('a scalar stage of a reduction', () =>
      rejects(
        edit(GOOD, '(reduce r1)', '(scalar r1)'),
        /scalar stage: r1 is not a scalar without reduction/,
      ));
    it('stages out of dependency order', () => {
      const text = edit(edit(GOOD, '\n    (vec r)', ''), '(reduce r1)', '(reduce r1)\n    (vec r)');
      rejects(text, /r1 reads r, which the schedule computes later/);
    });
    it('two reductions of one stage that depend on each other', () => {
      const text = edit(
        edit(GOOD, '(sum k 0 4 (pow (read s k) 2.0))', '(sum k 0 4 (pow (read x k) 2.0))'),
        '(+ (read r k) (read w k))',
        '(+ (read r k) @r0)',
      );
      rejects(
        edit(edit(text, '(scan s r0)', '(scan s)'), '(reduce r1)', '(reduce r0 r1)'),
        /r1 reads r0, which the schedule computes later/,
      );
    });
    it('a kernel count that the stages do not need', () =>
      rejects(edit(GOOD, '(kernels 1)', '(kernels 4)'), /\(kernels 4\) but the stages need 1/));
    it('a team size that is not a power of two', () =>
      rejects(edit(GOOD, '(team 1 256)', '(team 3 256)'), /team 3 in a workgroup of 256/));
    it('a team larger than the workgroup', () =>
      rejects(edit(GOOD, '(team 1 256)', '(team 512 256)'), /team 512 in a workgroup of 256/));
    it('a split with the wrong number of groups', () =>
      rejects(
        edit(GOOD, '(team 1 256) (kernels 1)', '(split 256 2 3) (kernels 6)'),
        /split into 3 groups of 2 for length 4/,
      ));
    it('a scheduled program that still has functions', () => {
      const text = GOOD_CALL.slice(0, -1) + '\n  (schedule (team 1 256) (kernels 1)\n    (vec a)))';
      rejects(text, /still has functions/);
    });
  });
});
