// Elaboration: name resolution, type and shape checking, and lowering of the AST to IR, for one
// problem specialised to a dimension D.
//
// Checking and lowering are one walk because shapes in .opt depend on D: a slice x[a:b] or a
// `let y[i < D - 1]` has a length only once D is known, and a length mismatch is reported exactly
// (with both lengths) at the expression that causes it. `opt check` elaborates every problem at a
// few dimensions. Problem calls become `callp` nodes on specialised callees (inlined by the inline
// pass); elementwise vector expressions stay lazy index functions, so `x - o` passed to a problem
// becomes one `vec` binding `x[i] - o[i]`, never a temporary per operator.

import {
  REDUCE_OPS,
  type Arg,
  type AlgorithmDecl,
  type DataDecl,
  type Expr,
  type Loc,
  type ProblemDecl,
  type SourceFile,
  type SuiteDecl,
  type ParamDecl,
} from '../parser/ast.js';
import { diag, type Diagnostic, type DiagKind } from '../parser/diagnostics.js';
import {
  BINARY_BUILTINS,
  BUILTINS,
  argumentCounts,
  binaryBuiltinOf as binaryOf,
  builtinOf,
  namedFunction,
  namedFunctions,
} from '../ir/builtins.js';
import { readNumbers, resolveDataPath } from '../ir/datafiles.js';
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import {
  bin,
  binTy,
  int,
  num,
  redTy,
  type Binding,
  type IExpr,
  type IrData,
  type IrFunc,
  type IrProgram,
  type RedOp,
} from '../ir/ir.js';
import { constValue, foldExpr } from '../ir/fold.js';

export type Val =
  | { s: 'scalar'; e: IExpr }
  | { s: 'vector'; len: number; at: (i: IExpr) => IExpr; array?: string }
  | { s: 'matrix'; rows: number; cols: number; at: (i: IExpr, j: IExpr) => IExpr };

export class Abort extends Error {}

/** The data generators (ir/builtins.ts); the CEC 2010 ones run java.util.Random (rng/jrandom.ts). */
export const GENERATORS = namedFunctions('generator');
const JRANDOM_GENERATORS = GENERATORS.filter((g) => g.startsWith('jrandom_'));

// Own-property lookups (ir/builtins.ts): `constructor` in a source file must not find Object.prototype.
const binaryBuiltinOf = (name: string) => binaryOf(name)?.op;
/**
 * The order functions of a vector (per individual): rank(v)[i] is the number of elements before v_i
 * in ascending order (equal values by index), argsort(v)[a] the index of the a-th smallest,
 * sort(v)[a] its value. They lower to counting reductions (a rank sort: n^2 comparisons spread over
 * a team's lanes), so they run in every backend and regime that runs reductions.
 */
export const ORDER_FUNCTIONS = namedFunctions('order');
const isFunctionName = (name: string) =>
  builtinOf(name) !== undefined ||
  binaryBuiltinOf(name) !== undefined ||
  ORDER_FUNCTIONS.includes(name);

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A reduction or vector-let index of the declaration being elaborated, for the UnboundIndex hint. */
export interface IndexSite {
  index: string;
  what: string; // `sum(i)`, `let y[i]`
  loc: Loc;
  reduction: boolean;
}

export function indexSites(
  exprs: (Expr | undefined)[],
  lets: { index?: string; name: string; nameLoc: Loc }[] = [],
): IndexSite[] {
  const out: IndexSite[] = [];
  for (const l of lets)
    if (l.index)
      out.push({
        index: l.index,
        what: `let ${l.name}[${l.index}]`,
        loc: l.nameLoc,
        reduction: false,
      });
  const walk = (e: Expr | undefined): void => {
    if (!e) return;
    switch (e.kind) {
      case 'index':
        walk(e.target);
        walk(e.index);
        return;
      case 'slice':
        walk(e.target);
        walk(e.from);
        walk(e.to);
        return;
      case 'unary':
        walk(e.arg);
        return;
      case 'binary':
        walk(e.left);
        walk(e.right);
        return;
      case 'if':
        walk(e.cond);
        walk(e.then);
        walk(e.else);
        return;
      case 'call':
        for (const a of e.args) walk(a.value);
        return;
      case 'reduce':
        out.push({ index: e.index, what: `${e.op}(${e.index})`, loc: e.loc, reduction: true });
        if (e.range?.kind === 'in') {
          walk(e.range.from);
          walk(e.range.to);
        } else if (e.range) walk(e.range.bound);
        walk(e.where);
        walk(e.body);
        return;
      default:
        return;
    }
  };
  for (const e of exprs) walk(e);
  return out;
}

function idxNamesIn(e: IExpr, out = new Set<string>()): Set<string> {
  switch (e.k) {
    case 'idx':
      out.add(e.name);
      break;
    case 'read':
      e.idx.forEach((x) => idxNamesIn(x, out));
      break;
    case 'un':
      idxNamesIn(e.a, out);
      break;
    case 'bin':
      idxNamesIn(e.a, out);
      idxNamesIn(e.b, out);
      break;
    case 'call':
    case 'callp':
      e.args.forEach((x) => idxNamesIn(x, out));
      break;
    case 'sel':
      idxNamesIn(e.c, out);
      idxNamesIn(e.a, out);
      idxNamesIn(e.b, out);
      break;
    case 'red':
      idxNamesIn(e.lo, out);
      idxNamesIn(e.hi, out);
      if (e.cond) idxNamesIn(e.cond, out);
      idxNamesIn(e.body, out);
      break;
    default:
      break;
  }
  return out;
}

export function describe(v: Val): string {
  if (v.s === 'scalar') return v.e.t === 'b' ? 'condition' : 'scalar';
  return v.s === 'vector' ? `vector of length ${v.len}` : `${v.rows}x${v.cols} matrix`;
}

export interface Scope {
  fn: FuncBuilder;
  len: number; // the problem's D here
  dimName: string;
  vars: Map<string, Val>;
  idxs: Map<string, IExpr>; // source index name -> IR index
  file: string;
  /** Reduction and vector-let indices of the declaration, for the UnboundIndex hint. */
  sites: IndexSite[];
  /** Lets whose definition had errors: their uses are not reported again. */
  failed: Set<string>;
  /** Set in a constant context (box, optimum, shapes): what must be constant. */
  constant?: string;
  /** Set while elaborating a computed data declaration: its name. */
  data?: string;
  /** What each let name is bound by, for DuplicateName and ShadowedIndex. */
  origins: Map<string, string>;
}

export class FuncBuilder {
  bindings: Binding[] = [];
  protected used = new Set<string>();
  constructor(
    public name: string,
    public input: string,
    public len: number,
  ) {
    this.used.add(input);
  }
  fresh(base: string): string {
    let n = base;
    for (let k = 1; this.used.has(n); k++) n = `${base}_${k}`;
    this.used.add(n);
    return n;
  }
}

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

export class Elaborator {
  readonly diagnostics: Diagnostic[] = [];
  protected problems = new Map<string, ProblemDecl>();
  protected datas = new Map<string, DataDecl>();
  protected algorithms = new Map<string, AlgorithmDecl>();
  protected suites = new Map<string, SuiteDecl>();
  /** The values of a problem's parameters while it is lowered (its defaults otherwise). */
  protected paramVals = new Map<ProblemDecl, Map<string, number>>();
  protected data: IrData[] = [];
  protected dataKeys = new Map<string, string>(); // name@len -> IR data name
  protected funcs = new Map<string, IrFunc>();
  protected funcOrder: IrFunc[] = [];
  protected active = new Set<string>();
  /** The problems being lowered, outermost first (recursion is reported with this chain). */
  protected callStack: string[] = [];
  /** The data declarations being lowered (a data defined through itself is reported). */
  protected dataStack: string[] = [];
  protected texts = new Map<string, string>();
  protected idxCounter = 0;
  protected mainDim = 0;

  constructor(files: SourceFile[]) {
    for (const f of files) {
      this.texts.set(f.file, f.text);
      for (const d of f.decls) {
        if (d.kind === 'algorithm') {
          const prev = this.algorithms.get(d.name);
          if (prev)
            this.report(
              'DuplicateName',
              d.nameLoc,
              d.name,
              ` (first defined at ${prev.nameLoc.file}:${prev.nameLoc.line}:${prev.nameLoc.col})`,
            );
          else this.algorithms.set(d.name, d);
          continue;
        }
        // Problems, data and suites share one namespace (`--problem X` and `--suite X` must not
        // have to guess which X is meant).
        const table =
          d.kind === 'problem' ? this.problems : d.kind === 'data' ? this.datas : this.suites;
        const prev = this.problems.get(d.name) ?? this.datas.get(d.name) ?? this.suites.get(d.name);
        if (prev) {
          this.report(
            'DuplicateName',
            d.nameLoc,
            d.name,
            ` (first defined at ${prev.nameLoc.file}:${prev.nameLoc.line}:${prev.nameLoc.col})`,
          );
          continue;
        }
        const reserved = reservedName(d.name);
        if (reserved) {
          // A declaration with this name could never be used: the built-in meaning wins.
          this.report('DuplicateName', d.nameLoc, d.name, ` (${reserved})`);
          continue;
        }
        (table as Map<string, typeof d>).set(d.name, d);
      }
    }
  }

  /** The source text under `loc`, when it is short enough to quote in a message. */
  protected snippet(loc: Loc): string | undefined {
    const t = this.texts.get(loc.file)?.substr(loc.offset, loc.length);
    return t && t.length <= 40 && !t.includes('\n') ? t : undefined;
  }

  problemNames(): string[] {
    return [...this.problems.keys()];
  }

  hasProblem(name: string): boolean {
    return this.problems.has(name);
  }

  protected report(kind: DiagKind, loc: Loc | undefined, ...args: (string | number)[]): void {
    const d = diag(kind, loc, ...args);
    const key = (x: Diagnostic) => `${x.code}:${x.loc?.file}:${x.loc?.offset}:${x.message}`;
    if (!this.diagnostics.some((o) => key(o) === key(d))) this.diagnostics.push(d);
  }

  protected fail(kind: DiagKind, loc: Loc | undefined, ...args: (string | number)[]): never {
    this.report(kind, loc, ...args);
    throw new Abort();
  }

  /** Lower problem `name` at dimension `dim`; undefined (with diagnostics) on errors. */
  /** Every suite's name, in declaration order. */
  suiteNames(): string[] {
    return [...this.suites.keys()];
  }

  /**
   * The problems of suite `name`, in order; undefined (with diagnostics) when there is no such
   * suite or a member is not a problem.
   */
  suite(name: string): string[] | undefined {
    const decl = this.suites.get(name);
    if (!decl) {
      const near = suggest(name, [...this.suites.keys()]);
      const all = [...this.suites.keys()].join(', ');
      this.report(
        'UnknownSuite',
        undefined,
        name,
        near ? ` (did you mean '${near}'?)` : all ? ` (there are: ${all})` : '',
      );
      return undefined;
    }
    return this.checkSuite(decl) ? decl.members.map((m) => m.name) : undefined;
  }

  /** Check every suite's members (opt check). */
  checkSuites(): void {
    for (const s of this.suites.values()) this.checkSuite(s);
  }

  private checkSuite(s: SuiteDecl): boolean {
    const before = this.diagnostics.length;
    if (!s.members.length) this.report('BadSuite', s.nameLoc, s.name, 'it lists no problems');
    const seen = new Set<string>();
    for (const m of s.members) {
      if (!this.problems.has(m.name)) {
        const near = suggest(m.name, [...this.problems.keys()]);
        this.report('UnknownProblem', m.loc, m.name, near ? ` (did you mean '${near}'?)` : '');
      } else if (seen.has(m.name))
        this.report('BadSuite', m.loc, s.name, `'${m.name}' is listed twice`);
      seen.add(m.name);
    }
    return this.diagnostics.length === before;
  }

  lower(name: string, dim: number, set: Record<string, string> = {}): IrProgram | undefined {
    this.data = [];
    this.paramVals.clear();
    this.dataKeys.clear();
    this.funcs.clear();
    this.funcOrder = [];
    this.mainDim = dim;
    const decl = this.problems.get(name);
    if (!decl) {
      const near = suggest(name, [...this.problems.keys()]);
      this.report('UnknownProblem', undefined, name, near ? ` (did you mean '${near}'?)` : '');
      return undefined;
    }
    const before = this.diagnostics.length;
    this.callStack = [decl.name];
    this.dataStack = [];
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
      const box: [number, number] = decl.box
        ? [
            part(
              () =>
                this.constant(
                  decl.box![0],
                  this.emptyScope(decl, dim, 'the lower bound of the box'),
                  'the lower bound of the box',
                ),
              NaN,
            ),
            part(
              () =>
                this.constant(
                  decl.box![1],
                  this.emptyScope(decl, dim, 'the upper bound of the box'),
                  'the upper bound of the box',
                ),
              NaN,
            ),
          ]
        : [-Infinity, Infinity];
      if (decl.box && !Number.isNaN(box[0]) && !Number.isNaN(box[1]) && !(box[0] < box[1])) {
        this.report('BadBox', spanLoc(decl.box[0].loc, decl.box[1].loc), box[0], box[1]);
      }
      const optimum = decl.optimum
        ? part(
            () =>
              this.constant(
                decl.optimum!,
                this.emptyScope(decl, dim, 'the optimum value'),
                'the optimum value',
              ),
            NaN,
          )
        : NaN;
      let at: IrProgram['at'] = null;
      if (decl.at) {
        const atExpr = decl.at;
        at = part((): IrProgram['at'] => {
          if (atExpr.kind === 'name' && this.datas.has(atExpr.name)) {
            const v = this.dataVal(this.datas.get(atExpr.name)!, dim, atExpr.loc);
            if (v.s !== 'vector' || v.len !== dim || !v.array)
              this.fail('BadOptimumPoint', atExpr.loc, ` (got a ${describe(v)})`);
            return { k: 'data', name: v.array };
          }
          const scope = this.emptyScope(decl, dim, 'the optimum point');
          const v = this.expr(atExpr, scope);
          if (v.s !== 'scalar')
            this.fail('BadOptimumPoint', atExpr.loc, ` (got a ${describe(v)} that is not data)`);
          return { k: 'const', v: this.constant(atExpr, scope, 'the optimum point') };
        }, null);
      }
      if (this.diagnostics.length > before || !main) return undefined;
      return {
        name: decl.name,
        dim,
        box,
        optimum,
        at,
        direction: decl.direction,
        data: this.data,
        funcs: this.funcOrder,
        main,
      };
    } catch (e) {
      if (e instanceof Abort) return undefined;
      throw e;
    }
  }

  /** A scope for the constant parts of a problem (box, optimum): the parameter is visible, so that
   * using it says "must be a constant" rather than "unknown name". */
  protected emptyScope(decl: ProblemDecl, len: number, constant: string): Scope {
    const vars = new Map<string, Val>([[decl.param, this.arrayVal(decl.param, len)]]);
    const origins = new Map([[decl.param, "the problem's parameter"]]);
    if (decl.params.length)
      for (const [k, v] of this.paramVals.get(decl) ?? this.paramDefaults(decl)) {
        vars.set(k, { s: 'scalar', e: num(v) });
        origins.set(k, `the parameter '${k}'`);
      }
    return {
      fn: new FuncBuilder('', decl.param, len),
      len,
      dimName: decl.dimName,
      vars,
      idxs: new Map(),
      file: decl.file,
      sites: [],
      failed: new Set(),
      constant,
      origins,
    };
  }

  // ---- problem parameters: `problem f(x[D], lambda = 0.5 in [0, 1])` ---------------------------

  protected paramKeys = new Map<string, number>();
  /** `#k`: the k-th distinct set of parameter values a callee is specialised to (a name the IR parses). */
  protected paramKey(name: string, values: number[]): string {
    const k = `${name}(${values.join(',')})`;
    if (!this.paramKeys.has(k)) this.paramKeys.set(k, this.paramKeys.size);
    return `_p${this.paramKeys.get(k)}`;
  }

  /** The parameters' defaults (constant expressions, checked against their ranges). */
  protected paramDefaults(decl: ProblemDecl): Map<string, number> {
    const out = new Map<string, number>();
    for (const p of decl.params) out.set(p.name, this.paramValue(decl, p, undefined, undefined));
    return out;
  }

  /**
   * Reports each `--set` name that `owner` (a problem or an algorithm) does not declare; true when
   * there was one.
   */
  protected unknownParams(
    owner: string,
    params: ParamDecl[],
    set: Record<string, string>,
  ): boolean {
    const names = params.map((p) => p.name);
    const unknown = Object.keys(set).filter((name) => !names.includes(name));
    for (const name of unknown) {
      const near = suggest(name, names);
      this.report(
        'BadParameter',
        undefined,
        name,
        `${owner} has no parameter '${name}'${near ? ` (did you mean '${near}'?)` : ''}; ${names.length ? `its parameters: ${names.join(', ')}` : 'it has none'}`,
      );
    }
    return unknown.length > 0;
  }

  /** A `--set` value of a numeric parameter: a finite number, else BadParameter. */
  protected numberFromSet(p: ParamDecl, s: string): number {
    const v = Number(s);
    if (s.trim() === '' || !Number.isFinite(v))
      this.fail('BadParameter', undefined, p.name, `'${s}' is not a number`);
    return v;
  }

  /** The values for `--set NAME=VALUE` (strings; unknown names are errors). */
  protected paramsFromSet(decl: ProblemDecl, set: Record<string, string>): Map<string, number> {
    if (this.unknownParams(decl.name, decl.params, set)) throw new Abort();
    const out = new Map<string, number>();
    for (const p of decl.params) {
      const s = set[p.name];
      const v = s === undefined ? undefined : this.numberFromSet(p, s);
      out.set(p.name, this.paramValue(decl, p, v, undefined));
    }
    return out;
  }

  /** A parameter's value: `given` (from --set or a call) or the default, within its range. */
  protected paramValue(
    decl: ProblemDecl,
    p: ParamDecl,
    given: number | undefined,
    givenAt: Loc | undefined,
  ): number {
    const sc = (what: string) => {
      const s = this.emptyScope({ ...decl, params: [] }, 1, what);
      s.vars.delete(decl.param);
      return s;
    };
    if (p.choices)
      this.fail('BadParameter', p.nameLoc, p.name, 'a problem parameter is a number, not a choice');
    const v =
      given ??
      this.constant(
        p.value,
        sc(`the default of parameter '${p.name}'`),
        `the default of parameter '${p.name}'`,
      );
    if (p.range) {
      const lo = this.constant(p.range[0], sc('a parameter bound'), 'a parameter bound');
      const hi = this.constant(p.range[1], sc('a parameter bound'), 'a parameter bound');
      if (!(v >= lo && v <= hi))
        this.fail(
          'BadParameter',
          given === undefined ? p.value.loc : givenAt,
          p.name,
          `${v} is outside [${lo}, ${hi}]`,
        );
    }
    return v;
  }

  protected constant(e: Expr, scope: Scope, what: string): number {
    const v = this.expr(e, scope);
    if (v.s !== 'scalar') this.fail('ExpectedScalar', e.loc, describe(v));
    if (v.e.t === 'b') this.boolAsNumber(e);
    const c = constValue(v.e);
    if (c === undefined) this.fail('NotConstant', e.loc, what);
    return c;
  }

  /**
   * Whether problem `name` exists at dimension `dim` by its `where` clause (true without one, and
   * when the clause itself has errors: lowering reports those).
   */
  dimensionAllowed(name: string, dim: number): boolean {
    const decl = this.problems.get(name);
    if (!decl?.dims) return true;
    const before = this.diagnostics.length;
    try {
      this.checkDims(decl, dim);
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
    const decl = this.problems.get(name);
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
  protected checkDims(decl: ProblemDecl, len: number): void {
    const what = 'the condition on the dimension';
    const scope = this.emptyScope(decl, len, what);
    const v = this.expr(decl.dims!, scope);
    if (v.s !== 'scalar' || v.e.t !== 'b')
      this.fail('ExpectedBoolean', decl.dims!.loc, describe(v));
    const holds = constCondition(v.e);
    if (holds === undefined) this.fail('NotConstant', decl.dims!.loc, what);
    if (!holds)
      this.fail(
        'BadDimension',
        decl.dims!.loc,
        decl.name,
        this.snippet(decl.dims!.loc) ?? 'its condition holds',
        decl.dimName,
        len,
      );
  }

  /** Evaluate each of `fs`; when some fail, report all their errors before giving up. */
  protected all<T>(fs: (() => T)[]): T[] {
    const out: T[] = [];
    let failed = false;
    for (const f of fs) {
      try {
        out.push(f());
      } catch (e) {
        if (!(e instanceof Abort)) throw e;
        failed = true;
      }
    }
    if (failed) throw new Abort();
    return out;
  }

  protected lowerProblem(decl: ProblemDecl, len: number, fname: string): IrFunc {
    if (decl.dims) this.checkDims(decl, len);
    const fn = new FuncBuilder(fname, decl.param, len);
    const scope: Scope = {
      fn,
      len,
      dimName: decl.dimName,
      vars: new Map(),
      idxs: new Map(),
      file: decl.file,
      sites: indexSites(
        [...decl.lets.flatMap((l) => [l.bound?.expr, l.value]), decl.result],
        decl.lets,
      ),
      failed: new Set(),
      origins: new Map([[decl.param, "the problem's parameter"]]),
    };
    scope.vars.set(decl.param, {
      s: 'vector',
      len,
      at: (i) => ({ k: 'read', t: 'f', arr: decl.param, idx: [i] }),
      array: decl.param,
    });
    if (decl.params.length)
      for (const [k, v] of this.paramVals.get(decl) ?? this.paramDefaults(decl)) {
        scope.vars.set(k, { s: 'scalar', e: num(v) });
        scope.origins.set(k, `the parameter '${k}'`);
      }
    if (decl.dimName === decl.param)
      this.report(
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
          this.report('DuplicateName', l.nameLoc, l.name, first ? ` (${first})` : '');
          // Later uses of the name most likely mean this let: do not report them again.
          scope.failed.add(l.name);
          ok = false;
          continue;
        }
        scope.origins.set(l.name, `the let at line ${l.nameLoc.line}, column ${l.nameLoc.col}`);
        if (l.index) {
          this.checkIndexName(l.index, l.indexLoc ?? l.nameLoc, scope);
          let n = len;
          if (l.bound) {
            const b = this.expr(l.bound.expr, scope);
            const c = b.s === 'scalar' ? constValue(b.e) : undefined;
            if (b.s === 'scalar' && b.e.t === 'f' && c !== undefined)
              this.fail(
                'ExpectedInteger',
                l.bound.expr.loc,
                'the length of a vector',
                this.integerHint(l.bound.expr),
              );
            if (c === undefined || b.s !== 'scalar' || b.e.t !== 'i')
              this.fail('NotConstant', l.bound.expr.loc, 'the length of a vector');
            n = l.bound.op === 'lt' ? c : c + 1;
            if (n < 1) this.fail('BadLength', l.bound.expr.loc, n);
          }
          const name = fn.fresh(l.name);
          const i = this.freshIdx(l.index);
          const inner = { ...scope, idxs: new Map(scope.idxs).set(l.index, i) };
          const body = this.scalarOf(this.expr(l.value, inner), l.value.loc);
          if (body.t === 'b') this.boolAsNumber(l.value);
          fn.bindings.push({ k: 'vec', name, idx: (i as { name: string }).name, len: n, body });
          scope.vars.set(l.name, this.arrayVal(name, n));
        } else {
          const v = this.expr(l.value, scope);
          const name = fn.fresh(l.name);
          if (v.s === 'scalar') {
            if (v.e.t === 'b') this.boolAsNumber(l.value);
            fn.bindings.push({ k: 'scalar', name, t: v.e.t, body: v.e });
            scope.vars.set(l.name, { s: 'scalar', e: { k: 'sref', t: v.e.t, name } });
          } else if (v.s === 'vector') {
            scope.vars.set(l.name, this.materialise(v, fn, name));
          } else {
            scope.vars.set(l.name, v);
          }
        }
      } catch (e) {
        if (!(e instanceof Abort)) throw e;
        scope.failed.add(l.name);
        ok = false;
      }
    }
    if (!decl.result) this.fail('MissingResult', decl.nameLoc, decl.name);
    const r = this.expr(decl.result, scope);
    if (r.s !== 'scalar') this.fail('ExpectedScalar', decl.result.loc, describe(r));
    if (r.e.t === 'b') this.boolAsNumber(decl.result);
    if (!ok) throw new Abort();
    return { name: fname, input: decl.param, len, bindings: fn.bindings, result: toReal(r.e) };
  }

  protected arrayVal(name: string, len: number): Val {
    return {
      s: 'vector',
      len,
      at: (i) => ({ k: 'read', t: 'f', arr: name, idx: [i] }),
      array: name,
    };
  }

  protected materialise(
    v: Val & { s: 'vector' },
    fn: FuncBuilder,
    base: string,
  ): Val & { s: 'vector' } {
    if (v.array) return v;
    const name = fn.fresh(base); // fresh also records the name, so a second call gets another
    const i = this.freshIdx('i');
    fn.bindings.push({
      k: 'vec',
      name,
      idx: (i as { name: string }).name,
      len: v.len,
      body: toReal(v.at(i)),
    });
    return this.arrayVal(name, v.len) as Val & { s: 'vector' };
  }

  /**
   * The vector argument of `fn` (a problem call, rank, argsort, sort), which is materialised once
   * per evaluation, outside any reduction: it cannot depend on a reduction's or a vector let's
   * index (CallDependsOnIndex).
   */
  protected onceVector(fn: string, arg: Arg, sc: Scope): Val & { s: 'vector' } {
    const v = this.expr(arg.value, sc);
    if (v.s !== 'vector') this.fail('ExpectedVector', arg.value.loc, describe(v));
    if (sc.idxs.size) {
      const used = idxNamesIn(v.at({ k: 'idx', t: 'i', name: '$probe' }));
      for (const [src, ix] of sc.idxs)
        if (used.has((ix as { name: string }).name))
          this.fail('CallDependsOnIndex', arg.value.loc, fn, src);
    }
    return v;
  }

  /** rank / argsort / sort of `v` (see ORDER_FUNCTIONS) as vector bindings of reductions. */
  protected orderVal(fn: string, v: Val & { s: 'vector' }, sc: Scope): Val {
    const keys = this.materialise(v, sc.fn, `${fn}_keys`);
    const n = v.len;
    const key = (i: IExpr) => keys.at(i);
    // rank_i = #{ j : k_j < k_i, or k_j = k_i and j < i }
    const i = this.freshIdx('i');
    const j = this.freshIdx('j');
    const before: IExpr = {
      k: 'bin',
      t: 'b',
      op: 'or',
      a: { k: 'bin', t: 'b', op: '<', a: key(j), b: key(i) },
      b: {
        k: 'bin',
        t: 'b',
        op: 'and',
        a: { k: 'bin', t: 'b', op: '==', a: key(j), b: key(i) },
        b: { k: 'bin', t: 'b', op: '<', a: j, b: i },
      },
    };
    const rankName = sc.fn.fresh(`${fn}_rank`);
    sc.fn.bindings.push({
      k: 'vec',
      name: rankName,
      idx: (i as { name: string }).name,
      len: n,
      body: toReal({
        k: 'red',
        t: 'i',
        op: 'count',
        idx: (j as { name: string }).name,
        lo: int(0),
        hi: int(n),
        cond: before,
        body: int(1),
      }),
    });
    // Ranks and indices are integers (stored as floats, exact below 2^24): read back as int, so
    // that they index (`C[p[a]][p[b]]`).
    const ints = (name: string): Val & { s: 'vector' } => ({
      s: 'vector',
      len: n,
      at: (k: IExpr): IExpr => ({
        k: 'call',
        t: 'i',
        fn: 'int',
        args: [{ k: 'read', t: 'f', arr: name, idx: [k] }],
      }),
      array: name,
    });
    const rank = ints(rankName);
    if (fn === 'rank') return rank;
    // argsort_a = the i with rank_i = a (exactly one); sort_a = its key.
    const a = this.freshIdx('a');
    const m = this.freshIdx('i');
    const outName = sc.fn.fresh(fn);
    sc.fn.bindings.push({
      k: 'vec',
      name: outName,
      idx: (a as { name: string }).name,
      len: n,
      body: {
        k: 'red',
        t: 'f',
        op: 'sum',
        idx: (m as { name: string }).name,
        lo: int(0),
        hi: int(n),
        cond: { k: 'bin', t: 'b', op: '==', a: rank.at(m), b: a },
        body: fn === 'argsort' ? toReal(m) : toReal(key(m)),
      },
    });
    return fn === 'argsort' ? ints(outName) : this.arrayVal(outName, n);
  }

  protected freshIdx(base: string): IExpr {
    return { k: 'idx', t: 'i', name: `${base}${++this.idxCounter}` };
  }

  protected scalarOf(v: Val, loc: Loc): IExpr {
    if (v.s !== 'scalar') this.fail('ExpectedScalar', loc, describe(v));
    return v.e;
  }

  protected number(v: Val, src: Expr): IExpr {
    const e = this.scalarOf(v, src.loc);
    if (e.t === 'b') this.boolAsNumber(src);
    return e;
  }

  /** BooleanAsNumber; when a comparison follows a reduction (`count(i) x[i] > 0`), the reduction's
   * body ended before the comparison: say so. */
  protected boolAsNumber(src: Expr): never {
    let hint = '; write `if c then 1 else 0`';
    if (src.kind === 'binary' && src.left.kind === 'reduce') {
      const r = src.left;
      const text = this.texts.get(src.loc.file);
      const end = src.right.loc.offset + src.right.loc.length;
      const head = text?.slice(r.loc.offset, r.body.loc.offset).trim();
      const body = text?.slice(r.body.loc.offset, end);
      const what = `${r.op}(${r.index})`;
      hint =
        head && body && !`${head}${body}`.includes('\n') && body.length <= 60
          ? ` (the body of ${what} ends before '${src.op}': write ${head} (${body}))`
          : ` (the body of ${what} ends before '${src.op}': put the body in parentheses)`;
    }
    this.fail('BooleanAsNumber', src.loc, hint);
  }

  protected cond(v: Val, loc: Loc): IExpr {
    const e = this.scalarOf(v, loc);
    if (e.t !== 'b') this.fail('ExpectedBoolean', loc);
    return e;
  }

  /** `what` names the role: 'an index', 'a slice bound', 'a reduction bound', ... */
  protected integer(v: Val, src: Expr, what = 'an index'): IExpr {
    const e = this.number(v, src);
    if (e.t !== 'i') this.fail('ExpectedInteger', src.loc, what, this.integerHint(src));
    return e;
  }

  protected integerHint(src: Expr): string {
    if (src.kind === 'binary' && src.op === '/') {
      const a = this.snippet(src.left.loc);
      const b = this.snippet(src.right.loc);
      const fix = a !== undefined && b !== undefined ? `idiv(${a}, ${b})` : 'idiv(a, b)';
      return ` (/ is real division: write ${fix} for integer division)`;
    }
    return ' (int(...) truncates a real; idiv(a, b) divides integers)';
  }

  /** A new index name must not hide an index, a let, the parameter, D or a data declaration. */
  protected checkIndexName(index: string, loc: Loc, sc: Scope): void {
    let what: string | undefined;
    if (sc.idxs.has(index)) what = 'the index of an enclosing reduction or vector let';
    else if (sc.vars.has(index) || sc.failed.has(index))
      what = sc.origins.get(index) ?? `'${index}'`;
    else if (index === sc.dimName) what = "the problem's dimension";
    else if (this.datas.has(index)) what = `the data '${index}'`;
    else if (index === 'pi' || index === 'e') what = `the constant ${index}`;
    if (what) this.fail('ShadowedIndex', loc, index, what);
  }

  // ---- expressions -----------------------------------------------------------------------

  protected expr(e: Expr, sc: Scope): Val {
    switch (e.kind) {
      case 'num':
        if (Number.isNaN(e.value)) throw new Abort(); // a placeholder from syntax-error recovery
        return { s: 'scalar', e: e.isInt ? int(e.value) : num(e.value) };
      case 'str':
        this.fail('ExpectedScalar', e.loc, 'string');
      case 'name':
        return this.name(e.name, e.loc, sc);
      case 'index': {
        const [t, ixv] = this.all<Val>([
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
            this.fail(
              'TooManyIndices',
              e.loc,
              root.name,
              plural(n - 1, 'dimension'),
              `${plural(n, 'index', 'indices')} ${n === 1 ? 'is' : 'are'}`,
            );
          this.fail(
            'NotIndexable',
            e.target.loc,
            e.target.kind === 'name' ? `'${e.target.name}'` : 'this expression',
          );
        }
        const ix = this.integer(ixv, e.index);
        const c = constValue(ix);
        if (t.s === 'vector') {
          if (c !== undefined && !(c >= 0 && c < t.len))
            this.fail('IndexOutOfRange', e.index.loc, c, nameOf(e.target), t.len);
          return { s: 'scalar', e: t.at(ix) };
        }
        if (c !== undefined && !(c >= 0 && c < t.rows))
          this.fail('IndexOutOfRange', e.index.loc, c, nameOf(e.target), t.rows);
        return { s: 'vector', len: t.cols, at: (j) => t.at(ix, j) };
      }
      case 'slice': {
        const [t, fromV, toV] = this.all<Val>([
          () => this.target(e.target, sc),
          () => this.expr(e.from, sc),
          () => this.expr(e.to, sc),
        ]) as [Val, Val, Val];
        if (t.s !== 'vector') this.fail('ExpectedVector', e.target.loc, describe(t));
        const a = constValue(this.integer(fromV, e.from, 'a slice bound'));
        const b = constValue(this.integer(toV, e.to, 'a slice bound'));
        if (a === undefined) this.fail('NotConstant', e.from.loc, 'a slice bound');
        if (b === undefined) this.fail('NotConstant', e.to.loc, 'a slice bound');
        if (!(a >= 0 && b > a && b <= t.len)) this.fail('BadSlice', e.loc, a, b, t.len);
        return { s: 'vector', len: b - a, at: (i) => t.at(foldExpr(bin('+', i, int(a)))) };
      }
      case 'unary': {
        const a = this.expr(e.arg, sc);
        if (e.op === 'not') {
          const c = this.cond(a, e.arg.loc);
          return { s: 'scalar', e: { k: 'un', t: 'b', op: 'not', a: c } };
        }
        if (a.s === 'scalar' && a.e.t === 'b') this.boolAsNumber(e.arg);
        return this.elementwise([a], [e.arg.loc], e.loc, ([x]) =>
          foldExpr({ k: 'un', t: x!.t, op: 'neg', a: x! }),
        );
      }
      case 'binary':
        return this.binary(e, sc);
      case 'if': {
        const [cv, a, b] = this.all<Val>([
          () => this.expr(e.cond, sc),
          () => this.expr(e.then, sc),
          () => this.expr(e.else, sc),
        ]) as [Val, Val, Val];
        const c = this.cond(cv, e.cond.loc);
        if (a.s !== b.s || (a.s === 'vector' && b.s === 'vector' && a.len !== b.len))
          this.fail('IfShapeMismatch', e.loc, describe(a), describe(b));
        if (a.s === 'scalar' && b.s === 'scalar' && (a.e.t === 'b') !== (b.e.t === 'b'))
          this.boolAsNumber(a.e.t === 'b' ? e.then : e.else);
        return this.elementwise([a, b], [e.then.loc, e.else.loc], e.loc, ([x, y]) => ({
          k: 'sel',
          t: x!.t === 'i' && y!.t === 'i' ? 'i' : x!.t === 'b' && y!.t === 'b' ? 'b' : 'f',
          c,
          a: x!.t === 'b' ? x! : y!.t === 'i' && x!.t === 'i' ? x! : toReal(x!),
          b: y!.t === 'b' ? y! : y!.t === 'i' && x!.t === 'i' ? y! : toReal(y!),
        }));
      }
      case 'call':
        return this.call(e, sc);
      case 'reduce':
        return this.reduce(e, sc);
    }
  }

  /** The target of an index or a slice: a name there is an array, never an unbound index. */
  protected target(e: Expr, sc: Scope): Val {
    return e.kind === 'name' ? this.name(e.name, e.loc, sc, true) : this.expr(e, sc);
  }

  protected name(name: string, loc: Loc, sc: Scope, asTarget = false): Val {
    const ix = sc.idxs.get(name);
    if (ix) return { s: 'scalar', e: ix };
    if (sc.failed.has(name)) throw new Abort(); // its definition's errors are reported already
    const v = sc.vars.get(name);
    if (v) return v;
    if (name === sc.dimName) return { s: 'scalar', e: int(sc.len) };
    if (name === 'pi') return { s: 'scalar', e: num(Math.PI) };
    if (name === 'e') return { s: 'scalar', e: num(Math.E) };
    const d = this.datas.get(name);
    if (d) return this.dataVal(d, sc.len, loc);
    if (this.problems.has(name) || isFunctionName(name) || GENERATORS.includes(name)) {
      this.fail('UnknownName', loc, name, ` (it is a function: call it with arguments)`);
    }
    if (!asTarget) {
      // An index used outside the reduction or let that binds it: say where its binding ends.
      const sites = sc.sites.filter((s) => s.index === name && s.loc.file === loc.file);
      const before = sites.filter((s) => s.loc.offset < loc.offset);
      const site = before.length ? before[before.length - 1]! : sites[0];
      if (site?.reduction) {
        const where =
          site.loc.line === loc.line ? `column ${site.loc.col}` : `line ${site.loc.line}`;
        this.fail(
          'UnboundIndex',
          loc,
          name,
          ` (the body of the ${site.what} at ${where} ends at the first + or - outside parentheses: write ${site.what} (a + b))`,
        );
      }
      if (site)
        this.fail(
          'UnboundIndex',
          loc,
          name,
          ` ('${name}' is bound only inside ${site.what} = ...)`,
        );
    }
    const candidates = [
      ...sc.vars.keys(),
      ...sc.idxs.keys(),
      sc.dimName,
      ...this.datas.keys(),
      'pi',
      'e',
    ];
    const near = suggest(name, candidates);
    if (near) this.fail('UnknownName', loc, name, ` (did you mean '${near}'?)`);
    const looksLikeIndex = /^[a-z]$/.test(name) && !asTarget && !sc.constant;
    this.fail(
      'UnknownName',
      loc,
      name,
      looksLikeIndex
        ? ` (to use it as an index, bind it with a reduction such as sum(${name}) ... or a vector let y[${name}] = ...)`
        : '',
    );
  }

  /** `whole` is the location of the whole elementwise expression (a length mismatch is its error). */
  protected elementwise(vals: Val[], locs: Loc[], whole: Loc, f: (xs: IExpr[]) => IExpr): Val {
    const vecs = vals.filter((v) => v.s !== 'scalar');
    for (let k = 0; k < vals.length; k++)
      if (vals[k]!.s === 'matrix') this.fail('ExpectedScalar', locs[k], describe(vals[k]!));
    if (vecs.length === 0) return { s: 'scalar', e: f(vals.map((v) => (v as { e: IExpr }).e)) };
    const first = vals.findIndex((v) => v.s === 'vector');
    const len = (vecs[0] as { len: number }).len;
    for (let k = 0; k < vals.length; k++) {
      const v = vals[k]!;
      if (v.s === 'vector' && v.len !== len) {
        const say = (n: number, at: Loc) => {
          const text = this.snippet(at);
          return text ? `${text} has length ${n}` : `length ${n}`;
        };
        this.fail('LengthMismatch', whole, say(len, locs[first]!), say(v.len, locs[k]!));
      }
    }
    return {
      s: 'vector',
      len,
      at: (i) =>
        f(vals.map((v) => (v.s === 'scalar' ? v.e : (v as { at: (i: IExpr) => IExpr }).at(i)))),
    };
  }

  protected binary(e: Expr & { kind: 'binary' }, sc: Scope): Val {
    const [a, b] = this.all([() => this.expr(e.left, sc), () => this.expr(e.right, sc)]) as [
      Val,
      Val,
    ];
    if (e.op === 'and' || e.op === 'or') {
      return {
        s: 'scalar',
        e: {
          k: 'bin',
          t: 'b',
          op: e.op,
          a: this.cond(a, e.left.loc),
          b: this.cond(b, e.right.loc),
        },
      };
    }
    const isCmp = ['<', '<=', '>', '>=', '==', '!='].includes(e.op);
    if (isCmp) {
      const x = this.number(a, e.left);
      const y = this.number(b, e.right);
      return { s: 'scalar', e: { k: 'bin', t: 'b', op: e.op as never, a: x, b: y } };
    }
    for (const [v, x] of [
      [a, e.left],
      [b, e.right],
    ] as const)
      if (v.s === 'scalar' && v.e.t === 'b') this.boolAsNumber(x);
    const op = e.op === '^' ? 'pow' : e.op;
    if (
      op === '%' &&
      a.s === 'scalar' &&
      b.s === 'scalar' &&
      a.e.t === 'i' &&
      b.e.t === 'i' &&
      constValue(b.e) === 0
    ) {
      this.fail('DivisionByZero', e.right.loc, 'remainder (%)');
    }
    return this.elementwise([a, b], [e.left.loc, e.right.loc], e.loc, ([x, y]) =>
      powOrBin(op as never, x!, y!),
    );
  }

  protected call(e: Expr & { kind: 'call' }, sc: Scope): Val {
    const name = e.callee;
    const positional = (n: number, named: string[] = [], hint = ''): Arg[] => {
      for (const a of e.args) {
        if (a.name && !named.includes(a.name)) {
          this.fail(
            'UnknownNamedArgument',
            a.loc,
            name,
            a.name,
            named.length ? ` (it takes: ${named.join(', ')})` : ' (it takes no named arguments)',
          );
        }
      }
      const pos = e.args.filter((a) => !a.name);
      if (pos.length !== n)
        this.fail(
          'WrongArity',
          e.loc,
          name,
          plural(n, 'argument'),
          `${pos.length} ${pos.length === 1 ? 'was' : 'were'}`,
          hint,
        );
      return pos;
    };
    // The arguments' values, all checked before giving up.
    const values = (args: Arg[]) => this.all(args.map((a) => () => this.expr(a.value, sc)));
    if (GENERATORS.includes(name)) this.fail('GeneratorOutsideData', e.loc, name);
    const bb = binaryBuiltinOf(name);
    if (bb) {
      const pos = positional(2);
      const [x, y] = values(pos) as [Val, Val];
      if (bb === 'idiv') {
        const [a, b] = this.all([
          () => this.integer(x, pos[0]!.value, 'an argument of idiv'),
          () => this.integer(y, pos[1]!.value, 'an argument of idiv'),
        ]);
        if (constValue(b!) === 0) this.fail('DivisionByZero', pos[1]!.loc, 'division (idiv)');
        return { s: 'scalar', e: foldExpr({ k: 'bin', t: 'i', op: 'idiv', a: a!, b: b! }) };
      }
      return this.elementwise([x, y], [pos[0]!.loc, pos[1]!.loc], e.loc, ([p, q]) =>
        powOrBin(bb, p!, q!),
      );
    }
    if (ORDER_FUNCTIONS.includes(name)) {
      const [a] = positional(1, [], ' (one vector)');
      return this.orderVal(name, this.onceVector(name, a!, sc), sc);
    }
    const b = builtinOf(name);
    if (b) {
      const pos = positional(b.params.length);
      const args = values(pos);
      args.forEach((v, k) => v.s === 'scalar' && v.e.t === 'b' && this.boolAsNumber(pos[k]!.value));
      return this.elementwise(
        args,
        pos.map((a) => a.loc),
        e.loc,
        (xs) =>
          foldExpr({
            k: 'call',
            t: b.result === 'int' ? 'i' : 'f',
            fn: name,
            args: xs.map((x, k) => (b.params[k]!.type === 'real' ? toReal(x) : x)),
          }),
      );
    }
    const p = this.problems.get(name);
    if (!p) {
      let hint = '';
      if (
        sc.idxs.has(name) ||
        sc.vars.has(name) ||
        name === sc.dimName ||
        name === 'pi' ||
        name === 'e'
      )
        hint = ` ('${name}' is a value, not a function)`;
      else if (this.datas.has(name)) hint = ` ('${name}' is data: index it with ${name}[...])`;
      else {
        const near = suggest(name, [
          ...this.problems.keys(),
          ...Object.keys(BUILTINS),
          ...Object.keys(BINARY_BUILTINS),
        ]);
        if (near) hint = ` (did you mean '${near}'?)`;
      }
      this.fail('UnknownFunction', e.calleeLoc, name, hint);
    }
    if (sc.data !== undefined)
      this.fail('BadDataInit', e.loc, sc.data, `computed data cannot call the problem '${name}'`);
    const [arg] = positional(
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
        const q = p.params.find((q) => q.name === a.name)!;
        const val = this.constant(
          a.value,
          { ...sc, constant: `the parameter '${a.name}'` },
          `the parameter '${a.name}'`,
        );
        given.set(a.name, this.paramValue(p, q, val, a.value.loc));
      }
    const v = this.onceVector(name, arg!, sc);
    const at = this.callStack.indexOf(name);
    if (at >= 0) {
      const chain = [...this.callStack.slice(at), name];
      this.fail(
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
      p.params.map((q) => [q.name, given.get(q.name) ?? this.paramDefaults(p).get(q.name)!]),
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
    const arr = this.materialise(v, sc.fn, `${name}_arg`);
    return {
      s: 'scalar',
      e: {
        k: 'callp',
        t: 'f',
        fn: key,
        args: [{ k: 'vref', t: 'f', name: arr.array!, len: v.len }],
      },
    };
  }

  protected reduce(e: Expr & { kind: 'reduce' }, sc: Scope): Val {
    this.checkIndexName(e.index, e.indexLoc, sc);
    let lo: IExpr = int(0);
    let hi: IExpr = int(sc.len);
    const range = e.range;
    if (range) {
      if (range.kind === 'in') {
        [lo, hi] = this.all([
          () => this.integer(this.expr(range.from, sc), range.from, 'a reduction bound'),
          () => this.integer(this.expr(range.to, sc), range.to, 'a reduction bound'),
        ]) as [IExpr, IExpr];
      } else {
        const b = this.integer(this.expr(range.bound, sc), range.bound, 'a reduction bound');
        hi = range.kind === 'lt' ? b : foldExpr(bin('+', b, int(1)));
      }
    }
    const i = this.freshIdx(e.index);
    const inner: Scope = { ...sc, idxs: new Map(sc.idxs).set(e.index, i) };
    const where = e.where;
    const [condV, bodyV] = this.all<Val | undefined>([
      () => (where ? this.expr(where, inner) : undefined),
      () => this.expr(e.body, inner),
    ]) as [Val | undefined, Val];
    const cond = where ? this.cond(condV!, where.loc) : undefined;
    if (bodyV.s !== 'scalar') this.fail('VectorInReduction', e.body.loc, describe(bodyV));
    let body = bodyV.e;
    const iname = (i as { name: string }).name;
    if (e.op === 'count') {
      // count(i) c counts where c holds; count(i where c) 1 also works.
      const c = body.t === 'b' ? body : undefined;
      const all =
        cond && c
          ? { k: 'bin' as const, t: 'b' as const, op: 'and' as const, a: cond, b: c }
          : (cond ?? c);
      return {
        s: 'scalar',
        e: { k: 'red', t: 'i', op: 'count', idx: iname, lo, hi, cond: all, body: int(1) },
      };
    }
    if (body.t === 'b') this.boolAsNumber(e.body);
    if (e.op === 'mean') {
      const s: IExpr = {
        k: 'red',
        t: 'f',
        op: 'sum',
        idx: iname,
        lo,
        hi,
        cond,
        body: toReal(body),
      };
      const n: IExpr = cond
        ? { k: 'red', t: 'i', op: 'count', idx: iname, lo, hi, cond, body: int(1) }
        : foldExpr(bin('-', hi, lo));
      return { s: 'scalar', e: bin('/', s, toReal(n)) };
    }
    const op = e.op as RedOp;
    if (
      op === 'sum' ||
      op === 'prod' ||
      op === 'min' ||
      op === 'max' ||
      op === 'argmin' ||
      op === 'argmax'
    ) {
      if (op === 'argmin' || op === 'argmax') body = toReal(body);
      return {
        s: 'scalar',
        e: { k: 'red', t: redTy(op, body), op, idx: iname, lo, hi, cond, body },
      };
    }
    throw new Error(`unhandled reduction ${op}`);
  }

  // ---- data ------------------------------------------------------------------------------

  protected dataVal(d: DataDecl, len: number, useLoc: Loc): Val {
    const key = `${d.name}@${len}`;
    let irName = this.dataKeys.get(key);
    if (!irName) {
      const cycle = this.dataStack.indexOf(d.name);
      if (cycle >= 0) {
        const chain = [...this.dataStack.slice(cycle), d.name];
        this.fail(
          'RecursiveData',
          useLoc,
          d.name,
          chain.length > 2 ? ` (${chain.join(' -> ')})` : '',
        );
      }
      irName = len === this.mainDim ? d.name : `${d.name}@${len}`;
      this.dataStack.push(d.name);
      let ir: IrData;
      try {
        ir = this.lowerData(d, len, irName);
      } finally {
        this.dataStack.pop();
      }
      this.data.push(ir);
      this.dataKeys.set(key, irName);
    }
    const ir = this.data.find((x) => x.name === irName)!;
    const name = irName;
    if (ir.shape.length === 1) return this.arrayVal(name, ir.shape[0]!);
    return {
      s: 'matrix',
      rows: ir.shape[0]!,
      cols: ir.shape[1]!,
      at: (i, j) => ({ k: 'read', t: 'f', arr: name, idx: [i, j] }),
    };
  }

  protected dataScope(d: DataDecl, len: number, constant?: string): Scope {
    return {
      fn: new FuncBuilder('', '$none', len),
      len,
      dimName: 'D',
      vars: new Map(),
      idxs: new Map(),
      file: d.file,
      sites: indexSites([...d.dims, d.init]),
      failed: new Set(),
      constant,
      data: d.name,
      origins: new Map(),
    };
  }

  /** The shape of a generated data declaration at dimension `len`. */
  protected dataShape(d: DataDecl, len: number): number[] {
    const sc = this.dataScope(d, len, 'a data dimension');
    return d.dims.map((x) => {
      const v = this.expr(x, sc);
      const c = v.s === 'scalar' && v.e.t === 'i' ? constValue(v.e) : undefined;
      if (c === undefined || c < 1)
        this.fail(
          'BadDataDims',
          x.loc,
          d.name,
          'a dimension must be a positive integer expression of D',
        );
      return c;
    });
  }

  /**
   * jrandom_shift(lo, hi), jrandom_permutation(), jrandom_rotation(): the CEC 2010 data drawn
   * from a java.util.Random stream that starts at the 48-bit state `seed:` (default 0, as the
   * official code) or continues the stream of the jrandom data named by `after:`.
   */
  protected lowerJrandom(
    d: DataDecl,
    len: number,
    irName: string,
    shape: number[],
    callee: string,
    pos: Arg[],
    named: Map<string, Arg>,
    whole: (a: Arg | undefined, dflt: number, what: string, min?: number) => number,
  ): IrData {
    const seedArg = named.get('seed');
    const afterArg = named.get('after');
    if (seedArg && afterArg)
      this.fail(
        'BadDataInit',
        afterArg.loc,
        d.name,
        `${callee} takes seed: (a new stream) or after: (the stream of earlier data), not both`,
      );
    let from: number | string = whole(seedArg, 0, 'the seed');
    if (from >= 2 ** 48)
      this.fail(
        'BadDataInit',
        seedArg!.value.loc,
        d.name,
        `the seed is java.util.Random's 48-bit state: below 2^48 = 281474976710656, but it is ${from}`,
      );
    if (afterArg) {
      const a = afterArg.value;
      const prev = a.kind === 'name' ? this.datas.get(a.name) : undefined;
      if (a.kind !== 'name' || !prev) {
        if (a.kind === 'name') {
          const near = suggest(a.name, [...this.datas.keys()]);
          this.fail('UnknownName', a.loc, a.name, near ? ` (did you mean '${near}'?)` : '');
        }
        this.fail(
          'BadDataInit',
          a.loc,
          d.name,
          'after: takes the name of a data declaration drawn by a jrandom_ generator',
        );
      }
      if (prev.init.kind !== 'call' || !JRANDOM_GENERATORS.includes(prev.init.callee))
        this.fail(
          'BadDataInit',
          a.loc,
          d.name,
          `after: continues the java.util.Random stream of earlier data, but '${prev.name}' is not drawn by ${JRANDOM_GENERATORS.join(', ')}`,
        );
      // The predecessor is specialised at the same dimension and comes first in the program's data.
      this.dataVal(prev, len, a.loc);
      from = this.dataKeys.get(`${prev.name}@${len}`)!;
    }
    if (callee === 'jrandom_shift') {
      if (shape.length !== 1)
        this.fail('BadDataDims', d.nameLoc, d.name, 'a shift vector is a vector');
      const csc = this.dataScope(d, len, 'a generator argument');
      const lo = this.constant(pos[0]!.value, csc, 'a generator parameter');
      const hi = this.constant(pos[1]!.value, csc, 'a generator parameter');
      if (!(Number.isFinite(lo) && Number.isFinite(hi) && lo <= hi))
        this.fail(
          'BadDataInit',
          pos[0]!.value.loc,
          d.name,
          `jrandom_shift(lo, hi) needs finite bounds with lo <= hi, but they are ${lo} and ${hi}`,
        );
      return { name: irName, shape, def: { k: 'jshift', lo, hi, from } };
    }
    if (callee === 'jrandom_permutation') {
      if (shape.length !== 1)
        this.fail('BadDataDims', d.nameLoc, d.name, 'a permutation is a vector');
      return { name: irName, shape, def: { k: 'jperm', from } };
    }
    if (shape.length !== 2 || shape[0]! % shape[1]! !== 0)
      this.fail(
        'BadDataDims',
        d.dims[0]!.loc,
        d.name,
        `a rotation is an m x m matrix, or k of them stacked (k m rows of m), not ${shape.join(' x ')}`,
      );
    return { name: irName, shape, def: { k: 'jrot', from } };
  }

  protected lowerData(d: DataDecl, len: number, irName: string): IrData {
    const sc = this.dataScope(d, len);
    if (d.dims.length < 1 || d.dims.length > 2)
      this.fail('BadDataDims', d.nameLoc, d.name, 'data is a vector [n] or a matrix [n][m]');
    const init = d.init;
    const isGen = init.kind === 'call' && GENERATORS.includes(init.callee);
    if (isGen) {
      const shape = this.dataShape(d, len);
      const call = init as Expr & { kind: 'call' };
      const named = new Map(call.args.filter((a) => a.name).map((a) => [a.name!, a]));
      const pos = call.args.filter((a) => !a.name);
      // The generator's signature (ir/builtins.ts): its positional and named arguments.
      const args = argumentCounts(namedFunction('generator', call.callee)!.params);
      const spec = { pos: args.positional[0]!, named: args.named };
      for (const a of call.args)
        if (a.name && !spec.named.includes(a.name))
          this.fail(
            'UnknownNamedArgument',
            a.loc,
            call.callee,
            a.name,
            ` (it takes: ${spec.named.join(', ')})`,
          );
      if (pos.length !== spec.pos)
        this.fail(
          'WrongArity',
          call.loc,
          call.callee,
          plural(spec.pos, 'argument'),
          `${pos.length} ${pos.length === 1 ? 'was' : 'were'}`,
          '',
        );
      const csc = this.dataScope(d, len, 'a generator argument');
      const c = (a: Arg | undefined, dflt: number, what: string) =>
        a ? this.constant(a.value, csc, what) : dflt;
      /** A count or a position: a non-negative integer (at least `min`). */
      const whole = (a: Arg | undefined, dflt: number, what: string, min = 0) => {
        const v = c(a, dflt, what);
        if (!Number.isInteger(v) || v < min || v > Number.MAX_SAFE_INTEGER) {
          this.fail(
            'BadDataInit',
            a!.value.loc,
            d.name,
            `${what} must be an integer of at least ${min}, but it is ${v}`,
          );
        }
        return v;
      };
      if (JRANDOM_GENERATORS.includes(call.callee))
        return this.lowerJrandom(d, len, irName, shape, call.callee, pos, named, whole);
      const seed = whole(named.get('seed'), 0, 'the seed');
      if (call.callee === 'uniform' || call.callee === 'normal') {
        const a = c(pos[0], 0, 'a generator parameter');
        const b = c(pos[1], 0, 'a generator parameter');
        const def =
          call.callee === 'uniform'
            ? { k: 'uniform' as const, lo: a, hi: b, seed }
            : { k: 'normal' as const, mu: a, sigma: b, seed };
        return { name: irName, shape, def };
      }
      if (call.callee === 'permutation') {
        if (shape.length !== 1)
          this.fail('BadDataDims', d.nameLoc, d.name, 'a permutation is a vector');
        return { name: irName, shape, def: { k: 'perm', seed } };
      }
      const pathArg = pos[0]!.value;
      if (pathArg.kind !== 'str')
        this.fail('BadDataInit', pathArg.loc, d.name, 'file(...) takes a path in quotes');
      const offset = whole(named.get('offset'), 0, 'the offset');
      const row = whole(named.get('row'), shape[1] ?? shape[0]!, 'the row length', 1);
      // `{D}` in a path is the dimension: the CEC files come one per D (M_5_D{D}.txt).
      const abs = resolveDataPath(pathArg.value.replace(/\{D\}/g, String(len)), d.file);
      let r: ReturnType<typeof readNumbers>;
      try {
        r = readNumbers(abs);
      } catch (err) {
        this.fail(
          'DataFileUnreadable',
          pathArg.loc,
          abs,
          (err as { code?: string }).code === 'EISDIR'
            ? 'it is a directory'
            : String((err as Error).message ?? err),
        );
      }
      if (!r.ok && r.reason === 'missing') {
        // For a per-D file name, say which dimensions have files.
        const dims = pathArg.value.includes('{D}')
          ? availableDims(resolveDataPath(pathArg.value, d.file))
          : [];
        this.fail(
          'DataFileMissing',
          pathArg.loc,
          dims.length
            ? `${abs} (no data for D = ${len}; the files exist for D = ${dims.join(', ')})`
            : abs,
        );
      }
      if (!r.ok && r.reason === 'bad')
        this.fail('DataFileBadNumber', pathArg.loc, abs, r.token, r.index);
      if (shape.length === 2 && shape[1]! > row) {
        // Rows of `row` numbers hold at most `row` columns: find the largest D whose shape fits.
        let maxD = 0;
        for (let k = len - 1; k >= 1 && maxD === 0; k--) {
          try {
            if (this.dataShape(d, k)[1]! <= row) maxD = k;
          } catch (err) {
            if (!(err instanceof Abort)) throw err;
          }
        }
        if (maxD === 0)
          this.fail(
            'BadDataDims',
            d.dims[1]!.loc,
            d.name,
            `${shape[1]} columns do not fit in the file's rows of ${row} numbers`,
          );
        this.fail(
          'DataTooLarge',
          d.nameLoc,
          d.name,
          maxD,
          len,
          ` (the file's rows have ${row} numbers; the matrix needs ${shape[1]} columns)`,
        );
      }
      const need =
        shape.length === 2 ? offset + (shape[0]! - 1) * row + shape[1]! : offset + shape[0]!;
      const have = (r as { values: Float64Array }).values.length;
      if (have < need) {
        const what =
          shape.length === 2
            ? `a ${shape[0]}x${shape[1]} matrix from number ${offset + 1} with rows of ${row}`
            : `${shape[0]} values from number ${offset + 1}`;
        this.fail('DataFileTooShort', pathArg.loc, abs, have, need, `${d.name}: ${what}`);
      }
      return { name: irName, shape, def: { k: 'file', path: abs, offset, row } };
    }
    // Index form: data B[i] = expr, data M[i][j] = expr.
    const idxNames = d.dims.map((x) => {
      if (x.kind !== 'name')
        this.fail(
          'BadDataDims',
          x.loc,
          d.name,
          'computed data is written with index names: data B[i] = ...',
        );
      if (x.name === 'D') {
        // `data o[D] = 5`: D would silently become an index name.
        this.fail(
          'BadDataInit',
          init.loc,
          d.name,
          'a data declaration with a shape such as [D] is initialised by uniform(...), normal(...), permutation(...), file(...) or a jrandom_ generator; computed data is written with index names: data B[i] = ...',
        );
      }
      return x.name;
    });
    idxNames.forEach((n, k) => {
      if (idxNames.indexOf(n) !== k)
        this.fail('ShadowedIndex', d.dims[k]!.loc, n, 'the index before it');
      if (this.datas.has(n)) this.fail('ShadowedIndex', d.dims[k]!.loc, n, `the data '${n}'`);
    });
    const shape = idxNames.map(() => len);
    const irIdx = idxNames.map((n) => this.freshIdx(n));
    const inner: Scope = { ...sc, idxs: new Map(idxNames.map((n, k) => [n, irIdx[k]!])) };
    const body = toReal(this.number(this.expr(init, inner), init));
    return {
      name: irName,
      shape,
      def: { k: 'expr', idx: irIdx.map((x) => (x as { name: string }).name), body },
    };
  }
}

function powOrBin(op: Parameters<typeof bin>[0], a: IExpr, b: IExpr): IExpr {
  // Integer powers become a real power (x^2 of an integer index is real, as in mathematics).
  if (op === 'pow')
    return foldExpr({ k: 'bin', t: 'f', op, a: toReal(a), b: b.t === 'i' ? toReal(b) : b });
  if (op === '/') return foldExpr({ k: 'bin', t: 'f', op, a: toReal(a), b: toReal(b) });
  const t = binTy(op, a, b);
  if (t === 'f') return foldExpr({ k: 'bin', t, op, a: toReal(a), b: toReal(b) });
  return foldExpr({ k: 'bin', t, op, a, b });
}

/** Integer constants used as reals become real literals; other integers convert implicitly in codegen. */
export function toReal(e: IExpr): IExpr {
  if (e.k === 'int') return num(e.v);
  return e;
}

/** Why a declaration cannot take this name, or undefined when it can. */
export function reservedName(name: string): string | undefined {
  if (isFunctionName(name)) return 'it is a built-in function';
  if ((REDUCE_OPS as readonly string[]).includes(name)) return 'it is a reduction';
  if (GENERATORS.includes(name)) return 'it is a data generator';
  if (name === 'pi' || name === 'e') return 'it is a constant';
  return undefined;
}

/** From the start of `a` to the end of `b` when both are on one line, else `a`. */
function spanLoc(a: Loc, b: Loc): Loc {
  if (a.file !== b.file || a.line !== b.line || b.offset < a.offset) return a;
  return { ...a, length: b.offset + b.length - a.offset };
}

export function nameOf(e: Expr): string {
  return e.kind === 'name' ? e.name : 'expression';
}

/** The closest candidate by edit distance, when it is close enough to be a likely typo. */
export function suggest(name: string, candidates: string[]): string | undefined {
  // One- and two-letter names are all within one edit of each other: only a different case counts.
  if (name.length < 3)
    return candidates.find((c) => c !== name && c.toLowerCase() === name.toLowerCase());
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of new Set(candidates)) {
    const d = editDistance(name, c);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best !== undefined && bestD <= Math.max(1, Math.floor(name.length / 3)) ? best : undefined;
}

/** Edit distance counting an insertion, a deletion, a substitution or a swap of neighbours as one. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/** The D values for which a `{D}` path template names an existing file. */
function availableDims(template: string): number[] {
  const dir = dirname(template);
  const [pre, post] = basename(template).split('{D}') as [string, string];
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.startsWith(pre) && f.endsWith(post))
    .map((f) => Number(f.slice(pre.length, f.length - post.length)))
    .filter((n) => Number.isInteger(n) && n > 0)
    .sort((a, b) => a - b);
}
