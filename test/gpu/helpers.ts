import { expect } from 'vitest';
import { rng } from '../rng.js';
// Shared helpers for GPU-versus-CPU tests: one Dawn device per test process, random points in the
// box (rounded to float32, so both backends see the same input), and the running error bound of
// src/ir/error-bound.ts as the tolerance.

import { compileProblem, type CompiledProblem } from '../../src/api.js';
import { defaultScheduleOptions, type ScheduleOptions } from '../../src/schedule/schedule.js';
import { openGpu, type GpuContext } from '../../src/runtime/device.js';
import { GpuEvaluator } from '../../src/runtime/gpu-eval.js';
import { rangeDecode, rangeEncode } from '../../src/ir/range.js';
import type { CompiledAlgorithm } from '../../src/compile/algorithm.js';
import { CpuAlgoEngine } from '../../src/runtime/algo-cpu.js';
import { GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import { runAlgorithm } from '../../src/runtime/run.js';

export const U32 = 2 ** -24;

let gpuPromise: Promise<GpuContext | null> | undefined;
export function gpu(): Promise<GpuContext | null> {
  return (gpuPromise ??= openGpu());
}

export function randomPoints(p: CompiledProblem, n: number, seed: number): Float32Array {
  const D = p.info.dim;
  const lo = Number.isFinite(p.info.lo) ? p.info.lo : -10;
  const hi = Number.isFinite(p.info.hi) ? p.info.hi : 10;
  const r = rng(seed);
  const x = new Float32Array(n * D);
  for (let i = 0; i < x.length; i++) x[i] = lo + (hi - lo) * r();
  return x;
}

export interface Comparison {
  gpu: Float32Array;
  cpu: number[];
  bound: number[];
  /** max over points of |gpu - cpu| / (u * bound): the test requires <= 1. */
  worst: number;
}

export interface CompareOptions {
  schedule?: Partial<ScheduleOptions>;
  points?: Float32Array;
  sources?: Record<string, string>;
  maxBindingBytes?: number;
  subgroups?: boolean;
}

export async function compareOnGpu(
  ctx: GpuContext,
  name: string,
  dim: number,
  n: number,
  seed: number,
  o: CompareOptions = {},
): Promise<
  Comparison & { problem: CompiledProblem; slabs: number; usedSubgroups: boolean; code: string }
> {
  const p = compileProblem({
    problem: name,
    dim,
    sources: o.sources,
    schedule: { ...defaultScheduleOptions, population: n, ...o.schedule },
  });
  const x = o.points ?? randomPoints(p, n, seed);
  const ev = new GpuEvaluator(ctx, p, n, {
    maxBindingBytes: o.maxBindingBytes,
    subgroups: o.subgroups,
  });
  const usedSubgroups = ev.wgsl.kernels.some((k) => k.code.includes('enable subgroups;'));
  const code = ev.wgsl.kernels.map((k) => k.code).join('\n');
  const slabs = Math.ceil(n / ev.slabSize);
  await ev.ready();
  const g = await ev.evaluate(x, n);
  ev.destroy();
  const cpuF = p.cpuEvaluator();
  const boundF = p.errorBound();
  const x64 = Float64Array.from(x);
  const cpu: number[] = [];
  const bound: number[] = [];
  let worst = 0;
  for (let k = 0; k < n; k++) {
    // The GPU stores phi(v) where values may leave float32's range (passes/range.ts): compare
    // it with phi of float64's value, within the bound of that program.
    const c = p.rangeForm ? rangeEncode(cpuF(x64, k * dim)) : cpuF(x64, k * dim);
    const b = boundF(x64, k * dim);
    cpu.push(c);
    bound.push(b);
    const err = Math.abs(g[k]! - c);
    // Equal infinities (an empty max is -inf on both backends) and float32 overflow (Schwefel 2.22's
    // product at large D) are IEEE on both sides.
    // Beyond float64's range too (Schwefel 2.22's product at D = 1,000: up to 10^1000), the
    // GPU's phi(v) is finite and decodes to float64's infinity.
    const same =
      g[k] === c ||
      (Math.abs(c) > 3.4e38 && !Number.isFinite(g[k]!) && Math.sign(g[k]!) === Math.sign(c)) ||
      (p.rangeForm && !Number.isFinite(c) && rangeDecode(g[k]!) === c);
    const ratio = same ? 0 : err / (U32 * b);
    worst = Math.max(worst, Number.isNaN(ratio) ? Infinity : ratio);
  }
  return { gpu: g, cpu, bound, worst, problem: p, slabs, usedSubgroups, code };
}

export { rng };

/**
 * Runs a WGSL kernel whose only binding is `@group(0) @binding(0) var<storage, read_write> out`
 * (`bytes` long) over `workgroups` workgroups and returns what it wrote. Shader errors fail loudly.
 */
export async function runOutputKernel(
  ctx: GpuContext,
  code: string,
  bytes: number,
  workgroups: number,
): Promise<ArrayBuffer> {
  const d = ctx.device;
  const U = GPUBufferUsage; // globals the webgpu module installs (src/runtime/device.ts)
  const M = GPUMapMode;
  d.pushErrorScope('validation');
  const pipeline = d.createComputePipeline({
    layout: 'auto',
    compute: { module: d.createShaderModule({ code }), entryPoint: 'main' },
  });
  const error = await d.popErrorScope();
  if (error) throw new Error(`kernel does not compile: ${error.message}`);
  const buf = d.createBuffer({ size: bytes, usage: U.STORAGE | U.COPY_SRC });
  const read = d.createBuffer({ size: bytes, usage: U.MAP_READ | U.COPY_DST });
  const bg = d.createBindGroup({
    layout: pipeline.getBindGroupLayout(0),
    entries: [{ binding: 0, resource: { buffer: buf } }],
  });
  const enc = d.createCommandEncoder();
  const pass = enc.beginComputePass();
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, bg);
  pass.dispatchWorkgroups(workgroups);
  pass.end();
  enc.copyBufferToBuffer(buf, 0, read, 0, bytes);
  d.queue.submit([enc.finish()]);
  await read.mapAsync(M.READ);
  const out = read.getMappedRange().slice(0);
  read.unmap();
  buf.destroy();
  read.destroy();
  return out;
}

/**
 * Every state array of a GPU and a CPU engine that ran one algorithm with one seed within a
 * relative 1e-3 (test/gpu/algorithms.gpu.test.ts explains the tolerance: float32 against float64
 * stays orders of magnitude below it, a selection taken differently orders of magnitude above).
 */
export async function expectSameState(c: CompiledAlgorithm, g: GpuAlgoEngine, k: CpuAlgoEngine) {
  for (const a of c.algo.state) {
    const x = await g.readArray(a.name);
    const y = await k.readArray(a.name);
    let worst = 0;
    for (let i = 0; i < x.length; i++)
      if (Number.isFinite(y[i]!))
        worst = Math.max(worst, Math.abs(x[i]! - y[i]!) / Math.max(1, Math.abs(y[i]!)));
    expect(worst, a.name).toBeLessThan(1e-3);
  }
}

/**
 * `c` run for `generations` generations from `seed` on the GPU twice (the same bits both times)
 * and on the CPU (the same selections: expectSameState); the GPU's first population (the
 * population X) and reported best point, for the caller's checks.
 */
export async function gpuRunsAsOnCpu(
  ctx: GpuContext,
  c: CompiledAlgorithm,
  seed: number,
  generations: number,
): Promise<{ X: Float64Array; best: Float64Array }> {
  const runGpu = async () => {
    const g = await GpuAlgoEngine.create(ctx, c, seed);
    const r = await runAlgorithm(c, g, { seed, maxGenerations: generations, batch: 1 });
    return { g, r, X: await g.readArray('X') };
  };
  const a = await runGpu();
  const b = await runGpu();
  expect(Array.from(a.X)).toEqual(Array.from(b.X));
  b.g.destroy();
  const k = new CpuAlgoEngine(c, seed);
  await runAlgorithm(c, k, { seed, maxGenerations: generations, batch: 1 });
  await expectSameState(c, a.g, k);
  a.g.destroy();
  return { X: a.X, best: a.r.bestPoint };
}
