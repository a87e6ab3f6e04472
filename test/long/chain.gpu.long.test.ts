// Chained runs (src/ir/step.ts, chainable; codegen/wgsl-split.ts, chainKernel): consecutive runs
// of a split step of one row dispatch one kernel a run (the previous run's combine and writes,
// then this run's partials) instead of three. That must change nothing: every state array after
// the run is the same, bit for bit, as with the three kernels a run (engine.chain = false), and
// as on the CPU where the values are integers (test/gpu/ma_sw_chains.gpu.test.ts, the race test,
// which chains too). In the long stage: one case, 22 s from an empty shader cache (issue 36, item 5).

import { describe, expect, it } from 'vitest';
import { compileAlgorithm } from '../../src/compile/algorithm.js';
import { GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import { runAlgorithm } from '../../src/runtime/run.js';
import { gpu } from '../gpu/helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

maybe('chained runs of a split step of one row', () => {
  it('ma_sw_chains (D = 70,000, split in chunks of 1,024): the same state bit for bit as unchained', async () => {
    // 2 generations of N = 8, Noff = 4, Istr = 40: 80 Solis-Wets iterations in chains of up to
    // 40 runs (a batch ends a chain), with successes and failures (rho doubles and halves).
    const c = compileAlgorithm({
      algorithm: 'ma_sw_chains',
      problem: 'shifted_rastrigin',
      // A chain's chunks are whole blocks of the canonical order (schedule/canonical.ts): D past
      // 65,536, chunks of at least 1,024 elements.
      dim: 70_000,
      set: { N: '8', Noff: '4', Istr: '40' },
      schedule: { force: 'split', chunk: 1024, wg: 64 },
      validateEach: true,
    });
    const move = c.steps.filter((st) => c.compiled(st).plan().chain?.values.includes('rho'));
    expect(move.length).toBe(1);
    const state = async (chain: boolean, batch?: number) => {
      const g = await GpuAlgoEngine.create(ctx!, c, 5);
      g.chain = chain;
      const r = await runAlgorithm(c, g, {
        seed: 5,
        maxGenerations: 2,
        ...(batch ? { batch } : {}),
      });
      const out = new Map<string, number[]>();
      for (const a of c.algo.state) out.set(a.name, Array.from(await g.readArray(a.name)));
      const chained = g.chained;
      g.destroy();
      return { r, out, chained };
    };
    const off = await state(false);
    const on = await state(true);
    const oneGen = await state(true, 1);
    expect(off.chained).toBe(0);
    expect(on.chained).toBeGreaterThanOrEqual(78);
    // Successes and failures both happened: the chain's value rows changed.
    expect(on.out.get('rho')).not.toEqual(Array(8).fill(0.2));
    for (const [name, v] of off.out) {
      expect(on.out.get(name), name).toEqual(v);
      expect(oneGen.out.get(name), `${name}, a batch a generation`).toEqual(v);
    }
    expect(on.r.bestFitness).toBe(off.r.bestFitness);
  });
});
