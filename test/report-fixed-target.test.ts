// opt report's fixed-target view (report.md's section, ert.csv, ecdf.csv) and its IOHprofiler
// export (--format ioh), on a small real experiment run on the CPU backend, checked against the
// database's own rows: the average runtimes recomputed here in SQL, the export's files against
// the layout that IOHexperimenter's Analyzer logger writes and IOHanalyzer reads (see
// src/report/ioh.ts for the sources).
//
// IOHanalyzer itself (an R package; its Python twin on PyPI) is not installed here, and neither
// R nor PyPI can be reached, so the export is not loaded by it: what its reader does is done by
// hand below (read_index_file__json's fields; read_IOH_v1plus splits a .dat into runs at the lines
// whose first field has no digit and reads the columns by the header's names).

import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { COCO_TARGETS } from '../src/api/analysis.js';
import { RESULTS_FILE } from '../src/experiment/database.js';
import { main } from '../src/cli/main.js';
import { captureStdio, clearErr, clearOut, err, out } from './stdio.js';

// sphere and hill (maximised) declare an optimum: they have errors; free (minimised) and gain
// (maximised) do not.
const STUDY = `problem hill(x[D]) maximize in [-5, 5] optimum 10 at 0 { 10 - sum(i) x[i]^2 }
problem free(x[D]) in [-1, 1] { sum(i) x[i]^2 }
problem gain(x[D]) maximize in [-1, 1] { sum(i) x[i]^2 }

experiment ft {
  algorithms = [de, jde(NP: 20)]
  problems = [sphere, hill, free, gain]
  dims = [4]
  runs = 3
  budget = evals(300 * D)
  seed = 5
}

experiment stops {
  algorithms = [jde(NP: 20)]
  problems = [sphere]
  dims = [3]
  runs = 2
  budget = evals(500 * D)
  target = 1e-3
  seed = 1
}
`;

type Row = Record<string, string>;

/** A CSV without quoted fields, as objects keyed by its header. */
function csv(text: string): Row[] {
  const [head, ...lines] = text.trim().split('\n');
  const keys = head!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, k) => [keys[k]!, v])));
}

interface DbRun {
  cell: number;
  run: number;
  seed: number;
  evals: number;
  bestError: number | null;
  bestFitness: number;
}

function dbOf(dir: string) {
  return new Database(join(dir, RESULTS_FILE), { readonly: true });
}

describe('opt report: the fixed-target view and the IOHprofiler export', () => {
  captureStdio();
  const dir = mkdtempSync(join(tmpdir(), 'opt-fixed-target-'));
  const study = join(dir, 'study.opt');
  writeFileSync(study, STUDY);
  const res = join(dir, 'ft');

  it('writes ert.csv, ecdf.csv and a fixed-target section, the ERTs as the runs give them', async () => {
    expect(await main(['experiment', study, 'ft', '--out', res, '--backend', 'cpu'])).toBe(0);
    clearOut();
    expect(await main(['report', res])).toBe(0);
    const md = readFileSync(join(res, 'report.md'), 'utf8');
    expect(out).toBe(md);
    expect(md).toContain('## Fixed-target view');
    expect(md).toContain(
      'Left out (no optimum declared, so no error to reach a target): free, gain.',
    );
    expect(md).toContain('| algorithm | problem | runs | 10 | 0.1 | 1e-3 | 1e-5 | 1e-8 |');

    // ert.csv: the cells with an error (2 algorithms x sphere, hill) at all 51 targets.
    const ert = csv(readFileSync(join(res, 'ert.csv'), 'utf8'));
    expect(ert).toHaveLength(4 * 51);
    expect(new Set(ert.map((r) => `${r.algorithm}/${r.problem}`))).toEqual(
      new Set(['de/sphere', 'de/hill', 'jde(NP: 20)/sphere', 'jde(NP: 20)/hill']),
    );
    expect(
      ert.filter((r) => r.algorithm === 'de' && r.problem === 'hill').map((r) => Number(r.target)),
    ).toEqual([...COCO_TARGETS]);
    // Each ERT recomputed from the database: per run, the first trace row at or below the
    // target, or the run's evaluations; summed over the runs, over the successes.
    const db = dbOf(res);
    try {
      const cells = db.prepare('SELECT id, label, problem FROM cell').all() as {
        id: number;
        label: string;
        problem: string;
      }[];
      const runs = db.prepare('SELECT cell, run, seed, evals FROM run').all() as DbRun[];
      const hit = db.prepare(
        'SELECT min(evals) AS e FROM trace WHERE cell = ? AND run = ? AND error <= ?',
      );
      let finite = 0;
      for (const r of ert) {
        const c = cells.find((x) => x.label === r.algorithm && x.problem === r.problem)!;
        let spent = 0;
        let successes = 0;
        for (const run of runs.filter((x) => x.cell === c.id)) {
          const e = (hit.get(c.id, run.run, Number(r.target)) as { e: number | null }).e;
          spent += e ?? run.evals;
          if (e !== null) successes++;
        }
        expect([r.runs, r.successes]).toEqual(['3', String(successes)]);
        if (successes) {
          expect(Number(r.ert)).toBeCloseTo(spent / successes, 9);
          finite++;
        } else expect(r.ert).toBe('inf');
      }
      // Not a table of infinities: the easy targets were reached.
      expect(finite).toBeGreaterThan(20);
    } finally {
      db.close();
    }
    expect(readFileSync(join(res, 'ert.csv'), 'utf8')).not.toContain('NaN');

    // ecdf.csv: per algorithm one curve on one grid (evaluations / D), rising from 0 towards the
    // fraction of pairs ever reached, never past 1.
    const ecdf = csv(readFileSync(join(res, 'ecdf.csv'), 'utf8'));
    const de = ecdf.filter((r) => r.algorithm === 'de');
    const jde = ecdf.filter((r) => r.algorithm === 'jde(NP: 20)');
    expect(de.length).toBeGreaterThan(5);
    expect(de.map((r) => r.budget)).toEqual(jde.map((r) => r.budget));
    expect(de.every((r) => r.D === '4')).toBe(true);
    for (const curve of [de, jde]) {
      const f = curve.map((r) => Number(r.fraction));
      expect(f.every((v, k) => v >= 0 && v <= 1 && (k === 0 || v >= f[k - 1]!))).toBe(true);
      expect(f.at(-1)).toBeGreaterThan(0);
      // The last budget is at or beyond the longest run (300 D evaluations).
      expect(Number(curve.at(-1)!.budget)).toBeGreaterThanOrEqual(300);
    }
  });

  it("leaves the targets below the experiment's own unmeasured: its runs stopped there", async () => {
    const stops = join(dir, 'stops');
    expect(await main(['experiment', study, 'stops', '--out', stops, '--backend', 'cpu'])).toBe(0);
    clearOut();
    expect(await main(['report', stops])).toBe(0);
    expect(out).toContain(
      'The runs stopped on reaching the experiment\'s target 0.001: the targets below it are not measured ("-").',
    );
    // The fixed-target table's row (the last of the report that starts so: the first is the
    // final-error table's).
    const row = out
      .split('\n')
      .filter((l) => l.startsWith('| jde(NP: 20) | sphere | 2 | '))
      .at(-1)!;
    // Targets 10, 0.1, 1e-3: reached by both runs (they stopped at 1e-3); 1e-5, 1e-8: not measured.
    const cols = row
      .split('|')
      .slice(4, 9)
      .map((s) => s.trim());
    expect(cols.slice(0, 3).every((s) => s.endsWith('(2/2)'))).toBe(true);
    expect(cols.slice(3)).toEqual(['-', '-']);
    const ert = csv(readFileSync(join(stops, 'ert.csv'), 'utf8'));
    for (const r of ert)
      if (Number(r.target) < 1e-3) expect([r.successes, r.ert]).toEqual(['', '']);
      else expect(r.ert).not.toBe('');
  });

  it('--format ioh writes the runs in the IOHprofiler layout, every run as the database has it', async () => {
    clearOut();
    expect(await main(['report', res, '--format', 'ioh'])).toBe(0);
    const ioh = join(res, 'ioh');
    expect(out).toBe(
      `${ioh}: IOHprofiler data of 2 algorithms on 4 problems, 24 runs (load the folder in IOHanalyzer)\n`,
    );
    const db = dbOf(res);
    try {
      const cells = db.prepare('SELECT id, label, problem, dim FROM cell ORDER BY id').all() as {
        id: number;
        label: string;
        problem: string;
        dim: number;
      }[];
      const runsOf = db.prepare(
        'SELECT run, seed, evals, best_error AS bestError, best_fitness AS bestFitness FROM run WHERE cell = ? ORDER BY run',
      );
      const traceOf = db.prepare(
        'SELECT evals, best, error FROM trace WHERE cell = ? AND run = ? ORDER BY k',
      );
      const pointOf = db.prepare('SELECT best_point FROM run WHERE cell = ? AND run = ?');
      const ids = { sphere: 1, hill: 2, free: 3, gain: 4 } as Record<string, number>;
      const folders = { de: 'de', 'jde(NP: 20)': 'jde_NP_20' } as Record<string, string>;
      for (const c of cells) {
        const id = ids[c.problem]!;
        // IOHprofiler_f<id>_<name>.json beside data_f<id>_<name>/IOHprofiler_f<id>_DIM<D>.dat.
        const info = JSON.parse(
          readFileSync(
            join(ioh, folders[c.label]!, `IOHprofiler_f${id}_${c.problem}.json`),
            'utf8',
          ),
        ) as {
          version: string;
          suite: string;
          function_id: number;
          function_name: string;
          maximization: boolean;
          algorithm: { name: string; info: string };
          attributes: string[];
          run_attributes: string[];
          scenarios: {
            dimension: number;
            path: string;
            runs: {
              instance: number;
              evals: number;
              best: { evals: number; y: number; x?: number[] };
              seed: number;
            }[];
          }[];
        };
        // The fields IOHanalyzer's read_index_file__json reads, and a version >= 0.3.3 (its
        // check_format picks this reader by it).
        expect(info).toMatchObject({
          suite: 'ft',
          function_id: id,
          function_name: c.problem,
          // Errors are minimised; gain, without an optimum, is f maximised.
          maximization: c.problem === 'gain',
          algorithm: { name: c.label },
          attributes: ['evaluations', 'raw_y'],
          run_attributes: ['seed'],
        });
        expect(info.version.split('.').map(Number)).toEqual([0, 3, 23]);
        expect(info.scenarios).toHaveLength(1);
        const sc = info.scenarios[0]!;
        expect(sc.dimension).toBe(4);
        expect(sc.path).toBe(`data_f${id}_${c.problem}/IOHprofiler_f${id}_DIM4.dat`);
        const dat = readFileSync(join(ioh, folders[c.label]!, sc.path), 'utf8');
        // Runs separated by the header line, as IOHanalyzer splits them: a line whose first
        // field has no digit starts a run.
        const lines = dat.trimEnd().split('\n');
        const starts = lines.flatMap((l, k) => (/\d/.test(l.split(' ')[0]!) ? [] : [k]));
        expect(starts.map((k) => lines[k])).toEqual(Array(3).fill('evaluations raw_y'));
        expect(starts[0]).toBe(0);
        const blocks = starts.map((s, k) =>
          lines
            .slice(s + 1, starts[k + 1])
            .map((l) => l.split(' ').map(Number) as [number, number]),
        );
        const runs = runsOf.all(c.id) as DbRun[];
        expect(sc.runs).toHaveLength(3);
        runs.forEach((r, k) => {
          const block = blocks[k]!;
          const trace = traceOf.all(c.id, r.run) as {
            evals: number;
            best: number;
            error: number | null;
          }[];
          // A line a trace row: its evaluations, and raw_y the error (or f without one); the
          // last, at the run's end, the float64 value of the reported point (the run table's).
          expect(block.map(([e]) => e)).toEqual(trace.map((t) => t.evals));
          expect(block.slice(0, -1).map(([, y]) => y)).toEqual(
            trace.slice(0, -1).map((t) => t.error ?? t.best),
          );
          expect(block.at(-1)![1]).toBe(r.bestError ?? r.bestFitness);
          // The block ends with the run's last evaluation; raw_y is the best so far: never
          // worse than the line before, in the problem's direction.
          expect(block.at(-1)![0]).toBe(r.evals);
          const ys = block.map(([, y]) => y);
          const sign = info.maximization ? -1 : 1;
          expect(ys.every((y, j) => j === 0 || sign * (y - ys[j - 1]!) <= 0)).toBe(true);
          expect(sc.runs[k]).toMatchObject({ instance: 1, evals: r.evals, seed: r.seed });
          expect(sc.runs[k]!.best.y).toBe(ys.at(-1));
          const deviceFinal = trace.at(-1)!.error ?? trace.at(-1)!.best;
          expect(sc.runs[k]!.best.evals).toBe(
            trace.find((t) => (t.error ?? t.best) === deviceFinal)!.evals,
          );
          const p = (pointOf.get(c.id, r.run) as { best_point: Buffer }).best_point;
          expect(sc.runs[k]!.best.x).toEqual(
            Array.from(new Float64Array(new Uint8Array(p).buffer)),
          );
        });
      }
    } finally {
      db.close();
    }
    expect(readFileSync(join(ioh, 'README-opt.txt'), 'utf8')).toContain(
      'Function ids: f1 = sphere, f2 = hill, f3 = free, f4 = gain.',
    );
    // Again: the earlier export is replaced.
    expect(await main(['report', res, '--format', 'ioh'])).toBe(0);
  });

  it("--format ioh: a run's final record and best.y are the float64 values of the report, not the backend's", async () => {
    // On the GPU the run table's best_error (the float64 error of the reported point, evaluated on
    // the host: report.md's and cells.csv's number) differs from the trace's last error (float32)
    // by float32's rounding; on the CPU the two agree here. A copy of the database with the run
    // table's values moved, as a GPU's rounding would have them: worse than the trace's in run 1
    // of each cell, better in run 2, as they are in run 3.
    const copy = join(dir, 'ft-gpu-like');
    mkdirSync(copy);
    const src = dbOf(res);
    try {
      src.exec(`VACUUM INTO '${join(copy, RESULTS_FILE)}'`);
    } finally {
      src.close();
    }
    const db = new Database(join(copy, RESULTS_FILE));
    try {
      db.exec(`UPDATE run SET best_error = best_error + 1e-9, best_fitness = best_fitness + 1e-9 WHERE run = 0;
               UPDATE run SET best_error = best_error * 0.5, best_fitness = best_fitness * 0.5 WHERE run = 1`);
    } finally {
      db.close();
    }
    clearOut();
    clearErr();
    expect(await main(['report', copy])).toBe(0);
    const cellsCsv = csv(readFileSync(join(copy, 'cells.csv'), 'utf8'));
    clearOut();
    expect(await main(['report', copy, '--format', 'ioh'])).toBe(0);
    const ioh = join(copy, 'ioh');
    const ro = dbOf(copy);
    let worse = 0;
    let gap = 0;
    try {
      const cells = ro.prepare('SELECT id, label, problem FROM cell ORDER BY id').all() as {
        id: number;
        label: string;
        problem: string;
      }[];
      const ids = { sphere: 1, hill: 2, free: 3, gain: 4 } as Record<string, number>;
      const folders = { de: 'de', 'jde(NP: 20)': 'jde_NP_20' } as Record<string, string>;
      for (const c of cells) {
        const info = JSON.parse(
          readFileSync(
            join(ioh, folders[c.label]!, `IOHprofiler_f${ids[c.problem]}_${c.problem}.json`),
            'utf8',
          ),
        ) as {
          maximization: boolean;
          scenarios: { path: string; runs: { best: { y: number } }[] }[];
        };
        const sc = info.scenarios[0]!;
        const lines = readFileSync(join(ioh, folders[c.label]!, sc.path), 'utf8')
          .trimEnd()
          .split('\n');
        const blocks = lines
          .join('\n')
          .split('evaluations raw_y\n')
          .slice(1)
          .map((b) =>
            b
              .trim()
              .split('\n')
              .map((l) => l.split(' ').map(Number)),
          );
        const runs = ro
          .prepare(
            'SELECT run, evals, best_error AS bestError, best_fitness AS bestFitness FROM run WHERE cell = ? ORDER BY run',
          )
          .all(c.id) as DbRun[];
        const finals: number[] = [];
        runs.forEach((r, k) => {
          const block = blocks[k]!;
          const trace = ro
            .prepare('SELECT evals, best, error FROM trace WHERE cell = ? AND run = ? ORDER BY k')
            .all(c.id, r.run) as { evals: number; best: number; error: number | null }[];
          const want = r.bestError ?? r.bestFitness;
          // The final record and best.y: the run table's value, to the bit; the records before
          // it the trace's.
          expect(block.at(-1)).toEqual([r.evals, want]);
          expect(sc.runs[k]!.best.y).toBe(want);
          expect(block.slice(0, -1).map(([, y]) => y)).toEqual(
            trace.slice(0, -1).map((t) => t.error ?? t.best),
          );
          finals.push(sc.runs[k]!.best.y);
          const d = (info.maximization ? -1 : 1) * (want - block.at(-2)![1]!);
          if (d > 0) {
            worse++;
            gap = Math.max(gap, d);
          }
        });
        // The same numbers as the report's: cells.csv's best and worst of the cell's errors.
        if (c.problem === 'sphere' || c.problem === 'hill') {
          const row = cellsCsv.find((x) => x.algorithm === c.label && x.problem === c.problem)!;
          expect(Math.min(...finals)).toBe(Number(row.best));
          expect(Math.max(...finals)).toBe(Number(row.worst));
        }
      }
    } finally {
      ro.close();
    }
    // Runs where the float64 value is worse than the backend's record before it: said, with the
    // largest gap, in README-opt.txt and in a note.
    expect(worse).toBeGreaterThan(0);
    const readme = readFileSync(join(ioh, 'README-opt.txt'), 'utf8');
    expect(readme).toContain(
      'its last record, at its final evaluation count, and its best.y carry the float64 error',
    );
    expect(readme).toContain(
      `In ${worse} runs that last record is worse than the one before it, by at most ${gap}:`,
    );
    expect(err).toContain(
      `note: in ${worse} runs the final record (the float64 value of the reported point, as in report.md) is worse than the record before it (the backend's value) by at most ${gap}`,
    );
  });

  it('--ioh-out names the folder; a folder of something else, a bad --format, are usage errors', async () => {
    const elsewhere = join(dir, 'exports', 'ft-ioh');
    expect(await main(['report', res, '--format', 'ioh', '--ioh-out', elsewhere])).toBe(0);
    expect(existsSync(join(elsewhere, 'de', 'IOHprofiler_f1_sphere.json'))).toBe(true);
    const busy = join(dir, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'notes.txt'), 'mine\n');
    clearErr();
    expect(await main(['report', res, '--format', 'ioh', '--ioh-out', busy])).toBe(2);
    expect(err).toContain(`--ioh-out ${busy}: the folder exists and is not an earlier export`);
    expect(readFileSync(join(busy, 'notes.txt'), 'utf8')).toBe('mine\n');
    clearErr();
    expect(await main(['report', res, '--format', 'csv'])).toBe(2);
    expect(err).toContain("--format: 'csv' is not one of md, ioh");
    clearErr();
    expect(await main(['report', res, '--ioh-out', elsewhere])).toBe(2);
    expect(err).toContain('--ioh-out: only with --format ioh');
  });
});
