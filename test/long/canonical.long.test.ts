// The canonical rounding order (issue 36, item 1), the slow cases: tiled rotations (lavapipe
// takes minutes to compile their kernels) and a sweep of the stdlib's reductions over sizes and
// schedules. The quick cases are test/gpu/canonical.gpu.test.ts.

import { describe, expect, it } from 'vitest';
import { gpu } from '../gpu/helpers.js';
import { KINDS } from '../gpu/kinds.js';
import { expectSameBits, sweep } from '../gpu/canonical-cases.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');

describe.skipIf(!ctx)('one rounding order whatever the schedule: the sweep', () => {
  it('a rotation (cec2014_f1, D = 50) tiled by 1, 2 and 4 individuals a lane and not tiled', async () => {
    await expectSameBits(ctx!, {
      problem: 'cec2014_f1',
      dim: 50,
      n: 6,
      schedules: sweep({ tiles: [1, 2, 4], populations: [1, 6, 2000], teams: [8, 64] }),
    });
  });
  it.each([3, 64, 1000, 4097])(
    'the stdlib reductions at D = %i, teams 1 to 256 and split',
    async (dim) => {
      for (const problem of ['griewank', 'ackley', 'rosenbrock', 'neighbours', 'matvec'])
        await expectSameBits(ctx!, {
          problem,
          sources: KINDS,
          dim,
          n: 4,
          schedules: sweep({
            teams: [1, 2, 16, 128, 256],
            chunks: [1024, 4096],
            populations: [1, 3000],
          }),
        });
    },
  );
});
