// Inlining of problem calls. A call `(callp f@n (vref a n))` is replaced by the callee's result
// expression, after copying the callee's bindings (renamed apart) into the caller with the callee's
// input renamed to the argument array. Callees are inlined bottom-up (each callee is itself made
// call-free first), so after this pass `funcs` is empty and the program is one function.
// The callee's result expression lands inside the caller's expression (possibly inside a caller
// reduction), so its reduction indices are renamed apart from every index name of the caller
// (`(sum j ... (callp g ...))` with g's result `(sum j ...)` would otherwise nest `j` in `j`).

import {
  forEachNode,
  mapChildren,
  substIdx,
  transform,
  type Binding,
  type IExpr,
  type IrFunc,
  type IrProgram,
  mapWrites,
} from '../ir/ir.js';

/** Every index name bound or used in `e`. */
function indexNames(e: IExpr, out: Set<string>): Set<string> {
  forEachNode(e, (n) => {
    if (n.k === 'idx') out.add(n.name);
    if (n.k === 'red') out.add(n.idx);
  });
  return out;
}

/**
 * Renames the reductions of `e` whose index is in `avoid` (the caller's index names) to names
 * that are in neither `avoid` nor `taken` (the index names of `e`). The renaming depends only on
 * its arguments, so two inlined copies of one callee stay identical (and cse can merge them).
 */
function renameIndicesApart(e: IExpr, avoid: Set<string>, taken: Set<string>): IExpr {
  if (e.k !== 'red') return mapChildren(e, (c) => renameIndicesApart(c, avoid, taken));
  let { idx, cond, body } = e;
  if (avoid.has(idx)) {
    let n = idx;
    for (let k = 1; avoid.has(n) || taken.has(n); k++) n = `${e.idx}_${k}`;
    const to: IExpr = { k: 'idx', t: 'i', name: n };
    cond = cond && substIdx(cond, idx, to);
    body = substIdx(body, idx, to);
    idx = n;
  }
  return {
    ...e,
    lo: renameIndicesApart(e.lo, avoid, taken),
    hi: renameIndicesApart(e.hi, avoid, taken),
    idx,
    cond: cond && renameIndicesApart(cond, avoid, taken),
    body: renameIndicesApart(body, avoid, taken),
  };
}

function renameExpr(e: IExpr, arrays: Map<string, string>, scalars: Map<string, string>): IExpr {
  return transform(e, (n) => {
    // Names the maps do not hold (data arrays) are kept.
    if (n.k === 'read') return { ...n, arr: arrays.get(n.arr) ?? n.arr };
    if (n.k === 'vref') return { ...n, name: arrays.get(n.name) ?? n.name };
    if (n.k === 'sref') return { ...n, name: scalars.get(n.name) ?? n.name };
    return n;
  });
}

/** Inlines the calls of `f`; `callee(name)` returns the callee, already free of calls. */
export function inlineFunc(f: IrFunc, callee: (name: string) => IrFunc | undefined): IrFunc {
  const out: Binding[] = [];
  const used = new Set<string>([f.input, ...f.bindings.map((b) => b.name)]);
  const callerIdx = new Set<string>();
  for (const b of f.bindings) {
    if (b.k !== 'scalar') callerIdx.add(b.idx);
    indexNames(b.body, callerIdx);
  }
  indexNames(f.result, callerIdx);
  if (f.domain) callerIdx.add(f.domain.idx);
  for (const w of f.writes ?? []) {
    if (w.col) callerIdx.add(w.col.idx);
    indexNames(w.body, callerIdx);
  }
  const fresh = (base: string) => {
    let n = base;
    for (let k = 1; used.has(n); k++) n = `${base}_${k}`;
    used.add(n);
    return n;
  };
  const expand = (e: IExpr): IExpr =>
    transform(e, (n) => {
      if (n.k !== 'callp') return n;
      const g = callee(n.fn);
      if (!g) throw new Error(`internal: inline: unknown function ${n.fn}`);
      const arg = n.args[0];
      if (!arg || arg.k !== 'vref')
        throw new Error('internal: inline: a problem call takes one vector');
      const prefix = n.fn.replace(/@\d+$/, '');
      const arrays = new Map<string, string>([[g.input, arg.name]]);
      const scalars = new Map<string, string>();
      for (const b of g.bindings) {
        const nn = fresh(`${prefix}.${b.name}`);
        if (b.k === 'scalar') scalars.set(b.name, nn);
        else arrays.set(b.name, nn);
        out.push({ ...b, name: nn, body: renameExpr(b.body, arrays, scalars) } as Binding);
      }
      const result = renameExpr(g.result, arrays, scalars);
      return renameIndicesApart(result, callerIdx, indexNames(result, new Set()));
    });
  for (const b of f.bindings) out.push({ ...b, body: expand(b.body) } as Binding);
  const result = expand(f.result);
  return { ...f, bindings: out, result, ...mapWrites(f, expand) };
}

export function inline(p: IrProgram): IrProgram {
  const callees = new Map(p.funcs.map((f) => [f.name, f]));
  const done = new Map<string, IrFunc>();
  const callee = (name: string): IrFunc | undefined => {
    let g = done.get(name);
    if (!g) {
      const f = callees.get(name);
      if (!f) return undefined;
      g = inlineFunc(f, callee); // terminates: the elaborator rejects recursive problems
      done.set(name, g);
    }
    return g;
  };
  return { ...p, funcs: [], main: inlineFunc(p.main, callee) };
}
