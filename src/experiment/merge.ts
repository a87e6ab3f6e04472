// `opt experiment merge --out OUT SHARD_DIR...` (mergeShards): the databases of an experiment's shards
// (`opt experiment FILE --shard K/N --out SHARD_DIR`) into OUT/results.sqlite, the database one
// machine running the whole experiment writes: the same experiment and cell rows, every run with
// its trace and records as its shard stored it. What differs is what no two runs of an experiment
// share anyway: the seconds (each machine's own), run.batch (how many runs shared kernels on that
// machine), the rows' physical order, and the shard table (empty: the merged file is the whole
// experiment's, which `opt experiment FILE --out OUT` continues and `opt report OUT` reads).
//
// Checked first, each failure naming the file and what differs: every input is a shard (not a
// whole experiment) of the same experiment (name, text, program, backend, cells) split the same
// way (N), no shard comes twice (their runs would overlap), every run of a shard is in that
// shard's share (src/experiment/shard.ts), and no run is missing (a shard not given or not
// finished) unless --partial says to merge what there is. The merged file is written under a
// temporary name in OUT and renamed at the end, so a failed merge leaves no half a database.

import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openResults, RESULTS_FILE, SCHEMA, SCHEMA_VERSION } from './database.js';
import { ExperimentError } from './errors.js';
import { shardRuns, type Shard } from './shard.js';

interface ExperimentRow {
  name: string;
  text: string;
  hash: string;
  program: string;
  backend: string;
  runs: number;
  seed: number;
  target: number | null;
  record: string;
}

/** What merge needs of one shard's database. */
interface ShardDb {
  path: string;
  experiment: ExperimentRow;
  shard: Shard;
  /** The cell table as JSON, to compare. */
  cells: string;
  cellCount: number;
  /** The finished runs: cell (1-based) -> runs (0-based). */
  finished: Map<number, Set<number>>;
}

/** Reads what merge checks of `dir`'s results.sqlite, or throws an ExperimentError naming the file. */
function readShard(dir: string): ShardDb {
  const path = join(dir, RESULTS_FILE);
  if (!existsSync(path))
    throw new ExperimentError(
      `${path}: not found (a shard's folder is the --out of opt experiment FILE --shard K/N)`,
    );
  const db = openResults(
    path,
    "a shard is running into it (merge it when it has ended, or stop it: a stopped shard's finished runs merge with --partial)",
  );
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== SCHEMA_VERSION)
      throw new ExperimentError(
        `${path}: written by another version of opt (results schema ${version}, this opt merges ${SCHEMA_VERSION})`,
      );
    const experiment = db
      .prepare(
        'SELECT name, text, hash, program, backend, runs, seed, target, record FROM experiment',
      )
      .get() as ExperimentRow | undefined;
    if (!experiment)
      throw new ExperimentError(`${path}: holds no experiment (an empty results file)`);
    const shard = db.prepare('SELECT k, n FROM shard').get() as Shard | undefined;
    if (!shard)
      throw new ExperimentError(
        `${path}: holds the whole experiment '${experiment.name}', not a shard of it (opt experiment FILE --shard K/N --out DIR writes shards)`,
      );
    const cellRows = db.prepare('SELECT * FROM cell ORDER BY id').all();
    const finished = new Map<number, Set<number>>();
    for (const { cell, run } of db.prepare('SELECT cell, run FROM run').iterate() as Iterable<{
      cell: number;
      run: number;
    }>) {
      if (!finished.has(cell)) finished.set(cell, new Set());
      finished.get(cell)!.add(run);
    }
    return {
      path,
      experiment,
      shard: { k: shard.k, n: shard.n },
      cells: JSON.stringify(cellRows),
      cellCount: cellRows.length,
      finished,
    };
  } catch (e) {
    if (e instanceof ExperimentError) throw e;
    throw new ExperimentError(`${path}: not an experiment's results (${(e as Error).message})`);
  } finally {
    db.close();
  }
}

/** Why shard `b` does not merge with shard `a`, or undefined if it does. */
function mismatch(a: ShardDb, b: ShardDb): string | undefined {
  const x = a.experiment;
  const y = b.experiment;
  if (y.name !== x.name)
    return `${b.path} holds experiment '${y.name}', ${a.path} experiment '${x.name}': only the shards of one experiment merge`;
  if (y.hash !== x.hash)
    return `${b.path} and ${a.path} hold experiment '${x.name}' as two different texts (its declaration changed between the shards' runs)`;
  if (y.program !== x.program)
    return `${b.path} and ${a.path} hold experiment '${x.name}' run by different source files (the standard library's or the user's changed between the shards' runs)`;
  if (y.backend !== x.backend)
    return `${b.path} ran on the ${y.backend} backend, ${a.path} on the ${x.backend}: the shards of one experiment run on one backend`;
  if (b.cells !== a.cells)
    return `${b.path} and ${a.path} hold experiment '${x.name}' with different cells`;
  if (b.shard.n !== a.shard.n)
    return `${b.path} is shard ${b.shard.k}/${b.shard.n}, ${a.path} shard ${a.shard.k}/${a.shard.n}: only shards of one split (the same N) merge`;
  return undefined;
}

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** What a merge did: the CLI's lines (src/cli/experiment-merge.ts) say it. */
export interface MergeResult {
  /** The experiment's name. */
  name: string;
  /** OUT/results.sqlite. */
  target: string;
  /** The shards given, and N. */
  shards: number;
  n: number;
  /** The experiment's runs, and those no shard held (only with `partial`). */
  total: number;
  missing: number;
  /** Where the missing runs are missing from, a phrase each. */
  missingText: string[];
}

/**
 * Merges the databases in `dirs` (each the --out of one shard) into `out`/results.sqlite, checked
 * first (the header says what); `partial`: merges what there is where runs are missing.
 */
export function mergeShards(o: { out: string; dirs: string[]; partial?: boolean }): MergeResult {
  const { out, dirs, partial = false } = o;
  const target = join(out, RESULTS_FILE);
  if (existsSync(target))
    throw new ExperimentError(
      `${target}: exists already (merge writes a new database: remove it, or give another --out)`,
    );
  const shards = dirs.map(readShard);
  const first = shards[0]!;
  const byK = new Map<number, ShardDb>();
  for (const s of shards) {
    // Agreeing with the first, they agree with each other.
    const why = s === first ? undefined : mismatch(first, s);
    if (why) throw new ExperimentError(why);
    const twin = byK.get(s.shard.k);
    if (twin)
      throw new ExperimentError(
        `${s.path} and ${twin.path} are both shard ${s.shard.k}/${s.shard.n}: their runs overlap (give each shard once)`,
      );
    byK.set(s.shard.k, s);
  }
  const { runs } = first.experiment;
  const cells = first.cellCount;
  const n = first.shard.n;
  // Each run where its shard's share says, and what is missing.
  const missingText: string[] = [];
  let missing = 0;
  for (let k = 1; k <= n; k++) {
    const share = shardRuns(cells, runs, { k, n });
    const size = share.reduce((m, rs) => m + rs.length, 0);
    const s = byK.get(k);
    if (!s) {
      missing += size;
      missingText.push(`shard ${k}/${n} (${plural(size, 'run')}) not given`);
      continue;
    }
    let held = 0;
    for (const [cell, rs] of s.finished)
      for (const r of rs) {
        if (cell < 1 || cell > cells || !share[cell - 1]!.includes(r))
          throw new ExperimentError(
            `${s.path}: holds run ${r + 1} of cell ${cell}, which is not in shard ${k}/${n}'s share (not a database opt experiment --shard ${k}/${n} wrote)`,
          );
        held++;
      }
    if (held < size) {
      missing += size - held;
      missingText.push(`${s.path} (shard ${k}/${n}) has ${held} of its ${size} runs`);
    }
  }
  const total = cells * runs;
  if (missing && !partial)
    throw new ExperimentError(
      `${plural(missing, 'run')} of the ${total} missing: ${missingText.join('; ')}. Give --partial to merge the others (opt experiment FILE --out ${out} runs the missing ones afterwards)`,
    );

  try {
    mkdirSync(out, { recursive: true });
  } catch (e) {
    throw new ExperimentError(`--out ${out}: cannot make the folder (${(e as Error).message})`);
  }
  const tmp = join(out, `.${RESULTS_FILE}.merging-${process.pid}`);
  rmSync(tmp, { force: true });
  const db = new Database(tmp);
  try {
    db.pragma('journal_mode = WAL'); // as ResultsDb writes it
    db.exec(SCHEMA);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
    // Attached one at a time: SQLite attaches at most 10 databases at once, an array may have more.
    for (const [i, s] of [...shards].sort((a, b) => a.shard.k - b.shard.k).entries()) {
      db.prepare('ATTACH DATABASE ? AS shard').run(s.path);
      db.transaction(() => {
        if (i === 0) {
          db.exec('INSERT INTO main.experiment SELECT * FROM shard.experiment');
          db.exec('INSERT INTO main.cell SELECT * FROM shard.cell ORDER BY id');
        }
        db.exec('INSERT INTO main.run SELECT * FROM shard.run ORDER BY cell, run');
        db.exec('INSERT INTO main.trace SELECT * FROM shard.trace ORDER BY cell, run, k');
        db.exec('INSERT INTO main.record SELECT * FROM shard.record ORDER BY cell, run, fraction');
      })();
      db.exec('DETACH DATABASE shard');
    }
    db.close();
    renameSync(tmp, target);
  } catch (e) {
    if (db.open) db.close();
    rmSync(tmp, { force: true });
    rmSync(`${tmp}-wal`, { force: true });
    rmSync(`${tmp}-shm`, { force: true });
    throw new ExperimentError(
      `${target}: cannot write the merged database (${(e as Error).message})`,
    );
  }
  return {
    name: first.experiment.name,
    target,
    shards: shards.length,
    n,
    total,
    missing,
    missingText,
  };
}
