// Elaboration: name resolution, type and shape checking, and lowering of the AST to IR, for one
// problem specialised to a dimension D.
//
// Checking and lowering are one walk because shapes in .opt depend on D: a slice x[a:b] or a
// `let y[i < D - 1]` has a length only once D is known, and a length mismatch is reported exactly
// (with both lengths) at the expression that causes it. `opt check` elaborates every problem at a
// few dimensions. Problem calls become `callp` nodes on specialised callees (inlined by the inline
// pass); elementwise vector expressions stay lazy index functions, so `x - o` passed to a problem
// becomes one `vec` binding `x[i] - o[i]`, never a temporary per operator.

import type { Arg, DataDecl, Expr, Loc, ProblemDecl, SourceFile } from '../parser/ast.js';
import { diag, type Diagnostic, type DiagKind } from '../parser/diagnostics.js';
import { BINARY_BUILTINS, BUILTINS } from './builtins.js';
import { readNumbers, resolveDataPath } from './datafiles.js';
import { bin, binTy, int, num, redTy, type Binding, type IExpr, type IrData, type IrFunc, type IrProgram, type RedOp } from './ir.js';
import { constValue, foldExpr } from './passes/fold.js';

type Val =
  | { s: 'scalar'; e: IExpr }
  | { s: 'vector'; len: number; at: (i: IExpr) => IExpr; array?: string }
  | { s: 'matrix'; rows: number; cols: number; at: (i: IExpr, j: IExpr) => IExpr };

class Abort extends Error {}

const GENERATORS = ['uniform', 'normal', 'permutation', 'file'];

function describe(v: Val): string {
  if (v.s === 'scalar') return v.e.t === 'b' ? 'condition' : 'scalar';
  return v.s === 'vector' ? `vector of length ${v.len}` : `${v.rows}x${v.cols} matrix`;
}

interface Scope {
  fn: FuncBuilder;
  len: number; // the problem's D here
  dimName: string;
  vars: Map<string, Val>;
  idxs: Map<string, IExpr>; // source index name -> IR index
  file: string;
}

class FuncBuilder {
  bindings: Binding[] = [];
  private used = new Set<string>();
  constructor(public name: string, public input: string, public len: number) {
    this.used.add(input);
  }
  fresh(base: string): string {
    let n = base;
    for (let k = 1; this.used.has(n); k++) n = `${base}_${k}`;
    this.used.add(n);
    return n;
  }
}

export class Elaborator {
  readonly diagnostics: Diagnostic[] = [];
  private problems = new Map<string, ProblemDecl>();
  private datas = new Map<string, DataDecl>();
  private data: IrData[] = [];
  private dataKeys = new Map<string, string>(); // name@len -> IR data name
  private funcs = new Map<string, IrFunc>();
  private funcOrder: IrFunc[] = [];
  private active = new Set<string>();
  private idxCounter = 0;
  private mainDim = 0;

  constructor(files: SourceFile[]) {
    for (const f of files) {
      for (const d of f.decls) {
        const table = d.kind === 'problem' ? this.problems : this.datas;
        const other = d.kind === 'problem' ? this.datas : this.problems;
        const prev = table.get(d.name) ?? other.get(d.name);
        if (prev) {
          this.report('DuplicateName', d.nameLoc, d.name, ` (first defined at ${prev.nameLoc.file}:${prev.nameLoc.line}:${prev.nameLoc.col})`);
          continue;
        }
        (table as Map<string, typeof d>).set(d.name, d);
      }
    }
  }

  problemNames(): string[] {
    return [...this.problems.keys()];
  }

  hasProblem(name: string): boolean {
    return this.problems.has(name);
  }

  private report(kind: DiagKind, loc: Loc | undefined, ...args: (string | number)[]): void {
    const d = diag(kind, loc, ...args);
    const key = (x: Diagnostic) => `${x.code}:${x.loc?.file}:${x.loc?.offset}:${x.message}`;
    if (!this.diagnostics.some((o) => key(o) === key(d))) this.diagnostics.push(d);
  }

  private fail(kind: DiagKind, loc: Loc | undefined, ...args: (string | number)[]): never {
    this.report(kind, loc, ...args);
    throw new Abort();
  }

  /** Lower problem `name` at dimension `dim`; undefined (with diagnostics) on errors. */
  lower(name: string, dim: number): IrProgram | undefined {
    this.data = [];
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
    try {
      const main = this.lowerProblem(decl, dim, 'main');
      const scope = this.emptyScope(decl, dim);
      const box: [number, number] = decl.box
        ? [this.constant(decl.box[0], scope, 'the lower bound of the box'), this.constant(decl.box[1], scope, 'the upper bound of the box')]
        : [-Infinity, Infinity];
      if (decl.box && !(box[0] < box[1])) this.report('BadBox', decl.box[0].loc, box[0], box[1]);
      const optimum = decl.optimum ? this.constant(decl.optimum, scope, 'the optimum value') : NaN;
      let at: IrProgram['at'] = null;
      if (decl.at) {
        if (decl.at.kind === 'name' && this.datas.has(decl.at.name)) {
          const v = this.dataVal(this.datas.get(decl.at.name)!, dim, decl.at.loc);
          if (v.s !== 'vector' || v.len !== dim || !v.array) this.report('BadOptimumPoint', decl.at.loc, ` (got a ${describe(v)})`);
          else at = { k: 'data', name: v.array };
        } else {
          at = { k: 'const', v: this.constant(decl.at, scope, 'the optimum point') };
        }
      }
      if (this.diagnostics.length > before) return undefined;
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

  private emptyScope(decl: ProblemDecl, len: number): Scope {
    return { fn: new FuncBuilder('', decl.param, len), len, dimName: decl.dimName, vars: new Map(), idxs: new Map(), file: decl.file };
  }

  private constant(e: Expr, scope: Scope, what: string): number {
    const v = this.expr(e, scope);
    if (v.s !== 'scalar') this.fail('ExpectedScalar', e.loc, describe(v));
    const c = constValue(v.e);
    if (c === undefined) this.fail('NotConstant', e.loc, what);
    return c;
  }

  private lowerProblem(decl: ProblemDecl, len: number, fname: string): IrFunc {
    const fn = new FuncBuilder(fname, decl.param, len);
    const scope: Scope = { fn, len, dimName: decl.dimName, vars: new Map(), idxs: new Map(), file: decl.file };
    scope.vars.set(decl.param, { s: 'vector', len, at: (i) => ({ k: 'read', t: 'f', arr: decl.param, idx: [i] }), array: decl.param });
    let ok = true;
    for (const l of decl.lets) {
      try {
        if (scope.vars.has(l.name) || l.name === decl.dimName) {
          this.report('DuplicateName', l.nameLoc, l.name, '');
          continue;
        }
        if (l.index) {
          let n = len;
          if (l.bound) {
            const b = this.expr(l.bound.expr, scope);
            const c = b.s === 'scalar' ? constValue(b.e) : undefined;
            if (c === undefined || b.s !== 'scalar' || b.e.t !== 'i') this.fail('NotConstant', l.bound.expr.loc, 'the length of a vector');
            n = l.bound.op === 'lt' ? c : c + 1;
          }
          const name = fn.fresh(l.name);
          const i = this.freshIdx(l.index);
          const inner = { ...scope, idxs: new Map(scope.idxs).set(l.index, i) };
          const body = this.scalarOf(this.expr(l.value, inner), l.value.loc);
          if (body.t === 'b') this.fail('BooleanAsNumber', l.value.loc);
          fn.bindings.push({ k: 'vec', name, idx: (i as { name: string }).name, len: n, body });
          scope.vars.set(l.name, this.arrayVal(name, n));
        } else {
          const v = this.expr(l.value, scope);
          const name = fn.fresh(l.name);
          if (v.s === 'scalar') {
            if (v.e.t === 'b') this.fail('BooleanAsNumber', l.value.loc);
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
        ok = false;
      }
    }
    if (!decl.result) this.fail('MissingResult', decl.nameLoc, decl.name);
    const r = this.expr(decl.result, scope);
    if (r.s !== 'scalar') this.fail('ExpectedScalar', decl.result.loc, describe(r));
    if (r.e.t === 'b') this.fail('BooleanAsNumber', decl.result.loc);
    if (!ok) throw new Abort();
    return { name: fname, input: decl.param, len, bindings: fn.bindings, result: toReal(r.e) };
  }

  private arrayVal(name: string, len: number): Val {
    return { s: 'vector', len, at: (i) => ({ k: 'read', t: 'f', arr: name, idx: [i] }), array: name };
  }

  private materialise(v: Val & { s: 'vector' }, fn: FuncBuilder, base: string): Val & { s: 'vector' } {
    if (v.array) return v;
    const name = fn.bindings.some((b) => b.name === base) ? fn.fresh(base) : base;
    const i = this.freshIdx('i');
    fn.bindings.push({ k: 'vec', name, idx: (i as { name: string }).name, len: v.len, body: toReal(v.at(i)) });
    return this.arrayVal(name, v.len) as Val & { s: 'vector' };
  }

  private freshIdx(base: string): IExpr {
    return { k: 'idx', t: 'i', name: `${base}${++this.idxCounter}` };
  }

  private scalarOf(v: Val, loc: Loc): IExpr {
    if (v.s !== 'scalar') this.fail('ExpectedScalar', loc, describe(v));
    return v.e;
  }

  private number(v: Val, loc: Loc): IExpr {
    const e = this.scalarOf(v, loc);
    if (e.t === 'b') this.fail('BooleanAsNumber', loc);
    return e;
  }

  private cond(v: Val, loc: Loc): IExpr {
    const e = this.scalarOf(v, loc);
    if (e.t !== 'b') this.fail('ExpectedBoolean', loc);
    return e;
  }

  private integer(v: Val, loc: Loc): IExpr {
    const e = this.number(v, loc);
    if (e.t !== 'i') this.fail('ExpectedInteger', loc, ' (use int(...) or idiv(a, b))');
    return e;
  }

  // ---- expressions -----------------------------------------------------------------------

  private expr(e: Expr, sc: Scope): Val {
    switch (e.kind) {
      case 'num':
        if (Number.isNaN(e.value)) throw new Abort(); // a placeholder from syntax-error recovery
        return { s: 'scalar', e: e.isInt ? int(e.value) : num(e.value) };
      case 'str':
        this.fail('ExpectedScalar', e.loc, 'string');
      case 'name':
        return this.name(e.name, e.loc, sc);
      case 'index': {
        const t = this.expr(e.target, sc);
        if (t.s === 'scalar') this.fail('NotIndexable', e.target.loc, e.target.kind === 'name' ? e.target.name : 'expression');
        const ix = this.integer(this.expr(e.index, sc), e.index.loc);
        const c = constValue(ix);
        if (t.s === 'vector') {
          if (c !== undefined && (c < 0 || c >= t.len)) this.fail('IndexOutOfRange', e.index.loc, c, nameOf(e.target), t.len);
          return { s: 'scalar', e: t.at(ix) };
        }
        if (c !== undefined && (c < 0 || c >= t.rows)) this.fail('IndexOutOfRange', e.index.loc, c, nameOf(e.target), t.rows);
        return { s: 'vector', len: t.cols, at: (j) => t.at(ix, j) };
      }
      case 'slice': {
        const t = this.expr(e.target, sc);
        if (t.s !== 'vector') this.fail('ExpectedVector', e.target.loc, describe(t));
        const a = constValue(this.integer(this.expr(e.from, sc), e.from.loc));
        const b = constValue(this.integer(this.expr(e.to, sc), e.to.loc));
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
        return this.elementwise([a], [e.arg.loc], ([x]) => foldExpr({ k: 'un', t: x!.t, op: 'neg', a: x! }));
      }
      case 'binary':
        return this.binary(e, sc);
      case 'if': {
        const c = this.cond(this.expr(e.cond, sc), e.cond.loc);
        const a = this.expr(e.then, sc);
        const b = this.expr(e.else, sc);
        if (a.s !== b.s || (a.s === 'vector' && b.s === 'vector' && a.len !== b.len)) this.fail('IfShapeMismatch', e.loc, describe(a), describe(b));
        return this.elementwise([a, b], [e.then.loc, e.else.loc], ([x, y]) => ({
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

  private name(name: string, loc: Loc, sc: Scope): Val {
    const ix = sc.idxs.get(name);
    if (ix) return { s: 'scalar', e: ix };
    const v = sc.vars.get(name);
    if (v) return v;
    if (name === sc.dimName) return { s: 'scalar', e: int(sc.len) };
    if (name === 'pi') return { s: 'scalar', e: num(Math.PI) };
    if (name === 'e') return { s: 'scalar', e: num(Math.E) };
    const d = this.datas.get(name);
    if (d) return this.dataVal(d, sc.len, loc);
    if (this.problems.has(name) || BUILTINS[name] || BINARY_BUILTINS[name]) this.fail('UnknownName', loc, name, ` (it is a function: call it with arguments)`);
    const candidates = [...sc.vars.keys(), ...sc.idxs.keys(), sc.dimName, ...this.datas.keys(), 'pi', 'e'];
    const near = suggest(name, candidates);
    const looksLikeIndex = /^[a-z]$/.test(name) && name !== 'e';
    if (looksLikeIndex) {
      this.fail('UnboundIndex', loc, name, ' (a reduction body ends at the first + or - outside parentheses: write sum(i) (a + b))');
    }
    this.fail('UnknownName', loc, name, near ? ` (did you mean '${near}'?)` : '');
  }

  private elementwise(vals: Val[], locs: Loc[], f: (xs: IExpr[]) => IExpr): Val {
    const vecs = vals.filter((v) => v.s !== 'scalar');
    for (let k = 0; k < vals.length; k++) if (vals[k]!.s === 'matrix') this.fail('ExpectedScalar', locs[k], describe(vals[k]!));
    if (vecs.length === 0) return { s: 'scalar', e: f(vals.map((v) => (v as { e: IExpr }).e)) };
    const len = (vecs[0] as { len: number }).len;
    for (let k = 0; k < vals.length; k++) {
      const v = vals[k]!;
      if (v.s === 'vector' && v.len !== len) this.fail('LengthMismatch', locs[k], len, v.len);
    }
    return {
      s: 'vector',
      len,
      at: (i) => f(vals.map((v) => (v.s === 'scalar' ? v.e : (v as { at: (i: IExpr) => IExpr }).at(i)))),
    };
  }

  private binary(e: Expr & { kind: 'binary' }, sc: Scope): Val {
    const a = this.expr(e.left, sc);
    const b = this.expr(e.right, sc);
    if (e.op === 'and' || e.op === 'or') {
      return { s: 'scalar', e: { k: 'bin', t: 'b', op: e.op, a: this.cond(a, e.left.loc), b: this.cond(b, e.right.loc) } };
    }
    const isCmp = ['<', '<=', '>', '>=', '==', '!='].includes(e.op);
    if (isCmp) {
      const x = this.number(a, e.left.loc);
      const y = this.number(b, e.right.loc);
      return { s: 'scalar', e: { k: 'bin', t: 'b', op: e.op as never, a: x, b: y } };
    }
    for (const [v, l] of [[a, e.left.loc], [b, e.right.loc]] as const) if (v.s === 'scalar' && v.e.t === 'b') this.fail('BooleanAsNumber', l);
    const op = e.op === '^' ? 'pow' : e.op;
    return this.elementwise([a, b], [e.left.loc, e.right.loc], ([x, y]) => powOrBin(op as never, x!, y!));
  }

  private call(e: Expr & { kind: 'call' }, sc: Scope): Val {
    const name = e.callee;
    const positional = (n: number, named: string[] = []): Arg[] => {
      for (const a of e.args) if (a.name && !named.includes(a.name)) this.fail('UnknownNamedArgument', a.loc, name, a.name, named.join(', ') || 'no named arguments');
      const pos = e.args.filter((a) => !a.name);
      if (pos.length !== n) this.fail('WrongArity', e.loc, name, n, pos.length);
      return pos;
    };
    if (GENERATORS.includes(name)) this.fail('BadDataInit', e.loc, name, `${name}(...) can only initialise a data declaration`);
    const bb = BINARY_BUILTINS[name];
    if (bb) {
      const [x, y] = positional(2).map((a) => this.expr(a.value, sc));
      if (bb === 'idiv') {
        return { s: 'scalar', e: foldExpr({ k: 'bin', t: 'i', op: 'idiv', a: this.integer(x!, e.args[0]!.loc), b: this.integer(y!, e.args[1]!.loc) }) };
      }
      return this.elementwise([x!, y!], [e.args[0]!.loc, e.args[1]!.loc], ([p, q]) => powOrBin(bb, p!, q!));
    }
    const b = BUILTINS[name];
    if (b) {
      const args = positional(b.arity).map((a) => this.expr(a.value, sc));
      args.forEach((v, k) => v.s === 'scalar' && v.e.t === 'b' && this.fail('BooleanAsNumber', e.args[k]!.loc));
      return this.elementwise(args, e.args.map((a) => a.loc), (xs) =>
        foldExpr({ k: 'call', t: b.int ? 'i' : 'f', fn: name, args: name === 'int' ? xs : xs.map(toReal) }),
      );
    }
    const p = this.problems.get(name);
    if (!p) {
      const near = suggest(name, [...this.problems.keys(), ...Object.keys(BUILTINS), ...Object.keys(BINARY_BUILTINS)]);
      this.fail('UnknownFunction', e.calleeLoc, name, near ? ` (did you mean '${near}'?)` : '');
    }
    const [arg] = positional(1);
    const v = this.expr(arg!.value, sc);
    if (v.s !== 'vector') this.fail('ExpectedVector', arg!.value.loc, describe(v));
    const key = `${name}@${v.len}`;
    if (this.active.has(key)) this.fail('RecursiveCall', e.calleeLoc, name);
    if (!this.funcs.has(key)) {
      this.active.add(key);
      try {
        const f = this.lowerProblem(p, v.len, key);
        this.funcs.set(key, f);
        this.funcOrder.push(f);
      } finally {
        this.active.delete(key);
      }
    }
    const arr = this.materialise(v, sc.fn, `${name}_arg`);
    return { s: 'scalar', e: { k: 'callp', t: 'f', fn: key, args: [{ k: 'vref', t: 'f', name: arr.array!, len: v.len }] } };
  }

  private reduce(e: Expr & { kind: 'reduce' }, sc: Scope): Val {
    if (sc.idxs.has(e.index)) this.fail('ShadowedIndex', e.indexLoc, e.index);
    let lo: IExpr = int(0);
    let hi: IExpr = int(sc.len);
    if (e.range) {
      if (e.range.kind === 'in') {
        lo = this.integer(this.expr(e.range.from, sc), e.range.from.loc);
        hi = this.integer(this.expr(e.range.to, sc), e.range.to.loc);
      } else {
        const b = this.integer(this.expr(e.range.bound, sc), e.range.bound.loc);
        hi = e.range.kind === 'lt' ? b : foldExpr(bin('+', b, int(1)));
      }
    }
    const i = this.freshIdx(e.index);
    const inner: Scope = { ...sc, idxs: new Map(sc.idxs).set(e.index, i) };
    const cond = e.where ? this.cond(this.expr(e.where, inner), e.where.loc) : undefined;
    const bodyV = this.expr(e.body, inner);
    if (bodyV.s !== 'scalar') this.fail('VectorInReduction', e.body.loc, describe(bodyV));
    let body = bodyV.e;
    const iname = (i as { name: string }).name;
    if (e.op === 'count') {
      // count(i) c counts where c holds; count(i where c) 1 also works.
      const c = body.t === 'b' ? body : undefined;
      const all = cond && c ? { k: 'bin' as const, t: 'b' as const, op: 'and' as const, a: cond, b: c } : cond ?? c;
      return { s: 'scalar', e: { k: 'red', t: 'i', op: 'count', idx: iname, lo, hi, cond: all, body: int(1) } };
    }
    if (body.t === 'b') this.fail('BooleanAsNumber', e.body.loc);
    if (e.op === 'mean') {
      const s: IExpr = { k: 'red', t: 'f', op: 'sum', idx: iname, lo, hi, cond, body: toReal(body) };
      const n: IExpr = cond
        ? { k: 'red', t: 'i', op: 'count', idx: iname, lo, hi, cond, body: int(1) }
        : foldExpr(bin('-', hi, lo));
      return { s: 'scalar', e: bin('/', s, toReal(n)) };
    }
    const op = e.op as RedOp;
    if (op === 'sum' || op === 'prod' || op === 'min' || op === 'max' || op === 'argmin' || op === 'argmax') {
      if (op === 'argmin' || op === 'argmax') body = toReal(body);
      return { s: 'scalar', e: { k: 'red', t: redTy(op, body), op, idx: iname, lo, hi, cond, body } };
    }
    throw new Error(`unhandled reduction ${op}`);
  }

  // ---- data ------------------------------------------------------------------------------

  private dataVal(d: DataDecl, len: number, useLoc: Loc): Val {
    const key = `${d.name}@${len}`;
    let irName = this.dataKeys.get(key);
    if (!irName) {
      irName = len === this.mainDim ? d.name : `${d.name}@${len}`;
      const ir = this.lowerData(d, len, irName);
      this.data.push(ir);
      this.dataKeys.set(key, irName);
    }
    const ir = this.data.find((x) => x.name === irName)!;
    void useLoc;
    const name = irName;
    if (ir.shape.length === 1) return this.arrayVal(name, ir.shape[0]!);
    return {
      s: 'matrix',
      rows: ir.shape[0]!,
      cols: ir.shape[1]!,
      at: (i, j) => ({ k: 'read', t: 'f', arr: name, idx: [i, j] }),
    };
  }

  private lowerData(d: DataDecl, len: number, irName: string): IrData {
    const sc: Scope = { fn: new FuncBuilder('', '$none', len), len, dimName: 'D', vars: new Map(), idxs: new Map(), file: d.file };
    if (d.dims.length < 1 || d.dims.length > 2) this.fail('BadDataDims', d.nameLoc, d.name, 'data is a vector [n] or a matrix [n][m]');
    const init = d.init;
    const isGen = init.kind === 'call' && GENERATORS.includes(init.callee);
    if (isGen) {
      const shape = d.dims.map((x) => {
        const v = this.expr(x, sc);
        const c = v.s === 'scalar' && v.e.t === 'i' ? constValue(v.e) : undefined;
        if (c === undefined || c < 1) this.fail('BadDataDims', x.loc, d.name, 'a dimension must be a positive integer expression of D');
        return c;
      });
      const call = init as Expr & { kind: 'call' };
      const named = new Map(call.args.filter((a) => a.name).map((a) => [a.name!, a]));
      const pos = call.args.filter((a) => !a.name);
      const allowed: Record<string, { pos: number; named: string[] }> = {
        uniform: { pos: 2, named: ['seed'] },
        normal: { pos: 2, named: ['seed'] },
        permutation: { pos: 0, named: ['seed'] },
        file: { pos: 1, named: ['offset', 'row'] },
      };
      const spec = allowed[call.callee]!;
      for (const a of call.args) if (a.name && !spec.named.includes(a.name)) this.fail('UnknownNamedArgument', a.loc, call.callee, a.name, spec.named.join(', '));
      if (pos.length !== spec.pos) this.fail('WrongArity', call.loc, call.callee, spec.pos, pos.length);
      const c = (a: Arg | undefined, dflt: number, what: string) => (a ? this.constant(a.value, sc, what) : dflt);
      const seed = c(named.get('seed'), 0, 'the seed');
      if (call.callee === 'uniform' || call.callee === 'normal') {
        const a = c(pos[0], 0, 'a generator parameter');
        const b = c(pos[1], 0, 'a generator parameter');
        const def = call.callee === 'uniform' ? { k: 'uniform' as const, lo: a, hi: b, seed } : { k: 'normal' as const, mu: a, sigma: b, seed };
        return { name: irName, shape, def };
      }
      if (call.callee === 'permutation') {
        if (shape.length !== 1) this.fail('BadDataDims', d.nameLoc, d.name, 'a permutation is a vector');
        return { name: irName, shape, def: { k: 'perm', seed } };
      }
      const pathArg = pos[0]!.value;
      if (pathArg.kind !== 'str') this.fail('BadDataInit', pathArg.loc, d.name, 'file(...) takes a path in quotes');
      const offset = c(named.get('offset'), 0, 'the offset');
      const row = c(named.get('row'), shape[1] ?? shape[0]!, 'the row length');
      const abs = resolveDataPath(pathArg.value, d.file);
      const r = readNumbers(abs);
      if (!r.ok && r.reason === 'missing') this.fail('DataFileMissing', pathArg.loc, abs);
      if (!r.ok && r.reason === 'bad') this.fail('DataFileBadNumber', pathArg.loc, abs, r.token, r.index);
      if (shape.length === 2 && shape[1]! > row) {
        const maxD = row;
        this.fail('DataTooLarge', d.nameLoc, d.name, maxD, len);
      }
      const need = shape.length === 2 ? offset + (shape[0]! - 1) * row + shape[1]! : offset + shape[0]!;
      const have = (r as { values: Float64Array }).values.length;
      if (have < need) {
        const what = shape.length === 2 ? `a ${shape[0]}x${shape[1]} matrix from number ${offset + 1} with rows of ${row}` : `${shape[0]} values from number ${offset + 1}`;
        this.fail('DataFileTooShort', pathArg.loc, abs, have, need, `${d.name}: ${what}`);
      }
      return { name: irName, shape, def: { k: 'file', path: abs, offset, row } };
    }
    // Index form: data B[i] = expr, data M[i][j] = expr.
    const idxNames = d.dims.map((x) => {
      if (x.kind !== 'name') this.fail('BadDataDims', x.loc, d.name, 'computed data is written with index names: data B[i] = ...');
      return x.name;
    });
    const shape = idxNames.map(() => len);
    const irIdx = idxNames.map((n) => this.freshIdx(n));
    const inner: Scope = { ...sc, idxs: new Map(idxNames.map((n, k) => [n, irIdx[k]!])) };
    const body = toReal(this.number(this.expr(init, inner), init.loc));
    return { name: irName, shape, def: { k: 'expr', idx: irIdx.map((x) => (x as { name: string }).name), body } };
  }
}

function powOrBin(op: Parameters<typeof bin>[0], a: IExpr, b: IExpr): IExpr {
  // Integer powers become a real power (x^2 of an integer index is real, as in mathematics).
  if (op === 'pow') return foldExpr({ k: 'bin', t: 'f', op, a: toReal(a), b: b.t === 'i' ? toReal(b) : b });
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

function nameOf(e: Expr): string {
  return e.kind === 'name' ? e.name : 'expression';
}

/** The closest candidate by edit distance, when it is close enough to be a likely typo. */
export function suggest(name: string, candidates: string[]): string | undefined {
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

function editDistance(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0]!;
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j]!;
      dp[j] = Math.min(dp[j]! + 1, dp[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return dp[b.length]!;
}
