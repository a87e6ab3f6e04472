// A step built outside the elaborator: an algorithm pass that lowers a statement to steps
// (passes/algo-select.ts) makes their programs here. The problem's part of a step program (data,
// functions, box, optimum) is the same in every step, so it is taken from a step the algorithm
// has (its track); the state is the algorithm's. The names a step adds are made unique inside
// its program (binding names as the elaborator's FuncBuilder makes them: base, base_1, ...;
// index names also apart from every index of the problem's functions, which inlining brings in).

import {
  bin,
  forEachNode,
  int,
  num,
  type Binding,
  type IExpr,
  type IrFunc,
  type Write,
} from './ir.js';
import type { AlgoProgram, Step } from './step.js';

export class StepMaker {
  readonly bindings: Binding[] = [];
  readonly writes: Write[] = [];
  /** The individual index of the step's domain. */
  readonly idx: IExpr & { k: 'idx' };
  private readonly names = new Set<string>(['_']);
  private readonly indices = new Set<string>();

  /**
   * A step of algorithm `a`, its individual index `idx` (or a fresh one), apart from the names of
   * `others` (functions whose bindings and writes the step takes in).
   */
  constructor(
    private readonly a: AlgoProgram,
    idx?: string,
    others: IrFunc[] = [],
  ) {
    const p = a.track.prog;
    // The problem's data shares the step's namespace (as the elaborator's beginStep reserves it).
    for (const d of p.data) this.names.add(d.name);
    for (const f of [...p.funcs, ...others]) {
      // A function's input too: an index is never named like a vector the step could read.
      this.names.add(f.input);
      this.indices.add(f.input);
      for (const b of f.bindings) this.names.add(b.name);
      reserveIndices(f, this.indices);
    }
    this.idx = idx !== undefined ? { k: 'idx', t: 'i', name: idx } : this.freshIdx('ind');
    this.indices.add(this.idx.name);
  }

  /** A binding name of the step, unused so far. */
  fresh(base: string): string {
    let n = base;
    for (let k = 1; this.names.has(n); k++) n = `${base}_${k}`;
    this.names.add(n);
    return n;
  }

  /** An index of the step, used by no other index of it or of the problem's functions. */
  freshIdx(base: string): IExpr & { k: 'idx' } {
    let n = base;
    for (let k = 1; this.indices.has(n); k++) n = `${base}_${k}`;
    this.indices.add(n);
    return { k: 'idx', t: 'i', name: n };
  }

  /** A scalar binding `base = e` of the step, and a reference to it. */
  scalar(base: string, e: IExpr): IExpr {
    const name = this.fresh(base);
    this.bindings.push({ k: 'scalar', name, t: e.t, body: e });
    return { k: 'sref', t: e.t, name };
  }

  /** Condition `c` computed once, as an integer scalar (0 or 1) of the step: its test. */
  kept(base: string, c: IExpr): IExpr {
    const k = this.scalar(base, { k: 'sel', t: 'i', c, a: int(1), b: int(0) });
    return bin('!=', k, int(0));
  }

  /** The step `name` over `n` individuals, with what was bound and written (no evaluations). */
  step(name: string, n: number): Step {
    const p = this.a.track.prog;
    const main: IrFunc = {
      name: 'main',
      input: '_',
      len: this.a.dim,
      bindings: this.bindings,
      result: int(0),
      domain: { idx: this.idx.name, n },
      writes: this.writes,
    };
    return {
      name,
      n,
      evals: 0,
      prog: { ...p, name: `${this.a.name}.${name}`, main, state: this.a.state },
    };
  }
}

/** Every index name that function f binds or reads, added to `out`. */
function reserveIndices(f: IrFunc, out: Set<string>): void {
  if (f.domain) out.add(f.domain.idx);
  const visit = (e: IExpr) =>
    forEachNode(e, (n) => {
      if (n.k === 'idx') out.add(n.name);
      if (n.k === 'red') out.add(n.idx);
    });
  for (const b of f.bindings) {
    if (b.k !== 'scalar') out.add(b.idx);
    visit(b.body);
  }
  for (const w of f.writes ?? []) {
    if (w.col) out.add(w.col.idx);
    visit(w.row);
    visit(w.body);
  }
  visit(f.result);
}

/**
 * Every write of `st` conditional on the flag of a `repeat n while c` loop (a one-row array W,
 * read as `flag`): when it is clear the write stores what the step read there (in place: the
 * value it has; double-buffered: a copy into the other buffer).
 */
export function guardStep(st: Step, flag: IExpr, W: string): void {
  const on = bin('!=', flag, num(0));
  const f = st.prog.main;
  f.writes = (f.writes ?? []).map((w) => {
    const old: IExpr = {
      k: 'read',
      t: 'f',
      arr: w.arr,
      idx: w.col ? [w.row, { k: 'idx', t: 'i', name: w.col.idx }] : [w.row],
    };
    // The state holds reals: an integer value (a selection's rank) and the real read are a real.
    return { ...w, body: { k: 'sel', t: 'f', c: on, a: w.body, b: old } };
  });
  st.guard = W;
}
