// The long stage (scripts/test-long.sh, after the README's test command in .ci/run): every
// standard problem with a declared optimum point at D = 100 and 1,000 on the GPU (lavapipe in
// CI), and seed 001's six functions at D = 1,000,000, checked as at D = 10 (test/gpu/problems.gpu
// .test.ts, test/gpu/cec2014.gpu.test.ts): 47 s on lavapipe with two cores when alone, 4.5
// minutes measured beside other work: too uncertain for the test command's 10 minutes.

import { describe, it } from 'vitest';
import { suiteProblems } from '../../src/api.js';
import { gpu } from '../gpu/helpers.js';
import { expectFloat32, PROBLEMS } from '../gpu/float32-problems.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

for (const D of [100, 1000])
  maybe(`float32 near the optimum at D = ${D}`, () => {
    it.each(PROBLEMS)('%s', async (name) => expectFloat32(ctx!, name, D));
  });

maybe("float32 near the optimum at D = 1,000,000: seed 001's functions", () => {
  it.each(suiteProblems('lastra2015'))('%s', async (name) => expectFloat32(ctx!, name, 1e6));
});
