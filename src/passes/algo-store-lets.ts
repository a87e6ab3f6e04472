// Algorithm pass `store-lets`: which generation-level lets are computed once. A let (a `let`
// statement of the generation, where the source defines it: ir/step.ts LetStmt) is computed by
// every step that uses it (each binds it, so DE's argmin fuses into its step), which is right
// only while what it reads is unchanged; one that a step would see with other values, or that
// every individual of a large step would compute again, is computed once by a step of its own,
// `let.NAME`, at its place of definition, into a one-row state array `let.NAME` that the later
// steps read. The pass removes every let statement: no later stage computes one.

import { children, forEachNode, int, type IExpr, type IrFunc, type StateArray } from '../ir/ir.js';
import { foldExpr } from '../ir/fold.js';
import {
  allSteps,
  mapStepsOnce,
  unlowered,
  type AlgoProgram,
  type GenStmt,
  type LetStmt,
  type Step,
} from '../ir/step.js';

/**
 * A let every individual of a step would compute again, at this much work (its reductions' terms
 * times the step's individuals) or more, is computed once by a step of its own: PSO's global
 * best, an argmin over N = 4,096 particles, took 16 us of a 102 us generation computed again by
 * each of the 4,096 teams (H200, issue 15; docs/performance.md). At NP = 250 (62,500) the extra
 * step's dispatch would cost more than it saves.
 */
export const STORE_LET_WORK = 1 << 22;

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

/** A let with what its value reads and whether it draws, through the lets it uses. */
interface Let {
  stmt: LetStmt;
  reads: Set<string>;
  /** A new round (a repeat's next iteration) draws other numbers. */
  draws: boolean;
}

/** The let statements of a generation in order of definition, with what each reads and draws. */
function letsOf(g: GenStmt[]): Let[] {
  const out: Let[] = [];
  const byName = new Map<string, Let>();
  const walk = (ss: GenStmt[]) => {
    for (const s of ss) {
      if (s.k === 'let') {
        const l: Let = { stmt: s, reads: new Set(), draws: false };
        forEachNode(s.body, (n) => {
          if (n.k === 'read') l.reads.add(n.arr);
          if (n.k === 'draw') l.draws = true;
          const d = n.k === 'sref' ? byName.get(n.name) : undefined;
          if (d) {
            for (const r of d.reads) l.reads.add(r);
            l.draws ||= d.draws;
          }
        });
        out.push(l);
        byName.set(s.name, l);
      } else if (s.k === 'if') {
        walk(s.then);
        walk(s.else);
      } else if (s.k === 'repeat') walk(s.body);
    }
  };
  walk(g);
  return out;
}

/**
 * The lets to store: those that a step would see with other values than at their definition
 * (a step between the definition and a use writes an array the let reads, or the use is in a
 * `repeat` that the definition is outside of and the let draws, a new round, or the loop writes
 * what it reads), and those whose work a step would repeat STORE_LET_WORK times or more.
 */
function letsToStore(g: GenStmt[], lets: Let[], dim: number): Set<Let> {
  const byName = new Map(lets.map((l) => [l.stmt.name, l]));
  // `folded`: after constant folding (a choice the parameters rule out, DE's best1 branch
  // under rand1, uses nothing).
  const uses = (st: Step, folded = false): Set<Let> => {
    const f = st.prog.main;
    const out = new Set<Let>();
    const visit = (e: IExpr) =>
      forEachNode(folded ? foldExpr(e) : e, (n) => {
        const l = n.k === 'sref' ? byName.get(n.name) : undefined;
        if (l && !out.has(l)) {
          out.add(l);
          visit(l.stmt.body);
        }
      });
    for (const b of f.bindings) if (!byName.has(b.name)) visit(b.body);
    for (const w of f.writes ?? []) {
      visit(w.row);
      visit(w.body);
    }
    return out;
  };
  const writesOf = (ss: GenStmt[]) =>
    new Set(allSteps(ss).flatMap((st) => (st.prog.main.writes ?? []).map((w) => w.arr)));
  const meets = (a: Set<string>, b: Set<string>) => [...a].some((x) => b.has(x));
  const store = new Set<Let>();
  const walk = (ss: GenStmt[], dirty: Map<Let, boolean>) => {
    for (const x of ss) {
      if (x.k === 'let') {
        const l = byName.get(x.name);
        if (l) dirty.set(l, false);
      } else if (x.k === 'step') {
        for (const l of uses(x.step)) if (dirty.get(l)) store.add(l);
        for (const l of uses(x.step, true))
          if (!l.draws && x.step.n * letWork(l.stmt.body, dim) >= STORE_LET_WORK) store.add(l);
        const w = writesOf([x]);
        for (const l of dirty.keys()) if (meets(l.reads, w)) dirty.set(l, true);
      } else if (x.k === 'if') {
        const a = new Map(dirty);
        const b = new Map(dirty);
        walk(x.then, a);
        walk(x.else, b);
        for (const l of dirty.keys()) dirty.set(l, !!(a.get(l) || b.get(l)));
      } else if (x.k === 'repeat') {
        const w = writesOf(x.body);
        for (const l of dirty.keys()) if (l.draws || meets(l.reads, w)) dirty.set(l, true);
        walk(x.body, dirty);
      } else unlowered(x);
    }
  };
  walk(g, new Map());
  return store;
}

/** The next free individual index `indK` of the algorithm's steps (the elaborator's names). */
function indexNames(a: AlgoProgram): () => string {
  let k = 0;
  for (const st of [...a.init, ...allSteps(a.generation), a.track]) {
    const m = /^ind(\d+)$/.exec(st.prog.main.domain?.idx ?? '');
    if (m) k = Math.max(k, Number(m[1]));
  }
  return () => `ind${++k}`;
}

export function algoStoreLets(a: AlgoProgram): AlgoProgram {
  const lets = letsOf(a.generation);
  if (!lets.length) return a;
  const store = letsToStore(a.generation, lets, a.dim);
  // The stored ones' arrays after the others (the generation's own come last today), in order
  // of definition. Named apart from the let's scalar (g.NAME): a step's bindings and arrays share
  // one namespace.
  const arrayOf = new Map<string, StateArray>();
  for (const l of lets)
    if (store.has(l))
      arrayOf.set(l.stmt.name, { name: `let.${l.stmt.name.slice(2)}`, rows: 1, cols: 0 });
  // Each let statement: the step of a stored one in its place, nothing for the others.
  const rewrite = (ss: GenStmt[], letStep: (l: LetStmt) => Step): GenStmt[] =>
    ss.flatMap((x): GenStmt[] => {
      if (x.k === 'let') return arrayOf.has(x.name) ? [{ k: 'step', step: letStep(x) }] : [];
      if (x.k === 'if')
        return [{ ...x, then: rewrite(x.then, letStep), else: rewrite(x.else, letStep) }];
      if (x.k === 'repeat') return [{ ...x, body: rewrite(x.body, letStep) }];
      return [x];
    });
  if (!arrayOf.size)
    return {
      ...a,
      generation: rewrite(a.generation, () => {
        throw new Error('internal: no let is stored');
      }),
    };
  const state = [...a.state, ...arrayOf.values()];
  // A stored let's scalar in a step: a read of its array (integer lets stay integers).
  const read = (l: LetStmt): IExpr => {
    const A = arrayOf.get(l.name);
    if (!A) throw new Error(`internal: the let ${l.name} is not stored`);
    const r: IExpr = { k: 'read', t: 'f', arr: A.name, idx: [int(0)] };
    return l.body.t === 'i' ? { k: 'call', t: 'i', fn: 'int', args: [r] } : r;
  };
  const byName = new Map(lets.map((l) => [l.stmt.name, l.stmt]));
  const readStored = (f: IrFunc, own?: string): IrFunc => ({
    ...f,
    bindings: f.bindings.map((b) => {
      const l = b.k === 'scalar' && b.name !== own ? byName.get(b.name) : undefined;
      return l && arrayOf.has(l.name) ? { ...b, body: read(l) } : b;
    }),
  });
  const fresh = indexNames(a);
  // The problem's template (data, functions with the objective, box) as every step has it.
  const template = a.track.prog;
  /** The step `let.NAME` computing stored let `l` into its array: one individual. */
  const letStep = (l: LetStmt): Step => {
    const A = arrayOf.get(l.name);
    if (!A) throw new Error(`internal: the let ${l.name} is not stored`);
    const writes = [
      {
        arr: A.name,
        row: int(0),
        body: { k: 'sref', t: l.body.t, name: l.name } as IExpr,
      },
    ];
    // The lets it uses, through the lets they use, in order of definition (one reads another
    // stored one from its array; the lets that one used stay, dead, as the elaborator left them).
    const live = new Set<string>([l.name]);
    for (const d of [...lets].reverse())
      if (live.has(d.stmt.name))
        forEachNode(d.stmt.body, (n) => {
          if (n.k === 'sref') live.add(n.name);
        });
    const main: IrFunc = {
      name: 'main',
      input: '_',
      len: a.dim,
      bindings: lets
        .filter((d) => live.has(d.stmt.name))
        .map((d) => ({ k: 'scalar', name: d.stmt.name, t: d.stmt.body.t, body: d.stmt.body })),
      result: int(0),
      domain: { idx: fresh(), n: 1 },
      writes,
    };
    return {
      name: A.name,
      n: 1,
      evals: 0,
      prog: { ...template, name: `${a.name}.${A.name}`, main: readStored(main, l.name), state },
    };
  };
  const withState = (st: Step): Step => ({
    ...st,
    prog: { ...st.prog, main: readStored(st.prog.main), state },
  });
  const steps = mapStepsOnce(a, withState);
  return { ...steps, state, generation: rewrite(steps.generation, letStep) };
}
