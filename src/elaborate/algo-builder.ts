// What the algorithm elaborator (algorithm.ts) and its helpers (algo-bounds.ts) share while they
// lower a step: the step under construction, the numbering of draw sites, and kept conditions.

import type { Expr, Loc } from '../parser/ast.js';
import { bin, int, type IExpr, type StateArray, type Write } from '../ir/ir.js';
import type { Population } from '../ir/step.js';
import type { ElabCore } from './core.js';
import type { FuncBuilder, Scope } from './scope.js';

/** A step while it is lowered: its function, writes, evaluations and what is known of its points. */
export interface StepBuilder {
  fn: FuncBuilder;
  writes: Write[];
  evalOf: Map<string, string>; // materialised vector -> its fitness scalar
  evals: number;
  idx: IExpr | null; // the individual index (null outside `each`)
  /** The row the individual is (`each i in X[c]`: c, computed once); the index otherwise. */
  row?: IExpr;
  written: Set<string>;
  /** The population the step runs over (`each i in X`): the parent of a repaired point, X[row]. */
  over?: Population;
  /** Arrays known to lie in the box (repaired here, or copies of those). */
  inBox: Set<string>;
  /** A point's array -> the array of that point brought into the box (one repair a point). */
  repaired: Map<string, string>;
}

/** A step over the individuals (`each`, an initialisation): it has its individual index. */
export interface EachStep extends StepBuilder {
  idx: IExpr;
}

/** `c` computed once, as a per-individual integer scalar of `fn` (named after `base`), tested. */
export function kept(core: ElabCore, fn: FuncBuilder, base: string, c: IExpr): IExpr {
  const k = core.scalarLet(fn, base, { k: 'sel', t: 'i', c, a: int(1), b: int(0) });
  return bin('!=', k.e, int(0));
}

/**
 * The numbers of random-draw sites: a call site by its place in the source (`file:offset`), a
 * policy's draw by its use and its place in the policy (salted: two uses draw apart), a resample's
 * try t of a site by both; numbered 1, 2, ... in order of first use.
 */
export class SiteNumbers {
  private readonly sites = new Map<string, number>();
  private salt: string | undefined;

  private number(key: string): number {
    let s = this.sites.get(key);
    if (s === undefined) this.sites.set(key, (s = this.sites.size + 1));
    return s;
  }

  /** The site of a call at `loc`. */
  of(loc: Loc): number {
    const own = `${loc.file}:${loc.offset}`;
    return this.number(this.salt ? `${this.salt}|${own}` : own);
  }

  /** The site of try t's draw at `site` (a resample). */
  retry(site: number, t: number): number {
    return this.number(`retry:${site}:${t}`);
  }

  /** `f()` with the sites of its calls salted by `salt` (a policy's use). */
  salted<T>(salt: string, f: () => T): T {
    this.salt = salt;
    try {
      return f();
    } finally {
      this.salt = undefined;
    }
  }
}

/** A state array attached to a population: one row per individual, moving with it. */
export interface Attached {
  array: StateArray;
  init: Expr;
  scope: Scope;
  /** The names its declaration gives its row and column indices (StateIndices). */
  indices: StateIndices;
}

/**
 * The index names a state declaration binds for its initial value, `state C[i < D][j < D] = if i
 * == j then 1 else 0`: the row's and the column's (either may be left unnamed, `[D]`).
 */
export interface StateIndices {
  row?: string;
  col?: string;
}

/** `count(k < n where cond)`: an integer reduction. */
export function countOf(k: { name: string }, n: number, cond: IExpr): IExpr {
  return { k: 'red', t: 'i', op: 'count', idx: k.name, lo: int(0), hi: int(n), cond, body: int(1) };
}

/**
 * A generation-level let while elaborating: its scalar's name and body, which every step built
 * after it binds (and keeps where used); the generation holds it as a `let` statement (GenStmt),
 * which the pass store-lets rewrites (passes/algo-store-lets.ts).
 */
export interface GenLet {
  name: string;
  body: IExpr;
  /** A host let: its value as the host computes it (body is then its kernel parameter $hK). */
  host?: IExpr;
}
