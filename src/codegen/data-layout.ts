// How a program's data arrays lie in the GPU's DATA buffer. A matrix that every read uses as a
// row of a per-element reduction, `let z[i] = sum(j) M[i][j] * y[j]` (a rotation), is stored
// transposed (column-major): the lanes of a team compute consecutive rows i, so at each step j
// they read M[i][j] for consecutive i, which are adjacent in the transposed layout (one memory
// transaction for a warp instead of one per lane). Everything else stays row-major.

import { at, children, type IExpr, type IrProgram } from '../ir/ir.js';
import type { GpuPlan } from './wgsl-plan.js';

/**
 * Which data arrays a program reads (`read`), and the 2-D ones to store transposed
 * (`transposed`): read at least once, and every read of the form M[i][j] inside a vector binding
 * over i, with j the index of a reduction in that binding's body. One walk over every expression
 * of the program's functions (bindings, result, and the rows and bodies of a step's writes).
 */
export function dataUse(p: IrProgram): { read: Set<string>; transposed: Set<string> } {
  const matrices = new Set(p.data.filter((d) => d.shape.length === 2).map((d) => d.name));
  const read = new Set<string>();
  const bad = new Set<string>();
  const visit = (e: IExpr, row: string | undefined, reds: Set<string>) => {
    if (e.k === 'read') {
      read.add(e.arr);
      const [a, b] = e.idx;
      const rowRead =
        row !== undefined && a?.k === 'idx' && a.name === row && b?.k === 'idx' && reds.has(b.name);
      if (matrices.has(e.arr) && !rowRead) bad.add(e.arr);
    }
    if (e.k === 'red') {
      visit(e.lo, row, reds);
      visit(e.hi, row, reds);
      const inner = new Set(reds).add(e.idx);
      if (e.cond) visit(e.cond, row, inner);
      visit(e.body, row, inner);
      return;
    }
    for (const c of children(e)) visit(c, row, reds);
  };
  for (const f of [...p.funcs, p.main]) {
    for (const b of f.bindings) visit(b.body, b.k === 'vec' ? b.idx : undefined, new Set());
    visit(f.result, undefined, new Set());
    for (const w of f.writes ?? []) {
      visit(w.row, undefined, new Set());
      visit(w.body, undefined, new Set());
    }
  }
  const transposed = new Set([...matrices].filter((m) => read.has(m) && !bad.has(m)));
  return { read, transposed };
}

/**
 * The DATA buffer's contents for plans that share it (an algorithm's steps): each array at its
 * offset, transposed where a plan that reads it says so. Plans that read an array must agree.
 */
export function packData(plans: GpuPlan[], values: Record<string, Float64Array>): Float32Array {
  const size = Math.max(0, ...plans.map((p) => p.dataSize));
  const out = new Float32Array(size);
  const layout = new Map<string, GpuPlan['data'][number]>();
  for (const plan of plans)
    for (const d of plan.data) {
      const seen = layout.get(d.name);
      if (seen && seen.offset !== d.offset)
        throw new Error(`data ${d.name}: the steps' layouts disagree on its offset`);
      if (seen && d.read && seen.transpose?.join() !== d.transpose?.join() && seen.read)
        throw new Error(`data ${d.name}: the steps' layouts disagree on its transposition`);
      if (!seen || (d.read && !seen.read)) layout.set(d.name, { ...d });
    }
  for (const [name, d] of layout) {
    const v = values[name];
    if (!v) throw new Error(`internal: no values for data ${name}`);
    if (!d.transpose) out.set(v, d.offset);
    else {
      const [rows, cols] = d.transpose;
      for (let i = 0; i < rows; i++)
        for (let j = 0; j < cols; j++) out[d.offset + j * rows + i] = at(v, i * cols + j, name);
    }
  }
  return out;
}
