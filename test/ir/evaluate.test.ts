// The IR evaluator (src/ir/evaluate.ts) agrees exactly with the CPU backend (src/codegen/js.ts):
// every stdlib problem, and a program that uses every IR form (integer wrap-around, %, idiv,
// comparisons, sel, reductions with conditions, argmin/argmax, scans, problem calls, computed
// data), evaluated at random points after every pass, give the same float64 values (Object.is:
// NaN and -0 included).

import { describe, expect, it } from 'vitest';
import { compileProblem, type CompileRequest } from '../../src/api.js';
import { compileJs } from '../../src/codegen/js.js';
import { runPipeline } from '../../src/compile/pipeline.js';
import { evaluateProgram } from '../../src/ir/evaluate.js';
import type { IrProgram } from '../../src/ir/ir.js';
import { defaultScheduleOptions } from '../../src/schedule/schedule.js';
import { lolibSize, oneOfItsFamily, randomPoints, stdlibProblems } from './helpers.js';
import { staged } from '../stage.js';

const dimOf = (name: string) =>
  name.startsWith('lolib_') || name.startsWith('nlolib_')
    ? lolibSize(name)
    : name.startsWith('etc_')
      ? 512
      : name.startsWith('cec2010_')
        ? 100
        : 10;

function agreeAfterEveryPass(req: CompileRequest, lo?: number, hi?: number): void {
  const c = compileProblem(req);
  const data = c.dataAll();
  const points = randomPoints(req.dim, 3, lo ?? c.info.lo, hi ?? c.info.hi, 77 + req.dim);
  if (c.info.optimumPoint) points.push(Float64Array.from(c.info.optimumPoint));
  const stages: [string, IrProgram][] = [['lower', c.lowered]];
  runPipeline(c.lowered, defaultScheduleOptions, {
    until: 'scan',
    onPass: (pass, p) => stages.push([pass, p]),
  });
  for (const [pass, p] of stages) {
    const js = compileJs(p, data);
    const ev = evaluateProgram(p, data);
    for (const x of points)
      expect(Object.is(ev(x, 0), js(x, 0)), `${c.info.name} D=${req.dim} after ${pass}`).toBe(true);
  }
}

describe('the IR evaluator agrees with the CPU backend', () => {
  // One instance of each data family in the test command, the others in the long stage.
  it.each(staged(stdlibProblems(), oneOfItsFamily))('%s', (name) =>
    agreeAfterEveryPass({ problem: name, dim: dimOf(name) }),
  );

  const FORMS = `
data P[D] = permutation(seed: 3)
data M[D][D] = normal(0, 1, seed: 4)
data W[i] = sum(j where j != i) M[i][j] * (if P[j] < P[i] then 1 else -1)
problem inner(y[n]) in [-1, 1] optimum 0 {
  sum(i) y[i]^2
}
problem forms(x[D]) in [-5, 5] optimum 0 {
  let a = argmin(i) x[i]
  let b = argmax(i where i % 2 == 1) x[i]
  let c = count(i where x[i] > 0) (not (x[i] > 2))
  let big = int(x[0] * 400000000) * int(x[1] * 400000000)
  let wrap = big + 2147483000
  let q = idiv(int(x[1] * 10), 3) + int(x[2] * 10) % 4 + (0 - int(x[2] * 10)) % 4
  let y2 = 2 * x - 1
  let g[i] = x[int(P[i])] * W[i] + int(x[i]) % 3
  let h[i < D] = max(x[i], x[(i + 1) % D]) - min(x[i], -0.5)
  let s[i] = sum(j < i) g[j]
  let t[i] = sum(j <= i) h[j]
  inner(x[0:idiv(D, 2) + 1]) + inner(y2) + a + b + c + big + wrap + q + mean(i) abs(x[i])
    + sum(i < D - 1 where i % 2 == 0 and x[i] != x[i + 1]) h[i] + sum(i) (s[i] - t[i])
    + (if x[0] < 0 or x[1 % D] >= 1 then 1 else 2) - x[D - 1] ^ 3 + x[0] % 0.7
    + prod(i) (1 + x[i] / 10) + max(i) x[i] + min(i) x[i] + atan2(x[0], 1 - x[0])
    + sign(x[0]) + floor(x[0]) * clamp(x[0], -1, 1) + round(x[1] * 3) + log10(abs(x[2]) + 1)
    + fract(x[0]) + pow(x[1], 3) + pow(abs(x[1]), 0.3) + sqrt(x[0] * x[1]) + log(x[1])
}
`;
  it.each([3, 8, 33])('a program with every IR form at D = %i', (dim) =>
    agreeAfterEveryPass({ problem: 'forms', dim, sources: { 'forms.opt': FORMS } }, -5, 5),
  );
});
