// The GPU backend of an algorithm: one kernel per step (src/codegen/wgsl-step.ts), the state in
// one storage buffer that never leaves the GPU during a run. The run loop (run.ts) records a batch
// of generations, each step a dispatch whose parameters (generation, trace slot, which copy of each
// array to read and write) sit in their own 256-byte slot of one uniform buffer, selected by a
// dynamic offset; the batch is one command buffer, followed by a copy of the trace rows, which is
// the only read-back until the end of the run.

import type { CompiledAlgorithm } from '../algo/compile.js';
import { TRACE_ROWS } from '../algo/elaborate.js';
import type { Step } from '../algo/ir.js';
import {
  generateStepWgsl,
  STEP_PARAM_BYTES,
  STEP_PARAM_HEAD,
  tableQuads,
} from '../codegen/wgsl-step.js';
import type { GpuPlan } from '../codegen/wgsl.js';
import { materialiseData } from './data.js';
import { planGeneration } from './algo-host.js';
import { StateLayout } from './algo-layout.js';
import type { AlgoEngine } from './algo-engine.js';
import type { GpuContext } from './device.js';

const U = () =>
  (globalThis as unknown as { GPUBufferUsage: Record<string, number> }).GPUBufferUsage;
const MAP = () => (globalThis as unknown as { GPUMapMode: Record<string, number> }).GPUMapMode;
const STAGE = () =>
  (globalThis as unknown as { GPUShaderStage: Record<string, number> }).GPUShaderStage;

interface StepKernel {
  plan: GpuPlan;
  pipeline: GPUComputePipeline;
  bindGroup: GPUBindGroup;
  gx: number;
  gy: number;
  params: GPUBuffer;
  counter?: GPUBuffer; // resident kernels
}

interface Pending {
  kernel: StepKernel;
  slot: number; // parameter slot; -1 for a resident kernel
}

export class GpuAlgoEngine implements AlgoEngine {
  readonly backend = 'gpu' as const;
  readonly adapter: string;
  readonly layout: StateLayout;
  private S: GPUBuffer;
  private data: GPUBuffer | undefined;
  private kernels = new Map<Step, StepKernel>();
  private resident = new Map<Step, StepKernel>();
  private owned: GPUBuffer[] = [];
  private params: GPUBuffer;
  private paramSlots: number;
  private paramData: Uint32Array;
  private pending: Pending[] = [];
  private traceStage: GPUBuffer[];
  private stageNext = 0;
  private seedLo: number;
  private seedHi: number;

  private constructor(
    private gpu: GpuContext,
    private c: CompiledAlgorithm,
    seed: number,
    slots: number,
  ) {
    const device = gpu.device;
    this.adapter = gpu.adapterName;
    this.seedLo = seed >>> 0;
    this.seedHi = Math.floor(seed / 2 ** 32) >>> 0;
    this.layout = new StateLayout(c);
    const bytes = this.layout.size * 4;
    if (bytes > gpu.limits.maxStorageBufferBindingSize)
      throw new RangeError(
        `the algorithm's state needs ${bytes} bytes, more than the device's largest storage binding (${gpu.limits.maxStorageBufferBindingSize} bytes): use a smaller population or dimension`,
      );
    this.S = device.createBuffer({
      size: bytes,
      usage: U().STORAGE | U().COPY_SRC | U().COPY_DST,
      label: 'S',
      mappedAtCreation: true,
    });
    const init = new Float32Array(this.S.getMappedRange());
    for (const o of this.layout.offsets[this.layout.index('best.f')]!) init[o] = Infinity;
    this.S.unmap();
    const dataValues = materialiseData(c.algo.problem);
    this.paramSlots = slots;
    this.paramData = new Uint32Array((slots * STEP_PARAM_BYTES) / 4);
    this.params = device.createBuffer({
      size: slots * STEP_PARAM_BYTES,
      usage: U().UNIFORM | U().COPY_DST,
      label: 'step parameters',
    });
    this.traceStage = [0, 1].map((k) =>
      device.createBuffer({
        size: TRACE_ROWS * 4,
        usage: U().MAP_READ | U().COPY_DST,
        label: `trace read-back ${k}`,
      }),
    );
    device.pushErrorScope('validation');
    for (const st of c.steps) {
      const plan = generateStepWgsl(c.gpuIr.get(st)!, c.algo.state);
      if (plan.kernels.length !== 1)
        throw new Error(`step ${st.name}: ${plan.kernels.length} kernels`);
      const k = plan.kernels[0]!;
      if (plan.dataSize > 0 && !this.data) {
        this.data = device.createBuffer({
          size: plan.dataSize * 4,
          usage: U().STORAGE | U().COPY_DST,
          label: 'DATA',
          mappedAtCreation: true,
        });
        const all = new Float32Array(this.data.getMappedRange());
        for (const d of plan.data) all.set(dataValues[d.name]!, d.offset);
        this.data.unmap();
      }
      this.kernels.set(st, this.buildKernel(st, plan, false));
    }
    if (this.c.algo.generation.every((g) => g.k === 'step')) {
      // A generation of fixed steps: resident kernels (see codegen/wgsl-step.ts).
      for (const st of this.staticPlan()) {
        const plan = generateStepWgsl(c.gpuIr.get(st.step)!, c.algo.state, {
          resident: true,
          traceRows: TRACE_ROWS,
        });
        this.resident.set(st.step, this.buildKernel(st.step, plan, true));
      }
    }
  }

  private buildKernel(st: Step, plan: GpuPlan, resident: boolean): StepKernel {
    const device = this.gpu.device;
    const k = plan.kernels[0]!;
    const params = resident
      ? device.createBuffer({
          size: STEP_PARAM_BYTES,
          usage: U().UNIFORM | U().COPY_DST,
          label: `parameters ${st.name}`,
        })
      : this.params;
    const entries: GPUBindGroupLayoutEntry[] = [
      {
        binding: 0,
        visibility: STAGE().COMPUTE,
        buffer: { type: 'uniform', hasDynamicOffset: !resident, minBindingSize: STEP_PARAM_BYTES },
      },
      { binding: 7, visibility: STAGE().COMPUTE, buffer: { type: 'storage' } },
    ];
    const resources: GPUBindGroupEntry[] = [
      { binding: 0, resource: { buffer: params, size: STEP_PARAM_BYTES } },
      { binding: 7, resource: { buffer: this.S } },
    ];
    let counter: GPUBuffer | undefined;
    if (resident) {
      counter = device.createBuffer({
        size: 16,
        usage: U().STORAGE | U().COPY_DST,
        label: `counter ${st.name}`,
      });
      entries.push({ binding: 8, visibility: STAGE().COMPUTE, buffer: { type: 'storage' } });
      resources.push({ binding: 8, resource: { buffer: counter } });
      this.owned.push(params, counter);
    }
    if (k.uses.includes('DATA')) {
      entries.push({
        binding: 3,
        visibility: STAGE().COMPUTE,
        buffer: { type: 'read-only-storage' },
      });
      resources.push({ binding: 3, resource: { buffer: this.data! } });
    }
    if (k.uses.includes('SCR')) {
      const scr = device.createBuffer({
        size: Math.max(4, st.n * plan.scratchStride * 4),
        usage: U().STORAGE,
        label: `SCR ${st.name}`,
      });
      this.owned.push(scr);
      entries.push({ binding: 4, visibility: STAGE().COMPUTE, buffer: { type: 'storage' } });
      resources.push({ binding: 4, resource: { buffer: scr } });
    }
    const bgl = device.createBindGroupLayout({ label: st.name, entries });
    const pipeline = device.createComputePipeline({
      label: st.name,
      layout: device.createPipelineLayout({ bindGroupLayouts: [bgl] }),
      compute: {
        module: device.createShaderModule({ label: st.name, code: k.code }),
        entryPoint: 'main',
      },
    });
    const wgs = k.workgroups(st.n);
    const gx = Math.min(wgs, this.gpu.limits.maxComputeWorkgroupsPerDimension);
    return {
      plan,
      pipeline,
      bindGroup: device.createBindGroup({ layout: bgl, entries: resources }),
      gx,
      gy: Math.ceil(wgs / gx),
      params,
      counter,
    };
  }

  /** The dispatches of every generation when the generation is fixed steps (fused track first). */
  staticPlan(): { step: Step; slotDelta: number }[] {
    const steps = this.c.algo.generation.map((g) => (g as { step: Step }).step);
    const fused = steps.length ? this.c.fused.get(steps[0]!) : undefined;
    if (fused)
      return [
        { step: fused, slotDelta: TRACE_ROWS - 1 },
        ...steps.slice(1).map((step) => ({ step, slotDelta: 0 })),
      ];
    return [
      ...steps.map((step) => ({ step, slotDelta: 0 })),
      { step: this.c.algo.track, slotDelta: 0 },
    ];
  }

  /** `slots`: dispatches one batch may hold (generations per batch times steps per generation). */
  static async create(
    gpu: GpuContext,
    c: CompiledAlgorithm,
    seed: number,
    slots = 4 * (TRACE_ROWS + 8) * 4,
  ): Promise<GpuAlgoEngine> {
    const e = new GpuAlgoEngine(gpu, c, seed, slots);
    const err = await gpu.device.popErrorScope();
    if (err) {
      const code = [...e.kernels].map(
        ([st, k]) => `// ---- ${st.name}\n${k.plan.kernels[0]!.code}`,
      );
      throw new Error(
        `GPU pipeline creation failed: ${err.message}\n${process.env.OPT_DEBUG ? code.join('\n') : '(set OPT_DEBUG=1 to print the WGSL)'}`,
      );
    }
    return e;
  }

  /** The WGSL of every step (for `opt compile --emit wgsl` and the structure tests). */
  static wgsl(c: CompiledAlgorithm): { step: Step; plan: GpuPlan }[] {
    return c.steps.map((step) => ({
      step,
      plan: generateStepWgsl(c.gpuIr.get(step)!, c.algo.state),
    }));
  }

  /** Dispatches of a generation (the first generation's plan) including the track step. */
  static kernelsPerGeneration(c: CompiledAlgorithm): number {
    const steps = planGeneration(c.algo.generation, 1, 1);
    return steps.length + 1;
  }

  /** Seconds spent recording (run and encoding) and waiting for the GPU, for the benchmark. */
  readonly timing = { record: 0, wait: 0, gpu: 0 };
  /** Time each batch's compute pass with timestamp queries (where the adapter has them). */
  timestamps = false;
  private query: { set: GPUQuerySet; resolve: GPUBuffer; read: GPUBuffer[] } | undefined;

  run(step: Step, gen: number, slot: number): void {
    const t0 = performance.now();
    this.runInner(step, gen, slot);
    this.timing.record += (performance.now() - t0) / 1000;
  }

  private runInner(step: Step, gen: number, slot: number): void {
    if (this.pending.length >= this.paramSlots)
      throw new Error(`a batch holds at most ${this.paramSlots} dispatches`);
    const k = this.kernels.get(step)!;
    const at = this.pending.length;
    const base = (at * STEP_PARAM_BYTES) / 4;
    const P = this.paramData;
    P[base] = step.n;
    P[base + 1] = gen;
    P[base + 2] = k.gx;
    P[base + 3] = 0;
    P[base + 4] = slot;
    P[base + 5] = this.seedLo;
    P[base + 6] = this.seedHi;
    P[base + 7] = 0;
    const K = tableQuads(this.layout.arrays.length) * 4;
    this.layout.fill(P, P, base + STEP_PARAM_HEAD, base + STEP_PARAM_HEAD + 2 * K);
    this.layout.advance(step);
    this.pending.push({ kernel: k, slot: at });
  }

  /**
   * Records `count` generations of fixed steps starting at `gen` as bare dispatches of the
   * resident kernels; false when this engine has none (the run loop then runs the steps one by
   * one).
   */
  runGenerations(gen: number, count: number): boolean {
    if (!this.resident.size) return false;
    const t0 = performance.now();
    const plan = this.staticPlan();
    const K = tableQuads(this.layout.arrays.length) * 4;
    const blocks = plan.map(() => new Uint32Array(STEP_PARAM_BYTES / 4));
    // Offsets for generations of either parity, by following the layout through two generations.
    const saved = this.layout.save();
    for (let q = 0; q < 2; q++)
      plan.forEach(({ step }, s) => {
        const P = blocks[s]!;
        this.layout.fill(P, P, STEP_PARAM_HEAD + q * K, STEP_PARAM_HEAD + 2 * K + q * K);
        this.layout.advance(step);
      });
    this.layout.restore(saved);
    for (let g = 0; g < count % 2; g++) for (const { step } of plan) this.layout.advance(step);
    const device = this.gpu.device;
    plan.forEach(({ step, slotDelta }, s) => {
      const k = this.resident.get(step)!;
      const P = blocks[s]!;
      P.set([step.n, gen, k.gx, 0, slotDelta, this.seedLo, this.seedHi, k.gx * k.gy]);
      device.queue.writeBuffer(k.params, 0, P);
      device.queue.writeBuffer(k.counter!, 0, new Uint32Array(4));
    });
    for (let g = 0; g < count; g++)
      for (const { step } of plan)
        this.pending.push({ kernel: this.resident.get(step)!, slot: -1 });
    this.timing.record += (performance.now() - t0) / 1000;
    return true;
  }

  submit(): Promise<ArrayLike<number>> {
    const t0 = performance.now();
    const device = this.gpu.device;
    if (this.pending.length) {
      device.queue.writeBuffer(
        this.params,
        0,
        this.paramData.buffer as ArrayBuffer,
        0,
        this.pending.length * STEP_PARAM_BYTES,
      );
    }
    const enc = device.createCommandEncoder();
    const timed = this.timestamps && this.gpu.features.timestampQuery && this.pending.length > 0;
    if (timed && !this.query)
      this.query = {
        set: device.createQuerySet({ type: 'timestamp', count: 2 }),
        resolve: device.createBuffer({ size: 16, usage: U().QUERY_RESOLVE | U().COPY_SRC }),
        read: [0, 1].map(() =>
          device.createBuffer({ size: 16, usage: U().MAP_READ | U().COPY_DST }),
        ),
      };
    const qread = timed ? this.query!.read[this.stageNext]! : undefined;
    if (this.pending.length) {
      const pass = enc.beginComputePass(
        timed
          ? {
              timestampWrites: {
                querySet: this.query!.set,
                beginningOfPassWriteIndex: 0,
                endOfPassWriteIndex: 1,
              },
            }
          : {},
      );
      let last: StepKernel | undefined;
      for (const p of this.pending) {
        const k = p.kernel;
        if (p.slot >= 0) {
          if (k !== last) pass.setPipeline(k.pipeline);
          pass.setBindGroup(0, k.bindGroup, [p.slot * STEP_PARAM_BYTES]);
        } else if (k !== last) {
          pass.setPipeline(k.pipeline);
          pass.setBindGroup(0, k.bindGroup);
        }
        last = k;
        pass.dispatchWorkgroups(k.gx, k.gy);
      }
      pass.end();
    }
    this.pending = [];
    // Two read-back buffers: the batch in flight copies into one while the previous is read.
    const stage = this.traceStage[this.stageNext]!;
    this.stageNext = 1 - this.stageNext;
    enc.copyBufferToBuffer(this.S, this.layout.current('trace') * 4, stage, 0, TRACE_ROWS * 4);
    if (qread) {
      enc.resolveQuerySet(this.query!.set, 0, 2, this.query!.resolve, 0);
      enc.copyBufferToBuffer(this.query!.resolve, 0, qread, 0, 16);
    }
    device.queue.submit([enc.finish()]);
    const t1 = performance.now();
    this.timing.record += (t1 - t0) / 1000;
    return Promise.all([stage.mapAsync(MAP().READ), qread?.mapAsync(MAP().READ)]).then(() => {
      const out = new Float32Array(stage.getMappedRange().slice(0));
      stage.unmap();
      if (qread) {
        const t = new BigInt64Array(qread.getMappedRange().slice(0));
        qread.unmap();
        this.timing.gpu += Number(t[1]! - t[0]!) * 1e-9;
      }
      this.timing.wait += (performance.now() - t1) / 1000;
      this.gpu.checkErrors('algorithm step');
      return out;
    });
  }

  /** A state array's current contents (float32 values, widened). */
  async readArray(name: string): Promise<Float64Array> {
    const a = this.c.algo.state[this.layout.index(name)]!;
    const n = a.rows * Math.max(a.cols, 1);
    const read = this.gpu.device.createBuffer({
      size: Math.max(4, n * 4),
      usage: U().MAP_READ | U().COPY_DST,
    });
    const enc = this.gpu.device.createCommandEncoder();
    enc.copyBufferToBuffer(this.S, this.layout.current(name) * 4, read, 0, n * 4);
    this.gpu.device.queue.submit([enc.finish()]);
    await read.mapAsync(MAP().READ);
    const out = Float64Array.from(new Float32Array(read.getMappedRange()));
    read.unmap();
    read.destroy();
    return out;
  }

  async readBest(): Promise<{ fit: number; point: Float64Array }> {
    const point = await this.readArray('best');
    const fit = (await this.readArray('best.f'))[0]!;
    return { fit, point };
  }

  destroy(): void {
    for (const b of [this.S, this.data, this.params, ...this.traceStage, ...this.owned])
      b?.destroy();
  }
}
