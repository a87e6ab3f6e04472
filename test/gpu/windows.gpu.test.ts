// A state larger than one storage binding is bound as windows of one buffer
// (src/codegen/wgsl-window.ts; issue 36: D = 30,000,000 on an H200, whose bindings hold 2 GiB),
// and so is a step's scratch SCR larger than one binding.
// Only the addressing changes, so a run with its state in windows must be the same, bit for bit,
// as the run with it in one binding: every state array and the best fitness. The windows are
// forced here by lowering the engine's binding limit to a third of the state, so that they cut
// rows at places no row boundary falls on. The run in one binding is checked against the float64
// CPU backend by the algorithms' own tests (test/gpu/algorithms.gpu.test.ts and the others).
// MA-SW-Chains in the split regime, with chained runs and its first step's scratch in windows,
// is the long stage's (test/long/windows.long.test.ts: 39 s from an empty shader cache).

import { describe, expect, it } from 'vitest';
import { compileAlgorithm, type CompiledAlgorithm } from '../../src/compile/algorithm.js';
import { GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import { ResourceError } from '../../src/runtime/resources.js';
import { gpu } from './helpers.js';
import { same as sameIn } from './windows-helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;
const same = (c: CompiledAlgorithm, generations: number) => sameIn(ctx!, c, generations);

maybe('a state bound as windows', () => {
  it('de, team regime with 16-byte state loads and stores: the same state bit for bit', async () => {
    const c = compileAlgorithm({
      algorithm: 'de',
      problem: 'rastrigin',
      dim: 64,
      set: { NP: '8' },
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
