// `gen` on the GPU: the generation number a kernel reads is the CPU backend's, fused track or not,
// and a PSO with a linearly decreasing inertia weight takes the same selections on both backends
// over its first generations (the tolerance of test/gpu/algorithms.gpu.test.ts: float32 against
// float64 differs by a few ulps, a different selection by order 1).

import { describe, expect, it } from 'vitest';
import { compileAlgorithm } from '../../src/compile/algorithm.js';
import { CpuAlgoEngine } from '../../src/runtime/algo-cpu.js';
import { GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import { runAlgorithm } from '../../src/runtime/run.js';
import { GEN_SRC } from '../algo/gen-source.js';
import { expectSameState, gpu } from './helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

const compile = (algorithm: string, fuseTrack = true) =>
  compileAlgorithm({
    algorithm,
    problem: 'p',
    dim: 5,
    sources: { 't.opt': GEN_SRC },
    fuseTrack,
    validateEach: true,
  });

maybe('gen on the GPU', () => {
  for (const fuseTrack of [true, false])
    it(`reads k - 1 after k generations, as on the CPU (track ${fuseTrack ? '' : 'not '}fused)`, async () => {
      const c = compile('gens', fuseTrack);
      expect(c.fused.size > 0).toBe(fuseTrack);
      for (const k of [1, 4]) {
        const g = await GpuAlgoEngine.create(ctx!, c, 2);
        const cpu = new CpuAlgoEngine(c, 2);
        for (const e of [g, cpu])
          await runAlgorithm(c, e, { seed: 2, maxGenerations: k, batch: 2 });
        const held = Array.from({ length: k }, (_, i) => i).filter((i) => i % 3 === 1).length;
        for (const e of [g, cpu]) {
          expect(Array.from(await e.readArray('G'))).toEqual([k - 1, k - 1, k - 1, k - 1]);
          expect(Array.from(await e.readArray('H'))).toEqual([k - 1, k - 1, k - 1, k - 1]);
          expect(Array.from(await e.readArray('C'))).toEqual(Array(4).fill(held));
        }
        g.destroy();
      }
    });

  it('in the split regime (D = 1,000, chunks of 256), as on the CPU', async () => {
    const c = compileAlgorithm({
      algorithm: 'ldpso',
      problem: 'p',
      dim: 1000,
      set: { N: '8', w1: '-2' },
      sources: { 't.opt': GEN_SRC },
      schedule: { force: 'split', chunk: 256, wg: 64 },
      validateEach: true,
    });
    expect(c.steps.some((st) => c.compiled(st).gpuIr.schedule.regime.k === 'split')).toBe(true);
    const g = await GpuAlgoEngine.create(ctx!, c, 3);
    const k = new CpuAlgoEngine(c, 3);
    for (const e of [g, k]) await runAlgorithm(c, e, { seed: 3, maxGenerations: 6, batch: 2 });
    await expectSameState(c, g, k);
    g.destroy();
  });

  it('a PSO with a decreasing inertia weight takes the same selections as on the CPU', async () => {
    const c = compile('ldpso');
    const g = await GpuAlgoEngine.create(ctx!, c, 7);
    const k = new CpuAlgoEngine(c, 7);
    const rg = await runAlgorithm(c, g, { seed: 7, maxGenerations: 12, batch: 1 });
    const rk = await runAlgorithm(c, k, { seed: 7, maxGenerations: 12, batch: 1 });
    expect(rg.evals).toBe(rk.evals);
    await expectSameState(c, g, k);
    g.destroy();
  });
});
