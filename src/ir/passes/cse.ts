// Common-subexpression elimination at the level that costs: reductions. Every reduction that does
// not depend on an enclosing index is hoisted into its own scalar binding, and identical reductions
// (or identical scalar bindings) are computed once. Salomon's two uses of sqrt(sum x^2), or a sum
// that two inlined problems both compute, become one pass over the data. Element-level repeats
// (x[i]^2 twice) are left to the shader compiler, which does them well.

import { exprEqual, freeIdx, transform, type Binding, type IExpr, type IrFunc, type IrProgram } from '../ir.js';

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
  const hoist = (e: IExpr): IExpr =>
    transform(e, (n) => {
      if (n.k === 'sref' && renameScalars.has(n.name)) return { ...n, name: renameScalars.get(n.name)! };
      if (n.k !== 'red' || freeIdx(n).size > 0) return n;
      const same = out.find((b) => b.k === 'scalar' && exprEqual(b.body, n));
      if (same) return { k: 'sref', t: n.t, name: same.name };
      const name = fresh();
      out.push({ k: 'scalar', name, t: n.t, body: n });
      return { k: 'sref', t: n.t, name };
    });
  for (const b of f.bindings) {
    if (b.k === 'scalar') {
      const body = b.body;
      // A binding whose whole body is a reduction keeps its name (hoisting only its inner reductions).
      const inner = body.k === 'red' ? { ...body, body: hoist(body.body), cond: body.cond && hoist(body.cond), lo: hoist(body.lo), hi: hoist(body.hi) } : hoist(body);
      const same = out.find((o) => o.k === 'scalar' && exprEqual(o.body, inner));
      if (same) {
        renameScalars.set(b.name, same.name);
        continue;
      }
      out.push({ ...b, body: inner });
    } else {
      out.push({ ...b, body: hoist(b.body) } as Binding);
    }
  }
  return { ...f, bindings: out, result: hoist(f.result) };
}

export function cse(p: IrProgram): IrProgram {
  return { ...p, main: cseFunc(p.main), funcs: p.funcs.map(cseFunc) };
}
