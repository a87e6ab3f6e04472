// The builtin table (src/ir/builtins.ts) is what every consumer reads: its float64
// implementations are what folding, the IR evaluator and the CPU backend compute, its WGSL forms
// what the WGSL backend emits (helpers declared once), its names reserved by the elaborator.

import { describe, expect, it } from 'vitest';
import { compileJs } from '../../src/codegen/js.js';
import { wgslExpr, type ExprContext } from '../../src/codegen/wgsl-expr.js';
import { BUILTIN_HELPERS, WGSL_HELPERS } from '../../src/codegen/wgsl-library.js';
import { id, index } from '../../src/codegen/wgsl-ast.js';
import { reservedName } from '../../src/elaborate/problem.js';
import { BINARY_BUILTINS, BUILTINS, NAMED_FUNCTIONS, applyBuiltin } from '../../src/ir/builtins.js';
import { evaluateProgram } from '../../src/ir/evaluate.js';
import { foldExpr } from '../../src/ir/fold.js';
import type { IExpr, IrProgram } from '../../src/ir/ir.js';

const x = (k: number): IExpr => ({
  k: 'read',
  t: 'f',
  arr: 'x',
  idx: [{ k: 'int', t: 'i', v: k }],
});
const callOf = (fn: string, args: IExpr[]): IExpr => ({
  k: 'call',
  t: BUILTINS[fn]!.result === 'int' ? 'i' : 'f',
  fn,
  args,
});
const program = (result: IExpr): IrProgram => ({
  name: 't',
  dim: 3,
  box: [-1, 1],
  optimum: 0,
  at: null,
  direction: 'minimize',
  data: [],
  funcs: [],
  main: { name: 'main', input: 'x', len: 3, bindings: [], result },
});

const SAMPLES = [-2.5, -1, -0.5, -0, 0, 0.3, 0.5, 1, 2.5, 7.25, NaN, Infinity];

describe('the builtin table', () => {
  it.each(Object.values(BUILTINS).map((b) => b.name))(
    '%s: folding, the IR evaluator and the CPU backend run its float64 implementation',
    (fn) => {
      const b = BUILTINS[fn]!;
      const n = b.params.length;
      const p = program(callOf(fn, [0, 1, 2].slice(0, n).map(x)));
      const js = compileJs(p, {});
      const ev = evaluateProgram(p, {});
      for (const [k, a] of SAMPLES.entries()) {
        const args = [a, SAMPLES[(k + 3) % SAMPLES.length]!, SAMPLES[(k + 7) % SAMPLES.length]!];
        const want = b.cpu(...args.slice(0, n));
        const point = Float64Array.from(args);
        expect(Object.is(js(point, 0), want), `${fn}(${args})`).toBe(true);
        expect(Object.is(ev(point, 0), want), `${fn}(${args})`).toBe(true);
        expect(Object.is(applyBuiltin(fn, args.slice(0, n)), want)).toBe(true);
        const folded = foldExpr(
          callOf(
            fn,
            args.slice(0, n).map((v) => ({ k: 'num', t: 'f', v })),
          ),
        );
        expect(folded.k === 'num' || folded.k === 'int').toBe(true);
        // An integer literal has no -0 (ir/fold.ts).
        const lit = b.result === 'int' && want === 0 ? 0 : want;
        if (folded.k === 'num' || folded.k === 'int') expect(Object.is(folded.v, lit)).toBe(true);
      }
    },
  );

  it('round is C round (halves away from zero) and int truncates', () => {
    expect([-2.5, -0.5, 0.5, 1.5, 2.5].map((v) => BUILTINS.round!.cpu(v))).toEqual([
      -3, -1, 1, 2, 3,
    ]);
    expect(BUILTINS.int!.cpu(-2.7)).toBe(-2);
    expect(BUILTINS.int!.cpu(2.7)).toBe(2);
  });

  it('the WGSL backend emits each WGSL form, over f32 arguments', () => {
    const ctx: ExprContext = {
      read: (arr, idx) => index(id(arr), idx[0]!),
      scalar: (n) => n,
      index: (n) => id(n),
      indexName: (n) => n,
      fresh: () => 't',
    };
    const a: IExpr = { k: 'sref', t: 'f', name: 'a' };
    const i: IExpr = { k: 'idx', t: 'i', name: 'i' };
    const wgsl = (e: IExpr) => wgslExpr(e, ctx, []);
    expect(wgsl(callOf('sin', [a]))).toBe('sin(a)');
    expect(wgsl(callOf('sqrt', [i]))).toBe('sqrt(f32(i))');
    expect(wgsl(callOf('clamp', [a, i, a]))).toBe('clamp(a, f32(i), a)');
    expect(wgsl(callOf('log10', [a]))).toBe('(log(a) * 0.4342944819032518f)');
    expect(wgsl(callOf('round', [a]))).toBe('opt_round(a)');
    expect(wgsl(callOf('int', [a]))).toBe('i32(a)');
  });

  it("declares once, in every kernel's helpers, the WGSL helpers that builtins call", () => {
    const named = Object.values(BUILTINS).flatMap((b) => b.wgslHelpers ?? []);
    expect(named).toContain('opt_round');
    for (const h of named) {
      expect(BUILTIN_HELPERS[h]).toMatch(new RegExp(`^fn ${h}\\(`));
      expect(WGSL_HELPERS.split(BUILTIN_HELPERS[h]).length).toBe(2);
    }
  });

  it('reserves every name of the table for the language', () => {
    const names = [
      ...Object.keys(BUILTINS),
      ...Object.keys(BINARY_BUILTINS),
      ...NAMED_FUNCTIONS.filter((f) => f.kind !== 'draw').map((f) => f.name),
    ];
    for (const n of names) expect(reservedName(n), n).toBeDefined();
    expect(reservedName('constructor')).toBeUndefined();
  });
});
