// The fixed-target view of `opt report DIR` (src/analysis/fixed-target.ts computes it, COCO's
// definitions): the "Fixed-target view" section of report.md (a table a dimension: the average
// runtime of each algorithm on each problem at five targets, with the runs that reached each,
// and the runtime ECDF at a few budgets), DIR/ert.csv (every cell at COCO's 51 targets) and
// DIR/ecdf.csv (each algorithm's runtime ECDF at each D over its problems and the 51 targets).
//
// A run's runtime for a target is the evaluations at the first trace row whose error is at most
// the target: the trace has a row a generation that improved the best, so it is the evaluations
// made by the end of that generation (COCO counts the single evaluation; the two differ by less
// than a generation's evaluations). The errors are the trace's, as the backend computed them (the
// ones the run's target stopped it at). Problems without an optimum have no error and no
// fixed-target view: they are named and left out. When the experiment has a target, its runs
// stopped on reaching it, so the targets below it are not measured (a run that stopped at 1e-4
// says nothing of when it would have reached 1e-6): "-" in report.md, empty in ert.csv, and left
// out of the ECDFs.

import {
  COCO_TARGETS,
  REPORT_TARGETS,
  ert,
  logGrid,
  runtimeEcdf,
  type Ert,
  type RunRecord,
} from '../analysis/fixed-target.js';
import type { CellRuns, ExperimentRuns } from './runs.js';

export interface ErtRow {
  algorithm: string;
  problem: string;
  dim: number;
  runs: number;
  /** At each of COCO_TARGETS; null where the target is below the experiment's (not measured). */
  erts: (Ert | null)[];
}

export interface EcdfRow {
  algorithm: string;
  dim: number;
  /** Evaluations / D, log-spaced (five a decade) over every run of the dimension. */
  budgets: number[];
  fractions: number[];
}

export interface FixedTargetView {
  /** The experiment's target, below which nothing is measured. */
  stopTarget: number | null;
  /** COCO's targets that are measured: those at or above stopTarget. */
  targets: number[];
  /** Problems left out: they declare no optimum (no error). */
  skipped: string[];
  rows: ErtRow[];
  ecdf: EcdfRow[];
}

/** A cell's runs as the analysis takes them (its errors; a null error is no optimum). */
const records = (c: CellRuns): RunRecord[] =>
  c.runs.map((r) => ({ evals: r.evals, trace: r.trace }));

/**
 * A cell has a fixed-target view if its runs have errors (its problem declares an optimum). A
 * single row without one (a NaN the backend computed, stored as NULL) reaches no target.
 */
const hasError = (c: CellRuns) => c.runs.some((r) => r.trace.some((t) => t.error !== null));

export function fixedTargetView(e: ExperimentRuns): FixedTargetView {
  const stop = e.target;
  const measured = (t: number) => stop === null || t >= stop;
  const targets = COCO_TARGETS.filter(measured);
  const cells = e.cells.filter(hasError);
  const skipped = [
    ...new Set(e.cells.filter((c) => c.runs.length > 0 && !hasError(c)).map((c) => c.problem)),
  ];
  const rows = cells.map((c) => {
    const at = ert(records(c), targets);
    const byTarget = new Map(targets.map((t, j) => [t, at[j]!] as const));
    return {
      algorithm: c.label,
      problem: c.problem,
      dim: c.dim,
      runs: c.runs.length,
      erts: COCO_TARGETS.map((t) => byTarget.get(t) ?? null),
    };
  });
  const ecdf: EcdfRow[] = [];
  if (targets.length)
    for (const dim of unique(cells.map((c) => c.dim))) {
      const atDim = cells.filter((c) => c.dim === dim);
      // One grid for every algorithm of the dimension, so that their ECDFs line up: from the
      // first trace row (no runtime is shorter) to the longest run.
      const runs = atDim.flatMap((c) => c.runs);
      const first = Math.min(...runs.map((r) => r.trace[0]?.evals ?? r.evals));
      const last = Math.max(...runs.map((r) => r.evals));
      const budgets = logGrid(Math.max(first, 1) / dim, Math.max(last, 1) / dim);
      for (const algorithm of unique(atDim.map((c) => c.label))) {
        const problems = atDim.filter((c) => c.label === algorithm).map(records);
        ecdf.push({
          algorithm,
          dim,
          budgets,
          fractions: runtimeEcdf(problems, { targets, dim, budgets }),
        });
      }
    }
  return { stopTarget: stop, targets, skipped, rows, ecdf };
}

const unique = <T>(xs: T[]) => [...new Set(xs)];

/** An average runtime in report.md: evaluations, rounded; inf where no run succeeded. */
function ertText(x: Ert | null): string {
  if (x === null) return '-';
  const v =
    x.ert === Infinity
      ? 'inf'
      : x.ert >= 1e7
        ? x.ert.toExponential(2)
        : Math.round(x.ert).toLocaleString('en-US');
  return `${v} (${x.successes}/${x.runs})`;
}

/** A target or a budget as a column header: 1e-5, 0.1, 631. */
const short = (v: number) => {
  const e = Math.log10(v);
  if (Math.abs(e - Math.round(e)) < 1e-9 && (e < -1 || e > 3)) return `1e${Math.round(e)}`;
  return String(Number(v.toPrecision(3)));
};

/** report.md's "Fixed-target view" section. */
export function fixedTargetMarkdown(v: FixedTargetView): string {
  const shown = REPORT_TARGETS.map((t) => COCO_TARGETS.indexOf(t));
  const lines = [
    '',
    '## Fixed-target view',
    '',
    "Average runtime to reach an error target (COCO's aRT, or ERT: the evaluations of every run until it first reached the target, or until it ended where it never did, summed and divided by the number of runs that reached it; inf where none did), with the runs that reached it. A run's runtime is the evaluations made by the end of the generation in which its best error (as the backend computed it) first reached the target. ert.csv has every cell at COCO's 51 targets (1e2 to 1e-8, five a decade); ecdf.csv has the runtime ECDFs: per algorithm and D, the fraction of (run, target) pairs over its problems reached within a budget, in evaluations / D.",
  ];
  if (v.stopTarget !== null)
    lines.push(
      '',
      `The runs stopped on reaching the experiment's target ${v.stopTarget}: the targets below it are not measured ("-").`,
    );
  if (v.skipped.length)
    lines.push(
      '',
      `Left out (no optimum declared, so no error to reach a target): ${v.skipped.join(', ')}.`,
    );
  for (const D of unique(v.rows.map((r) => r.dim))) {
    lines.push(
      '',
      `### D = ${D}`,
      '',
      `| algorithm | problem | runs | ${REPORT_TARGETS.map(short).join(' | ')} |`,
      `| --- | --- | ---: | ${REPORT_TARGETS.map(() => '---:').join(' | ')} |`,
    );
    for (const r of v.rows.filter((x) => x.dim === D))
      lines.push(
        `| ${r.algorithm} | ${r.problem} | ${r.runs} | ${shown.map((j) => ertText(r.erts[j]!)).join(' | ')} |`,
      );
    const ecdf = v.ecdf.filter((e) => e.dim === D);
    if (!ecdf.length) continue;
    // The decades of the grid and its end (at or beyond every run's evaluations: the final
    // fraction of pairs reached).
    const budgets = ecdf[0]!.budgets;
    const cols = budgets
      .map((b, j) => ({ b, j }))
      .filter(({ b, j }) => Number.isInteger(Math.log10(b)) || j === budgets.length - 1);
    lines.push(
      '',
      `Runtime ECDF at D = ${D}: the fraction of (run, target) pairs over the problems and the ${v.targets.length} targets reached within a budget of evaluations / D (at the decades of ecdf.csv's budgets and at its last, which no run went beyond).`,
      '',
      `| algorithm | ${cols.map(({ b }) => short(b)).join(' | ')} |`,
      `| --- | ${cols.map(() => '---:').join(' | ')} |`,
    );
    for (const e of ecdf)
      lines.push(
        `| ${e.algorithm} | ${cols.map(({ j }) => e.fractions[j]!.toFixed(3)).join(' | ')} |`,
      );
  }
  return lines.join('\n') + '\n';
}

const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/**
 * ert.csv: a row a cell and target (COCO's 51), numbers in full; ert is "inf" where no run
 * reached the target, and ert and successes are empty where the target was not measured.
 */
export function ertCsv(v: FixedTargetView): string {
  const rows = v.rows.flatMap((r) =>
    COCO_TARGETS.map((t, j) => {
      const x = r.erts[j]!;
      return [
        q(r.algorithm),
        q(r.problem),
        r.dim,
        t,
        r.runs,
        x?.successes ?? '',
        x === null ? '' : x.ert === Infinity ? 'inf' : x.ert,
      ].join(',');
    }),
  );
  return ['algorithm,problem,D,target,runs,successes,ert', ...rows].join('\n') + '\n';
}

/** ecdf.csv: a row an algorithm, D and budget (evaluations / D). */
export function ecdfCsv(v: FixedTargetView): string {
  const rows = v.ecdf.flatMap((e) =>
    e.budgets.map((b, j) => [q(e.algorithm), e.dim, b, e.fractions[j]].join(',')),
  );
  return ['algorithm,D,budget,fraction', ...rows].join('\n') + '\n';
}
