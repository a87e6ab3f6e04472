// The `spread` pass: a reduction whose terms are costly, its terms computed one element a lane.
//
// The canonical rounding order (schedule/canonical.ts) adds a reduction's terms in units of U
// consecutive elements (4 where D is a multiple of 4), each unit by one lane. A lane therefore
// computes its unit's four terms one after the other, and a short reduction keeps few lanes busy:
// Katsuura's product in CEC 2014 F22 (hf06) has 10 terms of 32 float-float distances each (about
// 700 operations a term), which 3 lanes of a team computed, 4, 4 and 2 terms in sequence. This
// pass moves the terms of such a reduction into a vector of their own, one element a term, which
// the schedule computes one element a lane, and leaves the reduction reading that vector: the
// terms are added in the same canonical order (the unit of element e is floor(e / U), whatever
// the reduction's bounds), so the order stays the program's and D's alone, whatever the schedule.
// The values may differ from the unspread program's by a rounding: a term that is a product is
// rounded once before it is added (no fused multiply-add across the vector), which the error
// bound's per-term rounding already counts.
//
// A term is costly when its estimated cost (costOf: an operation 1, a transcendental function or
// a float-float operation SPREAD_CALL_COST) reaches SPREAD_MIN_COST: Katsuura's and Weierstrass's
// terms, not a sphere's or Rastrigin's. Only scalar reductions with constant bounds and no
// condition are spread (a condition may guard a term that is not defined elsewhere). GPU only
// (after `scan`, where the CPU's pipeline stops): float64 evaluates the terms as written.

import {
  children,
  idx as idxRef,
  int,
  mapProgramFuncs,
  substIdx,
  type Binding,
  type IExpr,
  type IrFunc,
  type IrProgram,
} from '../ir/ir.js';
import { freshName, namesIn } from '../ir/names.js';

/** The cost from which a reduction's terms get a vector of their own. */
export const SPREAD_MIN_COST = 256;
/** The cost of a call (a transcendental function, a power, a float-float operation). */
export const SPREAD_CALL_COST = 8;

const CHEAP_CALLS = new Set(['abs', 'min', 'max', 'int', 'float', 'sign', 'floor', 'ceil']);

/** An estimate of an expression's operations (a reduction: its body times its length). */
export function costOf(e: IExpr): number {
  let own = 1;
  if (e.k === 'num' || e.k === 'int' || e.k === 'idx' || e.k === 'sref') own = 0;
  else if (e.k === 'call' && !CHEAP_CALLS.has(e.fn)) own = SPREAD_CALL_COST;
  else if (e.k === 'bin' && e.op === 'pow') own = SPREAD_CALL_COST;
  if (e.k === 'red') {
    const n = e.lo.k === 'int' && e.hi.k === 'int' ? Math.max(0, e.hi.v - e.lo.v) : 64;
    return 1 + costOf(e.lo) + costOf(e.hi) + n * (costOf(e.body) + (e.cond ? costOf(e.cond) : 0));
  }
  return own + children(e).reduce((s, c) => s + costOf(c), 0);
}

function spreadFunc(p: IrProgram, f: IrFunc): IrFunc {
  const used = namesIn(p, f);
  const fresh = (base: string) => freshName(used, base);
  let changed = false;
  const bindings: Binding[] = [];
  for (const b of f.bindings) {
    const e = b.body;
    if (
      b.k !== 'scalar' ||
      e.k !== 'red' ||
      e.cond ||
      e.t !== 'f' ||
      e.body.t !== 'f' ||
      (e.op !== 'sum' && e.op !== 'prod') ||
      e.lo.k !== 'int' ||
      e.hi.k !== 'int' ||
      e.hi.v - e.lo.v < 2 ||
      costOf(e.body) < SPREAD_MIN_COST
    ) {
      bindings.push(b);
      continue;
    }
    changed = true;
    const lo = e.lo.v;
    const name = fresh(`${b.name}~t`);
    // t[k] = the term at element lo + k; the reduction reads t[i - lo] over its own bounds.
    const body =
      lo === 0
        ? e.body
        : substIdx(e.body, e.idx, { k: 'bin', t: 'i', op: '+', a: idxRef(e.idx), b: int(lo) });
    bindings.push({ k: 'vec', name, idx: e.idx, len: e.hi.v - lo, body });
    const at: IExpr =
      lo === 0 ? idxRef(e.idx) : { k: 'bin', t: 'i', op: '-', a: idxRef(e.idx), b: int(lo) };
    bindings.push({ ...b, body: { ...e, body: { k: 'read', t: 'f', arr: name, idx: [at] } } });
  }
  return changed ? { ...f, bindings } : f;
}

export function spread(p: IrProgram): IrProgram {
  return mapProgramFuncs(p, (f) => spreadFunc(p, f));
}
