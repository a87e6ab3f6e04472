// The long stage (scripts/test-long.sh): MA-SW-Chains with its state and its first step's
// scratch bound as windows (src/codegen/wgsl-window.ts), and in fewer, larger chunks
// (schedule.ts, SPLIT_MAX_GROUPS), each bit for bit against the run as the test command's cases
// run it. Both are the shapes of D = 30,000,000 on an H200 (docs/performance.md), at D = 70,000:
// about 39 and 35 s of lavapipe compiling from an empty shader cache (2026-12-03), so they are
// here; test/gpu/windows.gpu.test.ts keeps DE, a while loop and the refusal in the test command.

import { describe, expect, it } from 'vitest';
import { compileAlgorithm, type CompiledAlgorithm } from '../../src/compile/algorithm.js';
import { gpu } from '../gpu/helpers.js';
import { run, same as sameIn } from '../gpu/windows-helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;
const same = (c: CompiledAlgorithm, generations: number) => sameIn(ctx!, c, generations);

maybe('ma_sw_chains in the shapes of D = 30,000,000', () => {
  it('ma_sw_chains, split regime with chained Solis-Wets runs: the same state bit for bit', async () => {
    const c = compileAlgorithm({
      algorithm: 'ma_sw_chains',
      problem: 'shifted_rastrigin',
      dim: 70_000,
      set: { N: '8', Noff: '4', Istr: '40' },
      schedule: { force: 'split', chunk: 1024, wg: 64 },
    });
    const { split } = await same(c, 2);
    expect(split.chained).toBeGreaterThan(0);
    // The first step's scratch (8 points of 70,000) is larger than the lowered binding: windows.
    expect(split.scratch).toBeGreaterThanOrEqual(2);
  });

  it('ma_sw_chains: a row in fewer, larger chunks (SPLIT_MAX_GROUPS lowered) gives the same state bit for bit', async () => {
    // At D = 30,000,000 a row takes 458 chunks of 65,536, not 1,832 of 16,384
    // (schedule/schedule.ts, splitChunk). Here 69 chunks of 1,024 against 9 of 8,192.
    const make = (maxGroups?: number) =>
      compileAlgorithm({
        algorithm: 'ma_sw_chains',
        problem: 'shifted_rastrigin',
        dim: 70_000,
        set: { N: '8', Noff: '4', Istr: '40' },
        schedule: { force: 'split', chunk: 1024, wg: 64, ...(maxGroups ? { maxGroups } : {}) },
      });
    const small = make();
    const large = make(16);
    const regime = (c: ReturnType<typeof make>) => {
      const st = c.steps.find((s) => c.compiled(s).plan().chain);
      const m = st && /a chunk of (\d+) elements/.exec(c.compiled(st).plan().regime);
      return m ? Number(m[1]) : undefined;
    };
    expect(regime(small)).toBe(1024);
    expect(regime(large)).toBe(8192);
    const a = await run(ctx!, small, 2);
    const b = await run(ctx!, large, 2);
    expect(b.chained).toBeGreaterThan(0);
    for (const [name, v] of a.out) expect(b.out.get(name), name).toEqual(v);
    expect(b.r.bestFitness).toBe(a.r.bestFitness);
  });
});
