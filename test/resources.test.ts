// Resources checked before they run out (runtime/resources.ts; issue 34, item 4): a run or an
// evaluation that needs more memory than a limit allows is refused before anything large is
// allocated, with the bytes needed and the limit (exit 2, a problem the backend cannot run).
// Before, `opt run de --problem rastrigin --dim 100000000` said "Invalid typed array length:
// 9800002368" on the CPU, and on the GPU named the binding only after generating every kernel;
// `opt eval` at that dimension read the points first and named no limit.

import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../src/cli/main.js';
import { openGpu } from '../src/runtime/device.js';
import {
  checkDevice,
  checkHost,
  ResourceError,
  STRING_MAX,
  TYPED_ARRAY_MAX,
} from '../src/runtime/resources.js';
import { captureStdio, err, out } from './stdio.js';

captureStdio();

const dir = mkdtempSync(join(tmpdir(), 'opt-resources-'));
const pts = join(dir, 'p.txt');
writeFileSync(pts, '1 2 3\n');
const n = (v: number) => v.toLocaleString('en-US');
const gpu = await openGpu({});
if (!gpu && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');

describe('opt run at a dimension the backend cannot hold', () => {
  const run = ['run', 'de', '--problem', 'rastrigin', '--dim', '100000000', '--evals', '100'];
  it('CPU: the state in values and bytes, and JavaScript typed-array limit, before allocating', async () => {
    const t0 = performance.now();
    expect(await main([...run, '--backend', 'cpu'])).toBe(2);
    // Refused before the engine allocates anything (78 GB): seconds, on a loaded machine too.
    expect(performance.now() - t0).toBeLessThan(20000);
    expect(out).toBe('');
    expect(err).toBe(
      `opt: de on rastrigin at D = 100000000: its state needs 9,800,002,368 values (78,400,018,944 bytes (73.0 GiB)) in one array on the host, more than JavaScript's largest typed array (${n(TYPED_ARRAY_MAX)} values on Node ${process.versions.node}): use a smaller dimension or population\n`,
    );
  });
  it.skipIf(!gpu)('GPU: the state in bytes, and the device limit that stops it', async () => {
    expect(await main([...run, '--backend', 'gpu'])).toBe(2);
    expect(out).toBe('');
    // A state larger than one binding is bound as windows (codegen/wgsl-window.ts), up to the
    // device's largest buffer and the kernels' 32-bit word addresses (16 GiB).
    const why =
      19600004864 > gpu!.limits.maxBufferSize
        ? `more than the device allows (maxBufferSize, its largest buffer: ${n(gpu!.limits.maxBufferSize)} bytes`
        : 'more than its kernels address (32-bit word addresses: 17,179,869,184 bytes (16.0 GiB))';
    expect(err).toContain(
      `opt: de on rastrigin at D = 100000000: its state needs 19,600,004,864 bytes (18.3 GiB) on the GPU, ${why}`,
    );
  });
});

describe('opt eval at a dimension the backend cannot hold', () => {
  it.skipIf(!gpu)(
    'GPU: a point in bytes and the largest storage binding, before reading the points',
    async () => {
      // 10^8 on lavapipe (a binding of 128 MiB); wherever a binding holds 4 x 10^8 bytes, the
      // first dimension whose point does not fit.
      const limit = gpu!.limits.maxStorageBufferBindingSize;
      const dim = Math.max(100000000, Math.floor(limit / 4) + 1);
      const args = ['eval', 'rastrigin', '--dim', String(dim), '--points', pts];
      expect(await main([...args, '--backend', 'gpu'])).toBe(2);
      expect(err).toContain(`opt: opt eval at D = ${dim}: a point needs ${n(4 * dim)} bytes`);
      expect(err).toContain(
        `on the GPU, more than the device allows (maxStorageBufferBindingSize, its largest storage binding: ${n(limit)} bytes`,
      );
    },
  );
  it('CPU: a point at D = 2^31 - 1 is more text than one string holds, said before reading', async () => {
    const dim = 2 ** 31 - 1;
    expect(await main(['eval', 'rastrigin', '--dim', String(dim), '--points', pts])).toBe(2);
    expect(err).toBe(
      `opt: --points: a point at D = ${dim} is at least 4,294,967,293 characters of text (a digit and a separator a coordinate), more than the longest string JavaScript holds (${n(STRING_MAX)} characters on Node ${process.versions.node}): opt eval cannot read one\n`,
    );
  });
});

describe('the checks', () => {
  it('host: one array beyond the typed-array limit, or all beyond the memory', () => {
    expect(() =>
      checkHost('x', [{ what: 'its state', length: TYPED_ARRAY_MAX + 1, bytesPer: 8 }]),
    ).toThrow(ResourceError);
    const arrays = [
      { what: 'its state', length: 1000, bytesPer: 8 },
      { what: 'a point', length: 100, bytesPer: 8, count: 10 },
    ];
    expect(() => checkHost('x', arrays, 16000)).not.toThrow();
    expect(() => checkHost('x', arrays, 15999)).toThrow(
      'x needs 16,000 bytes of host memory (its state 8,000 bytes, 10 x a point 8,000 bytes), more than this machine has (15,999 bytes)',
    );
  });
  it('device: a buffer beyond maxBufferSize, a binding beyond maxStorageBufferBindingSize', () => {
    const limits = { maxBufferSize: 1000, maxStorageBufferBindingSize: 500 };
    expect(() =>
      checkDevice('x', [{ what: 'b', bytes: 800, binding: false }], limits, 'A'),
    ).not.toThrow();
    expect(() => checkDevice('x', [{ what: 'b', bytes: 800, binding: true }], limits, 'A')).toThrow(
      'x: b needs 800 bytes on the GPU, more than the device allows (maxStorageBufferBindingSize, its largest storage binding: 500 bytes on A)',
    );
    expect(() =>
      checkDevice('x', [{ what: 'b', bytes: 1001, binding: false }], limits, 'A'),
    ).toThrow('maxBufferSize, its largest buffer: 1,000 bytes on A');
  });
});
