// Common-subexpression elimination at the level that costs: reductions. Every reduction that does
// not depend on an enclosing index is hoisted into its own scalar binding, and identical reductions
// (or identical scalar bindings) are computed once. Salomon's two uses of sqrt(sum x^2), or a sum
// that two inlined problems both compute, become one pass over the data. Element-level repeats
// (x[i]^2 twice) are left to the shader compiler, which does them well.
// Reductions are compared up to the names of their bound indices: the elaborator gives every
// reduction a fresh index (`sum(i) x[i]^2` written twice becomes (sum i1 ...) and (sum i2 ...)),
// so purely syntactic equality would almost never find a repeat.

import {
  freeIdx,
  mapWrites,
  mapChildren,
  substIdx,
  transform,
  type Binding,
  type IExpr,
  type IrFunc,
  type IrProgram,
} from '../ir/ir.js';
import { printExpr } from '../ir/print.js';

/**
 * A key equal for expressions that differ only in the names of their bound (reduction) indices:
 * the printed form with each reduction index renamed to its nesting depth (`#0`, `#1`, ...; `#`
 * cannot occur in an index name, so the renaming captures nothing). The printed form is used
 * rather than JSON so that the order of object keys does not matter.
 */
export function alphaKey(e: IExpr): string {
  let depth = 0;
  const canon = (n: IExpr): IExpr => {
    if (n.k !== 'red') return mapChildren(n, canon);
    const lo = canon(n.lo);
    const hi = canon(n.hi);
    const to: IExpr = { k: 'idx', t: 'i', name: `#${depth++}` };
    const cond = n.cond && canon(substIdx(n.cond, n.idx, to));
    const body = canon(substIdx(n.body, n.idx, to));
    depth--;
    return { ...n, lo, hi, idx: to.name, cond, body };
  };
  return printExpr(canon(e));
}

export function cseFunc(f: IrFunc): IrFunc {
  const out: Binding[] = [];
  const used = new Set<string>([f.input, ...f.bindings.map((b) => b.name)]);
  let counter = 0;
  const fresh = () => {
    let n: string;
    do n = `r${counter++}`;
    while (used.has(n));
    used.add(n);
    return n;
  };
  const renameScalars = new Map<string, string>();
  // A step's individual index is fixed for the whole function: reductions over it hoist.
  const bound = new Set<string>(f.domain ? [f.domain.idx] : []);
  const keys = new WeakMap<IExpr, string>(); // alphaKey of the bodies already in `out`
  const keyOf = (e: IExpr) => {
    let k = keys.get(e);
    if (k === undefined) keys.set(e, (k = alphaKey(e)));
    return k;
  };
  const hoist = (e: IExpr): IExpr =>
    transform(e, (n) => {
      const renamed = n.k === 'sref' ? renameScalars.get(n.name) : undefined;
      if (n.k === 'sref' && renamed !== undefined) return { ...n, name: renamed };
      if (n.k !== 'red' || freeIdx(n, bound).size > 0) return n;
      const key = alphaKey(n);
      const same = out.find((b) => b.k === 'scalar' && keyOf(b.body) === key);
      if (same) return { k: 'sref', t: n.t, name: same.name };
      const name = fresh();
      out.push({ k: 'scalar', name, t: n.t, body: n });
      return { k: 'sref', t: n.t, name };
    });
  for (const b of f.bindings) {
    if (b.k === 'scalar') {
      const body = b.body;
      // A binding whose whole body is a reduction keeps its name (hoisting only its inner reductions).
      const inner =
        body.k === 'red'
          ? {
              ...body,
              body: hoist(body.body),
              cond: body.cond && hoist(body.cond),
              lo: hoist(body.lo),
              hi: hoist(body.hi),
            }
          : hoist(body);
      const key = alphaKey(inner);
      const same = out.find((o) => o.k === 'scalar' && o.t === b.t && keyOf(o.body) === key);
      if (same) {
        renameScalars.set(b.name, same.name);
        continue;
      }
      out.push({ ...b, body: inner });
    } else {
      out.push({ ...b, body: hoist(b.body) } as Binding);
    }
  }
  return { ...f, bindings: out, result: hoist(f.result), ...mapWrites(f, hoist) };
}

export function cse(p: IrProgram): IrProgram {
  return { ...p, main: cseFunc(p.main), funcs: p.funcs.map(cseFunc) };
}
