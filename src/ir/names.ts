// The names a function of a program already uses, and a fresh one beside them: for a pass that
// adds bindings or indices to a function the elaborator built. The elaborator's own names are
// unique by construction (src/elaborate/scope.ts FuncBuilder.fresh within a function, ElabCore's
// numbered indices across the algorithm), but a pass sees only the IR, so it collects what the
// function holds and picks the first free name as FuncBuilder.fresh does (base, base_1, ...).

import { forEachNode, type IExpr, type IrFunc, type IrProgram } from './ir.js';

/**
 * Every name `f` of `p` binds or reads: its input, bindings, indices (its domain's, vectors',
 * reductions', written columns') and the arrays of `p` (data and state), which share the
 * bindings' namespace in a step.
 */
export function namesIn(p: IrProgram, f: IrFunc): Set<string> {
  const used = new Set<string>([f.input, ...p.data.map((d) => d.name)]);
  for (const s of p.state ?? []) used.add(s.name);
  if (f.domain) used.add(f.domain.idx);
  const visit = (e: IExpr) =>
    forEachNode(e, (n) => {
      if (n.k === 'idx') used.add(n.name);
      else if (n.k === 'red') used.add(n.idx);
    });
  for (const b of f.bindings) {
    used.add(b.name);
    if (b.k !== 'scalar') used.add(b.idx);
    visit(b.body);
  }
  for (const w of f.writes ?? []) {
    if (w.col) used.add(w.col.idx);
    visit(w.row);
    visit(w.body);
  }
  visit(f.result);
  return used;
}

/** `base`, or `base_1`, `base_2`, ...: the first that `used` lacks, which it then holds. */
export function freshName(used: Set<string>, base: string): string {
  let n = base;
  for (let k = 1; used.has(n); k++) n = `${base}_${k}`;
  used.add(n);
  return n;
}
