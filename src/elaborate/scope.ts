// Scopes and values of elaboration, shared by the problem and the algorithm elaborators: what a
// name means where it is used (a value, an index, a let that failed), the builder of a function's
// bindings, and the name suggestions of "did you mean" hints.

import type { Expr, Loc } from '../parser/ast.js';
import { at, num, type Binding, type IExpr } from '../ir/ir.js';

export type Val =
  | { s: 'scalar'; e: IExpr }
  | { s: 'vector'; len: number; at: (i: IExpr) => IExpr; array?: string }
  | { s: 'matrix'; rows: number; cols: number; at: (i: IExpr, j: IExpr) => IExpr };

/**
 * What an elaborator that uses the expression language adds to it: names and functions that only
 * it knows (an algorithm's choice symbols, f, rand, ...). Each answers undefined for a name it does
 * not know, which then means what it means in a problem. Scopes derived from a scope keep its
 * hooks, so that they hold in every nested expression of the declaration.
 */
export interface ScopeHooks {
  name?(name: string, sc: Scope): Val | undefined;
  call?(e: Expr & { kind: 'call' }, sc: Scope): Val | undefined;
  /** What a name the hooks reserve stands for, so that an index of that name is ShadowedIndex. */
  reserved?(name: string): string | undefined;
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
  hooks?: ScopeHooks;
}

/** A scope with nothing bound yet (`fn`, `len`, `dimName`, `file` and the optional fields given). */
export function newScope(
  s: Pick<Scope, 'fn' | 'len' | 'dimName' | 'file'> & Partial<Scope>,
): Scope {
  return {
    vars: new Map(),
    idxs: new Map(),
    sites: [],
    failed: new Set(),
    origins: new Map(),
    ...s,
  };
}

/** A scope for a nested block: its own names, so that what it binds does not leak out. */
export function childScope(sc: Scope, fn = sc.fn): Scope {
  return {
    ...sc,
    fn,
    vars: new Map(sc.vars),
    idxs: new Map(sc.idxs),
    origins: new Map(sc.origins),
  };
}

/** `sc` with index `name` bound to `ix` (a reduction's, a vector let's, a column's). */
/**
 * An extent or count written `i < n`, which names its index (`state C[i < D][j < D] = ...`,
 * `repeat r < K { ... }`): the name, where it is written, and the bound n; undefined otherwise.
 */
export function namedIndex(e: Expr): { name: string; loc: Loc; bound: Expr } | undefined {
  if (e.kind !== 'binary' || e.op !== '<' || e.left.kind !== 'name') return undefined;
  return { name: e.left.name, loc: e.left.loc, bound: e.right };
}

export function withIndex(sc: Scope, name: string, ix: IExpr): Scope {
  return { ...sc, idxs: new Map(sc.idxs).set(name, ix) };
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
  // In source order (pre-order), with a stack of its own: a chain of 100,000 terms is that deep.
  const stack: (Expr | undefined)[] = [...exprs].reverse();
  while (stack.length) {
    const e = stack.pop();
    if (!e) continue;
    if (e.kind === 'reduce')
      out.push({ index: e.index, what: `${e.op}(${e.index})`, loc: e.loc, reduction: true });
    const subs = subExprs(e);
    for (let k = subs.length - 1; k >= 0; k--) stack.push(subs[k]);
  }
  return out;
}

/** The operands of `e`, in source order. */
function subExprs(e: Expr): (Expr | undefined)[] {
  switch (e.kind) {
    case 'index':
      return [e.target, e.index];
    case 'slice':
      return [e.target, e.from, e.to];
    case 'unary':
      return [e.arg];
    case 'binary':
      return [e.left, e.right];
    case 'if':
      return [e.cond, e.then, e.else];
    case 'call':
      return e.args.map((a) => a.value);
    case 'reduce': {
      const r = e.range;
      const range = r?.kind === 'in' ? [r.from, r.to] : [r?.bound];
      return [...range, e.where, e.body];
    }
    default:
      return [];
  }
}

export function describe(v: Val): string {
  if (v.s === 'scalar') return v.e.t === 'b' ? 'condition' : 'scalar';
  return v.s === 'vector' ? `vector of length ${v.len}` : `${v.rows}x${v.cols} matrix`;
}

/** A stored vector: element i reads `name[i]`. */
/** A vector stored in an array (a data vector, a materialised value): `array` names it. */
export type ArrayVal = Val & { s: 'vector'; array: string };

export const isArrayVal = (v: Val & { s: 'vector' }): v is ArrayVal => !!v.array;

export function arrayVal(name: string, len: number): ArrayVal {
  return {
    s: 'vector',
    len,
    at: (i: IExpr): IExpr => ({ k: 'read', t: 'f', arr: name, idx: [i] }),
    array: name,
  };
}

/** Integer constants used as reals become real literals; other integers convert implicitly in codegen. */
export function toReal(e: IExpr): IExpr {
  if (e.k === 'int') return num(e.v);
  return e;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

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

/** ` (did you mean 'x'?)` when `name` is a likely typo of one of `candidates`, else ''. */
export function didYouMean(name: string, candidates: string[]): string {
  const near = suggest(name, candidates);
  return near ? ` (did you mean '${near}'?)` : '';
}

/** Edit distance counting an insertion, a deletion, a substitution or a swap of neighbours as one. */
function editDistance(a: string, b: string): number {
  // The (a.length + 1) x (b.length + 1) table, row-major in one array.
  const w = b.length + 1;
  const d = Array.from({ length: (a.length + 1) * w }, (_, ij) => {
    const i = Math.floor(ij / w);
    const j = ij % w;
    return i === 0 ? j : j === 0 ? i : 0;
  });
  const get = (i: number, j: number) => at(d, i * w + j, 'the edit distance table');
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(get(i - 1, j) + 1, get(i, j - 1) + 1, get(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, get(i - 2, j - 2) + 1);
      d[i * w + j] = v;
    }
  }
  return get(a.length, b.length);
}
