// The rank tests of `opt report DIR` (src/stats/rank-tests.ts does the statistics): the section
// "Rank tests" of DIR/report.md and the rows of DIR/tests.csv. docs/experiments.md, "Statistics
// in the report", says what is tested and why.
//
// - Each (problem, D) with two or more algorithms: Kruskal-Wallis over the algorithms' final
//   errors, and every pair by the Wilcoxon rank-sum test with Holm's adjustment over the pairs.
//   Independent-sample tests although run r of every cell has the same seed: a seed shared by two
//   different algorithms does not couple their outcomes (each draws its own way from the stream),
//   so the runs are not matched pairs.
// - Each D over its problems: Friedman's test (blocks: problems; value: each cell's median final
//   error), Iman-Davenport's F, Nemenyi's critical difference and the Holm-adjusted z-tests
//   against the best-ranked algorithm (Demsar 2006); and seed 002's rank-based score.
//
// Cells of a problem without a declared optimum (no error), with fewer than two runs, and
// algorithms missing from a problem are named in the report and left out of the tests that need
// them.

import { countedError, openResults, columnOrNull } from '../experiment/database.js';
import { median } from 'simple-statistics';
import {
  friedman,
  holm,
  kruskalWallis,
  nemenyiCD,
  seed002Scores,
  versusControl,
  wilcoxonRankSum,
  type FriedmanResult,
  type Trial,
} from '../stats/rank-tests.js';

/** The significance level of every decision in the section. */
export const ALPHA = 0.05;

interface RunRow {
  run: number;
  error: number | null;
  seconds: number;
  /** Evaluations made (for a run that stopped at its target: by the generation that met it). */
  evals: number;
  /** The runs that shared its kernels (1 alone): a batched run's seconds are its batch's. */
  batch: number;
}

interface CellRuns {
  algorithm: string;
  problem: string;
  dim: number;
  runs: RunRow[];
}

/** One row of tests.csv (and the numbers report.md prints). */
export interface TestRow {
  D: number;
  /** '' for a test over all problems of D. */
  problem: string;
  test:
    | 'kruskal-wallis'
    | 'rank-sum'
    | 'friedman'
    | 'iman-davenport'
    | 'average-rank'
    | 'nemenyi-cd-0.05'
    | 'nemenyi-cd-0.10'
    | 'versus-control'
    | 'seed002-score';
  algorithm: string;
  versus: string;
  statistic: number;
  df: string;
  p: number | null;
  pHolm: number | null;
  /** rank-sum: the algorithm with the lower median error, or 'tie'. */
  better: string;
  significant: boolean | null;
}

export interface RankTests {
  rows: TestRow[];
  /** report.md's section, without its trailing newline. */
  markdown: string[];
}

// ---- reading ---------------------------------------------------------------------------------

/** Every cell with its finished runs (run index, final error, seconds), in the design's order. */
function readCells(path: string): CellRuns[] {
  const db = openResults(path);
  try {
    const cells = db.prepare('SELECT id, label, problem, dim FROM cell ORDER BY id').all() as {
      id: number;
      label: string;
      problem: string;
      dim: number;
    }[];
    const runsOf = db.prepare(
      'SELECT run, best_error AS error, seconds, evals, batch FROM run WHERE cell = ? ORDER BY run',
    );
    // An error below the experiment's zero counts as 0 (ties at 0 in the rank tests).
    const { zero } = db
      .prepare(`SELECT ${columnOrNull(db, 'experiment', 'zero')} FROM experiment`)
      .get() as {
      zero: number | null;
    };
    return cells.map((c) => ({
      algorithm: c.label,
      problem: c.problem,
      dim: c.dim,
      runs: (runsOf.all(c.id) as RunRow[]).map((r) =>
        r.error === null ? r : { ...r, error: countedError(r.error, zero) },
      ),
    }));
  } finally {
    db.close();
  }
}

// ---- formatting ------------------------------------------------------------------------------

const fmtP = (p: number) => (p === 0 ? '0' : p < 1e-4 ? p.toExponential(2) : p.toFixed(4));
const fmtStat = (v: number) =>
  !Number.isFinite(v) ? String(v) : Math.abs(v) >= 1e4 ? v.toExponential(3) : v.toFixed(3);
const fmtErr = (v: number) => (v === 0 ? '0' : v.toExponential(3));
const yesNo = (b: boolean) => (b ? 'yes' : 'no');
const list = (names: string[]) => names.join(', ');

// ---- one problem at one D --------------------------------------------------------------------

interface Group {
  algorithm: string;
  errors: number[];
}

/** The cells of one (problem, D) that can be tested, and what the report says of the others. */
function testableGroups(
  cells: CellRuns[],
  algorithms: string[],
): { groups: Group[]; notes: string[] } {
  const notes: string[] = [];
  const missing = algorithms.filter((a) => !cells.some((c) => c.algorithm === a && c.runs.length));
  if (missing.length) notes.push(`No finished runs of ${list(missing)}.`);
  const present = cells.filter((c) => c.runs.length);
  const noError = present.filter((c) => c.runs.some((r) => r.error === null));
  if (noError.length) {
    notes.push(
      'The problem declares no optimum: the runs have no error, and the tests (lower error is better) are left out.',
    );
    return { groups: [], notes };
  }
  const few = present.filter((c) => c.runs.length < 2);
  if (few.length)
    notes.push(`Fewer than two runs, left out of the tests: ${list(few.map((c) => c.algorithm))}.`);
  const groups = present
    .filter((c) => c.runs.length >= 2)
    .map((c) => ({ algorithm: c.algorithm, errors: c.runs.map((r) => r.error!) }));
  return { groups, notes };
}

function problemTests(
  D: number,
  problem: string,
  groups: Group[],
): { rows: TestRow[]; md: string[] } {
  const kw = kruskalWallis(groups.map((g) => g.errors));
  const rows: TestRow[] = [
    {
      D,
      problem,
      test: 'kruskal-wallis',
      algorithm: '',
      versus: '',
      statistic: kw.H,
      df: String(kw.df),
      p: kw.p,
      pHolm: null,
      better: '',
      significant: kw.p <= ALPHA,
    },
  ];
  const pairs = groups.flatMap((a, i) => groups.slice(i + 1).map((b) => [a, b] as const));
  const tests = pairs.map(([a, b]) => wilcoxonRankSum(a.errors, b.errors));
  const adjusted = holm(tests.map((t) => t.p));
  const md = [
    `Kruskal-Wallis over ${groups.length} algorithms: H = ${fmtStat(kw.H)}, df = ${kw.df}, p = ${fmtP(kw.p)}.`,
    '',
    '| algorithm | versus | median error | median error (versus) | W | p | p (Holm) | better by median | significant at 0.05 |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- |',
  ];
  pairs.forEach(([a, b], i) => {
    const [ma, mb] = [median(a.errors), median(b.errors)];
    const better = ma < mb ? a.algorithm : mb < ma ? b.algorithm : 'tie';
    const significant = adjusted[i]! <= ALPHA;
    rows.push({
      D,
      problem,
      test: 'rank-sum',
      algorithm: a.algorithm,
      versus: b.algorithm,
      statistic: tests[i]!.W,
      df: '',
      p: tests[i]!.p,
      pHolm: adjusted[i]!,
      better,
      significant,
    });
    md.push(
      `| ${a.algorithm} | ${b.algorithm} | ${fmtErr(ma)} | ${fmtErr(mb)} | ${tests[i]!.W} | ${fmtP(tests[i]!.p)} | ${fmtP(adjusted[i]!)} | ${better} | ${yesNo(significant)} |`,
    );
  });
  return { rows, md };
}

// ---- over the problems of one D --------------------------------------------------------------

/** The problems of D on which every algorithm has runs with errors (Friedman's blocks). */
function completeProblems(
  cells: CellRuns[],
  algorithms: string[],
  problems: string[],
): { complete: string[]; dropped: string[] } {
  const has = (p: string, a: string) =>
    cells.some(
      (c) =>
        c.problem === p &&
        c.algorithm === a &&
        c.runs.length &&
        c.runs.every((r) => r.error !== null),
    );
  const complete = problems.filter((p) => algorithms.every((a) => has(p, a)));
  return { complete, dropped: problems.filter((p) => !complete.includes(p)) };
}

const cellOf = (cells: CellRuns[], p: string, a: string) =>
  cells.find((c) => c.problem === p && c.algorithm === a)!;

function friedmanSection(
  D: number,
  cells: CellRuns[],
  algorithms: string[],
  problems: string[],
): { rows: TestRow[]; md: string[] } {
  const blocks = problems.map((p) =>
    algorithms.map((a) => median(cellOf(cells, p, a).runs.map((r) => r.error!))),
  );
  const f = friedman(blocks);
  const base = { D, problem: '', versus: '', pHolm: null, better: '' };
  const rows: TestRow[] = [
    {
      ...base,
      test: 'friedman',
      algorithm: '',
      statistic: f.chi2,
      df: String(f.df),
      p: f.p,
      significant: f.p <= ALPHA,
    },
    {
      ...base,
      test: 'iman-davenport',
      algorithm: '',
      statistic: f.F,
      df: f.dfF.join(';'),
      p: f.pF,
      significant: f.pF <= ALPHA,
    },
    ...algorithms.map((a, j) => ({
      ...base,
      test: 'average-rank' as const,
      algorithm: a,
      statistic: f.averageRanks[j]!,
      df: '',
      p: null,
      significant: null,
    })),
  ];
  const md = [
    `Friedman over ${f.N} problems (blocks) and ${f.k} algorithms, each cell's median final error ranked within its problem (1 = lowest; ties share the mean rank): chi2_F = ${fmtStat(f.chi2)}, df = ${f.df}, p = ${fmtP(f.p)}; Iman-Davenport F_F = ${fmtStat(f.F)} on (${f.dfF.join(', ')}) degrees of freedom, p = ${fmtP(f.pF)}.`,
  ];
  const post = postHoc(D, f, algorithms);
  return { rows: [...rows, ...post.rows], md: [...md, ...post.md] };
}

/** Nemenyi's CD and the Holm-adjusted comparisons with the best-ranked algorithm. */
function postHoc(
  D: number,
  f: FriedmanResult,
  algorithms: string[],
): { rows: TestRow[]; md: string[] } {
  const base = {
    D,
    problem: '',
    versus: '',
    df: '',
    pHolm: null,
    better: '',
    p: null,
    significant: null,
  };
  const rows: TestRow[] = [];
  const md: string[] = [''];
  const cd = f.k <= 10 ? [nemenyiCD(f.k, f.N, 0.05), nemenyiCD(f.k, f.N, 0.1)] : null;
  if (cd) {
    rows.push(
      { ...base, test: 'nemenyi-cd-0.05', algorithm: '', statistic: cd[0]! },
      { ...base, test: 'nemenyi-cd-0.10', algorithm: '', statistic: cd[1]! },
    );
    md.push(
      `Nemenyi's critical difference: ${cd[0]!.toFixed(3)} at 0.05, ${cd[1]!.toFixed(3)} at 0.10 (two algorithms whose average ranks differ by more perform differently).`,
    );
  } else
    md.push(`Nemenyi's critical difference: Demsar's table stops at 10 algorithms (here ${f.k}).`);
  const vc = versusControl(f.averageRanks, f.N);
  const control = algorithms[vc.control]!;
  md.push(
    '',
    `Against the best-ranked algorithm, ${control} (average rank ${f.averageRanks[vc.control]!.toFixed(3)}): z = (R_i - R_0) / sqrt(k(k+1)/(6N)), two-sided p, Holm-adjusted over the ${vc.comparisons.length} comparisons.`,
    '',
    '| algorithm | average rank | z | p | p (Holm) | significant at 0.05 |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    `| ${control} | ${f.averageRanks[vc.control]!.toFixed(3)} | - | - | - | (control) |`,
  );
  for (const c of [...vc.comparisons].sort(
    (a, b) => f.averageRanks[a.index]! - f.averageRanks[b.index]!,
  )) {
    const significant = c.pHolm <= ALPHA;
    rows.push({
      ...base,
      test: 'versus-control',
      algorithm: algorithms[c.index]!,
      versus: control,
      statistic: c.z,
      p: c.p,
      pHolm: c.pHolm,
      significant,
    });
    md.push(
      `| ${algorithms[c.index]} | ${f.averageRanks[c.index]!.toFixed(3)} | ${c.z.toFixed(3)} | ${fmtP(c.p)} | ${fmtP(c.pHolm)} | ${yesNo(significant)} |`,
    );
  }
  return { rows, md };
}

/** Seed 002's score of each algorithm on each problem (the runs every algorithm has) and summed. */
function scoreSection(
  D: number,
  cells: CellRuns[],
  algorithms: string[],
  problems: string[],
  target: number | null,
): { rows: TestRow[]; md: string[] } {
  const rows: TestRow[] = [];
  const notes: string[] = [];
  const byEvals: string[] = [];
  const perProblem: { problem: string; scores: number[] }[] = [];
  for (const p of problems) {
    const runsOf = algorithms.map((a) => cellOf(cells, p, a).runs);
    const common = runsOf.reduce(
      (s, runs) => s.filter((r) => runs.some((x) => x.run === r)),
      runsOf[0]!.map((r) => r.run),
    );
    if (common.length < runsOf.reduce((m, r) => Math.max(m, r.length), 0))
      notes.push(`${p}: scored on the ${common.length} run indices every algorithm has.`);
    if (!common.length) continue;
    // Runs that reached the target are ordered by their time. A batched run's seconds are its
    // batch's (every run of the batch has the same), so where runs were batched their time is
    // the evaluations by which they met the target, a measure that does not share a clock.
    const batched = runsOf.some((runs) => runs.some((x) => x.batch > 1));
    if (batched) byEvals.push(p);
    const trials = runsOf.map((runs) =>
      common.map((r): Trial => {
        const x = runs.find((y) => y.run === r)!;
        return { error: x.error!, seconds: batched ? x.evals : x.seconds };
      }),
    );
    perProblem.push({ problem: p, scores: seed002Scores(trials, target) });
  }
  const totals = algorithms.map((_, j) => perProblem.reduce((s, q) => s + q.scores[j]!, 0));
  const base = { D, versus: '', df: '', p: null, pHolm: null, better: '', significant: null };
  for (const q of perProblem)
    q.scores.forEach((s, j) =>
      rows.push({
        ...base,
        problem: q.problem,
        test: 'seed002-score',
        algorithm: algorithms[j]!,
        statistic: s,
      }),
    );
  totals.forEach((s, j) =>
    rows.push({
      ...base,
      problem: '',
      test: 'seed002-score',
      algorithm: algorithms[j]!,
      statistic: s,
    }),
  );
  const order = algorithms.map((_, j) => j).sort((a, b) => totals[b]! - totals[a]!);
  const md = [
    `All runs of all algorithms on a problem ranked together, the best run highest (n m for n runs of m algorithms; tied runs share the mean rank): ${target !== null ? `a run that reached the target ${target} is better than one that did not, two that did are ordered by wall-clock seconds, two that did not by final error` : 'without a target every run is ranked by its final error'}. An algorithm's score on a problem is its runs' rank sum less n(n+1)/2, its benchmark score the sum over the problems; higher is better.${target !== null && byEvals.length ? ` Where runs ran batched on the GPU (a batch's runs share one clock), runs that reached the target are ordered by the evaluations by which they met it instead: ${byEvals.join(', ')}.` : ''}`,
    '',
    `| algorithm | ${perProblem.map((q) => q.problem).join(' | ')} | total | rank |`,
    `| --- | ${perProblem.map(() => '---:').join(' | ')} | ---: | ---: |`,
    ...order.map(
      (j, r) =>
        `| ${algorithms[j]} | ${perProblem.map((q) => String(q.scores[j])).join(' | ')} | ${totals[j]} | ${r + 1} |`,
    ),
  ];
  if (notes.length) md.push('', ...notes);
  return { rows, md };
}

// ---- the section ------------------------------------------------------------------------------

const unique = (xs: string[]) => [...new Set(xs)];

function dimensionSection(D: number, cells: CellRuns[], target: number | null): RankTests {
  const algorithms = unique(cells.map((c) => c.algorithm));
  const problems = unique(cells.map((c) => c.problem));
  const rows: TestRow[] = [];
  const md = ['', `### D = ${D}: each problem`];
  for (const p of problems) {
    const { groups, notes } = testableGroups(
      cells.filter((c) => c.problem === p),
      algorithms,
    );
    md.push('', `#### ${p} (D = ${D})`, '');
    if (notes.length) md.push(...notes, '');
    if (groups.length < 2) {
      md.push('Fewer than two algorithms with two or more runs: no test.');
      continue;
    }
    const t = problemTests(D, p, groups);
    rows.push(...t.rows);
    md.push(...t.md);
  }
  const { complete, dropped } = completeProblems(cells, algorithms, problems);
  md.push('', `### D = ${D}: over all problems`, '');
  if (dropped.length)
    md.push(`Left out (an algorithm without finished runs, or no error): ${list(dropped)}.`, '');
  if (complete.length < 2) {
    md.push(`Fewer than two problems with results of every algorithm: no Friedman test, no score.`);
    return { rows, markdown: md };
  }
  const f = friedmanSection(D, cells, algorithms, complete);
  const s = scoreSection(D, cells, algorithms, complete, target);
  rows.push(...f.rows, ...s.rows);
  md.push(...f.md, '', `### D = ${D}: seed 002's score`, '', ...s.md);
  return { rows, markdown: md };
}

/**
 * The rank tests of the experiment in `path` (its results database) as report.md's section and
 * tests.csv's rows; an experiment of one algorithm gets a sentence saying so.
 */
export function rankTests(path: string, target: number | null): RankTests {
  const cells = readCells(path);
  const md = [
    '',
    '## Rank tests',
    '',
    `Significance level ${ALPHA}; final errors (lower is better). Per problem: Kruskal-Wallis over the algorithms, and each pair by the Wilcoxon rank-sum test (exact below 50 runs a cell without ties, else the normal approximation, as R's wilcox.test) with Holm's adjustment over the pairs. The runs are compared as independent samples: runs with the same index share a seed, but a seed does not couple two different algorithms' outcomes. Over the problems of a dimension: Friedman's test on each cell's median final error (the median, not the mean: a few runs stuck far from the optimum move a mean by orders of magnitude, and the rank tests above compare locations too), with Iman-Davenport's F, Nemenyi's critical difference and the comparisons with the best-ranked algorithm of Demsar (2006); and seed 002's rank-based score. tests.csv has every number in full.`,
  ];
  if (unique(cells.map((c) => c.algorithm)).length < 2) {
    md.push('', 'One algorithm: nothing to compare.');
    return { rows: [], markdown: md };
  }
  const rows: TestRow[] = [];
  for (const D of unique(cells.map((c) => String(c.dim))).map(Number)) {
    const s = dimensionSection(
      D,
      cells.filter((c) => c.dim === D),
      target,
    );
    rows.push(...s.rows);
    md.push(...s.markdown);
  }
  return { rows, markdown: md };
}

/** tests.csv: a row a test or a rank, numbers in full. */
export function rankTestsCsv(t: RankTests): string {
  const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const cell = (v: number | boolean | null) => (v === null ? '' : String(v));
  const lines = t.rows.map((r) =>
    [
      r.D,
      q(r.problem),
      r.test,
      q(r.algorithm),
      q(r.versus),
      r.statistic,
      r.df,
      cell(r.p),
      cell(r.pHolm),
      q(r.better),
      cell(r.significant),
    ].join(','),
  );
  return (
    ['D,problem,test,algorithm,versus,statistic,df,p,p_holm,better,significant', ...lines].join(
      '\n',
    ) + '\n'
  );
}
