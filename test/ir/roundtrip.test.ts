// Print/parse round trip of the IR of every stdlib problem after every pass, at D in {1, 7, 100}
// ({10, 100} for the CEC functions, whose data exist only at some dimensions):
//   print -> parse -> print gives identical text;
//   the parsed program is structurally the original (types included, which the text does not spell
//   out for every node: the parser re-derives them; numbers compared with Object.is, so -0 too);
//   the parsed program validates and evaluates on the CPU backend to exactly the same float64 values
//   as the original at random points (same IR, same generated code: no tolerance).
// Also: a user program that uses every IR form, and the split-regime schedules.

import { beforeEach, describe, expect, it } from 'vitest';
import { buildPlan, compileIrUntil, compileProblem, type CompileRequest } from '../../src/api.js';
import { asScheduled, type IrProgram } from '../../src/ir/ir.js';
import { parseProgram, parseScheduled } from '../../src/ir/parse.js';
import { defaultScheduleOptions } from '../../src/schedule/schedule.js';
import { PASS_NAMES, runPipeline } from '../../src/compile/pipeline.js';
import { printProgram } from '../../src/ir/print.js';
import { validate } from '../../src/ir/validate.js';
import { evalAt, lolibSize, oneOfItsFamily, randomPoints, stdlibProblems } from './helpers.js';
import { staged } from '../stage.js';

// The tests of this file are synchronous, and vitest runs one after another without a turn of the
// event loop: together (a minute on two cores) they held the worker past vitest's 60 s limit on its
// RPC ("Timeout calling onTaskUpdate"). A turn before each test lets the worker answer.
beforeEach(() => new Promise<void>((r) => setImmediate(r)));

const PROBLEMS = stdlibProblems();
const DIMS = [1, 7, 100];
// The CEC suites have official data only at some dimensions (10 and 100 exist for every function).
// Seed 004's random-keys problems exist only at their instance's size (`where D == n`).
const dimsOf = (name: string) =>
  name.startsWith('lolib_') || name.startsWith('nlolib_')
    ? [lolibSize(name)]
    : name.startsWith('etc_')
      ? [512]
      : name.startsWith('cec2010_')
        ? [100, 150] // generated data at any D; 150 is not a multiple of the groups' 2 x 50
        : name.startsWith('cec')
          ? [10, 100]
          : DIMS;

function roundTripEveryPass(req: CompileRequest, npoints = 4): void {
  const c = compileProblem(req);
  const what = `${c.info.name} D=${req.dim}`;
  const data = c.dataAll();
  const points = randomPoints(req.dim, npoints, c.info.lo, c.info.hi, 1000 + req.dim);
  if (c.info.optimumPoint) points.push(Float64Array.from(c.info.optimumPoint));
  const stages: [string, IrProgram][] = [];
  runPipeline(
    c.lowered,
    { ...defaultScheduleOptions, ...req.schedule },
    { validateEach: true, onPass: (pass, p) => stages.push([pass, p]) },
  );
  expect(stages.map(([pass]) => pass)).toEqual(PASS_NAMES);
  for (const [pass, p] of stages) {
    const text = printProgram(p);
    const back = parseProgram(text);
    expect(printProgram(back), `${what} after ${pass}`).toBe(text);
    expect(back, `${what} after ${pass}: parsed structure`).toEqual(p);
    validate(back, `parse after ${pass}`);
    const want = evalAt(p, points, data);
    const got = evalAt(back, points, data);
    got.forEach((g, k) =>
      expect(
        Object.is(g, want[k]) || (Number.isNaN(g) && Number.isNaN(want[k])),
        `${what} after ${pass}: point ${k}: ${g} vs ${want[k]}`,
      ).toBe(true),
    );
  }
}

describe('stdlib problems', () => {
  it('are found (21 classic + 6 shifted, the CEC, SOCO and seed 004 suites)', () => {
    const combinatorial = (n: string) => /^(n?lolib|etc)_/.test(n);
    expect(
      PROBLEMS.filter((n) => !n.startsWith('cec') && !n.startsWith('soco') && !combinatorial(n)),
    ).toHaveLength(27);
    // Seed 004: 50 LOLIB instances and their N-LOLIB versions, 12 ETC matrices x 3 (makespan,
    // flowtime, the fitness).
    expect(PROBLEMS.filter((n) => n.startsWith('lolib_'))).toHaveLength(50);
    expect(PROBLEMS.filter((n) => n.startsWith('nlolib_'))).toHaveLength(50);
    expect(PROBLEMS.filter((n) => n.startsWith('etc_'))).toHaveLength(36);
    expect(PROBLEMS).toContain('shifted_schwefel_1_2');
    expect(PROBLEMS.filter((n) => n.startsWith('cec2017_'))).toHaveLength(29);
    expect(PROBLEMS.filter((n) => n.startsWith('cec2010_'))).toHaveLength(20);
    expect(PROBLEMS.filter((n) => n.startsWith('cec2014_'))).toHaveLength(30);
    expect(PROBLEMS.filter((n) => n.startsWith('soco2010_'))).toHaveLength(19);
    expect(PROBLEMS.filter((n) => n.startsWith('cec2008_'))).toHaveLength(6);
  });
});

// The CEC functions round-trip at D = 10 in the test command and at D = 100 in the long stage: the
// passes are the same, and evaluating every stage at D = 100 took 35 s of the test command. The
// instances of a data family (LOLIB, ETC) other than the one the test command takes
// (`oneOfItsFamily`) round-trip in the long stage.
const stagedDims = (name: string) =>
  name.startsWith('cec') && !name.startsWith('cec2010_')
    ? staged(dimsOf(name), (d) => d === 10)
    : staged(dimsOf(name), () => oneOfItsFamily(name));
// A problem with no case in this stage gets no block (vitest fails a block without tests).
const CASES = PROBLEMS.map((name) => [name, stagedDims(name)] as const).filter(
  ([, dims]) => dims.length > 0,
);
describe.each(CASES)('%s', (name, dims) => {
  it.each(dims)('round-trips after every pass at D = %i', (dim) =>
    roundTripEveryPass({ problem: name, dim }),
  );
});

describe('split-regime schedules', () => {
  // Schwefel 1.2's scan at D = 20000 (5 s) in the long stage; the other five in the test command.
  it.each(
    staged(
      PROBLEMS.filter((n) => n.startsWith('shifted_')),
      (n) => n !== 'shifted_schwefel_1_2',
    ),
  )('%s at D = 20000, split forced', (name) => {
    const c = compileProblem({
      problem: name,
      dim: 20000,
      schedule: { population: 16, force: 'split' },
    });
    expect(c.ir.schedule!.regime.k).toBe('split');
    roundTripEveryPass(
      { problem: name, dim: 20000, schedule: { population: 16, force: 'split' } },
      1,
    );
  });
});

// Every IR form the elaborator makes: argmin, count with where, mean (sum / n), idiv, int, %,
// gathers through a permutation, matrices, computed data, an exclusive scan, a conditional sum,
// if/and/or/not, binary builtins, problem calls on a slice and on a computed vector.
const FEATURES = `
data P[D] = permutation(seed: 3)
data M[D][D] = normal(0, 1, seed: 4)
data W[i] = sum(j) M[i][j]
problem inner(y[n]) in [-1, 1] optimum 0 {
  sum(i) y[i]^2
}
problem features(x[D]) in [-5, 5] optimum 0 {
  let a = argmin(i) x[i]
  let c = count(i where x[i] > 0) (not (x[i] > 2))
  let m = mean(i) abs(x[i])
  let y2 = 2 * x - 1
  let g[i] = x[int(P[i])] * W[i] + int(x[i]) % 3
  let h[i < D] = max(x[i], x[(i + 1) % D]) - min(x[i], -0.5)
  let s[i] = sum(j < i) g[j]
  let r[i] = sum(j) M[i][j] * x[j]
  inner(x[0:idiv(D, 2) + 1]) + inner(y2) + a + c * m + sum(i < D - 1 where i % 2 == 0) h[i]
    + sum(i) (s[i] + r[i] / 10) + (if x[0] < 0 or x[1 % D] > 1 then 1 else 2) - x[D - 1] ^ 3
    + prod(i) (1 + 0 * x[i]) + max(i) (x[i] * 1) + atan2(x[0], 1 - x[0]) + sign(x[0])
    + floor(x[0]) * clamp(x[0], -1, 1)
}
`;

describe('a user program with every IR form', () => {
  it.each(DIMS)('round-trips after every pass at D = %i', (dim) =>
    roundTripEveryPass({ problem: 'features', dim, sources: { 'features.opt': FEATURES } }),
  );
});

describe('the scheduled program as text', () => {
  const req = { problem: 'griewank', dim: 10 };

  it('a printed scheduled program parses back to one with the same plan', () => {
    const c = compileProblem(req);
    const back = parseScheduled(printProgram(c.ir));
    expect(back.schedule).toEqual(c.ir.schedule);
    expect(buildPlan(back, c.scheduleOptions)).toEqual(c.plan());
  });

  it('a program before the schedule pass is refused, as are callees left', () => {
    const fused = compileIrUntil(req, 'fuse');
    expect(fused.schedule).toBeUndefined();
    expect(() => parseScheduled(printProgram(fused))).toThrow(/has no schedule/);
    const c = compileProblem(req);
    const withCallee = { ...c.ir, funcs: [c.ir.main] };
    expect(() => asScheduled(withCallee)).toThrow(/still has functions/);
  });

  it('compileIrUntil stops the pipeline after the pass it names', () => {
    const c = compileProblem(req);
    const stages = new Map<string, IrProgram>();
    runPipeline(c.lowered, c.scheduleOptions, { onPass: (pass, p) => stages.set(pass, p) });
    for (const pass of PASS_NAMES)
      expect(printProgram(compileIrUntil(req, pass)), pass).toBe(printProgram(stages.get(pass)!));
  });
});
