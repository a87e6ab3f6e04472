// A population larger than one storage binding for real: D = 1,000,000 and N = 600 is 2.4 GB,
// beyond the 2 GiB - 4 bytes of maxStorageBufferBindingSize on an H100/H200, so the evaluator
// splits it into slabs of whole individuals (each its own buffer). Runs where the adapter can hold
// it (a discrete GPU); on lavapipe (128 MiB bindings, CPU memory) the same path is covered at small
// sizes by regimes.gpu.test.ts with a lowered binding limit.

import { describe, expect, it } from 'vitest';
import { compareOnGpu, gpu } from './helpers.js';

const ctx = await gpu();
const big = !!ctx && !ctx.isSoftware && ctx.limits.maxBufferSize >= 4 * 2 ** 30;

describe.skipIf(!big)('populations beyond 2 GiB (discrete GPUs only)', () => {
  it('evaluates D = 1,000,000 x N = 600 (2.4 GB) in slabs, every individual within the error bound', async () => {
    const D = 1_000_000;
    const N = 600;
    const c = await compareOnGpu(ctx!, 'shifted_sum_squares', D, N, 11);
    expect(c.slabs).toBeGreaterThan(1);
    expect(c.worst).toBeLessThanOrEqual(1);
  }, 600_000);
});
