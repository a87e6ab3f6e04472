// Issue 15, item 6: the process-state effect. In one process, evaluators of shifted functions at
// D = 3,000,000 created one after another run slower from about the third on. Does a plain copy
// kernel on freshly allocated buffers slow down with them (then new allocations land in slower
// memory), or only the evaluators? Usage (GPU machine): node scripts/process-state.mjs [dist] [fn]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const dist = resolve(process.argv[2] ?? 'dist');
const api = await import(pathToFileURL(`${dist}/api.js`).href);
const { roofline, warmClocks } = await import(pathToFileURL(`${dist}/experiment/roofline.js`).href);
const warm = process.env.WARM === '1'; // bring the clocks up before each measurement
const { compileProblem, openGpu, GpuEvaluator, timePass } = api;
const fn = process.argv[3] ?? 'shifted_sum_squares';
const keep = process.env.KEEP === '1'; // keep every evaluator alive (no destroy)
const gpu = await openGpu({});
const N = 16;
const line = (s) => process.stdout.write(s + '\n');
const copy = async () => (await roofline(gpu, 3_000_000 * N, 20)).copyGBps;
// A copy kernel on two buffers allocated at the start and kept: do old allocations stay fast?
const d = gpu.device;
const bytes = 3_000_000 * N * 4;
const src = d.createBuffer({ size: bytes, usage: GPUBufferUsage.STORAGE });
const dst = d.createBuffer({ size: bytes, usage: GPUBufferUsage.STORAGE });
const m = d.createShaderModule({
  code: `@group(0) @binding(0) var<storage, read> a: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> b: array<vec4<f32>>;
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
  let stride = nwg.x * 256u;
  for (var i = gid.x; i < ${bytes / 16}u; i += stride) { b[i] = a[i]; }
}`,
});
const pipe = d.createComputePipeline({ layout: 'auto', compute: { module: m, entryPoint: 'main' } });
const bg = d.createBindGroup({
  layout: pipe.getBindGroupLayout(0),
  entries: [
    { binding: 0, resource: { buffer: src } },
    { binding: 1, resource: { buffer: dst } },
  ],
});
const oldCopy = async () => {
  const t = await timePass(gpu, (enc, tw) => {
    const pass = enc.beginComputePass(tw ? { timestampWrites: tw } : {});
    pass.setPipeline(pipe);
    pass.setBindGroup(0, bg);
    for (let r = 0; r < 20; r++) pass.dispatchWorkgroups(Math.ceil(bytes / 16 / 1024));
    pass.end();
  });
  return (2 * bytes * 20) / t.seconds / 1e9;
};
await oldCopy();
line(`fresh copy: ${(await copy()).toFixed(0)} GB/s; on the kept buffers ${(await oldCopy()).toFixed(0)} GB/s`);
const kept = [];
for (const D of [1_000_000, 3_000_000])
  for (let k = 0; k < (D === 3_000_000 ? 8 : 3); k++) {
    const p = compileProblem({ problem: fn, dim: D, schedule: { population: N } });
    const ev = new GpuEvaluator(gpu, p, N, {});
    await ev.ready();
    const x = new Float32Array(N * D);
    let s = 12345;
    for (let i = 0; i < x.length; i++) {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      x[i] = (s / 4294967296) * 10 - 5;
    }
    const slabs = ev.createPopulation(N, x);
    const f = ev.createFitness(N);
    await timePass(gpu, (enc, tw) => ev.encode(enc, slabs, f, 1, tw));
    if (warm) await warmClocks(gpu);
    const reps = Math.ceil(4e9 / (N * D * 4));
    const t = await timePass(gpu, (enc, tw) => ev.encode(enc, slabs, f, reps, tw));
    const gbps = (N * D * 4) / (t.seconds / reps) / 1e9;
    if (keep) kept.push({ ev, slabs, f });
    else {
      for (const sl of slabs) sl.x.destroy();
      f.destroy();
      ev.destroy();
    }
    await gpu.device.queue.onSubmittedWorkDone();
    line(
      `D ${D} evaluator ${k + 1}: ${gbps.toFixed(0)} GB/s; then a copy on new buffers: ${(await copy()).toFixed(0)} GB/s, on the kept ones: ${(await oldCopy()).toFixed(0)} GB/s`,
    );
  }
// Idle, then the kept buffers again: does the device recover?
for (const idle of [5, 15]) {
  await new Promise((r) => setTimeout(r, idle * 1000));
  line(`after ${idle} s idle: a copy on the kept buffers ${(await oldCopy()).toFixed(0)} GB/s`);
}
process.exit(0);
