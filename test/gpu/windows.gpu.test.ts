// A state larger than one storage binding is bound as windows of one buffer
// (src/codegen/wgsl-window.ts; issue 36: D = 30,000,000 on an H200, whose bindings hold 2 GiB),
// and so is a step's scratch SCR larger than one binding.
// Only the addressing changes, so a run with its state in windows must be the same, bit for bit,
// as the run with it in one binding: every state array and the best fitness. The windows are
// forced here by lowering the engine's binding limit to a third of the state, so that they cut
// rows at places no row boundary falls on. The run in one binding is checked against the float64
// CPU backend by the algorithms' own tests (test/gpu/algorithms.gpu.test.ts and the others).

import { describe, expect, it } from 'vitest';
import { compileAlgorithm, type CompiledAlgorithm } from '../../src/compile/algorithm.js';
import { GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import { ResourceError } from '../../src/runtime/resources.js';
import { runAlgorithm } from '../../src/runtime/run.js';
import { gpu } from './helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

/** Every state array after `generations` generations, with the binding limit `maxBindingBytes`. */
async function run(c: CompiledAlgorithm, generations: number, maxBindingBytes?: number) {
  const g = await GpuAlgoEngine.create(ctx!, c, 7, undefined, { maxBindingBytes });
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

async function same(c: CompiledAlgorithm, generations: number) {
  const whole = await run(c, generations);
  expect(whole.windows).toBe(1);
  const split = await run(c, generations, Math.ceil(whole.bytes / 3));
  expect(split.windows).toBeGreaterThanOrEqual(3);
  for (const [name, v] of whole.out) expect(split.out.get(name), name).toEqual(v);
  expect(split.r.bestFitness).toBe(whole.r.bestFitness);
  expect(split.r.evals).toBe(whole.r.evals);
  return { whole, split };
}

maybe('a state bound as windows', () => {
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

  it('de, team regime with 16-byte state loads and stores: the same state bit for bit', async () => {
    const c = compileAlgorithm({
      algorithm: 'de',
      problem: 'rastrigin',
      dim: 1000,
      set: { NP: '16' },
    });
    await same(c, 5);
  });

  it('a while loop (its counts kernel reads a flag of S): the same state bit for bit', async () => {
    // A Solis-Wets-like loop that stops when rho falls below eps (test/gpu/while.gpu.test.ts).
    const source = `problem p(x[D]) in [-5, 5] { sum(i) x[i]^2 }
algorithm sw(N = 4, K = 60, rho0 = 0.5, eps = 0.02) {
  population X[N]
  state rho[X] = rho0
  state nf[X] = 0
  generation {
    let c = argmin(k < N) f(X[k])
    each i in X[c] {
      rho[i] = rho0
      nf[i] = 0
    }
    repeat K while rho[c] >= eps {
      each i in X[c] {
        let y[j] = clamp(X[i][j] + normal(0, rho[i]), lo, hi)
        let ok = f(y) < f(X[i])
        let fl = if ok then 0 else nf[i] + 1
        X[i] = if ok then y else X[i]
        nf[i] = if fl >= 3 then 0 else fl
        rho[i] = if fl >= 3 then 0.5 * rho[i] else rho[i]
      }
    }
  }
}`;
    const c = compileAlgorithm({
      algorithm: 'sw',
      problem: 'p',
      dim: 300,
      sources: { 'sw.opt': source },
    });
    await same(c, 3);
  });

  it('more windows than the device binds storage buffers: a resource error naming both limits', async () => {
    const c = compileAlgorithm({
      algorithm: 'de',
      problem: 'rastrigin',
      dim: 1000,
      set: { NP: '16' },
    });
    const err = await GpuAlgoEngine.create(ctx!, c, 1, undefined, { maxBindingBytes: 256 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ResourceError);
    expect(String(err)).toMatch(/windows of at most 256 bytes.*maxStorageBuffersPerShaderStage/);
  });
});
