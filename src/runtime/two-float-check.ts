// Does this device keep float-float's error terms? The float-float helpers (the two-float
// library, codegen/wgsl-library.ts) rely on float32 additions and products rounded as IEEE 754
// says, one at a time, and on the shader compiler not rewriting them algebraically (ff_keep stops
// the rewriting that Mesa's NIR does). A driver that reassociates anyway, flushes or computes at
// another precision would make every low part 0 or noise, and a float-float run would quietly be
// a float32 one. So before the first float-float run on a device, its helpers run on vectors that
// exercise them (cancelling sums, products and quotients at several scales) and must give each
// result within 2^-44 (see `compare`). The result is kept per device. The kernel is generated
// (codegen/wgsl-service.ts probeKernel); its layout comes from its rows of the binding table.

import { ffMax, ffMin } from '../ir/builtins.js';
import { EVAL_PARAM_BYTES, evalParamWords, type BufferName } from '../codegen/wgsl-bindings.js';
import { PROBE_OUT, PROBE_WG, probeKernel } from '../codegen/wgsl-service.js';
import { uniform53 } from '../rng/philox.js';
import type { GpuContext } from './device.js';
import { layoutEntries } from './gpu-eval.js';

const N = 256;
/** Values per case: add, mul, div, min, max, two parts each (wgsl-service.ts PROBE_OPS). */
const OUT = PROBE_OUT;
/** Philox's stream of the check's inputs (the same on every machine). */
const STREAM = 13;

export interface TwoFloatCheck {
  ok: boolean;
  /** What went wrong, for the error message: the first case that differs. */
  detail?: string;
}

const checked = new WeakMap<GPUDevice, Promise<TwoFloatCheck>>();

/** The check on `gpu`'s device, run once per device. */
export function checkTwoFloat(gpu: GpuContext): Promise<TwoFloatCheck> {
  let r = checked.get(gpu.device);
  if (!r) checked.set(gpu.device, (r = runCheck(gpu)));
  return r;
}

/** The inputs: pairs (ah, al) and (bh, bl) at scales from 1e-6 to 1e2, some cancelling. */
function inputs(): Float32Array<ArrayBuffer> {
  const x = new Float32Array(4 * N);
  const u = (k: number, j: number) => uniform53(j, k, STREAM);
  for (let k = 0; k < N; k++) {
    const scale = 10 ** (-6 + 8 * u(k, 0));
    const ah = Math.fround((2 * u(k, 1) - 1) * scale);
    // Every fourth b nearly cancels a; the others are of another scale.
    const bh =
      k % 4 === 0
        ? Math.fround(-ah * (1 + 2 ** -20 * (2 * u(k, 2) - 1)))
        : Math.fround((2 * u(k, 2) - 1) * 10 ** (-6 + 8 * u(k, 3)));
    const lo = (h: number, j: number) => Math.fround(h * 2 ** -26 * (2 * u(k, j) - 1));
    x.set([ah, lo(ah, 4), bh === 0 ? 1 : bh, lo(bh, 5)], 4 * k);
  }
  return x;
}

async function runCheck(gpu: GpuContext): Promise<TwoFloatCheck> {
  const { device } = gpu;
  const x = inputs();
  const usage = GPUBufferUsage;
  const input = device.createBuffer({ size: x.byteLength, usage: usage.STORAGE | usage.COPY_DST });
  const out = device.createBuffer({ size: 4 * OUT * N, usage: usage.STORAGE | usage.COPY_SRC });
  const params = device.createBuffer({
    size: EVAL_PARAM_BYTES,
    usage: usage.UNIFORM | usage.COPY_DST,
  });
  const read = device.createBuffer({ size: 4 * OUT * N, usage: usage.MAP_READ | usage.COPY_DST });
  try {
    device.queue.writeBuffer(input, 0, x);
    device.queue.writeBuffer(params, 0, evalParamWords({ n: N, f_offset: 0, gx: 1 }));
    const k = probeKernel();
    const layout = device.createBindGroupLayout({
      label: k.name,
      entries: layoutEntries(k.bindings),
    });
    const pipeline = await device.createComputePipelineAsync({
      label: k.name,
      layout: device.createPipelineLayout({ bindGroupLayouts: [layout] }),
      compute: {
        module: device.createShaderModule({ label: k.name, code: k.code }),
        entryPoint: 'main',
      },
    });
    const buffers: Partial<Record<BufferName, GPUBuffer>> = { P: params, X: input, F: out };
    const group = device.createBindGroup({
      label: k.name,
      layout,
      entries: k.bindings.map((b) => {
        const buffer = buffers[b.name];
        if (!buffer) throw new Error(`internal: the float-float probe binds ${b.name}`);
        return { binding: b.binding, resource: { buffer } };
      }),
    });
    const enc = device.createCommandEncoder();
    const pass = enc.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, group);
    pass.dispatchWorkgroups(Math.ceil(N / PROBE_WG));
    pass.end();
    enc.copyBufferToBuffer(out, 0, read, 0, 4 * OUT * N);
    device.queue.submit([enc.finish()]);
    await read.mapAsync(GPUMapMode.READ);
    const got = new Float32Array(read.getMappedRange().slice(0));
    read.unmap();
    return compare(x, got);
  } finally {
    for (const b of [input, out, params, read]) b.destroy();
  }
}

/**
 * The device's results `got` for inputs `x`: each pair's sum h + l within 2^-44 of the exact
 * result (of the inputs' size for a sum, where cancellation leaves the result small; of the
 * result's for the others), and the minimum and maximum exact. The emulation's pairs are
 * not required bit for bit: a compiler may contract the low part's a * b + c into an fma (NVIDIA's
 * does: the H100's products differ from the emulation's in the last bits of the low part, the
 * product itself more exact), which float-float allows. A device that loses the error terms is off
 * by about 2^-24.
 */
export function compare(x: Float32Array, got: Float32Array): TwoFloatCheck {
  const names = ['sum', 'product', 'quotient', 'minimum', 'maximum'];
  const TOL = 2 ** -44;
  for (let k = 0; k < N; k++) {
    const [ah, al, bh, bl] = Array.from(x.subarray(4 * k, 4 * k + 4));
    if (ah === undefined || al === undefined || bh === undefined || bl === undefined) break;
    const a = ah + al;
    const b = bh + bl;
    const exact = [ah + bh + (al + bl), a * bh, a / bh];
    const scale = [Math.abs(a) + Math.abs(b), Math.abs(a * bh), Math.abs(a / bh)];
    const minmax = [ffMin(ah, al, bh, bl), ffMax(ah, al, bh, bl)];
    for (let j = 0; j < names.length; j++) {
      const gh = got[OUT * k + 2 * j] as number;
      const gl = got[OUT * k + 2 * j + 1] as number;
      const want = j < 3 ? undefined : minmax[j - 3];
      const ok = want
        ? gh === want[0] && gl === want[1]
        : Math.abs(gh + gl - (exact[j] as number)) <= TOL * (scale[j] as number);
      if (!ok)
        return {
          ok: false,
          detail: `the float-float ${names[j]} of (${ah} + ${al}) and (${bh} + ${bl}) gave (${gh}, ${gl}), ${want ? `where it is (${want[0]}, ${want[1]})` : `${Math.abs(gh + gl - (exact[j] as number)).toExponential(2)} from ${exact[j]}, where float-float keeps 2^-44 of ${(scale[j] as number).toExponential(2)}`}`,
        };
    }
  }
  return { ok: true };
}
