// The fixed-target view of an experiment's runs, as COCO defines it (N. Hansen, A. Auger,
// D. Brockhoff, D. Tušar, T. Tušar, "COCO: Performance Assessment", arXiv:1605.03560, 2016;
// http://numbbo.github.io/coco-doc/perf-assessment/):
//
// - a run's runtime for a target t is the number of evaluations at which its best-so-far error
//   first reached t (error <= t); a run that never did is unsuccessful for t, and its whole
//   evaluation count is what it spent (its "RT^us", the same for every target it missed);
// - the average runtime (aRT, called ERT before) of a set of runs for t is "the sum of all
//   evaluations in unsuccessful trials plus the sum of the runtimes in successful trials, both
//   divided by the number of successful trials" (section "Average Runtime"): the expected
//   runtime of the algorithm restarted until it succeeds; infinite when no run succeeded;
// - the runtime ECDF of a set of problems (here: a problem and a target, over every problem with
//   an optimum an algorithm ran at one D, and COCO's 51 targets) at budget b is the fraction of
//   the (problem, run) pairs whose runtime divided by the dimension is at most b (section
//   "Empirical Cumulative Distribution Functions": ECDF(t) = 1/(|P| K) sum 1{RT_pk / n <= t}).
//   COCO samples the runtimes of simulated restarts (a bootstrap) before counting; this is the
//   plain empirical distribution of the runs themselves, so an unsuccessful run counts as never
//   reaching its target (COCO too counts a runtime as infinite where no run succeeded).
//
// The targets are COCO's default 51: 10^2 to 10^-8, five a decade (the figure captions of the
// same document: "51 targets uniform on a log scale between 10^2 and 10^-8").
//
// Pure functions over plain arrays, no I/O: src/report/fixed-target.ts reads the runs from
// the results database and writes the tables.

/** One row of a run's best-so-far trace: the evaluations so far and the best error then. */
export interface TracePoint {
  readonly evals: number;
  /** null where the problem declares no optimum (no error: such runs have no fixed-target view). */
  readonly error: number | null;
}

/** A finished run: its evaluations in all, and its trace in the order it was written. */
export interface RunRecord {
  readonly evals: number;
  readonly trace: readonly TracePoint[];
}

/**
 * 10^(j / perDecade). A whole power of ten is read from its decimal literal: `10 ** -4` is
 * 0.00009999999999999999 in V8, not the double nearest 1e-4, and a target must equal the 1e-4 a
 * user writes.
 */
function pow10(j: number, perDecade: number): number {
  return j % perDecade === 0 ? Number(`1e${j / perDecade}`) : 10 ** (j / perDecade);
}

/** COCO's 51 error targets, 10^(2 - k/5) for k = 0..50, from 1e2 down to 1e-8. */
export const COCO_TARGETS: readonly number[] = Array.from({ length: 51 }, (_, k) =>
  pow10(10 - k, 5),
);

/** The targets report.md shows (every target is in ert.csv). */
export const REPORT_TARGETS: readonly number[] = [1e1, 1e-1, 1e-3, 1e-5, 1e-8];

/**
 * For each target, the evaluations at which the run's error first reached it (the first trace
 * row with error <= target), or null where it never did. The trace holds a row per improvement
 * of the best so far (as a results database keeps it, the first row at or below each error level,
 * COCO's targets among them: src/experiment/database.ts thinTrace), so the first such row is the
 * first time; the scan does not assume the errors are sorted, only that the rows are in the order
 * of the run.
 */
export function firstHits(run: RunRecord, targets: readonly number[]): (number | null)[] {
  return targets.map((t) => {
    for (const p of run.trace) if (p.error !== null && p.error <= t) return p.evals;
    return null;
  });
}

/** A target's average runtime over a set of runs. */
export interface Ert {
  /** Evaluations; Infinity where no run succeeded (and where there were no runs). */
  readonly ert: number;
  readonly successes: number;
  readonly runs: number;
}

/**
 * The average runtime (COCO's aRT, the ERT) of `runs` for each target: the evaluations of every
 * run until it reached the target or, where it never did, until it ended, summed, divided by the
 * number of runs that reached it. No success gives Infinity, never NaN (0/0 with no runs too).
 */
export function ert(runs: readonly RunRecord[], targets: readonly number[]): Ert[] {
  const hits = runs.map((r) => firstHits(r, targets));
  return targets.map((_, j) => {
    let spent = 0;
    let successes = 0;
    runs.forEach((r, i) => {
      const h = hits[i]![j]!;
      if (h === null) spent += r.evals;
      else {
        spent += h;
        successes++;
      }
    });
    return { ert: successes ? spent / successes : Infinity, successes, runs: runs.length };
  });
}

/**
 * Log-spaced budgets: 10^(j / perDecade) for the integers j from the grid point at or below `lo`
 * to the one at or above `hi` (lo <= hi, both > 0). With perDecade = 5 they are spaced like
 * COCO's targets, and the decades are the doubles of 1, 10, 100, ... and 0.1, 0.01, ...
 */
export function logGrid(lo: number, hi: number, perDecade = 5): number[] {
  if (!(lo > 0 && hi >= lo && Number.isFinite(hi)))
    throw new RangeError(`logGrid: expected 0 < lo <= hi < inf, got ${lo}, ${hi}`);
  // The small slack keeps a value that is a grid point (100 = 10^(10/5)) from rounding past it
  // through log10's last bit.
  const from = Math.floor(Math.log10(lo) * perDecade + 1e-9);
  const to = Math.ceil(Math.log10(hi) * perDecade - 1e-9);
  const out: number[] = [];
  for (let j = from; j <= to; j++) out.push(pow10(j, perDecade));
  return out;
}

/**
 * The runtime ECDF of an algorithm at one dimension: for each budget b (in evaluations / D, the
 * x-axis COCO plots), the fraction of (run, target) pairs whose runtime (evaluations until the
 * run first reached the target) is at most b * D. Each entry of `problems` is one problem's runs;
 * a problem weighs 1 / (number of problems) whatever its number of runs, which is COCO's
 * 1 / (|P| K) when every problem has K runs (a partial experiment may have fewer in some cells).
 * Problems without runs are left out; with none at all the ECDF is undefined (RangeError).
 */
export function runtimeEcdf(
  problems: readonly (readonly RunRecord[])[],
  o: {
    readonly targets: readonly number[];
    readonly dim: number;
    readonly budgets: readonly number[];
  },
): number[] {
  const withRuns = problems.filter((p) => p.length > 0);
  if (!withRuns.length || !o.targets.length)
    throw new RangeError('runtimeEcdf: no runs (or no targets) to count');
  // Each problem's runtimes over its (run, target) pairs, sorted; null (never) left out.
  const perProblem = withRuns.map((runs) => {
    const times = runs
      .flatMap((r) => firstHits(r, o.targets))
      .filter((h): h is number => h !== null)
      .map((h) => h / o.dim)
      .sort((a, b) => a - b);
    return { times, pairs: runs.length * o.targets.length };
  });
  return o.budgets.map((b) => {
    // A relative slack of 1e-12 so that a runtime equal to a budget (400 evaluations at D = 4,
    // b = 100) counts as within it whatever the rounding of b.
    const limit = b * (1 + 1e-12);
    let sum = 0;
    for (const p of perProblem) sum += countAtMost(p.times, limit) / p.pairs;
    return sum / perProblem.length;
  });
}

/** How many entries of the sorted `xs` are <= v (binary search). */
function countAtMost(xs: readonly number[], v: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
