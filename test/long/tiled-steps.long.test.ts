// The long stage: algorithm steps whose rotation is a tiled product (issue 15, item 4), beside
// DE on Zakharov (moved here from test/gpu/tiled.gpu.test.ts, tiles of 2): jDE on Schwefel (z and z~c, one product; its F and
// CR rows are each individual's own, read at its own row) and DE/best/1 on a hybrid read through
// a permutation with 4 individuals a workgroup (teams of 32). About 40 s each on lavapipe, most of
// it compiling the three tiled step kernels. GPU and CPU runs with one seed take the same
// selections (test/gpu/algorithms.gpu.test.ts says why 1e-3 separates rounding from a selection
// taken differently). CEC 2014 F18 is not a case: its float32 fitness (about 1e11) cannot see
// its first coordinate's Bent Cigar term, so a trial that changes only such coordinates is kept
// on one backend and not on the other, tiled or not.

import { describe, expect, it } from 'vitest';
import { compileAlgorithm } from '../../src/compile/algorithm.js';
import { CpuAlgoEngine } from '../../src/runtime/algo-cpu.js';
import { GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import { runAlgorithm } from '../../src/runtime/run.js';
import type { ScheduleOptions } from '../../src/schedule/schedule.js';
import { expectSameState, gpu } from '../gpu/helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');

const CASES: [string, string, Record<string, string>, Partial<ScheduleOptions>, number[]][] = [
  // From test/gpu/tiled.gpu.test.ts (issue 36, item 5: 175 s there from an empty shader cache).
  ['de', 'cec2017_f3', { NP: '13' }, { tile: 2 }, [2]],
  ['jde', 'cec2017_f10', { NP: '11' }, { tile: 1 }, [1, 1]],
  ['de', 'cec2017_f16', { NP: '9', mutation: 'best1' }, { team: 32 }, [1]],
];

describe.skipIf(!ctx)("a step's rotation as a tiled product: the CPU's selections", () => {
  it.each(CASES)('%s on %s at D = 50, %o %o', async (name, problem, set, schedule, want) => {
    const c = compileAlgorithm({
      algorithm: name,
      problem,
      dim: 50,
      set,
      schedule,
      validateEach: true,
    });
    const each = c.steps.find((st) => st.name === 'each.X')!;
    const tiles = c
      .compiled(each)
      .gpuIr.schedule.stages.flatMap((st) => (st.k === 'vec' && st.tile ? [st.tile] : []));
    expect(tiles).toEqual(want);
    const g = await GpuAlgoEngine.create(ctx!, c, 4);
    const k = new CpuAlgoEngine(c, 4);
    const rg = await runAlgorithm(c, g, { seed: 4, maxGenerations: 6, batch: 1 });
    const rk = await runAlgorithm(c, k, { seed: 4, maxGenerations: 6, batch: 1 });
    expect(rg.trace.map((t) => t.evals)).toEqual(rk.trace.map((t) => t.evals));
    await expectSameState(c, g, k);
    g.destroy();
  });
});
