// The canonical rounding order (issue 36, item 1): the same float32 bits under every schedule,
// for reductions of every kind, at a size of each shape of the order (units of one element and of
// four, one block and many) and a scan. Tiled rotations and a sweep over more programs and sizes
// are test/long/canonical.long.test.ts (their kernels take minutes to compile on lavapipe); scans
// under every schedule, test/long/canonical-scan.long.test.ts.

import { describe, expect, it } from 'vitest';
import { gpu } from './helpers.js';
import { KINDS } from './kinds.js';
import { expectSameBits, sweep } from './canonical-cases.js';
import { LONG } from '../stage.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');

describe.skipIf(!ctx)('one rounding order whatever the schedule', () => {
  // The test command sweeps three teams and the split regime, the long stage all five teams
  // (test/stage.ts): each schedule compiles anew (32 s of lavapipe from an empty cache for all).
  const teams = LONG ? [1, 2, 8, 32, 256] : [1, 32, 256];
  it(`every kind of reduction at D = 257 (units of one element): teams ${teams.join(', ')}, split`, async () => {
    const regimes = await expectSameBits(ctx!, {
      problem: 'reductions',
      sources: KINDS,
      dim: 257,
      n: 5,
      schedules: sweep({ teams, chunks: [1024], populations: [1, 5000] }),
    });
    expect(new Set(regimes).size).toBeGreaterThanOrEqual(teams.length);
  });
  it('rastrigin and dynamic bounds at D = 100 (units of four): teams 1 to 256', async () => {
    for (const problem of ['rastrigin', 'dynamic_bounds'])
      await expectSameBits(ctx!, {
        problem,
        sources: KINDS,
        dim: 100,
        n: 3,
        schedules: sweep({ teams: [1, 4, 16, 64, 256], chunks: [1024] }),
      });
  });
  it('D = 70,000 (many blocks): the split regime at three chunks, teams of 64 and 256', async () => {
    const regimes = await expectSameBits(ctx!, {
      problem: 'stages',
      sources: KINDS,
      dim: 70_000,
      n: 2,
      schedules: sweep({ teams: [64, 256], chunks: [1024, 4096, 16384], populations: [600] }),
    });
    expect(regimes).toContain('split 1024');
    expect(regimes).toContain('team 64');
  });
  it('D = 270,000 (blocks of two units a lane-partial): split at three chunks, a team of 256', async () => {
    // 67,500 units: M = 2 (schedule/canonical.ts), a block is 2,048 elements, 132 of them.
    const regimes = await expectSameBits(ctx!, {
      problem: 'stages',
      sources: KINDS,
      dim: 270_000,
      n: 2,
      schedules: sweep({ teams: [256], chunks: [2048, 8192, 65536], populations: [600] }),
    });
    expect(regimes).toContain('split 2048');
    expect(regimes).toContain('team 256');
  });
  it('a scan (Schwefel 1.2, D = 100): teams of 4 and 64 and the split regime', async () => {
    await expectSameBits(ctx!, {
      problem: 'schwefel_1_2',
      dim: 100,
      n: 3,
      schedules: sweep({ teams: [4, 64], chunks: [1024] }),
    });
  });
});
