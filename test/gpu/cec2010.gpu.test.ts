// CEC 2010 large-scale (stdlib/problems/cec2010.opt) on the GPU (float32, WGSL through Dawn;
// lavapipe in CI) against the float64 CPU backend at random points in the box, within the running
// error bound of src/ir/error-bound.ts (u * MU(x), a first-order bound on the float32 error of the
// same computation in the GPU's summation order): `worst` = max |gpu - cpu| / (u * MU) <= 1. The
// CPU values themselves are checked against the official code in test/cec2010.test.ts. The data
// (shift, permutation, rotation from java.util.Random) are built in float64 on the host and
// uploaded as float32; the CPU reads the same float64 data.

import { describe, expect, it } from 'vitest';
import { compareOnGpu, gpu } from './helpers.js';
import { describeLong, staged } from '../stage.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error(
    'no WebGPU adapter: GPU tests need one (lavapipe: scripts/ensure-lavapipe.sh), or set OPT_ALLOW_NO_GPU=1',
  );

const ALL = Array.from({ length: 20 }, (_, k) => k + 1);
// Seed 001 (Lastra, Molina, Benitez 2015) runs these at D = 100,000 .. 3,000,000.
const SEED001 = [1, 2, 3, 4, 6, 8, 13, 18, 20];

// The test command takes one function of each grouping (separable, one group, D / 2m and D / m
// groups, non-separable) and Rosenbrock's F20; the long stage the others and D = 100,000
// (test/stage.ts).
describe.skipIf(!ctx)('CEC 2010: GPU against CPU within the float32 error bound', () => {
  for (const f of staged(ALL, (f) => [1, 4, 9, 14, 19, 20].includes(f)))
    it(`cec2010_f${f} at D = 1000`, async () => {
      const c = await compareOnGpu(ctx!, `cec2010_f${f}`, 1000, 3, 2010 + f);
      expect(c.worst).toBeLessThanOrEqual(1);
    });
});

// lavapipe is a CPU driver: two points each.
describeLong(
  'CEC 2010, seed 001 functions at D = 100,000',
  () => {
    for (const f of SEED001)
      it(`cec2010_f${f} at D = 100000`, async () => {
        const c = await compareOnGpu(ctx!, `cec2010_f${f}`, 100_000, 2, 77 + f);
        expect(c.worst).toBeLessThanOrEqual(1);
      }, 120_000);
  },
  !ctx,
);
