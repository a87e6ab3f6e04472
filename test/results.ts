// An experiment's database as comparable rows (test/experiment.test.ts,
// test/experiment-shard.test.ts, test/slurm.test.ts): two databases of one experiment are equal
// where these are, whichever machines ran their runs and in whatever order.

import Database from 'better-sqlite3';

/**
 * The database's rows, table by table, without the columns that time the runs (seconds) or say how
 * they ran (run.batch: the runs that shared kernels on that machine) and without the shard table.
 */
export function contents(path: string): Record<string, unknown[]> {
  const db = new Database(path, { readonly: true });
  try {
    const all = (sql: string) => db.prepare(sql).all();
    return {
      experiment: all(
        'SELECT name, text, hash, program, backend, runs, seed, target, record, zero FROM experiment',
      ),
      cell: all('SELECT * FROM cell ORDER BY id'),
      run: all(
        'SELECT cell, run, seed, precision, evals, generations, stopped, best_fitness, best_error, device_fitness, device_error, best_point, in_box FROM run ORDER BY cell, run',
      ),
      trace: all('SELECT cell, run, k, evals, best, error FROM trace ORDER BY cell, run, k'),
      record: all('SELECT * FROM record ORDER BY cell, run, fraction'),
    };
  } finally {
    db.close();
  }
}
