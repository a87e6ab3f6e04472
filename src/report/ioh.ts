// `opt report DIR --format ioh [--ioh-out PATH]`: the experiment's runs in IOHprofiler's data
// format, the one IOHexperimenter's Analyzer logger writes and IOHanalyzer loads (a folder, or a
// zip of it, through its GUI or `DataSetList(path)`). The format followed is the current
// ("v2") one, checked against its sources, since the documentation pages
// (https://iohprofiler.github.io/IOHanalyzer/data/) still describe the older .info files:
//
// - IOHexperimenter, include/ioh/logger/analyzer.hpp (analyzer::v2::Analyzer, structures::
//   ExperimentInfo / ScenarioInfo / RunInfo / BestPoint) and include/ioh/logger/flatfile.hpp,
//   https://github.com/IOHprofiler/IOHexperimenter (VERSION 0.3.23), and its test
//   tests/cpp/logger/test_analyzer.cpp (logger_v2);
// - IOHanalyzer, R/readFiles.R: read_index_file__json (the fields it reads), check_format (a
//   version >= 0.3.3 selects this reader) and read_IOH_v1plus (the .dat reader),
//   https://github.com/IOHprofiler/IOHanalyzer.
//
// Layout, one folder an algorithm (as the logger makes one folder a run of an algorithm):
//
//   PATH/<algorithm>/IOHprofiler_f<id>_<problem>.json             one a problem
//   PATH/<algorithm>/data_f<id>_<problem>/IOHprofiler_f<id>_DIM<D>.dat   one a problem and D
//
// The .json: version, suite, function_id, function_name, maximization, algorithm {name, info},
// experiment_attributes, run_attributes, attributes (the .dat's columns) and scenarios, one a
// dimension: dimension, path (the .dat, relative to the .json) and runs, each with instance,
// evals (the run's evaluations), best {evals, y, x} and the run attribute seed. IOHanalyzer reads
// function_id, function_name, suite, maximization, algorithm.name, attributes, version and, per
// scenario, dimension, path and each run's instance, evals, best.y and best.x.
//
// The .dat: space-separated, a header line `evaluations raw_y` before each run (the logger
// repeats it at every run, and IOHanalyzer splits the runs at the lines whose first field has no
// digit), then a line an improvement of the best so far: the evaluations made and raw_y. raw_y is
// the best-so-far error (f - f*, or f* - f when maximising) where the problem declares an
// optimum, so `maximization` is false; elsewhere it is the best-so-far f, with `maximization` as
// the problem's direction. (IOHexperimenter's raw_y is the objective before its instance
// transformation, which for BBOB is f - f_opt: the error is the same quantity.) Each run's block
// ends with its last evaluation, as the format requires. The records before the last are the
// trace's, the values the backend computed (float32 on the GPU); the last record and best.y
// (IOHanalyzer's finalFV) are the float64 error (or f) of the run's reported point evaluated on
// the host, the run table's best_error (best_fitness), the number report.md and cells.csv give:
// IOHanalyzer's final values then equal the report's. Where the backend's value of the point was
// below the host's (float32's rounding on the GPU; on the CPU, e.g. Ackley near its optimum, the
// backend's f - f* is 0 where the host's g + (c - f*) is 1e-15), that last record is worse than
// the one before it; README-opt.txt and a note say in how many runs and by how much at most. Numbers are written in full (shortest
// round-trip), not with the logger's fixed 10 decimals, which would write an error of 1e-12 as 0.
//
// What opt has no equivalent of: instances (every run is instance 1, the runs differing by their
// seed, a run attribute); the suite (the experiment's name); function ids (1, 2, ... in the design's
// order of problems, the same id for a problem in every algorithm's folder).

import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ExperimentError } from '../experiment/errors.js';
import type { CellRuns, ExperimentRuns, FinishedRun } from './runs.js';

/** The IOHexperimenter version whose Analyzer output this follows (IOHanalyzer needs >= 0.3.3). */
export const IOH_VERSION = '0.3.23';

/** Best points are written up to this D (a .json line of about 20 bytes a coordinate a run). */
export const IOH_POINT_MAX_DIM = 10_000;

/** The file that marks a folder as an export of opt's (a later export may replace it). */
export const IOH_MARKER = 'README-opt.txt';

/** A name as a file name: letters, digits, '.', '_' and '-'; anything else becomes '_'. */
const fileSafe = (s: string) =>
  s.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[_.]+|_+$/g, '') || 'x';

/**
 * The direction of a problem without an optimum, from its runs: the trace improves the best f in
 * the problem's direction, so a run whose best changed says which. Undecided (no run improved
 * after its first generation): minimisation, said in the marker file.
 */
function directionOf(cells: CellRuns[]): 'minimize' | 'maximize' | undefined {
  for (const c of cells)
    for (const r of c.runs) {
      const first = r.trace[0]?.best;
      const last = r.trace.at(-1)?.best;
      if (first == null || last == null || first === last) continue;
      return last < first ? 'minimize' : 'maximize';
    }
  return undefined;
}

/**
 * A run's .dat rows: (evaluations, raw_y), ending at its last evaluation. The rows before the
 * last carry the trace's values, as the backend computed them (float32 on the GPU); the last,
 * at the run's final evaluation count, carries `final`, the float64 value of the run's reported
 * point (its best_error or best_fitness, the number report.md's statistics use), where there is
 * one. `at` is the evaluation count where the backend's trace last improved: where the reported
 * point was found.
 */
function datRows(
  r: FinishedRun,
  y: (t: FinishedRun['trace'][number]) => number | null,
  final: number | null,
): { rows: [number, number][]; at: number } | null {
  // A value the database could not hold (NaN, stored as NULL) is no record: left out.
  const rows = r.trace.flatMap((t) => {
    const v = y(t);
    return v === null ? [] : [[t.evals, v] as [number, number]];
  });
  const last = rows.at(-1);
  if (!last) return null;
  const at = rows.find(([, v]) => v === last[1])![0];
  if (last[0] < r.evals) rows.push([r.evals, last[1]]);
  if (final !== null) rows[rows.length - 1] = [r.evals, final];
  return { rows, at };
}

export interface IohExport {
  /** Relative path -> text, every file of the export. */
  files: Map<string, string>;
  algorithms: number;
  problems: number;
  runs: number;
  /** Problems without an optimum whose direction the runs did not tell (written as minimised). */
  undecided: string[];
  /**
   * Runs whose final record (the float64 value of the reported point) is worse than the record
   * before it (the backend's value, which its rounding made better), and the largest such gap.
   */
  worseAtEnd: { runs: number; gap: number };
}

/** The export's files (no I/O). */
export function iohExport(e: ExperimentRuns): IohExport {
  const files = new Map<string, string>();
  const cells = e.cells.filter((c) => c.runs.length > 0);
  const problems = [...new Set(e.cells.map((c) => c.problem))];
  const fid = new Map(problems.map((p, k) => [p, k + 1]));
  const labels = [...new Set(cells.map((c) => c.label))];
  // One folder an algorithm; two labels that read alike as file names get -2, -3, ...
  const folders = new Map<string, string>();
  const taken = new Set<string>();
  for (const l of labels) {
    const base = fileSafe(l);
    let name = base;
    for (let k = 2; taken.has(name.toLowerCase()); k++) name = `${base}-${k}`;
    taken.add(name.toLowerCase());
    folders.set(l, name);
  }
  // What raw_y is for each problem: its error (minimised) where it declares an optimum, else f.
  const undecided: string[] = [];
  const mode = new Map<string, { byError: boolean; maximization: boolean }>();
  for (const p of problems) {
    const of = cells.filter((c) => c.problem === p);
    if (of.some((c) => c.runs.some((r) => r.trace.some((t) => t.error !== null))))
      mode.set(p, { byError: true, maximization: false });
    else {
      const d = directionOf(of);
      if (d === undefined && of.length) undecided.push(p);
      mode.set(p, { byError: false, maximization: d === 'maximize' });
    }
  }
  let runs = 0;
  const worseAtEnd = { runs: 0, gap: 0 };
  for (const label of labels) {
    const mine = cells.filter((c) => c.label === label);
    for (const p of [...new Set(mine.map((c) => c.problem))]) {
      const id = fid.get(p)!;
      const name = fileSafe(p);
      const { byError, maximization } = mode.get(p)!;
      const y = (t: FinishedRun['trace'][number]) => (byError ? t.error : t.best);
      const sign = maximization ? -1 : 1;
      const scenarios: string[] = [];
      for (const c of mine.filter((x) => x.problem === p)) {
        const dat = `data_f${id}_${name}/IOHprofiler_f${id}_DIM${c.dim}.dat`;
        const blocks: string[] = [];
        const runLines: string[] = [];
        for (const r of c.runs) {
          const d = datRows(r, y, byError ? r.bestError : r.bestFitness);
          if (!d) continue;
          const { rows, at } = d;
          blocks.push(['evaluations raw_y', ...rows.map(([ev, v]) => `${ev} ${v}`)].join('\n'));
          // The best: the reported point's value (the final record's), found where the trace
          // last improved.
          const final = rows.at(-1)![1];
          if (rows.length > 1) {
            const gap = sign * (final - rows.at(-2)![1]);
            if (gap > 0) {
              worseAtEnd.runs++;
              worseAtEnd.gap = Math.max(worseAtEnd.gap, gap);
            }
          }
          const best = [`"evals": ${at}`, `"y": ${JSON.stringify(final)}`];
          if (r.bestPoint) best.push(`"x": ${JSON.stringify(r.bestPoint)}`);
          runLines.push(
            `{"instance": 1, "evals": ${r.evals}, "best": {${best.join(', ')}}, "seed": ${r.seed}}`,
          );
          runs++;
        }
        files.set(`${folders.get(label)}/${dat}`, blocks.join('\n') + '\n');
        scenarios.push(
          `{"dimension": ${c.dim}, "path": ${JSON.stringify(dat)}, "runs": [\n        ${runLines.join(',\n        ')}\n      ]}`,
        );
      }
      const head = {
        version: IOH_VERSION,
        suite: e.name,
        function_id: id,
        function_name: p,
        maximization,
        algorithm: { name: label, info: `opt ${mine[0]!.algorithm}, experiment ${e.name}` },
        experiment_attributes: [{ experiment: e.name }, { backend: e.backend }],
        run_attributes: ['seed'],
        attributes: ['evaluations', 'raw_y'],
      };
      // JSON.stringify for the head; the scenarios by hand, a run a line (a best point on one
      // line rather than a coordinate a line).
      const headText = Object.entries(head)
        .map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`)
        .join(',\n');
      files.set(
        `${folders.get(label)}/IOHprofiler_f${id}_${name}.json`,
        `{\n${headText},\n  "scenarios": [\n    ${scenarios.join(',\n    ')}\n  ]\n}\n`,
      );
    }
  }
  files.set(
    IOH_MARKER,
    [
      `IOHprofiler data of opt experiment '${e.name}' (${e.backend} backend), written by opt report --format ioh.`,
      'Load this folder (or a zip of it) in IOHanalyzer. One folder an algorithm; raw_y is the best-so-far',
      'error where the problem declares an optimum (maximization false), else the best-so-far f.',
      "A run's records before its last carry the values the backend computed during the run (float32 on",
      'the GPU); its last record, at its final evaluation count, and its best.y carry the float64 error',
      "(or f) of its reported point, evaluated on the host: the value of opt's report.md and cells.csv.",
      ...(worseAtEnd.runs
        ? [
            `In ${worseAtEnd.runs} run${worseAtEnd.runs === 1 ? '' : 's'} that last record is worse than the one before it, by at most ${worseAtEnd.gap}: the backend's value of the point was below the host's float64 one, by rounding (float32's on the GPU; on the CPU the backend's f - f* against the host's error, summed another way).`,
          ]
        : []),
      `Function ids: ${problems.map((p) => `f${fid.get(p)} = ${p}`).join(', ')}.`,
      ...(undecided.length
        ? [`No optimum and no improving run, so written as minimised: ${undecided.join(', ')}.`]
        : []),
      'opt report --format ioh replaces this folder when it writes the export again.',
      '',
    ].join('\n'),
  );
  return {
    files,
    algorithms: labels.length,
    problems: new Set(cells.map((c) => c.problem)).size,
    runs,
    undecided,
    worseAtEnd,
  };
}

/**
 * Writes the export to `out`: into a fresh folder beside it, then renamed into place, so that a
 * failed export leaves no half of one. A folder already at `out` is replaced if it is empty or an
 * earlier export (it holds IOH_MARKER); anything else is refused (IOHanalyzer reads every .json
 * under the folder it is given, so stray files there would be read as data).
 */
export function writeIohExport(out: string, files: Map<string, string>): void {
  if (existsSync(out)) {
    let entries: string[];
    try {
      entries = readdirSync(out);
    } catch {
      throw new ExperimentError(`--ioh-out ${out}: exists and is not a folder`);
    }
    if (entries.length && !entries.includes(IOH_MARKER))
      throw new ExperimentError(
        `--ioh-out ${out}: the folder exists and is not an earlier export of opt's (no ${IOH_MARKER}): give another --ioh-out, or empty it`,
      );
  }
  const tmp = `${out.replace(/\/+$/, '')}.partial-${process.pid}`;
  try {
    rmSync(tmp, { recursive: true, force: true });
    for (const [rel, text] of files) {
      const path = join(tmp, rel);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    }
    rmSync(out, { recursive: true, force: true });
    renameSync(tmp, out);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw new ExperimentError(
      `--ioh-out ${out}: cannot write the export (${(e as Error).message})`,
    );
  }
}
