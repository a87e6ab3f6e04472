// The product of WGSL generation: kernels, what each binds, and the buffer layout the runtime
// allocates (src/runtime/gpu-eval.ts).

export type BufferName = 'P' | 'X' | 'F' | 'DATA' | 'SCR' | 'PART' | 'SC';

export interface KernelPlan {
  name: string;
  code: string;
  uses: BufferName[];
  /** Workgroups for n individuals. */
  workgroups(n: number): number;
}

export interface GpuPlan {
  kernels: KernelPlan[];
  wg: number;
  data: { name: string; offset: number; size: number }[];
  dataSize: number;
  scratchStride: number;
  partStride: number; // floats per (individual, chunk)
  groups: number;
  scalarStride: number;
}

export interface WgslOptions {
  /** The device has the 'subgroups' feature: scans use subgroup operations. */
  subgroups?: boolean;
  /** The adapter's largest subgroup: teams at least this wide scan with subgroupInclusiveAdd. */
  subgroupMaxSize?: number;
}
