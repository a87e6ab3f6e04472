// Checkpoints on the GPU backend (lavapipe in CI): a run resumed from a checkpoint of its state
// (the whole state buffer, float32 words as they are, and which copy of each array is current)
// ends as the run it was taken from, its timings aside; test/algo/checkpoint.test.ts has the CPU's.

import { describe, expect, it } from 'vitest';
import { compileAlgorithm } from '../../src/compile/algorithm.js';
import { GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import { CpuAlgoEngine } from '../../src/runtime/algo-cpu.js';
import { runAlgorithm, type RunCheckpoint } from '../../src/runtime/run.js';
import { expectResumable } from '../algo/resume.js';
import { gpu } from './helpers.js';
import { staged } from '../stage.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

maybe('a run resumed from a checkpoint ends as the run it was taken from (GPU)', () => {
  // MA-SW-Chains (10 s from an empty shader cache) in the long stage; its CPU resume is in
  // test/algo/checkpoint.test.ts (test/stage.ts).
  it.each(
    staged(
      [
        ['de', 'rastrigin', 10, 'f32', { maxEvals: 20000 }],
        ['jde', 'cec2017_f1', 10, 'ff', { maxEvals: 60000, target: 1e-8 }],
        ['ma_sw_chains', 'rastrigin', 10, 'f32', { maxEvals: 20000 }],
        ['de', 'shifted_rastrigin', 2000, 'f32', { maxEvals: 2000 }],
      ] as const,
      (c) => c[0] !== 'ma_sw_chains',
    ),
  )('%s on %s at D = %i (%s)', async (algorithm, problem, dim, precision, budget) => {
    const c = compileAlgorithm({ algorithm, problem, dim, precision });
    await expectResumable(c, () => GpuAlgoEngine.create(ctx!, c, 5), {
      seed: 5,
      batch: 8,
      ...budget,
    });
  });
});

maybe('a checkpoint of one backend goes on on the other', () => {
  it('GPU to CPU and CPU to GPU: the state words converted, the budget kept', async () => {
    const c = compileAlgorithm({ algorithm: 'jde', problem: 'rastrigin', dim: 10 });
    const o = { seed: 3, maxEvals: 20000, batch: 8 };
    const take = async (engine: CpuAlgoEngine | GpuAlgoEngine) => {
      const cps: RunCheckpoint[] = [];
      await runAlgorithm(c, engine, {
        ...o,
        checkpointEvery: 0,
        onCheckpoint: (cp) => void cps.push(cp),
      });
      return cps[Math.floor(cps.length / 2)]!;
    };
    const fromGpu = await take(await GpuAlgoEngine.create(ctx!, c, 3));
    const onCpu = await runAlgorithm(c, new CpuAlgoEngine(c, 3), { ...o, resume: fromGpu });
    const fromCpu = await take(new CpuAlgoEngine(c, 3));
    const onGpu = await runAlgorithm(c, await GpuAlgoEngine.create(ctx!, c, 3), {
      ...o,
      resume: fromCpu,
    });
    for (const [r, cp] of [
      [onCpu, fromGpu],
      [onGpu, fromCpu],
    ] as const) {
      expect(r.evals).toBe(o.maxEvals - (o.maxEvals % 100));
      // It went on from the checkpoint: its trace starts as the checkpoint's, and improves.
      expect(r.trace.slice(0, cp.trace.length).map((e) => e.evals)).toEqual(
        cp.trace.map((e) => e.evals),
      );
      expect(r.bestFitness).toBeLessThanOrEqual(cp.trace[cp.trace.length - 1]!.best);
    }
  });
});
