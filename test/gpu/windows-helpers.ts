// Runs with a state bound as windows against the run in one binding (test/gpu/windows.gpu.test.ts,
// test/long/windows.long.test.ts).

import { expect } from 'vitest';
import type { CompiledAlgorithm } from '../../src/compile/algorithm.js';
import { GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import type { GpuContext } from '../../src/runtime/device.js';
import { runAlgorithm } from '../../src/runtime/run.js';

/** Every state array after `generations` generations, with the binding limit `maxBindingBytes`. */
export async function run(
  ctx: GpuContext,
  c: CompiledAlgorithm,
  generations: number,
  maxBindingBytes?: number,
) {
  const g = await GpuAlgoEngine.create(ctx, c, 7, undefined, { maxBindingBytes });
  const r = await runAlgorithm(c, g, { seed: 7, maxGenerations: generations, maxEvals: 1000 });
  const out = new Map<string, number[]>();
  for (const a of c.algo.state) out.set(a.name, Array.from(await g.readArray(a.name)));
  const windows = g.windows?.count ?? 1;
  const scratch = [...g.scratchWindows.values()].reduce((n, w) => Math.max(n, w.count), 1);
  const bytes = g.stride * 4;
  const chained = g.chained;
  g.destroy();
  return { r, out, windows, scratch, bytes, chained };
}

export async function same(ctx: GpuContext, c: CompiledAlgorithm, generations: number) {
  const whole = await run(ctx, c, generations);
  expect(whole.windows).toBe(1);
  const split = await run(ctx, c, generations, Math.ceil(whole.bytes / 3));
  expect(split.windows).toBeGreaterThanOrEqual(3);
  for (const [name, v] of whole.out) expect(split.out.get(name), name).toEqual(v);
  expect(split.r.bestFitness).toBe(whole.r.bestFitness);
  expect(split.r.evals).toBe(whole.r.evals);
  return { whole, split };
}
