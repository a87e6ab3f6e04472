// Does an algorithm use fitness values only in ways that a constant shift does not change?
//
// The kernels compute a problem's g = f - c and the host adds the constant c in float64
// (passes/bias.ts). An algorithm sees g in place of f: that is the same algorithm when every
// decision it takes is invariant under f -> f + c: comparisons of two fitness values, differences
// of two, minima and argmins, stored fitness compared later. All of the standard library's
// algorithms are such. One that reads a fitness absolutely (f < 5, f * w, log f, a sum of
// fitness values) gets its f with the bias (the compiler keeps the constant in the kernels:
// the algorithm pass fitness, passes/algo-fitness.ts), and this analysis says where it read it.
//
// Each expression gets a kind: `none` (no fitness in it, or a shift-invariant function of it),
// `fit` (shifted by c when f is: f itself, f + k, min(f, f'), a stored fitness) or `abs` (any
// other use). Arrays are fitness arrays when they start as one (populations' fitness, best.f,
// the trace, the target's threshold) or a step writes a `fit` value to them; an array written
// with both fitness and other values is an absolute use. Very large constants (|v| >= 1e30, the
// infinities) go with either kind: they are "no value yet" marks, not levels of f.

import { NAN_WORST } from './builtins.js';
import type { Binding, IExpr, IrFunc } from './ir.js';
import type { Step } from './step.js';

/** The name of the problem's function in an algorithm's steps (elaborate/algorithm.ts). */
export const OBJECTIVE = 'objective';

type Kind = 'none' | 'fit' | 'abs' | 'wild';

const isWild = (e: IExpr) => e.k === 'num' && !(Math.abs(e.v) < 1e30);

/** Both operands' kinds as one: a value of that kind when they agree, `abs` when they do not. */
function join(a: Kind, b: Kind): Kind {
  if (a === 'abs' || b === 'abs') return 'abs';
  if (a === 'wild') return b;
  if (b === 'wild') return a;
  return a === b ? a : 'abs';
}

const COMPARE = new Set(['<', '<=', '>', '>=', '==', '!=']);

/**
 * The first absolute use of a fitness value in `steps` ("step S: the write to A", "step S: the
 * binding v"), or undefined when the algorithm is invariant under a constant shift of f.
 * `fitness`: the arrays that hold fitness values from the start.
 */
export function absoluteFitnessUse(
  steps: Step[],
  fitness: Iterable<string>,
  order = false,
): string | undefined {
  const fit = new Set(fitness);
  const plain = new Set<string>(); // arrays written a value that is not a fitness
  for (;;) {
    const before = fit.size + plain.size;
    for (const st of steps) {
      const use = stepUse(st, fit, plain, order);
      if (use) return `step ${st.name}: ${use}`;
    }
    for (const a of fit) if (plain.has(a)) return `the array ${a} holds fitness and other values`;
    if (fit.size + plain.size === before) return undefined;
  }
}

/**
 * With `order`, the stricter question: does the algorithm use fitness only through its order
 * (comparisons, minima and argmins, stored fitness compared later)? Then any strictly increasing
 * function of f may stand for it (passes/range.ts stores values beyond float32's range as such a
 * function); a difference of two fitness values, or f + k, is an absolute use there.
 */
function stepUse(
  st: Step,
  fit: Set<string>,
  plain: Set<string>,
  order: boolean,
): string | undefined {
  const env = new Map<string, Kind>();
  const kind = (e: IExpr): Kind => {
    switch (e.k) {
      case 'num':
        return isWild(e) ? 'wild' : 'none';
      case 'int':
      case 'idx':
      case 'vref':
        return 'none';
      case 'draw':
        return e.args.some((a) => kind(a) !== 'none') ? 'abs' : 'none';
      case 'sref':
        return env.get(e.name) ?? 'none';
      case 'read': {
        if (e.idx.some((i) => kind(i) !== 'none')) return 'abs';
        return fit.has(e.arr) ? 'fit' : (env.get(e.arr) ?? 'none');
      }
      case 'callp':
        // The objective is f; another callee is the problem's own (no fitness in it).
        if (e.args.some((a) => kind(a) !== 'none')) return 'abs';
        return e.fn === OBJECTIVE ? 'fit' : 'none';
      case 'un': {
        // -f moves the other way: an absolute use. `not` takes a comparison.
        const a = kind(e.a);
        return a === 'fit' ? 'abs' : a;
      }
      case 'bin': {
        const a = kind(e.a);
        const b = kind(e.b);
        if (a === 'abs' || b === 'abs') return 'abs';
        if (COMPARE.has(e.op)) return join(a, b) === 'abs' ? 'abs' : 'none';
        if (e.op === 'min' || e.op === 'max') return join(a, b);
        const fa = a === 'fit';
        const fb = b === 'fit';
        if (!fa && !fb) return 'none';
        if (order) return 'abs';
        if (e.op === '-') return fa && fb ? 'none' : fa ? 'fit' : 'abs';
        if (e.op === '+') return fa && fb ? 'abs' : 'fit';
        return 'abs';
      }
      case 'call':
        // A fitness's NaN made +infinity (ir/builtins.ts): f itself, in order and under a shift.
        if (e.fn === NAN_WORST && e.args.length === 1) return kind(e.args[0]!);
        return e.args.some((a) => kind(a) !== 'none' && kind(a) !== 'wild') ? 'abs' : 'none';
      case 'sel': {
        if (kind(e.c) === 'abs') return 'abs';
        return join(kind(e.a), kind(e.b));
      }
      case 'red': {
        for (const x of [e.lo, e.hi, ...(e.cond ? [e.cond] : [])])
          if (kind(x) === 'abs') return 'abs';
        const b = kind(e.body);
        if (b === 'abs') return 'abs';
        if (b !== 'fit') return 'none';
        if (e.op === 'min' || e.op === 'max') return 'fit';
        if (e.op === 'argmin' || e.op === 'argmax' || e.op === 'count') return 'none';
        return 'abs'; // a sum, product or mean of fitness values
      }
    }
  };
  const main: IrFunc = st.prog.main;
  const binding = (b: Binding): Kind => {
    const k = kind(b.body);
    // A scan sums its terms.
    return b.k === 'scan' && k === 'fit' ? 'abs' : k;
  };
  for (const b of main.bindings) {
    const k = binding(b);
    if (k === 'abs') return `the binding ${b.name}`;
    env.set(b.name, k);
  }
  // A while's condition step computes its condition as its result (ir/step.ts WhileStmt).
  if (kind(main.result) === 'abs') return 'the result';
  for (const w of main.writes ?? []) {
    if (kind(w.row) !== 'none') return `the row of the write to ${w.arr}`;
    const k = kind(w.body);
    if (k === 'abs') return `the write to ${w.arr}`;
    if (k === 'fit') fit.add(w.arr);
    else if (k === 'none') plain.add(w.arr);
  }
  return undefined;
}
