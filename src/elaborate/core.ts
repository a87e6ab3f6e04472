// The elaboration core, held by the problem elaborator (problem.ts) and the algorithm elaborator
// (algorithm.ts): the declarations of the sources and their one namespace, diagnostics, name
// lookup in scopes and its "did you mean" errors, the checks of values (scalar, number, integer,
// condition) and of constants, builtin resolution's argument checks, parameter declarations with
// their checks (defaults, ranges, choices, --set values), and the lowering of lets to bindings.
//
// The core does not elaborate expressions itself (that is the expression language of problem.ts):
// where a check needs an expression's value, the caller passes the value, or a function that
// elaborates a constant.

import type * as ast from '../parser/ast.js';
import { diag, type Diagnostic, type DiagKind, type Related } from '../parser/diagnostics.js';
import { int, num, type IExpr } from '../ir/ir.js';
import { constValue, foldExpr } from '../ir/fold.js';
import { GENERATORS, functionNames, isFunctionName, reservedName } from './resolve.js';
import {
  arrayVal,
  isArrayVal,
  type ArrayVal,
  didYouMean,
  plural,
  toReal,
  withIndex,
  type FuncBuilder,
  type Scope,
  type Val,
  describe,
} from './scope.js';

/** The parameter every algorithm has: its bound-handling policy (a `repair` declaration's name). */
export const BOUNDS = 'bounds';
/** `bounds = none`: points are not brought back into the box (only for unconstrained problems). */
export const NO_REPAIR = 'none';
/** The policy of an algorithm that declares none: projection onto the box. */
export const DEFAULT_REPAIR = 'clip';

/** Thrown after a reported error, to abandon the declaration (or the part of it) being lowered. */
export class Abort extends Error {}

/** `f`'s value, or that it failed with a reported error (an Abort); other errors propagate. */
function attempt<T>(f: () => T): { ok: true; value: T } | { ok: false } {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    if (!(e instanceof Abort)) throw e;
    return { ok: false };
  }
}

export class ElabCore {
  readonly diagnostics: Diagnostic[] = [];
  readonly problems = new Map<string, ast.ProblemDecl>();
  readonly datas = new Map<string, ast.DataDecl>();
  readonly algorithms = new Map<string, ast.AlgorithmDecl>();
  readonly suites = new Map<string, ast.SuiteDecl>();
  readonly experiments = new Map<string, ast.ExperimentDecl>();
  /**
   * The names of files' row counts (`data XY[N][2] = file("fit.csv")`: N), each with its data
   * declaration: a constant integer wherever a name of D may stand (problem.ts reads the file).
   */
  readonly rowCounts = new Map<string, ast.DataDecl>();
  /**
   * The written chains of operators longer than CHAIN_CHUNK (problem.ts binary), each with its
   * operators along the chain and its place: what the GPU backend's limit on straight-line code
   * counts (compile/gpu-limits.ts).
   */
  readonly longChains: { operators: number; loc: ast.Loc }[] = [];
  /** Bound-handling policies (`repair NAME(x, p) = ...`): a namespace of their own. */
  readonly repairs = new Map<string, ast.RepairDecl>();
  private texts = new Map<string, string>();
  private idxCounter = 0;

  constructor(files: ast.SourceFile[]) {
    for (const f of files) {
      this.texts.set(f.file, f.text);
      for (const d of f.decls) {
        if (d.kind === 'algorithm') {
          const prev = this.algorithms.get(d.name);
          if (prev) this.report('DuplicateName', d.nameLoc, d.name, firstDefined(prev.nameLoc));
          else this.algorithms.set(d.name, d);
          continue;
        }
        // Bound-handling policies too (an algorithm's `bounds = NAME`); `none` is not one.
        if (d.kind === 'repair') {
          const prev = this.repairs.get(d.name);
          if (prev) this.report('DuplicateName', d.nameLoc, d.name, firstDefined(prev.nameLoc));
          else if (d.name === NO_REPAIR)
            this.report('DuplicateName', d.nameLoc, d.name, ' (bounds = none: no repair at all)');
          else if (d.params.length !== 2)
            this.report('RepairParameters', d.nameLoc, d.name, d.params.length);
          else this.repairs.set(d.name, d);
          continue;
        }
        // Experiments have a namespace of their own (`opt experiment FILE NAME`).
        if (d.kind === 'experiment') {
          const prev = this.experiments.get(d.name);
          if (prev) this.report('DuplicateName', d.nameLoc, d.name, firstDefined(prev.nameLoc));
          else this.experiments.set(d.name, d);
          continue;
        }
        // Problems, data and suites share one namespace (`--problem X` and `--suite X` must not
        // have to guess which X is meant).
        const table =
          d.kind === 'problem' ? this.problems : d.kind === 'data' ? this.datas : this.suites;
        const prev = this.problems.get(d.name) ?? this.datas.get(d.name) ?? this.suites.get(d.name);
        if (prev) {
          this.report('DuplicateName', d.nameLoc, d.name, firstDefined(prev.nameLoc));
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
    for (const d of this.datas.values()) {
      const n = this.rowCountName(d);
      if (!n) continue;
      // `data o[d] = file(...)`: a lower-case d is a typo for D far more often than a row count;
      // read as one, it would silently take the file's length (issue 34).
      if (n.toLowerCase() === 'd') {
        this.report('RowCountLikeD', d.dims[0]?.loc, d.name, n);
        continue;
      }
      const prev = this.rowCounts.get(n);
      const at = prev?.dims[0]?.loc;
      if (prev && at)
        this.report(
          'DuplicateName',
          d.dims[0]?.loc,
          n,
          ` (the row count of data '${prev.name}', at ${at.file}:${at.line}:${at.col})`,
        );
      else this.rowCounts.set(n, d);
    }
    // Every algorithm has the parameter `bounds`, a choice among the policies (and `none`): its
    // own default where it declares one, `clip` where it does not (algorithm.ts applies it).
    for (const [name, a] of this.algorithms) this.algorithms.set(name, this.withBounds(a));
  }

  /**
   * The name that data `d` gives its file's row count: a first size that is a name of nothing
   * else (not D, a constant, data, a problem or a suite), in a declaration read from a file.
   */
  rowCountName(d: ast.DataDecl): string | undefined {
    const first = d.dims[0];
    if (d.init.kind !== 'call' || d.init.callee !== 'file' || first?.kind !== 'name') return;
    const n = first.name;
    if (n === 'D' || this.problems.has(n) || this.datas.has(n) || this.suites.has(n)) return;
    if (reservedName(n)) return;
    return n;
  }

  /**
   * Algorithm `a` with its `bounds` parameter as a choice among the declared policies and `none`
   * (a copy: the parsed declaration is shared by every compilation). Without a declaration it
   * is `bounds = clip`.
   */
  private withBounds(a: ast.AlgorithmDecl): ast.AlgorithmDecl {
    const choices = [
      ...[...this.repairs.values()].map((r) => ({ name: r.name, loc: r.nameLoc })),
      { name: NO_REPAIR, loc: a.nameLoc },
    ];
    const own = a.params.find((p) => p.name === BOUNDS);
    if (own && (own.range || own.choices)) {
      this.report('BoundsParameterForm', own.loc);
      return { ...a, params: a.params.filter((p) => p !== own) };
    }
    const param: ast.ParamDecl = own
      ? { ...own, choices }
      : {
          name: BOUNDS,
          nameLoc: a.nameLoc,
          value: { kind: 'name', name: DEFAULT_REPAIR, loc: a.nameLoc },
          choices,
          loc: a.nameLoc,
        };
    return {
      ...a,
      params: own ? a.params.map((p) => (p === own ? param : p)) : [...a.params, param],
    };
  }

  // ---- diagnostics -------------------------------------------------------------------------

  /**
   * Names whose declaration failed (its error reported): a later use of one is not reported again
   * as an unknown name (a population of size 0 would otherwise bring an error at every use).
   */
  readonly failedNames = new Set<string>();

  report(kind: DiagKind, loc: ast.Loc | undefined, ...args: (string | number)[]): void {
    if (kind === 'UnknownName' && this.failedNames.has(String(args[0]))) return;
    this.add(diag(kind, loc, ...args));
  }

  /** Diagnostic `d`, unless it was reported already (at another D, say). */
  private add(d: Diagnostic): void {
    const key = (x: Diagnostic) => `${x.code}:${x.loc?.file}:${x.loc?.offset}:${x.message}`;
    if (!this.diagnostics.some((o) => key(o) === key(d))) this.diagnostics.push(d);
  }

  fail(kind: DiagKind, loc: ast.Loc | undefined, ...args: (string | number)[]): never {
    this.report(kind, loc, ...args);
    throw new Abort();
  }

  /** `fail` with a second place, in a data file (Diagnostic.related). */
  failRelated(
    kind: DiagKind,
    loc: ast.Loc | undefined,
    related: Related,
    ...args: (string | number)[]
  ): never {
    this.add({ ...diag(kind, loc, ...args), related });
    throw new Abort();
  }

  /** Evaluate each of `fs`; when some fail, report all their errors before giving up. */
  all<T>(fs: (() => T)[]): T[] {
    const tries = fs.map(attempt);
    const out: T[] = [];
    for (const t of tries) {
      if (!t.ok) throw new Abort();
      out.push(t.value);
    }
    return out;
  }

  /** `all` of two evaluations, as a pair (of values of different types). */
  both<A, B>(f: () => A, g: () => B): [A, B] {
    const a = attempt(f);
    const b = attempt(g);
    if (!a.ok || !b.ok) throw new Abort();
    return [a.value, b.value];
  }

  /** The source text of `file`. */
  text(file: string): string | undefined {
    return this.texts.get(file);
  }

  /** The source text under `loc`, when it is short enough to quote in a message. */
  snippet(loc: ast.Loc): string | undefined {
    const t = this.texts.get(loc.file)?.substr(loc.offset, loc.length);
    return t && t.length <= 40 && !t.includes('\n') ? t : undefined;
  }

  /** A new IR index name (unique in the whole elaboration: indices of inlined callees never clash). */
  /**
   * The IR indices that run over a point's coordinates, 0..D-1 (a vector let of length D, a
   * reduction over its default range, a state array's columns): in an algorithm `lo` and `hi` of a
   * box per coordinate are the bounds of the innermost of them (coordinateOf).
   */
  readonly coordinates = new Set<string>();

  /** The innermost index of `sc` that runs over the coordinates (see `coordinates`). */
  coordinateOf(sc: Scope): (IExpr & { k: 'idx' }) | undefined {
    let found: (IExpr & { k: 'idx' }) | undefined;
    for (const ix of sc.idxs.values())
      if (ix.k === 'idx' && this.coordinates.has(ix.name)) found = ix;
    return found;
  }

  freshIdx(base: string): IExpr & { k: 'idx' } {
    return { k: 'idx', t: 'i', name: `${base}${++this.idxCounter}` };
  }

  // ---- names in scopes ---------------------------------------------------------------------

  /**
   * What `name` means in `sc` by the scope alone (an index, a let or parameter, the dimension, pi,
   * e); undefined when the scope does not bind it. A let whose definition failed aborts: its
   * errors are reported already.
   */
  lookup(name: string, sc: Scope): Val | undefined {
    const ix = sc.idxs.get(name);
    if (ix) return { s: 'scalar', e: ix };
    if (sc.failed.has(name)) throw new Abort();
    const v = sc.vars.get(name);
    if (v) return v;
    if (name === sc.dimName) return { s: 'scalar', e: int(sc.len) };
    if (name === 'pi') return { s: 'scalar', e: num(Math.PI) };
    if (name === 'e') return { s: 'scalar', e: num(Math.E) };
    return undefined;
  }

  /** UnknownName for `name`, bound nowhere: with the likeliest reason or the closest name. */
  unknownName(name: string, loc: ast.Loc, sc: Scope, asTarget: boolean): never {
    if (this.problems.has(name) || isFunctionName(name) || GENERATORS.includes(name)) {
      this.fail('FunctionAsValue', loc, name);
    }
    if (!asTarget) {
      // An index used outside the reduction or let that binds it: say where its binding ends.
      const sites = sc.sites.filter((s) => s.index === name && s.loc.file === loc.file);
      const before = sites.filter((s) => s.loc.offset < loc.offset);
      const site = before.at(-1) ?? sites[0];
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
      ...this.rowCounts.keys(),
      'pi',
      'e',
    ];
    const near = didYouMean(name, candidates);
    if (near) this.fail('UnknownName', loc, name, near);
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

  /** A call of `name`, which is no function: say what it is (ValueCalled, DataCalled), if anything. */
  unknownFunction(name: string, loc: ast.Loc, sc: Scope): never {
    if (
      sc.idxs.has(name) ||
      sc.vars.has(name) ||
      name === sc.dimName ||
      name === 'pi' ||
      name === 'e'
    )
      this.fail('ValueCalled', loc, name);
    if (this.datas.has(name)) this.fail('DataCalled', loc, name);
    const hint = didYouMean(name, [...this.problems.keys(), ...functionNames()]);
    this.fail('UnknownFunction', loc, name, hint);
  }

  /**
   * A new index name must not hide an index, a let, the parameter, D, a data declaration or a
   * name the scope's hooks reserve (an algorithm's `gen`).
   */
  checkIndexName(index: string, loc: ast.Loc, sc: Scope): void {
    let what: string | undefined;
    if (sc.idxs.has(index)) what = 'the index of an enclosing reduction or vector let';
    else if (sc.vars.has(index) || sc.failed.has(index))
      what = sc.origins.get(index) ?? `'${index}'`;
    else if (index === sc.dimName) what = "the problem's dimension";
    else if (this.datas.has(index)) what = `the data '${index}'`;
    else if (this.rowCounts.has(index))
      what = `the row count of data '${this.rowCounts.get(index)?.name}'`;
    else if (index === 'pi' || index === 'e') what = `the constant ${index}`;
    else what = sc.hooks?.reserved?.(index);
    if (what) this.fail('ShadowedIndex', loc, index, what);
  }

  // ---- builtin resolution: arguments -------------------------------------------------------

  /**
   * The positional arguments of a call of `callee`, after checking that it takes each named one
   * (`named`) and that their count is one of `counts` (`hint` follows a WrongArity message).
   */
  checkArguments(
    e: ast.Expr & { kind: 'call' },
    callee: string,
    counts: number[],
    named: string[] = [],
    hint = '',
  ): ast.Arg[] {
    for (const a of e.args)
      if (a.name && !named.includes(a.name))
        this.fail(
          'UnknownNamedArgument',
          a.loc,
          callee,
          a.name,
          named.length ? ` (it takes: ${named.join(', ')})` : ' (it takes no named arguments)',
        );
    const pos = e.args.filter((a) => !a.name);
    if (!counts.includes(pos.length))
      this.fail(
        'WrongArity',
        e.loc,
        callee,
        counts.map((n) => plural(n, 'argument')).join(' or '),
        `${pos.length} ${pos.length === 1 ? 'was' : 'were'}`,
        hint,
      );
    return pos;
  }

  // ---- values ------------------------------------------------------------------------------

  scalarOf(v: Val, loc: ast.Loc): IExpr {
    if (v.s !== 'scalar') this.fail('ExpectedScalar', loc, describe(v));
    return v.e;
  }

  /** `v`, the value of `src`, as a number (a condition is not one). */
  number(v: Val, src: ast.Expr): IExpr {
    const e = this.scalarOf(v, src.loc);
    if (e.t === 'b') this.boolAsNumber(src);
    return e;
  }

  /** BooleanAsNumber; when a comparison follows a reduction (`count(i) x[i] > 0`), the reduction's
   * body ended before the comparison: say so. */
  boolAsNumber(src: ast.Expr): never {
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

  cond(v: Val, loc: ast.Loc): IExpr {
    const e = this.scalarOf(v, loc);
    if (e.t !== 'b') this.fail('ExpectedBoolean', loc);
    return e;
  }

  /** `what` names the role: 'an index', 'a slice bound', 'a reduction bound', ... */
  integer(v: Val, src: ast.Expr, what = 'an index'): IExpr {
    const e = this.number(v, src);
    if (e.t !== 'i') this.fail('ExpectedInteger', src.loc, what, this.integerHint(src));
    return e;
  }

  integerHint(src: ast.Expr): string {
    if (src.kind === 'binary' && src.op === '/') {
      const a = this.snippet(src.left.loc);
      const b = this.snippet(src.right.loc);
      const fix = a !== undefined && b !== undefined ? `idiv(${a}, ${b})` : 'idiv(a, b)';
      return ` (/ is real division: write ${fix} for integer division)`;
    }
    if (powerIn(src))
      return ' (^ gives a real number, of integers too: write the power as a product)';
    return ' (int(...) truncates a real; idiv(a, b) divides integers)';
  }

  /**
   * Why a constant size `src` (of value `v`) is a real number, and the integer form to write: `^`
   * gives a real number, of integer operands too (the language has no integer power; a constant
   * is folded in float64, where int() of a power of integers below 2^53 is exact), `/` is real
   * division, and int() truncates any other real.
   */
  realSizeHint(src: ast.Expr, v: number): string {
    const all = this.snippet(src.loc);
    const fix = all === undefined ? 'int(...)' : `int(${all})`;
    // The value, unless the source says it (a literal).
    const value = all === String(v) ? '' : `, ${v}`;
    const pow = powerIn(src);
    if (pow) {
      const base = pow.kind === 'binary' ? this.snippet(pow.left.loc) : undefined;
      const product = base === undefined ? '' : ` (${base} * ${base} * ...)`;
      return `${value}: ^ gives a real number, of integers too; write ${fix}, or the power as a product${product}`;
    }
    if (src.kind === 'binary' && src.op === '/')
      return `${value}: ${this.integerHint(src).slice(2, -1)}`;
    return `${value}: write ${fix} to truncate it`;
  }

  // ---- constants ---------------------------------------------------------------------------

  /** The value of `src` (its elaboration is `v`), a constant number; `what` must be constant. */
  constant(v: Val, src: ast.Expr, what: string): number {
    if (v.s !== 'scalar') this.fail('ExpectedScalar', src.loc, describe(v));
    if (v.e.t === 'b') this.boolAsNumber(src);
    const c = constValue(v.e);
    if (c === undefined) this.fail('NotConstant', src.loc, what);
    return c;
  }

  /**
   * The value of `src` with its type (an integer or a real), a constant; anything else, a condition
   * or a vector included, is NotConstant (an algorithm's parameters and sizes).
   */
  typedConstant(v: Val, src: ast.Expr, what: string): { t: 'i' | 'f'; v: number } {
    if (v.s !== 'scalar' || v.e.t === 'b') this.fail('NotConstant', src.loc, what);
    const f = foldExpr(v.e);
    if (f.k !== 'num' && f.k !== 'int') this.fail('NotConstant', src.loc, what);
    return { t: f.t, v: f.v };
  }

  // ---- parameter declarations: `lambda = 0.5 in [0, 1]`, `mode = a in {a, b}` --------------

  /** Binds parameter `name` to its value `v` in `sc`. */
  bindParameter(sc: Scope, name: string, v: Val): void {
    sc.vars.set(name, v);
    sc.origins.set(name, `the parameter '${name}'`);
  }

  /** The default of parameter `p`, by `constant` (which elaborates a constant expression). */
  paramDefault<T>(p: ast.ParamDecl, constant: (e: ast.Expr, what: string) => T): T {
    return constant(p.value, `the default of parameter '${p.name}'`);
  }

  /** `v`, the value of `p`, when it lies in p's range (if any), else ParameterOutOfRange at `at`. */
  paramInRange(
    p: ast.ParamDecl,
    v: number,
    at: ast.Loc | undefined,
    constant: (e: ast.Expr, what: string) => number,
  ): number {
    if (p.range) {
      const lo = constant(p.range[0], 'a parameter bound');
      const hi = constant(p.range[1], 'a parameter bound');
      if (!(v >= lo && v <= hi)) this.fail('ParameterOutOfRange', at, p.name, v, lo, hi);
    }
    return v;
  }

  /** The chosen name of a choice parameter (`mode = a in {a, b}`): `override` or the default. */
  choiceValue(p: ast.ParamDecl, override: string | undefined): string {
    const names = (p.choices ?? []).map((c) => c.name);
    if (p.value.kind !== 'name' || !names.includes(p.value.name))
      this.fail('BadChoiceDefault', p.value.loc, p.name, names.join(', '));
    const value = override ?? p.value.name;
    if (!names.includes(value))
      this.fail(
        'NotAChoice',
        override === undefined ? p.value.loc : undefined,
        p.name,
        value,
        names.join(', '),
      );
    return value;
  }

  /** A `--set` value of a numeric parameter: a finite number (an integer for `integer`). */
  numberFromSet(p: ast.ParamDecl, s: string, integer = false): number {
    const v = Number(s);
    if (s.trim() === '' || !Number.isFinite(v)) this.fail('SetNotANumber', undefined, p.name, s);
    if (integer && !Number.isInteger(v)) this.fail('SetNotAnInteger', undefined, p.name, s);
    return v;
  }

  /**
   * Reports each `--set` name that `owner` (a problem or an algorithm) does not declare; true when
   * there was one.
   */
  unknownParams(owner: string, params: ast.ParamDecl[], set: Record<string, string>): boolean {
    const names = params.map((p) => p.name);
    const unknown = Object.keys(set).filter((name) => !names.includes(name));
    for (const name of unknown)
      this.report(
        'UnknownParameter',
        undefined,
        name,
        owner,
        `${didYouMean(name, names)}; ${names.length ? `its parameters: ${names.join(', ')}` : 'it has none'}`,
      );
    return unknown.length > 0;
  }

  /**
   * `--set` of a run of algorithm `algo` on `problem`: each name goes to the problem when it
   * declares it (`lambda` of an ETC fitness), else to the algorithm; a name both have is ambiguous.
   */
  splitSet(
    algo: ast.AlgorithmDecl,
    problem: string,
    set: Record<string, string>,
  ): { problemSet: Record<string, string>; algoSet: Record<string, string> } {
    const pdecl = this.problems.get(problem);
    const problemSet: Record<string, string> = {};
    const algoSet: Record<string, string> = {};
    for (const [k, v] of Object.entries(set)) {
      const inProblem = !!pdecl?.params.some((p) => p.name === k);
      const inAlgo = algo.params.some((p) => p.name === k);
      if (inProblem && inAlgo) this.report('AmbiguousParameter', undefined, k, algo.name, problem);
      if (inProblem) problemSet[k] = v;
      else algoSet[k] = v;
    }
    return { problemSet, algoSet };
  }

  // ---- lets --------------------------------------------------------------------------------

  /** Records where let `l` is defined, for the DuplicateName and ShadowedIndex of later names. */
  defineLet(l: ast.Let, sc: Scope): void {
    sc.origins.set(l.name, `the let at line ${l.nameLoc.line}, column ${l.nameLoc.col}`);
  }

  /**
   * A vector let `let y[i] = body` of length `len()` (asked once the index name is checked): one
   * vec binding of `sc.fn`, its element i the number `body` gives in the scope with the index
   * bound. Its value (the stored vector).
   */
  vectorLet(
    l: ast.Let & { index: string },
    sc: Scope,
    length: () => number,
    body: (inner: Scope) => Val,
  ): Val & { s: 'vector' } {
    this.checkIndexName(l.index, l.indexLoc ?? l.nameLoc, sc);
    const len = length();
    const i = this.freshIdx(l.index);
    if (len === sc.len) this.coordinates.add(i.name);
    const v = this.number(body(withIndex(sc, l.index, i)), l.value);
    const name = sc.fn.fresh(l.name);
    sc.fn.bindings.push({ k: 'vec', name, idx: i.name, len, body: toReal(v) });
    return arrayVal(name, len);
  }

  /** A scalar let's binding `base = e` in `fn`, and its value (a reference to it). */
  scalarLet(fn: FuncBuilder, base: string, e: IExpr): Val & { s: 'scalar' } {
    const name = fn.fresh(base);
    fn.bindings.push({ k: 'scalar', name, t: e.t, body: e });
    return { s: 'scalar', e: { k: 'sref', t: e.t, name } };
  }

  /** Vector `v` stored in an array of `fn` (named from `base`), unless it is stored already. */
  materialise(v: Val & { s: 'vector' }, fn: FuncBuilder, base: string): ArrayVal {
    if (isArrayVal(v)) return v;
    const name = fn.fresh(base); // fresh also records the name, so a second call gets another
    const i = this.freshIdx('i');
    fn.bindings.push({ k: 'vec', name, idx: i.name, len: v.len, body: toReal(v.at(i)) });
    return arrayVal(name, v.len);
  }
}

/** ` (first defined at file:line:col)` of a DuplicateName. */
function firstDefined(at: ast.Loc): string {
  return ` (first defined at ${at.file}:${at.line}:${at.col})`;
}

/** The first `a ^ b` in `e` (outside reductions, whose bodies are not constants), else undefined. */
function powerIn(e: ast.Expr): ast.Expr | undefined {
  switch (e.kind) {
    case 'binary':
      return e.op === '^' ? e : (powerIn(e.left) ?? powerIn(e.right));
    case 'unary':
      return powerIn(e.arg);
    case 'if':
      return powerIn(e.then) ?? powerIn(e.else);
    case 'call':
      for (const a of e.args) {
        const p = powerIn(a.value);
        if (p) return p;
      }
      return undefined;
    default:
      return undefined;
  }
}
