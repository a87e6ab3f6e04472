// Each reduction regime and the scan at sizes that straddle workgroup, team, tile and chunk
// boundaries, forced through the schedule options, against the CPU within the float32 error bound.
// Also: reductions of every kind (sum, prod, min, max, count, argmin, argmax, mean, conditional and
// ranged), populations that do not fill the last workgroup, and populations split across several
// storage bindings.

import { describe, expect, it } from 'vitest';
import { compareOnGpu, gpu } from './helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');

const KINDS = {
  'kinds.opt': `
problem reductions(x[D]) in [-10, 10] optimum 0 {
  let a = sum(i) x[i]^2
  let b = prod(i) (1 + 0.01 * x[i])
  let c = min(i) x[i]
  let d = max(i < D - 1) x[i + 1]
  let e = count(i) (x[i] > 0)
  let f = argmin(i) abs(x[i] - 1)
  let g = argmax(i where i % 3 != 1) x[i]
  let h = mean(i in 0..D) x[i]   // an empty mean is NaN on the CPU, unspecified on the GPU (docs/language.md)
  a + b + c * 3 + d + e + f * 0.5 + g * 0.25 + h
}
problem neighbours(x[D]) in [-10, 10] optimum 0 {
  let z[i] = x[i] * 2 - 1
  sum(i) (z[i] * z[(i + 1) % D] + z[(i + D - 1) % D])
}
problem scans(x[D]) in [-10, 10] optimum 0 {
  let s[i] = sum(j <= i) x[j]
  let t[i] = sum(j < i) x[j] * 0.5
  sum(i) (s[i]^2 + t[i]) + s[D - 1]
}
problem stages(x[D]) in [-10, 10] optimum 0 {
  let m = sum(i) x[i] / D
  let v = sum(i) (x[i] - m)^2
  sqrt(v / D) + max(i) abs(x[i] - m)
}
problem dynamic_bounds(x[D]) in [-10, 10] optimum 0 {
  let k = count(i) (x[i] > 0)
  let m = idiv(D, 3)
  sum(i < k) x[i]^2 + max(i in m..k) x[i]
}
problem scan_sin(x[D]) in [-10, 10] optimum 0 {
  let s[i] = sum(j <= i) x[j] * 0.01
  sum(i) sin(s[i]) + sum(i) (s[i]^3 - 2 * s[i] * x[i])
}
problem matvec(x[D]) in [-10, 10] optimum 0 {
  let y[i] = sum(j) (1 + ((i + j) % 5)) * x[j] / D
  sum(i) y[i]^2
}
`,
};

const BOUNDARY_DIMS = [255, 256, 257, 4095, 4096, 4097];

describe.skipIf(!ctx)('team regime at boundary sizes', () => {
  for (const name of ['rastrigin', 'griewank', 'schwefel_1_2']) {
    it.each(BOUNDARY_DIMS)(`${name}, D = %i`, async (D) => {
      const c = await compareOnGpu(ctx!, name, D, 5, D, { schedule: { force: 'team' } });
      expect(c.problem.ir.schedule!.regime.k).toBe('team');
      expect(c.worst).toBeLessThanOrEqual(1);
    });
  }
  it.each([1, 2, 4, 32, 64, 256])(
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
    it.each([chunk - 1, chunk, chunk + 1, 4 * chunk - 1, 4 * chunk, 4 * chunk + 1])(
      `${name}, D = %i, chunk 1024`,
      async (D) => {
        const c = await compareOnGpu(ctx!, name, D, 3, D, { schedule: { force: 'split', chunk } });
        expect(c.problem.ir.schedule!.regime.k).toBe('split');
        expect(c.worst).toBeLessThanOrEqual(1);
      },
    );
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
    it.each([1, 3, 64, 1000])(`${name}, D = %i, team`, async (D) => {
      const c = await compareOnGpu(ctx!, name, D, 7, D, {
        sources: KINDS,
        schedule: { force: 'team' },
      });
      expect(c.worst).toBeLessThanOrEqual(1);
    });
    // The split regime takes programs whose vectors all fuse away; `scans` stores its scans.
    // scan_sin: one consumer is not a polynomial in the scan value, so the scan takes the
    // three-kernel path (chunk sums, rescan, combine) rather than moments.
    if (
      name === 'reductions' ||
      name === 'stages' ||
      name === 'scan_sin' ||
      name === 'dynamic_bounds'
    ) {
      it.each([3000, 5000])(`${name}, D = %i, split`, async (D) => {
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
  // The device's 'subgroups' feature selects the subgroup scan; both paths must agree with the CPU.
  for (const subgroups of [true, false]) {
    it.each([
      [100, 'team'],
      [4097, 'team'],
      [40000, 'split'],
    ] as const)(`schwefel_1_2, D = %i, %s, subgroups ${subgroups}`, async (D, regime) => {
      const c = await compareOnGpu(ctx!, 'shifted_schwefel_1_2', D, 5, D, {
        subgroups,
        schedule: { force: regime },
      });
      expect(c.usedSubgroups).toBe(subgroups && ctx!.features.subgroups);
      // Teams at least as wide as the largest subgroup scan with subgroupInclusiveAdd; narrower
      // teams with shuffles.
      const team =
        c.problem.ir.schedule!.regime.k === 'team'
          ? (c.problem.ir.schedule!.regime as { team: number }).team
          : 256;
      const whole =
        c.usedSubgroups &&
        ctx!.features.subgroupMaxSize > 0 &&
        team >= ctx!.features.subgroupMaxSize;
      expect(c.code.includes('subgroupInclusiveAdd')).toBe(whole);
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
