// SOCO 2010 F1..F19 and CEC 2008 F1..F6 (stdlib/problems/soco2010.opt) on the GPU (float32, WGSL
// through Dawn; lavapipe in CI) against the float64 CPU backend, within the running error bound of
// src/ir/error-bound.ts (u * MU(x), a first-order bound on the float32 error of the same
// computation in the GPU's summation order): `worst` = max |gpu - cpu| / (u * MU) <= 1. The CPU
// values themselves are checked against an independent implementation in test/soco2010.test.ts.
// F7 and F15 (Schwefel 2.22's product) overflow at D = 1000 away from the optimum: +inf on both
// sides, which compareOnGpu counts as agreement.

import { describe, expect, it } from 'vitest';
import { compileProblem } from '../../src/api.js';
import { compareOnGpu, gpu, rng, U32 } from './helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error(
    'no WebGPU adapter: GPU tests need one (lavapipe: scripts/ensure-lavapipe.sh), or set OPT_ALLOW_NO_GPU=1',
  );

const NAMES = [
  ...Array.from({ length: 19 }, (_, k) => `soco2010_f${k + 1}`),
  ...Array.from({ length: 6 }, (_, k) => `cec2008_f${k + 1}`),
];

describe.skipIf(!ctx)(
  'SOCO 2010 and CEC 2008: GPU against CPU within the float32 error bound',
  () => {
    for (const name of NAMES)
      it.each([10, 1000])(`${name} at D = %i`, async (D) => {
        const c = await compareOnGpu(ctx!, name, D, 6, 2010 + D);
        expect(c.worst).toBeLessThanOrEqual(1);
      });
  },
);

describe.skipIf(!ctx)('SOCO 2010 and CEC 2008 on the GPU near the optimum', () => {
  // Points 1e-3 of the box away from the optimum: small values, where a wrong index or a lost term
  // would not hide behind the size of the function; there the bound holds as elsewhere. And the
  // optimum itself rounded to float32, where the shift x - o is about 1e-6: the GPU subtracts
  // o's float32 residual as well (passes/residual.ts), so it computes that difference as the CPU
  // does, and F9's and F11's (z_i^2 + z_{i+1}^2)^0.25, whose slope is infinite at 0, agree too.
  // (Without the residual the GPU got z = 0 exactly there, f = f*, and the CPU ~1e-2 at D = 10.)
  // The values compared are g, the problem less its bias (passes/bias.ts).
  for (const name of NAMES)
    it.each([10, 1000])(`${name} at D = %i`, async (D) => {
      const p = compileProblem({ problem: name, dim: D });
      const xs = p.info.optimumPoint!;
      const r = rng(77 + D);
      const n = 4;
      const x = new Float32Array(n * D);
      for (let k = 0; k < n; k++)
        for (let i = 0; i < D; i++)
          x[k * D + i] = xs[i]! + (k === 0 ? 0 : 1e-3 * p.info.hi * (2 * r() - 1));
      const c = await compareOnGpu(ctx!, name, D, n, 0, { points: x });
      for (let k = 0; k < n; k++)
        expect(Math.abs(c.gpu[k]! - c.cpu[k]!)).toBeLessThanOrEqual(U32 * c.bound[k]!);
    });
});
