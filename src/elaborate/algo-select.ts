// The selections of an algorithm, as steps: `X = best(X, O)` in place (the ranks of the union,
// then each leaving row pulls its entrant), `X = best(A, B)` into X sorted, and `X = sorted(X)`
// (ranks, then each row pulls the individual of its rank). A concern of the algorithm elaborator
// (algorithm.ts), which checks the statement, holds one Selection and gives it what it needs of
// its state. The ranks are stable: ties in favour of the first population and of lower rows.

import { bin, int, type IExpr, type StateArray, type Write } from '../ir/ir.js';
import { foldExpr } from '../ir/fold.js';
import type { Population, Step } from '../ir/step.js';
import type { ElabCore } from './core.js';
import { toReal } from './scope.js';
import { countOf, kept, type Attached, type EachStep, type StepBuilder } from './algo-builder.js';

/** What the selections need of the algorithm elaborator. */
export interface SelectionHost {
  core: ElabCore;
  dim(): number;
  /** A fresh number for the name of an array the compiler adds (`X.rankK`). */
  nextArray(): number;
  /** Declares state arrays (in this order, after those declared so far). */
  declare(...arrays: StateArray[]): void;
  beginEachStep(): EachStep;
  endStep(b: StepBuilder, name: string, n: number): Step;
  /** The state attached to population X (moving with its individuals). */
  attached(X: string): Attached[];
  /** The write of attached state `att`'s initial value at `row` in step b (an entrant's). */
  initWrite(att: Attached, b: EachStep, row: IExpr): Write;
}

export class Selection {
  constructor(private readonly h: SelectionHost) {}

  /**
   * `X = best(X, O)`: the N best of X and O stay in X, in place. An individual of X that is among
   * them keeps its row and the state attached to it; the rows of those that are not take the
   * entering members of O: the k-th leaving row (by rank) the k-th entering member (by rank), with
   * their attached state at its initial value. Two steps: the rank of every member of the union
   * (ties in favour of X and of lower rows), then each row of X pulls its entrant, if any: only the
   * rows that change are written (at large D the population is not moved).
   */
  bestInPlace(X: Population, O: Population): Step[] {
    const N = X.rows;
    const M = O.rows;
    const k0 = this.h.nextArray();
    const RX: StateArray = { name: `${X.name}.rank${k0}`, rows: N, cols: 0 };
    const RO: StateArray = { name: `${O.name}.rank${k0}`, rows: M, cols: 0 };
    this.h.declare(RX, RO);
    // Step 1: ranks.
    const r1 = this.h.beginEachStep();
    r1.fn.bindings = [];
    const m = r1.idx;
    const { rank } = this.unionRank(r1, X, O);
    const r: IExpr = toReal(rank);
    // Rows outside an array are not written: member m < N writes RX[m], the others RO[m - N].
    r1.writes.push({
      arr: RX.name,
      row: { k: 'sel', t: 'i', c: bin('<', m, int(N)), a: m, b: int(N) },
      body: r,
    });
    r1.writes.push({
      arr: RO.name,
      row: { k: 'sel', t: 'i', c: bin('>=', m, int(N)), a: bin('-', m, int(N)), b: int(M) },
      body: r,
    });
    const ranks = this.h.endStep(r1, `rank.${X.name}`, N + M);
    // Step 2: each row of X that leaves pulls the entrant of the same ordinal.
    const b = this.h.beginEachStep();
    b.fn.bindings = [];
    const v = b.idx;
    const rd = (A: StateArray, i: IExpr): IExpr => ({
      k: 'call',
      t: 'i',
      fn: 'int',
      args: [{ k: 'read', t: 'f', arr: A.name, idx: [i] }],
    });
    const myRank = this.h.core.scalarLet(b.fn, 'rank', rd(RX, v)).e;
    const leaves = kept(this.h.core, b.fn, 'leaves', bin('>=', myRank, int(N)));
    const x = this.h.core.freshIdx('x');
    const ord = this.h.core.scalarLet(
      b.fn,
      'ordinal',
      countOf(x, N, bin('and', bin('>=', rd(RX, x), int(N)), bin('<', rd(RX, x), myRank))),
    ).e;
    const o = this.h.core.freshIdx('o');
    const o2 = this.h.core.freshIdx('o');
    const entrantOrd = countOf(
      o2,
      M,
      bin('and', bin('<', rd(RO, o2), int(N)), bin('<', rd(RO, o2), rd(RO, o))),
    );
    const e = this.h.core.scalarLet(b.fn, 'entrant', {
      k: 'red',
      t: 'i',
      op: 'sum',
      idx: o.name,
      lo: int(0),
      hi: int(M),
      cond: bin('and', bin('<', rd(RO, o), int(N)), bin('==', entrantOrd, ord)),
      body: o,
    }).e;
    const row: IExpr = { k: 'sel', t: 'i', c: leaves, a: v, b: int(N) };
    const j = this.h.core.freshIdx('j');
    b.writes.push({
      arr: X.name,
      row,
      col: { idx: j.name, len: this.h.dim() },
      body: { k: 'read', t: 'f', arr: O.name, idx: [e, j] },
    });
    b.writes.push({ arr: X.fit, row, body: { k: 'read', t: 'f', arr: O.fit, idx: [e] } });
    for (const att of this.h.attached(X.name)) b.writes.push(this.h.initWrite(att, b, row));
    return [ranks, this.h.endStep(b, `best.${X.name}`, N)];
  }

  /**
   * `X = sorted(X)`: the rows of X in order of fitness (ties in favour of lower rows: stable),
   * with the state attached to X moving with its individual. Two steps: the rank of every row,
   * then row r pulls the individual ranked r (reading X at other rows while writing it: X, its
   * fitness and its attached state are double-buffered in that step). No evaluation.
   */
  sortInPlace(X: Population): Step[] {
    const N = X.rows;
    const k0 = this.h.nextArray();
    const R: StateArray = { name: `${X.name}.rank${k0}`, rows: N, cols: 0 };
    this.h.declare(R);
    const r1 = this.h.beginEachStep();
    r1.fn.bindings = [];
    const fit = (r: IExpr): IExpr => ({ k: 'read', t: 'f', arr: X.fit, idx: [r] });
    const { rank } = this.stableRank(r1, fit, N, 'sort.f');
    r1.writes.push({ arr: R.name, row: r1.idx, body: toReal(rank) });
    const ranks = this.h.endStep(r1, `rank.${X.name}`, N);
    const b = this.h.beginEachStep();
    b.fn.bindings = [];
    const v = b.idx;
    const o = this.h.core.freshIdx('o');
    const rankOf: IExpr = {
      k: 'call',
      t: 'i',
      fn: 'int',
      args: [{ k: 'read', t: 'f', arr: R.name, idx: [o] }],
    };
    // The individual ranked v (ranks are a permutation of 0..N-1: exactly one).
    const src = this.h.core.scalarLet(b.fn, 'src', {
      k: 'red',
      t: 'i',
      op: 'sum',
      idx: (o as { name: string }).name,
      lo: int(0),
      hi: int(N),
      cond: bin('==', rankOf, v),
      body: o,
    }).e;
    const j = this.h.core.freshIdx('j');
    const jn = (j as { name: string }).name;
    b.writes.push({
      arr: X.name,
      row: v,
      col: { idx: jn, len: this.h.dim() },
      body: { k: 'read', t: 'f', arr: X.name, idx: [src, j] },
    });
    b.writes.push({ arr: X.fit, row: v, body: fit(src) });
    for (const att of this.h.attached(X.name)) {
      const A = att.array;
      if (A.cols) {
        const c = this.h.core.freshIdx('c');
        b.writes.push({
          arr: A.name,
          row: v,
          col: { idx: (c as { name: string }).name, len: A.cols },
          body: { k: 'read', t: 'f', arr: A.name, idx: [src, c] },
        });
      } else
        b.writes.push({
          arr: A.name,
          row: v,
          body: { k: 'read', t: 'f', arr: A.name, idx: [src] },
        });
    }
    return [ranks, this.h.endStep(b, `sort.${X.name}`, N)];
  }

  /**
   * The rank of member `b.idx` of the union of A and B (A's rows first): the number of members
   * with a smaller fitness, or an equal one at a lower position; and its fitness.
   */
  private unionRank(b: EachStep, A: Population, B: Population): { rank: IExpr; fit: IExpr } {
    const m = b.idx;
    const nA = A.rows;
    const fitAt = (r: IExpr): IExpr => ({
      k: 'sel',
      t: 'f',
      c: bin('<', r, int(nA)),
      a: { k: 'read', t: 'f', arr: A.fit, idx: [foldExpr(bin('min', r, int(nA - 1)))] },
      b: {
        k: 'read',
        t: 'f',
        arr: B.fit,
        idx: [foldExpr(bin('max', bin('-', r, int(nA)), int(0)))],
      },
    });
    return this.stableRank(b, fitAt, nA + B.rows, 'union.f');
  }

  /**
   * The rank of b's individual m among n members whose fitness `fitAt` reads: the number of
   * members better than it, ties in favour of the lower position (a stable order). Binds m's
   * fitness (as `fitName`) and the rank in b.
   */
  private stableRank(
    b: EachStep,
    fitAt: (r: IExpr) => IExpr,
    n: number,
    fitName: string,
  ): { rank: IExpr; fit: IExpr } {
    const m = b.idx;
    const k = this.h.core.freshIdx('k');
    const myFit = b.fn.fresh(fitName);
    b.fn.bindings.push({ k: 'scalar', name: myFit, t: 'f', body: fitAt(m) });
    const fit: IExpr = { k: 'sref', t: 'f', name: myFit };
    const better = bin(
      'or',
      bin('<', fitAt(k), fit),
      bin('and', bin('==', fitAt(k), fit), bin('<', k, m)),
    );
    const rank = b.fn.fresh('rank');
    b.fn.bindings.push({ k: 'scalar', name: rank, t: 'i', body: countOf(k, n, better) });
    return { rank: { k: 'sref', t: 'i', name: rank }, fit };
  }

  /** `X = best(A, B)` with A other than X: the N best of A and B, sorted by fitness, into X. */
  bestSorted(X: Population, A: Population, B: Population): Step {
    const b = this.h.beginEachStep();
    const m = b.idx;
    const nA = A.rows;
    const n = A.rows + B.rows;
    // Member m of the union; its rank is the number of members better than it (ties by position),
    // and the N best go to rows 0..N-1 in rank order.
    const { rank: r, fit: mf } = this.unionRank(b, A, B);
    // Members ranked N or worse write nowhere: their row is N, one past the end, which the
    // backends skip (a write's row outside the array is dropped).
    const row = { k: 'sel', t: 'i', c: bin('<', r, int(X.rows)), a: r, b: int(X.rows) } as IExpr;
    const j = this.h.core.freshIdx('j');
    const jn = (j as { name: string }).name;
    const pointAt: IExpr = {
      k: 'sel',
      t: 'f',
      c: bin('<', m, int(nA)),
      a: { k: 'read', t: 'f', arr: A.name, idx: [foldExpr(bin('min', m, int(nA - 1))), j] },
      b: {
        k: 'read',
        t: 'f',
        arr: B.name,
        idx: [foldExpr(bin('max', bin('-', m, int(nA)), int(0))), j],
      },
    };
    b.writes.push({ arr: X.name, row, col: { idx: jn, len: this.h.dim() }, body: pointAt });
    b.writes.push({ arr: X.fit, row, body: mf });
    return this.h.endStep(b, `best.${X.name}`, n);
  }
}
