// The one table of the buffers a kernel can bind: their binding numbers, WGSL declarations and
// WebGPU bind-group-layout types. The shaders' declarations (printed by wgsl-ast.ts) and the
// runtime's bind groups (runtime/gpu-eval.ts, runtime/algo-gpu.ts) are both made from it, so they
// agree by construction.

/**
 * An evaluation kernel's parameters (P, struct Params), one u32 each, in their order: the struct
 * the shaders declare (wgsl-emit.ts header) and the uniform the runtime writes (evalParamWords,
 * runtime/gpu-eval.ts) are both made from this list. n: the individuals of the dispatch (a slab's);
 * f_offset: the first one's place in F; gx: the grid's width (workgroups in x); pad: 0, a value
 * the shader compiler cannot see (opt_nan, ff_keep: wgsl-library.ts).
 */
export const EVAL_PARAM_FIELDS = ['n', 'f_offset', 'gx', 'pad'] as const;
export type EvalParam = (typeof EVAL_PARAM_FIELDS)[number];
/** The bytes of an evaluation's parameters. */
export const EVAL_PARAM_BYTES = 4 * EVAL_PARAM_FIELDS.length;

/** The words of an evaluation's parameters, each field by name (pad 0). */
export function evalParamWords(
  v: Record<Exclude<EvalParam, 'pad'>, number>,
): Uint32Array<ArrayBuffer> {
  return new Uint32Array(EVAL_PARAM_FIELDS.map((f) => (f === 'pad' ? 0 : v[f])));
}

/** The buffers a kernel may bind. */
export type BufferName =
  | 'P'
  | 'X'
  | 'F'
  | 'DATA'
  | 'SCR'
  | 'PART'
  | 'SC'
  | 'S'
  | 'Q'
  | 'RUNS'
  | 'ARGS';

/** How a kernel's WGSL declares its buffers (the element type of X and DATA, the parameters). */
export interface BindingOptions {
  /** X and DATA are arrays of vec4<f32> (D % 4 == 0): element loops load 16 bytes a lane. */
  vec4?: boolean;
  /** An algorithm step: its parameters come per dispatch through a dynamic uniform offset. */
  step?: { paramBytes: number };
}

export interface KernelBinding {
  name: BufferName;
  binding: number;
  /** WGSL address space and access mode, as written between `var<` and `>`. */
  space: 'uniform' | 'storage, read' | 'storage, read_write';
  /** The WGSL store type. */
  type: string;
  /** The WebGPU bind-group-layout buffer type (GPUBufferBindingType). */
  layout: 'uniform' | 'storage' | 'read-only-storage';
  /** Step parameters: one 256-byte slot per dispatch, chosen by a dynamic offset. */
  dynamicOffset?: { minBindingSize: number };
  /**
   * S or SCR bound as windows (larger than one binding: wgsl-window.ts): window k, words
   * [k W, (k + 1) W) of the one buffer, declared as `S` (k = 0) or `S<k>` (`SCR`, `SCR<k>`).
   */
  window?: number;
}

const ROWS: Record<
  BufferName,
  { binding: number; space: KernelBinding['space']; type: (o: BindingOptions) => string }
> = {
  // The parameters: an evaluation's (EVAL_PARAM_FIELDS), or a step's (wgsl-step.ts
  // STEP_PARAM_FIELDS).
  P: { binding: 0, space: 'uniform', type: () => 'Params' },
  // The population slab, row-major [n][D].
  X: { binding: 1, space: 'storage, read', type: (o) => elem(o) },
  // Fitness out.
  F: { binding: 2, space: 'storage, read_write', type: () => 'array<f32>' },
  // All data arrays of the program, packed, float32.
  DATA: { binding: 3, space: 'storage, read', type: (o) => elem(o) },
  // Per-individual scratch for materialised vectors and scans: [n][scratchStride].
  SCR: { binding: 4, space: 'storage, read_write', type: () => 'array<f32>' },
  // Split regime: per (individual, chunk) partial accumulators: [n][groups][partStride].
  PART: { binding: 5, space: 'storage, read_write', type: () => 'array<f32>' },
  // Split regime: per-individual scalars computed by earlier kernels: [n][scalarStride].
  SC: { binding: 6, space: 'storage, read_write', type: () => 'array<f32>' },
  // Algorithm steps: the whole state. vec4 elements: four consecutive values of a row load at
  // once where a loop can use them (the state arrays start on 256-byte boundaries).
  S: { binding: 7, space: 'storage, read_write', type: () => 'array<vec4<f32>>' },
  // Algorithm steps, a chain kernel (src/ir/step.ts, chainable): the previous run's parameters.
  Q: { binding: 8, space: 'uniform', type: () => 'Params' },
  // Algorithm steps: each run's seed (lo, hi words), by the grid's z (the runs of a batch, one
  // state and one seed each, in the same kernels: src/runtime/algo-gpu.ts).
  RUNS: { binding: 9, space: 'storage, read', type: () => 'array<vec2<u32>>' },
  // Algorithm steps, `repeat while`: the workgroup counts (x, y, z) of the loop body's indirectly
  // dispatched kernels, which a counts kernel writes (wgsl-service.ts skipKernel).
  ARGS: { binding: 10, space: 'storage, read_write', type: () => 'array<u32>' },
};

const elem = (o: BindingOptions) => (o.vec4 ? 'array<vec4<f32>>' : 'array<f32>');

/**
 * The binding numbers of a windowed buffer's windows after the first (which keeps the buffer's
 * own number): S's from 11 (after the table's rows), SCR's from 40.
 */
export const WINDOW_BINDINGS = { S: 11, SCR: 40 } as const;
/** The buffers that may be bound as windows (codegen/wgsl-window.ts). */
export type WindowedBuffer = keyof typeof WINDOW_BINDINGS;

/** The WGSL name of binding `b`: its buffer's, or its window's (`S1`, `SCR2`, ...). */
export function bindingVar(b: KernelBinding): string {
  return b.window ? `${b.name}${b.window}` : b.name;
}

/** Window k of buffer `name` (codegen/wgsl-window.ts), as binding `b` of it declares it. */
export function windowBinding(
  b: KernelBinding & { name: WindowedBuffer },
  k: number,
): KernelBinding {
  return k === 0
    ? { ...b, window: 0 }
    : { ...b, binding: WINDOW_BINDINGS[b.name] + k - 1, window: k };
}

/** The binding of buffer `name` in a kernel made with options `o`. */
export function kernelBinding(name: BufferName, o: BindingOptions = {}): KernelBinding {
  const r = ROWS[name];
  const b: KernelBinding = {
    name,
    binding: r.binding,
    space: r.space,
    type: r.type(o),
    layout:
      r.space === 'uniform'
        ? 'uniform'
        : r.space === 'storage, read'
          ? 'read-only-storage'
          : 'storage',
  };
  if ((name === 'P' || name === 'Q') && o.step)
    b.dynamicOffset = { minBindingSize: o.step.paramBytes };
  return b;
}
