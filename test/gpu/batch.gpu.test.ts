// Batched runs (GpuAlgoEngine.create with several seeds, runBatch): the runs of one experiment cell
// in the same kernels, run z in the grid's z with its own state, scratch and seed. Each run must
// be reported exactly as the same seed run alone (runAlgorithm on an engine of one seed): the same
// evaluations, generations, stop, best value, best point and trace, bit for bit (seconds aside).
// Runs that stop at their target stop at different generations: each reports its own. Where every
// run spends the whole budget, every state array of every run also equals the run alone's.

import { describe, expect, it } from 'vitest';
import { emitAlgorithm } from '../../src/api.js';
import { compileAlgorithm, type AlgoCompileRequest } from '../../src/compile/algorithm.js';
import { BatchTooLarge, GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import {
  runAlgorithm,
  runBatch,
  type BatchOptions,
  type RunResult,
} from '../../src/runtime/run.js';
import { gpu } from './helpers.js';
import { itLong } from '../stage.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

/** A result as plain data, its timings left out. */
const shown = (r: RunResult) => ({
  ...r,
  seconds: 0,
  bestPoint: Array.from(r.bestPoint),
  trace: r.trace.map((e) => ({ ...e, seconds: 0 })),
});

/**
 * The batch compiled as an experiment compiles it, its steps scheduled for the batch's population
 * (AlgoCompileRequest.runs), against each run alone, compiled for one run.
 */
async function compare(spec: AlgoCompileRequest, seeds: number[], o: BatchOptions) {
  const c = compileAlgorithm(spec);
  const cb = compileAlgorithm({ ...spec, runs: seeds.length });
  const batch = await GpuAlgoEngine.create(ctx!, cb, seeds);
  const together = await runBatch(cb, batch, seeds, o);
  const alone: RunResult[] = [];
  const states: boolean[] = [];
  for (const [k, seed] of seeds.entries()) {
    const e = await GpuAlgoEngine.create(ctx!, c, seed);
    const r = await runAlgorithm(c, e, { ...o, seed });
    alone.push(r);
    expect(shown(together[k]!), `seed ${seed}`).toEqual(shown(r));
    if (r.stopped !== 'target') {
      for (const a of c.algo.state)
        expect(Array.from(await batch.readArray(a.name, k)), `seed ${seed}: ${a.name}`).toEqual(
          Array.from(await e.readArray(a.name)),
        );
      states.push(true);
    }
    e.destroy();
  }
  batch.destroy();
  return { alone, states };
}

maybe('the runs of a batch are the runs alone, bit for bit', () => {
  it('jDE on sphere, D = 10, each run to its own target', async () => {
    const { alone } = await compare(
      { algorithm: 'jde', problem: 'sphere', dim: 10, set: { NP: '20' } },
      [3, 4, 5, 6],
      { maxEvals: 6000, target: 1e-3 },
    );
    // Every run met the target, not all at the same evaluation: each stopped on its own.
    expect(alone.every((r) => r.stopped === 'target')).toBe(true);
    expect(new Set(alone.map((r) => r.evals)).size).toBeGreaterThan(1);
  });

  it('jDE NP 250 on Rastrigin, D = 100, 9 runs: the batch takes teams of 16 lanes, a run alone 128', async () => {
    const spec = { algorithm: 'jde', problem: 'rastrigin', dim: 100, set: { NP: '250' } };
    // 2,250 individuals fill 2,250 workgroups of one 128-lane team (STEP_FILL_WORKGROUPS).
    const team = (runs?: number) => {
      const c = compileAlgorithm({ ...spec, runs });
      const st = c.steps.find((s) => s.name.startsWith('each.X'))!;
      return c.compiled(st).plan().kernels[0]!.role;
    };
    expect(team()).toMatchObject({ k: 'team', team: 128 });
    expect(team(9)).toMatchObject({ k: 'team', team: 16 });
    const { states } = await compare(spec, [1, 2, 3, 4, 5, 6, 7, 8, 9], { maxEvals: 250 * 4 });
    expect(states.length).toBe(9);
  });

  it('jDE with a float-float population (cec2017_f1, D = 10)', async () => {
    const { states } = await compare(
      { algorithm: 'jde', problem: 'cec2017_f1', dim: 10, precision: 'ff' },
      [11, 12],
      { maxEvals: 3000 },
    );
    expect(states.length).toBe(2);
  });

  it('DE on Schwefel 1.2, split regime (scan in SCR, partials in PART, scalars in SC)', async () => {
    const c = { algorithm: 'de', problem: 'schwefel_1_2', dim: 600, set: { NP: '8' } };
    const schedule = { force: 'split' as const, chunk: 256, wg: 64 };
    const { states } = await compare({ ...c, schedule }, [1, 2, 3], { maxEvals: 200 });
    expect(states.length).toBe(3);
  });

  // A batch's tiled rotations (schedule.ts, STEP_TILE_INDIVIDUALS): 4 runs of 250 fill 125
  // workgroups of 8 individuals that share each of the composition's three matrices, their five
  // vectors (16,000 bytes for 8) in SCR, while a run alone computes the rows one individual a
  // workgroup. In the long stage (the tiled kernels take lavapipe about a minute to compile).
  itLong(
    'jDE NP 250 on a composition (cec2017_f22, D = 100), 4 runs: 8 individuals share M',
    async () => {
      const spec = { algorithm: 'jde', problem: 'cec2017_f22', dim: 100, set: { NP: '250' } };
      const plan = emitAlgorithm(compileAlgorithm({ ...spec, runs: 4 }), 'plan');
      expect(plan).toContain('team: 16 lanes per individual, 8 individuals per workgroup of 128');
      expect(plan).toContain(
        "vector objective.z3[100] as a tiled product of the workgroup's individuals: y in workgroup memory, M's columns 16 bytes a load, 4 rows of 2 individuals a lane, stored in SCR",
      );
      expect(emitAlgorithm(compileAlgorithm(spec), 'plan')).not.toContain('tiled product');
      const { states } = await compare(spec, [1, 2, 3, 4], { maxEvals: 250 * 3 });
      expect(states.length).toBe(4);
    },
  );

  // In the long stage (31 s from an empty shader cache; test/stage.ts).
  itLong('MA-SW-Chains, split regime with chained runs (PART by parity)', async () => {
    const spec = {
      algorithm: 'ma_sw_chains',
      problem: 'shifted_rastrigin',
      // A chain's chunks are whole blocks of the canonical order (schedule/canonical.ts): D past
      // 65,536, chunks of at least 1,024 elements.
      dim: 70_000,
      set: { N: '8', Noff: '4', Istr: '20' },
      schedule: { force: 'split' as const, chunk: 1024, wg: 64 },
    };
    const c = compileAlgorithm(spec);
    expect(c.steps.some((st) => c.compiled(st).plan().chain)).toBe(true);
    const { states } = await compare(spec, [5, 6], { maxGenerations: 2 });
    expect(states.length).toBe(2);
  });

  it("a batch larger than the device's largest binding is refused with the runs that fit", async () => {
    // DE NP 4,096 at D = 2,000: X and its trial copy alone are 2 x 4,096 x 2,000 floats (65.5 MB)
    // a run, so 64 runs exceed any binding of 2 GiB or less. Refused before anything is allocated.
    const c = compileAlgorithm({
      algorithm: 'de',
      problem: 'rastrigin',
      dim: 2000,
      set: { NP: '4096' },
    });
    const seeds = Array.from({ length: 64 }, (_, r) => r);
    const limit = ctx!.limits.maxStorageBufferBindingSize;
    const e = await GpuAlgoEngine.create(ctx!, c, seeds).then(
      () => undefined,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(BatchTooLarge);
    const { fits } = e as BatchTooLarge;
    expect(fits).toBeGreaterThanOrEqual(1);
    expect(fits).toBeLessThan(64);
    expect((e as Error).message).toBe(
      `a batch of 64 runs needs more than the device's largest storage binding: at most ${fits} fit`,
    );
    // The state of `fits` runs fits in one binding (each run's state is its largest region here:
    // DE's steps keep no per-individual scratch at D = 2,000), and of one more run it does not.
    const one = await GpuAlgoEngine.create(ctx!, c, 1);
    const bytes = one.stride * 4;
    one.destroy();
    expect(bytes).toBeGreaterThan(2 * 4096 * 2000 * 4);
    expect(fits * bytes).toBeLessThanOrEqual(limit);
    expect((fits + 1) * bytes).toBeGreaterThan(limit);
  });

  it('a program whose generation draws on the host does not batch, and says why', async () => {
    const c = compileAlgorithm({ algorithm: 'gojde', problem: 'sphere', dim: 10 });
    await expect(GpuAlgoEngine.create(ctx!, c, [1, 2])).rejects.toThrow(
      /gojde's runs cannot be batched: its generation decides which steps run by a random draw/,
    );
  });
});
