// The fixed-target analysis (src/analysis/fixed-target.ts) on small cases derived by hand, against
// COCO's definitions (Hansen et al., "COCO: Performance Assessment", arXiv:1605.03560: aRT is the
// evaluations of all runs until success or their end, over the number of successes; the runtime
// ECDF at t is the fraction of (problem, run) pairs with runtime / D <= t).

import { describe, expect, it } from 'vitest';
import {
  COCO_TARGETS,
  REPORT_TARGETS,
  ert,
  firstHits,
  logGrid,
  runtimeEcdf,
  type RunRecord,
} from '../../src/api/analysis.js';

const run = (evals: number, trace: [number, number | null][]): RunRecord => ({
  evals,
  trace: trace.map(([e, error]) => ({ evals: e, error })),
});

// Three runs of one cell (a trace row: evaluations, best error so far).
// A: 1000 evaluations; error 50 after 100, 5 at 200, 0.5 at 400, then nothing better.
const A = run(1000, [
  [100, 50],
  [200, 5],
  [400, 0.5],
  [1000, 0.5],
]);
// B: stopped at 600; 20 after 100, 0.05 at 300.
const B = run(600, [
  [100, 20],
  [300, 0.05],
  [600, 0.05],
]);
// C: 1000 evaluations, never better than its first 80.
const C = run(1000, [
  [100, 80],
  [1000, 80],
]);

describe('COCO targets', () => {
  it('are 51, 10^(2 - k/5) from 1e2 down to 1e-8, the decades exactly as written', () => {
    expect(COCO_TARGETS).toHaveLength(51);
    expect(COCO_TARGETS[0]).toBe(100);
    expect(COCO_TARGETS[50]).toBe(1e-8);
    // Every fifth is a decade, the double a user would write (10 ** -4 is not 1e-4 in V8).
    expect(COCO_TARGETS.filter((_, k) => k % 5 === 0)).toEqual([
      1e2, 1e1, 1, 1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8,
    ]);
    for (let k = 1; k < 51; k++)
      expect(COCO_TARGETS[k - 1]! / COCO_TARGETS[k]!).toBeCloseTo(10 ** 0.2, 12);
    for (const t of REPORT_TARGETS) expect(COCO_TARGETS).toContain(t);
  });
});

describe('first hitting evaluations', () => {
  it('are the evaluations of the first trace row at or below each target', () => {
    // A reaches 10 at 200 (5 <= 10), 1 at 400, never 0.1; 0.5 at 400 (equal counts as reached).
    expect(firstHits(A, [10, 1, 0.5, 0.1])).toEqual([200, 400, 400, null]);
    expect(firstHits(B, [10, 1, 0.1])).toEqual([300, 300, 300]);
    expect(firstHits(C, [100, 10])).toEqual([100, null]); // the first row (initialisation) counts
  });

  it('take the first row in the order of the run, whatever the errors after it', () => {
    const bumpy = run(500, [
      [100, 3],
      [200, 0.5],
      [300, 2],
      [400, 0.1],
    ]);
    expect(firstHits(bumpy, [1, 0.2])).toEqual([200, 400]);
  });

  it('never hit where there is no error (a problem without an optimum)', () => {
    expect(firstHits(run(100, [[10, null]]), [1e2, 1e-8])).toEqual([null, null]);
  });
});

describe('average runtime (ERT)', () => {
  it("is the runs' evaluations until success or their end over the successes", () => {
    // target 10:  A 200 (hit) + B 300 (hit) + C 1000 (its end) = 1500, 2 successes -> 750
    // target 1:   A 400 + B 300 + C 1000 = 1700, 2 -> 850
    // target 0.1: A 1000 (end) + B 300 + C 1000 = 2300, 1 -> 2300
    // target 1e-8: nobody -> inf
    expect(ert([A, B, C], [10, 1, 0.1, 1e-8])).toEqual([
      { ert: 750, successes: 2, runs: 3 },
      { ert: 850, successes: 2, runs: 3 },
      { ert: 2300, successes: 1, runs: 3 },
      { ert: Infinity, successes: 0, runs: 3 },
    ]);
  });

  it('is the mean runtime when every run succeeds, and depends not on the order of the runs', () => {
    // target 10: A 200, B 300 -> 250, their mean.
    expect(ert([A, B], [10])[0]).toEqual({ ert: 250, successes: 2, runs: 2 });
    expect(ert([C, B, A], [10, 1, 0.1])).toEqual(ert([A, B, C], [10, 1, 0.1]));
  });

  it('is inf, never NaN, with no runs or no error', () => {
    expect(ert([], [1])).toEqual([{ ert: Infinity, successes: 0, runs: 0 }]);
    expect(ert([run(100, [[100, null]])], [1])).toEqual([{ ert: Infinity, successes: 0, runs: 1 }]);
  });
});

describe('runtime ECDF', () => {
  it('is the fraction of (run, target) pairs reached within a budget of evaluations / D', () => {
    // D = 2, targets 10, 1, 0.1: runtimes / D are A: 100, 200, never; B: 150, 150, 150;
    // C: never x 3. Nine pairs: at 50 none; at 100 one (A, 10); at 150 four (A, 10 and B's
    // three); at 200 five (A, 1 too); beyond, still five.
    const f = runtimeEcdf([[A, B, C]], {
      targets: [10, 1, 0.1],
      dim: 2,
      budgets: [50, 100, 150, 200, 1000],
    });
    expect(f).toEqual([0, 1 / 9, 4 / 9, 5 / 9, 5 / 9]);
  });

  it('weighs each problem the same, whatever its number of runs', () => {
    // Problem 1: A, B, C as above (4 of 9 pairs at 150); problem 2: B alone (3 of 3 at 150).
    // Mean over the problems: (4/9 + 1) / 2 = 13/18. Pooling the pairs would give 7/12.
    const f = runtimeEcdf([[A, B, C], [B]], { targets: [10, 1, 0.1], dim: 2, budgets: [150] });
    expect(f[0]).toBeCloseTo(13 / 18, 15);
    // With the same number of runs it is COCO's 1/(|P| K) sum: problem 2 = [B, B, B] gives
    // (4 + 9) / 18 too.
    expect(
      runtimeEcdf(
        [
          [A, B, C],
          [B, B, B],
        ],
        { targets: [10, 1, 0.1], dim: 2, budgets: [150] },
      )[0],
    ).toBeCloseTo(13 / 18, 15);
  });

  it('counts a runtime equal to a budget as within it', () => {
    // 400 evaluations at D = 4 is 100 evaluations / D, the grid point 10^(10/5).
    const r = run(1000, [[400, 1e-9]]);
    const b = logGrid(100, 100);
    expect(b).toEqual([100]);
    expect(runtimeEcdf([[r]], { targets: [1], dim: 4, budgets: b })).toEqual([1]);
  });

  it('leaves out problems without runs, and has no value with no runs at all', () => {
    expect(runtimeEcdf([[A], []], { targets: [10], dim: 1, budgets: [1000] })).toEqual([1]);
    expect(() => runtimeEcdf([[]], { targets: [10], dim: 1, budgets: [1] })).toThrow(RangeError);
  });
});

describe('log-spaced budgets', () => {
  it('run five a decade from the grid point at or below lo to the one at or above hi', () => {
    // log10(3) * 5 = 2.39 -> from 10^(2/5); log10(500) * 5 = 13.5 -> to 10^(14/5) = 631.
    const g = logGrid(3, 500);
    expect(g).toHaveLength(13);
    expect(g[0]).toBeCloseTo(10 ** 0.4, 12);
    expect(g.at(-1)).toBeCloseTo(10 ** 2.8, 10);
    expect(g).toContain(10);
    expect(g).toContain(100);
    // Ends on grid points stay where they are.
    expect(logGrid(1, 100)).toHaveLength(11);
    expect(logGrid(0.1, 0.1)).toEqual([0.1]);
    expect(logGrid(1, 1000, 1)).toEqual([1, 10, 100, 1000]);
    expect(() => logGrid(0, 10)).toThrow(RangeError);
    expect(() => logGrid(10, 1)).toThrow(RangeError);
  });
});
