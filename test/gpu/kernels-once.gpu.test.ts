// The GPU engines read the compiled artefact's kernels (src/compile/kernels.ts): the shader
// modules an algorithm's engine makes are the texts of CompiledStep.kernels(), which `--emit
// wgsl` prints, and making the engine generates nothing more; a problem's evaluator takes
// CompiledProblem.kernels() for its options. An engine of a compilation handed embedded kernels
// (a module of `--emit ts`: AlgoCompileRequest.embedded) runs those, generating nothing, and its
// run is the run of kernels generated again, bit for bit. The code generator is wrapped to count
// its calls. test/kernels-once.test.ts checks the emitters.

import { describe, expect, it, vi } from 'vitest';
import type { ShaderSource } from '../../src/runtime/shader-check.js';

const calls = vi.hoisted(() => ({ step: 0, problem: 0 }));
vi.mock('../../src/codegen/wgsl.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/codegen/wgsl.js')>();
  return {
    ...m,
    generateWgsl: (...a: Parameters<typeof m.generateWgsl>) => {
      if (a[2]?.step) calls.step++;
      else calls.problem++;
      return m.generateWgsl(...a);
    },
  };
});

const { compileAlgorithm } = await import('../../src/compile/algorithm.js');
const { compileProblem } = await import('../../src/compile/problem.js');
const { algorithmKernels, embedKernels } = await import('../../src/compile/kernels.js');
const { emitAlgorithm } = await import('../../src/api.js');
const { GpuAlgoEngine } = await import('../../src/runtime/algo-gpu.js');
const { GpuEvaluator } = await import('../../src/runtime/gpu-eval.js');
const { runAlgorithm } = await import('../../src/runtime/run.js');
const { gpu } = await import('./helpers.js');

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

maybe('the GPU engines run the kernels of the compiled artefact', () => {
  // DE (the track fused into its first step), and a Solis-Wets-like loop in the split regime
  // (test/schedule/plan.test.ts, SW_LOOP), whose repeated step has a chain kernel.
  const sw = `problem p(x[D]) in [-1, 1] { sum(i) x[i]^2 }
algorithm sw(N = 4) {
  population X[N]
  state S[N] = 0
  state phase[1] = 0
  generation {
    repeat 5 {
      each i in X[1] {
        let plus = phase[0] == 0
        let y[j] = clamp(if plus then X[i][j] + 0.01 else X[i][j] - 0.01, lo, hi)
        let ok = f(y) < f(X[i])
        X[i] = if ok then y else X[i]
        S[i] = S[i] + (if ok then 1 else 0)
        phase[0] = if plus and not ok then 1 else 0
      }
    }
  }
}`;
  const cases = [
    { algorithm: 'de', problem: 'rastrigin', dim: 10 },
    {
      algorithm: 'sw',
      problem: 'p',
      // A chain's chunks are whole blocks of the canonical order (schedule/canonical.ts).
      dim: 70_000,
      sources: { 'sw.opt': sw },
      schedule: { force: 'split' as const, chunk: 1024, wg: 64 },
    },
  ];
  for (const req of cases)
    it(`${req.algorithm}: the engine's shaders are the artefact's texts, generated once a step`, async () => {
      const c = compileAlgorithm(req);
      calls.step = 0;
      const text = emitAlgorithm(c, 'wgsl');
      const engine = await GpuAlgoEngine.create(ctx!, c, 3);
      try {
        await runAlgorithm(c, engine, { seed: 3, maxGenerations: 2 });
        // Every step the engine runs, fused ones included, generated once, by whichever came first.
        expect(calls.step).toBe(c.steps.length);
        const shaders = (engine as unknown as { shaders: ShaderSource[] }).shaders;
        const made = c.steps.flatMap((st) => {
          const g = c.compiled(st).kernels();
          return [...g.kernels, ...(g.chain ? [g.chain.kernel] : [])].map((k) => ({
            label: `${st.name} ${k.name}`,
            code: k.code,
          }));
        });
        expect(shaders.map((s) => ({ label: s.label, code: s.code }))).toEqual(made);
        // What --emit wgsl printed is what the engine runs, step for step (fused steps aside).
        for (const { kernel } of algorithmKernels(c))
          expect(text).toContain(`// kernel ${kernel.name}\n${kernel.code}\n`);
        // The chain kernel is made and dispatched (between the repeat's runs).
        if (req.algorithm === 'sw') {
          expect(shaders.some((s) => s.label.endsWith(' step_chain'))).toBe(true);
          expect(engine.chained).toBeGreaterThan(0);
        }
      } finally {
        engine.destroy();
      }
    });

  for (const req of cases)
    it(`${req.algorithm}: an engine of embedded kernels runs them, generating nothing, as a generated one runs`, async () => {
      const shadersOf = (e: unknown) =>
        (e as { shaders: ShaderSource[] }).shaders.map((s) => ({ label: s.label, code: s.code }));
      const run = async (c: ReturnType<typeof compileAlgorithm>) => {
        const engine = await GpuAlgoEngine.create(ctx!, c, 5);
        try {
          const {
            seconds: _s,
            trace,
            ...r
          } = await runAlgorithm(c, engine, {
            seed: 5,
            maxGenerations: 6,
          });
          // Everything but the clock.
          const untimed = trace.map(({ seconds: _t, ...t }) => t);
          return {
            r: { ...r, trace: untimed },
            shaders: shadersOf(engine),
            chained: engine.chained,
          };
        } finally {
          engine.destroy();
        }
      };
      const c = compileAlgorithm(req);
      const generated = await run(c);
      const e = embedKernels(c);
      calls.step = 0;
      const d = compileAlgorithm({ ...req, embedded: e });
      expect(d.embeddedKernels).toBe(true);
      const taken = await run(d);
      expect(calls.step).toBe(0);
      expect(taken.shaders).toEqual(generated.shaders);
      expect(taken.chained).toBe(generated.chained);
      // The same run: evaluations, generations, best point and value, trace.
      expect(taken.r).toEqual(generated.r);
    });

  it("a problem's evaluator takes the artefact's kernels for its options", () => {
    const p = compileProblem({ problem: 'rastrigin', dim: 100 });
    calls.problem = 0;
    const a = new GpuEvaluator(ctx!, p, 16);
    const b = new GpuEvaluator(ctx!, p, 32);
    expect(a.wgsl).toBe(
      p.kernels({ subgroups: false, subgroupMaxSize: ctx!.features.subgroupMaxSize }),
    );
    expect(b.wgsl).toBe(a.wgsl);
    expect(calls.problem).toBe(1);
    a.destroy();
    b.destroy();
  });
});
