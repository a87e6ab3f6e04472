// The algorithm's state (the state concern of algorithm.ts): its populations and state arrays
// declared (sizes, shapes, a state attached to a population: `state S[X] = ...`), bound in the
// base scope, and their initialisation steps (a population drawn uniformly in the box or copied
// from another, a state array filled with its initial value); the write of a state's initial
// value is also that of an individual entering a population with state attached (algo-select.ts).

import type { Expr, Loc, StateDecl } from '../parser/ast.js';
import { at, bin, type IExpr, type StateArray, type Write } from '../ir/ir.js';
import type { DiagKind } from '../parser/diagnostics.js';
import { foldExpr } from '../ir/fold.js';
import type { Population, Step } from '../ir/step.js';
import { Abort, type ElabCore } from './core.js';
import type { ProblemElaborator } from './problem.js';
import type { BoxRepair } from './algo-bounds.js';
import type { Attached, EachStep, StateIndices, StepBuilder } from './algo-builder.js';
import { childScope, namedIndex, toReal, withIndex, type Scope, type Val } from './scope.js';

/** Call sites the compiler adds (initialisation draws) are numbered from here. */
const INTERNAL_SITE = 1 << 20;

/** What the state declarations need of the algorithm elaborator. */
export interface StateHost {
  core: ElabCore;
  problems: ProblemElaborator;
  box: BoxRepair;
  dim(): number;
  /** The state arrays, populations, names and attached state declared so far (appended to). */
  stateArrays: StateArray[];
  pops: Population[];
  stateNames: Map<string, StateArray>;
  attached: Map<string, Attached[]>;
  /** The value of `e`, a constant integer or real (algo-params.ts). */
  constantOf(e: Expr, sc: Scope, what: string): { t: 'i' | 'f'; v: number };
  notGen(name: string, loc: Loc): void;
  beginEachStep(): EachStep;
  endStep(b: StepBuilder, name: string, n: number): Step;
  /** The fitness of the point in array `arr`, evaluated once in step `b`. */
  evaluate(b: StepBuilder, arr: string): IExpr;
  /** Makes `b` the step whose individual keys the draws (null: none); returns the one before. */
  setStep(b: StepBuilder | null): StepBuilder | null;
}

export class AlgoState {
  private internalSites = 0;

  constructor(private readonly h: StateHost) {}

  private fail(kind: DiagKind, loc: Loc | undefined, ...args: (string | number)[]): never {
    this.h.core.fail(kind, loc, ...args);
  }

  states(decls: StateDecl[], sc: Scope): Step[] {
    const steps: Step[] = [];
    for (const d of decls) {
      // Set once the name itself is valid: a declaration that fails after that (its size, its
      // shape) makes later uses of the name quiet (core.failedNames), one that fails on its name
      // (reserved, a duplicate) does not.
      let named = false;
      try {
        this.h.notGen(d.name, d.nameLoc);
        if (sc.vars.has(d.name) || this.h.stateNames.has(d.name))
          this.fail('DuplicateName', d.nameLoc, d.name, '');
        named = true;
        // `state S[X] = ...`: one row per individual of population X, moving with it.
        const first = d.dims[0];
        const owner =
          d.kind === 'state' && first?.kind === 'name'
            ? this.h.pops.find((p) => p.name === (first as { name: string }).name)
            : undefined;
        // `state C[i < D][j < D] = ...`: an extent that names its index for the initial value.
        const indices: StateIndices = {};
        const dims = d.dims.map((dim, k) => {
          if (k === 0 && owner) return owner.rows;
          let e = dim;
          const named = d.kind === 'state' && k < 2 ? namedIndex(e) : undefined;
          if (named) {
            const { name } = named;
            if (name === indices.row || sc.vars.has(name) || this.h.stateNames.has(name))
              this.fail('DuplicateName', named.loc, name, '');
            if (k === 0) indices.row = name;
            else indices.col = name;
            e = named.bound;
          }
          const c = this.h.constantOf(e, sc, 'the size of a state array');
          if (c.t !== 'i')
            this.fail(
              'RealSize',
              e.loc,
              this.h.core.snippet(e.loc) ?? 'this',
              this.h.core.realSizeHint(e, c.v),
            );
          if (c.v < 1) this.fail('BadStateSize', e.loc, c.v);
          return c.v;
        });
        // The grammar gives a state array at least one extent.
        const rows = at(dims, 0, 'the extents of a state array');
        if (d.kind === 'population') {
          if (dims.length !== 1) this.fail('PopulationShape', d.loc, d.name);
          const X: StateArray = { name: d.name, rows, cols: this.h.dim() };
          const F: StateArray = { name: `${d.name}.f`, rows, cols: 0 };
          this.h.stateArrays.push(X, F);
          this.h.stateNames.set(X.name, X);
          this.h.stateNames.set(F.name, F);
          this.h.pops.push({ name: X.name, fit: F.name, rows });
          sc.vars.set(d.name, this.matrixOf(X));
          sc.origins.set(d.name, `the population ${d.name}`);
          steps.push(this.initPopulation(d, X, F));
        } else {
          if (dims.length > 2) this.fail('StateShape', d.loc, d.name);
          const A: StateArray = { name: d.name, rows, cols: dims[1] ?? 0 };
          this.h.stateArrays.push(A);
          this.h.stateNames.set(A.name, A);
          if (!d.init) this.fail('MissingStateInit', d.loc, d.name);
          steps.push(this.initState(d.init, A, sc, indices));
          if (owner) {
            const list = this.h.attached.get(owner.name) ?? [];
            this.h.attached.set(owner.name, list);
            list.push({ array: A, init: d.init, scope: sc, indices });
          }
          sc.vars.set(d.name, A.cols ? this.matrixOf(A) : this.vectorOf(A));
          sc.origins.set(d.name, `the state ${d.name}`);
        }
      } catch (e) {
        if (!(e instanceof Abort)) throw e;
        if (named) this.h.core.failedNames.add(d.name);
      }
    }
    return steps;
  }

  private matrixOf(A: StateArray): Val {
    return {
      s: 'matrix',
      rows: A.rows,
      cols: A.cols,
      at: (i, j) => ({ k: 'read', t: 'f', arr: A.name, idx: [i, j] }),
    };
  }

  private vectorOf(A: StateArray): Val {
    return { s: 'vector', len: A.rows, at: (i) => ({ k: 'read', t: 'f', arr: A.name, idx: [i] }) };
  }

  private initPopulation(d: StateDecl, X: StateArray, F: StateArray): Step {
    const b = this.h.beginEachStep();
    const i = b.idx;
    const j: IExpr = this.h.core.freshIdx('j');
    const jn = (j as { name: string }).name;
    let point: IExpr;
    let fit: IExpr;
    if (d.init) {
      // population B[N] = P: a copy of another population (points and fitness).
      const src =
        d.init.kind === 'name'
          ? this.h.pops.find((p) => p.name === (d.init as { name: string }).name)
          : undefined;
      if (!src) this.fail('BadPopulationInit', d.init.loc);
      if (src.rows !== X.rows)
        this.fail('PopulationCopySize', d.init.loc, X.name, X.rows, src.name, src.rows);
      point = { k: 'read', t: 'f', arr: src.name, idx: [i, j] };
      fit = { k: 'read', t: 'f', arr: src.fit, idx: [i] };
    } else {
      const site = INTERNAL_SITE + this.internalSites++;
      const u: IExpr = { k: 'draw', t: 'f', dist: 'u', site, args: [i, j] };
      const name = b.fn.fresh(`${X.name}.init`);
      const [lo, hi] = this.h.box.at(j);
      b.fn.bindings.push({
        k: 'vec',
        name,
        idx: jn,
        len: this.h.dim(),
        // lo + (hi - lo) u: (hi - lo) folds to one constant for a box the same at every coordinate.
        body: bin('+', lo, bin('*', foldExpr(bin('-', hi, lo)), u)),
      });
      fit = this.h.evaluate(b, name);
      point = { k: 'read', t: 'f', arr: name, idx: [j] };
    }
    b.writes.push({ arr: X.name, row: i, col: { idx: jn, len: this.h.dim() }, body: point });
    b.writes.push({ arr: F.name, row: i, body: fit });
    return this.h.endStep(b, `init.${X.name}`, X.rows);
  }

  /** The step that fills state array `A` with `init` (its declared initial value). */
  private initState(init: Expr, A: StateArray, sc: Scope, indices: StateIndices): Step {
    const b = this.h.beginEachStep();
    b.writes.push(this.initWrite(init, A, sc, b, b.idx, indices));
    return this.h.endStep(b, `init.${A.name}`, A.rows);
  }

  /**
   * The write of state array A's initial value `init` at `row`, in step `b` (its draws keyed by
   * b's individual): the initialisation, and an individual entering a population with state
   * attached to it.
   */
  initWrite(
    init: Expr,
    A: StateArray,
    sc: Scope,
    b: EachStep,
    row: IExpr,
    indices: StateIndices = {},
  ): Write {
    let inner = childScope(sc, b.fn);
    if (indices.row) inner = withIndex(inner, indices.row, row);
    const saved = this.h.setStep(b); // draws in the initial value are keyed by the row
    try {
      if (A.cols) {
        const j = this.h.core.freshIdx('j');
        if (A.cols === this.h.dim()) this.h.core.coordinates.add(j.name);
        let withJ = withIndex(inner, '$col', j);
        if (indices.col) withJ = withIndex(withJ, indices.col, j);
        const v = this.h.core.number(this.h.problems.expr(init, withJ), init);
        return {
          arr: A.name,
          row,
          col: { idx: (j as { name: string }).name, len: A.cols },
          body: toReal(v),
        };
      }
      const v = this.h.core.number(this.h.problems.expr(init, inner), init);
      return { arr: A.name, row, body: toReal(v) };
    } finally {
      this.h.setStep(saved);
    }
  }
}
