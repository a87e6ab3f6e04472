// Bringing an algorithm's points into the problem's box (the run's bound policy, `bounds = NAME`,
// stdlib/bounds/bounds.opt): the box's sides as the algorithm reads them (rounded inward to
// float32), the repair of a point before it is evaluated (one a point), a resample's tries
// (`retry(n, fallback)`) with their own draws. A concern of the algorithm elaborator
// (algorithm.ts), which holds one BoxRepair and gives it what it reads of its state.

import type { Loc, RepairDecl } from '../parser/ast.js';
import {
  bin,
  forEachNode,
  int,
  num,
  some,
  transform,
  type Binding,
  type IExpr,
  type IrProgram,
} from '../ir/ir.js';
import { constValue } from '../ir/fold.js';
import { inwardFloat32 } from '../ir/float32.js';
import type { ElabCore } from './core.js';
import type { ProblemElaborator } from './problem.js';
import { didYouMean, newScope, toReal, type Scope, type ScopeHooks, type Val } from './scope.js';
import { kept, type SiteNumbers, type StepBuilder } from './algo-builder.js';

/** The most points a resample (`retry(n, fallback)`) draws. */
export const MAX_TRIES = 100;

/** The data of a box side's bounds rounded inward to float32 (side). */
export const inwardName = (n: string) => `${n}.inward`;

/** What the box repair reads of the algorithm elaborator (its per-request values as functions). */
export interface BoundsHost {
  core: ElabCore;
  problems: ProblemElaborator;
  hooks: ScopeHooks;
  sites: SiteNumbers;
  dim(): number;
  problem(): IrProgram;
  /** The run's bound policy; undefined under `bounds = none`. */
  policy(): RepairDecl | undefined;
  /** A scope for constants (a retry's number of tries). */
  constScope(): Scope;
}

export class BoxRepair {
  constructor(private readonly h: BoundsHost) {}

  /**
   * Side k (0 lower, 1 upper) of the box the algorithm works in: a number, or the name of a data
   * vector (a box per coordinate). Each bound is the float32 nearest it on the inside
   * (ir/float32.ts; data `inward`, added by lowerAlgorithm): the GPU holds float32, and a point
   * it clips to fround(-32.768) = -32.768002 would lie outside the declared box. The same values
   * on the CPU backend, so that the two run one program.
   */
  side(k: 0 | 1): number | string {
    const arr = this.h.problem().coords?.[k];
    return arr ? inwardName(arr) : inwardFloat32(this.h.problem().box[k], k === 0 ? 1 : -1);
  }

  /**
   * The bounds of coordinate `j`: the box's numbers, or reads of its data vectors (a box per
   * coordinate), rounded inward to float32 (boxSide).
   */
  at(j: IExpr): [IExpr, IExpr] {
    return ([0, 1] as const).map((k): IExpr => {
      const side = this.side(k);
      return typeof side === 'string' ? { k: 'read', t: 'f', arr: side, idx: [j] } : num(side);
    }) as [IExpr, IExpr];
  }

  /**
   * Whether `e`, element `j` of a vector, is clamp(_, lo, hi) with the problem's box: a coordinate
   * inside it.
   */
  private clipped(e: IExpr, j: string): boolean {
    if (e.k !== 'call' || e.fn !== 'clamp' || e.args.length !== 3) return false;
    const idx: IExpr = { k: 'idx', t: 'i', name: j };
    return this.at(idx).every((b, k) => {
      const a = e.args[k + 1]!;
      if (b.k === 'read')
        return a.k === 'read' && a.arr === b.arr && a.idx[0]?.k === 'idx' && a.idx[0].name === j;
      return constValue(a) === constValue(b);
    });
  }

  /**
   * Point `v`, about to be evaluated (and stored with its fitness), brought into the box by the
   * run's policy: the array of the repaired point. Each coordinate is the policy's expression
   * with x the coordinate, p the parent's (`parent`, else row `row` of the population the step
   * runs over, else x clipped to the box) and lo, hi the box; its draws are keyed by the use
   * (`loc`) and the coordinate. One repair a point: f(u) and X[i] = u share it and its fitness.
   * Under `bounds = none` the point as it is.
   */
  inBox(b: StepBuilder, v: Val & { s: 'vector' }, loc: Loc, parent?: (j: IExpr) => IExpr): string {
    const arr = this.h.core.materialise(v, b.fn, 'point').array;
    const policy = this.h.policy();
    if (!policy || b.inBox.has(arr)) return arr;
    const known = b.repaired.get(arr);
    if (known) return known;
    // A point its operator clipped already (`let y[j] = clamp(..., lo, hi)`: Solis-Wets) is inside.
    const def = b.fn.bindings.find((x) => x.name === arr);
    if (def?.k === 'vec' && this.clipped(def.body, def.idx)) {
      b.inBox.add(arr);
      return arr;
    }
    const over = b.over;
    const row = b.row ?? b.idx;
    const j = this.h.core.freshIdx('j');
    this.h.core.coordinates.add(j.name);
    const [lo, hi] = this.at(j);
    const at = (a: string): IExpr => ({ k: 'read', t: 'f', arr: a, idx: [j] });
    const p: IExpr = parent
      ? parent(j)
      : over && row
        ? { k: 'read', t: 'f', arr: over.name, idx: [row, j] }
        : { k: 'call', t: 'f', fn: 'clamp', args: [at(arr), lo, hi] };
    const retry = this.retryOf(policy);
    let body: IExpr;
    if (!retry) body = this.policyValue(b, policy, at(arr), p, j, loc);
    else {
      // resample: the point's operator drawn again (its draws at sites of their own), up to
      // `tries` points in all; the first inside the box is taken, else the fallback policy's
      // repair of the last.
      const points = [arr];
      for (let t = 1; t < retry.tries; t++) points.push(this.redraw(b, arr, t));
      const inside = points.map((a) => kept(this.h.core, b.fn, 'inside', this.insideBox(a)));
      const last = at(points.at(-1)!);
      body = this.policyValue(b, retry.fallback, last, p, j, loc);
      for (let t = points.length - 1; t >= 0; t--)
        body = { k: 'sel', t: 'f', c: inside[t]!, a: at(points[t]!), b: body };
    }
    const name = b.fn.fresh(`${arr}_in`);
    b.fn.bindings.push({ k: 'vec', name, idx: j.name, len: this.h.dim(), body: toReal(body) });
    b.repaired.set(arr, name);
    b.inBox.add(name);
    return name;
  }

  /**
   * Policy `policy`'s value at coordinate j: x the coordinate, p the parent's, lo and hi its
   * bounds; its draws keyed by the point's use (`loc`) and the coordinate.
   */
  private policyValue(
    b: StepBuilder,
    policy: RepairDecl,
    x: IExpr,
    p: IExpr,
    j: IExpr & { k: 'idx' },
    loc: Loc,
  ): IExpr {
    const [lo, hi] = this.at(j);
    const sc = newScope({
      fn: b.fn,
      len: this.h.dim(),
      dimName: 'D',
      file: policy.file,
      hooks: this.h.hooks,
    });
    const [xn, pn] = policy.params.map((q) => q.name) as [string, string];
    sc.vars.set(xn, { s: 'scalar', e: x });
    sc.vars.set(pn, { s: 'scalar', e: p });
    sc.vars.set('lo', { s: 'scalar', e: lo });
    sc.vars.set('hi', { s: 'scalar', e: hi });
    // The coordinate's index, innermost: the policy's draws are keyed by it (drawKey).
    sc.idxs.set(`${j.name}.coordinate`, j);
    return this.h.sites.salted(`${loc.file}:${loc.offset}`, () =>
      this.h.core.number(this.h.problems.expr(policy.value, sc), policy.value),
    );
  }

  /**
   * A policy `repair NAME(x, p) = retry(TRIES, FALLBACK)`: resample, TRIES points in all (1 to
   * MAX_TRIES, a constant), then policy FALLBACK (a repair that is not itself a retry); undefined
   * for any other policy. OPT6046 for another use of retry in a policy's body.
   */
  retryOf(policy: RepairDecl): { tries: number; fallback: RepairDecl } | undefined {
    const v = policy.value;
    if (v.kind !== 'call' || v.callee !== 'retry') return undefined;
    const [n, f] = v.args;
    const bad = (why = ''): never => this.h.core.fail('RetryForm', v.loc, MAX_TRIES, why);
    if (v.args.length !== 2 || !n || !f) return bad(` (it has ${v.args.length} arguments)`);
    if (n.name || f.name) return bad(' (its arguments have no names)');
    if (f.value.kind !== 'name') return bad(' (the fallback is a name)');
    const tries = this.h.core.typedConstant(
      this.h.problems.expr(n.value, this.h.constScope()),
      n.value,
      'the number of tries of retry',
    ).v;
    if (!Number.isInteger(tries) || tries < 1 || tries > MAX_TRIES) bad(` (here ${tries})`);
    const name = (f.value as { name: string }).name;
    const fallback = this.h.core.repairs.get(name);
    if (!fallback)
      return bad(` ('${name}' is no repair${didYouMean(name, [...this.h.core.repairs.keys()])})`);
    const fv = fallback.value;
    if (fv.kind === 'call' && fv.callee === 'retry') bad(` ('${name}' is a retry)`);
    return { tries, fallback };
  }

  /** Whether every coordinate of vector `a` lies in the box (a condition). */
  private insideBox(a: string): IExpr {
    const j = this.h.core.freshIdx('j');
    this.h.core.coordinates.add(j.name);
    const [lo, hi] = this.at(j);
    const x: IExpr = { k: 'read', t: 'f', arr: a, idx: [j] };
    const out = bin('or', bin('<', x, lo), bin('>', x, hi));
    const n: IExpr = {
      k: 'red',
      t: 'i',
      op: 'count',
      idx: j.name,
      lo: int(0),
      hi: int(this.h.dim()),
      cond: out,
      body: int(1),
    };
    return bin('==', n, int(0));
  }

  /**
   * Vector `arr` of step `b` computed again with new draws, for try `t` of a resample: each
   * binding it depends on that draws (directly or through others) is copied, its draws at sites
   * of their own (keyed by the original site and t), and the copies read one another. Bindings
   * that draw nothing are shared. A binding outside the point's computation that reads the same
   * draws (jDE's stored F and CR) keeps the first draw's values.
   */
  private redraw(b: StepBuilder, arr: string, t: number): string {
    const defs = new Map(b.fn.bindings.map((x) => [x.name, x]));
    const draws = new Map<string, boolean>();
    const ref = (n: IExpr) =>
      n.k === 'sref' ? n.name : n.k === 'read' ? n.arr : n.k === 'vref' ? n.name : undefined;
    const drawsIn = (name: string): boolean => {
      const known = draws.get(name);
      if (known !== undefined) return known;
      draws.set(name, false); // no cycles among bindings; a guard all the same
      const d = defs.get(name);
      const r =
        !!d &&
        some(d.body, (n) => {
          const m = ref(n);
          return n.k === 'draw' || (m !== undefined && m !== name && drawsIn(m));
        });
      draws.set(name, r);
      return r;
    };
    const copies = new Map<string, string>();
    const copy = (name: string): string => {
      if (!drawsIn(name)) return name;
      const done = copies.get(name);
      if (done) return done;
      const d = defs.get(name)!;
      forEachNode(d.body, (n) => {
        const m = ref(n);
        if (m !== undefined && m !== name) copy(m);
      });
      const body = transform(d.body, (n) => {
        if (n.k === 'draw') return { ...n, site: this.h.sites.retry(n.site, t) };
        if (n.k === 'sref' && copies.has(n.name)) return { ...n, name: copies.get(n.name)! };
        if (n.k === 'read' && copies.has(n.arr)) return { ...n, arr: copies.get(n.arr)! };
        if (n.k === 'vref' && copies.has(n.name)) return { ...n, name: copies.get(n.name)! };
        return n;
      });
      const fresh = b.fn.fresh(`${name}_r${t}`);
      b.fn.bindings.push({ ...d, name: fresh, body } as Binding);
      copies.set(name, fresh);
      return fresh;
    };
    return copy(arr);
  }
}
