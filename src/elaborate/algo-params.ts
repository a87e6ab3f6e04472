// The algorithm's parameters, resolved for one run (the parameter concern of algorithm.ts): each
// parameter's value (its default, a --set override, its range), the choice symbols (a choice
// `mode = a in {a, b}` makes `a` and `b` names, numbered in order of declaration), the
// bound-handling policy `bounds`, and the scopes the algorithm is elaborated in (the constant
// scope of parameter defaults and sizes; the base scope with the parameters, lo and hi bound).

import type { AlgorithmDecl, Expr, Loc, ParamDecl, RepairDecl } from '../parser/ast.js';
import { int, num, type IrProgram } from '../ir/ir.js';
import type { DiagKind } from '../parser/diagnostics.js';
import { Abort, BOUNDS, NO_REPAIR, type ElabCore } from './core.js';
import type { ProblemElaborator } from './problem.js';
import type { BoxRepair } from './algo-bounds.js';
import { FuncBuilder, arrayVal, newScope, type Scope, type ScopeHooks, type Val } from './scope.js';

/** What the parameters need of the algorithm elaborator. */
export interface ParamsHost {
  core: ElabCore;
  problems: ProblemElaborator;
  hooks: ScopeHooks;
  box: BoxRepair;
  dim(): number;
  problem(): IrProgram;
  /** The algorithm's file (its scopes' file). */
  file(): string;
  /** `gen` and `progress` are reserved: a parameter or choice of that name is an error. */
  notGen(name: string, loc: Loc): void;
}

/** A resolved parameter: its value as reported, and as the algorithm's scopes bind it. */
export type ParamValue = { name: string; value: number | string; val: Val | undefined };

export class AlgoParams {
  /** Choice name -> its number. */
  readonly symbols = new Map<string, number>();
  /** The run's bound-handling policy (`bounds`); undefined for `none`. */
  policy: RepairDecl | undefined;
  /** The values `lo` and `hi` are bound to (baseScope): a box per coordinate reads them at one. */
  boxVals: [Val, Val] | undefined;

  constructor(private readonly h: ParamsHost) {}

  private fail(kind: DiagKind, loc: Loc | undefined, ...args: (string | number)[]): never {
    this.h.core.fail(kind, loc, ...args);
  }

  params(decl: AlgorithmDecl, set: Record<string, string>): ParamValue[] {
    const out: ParamValue[] = [];
    for (const p of decl.params)
      if (p.name !== BOUNDS)
        for (const c of p.choices ?? [])
          if (!this.symbols.has(c.name)) this.symbols.set(c.name, this.symbols.size);
    this.h.core.unknownParams(decl.name, decl.params, set);
    for (const p of decl.params) {
      try {
        this.h.notGen(p.name, p.nameLoc);
        if (p.name === BOUNDS) {
          out.push(this.boundsParam(p, set[p.name]));
          continue;
        }
        for (const c of p.choices ?? []) this.h.notGen(c.name, c.loc);
        out.push(this.param(p, set[p.name]));
      } catch (e) {
        if (!(e instanceof Abort)) throw e;
      }
    }
    return out;
  }

  /**
   * `bounds`: the policy that brings every point into the box before it is evaluated (a choice
   * among the repair declarations, core.ts withBounds). `none` only where the box is no
   * constraint (`in [lo, hi] unconstrained`; OPT6044 elsewhere). Not a name in the algorithm's
   * scope.
   */
  private boundsParam(p: ParamDecl, override: string | undefined) {
    const value = this.h.core.choiceValue(p, override);
    if (value === NO_REPAIR && !this.h.problem().unconstrained) {
      const names = (p.choices ?? []).map((c) => c.name).filter((n) => n !== NO_REPAIR);
      this.fail(
        'BoundsNone',
        override === undefined ? p.value.loc : undefined,
        this.h.problem().name,
        names.join(', '),
      );
    }
    this.policy = this.h.core.repairs.get(value);
    // A resample's form is checked here, where the policy is chosen, not only where it is used.
    if (this.policy) this.h.box.retryOf(this.policy);
    return { name: p.name, value, val: undefined };
  }

  private param(p: ParamDecl, override: string | undefined) {
    if (p.choices) {
      const value = this.h.core.choiceValue(p, override);
      const symbol = this.symbols.get(value);
      if (symbol === undefined) throw new Error(`internal: choice ${value} has no number`);
      return { name: p.name, value, val: { s: 'scalar', e: int(symbol) } as Val };
    }
    const empty = this.constScope();
    const constant = (e: Expr, what: string) => this.constantOf(e, empty, what);
    const dflt = this.h.core.paramDefault(p, constant);
    const isInt = dflt.t === 'i';
    const v = override === undefined ? dflt.v : this.h.core.numberFromSet(p, override, isInt);
    this.h.core.paramInRange(
      p,
      v,
      override === undefined ? p.value.loc : undefined,
      (e, what) => constant(e, what).v,
    );
    return { name: p.name, value: v, val: { s: 'scalar', e: isInt ? int(v) : num(v) } as Val };
  }

  /** The value of `e`, a constant integer or real (parameters, sizes). */
  constantOf(e: Expr, sc: Scope, what: string): { t: 'i' | 'f'; v: number } {
    return this.h.core.typedConstant(this.h.problems.expr(e, sc), e, what);
  }

  constScope(): Scope {
    return newScope({
      fn: new FuncBuilder('', '_', 1),
      len: this.h.dim(),
      dimName: 'D',
      file: this.h.file(),
      constant: 'a parameter',
      hooks: this.h.hooks,
    });
  }

  baseScope(params: { name: string; val: Val | undefined }[]): Scope {
    const sc = this.constScope();
    delete sc.constant;
    for (const p of params) if (p.val) this.h.core.bindParameter(sc, p.name, p.val);
    // A box per coordinate: lo and hi are data vectors, read at the coordinate where there is one
    // (symbol), elementwise in a vector expression (clamp(X[i] + v, lo, hi)).
    const [lo, hi] = ([0, 1] as const).map((k): Val => {
      const side = this.h.box.side(k);
      return typeof side === 'string'
        ? arrayVal(side, this.h.dim())
        : { s: 'scalar', e: num(side) };
    }) as [Val, Val];
    this.boxVals = [lo, hi];
    sc.vars.set('lo', lo);
    sc.vars.set('hi', hi);
    sc.origins.set('lo', "the lower bound of the problem's box");
    sc.origins.set('hi', "the upper bound of the problem's box");
    return sc;
  }
}
