// How a program's data arrays lie in the GPU's DATA buffer. A matrix that every read uses as a
// row of a per-element reduction, `let z[i] = sum(j) M[i][j] * y[j]` (a rotation), is stored
// transposed (column-major): the lanes of a team compute consecutive rows i, so at each step j
// they read M[i][j] for consecutive i, which are adjacent in the transposed layout (one memory
// transaction for a warp instead of one per lane). Everything else stays row-major.

import { at, type IrProgram } from '../ir/ir.js';
import { rowMatrices } from '../ir/matrix.js';
import type { WgslKernels } from './wgsl-kernels.js';

/**
 * Which data arrays a program reads (`read`), and the 2-D ones to store transposed
 * (`transposed`): read at least once, and every read of the form M[i][j] inside a vector binding
 * over i, with j the index of a reduction in that binding's body (ir/matrix.ts, rowMatrices).
 */
export function dataUse(p: IrProgram): { read: Set<string>; transposed: Set<string> } {
  const { read, rows } = rowMatrices([...p.funcs, p.main]);
  const transposed = new Set(
    p.data.filter((d) => d.shape.length === 2 && rows.has(d.name)).map((d) => d.name),
  );
  return { read, transposed };
}

/**
 * The DATA buffer's contents for plans that share it (an algorithm's steps): each array at its
 * offset, transposed where a plan that reads it says so. Plans that read an array must agree.
 */
export function packData(
  generated: WgslKernels[],
  values: Record<string, Float64Array>,
): Float32Array {
  const size = Math.max(0, ...generated.map((p) => p.dataSize));
  const out = new Float32Array(size);
  const layout = new Map<string, WgslKernels['data'][number]>();
  for (const wgsl of generated)
    for (const d of wgsl.data) {
      const seen = layout.get(d.name);
      if (seen && seen.offset !== d.offset)
        throw new Error(`internal: data ${d.name}: the steps' layouts disagree on its offset`);
      if (seen && d.read && seen.transpose?.join() !== d.transpose?.join() && seen.read)
        throw new Error(
          `internal: data ${d.name}: the steps' layouts disagree on its transposition`,
        );
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
