// Checkpoints (issue 13): a run's whole state between batches (the engine's state arrays and the
// run loop's counters, RunCheckpoint in src/runtime/run.ts), and a run resumed from one ending
// exactly as the run it was taken from, its timings aside. The CPU backend here; the GPU's in
// test/gpu/checkpoint.gpu.test.ts.

import { describe, expect, it } from 'vitest';
import { compileAlgorithm } from '../../src/compile/algorithm.js';
import { CpuAlgoEngine } from '../../src/runtime/algo-cpu.js';
import { runAlgorithm, type RunCheckpoint } from '../../src/runtime/run.js';
import { expectResumable } from './resume.js';

describe('a run resumed from a checkpoint ends as the run it was taken from (CPU)', () => {
  it.each([
    ['de', 'rastrigin', { maxEvals: 20000 }],
    ['jde', 'sphere', { maxEvals: 100000, target: 1e-8 }],
    ['gojde', 'rosenbrock', { maxEvals: 20000 }],
    ['pso', 'rastrigin', { maxEvals: 20000 }],
    ['lshade', 'rastrigin', { maxEvals: 20000 }],
    ['ma_sw_chains', 'rastrigin', { maxEvals: 20000 }],
    ['sep_cmaes', 'sphere', { maxEvals: 20000 }],
  ] as const)('%s on %s', async (algorithm, problem, budget) => {
    const c = compileAlgorithm({ algorithm, problem, dim: 10 });
    await expectResumable(c, async () => new CpuAlgoEngine(c, 11), {
      seed: 11,
      batch: 8,
      ...budget,
    });
  });

  it('refuses a checkpoint of another program', async () => {
    const c = compileAlgorithm({ algorithm: 'de', problem: 'rastrigin', dim: 10 });
    const cps: RunCheckpoint[] = [];
    await runAlgorithm(c, new CpuAlgoEngine(c, 1), {
      seed: 1,
      maxEvals: 5000,
      checkpointEvery: 0,
      onCheckpoint: (cp) => void cps.push(cp),
    });
    const other = compileAlgorithm({ algorithm: 'de', problem: 'rastrigin', dim: 12 });
    await expect(
      runAlgorithm(other, new CpuAlgoEngine(other, 1), { seed: 1, maxEvals: 5000, resume: cps[0] }),
    ).rejects.toThrow(/checkpoint's state has \d+ words, this program's \d+/);
  });
});
