// Parts of the problem elaborator's expression language (problem.ts, ProblemElaborator.expr) that need
// only the elaboration core and `expr` itself: elementwise operators over scalars and vectors
// (a length mismatch reported at the whole expression), reductions (`sum(i < n where c) body`,
// count, mean, min, max, argmin, argmax, prod), and the order functions (rank, argsort, sort)
// with the once-per-evaluation vector argument they and problem calls take.

import type { Arg, Expr, Loc } from '../parser/ast.js';
import { at, bin, int, redTy, type IExpr, type RedOp } from '../ir/ir.js';
import { foldExpr } from '../ir/fold.js';
import type { ElabCore } from './core.js';
import { arrayVal, describe, toReal, withIndex, type Scope, type Val } from './scope.js';

/** What these parts ask of the elaborator: its core and its expressions. */
export interface ExprHost {
  readonly core: ElabCore;
  expr(e: Expr, sc: Scope): Val;
}

/** `whole` is the location of the whole elementwise expression (a length mismatch is its error). */
export function elementwise(
  core: ElabCore,
  vals: Val[],
  locs: Loc[],
  whole: Loc,
  f: (xs: IExpr[]) => IExpr,
): Val {
  const vecs = vals.filter((v) => v.s !== 'scalar');
  vals.forEach((v, k) => {
    if (v.s === 'matrix') core.fail('ExpectedScalar', locs[k], describe(v));
  });
  if (vecs.length === 0) return { s: 'scalar', e: f(vals.map((v) => (v as { e: IExpr }).e)) };
  const first = vals.findIndex((v) => v.s === 'vector');
  const len = (vecs[0] as { len: number }).len;
  for (const [k, v] of vals.entries()) {
    if (v.s === 'vector' && v.len !== len) {
      const say = (n: number, at: Loc) => {
        const text = core.snippet(at);
        return text ? `${text} has length ${n}` : `length ${n}`;
      };
      core.fail(
        'LengthMismatch',
        whole,
        say(len, at(locs, first, 'a vector operand')),
        say(v.len, at(locs, k, 'a vector operand')),
      );
    }
  }
  return {
    s: 'vector',
    len,
    at: (i) =>
      f(vals.map((v) => (v.s === 'scalar' ? v.e : (v as { at: (i: IExpr) => IExpr }).at(i)))),
  };
}

/** `elementwise` of two values: `f` gets one element (or the scalar) of each. */
export function elementwise2(
  core: ElabCore,
  vals: [Val, Val],
  locs: [Loc, Loc],
  whole: Loc,
  f: (x: IExpr, y: IExpr) => IExpr,
): Val {
  return elementwise(core, vals, locs, whole, (xs) =>
    f(at(xs, 0, 'an operand'), at(xs, 1, 'an operand')),
  );
}

export function reduce(x: ExprHost, e: Expr & { kind: 'reduce' }, sc: Scope): Val {
  x.core.checkIndexName(e.index, e.indexLoc, sc);
  let lo: IExpr = int(0);
  let hi: IExpr = int(sc.len);
  const range = e.range;
  if (range) {
    if (range.kind === 'in') {
      [lo, hi] = x.core.all([
        () => x.core.integer(x.expr(range.from, sc), range.from, 'a reduction bound'),
        () => x.core.integer(x.expr(range.to, sc), range.to, 'a reduction bound'),
      ]) as [IExpr, IExpr];
    } else {
      const b = x.core.integer(x.expr(range.bound, sc), range.bound, 'a reduction bound');
      hi = range.kind === 'lt' ? b : foldExpr(bin('+', b, int(1)));
    }
  }
  const i = x.core.freshIdx(e.index);
  if (!range) x.core.coordinates.add(i.name);
  const inner = withIndex(sc, e.index, i);
  const where = e.where;
  const [condV, bodyV] = x.core.both(
    () => (where ? x.expr(where, inner) : undefined),
    () => x.expr(e.body, inner),
  );
  const cond = where && condV ? x.core.cond(condV, where.loc) : undefined;
  if (bodyV.s !== 'scalar') x.core.fail('VectorInReduction', e.body.loc, describe(bodyV));
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
  if (body.t === 'b') x.core.boolAsNumber(e.body);
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
  throw new Error(`internal: unhandled reduction ${op}`);
}

/**
 * The vector argument of `fn` (a problem call, rank, argsort, sort), which is materialised once
 * per evaluation, outside any reduction: it cannot depend on a reduction's or a vector let's
 * index (CallDependsOnIndex).
 */
export function onceVector(x: ExprHost, fn: string, arg: Arg, sc: Scope): Val & { s: 'vector' } {
  const v = x.expr(arg.value, sc);
  if (v.s !== 'vector') x.core.fail('ExpectedVector', arg.value.loc, describe(v));
  if (sc.idxs.size) {
    const used = idxNamesIn(v.at({ k: 'idx', t: 'i', name: '$probe' }));
    for (const [src, ix] of sc.idxs)
      if (used.has((ix as { name: string }).name))
        x.core.fail('CallDependsOnIndex', arg.value.loc, fn, src);
  }
  return v;
}

/** rank / argsort / sort of `v` (see ORDER_FUNCTIONS) as vector bindings of reductions. */
export function orderVal(core: ElabCore, fn: string, v: Val & { s: 'vector' }, sc: Scope): Val {
  const keys = core.materialise(v, sc.fn, `${fn}_keys`);
  const n = v.len;
  const key = (i: IExpr) => keys.at(i);
  // rank_i = #{ j : k_j < k_i, or k_j = k_i and j < i }
  const i = core.freshIdx('i');
  const j = core.freshIdx('j');
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
  const a = core.freshIdx('a');
  const m = core.freshIdx('i');
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
  return fn === 'argsort' ? ints(outName) : arrayVal(outName, n);
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
