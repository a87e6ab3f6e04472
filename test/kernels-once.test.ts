// The compiled artefact's kernels (src/compile/kernels.ts, issue 35 item 3): each step's and each
// problem's WGSL is generated once, by the compilation, and every consumer reads that one
// generation: `--emit wgsl` (emitAlgorithm, emitProblem), `--emit ts` (emitTypeScript) and the
// GPU engines (test/gpu/kernels-once.gpu.test.ts). A module of `--emit ts` embeds an algorithm's
// kernels, and a compilation handed them (AlgoCompileRequest.embedded) takes them where their
// digest is its own: it generates nothing. The code generator is wrapped to count its calls; a
// consumer that generated again would show in the count.

import { describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ step: 0, problem: 0 }));
vi.mock('../src/codegen/wgsl.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../src/codegen/wgsl.js')>();
  return {
    ...m,
    generateWgsl: (...a: Parameters<typeof m.generateWgsl>) => {
      // A step's kernels come through here too (generateStepWgsl adds its hooks: o.step).
      if (a[2]?.step) calls.step++;
      else calls.problem++;
      return m.generateWgsl(...a);
    },
  };
});

const { compileAlgorithm, compileProblem, emitAlgorithm, emitProblem, emitTypeScript } =
  await import('../src/api.js');
const { algorithmKernels, embedKernels, kernelsDigest } = await import('../src/compile/kernels.js');
type EmbeddedKernels = import('../src/compile/kernels.js').EmbeddedKernels;
type CompiledAlgorithm = import('../src/compile/algorithm.js').CompiledAlgorithm;

type Embedded = { name: string; code: string; chain?: true };

/** The `wgsl` array a problem's module of `--emit ts` embeds. */
function embedded(module: string): Embedded[] {
  const m = /^export const wgsl: [^=]+= (\[[\s\S]*?\]);\n/m.exec(module);
  if (!m?.[1]) throw new Error('no wgsl array in the module');
  return JSON.parse(m[1]) as Embedded[];
}

/** The `kernels` an algorithm's module of `--emit ts` embeds. */
function embeddedAlgorithm(module: string): EmbeddedKernels {
  const m = /^export const kernels: EmbeddedKernels = (\{[\s\S]*?\n\});\n/m.exec(module);
  if (!m?.[1]) throw new Error('no kernels in the module');
  return JSON.parse(m[1]) as EmbeddedKernels;
}

/** The module's `wgsl`, as it reads it from its `kernels` (the list `--emit wgsl` prints). */
const listedOf = (e: EmbeddedKernels): Embedded[] =>
  e.steps
    .filter((s) => s.fusedInto === undefined)
    .flatMap((s) => [
      ...s.kernels.map((k) => ({ name: `${s.step}.${k.name}`, code: k.code })),
      ...(s.chain
        ? [
            {
              name: `${s.step}.${s.chain.kernel.name}`,
              code: s.chain.kernel.code,
              chain: true as const,
            },
          ]
        : []),
    ]);

/** Every step's kernels as the runtime reads them: text, bindings, workgroups, layout. */
function runtimeView(c: CompiledAlgorithm) {
  return c.steps.map((st) => {
    const { kernels, chain, ...layout } = c.compiled(st).kernels();
    const view = (k: (typeof kernels)[number]) => ({
      name: k.name,
      code: k.code,
      bindings: k.bindings,
      uses: k.uses,
      workgroups: [1, st.n, 1000].map((n) => k.workgroups(n)),
    });
    return {
      step: st.name,
      kernels: kernels.map(view),
      chain: chain && { kernel: view(chain.kernel), region: chain.region },
      layout,
    };
  });
}

/** The kernels `--emit wgsl` prints, in order: each `// kernel NAME` line and the code under it. */
function printed(text: string): { name: string; code: string }[] {
  const out: { name: string; code: string }[] = [];
  const parts = text.split(/^\/\/ kernel (\S+)\n/m);
  for (let i = 1; i < parts.length; i += 2) {
    // The code, up to the next step's header line.
    const code = parts[i + 1]!.split(/^\/\/ ---- step /m)[0]!;
    out.push({ name: parts[i]!, code: code.slice(0, -1) });
  }
  return out;
}

// [algorithm, problem, D]: DE, PSO and L-SHADE (each with the track fused into a step), and MA-SW-Chains at
// D = 100,000, in the split regime, where its Solis-Wets step has a chain kernel.
const CASES: [string, string, number][] = [
  ['de', 'rastrigin', 10],
  ['pso', 'sphere', 10],
  ['lshade', 'rosenbrock', 20],
  ['ma_sw_chains', 'rastrigin', 100_000],
];

describe('kernels are generated once, in the compiled artefact', () => {
  for (const [algorithm, problem, dim] of CASES)
    it(`${algorithm} on ${problem}, D = ${dim}: --emit wgsl and --emit ts show the artefact's kernels`, () => {
      const c = compileAlgorithm({ algorithm, problem, dim });
      // Compiling generates nothing; the kernels are made on first use.
      calls.step = 0;
      const listed = algorithmKernels(c);
      const own = c.steps.filter((st) => !c.fused.has(st));
      expect(calls.step).toBe(own.length);
      expect(new Set(listed.map((k) => k.step))).toEqual(new Set(own));
      // Each step's kernels, then its chain kernel: the objects of the step's one generation.
      for (const st of own) {
        const g = c.compiled(st).kernels();
        expect(listed.filter((k) => k.step === st).map((k) => k.kernel)).toEqual([
          ...g.kernels,
          ...(g.chain ? [g.chain.kernel] : []),
        ]);
        // The tree is kept beside the text it was printed from.
        for (const k of g.kernels) expect(k.module?.entry.body.length).toBeGreaterThan(0);
      }
      const chains = listed.filter((k) => k.chain);
      if (algorithm === 'ma_sw_chains')
        expect(chains.map((k) => k.kernel.name)).toEqual(['step_chain']);
      else expect(chains).toEqual([]);

      // --emit wgsl: the same texts, in that order; nothing generated again.
      const text = emitAlgorithm(c, 'wgsl');
      expect(printed(text)).toEqual(
        listed.map((k) => ({ name: k.kernel.name, code: k.kernel.code })),
      );
      // Every step the engines run, the fused ones included, once.
      for (const st of c.steps) c.compiled(st).kernels();
      expect(calls.step).toBe(c.steps.length);
      expect(emitAlgorithm(c, 'wgsl')).toBe(text);
      expect(calls.step).toBe(c.steps.length);

      // --emit ts compiles the algorithm itself: one generation a step of its own compilation
      // (every step's: the module embeds those the engines run), and the same kernels, the chain
      // kernel marked, in the list it reads from them.
      calls.step = 0;
      const module = emitTypeScript({ name: algorithm, problem, dim });
      expect(calls.step).toBe(c.steps.length);
      const e = embeddedAlgorithm(module);
      expect(e).toEqual(embedKernels(c));
      expect(e.digest).toBe(kernelsDigest(c));
      expect(listedOf(e)).toEqual(
        listed.map((k) => ({
          name: `${k.step.name}.${k.kernel.name}`,
          code: k.kernel.code,
          ...(k.chain ? { chain: true } : {}),
        })),
      );

      // The module's run hands them to the package: a compilation with them generates nothing,
      // and its steps' kernels are the generated ones as the runtime reads them.
      calls.step = 0;
      const d = compileAlgorithm({ algorithm, problem, dim, embedded: e });
      expect(d.embeddedKernels).toBe(true);
      expect(runtimeView(d)).toEqual(runtimeView(c));
      expect(calls.step).toBe(0);
      // Read back, a kernel has its text, not its syntax tree.
      expect(d.compiled(d.steps[0]!).kernels().kernels[0]!.module).toBeUndefined();
      expect(c.embeddedKernels).toBe(false);
    });

  it("embedded kernels are taken where their digest is the compilation's, else generated", () => {
    const e = embedKernels(compileAlgorithm({ algorithm: 'de', problem: 'sphere', dim: 4 }));
    const de = (set: Record<string, string>, embedded: EmbeddedKernels = e) =>
      compileAlgorithm({ algorithm: 'de', problem: 'sphere', dim: 4, set, embedded });
    // The defaults written out are the same program.
    calls.step = 0;
    expect(de({ NP: '48', crossover: 'exp' }).embeddedKernels).toBe(true);
    // Another population, another mutation: other steps, generated (once a step).
    for (const set of [{ NP: '16' }, { mutation: 'best1' }] as Record<string, string>[]) {
      const c = de(set);
      expect(c.embeddedKernels).toBe(false);
      for (const st of c.steps) c.compiled(st).kernels();
      expect(calls.step).toBe(c.steps.length);
      calls.step = 0;
    }
    // Another package version (or any change of what the kernels are generated from) is another
    // digest: generated again.
    expect(
      de({}, { ...e, digest: e.digest.replace(/^./, (x) => (x === '0' ? '1' : '0')) })
        .embeddedKernels,
    ).toBe(false);
    // Steps edited under an unchanged digest are refused.
    const edited = { ...e, steps: e.steps.map((s) => ({ ...s, step: `${s.step}x` })) };
    expect(() => de({}, edited)).toThrow(/edited; generate the module again/);
  });

  it("a problem's kernels: once for each set of options, read by --emit wgsl and --emit ts", () => {
    const p = compileProblem({ problem: 'rastrigin', dim: 100 });
    calls.problem = 0;
    const g = p.kernels();
    expect(p.kernels()).toBe(g);
    expect(p.kernels({})).toBe(g);
    expect(p.plan()).toBe(p.plan());
    expect(calls.problem).toBe(1);
    const text = emitProblem(p, 'wgsl');
    expect(calls.problem).toBe(1);
    for (const k of g.kernels) expect(text).toContain(`// ---- kernel ${k.name}\n${k.code}\n`);
    // Other options are another generation, kept as well.
    const sg = p.kernels({ subgroups: true, subgroupMaxSize: 32 });
    expect(sg).not.toBe(g);
    expect(p.kernels({ subgroups: true, subgroupMaxSize: 32 })).toBe(sg);
    expect(calls.problem).toBe(2);
    calls.problem = 0;
    const module = emitTypeScript({ name: 'rastrigin', dim: 100 });
    expect(calls.problem).toBe(1);
    expect(embedded(module)).toEqual(g.kernels.map((k) => ({ name: k.name, code: k.code })));
  });
});
