// CEC 2014 (stdlib/problems/cec2014.opt) on the GPU (float32, WGSL through Dawn; lavapipe in CI)
// against the float64 CPU backend at random points in the box, within the running error bound of
// src/ir/error-bound.ts (u * MU(x), a first-order bound on the float32 error of the same
// computation in the GPU's summation order): `worst` = max |gpu - cpu| / (u * MU) <= 1. The CPU
// values themselves are checked against the official code in test/cec.test.ts.

import { describe, expect, it } from 'vitest';
import { compareOnGpu, gpu } from './helpers.js';
import { expectFloat32, PROBLEMS } from './float32-problems.js';
import { quickAtD10 } from './cases.js';
import { staged } from '../stage.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error(
    'no WebGPU adapter: GPU tests need one (lavapipe: scripts/ensure-lavapipe.sh), or set OPT_ALLOW_NO_GPU=1',
  );

// All 30, the functions with Katsuura or Weierstrass too (F6, F12, F19, F22, F26, F27, F29, F30):
// their arguments 2^j z (j <= 32) and 3^k (z + 0.5) (k <= 20) are computed in float-float
// (passes/turns.ts), without which float32 kept none of their fractional bits. At D = 10 here:
// CEC2014_QUICK (test/gpu/cases.ts) in the test command, the others in the long stage
// (test/stage.ts); at
// D = 30 (all but the compositions with Katsuura or Weierstrass) in the long stage
// (test/long/problems-d30.long.test.ts): lavapipe compiles them from an empty shader cache in
// minutes (issue 36, item 5).
const ALL = Array.from({ length: 30 }, (_, k) => k + 1);

describe.skipIf(!ctx)('CEC 2014: GPU against CPU within the float32 error bound', () => {
  for (const f of staged(ALL, (f) => quickAtD10(`cec2014_f${f}`)))
    it(`cec2014_f${f} at D = 10`, async () => {
      const c = await compareOnGpu(ctx!, `cec2014_f${f}`, 10, 6, 2014 + 10);
      expect(c.worst).toBeLessThanOrEqual(1);
    });
});

// CEC 2014 near the optimum at D = 10 (test/gpu/problems.gpu.test.ts has the others and says
// why they are beside these): the GPU's error within a factor 10 of float64's.
describe.skipIf(!ctx)('float32 near the optimum at D = 10: CEC 2014', () => {
  it.each(
    staged(
      PROBLEMS.filter((name) => name.startsWith('cec2014_')),
      quickAtD10,
    ),
  )('%s', async (name) => expectFloat32(ctx!, name, 10));
});
