// The stdlib algorithms on the GPU (lavapipe in CI): they converge within the same budgets as on
// the CPU, a run is reproducible from its seed, and over the first generations a GPU run and a CPU
// run with the same seed take the same selections. The draws are the same on both backends (bit
// for bit for uniform, integer and distinct draws), so the runs differ only by float32 against
// float64 arithmetic: relative differences of a few float32 ulps (1e-7) per operation, growing
// slowly over the generations. A selection taken differently would replace a whole row by
// another individual's values: a relative difference of order 1. The tolerance 1e-3 separates
// the two by orders of magnitude either way.

import { describe, expect, it } from 'vitest';
import { compileAlgorithm } from '../../src/compile/algorithm.js';
import { CpuAlgoEngine } from '../../src/runtime/algo-cpu.js';
import { GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import { runAlgorithm } from '../../src/runtime/run.js';
import { generateStepWgsl } from '../../src/codegen/wgsl-step.js';
import { algo, BUDGET, THRESHOLDS } from '../algo/helpers.js';
import { expectSameState, gpu } from './helpers.js';
import { staged } from '../stage.js';

// The test command takes the cases marked quick below, the long stage the others (test/stage.ts):
// every algorithm's steps compile anew for each problem, size and setting (issue 36, item 5).

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

maybe('convergence at D = 10 within 100,000 evaluations (GPU backend)', () => {
  for (const [name, t] of Object.entries(THRESHOLDS))
    for (const [problem, threshold] of staged(Object.entries(t), ([p]) => p === 'sphere'))
      it(`${name} on ${problem}: error below ${threshold}`, async () => {
        const c = algo(name, problem, 10);
        const e = await GpuAlgoEngine.create(ctx!, c, 1);
        const r = await runAlgorithm(c, e, { seed: 1, maxEvals: BUDGET });
        e.destroy();
        expect(r.evals).toBeLessThanOrEqual(BUDGET);
        expect(r.bestFitness - c.algo.problem.optimum).toBeLessThan(threshold);
        // The best point read back is the point of the best fitness (float32 evaluation against
        // the float64 CPU one: a relative 1e-4 covers the rounding of a sum of 10 terms).
        const f = c.evaluatePoint(r.bestPoint);
        expect(Math.abs(f - r.bestFitness)).toBeLessThanOrEqual(1e-4 * Math.max(1, Math.abs(f)));
      });
});

const CASES: [string, string, Record<string, string>, number][] = [
  ['de', 'rastrigin', {}, 12],
  ['de', 'rastrigin', { mutation: 'best1', crossover: 'bin' }, 12],
  ['de', 'rosenbrock', { mutation: 'current_to_best1', crossover: 'bin' }, 12],
  ['de', 'sphere', { mutation: 'rand_to_best' }, 12],
  ['jde', 'rastrigin', {}, 12],
  ['gojde', 'sphere', { po: '0.5' }, 30],
  ['pso', 'rastrigin', {}, 12],
  ['pso', 'sphere', { topology: 'ring' }, 12],
  // The global best computed once a generation by a step of its own (let.g: 4,096 x 4,096 terms).
  ['pso', 'rastrigin', { N: '4096' }, 4],
];

maybe('GPU and CPU runs with one seed take the same selections', () => {
  // Not in the test command: GoDE's 30 generations and PSO's global best of 4,096 (long stage).
  for (const [name, problem, set, gens] of staged(CASES, ([n, , set]) => n !== 'gojde' && !set.N))
    it(`${name} ${JSON.stringify(set)} on ${problem}, ${gens} generations`, async () => {
      const c = algo(name, problem, 10, set);
      const g = await GpuAlgoEngine.create(ctx!, c, 7);
      const k = new CpuAlgoEngine(c, 7);
      // One generation per batch on the GPU too: the trace is compared after every generation.
      const rg = await runAlgorithm(c, g, { seed: 7, maxGenerations: gens, batch: 1 });
      const rk = await runAlgorithm(c, k, { seed: 7, maxGenerations: gens, batch: 1 });
      expect(rg.evals).toBe(rk.evals);
      expect(rg.trace.map((t) => t.evals)).toEqual(rk.trace.map((t) => t.evals));
      await expectSameState(c, g, k);
      g.destroy();
    });
});

maybe('the split regime (large D), forced at D = 1,000 with chunks of 256', () => {
  // Partials, combines and writes kernels; DE's population updated in place (the gathers finish
  // before the writes kernel), only replaced rows written. Same tolerance as above.
  const cases: [string, Record<string, string>][] = [
    ['de', { NP: '8', crossover: 'bin' }],
    ['de', { NP: '8', mutation: 'best1' }],
    ['jde', { NP: '8' }],
    ['pso', { N: '8', topology: 'ring' }],
    ['gojde', { NP: '8', po: '0.5' }],
  ];
  for (const [name, set] of staged(cases, (_c, k) => k === 0 || k === 2))
    it(`${name} ${JSON.stringify(set)}`, async () => {
      const c = compileAlgorithm({
        algorithm: name,
        problem: 'rastrigin',
        dim: 1000,
        set,
        schedule: { force: 'split', chunk: 256, wg: 64 },
        validateEach: true,
      });
      expect(c.steps.some((st) => c.compiled(st).gpuIr.schedule.regime.k === 'split')).toBe(true);
      const g = await GpuAlgoEngine.create(ctx!, c, 3);
      const k = new CpuAlgoEngine(c, 3);
      await runAlgorithm(c, g, { seed: 3, maxGenerations: 6, batch: 2 });
      await runAlgorithm(c, k, { seed: 3, maxGenerations: 6, batch: 2 });
      await expectSameState(c, g, k);
      g.destroy();
    });
});

maybe('the team regime, four consecutive elements a lane (D = 64, teams of 8)', () => {
  // A step's vectors, its row writes and its order-free reductions over the population (the
  // track's argmin) take four consecutive elements a lane where every lane gets at least one
  // vec4 (wgsl-team.ts vecStage4, wgsl-step.ts writeFour): the draws of four dimensions share a
  // Philox block, rows are 16-byte loads and stores; a reduction that reads the vector at its own
  // element is summed in the same loop. Same tolerance as above.
  // 256 individuals: the track's argmin, computed once for a workgroup of 8 individuals over its
  // 64 lanes (wgsl-team.ts, reduceStage), gives every lane a vec4.
  const cases: [string, Record<string, string>][] = [
    ['de', { NP: '256', crossover: 'bin' }],
    ['de', { NP: '256', mutation: 'best1' }],
    ['jde', { NP: '256' }],
    ['pso', { N: '256' }],
  ];
  for (const [name, set] of staged(cases, (_c, k) => k === 0))
    it(`${name} ${JSON.stringify(set)}`, async () => {
      const c = compileAlgorithm({
        algorithm: name,
        problem: 'rastrigin',
        dim: 64,
        set,
        schedule: { team: 8, wg: 64 },
        validateEach: true,
      });
      const code = c.steps
        .flatMap((st) =>
          generateStepWgsl(c.compiled(st).gpuIr, c.compiled(st).plan(), c.algo.state, {
            pingPong: c.pingPong,
          }).kernels.map((k) => k.code),
        )
        .join('\n');
      // The vector loop, the row writes (one vec4 store) and the population's argmin.
      for (const loop of ['var jw4: i32', 'var q4: i32']) expect(code).toContain(loop);
      // The vector's unit of four elements: a loop of its own, or a unit of the canonical loop.
      expect(code).toMatch(/var iv4: i32 = 4i \* i32\(lane\)|let iv4 = q \* 4i/);
      expect(code).toMatch(/S\[[^\n]*>> 2u\] = vec4<f32>\(/);
      // The track's argmin once for the workgroup (its 8 individuals), over its 64 lanes.
      expect(code).toContain('var q4: i32 = 0i + 4i * i32(lid)');
      // The fitness summed in the loop that makes the new point (wgsl-team.ts fusesReduce), the
      // canonical order's loop (schedule/canonical.ts), a unit of four elements an iteration.
      expect(code).toMatch(/var acc_fit: f32 = 0\.0f;\n\s*\{[\s\S]{0,600}?let iv4 = q \* 4i/);
      const g = await GpuAlgoEngine.create(ctx!, c, 9);
      const k = new CpuAlgoEngine(c, 9);
      await runAlgorithm(c, g, { seed: 9, maxGenerations: 6, batch: 1 });
      await runAlgorithm(c, k, { seed: 9, maxGenerations: 6, batch: 1 });
      await expectSameState(c, g, k);
      g.destroy();
    });
});

maybe("PSO's personal best in the split regime: the value writes after the vector writes", () => {
  // each.B copies P[i] into B[i] where keep = f(P[i]) < B.f[i], and sets B.f[i]: split, every
  // chunk's workgroup reads B.f[i] for keep, so B.f is written by a kernel of its own after the
  // vector writes (ir/step.ts, valueWritesAfter) instead of the step taking the team regime.
  it('pso, rastrigin, D = 1,000, N = 8: the same state as the CPU after 6 generations', async () => {
    const c = compileAlgorithm({
      algorithm: 'pso',
      problem: 'rastrigin',
      dim: 1000,
      set: { N: '8' },
      schedule: { force: 'split', chunk: 256, wg: 64 },
      validateEach: true,
    });
    const best = c.steps.find((st) => st.name === 'each.B')!;
    expect(c.compiled(best).gpuIr.schedule.regime.k).toBe('split');
    expect(
      c
        .compiled(best)
        .plan()
        .kernels.map((k) => k.name),
    ).toEqual(['step_writes', 'step_values']);
    const g = await GpuAlgoEngine.create(ctx!, c, 5);
    const k = new CpuAlgoEngine(c, 5);
    await runAlgorithm(c, g, { seed: 5, maxGenerations: 6, batch: 2 });
    await runAlgorithm(c, k, { seed: 5, maxGenerations: 6, batch: 2 });
    await expectSameState(c, g, k);
    g.destroy();
  });
});

maybe('GPU runs', () => {
  it('are reproducible from their seed', async () => {
    const c = algo('gojde', 'rastrigin', 10, { po: '0.3' });
    const xs: Float64Array[] = [];
    for (let k = 0; k < 2; k++) {
      const e = await GpuAlgoEngine.create(ctx!, c, 11);
      await runAlgorithm(c, e, { seed: 11, maxEvals: 10000 });
      xs.push(await e.readArray('X'));
      e.destroy();
    }
    expect(Array.from(xs[0]!)).toEqual(Array.from(xs[1]!));
  });

  it('report the generation that met the target, whatever their batches', async () => {
    // The track (fused into DE's step here) keeps the best point once its float32 best.f is at
    // most the target's float32 threshold: batches of 1, 7 and 1,024 generations agree.
    const c = algo('de', 'sphere', 10);
    const runs = [];
    for (const batch of [1, 7, 1024]) {
      const e = await GpuAlgoEngine.create(ctx!, c, 7);
      runs.push(await runAlgorithm(c, e, { seed: 7, maxEvals: 100000, target: 1e-8, batch }));
      e.destroy();
    }
    const [one, ...others] = runs;
    expect(one!.stopped).toBe('target');
    expect(one!.bestFitness).toBeLessThanOrEqual(1e-8);
    expect(one!.trace.at(-2)!.best).toBeGreaterThan(1e-8);
    expect(one!.evals).toBe(48 * (one!.generations + 1));
    // The reported point is the one evaluated: its float64 value is its float32 fitness's.
    expect(c.evaluatePoint(one!.bestPoint)).toBeCloseTo(one!.bestFitness, 15);
    for (const r of others) {
      expect(r.evals).toBe(one!.evals);
      expect(r.generations).toBe(one!.generations);
      expect(r.bestFitness).toBe(one!.bestFitness);
      expect(Array.from(r.bestPoint)).toEqual(Array.from(one!.bestPoint));
    }
  });

  it('draw the same distinct indices as the CPU: distinct, never the target', async () => {
    const src = `problem p(x[D]) in [-1, 1] { sum(i) x[i]^2 }
algorithm picks(NP = 7) {
  population X[NP]
  state R0[NP] = 0
  state R1[NP] = 0
  state R2[NP] = 0
  state R3[NP] = 0
  state K[NP] = 0
  generation {
    each i in X {
      let r = distinct(4, NP, except: i)
      let k = randint(5)
      R0[i] = r[0]
      R1[i] = r[1]
      R2[i] = r[2]
      R3[i] = r[3]
      K[i] = k
    }
  }
}`;
    const c = algo('picks', 'p', 3, {}, { 't.opt': src });
    const g = await GpuAlgoEngine.create(ctx!, c, 5);
    const k = new CpuAlgoEngine(c, 5);
    for (const e of [g, k]) await runAlgorithm(c, e, { seed: 5, maxGenerations: 3 });
    for (const name of ['R0', 'R1', 'R2', 'R3', 'K'])
      expect(Array.from(await g.readArray(name)), name).toEqual(
        Array.from(await k.readArray(name)),
      );
    const rows = await Promise.all(['R0', 'R1', 'R2', 'R3'].map((n) => k.readArray(n)));
    for (let i = 0; i < 7; i++) {
      const r = rows.map((a) => a[i]!);
      expect(new Set([...r, i]).size).toBe(5);
    }
    g.destroy();
  });
});
