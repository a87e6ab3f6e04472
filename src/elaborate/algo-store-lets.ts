// Stored lets: a generation-level let is computed by every step that uses it (so DE's argmin fuses
// into its step), which is right only while what it reads is unchanged; one that a step would see
// with other values, or that every individual of a large step would compute again, is computed
// once by a step of its own, `let.NAME`, into a one-row state array that the later steps read.
// The rewrite from the elaborator's statements (with their lets, ElabStmt) to the generation
// (GenStmt); the algorithm elaborator (algorithm.ts) runs it once the generation is lowered.

import { children, int, forEachNode, type IExpr, type StateArray } from '../ir/ir.js';
import { foldExpr } from '../ir/fold.js';
import {
  selectWrites,
  type GenStmt,
  type Population,
  type SelectStmt,
  type Step,
} from '../ir/step.js';
import { toReal } from './scope.js';
import type { ElabStmt, GenLet, StepBuilder } from './algo-builder.js';

/**
 * A let every individual of a step would compute again, at this much work (its reductions' terms
 * times the step's individuals) or more, is computed once by a step of its own (storeLets): PSO's
 * global best, an argmin over N = 4,096 particles, took 16 us of a 102 us generation computed
 * again by each of the 4,096 teams (H200, issue 15; docs/performance.md). At NP = 250 (62,500)
 * the extra step's dispatch would cost more than it saves.
 */
const STORE_LET_WORK = 1 << 22;

/** The terms of e's reductions (nested ones multiply; a bound not known here counts as D). */
function letWork(e: IExpr, dim: number): number {
  if (e.k === 'red') {
    const n = e.lo.k === 'int' && e.hi.k === 'int' ? Math.max(0, e.hi.v - e.lo.v) : dim;
    return n * Math.max(1, letWork(e.body, dim)) + (e.cond ? n * letWork(e.cond, dim) : 0);
  }
  let w = 0;
  for (const c of children(e)) w += letWork(c, dim);
  return w;
}

/** What the rewrite needs of the algorithm elaborator. */
export interface StoreLetsHost {
  /** The generation-level lets in order of definition (each gains `stored` when it is). */
  genLets: GenLet[];
  dim: number;
  /** The populations (what a selection writes: its target's fitness). */
  populations: Population[];
  /** Declares a state array (after those declared so far). */
  declare(A: StateArray): void;
  beginStep(): StepBuilder;
  endStep(b: StepBuilder, name: string, n: number): Step;
}

/**
 * Generation-level lets are computed by every step that uses them (so DE's argmin fuses into
 * its step), which is right only while what they read is unchanged. A let that a step would see
 * with other values is computed once, where it is defined, by a step of its own into a one-row
 * state array that later steps read: when a step between its definition and a use writes an
 * array it reads, or the use is in a `repeat` that its definition is outside of and it draws
 * (a new round, new draws) or the loop writes what it reads.
 */
export function storeLets(stmts: ElabStmt[], h: StoreLetsHost): GenStmt[] {
  const names = new Set(h.genLets.map((g) => g.name));
  const byName = new Map(h.genLets.map((g) => [g.name, g]));
  // `folded`: after constant folding (a choice the parameters rule out, DE's best1 branch
  // under rand1, uses nothing).
  const uses = (st: Step, folded = false): Set<GenLet> => {
    const f = st.prog.main;
    const out = new Set<GenLet>();
    const visit = (e: IExpr) =>
      forEachNode(folded ? foldExpr(e) : e, (n) => {
        const g = n.k === 'sref' ? byName.get(n.name) : undefined;
        if (g && !out.has(g)) {
          out.add(g);
          visit(g.body);
        }
      });
    for (const b of f.bindings) if (!names.has(b.name)) visit(b.body);
    for (const w of f.writes ?? []) {
      visit(w.row);
      visit(w.body);
    }
    return out;
  };
  const all = (ss: ElabStmt[]): Step[] =>
    ss.flatMap((x) =>
      x.k === 'step'
        ? [x.step]
        : x.k === 'if'
          ? [...all(x.then), ...all(x.else)]
          : x.k === 'repeat'
            ? all(x.body)
            : [],
    );
  // A selection's steps are made later (the select pass), but what they write is known.
  const selects = (ss: ElabStmt[]): SelectStmt[] =>
    ss.flatMap((x) =>
      x.k === 'select'
        ? [x]
        : x.k === 'if'
          ? [...selects(x.then), ...selects(x.else)]
          : x.k === 'repeat'
            ? selects(x.body)
            : [],
    );
  const writesOf = (ss: ElabStmt[]) =>
    new Set([
      ...all(ss).flatMap((st) => (st.prog.main.writes ?? []).map((w) => w.arr)),
      ...selects(ss).flatMap((x) => selectWrites(x, h.populations)),
    ]);
  const meets = (a: Set<string>, b: Set<string>) => [...a].some((x) => b.has(x));
  const store = new Set<GenLet>();
  const walk = (ss: ElabStmt[], dirty: Map<GenLet, boolean>) => {
    for (const x of ss) {
      if (x.k === 'let') dirty.set(x.let, false);
      else if (x.k === 'select') {
        const w = writesOf([x]);
        for (const g of dirty.keys()) if (meets(g.reads, w)) dirty.set(g, true);
      } else if (x.k === 'step') {
        for (const g of uses(x.step)) if (dirty.get(g)) store.add(g);
        for (const g of uses(x.step, true))
          if (!g.draws && x.step.n * letWork(g.body, h.dim) >= STORE_LET_WORK) store.add(g);
        const w = writesOf([x]);
        for (const g of dirty.keys()) if (meets(g.reads, w)) dirty.set(g, true);
      } else if (x.k === 'if') {
        const a = new Map(dirty);
        const b = new Map(dirty);
        walk(x.then, a);
        walk(x.else, b);
        for (const g of dirty.keys()) dirty.set(g, !!(a.get(g) || b.get(g)));
      } else {
        const w = writesOf(x.body);
        for (const g of dirty.keys()) if (g.draws || meets(g.reads, w)) dirty.set(g, true);
        walk(x.body, dirty);
      }
    }
  };
  walk(stmts, new Map());
  // The stored ones, in order of definition: a step computes each, every step reads it.
  const steps = new Map<GenLet, Step>();
  for (const g of h.genLets) {
    if (!store.has(g)) continue;
    // Named apart from the let's scalar (g.c): a step's bindings and arrays share one namespace.
    const A: StateArray = { name: `let.${g.name.slice(2)}`, rows: 1, cols: 0 };
    h.declare(A);
    g.stored = A;
    const b = h.beginStep();
    b.writes.push({
      arr: A.name,
      row: int(0),
      body: toReal({ k: 'sref', t: g.body.t, name: g.name }),
    });
    steps.set(g, h.endStep(b, `let.${g.name.slice(2)}`, 1));
  }
  for (const st of [...all(stmts), ...steps.values()])
    for (const bd of st.prog.main.bindings) {
      const g = byName.get(bd.name);
      if (!g?.stored || steps.get(g) === st || bd.k !== 'scalar') continue;
      const read: IExpr = { k: 'read', t: 'f', arr: g.stored.name, idx: [int(0)] };
      bd.body = g.body.t === 'i' ? { k: 'call', t: 'i', fn: 'int', args: [read] } : read;
    }
  const lower = (ss: ElabStmt[]): GenStmt[] =>
    ss.flatMap((x): GenStmt[] => {
      if (x.k === 'step' || x.k === 'select') return [x];
      if (x.k === 'let') {
        const st = steps.get(x.let);
        return st ? [{ k: 'step', step: st }] : [];
      }
      if (x.k === 'if')
        return [{ k: 'if', cond: x.cond, then: lower(x.then), else: lower(x.else) }];
      return [{ k: 'repeat', count: x.count, body: lower(x.body) }];
    });
  return lower(stmts);
}
