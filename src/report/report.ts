// The report of an experiment (`opt report DIR`, src/cli/report.ts; writeReport in src/api.ts): the
// per-cell statistics of its results (DIR/results.sqlite, written by src/experiment/runner.ts) as
// DIR/report.md (a table a dimension) and DIR/cells.csv: for each cell (algorithm, problem, D) over
// its finished runs, the final error's mean, sample standard deviation, median, best and worst
// (simple-statistics), the success rate (runs whose error is at most the target, where the
// experiment has one) and the mean evaluations. A problem without a declared optimum has no
// error: its best f is summarised instead.
//
// Rank tests (Kruskal-Wallis, Wilcoxon rank-sum with Holm, Friedman with its post-hoc tests, seed
// 002's score): src/report/stats.ts, report.md's section "Rank tests" and DIR/tests.csv.
// The fixed-target view (average runtimes, runtime ECDFs: ert.csv, ecdf.csv and a section of
// report.md) is src/report/fixed-target.ts; writeIohReport (`--format ioh`) exports the runs in
// IOHprofiler's format instead (src/report/ioh.ts).
//
// Figures (convergence, final errors, runtime ECDFs, critical-difference diagrams:
// src/report/figures.ts) are rendered to DIR/figures/*.svg and linked from report.md's section
// "Figures"; DIR/report.html is report.md with the SVGs inline (src/report/html.ts), and
// DIR/tables.tex the per-cell table in LaTeX (src/report/latex.ts). It prints nothing: the CLI
// prints report.md and the notes.

import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { max, mean, median, min, sampleStandardDeviation } from 'simple-statistics';
import { countedError, openResults, RESULTS_FILE, columnOrNull } from '../experiment/database.js';
import { ExperimentError } from '../experiment/errors.js';
import { rankTests, rankTestsCsv } from './stats.js';
import { ecdfCsv, ertCsv, fixedTargetMarkdown, fixedTargetView } from './fixed-target.js';
import { reportFigures } from './figures.js';
import { figuresMarkdown, renderFigures, reportHtml, writeFigures } from './html.js';
import { IOH_POINT_MAX_DIM, iohExport, writeIohExport } from './ioh.js';
import { tablesTex, type TableCell } from './latex.js';
import { readExperimentRuns } from './runs.js';

/** A cell's statistics: what tables.tex reads of it (latex.ts, TableCell), and the rest. */
export interface CellStats extends TableCell {
  median: number;
  best: number;
  worst: number;
  /** Runs whose error is at most the target, as a fraction; null without a target or an error. */
  success: number | null;
  meanEvals: number;
  /**
   * How the runs ran: the most runs that shared one set of kernels (a batch on the GPU), 1 where
   * every run ran alone (a wall-clock budget, the CPU, a program whose generation's runs depend on the seed).
   */
  batch: number;
  /**
   * Runs whose reported best point lies outside the problem's box (not results of the
   * bound-constrained problem); null for a results file written before opt recorded it.
   */
  outside: number | null;
}

/** The statistics of every cell with a finished run, in the design's order. */
export function cellStats(path: string): {
  name: string;
  target: number | null;
  zero: number | null;
  cells: CellStats[];
} {
  const db = openResults(path);
  try {
    const exp = db
      .prepare(`SELECT name, target, ${columnOrNull(db, 'experiment', 'zero')} FROM experiment`)
      .get() as {
      name: string;
      target: number | null;
      zero: number | null;
    };
    const cells = db.prepare('SELECT id, label, problem, dim FROM cell ORDER BY id').all() as {
      id: number;
      label: string;
      problem: string;
      dim: number;
    }[];
    // run.in_box from results schema 4 on; an older file says nothing of the box.
    const inBox = columnOrNull(db, 'run', 'in_box');
    const runsOf = db.prepare(
      `SELECT best_error AS error, best_fitness AS f, evals, batch, ${inBox} FROM run WHERE cell = ? ORDER BY run`,
    );
    const out: CellStats[] = [];
    for (const c of cells) {
      const runs = runsOf.all(c.id) as {
        error: number | null;
        f: number;
        evals: number;
        batch: number;
        in_box: number | null;
      }[];
      if (!runs.length) continue;
      const hasError = runs.every((r) => r.error !== null);
      const v = runs.map((r) => (hasError ? countedError(r.error!, exp.zero) : r.f));
      out.push({
        algorithm: c.label,
        problem: c.problem,
        dim: c.dim,
        runs: runs.length,
        of: hasError ? 'error' : 'f',
        mean: mean(v),
        std: v.length > 1 ? sampleStandardDeviation(v) : 0,
        median: median(v),
        best: min(v),
        worst: max(v),
        success:
          hasError && exp.target !== null
            ? runs.filter((r) => r.error! <= exp.target!).length / runs.length
            : null,
        meanEvals: mean(runs.map((r) => r.evals)),
        batch: max(runs.map((r) => r.batch)),
        outside: runs.some((r) => r.in_box === null)
          ? null
          : runs.filter((r) => r.in_box === 0).length,
      });
    }
    return { name: exp.name, target: exp.target, zero: exp.zero, cells: out };
  } finally {
    db.close();
  }
}

const num = (v: number) => (v === 0 ? '0' : v.toExponential(3));

/** report.md: a table a dimension, a row a cell. */
export function reportMarkdown(r: ReturnType<typeof cellStats>): string {
  const lines = [
    `# Experiment ${r.name}`,
    '',
    `Final ${r.cells.some((c) => c.of === 'f') ? 'error (best f where a problem has no optimum)' : 'error'} over each cell's finished runs: mean, sample standard deviation, median, best and worst${r.target !== null ? `; success: runs whose error is at most the target ${r.target}` : ''}.${r.zero !== null ? ` An error below the experiment's zero, ${r.zero}, counts as 0 here and in the rank tests (results.sqlite keeps each run's own value).` : ''} Batch: the most runs of the cell that ran together in one set of kernels on the GPU (each bit for bit as it runs alone); 1: one run at a time (a wall-clock budget, the CPU backend, or an algorithm whose generation's runs depend on the seed).`,
  ];
  for (const D of [...new Set(r.cells.map((c) => c.dim))]) {
    lines.push(
      '',
      `## D = ${D}`,
      '',
      '| algorithm | problem | runs | mean | std | median | best | worst | success | mean evaluations | batch | outside the box |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const c of r.cells.filter((x) => x.dim === D))
      lines.push(
        `| ${c.algorithm} | ${c.problem}${c.of === 'f' ? ' (f)' : ''} | ${c.runs} | ${num(c.mean)} | ${num(c.std)} | ${num(c.median)} | ${num(c.best)} | ${num(c.worst)} | ${c.success === null ? '-' : `${(100 * c.success).toFixed(0)}%`} | ${Math.round(c.meanEvals).toLocaleString('en-US')} | ${c.batch} | ${c.outside === null ? '-' : c.outside > 0 ? `**${c.outside} of ${c.runs}**` : '0'} |`,
      );
  }
  const broken = r.cells.filter((c) => c.outside);
  if (broken.length)
    lines.push(
      '',
      `**Outside the box.** In ${broken.length === 1 ? 'one cell' : `${broken.length} cells`} the reported best point of some run lies outside the problem's box: ${broken.map((c) => `${c.algorithm} on ${c.problem} at D = ${c.dim} (${c.outside} of ${c.runs} runs)`).join('; ')}. Those values are not results of the bound-constrained problem (docs/language.md, "Bound handling": the algorithm's bounds parameter names the policy).`,
    );
  if (r.cells.some((c) => c.outside === null))
    lines.push(
      '',
      'Outside the box "-": the results file predates opt recording it (results schema 3): the runs\' best points were not checked against the box.',
    );
  return lines.join('\n') + '\n';
}

/** cells.csv: a row a cell, numbers in full (17 significant digits). */
export function reportCsv(r: ReturnType<typeof cellStats>): string {
  const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const rows = r.cells.map((c) =>
    [
      q(c.algorithm),
      q(c.problem),
      c.dim,
      c.runs,
      c.of,
      c.mean,
      c.std,
      c.median,
      c.best,
      c.worst,
      c.success ?? '',
      c.meanEvals,
      c.batch,
      c.outside ?? '',
    ].join(','),
  );
  return (
    [
      'algorithm,problem,D,runs,of,mean,std,median,best,worst,success,mean_evals,batch,outside',
      ...rows,
    ].join('\n') + '\n'
  );
}

/** What writeReport wrote. */
export interface ReportWritten {
  /** The experiment's name. */
  name: string;
  /** report.md's text (`opt report` prints it). */
  markdown: string;
  /** What the figures could not draw, a sentence each (`opt report` prints them as notes). */
  warnings: string[];
  /** The files written, in DIR (figures/*.svg aside). */
  files: string[];
}

/** DIR/results.sqlite, or an ExperimentError where it is missing. */
function resultsIn(dir: string): string {
  const path = join(dir, RESULTS_FILE);
  if (!existsSync(path))
    throw new ExperimentError(`${path}: not found (opt experiment --out ${dir} writes it)`);
  return path;
}

/**
 * The report of the experiment in `dir` (its results.sqlite): report.md, report.html, the
 * figures (figures/*.svg), tables.tex, cells.csv, tests.csv, ert.csv and ecdf.csv, written into
 * `dir`.
 */
export async function writeReport(o: { dir: string }): Promise<ReportWritten> {
  const { dir } = o;
  const path = resultsIn(dir);
  const r = cellStats(path);
  // The rank tests and the fixed-target view: sections of report.md and files of their own.
  const tests = rankTests(path, r.target);
  const runs = readExperimentRuns(path);
  const ft = fixedTargetView(runs);
  const figs = reportFigures(runs, tests.rows, ft);
  const { rendered, warnings } = await renderFigures(figs.figures);
  const md =
    reportMarkdown(r) +
    tests.markdown.join('\n') +
    '\n' +
    fixedTargetMarkdown(ft) +
    figuresMarkdown(figs);
  writeFigures(dir, rendered);
  const files: [string, string][] = [
    ['report.md', md],
    ['report.html', reportHtml(`Experiment ${r.name}`, md, rendered)],
    ['tables.tex', tablesTex(r)],
    ['cells.csv', reportCsv(r)],
    ['tests.csv', rankTestsCsv(tests)],
    ['ert.csv', ertCsv(ft)],
    ['ecdf.csv', ecdfCsv(ft)],
  ];
  for (const [name, text] of files) writeFileSync(join(dir, name), text);
  return { name: r.name, markdown: md, warnings, files: files.map(([name]) => join(dir, name)) };
}

/** What writeIohReport wrote: the export's size, and what its notes say. */
export interface IohWritten {
  /** The export's folder. */
  out: string;
  algorithms: number;
  problems: number;
  runs: number;
  /** Problems whose direction is unknown (no optimum, and no run improved): written as minimised. */
  undecided: string[];
  /** Runs whose final record is worse than the one before it, and by at most how much. */
  worseAtEnd: { runs: number; gap: number };
}

/** The runs of the experiment in `dir` in IOHprofiler's format, into `out` (default DIR/ioh). */
export function writeIohReport(o: { dir: string; out?: string }): IohWritten {
  const path = resultsIn(o.dir);
  const out = o.out ?? join(o.dir, 'ioh');
  const runs = readExperimentRuns(path, { points: { maxDim: IOH_POINT_MAX_DIM } });
  const x = iohExport(runs);
  if (!x.runs) throw new ExperimentError(`${path}: no finished runs to export`);
  writeIohExport(out, x.files);
  return {
    out,
    algorithms: x.algorithms,
    problems: x.problems,
    runs: x.runs,
    undecided: x.undecided,
    worseAtEnd: x.worseAtEnd,
  };
}
