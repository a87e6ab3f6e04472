// Resources checked before they run out. A run or an evaluation computes the memory it needs, on
// the host and on the device, before it allocates anything large, and is refused with the bytes
// needed and the limit that stops it (a ResourceError, a RangeError: `opt` exits with 2, a problem
// the backend cannot run). The limits: JavaScript's largest typed array (buffer.constants
// .MAX_LENGTH elements: 2^32 on Node 20, 64-bit) and longest string, the machine's memory
// (os.totalmem), the device's largest buffer and storage binding (maxBufferSize,
// maxStorageBufferBindingSize, the adapter's maxima: runtime/device.ts). WebGPU does not say how
// much memory the device has; a run within these limits that the device still cannot hold fails
// as the device reports it. Splitting a run to lift a limit is not done here.

import { constants } from 'node:buffer';
import { statSync } from 'node:fs';
import { totalmem } from 'node:os';
import type { IrData } from '../ir/ir.js';
import type { GpuLimits } from './device.js';

/** The most elements one typed array holds (V8's limit). */
export const TYPED_ARRAY_MAX = constants.MAX_LENGTH;
/** The most characters one string holds (V8's limit): a points file is read as one. */
export const STRING_MAX = constants.MAX_STRING_LENGTH;

/** A run or an evaluation that needs more memory than a limit allows. */
export class ResourceError extends RangeError {
  override name = 'ResourceError';
}

/** One typed array on the host: what it holds, its length and its element's bytes. */
export interface HostArray {
  what: string;
  length: number;
  bytesPer: number;
  /** How many arrays of this kind (1 if left out): the points of an evaluation, one each. */
  count?: number;
}

/** One buffer on the device: what it holds, its bytes, and whether one storage binding holds it all. */
export interface DeviceBuffer {
  what: string;
  bytes: number;
  binding: boolean;
}

/** A count of bytes as a reader wants it: exact, and in MiB or GiB where large. */
export function bytesText(n: number): string {
  const exact = `${Math.round(n).toLocaleString('en-US')} bytes`;
  if (n >= 2 ** 30) return `${exact} (${(n / 2 ** 30).toFixed(1)} GiB)`;
  if (n >= 2 ** 20) return `${exact} (${(n / 2 ** 20).toFixed(1)} MiB)`;
  return exact;
}

const SMALLER = 'use a smaller dimension or population';

/**
 * Refuses `who` (a run, an evaluation) when one of its host arrays is longer than a typed array
 * can be, or all of them together exceed the machine's memory (`memory`, for tests).
 */
export function checkHost(who: string, arrays: readonly HostArray[], memory = totalmem()): void {
  for (const a of arrays)
    if (a.length > TYPED_ARRAY_MAX)
      throw new ResourceError(
        `${who}: ${a.what} needs ${a.length.toLocaleString('en-US')} values (${bytesText(a.length * a.bytesPer)}) in one array on the host, more than JavaScript's largest typed array (${TYPED_ARRAY_MAX.toLocaleString('en-US')} values on Node ${process.versions.node}): ${SMALLER}`,
      );
  const bytes = (a: HostArray) => (a.count ?? 1) * a.length * a.bytesPer;
  const total = arrays.reduce((s, a) => s + bytes(a), 0);
  if (total > memory) {
    const parts = arrays
      .filter((a) => bytes(a) >= total / 100)
      .map(
        (a) =>
          `${a.count === undefined ? a.what : `${a.count} x ${a.what}`} ${bytesText(bytes(a))}`,
      );
    throw new ResourceError(
      `${who} needs ${bytesText(total)} of host memory (${parts.join(', ')}), more than this machine has (${bytesText(memory)}): ${SMALLER}`,
    );
  }
}

/**
 * Refuses `who` when one of its device buffers is larger than the device's largest buffer, or,
 * bound whole, than its largest storage binding.
 */
export function checkDevice(
  who: string,
  buffers: readonly DeviceBuffer[],
  limits: Pick<GpuLimits, 'maxBufferSize' | 'maxStorageBufferBindingSize'>,
  adapter: string,
): void {
  for (const b of buffers) {
    const over: [string, number] | undefined =
      b.bytes > limits.maxBufferSize
        ? ['maxBufferSize, its largest buffer', limits.maxBufferSize]
        : b.binding && b.bytes > limits.maxStorageBufferBindingSize
          ? [
              'maxStorageBufferBindingSize, its largest storage binding',
              limits.maxStorageBufferBindingSize,
            ]
          : undefined;
    if (over)
      throw new ResourceError(
        `${who}: ${b.what} needs ${bytesText(b.bytes)} on the GPU, more than the device allows (${over[0]}: ${bytesText(over[1])} on ${adapter}): ${SMALLER}, or run it with --backend cpu`,
      );
  }
}

/** The values of a program's data (materialised in float64 on the host: ir/data.ts). */
export function dataCount(data: readonly IrData[]): number {
  return data.reduce((s, d) => s + d.shape.reduce((a, b) => a * b, 1), 0);
}

/** The host arrays of a program's data: one a data declaration. */
export function dataArrays(data: readonly IrData[]): HostArray[] {
  return data.map((d) => ({
    what: `its data ${d.name}`,
    length: d.shape.reduce((a, b) => a * b, 1),
    bytesPer: 8,
  }));
}

/**
 * An evaluation of `points` points at dimension `dim` (opt eval): on the host, each point in
 * float64 and the problem's data (`data`, where known: the compiled program's); on the GPU, a
 * point in one storage binding (a slab of points never splits one), the points in one float32
 * staging array, the data in one binding. Called before the points are read with `points` 1 (a
 * dimension no point of which fits is refused at once), and after, with them all.
 */
export function checkEvaluation(
  who: string,
  o: {
    dim: number;
    points: number;
    data?: readonly IrData[];
    gpu?: {
      limits: Pick<GpuLimits, 'maxBufferSize' | 'maxStorageBufferBindingSize'>;
      name: string;
    };
    dataBytes?: number;
  },
): void {
  const data = o.data ?? [];
  checkHost(who, [
    { what: 'a point', length: o.dim, bytesPer: 8, count: o.points },
    ...(o.gpu ? [{ what: 'its points in float32', length: o.points * o.dim, bytesPer: 4 }] : []),
    ...dataArrays(data),
  ]);
  if (!o.gpu) return;
  const dataBytes = o.dataBytes ?? 4 * dataCount(data);
  checkDevice(
    who,
    [
      { what: 'a point', bytes: 4 * o.dim, binding: true },
      ...(dataBytes ? [{ what: 'its data', bytes: dataBytes, binding: true }] : []),
    ],
    o.gpu.limits,
    o.gpu.name,
  );
}

/**
 * The points of `opt eval` are read as one string: refused where they cannot be one, before the
 * file is read. `path` is the file (undefined: standard input, whose length is not known before).
 * A point of D coordinates is at least 2 D - 1 characters (a digit and a separator a coordinate).
 */
export function checkPointsText(path: string | undefined, dim: number): void {
  const least = 2 * dim - 1;
  if (least > STRING_MAX)
    throw new ResourceError(
      `--points: a point at D = ${dim} is at least ${least.toLocaleString('en-US')} characters of text (a digit and a separator a coordinate), more than the longest string JavaScript holds (${STRING_MAX.toLocaleString('en-US')} characters on Node ${process.versions.node}): opt eval cannot read one`,
    );
  if (path === undefined) return;
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    return; // the reader says what is wrong with the file
  }
  if (size > STRING_MAX)
    throw new ResourceError(
      `--points ${path}: ${bytesText(size)}, more than the longest string JavaScript holds (${STRING_MAX.toLocaleString('en-US')} characters on Node ${process.versions.node}), as which opt eval reads it: use fewer points a file`,
    );
}
