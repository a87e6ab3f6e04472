// The GPU backend of an algorithm: one kernel per step (src/codegen/wgsl-step.ts), the state in
// one storage buffer that never leaves the GPU during a run. The run loop (run.ts) records a batch
// of generations, each step a dispatch whose parameters (generation, trace slot, which copy of each
// array to read and write) sit in their own 256-byte slot of one uniform buffer, selected by a
// dynamic offset; the batch is one command buffer, followed by a copy of the trace rows, which is
// the only read-back until the end of the run.

import type { CompiledAlgorithm } from '../compile/algorithm.js';
import { TRACE_ROWS } from '../elaborate/algorithm.js';
import { countsOnGpu, WHILE_COUNT, type Step } from '../ir/step.js';
import { STEP_PARAM_BYTES, STEP_PARAM_HEAD, stepParam, tableQuads } from '../codegen/wgsl-step.js';
import type { WgslKernels, KernelBinding, WgslKernel } from '../codegen/wgsl.js';
import { packData } from '../codegen/data-layout.js';
import { materialiseData } from '../ir/data.js';
import { batchRefusal, generationRuns, type RunAt } from './algo-host.js';
import { layoutEntries } from './gpu-eval.js';
import { skipKernel, type SkipCount } from '../codegen/wgsl-service.js';
import {
  stateWindows,
  windowKernel,
  windowKernels,
  type StateWindows,
} from '../codegen/wgsl-window.js';
import { StateLayout, wordsOf } from './algo-layout.js';
import { timestampSpan } from './timing.js';
import { at } from '../ir/ir.js';
import { sameLayout, type AlgoEngine, type EngineState } from './algo-engine.js';
import { checkTwoFloat } from './two-float-check.js';
import {
  bytesText,
  checkDevice,
  checkHost,
  dataCount,
  dataArrays,
  ResourceError,
} from './resources.js';
import { GpuError, type GpuContext } from './device.js';
import { rejectedMessage, rejectedShaders, type ShaderSource } from './shader-check.js';

interface GpuKernel {
  pipeline: GPUComputePipeline;
  bindGroup: GPUBindGroup;
  gx: number;
  gy: number;
  /** Its workgroups for n individuals (a counted step's run takes fewer than the step's). */
  workgroups: (n: number) => number;
}

interface StepKernel {
  wgsl: WgslKernels;
  /** Words of SCR, PART and SC each run of the batch owns (the kernels' P.run_scr, ...). */
  perRun: { scr: number; part: number; sc: number };
  /** One kernel, or (split regime) partials, combines and the writes, dispatched in order. */
  kernels: GpuKernel[];
  /** A chainable step: the kernel between two consecutive runs (see dispatchChain). */
  chain?: GpuKernel;
}

/** The pass's pipeline (set only when it changes) and the runs of the batch (the grid's z). */
interface PassState {
  pipeline: GPUComputePipeline | undefined;
  runs: number;
}

/** A step run in a batch. */
type StepRun = Extract<Pending, { kernel: StepKernel }>;

type Pending =
  | {
      kernel: StepKernel;
      slot: number; // parameter slot
      step: Step;
      /** A counted step's individuals, where fewer than the step's. */
      n?: number;
      /** Dispatched indirectly: the byte offset of each kernel's workgroup counts in `args`. */
      indirect?: number[];
    }
  /** The kernel that writes the workgroup counts of a while loop's body (see `skips`). */
  | { args: { pipeline: GPUComputePipeline; bindGroup: GPUBindGroup } };

/**
 * A per-step profile (the benchmark's per-phase times, seed 001 Table 14): GPU seconds and runs of
 * each step (by step: names repeat, e.g. the `at.X` steps of several `each i in X[c]` blocks), from
 * a timestamp pair around each step's own compute pass.
 */
export type StepProfile = Map<Step, { seconds: number; runs: number }>;

/** WebGPU's largest timestamp query set holds 4,096 queries: two a step run. */
const PROFILE_RUNS = 2048;

/**
 * How many runs from pending[i] on form a chain (src/ir/step.ts, chainable): consecutive runs of
 * one chainable step, in consecutive parameter slots, each of all its individuals and dispatched
 * directly. 1 where pending[i] chains with nothing.
 */
function chainLength(pending: Pending[], i: number): number {
  const p = pending[i];
  if (!p || 'args' in p || !p.kernel.chain || p.n !== undefined || p.indirect) return 1;
  let m = 1;
  for (;;) {
    const q = pending[i + m];
    if (!q || 'args' in q || q.kernel !== p.kernel || q.n !== undefined || q.indirect) return m;
    if (q.slot !== p.slot + m) return m;
    m++;
  }
}

/**
 * Records a chain of runs: the first run's partials, the chain kernel between each two runs (its
 * parameters P the run's, Q the run's before), the last run's combine and writes: one dispatch
 * a run instead of three, the same results bit for bit.
 */
function dispatchChain(pass: GPUComputePassEncoder, runs: StepRun[], last: PassState): void {
  const first = runs[0];
  const end = runs[runs.length - 1];
  const k = first?.kernel;
  const [part, comb, writes] = k?.kernels ?? [];
  const chain = k?.chain;
  if (!first || !end || !part || !comb || !writes || !chain)
    throw new Error('internal: a chain of runs of a step without a chain kernel');
  const dispatch = (g: GpuKernel, offsets: number[]) => {
    if (g.pipeline !== last.pipeline) pass.setPipeline((last.pipeline = g.pipeline));
    pass.setBindGroup(0, g.bindGroup, offsets);
    pass.dispatchWorkgroups(g.gx, g.gy, last.runs);
  };
  dispatch(part, [first.slot * STEP_PARAM_BYTES]);
  for (let t = 1; t < runs.length; t++) {
    const prev = runs[t - 1];
    const run = runs[t];
    if (!prev || !run) throw new Error('internal: a chain of runs');
    // Dynamic offsets in binding order: P (binding 0) is run t's, Q (binding 8) run t - 1's.
    dispatch(chain, [run.slot * STEP_PARAM_BYTES, prev.slot * STEP_PARAM_BYTES]);
  }
  dispatch(comb, [end.slot * STEP_PARAM_BYTES]);
  dispatch(writes, [end.slot * STEP_PARAM_BYTES]);
}

/**
 * Records the pending entries, chaining consecutive runs of chainable steps (`chain`); returns
 * the chain kernels it dispatched.
 */
function dispatchAll(
  pass: GPUComputePassEncoder,
  pending: Pending[],
  last: PassState,
  args: GPUBuffer | undefined,
  chain: boolean,
): number {
  let chained = 0;
  for (let i = 0; i < pending.length; ) {
    const m = chain ? chainLength(pending, i) : 1;
    const p = pending[i];
    if (m > 1) {
      dispatchChain(pass, pending.slice(i, i + m) as StepRun[], last);
      chained += m - 1;
    } else if (p) dispatchRun(pass, p, last, args);
    i += m;
  }
  return chained;
}

/**
 * Records one pending entry: a step run's kernels, or a while loop's workgroup-count kernel
 * (`last`: the pass's pipeline, set only when it changes; `args`: the indirect-dispatch buffer).
 * A counted step dispatches the workgroups of its n individuals directly (its kernels check the
 * while flag themselves: indirect dispatch only spares the workgroups of a finished loop).
 */
function dispatchRun(
  pass: GPUComputePassEncoder,
  p: Pending,
  last: PassState,
  args: GPUBuffer | undefined,
): void {
  if ('args' in p) {
    pass.setPipeline((last.pipeline = p.args.pipeline));
    pass.setBindGroup(0, p.args.bindGroup);
    pass.dispatchWorkgroups(1);
    return;
  }
  p.kernel.kernels.forEach((k, i) => {
    if (k.pipeline !== last.pipeline) pass.setPipeline((last.pipeline = k.pipeline));
    if (p.n === 0) return; // a counted step that runs no individual
    pass.setBindGroup(0, k.bindGroup, [p.slot * STEP_PARAM_BYTES]);
    const at = p.indirect?.[i];
    if (p.n !== undefined) {
      const wgs = k.workgroups(p.n);
      pass.dispatchWorkgroups(Math.min(wgs, k.gx), Math.ceil(wgs / k.gx), last.runs);
    } else if (at !== undefined && args) pass.dispatchWorkgroupsIndirect(args, at);
    else pass.dispatchWorkgroups(k.gx, k.gy, last.runs);
  });
}

/**
 * The words of SCR, PART and SC a run of step `st` uses (0: not bound). Each buffer holds a region
 * a run of the batch (the kernels add z P.run_scr, ...: wgsl-emit.ts perRun). A chainable step's
 * kernels use two copies of PART, by the dispatch's parity.
 */
function scratchWords(st: Step, wgsl: WgslKernels): { scr: number; part: number; sc: number } {
  const uses = new Set(wgsl.kernels.flatMap((k) => k.bindings.map((b) => b.name)));
  return {
    scr: uses.has('SCR') ? st.n * wgsl.scratchStride : 0,
    part: !uses.has('PART')
      ? 0
      : wgsl.chain
        ? 2 * wgsl.chain.region
        : st.n * wgsl.groups * wgsl.partStride,
    sc: uses.has('SC') ? st.n * wgsl.scalarStride : 0,
  };
}

/** A batch whose runs' state or scratch exceed the device's largest storage binding. */
export class BatchTooLarge extends RangeError {
  constructor(
    readonly runs: number,
    /** The most runs that fit (0: not even one). */
    readonly fits: number,
  ) {
    super(
      `a batch of ${runs} runs needs more than the device's largest storage binding: at most ${fits} fit`,
    );
  }
}

/** The most words of state a run may have: its kernels address S in u32 words. */
export const MAX_STATE_WORDS = 2 ** 32;

/** Options of a GPU engine. */
export interface GpuAlgoOptions {
  /**
   * The largest storage binding in bytes (defaults to the device's maxStorageBufferBindingSize):
   * a run's state larger than it is bound as windows. Tests lower it to force windows.
   */
  maxBindingBytes?: number;
}

/**
 * The memory a run of `c` needs on the GPU and for it on the host, checked before any of it is
 * allocated or a kernel generated (runtime/resources.ts): a run's state in one buffer (`stride`
 * words: the layout's size, rounded up to 256 bytes), bound whole or, larger than one binding, as
 * windows (codegen/wgsl-window.ts), at most 2^32 words (the kernels' addresses are u32); a batch
 * whose states do not fit one binding is BatchTooLarge, which an experiment splits; the problem's
 * data in float64 on the host and in float32 on the device. First, the program's length
 * (compile/gpu-limits.ts).
 */
export function checkGpuRun(
  c: CompiledAlgorithm,
  gpu: GpuContext,
  stride = Math.ceil(new StateLayout(c).size / 64) * 64,
): void {
  // Kernels longer than the shader compilers take in reasonable time (compile/gpu-limits.ts).
  c.gpuCheck();
  const who = `${c.algo.name} on ${c.algo.problem.name} at D = ${c.algo.dim}`;
  checkHost(who, dataArrays(c.algo.problem.data));
  const dataBytes = 4 * dataCount(c.algo.problem.data);
  checkDevice(
    who,
    [
      { what: 'its state', bytes: stride * 4, binding: false },
      ...(dataBytes ? [{ what: 'its data', bytes: dataBytes, binding: true }] : []),
    ],
    gpu.limits,
    gpu.adapterName,
  );
  if (stride > MAX_STATE_WORDS)
    throw new ResourceError(
      `${who}: its state needs ${bytesText(stride * 4)} on the GPU, more than its kernels address (32-bit word addresses: ${bytesText(MAX_STATE_WORDS * 4)}): use a smaller dimension or population, or run it with --backend cpu`,
    );
}

/** Window `b.window` of `buffer`, bound as windows `w` (codegen/wgsl-window.ts). */
function windowOf(buffer: GPUBuffer, b: KernelBinding, w: StateWindows): GPUBufferBinding {
  if (b.window === undefined) throw new Error(`internal: ${b.name}, bound as windows, bound whole`);
  const offset = b.window * w.vec4s * 16;
  return { buffer, offset, size: Math.min(w.vec4s * 16, buffer.size - offset) };
}

export class GpuAlgoEngine implements AlgoEngine {
  readonly backend = 'gpu' as const;
  readonly adapter: string;
  /**
   * About 3 ms of an H100 at D = 100,000 (32 generations of DE NP 64), whole TRACE_ROWS batches
   * at D = 100: enough generations a command buffer to hide the host's submit and read-back.
   */
  readonly batchWork = 2 ** 28;
  readonly layout: StateLayout;
  private S: GPUBuffer;
  private data: GPUBuffer | undefined;
  private kernels = new Map<Step, StepKernel>();
  private owned: GPUBuffer[] = [];
  private params: GPUBuffer;
  private paramSlots: number;
  private paramData: Uint32Array;
  private pending: Pending[] = [];
  private traceStage: [GPUBuffer, GPUBuffer];
  private stageNext: 0 | 1 = 0;
  /** Each run's seeds (RUNS: lo and hi words a run). */
  private runSeeds: GPUBuffer;
  /**
   * The runs of the batch: run z's state is words [z stride, z stride + layout.size) of S, its
   * seed RUNS[z], and every kernel runs its workgroups once a run (the grid's z).
   */
  readonly runs: number;
  /** Words of S a run owns: the layout's size, rounded up to 256 bytes. */
  readonly stride: number;
  /** The program counts evaluations on the GPU (repeat n while c): they come back with the trace. */
  private counted: boolean;

  /** The steps' pipelines being compiled (create() waits for them). */
  private readonly pipelinesMade: Promise<void>[] = [];
  /** The kernels' shader modules, for what the device says of one it rejects (create()). */
  private readonly shaders: ShaderSource[] = [];

  private constructor(
    private gpu: GpuContext,
    c: CompiledAlgorithm,
    seeds: readonly number[],
    slots: number,
    options: GpuAlgoOptions,
  ) {
    const device = gpu.device;
    this.adapter = gpu.adapterName;
    this.runs = seeds.length;
    this.layout = new StateLayout(c);
    this.stride = Math.ceil(this.layout.size / 64) * 64;
    checkGpuRun(c, gpu, this.stride);
    const limit = options.maxBindingBytes ?? gpu.limits.maxStorageBufferBindingSize;
    // A run's state larger than one binding: bound as windows of one buffer, each kernel rewritten
    // for them (codegen/wgsl-window.ts; a batch's states must fit one binding: BatchTooLarge);
    // likewise a step's scratch SCR.
    this.windows = this.runs === 1 ? stateWindows(this.stride, limit) : undefined;
    const w = this.windows;
    // Each step's kernels as compiled (CompiledStep.kernels: generated once, compile/kernels.ts).
    const generated = new Map(
      c.steps.map((st) => {
        const g = c.compiled(st).kernels();
        const scr = this.runs === 1 ? stateWindows(scratchWords(st, g).scr, limit) : undefined;
        if (scr) this.scratchWindows.set(st, scr);
        return [st, w || scr ? windowKernels(g, { S: w, SCR: scr }) : g];
      }),
    );
    if (w || this.scratchWindows.size) this.checkStorageBuffers(c, [...generated.values()]);
    // Each buffer holds a region a run: the largest region bounds the runs a batch can hold.
    const largest = Math.max(
      this.stride,
      ...[...generated].flatMap(([st, wgsl]) => Object.values(scratchWords(st, wgsl))),
    );
    if (this.runs > 1 && this.runs * largest * 4 > limit)
      throw new BatchTooLarge(this.runs, Math.floor(limit / (largest * 4)));
    const bytes = this.runs * this.stride * 4;
    // Zeros (WebGPU clears a new buffer) but each run's best fitness, +infinity: written, not
    // mapped, so that a state of many GiB needs no copy of itself on the host.
    this.S = device.createBuffer({
      size: bytes,
      usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
      label: 'S',
    });
    for (let r = 0; r < this.runs; r++)
      for (const o of this.layout.copies('best.f'))
        device.queue.writeBuffer(this.S, (r * this.stride + o) * 4, new Float32Array([Infinity]));
    this.runSeeds = device.createBuffer({
      size: Math.max(16, Math.ceil(this.runs / 2) * 16),
      usage: GPUBufferUsage.STORAGE,
      label: 'RUNS',
      mappedAtCreation: true,
    });
    const words = new Uint32Array(this.runSeeds.getMappedRange());
    seeds.forEach((seed, r) => {
      words[2 * r] = seed >>> 0;
      words[2 * r + 1] = Math.floor(seed / 2 ** 32) >>> 0;
    });
    this.runSeeds.unmap();
    const dataValues = materialiseData(c.algo.problem);
    this.paramSlots = slots;
    this.paramData = new Uint32Array((slots * STEP_PARAM_BYTES) / 4);
    this.params = device.createBuffer({
      size: slots * STEP_PARAM_BYTES,
      usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST,
      label: 'step parameters',
    });
    // The trace rows, then (repeat n while c) the evaluation counter after each generation.
    this.counted = countsOnGpu(c.algo);
    if (this.counted && this.runs > 1)
      throw new Error('internal: a batch of runs of a program that counts evaluations on the GPU');
    const traceBuffer = (k: number) =>
      device.createBuffer({
        size: TRACE_ROWS * 4 * (this.counted ? 3 : this.runs),
        usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
        label: `trace read-back ${k}`,
      });
    this.traceStage = [traceBuffer(0), traceBuffer(1)];
    device.pushErrorScope('validation');
    // One DATA buffer for every step: the problem's data, laid out as the steps read it.
    const withData = [...generated.values()].filter((p) => p.dataSize > 0);
    if (withData.length) {
      const packed = packData(withData, dataValues);
      this.data = device.createBuffer({
        size: packed.length * 4,
        usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST,
        label: 'DATA',
        mappedAtCreation: true,
      });
      new Float32Array(this.data.getMappedRange()).set(packed);
      this.data.unmap();
    }
    for (const [st, wgsl] of generated) this.kernels.set(st, this.buildKernel(st, wgsl));
    this.buildSkips(c);
  }

  /**
   * `repeat n while c`: the body's steps that update their arrays in place are dispatched
   * indirectly, so that once the loop's flag is clear they run no workgroup at all. After each
   * condition step a kernel of one thread writes their workgroup counts: the step's grid while the
   * flag is set, 0 once it is clear. A body step that writes the other copy of a double-buffered
   * array keeps its direct dispatch: its writes, conditional on the flag, then copy what it read
   * (src/elaborate/algorithm.ts, guard), so that the copies it swaps stay current.
   */
  private buildSkips(c: CompiledAlgorithm): void {
    const device = this.gpu.device;
    const byFlag = new Map<string, Step[]>();
    for (const st of c.steps)
      if (st.guard && c.stepPingPong(st).size === 0)
        byFlag.set(st.guard, [...(byFlag.get(st.guard) ?? []), st]);
    if (!byFlag.size) return;
    if (this.runs > 1) throw new Error('internal: a batch of runs of a program with while loops');
    let words = 0;
    const counts = new Map<string, SkipCount[]>();
    for (const [flag, steps] of byFlag) {
      const [a, b] = this.layout.copies(flag);
      if (a !== b) throw new Error(`internal: the flag ${flag} is double-buffered`);
      const out: SkipCount[] = [];
      for (const st of steps) {
        const k = this.kernels.get(st);
        if (!k) throw new Error(`internal: step ${st.name} was not compiled for the GPU`);
        const offsets: number[] = [];
        for (const kk of k.kernels) {
          offsets.push(words * 4);
          out.push({ word: words, gx: kk.gx, gy: kk.gy });
          words += 3;
        }
        this.indirect.set(st, offsets);
      }
      counts.set(flag, out);
    }
    this.args = device.createBuffer({
      size: Math.max(16, words * 4),
      usage: GPUBufferUsage.STORAGE | GPUBufferUsage.INDIRECT,
      label: 'while: workgroup counts',
    });
    this.owned.push(this.args);
    const args = this.args;
    for (const [flag, out] of counts) {
      // The kernel is generated (codegen/wgsl-service.ts); its layout and entries come from its
      // rows of the binding table, as a step's kernels' do.
      const made = skipKernel(`${flag} counts`, this.layout.current(flag), out);
      const k = this.windows ? windowKernel(made, { S: this.windows }) : made;
      const layout = device.createBindGroupLayout({
        label: k.name,
        entries: layoutEntries(k.bindings),
      });
      const module = device.createShaderModule({ label: k.name, code: k.code });
      this.shaders.push({ label: k.name, module, code: k.code });
      const pipeline = device.createComputePipeline({
        label: k.name,
        layout: device.createPipelineLayout({ bindGroupLayouts: [layout] }),
        compute: { module, entryPoint: 'main' },
      });
      const bindGroup = device.createBindGroup({
        label: k.name,
        layout,
        entries: k.bindings.map((b) => {
          if (b.name !== 'S' && b.name !== 'ARGS')
            throw new Error(`internal: a counts kernel binds ${b.name}`);
          return {
            binding: b.binding,
            resource: b.name === 'S' ? this.stateBinding(b) : { buffer: args },
          };
        }),
      });
      this.skips.set(flag, { pipeline, bindGroup });
    }
  }

  /** S's windows, where a run's state is larger than one binding (codegen/wgsl-window.ts). */
  readonly windows: StateWindows | undefined;

  /** Each step's scratch SCR bound as windows, where it is larger than one binding. */
  readonly scratchWindows = new Map<Step, StateWindows>();

  /** S as binding `b` binds it: the whole buffer, or its window. */
  private stateBinding(b: KernelBinding): GPUBufferBinding {
    return this.windows ? windowOf(this.S, b, this.windows) : { buffer: this.S };
  }

  /**
   * Refuses a windowed state whose kernels would bind more storage buffers than the device's
   * maxStorageBuffersPerShaderStage: the windows and the step's other buffers, in one kernel.
   */
  private checkStorageBuffers(c: CompiledAlgorithm, generated: WgslKernels[]): void {
    const w = this.windows;
    const most = this.gpu.limits.maxStorageBuffersPerShaderStage;
    for (const g of generated)
      for (const k of [...g.kernels, ...(g.chain ? [g.chain.kernel] : [])]) {
        const n = k.bindings.filter((b) => b.layout !== 'uniform').length;
        if (n > most)
          throw new ResourceError(
            `${c.algo.name} on ${c.algo.problem.name} at D = ${c.algo.dim}: its state needs ${bytesText(this.stride * 4)} on the GPU${w ? `, bound as ${w.count} windows of at most ${bytesText(w.vec4s * 16)} (maxStorageBufferBindingSize)` : ''}; its kernel ${k.name} binds ${n} storage buffers (its state's and its scratch's windows among them), more than the device allows (maxStorageBuffersPerShaderStage: ${most} on ${this.gpu.adapterName}): use a smaller dimension or population, or run it with --backend cpu`,
          );
      }
  }

  /** The workgroup counts of the indirectly dispatched steps (buildSkips). */
  private args: GPUBuffer | undefined;
  private indirect = new Map<Step, number[]>();
  private skips = new Map<string, { pipeline: GPUComputePipeline; bindGroup: GPUBindGroup }>();
  /** Parameter slots used by the batch being recorded. */
  private used = 0;

  private buildKernel(st: Step, wgsl: WgslKernels): StepKernel {
    const device = this.gpu.device;
    // Per-step buffers shared by the step's kernels (split regime: partials, scalars, the trial).
    const own = (name: string, floats: number) => {
      const b = device.createBuffer({
        size: Math.max(16, floats * 4),
        usage: GPUBufferUsage.STORAGE,
        label: `${name} ${st.name}`,
      });
      this.owned.push(b);
      return b;
    };
    const perRun = scratchWords(st, wgsl);
    const scr = perRun.scr ? own('SCR', this.runs * perRun.scr) : undefined;
    const part = perRun.part ? own('PART', this.runs * perRun.part) : undefined;
    const sc = perRun.sc ? own('SC', this.runs * perRun.sc) : undefined;
    const buffer = (b: KernelBinding): GPUBufferBinding => {
      const allocated = (x: GPUBuffer | undefined) => {
        if (!x)
          throw new Error(`internal: step ${st.name} binds ${b.name}, which was not allocated`);
        return { buffer: x };
      };
      switch (b.name) {
        case 'P':
        case 'Q':
          return { buffer: this.params, size: STEP_PARAM_BYTES };
        case 'S':
          return this.stateBinding(b);
        case 'DATA':
          return allocated(this.data);
        case 'SCR': {
          const sw = this.scratchWindows.get(st);
          if (!sw || !scr) return allocated(scr);
          return windowOf(scr, b, sw);
        }
        case 'PART':
          return allocated(part);
        case 'SC':
          return allocated(sc);
        case 'RUNS':
          return { buffer: this.runSeeds };
        case 'X':
        case 'F':
          throw new Error(`internal: a step's kernel binds ${b.name} (its population is in S)`);
        case 'ARGS':
          throw new Error(`internal: a step's kernel binds ${b.name} (a counts kernel's)`);
      }
    };
    const make = (k: WgslKernel): GpuKernel => {
      // The layout and the entries from the kernel's rows of the binding table (wgsl-bindings.ts).
      const entries = layoutEntries(k.bindings);
      const resources: GPUBindGroupEntry[] = k.bindings.map((b) => ({
        binding: b.binding,
        resource: buffer(b),
      }));
      const bgl = device.createBindGroupLayout({ label: `${st.name} ${k.name}`, entries });
      // Compiled asynchronously (create() waits for every step's): a driver that compiles on the
      // CPU (lavapipe) does not hold the event loop meanwhile.
      const module = device.createShaderModule({ label: `${st.name} ${k.name}`, code: k.code });
      this.shaders.push({ label: `${st.name} ${k.name}`, module, code: k.code });
      const made = device.createComputePipelineAsync({
        label: `${st.name} ${k.name}`,
        layout: device.createPipelineLayout({ bindGroupLayouts: [bgl] }),
        compute: { module, entryPoint: 'main' },
      });
      const wgs = k.workgroups(st.n);
      const gx = Math.min(wgs, this.gpu.limits.maxComputeWorkgroupsPerDimension);
      // The kernels of a step share one parameter block, whose grid width is the first kernel's.
      if (wgs > gx && wgsl.kernels.length > 1)
        throw new RangeError(
          `step ${st.name}: ${wgs} workgroups in one dimension exceed the device's ${gx}; use a smaller population`,
        );
      const kernel: GpuKernel = {
        pipeline: undefined as unknown as GPUComputePipeline, // set when `made` resolves
        bindGroup: device.createBindGroup({ layout: bgl, entries: resources }),
        gx,
        gy: Math.ceil(wgs / gx),
        workgroups: k.workgroups,
      };
      this.pipelinesMade.push(made.then((p) => void (kernel.pipeline = p)));
      return kernel;
    };
    const kernels = wgsl.kernels.map(make);
    return wgsl.chain
      ? { wgsl, perRun, kernels, chain: make(wgsl.chain.kernel) }
      : { wgsl, perRun, kernels };
  }

  /**
   * An engine of one run (`seed`) or of a batch of runs of the same cell, one a seed, in the same
   * kernels (batchRefusal says which programs cannot batch). `slots`: dispatches one batch of
   * generations may hold (generations per batch times steps per generation).
   */
  static async create(
    gpu: GpuContext,
    c: CompiledAlgorithm,
    seed: number | readonly number[],
    slots = 4 * (TRACE_ROWS + 8) * 4,
    options: GpuAlgoOptions = {},
  ): Promise<GpuAlgoEngine> {
    const seeds = typeof seed === 'number' ? [seed] : seed;
    if (seeds.length < 1) throw new RangeError('a batch of runs needs at least one seed');
    if (seeds.length > 1) {
      const why = batchRefusal(c.algo);
      if (why) throw new RangeError(`${c.algo.name}'s runs cannot be batched: ${why}`);
      const most = gpu.limits.maxComputeWorkgroupsPerDimension;
      if (seeds.length > most)
        throw new RangeError(
          `a batch holds at most ${most} runs (the grid's z), not ${seeds.length}`,
        );
    }
    if (c.algo.state.some((a) => a.lo)) {
      const check = await checkTwoFloat(gpu);
      if (!check.ok)
        throw new RangeError(
          `${gpu.adapterName} does not keep float-float's error terms (${check.detail}), so it cannot hold the population as float-float: run with --precision f32 or --backend cpu`,
        );
    }
    const e = new GpuAlgoEngine(gpu, c, seeds, slots, options);
    const made = await Promise.all(e.pipelinesMade).then(
      () => undefined,
      (x: unknown) => x as Error,
    );
    const scoped = await gpu.device.popErrorScope();
    const err = made ?? scoped;
    if (err) {
      const rejected = await rejectedShaders(e.shaders);
      if (rejected) throw new GpuError(rejectedMessage(rejected));
      const code = [...e.kernels].flatMap(([st, k]) =>
        k.wgsl.kernels.map((kp) => `// ---- ${st.name} ${kp.name}\n${kp.code}`),
      );
      throw new Error(
        `GPU pipeline creation failed: ${err.message}\n${process.env.OPT_DEBUG ? code.join('\n') : '(set OPT_DEBUG=1 to print the WGSL)'}`,
      );
    }
    return e;
  }

  /**
   * Kernels a generation dispatches (the first generation's plan): its steps' kernels, with the
   * track fused into the first step or as a step of its own.
   */
  static kernelsPerGeneration(c: CompiledAlgorithm): number {
    const steps = generationRuns(c.algo.generation, 1, { gen: 1, evals: 0, budget: 0 }).runs.map(
      (r) => r.step,
    );
    const fused = steps[0] && c.fused.get(steps[0]);
    const run = fused ? [fused, ...steps.slice(1)] : [...steps, c.algo.track];
    return run.reduce((n, st) => n + c.compiled(st).gpuIr.schedule.kernels, 0);
  }

  /**
   * Seconds the host spent recording (step runs, the compute pass's calls, finish and submit),
   * waiting for the GPU, and the GPU's own time (timestamps), for the benchmarks.
   */
  readonly timing = { record: 0, wait: 0, gpu: 0, encode: 0, finish: 0, submit: 0 };
  /**
   * Chain consecutive runs of chainable steps (one kernel a run instead of three; the same
   * results bit for bit: test/long/chain.gpu.long.test.ts turns it off to compare).
   */
  chain = true;
  /** Chain kernels dispatched so far (each in place of three kernels). */
  chained = 0;
  /** Time each batch's compute pass with timestamp queries (where the adapter has them). */
  timestamps = false;
  private query: { set: GPUQuerySet; resolve: GPUBuffer; read: [GPUBuffer, GPUBuffer] } | undefined;
  /**
   * Set (before a run) to profile: every step run gets a compute pass of its own with a timestamp
   * pair, and the GPU time is summed per step. The passes add a little time between steps, so
   * a profiled run is for the shares of the time, not for the total (take that from a run without
   * it). Needs the adapter's timestamp queries and an engine created with at most 2,048 slots.
   */
  profile: StepProfile | undefined;
  private profileQuery:
    | { set: GPUQuerySet; resolve: GPUBuffer; read: [GPUBuffer, GPUBuffer] }
    | undefined;

  get maxRuns(): number {
    return this.paramSlots;
  }

  run(step: Step, at_: RunAt): void {
    const t0 = performance.now();
    this.runInner(step, at_);
    this.timing.record += (performance.now() - t0) / 1000;
  }

  private runInner(step: Step, r: RunAt): void {
    if (this.used >= this.paramSlots)
      throw new Error(`internal: a batch holds at most ${this.paramSlots} dispatches`);
    const k = this.kernels.get(step);
    if (!k) throw new Error(`internal: step ${step.name} was not compiled for the GPU`);
    const at = this.used++;
    const base = (at * STEP_PARAM_BYTES) / 4;
    const P = this.paramData;
    const set = (name: Parameters<typeof stepParam>[0], v: number) => {
      P[base + stepParam(name)] = v;
    };
    // A counted step (each i in X[:n]) runs its first n individuals: P.n and the grid say n.
    const n = r.n ?? step.n;
    set('n', n);
    set('gen', r.gen);
    // The kernels of a step share one parameter block, whose grid width is the first kernel's.
    set('gx', k.kernels[0]?.gx ?? 0);
    set('round', r.round);
    set('slot', r.slot);
    set('run_s', this.stride);
    set('run_scr', k.perRun.scr);
    set('run_part', k.perRun.part);
    set('run_sc', k.perRun.sc);
    set('evals', r.evals);
    set('budget', r.budget);
    set('parity', at & 1);
    for (let k = 0; k < 4; k++) set(`h${k}` as 'h0', r.h?.[k] ?? 0);
    const K = tableQuads(this.layout.arrays.length) * 4;
    this.layout.fill(step, P, P, base + STEP_PARAM_HEAD, base + STEP_PARAM_HEAD + K);
    this.layout.advance(step);
    this.pending.push({
      kernel: k,
      slot: at,
      step,
      n: n === step.n ? undefined : n,
      indirect: this.indirect.get(step),
    });
    const skip = step.decides && this.skips.get(step.decides);
    if (skip) this.pending.push({ args: skip });
  }

  submit(): Promise<ArrayLike<number>> {
    const t0 = performance.now();
    const device = this.gpu.device;
    if (this.used) {
      device.queue.writeBuffer(
        this.params,
        0,
        this.paramData.buffer as ArrayBuffer,
        0,
        this.used * STEP_PARAM_BYTES,
      );
    }
    const enc = device.createCommandEncoder();
    const timed = this.timestamps && this.gpu.features.timestampQuery && this.pending.length > 0;
    const queryRead = () =>
      device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    const query = timed
      ? (this.query ??= {
          set: device.createQuerySet({ type: 'timestamp', count: 2 }),
          resolve: device.createBuffer({
            size: 16,
            usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC,
          }),
          read: [queryRead(), queryRead()],
        })
      : undefined;
    const qread = query?.read[this.stageNext];
    const prof = this.profile && this.pending.length > 0 ? this.profilePasses(enc) : undefined;
    if (this.pending.length && !prof) {
      const pass = enc.beginComputePass(
        query
          ? {
              timestampWrites: {
                querySet: query.set,
                beginningOfPassWriteIndex: 0,
                endOfPassWriteIndex: 1,
              },
            }
          : {},
      );
      const last: PassState = { pipeline: undefined, runs: this.runs };
      const te = performance.now();
      this.chained += dispatchAll(pass, this.pending, last, this.args, this.chain);
      pass.end();
      this.timing.encode += (performance.now() - te) / 1000;
    }
    this.pending = [];
    this.used = 0;
    // Two read-back buffers: the batch in flight copies into one while the previous is read.
    const stage = this.traceStage[this.stageNext];
    this.stageNext = this.stageNext === 0 ? 1 : 0;
    // Run z's rows at z TRACE_ROWS; the evaluation counter (a batch of one run) after them.
    for (let r = 0; r < this.runs; r++)
      enc.copyBufferToBuffer(
        this.S,
        (r * this.stride + this.layout.current('trace')) * 4,
        stage,
        r * TRACE_ROWS * 4,
        TRACE_ROWS * 4,
      );
    if (this.counted)
      enc.copyBufferToBuffer(
        this.S,
        this.layout.current(WHILE_COUNT.trace) * 4,
        stage,
        TRACE_ROWS * 4,
        2 * TRACE_ROWS * 4,
      );
    if (query && qread) {
      enc.resolveQuerySet(query.set, 0, 2, query.resolve, 0);
      enc.copyBufferToBuffer(query.resolve, 0, qread, 0, 16);
    }
    const tf = performance.now();
    const cb = enc.finish();
    const ts = performance.now();
    device.queue.submit([cb]);
    const t1 = performance.now();
    this.timing.finish += (ts - tf) / 1000;
    this.timing.submit += (t1 - ts) / 1000;
    this.timing.record += (t1 - t0) / 1000;
    return Promise.all([
      stage.mapAsync(GPUMapMode.READ),
      qread?.mapAsync(GPUMapMode.READ),
      prof?.read.mapAsync(GPUMapMode.READ),
    ]).then(() => {
      if (prof) this.collectProfile(prof);
      const out = new Float32Array(stage.getMappedRange().slice(0));
      stage.unmap();
      if (qread) {
        const ns = timestampSpan(qread.getMappedRange().slice(0));
        qread.unmap();
        this.timing.gpu += ns * 1e-9;
      }
      this.timing.wait += (performance.now() - t1) / 1000;
      this.gpu.checkErrors('algorithm step');
      return out;
    }, this.failed);
  }

  /**
   * A read-back that failed: the device was lost or reported an error (the GPU's own words, a
   * GpuError), or else the failure as it came.
   */
  private failed = async (e: unknown): Promise<never> => {
    // The device's loss is reported through a promise of its own, which may settle after the
    // read-back's failure: a moment for it.
    await Promise.race([this.gpu.device.lost, new Promise((r) => setTimeout(r, 200))]);
    this.gpu.checkErrors('algorithm step');
    throw e;
  };

  /** Records each pending step run as a compute pass of its own, between two timestamps. */
  private profilePasses(enc: GPUCommandEncoder): {
    read: GPUBuffer;
    steps: { step: Step; runs: number }[];
  } {
    if (!this.gpu.features.timestampQuery)
      throw new Error('profiling needs timestamp queries, which this adapter does not have');
    if (this.paramSlots > PROFILE_RUNS)
      throw new Error(`profiling needs an engine of at most ${PROFILE_RUNS} slots`);
    const device = this.gpu.device;
    // Two read-back buffers, as for the trace: one batch's is mapped while the next is in flight.
    const readBuffer = () =>
      device.createBuffer({
        size: 16 * this.paramSlots,
        usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
      });
    const q = (this.profileQuery ??= {
      set: device.createQuerySet({ type: 'timestamp', count: 2 * this.paramSlots }),
      resolve: device.createBuffer({
        size: 16 * this.paramSlots,
        usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC,
      }),
      read: [readBuffer(), readBuffer()],
    });
    const read = q.read[this.stageNext];
    // A pass a step run, or a chain of runs (counted as its runs); a while loop's
    // workgroup-count kernel goes with the run before it.
    const groups: { step: Step; entries: Pending[]; runs: number }[] = [];
    for (let i = 0; i < this.pending.length; ) {
      const p = this.pending[i];
      const m = this.chain ? chainLength(this.pending, i) : 1;
      if (p && 'args' in p) groups.at(-1)?.entries.push(p);
      else if (p) groups.push({ step: p.step, entries: this.pending.slice(i, i + m), runs: m });
      i += m;
    }
    groups.forEach((g, i) => {
      const pass = enc.beginComputePass({
        timestampWrites: {
          querySet: q.set,
          beginningOfPassWriteIndex: 2 * i,
          endOfPassWriteIndex: 2 * i + 1,
        },
      });
      const last: PassState = { pipeline: undefined, runs: this.runs };
      this.chained += dispatchAll(pass, g.entries, last, this.args, this.chain);
      pass.end();
    });
    const n = groups.length;
    enc.resolveQuerySet(q.set, 0, 2 * n, q.resolve, 0);
    enc.copyBufferToBuffer(q.resolve, 0, read, 0, 16 * n);
    return { read, steps: groups.map((g) => ({ step: g.step, runs: g.runs })) };
  }

  private collectProfile(prof: { read: GPUBuffer; steps: { step: Step; runs: number }[] }): void {
    const range = prof.read.getMappedRange().slice(0, 16 * prof.steps.length);
    prof.read.unmap();
    const profile = this.profile;
    if (!profile) return;
    prof.steps.forEach(({ step, runs }, i) => {
      const e = profile.get(step) ?? { seconds: 0, runs: 0 };
      e.seconds += timestampSpan(range.slice(16 * i, 16 * i + 16)) * 1e-9;
      e.runs += runs;
      profile.set(step, e);
    });
  }

  /**
   * A state array of run `run` of the batch in float64: a float-float one's two parts added
   * (passes/twofloat.ts).
   */
  async readArray(name: string, run = 0): Promise<Float64Array> {
    const hi = await this.readPart(name, run);
    const lo = this.layout.array(name).lo;
    if (lo) {
      const l = await this.readPart(lo, run);
      for (let k = 0; k < hi.length; k++) hi[k] = (hi[k] as number) + (l[k] as number);
    }
    return hi;
  }

  /** A state array's current contents in run `run` (float32 values, widened). */
  private async readPart(name: string, run: number): Promise<Float64Array> {
    if (!(run >= 0 && run < this.runs))
      throw new RangeError(`no run ${run} in a batch of ${this.runs}`);
    return Float64Array.from(
      await this.readWords(
        run * this.stride + this.layout.current(name),
        wordsOf(this.layout.array(name)),
      ),
    );
  }

  /** `n` words of the state buffer from word `offset`, as the GPU holds them. */
  private async readWords(offset: number, n: number): Promise<Float32Array> {
    const read = this.gpu.device.createBuffer({
      size: Math.max(4, n * 4),
      usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
    });
    const enc = this.gpu.device.createCommandEncoder();
    enc.copyBufferToBuffer(this.S, offset * 4, read, 0, n * 4);
    this.gpu.device.queue.submit([enc.finish()]);
    await read.mapAsync(GPUMapMode.READ).catch(this.failed);
    const out = new Float32Array(read.getMappedRange().slice(0));
    read.unmap();
    read.destroy();
    return out;
  }

  setValue(name: string, v: number): void {
    // Queued before every later submit, so the steps recorded next see it.
    for (let r = 0; r < this.runs; r++)
      for (const o of this.layout.copies(name))
        this.gpu.device.queue.writeBuffer(this.S, (r * this.stride + o) * 4, new Float32Array([v]));
  }

  async snapshot(): Promise<EngineState> {
    this.oneRun('a snapshot');
    const words = await this.readWords(0, this.layout.size);
    return {
      backend: 'gpu',
      words,
      currents: this.layout.currents(),
      arrays: this.layout.describe(),
    };
  }

  restore(s: EngineState): void {
    this.oneRun('a restore');
    const words = new Float32Array(this.layout.size);
    if (sameLayout(s, 'gpu', this.layout.size)) {
      // The words' bytes as they are.
      words.set(s.words);
      this.layout.setCurrents(s.currents);
    } else this.layout.adopt(s.words, s.arrays, words);
    this.gpu.device.queue.writeBuffer(this.S, 0, words);
  }

  /** Checkpoints hold one run's state (an experiment's batch is committed run by run). */
  private oneRun(what: string): void {
    if (this.runs !== 1) throw new Error(`internal: ${what} of a batch of ${this.runs} runs`);
  }

  async readBest(run = 0): Promise<{ fit: number; point: Float64Array }> {
    const point = await this.readArray('best', run);
    const fit = at(await this.readArray('best.f', run), 0, 'best.f');
    return { fit, point };
  }

  destroy(): void {
    for (const b of [
      this.S,
      this.data,
      this.params,
      this.runSeeds,
      ...this.traceStage,
      ...this.owned,
    ])
      b?.destroy();
    this.profileQuery?.set.destroy();
    for (const b of this.profileQuery ? [this.profileQuery.resolve, ...this.profileQuery.read] : [])
      b.destroy();
  }
}
