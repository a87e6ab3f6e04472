// Experiments: `experiment NAME { key = value ... }` read into a design of cells (algorithm x problem
// x dimension) and runs (issue 14). The entries:
//
//   algorithms = [jde, de(mutation: best1, crossover: bin)]   algorithms, with parameter values
//   problems   = suite NAME  |  [p1, p2, ...]                   the problems, in order
//   dims       = [50, 100]                                      dimensions (positive integers)
//   runs       = 51                                             runs a cell (a positive integer)
//   budget     = evals(100000 * D)  |  seconds(1)               a run's budget; D is the cell's
//   target     = 1e-8                                           optional: a run stops below it
//   record     = [0.01, 0.1, 1.0]                               optional: the fractions of the
//                                                               budget at which the best is kept
//   seed       = 1                                              optional: the first run's seed
//
// Run r of every cell has seed `seed + r`: the cells share their seeds (common random numbers), so
// that two algorithms' runs on a problem pair up, and a cell's runs are the runs `opt run` makes
// with those seeds. A target is separate from the budget (the issue's `evals(...)` "with or
// without target(1e-8)"): `target = 1e-8` reads as what it is, and `target(1e-8)` is accepted in
// the budget's place too. Every error has the entry's location; a design is returned only when there
// is none.

import type * as ast from '../parser/ast.js';
import type { DiagKind } from '../parser/diagnostics.js';
import type { ElabCore } from './core.js';
import { didYouMean } from './scope.js';

/** An algorithm of an experiment: its name, its parameter values, and how the reports name it. */
export interface ExperimentAlgorithm {
  name: string;
  /** `de(mutation: best1)`: name and values as written; the name alone without values. */
  label: string;
  /** Parameter values, as `--set name=value` takes them. */
  set: Record<string, string>;
}

export type ExperimentBudget =
  | { k: 'evals'; perDim: Record<number, number> }
  | { k: 'seconds'; s: number };

export interface ExperimentCell {
  algorithm: ExperimentAlgorithm;
  problem: string;
  dim: number;
  /** The evaluation budget of a run (evaluation budgets), or undefined for a time budget. */
  evals?: number;
  /** The time budget of a run in seconds (time budgets). */
  seconds?: number;
}

export interface ExperimentDesign {
  name: string;
  algorithms: ExperimentAlgorithm[];
  problems: string[];
  dims: number[];
  runs: number;
  budget: ExperimentBudget;
  target?: number;
  record: number[];
  seed: number;
  /**
   * `zero = 1e-14`: an error below it counts as 0 in the reports (seed 003's rule); the runs
   * store their errors as they are.
   */
  zero?: number;
  /**
   * How the GPU holds the populations: `f32`, `ff` (float-float), or `auto` (the default): ff
   * for a cell whose float32 floor (the error of the float32 point nearest the optimum) is above
   * the smallest error the experiment tells apart, its target or its zero.
   */
  precision: 'auto' | 'f32' | 'ff';
  /** Algorithm-major, then problem, then dimension: the order of the reports' tables. */
  cells: ExperimentCell[];
}

const KEYS = [
  'algorithms',
  'problems',
  'dims',
  'runs',
  'budget',
  'target',
  'record',
  'seed',
  'zero',
  'precision',
];
// `dims` may be left out when every problem is an instance of a fixed size (LOLIB, ETC): each
// problem's cells are then at its own D.
const REQUIRED = ['algorithms', 'problems', 'runs', 'budget'];

/** Thrown to leave the elaboration of an experiment after its error is reported. */
class Stop extends Error {}

/**
 * The design of experiment `decl`, or undefined with its errors reported to `core`. `suite` gives a
 * suite's members (reporting an unknown one), as the problem elaborator does.
 */
export function elaborateExperiment(
  core: ElabCore,
  decl: ast.ExperimentDecl,
  suite: (name: string, loc: ast.Loc) => string[] | undefined,
  fixedDim: (problem: string) => number | undefined,
): ExperimentDesign | undefined {
  const fail = (kind: DiagKind, loc: ast.Loc | undefined, ...args: (string | number)[]): never => {
    core.report(kind, loc, ...args);
    throw new Stop();
  };
  const entries = new Map<string, (typeof decl.entries)[number]>();
  try {
    // Every entry's error is reported, each entry on its own (a later one that needs an earlier
    // one, the budget its dimensions, is skipped when that one failed).
    let failed = false;
    for (const e of decl.entries) {
      if (!KEYS.includes(e.key)) {
        core.report(
          'UnknownExperimentEntry',
          e.keyLoc,
          decl.name,
          e.key,
          didYouMean(e.key, KEYS) || ` (the entries: ${KEYS.join(', ')})`,
        );
        failed = true;
      } else if (entries.has(e.key)) {
        core.report('ExperimentEntryTwice', e.keyLoc, decl.name, 'the entry', e.key);
        failed = true;
      } else entries.set(e.key, e);
    }
    for (const k of REQUIRED)
      if (!entries.has(k)) {
        core.report('MissingExperimentEntry', decl.nameLoc, decl.name, k);
        failed = true;
      }
    /** `f()`, or undefined where it failed (its error reported), or where entry `k` is missing. */
    const attempt = <T>(k: string, f: () => T): T | undefined => {
      if (!entries.has(k)) return undefined;
      try {
        return f();
      } catch (e) {
        if (!(e instanceof Stop)) throw e;
        failed = true;
        return undefined;
      }
    };
    const entry = (k: string) => entries.get(k)!;
    const expects = (k: string, what: string, loc?: ast.Loc): never =>
      fail('BadExperimentEntry', loc ?? entry(k).value.loc, k, what);

    /** A constant number: literals, D (where `dim` is given), + - * / ^ and parentheses. */
    const number = (e: ast.Expr, k: string, what: string, dim?: number): number => {
      switch (e.kind) {
        case 'num':
          return e.value;
        case 'name':
          if (e.name === 'D' && dim !== undefined) return dim;
          return expects(k, what, e.loc);
        case 'unary':
          if (e.op === '-') return -number(e.arg, k, what, dim);
          return expects(k, what, e.loc);
        case 'binary': {
          const a = number(e.left, k, what, dim);
          const b = number(e.right, k, what, dim);
          switch (e.op) {
            case '+':
              return a + b;
            case '-':
              return a - b;
            case '*':
              return a * b;
            case '/':
              return a / b;
            case '^':
              return a ** b;
          }
          return expects(k, what, e.loc);
        }
        default:
          return expects(k, what, e.loc);
      }
    };
    const list = (k: string, what: string): ast.Expr[] => {
      const v = entry(k).value;
      if (v.kind !== 'list' || !v.items.length) return expects(k, what);
      return v.items;
    };
    const one = (k: string, what: string): ast.Expr => {
      const v = entry(k).value;
      return v.kind === 'expr' ? v.expr : expects(k, what);
    };
    const positiveInt = (e: ast.Expr, k: string, what: string) => {
      const v = number(e, k, what);
      return Number.isInteger(v) && v >= 1 && v <= 2 ** 31 - 1 ? v : expects(k, what, e.loc);
    };

    // algorithms: names, or calls with named parameter values.
    const algorithms = attempt('algorithms', () => {
      const algorithms = list('algorithms', 'a list of algorithms, [jde, de(mutation: best1)]').map(
        (e): ExperimentAlgorithm => {
          const name = e.kind === 'name' ? e.name : e.kind === 'call' ? e.callee : undefined;
          if (name === undefined)
            return expects('algorithms', 'a list of algorithms, [jde, de(mutation: best1)]', e.loc);
          const a = core.algorithms.get(name);
          if (!a) {
            const names = [...core.algorithms.keys()];
            return fail(
              'UnknownAlgorithm',
              e.loc,
              name,
              didYouMean(name, names) || ` (there are: ${names.join(', ')})`,
            );
          }
          const set: Record<string, string> = {};
          for (const arg of e.kind === 'call' ? e.args : []) {
            if (!arg.name)
              return expects(
                'algorithms',
                'named parameter values, as in de(F: 0.5, mutation: best1)',
                arg.loc,
              );
            const p = a.params.find((q) => q.name === arg.name);
            if (!p)
              return fail(
                'UnknownNamedArgument',
                arg.loc,
                name,
                arg.name,
                ` (its parameters: ${a.params.map((q) => q.name).join(', ')})`,
              );
            let value: string;
            if (p.choices) {
              if (arg.value.kind !== 'name')
                return fail(
                  'NotAChoice',
                  arg.value.loc,
                  p.name,
                  exprText(arg.value),
                  p.choices.map((c) => c.name).join(', '),
                );
              if (!p.choices.some((c) => c.name === (arg.value as { name: string }).name))
                return fail(
                  'NotAChoice',
                  arg.value.loc,
                  p.name,
                  arg.value.name,
                  p.choices.map((c) => c.name).join(', '),
                );
              value = arg.value.name;
            } else {
              const v = number(arg.value, 'algorithms', `a number for parameter '${p.name}'`);
              if (p.range) {
                const lo = number(p.range[0], 'algorithms', 'a constant bound');
                const hi = number(p.range[1], 'algorithms', 'a constant bound');
                if (!(v >= lo && v <= hi))
                  fail('ParameterOutOfRange', arg.value.loc, p.name, v, lo, hi);
              }
              value = String(v);
            }
            if (Object.hasOwn(set, p.name))
              return fail(
                'ExperimentEntryTwice',
                arg.loc,
                decl.name,
                `${name}'s parameter`,
                p.name,
              );
            set[p.name] = value;
          }
          const label =
            e.kind === 'call' && e.args.length
              ? `${name}(${Object.entries(set)
                  .map(([k, v]) => `${k}: ${v}`)
                  .join(', ')})`
              : name;
          return { name, label, set };
        },
      );
      const labels = new Set<string>();
      for (const [k, a] of algorithms.entries()) {
        if (labels.has(a.label))
          fail(
            'ExperimentEntryTwice',
            list('algorithms', '')[k]!.loc,
            decl.name,
            'the algorithm',
            a.label,
          );
        labels.add(a.label);
      }

      return algorithms;
    });

    // problems: a suite, or a list of problem names.
    const problems = attempt('problems', (): string[] => {
      const pv = entry('problems').value;
      if (pv.kind === 'suite') {
        const members = suite(pv.name, pv.nameLoc);
        if (!members) throw new Stop();
        return members;
      } else {
        const problems = list(
          'problems',
          'suite NAME or a list of problems, [sphere, rastrigin]',
        ).map((e) => {
          if (e.kind !== 'name')
            return expects(
              'problems',
              'suite NAME or a list of problems, [sphere, rastrigin]',
              e.loc,
            );
          if (!core.problems.has(e.name)) {
            const names = [...core.problems.keys()];
            return fail('UnknownProblem', e.loc, e.name, didYouMean(e.name, names));
          }
          return e.name;
        });
        const seen = new Set<string>();
        for (const [k, p] of problems.entries()) {
          if (seen.has(p))
            fail('ExperimentEntryTwice', list('problems', '')[k]!.loc, decl.name, 'the problem', p);
          seen.add(p);
        }
        return problems;
      }
    });

    const dimsWhat = 'a list of dimensions (positive integers), [10, 30]';
    // Without `dims`: each problem at its own fixed size (undefined where problems failed).
    const own = entries.has('dims')
      ? undefined
      : problems &&
        (() => {
          try {
            return new Map(
              problems.map((p) => [
                p,
                fixedDim(p) ??
                  fail('ExperimentNeedsDims', entry('problems').value.loc, decl.name, p),
              ]),
            );
          } catch (e) {
            if (!(e instanceof Stop)) throw e;
            failed = true;
            return undefined;
          }
        })();
    const dims = own
      ? [...new Set(own.values())].sort((a, b) => a - b)
      : attempt('dims', () => {
          const dims = list('dims', dimsWhat).map((e) => positiveInt(e, 'dims', dimsWhat));
          if (new Set(dims).size !== dims.length) expects('dims', `${dimsWhat}, each once`);
          return dims;
        });
    const runs = attempt('runs', () =>
      positiveInt(one('runs', 'a positive integer'), 'runs', 'a positive integer'),
    );

    // budget: evals(E of D) or seconds(S); target(T) there too, or `target = T`.
    const budgetWhat = 'evals(N), N an integer expression of D, or seconds(S)';
    const budget = !dims
      ? undefined
      : attempt('budget', (): ExperimentBudget => {
          const b = one('budget', budgetWhat);
          if (b.kind !== 'call' || b.args.length !== 1 || b.args[0]!.name)
            return expects('budget', budgetWhat);
          if (b.callee === 'evals') {
            const perDim: Record<number, number> = {};
            for (const D of dims!) {
              const n = number(b.args[0]!.value, 'budget', budgetWhat, D);
              if (!Number.isInteger(n) || n < 1 || n > Number.MAX_SAFE_INTEGER)
                fail('BadExperimentBudget', b.loc, D, String(n));
              perDim[D] = n;
            }
            return { k: 'evals', perDim };
          } else if (b.callee === 'seconds') {
            const s = number(b.args[0]!.value, 'budget', budgetWhat);
            if (!(s > 0 && Number.isFinite(s))) expects('budget', budgetWhat, b.args[0]!.loc);
            return { k: 'seconds', s };
          }
          return expects('budget', budgetWhat, b.loc);
        });

    /** Entry `k`, an error level: a finite number >= 0. */
    const errorLevel = (k: string, what: string) =>
      attempt(k, () => {
        const v = number(one(k, what), k, what);
        return v >= 0 && Number.isFinite(v) ? v : expects(k, what);
      });
    const target = errorLevel('target', 'an error below which a run stops, as 1e-8');
    const recordWhat = 'increasing fractions of the budget in (0, 1], ending with 1.0';
    const record = entries.has('record')
      ? attempt('record', () => {
          const r = list('record', recordWhat).map((e) => number(e, 'record', recordWhat));
          const ok =
            r.every((f, k) => f > 0 && f <= 1 && (k === 0 || f > r[k - 1]!)) && r.at(-1) === 1;
          return ok ? r : expects('record', recordWhat);
        })
      : [1];
    const zero = errorLevel('zero', 'an error below which the reports count 0, as 1e-14');
    const precisionWhat = 'auto, f32 or ff';
    const precision = entries.has('precision')
      ? attempt('precision', () => {
          const e = one('precision', precisionWhat);
          return e.kind === 'name' && (e.name === 'auto' || e.name === 'f32' || e.name === 'ff')
            ? e.name
            : expects('precision', precisionWhat);
        })
      : 'auto';
    const seed = entries.has('seed')
      ? attempt('seed', () => {
          const what = 'a non-negative integer';
          const v = number(one('seed', what), 'seed', what);
          return Number.isInteger(v) && v >= 0 && v <= 2 ** 31 - 1 ? v : expects('seed', what);
        })
      : 1;
    if (
      failed ||
      !algorithms ||
      !problems ||
      !dims ||
      !runs ||
      !budget ||
      !record ||
      !precision ||
      seed === undefined
    )
      return undefined;
    const cells: ExperimentCell[] = [];
    for (const algorithm of algorithms)
      for (const problem of problems)
        for (const dim of own ? [own.get(problem)!] : dims)
          cells.push(
            budget.k === 'evals'
              ? { algorithm, problem, dim, evals: budget.perDim[dim]! }
              : { algorithm, problem, dim, seconds: budget.s },
          );
    return {
      name: decl.name,
      algorithms,
      problems,
      dims,
      runs,
      budget,
      target,
      record,
      seed,
      ...(zero !== undefined ? { zero } : {}),
      precision,
      cells,
    };
  } catch (e) {
    if (e instanceof Stop) return undefined;
    throw e;
  }
}

/** A short text of an expression, for a message. */
function exprText(e: ast.Expr): string {
  switch (e.kind) {
    case 'num':
      return String(e.value);
    case 'name':
      return e.name;
    case 'str':
      return `"${e.value}"`;
    default:
      return 'this expression';
  }
}
