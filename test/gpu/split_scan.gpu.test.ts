// Algorithm steps with a scan in the split regime (schedule.ts, decideRegime): the step's kept
// vectors (the trial) are computed in the scan's first kernel (its tiles' totals; the rescan reads
// them back from SCR), the writes in a kernel of their own. GPU against the CPU
// (float64) with one seed, the split regime forced with small chunks so that a step spans many
// workgroups at a D lavapipe runs quickly. expectSameState's relative 1e-3 (test/gpu/helpers.ts):
// Schwefel 1.2's prefix sums of 4,096 float32 terms err by at most D * 2^-24 = 2.4e-4 relative
// in the worst case (about sqrt(D) * 2^-24 = 4e-6 typically); a selection or an LS step taken
// differently moves a coordinate by a whole step, far above it.

import { describe, expect, it } from 'vitest';
import {
  compileAlgorithm,
  splitWriteRace,
  type CompiledAlgorithm,
} from '../../src/compile/algorithm.js';
import { CpuAlgoEngine } from '../../src/runtime/algo-cpu.js';
import { GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import { runAlgorithm } from '../../src/runtime/run.js';
import { expectSameState, gpu } from './helpers.js';
import { itLong, staged } from '../stage.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

const D = 4096;
const schedule = { force: 'split' as const, chunk: 256, wg: 64 };

// A scan whose consumer is not a polynomial in the scan value (before the canonical order,
// polynomials took a kernel of moments): the rescan reads the kept vectors back from SCR.
const ABS_SCAN = `problem abs_prefix(x[D]) in [-100, 100] optimum 0 at 0 {
  let s[i] = sum(j <= i) x[j]
  sum(i) abs(s[i])
}`;

// Reductions fused into the scan that also read the trial at their element, a polynomial in the
// scan value (once computed by moments) and not: the rescan reads the trial back from SCR, stored
// by the kernel of the tiles' totals. The trial's term is weighted by D so that it weighs
// as much as the scan's (sum_i s_i^2 grows as D^2 / 2 times the variance of x, sum_i x_i^2 as D):
// with a weight of 3 it was 1e-3 of the fitness, and a wrong trial value in the moments went
// unnoticed.
const MIXED = `problem mixed_moments(x[D]) in [-100, 100] optimum 0 at 0 {
  let s[i] = sum(j <= i) x[j]
  sum(i) (s[i]^2 + D * x[i]^2)
}
problem mixed_rescan(x[D]) in [-100, 100] optimum 0 at 0 {
  let s[i] = sum(j <= i) x[j]
  sum(i) (abs(s[i]) + D * x[i]^2)
}`;

/** The kernels of the steps that have a scan (there must be some): each in the split regime. */
function scanSteps(c: CompiledAlgorithm): string[][] {
  const out: string[][] = [];
  for (const st of c.steps) {
    const ir = c.compiled(st).gpuIr;
    if (!ir.schedule.stages.some((s) => s.k === 'scan')) continue;
    // A step whose writes race with its own reads takes the team regime, scan or not (jDE's F
    // and CR rows: compile/algorithm.ts, splitWriteRace).
    if (splitWriteRace(ir)) continue;
    expect(ir.schedule.regime.k, st.name).toBe('split');
    out.push(
      c
        .compiled(st)
        .plan()
        .kernels.map((k) => k.name),
    );
  }
  expect(out.length).toBeGreaterThan(0);
  return out;
}

async function lockStep(c: CompiledAlgorithm, seed: number, gens: number) {
  const g = await GpuAlgoEngine.create(ctx!, c, seed);
  const k = new CpuAlgoEngine(c, seed);
  const rg = await runAlgorithm(c, g, { seed, maxGenerations: gens, batch: 1 });
  const rk = await runAlgorithm(c, k, { seed, maxGenerations: gens, batch: 1 });
  expect(rg.evals).toBe(rk.evals);
  expect(rg.trace.map((t) => t.evals)).toEqual(rk.trace.map((t) => t.evals));
  await expectSameState(c, g, k);
  return { g, k, rg, rk };
}

// The long stage takes MA-SW-Chains on shifted Schwefel 1.2, PSO and GoDE (16, 6 and 13 s from an
// empty shader cache); the test command the others: MA-SW-Chains' rescan, DE's fused reductions
// (test/stage.ts).
maybe('algorithm steps with a scan in the split regime: GPU against CPU', () => {
  itLong('ma_sw_chains, shifted Schwefel 1.2, D = 4,096, 3 generations', async () => {
    const c = compileAlgorithm({
      algorithm: 'ma_sw_chains',
      problem: 'shifted_schwefel_1_2',
      dim: D,
      set: { N: '8', Noff: '4', Istr: '10' },
      schedule,
      validateEach: true,
    });
    const kernels = scanSteps(c);
    expect(kernels.some((ks) => ks.includes('scan_rescan_0'))).toBe(true);
    const { g, k } = await lockStep(c, 5, 3);
    // The chosen individual and the LS counters are integers: equal.
    for (const name of ['let.c', 'fails', 'ns', 'nf', 'phase'])
      expect(Array.from(await g.readArray(name)), name).toEqual(
        Array.from(await k.readArray(name)),
      );
    // Some LS steps succeeded: otherwise X would only test the initialisation and crossover.
    expect((await k.readArray('ns')).some((v) => v > 0)).toBe(true);
    g.destroy();
  });

  // 12 s cold: the long stage too (MA-SW-Chains' step has the most kernels of the split scans).
  itLong('ma_sw_chains, |prefix sums|, D = 4,096, 2 generations', async () => {
    const c = compileAlgorithm({
      algorithm: 'ma_sw_chains',
      problem: 'abs_prefix',
      dim: D,
      set: { N: '8', Noff: '4', Istr: '10' },
      sources: { 't.opt': ABS_SCAN },
      schedule,
      validateEach: true,
    });
    const kernels = scanSteps(c);
    expect(kernels.some((ks) => ks.includes('scan_rescan_0'))).toBe(true);
    const { g, k } = await lockStep(c, 11, 2);
    expect((await k.readArray('ns')).some((v) => v > 0)).toBe(true);
    g.destroy();
  });

  for (const [problem, kernel] of [
    ['mixed_moments', 'scan_rescan_0'],
    ['mixed_rescan', 'scan_rescan_0'],
  ] as const)
    it(`de, ${problem} (a fused reduction reads the trial), NP = 8, D = 4,096`, async () => {
      const c = compileAlgorithm({
        algorithm: 'de',
        problem,
        dim: D,
        set: { NP: '8' },
        sources: { 't.opt': MIXED },
        schedule,
        validateEach: true,
      });
      expect(scanSteps(c).some((ks) => ks.includes(kernel))).toBe(true);
      const { g } = await lockStep(c, 13, 4);
      g.destroy();
    });

  // PSO's move (a reduction, then the new position scanned) and GoDE's opposite points.
  for (const [algorithm, set] of staged(
    [
      ['pso', { N: '8' }],
      ['gojde', { NP: '8', po: '0.5' }],
    ] as const,
    () => false,
  ))
    it(`${algorithm}, Schwefel 1.2, D = 4,096, 4 generations`, async () => {
      const c = compileAlgorithm({
        algorithm,
        problem: 'schwefel_1_2',
        dim: D,
        set,
        schedule,
        validateEach: true,
      });
      scanSteps(c);
      const { g } = await lockStep(c, 17, 4);
      g.destroy();
    });

  it('de, Schwefel 1.2, NP = 8, D = 4,096, 4 generations', async () => {
    const c = compileAlgorithm({
      algorithm: 'de',
      problem: 'schwefel_1_2',
      dim: D,
      set: { NP: '8' },
      schedule,
      validateEach: true,
    });
    scanSteps(c);
    const { g } = await lockStep(c, 9, 4);
    g.destroy();
  });
});

// A reduction that reads a kept vector at another element (found while writing the tests above):
// d is kept (written to Dd) and y = X + d reversed is substituted into the fitness, so the split
// regime's partials kernel read d[D - 1 - j] from SCR, stored there by another workgroup of the
// same kernel, maybe not yet: X differed from the CPU's by 0.042 after 3 generations (steps of
// 0.01 sigma), against 8.5e-8 in the team regime. Such a step now keeps the team regime.
const REVERSED = `problem p(x[D]) in [-1, 1] { sum(i) x[i]^2 }
algorithm rev(N = 4) {
  population X[N]
  state Dd[N][D] = 0
  generation {
    each i in X {
      let d[j] = 0.01 * normal(0, 1)
      let y[j] = clamp(X[i][j] + d[D - 1 - j], lo, hi)
      let ok = f(y) < f(X[i])
      X[i] = if ok then y else X[i]
      Dd[i][j] = d[j]
    }
  }
}`;

maybe('a kept vector read at another element in the kernel that computes it', () => {
  it('keeps the team regime, and the step runs as on the CPU', async () => {
    const c = compileAlgorithm({
      algorithm: 'rev',
      problem: 'p',
      dim: 1000,
      sources: { 't.opt': REVERSED },
      schedule,
      validateEach: true,
    });
    const each = c.steps.find((st) => st.name === 'each.X')!;
    const p = c.compiled(each).plan();
    expect(p.decision.regime.k).toBe('team');
    expect(p.decision.blocked).toBe(
      'a kept vector read at another element in the kernel that computes it, or longer than the scan',
    );
    const { g } = await lockStep(c, 3, 3);
    g.destroy();
  });
});
