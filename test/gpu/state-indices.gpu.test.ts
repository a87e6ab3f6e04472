// State initialisers that name their indices on the GPU (issue 37, item 1): the init kernels fill
// each element from its row and column as the CPU backend does (test/algo/state-indices.test.ts):
// the integer patterns bit for bit; the ramp k / N + 0.25 and the draw plus its indices
// rand() + 2 i + j to float32's rounding: a uniform draw is the same float32 on both backends
// (runtime/draws.ts), and each value takes two float32 roundings of at most 2^-24 of it, so
// 2^-23 of the float64 value bounds the difference.

import { describe, expect, it } from 'vitest';
import { compileAlgorithm } from '../../src/compile/algorithm.js';
import { CpuAlgoEngine } from '../../src/runtime/algo-cpu.js';
import { GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import { runAlgorithm } from '../../src/runtime/run.js';
import { STATE_INDICES_SRC } from '../algo/state-indices-source.js';
import { gpu } from './helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

maybe('state initialisers that name their indices, on the GPU', () => {
  it('fill the same elements as the CPU backend', async () => {
    const c = compileAlgorithm({
      algorithm: 'idx',
      problem: 'p',
      dim: 4,
      sources: { 't.opt': STATE_INDICES_SRC },
    });
    const g = await GpuAlgoEngine.create(ctx!, c, 7);
    const cpu = new CpuAlgoEngine(c, 7);
    for (const e of [g, cpu]) await runAlgorithm(c, e, { seed: 7, maxGenerations: 1 });
    for (const name of ['C', 'W'])
      expect(Array.from(await g.readArray(name)), name).toEqual(
        Array.from(await cpu.readArray(name)),
      );
    for (const name of ['S', 'R']) {
      const want = Array.from(await cpu.readArray(name));
      const got = Array.from(await g.readArray(name));
      expect(got.length).toBe(want.length);
      got.forEach((v, k) =>
        expect(Math.abs(v - want[k]!), `${name}[${k}]`).toBeLessThanOrEqual(
          Math.abs(want[k]!) * 2 ** -23,
        ),
      );
    }
    g.destroy();
  });
});
