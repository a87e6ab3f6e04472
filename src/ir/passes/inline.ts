// Inlining of problem calls. A call `(callp f@n (vref a n))` is replaced by the callee's result
// expression, after copying the callee's bindings (renamed apart) into the caller with the callee's
// input renamed to the argument array. Callees are inlined bottom-up, so after this pass `funcs`
// is empty and the program is one function.

import { mapChildren, transform, type Binding, type IExpr, type IrFunc, type IrProgram } from '../ir.js';

function renameExpr(e: IExpr, arrays: Map<string, string>, scalars: Map<string, string>): IExpr {
  return transform(e, (n) => {
    if (n.k === 'read' && arrays.has(n.arr)) return { ...n, arr: arrays.get(n.arr)! };
    if (n.k === 'vref' && arrays.has(n.name)) return { ...n, name: arrays.get(n.name)! };
    if (n.k === 'sref' && scalars.has(n.name)) return { ...n, name: scalars.get(n.name)! };
    return n;
  });
}

export function inlineFunc(f: IrFunc, callees: Map<string, IrFunc>): IrFunc {
  const out: Binding[] = [];
  const used = new Set<string>([f.input, ...f.bindings.map((b) => b.name)]);
  const fresh = (base: string) => {
    let n = base;
    for (let k = 1; used.has(n); k++) n = `${base}_${k}`;
    used.add(n);
    return n;
  };
  const expand = (e: IExpr): IExpr =>
    transform(e, (n) => {
      if (n.k !== 'callp') return n;
      const callee = callees.get(n.fn);
      if (!callee) throw new Error(`inline: unknown function ${n.fn}`);
      const arg = n.args[0];
      if (!arg || arg.k !== 'vref') throw new Error('inline: a problem call takes one vector');
      const prefix = n.fn.replace(/@\d+$/, '');
      const arrays = new Map<string, string>([[callee.input, arg.name]]);
      const scalars = new Map<string, string>();
      for (const b of callee.bindings) {
        const nn = fresh(`${prefix}.${b.name}`);
        if (b.k === 'scalar') scalars.set(b.name, nn);
        else arrays.set(b.name, nn);
        out.push({ ...b, name: nn, body: expand(renameExpr(b.body, arrays, scalars)) } as Binding);
      }
      return expand(renameExpr(callee.result, arrays, scalars));
    });
  for (const b of f.bindings) out.push({ ...b, body: expand(b.body) } as Binding);
  const result = expand(f.result);
  return { ...f, bindings: out, result };
}

export function inline(p: IrProgram): IrProgram {
  const callees = new Map(p.funcs.map((f) => [f.name, f]));
  return { ...p, funcs: [], main: inlineFunc(p.main, callees) };
}

export { mapChildren };
