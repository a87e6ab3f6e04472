// The structure of the compiled algorithms: how many kernels a generation dispatches, which
// regime each step takes, and which arrays the GPU double-buffers. Compilation only (no device).

import { describe, expect, it } from 'vitest';
import { GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import { algo } from './helpers.js';

const DE_BIN = { mutation: 'rand1', crossover: 'bin', F: '0.5', CR: '0.3' };

describe('DE/rand/1/bin', () => {
  it('at D = 100, NP = 250: one kernel a generation (mutation, crossover, evaluation, selection and the track fused)', () => {
    const c = algo('de', 'rastrigin', 100, { ...DE_BIN, NP: '250' });
    expect(GpuAlgoEngine.kernelsPerGeneration(c)).toBe(1);
    const each = c.algo.generation[0]!;
    expect(each.k).toBe('step');
    const fused = c.fused.get((each as unknown as { step: never }).step)!;
    const s = c.compiled(fused).gpuIr.schedule;
    expect(s.regime).toEqual({ k: 'team', team: 128, wg: 128 });
    expect(s.kernels).toBe(1);
    // The trial vector is kept (workgroup memory), computed once for its evaluation and its write.
    expect(s.stages.filter((st) => st.k === 'vec')).toHaveLength(1);
    // X is read at r0, r1, r2 while rows are replaced in the same kernel: two copies.
    expect([...c.pingPong].sort()).toEqual(['X', 'X.f', 'best', 'best.f']);
  });

  it('at D = 100,000, NP = 64: partials, combine and writes kernels, and X updated in place', () => {
    const c = algo('de', 'rastrigin', 100000, { ...DE_BIN, NP: '64' });
    const each = (c.algo.generation[0] as unknown as { step: never }).step;
    const s = c.compiled(each).gpuIr.schedule;
    expect(s.regime).toEqual({ k: 'split', wg: 256, chunk: 16384, groups: 7 });
    expect(s.kernels).toBe(3);
    expect(c.fused.size).toBe(0); // the track is its own step at large D
    expect(GpuAlgoEngine.kernelsPerGeneration(c)).toBe(6); // the step's 3 and the track's 3
    // The gathers happen in the partials kernel, the writes in the last: one copy suffices.
    expect([...c.pingPong]).toEqual([]);
  });
});

describe('the other algorithms', () => {
  it('jDE: one kernel a generation at D = 100; PSO: two steps and the track', () => {
    expect(GpuAlgoEngine.kernelsPerGeneration(algo('jde', 'rastrigin', 100))).toBe(1);
    // PSO: the swarm's move (with the fused track), then the personal bests.
    expect(GpuAlgoEngine.kernelsPerGeneration(algo('pso', 'rastrigin', 100))).toBe(2);
  });

  it('GOjDE: a DE generation is one kernel; a GOBL generation computes the bounds, the opposites and the selection (ranks, then the rows that change)', () => {
    const c = algo('gojde', 'rastrigin', 100, { po: '0.05' });
    const g = c.algo.generation[0]!;
    expect(g.k).toBe('if');
    const gobl = (g as { then: { k: string; step: { name: string } }[] }).then;
    expect(gobl.map((s) => s.step.name)).toEqual(['vec.a', 'vec.b', 'each.O', 'rank.X', 'best.X']);
  });
});

describe('a let every individual would compute again, computed once (the pass store-lets: passes/algo-store-lets.ts)', () => {
  const stepNames = (c: ReturnType<typeof algo>) =>
    c.algo.generation.flatMap((g) => (g.k === 'step' ? [g.step.name] : []));
  it("PSO's global best at N = 4,096 (4,096 x 4,096 terms): a step of its own before each.P", () => {
    const c = algo('pso', 'rastrigin', 10, { N: '4096' });
    expect(stepNames(c)).toEqual(['let.g', 'each.P', 'each.B']);
    // each.P reads it from its one-row array instead of reducing over B.
    const each = c.algo.generation[1] as unknown as {
      step: { prog: { main: { bindings: { name: string; body: unknown }[] } } };
    };
    const g = each.step.prog.main.bindings.find((b) => b.name.endsWith('g'))!;
    expect(JSON.stringify(g.body)).toContain('"arr":"let.g"');
    // A step of one individual takes the track fused (one team's work either way): three kernels.
    expect([...c.fused.values()].map((st) => st.name)).toEqual(['let.g+track']);
    expect(GpuAlgoEngine.kernelsPerGeneration(c)).toBe(3);
  });
  it("DE at NP = 4,096: best1's base vector X[g] computed once; rand1, whose folded step does not read g, has no such step", () => {
    expect(stepNames(algo('de', 'rastrigin', 10, { NP: '4096', mutation: 'best1' }))).toEqual([
      'let.g',
      'each.X',
    ]);
    expect(stepNames(algo('de', 'rastrigin', 10, { NP: '4096', mutation: 'rand1' }))).toEqual([
      'each.X',
    ]);
  });
  it('at N = 125 (the default) and at N = 2,000 (4,000,000 terms, under 2^22) every team computes it', () => {
    expect(stepNames(algo('pso', 'rastrigin', 10))).toEqual(['each.P', 'each.B']);
    expect(stepNames(algo('pso', 'rastrigin', 10, { N: '2000' }))).toEqual(['each.P', 'each.B']);
  });
});
