// The roofline of a benchmark, measured in the same process as its numbers: a plain copy kernel
// (bandwidth), a plain sum kernel and an FMA kernel (the device's float32 rate).
//
// These are reference kernels, written by hand on purpose (the roofline must not depend on the
// code generator it measures), so they are WGSL text rather than syntax trees. Their buffers are
// their own, none of the compiled kernels' binding table (codegen/wgsl-bindings.ts): one small
// table below gives both their declarations and their bind-group entries.

import { WGSL_PHILOX } from '../codegen/wgsl-philox.js';
import type { GpuContext } from '../runtime/device.js';
import { timePass } from '../runtime/timing.js';

const BUFFERS = {
  src: { binding: 0, decl: 'var<storage, read> src: array<vec4<f32>>' },
  dst: { binding: 1, decl: 'var<storage, read_write> dst: array<vec4<f32>>' },
  n4: { binding: 2, decl: 'var<uniform> n4: vec4<u32>' },
} as const;
type RooflineBuffer = keyof typeof BUFFERS;

const declare = (...names: RooflineBuffer[]) =>
  names.map((n) => `@group(0) @binding(${BUFFERS[n].binding}) ${BUFFERS[n].decl};`).join('\n');

const COPY = `
${declare('src', 'dst', 'n4')}
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
  let stride = nwg.x * 256u;
  for (var i = gid.x; i < n4.x; i += stride) { dst[i] = src[i]; }
}`;

const SUM = `
${declare('src', 'dst', 'n4')}
var<workgroup> sh: array<vec4<f32>, 256>;
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
  let stride = nwg.x * 256u;
  var acc = vec4<f32>(0.0);
  for (var i = gid.x; i < n4.x; i += stride) { acc += src[i]; }
  sh[lid] = acc;
  workgroupBarrier();
  for (var s = 128u; s > 0u; s >>= 1u) { if (lid < s) { sh[lid] += sh[lid + s]; } workgroupBarrier(); }
  if (lid == 0u) { dst[wid.x] = sh[0]; }
}`;

// 4 independent FMA chains of ITER steps per thread: 2 * 4 * 4 * ITER flops (vec4).
const FMA_ITER = 4096;
const FMA = `
${declare('dst')}
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  var a = vec4<f32>(f32(gid.x) * 1e-9);
  var b = a + 0.5; var c = a + 0.25; var d = a + 0.125;
  let m = vec4<f32>(0.999999); let k = vec4<f32>(1e-7);
  for (var i = 0u; i < ${FMA_ITER}u; i++) { a = fma(a, m, k); b = fma(b, m, k); c = fma(c, m, k); d = fma(d, m, k); }
  dst[gid.x] = a + b + c + d;
}`;

// The draws' rate: PHILOX_ITER Philox-4x32-10 blocks a thread (the generated kernels' own
// function, codegen/wgsl-philox.ts: a step with draws at every element computes one block per
// four draws of a call site), xor-folded so that none is dead.
const PHILOX_ITER = 64;
const PHILOX = `
${declare('dst')}
${WGSL_PHILOX}
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  var acc = vec4<u32>(0u);
  for (var i = 0u; i < ${PHILOX_ITER}u; i++) {
    acc = acc ^ opt_philox(vec4<u32>(1u, i, gid.x, 7u), vec2<u32>(gid.x, 0x2545f491u));
  }
  dst[gid.x] = bitcast<vec4<f32>>(acc);
}`;

function plainKernel(gpu: GpuContext, code: string) {
  const m = gpu.device.createShaderModule({ code });
  return gpu.device.createComputePipeline({
    layout: 'auto',
    compute: { module: m, entryPoint: 'main' },
  });
}

export async function roofline(gpu: GpuContext, floats: number, reps: number, fmaGroups = 4096) {
  const d = gpu.device;
  const bytes = Math.min(floats * 4, gpu.limits.maxStorageBufferBindingSize - 16) & ~15;
  const n4 = bytes / 16;
  const src = d.createBuffer({ size: bytes, usage: GPUBufferUsage.STORAGE });
  const dst = d.createBuffer({ size: bytes, usage: GPUBufferUsage.STORAGE });
  const uni = d.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
  d.queue.writeBuffer(uni, 0, new Uint32Array([n4, 0, 0, 0]));
  const groups = Math.min(65535, Math.ceil(n4 / 256 / 4));
  const run = async (code: string) => {
    const p = plainKernel(gpu, code);
    const bg = d.createBindGroup({
      layout: p.getBindGroupLayout(0),
      entries: [
        { binding: BUFFERS.src.binding, resource: { buffer: src } },
        { binding: BUFFERS.dst.binding, resource: { buffer: dst } },
        { binding: BUFFERS.n4.binding, resource: { buffer: uni } },
      ],
    });
    const t = await timePass(gpu, (enc, tw) => {
      const pass = enc.beginComputePass(tw ? { timestampWrites: tw } : {});
      pass.setPipeline(p);
      pass.setBindGroup(0, bg);
      for (let r = 0; r < reps; r++) pass.dispatchWorkgroups(groups);
      pass.end();
    });
    return t.seconds / reps;
  };
  await run(COPY); // warm-up
  await warmClocks(gpu);
  const copy = await run(COPY);
  const sum = await run(SUM);
  // The float32 rate and the Philox rate: one dispatch each of fmaGroups workgroups into `out`.
  const out = d.createBuffer({ size: fmaGroups * 256 * 16, usage: GPUBufferUsage.STORAGE });
  const once = async (code: string) => {
    const p = plainKernel(gpu, code);
    const bg = d.createBindGroup({
      layout: p.getBindGroupLayout(0),
      entries: [{ binding: BUFFERS.dst.binding, resource: { buffer: out } }],
    });
    const t = await timePass(gpu, (enc, tw) => {
      const pass = enc.beginComputePass(tw ? { timestampWrites: tw } : {});
      pass.setPipeline(p);
      pass.setBindGroup(0, bg);
      pass.dispatchWorkgroups(fmaGroups);
      pass.end();
    });
    return t.seconds;
  };
  const flops = fmaGroups * 256 * 4 * 4 * 2 * FMA_ITER;
  const fmaSeconds = await once(FMA);
  const philoxSeconds = await once(PHILOX);
  for (const b of [src, dst, uni, out]) b.destroy();
  return {
    bytes,
    copyGBps: (2 * bytes) / copy / 1e9,
    sumGBps: bytes / sum / 1e9,
    gflops: flops / fmaSeconds / 1e9,
    /** Philox-4x32-10 blocks a second, in billions (four draws a block). */
    philoxG: (fmaGroups * 256 * PHILOX_ITER) / philoxSeconds / 1e9,
  };
}

/**
 * Brings the GPU's clocks up before a measurement: a copy kernel on 64 MB, pass after pass, for
 * at least `ms` milliseconds. A GPU left idle for a second or two (a problem being compiled, its
 * data built on the host) drops to its idle clocks (an H200: 1,980 -> 345 MHz) and the
 * millisecond bursts of a benchmark do not bring it back: measured, a copy kernel then moves
 * 1,600 GB/s instead of 4,000 (docs/performance.md, issue 15 item 6, "the process-state
 * effect").
 */
export async function warmClocks(gpu: GpuContext, ms = 300): Promise<void> {
  // A CPU implementation (lavapipe) has no clocks to raise; there this would cost seconds.
  if (gpu.isSoftware) return;
  const d = gpu.device;
  const bytes = 64 << 20;
  const src = d.createBuffer({ size: bytes, usage: GPUBufferUsage.STORAGE });
  const dst = d.createBuffer({ size: bytes, usage: GPUBufferUsage.STORAGE });
  const uni = d.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
  d.queue.writeBuffer(uni, 0, new Uint32Array([bytes / 16, 0, 0, 0]));
  const p = plainKernel(gpu, COPY);
  const bg = d.createBindGroup({
    layout: p.getBindGroupLayout(0),
    entries: [
      { binding: BUFFERS.src.binding, resource: { buffer: src } },
      { binding: BUFFERS.dst.binding, resource: { buffer: dst } },
      { binding: BUFFERS.n4.binding, resource: { buffer: uni } },
    ],
  });
  const t0 = performance.now();
  do {
    const enc = d.createCommandEncoder();
    const pass = enc.beginComputePass();
    pass.setPipeline(p);
    pass.setBindGroup(0, bg);
    for (let r = 0; r < 20; r++) pass.dispatchWorkgroups(1024);
    pass.end();
    d.queue.submit([enc.finish()]);
    await d.queue.onSubmittedWorkDone();
  } while (performance.now() - t0 < ms);
  for (const b of [src, dst, uni]) b.destroy();
}
