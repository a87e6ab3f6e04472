// Executes a compiled problem's GPU plan: buffers, pipelines, dispatches, read-back.
//
// A population larger than one storage binding (maxStorageBufferBindingSize: 2 GiB - 4 on an
// H200, 128 MiB on lavapipe) is kept as several slabs of whole individuals, each its own buffer;
// every kernel is dispatched once per slab with the slab's individual count and fitness offset.
// Everything for one evaluation is recorded in one command buffer.

// The WebGPU types (GPUDevice, ...) for this module's declarations, kept in its .d.ts for the
// package's users ("preserve": TypeScript drops a reference it did not synthesise otherwise).
/// <reference types="@webgpu/types" preserve="true" />
import type { CompiledProblem } from '../compile/problem.js';
import {
  type BufferName,
  type WgslKernels,
  type KernelBinding,
  type WgslKernel,
} from '../codegen/wgsl.js';
import { packData } from '../codegen/data-layout.js';
import { EVAL_PARAM_BYTES, evalParamWords } from '../codegen/wgsl-bindings.js';
import { GpuError, type GpuContext } from './device.js';
import { bytesText, checkEvaluation, ResourceError } from './resources.js';
import { rejectedMessage, rejectedShaders, type ShaderSource } from './shader-check.js';

/** The bind-group-layout entries of a kernel's bindings (codegen/wgsl-bindings.ts). */
export function layoutEntries(bindings: KernelBinding[]): GPUBindGroupLayoutEntry[] {
  return bindings.map((b) => ({
    binding: b.binding,
    visibility: GPUShaderStage.COMPUTE,
    buffer: b.dynamicOffset
      ? { type: b.layout, hasDynamicOffset: true, minBindingSize: b.dynamicOffset.minBindingSize }
      : { type: b.layout },
  }));
}

export interface GpuEvalOptions {
  /** Largest binding in bytes (defaults to the device's maxStorageBufferBindingSize); tests lower it to force slabs. */
  maxBindingBytes?: number;
  /**
   * Use subgroup operations in scans where the device has them. Off by default: on an H200 the
   * subgroup scan measured slower than the workgroup-memory scan (Schwefel 1.2 at D = 10,000:
   * 0.40 against 0.54 of the copy bandwidth; docs/performance.md). Tests run both paths.
   */
  subgroups?: boolean;
}

/** One kernel's dispatch for one slab: recorded once per slab set, replayed by encode(). */
interface Dispatch {
  pipeline: GPUComputePipeline;
  group: GPUBindGroup;
  gx: number;
  gy: number;
}

export interface Slab {
  x: GPUBuffer;
  first: number; // index of its first individual
  count: number;
}

export class GpuEvaluator {
  readonly wgsl: WgslKernels;
  private pipelines: GPUComputePipeline[] = [];
  private readonly pipelinesMade: Promise<GPUComputePipeline[] | Error>;
  /** The kernels' shader modules, for what the device says of one it rejects (ready()). */
  private readonly shaders: ShaderSource[];
  /** Each kernel's bind-group layout, from its bindings. */
  private layouts: GPUBindGroupLayout[];
  private dataBuf: GPUBuffer | undefined;
  private scr: GPUBuffer | undefined;
  private part: GPUBuffer | undefined;
  private sc: GPUBuffer | undefined;
  readonly slabSize: number;
  readonly D: number;

  constructor(
    readonly gpu: GpuContext,
    readonly problem: CompiledProblem,
    readonly capacity: number,
    o: GpuEvalOptions = {},
  ) {
    const device = gpu.device;
    // Kernels longer than the shader compilers take in reasonable time (compile/gpu-limits.ts).
    problem.gpuCheck();
    // A point in one binding and the data in one, before any kernel is generated or buffer made
    // (runtime/resources.ts).
    checkEvaluation(`${problem.info.name} at D = ${problem.info.dim}`, {
      dim: problem.info.dim,
      points: 0,
      data: problem.ir.data,
      gpu: { limits: gpu.limits, name: gpu.adapterName },
    });
    // The problem's kernels for these options (CompiledProblem.kernels: generated once for them).
    this.wgsl = problem.kernels({
      subgroups: (o.subgroups ?? false) && gpu.features.subgroups,
      subgroupMaxSize: gpu.features.subgroupMaxSize,
    });
    this.D = problem.info.dim;
    const maxBind = Math.min(
      o.maxBindingBytes ?? gpu.limits.maxStorageBufferBindingSize,
      gpu.limits.maxStorageBufferBindingSize,
    );
    const rowBytes = this.D * 4;
    if (rowBytes > maxBind)
      throw new ResourceError(
        `one individual of D = ${this.D} needs ${bytesText(rowBytes)}, more than the largest storage binding (${bytesText(maxBind)})`,
      );
    const perSlab = Math.max(1, Math.floor(maxBind / rowBytes));
    const perDispatch = (stride: number) =>
      stride > 0 ? Math.floor(maxBind / (stride * 4)) : Infinity;
    this.slabSize = Math.min(
      capacity,
      perSlab,
      perDispatch(this.wgsl.scratchStride),
      perDispatch(this.wgsl.groups * this.wgsl.partStride),
    );
    if (this.slabSize < 1)
      throw new ResourceError(
        `the per-individual scratch of this program (${bytesText(4 * Math.max(this.wgsl.scratchStride, this.wgsl.groups * this.wgsl.partStride))}) exceeds the largest storage binding (${bytesText(maxBind)})`,
      );
    device.pushErrorScope('validation');
    this.layouts = this.wgsl.kernels.map((k) =>
      device.createBindGroupLayout({ label: k.name, entries: layoutEntries(k.bindings) }),
    );
    // Compiled asynchronously (ready() waits): a driver that compiles on the CPU (lavapipe's
    // LLVM takes seconds for the largest kernels, the CEC compositions with float-float
    // arguments) does not hold the event loop meanwhile.
    this.shaders = this.wgsl.kernels.map((k) => ({
      label: k.name,
      code: k.code,
      module: device.createShaderModule({ label: k.name, code: k.code }),
    }));
    this.pipelinesMade = Promise.all(
      this.wgsl.kernels.map((k, ki) =>
        device.createComputePipelineAsync({
          label: k.name,
          layout: device.createPipelineLayout({ bindGroupLayouts: this.layouts.slice(ki, ki + 1) }),
          compute: { module: this.shaders[ki]!.module, entryPoint: 'main' },
        }),
      ),
    ).then(
      (ps) => ps,
      (e: unknown) => e as Error,
    );
    const n = this.slabSize;
    const storage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
    if (this.wgsl.dataSize > 0) {
      // Written through a mapping at creation (no staging copy through the queue).
      this.dataBuf = device.createBuffer({
        size: this.wgsl.dataSize * 4,
        usage: storage,
        label: 'DATA',
        mappedAtCreation: true,
      });
      new Float32Array(this.dataBuf.getMappedRange()).set(packData([this.wgsl], problem.dataAll()));
      this.dataBuf.unmap();
    }
    if (this.wgsl.scratchStride > 0)
      this.scr = device.createBuffer({
        size: n * this.wgsl.scratchStride * 4,
        usage: storage,
        label: 'SCR',
      });
    const binds = (name: BufferName) =>
      this.wgsl.kernels.some((k) => k.bindings.some((b) => b.name === name));
    if (binds('PART'))
      this.part = device.createBuffer({
        size: Math.max(4, n * this.wgsl.groups * this.wgsl.partStride * 4),
        usage: storage,
        label: 'PART',
      });
    if (binds('SC'))
      this.sc = device.createBuffer({
        size: Math.max(4, n * this.wgsl.scalarStride * 4),
        usage: storage,
        label: 'SC',
      });
  }

  /** Reports shader compilation errors (call once after construction). */
  async ready(): Promise<void> {
    const made = await this.pipelinesMade;
    const scoped = await this.gpu.device.popErrorScope();
    const err = made instanceof Error ? made : scoped;
    if (!(made instanceof Error)) this.pipelines = made;
    if (err) {
      const rejected = await rejectedShaders(this.shaders);
      if (rejected) throw new GpuError(rejectedMessage(rejected));
      const code = this.wgsl.kernels.map((k) => `// ---- ${k.name}\n${k.code}`).join('\n');
      throw new Error(
        `GPU pipeline creation failed: ${err.message}\n${process.env.OPT_DEBUG ? code : '(set OPT_DEBUG=1 to print the WGSL)'}`,
      );
    }
  }

  /** Allocates the population as slabs; fills them from `x` (row-major, N x D) when given. */
  createPopulation(N: number, x?: Float32Array): Slab[] {
    const slabs: Slab[] = [];
    for (let first = 0; first < N; first += this.slabSize) {
      const count = Math.min(this.slabSize, N - first);
      const buf = this.gpu.device.createBuffer({
        size: count * this.D * 4,
        usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC,
        label: `X[${first}]`,
      });
      if (x)
        this.gpu.device.queue.writeBuffer(
          buf,
          0,
          x as Float32Array<ArrayBuffer>,
          first * this.D,
          count * this.D,
        );
      slabs.push({ x: buf, first, count });
    }
    return slabs;
  }

  /** Records the evaluation of all slabs into `enc`, writing fitness to `f` (N floats). */
  private bindCache = new Map<string, Dispatch[]>();

  encode(
    enc: GPUCommandEncoder,
    slabs: Slab[],
    f: GPUBuffer,
    reps = 1,
    timestampWrites?: GPUComputePassTimestampWrites,
  ): void {
    const key = slabs.map((s) => s.x.label + s.count).join(',') + f.label;
    let cached = this.bindCache.get(key);
    if (!cached) {
      const made: Dispatch[] = [];
      for (const slab of slabs) {
        this.wgsl.kernels.forEach((k, ki) => {
          const pipeline = this.pipelines[ki];
          const layout = this.layouts[ki];
          if (!pipeline || !layout) throw new Error(`internal: no pipeline for kernel ${k.name}`);
          const wgs = k.workgroups(slab.count);
          const maxDim = this.gpu.limits.maxComputeWorkgroupsPerDimension;
          const gx = Math.min(wgs, maxDim);
          const gy = Math.ceil(wgs / gx);
          const params = this.gpu.device.createBuffer({
            size: EVAL_PARAM_BYTES,
            usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST,
          });
          this.owned.push(params);
          this.gpu.device.queue.writeBuffer(
            params,
            0,
            evalParamWords({ n: slab.count, f_offset: slab.first, gx }),
          );
          // The bind group from the kernel's rows of the binding table (codegen/wgsl-bindings.ts).
          const entries = k.bindings.map((b) => ({
            binding: b.binding,
            resource: { buffer: this.buffer(b.name, slab, f, params) },
          }));
          const group = this.gpu.device.createBindGroup({
            layout,
            entries,
          });
          made.push({ pipeline, group, gx, gy });
        });
      }
      cached = made;
      this.bindCache.set(key, cached);
    }
    const pass = enc.beginComputePass(timestampWrites ? { timestampWrites } : {});
    for (let r = 0; r < reps; r++)
      for (const d of cached) {
        pass.setPipeline(d.pipeline);
        pass.setBindGroup(0, d.group);
        pass.dispatchWorkgroups(d.gx, d.gy);
      }
    pass.end();
  }

  private buffer(u: BufferName, slab: Slab, f: GPUBuffer, params: GPUBuffer): GPUBuffer {
    // The constructor allocates each buffer that some kernel binds.
    const allocated = (b: GPUBuffer | undefined) => {
      if (!b)
        throw new Error(`internal: a kernel binds ${u}, which the evaluator did not allocate`);
      return b;
    };
    switch (u) {
      case 'P':
        return params;
      case 'X':
        return slab.x;
      case 'F':
        return f;
      case 'DATA':
        return allocated(this.dataBuf);
      case 'SCR':
        return allocated(this.scr);
      case 'PART':
        return allocated(this.part);
      case 'SC':
        return allocated(this.sc);
      case 'S':
      case 'Q':
      case 'RUNS':
      case 'ARGS':
        throw new Error(`internal: evaluations have no algorithm state (${u})`);
    }
  }

  createFitness(N: number): GPUBuffer {
    return this.gpu.device.createBuffer({
      size: Math.max(4, N * 4),
      usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
      label: 'F',
    });
  }

  /** Evaluates N points (row-major float32) and reads the fitness back. */
  async evaluate(x: Float32Array, N: number): Promise<Float32Array> {
    const slabs = this.createPopulation(N, x);
    const f = this.createFitness(N);
    const read = this.gpu.device.createBuffer({
      size: Math.max(4, N * 4),
      usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
    });
    const enc = this.gpu.device.createCommandEncoder();
    this.encode(enc, slabs, f);
    enc.copyBufferToBuffer(f, 0, read, 0, N * 4);
    this.gpu.device.queue.submit([enc.finish()]);
    await read.mapAsync(GPUMapMode.READ);
    const out = new Float32Array(read.getMappedRange().slice(0));
    read.unmap();
    for (const s of slabs) s.x.destroy();
    f.destroy();
    read.destroy();
    this.bindCache.clear();
    this.gpu.checkErrors('evaluation');
    return out;
  }

  /** Small buffers made per dispatch (parameters), destroyed with the evaluator. */
  private owned: GPUBuffer[] = [];

  destroy(): void {
    for (const b of [this.dataBuf, this.scr, this.part, this.sc, ...this.owned]) b?.destroy();
    this.owned = [];
    this.bindCache.clear();
  }
}

export type { WgslKernel };
