// The figures of `opt report DIR`, as data and as Vega-Lite specifications (rendered to SVG by
// src/report/html.ts). Per dimension D:
//
// - convergence: for each problem, each algorithm's median best-so-far error against the
//   evaluations, with the band between the first and third quartile, over its runs. Each run's
//   trace is a step function (a row where it first reached each error level: thinTrace), read at a common grid of evaluation counts.
// - box plots of the final errors (the run table's best_error, the value report.md's statistics
//   use) for each problem and algorithm, with every run as a point.
// - the runtime ECDFs of the fixed-target view (src/report/fixed-target.ts), an algorithm a
//   line.
// - a critical-difference diagram from the Friedman test of src/report/stats.ts: the average
//   ranks on an axis, Nemenyi's CD at 0.05 as a bar, and the groups of algorithms whose ranks
//   differ by at most CD joined by a bar.
//
// Nothing here computes a statistic that another view already has: the ranks and the CD are the
// rows of tests.csv, the ECDFs those of ecdf.csv; the quartiles are simple-statistics' (R's type 7,
// as the medians of report.md).
//
// Errors go on log axes, where 0 has no place: an error at or below 0 (the optimum reached
// exactly, or a float that rounded below it) is drawn at a floor below every positive value of
// its panel, and the figure's caption says how many and where. None is left out silently.

import { quantileSorted } from 'simple-statistics';
import type { TopLevelSpec } from 'vega-lite';
import { logGrid } from '../analysis/fixed-target.js';
import type { FixedTargetView } from './fixed-target.js';
import type { CellRuns, ExperimentRuns, TraceRow } from './runs.js';
import type { TestRow } from './stats.js';

/** One figure: DIR/figures/<file>, and what report.md and report.html say of it. */
export interface Figure {
  file: string;
  /** The figure's heading. */
  title: string;
  /** What it shows, in full sentences; says where errors were clamped. */
  caption: string;
  spec: TopLevelSpec;
}

// ---- log axes ---------------------------------------------------------------------------------

/** The floor of a log axis when nothing smaller is plotted. */
export const LOG_FLOOR = 1e-12;

/**
 * Where a figure draws its errors at or below 0: LOG_FLOOR, or a decade below its smallest
 * positive value where that is smaller, so that a clamped error never sits on or above a real one.
 */
export function logFloor(values: readonly number[]): number {
  let least = Infinity;
  for (const v of values) if (v > 0 && v < least) least = v;
  if (least >= LOG_FLOOR) return LOG_FLOOR;
  return 10 ** (Math.floor(Math.log10(least)) - 1);
}

/** The values with those at or below 0 raised to `floor`, and how many were. */
export function clampForLog(
  values: readonly number[],
  floor: number,
): { values: number[]; clamped: number } {
  let clamped = 0;
  const out = values.map((v) => {
    if (v > 0) return v;
    clamped++;
    return floor;
  });
  return { values: out, clamped };
}

/** A number as a caption writes it: 1e-12, 3.2e-5, 0.01. */
const sci = (v: number) => {
  const e = Math.log10(v);
  if (Number.isInteger(e)) return `1e${e}`;
  return Number(v.toPrecision(3)).toString();
};

/**
 * Each panel's (problem's) floor, from its own values (the panels have scales of their own), and
 * the caption's sentence on the values drawn at one: empty when none is.
 */
export function panelFloors<R extends { problem: string }>(
  rows: readonly R[],
  valuesOf: (r: R) => readonly number[],
  what: string,
): { floors: Map<string, number>; note: string } {
  const floors = new Map<string, number>();
  const parts: string[] = [];
  for (const problem of unique(rows.map((r) => r.problem))) {
    const values = rows.filter((r) => r.problem === problem).flatMap(valuesOf);
    const floor = logFloor(values);
    floors.set(problem, floor);
    const { clamped } = clampForLog(values, floor);
    if (clamped)
      parts.push(
        `${problem}: ${clamped === values.length ? 'all' : clamped} of the ${values.length} ${what} at ${sci(floor)}`,
      );
  }
  const note = parts.length
    ? ` Errors of 0 (or below it: the optimum reached within rounding) have no place on a log axis: they are drawn at a floor, ${sci(LOG_FLOOR)} or a decade below the panel's smallest positive value (${parts.join('; ')}).`
    : '';
  return { floors, note };
}

// ---- convergence ------------------------------------------------------------------------------

/** Points a decade on the convergence grid. */
export const GRID_PER_DECADE = 20;

/**
 * The evaluation counts at which the runs of one problem (every algorithm's) are compared:
 * log-spaced, GRID_PER_DECADE a decade, from the earliest first trace row to the longest run, both
 * ends included.
 */
export function evaluationGrid(lo: number, hi: number): number[] {
  if (!(lo >= 1) || !(hi >= lo)) throw new RangeError(`evaluationGrid: bad range ${lo}..${hi}`);
  if (hi === lo) return [lo];
  const inner = logGrid(lo, hi, GRID_PER_DECADE).filter((g) => g > lo && g < hi);
  return [lo, ...inner, hi];
}

/**
 * A run's best-so-far error at each count of `grid` (ascending): the error of its last trace row
 * at or before the count, as a step function. null before its first row. A run that ended before
 * the count (the experiment's target stopped it, or its seconds ran out) keeps its last error.
 * Rows without an error (a NaN the backend computed, stored as NULL) are passed over.
 */
export function errorsOnGrid(
  trace: readonly TraceRow[],
  grid: readonly number[],
): (number | null)[] {
  const out: (number | null)[] = [];
  let k = 0;
  let last: number | null = null;
  for (const g of grid) {
    while (k < trace.length && trace[k]!.evals <= g) {
      const e = trace[k]!.error;
      if (e !== null) last = e;
      k++;
    }
    out.push(last);
  }
  return out;
}

/** The median and quartiles of one algorithm's runs at one grid count (errors as recorded). */
export interface BandPoint {
  evals: number;
  median: number;
  q1: number;
  q3: number;
}

const quartiles = (values: readonly number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return {
    min: s[0]!,
    q1: quantileSorted(s, 0.25),
    median: quantileSorted(s, 0.5),
    q3: quantileSorted(s, 0.75),
    max: s[s.length - 1]!,
  };
};

/**
 * The band of one cell's runs over `grid`: at each count where every run has a value (has passed
 * its first trace row), the median and quartiles of the runs' errors. Counts where some run has
 * none yet are left out rather than summarised over the runs that have one, which would bias the
 * median towards the runs that started reporting first.
 */
export function convergenceBand(
  runs: readonly { trace: readonly TraceRow[] }[],
  grid: readonly number[],
): BandPoint[] {
  if (!runs.length) return [];
  const perRun = runs.map((r) => errorsOnGrid(r.trace, grid));
  const out: BandPoint[] = [];
  grid.forEach((evals, j) => {
    const at = perRun.map((e) => e[j]!);
    if (at.some((v) => v === null)) return;
    const q = quartiles(at as number[]);
    out.push({ evals, median: q.median, q1: q.q1, q3: q.q3 });
  });
  return out;
}

/** A cell has errors to plot if each of its runs has a trace row with one. */
const plottable = (c: CellRuns) =>
  c.runs.length > 0 && c.runs.every((r) => r.trace.some((t) => t.error !== null));

const unique = <T>(xs: readonly T[]) => [...new Set(xs)];

export interface ConvergenceRow extends BandPoint {
  problem: string;
  algorithm: string;
}

/** The convergence bands of every cell of dimension D with errors, a problem's cells on one grid. */
export function convergenceData(e: ExperimentRuns, dim: number): ConvergenceRow[] {
  const cells = e.cells.filter((c) => c.dim === dim && plottable(c));
  const rows: ConvergenceRow[] = [];
  for (const problem of unique(cells.map((c) => c.problem))) {
    const atP = cells.filter((c) => c.problem === problem);
    const runs = atP.flatMap((c) => c.runs);
    const first = Math.min(...runs.map((r) => r.trace.find((t) => t.error !== null)!.evals));
    const last = Math.max(
      ...runs.map((r) => Math.max(r.evals, r.trace[r.trace.length - 1]!.evals)),
    );
    const grid = evaluationGrid(Math.max(first, 1), Math.max(last, first, 1));
    for (const c of atP)
      for (const p of convergenceBand(c.runs, grid))
        rows.push({ problem, algorithm: c.label, ...p });
  }
  return rows;
}

// ---- final errors -----------------------------------------------------------------------------

export interface BoxRow {
  problem: string;
  algorithm: string;
  runs: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  /** Each run's final error, in run order. */
  errors: number[];
}

/** The final errors of every cell of dimension D whose runs all have one, with their quartiles. */
export function finalErrorData(e: ExperimentRuns, dim: number): BoxRow[] {
  return e.cells
    .filter((c) => c.dim === dim && c.runs.length > 0 && c.runs.every((r) => r.bestError !== null))
    .map((c) => {
      const errors = c.runs.map((r) => r.bestError!);
      return {
        problem: c.problem,
        algorithm: c.label,
        runs: errors.length,
        ...quartiles(errors),
        errors,
      };
    });
}

// ---- critical-difference diagram --------------------------------------------------------------

/**
 * The groups of a critical-difference diagram: with the average ranks sorted ascending, the
 * maximal runs i..j (j > i) whose ranks differ by at most `cd` (no pair in them differs
 * significantly), as index pairs into the sorted ranks. A run inside another is not a group.
 */
export function cdGroups(sortedRanks: readonly number[], cd: number): [number, number][] {
  const out: [number, number][] = [];
  let reach = 0;
  for (let i = 0; i < sortedRanks.length; i++) {
    let j = i;
    // The slack: ranks are means of integers and halves, and CD a product of square roots.
    while (j + 1 < sortedRanks.length && sortedRanks[j + 1]! - sortedRanks[i]! <= cd + 1e-12) j++;
    if (j > i && j > reach) {
      out.push([i, j]);
      reach = j;
    }
  }
  return out;
}

/**
 * Rows for the groups' bars: each group in the first row where it overlaps no earlier group of
 * that row, so that disjoint groups share a line as in Demsar's figures.
 */
export function packRows(groups: readonly [number, number][], ranks: readonly number[]): number[] {
  const ends: number[] = [];
  return groups.map(([i, j]) => {
    let row = ends.findIndex((end) => end < ranks[i]!);
    if (row < 0) row = ends.length;
    ends[row] = ranks[j]!;
    return row;
  });
}

export interface CdInput {
  dim: number;
  /** Algorithm and average rank, as stats.ts computed them. */
  ranks: { algorithm: string; rank: number }[];
  cd: number;
  /** Friedman's p. */
  p: number;
}

/** The Friedman result of D from tests.csv's rows: null without a Friedman test or a CD. */
export function cdInput(rows: readonly TestRow[], dim: number): CdInput | null {
  const atD = rows.filter((r) => r.D === dim && r.problem === '');
  const ranks = atD
    .filter((r) => r.test === 'average-rank')
    .map((r) => ({ algorithm: r.algorithm, rank: r.statistic }));
  const cd = atD.find((r) => r.test === 'nemenyi-cd-0.05');
  const f = atD.find((r) => r.test === 'friedman');
  if (ranks.length < 2 || !cd || !f || f.p === null) return null;
  return { dim, ranks, cd: cd.statistic, p: f.p };
}

// ---- specifications ---------------------------------------------------------------------------

/**
 * Every figure colours an algorithm alike: the design's order fixes the colour scale's domain. The
 * legend sits above the plot (where it takes no width from the panels), its swatches the line
 * colour: a layer whose marks are paler (the convergence bands, the boxes) takes `legend: null`,
 * so that the legend is drawn from the line layer alone.
 */
const colour = (algorithms: readonly string[], legend: boolean) => ({
  field: 'algorithm',
  type: 'nominal' as const,
  title: 'algorithm',
  scale: { domain: [...algorithms] },
  sort: [...algorithms],
  legend: legend
    ? {
        orient: 'top' as const,
        direction: 'horizontal' as const,
        // A row of up to LEGEND_COLUMNS entries, then another.
        columns: Math.min(algorithms.length, LEGEND_COLUMNS),
        symbolType: 'stroke',
        symbolStrokeWidth: 2.5,
        symbolSize: 300,
        symbolOpacity: 1,
        labelLimit: 260,
      }
    : null,
});

const LEGEND_COLUMNS = 5;

const FACET_COLUMNS = 3;

/**
 * The width the figures are drawn for, in pixels, axes and labels included: about report.html's
 * text width (80rem less its padding), so that a figure scaled to the page (report.html draws
 * each at 100% of its width, the SVG keeping its aspect ratio) keeps its text near the size it
 * was drawn at, on a wide screen slightly larger, on a narrow one smaller.
 */
export const FIGURE_WIDTH = 1000;

/** What a panel of a faceted figure needs beside its plot: its y axis, labels and title, a gap. */
const PANEL_MARGIN = 80;

/** The plot width of each of `columns` panels side by side, and a height in proportion. */
function panelSize(columns: number): { width: number; height: number } {
  const width = Math.floor((FIGURE_WIDTH - PANEL_MARGIN * columns) / columns);
  return { width, height: Math.min(320, Math.max(200, Math.round(width * 0.7))) };
}

/**
 * The tick labels of a log axis, in one format: a power of ten as 1e-8 (1e0, 1e3), a tick between
 * two as 2e-8, as the captions and report.md write such numbers; vega's default writes 0.000001
 * beside 1e-8 and 1,000 beside 1e+4. Which ticks are labelled is still vega's choice (datum.label,
 * its default text, is empty for the ticks it leaves unlabelled where there are many).
 */
export const LOG_LABEL_EXPR =
  "datum.label === '' ? '' : replace(format(datum.value, '~e'), 'e+', 'e')";

/** The axis of a log scale: `tickCount` ticks, labelled with LOG_LABEL_EXPR. */
const logAxis = (tickCount: number) => ({ tickCount, labelExpr: LOG_LABEL_EXPR });

/** Type sizes: vega's defaults (10-11 px) are small beside report.html's text. */
const CONFIG = {
  axis: { labelFontSize: 12, titleFontSize: 13 },
  header: { labelFontSize: 13 },
  legend: { labelFontSize: 12, titleFontSize: 13 },
  title: { fontSize: 16 },
};

function convergenceFigure(
  dim: number,
  rows: ConvergenceRow[],
  algorithms: string[],
  skipped: string[],
): Figure {
  const { floors, note } = panelFloors(
    rows,
    (r) => [r.median, r.q1, r.q3],
    'plotted medians and quartiles',
  );
  const data = rows.map((r) => {
    const [median, q1, q3] = clampForLog([r.median, r.q1, r.q3], floors.get(r.problem)!).values;
    return { ...r, median, q1, q3 };
  });
  const problems = unique(rows.map((r) => r.problem));
  const x = {
    field: 'evals',
    type: 'quantitative' as const,
    title: 'evaluations',
    // nice: false: a log scale rounded out to whole decades leaves most of a panel empty.
    scale: { type: 'log' as const, nice: false },
    axis: logAxis(8),
  };
  // Few ticks: over many decades the log axis then labels (and grids) the decades alone.
  const y = {
    type: 'quantitative' as const,
    scale: { type: 'log' as const },
    axis: logAxis(6),
  };
  const columns = Math.min(FACET_COLUMNS, problems.length);
  return {
    file: `convergence-D${dim}.svg`,
    title: `Convergence at D = ${dim}`,
    caption:
      `Best-so-far error against evaluations, one panel a problem: each algorithm's median over its runs (line) and the band from the first to the third quartile, read from each run's trace (a step function: the error of its last row at or before the count) at ${GRID_PER_DECADE} log-spaced counts a decade, from the first recorded generation to the longest run; a run that ended earlier keeps its last error. Both axes are logarithmic: the error falls by orders of magnitude, and most of it happens in the first few percent of the budget, which a linear evaluation axis squeezes into its first pixels (the runtime ECDF's axis is logarithmic too).` +
      note +
      (skipped.length
        ? ` Left out (no optimum declared, so no error): ${skipped.join(', ')}.`
        : ''),
    spec: {
      title: `Convergence at D = ${dim}`,
      data: { values: data },
      facet: { field: 'problem', type: 'nominal', title: null, sort: problems },
      columns,
      resolve: { scale: { x: 'independent', y: 'independent' } },
      spec: {
        ...panelSize(columns),
        layer: [
          {
            mark: { type: 'area', interpolate: 'step-after', opacity: 0.2 },
            encoding: {
              x,
              y: { ...y, field: 'q1', title: 'best-so-far error' },
              y2: { field: 'q3' },
              color: colour(algorithms, true),
            },
          },
          {
            mark: { type: 'line', interpolate: 'step-after', strokeWidth: 1.5 },
            encoding: {
              x,
              y: { ...y, field: 'median', title: 'best-so-far error' },
              color: colour(algorithms, true),
              // Each line's aria-label: its algorithm (for screen readers, and for the browser
              // test, which matches the legend's swatches to the lines by it).
              description: { field: 'algorithm', type: 'nominal' },
            },
          },
        ],
      },
      config: CONFIG,
    },
  };
}

function boxFigure(dim: number, rows: BoxRow[], algorithms: string[], skipped: string[]): Figure {
  // The quartiles are of the errors themselves; a quartile of 0 is drawn at the floor as the
  // errors are (the floor is below every positive error, so the order is kept).
  const { floors, note } = panelFloors(rows, (r) => r.errors, 'final errors');
  const data = rows.flatMap((r) => {
    const floor = floors.get(r.problem)!;
    const c = (v: number) => (v > 0 ? v : floor);
    return [
      {
        kind: 'box',
        problem: r.problem,
        algorithm: r.algorithm,
        min: c(r.min),
        q1: c(r.q1),
        median: c(r.median),
        q3: c(r.q3),
        max: c(r.max),
      },
      ...r.errors.map((error, run) => ({
        kind: 'run',
        problem: r.problem,
        algorithm: r.algorithm,
        run,
        error: c(error),
      })),
    ];
  });
  const problems = unique(rows.map((r) => r.problem));
  const x = {
    field: 'algorithm',
    type: 'nominal' as const,
    title: null,
    sort: algorithms,
    axis: { labelAngle: -30, labelLimit: 260 },
  };
  const y = {
    type: 'quantitative' as const,
    scale: { type: 'log' as const },
    axis: logAxis(6),
    title: 'final error',
  };
  const columns = Math.min(FACET_COLUMNS, problems.length);
  const panel = panelSize(columns);
  // A box about half its band wide (the band: the panel's width an algorithm), within 10..48 px.
  const box = Math.max(10, Math.min(48, Math.round((0.45 * panel.width) / algorithms.length)));
  const only = (kind: string) => [{ filter: { field: 'kind', equal: kind } }];
  return {
    file: `final-errors-D${dim}.svg`,
    title: `Final errors at D = ${dim}`,
    caption:
      `Final error of each run (the float64 error of its best point, the value of the tables above), one panel a problem: the box spans the first to the third quartile, the black tick is the median, the whiskers reach the best and the worst run, and each run is a point. The error axis is logarithmic.` +
      note +
      (skipped.length
        ? ` Left out (no optimum declared, so no error): ${skipped.join(', ')}.`
        : ''),
    spec: {
      title: `Final errors at D = ${dim}`,
      data: { values: data },
      facet: { field: 'problem', type: 'nominal', title: null, sort: problems },
      columns,
      // Each panel its own x axis: a shared one is drawn under each column, also under the
      // empty place of a last row that is not full.
      resolve: { scale: { y: 'independent' }, axis: { x: 'independent' } },
      spec: {
        ...panel,
        layer: [
          {
            transform: only('box'),
            mark: { type: 'rule' },
            encoding: { x, y: { ...y, field: 'min' }, y2: { field: 'max' } },
          },
          {
            transform: only('box'),
            mark: { type: 'bar', size: box, opacity: 0.6 },
            encoding: {
              x,
              y: { ...y, field: 'q1' },
              y2: { field: 'q3' },
              // No legend: the algorithms are the x axis's labels.
              color: colour(algorithms, false),
            },
          },
          {
            transform: only('box'),
            mark: { type: 'tick', color: 'black', size: box, thickness: 2 },
            encoding: { x, y: { ...y, field: 'median' } },
          },
          {
            transform: only('run'),
            mark: { type: 'point', filled: false, size: 20, color: '#333', opacity: 0.7 },
            encoding: { x, y: { ...y, field: 'error' } },
          },
        ],
      },
      config: CONFIG,
    },
  };
}

function ecdfFigure(dim: number, v: FixedTargetView, algorithms: string[]): Figure {
  const rows = v.ecdf.filter((e) => e.dim === dim);
  const data = rows.flatMap((e) =>
    e.budgets.map((budget, j) => ({ algorithm: e.algorithm, budget, fraction: e.fractions[j]! })),
  );
  const problems = unique(v.rows.filter((r) => r.dim === dim).map((r) => r.problem));
  const t = v.targets;
  return {
    file: `ecdf-D${dim}.svg`,
    title: `Runtime ECDF at D = ${dim}`,
    caption: `Runtime ECDF of each algorithm (ecdf.csv): the fraction of (run, target) pairs over the ${problems.length} problem${problems.length === 1 ? '' : 's'} with an optimum and the ${t.length} targets from ${sci(t[0]!)} to ${sci(t[t.length - 1]!)} reached within a budget, in evaluations / D on a logarithmic axis (COCO's).${v.skipped.length ? ` Left out (no optimum declared): ${v.skipped.join(', ')}.` : ''}`,
    spec: {
      title: `Runtime ECDF at D = ${dim}`,
      width: FIGURE_WIDTH - PANEL_MARGIN,
      height: 340,
      data: { values: data },
      mark: { type: 'line', interpolate: 'step-after', strokeWidth: 1.5 },
      encoding: {
        x: {
          field: 'budget',
          type: 'quantitative',
          title: 'evaluations / D',
          scale: { type: 'log', nice: false },
          axis: logAxis(8),
        },
        y: {
          field: 'fraction',
          type: 'quantitative',
          title: 'fraction of (run, target) pairs',
          scale: { domain: [0, 1] },
        },
        color: colour(algorithms, true),
        description: { field: 'algorithm', type: 'nominal' },
      },
      config: CONFIG,
    },
  };
}

/** Vertical units of the diagram: the CD bar above the axis, the groups and names below it. */
const CD = {
  barY: -1.3,
  tickTop: -0.25,
  tickLabelY: -0.4,
  groupY0: 0.35,
  groupStep: 0.3,
  nameStep: 0.7,
};
const CD_PX = 28;
/** About the width of a character of the diagram's 13 px labels. */
const CD_CHAR_PX = 7.5;

function cdFigure(input: CdInput): Figure {
  const sorted = [...input.ranks].sort((a, b) => a.rank - b.rank);
  const k = sorted.length;
  const ranks = sorted.map((s) => s.rank);
  const groups = cdGroups(ranks, input.cd);
  const groupRows = packRows(groups, ranks);
  const nGroupRows = groupRows.length ? Math.max(...groupRows) + 1 : 0;
  const nameY0 = CD.groupY0 + CD.groupStep * nGroupRows + 0.4;
  const lo = 1 - 0.5;
  const hi = Math.max(k, 1 + input.cd) + 0.5;
  const left = Math.ceil(k / 2);
  // The better half named on the left, best nearest the axis; the other half on the right, worst
  // nearest the axis: no two leaders cross.
  const names = sorted.map((s, i) => {
    const onLeft = i < left;
    const row = onLeft ? i : k - 1 - i;
    return {
      algorithm: s.algorithm,
      rank: s.rank,
      side: onLeft ? 'left' : 'right',
      y: nameY0 + CD.nameStep * row,
      label: onLeft
        ? `${s.algorithm} (${s.rank.toFixed(2)})`
        : `(${s.rank.toFixed(2)}) ${s.algorithm}`,
    };
  });
  const leaders = names.flatMap((n) => [
    { algorithm: n.algorithm, k: 0, x: n.rank, y: 0 },
    { algorithm: n.algorithm, k: 1, x: n.rank, y: n.y },
    { algorithm: n.algorithm, k: 2, x: n.side === 'left' ? lo : hi, y: n.y },
  ]);
  const bottom = nameY0 + CD.nameStep * Math.max(left - 1, k - left - 1) + 0.4;
  const top = CD.barY - 0.7;
  const xs = {
    type: 'quantitative' as const,
    scale: { domain: [lo, hi], nice: false, zero: false },
    axis: null,
  };
  const ys = {
    type: 'quantitative' as const,
    scale: { domain: [top, bottom], reverse: true, nice: false, zero: false },
    axis: null,
  };
  const ticks = Array.from({ length: k }, (_, i) => ({ x: i + 1, label: String(i + 1) }));
  const cdText = input.cd.toFixed(3);
  const textMark = (align: 'left' | 'right' | 'center', dx: number) =>
    ({ type: 'text', align, baseline: 'middle', dx, fontSize: 13 }) as const;
  return {
    file: `critical-difference-D${input.dim}.svg`,
    title: `Critical-difference diagram at D = ${input.dim}`,
    caption: `Average ranks of the Friedman test (rank 1 = the lowest median final error on a problem; section "Rank tests", tests.csv), Friedman's p = ${input.p < 1e-4 ? input.p.toExponential(2) : input.p.toFixed(4)}. The bar above the axis is Nemenyi's critical difference at 0.05, CD = ${cdText}: algorithms joined by a thick bar below the axis have average ranks that differ by at most CD, so the test does not tell them apart; ${groups.length ? `${groups.length} such group${groups.length === 1 ? '' : 's'}` : 'no two are joined: every pair differs by more than CD'}.${input.p > 0.05 ? " Friedman's test itself does not reject equal performance at 0.05 here, so the post-hoc differences should not be read as significant." : ''}`,
    spec: {
      title: `Critical difference (Nemenyi, 0.05) at D = ${input.dim}`,
      // The names stand outside the plot, left and right of it: the plot takes what they leave
      // of FIGURE_WIDTH (their width estimated at CD_CHAR_PX a character).
      width: Math.max(
        320,
        FIGURE_WIDTH - 2 * (CD_CHAR_PX * Math.max(...names.map((n) => n.label.length)) + 12),
      ),
      height: Math.round((bottom - top) * CD_PX),
      layer: [
        {
          data: { values: [{ x: 1, x2: k, y: 0 }] },
          mark: { type: 'rule', strokeWidth: 1.5 },
          encoding: { x: { ...xs, field: 'x' }, x2: { field: 'x2' }, y: { ...ys, field: 'y' } },
        },
        {
          data: { values: ticks.map((t) => ({ ...t, y: CD.tickTop, y2: 0 })) },
          mark: { type: 'rule' },
          encoding: { x: { ...xs, field: 'x' }, y: { ...ys, field: 'y' }, y2: { field: 'y2' } },
        },
        {
          data: { values: ticks.map((t) => ({ ...t, y: CD.tickLabelY })) },
          mark: { ...textMark('center', 0), baseline: 'bottom' },
          encoding: {
            x: { ...xs, field: 'x' },
            y: { ...ys, field: 'y' },
            text: { field: 'label' },
          },
        },
        {
          data: {
            values: [
              { x: 1, x2: 1 + input.cd, y: CD.barY, y2: CD.barY },
              { x: 1, x2: 1, y: CD.barY - 0.15, y2: CD.barY + 0.15 },
              { x: 1 + input.cd, x2: 1 + input.cd, y: CD.barY - 0.15, y2: CD.barY + 0.15 },
            ],
          },
          mark: { type: 'rule', strokeWidth: 2, color: '#c0392b' },
          encoding: {
            x: { ...xs, field: 'x' },
            x2: { field: 'x2' },
            y: { ...ys, field: 'y' },
            y2: { field: 'y2' },
          },
        },
        {
          data: { values: [{ x: 1 + input.cd / 2, y: CD.barY - 0.2, label: `CD = ${cdText}` }] },
          mark: { ...textMark('center', 0), baseline: 'bottom', color: '#c0392b' },
          encoding: {
            x: { ...xs, field: 'x' },
            y: { ...ys, field: 'y' },
            text: { field: 'label' },
          },
        },
        {
          data: { values: leaders },
          mark: { type: 'line', strokeWidth: 1, color: '#555' },
          encoding: {
            x: { ...xs, field: 'x' },
            y: { ...ys, field: 'y' },
            detail: { field: 'algorithm', type: 'nominal' },
            order: { field: 'k', type: 'quantitative' },
          },
        },
        {
          data: { values: names.map((n) => ({ x: n.rank, y: 0 })) },
          mark: { type: 'point', filled: true, size: 25, color: '#555' },
          encoding: { x: { ...xs, field: 'x' }, y: { ...ys, field: 'y' } },
        },
        ...(groups.length
          ? [
              {
                data: {
                  values: groups.map(([i, j], g) => ({
                    // A little past the ranks, so that a group's bar is seen at its ends.
                    x: ranks[i]! - 0.05,
                    x2: ranks[j]! + 0.05,
                    y: CD.groupY0 + CD.groupStep * groupRows[g]!,
                  })),
                },
                mark: { type: 'rule' as const, strokeWidth: 4, color: 'black' },
                encoding: {
                  x: { ...xs, field: 'x' },
                  x2: { field: 'x2' },
                  y: { ...ys, field: 'y' },
                },
              },
            ]
          : []),
        {
          data: {
            values: names
              .filter((n) => n.side === 'left')
              .map((n) => ({ x: lo, y: n.y, label: n.label })),
          },
          mark: textMark('right', -4),
          encoding: {
            x: { ...xs, field: 'x' },
            y: { ...ys, field: 'y' },
            text: { field: 'label' },
          },
        },
        {
          data: {
            values: names
              .filter((n) => n.side === 'right')
              .map((n) => ({ x: hi, y: n.y, label: n.label })),
          },
          mark: textMark('left', 4),
          encoding: {
            x: { ...xs, field: 'x' },
            y: { ...ys, field: 'y' },
            text: { field: 'label' },
          },
        },
      ],
      config: { ...CONFIG, view: { stroke: null } },
    },
  };
}

// ---- all figures ------------------------------------------------------------------------------

export interface ReportFigures {
  figures: Figure[];
  /** Sentences for report.md on the figures that could not be drawn, and why. */
  notes: string[];
}

/**
 * The figures of the experiment, D by D in the design's order: convergence, final errors, runtime
 * ECDF, critical-difference diagram, each where its data exist (the notes say why not).
 */
export function reportFigures(
  e: ExperimentRuns,
  tests: readonly TestRow[],
  ft: FixedTargetView,
): ReportFigures {
  const figures: Figure[] = [];
  const notes: string[] = [];
  const withRuns = e.cells.filter((c) => c.runs.length > 0);
  // Every algorithm of the experiment, not of D alone: an algorithm keeps its colour from one
  // dimension's figures to the next, even where another has no runs at one of them.
  const algorithms = unique(withRuns.map((c) => c.label));
  for (const dim of unique(withRuns.map((c) => c.dim))) {
    const atD = withRuns.filter((c) => c.dim === dim);
    const noError = unique(atD.filter((c) => !plottable(c)).map((c) => c.problem));
    const conv = convergenceData(e, dim);
    const boxes = finalErrorData(e, dim);
    if (conv.length) figures.push(convergenceFigure(dim, conv, algorithms, noError));
    if (boxes.length)
      figures.push(
        boxFigure(
          dim,
          boxes,
          algorithms,
          unique(
            atD.filter((c) => !boxes.some((b) => b.problem === c.problem)).map((c) => c.problem),
          ),
        ),
      );
    if (!conv.length && !boxes.length)
      notes.push(`D = ${dim}: no problem declares an optimum, so there are no errors to plot.`);
    if (ft.ecdf.some((x) => x.dim === dim)) figures.push(ecdfFigure(dim, ft, algorithms));
    else if (conv.length)
      notes.push(
        `D = ${dim}: no runtime ECDF (no target of COCO's is measured: the experiment's target is below them).`,
      );
    const cd = cdInput(tests, dim);
    if (cd) figures.push(cdFigure(cd));
    else if (unique(atD.map((c) => c.label)).length > 1) {
      const ranked = tests.some((r) => r.D === dim && r.test === 'average-rank');
      notes.push(
        ranked
          ? `D = ${dim}: no critical-difference diagram: Nemenyi's critical difference is tabled up to 10 algorithms (here ${unique(atD.map((c) => c.label)).length}).`
          : `D = ${dim}: no critical-difference diagram: there is no Friedman test (fewer than two problems with results of every algorithm; see "Rank tests").`,
      );
    }
  }
  return { figures, notes };
}
