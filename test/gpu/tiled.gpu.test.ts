// Tiled matrix products (issue 15, item 4): a rotation z = M (x - o) computed by the whole
// workgroup for its individuals (codegen/wgsl-team.ts, tiledStage), against the float64 CPU
// backend within the float32 error bound (src/ir/error-bound.ts; the same sums, term by term in
// the order of j, as the team's row loop). The populations are not multiples of the workgroup's
// individuals, so the last workgroup's missing individuals are exercised; the forced team sizes
// and tiles cover the layouts the scheduler may pick (4 to 16 individuals, 1 to 4 a lane), D = 50
// (rows not a multiple of 4: four scalar loads a column) and the kept-in-workgroup-memory and SCR
// paths (the plan says which: `storage.shared`, checked below).

import { describe, expect, it } from 'vitest';
import type { ScheduleOptions } from '../../src/schedule/schedule.js';
import { compareOnGpu, gpu } from './helpers.js';
import { staged } from '../stage.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error(
    'no WebGPU adapter: GPU tests need one (lavapipe: scripts/ensure-lavapipe.sh), or set OPT_ALLOW_NO_GPU=1',
  );

/** The tiles of the compiled problem's vector stages ('-' for a vector that is not tiled). */
const tiles = (c: Awaited<ReturnType<typeof compareOnGpu>>) =>
  c.problem.ir.schedule!.stages.flatMap((st) => (st.k === 'vec' ? [st.tile ?? '-'] : []));

const CASES: [string, number, number, Partial<ScheduleOptions>, (string | number)[]][] = [
  // One rotation: 16 individuals a workgroup, two a lane, z kept in workgroup memory.
  ['cec2017_f3', 100, 37, {}, [2]],
  // Schwefel: z and its centred z~c, one product stored twice (one with + 420.97).
  ['cec2017_f10', 100, 19, {}, [1, 1]],
  // A hybrid, read through a permutation: 8 individuals, where z fits in workgroup memory beside
  // its five reductions' slots; forced to 16, z goes to SCR.
  ['cec2014_f18', 100, 21, {}, [1]],
  ['cec2014_f18', 100, 21, { team: 16 }, [2]],
  // A composition: three products, 4 individuals a workgroup.
  ['cec2017_f22', 100, 9, {}, [1, 1, 1]],
  // Forced layouts: four a lane; one a lane over 16 individuals.
  ['cec2017_f5', 100, 23, { team: 16, tile: 4 }, [4]],
  ['cec2017_f5', 100, 23, { team: 16, tile: 1 }, [1]],
  // Rows not a multiple of four: each column's four rows are scalar loads, the last clamped.
  ['cec2017_f5', 50, 13, {}, [1]],
];

describe.skipIf(!ctx)(
  'tiled matrix products: GPU against CPU within the float32 error bound',
  () => {
    // The test command takes one rotation, Schwefel's two and a forced layout; the long stage the
    // hybrid (its SCR path), the composition and the other layouts (test/stage.ts).
    it.each(staged(CASES, (_c, k) => k === 0 || k === 1 || k === 6))(
      '%s at D = %i, N = %i, %o',
      async (name, D, N, schedule, want) => {
        const c = await compareOnGpu(ctx!, name, D, N, 500 + N, { schedule });
        expect(tiles(c)).toEqual(want);
        // SCR where the plan keeps no vector in workgroup memory.
        expect(c.code.includes('var<storage, read_write> SCR')).toBe(
          c.problem.plan().storage.shared.length === 0,
        );
        expect(c.code).toContain('var<workgroup> shr');
        expect(c.worst).toBeLessThanOrEqual(1);
      },
    );

    it('a team too wide for a tile (2 individuals a workgroup) keeps the row loop', async () => {
      const c = await compareOnGpu(ctx!, 'cec2017_f3', 100, 5, 3, { schedule: { team: 128 } });
      expect(tiles(c)).toEqual(['-']);
      expect(c.code).not.toContain('shr');
      expect(c.worst).toBeLessThanOrEqual(1);
    });
  },
);

// An algorithm step's rotation (issue 15, item 4): the trial vector u, kept in workgroup memory,
// is y's input, read for each of the workgroup's individuals (`let team = g` in the staging). The
// step's own-row state reads stay its own individual's. GPU and CPU runs with one seed take the
// same selections (test/gpu/algorithms.gpu.test.ts says why 1e-3 separates rounding from a
// selection taken differently); the populations are not multiples of the workgroup's individuals.
// Each case compiles three tiled step kernels on lavapipe (about 35 s): jDE on Schwefel and a
// hybrid are in test/long/tiled-steps.long.test.ts.
