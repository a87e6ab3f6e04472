// The elaboration core (src/elaborate/core.ts, scope.ts) on its own, without the expression
// language: declarations and their namespace, name lookup and its errors, constants, parameter
// checks and let-lowering, on values built directly as IR.
import { describe, expect, it } from 'vitest';
import { Abort, ElabCore } from '../../src/elaborate/core.js';
import {
  FuncBuilder,
  arrayVal,
  childScope,
  newScope,
  suggest,
  withIndex,
  type Scope,
  type Val,
} from '../../src/elaborate/scope.js';
import { bin, int, num, type IExpr } from '../../src/ir/ir.js';
import { printBinding, printExpr } from '../../src/ir/print.js';
import type { Expr, Let, ParamDecl } from '../../src/parser/ast.js';
import { parseSource } from '../../src/parser/parser.js';

const SRC = `data o[D] = uniform(-1, 1)
problem f(x[D], lambda = 0.5 in [0, 1]) in [-1, 1] {
  let y[i] = x[i] * 2
  let s = 3
  sum(i) x[i]
}
algorithm a(NP = 10 in [4, 100], F = 0.5, mode = bin in {bin, exp}) {
  population X[NP]
  generation {
  }
}
`;
const parsed = parseSource(SRC, 'core.opt');
const problem = parsed.source.decls.find((d) => d.kind === 'problem')!;
const algorithm = parsed.source.decls.find((d) => d.kind === 'algorithm')!;
const [lambda] = problem.params as [ParamDecl];
const [NP, F, mode] = algorithm.params as [ParamDecl, ParamDecl, ParamDecl];
const [vecLet, scalarLet] = problem.lets as [Let & { index: string }, Let];

function core(): ElabCore {
  return new ElabCore([parsed.source]);
}

function scope(): Scope {
  return newScope({ fn: new FuncBuilder('main', 'x', 4), len: 4, dimName: 'D', file: 'core.opt' });
}

/** The value of a literal of the source (what the expression language would give for it). */
const lit = (e: Expr): Val => ({
  s: 'scalar',
  e: e.kind === 'num' ? (e.isInt ? int(e.value) : num(e.value)) : int(-1),
});

/** `f()`'s diagnostics as `code message` lines; it must abort. */
function failures(c: ElabCore, f: () => unknown): string[] {
  expect(f).toThrow(Abort);
  return c.diagnostics.map((d) => `${d.code} ${d.message}`);
}

describe('declarations', () => {
  it('puts problems, data and algorithms in their tables', () => {
    expect(parsed.diagnostics).toEqual([]);
    const c = core();
    expect([...c.problems.keys()]).toEqual(['f']);
    expect([...c.datas.keys()]).toEqual(['o']);
    expect([...c.algorithms.keys()]).toEqual(['a']);
    expect(c.diagnostics).toEqual([]);
  });

  it('reports a second declaration of a name, and one with a built-in name', () => {
    const more = parseSource('problem o(x[D]) { 0 }\nproblem sin(x[D]) { 0 }', 'more.opt');
    const c = new ElabCore([parsed.source, more.source]);
    expect(c.diagnostics.map((d) => d.message)).toEqual([
      "'o' is already defined (first defined at core.opt:1:6)",
      "'sin' is already defined (it is a built-in function)",
    ]);
  });
});

describe('scopes', () => {
  it('looks names up: indices, lets, the dimension, pi and e; undefined for the rest', () => {
    const c = core();
    const sc = withIndex(scope(), 'i', c.freshIdx('i'));
    sc.vars.set('y', arrayVal('y', 4));
    expect(printExpr((c.lookup('i', sc) as { e: IExpr }).e)).toBe('i1');
    expect(c.lookup('y', sc)).toMatchObject({ s: 'vector', len: 4, array: 'y' });
    expect(printExpr((c.lookup('D', sc) as { e: IExpr }).e)).toBe('4');
    expect((c.lookup('pi', sc) as { e: { v: number } }).e.v).toBe(Math.PI);
    expect(c.lookup('o', sc)).toBeUndefined(); // data is the problem elaborator's
    sc.failed.add('bad');
    expect(() => c.lookup('bad', sc)).toThrow(Abort);
    expect(c.diagnostics).toEqual([]); // a failed let is reported where it is defined
  });

  it('keeps what a child scope binds out of its parent', () => {
    const sc = scope();
    const inner = childScope(sc);
    inner.vars.set('t', { s: 'scalar', e: int(1) });
    expect(sc.vars.has('t')).toBe(false);
    expect(inner.fn).toBe(sc.fn);
  });

  it('suggests the closest name of an unknown one', () => {
    const c = core();
    const sc = scope();
    sc.vars.set('lambda', { s: 'scalar', e: num(0.5) });
    expect(failures(c, () => c.unknownName('lamda', problem.nameLoc, sc, false))).toEqual([
      "2001 unknown name 'lamda' (did you mean 'lambda'?)",
    ]);
    expect(suggest('sphere', ['spheres', 'ellipse'])).toBe('spheres');
    expect(suggest('zz', ['ZZ', 'zx'])).toBe('ZZ'); // two letters: a different case only
  });

  it('says when an unknown name is a function, and when a new index hides a name', () => {
    const c = core();
    const sc = scope();
    expect(failures(c, () => c.unknownName('f', problem.nameLoc, sc, false))).toEqual([
      "2009 'f' is a function: call it with arguments",
    ]);
    const d = core();
    expect(failures(d, () => d.checkIndexName('o', problem.nameLoc, sc))).toEqual([
      "2008 index 'o' shadows the data 'o': choose another index name",
    ]);
  });
});

describe('constants', () => {
  it('folds a constant scalar and says what must be constant otherwise', () => {
    const c = core();
    const e = problem.box![0];
    expect(c.constant({ s: 'scalar', e: bin('+', int(2), int(3)) }, e, 'a bound')).toBe(5);
    expect(c.typedConstant({ s: 'scalar', e: bin('*', int(2), int(3)) }, e, 'a size')).toEqual({
      t: 'i',
      v: 6,
    });
    expect(c.typedConstant({ s: 'scalar', e: num(0.25) }, e, 'a size')).toEqual({
      t: 'f',
      v: 0.25,
    });
    const i = c.freshIdx('i');
    expect(failures(c, () => c.constant({ s: 'scalar', e: i }, e, 'the lower bound'))).toEqual([
      '3008 the lower bound must be a constant expression',
    ]);
  });

  it('rejects a vector where a constant number is expected', () => {
    const c = core();
    expect(failures(c, () => c.constant(arrayVal('x', 3), problem.box![0], 'a bound'))).toEqual([
      '3001 expected a scalar here, but this is a vector of length 3',
    ]);
  });
});

describe('parameter checks', () => {
  const constant = (e: Expr) => (lit(e) as { e: { v: number } }).e.v;

  it('takes the default, and checks a value against the range', () => {
    const c = core();
    expect(c.paramDefault(lambda, constant)).toBe(0.5);
    expect(c.paramInRange(lambda, 1, undefined, constant)).toBe(1);
    expect(failures(c, () => c.paramInRange(lambda, 1.5, lambda.value.loc, constant))).toEqual([
      "6002 parameter 'lambda': 1.5 is outside [0, 1]",
    ]);
    expect(c.diagnostics[0]!.loc).toEqual(lambda.value.loc);
  });

  it('binds a parameter in a scope, where a new index may not hide it', () => {
    const c = core();
    const sc = scope();
    c.bindParameter(sc, 'lambda', { s: 'scalar', e: num(0.5) });
    expect(printExpr((c.lookup('lambda', sc) as { e: IExpr }).e)).toBe('0.5');
    expect(failures(c, () => c.checkIndexName('lambda', lambda.nameLoc, sc))).toEqual([
      "2008 index 'lambda' shadows the parameter 'lambda': choose another index name",
    ]);
  });

  it('checks --set values: numbers, integers', () => {
    const c = core();
    expect(c.numberFromSet(F, '0.7')).toBe(0.7);
    expect(c.numberFromSet(NP, '20', true)).toBe(20);
    expect(failures(c, () => c.numberFromSet(F, 'abc'))).toEqual([
      "6029 parameter 'F': 'abc' is not a number",
    ]);
    const d = core();
    expect(failures(d, () => d.numberFromSet(NP, '20.5', true))).toEqual([
      "6030 parameter 'NP': '20.5' is not an integer",
    ]);
  });

  it('checks a choice: the default, an override, a bad choice', () => {
    const c = core();
    expect(c.choiceValue(mode, undefined)).toBe('bin');
    expect(c.choiceValue(mode, 'exp')).toBe('exp');
    expect(failures(c, () => c.choiceValue(mode, 'rand'))).toEqual([
      "6028 parameter 'mode': 'rand' is not one of bin, exp",
    ]);
    expect(c.diagnostics[0]!.loc).toBeUndefined(); // a --set value has no place in a file
  });

  it('reports an unknown --set name with the closest parameter', () => {
    const c = core();
    expect(c.unknownParams('a', algorithm.params, { NP: '5', mod: 'exp' })).toBe(true);
    expect(c.unknownParams('a', algorithm.params, { NP: '5' })).toBe(false);
    expect(c.diagnostics.map((d) => d.message)).toEqual([
      "parameter 'mod': a has no parameter 'mod' (did you mean 'mode'?); its parameters: NP, F, mode",
    ]);
  });

  it('splits --set between an algorithm and its problem', () => {
    const c = core();
    expect(c.splitSet(algorithm, 'f', { lambda: '0.1', NP: '8' })).toEqual({
      problemSet: { lambda: '0.1' },
      algoSet: { NP: '8' },
    });
    expect(c.diagnostics).toEqual([]);
  });
});

describe('let-lowering', () => {
  it('lowers a vector let to a vec binding of its length', () => {
    const c = core();
    const sc = scope();
    sc.vars.set('x', arrayVal('x', 4));
    const v = c.vectorLet(
      vecLet,
      sc,
      () => 4,
      (inner) => ({ s: 'scalar', e: bin('*', inner.idxs.get('i')!, int(2)) }),
    );
    expect(v).toMatchObject({ s: 'vector', len: 4, array: 'y' });
    expect(sc.fn.bindings.map(printBinding)).toEqual(['(vec y i1 4 (* i1 2))']);
  });

  it('refuses an index that hides a let, before asking the length', () => {
    const c = core();
    const sc = scope();
    sc.vars.set('i', { s: 'scalar', e: int(0) });
    sc.origins.set('i', 'the let at line 9, column 7');
    let asked = false;
    const length = () => ((asked = true), 4);
    const lowered = () => c.vectorLet(vecLet, sc, length, () => ({ s: 'scalar', e: int(0) }));
    expect(failures(c, lowered)).toEqual([
      "2008 index 'i' shadows the let at line 9, column 7: choose another index name",
    ]);
    expect(asked).toBe(false);
  });

  it('lowers a scalar let to a binding and a reference, and records where it is defined', () => {
    const c = core();
    const sc = scope();
    c.defineLet(scalarLet, sc);
    const v = c.scalarLet(sc.fn, scalarLet.name, int(3));
    expect(printExpr(v.e)).toBe('@s');
    expect(sc.fn.bindings.map(printBinding)).toEqual(['(scalar s i 3)']);
    expect(sc.origins.get('s')).toBe('the let at line 4, column 7');
  });

  it('materialises a lazy vector once, and a stored one not at all', () => {
    const c = core();
    const fn = new FuncBuilder('main', 'x', 4);
    const lazy: Val = { s: 'vector', len: 2, at: (i) => bin('+', i, int(1)) };
    const stored = c.materialise(lazy as Val & { s: 'vector' }, fn, 'v');
    expect(stored.array).toBe('v');
    expect(c.materialise(stored, fn, 'v')).toBe(stored);
    expect(fn.bindings.map(printBinding)).toEqual(['(vec v i1 2 (+ i1 1))']);
  });
});
