// The long stage (scripts/test-long.sh): CEC 2017 and CEC 2014 at D = 30 on the GPU against the
// float64 CPU backend within the float32 error bound, as test/gpu/problems.gpu.test.ts and
// test/gpu/cec2014.gpu.test.ts check them at D = 10. Moved out of the test command (issue 36,
// item 5): from an empty shader cache lavapipe compiles the compositions' kernels at D = 30 in one
// to two minutes each (CEC 2017 F21-F28: 720 s of lavapipe's time on a new machine, 2026-12-02;
// CEC 2014 F21-F28 about 140 s).

import { describe, expect, it } from 'vitest';
import { compareOnGpu, gpu } from '../gpu/helpers.js';
import { CEC2014_D30, CEC2017 } from '../gpu/cases.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');

describe.skipIf(!ctx)('CEC 2017 at D = 30: GPU against CPU within the float32 error bound', () => {
  it.each(CEC2017)('cec2017_f%i', async (f) => {
    const c = await compareOnGpu(ctx!, `cec2017_f${f}`, 30, 6, 2017 + 30);
    expect(c.worst).toBeLessThanOrEqual(1);
  });
});

describe.skipIf(!ctx)('CEC 2014 at D = 30: GPU against CPU within the float32 error bound', () => {
  it.each(CEC2014_D30)('cec2014_f%i', async (f) => {
    const c = await compareOnGpu(ctx!, `cec2014_f${f}`, 30, 6, 2014 + 30);
    expect(c.worst).toBeLessThanOrEqual(1);
  });
});
