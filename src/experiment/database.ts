// An experiment's results: one SQLite file (better-sqlite3, WAL) a folder, `DIR/results.sqlite`.
//
//   experiment  the experiment's name, its declaration's text and the hash of it, the digest of
//               the program it ran (the standard library's and the user's files), the backend
//   cell        algorithm (its label and parameter values), problem, D, budget: the design's order
//   run         a finished run: seed, evaluations, generations, seconds, why it stopped, the best
//               f and error in float64 at the best point (and as the backend computed them), the
//               point (float64, little-endian), and how many runs ran together in one set of
//               kernels (`batch`: 1 for a run alone; a batched run's seconds are its batch's)
//   trace       each run's best-so-far (evals, seconds, best, error) where it first reached an
//               error level (thinTrace): the fixed-target view (the evaluations at which a target
//               was first met, exact for COCO's targets and the experiment's) and the figures
//               read it
//   record      each run's best at the design's fractions of its budget: the fixed-budget view
//   shard       one row (k, n) in the database of shard k of n (`opt experiment --shard K/N`,
//               src/experiment/shard.ts), none in the whole experiment's (a merged one too)
//
// A run is committed in one transaction with its trace and records when it finishes, so a killed
// experiment leaves finished runs only; the same command again runs the missing ones. The file is
// opened in exclusive locking mode: a second experiment writing to it gets SQLITE_BUSY, reported
// as such. Reading the file while an experiment runs is not possible in this mode (a report reads
// it afterwards).

import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import type { ExperimentDesign } from '../compile/experiment.js';
import { COCO_TARGETS } from '../analysis/fixed-target.js';
import { ExperimentError } from './errors.js';
import type { Shard } from './shard.js';
import type { RunReport } from './run.js';

export const RESULTS_FILE = 'results.sqlite';

/**
 * `column` of `table` to SELECT where the file has it, else NULL under its name: the columns
 * results schema 4 added (experiment.zero, run.in_box), read from an older file too.
 */
export function columnOrNull(
  db: { prepare(s: string): { all(): unknown[] } },
  table: string,
  column: string,
): string {
  const columns = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
  return columns.some((c) => c.name === column) ? column : `NULL AS ${column}`;
}

/** An error as the reports count it: 0 below the experiment's zero (seed 003's 1e-14). */
export const countedError = (e: number, zero: number | null): number =>
  zero !== null && e < zero ? 0 : e;

/**
 * The schema's version (SQLite's user_version): a file of another version is refused. 3: the
 * shard table. 4: run.in_box and experiment.zero (the error below which the reports count 0), whether the reported best point keeps the problem's box (1: inside
 * it, or the box is no constraint) or not (0); `opt run --json` gives bestInBox and constrained.
 */
export const SCHEMA_VERSION = 4;

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS experiment (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  name TEXT NOT NULL, text TEXT NOT NULL, hash TEXT NOT NULL, program TEXT NOT NULL,
  backend TEXT NOT NULL, runs INTEGER NOT NULL, seed INTEGER NOT NULL, target REAL,
  record TEXT NOT NULL, zero REAL
);
CREATE TABLE IF NOT EXISTS cell (
  id INTEGER PRIMARY KEY, algorithm TEXT NOT NULL, label TEXT NOT NULL, params TEXT NOT NULL,
  problem TEXT NOT NULL, dim INTEGER NOT NULL, evals INTEGER, seconds REAL
);
CREATE TABLE IF NOT EXISTS run (
  cell INTEGER NOT NULL REFERENCES cell(id), run INTEGER NOT NULL, seed INTEGER NOT NULL,
  precision TEXT NOT NULL, evals INTEGER NOT NULL, generations INTEGER NOT NULL,
  seconds REAL NOT NULL, stopped TEXT NOT NULL, best_fitness REAL, best_error REAL,
  device_fitness REAL, device_error REAL, best_point BLOB NOT NULL, batch INTEGER NOT NULL,
  in_box INTEGER NOT NULL,
  PRIMARY KEY (cell, run)
);
CREATE TABLE IF NOT EXISTS trace (
  cell INTEGER NOT NULL, run INTEGER NOT NULL, k INTEGER NOT NULL,
  evals INTEGER NOT NULL, seconds REAL NOT NULL, best REAL, error REAL,
  PRIMARY KEY (cell, run, k)
);
CREATE TABLE IF NOT EXISTS record (
  cell INTEGER NOT NULL, run INTEGER NOT NULL, fraction REAL NOT NULL,
  evals INTEGER NOT NULL, best REAL, error REAL,
  PRIMARY KEY (cell, run, fraction)
);
CREATE TABLE IF NOT EXISTS shard (
  id INTEGER PRIMARY KEY CHECK (id = 1), k INTEGER NOT NULL, n INTEGER NOT NULL
);
`;

/**
 * `path` opened to read an experiment's results (opt report, opt experiment merge). A file that an
 * experiment is writing (its exclusive lock: SQLITE_BUSY) is an ExperimentError saying `busy`, a file that
 * is not an experiment's results one saying so.
 */
export function openResults(
  path: string,
  busy = 'an experiment is writing it; report it when the experiment ends',
): Database.Database {
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true, timeout: 0 });
    db.prepare('SELECT 1 FROM experiment').get();
    return db;
  } catch (e) {
    db?.close();
    if ((e as { code?: string }).code === 'SQLITE_BUSY')
      throw new ExperimentError(`${path}: ${busy}`);
    throw new ExperimentError(`${path}: not an experiment's results (${(e as Error).message})`);
  }
}

/** Error levels a decade that a run's stored trace resolves (thinTrace). */
export const TRACE_LEVELS_A_DECADE = 20;

/**
 * The rows of a run's best-so-far trace (non-increasing errors) that the database keeps: the first
 * and the last, and each row that is the first at or below an error level, so that the trace of a
 * long run stays small (a run of 10,000,000 evaluations improves at thousands of generations) and
 * the fixed-target view stays exact:
 * - every target in `exact` (COCO's 51, the experiment's target, 0): the first evaluation at which
 *   the run reached it is the evaluation of a kept row, as in the whole trace;
 * - 10^(j / TRACE_LEVELS_A_DECADE) for every integer j: between two kept rows the best-so-far
 *   changes by less than a factor 10^(1/20), 12%, invisible on the figures' log axes.
 * A trace with a missing error (a problem without an optimum) or an error at or below 0 before its
 * end is kept whole: there are no levels to read it by.
 */
export function thinTrace<T extends { error: number | null }>(
  trace: readonly T[],
  exact: readonly number[],
): T[] {
  const errs = trace.map((t) => t.error);
  if (errs.some((e) => e === null || Number.isNaN(e)) || errs.slice(0, -1).some((e) => e! <= 0))
    return [...trace];
  const band = (e: number) =>
    e > 0 ? Math.floor(Math.log10(e) * TRACE_LEVELS_A_DECADE) : -Infinity;
  return trace.filter((t, k) => {
    if (k === 0 || k === trace.length - 1) return true;
    const e = t.error!;
    const before = trace[k - 1]!.error!;
    return band(e) < band(before) || exact.some((x) => e <= x && x < before);
  });
}

/** What a finished run stores: a run's RunReport (src/experiment/run.ts), less what the cell says. */
export type StoredRun = Pick<
  RunReport,
  | 'seed'
  | 'precision'
  | 'evals'
  | 'generations'
  | 'seconds'
  | 'stopped'
  | 'bestFitness'
  | 'bestError'
  | 'deviceFitness'
  | 'deviceError'
  | 'bestInBox'
  | 'constrained'
  | 'bestPoint'
  | 'trace'
>;

export const experimentHash = (text: string) => createHash('sha256').update(text).digest('hex');

/** SQLite holds no NaN: a NaN (no optimum) is stored as NULL. */
const real = (v: number | null) => (v === null || Number.isNaN(v) ? null : v);

export class ResultsDb {
  private readonly db: Database.Database;

  /**
   * Opens (or makes) `path` for `design` run on `backend`, as shard `shard` (undefined: the whole
   * experiment). A file of another experiment, of this one with another text, program or backend,
   * of another shard (or a shard's where the whole experiment runs, or the other way round), or
   * one another experiment is writing, is an ExperimentError.
   */
  /** The targets whose first hits the stored traces keep exactly (thinTrace). */
  private readonly exact: readonly number[];

  constructor(
    readonly path: string,
    design: ExperimentDesign & { source: string },
    program: string,
    backend: string,
    shard?: Shard,
  ) {
    this.exact = [...COCO_TARGETS, ...(design.target !== undefined ? [design.target] : []), 0];
    let db: Database.Database | undefined;
    try {
      db = new Database(path, { timeout: 0 });
      db.pragma('locking_mode = EXCLUSIVE');
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      const version = db.pragma('user_version', { simple: true }) as number;
      const tables = db
        .prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'")
        .get() as {
        n: number;
      };
      if (tables.n > 0 && version !== SCHEMA_VERSION)
        throw new ExperimentError(
          `${path} was written by another version of opt (results schema ${version}, this opt writes ${SCHEMA_VERSION}): give another --out`,
        );
      db.exec(SCHEMA);
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
      this.db = db;
    } catch (e) {
      db?.close();
      if (e instanceof ExperimentError) throw e;
      if ((e as { code?: string }).code === 'SQLITE_BUSY')
        throw new ExperimentError(
          `${path}: another opt experiment is writing to it (one experiment a results file: give another --out)`,
        );
      throw new ExperimentError(
        `${path}: cannot open the results database (${(e as Error).message})`,
      );
    }
    const hash = experimentHash(design.source);
    const row = this.db.prepare('SELECT name, hash, program, backend FROM experiment').get() as
      | { name: string; hash: string; program: string; backend: string }
      | undefined;
    if (row) {
      const differs =
        row.name !== design.name
          ? `experiment '${row.name}', not '${design.name}'`
          : row.hash !== hash
            ? `experiment '${row.name}' as it was written then: its text has changed since`
            : row.program !== program
              ? `experiment '${row.name}' with other source files (the standard library's or the user's have changed since)`
              : row.backend !== backend
                ? `experiment '${row.name}' on the ${row.backend} backend, not the ${backend}`
                : undefined;
      if (differs) {
        this.db.close(); // and with it the file's lock
        throw new ExperimentError(
          `${path} holds the results of ${differs}: a results folder belongs to one experiment (give another --out, or run the experiment as it was)`,
        );
      }
      // A shard's database holds that shard's runs only: continued as another shard, or as the
      // whole experiment, it would mix shares (and merge would find runs where they do not belong).
      const held = this.db.prepare('SELECT k, n FROM shard').get() as Shard | undefined;
      const theirs = held && `${held.k}/${held.n}`;
      const mine = shard && `${shard.k}/${shard.n}`;
      if (theirs !== mine) {
        this.db.close();
        throw new ExperimentError(
          theirs === undefined
            ? `${path} holds the whole experiment '${row.name}', not a shard: continue it without --shard, or give shard ${mine} another --out`
            : mine === undefined
              ? `${path} holds shard ${theirs} of experiment '${row.name}': continue it with --shard ${theirs}; the whole experiment goes to another --out (opt experiment merge puts the shards together)`
              : `${path} holds shard ${theirs} of experiment '${row.name}', not shard ${mine}: a shard's folder holds one shard (continue it with --shard ${theirs}, or give another --out)`,
        );
      }
      return;
    }
    const insertCell = this.db.prepare(
      'INSERT INTO cell (id, algorithm, label, params, problem, dim, evals, seconds) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.db.transaction(() => {
      this.db
        .prepare(
          'INSERT INTO experiment (id, name, text, hash, program, backend, runs, seed, target, record, zero) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          design.name,
          design.source,
          hash,
          program,
          backend,
          design.runs,
          design.seed,
          design.target ?? null,
          JSON.stringify(design.record),
          design.zero ?? null,
        );
      design.cells.forEach((c, k) =>
        insertCell.run(
          k + 1,
          c.algorithm.name,
          c.algorithm.label,
          JSON.stringify(c.algorithm.set),
          c.problem,
          c.dim,
          c.evals ?? null,
          c.seconds ?? null,
        ),
      );
      if (shard)
        this.db.prepare('INSERT INTO shard (id, k, n) VALUES (1, ?, ?)').run(shard.k, shard.n);
    })();
  }

  /** The runs of cell `cell` (1-based) already finished. */
  finished(cell: number): Set<number> {
    const rows = this.db.prepare('SELECT run FROM run WHERE cell = ?').all(cell) as {
      run: number;
    }[];
    return new Set(rows.map((r) => r.run));
  }

  /** How many runs are finished. */
  count(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM run').get() as { n: number }).n;
  }

  /**
   * Stores a finished run with its trace and its records at `record` (fractions of `budget`, an
   * evaluation count or seconds), in one transaction; `batch`: the runs it ran with in one set of
   * kernels (1: alone).
   */
  store(
    cell: number,
    run: number,
    r: StoredRun,
    record: number[],
    budget: { evals?: number; seconds?: number },
    batch = 1,
  ): void {
    const point = Buffer.from(Float64Array.from(r.bestPoint).buffer);
    const insRun = this.db.prepare(
      'INSERT INTO run (cell, run, seed, precision, evals, generations, seconds, stopped, best_fitness, best_error, device_fitness, device_error, best_point, batch, in_box) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const insTrace = this.db.prepare(
      'INSERT INTO trace (cell, run, k, evals, seconds, best, error) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const insRecord = this.db.prepare(
      'INSERT INTO record (cell, run, fraction, evals, best, error) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.db.transaction(() => {
      insRun.run(
        cell,
        run,
        r.seed,
        r.precision,
        r.evals,
        r.generations,
        r.seconds,
        r.stopped,
        real(r.bestFitness),
        real(r.bestError),
        real(r.deviceFitness),
        real(r.deviceError),
        point,
        batch,
        // The box's rule kept: inside it, or a box that is no constraint.
        r.bestInBox || !r.constrained ? 1 : 0,
      );
      thinTrace(r.trace, this.exact).forEach((t, k) =>
        insTrace.run(cell, run, k, t.evals, t.seconds, real(t.best), real(t.error)),
      );
      for (const f of record) {
        // The best so far when the run had used fraction f of its budget: the last trace entry
        // at or before that point (a run that stopped earlier, at its target, keeps its end).
        const at = (t: StoredRun['trace'][number]) =>
          budget.evals !== undefined
            ? t.evals <= f * budget.evals
            : t.seconds <= f * budget.seconds!;
        const last = [...r.trace].reverse().find(at);
        insRecord.run(
          cell,
          run,
          f,
          last?.evals ?? 0,
          last ? real(last.best) : null,
          last ? real(last.error) : null,
        );
      }
    })();
  }

  close(): void {
    this.db.close();
  }
}
