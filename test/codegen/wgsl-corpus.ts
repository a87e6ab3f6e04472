// The corpus of the WGSL golden test (wgsl-golden.test.ts): every kernel the code generator makes
// for the stdlib problems of a few suites at two dimensions in both regimes, and for every stdlib
// algorithm's steps in both regimes, with and without subgroup operations.

import { OptError, compileAlgorithm, compileProblem, suiteProblems } from '../../src/api.js';
import { generateWgsl } from '../../src/codegen/wgsl.js';
import { generateStepWgsl } from '../../src/codegen/wgsl-step.js';
import { defaultScheduleOptions, type ScheduleOptions } from '../../src/schedule/schedule.js';

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

// The regime test's programs (test/gpu/regimes.gpu.test.ts): every reduction, stored and fused
// scans, scans by moments and by chunk sums and rescan, dynamic bounds.
const KINDS = {
  'kinds.opt': `
problem reductions(x[D]) in [-10, 10] optimum 0 {
  let a = sum(i) x[i]^2
  let b = prod(i) (1 + 0.01 * x[i])
  let c = min(i) x[i]
  let d = max(i < D - 1) x[i + 1]
  let e = count(i) (x[i] > 0)
  let f = argmin(i) abs(x[i] - 1)
  let g = argmax(i where i % 3 != 1) x[i]
  let h = mean(i in 0..D) x[i]   // an empty mean is NaN on the CPU, unspecified on the GPU (docs/language.md)
  a + b + c * 3 + d + e + f * 0.5 + g * 0.25 + h
}
problem neighbours(x[D]) in [-10, 10] optimum 0 {
  let z[i] = x[i] * 2 - 1
  sum(i) (z[i] * z[(i + 1) % D] + z[(i + D - 1) % D])
}
problem scans(x[D]) in [-10, 10] optimum 0 {
  let s[i] = sum(j <= i) x[j]
  let t[i] = sum(j < i) x[j] * 0.5
  sum(i) (s[i]^2 + t[i]) + s[D - 1]
}
problem stages(x[D]) in [-10, 10] optimum 0 {
  let m = sum(i) x[i] / D
  let v = sum(i) (x[i] - m)^2
  sqrt(v / D) + max(i) abs(x[i] - m)
}
problem dynamic_bounds(x[D]) in [-10, 10] optimum 0 {
  let k = count(i) (x[i] > 0)
  let m = idiv(D, 3)
  sum(i < k) x[i]^2 + max(i in m..k) x[i]
}
problem scan_sin(x[D]) in [-10, 10] optimum 0 {
  let s[i] = sum(j <= i) x[j] * 0.01
  sum(i) sin(s[i]) + sum(i) (s[i]^3 - 2 * s[i] * x[i])
}
problem matvec(x[D]) in [-10, 10] optimum 0 {
  let y[i] = sum(j) (1 + ((i + j) % 5)) * x[j] / D
  sum(i) y[i]^2
}
`,
};

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
  const kinds = Object.keys(KINDS).length
    ? [...KINDS['kinds.opt'].matchAll(/^problem (\w+)/gm)].map((m) => m[1]!)
    : [];
  for (const name of [...problems, ...kinds])
    for (const dim of [10, 100, 1000, 3000])
      for (const [regime, schedule] of Object.entries(REGIMES)) {
        const p = compiled(name, dim, schedule, kinds.includes(name) ? KINDS : undefined);
        if (!p) continue;
        const seen = new Set<string>();
        for (const sg of SUBGROUPS) {
          const text = generateWgsl(p.ir, sg.o)
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
          const plan = generateStepWgsl(c.gpuIr.get(st)!, c.algo.state, {
            pingPong: c.pingPong,
            ...sg.o,
          });
          for (const k of plan.kernels)
            text += `// ---- step ${st.name} kernel ${k.name} uses ${k.bindings.map((b) => b.name).join(',')}\n${k.code}\n`;
        }
        if (seen.has(text)) continue;
        seen.add(text);
        yield [`a_${algorithm}_${tag}_${problem}_${dim}_${sg.name}.wgsl`, text];
      }
    }
}
