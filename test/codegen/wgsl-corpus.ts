// The corpus of the WGSL golden test (wgsl-golden.test.ts): every kernel the code generator makes
// for the problems of the seed000 and gpu_de_benchmark suites and of the regime tests' fixture
// (test/gpu/kinds.ts) at D = 10, 100, 1000 and 3000 where they take it, in both regimes; and for
// the stdlib algorithms' steps (DE's mutations and crossovers, jDE, GOjDE, PSO) in the team regime
// and, for some, at D = 100,000 in the split regime; each with and without subgroup operations
// (no kernel uses them since scans round in their canonical order, src/codegen/wgsl-scan.ts: the
// variants equal the plain texts and are not stored).

import { OptError, compileAlgorithm, compileProblem, suiteProblems } from '../../src/api.js';
import { generateWgsl } from '../../src/codegen/wgsl.js';
import { generateStepWgsl } from '../../src/codegen/wgsl-step.js';
import { defaultScheduleOptions, type ScheduleOptions } from '../../src/schedule/schedule.js';
import { KINDS } from '../gpu/kinds.js';

const REGIMES: Record<string, Partial<ScheduleOptions>> = {
  team: { force: 'team' },
  // Small chunks: several workgroups per individual even at small D.
  split: { force: 'split', wg: 64, chunk: 256 },
};
const SUBGROUPS = [
  { name: 'plain', o: {} },
  { name: 'sg', o: { subgroups: true } },
  { name: 'sg32', o: { subgroups: true, subgroupMaxSize: 32 } },
];

/** The problem at `dim`, or undefined where the problem does not take that dimension. */
function compiled(
  problem: string,
  dim: number,
  schedule: Partial<ScheduleOptions>,
  sources?: Record<string, string>,
) {
  try {
    return compileProblem({
      problem,
      dim,
      sources,
      schedule: { ...defaultScheduleOptions, population: 8, ...schedule },
    });
  } catch (e) {
    if (e instanceof OptError) return undefined;
    throw e;
  }
}

/** One entry per (case, kernel): the file name under golden/ and the kernel's WGSL. */
export function* corpus(): Generator<[string, string]> {
  const problems = [
    ...new Set([...suiteProblems('seed000'), ...suiteProblems('gpu_de_benchmark')]),
  ];
  // The fixture's problems, by name from its text.
  const kinds = [...KINDS['kinds.opt'].matchAll(/^problem (\w+)/gm)].map((m) => m[1]!);
  for (const name of [...problems, ...kinds])
    for (const dim of [10, 100, 1000, 3000])
      for (const [regime, schedule] of Object.entries(REGIMES)) {
        const p = compiled(name, dim, schedule, kinds.includes(name) ? KINDS : undefined);
        if (!p) continue;
        const seen = new Set<string>();
        for (const sg of SUBGROUPS) {
          const text = generateWgsl(p.ir, p.plan(), sg.o)
            .kernels.map(
              (k) => `// ---- ${k.name} uses ${k.bindings.map((b) => b.name).join(',')}\n${k.code}`,
            )
            .join('\n');
          // Subgroups change only kernels with scans: other variants are stored once.
          if (seen.has(text)) continue;
          seen.add(text);
          yield [`p_${name}_${dim}_${regime}_${sg.name}.wgsl`, text];
        }
      }
  // [algorithm, parameters, also at D = 100,000 (the split regime; the texts are large)]
  const algos: [string, Record<string, string>, boolean][] = [
    ['de', { mutation: 'rand1', crossover: 'bin' }, true],
    ['de', { mutation: 'rand1', crossover: 'exp' }, false],
    ['de', { mutation: 'best1', crossover: 'bin' }, false],
    ['de', { mutation: 'current_to_best1', crossover: 'exp' }, true],
    ['de', { mutation: 'rand_to_best', crossover: 'bin', NP: '64' }, false],
    ['jde', {}, false],
    ['gojde', { po: '0.05' }, true],
    ['pso', {}, true],
  ];
  for (const [algorithm, set, large] of algos)
    for (const [problem, dim] of [
      ['rastrigin', 100],
      ['schwefel_1_2', 100],
      ...(large ? ([['rastrigin', 100000]] as const) : []),
      ...(large && algorithm === 'de' ? ([['schwefel_1_2', 100000]] as const) : []),
    ] as const) {
      const c = compileAlgorithm({ algorithm, problem, dim, set });
      const tag = Object.entries(set)
        .map(([k, v]) => `${k}${v}`)
        .join('_');
      const seen = new Set<string>();
      for (const sg of SUBGROUPS) {
        let text = '';
        for (const st of c.steps) {
          const wgsl = generateStepWgsl(c.compiled(st).gpuIr, c.compiled(st).plan(), c.algo.state, {
            pingPong: c.pingPong,
            ...sg.o,
          });
          for (const k of wgsl.kernels)
            text += `// ---- step ${st.name} kernel ${k.name} uses ${k.bindings.map((b) => b.name).join(',')}\n${k.code}\n`;
        }
        if (seen.has(text)) continue;
        seen.add(text);
        yield [`a_${algorithm}_${tag}_${problem}_${dim}_${sg.name}.wgsl`, text];
      }
    }
}
