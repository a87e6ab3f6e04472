// The WebGPU device module against the real Dawn adapter (lavapipe here, the NVIDIA GPU on the GPU
// machine). Set OPT_SKIP_GPU_TESTS=1 to skip on a machine without any Vulkan driver.
import { afterAll, describe, expect, it } from 'vitest';
import {
  DAWN_NOISE_PATTERNS,
  GpuError,
  createDawnNoiseFilter,
  filterDawnNoise,
  gpuUnavailableReason,
  listAdapters,
  openGpu,
  parseAdapterList,
  type GpuContext,
} from '../src/runtime/device.js';
import { deferredTicks } from '../src/runtime/dawn-poll.js';

// The global setImmediate before any device is opened (src/runtime/dawn-poll.ts wraps it on a
// software adapter).
const plainSetImmediate = globalThis.setImmediate;

const NOISE =
  'Warning: maxDynamicUniformBuffersPerPipelineLayout artificially reduced from 1000000 to 16 to fit dynamic offset allocation limit.\n' +
  'Warning: maxDynamicStorageBuffersPerPipelineLayout artificially reduced from 1000000 to 16 to fit dynamic offset allocation limit.\n';

describe('Dawn noise filtering', () => {
  it('has a pattern for each start-up line', () => {
    const lines = NOISE.trimEnd().split('\n');
    expect(DAWN_NOISE_PATTERNS).toHaveLength(2);
    for (const line of lines) expect(DAWN_NOISE_PATTERNS.some((re) => re.test(line))).toBe(true);
  });

  it('removes only the start-up lines', () => {
    expect(filterDawnNoise(`before\n${NOISE}after\n`)).toBe('before\nafter\n');
    expect(filterDawnNoise(NOISE.replace(/\n/g, '\r\n'))).toBe('');
    expect(filterDawnNoise('Warning: something else artificially reduced\n')).toBe(
      'Warning: something else artificially reduced\n',
    );
    expect(filterDawnNoise('no newline at end')).toBe('no newline at end');
  });

  it('filters a stream split at arbitrary points', async () => {
    const filter = createDawnNoiseFilter();
    const chunks: string[] = [];
    filter.on('data', (c: Buffer | string) => chunks.push(c.toString()));
    const done = new Promise<void>((resolve) => filter.on('end', () => resolve()));
    const text = `one\n${NOISE}two\n${NOISE}three`;
    for (let i = 0; i < text.length; i += 7) filter.write(text.slice(i, i + 7));
    filter.end();
    await done;
    expect(chunks.join('')).toBe('one\ntwo\nthree');
  });

  it('parses dawn.node adapter lists', () => {
    const msg =
      "no suitable backends found\nAvailable adapters:\n * backend: 'vulkan', name: 'llvmpipe (LLVM 15.0.6, 256 bits)'\n * backend: 'vulkan', name: 'NVIDIA H100 80GB HBM3'";
    expect(parseAdapterList(msg)).toEqual([
      { backend: 'vulkan', name: 'llvmpipe (LLVM 15.0.6, 256 bits)' },
      { backend: 'vulkan', name: 'NVIDIA H100 80GB HBM3' },
    ]);
  });
});

const WGSL_DOUBLE = /* wgsl */ `
@group(0) @binding(0) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i < arrayLength(&data)) {
    data[i] = 2.0 * data[i];
  }
}
`;

// Each invocation runs a long dependent chain: a dispatch lavapipe takes a fraction of a second for.
const WGSL_SLOW = `
@group(0) @binding(0) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i < arrayLength(&data)) {
    var x = data[i];
    for (var k = 0u; k < 100000u; k++) { x = x * 0.999999 + 1e-7; }
    data[i] = x;
  }
}
`;

async function doubleOnGpu(
  ctx: GpuContext,
  input: Float32Array,
  code = WGSL_DOUBLE,
): Promise<Float32Array> {
  const { device } = ctx;
  const bytes = input.byteLength;
  const storage = device.createBuffer({
    size: bytes,
    usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
  });
  const readback = device.createBuffer({
    size: bytes,
    usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
  });
  device.queue.writeBuffer(storage, 0, input as Float32Array<ArrayBuffer>);
  const pipeline = device.createComputePipeline({
    layout: 'auto',
    compute: { module: device.createShaderModule({ code }), entryPoint: 'main' },
  });
  const bindGroup = device.createBindGroup({
    layout: pipeline.getBindGroupLayout(0),
    entries: [{ binding: 0, resource: { buffer: storage } }],
  });
  const encoder = device.createCommandEncoder();
  const pass = encoder.beginComputePass();
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, bindGroup);
  pass.dispatchWorkgroups(Math.ceil(input.length / 64));
  pass.end();
  encoder.copyBufferToBuffer(storage, 0, readback, 0, bytes);
  device.queue.submit([encoder.finish()]);
  await readback.mapAsync(GPUMapMode.READ);
  const out = new Float32Array(readback.getMappedRange().slice(0));
  readback.unmap();
  storage.destroy();
  readback.destroy();
  return out;
}

async function waitFor(cond: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
}

describe.skipIf(process.env.OPT_SKIP_GPU_TESTS === '1')('GPU device', () => {
  let ctx: GpuContext | null = null;

  afterAll(() => {
    ctx?.destroy();
  });

  it('opens a device on the best adapter', async () => {
    ctx = await openGpu();
    expect(ctx, `no GPU: ${gpuUnavailableReason()}`).not.toBeNull();
    if (!ctx) return;
    expect(ctx.adapterName.trim().length).toBeGreaterThan(0);
    const listed = await listAdapters();
    expect(listed.map((a) => a.name)).toContain(ctx.adapterInfo.name);
    expect(ctx.adapterName.startsWith(ctx.adapterInfo.name)).toBe(true);
    for (const [name, value] of Object.entries(ctx.limits)) {
      expect(Number.isInteger(value) && value > 0, `${name} = ${value}`).toBe(true);
    }
    expect(ctx.limits.maxStorageBufferBindingSize).toBeLessThanOrEqual(ctx.limits.maxBufferSize);
    expect(typeof ctx.features.subgroups).toBe('boolean');
    expect(typeof ctx.features.timestampQuery).toBe('boolean');
    const info = Object.values(ctx.adapterInfo).join(' ');
    if (/llvmpipe|lavapipe/i.test(info)) expect(ctx.isSoftware).toBe(true);
    expect(ctx.lost).toBe(false);
    expect(ctx.lastError).toBeNull();
    // One context per process.
    expect(await openGpu()).toBe(ctx);
  });

  it('runs a compute kernel and reads the result back', async () => {
    expect(ctx).not.toBeNull();
    if (!ctx) return;
    const input = Float32Array.from({ length: 1000 }, (_, i) => i * 0.5 - 100);
    const out = await doubleOnGpu(ctx, input);
    expect(out).toHaveLength(1000);
    for (let i = 0; i < input.length; i++) expect(out[i]).toBe(2 * input[i]!);
    ctx.checkErrors('doubling kernel');
  });

  it('waits on a software adapter poll on timers, not on every turn of the event loop', async () => {
    // dawn.node ticks the device on every setImmediate while a promise is pending: on lavapipe
    // that spin takes a core from the device's own threads (src/runtime/dawn-poll.ts).
    expect(ctx).not.toBeNull();
    if (!ctx) return;
    const before = deferredTicks();
    const t0 = performance.now();
    await doubleOnGpu(ctx, new Float32Array(4096).fill(1), WGSL_SLOW);
    const ms = performance.now() - t0;
    const ticks = deferredTicks() - before;
    if (!ctx.isSoftware) {
      expect(ticks).toBe(0);
      expect(globalThis.setImmediate).toBe(plainSetImmediate);
      return;
    }
    expect(globalThis.setImmediate).not.toBe(plainSetImmediate);
    // At most one timer a millisecond for the one pending promise (mapAsync), with slack for the
    // pipeline's creation; a spin makes tens of ticks a millisecond.
    expect(ticks, `${ticks} ticks in ${ms.toFixed(0)} ms`).toBeGreaterThan(0);
    expect(ticks, `${ticks} ticks in ${ms.toFixed(0)} ms`).toBeLessThanOrEqual(ms + 20);
    // Everything else passes through: a resolver (one parameter) still runs as an immediate.
    let ran = false;
    await new Promise<void>((r) =>
      setImmediate(() => {
        ran = true;
        r();
      }),
    );
    expect(ran).toBe(true);
    expect(deferredTicks()).toBe(before + ticks);
  });

  it('keeps uncaptured errors for checkErrors()', async () => {
    expect(ctx).not.toBeNull();
    if (!ctx) return;
    // MAP_READ may only be combined with COPY_DST: a validation error nobody captures.
    ctx.device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.STORAGE });
    await ctx.device.queue.onSubmittedWorkDone();
    await waitFor(() => ctx?.lastError !== null);
    expect(ctx.lastError).toMatch(/validation error/);
    expect(() => ctx?.checkErrors('bad buffer')).toThrow(GpuError);
    expect(ctx.lastError).toBeNull();
    expect(ctx.lost).toBe(false);
  });

  it('lists adapters and picks one by name, case-insensitively', async () => {
    const listed = await listAdapters();
    expect(listed.length).toBeGreaterThan(0);
    for (const a of listed) expect(a.name.length).toBeGreaterThan(0);

    ctx?.destroy();
    expect(ctx?.lost).toBe(true);
    // The last context gone, the global setImmediate is Node's again.
    expect(globalThis.setImmediate).toBe(plainSetImmediate);
    const byName = await openGpu({ adapter: listed[0]!.name.toUpperCase() });
    expect(byName).not.toBeNull();
    expect(byName).not.toBe(ctx);
    ctx = byName;
    if (!ctx) return;
    // Matching adapter info (vendor) rather than the native name also works.
    const vendor = ctx.adapterInfo.vendor;
    ctx.destroy();
    if (vendor) {
      ctx = await openGpu({ adapter: vendor });
      expect(ctx?.adapterInfo.vendor).toBe(vendor);
      ctx?.destroy();
    }
    await expect(openGpu({ adapter: 'no-such-adapter-xyz' })).rejects.toThrow(/available adapters/);
    ctx = await openGpu();
    expect(ctx).not.toBeNull();
  });
});
