// GPU timing: timestamp queries around one compute pass where the adapter has them (GPU time,
// free of submission overhead), otherwise wall-clock time from submit to onSubmittedWorkDone.

// The WebGPU types (GPUDevice, ...) for this module's declarations, kept in its .d.ts for the
// package's users ("preserve": TypeScript drops a reference it did not synthesise otherwise).
/// <reference types="@webgpu/types" preserve="true" />
import type { GpuContext } from './device.js';
import { at } from '../ir/ir.js';

/** Nanoseconds between the two timestamps a query set of two resolved into `range`. */
export function timestampSpan(range: ArrayBuffer): number {
  const t = new BigInt64Array(range);
  return Number(at(t, 1, 'the end timestamp') - at(t, 0, 'the start timestamp'));
}

export interface Timed {
  seconds: number;
  method: 'timestamp' | 'wall';
}

/** Runs `record` (which records one compute pass using the given timestampWrites) and times it. */
export async function timePass(
  gpu: GpuContext,
  record: (enc: GPUCommandEncoder, tw?: GPUComputePassTimestampWrites) => void,
): Promise<Timed> {
  const device = gpu.device;
  if (gpu.features.timestampQuery) {
    const qs = device.createQuerySet({ type: 'timestamp', count: 2 });
    const resolve = device.createBuffer({
      size: 16,
      usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC,
    });
    const read = device.createBuffer({
      size: 16,
      usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
    });
    const enc = device.createCommandEncoder();
    record(enc, { querySet: qs, beginningOfPassWriteIndex: 0, endOfPassWriteIndex: 1 });
    enc.resolveQuerySet(qs, 0, 2, resolve, 0);
    enc.copyBufferToBuffer(resolve, 0, read, 0, 16);
    device.queue.submit([enc.finish()]);
    await read.mapAsync(GPUMapMode.READ);
    const ns = timestampSpan(read.getMappedRange().slice(0));
    read.unmap();
    qs.destroy();
    resolve.destroy();
    read.destroy();
    if (ns > 0) return { seconds: ns * 1e-9, method: 'timestamp' };
  }
  const enc = device.createCommandEncoder();
  record(enc);
  const t0 = performance.now();
  device.queue.submit([enc.finish()]);
  await device.queue.onSubmittedWorkDone();
  return { seconds: (performance.now() - t0) / 1000, method: 'wall' };
}
