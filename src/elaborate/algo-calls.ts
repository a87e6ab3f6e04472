// The names and functions an algorithm adds to the expression language (the scope hooks of
// algorithm.ts): its choice symbols, `lo` and `hi` of a box per coordinate at a coordinate, `gen`
// and `progress`, and its functions: f (the fitness of a vector: a stored one for a population
// row, an evaluation otherwise), rand, normal, randint, distinct, inbox and better. A draw is keyed
// by its call site and (individual, dimension): drawKey.

import type { Expr, Loc } from '../parser/ast.js';
import { at, bin, int, type IExpr } from '../ir/ir.js';
import type { DiagKind } from '../parser/diagnostics.js';
import { constValue } from '../ir/fold.js';
import type { Population } from '../ir/step.js';
import type { ElabCore } from './core.js';
import type { ProblemElaborator } from './problem.js';
import { MAX_TRIES, type BoxRepair } from './algo-bounds.js';
import type { AlgoParams } from './algo-params.js';
import type { SiteNumbers, StepBuilder } from './algo-builder.js';
import { signatureOf } from './resolve.js';
import { toReal, type Scope, type Val } from './scope.js';

/** The generation number's name in an algorithm (reserved there; unknown in a problem). */
export const GEN = 'gen';
/** The fraction of the evaluation budget used before the generation. */
export const PROGRESS = 'progress';

/** What the algorithm's names and functions need of the algorithm elaborator. */
export interface CallsHost {
  core: ElabCore;
  problems: ProblemElaborator;
  box: BoxRepair;
  sites: SiteNumbers;
  /** The choice symbols and the values lo and hi are bound to. */
  params: AlgoParams;
  /** The populations declared so far. */
  pops: Population[];
  dim(): number;
  /** The step being elaborated (its individual keys the draws); null outside a step. */
  step(): StepBuilder | null;
  /** Whether the generation block is elaborated: only there do `gen` and `progress` have values. */
  inGeneration(): boolean;
  /** Notes that the algorithm reads `progress`. */
  readProgress(): void;
  /** `e` as a point, a vector of length D (`what` length D, as the message says). */
  point(e: Expr, sc: Scope, what: string): Val & { s: 'vector' };
  /** The fitness of the point in array `arr`, evaluated once in step `b`. */
  evaluate(b: StepBuilder, arr: string): IExpr;
  /** The value assigned to a population row, with its fitness (better(a, b)). */
  withFitness(e: Expr, sc: Scope, b: StepBuilder): { at: (j: IExpr) => IExpr; fit: IExpr };
}

export class AlgoCalls {
  constructor(private readonly h: CallsHost) {}

  private fail(kind: DiagKind, loc: Loc | undefined, ...args: (string | number)[]): never {
    this.h.core.fail(kind, loc, ...args);
  }

  /** A choice symbol (`mode = a in {a, b}` makes `a` and `b` names), unless a let or index hides it. */
  symbol(name: string, sc: Scope): Val | undefined {
    // lo and hi of a box per coordinate, inside an index over the coordinates: that coordinate's.
    const side = name === 'lo' ? 0 : name === 'hi' ? 1 : undefined;
    if (
      side !== undefined &&
      this.h.params.boxVals &&
      sc.vars.get(name) === this.h.params.boxVals[side]
    ) {
      const arr = this.h.box.side(side);
      const j = typeof arr === 'string' ? this.h.core.coordinateOf(sc) : undefined;
      if (typeof arr === 'string' && j)
        return { s: 'scalar', e: { k: 'read', t: 'f', arr, idx: [j] } };
    }
    if (sc.vars.has(name) || sc.idxs.has(name)) return undefined;
    // The generation number, 0 in the first generation. The engines run generation g's steps with
    // $gen = g + 1 (0 is the initialisation; the draws are keyed by it), and a track fused into
    // a generation's first step reads no $gen, so gen = $gen - 1 in every step of generation g,
    // on both backends, fused or not; the host's conditions get the same value (runtime/algo-host.ts).
    // Outside the generation (a state's initial value, a parameter) it is an unknown name.
    if (name === GEN && this.h.inGeneration())
      return { s: 'scalar', e: bin('-', { k: 'idx', t: 'i', name: '$gen' }, int(1)) };
    // The fraction of the evaluation budget used before the generation: $evals / $budget, from
    // the host (a run of an algorithm that reads it needs --evals: src/runtime/run.ts).
    if (name === PROGRESS && this.h.inGeneration()) {
      this.h.readProgress();
      const real = (n: string): IExpr => toReal({ k: 'idx', t: 'i', name: n });
      return { s: 'scalar', e: bin('/', real('$evals'), real('$budget')) };
    }
    const v = this.h.params.symbols.get(name);
    if (v !== undefined) return { s: 'scalar', e: int(v) };
    return undefined;
  }

  private siteOf(loc: Loc): number {
    // A policy's draw is numbered by its use and its place in the policy: two uses draw apart.
    return this.h.sites.of(loc);
  }

  /** The (individual, dimension) key of a draw here. */
  private drawKey(sc: Scope): [IExpr, IExpr] {
    const ind = this.h.step()?.idx ?? int(0);
    const idxs = [...sc.idxs.values()];
    const last = idxs[idxs.length - 1];
    const dim =
      last && !(ind.k === 'idx' && last.k === 'idx' && last.name === ind.name) ? last : int(0);
    return [ind, dim];
  }

  /** A call of an algorithm's function; undefined for the others (the problem's functions). */
  call(e: Expr & { kind: 'call' }, sc: Scope): Val | undefined {
    const pos = e.args.filter((a) => !a.name);
    // Positional argument k, once the arity is checked.
    const arg = (k: number) => at(pos, k, 'an argument after the arity check');
    const named = (n: string) => e.args.find((a) => a.name === n);
    const arity = (n: number[], names: string[] = []) =>
      this.h.core.checkArguments(e, e.callee, n, names);
    // A draw's signature (ir/builtins.ts).
    const drawArity = () => {
      const s = signatureOf('draw', e.callee);
      arity(s.positional, s.named);
    };
    const real = (a: Expr) => toReal(this.h.core.number(this.h.problems.expr(a, sc), a));
    switch (e.callee) {
      case 'f': {
        arity([1]);
        const a = arg(0).value;
        if (a.kind === 'index' && a.target.kind === 'name') {
          const P = this.h.pops.find((p) => p.name === (a.target as { name: string }).name);
          if (P) {
            const r = this.h.core.integer(this.h.problems.expr(a.index, sc), a.index);
            return { s: 'scalar', e: { k: 'read', t: 'f', arr: P.fit, idx: [r] } };
          }
        }
        const step = this.h.step();
        if (!step) this.fail('EvaluationOutsideEach', e.loc);
        const v = this.h.point(a, sc, 'f takes a point of');
        const innermost = [...sc.idxs.keys()].at(-1);
        if (sc.idxs.size > 1 && innermost !== undefined)
          this.fail('CallDependsOnIndex', a.loc, 'f', innermost);
        const arr = this.h.box.inBox(step, v, e.loc);
        return { s: 'scalar', e: this.h.evaluate(step, arr) };
      }
      case 'rand':
      case 'normal': {
        drawArity();
        const dist = e.callee === 'rand' ? 'u' : 'n';
        const d: IExpr = {
          k: 'draw',
          t: 'f',
          dist,
          site: this.siteOf(e.loc),
          args: this.drawKey(sc),
        };
        if (!pos.length) return { s: 'scalar', e: d };
        const [a, b] = [real(arg(0).value), real(arg(1).value)];
        // rand(lo, hi) = lo + (hi - lo) u;  normal(mu, sigma) = mu + sigma n
        return {
          s: 'scalar',
          e: dist === 'u' ? bin('+', a, bin('*', bin('-', b, a), d)) : bin('+', a, bin('*', b, d)),
        };
      }
      case 'randint': {
        drawArity();
        const n = this.h.core.integer(
          this.h.problems.expr(arg(0).value, sc),
          arg(0).value,
          'the bound of randint',
        );
        const c = constValue(n);
        if (c !== undefined && c < 1) this.fail('BadRandintBound', arg(0).loc, c);
        return {
          s: 'scalar',
          e: {
            k: 'draw',
            t: 'i',
            dist: 'int',
            site: this.siteOf(e.loc),
            args: [...this.drawKey(sc), n],
          },
        };
      }
      case 'distinct': {
        drawArity();
        const cnt = constValue(
          this.h.core.integer(
            this.h.problems.expr(arg(0).value, sc),
            arg(0).value,
            'the count of distinct',
          ),
        );
        if (cnt === undefined || cnt < 1 || cnt > 4) this.fail('BadDistinctCount', arg(0).loc);
        const range = arg(1).value;
        const n = this.h.core.integer(
          this.h.problems.expr(range, sc),
          range,
          'the range of distinct',
        );
        const ex = named('except');
        const except = ex
          ? this.h.core.integer(this.h.problems.expr(ex.value, sc), ex.value, 'except')
          : int(-1);
        const nc = constValue(n);
        const need = cnt + (ex ? 1 : 0);
        if (nc !== undefined && nc < need)
          this.fail(
            'PopulationTooSmall',
            e.loc,
            cnt,
            need,
            nc,
            range.kind === 'name' ? ` (set ${range.name} to at least ${need})` : '',
          );
        const site = this.siteOf(e.loc);
        const [ind] = this.drawKey(sc);
        return {
          s: 'vector',
          len: cnt,
          at: (w) => ({
            k: 'draw',
            t: 'i',
            dist: 'distinct',
            site,
            args: [ind, int(cnt), n, except, w],
          }),
        };
      }
      case 'retry':
        // A resample is a policy's whole body (retryOf), not a value.
        return this.fail('RetryForm', e.loc, MAX_TRIES, ' (here it is part of an expression)');
      case 'inbox': {
        // inbox(v, parent): v brought into the box by the run's policy with the parent given
        // (L-SHADE's trial, made from X[i] but stored in U[i]); not repaired again when stored.
        const step = this.h.step();
        if (!step) this.fail('RepairOutsideEach', e.loc);
        arity([2]);
        const v = this.h.point(arg(0).value, sc, 'a point has');
        const par = this.h.point(arg(1).value, sc, 'the parent has');
        const pv = this.h.core.materialise(par, step.fn, 'parent');
        const arr = this.h.box.inBox(step, v, e.loc, (j) => ({
          k: 'read',
          t: 'f',
          arr: pv.array,
          idx: [j],
        }));
        return {
          s: 'vector',
          len: this.h.dim(),
          at: (j) => ({ k: 'read', t: 'f', arr, idx: [j] }),
          array: arr,
        };
      }
      case 'better': {
        const step = this.h.step();
        if (!step) this.fail('BetterOutsideEach', e.loc);
        arity([2]);
        const r = this.h.withFitness(e, sc, step);
        return { s: 'vector', len: this.h.dim(), at: r.at };
      }
      case 'best':
        this.fail('BestInExpression', e.loc);
    }
    return undefined;
  }
}
