// The `residual` pass: a shift x - o computed as if o had float64's digits.
//
// Shifted problems subtract data from the point, x - o, with o given in float64 (the CEC files
// print 17 digits). The GPU holds o in float32, fround(o), which is up to 2^-25 |o| away: 3.8e-6
// for |o| in [64, 128). Near the optimum x - o is smaller than that, so the GPU computes the
// function of a point displaced by o's rounding: at x = fround(o) it sees an error of 0 where the
// true error of CEC 2017 F1 (D = 10) is 1.5e-5, and it cannot tell the points around o apart.
//
// This pass stores what float32 loses of o as data of its own, o.lo = o - fround(o) (a `residual`
// data: ir/data.ts), and rewrites each x - o into (x - o) - o.lo: near o, x - fround(o) is
// exact in float32 (Sterbenz's lemma: x and o within a factor 2), and subtracting o.lo then gives
// x - o to float32's relative precision, as if o were exact (o - x likewise, + o.lo). The error
// bound (ir/error-bound.ts) knows the pair: the subtraction's error is relative to its result and
// to |o.lo|, where without the pass it is relative to |o| (the data's rounding).
//
// Only the GPU needs it (float64 holds o exactly: o.lo would be 0), so the pass runs after
// `scan`, where the CPU backend's pipeline stops (src/compile/pipeline.ts). It rewrites a
// subtraction whose other operand reads something that is not data (the point, a binding), and
// declares the residual of each data array it uses so at the end of the program's data, unless
// the program already declares it (an algorithm's steps share one DATA buffer, so
// compile/algorithm.ts declares the residuals of the whole problem in every step: `residualData`).

import { roundedInFloat32 } from '../ir/data.js';
import {
  forEachNode,
  mapFunc,
  some,
  transform,
  type IExpr,
  type IrData,
  type IrFunc,
  type IrProgram,
} from '../ir/ir.js';

/** The name of the residual of data `name`. */
export const residualName = (name: string) => `${name}.lo`;

/** Data arrays that `f` subtracts from (or subtracts a non-data value from). */
function subtracted(f: IrFunc, data: Set<string>, out: Set<string>): void {
  const visit = (e: IExpr) => {
    const r = shiftOf(e, data);
    if (r) out.add(r.arr);
  };
  for (const e of [
    ...f.bindings.map((b) => b.body),
    f.result,
    ...(f.writes ?? []).map((w) => w.body),
  ])
    forEachNode(e, visit);
}

/**
 * `e` as a shift: A - o[I] (sign 1) or o[I] - A (sign -1), o data and A reading something that
 * is not data; undefined otherwise.
 */
function shiftOf(
  e: IExpr,
  data: Set<string>,
): { arr: string; idx: IExpr[]; sign: 1 | -1 } | undefined {
  if (e.k !== 'bin' || e.op !== '-' || e.t !== 'f') return undefined;
  const varying = (x: IExpr) =>
    some(
      x,
      (n) =>
        (n.k === 'read' && !data.has(n.arr)) ||
        n.k === 'sref' ||
        n.k === 'vref' ||
        n.k === 'callp' ||
        n.k === 'draw',
    );
  if (e.b.k === 'read' && data.has(e.b.arr) && varying(e.a))
    return { arr: e.b.arr, idx: e.b.idx, sign: 1 };
  if (e.a.k === 'read' && data.has(e.a.arr) && varying(e.b))
    return { arr: e.a.arr, idx: e.a.idx, sign: -1 };
  return undefined;
}

/** The residual data of every data array that program `p` uses in a shift, declared after p's data. */
export function residualData(p: IrProgram): IrData[] {
  const data = shifts(p);
  const names = new Set(p.data.map((d) => d.name));
  const used = new Set<string>();
  for (const f of [...p.funcs, p.main]) subtracted(f, data, used);
  return p.data
    .filter((d) => used.has(d.name) && !names.has(residualName(d.name)))
    .map((d) => ({
      name: residualName(d.name),
      shape: d.shape,
      def: { k: 'residual', of: d.name },
    }));
}

/**
 * The data a shift may read: all but residuals and integer data (permutations: float32 holds
 * them exactly).
 */
const shifts = (p: IrProgram) => new Set(p.data.filter(roundedInFloat32).map((d) => d.name));

export function residual(p: IrProgram): IrProgram {
  const data = shifts(p);
  const added = residualData(p);
  const declared = new Set([...p.data, ...added].map((d) => d.name));
  const rewrite = (e: IExpr): IExpr => {
    const s = shiftOf(e, data);
    if (!s || !declared.has(residualName(s.arr))) return e;
    const lo: IExpr = { k: 'read', t: 'f', arr: residualName(s.arr), idx: s.idx };
    return { k: 'bin', t: 'f', op: s.sign > 0 ? '-' : '+', a: e, b: lo };
  };
  const func = (f: IrFunc): IrFunc => mapFunc(f, (e) => transform(e, rewrite));
  return { ...p, data: [...p.data, ...added], funcs: p.funcs.map(func), main: func(p.main) };
}
