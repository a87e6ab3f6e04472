// Every finished run of an experiment, with its best-so-far trace, read from DIR/results.sqlite
// (src/experiment/database.ts) for the views that need the runs themselves rather than their final
// values: the fixed-target view (src/report/fixed-target.ts) and the IOHprofiler export
// (src/report/ioh.ts), and the figures (src/report/figures.ts).

import { openResults } from '../experiment/database.js';

/** One row of a run's trace: evaluations so far, the best f then and its error (null: no optimum). */
export interface TraceRow {
  evals: number;
  best: number | null;
  error: number | null;
}

export interface FinishedRun {
  run: number;
  seed: number;
  evals: number;
  stopped: string;
  /**
   * The final error: the float64 error of the best point evaluated on the host (the run table's
   * best_error, the value report.md's statistics and rank tests use); null without an optimum.
   */
  bestError: number | null;
  /** f at the best point, in float64 on the host (the run table's best_fitness); null: NaN. */
  bestFitness: number | null;
  /** The trace in order (k): the first row after initialisation, each improvement, the last. */
  trace: TraceRow[];
  /** The best point (float64), where it was asked for (see readExperimentRuns). */
  bestPoint?: number[];
}

export interface CellRuns {
  id: number;
  /** The algorithm's name (de) and its label with its parameter values (de(F: 0.5)). */
  algorithm: string;
  label: string;
  problem: string;
  dim: number;
  /** The cell's budget: evaluations, or seconds. */
  evals: number | null;
  seconds: number | null;
  runs: FinishedRun[];
}

export interface ExperimentRuns {
  name: string;
  backend: string;
  /** The target at which the runs stopped, if the experiment has one. */
  target: number | null;
  cells: CellRuns[];
}

/**
 * The experiment's cells in the design's order, each with its finished runs in run order. With
 * `points`, each run's best point too, for cells of D at most `points.maxDim` (a point is D
 * float64 values a run: the IOHprofiler export writes them where they stay small).
 */
export function readExperimentRuns(
  path: string,
  o: { points?: { maxDim: number } } = {},
): ExperimentRuns {
  const db = openResults(path);
  try {
    const exp = db.prepare('SELECT name, backend, target FROM experiment').get() as {
      name: string;
      backend: string;
      target: number | null;
    };
    const cells = db
      .prepare('SELECT id, algorithm, label, problem, dim, evals, seconds FROM cell ORDER BY id')
      .all() as Omit<CellRuns, 'runs'>[];
    const runsOf = db.prepare(
      'SELECT run, seed, evals, stopped, best_error AS bestError, best_fitness AS bestFitness FROM run WHERE cell = ? ORDER BY run',
    );
    const pointsOf = db.prepare('SELECT run, best_point FROM run WHERE cell = ? ORDER BY run');
    const traceOf = db.prepare(
      'SELECT run, evals, best, error FROM trace WHERE cell = ? ORDER BY run, k',
    );
    return {
      ...exp,
      cells: cells.map((c) => {
        const runs = runsOf.all(c.id) as Omit<FinishedRun, 'trace'>[];
        const byRun = new Map<number, FinishedRun>(runs.map((r) => [r.run, { ...r, trace: [] }]));
        for (const t of traceOf.all(c.id) as (TraceRow & { run: number })[])
          byRun.get(t.run)?.trace.push({ evals: t.evals, best: t.best, error: t.error });
        if (o.points && c.dim <= o.points.maxDim)
          for (const p of pointsOf.all(c.id) as { run: number; best_point: Buffer }[]) {
            const r = byRun.get(p.run);
            // Copied first: a Buffer's offset into its pool need not be a multiple of 8.
            if (r) r.bestPoint = Array.from(new Float64Array(new Uint8Array(p.best_point).buffer));
          }
        return { ...c, runs: [...byRun.values()] };
      }),
    };
  } finally {
    db.close();
  }
}
