// Each reduction regime and the scan at sizes that straddle workgroup, team, tile and chunk
// boundaries, forced through the schedule options, against the CPU within the float32 error bound.
// Also: reductions of every kind (sum, prod, min, max, count, argmin, argmax, mean, conditional and
// ranged), populations that do not fill the last workgroup, and populations split across several
// storage bindings.

import { describe, expect, it } from 'vitest';
import { compareOnGpu, gpu } from './helpers.js';
import { KINDS } from './kinds.js';
import { staged } from '../stage.js';

// The test command takes the cases marked quick below, the long stage the others (test/stage.ts):
// each size lavapipe compiles anew (issue 36, item 5).

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');

const BOUNDARY_DIMS = [255, 256, 257, 4095, 4096, 4097];

describe.skipIf(!ctx)('team regime at boundary sizes', () => {
  for (const name of ['rastrigin', 'griewank', 'schwefel_1_2']) {
    it.each(staged(BOUNDARY_DIMS, (D) => D < 4000))(`${name}, D = %i`, async (D) => {
      const c = await compareOnGpu(ctx!, name, D, 5, D, { schedule: { force: 'team' } });
      expect(c.problem.ir.schedule!.regime.k).toBe('team');
      expect(c.worst).toBeLessThanOrEqual(1);
    });
  }
  it.each(staged([1, 2, 4, 32, 64, 256], (t) => t === 1 || t === 32 || t === 256))(
    'team size %i with a population that leaves the last workgroup part-filled',
    async (team) => {
      for (const name of ['schwefel_1_2', 'ackley']) {
        const c = await compareOnGpu(ctx!, name, 37, 13, team, {
          schedule: { team, force: 'team' },
        });
        expect(c.worst).toBeLessThanOrEqual(1);
      }
    },
  );
});

describe.skipIf(!ctx)('split regime (several workgroups per individual) at boundary sizes', () => {
  const chunk = 1024;
  for (const name of ['rastrigin', 'griewank', 'schwefel_1_2', 'salomon']) {
    it.each(
      staged(
        [chunk - 1, chunk, chunk + 1, 4 * chunk - 1, 4 * chunk, 4 * chunk + 1],
        (D) => D === chunk || D === chunk + 1 || D === 4 * chunk + 1,
      ),
    )(`${name}, D = %i, chunk 1024`, async (D) => {
      const c = await compareOnGpu(ctx!, name, D, 3, D, { schedule: { force: 'split', chunk } });
      expect(c.problem.ir.schedule!.regime.k).toBe('split');
      expect(c.worst).toBeLessThanOrEqual(1);
    });
  }
});

describe.skipIf(!ctx)('every kind of reduction, in both regimes', () => {
  for (const name of [
    'reductions',
    'neighbours',
    'scans',
    'stages',
    'matvec',
    'scan_sin',
    'dynamic_bounds',
  ]) {
    it.each(staged([1, 3, 64, 1000], (D) => D === 3 || D === 1000))(
      `${name}, D = %i, team`,
      async (D) => {
        const c = await compareOnGpu(ctx!, name, D, 7, D, {
          sources: KINDS,
          schedule: { force: 'team' },
        });
        expect(c.worst).toBeLessThanOrEqual(1);
      },
    );
    // The split regime takes programs whose vectors all fuse away; `scans` stores its scans.
    // scan_sin: a fused sum of a sine and one of a polynomial in the scan value (the tiles'
    // totals, the rescan, the combine).
    if (
      name === 'reductions' ||
      name === 'stages' ||
      name === 'scan_sin' ||
      name === 'dynamic_bounds'
    ) {
      it.each(staged([3000, 5000], (D) => D === 3000))(`${name}, D = %i, split`, async (D) => {
        const c = await compareOnGpu(ctx!, name, D, 3, D, {
          sources: KINDS,
          schedule: { force: 'split', chunk: 1024 },
        });
        expect(c.problem.ir.schedule!.regime.k).toBe('split');
        expect(c.worst).toBeLessThanOrEqual(1);
      });
    }
  }
});

describe.skipIf(!ctx)('scans with and without subgroup operations', () => {
  // The device's 'subgroups' feature no longer changes a scan: its canonical order (wgsl-scan.ts)
  // is computed through workgroup memory, the same for every subgroup size (which
  // subgroupInclusiveAdd's order is not). Both agree with the CPU, and with each other bit for bit
  // (test/long/canonical-scan.long.test.ts).
  for (const subgroups of [true, false]) {
    it.each(
      staged(
        [
          [100, 'team'],
          [4097, 'team'],
          [40000, 'split'],
        ] as const,
        ([D]) => D === 100 || (D === 40000 && !subgroups),
      ),
    )(`schwefel_1_2, D = %i, %s, subgroups ${subgroups}`, async (D, regime) => {
      const c = await compareOnGpu(ctx!, 'shifted_schwefel_1_2', D, 5, D, {
        subgroups,
        schedule: { force: regime },
      });
      expect(c.problem.ir.schedule!.regime.k).toBe(regime);
      expect(c.usedSubgroups).toBe(false);
      expect(c.code.includes('subgroup')).toBe(false);
      expect(c.worst).toBeLessThanOrEqual(1);
    });
  }
});

describe.skipIf(!ctx)('populations larger than one storage binding', () => {
  it('splits the population into slabs of whole individuals', async () => {
    // A binding of 3 individuals' bytes forces 4 slabs for 10 individuals.
    const c = await compareOnGpu(ctx!, 'shifted_schwefel_1_2', 1000, 10, 3, {
      maxBindingBytes: 3 * 1000 * 4,
    });
    expect(c.slabs).toBe(4);
    expect(c.worst).toBeLessThanOrEqual(1);
  });
  it('works with slabs in the split regime', async () => {
    const c = await compareOnGpu(ctx!, 'shifted_rastrigin', 20000, 5, 4, {
      maxBindingBytes: 2 * 20000 * 4,
      schedule: { force: 'split' },
    });
    expect(c.slabs).toBe(3);
    expect(c.worst).toBeLessThanOrEqual(1);
  });
});
