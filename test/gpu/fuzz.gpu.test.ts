// Differential fuzzing of the compiler: random well-typed problems (lets, vectors, scans, gathers
// with wrap-around, several reductions with ranges and conditions, scalar stages that depend on
// reductions) compiled for the GPU in both regimes and compared with the CPU backend within the
// float32 error bound. Only smooth operations are generated (no floor/round, whose float32 result
// can move by a whole step, and no log/sqrt of negative numbers), and no scalar reduction over a
// range that can be empty (an empty mean is NaN on the CPU, unspecified on the GPU), so the bound
// applies.

import { describe, expect, it } from 'vitest';
import { compareOnGpu, gpu } from './helpers.js';
import { staged } from '../stage.js';
import { rng } from '../rng.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');

/** Data and a callee that the random problems use. */
const SHARED = `data fz_o[D] = uniform(-1, 1, seed: 9)
data fz_m[D][D] = normal(0, 1, seed: 10)
problem fz_inner(y[n]) in [-3, 3] optimum 0 { sum(i) (y[i]^2 - cos(y[i])) + max(i) y[i] * 0.5 }
`;

/** A random problem in the language; `vecs` are vector lets usable at index i. */
function randomProblem(seed: number): string {
  const r = rng(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
  const lines: string[] = [];
  const vecs = ['x', 'fz_o'];
  const scalars: string[] = [];
  const elem = (depth: number, i: string): string => {
    const leaf = () =>
      pick([
        `${pick(vecs)}[${i}]`,
        `${pick(vecs)}[(${i} + ${1 + Math.floor(r() * 3)}) % D]`,
        (r() * 4 - 2).toFixed(3),
        ...scalars.map((s) => `${s} * 0.01`),
      ]);
    if (depth <= 0 || r() < 0.3) return leaf();
    const a = elem(depth - 1, i);
    const b = elem(depth - 1, i);
    return pick([
      `(${a} + ${b})`,
      `(${a} - ${b})`,
      `(${a} * ${b})`,
      `sin(${a})`,
      `cos(${a})`,
      `(${a})^2`,
      `abs(${a})`,
      `(${a}) / (1 + (${b})^2)`,
      `tanh(${a})`,
      `(if (${a}) > (${b}) then ${a} else ${b})`,
    ]);
  };
  const nLets = 1 + Math.floor(r() * 3);
  for (let k = 0; k < nLets; k++) {
    const kind = r();
    const name = `v${k}`;
    if (kind < 0.35) lines.push(`let ${name}[i] = ${elem(2, 'i')}`);
    else if (kind < 0.55) lines.push(`let ${name}[i] = sum(j <= i) (${elem(1, 'j')}) * 0.1`);
    else if (kind < 0.65) lines.push(`let ${name}[i] = sum(j) fz_m[i][j] * (${elem(1, 'j')}) / D`);
    else if (kind < 0.75) {
      // A call of another problem on a slice and on a shifted whole vector (inlining, slices).
      const s = `c${k}`;
      lines.push(`let ${s} = fz_inner(x[0:idiv(D + 1, 2)]) * 0.1 + fz_inner(x - fz_o) * 0.01`);
      scalars.push(s);
      continue;
    } else {
      const red = pick(['sum', 'max', 'min', 'mean', 'prod']);
      const s = `s${k}`;
      lines.push(
        `let ${s} = ${red}(i${pick(['', ' < D', ' in 0..D', ' where i % 2 == 0'])}) (${elem(2, 'i')})`,
      );
      scalars.push(s);
      continue;
    }
    vecs.push(name);
  }
  const result = [
    `sum(i) (${elem(2, 'i')})`,
    `${pick(['sum', 'max'])}(i) (${elem(1, 'i')})`,
    ...scalars.slice(0, 1),
  ].join(' + ');
  // prod of unbounded terms overflows float32 (and not float64): keep the factors within 1% of 1,
  // so that even 3,000 of them stay below e^30.
  const body = lines.map((l) =>
    l.replace(/= prod\((.*?)\) \((.*)\)$/, '= prod($1) (1 + 0.01 * tanh($2))'),
  );
  return `${SHARED}problem fuzz(x[D]) in [-3, 3] optimum 0 {\n  ${body.join('\n  ')}\n  ${result}\n}\n`;
}

describe.skipIf(!ctx)('random problems: GPU against CPU', () => {
  // Programs 0-19 (every D of the cycle four times) in the test command, the others in the long
  // stage (test/stage.ts). Program 9 too: its shaders took 11 s of lavapipe's compiling, cold.
  const cases = staged(
    Array.from({ length: Number(process.env.OPT_FUZZ_CASES ?? 60) }, (_, k) => k),
    (k) => k < 20 && k !== 9,
  );
  it.each(cases)('program %i', async (k) => {
    const src = randomProblem(Number(process.env.OPT_FUZZ_SEED ?? 1000) + k);
    const D = [1, 5, 64, 257, 3000][k % 5]!;
    for (const force of D >= 3000 ? (['team', 'split'] as const) : (['team'] as const)) {
      const c = await compareOnGpu(ctx!, 'fuzz', D, 3, k, {
        sources: { 'fuzz.opt': src },
        schedule: { force, chunk: 1024 },
      });
      expect(c.worst, `${force}, D = ${D}:\n${src}`).toBeLessThanOrEqual(1);
    }
  });
});
