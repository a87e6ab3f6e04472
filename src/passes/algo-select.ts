// Algorithm pass `select`: the selections (`(select ...)`, src/ir/step.ts SelectStmt) lowered to
// steps. `X = best(X, O)` in place (the ranks of the union, then each leaving row pulls its
// entrant), `X = best(A, B)` into X sorted, and `X = sorted(X)` (ranks, then each row pulls the
// individual of its rank). The ranks are stable: ties in favour of the first population and of
// lower rows. The rank arrays are the statement's (declared by the elaborator, in the state's
// order); the steps' programs are made by src/ir/step-builder.ts.

import { bin, int, num, type IExpr, type Write } from '../ir/ir.js';
import { foldExpr } from '../ir/fold.js';
import { StepMaker, guardStep } from '../ir/step-builder.js';
import {
  unlowered,
  type AlgoProgram,
  type GenStmt,
  type Population,
  type SelectStmt,
  type Step,
} from '../ir/step.js';

export function algoSelect(a: AlgoProgram): AlgoProgram {
  const gen = (g: GenStmt[]): GenStmt[] =>
    g.flatMap((s): GenStmt[] => {
      switch (s.k) {
        case 'step':
        case 'let': // the pass store-lets, after this one, decides the lets
          return [s];
        case 'if':
          return [{ ...s, then: gen(s.then), else: gen(s.else) }];
        case 'repeat':
          return [{ ...s, body: gen(s.body) }];
        case 'select':
          return lower(a, s).map((step) => ({ k: 'step', step }));
        case 'while':
          return unlowered(s);
      }
    });
  return { ...a, generation: gen(a.generation) };
}

function lower(a: AlgoProgram, s: SelectStmt): Step[] {
  const pop = (name: string): Population => {
    const p = a.populations.find((q) => q.name === name);
    if (!p) throw new Error(`internal: (select ${s.op} ${s.target}) names no population ${name}`);
    return p;
  };
  const X = pop(s.target);
  const [A, B] = s.from.map(pop);
  const [R0, R1] = s.ranks;
  // In the body of `repeat n while c`: every write on the loop's flag (guardStep: when it is
  // clear, a write stores what it reads there), but best.X's, which write only the rows that
  // change: they are dropped instead (rows outside the array), since a guard that read X at
  // those rows would double-buffer X, and the rows not written would be stale in the other copy.
  const W = s.guard;
  const flag: IExpr | undefined =
    W !== undefined ? { k: 'read', t: 'f', arr: W, idx: [int(0)] } : undefined;
  const guarded = (steps: Step[], except?: Step): Step[] => {
    if (W !== undefined && flag)
      for (const st of steps)
        if (st === except) st.guard = W;
        else guardStep(st, flag, W);
    return steps;
  };
  switch (s.op) {
    case 'best': {
      if (!A || R0 === undefined || R1 === undefined) break;
      const [ranks, best] = bestInPlace(a, X, A, R0, R1, s, flag);
      return guarded([ranks, best], best);
    }
    case 'best-into':
      if (!A || !B) break;
      return guarded([bestSorted(a, X, A, B)]);
    case 'sort':
      if (R0 === undefined) break;
      return guarded(sortInPlace(a, X, R0, s.attached));
  }
  throw new Error(`internal: (select ${s.op} ${s.target}) has not its populations or ranks`);
}

/** `count(k < n where cond)`: an integer reduction. */
function countOf(k: { name: string }, n: number, cond: IExpr): IExpr {
  return { k: 'red', t: 'i', op: 'count', idx: k.name, lo: int(0), hi: int(n), cond, body: int(1) };
}

const readInt = (arr: string, i: IExpr): IExpr => ({
  k: 'call',
  t: 'i',
  fn: 'int',
  args: [{ k: 'read', t: 'f', arr, idx: [i] }],
});

/**
 * `X = best(X, O)`: the N best of X and O stay in X, in place. An individual of X that is among
 * them keeps its row and the state attached to it; the rows of those that are not take the
 * entering members of O: the k-th leaving row (by rank) the k-th entering member (by rank), with
 * their attached state at its initial value (the statement's entrant writes). Two steps: the rank
 * of every member of the union (ties in favour of X and of lower rows), then each row of X pulls
 * its entrant, if any: only the rows that change are written (at large D the population is not
 * moved).
 */
function bestInPlace(
  a: AlgoProgram,
  X: Population,
  O: Population,
  RX: string,
  RO: string,
  s: SelectStmt,
  flag?: IExpr,
): [Step, Step] {
  const N = X.rows;
  const M = O.rows;
  // Step 1: ranks.
  const r1 = new StepMaker(a);
  const m = r1.idx;
  const rank = unionRank(r1, X, O).rank;
  // Rows outside an array are not written: member m < N writes RX[m], the others RO[m - N].
  r1.writes.push({
    arr: RX,
    row: { k: 'sel', t: 'i', c: bin('<', m, int(N)), a: m, b: int(N) },
    body: rank,
  });
  r1.writes.push({
    arr: RO,
    row: { k: 'sel', t: 'i', c: bin('>=', m, int(N)), a: bin('-', m, int(N)), b: int(M) },
    body: rank,
  });
  const ranks = r1.step(`rank.${X.name}`, N + M);
  // Step 2: each row of X that leaves pulls the entrant of the same ordinal. Its individual is
  // the entrant writes' (their draws are keyed by it).
  const e0 = s.entrant;
  const b = new StepMaker(a, e0?.domain?.idx, e0 ? [e0] : []);
  const v = b.idx;
  const myRank = b.scalar('rank', readInt(RX, v));
  // (In a `repeat n while c` body, only while the loop's flag is set.)
  const leaves = b.kept(
    'leaves',
    flag
      ? bin('and', bin('>=', myRank, int(N)), bin('!=', flag, num(0)))
      : bin('>=', myRank, int(N)),
  );
  const x = b.freshIdx('x');
  const ord = b.scalar(
    'ordinal',
    countOf(x, N, bin('and', bin('>=', readInt(RX, x), int(N)), bin('<', readInt(RX, x), myRank))),
  );
  const o = b.freshIdx('o');
  const o2 = b.freshIdx('o');
  const entrantOrd = countOf(
    o2,
    M,
    bin('and', bin('<', readInt(RO, o2), int(N)), bin('<', readInt(RO, o2), readInt(RO, o))),
  );
  const e = b.scalar('entrant', {
    k: 'red',
    t: 'i',
    op: 'sum',
    idx: o.name,
    lo: int(0),
    hi: int(M),
    cond: bin('and', bin('<', readInt(RO, o), int(N)), bin('==', entrantOrd, ord)),
    body: o,
  });
  const row: IExpr = { k: 'sel', t: 'i', c: leaves, a: v, b: int(N) };
  const j = b.freshIdx('j');
  b.writes.push({
    arr: X.name,
    row,
    col: { idx: j.name, len: a.dim },
    body: { k: 'read', t: 'f', arr: O.name, idx: [e, j] },
  });
  b.writes.push({ arr: X.fit, row, body: { k: 'read', t: 'f', arr: O.fit, idx: [e] } });
  // The attached state's initial values, at the rows that entrants take.
  if (e0) {
    b.bindings.push(...e0.bindings);
    b.writes.push(...(e0.writes ?? []).map((w): Write => ({ ...w, row })));
  }
  return [ranks, b.step(`best.${X.name}`, N)];
}

/**
 * `X = sorted(X)`: the rows of X in order of fitness (ties in favour of lower rows: stable),
 * with the state attached to X moving with its individual. Two steps: the rank of every row,
 * then row r pulls the individual ranked r (reading X at other rows while writing it: X, its
 * fitness and its attached state are double-buffered in that step). No evaluation.
 */
function sortInPlace(a: AlgoProgram, X: Population, R: string, attached: string[]): Step[] {
  const N = X.rows;
  const r1 = new StepMaker(a);
  const fit = (r: IExpr): IExpr => ({ k: 'read', t: 'f', arr: X.fit, idx: [r] });
  const { rank } = stableRank(r1, fit, N, 'sort.f');
  r1.writes.push({ arr: R, row: r1.idx, body: rank });
  const ranks = r1.step(`rank.${X.name}`, N);
  const b = new StepMaker(a);
  const v = b.idx;
  const o = b.freshIdx('o');
  // The individual ranked v (ranks are a permutation of 0..N-1: exactly one).
  const src = b.scalar('src', {
    k: 'red',
    t: 'i',
    op: 'sum',
    idx: o.name,
    lo: int(0),
    hi: int(N),
    cond: bin('==', readInt(R, o), v),
    body: o,
  });
  const j = b.freshIdx('j');
  b.writes.push({
    arr: X.name,
    row: v,
    col: { idx: j.name, len: a.dim },
    body: { k: 'read', t: 'f', arr: X.name, idx: [src, j] },
  });
  b.writes.push({ arr: X.fit, row: v, body: fit(src) });
  for (const name of attached) {
    const A = a.state.find((s) => s.name === name);
    if (!A) throw new Error(`internal: (select sort ${X.name}) moves no state array ${name}`);
    if (A.cols) {
      const c = b.freshIdx('c');
      b.writes.push({
        arr: A.name,
        row: v,
        col: { idx: c.name, len: A.cols },
        body: { k: 'read', t: 'f', arr: A.name, idx: [src, c] },
      });
    } else
      b.writes.push({ arr: A.name, row: v, body: { k: 'read', t: 'f', arr: A.name, idx: [src] } });
  }
  return [ranks, b.step(`sort.${X.name}`, N)];
}

/** `X = best(A, B)` with A other than X: the N best of A and B, sorted by fitness, into X. */
function bestSorted(a: AlgoProgram, X: Population, A: Population, B: Population): Step {
  const b = new StepMaker(a);
  const m = b.idx;
  const nA = A.rows;
  const n = A.rows + B.rows;
  // Member m of the union; its rank is the number of members better than it (ties by position),
  // and the N best go to rows 0..N-1 in rank order.
  const { rank: r, fit: mf } = unionRank(b, A, B);
  // Members ranked N or worse write nowhere: their row is N, one past the end, which the
  // backends skip (a write's row outside the array is dropped).
  const row: IExpr = { k: 'sel', t: 'i', c: bin('<', r, int(X.rows)), a: r, b: int(X.rows) };
  const j = b.freshIdx('j');
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
  b.writes.push({ arr: X.name, row, col: { idx: j.name, len: a.dim }, body: pointAt });
  b.writes.push({ arr: X.fit, row, body: mf });
  return b.step(`best.${X.name}`, n);
}

/**
 * The rank of member `b.idx` of the union of A and B (A's rows first): the number of members
 * with a smaller fitness, or an equal one at a lower position; and its fitness.
 */
function unionRank(b: StepMaker, A: Population, B: Population): { rank: IExpr; fit: IExpr } {
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
  return stableRank(b, fitAt, nA + B.rows, 'union.f');
}

/**
 * The rank of b's individual m among n members whose fitness `fitAt` reads: the number of
 * members better than it, ties in favour of the lower position (a stable order). Binds m's
 * fitness (as `fitName`) and the rank in b.
 */
function stableRank(
  b: StepMaker,
  fitAt: (r: IExpr) => IExpr,
  n: number,
  fitName: string,
): { rank: IExpr; fit: IExpr } {
  const m = b.idx;
  const k = b.freshIdx('k');
  const fit = b.scalar(fitName, fitAt(m));
  const better = bin(
    'or',
    bin('<', fitAt(k), fit),
    bin('and', bin('==', fitAt(k), fit), bin('<', k, m)),
  );
  return { rank: b.scalar('rank', countOf(k, n, better)), fit };
}
