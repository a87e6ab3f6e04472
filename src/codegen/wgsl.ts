// WGSL generation for a scheduled IR program (see ir/passes/schedule.ts for the regimes).
//
// Each kernel is a WGSL syntax tree (wgsl-ast.ts) printed once; the buffers it binds are rows of
// the binding table (wgsl-bindings.ts: P, X, F, DATA, SCR, PART, SC, S), from which the runtime
// makes its bind groups.
//
// Integer scalars that cross kernels are stored as f32 (exact below 2^24: indices and counts).

import { forEachNode, type Binding, type IExpr, type IrProgram } from '../ir/ir.js';
import { dataUse } from './data-layout.js';
import type { GpuPlan, WgslOptions } from './wgsl-plan.js';
import { type Layout } from './wgsl-emit.js';
import { teamKernel } from './wgsl-team.js';
import { splitKernels } from './wgsl-split.js';

export type { BufferName, GpuPlan, KernelBinding, KernelPlan, WgslOptions } from './wgsl-plan.js';
export { TEAM_SCAN_K, shsSize } from './wgsl-emit.js';

/** Workgroup memory for a step's kept vectors (of the 16 KiB WebGPU guarantees). */
export const SHARED_VEC_BYTES = 8192;

export function generateWgsl(p: IrProgram, options: WgslOptions = {}): GpuPlan {
  const s = p.schedule;
  if (!s) throw new Error('wgsl: schedule the program first');
  const f = p.main;
  const bind = new Map<string, Binding>(f.bindings.map((b) => [b.name, b]));
  const dataOffset = new Map<string, number>();
  const dataShape = new Map<string, number[]>();
  let dataSize = 0;
  const { read: readData, transposed } = dataUse(p);
  const dataLayout = p.data.map((d) => {
    const size = d.shape.reduce((a, b) => a * b, 1);
    dataOffset.set(d.name, dataSize);
    dataShape.set(d.name, d.shape);
    const r: GpuPlan['data'][number] = {
      name: d.name,
      offset: dataSize,
      size,
      read: readData.has(d.name),
    };
    if (transposed.has(d.name)) r.transpose = [d.shape[0]!, d.shape[1]!];
    dataSize += Math.ceil(size / 4) * 4; // vec4-aligned, so a vector can be loaded 16 bytes at a time
    return r;
  });
  // Scans are stored only when something other than their fused consumers reads them.
  const attached = new Set(s.stages.flatMap((st) => (st.k === 'scan' ? st.outs : [])));
  const reads = (e: IExpr, name: string) => {
    let found = false;
    forEachNode(e, (x) => {
      if (x.k === 'read' && x.arr === name) found = true;
    });
    return found;
  };
  const readers = (name: string) =>
    f.bindings.filter((b) => b.name !== name && !attached.has(b.name) && reads(b.body, name))
      .length + (reads(f.result, name) ? 1 : 0);
  const scratchOffset = new Map<string, number>();
  let scratchStride = 0;
  // Steps keep their vectors in workgroup memory when they fit (SHARED_VEC_BYTES a workgroup).
  const sharedOffset = new Map<string, number>();
  let sharedStride = 0;
  if (options.step && s.regime.k === 'team') {
    const vecs = s.stages.filter((st) => st.k === 'vec').map((st) => (st as { name: string }).name);
    const len = vecs.reduce((a, n) => a + (bind.get(n) as { len: number }).len, 0);
    if (len > 0 && (s.regime.wg / s.regime.team) * len * 4 <= SHARED_VEC_BYTES)
      for (const n of vecs) {
        sharedOffset.set(n, sharedStride);
        sharedStride += (bind.get(n) as { len: number }).len;
      }
  }
  for (const st of s.stages) {
    if (st.k === 'vec' && sharedOffset.has(st.name)) continue;
    const name =
      st.k === 'vec' ? st.name : st.k === 'scan' && readers(st.scan) > 0 ? st.scan : undefined;
    if (name) {
      scratchOffset.set(name, scratchStride);
      scratchStride += (bind.get(name) as { len: number }).len;
    }
  }
  const scalarSlot = new Map<string, number>();
  for (const b of f.bindings) if (b.k === 'scalar') scalarSlot.set(b.name, scalarSlot.size);
  const layout: Layout = {
    sharedOffset,
    sharedStride,
    dataOffset,
    dataShape,
    dataTransposed: transposed,
    scratchOffset,
    scratchStride,
    scalarSlot,
    scalarStride: scalarSlot.size,
  };
  const plan: GpuPlan = {
    kernels: [],
    wg: s.regime.wg,
    data: dataLayout,
    dataSize,
    scratchStride,
    partStride: 1,
    groups: s.regime.k === 'split' ? s.regime.groups : 1,
    scalarStride: layout.scalarStride,
  };
  if (s.regime.k === 'team')
    plan.kernels.push(
      teamKernel(p, s.stages, s.regime.team, s.regime.wg, layout, bind, options, options.step),
    );
  else splitKernels(p, s.stages, s.regime, layout, bind, plan, options);
  return plan;
}
