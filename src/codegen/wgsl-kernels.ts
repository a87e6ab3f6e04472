// The product of WGSL generation: kernels, what each binds, and the buffer layout the runtime
// allocates (src/runtime/gpu-eval.ts).

import type { ExprContext } from './wgsl-expr.js';
import type { Emitter, StepDecls } from './wgsl-emit.js';
import type { Expr, Module, Stmt } from './wgsl-ast.js';
import type { Write } from '../ir/ir.js';
import type { LibraryId } from './wgsl-library.js';

import type { BufferName, KernelBinding } from './wgsl-bindings.js';
export type { BufferName, KernelBinding };

/** How an algorithm step's kernel differs from an evaluation's (codegen/wgsl-step.ts). */
export interface StepHooks extends StepDecls {
  /** Adds its first statements after the grid's. */
  prologue(em: Emitter): void;
  /** Its libraries after the core one (the draws: wgsl-library.ts), by identity. */
  library: readonly LibraryId[];
  /** The expression context of a kernel: state arrays, hoisted loads and draws. */
  context(em: Emitter, base: ExprContext): ExprContext;
  /** The writes: by the team's lanes, or (split regime) by the workgroup of chunk `c`. */
  /** `which`: all writes, only the value rows (no column), or only the vector rows. */
  epilogue(
    em: Emitter,
    ctx: ExprContext,
    team: number,
    chunk?: { size: number; wg: number },
    which?: 'all' | 'values' | 'vectors',
    chained?: ChainedValues,
  ): void;
}

/**
 * A chain kernel's value writes (src/ir/step.ts, chainable): where each is kept for the
 * workgroup (its copy in workgroup memory), and the condition under which the workgroup also
 * writes S (chunk 0).
 */
export interface ChainedValues {
  copy(w: Write): Expr | undefined;
  writesS: Expr;
}

export interface WgslKernel {
  name: string;
  /**
   * Its WGSL syntax tree (wgsl-ast.ts), the one `code` was printed from; absent from a kernel read
   * back from a module of `--emit ts` (compile/kernels.ts, EmbeddedKernels), which keeps the text.
   */
  module?: Module;
  /** Its WGSL text: `module` printed once (printModule). */
  code: string;
  /** The buffers it binds (rows of wgsl-bindings.ts): its declarations and the runtime's bind group. */
  bindings: KernelBinding[];
  /** The names of its bindings, in their order (checked against the plan's buffers, wgsl.ts). */
  uses: BufferName[];
  /** Workgroups for n individuals. */
  workgroups(n: number): number;
}

export interface WgslKernels {
  kernels: WgslKernel[];
  wg: number;
  /**
   * Each data array's place in DATA; `transpose`: stored column-major ([rows, cols] of the
   * array); `read`: this plan's kernels read it (data-layout.ts).
   */
  data: {
    name: string;
    offset: number;
    size: number;
    transpose?: [number, number];
    read: boolean;
  }[];
  dataSize: number;
  scratchStride: number;
  partStride: number; // floats per (individual, chunk)
  groups: number;
  scalarStride: number;
  /**
   * A chainable step (src/ir/step.ts): the kernel between two runs, and the floats of one of
   * PART's two copies (its partials, then the value rows), which every kernel of the step
   * addresses by the run's parity.
   */
  chain?: { kernel: WgslKernel; region: number };
}

export interface WgslOptions {
  /**
   * The device has the 'subgroups' feature. No kernel uses subgroup operations since scans round
   * in their canonical order (wgsl-scan.ts): the options are kept for kernels that may.
   */
  subgroups?: boolean;
  /** The adapter's largest subgroup. */
  subgroupMaxSize?: number;
  /**
   * An algorithm step (codegen/wgsl-step.ts): its state, draws and writes, in the team and the
   * split regimes alike (wgsl-team.ts, wgsl-split.ts).
   */
  step?: StepHooks;
}
