// The data behind opt report's figures (src/report/figures.ts) on hand-made runs whose medians,
// quartiles and groups are worked out here by hand; the clamping of errors of 0 for the log axes;
// the SVGs vega renders from the specifications; report.html's assembly (src/report/html.ts);
// and tables.tex (src/report/latex.ts). The figures of a real experiment, opened in a
// browser, are test/report-html.test.ts's.

import { describe, expect, it } from 'vitest';
import { COCO_TARGETS } from '../src/api/analysis.js';
import type { FixedTargetView } from '../src/report/fixed-target.js';
import {
  cdGroups,
  cdInput,
  clampForLog,
  convergenceBand,
  convergenceData,
  errorsOnGrid,
  evaluationGrid,
  finalErrorData,
  GRID_PER_DECADE,
  LOG_FLOOR,
  logFloor,
  packRows,
  panelFloors,
  reportFigures,
} from '../src/report/figures.js';
import { renderSvg, reportHtml, scopeIds, type RenderedFigure } from '../src/report/html.js';
import { latexEscape, latexNumber, tablesTex, type TableCell } from '../src/report/latex.js';
import type { CellRuns, ExperimentRuns, FinishedRun, TraceRow } from '../src/report/runs.js';
import type { TestRow } from '../src/report/stats.js';

const row = (evals: number, error: number | null): TraceRow => ({
  evals,
  best: error,
  error,
});

/** A finished run from its trace; its evaluations are the last row's, its final error too. */
function run(
  i: number,
  trace: TraceRow[],
  bestError = trace[trace.length - 1]!.error,
): FinishedRun {
  return {
    run: i,
    seed: i + 1,
    evals: trace[trace.length - 1]!.evals,
    stopped: 'budget',
    bestError,
    bestFitness: bestError,
    trace,
  };
}

function cell(
  id: number,
  label: string,
  problem: string,
  dim: number,
  runs: FinishedRun[],
): CellRuns {
  return { id, algorithm: label, label, problem, dim, evals: 1000, seconds: null, runs };
}

describe('convergence data', () => {
  it('reads a trace as a step function: the last row at or before each count', () => {
    const trace = [row(10, 5), row(20, 3), row(30, null), row(40, 0.5)];
    // Before the first row: nothing; a row without an error (NaN on the device) is passed over;
    // past the last row the run keeps its last error.
    expect(errorsOnGrid(trace, [5, 10, 15, 20, 30, 39, 40, 1000])).toEqual([
      null,
      5,
      5,
      3,
      3,
      3,
      0.5,
      0.5,
    ]);
  });

  it('puts GRID_PER_DECADE log-spaced counts a decade between both ends, which it includes', () => {
    const g = evaluationGrid(20, 1200);
    expect(g[0]).toBe(20);
    expect(g[g.length - 1]).toBe(1200);
    expect(g.every((v, i) => i === 0 || v > g[i - 1]!)).toBe(true);
    // 10^(k/20) strictly inside (20, 1200): k = 27 (22.4) to 61 (1122).
    expect(g).toHaveLength(2 + 35);
    expect(g[1]).toBeCloseTo(10 ** (27 / GRID_PER_DECADE), 9);
    expect(evaluationGrid(50, 50)).toEqual([50]);
  });

  it("gives the median and quartiles (R's type 7) of the runs at each count", () => {
    const runs = [
      { trace: [row(10, 8), row(30, 4)] },
      { trace: [row(10, 6), row(20, 2)] },
      { trace: [row(10, 4), row(40, 1)] },
      { trace: [row(10, 2), row(20, 0)] },
    ];
    const band = convergenceBand(runs, [5, 10, 25, 40]);
    // At 5 no run has a row yet: left out. At 10: 2, 4, 6, 8. At 25: 8, 2, 4, 0 -> 0, 2, 4, 8.
    // At 40: 4, 2, 1, 0 -> 0, 1, 2, 4. Type 7: q(p) at index 3p of the sorted four.
    expect(band).toEqual([
      { evals: 10, median: 5, q1: 3.5, q3: 6.5 },
      { evals: 25, median: 3, q1: 1.5, q3: 5 },
      { evals: 40, median: 1.5, q1: 0.75, q3: 2.5 },
    ]);
  });

  it('leaves out a count where some run of the cell has no row yet', () => {
    const band = convergenceBand([{ trace: [row(10, 3)] }, { trace: [row(20, 1)] }], [10, 20]);
    expect(band).toEqual([{ evals: 20, median: 2, q1: 1.5, q3: 2.5 }]);
  });

  it("compares a problem's algorithms on one grid, from the first row to the longest run", () => {
    const e: ExperimentRuns = {
      name: 'x',
      backend: 'cpu',
      target: null,
      cells: [
        cell(1, 'a', 'p', 2, [run(0, [row(10, 9), row(100, 1)]), run(1, [row(10, 7), row(50, 3)])]),
        cell(2, 'b', 'p', 2, [run(0, [row(20, 5), row(1000, 0)])]),
        cell(3, 'a', 'p', 3, [run(0, [row(10, 1)])]),
      ],
    };
    const rows = convergenceData(e, 2);
    const grid = evaluationGrid(10, 1000);
    const a = rows.filter((r) => r.algorithm === 'a');
    const b = rows.filter((r) => r.algorithm === 'b');
    expect(a.map((r) => r.evals)).toEqual(grid);
    expect(b.map((r) => r.evals)).toEqual(grid.filter((g) => g >= 20));
    // a at 1000: run 0 keeps 1, run 1 keeps 3 (it ended at 50).
    expect(a[a.length - 1]).toMatchObject({ evals: 1000, median: 2, q1: 1.5, q3: 2.5 });
    expect(b[b.length - 1]).toMatchObject({ evals: 1000, median: 0, q1: 0, q3: 0 });
    expect(rows.every((r) => r.problem === 'p')).toBe(true);
  });
});

describe('log axes: errors of 0', () => {
  it('floors at 1e-12, or a decade below the smallest positive value where that is smaller', () => {
    expect(LOG_FLOOR).toBe(1e-12);
    expect(logFloor([0, 1e-3, 5])).toBe(1e-12);
    expect(logFloor([])).toBe(1e-12);
    expect(logFloor([0, 0])).toBe(1e-12);
    expect(logFloor([0, 3e-15, 1])).toBeCloseTo(1e-16, 30);
    expect(logFloor([1e-13])).toBeCloseTo(1e-14, 30);
    // The floor is below every positive value.
    for (const v of [3e-15, 1e-13, 9.9e-200, 5e-324]) expect(logFloor([v])).toBeLessThan(v);
  });

  it('raises values at or below 0 to the floor and counts them; keeps the others', () => {
    expect(clampForLog([0, 2, -1e-17, 1e-5], 1e-12)).toEqual({
      values: [1e-12, 2, 1e-12, 1e-5],
      clamped: 2,
    });
    expect(clampForLog([1, 2], 1e-12)).toEqual({ values: [1, 2], clamped: 0 });
  });

  it("floors each panel by its own values and names each panel's clamped values", () => {
    const rows = [
      { problem: 'flat', v: [0, 0] },
      { problem: 'sphere', v: [1e-20, 0, 3] },
      { problem: 'rastrigin', v: [2, 4] },
    ];
    const { floors, note } = panelFloors(rows, (r) => r.v, 'values');
    expect(floors.get('flat')).toBe(1e-12);
    expect(floors.get('sphere')).toBeCloseTo(1e-21, 35);
    expect(floors.get('rastrigin')).toBe(1e-12);
    expect(note).toContain('flat: all of the 2 values at 1e-12');
    expect(note).toContain('sphere: 1 of the 3 values at 1e-21');
    expect(note).not.toContain('rastrigin');
    expect(panelFloors([{ problem: 'p', v: [1] }], (r) => r.v, 'x').note).toBe('');
  });

  it('draws every run of a figure, those of error 0 at the floor, and its caption says so', async () => {
    // Algorithm a reaches 0 exactly on sphere; b never does.
    const e: ExperimentRuns = {
      name: 'zeros',
      backend: 'cpu',
      target: null,
      cells: [
        cell(1, 'a', 'sphere', 2, [
          run(0, [row(10, 4), row(40, 0)]),
          run(1, [row(10, 2), row(30, 0)]),
          run(2, [row(10, 3), row(40, 1e-3)]),
        ]),
        cell(2, 'b', 'sphere', 2, [
          run(0, [row(10, 5), row(40, 2)]),
          run(1, [row(10, 6), row(40, 3)]),
        ]),
      ],
    };
    const ft: FixedTargetView = { stopTarget: null, targets: [], skipped: [], rows: [], ecdf: [] };
    const { figures } = reportFigures(e, [], ft);
    expect(figures.map((f) => f.file)).toEqual(['convergence-D2.svg', 'final-errors-D2.svg']);
    const [conv, box] = figures;
    const values = (f: typeof conv) =>
      (f!.spec.data as { values: Record<string, unknown>[] }).values;
    // Final errors: every run is a point, none at or below 0.
    const points = values(box).filter((v) => v.kind === 'run');
    expect(points.map((p) => p.error)).toEqual([1e-12, 1e-12, 1e-3, 2, 3]);
    expect(box!.caption).toContain('sphere: 2 of the 5 final errors at 1e-12');
    // Convergence: a row a grid count and algorithm, none dropped, none at or below 0.
    const rows = convergenceData(e, 2);
    expect(values(conv)).toHaveLength(rows.length);
    for (const v of values(conv))
      for (const k of ['median', 'q1', 'q3']) expect(v[k] as number).toBeGreaterThan(0);
    const zeros = rows.flatMap((r) => [r.median, r.q1, r.q3]).filter((v) => v <= 0).length;
    expect(zeros).toBeGreaterThan(0);
    expect(conv!.caption).toContain(`sphere: ${zeros} of the ${rows.length * 3} plotted medians`);
    // The SVGs render without a warning (a 0 on a log scale would give one).
    for (const f of figures) {
      const r = await renderSvg(f.spec);
      expect(r.warnings).toEqual([]);
      expect(r.svg).toMatch(/^<svg/);
    }
  });

  it('labels the ticks of every log axis in one format, 1e-8 style', async () => {
    // Errors from 3e-9 to 5e2 and evaluations from 10 to 2000: vega's default labels would read
    // 0.000001 beside 1e-8 and 1,000 beside 10.
    const e: ExperimentRuns = {
      name: 'decades',
      backend: 'cpu',
      target: null,
      cells: [
        cell(1, 'a', 'sphere', 2, [
          run(0, [row(10, 500), row(200, 1e-3), row(2000, 3e-9)]),
          run(1, [row(10, 300), row(400, 2e-2), row(2000, 4e-7)]),
        ]),
      ],
    };
    const ft: FixedTargetView = { stopTarget: null, targets: [], skipped: [], rows: [], ecdf: [] };
    const { figures } = reportFigures(e, [], ft);
    const labelsOf = (svg: string) =>
      [...svg.matchAll(/class="mark-text role-axis-label"[^>]*>(.*?)<\/g>/g)].flatMap((m) =>
        [...m[1]!.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((t) => t[1]!),
      );
    const [conv, box] = await Promise.all(figures.map((f) => renderSvg(f.spec)));
    const convLabels = labelsOf(conv!.svg);
    const boxLabels = labelsOf(box!.svg).filter((t) => t !== 'a');
    for (const labels of [convLabels, boxLabels]) {
      expect(labels.length).toBeGreaterThan(4);
      for (const t of labels) expect(t).toMatch(/^[1-9]e-?\d+$/);
    }
    expect(convLabels).toEqual(expect.arrayContaining(['1e-6', '1e-2', '1e0', '1e1', '1e3']));
    expect(boxLabels).toEqual(expect.arrayContaining(['1e-9', '2e-9', '1e-8', '1e-6']));
  });
});

describe('final errors', () => {
  it("takes each run's final error (best_error), with its quartiles", () => {
    const e: ExperimentRuns = {
      name: 'x',
      backend: 'cpu',
      target: null,
      cells: [
        // The trace's last error (the device's) differs from best_error (float64 on the host):
        // the box plots use best_error, as report.md's statistics do.
        cell(1, 'a', 'p', 2, [
          run(0, [row(10, 5)], 4),
          run(1, [row(10, 5)], 1),
          run(2, [row(10, 5)], 3),
          run(3, [row(10, 5)], 2),
          run(4, [row(10, 5)], 10),
        ]),
        cell(2, 'a', 'nope', 2, [run(0, [row(10, null)], null)]),
      ],
    };
    expect(finalErrorData(e, 2)).toEqual([
      {
        problem: 'p',
        algorithm: 'a',
        runs: 5,
        min: 1,
        q1: 2,
        median: 3,
        q3: 4,
        max: 10,
        errors: [4, 1, 3, 2, 10],
      },
    ]);
  });
});

describe('critical-difference diagram', () => {
  it('joins the maximal runs of sorted ranks that differ by at most CD', () => {
    // 1 to 2.5 differ by 1.5 (joined at CD 1.5), 2 to 4 by 2 (not); 2.5 to 4 by 1.5.
    expect(cdGroups([1, 2, 2.5, 4], 1.5)).toEqual([
      [0, 2],
      [2, 3],
    ]);
    expect(cdGroups([1, 2, 3], 0.5)).toEqual([]);
    expect(cdGroups([1, 1.2, 1.4], 5)).toEqual([[0, 2]]);
    // A run inside an earlier one is no group of its own.
    expect(cdGroups([1, 1.1, 1.2, 3], 0.5)).toEqual([[0, 2]]);
  });

  it('puts groups that overlap on rows of their own and disjoint ones on one row', () => {
    const ranks = [1, 2, 2.5, 4, 6, 6.5];
    expect(
      packRows(
        [
          [0, 2],
          [2, 3],
          [4, 5],
        ],
        ranks,
      ),
    ).toEqual([0, 1, 0]);
  });

  it("reads the average ranks, CD and Friedman's p from tests.csv's rows", () => {
    const base = { problem: '', versus: '', df: '', pHolm: null, better: '', significant: null };
    const rows: TestRow[] = [
      { ...base, D: 10, test: 'friedman', algorithm: '', statistic: 6, p: 0.01 },
      { ...base, D: 10, test: 'average-rank', algorithm: 'a', statistic: 1.25, p: null },
      { ...base, D: 10, test: 'average-rank', algorithm: 'b', statistic: 1.75, p: null },
      { ...base, D: 10, test: 'nemenyi-cd-0.05', algorithm: '', statistic: 0.98, p: null },
      { ...base, D: 30, test: 'average-rank', algorithm: 'a', statistic: 1, p: null },
    ];
    expect(cdInput(rows, 10)).toEqual({
      dim: 10,
      ranks: [
        { algorithm: 'a', rank: 1.25 },
        { algorithm: 'b', rank: 1.75 },
      ],
      cd: 0.98,
      p: 0.01,
    });
    expect(cdInput(rows, 30)).toBeNull();
    const e: ExperimentRuns = {
      name: 'x',
      backend: 'cpu',
      target: null,
      cells: [
        cell(1, 'a', 'p', 10, [run(0, [row(10, 1)])]),
        cell(2, 'b', 'p', 10, [run(0, [row(10, 2)])]),
      ],
    };
    const ft: FixedTargetView = { stopTarget: null, targets: [], skipped: [], rows: [], ecdf: [] };
    const cd = reportFigures(e, rows, ft).figures.find(
      (f) => f.file === 'critical-difference-D10.svg',
    );
    expect(cd).toBeDefined();
    const text = JSON.stringify(cd!.spec);
    expect(text).toContain('a (1.25)');
    expect(text).toContain('(1.75) b');
    expect(text).toContain('CD = 0.980');
    expect(cd!.caption).toContain('1 such group');
  });
});

describe('runtime ECDF', () => {
  it("plots ecdf.csv's rows: a line an algorithm", async () => {
    const e: ExperimentRuns = {
      name: 'x',
      backend: 'cpu',
      target: null,
      cells: [
        cell(1, 'a', 'p', 2, [run(0, [row(10, 1)])]),
        cell(2, 'b', 'p', 2, [run(0, [row(10, 2)])]),
      ],
    };
    const ft: FixedTargetView = {
      stopTarget: null,
      targets: [...COCO_TARGETS],
      skipped: [],
      rows: [],
      ecdf: [
        { algorithm: 'a', dim: 2, budgets: [1, 10, 100], fractions: [0, 0.5, 0.75] },
        { algorithm: 'b', dim: 2, budgets: [1, 10, 100], fractions: [0.1, 0.2, 0.3] },
      ],
    };
    const f = reportFigures(e, [], ft).figures.find((x) => x.file === 'ecdf-D2.svg')!;
    expect((f.spec.data as { values: unknown[] }).values).toEqual([
      { algorithm: 'a', budget: 1, fraction: 0 },
      { algorithm: 'a', budget: 10, fraction: 0.5 },
      { algorithm: 'a', budget: 100, fraction: 0.75 },
      { algorithm: 'b', budget: 1, fraction: 0.1 },
      { algorithm: 'b', budget: 10, fraction: 0.2 },
      { algorithm: 'b', budget: 100, fraction: 0.3 },
    ]);
    const { svg, warnings } = await renderSvg(f.spec);
    expect(warnings).toEqual([]);
    // One line mark (a path) an algorithm.
    expect(svg.match(/<g class="mark-line role-mark[^>]*><path /g)).toHaveLength(2);
  });
});

describe('report.html', () => {
  it('makes ids unique to a figure', () => {
    expect(
      scopeIds('<clipPath id="clip1"/><path clip-path="url(#clip1)"/><use href="#clip1"/>', 'fig2'),
    ).toBe(
      '<clipPath id="fig2-clip1"/><path clip-path="url(#fig2-clip1)"/><use href="#fig2-clip1"/>',
    );
  });

  it('inlines the linked figures, escapes raw HTML and has no script or external resource', () => {
    const fig: RenderedFigure = {
      file: 'ecdf-D2.svg',
      title: 'T',
      caption: 'C',
      spec: { data: { values: [] }, mark: 'point' },
      svg: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="3" height="3"/></svg>',
    };
    const md = [
      '# Experiment x',
      '',
      '| a | b |',
      '| --- | ---: |',
      '| de | 1 |',
      '',
      '![T](figures/ecdf-D2.svg)',
      '',
      '<script>alert(1)</script>',
    ].join('\n');
    const html = reportHtml('Experiment x', md, [fig]);
    expect(html).toContain('<table>');
    expect(html).toContain(
      'data-figure="ecdf-D2.svg"><svg xmlns="http://www.w3.org/2000/svg"><rect',
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;');
    expect(html.match(/(src|href)="https?:/g)).toBeNull();
  });
});

describe('tables.tex', () => {
  const c = (
    algorithm: string,
    problem: string,
    mean: number,
    std: number,
    of: 'error' | 'f' = 'error',
  ): TableCell => ({
    algorithm,
    problem,
    dim: 10,
    runs: 5,
    of,
    mean,
    std,
  });

  it("escapes LaTeX's special characters", () => {
    expect(latexEscape('shifted_griewank & 50% #1 {x} $y ~z ^w \\v')).toBe(
      'shifted\\_griewank \\& 50\\% \\#1 \\{x\\} \\$y \\textasciitilde{}z \\textasciicircum{}w \\textbackslash{}v',
    );
  });

  it('writes numbers in scientific notation with the exponent in math', () => {
    expect(latexNumber(0)).toBe('0');
    expect(latexNumber(1.2345e-4)).toBe('$1.23\\cdot 10^{-4}$');
    expect(latexNumber(7.5)).toBe('$7.50$');
    expect(latexNumber(Infinity)).toBe('$\\infty$');
  });

  it('has a booktabs tabular a dimension, a row a problem, the lowest mean in bold', () => {
    const tex = tablesTex({
      name: 'my_study',
      cells: [
        c('de', 'shifted_griewank', 2e-3, 1e-3),
        c('jde(F: 0.5)', 'shifted_griewank', 1e-3, 1e-4),
        c('de', 'rastrigin', 3, 1),
        c('jde(F: 0.5)', 'rastrigin', 5, 2),
        c('de', 'free', -4, 1, 'f'),
        c('jde(F: 0.5)', 'free', -2, 1, 'f'),
        c('de', 'sphere', 0, 0),
        { ...c('de', 'sphere', 0, 0), dim: 30 },
      ],
    });
    expect(tex.match(/\\begin\{tabular\}\{lrr\}/g)).toHaveLength(1);
    expect(tex.match(/\\begin\{tabular\}\{lr\}/g)).toHaveLength(1);
    expect(tex.match(/\\end\{tabular\}/g)).toHaveLength(2);
    for (const rule of ['toprule', 'midrule', 'bottomrule'])
      expect(tex.match(new RegExp(`\\\\${rule}`, 'g'))).toHaveLength(2);
    expect(tex).toContain('Problem & de & jde(F: 0.5) \\\\');
    expect(tex).toContain('\\caption{Experiment my\\_study, $D = 10$');
    expect(tex).toContain('\\label{tab:my-study-D10}');
    const lines = tex.split('\n');
    const rowOf = (p: string) =>
      lines.filter((l) => l.startsWith(`${p} `) || l.startsWith(`${p}&`));
    expect(rowOf('shifted\\_griewank')).toEqual([
      'shifted\\_griewank & $2.00\\cdot 10^{-3}$ $\\pm$ $1.00\\cdot 10^{-3}$ & \\textbf{\\boldmath $1.00\\cdot 10^{-3}$ $\\pm$ $1.00\\cdot 10^{-4}$} \\\\',
    ]);
    expect(rowOf('rastrigin')[0]).toMatch(/^rastrigin & \\textbf\{\\boldmath \$3\.00\$/);
    // No optimum: best f, marked, no bold (its direction is not in the statistics); the caption
    // of its table says so, the other's does not.
    expect(tex.match(/\(f\): no optimum declared/g)).toHaveLength(1);
    expect(rowOf('free')[0]).toBe('free (f) & $-4.00$ $\\pm$ $1.00$ & $-2.00$ $\\pm$ $1.00$ \\\\');
    // A cell without runs.
    expect(rowOf('sphere')[0]).toBe('sphere & \\textbf{\\boldmath 0 $\\pm$ 0} & -- \\\\');
    // Every brace opened is closed.
    expect(tex.split('').filter((x) => x === '{').length - (tex.match(/\\\{/g)?.length ?? 0)).toBe(
      tex.split('').filter((x) => x === '}').length - (tex.match(/\\\}/g)?.length ?? 0),
    );
  });
});
