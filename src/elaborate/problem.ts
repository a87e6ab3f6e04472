// Elaboration: name resolution, type and shape checking, and lowering of the AST to IR, for one
// problem specialised to a dimension D.
//
// Checking and lowering are one walk because shapes in .opt depend on D: a slice x[a:b] or a
// `let y[i < D - 1]` has a length only once D is known, and a length mismatch is reported exactly
// (with both lengths) at the expression that causes it. `opt check` elaborates every problem at a
// few dimensions. Problem calls become `callp` nodes on specialised callees (inlined by the inline
// pass); elementwise vector expressions stay lazy index functions, so `x - o` passed to a problem
// becomes one `vec` binding `x[i] - o[i]`, never a temporary per operator.
//
// The elaborator holds the elaboration core (core.ts: declarations, diagnostics, name lookup,
// value and constant checks, parameter checks, lets) and adds what is a problem's own: the
// expression language (public `expr`, also the algorithm elaborator's; its elementwise operators,
// reductions and order functions are in problem-expr.ts), problem calls and their specialisation,
// data (lowered by problem-data.ts), suites and the problem's constants (box, optimum, `where`).
// An elaborator that extends the expression language does so through its scopes' hooks
// (scope.ts), not by subclassing.

import type {
  Arg,
  Expr,
  Loc,
  ParamDecl,
  ProblemDecl,
  SourceFile,
  SuiteDecl,
} from '../parser/ast.js';
import type { Diagnostic } from '../parser/diagnostics.js';
import {
  at,
  bin,
  binTy,
  freeIdx,
  int,
  num,
  type IExpr,
  type IrFunc,
  type IrProgram,
} from '../ir/ir.js';
import { constValue, foldExpr, foldNode } from '../ir/fold.js';
import { Abort, ElabCore } from './core.js';
import { DataLowering } from './problem-data.js';
import { elementwise, elementwise2, onceVector, orderVal, reduce } from './problem-expr.js';
import { materialiseSome } from '../ir/data.js';
import { GENERATORS, ORDER_FUNCTIONS, binaryBuiltinOf, builtinOf } from './resolve.js';
import {
  FuncBuilder,
  arrayVal,
  describe,
  didYouMean,
  indexSites,
  nameOf,
  newScope,
  plural,
  toReal,
  type Scope,
  type Val,
} from './scope.js';

// test/ir/builtins.test.ts checks reserved names through the problem elaborator's module.
export { reservedName } from './resolve.js';

/** A constant condition's value (comparisons of constants, and, or, not); undefined otherwise. */
function constCondition(e: IExpr): boolean | undefined {
  if (e.k === 'un' && e.op === 'not') {
    const a = constCondition(e.a);
    return a === undefined ? undefined : !a;
  }
  if (e.k !== 'bin') return undefined;
  if (e.op === 'and' || e.op === 'or') {
    const a = constCondition(e.a);
    const b = constCondition(e.b);
    if (a === undefined || b === undefined) return undefined;
    return e.op === 'and' ? a && b : a || b;
  }
  const a = constValue(e.a);
  const b = constValue(e.b);
  if (a === undefined || b === undefined) return undefined;
  return (
    constValue({ k: 'sel', t: 'i', c: { ...e, a: int(a), b: int(b) }, a: int(1), b: int(0) }) === 1
  );
}

export class ProblemElaborator {
  /** Declarations, diagnostics, scopes, constants, parameters, lets (shared with AlgoElaborator). */
  readonly core: ElabCore;
  /** The values of a problem's parameters while it is lowered (its defaults otherwise). */
  private paramVals = new Map<ProblemDecl, Map<string, number>>();
  private funcs = new Map<string, IrFunc>();
  private funcOrder: IrFunc[] = [];
  private active = new Set<string>();
  /** The problems being lowered, outermost first (recursion is reported with this chain). */
  private callStack: string[] = [];
  /** The problem's data declarations, lowered as they are used. */
  private readonly dataL: DataLowering;

  /** An elaborator of `files`, or one on an existing core (an algorithm's elaborator shares its own). */
  constructor(files: SourceFile[] | ElabCore) {
    this.core = files instanceof ElabCore ? files : new ElabCore(files);
    this.dataL = new DataLowering(this);
  }

  get diagnostics(): Diagnostic[] {
    return this.core.diagnostics;
  }

  problemNames(): string[] {
    return [...this.core.problems.keys()];
  }

  hasProblem(name: string): boolean {
    return this.core.problems.has(name);
  }

  /** Every suite's name, in declaration order. */
  suiteNames(): string[] {
    return [...this.core.suites.keys()];
  }

  /**
   * The problems of suite `name`, in order; undefined (with diagnostics) when there is no such
   * suite or a member is not a problem.
   */
  suite(name: string): string[] | undefined {
    const decl = this.core.suites.get(name);
    if (!decl) {
      const near = didYouMean(name, [...this.core.suites.keys()]);
      const all = [...this.core.suites.keys()].join(', ');
      this.core.report(
        'UnknownSuite',
        undefined,
        name,
        near || (all ? ` (there are: ${all})` : ''),
      );
      return undefined;
    }
    return this.checkSuite(decl) ? decl.members.map((m) => m.name) : undefined;
  }

  /** Check every suite's members (opt check). */
  checkSuites(): void {
    for (const s of this.core.suites.values()) this.checkSuite(s);
  }

  private checkSuite(s: SuiteDecl): boolean {
    const before = this.diagnostics.length;
    if (!s.members.length) this.core.report('EmptySuite', s.nameLoc, s.name);
    const seen = new Set<string>();
    for (const m of s.members) {
      if (!this.core.problems.has(m.name)) {
        this.core.report(
          'UnknownProblem',
          m.loc,
          m.name,
          didYouMean(m.name, [...this.core.problems.keys()]),
        );
      } else if (seen.has(m.name)) this.core.report('SuiteMemberTwice', m.loc, s.name, m.name);
      seen.add(m.name);
    }
    return this.diagnostics.length === before;
  }

  /** Lower problem `name` at dimension `dim`; undefined (with diagnostics) on errors. */
  lower(name: string, dim: number, set: Record<string, string> = {}): IrProgram | undefined {
    this.dataL.reset(dim);
    this.paramVals.clear();
    this.funcs.clear();
    this.funcOrder = [];
    const decl = this.core.problems.get(name);
    if (!decl) {
      const near = didYouMean(name, [...this.core.problems.keys()]);
      this.core.report('UnknownProblem', undefined, name, near);
      return undefined;
    }
    const before = this.diagnostics.length;
    this.callStack = [decl.name];
    try {
      this.paramVals.set(decl, this.paramsFromSet(decl, set));
    } catch (e) {
      if (!(e instanceof Abort)) throw e;
      return undefined;
    }
    try {
      // The body, the box, the optimum and its point are checked independently, so that one run
      // reports the errors of each.
      let main: IrFunc | undefined;
      try {
        main = this.lowerProblem(decl, dim, 'main');
      } catch (e) {
        if (!(e instanceof Abort)) throw e;
      }
      const part = <T>(f: () => T, dflt: T): T => {
        try {
          return f();
        } catch (e) {
          if (e instanceof Abort) return dflt;
          throw e;
        }
      };
      // A constant of the problem (NaN when it has errors, which are reported).
      const constant = (e: Expr, what: string) =>
        part(() => this.constant(e, this.emptyScope(decl, dim, what), what), NaN);
      const { box, coords } = decl.box
        ? part(() => this.box(decl, decl.box!, dim), { box: [NaN, NaN] as [number, number] })
        : { box: [-Infinity, Infinity] as [number, number] };
      const optimum = decl.optimum ? constant(decl.optimum, 'the optimum value') : NaN;
      let at: IrProgram['at'] = null;
      if (decl.at) {
        const atExpr = decl.at;
        at = part((): IrProgram['at'] => {
          const atData = atExpr.kind === 'name' ? this.core.datas.get(atExpr.name) : undefined;
          if (atData) {
            const v = this.dataL.dataVal(atData, dim, atExpr.loc);
            if (v.s !== 'vector' || v.len !== dim || !v.array)
              this.core.fail('BadOptimumPoint', atExpr.loc, ` (got a ${describe(v)})`);
            return { k: 'data', name: v.array };
          }
          const scope = this.emptyScope(decl, dim, 'the optimum point');
          const v = this.expr(atExpr, scope);
          if (v.s !== 'scalar')
            this.core.fail(
              'BadOptimumPoint',
              atExpr.loc,
              ` (got a ${describe(v)} that is not data)`,
            );
          return { k: 'const', v: this.constant(atExpr, scope, 'the optimum point') };
        }, null);
      }
      if (this.diagnostics.length > before || !main) return undefined;
      return {
        name: decl.name,
        dim,
        box,
        ...(coords ? { coords } : {}),
        ...(decl.unconstrained ? { unconstrained: true } : {}),
        optimum,
        at,
        direction: decl.direction,
        data: this.dataL.data,
        funcs: this.funcOrder,
        main,
      };
    } catch (e) {
      if (e instanceof Abort) return undefined;
      throw e;
    }
  }

  /**
   * The box `in [LO, HI]` at dimension `dim`: each side a constant (the same at every coordinate)
   * or the name of a data vector of length D (a bound a coordinate: data from a file, or computed
   * data, `data L[i] = if i < 2 then 0.0625 else 10`, for bounds that are expressions of the
   * index). A side that is data is materialised here, once, so that an empty or non-finite
   * coordinate is an error at the box (OPT4028) and `box` is the envelope [min lo, max hi] that
   * the passes and the range checks read.
   */
  private box(
    decl: ProblemDecl,
    sides: [Expr, Expr],
    dim: number,
  ): { box: [number, number]; coords?: [string | null, string | null] } {
    const what = ['lower', 'upper'] as const;
    const names: (string | null)[] = [null, null];
    const consts: number[] = [NaN, NaN];
    let failed = false;
    sides.forEach((e, k) => {
      const side = what[k]!;
      try {
        const d = e.kind === 'name' ? this.core.datas.get(e.name) : undefined;
        const shadowed =
          e.kind === 'name' &&
          (e.name === decl.param || decl.params.some((q) => q.name === e.name));
        if (d && !shadowed) {
          const v = this.dataL.dataVal(d, dim, e.loc);
          if (v.s !== 'vector' || v.len !== dim || !v.array)
            this.core.fail(
              'BoxSide',
              e.loc,
              side,
              ` (${e.kind === 'name' ? e.name : 'it'} is a ${describe(v)}, and D = ${dim})`,
            );
          names[k] = v.array;
          return;
        }
        const scope = this.emptyScope(decl, dim, `the ${side} bound of the box`);
        const v = this.expr(e, scope);
        if (v.s !== 'scalar')
          this.core.fail('BoxSide', e.loc, side, ` (got a ${describe(v)} that is not data)`);
        consts[k] = this.constant(e, scope, `the ${side} bound of the box`);
      } catch (err) {
        if (!(err instanceof Abort)) throw err;
        failed = true;
      }
    });
    if (failed) return { box: [NaN, NaN] };
    const whole = spanLoc(sides[0].loc, sides[1].loc);
    if (names[0] === null && names[1] === null) {
      const [lo, hi] = consts as [number, number];
      if (!Number.isNaN(lo) && !Number.isNaN(hi) && !(lo < hi))
        this.core.fail('BadBox', whole, lo, hi);
      return { box: [lo, hi] };
    }
    const values = materialiseSome(
      this.dataL.data,
      names.filter((n): n is string => n !== null),
    );
    const side = (k: 0 | 1) => (j: number) => {
      const n = names[k] ?? null;
      return n === null ? consts[k]! : values[n]![j]!;
    };
    const [lo, hi] = [side(0), side(1)];
    let envelope: [number, number] = [Infinity, -Infinity];
    for (let j = 0; j < dim; j++) {
      const [l, h] = [lo(j), hi(j)];
      if (!(Number.isFinite(l) && Number.isFinite(h) && l < h)) {
        const bad = [0, 1].flatMap((k) => (names[k] === null ? [] : [names[k]!]));
        this.core.fail('BoxCoordinate', whole, j, l, h, ` (from ${bad.join(' and ')})`);
      }
      envelope = [Math.min(envelope[0], l), Math.max(envelope[1], h)];
    }
    return { box: envelope, coords: names as [string | null, string | null] };
  }

  /** A scope for the constant parts of a problem (box, optimum): the parameter is visible, so that
   * using it says "must be a constant" rather than "unknown name". */
  private emptyScope(decl: ProblemDecl, len: number, constant: string): Scope {
    return this.problemScope(decl, len, new FuncBuilder('', decl.param, len), { constant });
  }

  /** A scope of `decl` at length `len`: its vector parameter and its parameters' values bound. */
  private problemScope(
    decl: ProblemDecl,
    len: number,
    fn: FuncBuilder,
    more: Partial<Scope>,
  ): Scope {
    const sc = newScope({ fn, len, dimName: decl.dimName, file: decl.file, ...more });
    sc.vars.set(decl.param, arrayVal(decl.param, len));
    sc.origins.set(decl.param, "the problem's parameter");
    if (decl.params.length)
      for (const [k, v] of this.paramVals.get(decl) ?? this.paramDefaults(decl)) {
        this.core.bindParameter(sc, k, { s: 'scalar', e: num(v) });
      }
    return sc;
  }

  // ---- problem parameters: `problem f(x[D], lambda = 0.5 in [0, 1])` ---------------------------

  private paramKeys = new Map<string, number>();
  /** `#k`: the k-th distinct set of parameter values a callee is specialised to (a name the IR parses). */
  private paramKey(name: string, values: number[]): string {
    const k = `${name}(${values.join(',')})`;
    if (!this.paramKeys.has(k)) this.paramKeys.set(k, this.paramKeys.size);
    return `_p${this.paramKeys.get(k)}`;
  }

  /** The parameters' defaults (constant expressions, checked against their ranges). */
  private paramDefaults(decl: ProblemDecl): Map<string, number> {
    const out = new Map<string, number>();
    for (const p of decl.params) out.set(p.name, this.paramValue(decl, p, undefined, undefined));
    return out;
  }

  /** The values for `--set NAME=VALUE` (strings; unknown names are errors). */
  private paramsFromSet(decl: ProblemDecl, set: Record<string, string>): Map<string, number> {
    if (this.core.unknownParams(decl.name, decl.params, set)) throw new Abort();
    const out = new Map<string, number>();
    for (const p of decl.params) {
      const s = set[p.name];
      const v = s === undefined ? undefined : this.core.numberFromSet(p, s);
      out.set(p.name, this.paramValue(decl, p, v, undefined));
    }
    return out;
  }

  /** A parameter's value: `given` (from --set or a call) or the default, within its range. */
  private paramValue(
    decl: ProblemDecl,
    p: ParamDecl,
    given: number | undefined,
    givenAt: Loc | undefined,
  ): number {
    if (p.choices) this.core.fail('ChoiceInProblem', p.nameLoc, p.name);
    // Defaults and bounds are constants of the problem's scope, without the vector and the parameters.
    const constant = (e: Expr, what: string) => {
      const s = this.emptyScope({ ...decl, params: [] }, 1, what);
      s.vars.delete(decl.param);
      return this.constant(e, s, what);
    };
    const v = given ?? this.core.paramDefault(p, constant);
    return this.core.paramInRange(p, v, given === undefined ? p.value.loc : givenAt, constant);
  }

  /** The value of `e`, a constant number (`what` names what must be constant). */
  constant(e: Expr, scope: Scope, what: string): number {
    return this.core.constant(this.expr(e, scope), e, what);
  }

  /**
   * Whether problem `name` exists at dimension `dim` by its `where` clause (true without one, and
   * when the clause itself has errors: lowering reports those).
   */
  dimensionAllowed(name: string, dim: number): boolean {
    const decl = this.core.problems.get(name);
    if (!decl?.dims) return true;
    const before = this.diagnostics.length;
    try {
      this.checkDims(decl, decl.dims, dim);
      return true;
    } catch (e) {
      if (!(e instanceof Abort)) throw e;
      const bad = this.diagnostics.slice(before).some((d) => d.code === 4011);
      this.diagnostics.length = before;
      return !bad;
    }
  }

  /**
   * The one dimension a problem exists at, when its `where` clause is `D == N` (N constant: an
   * instance of a fixed size); undefined otherwise.
   */
  fixedDimension(name: string): number | undefined {
    const decl = this.core.problems.get(name);
    const w = decl?.dims;
    if (!decl || !w || w.kind !== 'binary' || w.op !== '==') return undefined;
    const isDim = (e: typeof w.left) => e.kind === 'name' && e.name === decl.dimName;
    const other = isDim(w.left) ? w.right : isDim(w.right) ? w.left : undefined;
    if (!other) return undefined;
    const before = this.diagnostics.length;
    try {
      const v = this.constant(other, this.emptyScope(decl, 1, 'the dimension'), 'the dimension');
      return Number.isInteger(v) && v >= 1 && this.dimensionAllowed(name, v) ? v : undefined;
    } catch (e) {
      if (!(e instanceof Abort)) throw e;
      this.diagnostics.length = before;
      return undefined;
    }
  }

  /** `where COND` on a problem: COND, a constant condition on D, must hold at this length. */
  private checkDims(decl: ProblemDecl, dims: Expr, len: number): void {
    const what = 'the condition on the dimension';
    const scope = this.emptyScope(decl, len, what);
    const v = this.expr(dims, scope);
    if (v.s !== 'scalar' || v.e.t !== 'b') this.core.fail('ExpectedBoolean', dims.loc, describe(v));
    const holds = constCondition(v.e);
    if (holds === undefined) this.core.fail('NotConstant', dims.loc, what);
    if (!holds)
      this.core.fail(
        'BadDimension',
        dims.loc,
        decl.name,
        this.core.snippet(dims.loc) ?? 'its condition holds',
        decl.dimName,
        len,
      );
  }

  private lowerProblem(decl: ProblemDecl, len: number, fname: string): IrFunc {
    if (decl.dims) this.checkDims(decl, decl.dims, len);
    const fn = new FuncBuilder(fname, decl.param, len);
    const scope = this.problemScope(decl, len, fn, {
      sites: indexSites(
        [...decl.lets.flatMap((l) => [l.bound?.expr, l.value]), decl.result],
        decl.lets,
      ),
    });
    if (decl.dimName === decl.param)
      this.core.report(
        'DuplicateName',
        decl.paramLoc,
        decl.param,
        ' (the parameter and its length need two names: x[D])',
      );
    let ok = true;
    for (const l of decl.lets) {
      try {
        if (scope.vars.has(l.name) || l.name === decl.dimName) {
          const origin =
            l.name === decl.dimName ? "the problem's dimension" : scope.origins.get(l.name);
          const first = origin?.startsWith('the let ')
            ? `first defined ${origin.slice('the let '.length)}`
            : origin
              ? `it is ${origin}`
              : undefined;
          this.core.report('DuplicateName', l.nameLoc, l.name, first ? ` (${first})` : '');
          // Later uses of the name most likely mean this let: do not report them again.
          scope.failed.add(l.name);
          ok = false;
          continue;
        }
        this.core.defineLet(l, scope);
        if (l.index) {
          const length = (): number => {
            if (!l.bound) return len;
            const b = this.expr(l.bound.expr, scope);
            const c = b.s === 'scalar' ? constValue(b.e) : undefined;
            if (b.s === 'scalar' && b.e.t === 'f' && c !== undefined)
              this.core.fail(
                'ExpectedInteger',
                l.bound.expr.loc,
                'the length of a vector',
                this.core.integerHint(l.bound.expr),
              );
            if (c === undefined || b.s !== 'scalar' || b.e.t !== 'i')
              this.core.fail('NotConstant', l.bound.expr.loc, 'the length of a vector');
            const n = l.bound.op === 'lt' ? c : c + 1;
            if (n < 1) this.core.fail('BadLength', l.bound.expr.loc, n);
            return n;
          };
          const index = l as typeof l & { index: string };
          scope.vars.set(
            l.name,
            this.core.vectorLet(index, scope, length, (inner) => this.expr(l.value, inner)),
          );
        } else {
          const v = this.expr(l.value, scope);
          if (v.s === 'scalar')
            scope.vars.set(l.name, this.core.scalarLet(fn, l.name, this.core.number(v, l.value)));
          else if (v.s === 'vector') scope.vars.set(l.name, this.core.materialise(v, fn, l.name));
          else scope.vars.set(l.name, v);
        }
      } catch (e) {
        if (!(e instanceof Abort)) throw e;
        scope.failed.add(l.name);
        ok = false;
      }
    }
    if (!decl.result) this.core.fail('MissingResult', decl.nameLoc, decl.name);
    const r = this.expr(decl.result, scope);
    if (r.s !== 'scalar') this.core.fail('ExpectedScalar', decl.result.loc, describe(r));
    if (r.e.t === 'b') this.core.boolAsNumber(decl.result);
    if (!ok) throw new Abort();
    return { name: fname, input: decl.param, len, bindings: fn.bindings, result: toReal(r.e) };
  }

  // ---- expressions -----------------------------------------------------------------------

  /** The value of expression `e` in `sc`, checked and lowered (the expression language). */
  expr(e: Expr, sc: Scope): Val {
    switch (e.kind) {
      case 'num':
        if (Number.isNaN(e.value)) throw new Abort(); // a placeholder from syntax-error recovery
        return { s: 'scalar', e: e.isInt ? int(e.value) : num(e.value) };
      case 'str':
        this.core.fail('ExpectedScalar', e.loc, 'string');
      case 'name':
        return this.name(e.name, e.loc, sc);
      case 'index': {
        const [t, ixv] = this.core.all<Val>([
          () => this.target(e.target, sc),
          () => this.expr(e.index, sc),
        ]) as [Val, Val];
        if (t.s === 'scalar') {
          // x[0][1]: count the indices of the chain down to the name it starts from.
          let root: Expr = e;
          let n = 0;
          while (root.kind === 'index') {
            root = root.target;
            n++;
          }
          if (n > 1 && root.kind === 'name')
            this.core.fail(
              'TooManyIndices',
              e.loc,
              root.name,
              plural(n - 1, 'dimension'),
              `${plural(n, 'index', 'indices')} ${n === 1 ? 'is' : 'are'}`,
            );
          this.core.fail(
            'NotIndexable',
            e.target.loc,
            e.target.kind === 'name' ? `'${e.target.name}'` : 'this expression',
          );
        }
        const ix = this.core.integer(ixv, e.index);
        const c = constValue(ix);
        if (t.s === 'vector') {
          if (c !== undefined && !(c >= 0 && c < t.len))
            this.core.fail('IndexOutOfRange', e.index.loc, c, nameOf(e.target), t.len);
          return { s: 'scalar', e: t.at(ix) };
        }
        if (c !== undefined && !(c >= 0 && c < t.rows))
          this.core.fail('IndexOutOfRange', e.index.loc, c, nameOf(e.target), t.rows);
        return { s: 'vector', len: t.cols, at: (j) => t.at(ix, j) };
      }
      case 'slice': {
        const [t, fromV, toV] = this.core.all<Val>([
          () => this.target(e.target, sc),
          () => this.expr(e.from, sc),
          () => this.expr(e.to, sc),
        ]) as [Val, Val, Val];
        if (t.s !== 'vector') this.core.fail('ExpectedVector', e.target.loc, describe(t));
        const a = constValue(this.core.integer(fromV, e.from, 'a slice bound'));
        const b = constValue(this.core.integer(toV, e.to, 'a slice bound'));
        if (a === undefined) this.core.fail('NotConstant', e.from.loc, 'a slice bound');
        if (b === undefined) this.core.fail('NotConstant', e.to.loc, 'a slice bound');
        if (!(a >= 0 && b > a && b <= t.len)) this.core.fail('BadSlice', e.loc, a, b, t.len);
        return { s: 'vector', len: b - a, at: (i) => t.at(foldExpr(bin('+', i, int(a)))) };
      }
      case 'unary': {
        const a = this.expr(e.arg, sc);
        if (e.op === 'not') {
          const c = this.core.cond(a, e.arg.loc);
          return { s: 'scalar', e: { k: 'un', t: 'b', op: 'not', a: c } };
        }
        if (a.s === 'scalar' && a.e.t === 'b') this.core.boolAsNumber(e.arg);
        return elementwise(this.core, [a], [e.arg.loc], e.loc, (xs) => {
          const x = at(xs, 0, 'the operand of a negation');
          return foldExpr({ k: 'un', t: x.t, op: 'neg', a: x });
        });
      }
      case 'binary':
        return this.binary(e, sc);
      case 'if': {
        const [cv, a, b] = this.core.all<Val>([
          () => this.expr(e.cond, sc),
          () => this.expr(e.then, sc),
          () => this.expr(e.else, sc),
        ]) as [Val, Val, Val];
        const c = this.core.cond(cv, e.cond.loc);
        if (a.s !== b.s || (a.s === 'vector' && b.s === 'vector' && a.len !== b.len))
          this.core.fail('IfShapeMismatch', e.loc, describe(a), describe(b));
        if (a.s === 'scalar' && b.s === 'scalar' && (a.e.t === 'b') !== (b.e.t === 'b'))
          this.core.boolAsNumber(a.e.t === 'b' ? e.then : e.else);
        return elementwise2(this.core, [a, b], [e.then.loc, e.else.loc], e.loc, (x, y) => ({
          k: 'sel',
          t: x.t === 'i' && y.t === 'i' ? 'i' : x.t === 'b' && y.t === 'b' ? 'b' : 'f',
          c,
          a: x.t === 'b' ? x : y.t === 'i' && x.t === 'i' ? x : toReal(x),
          b: y.t === 'b' ? y : y.t === 'i' && x.t === 'i' ? y : toReal(y),
        }));
      }
      case 'call':
        return this.call(e, sc);
      case 'reduce':
        return reduce(this, e, sc);
    }
  }

  /** The target of an index or a slice: a name there is an array, never an unbound index. */
  private target(e: Expr, sc: Scope): Val {
    return e.kind === 'name' ? this.name(e.name, e.loc, sc, true) : this.expr(e, sc);
  }

  private name(name: string, loc: Loc, sc: Scope, asTarget = false): Val {
    const hooked = sc.hooks?.name?.(name, sc);
    if (hooked) return hooked;
    const v = this.core.lookup(name, sc);
    if (v) return v;
    const d = this.core.datas.get(name);
    if (d) return this.dataL.dataVal(d, sc.len, loc);
    // A file's row count (`data XY[N][2] = file(...)`): a constant, read with its data.
    const counted = this.core.rowCounts.get(name);
    if (counted) {
      const v = this.dataL.dataVal(counted, sc.len, loc);
      return { s: 'scalar', e: int(v.s === 'matrix' ? v.rows : v.s === 'vector' ? v.len : 0) };
    }
    this.core.unknownName(name, loc, sc, asTarget);
  }

  /**
   * A chain of binary operators (the parser builds `a + b + c` as ((a + b) + c), a left spine as
   * long as the chain), elaborated along its spine without recursion, so that a sum of 100,000
   * written terms lowers (issue 34). Evaluation order is the written one, left to right: a chain
   * longer than CHAIN_CHUNK terms is cut into scalar bindings (or vector ones, for an elementwise
   * vector chain) of CHAIN_CHUNK terms each, the next starting from the previous one's name, so
   * that every IR expression after it stays shallow for the passes and the backends, and the
   * order of the operations (and so every rounding) is that of the unsplit chain. A part that
   * depends on a bound index (a reduction's, a vector let's) cannot be a binding: such a chain is
   * refused past CHAIN_UNSPLIT terms (ExpressionTooLong) rather than overflowing the stack later.
   */
  private binary(e: Expr & { kind: 'binary' }, sc: Scope): Val {
    const spine: (Expr & { kind: 'binary' })[] = [];
    let leftmost: Expr = e;
    while (leftmost.kind === 'binary') {
      spine.push(leftmost);
      leftmost = leftmost.left;
    }
    spine.reverse(); // innermost (first written operator) first
    const first = attemptVal(() => this.expr(leftmost, sc));
    let acc: Val | undefined = first.ok ? first.value : undefined;
    const split = spine.length > CHAIN_CHUNK && sc.constant === undefined && sc.data === undefined;
    if (split) this.core.longChains.push({ operators: spine.length, loc: e.loc });
    let since = 0; // operators since the last binding
    for (const node of spine) {
      const right = attemptVal(() => this.expr(node.right, sc));
      if (acc === undefined || !right.ok) {
        acc = undefined;
        continue;
      }
      const a: Val = acc;
      const combined = attemptVal(() => this.combine(node, a, right.value, split));
      acc = combined.ok ? combined.value : undefined;
      if (acc === undefined) continue;
      since++;
      if (split && since >= CHAIN_CHUNK) {
        const bound = this.chainBinding(acc, sc);
        if (bound) {
          acc = bound;
          since = 0;
        } else if (since + 1 > CHAIN_UNSPLIT) {
          this.core.fail(
            'ExpressionTooLong',
            node.right.loc,
            CHAIN_UNSPLIT.toLocaleString('en-US'),
          );
        }
      } else if (!split && since + 1 > CHAIN_UNSPLIT) {
        this.core.fail('ExpressionTooLong', node.right.loc, CHAIN_UNSPLIT.toLocaleString('en-US'));
      }
    }
    if (acc === undefined) throw new Abort();
    return acc;
  }

  /**
   * `v` (a part of a long chain) as a binding of the function being lowered, or undefined where it
   * depends on an index bound around it (a reduction's, a vector let's), which a binding cannot see.
   */
  private chainBinding(v: Val, sc: Scope): Val | undefined {
    if (v.s === 'scalar') {
      if (freeIdx(v.e).size > 0) return undefined;
      return this.core.scalarLet(sc.fn, 'chain', v.e);
    }
    if (v.s === 'vector') {
      const i = this.core.freshIdx('i');
      const body = v.at(i);
      const free = freeIdx(body);
      free.delete(i.name);
      if (free.size > 0) return undefined;
      const name = sc.fn.fresh('chain');
      sc.fn.bindings.push({ k: 'vec', name, idx: i.name, len: v.len, body: toReal(body) });
      return arrayVal(name, v.len);
    }
    return undefined;
  }

  /** One operator of a chain: `e.op` of the values of its operands, checked. */
  private combine(e: Expr & { kind: 'binary' }, a: Val, b: Val, long = false): Val {
    if (e.op === 'and' || e.op === 'or') {
      return {
        s: 'scalar',
        e: {
          k: 'bin',
          t: 'b',
          op: e.op,
          a: this.core.cond(a, e.left.loc),
          b: this.core.cond(b, e.right.loc),
        },
      };
    }
    const isCmp = ['<', '<=', '>', '>=', '==', '!='].includes(e.op);
    if (isCmp) {
      const x = this.core.number(a, e.left);
      const y = this.core.number(b, e.right);
      return { s: 'scalar', e: { k: 'bin', t: 'b', op: e.op as never, a: x, b: y } };
    }
    for (const [v, x] of [
      [a, e.left],
      [b, e.right],
    ] as const)
      if (v.s === 'scalar' && v.e.t === 'b') this.core.boolAsNumber(x);
    const op = e.op === '^' ? 'pow' : e.op;
    if (
      op === '%' &&
      a.s === 'scalar' &&
      b.s === 'scalar' &&
      a.e.t === 'i' &&
      b.e.t === 'i' &&
      constValue(b.e) === 0
    ) {
      this.core.fail('DivisionByZero', e.right.loc, 'remainder (%)');
    }
    return elementwise2(this.core, [a, b], [e.left.loc, e.right.loc], e.loc, (x, y) =>
      powOrBin(op as never, x, y, long ? foldChain : foldExpr),
    );
  }

  private call(e: Expr & { kind: 'call' }, sc: Scope): Val {
    const name = e.callee;
    const hooked = sc.hooks?.call?.(e, sc);
    if (hooked) return hooked;
    const positional = (n: number, named: string[] = [], hint = ''): Arg[] =>
      this.core.checkArguments(e, name, [n], named, hint);
    // The arguments' values, all checked before giving up.
    const values = (args: Arg[]) => this.core.all(args.map((a) => () => this.expr(a.value, sc)));
    if (GENERATORS.includes(name)) this.core.fail('GeneratorOutsideData', e.loc, name);
    const bb = binaryBuiltinOf(name);
    if (bb) {
      const pos = positional(2);
      const p0 = at(pos, 0, 'an argument after the arity check');
      const p1 = at(pos, 1, 'an argument after the arity check');
      const [x, y] = values(pos) as [Val, Val];
      if (bb === 'idiv') {
        const [a, b] = this.core.both(
          () => this.core.integer(x, p0.value, 'an argument of idiv'),
          () => this.core.integer(y, p1.value, 'an argument of idiv'),
        );
        if (constValue(b) === 0) this.core.fail('DivisionByZero', p1.loc, 'division (idiv)');
        return { s: 'scalar', e: foldExpr({ k: 'bin', t: 'i', op: 'idiv', a, b }) };
      }
      return elementwise2(this.core, [x, y], [p0.loc, p1.loc], e.loc, (p, q) => powOrBin(bb, p, q));
    }
    if (ORDER_FUNCTIONS.includes(name)) {
      const a = at(positional(1, [], ' (one vector)'), 0, 'an argument after the arity check');
      return orderVal(this.core, name, onceVector(this, name, a, sc), sc);
    }
    const b = builtinOf(name);
    if (b) {
      const pos = positional(b.params.length);
      const args = values(pos);
      args.forEach(
        (v, k) =>
          v.s === 'scalar' &&
          v.e.t === 'b' &&
          this.core.boolAsNumber(at(pos, k, 'an argument after the arity check').value),
      );
      return elementwise(
        this.core,
        args,
        pos.map((a) => a.loc),
        e.loc,
        (xs) =>
          foldExpr({
            k: 'call',
            t: b.result === 'int' ? 'i' : 'f',
            fn: name,
            args: xs.map((x, k) =>
              at(b.params, k, 'a builtin parameter').type === 'real' ? toReal(x) : x,
            ),
          }),
      );
    }
    const p = this.core.problems.get(name);
    if (!p) this.core.unknownFunction(name, e.calleeLoc, sc);
    if (sc.data !== undefined) this.core.fail('DataCallsProblem', e.loc, sc.data, name);
    const vectorArg = positional(
      1,
      p.params.map((q) => q.name),
      p.params.length
        ? ' (a problem takes one vector, and its parameters by name)'
        : ' (a problem takes one vector)',
    );
    // Parameters given by name (`etc_fit(x, lambda: 0.7)`): constants, checked against the ranges.
    const given = new Map<string, number>();
    for (const a of e.args)
      if (a.name) {
        // positional() above lets through only names of the problem's parameters.
        const q = p.params.find((q) => q.name === a.name);
        if (!q) throw new Error(`internal: no parameter ${a.name}`);
        const val = this.constant(
          a.value,
          { ...sc, constant: `the parameter '${a.name}'` },
          `the parameter '${a.name}'`,
        );
        given.set(a.name, this.paramValue(p, q, val, a.value.loc));
      }
    const v = onceVector(this, name, at(vectorArg, 0, 'an argument after the arity check'), sc);
    const onStack = this.callStack.indexOf(name);
    if (onStack >= 0) {
      const chain = [...this.callStack.slice(onStack), name];
      this.core.fail(
        'RecursiveCall',
        e.calleeLoc,
        name,
        chain.length > 2
          ? ` through ${chain
              .slice(1, -1)
              .map((c) => `'${c}'`)
              .join(', ')} (${chain.join(' -> ')})`
          : '',
      );
    }
    // A callee with parameters is specialised to their values too (defaults unless given).
    const vals = new Map(
      p.params.map((q): [string, number] => {
        const v = given.get(q.name) ?? this.paramDefaults(p).get(q.name);
        if (v === undefined) throw new Error(`internal: no value for parameter ${q.name}`);
        return [q.name, v];
      }),
    );
    const suffix = p.params.length ? this.paramKey(name, [...vals.values()]) : '';
    const key = `${name}@${v.len}${suffix}`;
    if (!this.funcs.has(key)) {
      this.active.add(key);
      this.callStack.push(name);
      const outer = this.paramVals.get(p);
      this.paramVals.set(p, vals);
      try {
        const f = this.lowerProblem(p, v.len, key);
        this.funcs.set(key, f);
        this.funcOrder.push(f);
      } finally {
        this.active.delete(key);
        this.callStack.pop();
        if (outer) this.paramVals.set(p, outer);
        else this.paramVals.delete(p);
      }
    }
    const arr = this.core.materialise(v, sc.fn, `${name}_arg`);
    return {
      s: 'scalar',
      e: {
        k: 'callp',
        t: 'f',
        fn: key,
        args: [{ k: 'vref', t: 'f', name: arr.array, len: v.len }],
      },
    };
  }
}

/**
 * A chain of more operators than this is lowered in parts of this many, each a binding (see
 * ProblemElaborator.binary); below it nothing changes. Every IR expression then has at most about this
 * many operators on a path, which every recursive walker of the compiler handles.
 */
export const CHAIN_CHUNK = 256;
/** The longest chain that cannot be split (it depends on a bound index): ExpressionTooLong beyond. */
export const CHAIN_UNSPLIT = 1000;

function attemptVal(f: () => Val): { ok: true; value: Val } | { ok: false } {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    if (!(e instanceof Abort)) throw e;
    return { ok: false };
  }
}

function powOrBin(
  op: Parameters<typeof bin>[0],
  a: IExpr,
  b: IExpr,
  fold: (e: IExpr) => IExpr = foldExpr,
): IExpr {
  // Integer powers become a real power (x^2 of an integer index is real, as in mathematics).
  if (op === 'pow')
    return fold({ k: 'bin', t: 'f', op, a: toReal(a), b: b.t === 'i' ? toReal(b) : b });
  if (op === '/') return fold({ k: 'bin', t: 'f', op, a: toReal(a), b: toReal(b) });
  const t = binTy(op, a, b);
  if (t === 'f') return fold({ k: 'bin', t, op, a: toReal(a), b: toReal(b) });
  return fold({ k: 'bin', t, op, a, b });
}

/** What foldChain made: folded already, not walked again. */
const chainFolded = new WeakSet<IExpr>();
/**
 * foldExpr of a node of a long chain (ProblemElaborator.binary) whose left operand is the chain so far:
 * that was folded when it was made, so only the new operand and the node are (foldExpr would walk
 * the whole part again at every operator: quadratic in the part's length).
 */
function foldChain(e: IExpr): IExpr {
  if (e.k !== 'bin') return foldExpr(e);
  const a = chainFolded.has(e.a) || e.a.k === 'sref' ? e.a : foldExpr(e.a);
  const out = foldNode({ ...e, a, b: foldExpr(e.b) });
  chainFolded.add(out);
  return out;
}

/** From the start of `a` to the end of `b` when both are on one line, else `a`. */
function spanLoc(a: Loc, b: Loc): Loc {
  if (a.file !== b.file || a.line !== b.line || b.offset < a.offset) return a;
  return { ...a, length: b.offset + b.length - a.offset };
}
