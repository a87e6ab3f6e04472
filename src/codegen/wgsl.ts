// WGSL generation for a scheduled IR program from its plan (src/schedule/plan.ts: the regime,
// the kernels, what each stores).
//
// Each kernel is a WGSL syntax tree (wgsl-ast.ts) printed once; the buffers it binds are rows of
// the binding table (wgsl-bindings.ts: P, X, F, DATA, SCR, PART, SC, S), from which the runtime
// makes its bind groups.
//
// Integer scalars that cross kernels are stored as f32 (exact below 2^24: indices and counts).

import { at, type Binding, type ScheduledProgram } from '../ir/ir.js';
import { dataUse } from './data-layout.js';
import type { Plan, PlanKernel } from '../schedule/plan.js';
import type { WgslKernels, WgslKernel, WgslOptions } from './wgsl-kernels.js';
import { type Layout } from './wgsl-emit.js';
import { teamKernel } from './wgsl-team.js';
import { SplitKernels } from './wgsl-split.js';

export type {
  BufferName,
  WgslKernels,
  KernelBinding,
  WgslKernel,
  WgslOptions,
} from './wgsl-kernels.js';
export { summationChain } from './wgsl-emit.js';

/**
 * The kernels of `plan` (src/schedule/plan.ts), the plan of `p`: codegen decides nothing the plan
 * states. SCR and workgroup memory hold what `plan.storage` lists, in its order; the kernels are
 * the plan's, in its order, with its names and grids, each built for its role (the team kernel,
 * or one of the split regime's: wgsl-split.ts), and each binds exactly the plan's buffers.
 */
export function generateWgsl(
  p: ScheduledProgram,
  plan: Plan,
  options: WgslOptions = {},
): WgslKernels {
  const s = p.schedule;
  const f = p.main;
  const r = plan.decision.regime;
  const bind = new Map<string, Binding>(f.bindings.map((b) => [b.name, b]));
  const len = (name: string) => (bind.get(name) as { len: number }).len;
  const dataOffset = new Map<string, number>();
  const dataShape = new Map<string, number[]>();
  let dataSize = 0;
  const { read: readData, transposed } = dataUse(p);
  const dataLayout = p.data.map((d) => {
    const size = d.shape.reduce((a, b) => a * b, 1);
    dataOffset.set(d.name, dataSize);
    dataShape.set(d.name, d.shape);
    const r: WgslKernels['data'][number] = {
      name: d.name,
      offset: dataSize,
      size,
      read: readData.has(d.name),
    };
    if (transposed.has(d.name))
      r.transpose = [at(d.shape, 0, 'a transposed matrix'), at(d.shape, 1, 'a transposed matrix')];
    dataSize += Math.ceil(size / 4) * 4; // vec4-aligned, so a vector can be loaded 16 bytes at a time
    return r;
  });
  const scratchOffset = new Map<string, number>();
  let scratchStride = 0;
  for (const name of plan.storage.scratch) {
    scratchOffset.set(name, scratchStride);
    scratchStride += len(name);
  }
  const sharedOffset = new Map<string, number>();
  let sharedStride = 0;
  for (const name of plan.storage.shared) {
    sharedOffset.set(name, sharedStride);
    sharedStride += len(name);
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
  const gpu: WgslKernels = {
    kernels: [],
    wg: r.wg,
    data: dataLayout,
    dataSize,
    scratchStride,
    partStride: 1,
    groups: r.k === 'split' ? r.groups : 1,
    scalarStride: layout.scalarStride,
  };
  const split =
    r.k === 'split' ? new SplitKernels(p, s.stages, r, layout, bind, plan, options) : undefined;
  for (const k of plan.kernels) {
    let kp: WgslKernel;
    if (k.role.k === 'team') {
      if (k.dispatch.per !== 'team' || k.dispatch.individuals * k.role.team !== r.wg)
        throw new Error(`internal: wgsl: kernel ${k.name}: its grid does not match its team`);
      kp = teamKernel(p, k, s.stages, k.role.team, r.wg, layout, bind, options);
    } else if (split) kp = split.kernel(k);
    else throw new Error(`internal: wgsl: kernel ${k.name} (${k.role.k}) in the team regime`);
    bindsItsPlan(kp, k);
    gpu.kernels.push(kp);
  }
  if (split) gpu.partStride = split.partStride;
  if (plan.chain) {
    if (!split) throw new Error('internal: wgsl: a chain in the team regime');
    gpu.chain = split.chainKernel(plan.chain.kernel, plan.kernels);
    bindsItsPlan(gpu.chain.kernel, plan.chain.kernel);
  }
  return gpu;
}

/**
 * The plan says which buffers a kernel touches; the kernel binds what its code uses (and, as
 * every kernel P, a step's kernel RUNS: the seed of its run, wgsl-step.ts prologue).
 */
function bindsItsPlan(kp: WgslKernel, k: PlanKernel): void {
  const uses = kp.uses.filter((u) => u !== 'RUNS');
  if ([...uses].sort().join() !== ['P', ...k.buffers].sort().join())
    throw new Error(
      `internal: wgsl: kernel ${k.name} binds ${kp.uses.join(', ')}, its plan P, ${k.buffers.join(', ')}`,
    );
}
