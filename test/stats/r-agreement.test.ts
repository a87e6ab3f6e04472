// The rank tests of src/stats/rank-tests.ts, and the numbers `opt report` writes to tests.csv,
// against R's own: wilcox.test (rank-sum and paired signed-rank), kruskal.test, friedman.test,
// p.adjust(method = 'holm') and the null distributions pwilcox and psignrank, on seeded inputs
// chosen to reach every branch (exact and normal approximation, ties, zero differences, samples
// on both sides of R's exact limit of 50, one-sided and two-sided, with and without the continuity
// correction), and on the final errors of a small real experiment (CPU backend).
//
// Data go to R as C99 hexadecimal constants (R reads them exactly) and come back printed with
// sprintf('%.17g') (a double's exact round trip), so both sides see the same doubles.
// Tolerance: 1e-6, absolute on p-values (each in [0, 1]) and relative on statistics (whose scale
// runs from 0.5 to thousands; below 1 in size, absolute). Both sides compute the same formulas
// in float64 from different code (stdlib's or ours against R's C), so they differ by rounding, a
// few units in the 13th digit at most; 1e-6 is issue 33's bar, far above rounding and far below
// a difference of method (on these inputs the normal approximation in place of the exact p, or a
// tie correction off by one term, moves a number by 3e-4 and more).
//
// Where opt documents a choice of its own, R is asked the same question: the report's Friedman
// chi2_F is Friedman's and Demsar's statistic without the tie correction (docs/experiments.md), so
// it is checked against that formula computed in R from R's rank(), and the module's
// `tieCorrection: true` against friedman.test; Iman-Davenport's F_F and the comparisons with the
// best-ranked algorithm (Demsar 2006), which R has no function for, against pf, pnorm and
// p.adjust applied to R's own ranks. Where every value is tied R gives NaN and opt its null
// statistic and p = 1 (docs/experiments.md): the test expects that pairing. Holm is the only
// p.adjust method opt uses. Nemenyi's critical values are Demsar's printed table (three decimals),
// checked against qtukey to the table's own precision.
//
// R is Debian's r-base-core (scripts/ensure-r.sh installs it, from scripts/setup.sh). Without
// Rscript the test fails saying so, unless OPT_SKIP_R_SETUP=1 (its installation skipped on
// purpose): then it is skipped, with that reason on stderr. OPT_RSCRIPT names another Rscript.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import signrankCdf from '@stdlib/stats-base-dists-signrank-cdf';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULTS_FILE } from '../../src/experiment/database.js';
import { main } from '../../src/cli/main.js';
import {
  NEMENYI_Q,
  friedman,
  holm,
  kruskalWallis,
  rankSumCdf,
  versusControl,
  wilcoxonRankSum,
  wilcoxonSignedRank,
  type Alternative,
} from '../../src/stats/rank-tests.js';
import { rng } from '../rng.js';
import { captureStdio } from '../stdio.js';

const RSCRIPT = process.env.OPT_RSCRIPT ?? 'Rscript';
const probe = spawnSync(RSCRIPT, ['--version'], { encoding: 'utf8' });
const haveR = probe.status === 0;
const skip = !haveR && process.env.OPT_SKIP_R_SETUP === '1';
if (skip)
  process.stderr.write(
    `test/stats/r-agreement.test.ts: skipped (OPT_SKIP_R_SETUP=1): no ${RSCRIPT}\n`,
  );

const TOL = 1e-6;

// ---- talking to R ----------------------------------------------------------------------------

/** A double as a C99 hexadecimal constant, which R's parser reads exactly. */
function hex(v: number): string {
  if (!Number.isFinite(v)) throw new RangeError(`${v} has no hexadecimal constant`);
  if (v === 0) return Object.is(v, -0) ? '-0' : '0';
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, v);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const sign = hi >>> 31 ? '-' : '';
  const e = (hi >>> 20) & 0x7ff;
  const mantissa = (hi & 0xfffff).toString(16).padStart(5, '0') + lo.toString(16).padStart(8, '0');
  return e === 0 ? `${sign}0x0.${mantissa}p-1022` : `${sign}0x1.${mantissa}p${e - 1023}`;
}

const rVec = (x: readonly number[]) => `c(${x.map(hex).join(', ')})`;
const rMatrix = (rows: readonly (readonly number[])[]) =>
  `matrix(${rVec(rows.flat())}, nrow = ${rows.length}, byrow = TRUE)`;
const rBool = (b: boolean) => (b ? 'TRUE' : 'FALSE');
const rAlt = (a: Alternative) => `'${a === 'two-sided' ? 'two.sided' : a}'`;

/** Fails the test, saying how to get R, where Rscript is missing. */
function needR(): void {
  if (!haveR)
    throw new Error(
      `${RSCRIPT} is missing: run 'bash scripts/ensure-r.sh' as root (Debian's r-base-core), or set OPT_SKIP_R_SETUP=1 to skip this test`,
    );
}

/** Runs an R script whose lines `out(key, ...)` print a key and numbers; returns them by key. */
function runR(body: string): Map<string, number[]> {
  needR();
  const dir = mkdtempSync(join(tmpdir(), 'opt-r-agreement-'));
  const script = join(dir, 'agreement.R');
  writeFileSync(
    script,
    [
      'options(warn = -1)', // "cannot compute exact p-value with ties": expected, the branch tested
      'out <- function(key, ...) cat(key, sprintf("%.17g", as.numeric(c(...))), "\\n")',
      body,
    ].join('\n'),
  );
  const r = spawnSync(RSCRIPT, ['--vanilla', script], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0) throw new Error(`R failed (${script}):\n${r.stderr}`);
  const results = new Map<string, number[]>();
  for (const line of r.stdout.split('\n')) {
    const [key, ...values] = line.trim().split(/\s+/);
    if (!key) continue;
    results.set(
      key,
      values.map((v) =>
        v === 'Inf' ? Infinity : v === '-Inf' ? -Infinity : v === 'NA' ? NaN : Number(v),
      ),
    );
  }
  return results;
}

// ---- comparing -------------------------------------------------------------------------------

/** What a number is, for the tolerance: a p-value, a statistic, or something exact (a flag). */
type Kind = 'p' | 'stat' | 'exact';

interface Check {
  key: string;
  ours: number[];
  kinds: Kind[];
}

/** The largest differences seen, by kind (OPT_R_AGREEMENT_REPORT=1 prints them). */
const largest = { p: 0, stat: 0, compared: 0, where: { p: '', stat: '' } };

function agree(check: Check, theirs: number[] | undefined): void {
  const { key, ours, kinds } = check;
  expect(theirs, `R printed nothing for ${key}`).toBeDefined();
  expect(theirs!.length, `${key}: R's numbers ${theirs}, ours ${ours}`).toBe(ours.length);
  ours.forEach((a, i) => {
    const b = theirs![i]!;
    const what = `${key}[${i}]: opt ${a}, R ${b}`;
    const kind = kinds[i]!;
    largest.compared++;
    if (Number.isNaN(b)) {
      // Every value tied: R's NaN is opt's null statistic and p = 1 (the module's header).
      expect(a, what).toBe(kind === 'p' ? 1 : 0);
    } else if (kind === 'exact' || !Number.isFinite(b)) {
      expect(a, what).toBe(b);
    } else if (kind === 'p') {
      const d = Math.abs(a - b);
      if (d > largest.p) [largest.p, largest.where.p] = [d, key];
      expect(d, what).toBeLessThanOrEqual(TOL);
    } else {
      const d = Math.abs(a - b) / Math.max(1, Math.abs(b));
      if (d > largest.stat) [largest.stat, largest.where.stat] = [d, key];
      expect(d, what).toBeLessThanOrEqual(TOL);
    }
  });
}

/** Cases that each give R a line of code and opt's numbers in the order R prints them. */
class Cases {
  readonly checks: Check[] = [];
  readonly lines: string[] = [];
  add(key: string, rCode: string, ours: number[], kinds: Kind[]): void {
    expect(/^[\w.:-]+$/.test(key), key).toBe(true);
    this.checks.push({ key, ours, kinds });
    this.lines.push(rCode);
  }
  compare(results: Map<string, number[]>): void {
    needR();
    expect(this.checks.length).toBeGreaterThan(0);
    for (const c of this.checks) agree(c, results.get(c.key));
  }
}

// ---- inputs ----------------------------------------------------------------------------------

/** Seeded samples: continuous (no ties), rounded (ties), errors spanning decades with zeros. */
function sampler(seed: number) {
  const u = rng(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u());
  return {
    u,
    continuous: (n: number, shift = 0) => Array.from({ length: n }, () => normal() + shift),
    rounded: (n: number, shift = 0) =>
      Array.from({ length: n }, () => Math.round((normal() + shift) * 2) / 2),
    // Final errors as an optimiser leaves them: log-normal over many decades, a share exactly 0
    // (below an experiment's zero).
    errors: (n: number, zeroShare: number, scale = 1) =>
      Array.from({ length: n }, () => (u() < zeroShare ? 0 : scale * Math.exp(4 * normal()))),
  };
}

const ALTERNATIVES: Alternative[] = ['two-sided', 'less', 'greater'];

// ---- the cases against R's functions ---------------------------------------------------------

function rankSumCases(cases: Cases): void {
  const s = sampler(33);
  const samples: [string, number[], number[]][] = [];
  const sizes: [number, number][] = [
    [1, 1],
    [1, 4],
    [2, 3],
    [3, 4],
    [5, 5],
    [8, 6],
    [10, 10],
    [20, 17],
    [49, 49],
    [49, 50],
    [50, 50],
    [30, 70],
    [120, 90],
  ];
  for (const [m, n] of sizes) {
    samples.push([`cont${m}x${n}`, s.continuous(m, 0.4), s.continuous(n)]);
    samples.push([`ties${m}x${n}`, s.rounded(m, 0.4), s.rounded(n)]);
    samples.push([`err${m}x${n}`, s.errors(m, 0.3), s.errors(n, 0.3, 10)]);
  }
  // Edges: complete separation (the smallest p), every value tied (R: NaN), shared zeros only.
  const sep = s.continuous(12).sort((a, b) => a - b);
  samples.push(['separated', sep.slice(0, 5), sep.slice(5)]);
  samples.push(['alltied', [2, 2, 2], [2, 2, 2, 2]]);
  samples.push(['zeros', [0, 0, 0, 1e-3], [0, 0, 2e-3, 5e-3, 0]]);
  for (const [name, x, y] of samples)
    for (const alternative of ALTERNATIVES)
      for (const correct of [true, false])
        for (const exact of [undefined, true, false]) {
          // A forced exact p for large samples costs R's cwilcox and our counts seconds: left out.
          if (exact === true && x.length * y.length > 3500) continue;
          const key = `ranksum.${name}.${alternative}.${correct}.${exact}`;
          const t = wilcoxonRankSum(x, y, { alternative, correct, exact });
          cases.add(
            key,
            `t <- wilcox.test(${rVec(x)}, ${rVec(y)}, alternative = ${rAlt(alternative)}, correct = ${rBool(correct)}, exact = ${exact === undefined ? 'NULL' : rBool(exact)}); out('${key}', t$statistic, t$p.value, grepl('exact', t$method))`,
            [t.W, t.p, t.exact ? 1 : 0],
            ['stat', 'p', 'exact'],
          );
        }
}

function signedRankCases(cases: Cases): void {
  const s = sampler(34);
  const samples: [string, number[], number[]][] = [];
  for (const n of [1, 2, 5, 9, 12, 25, 49, 50, 51, 80, 200]) {
    const x = s.continuous(n, 0.3);
    samples.push([`cont${n}`, x, s.continuous(n)]);
    samples.push([`ties${n}`, s.rounded(n, 0.3), s.rounded(n)]);
    // Zero differences (a pair equal) without ties among the others.
    const y = s.continuous(n);
    samples.push([`zeros${n}`, x, y.map((v, i) => (i % 4 === 1 ? x[i]! : v))]);
    samples.push([`err${n}`, s.errors(n, 0.3), s.errors(n, 0.3, 3)]);
  }
  // 50 pairs, one equal: 49 differences (below R's limit) but a zero, so the normal approximation.
  const x50 = s.continuous(50, 0.2);
  samples.push(['zero49', x50, s.continuous(50).map((v, i) => (i === 7 ? x50[7]! : v))]);
  samples.push(['allequal', [1, 2, 3, 4], [1, 2, 3, 4]]);
  samples.push(['onesided', [3, 4, 5, 6, 7, 8], [1, 1.5, 2.1, 2.2, 2.3, 2.4]]);
  for (const [name, x, y] of samples)
    for (const alternative of ALTERNATIVES)
      for (const correct of [true, false])
        for (const exact of [undefined, true, false]) {
          // stdlib's exact signed-rank CDF takes seconds at n = 200: forced exact up to 80 only.
          if (exact === true && x.length > 80) continue;
          const key = `signrank.${name}.${alternative}.${correct}.${exact}`;
          const t = wilcoxonSignedRank(x, y, { alternative, correct, exact });
          cases.add(
            key,
            `t <- wilcox.test(${rVec(x)}, ${rVec(y)}, paired = TRUE, alternative = ${rAlt(alternative)}, correct = ${rBool(correct)}, exact = ${exact === undefined ? 'NULL' : rBool(exact)}); out('${key}', t$statistic, t$p.value, grepl('exact', t$method))`,
            [t.V, t.p, t.exact ? 1 : 0],
            ['stat', 'p', 'exact'],
          );
        }
}

function kruskalCases(cases: Cases): void {
  const s = sampler(35);
  const samples: [string, number[][]][] = [];
  const layouts = [
    [2, 2],
    [1, 3, 4],
    [5, 5, 5],
    [4, 9, 6, 7],
    [10, 12, 8, 15, 11, 9],
    [30, 30, 30],
    [60, 55],
  ];
  for (const sizes of layouts) {
    const tag = sizes.join('-');
    samples.push([`cont${tag}`, sizes.map((n, j) => s.continuous(n, j * 0.3))]);
    samples.push([`ties${tag}`, sizes.map((n, j) => s.rounded(n, j * 0.3))]);
    samples.push([`err${tag}`, sizes.map((n, j) => s.errors(n, 0.25, 4 ** j))]);
  }
  samples.push(['alltied', [[1, 1], [1, 1, 1], [1]]]);
  for (const [name, groups] of samples) {
    const key = `kruskal.${name}`;
    const t = kruskalWallis(groups);
    cases.add(
      key,
      `t <- kruskal.test(list(${groups.map(rVec).join(', ')})); out('${key}', t$statistic, t$parameter, t$p.value)`,
      [t.H, t.df, t.p],
      ['stat', 'exact', 'p'],
    );
  }
}

function friedmanCases(cases: Cases): void {
  const s = sampler(36);
  const samples: [string, number[][]][] = [];
  const shapes: [number, number][] = [
    [2, 2],
    [3, 3],
    [5, 4],
    [10, 3],
    [14, 4],
    [20, 6],
    [30, 8],
    [12, 12],
  ];
  for (const [N, k] of shapes) {
    const tag = `${N}x${k}`;
    // Treatment j shifted by 0.25 j, so that the ranks carry a signal; `round` makes ties.
    const rows = (round: (v: number) => number) =>
      Array.from({ length: N }, () => s.continuous(k).map((v, j) => round(v + 0.25 * j)));
    samples.push([`cont${tag}`, rows((v) => v)]);
    samples.push([`ties${tag}`, rows(Math.round)]);
    samples.push([`err${tag}`, Array.from({ length: N }, () => s.errors(k, 0.3, 10))]);
  }
  // One block all tied; every block all tied (R: NaN); every block in the same order (F = Inf).
  samples.push([
    'tiedblock',
    [
      [1, 2, 3],
      [4, 4, 4],
      [3, 1, 2],
      [2, 3, 1.5],
    ],
  ]);
  samples.push([
    'alltied',
    [
      [0, 0, 0],
      [5, 5, 5],
    ],
  ]);
  samples.push([
    'concordant',
    [
      [1, 2, 3],
      [10, 20, 30],
      [0.1, 0.2, 0.3],
      [4, 5, 6],
    ],
  ]);
  for (const [name, blocks] of samples) {
    const m = rMatrix(blocks);
    const N = blocks.length;
    const k = blocks[0]!.length;
    // R's friedman.test: the tie-corrected statistic.
    const corrected = friedman(blocks, { tieCorrection: true });
    cases.add(
      `friedman.${name}.corrected`,
      `t <- friedman.test(${m}); out('friedman.${name}.corrected', t$statistic, t$parameter, t$p.value)`,
      [corrected.chi2, corrected.df, corrected.p],
      ['stat', 'exact', 'p'],
    );
    // What the report uses: Friedman's chi2_F (no tie correction), Iman-Davenport and the
    // comparisons with the best-ranked treatment, from R's ranks, pchisq, pf, pnorm and p.adjust.
    const f = friedman(blocks);
    const vc = versusControl(f.averageRanks, f.N);
    const key = `friedman.${name}.demsar`;
    cases.add(
      key,
      [
        `m <- ${m}; N <- ${N}; k <- ${k}; rk <- t(apply(m, 1, rank)); R <- colMeans(rk)`,
        'chi2 <- 12 * N / (k * (k + 1)) * (sum(R^2) - k * (k + 1)^2 / 4)',
        'FF <- (N - 1) * chi2 / (N * (k - 1) - chi2)',
        'c0 <- which.min(R); z <- (R[-c0] - R[c0]) / sqrt(k * (k + 1) / (6 * N)); pz <- 2 * pnorm(-abs(z))',
        `out('${key}', R, chi2, pchisq(chi2, k - 1, lower.tail = FALSE), FF, pf(FF, k - 1, (k - 1) * (N - 1), lower.tail = FALSE), c0 - 1, z, pz, p.adjust(pz, 'holm'))`,
      ].join('; '),
      [
        ...f.averageRanks,
        f.chi2,
        f.p,
        f.F,
        f.pF,
        vc.control,
        ...vc.comparisons.map((c) => c.z),
        ...vc.comparisons.map((c) => c.p),
        ...vc.comparisons.map((c) => c.pHolm),
      ],
      [
        ...f.averageRanks.map((): Kind => 'stat'),
        'stat',
        'p',
        'stat',
        'p',
        'exact',
        ...vc.comparisons.map((): Kind => 'stat'),
        ...vc.comparisons.map((): Kind => 'p'),
        ...vc.comparisons.map((): Kind => 'p'),
      ],
    );
  }
}

function holmCases(cases: Cases): void {
  const s = sampler(37);
  const families: [string, number[]][] = [
    ['one', [0.03]],
    ['wikipedia', [0.01, 0.04, 0.03, 0.005]],
    ['ties', [0.02, 0.02, 0.5, 0.02, 1, 0]],
    ['tiny', [1e-12, 3e-9, 0.2, 1e-300]],
    ['ones', [1, 1, 1]],
  ];
  for (const n of [2, 3, 6, 10, 28, 45]) {
    families.push([`u${n}`, Array.from({ length: n }, () => s.u())]);
    families.push([`small${n}`, Array.from({ length: n }, () => s.u() ** 6)]);
    families.push([`grid${n}`, Array.from({ length: n }, () => Math.round(s.u() * 20) / 200)]);
  }
  for (const [name, p] of families) {
    const key = `holm.${name}`;
    cases.add(
      key,
      `out('${key}', p.adjust(${rVec(p)}, method = 'holm'))`,
      holm(p),
      p.map((): Kind => 'p'),
    );
  }
}

function distributionCases(cases: Cases): void {
  // P(W <= w) of the rank-sum test (ours) and P(V <= v) of the signed-rank test (stdlib's), every
  // w and v of the support and one each side of it.
  for (const [m, n] of [
    [1, 1],
    [1, 6],
    [3, 4],
    [7, 7],
    [10, 15],
    [25, 30],
    [49, 49],
  ] as const) {
    const w = Array.from({ length: m * n + 3 }, (_, i) => i - 1);
    const key = `pwilcox.${m}x${n}`;
    cases.add(
      key,
      `out('${key}', pwilcox(${w[0]}:${w.at(-1)}, ${m}, ${n}))`,
      w.map((v) => rankSumCdf(v, m, n)),
      w.map((): Kind => 'p'),
    );
  }
  for (const n of [1, 2, 3, 5, 10, 20, 35, 49]) {
    const v = Array.from({ length: (n * (n + 1)) / 2 + 3 }, (_, i) => i - 1);
    const key = `psignrank.${n}`;
    cases.add(
      key,
      `out('${key}', psignrank(${v[0]}:${v.at(-1)}, ${n}))`,
      v.map((q) => signrankCdf(q, n)),
      v.map((): Kind => 'p'),
    );
  }
}

// ---- a real experiment -----------------------------------------------------------------------

// Four algorithms, three problems, 8 runs a cell at D = 2 (96 runs, a second or two on the CPU):
// on sphere both jDEs end below `zero` in every run (all errors 0: rank-sum ties, R's NaN, a tie
// in Friedman's block), on rastrigin some runs do (ties, the normal approximation), elsewhere no
// two errors are equal (the exact test).
const STUDY = `experiment ragree {
  algorithms = [de, pso, jde(NP: 12), jde(NP: 16)]
  problems = [sphere, rastrigin, ackley]
  dims = [2]
  runs = 8
  budget = evals(500 * D)
  zero = 1e-4
  seed = 11
}
`;

interface CsvRow {
  problem: string;
  test: string;
  algorithm: string;
  versus: string;
  statistic: number;
  p: number | null;
  pHolm: number | null;
}

function readTestsCsv(path: string): CsvRow[] {
  const [header, ...lines] = readFileSync(path, 'utf8').trimEnd().split('\n');
  expect(header).toBe('D,problem,test,algorithm,versus,statistic,df,p,p_holm,better,significant');
  return lines.map((line) => {
    expect(line, 'a quoted field (the labels here have no commas)').not.toContain('"');
    const f = line.split(',');
    const num = (s: string) => (s === '' ? null : Number(s));
    return {
      problem: f[1]!,
      test: f[2]!,
      algorithm: f[3]!,
      versus: f[4]!,
      statistic: Number(f[5]),
      p: num(f[7]!),
      pHolm: num(f[8]!),
    };
  });
}

interface Cell {
  label: string;
  problem: string;
  errors: number[];
}

/** The experiment's cells in the design's order with their raw final errors, and its zero. */
function readDatabase(path: string): { cells: Cell[]; zero: number } {
  const db = new Database(path, { readonly: true });
  try {
    const cells = (
      db.prepare('SELECT id, label, problem FROM cell ORDER BY id').all() as {
        id: number;
        label: string;
        problem: string;
      }[]
    ).map((c) => ({
      label: c.label,
      problem: c.problem,
      errors: (
        db.prepare('SELECT best_error AS e FROM run WHERE cell = ? ORDER BY run').all(c.id) as {
          e: number;
        }[]
      ).map((r) => r.e),
    }));
    const { zero } = db.prepare('SELECT zero FROM experiment').get() as { zero: number };
    return { cells, zero };
  } finally {
    db.close();
  }
}

// ---- the tests -------------------------------------------------------------------------------

describe.skipIf(skip)("the rank tests agree with R's to 1e-6", () => {
  const groups = {
    ranksum: new Cases(),
    signrank: new Cases(),
    kruskal: new Cases(),
    friedman: new Cases(),
    holm: new Cases(),
    distributions: new Cases(),
  };
  let results = new Map<string, number[]>();

  afterAll(() => {
    if (process.env.OPT_R_AGREEMENT_REPORT === '1')
      process.stderr.write(
        `test/stats/r-agreement.test.ts: ${largest.compared} numbers compared with R's; largest differences: p ${largest.p.toExponential(2)} absolute (${largest.where.p}), statistic ${largest.stat.toExponential(2)} relative (${largest.where.stat})\n`,
      );
  });

  beforeAll(() => {
    rankSumCases(groups.ranksum);
    signedRankCases(groups.signrank);
    kruskalCases(groups.kruskal);
    friedmanCases(groups.friedman);
    holmCases(groups.holm);
    distributionCases(groups.distributions);
    // One R process for all of them (R starts in a few tenths of a second). Without R each test
    // fails on its own, saying so.
    if (haveR)
      results = runR(
        Object.values(groups)
          .flatMap((g) => g.lines)
          .join('\n'),
      );
  });

  it('Wilcoxon rank-sum: wilcox.test(x, y), exact and normal, ties, n around 50', () => {
    groups.ranksum.compare(results);
    // Both branches were reached.
    const exact = groups.ranksum.checks.map((c) => c.ours[2]);
    expect(exact).toContain(0);
    expect(exact).toContain(1);
  });

  it('Wilcoxon signed-rank: wilcox.test(x, y, paired = TRUE), zeros and ties', () => {
    groups.signrank.compare(results);
    const exact = groups.signrank.checks.map((c) => c.ours[2]);
    expect(exact).toContain(0);
    expect(exact).toContain(1);
  });

  it('Kruskal-Wallis: kruskal.test', () => groups.kruskal.compare(results));

  it('Friedman: friedman.test (tie-corrected), and Demsar chi2_F, F_F, z-tests from R ranks', () =>
    groups.friedman.compare(results));

  it("Holm: p.adjust(p, 'holm')", () => groups.holm.compare(results));

  it('the exact null distributions: pwilcox and psignrank', () =>
    groups.distributions.compare(results));

  it("Nemenyi's q_alpha (Demsar's table) is qtukey(1 - alpha, k, Inf) / sqrt(2) to 3 decimals", () => {
    const r = runR(
      `for (a in c(0.05, 0.10)) out(sprintf('q%.2f', a), qtukey(1 - a, 2:10, Inf) / sqrt(2))`,
    );
    for (const [alpha, key] of [
      ['0.05', 'q0.05'],
      ['0.10', 'q0.10'],
    ] as const) {
      const theirs = r.get(key)!;
      NEMENYI_Q[alpha].forEach((q, i) =>
        // The table is printed to three decimals: within one unit of the third.
        expect(Math.abs(q - theirs[i]!), `k = ${i + 2}, alpha ${alpha}`).toBeLessThanOrEqual(1e-3),
      );
    }
  });

  describe('on a real experiment: tests.csv of opt report against R on the database', () => {
    captureStdio();

    it('every p-value and statistic of the rank tests', async () => {
      needR();
      const dir = mkdtempSync(join(tmpdir(), 'opt-r-agreement-'));
      const file = join(dir, 'ragree.opt');
      writeFileSync(file, STUDY);
      const run = join(dir, 'run');
      expect(await main(['experiment', file, '--out', run, '--backend', 'cpu'])).toBe(0);
      expect(await main(['report', run])).toBe(0);
      const rows = readTestsCsv(join(run, 'tests.csv'));
      const { cells, zero } = readDatabase(join(run, RESULTS_FILE));
      const algorithms = [...new Set(cells.map((c) => c.label))];
      const problems = [...new Set(cells.map((c) => c.problem))];
      expect(algorithms).toHaveLength(4);

      // R gets the raw errors and the experiment's zero, and counts errors below it as 0 itself.
      const lines = [`zero <- ${hex(zero)}`, 'cz <- function(e) ifelse(e < zero, 0, e)'];
      const errorsOf = (p: string) =>
        algorithms.map((a) => cells.find((c) => c.label === a && c.problem === p)!.errors);
      const checks: Check[] = [];
      const row = (problem: string, test: string, algorithm = '', versus = '') => {
        const found = rows.filter(
          (r) =>
            r.problem === problem &&
            r.test === test &&
            r.algorithm === algorithm &&
            r.versus === versus,
        );
        expect(found, `${problem} ${test} ${algorithm} ${versus}`).toHaveLength(1);
        return found[0]!;
      };
      let exactTests = 0;
      let normalTests = 0;
      let tiedPairs = 0;
      problems.forEach((p, pi) => {
        const groups = errorsOf(p);
        lines.push(`g <- lapply(list(${groups.map(rVec).join(', ')}), cz)`);
        const kw = row(p, 'kruskal-wallis');
        lines.push(`t <- kruskal.test(g); out('db.kw.${pi}', t$statistic, t$p.value)`);
        checks.push({ key: `db.kw.${pi}`, ours: [kw.statistic, kw.p!], kinds: ['stat', 'p'] });
        // Every pair in the report's order, two-sided, R's defaults (exact = NULL, correct =
        // TRUE): the report's choice (docs/experiments.md). Holm over the pairs.
        const pairs: [number, number][] = [];
        algorithms.forEach((_, i) => algorithms.forEach((__, j) => j > i && pairs.push([i, j])));
        lines.push(
          `w <- lapply(list(${pairs.map(([i, j]) => `c(${i + 1}, ${j + 1})`).join(', ')}), function(ij) wilcox.test(g[[ij[1]]], g[[ij[2]]]))`,
          `pw <- sapply(w, function(t) t$p.value)`,
          // R's p.adjust passes NaN through; the report has p = 1 there (all tied), so does Holm.
          `out('db.rs.${pi}', sapply(w, function(t) t$statistic), pw, p.adjust(ifelse(is.nan(pw), 1, pw), 'holm'), sapply(w, function(t) grepl('exact', t$method)))`,
        );
        const rs = pairs.map(([i, j]) => row(p, 'rank-sum', algorithms[i], algorithms[j]));
        checks.push({
          key: `db.rs.${pi}`,
          ours: [
            ...rs.map((r) => r.statistic),
            ...rs.map((r) => r.p!),
            ...rs.map((r) => r.pHolm!),
            ...pairs.map(([i, j]) => {
              const t = wilcoxonRankSum(
                groups[i]!.map((e) => (e < zero ? 0 : e)),
                groups[j]!.map((e) => (e < zero ? 0 : e)),
              );
              if (t.exact) exactTests++;
              else normalTests++;
              if (t.p === 1 && !t.exact) tiedPairs++;
              return t.exact ? 1 : 0;
            }),
          ],
          kinds: [
            ...rs.map((): Kind => 'stat'),
            ...rs.map((): Kind => 'p'),
            ...rs.map((): Kind => 'p'),
            ...rs.map((): Kind => 'exact'),
          ],
        });
      });
      // The report's Friedman: blocks = problems, each cell's median counted error (R's median),
      // chi2_F without the tie correction (opt's documented choice) from R's rank(); and the
      // tie-corrected statistic of friedman.test against the module's option on those blocks.
      lines.push(
        `m <- rbind(${problems.map((_, pi) => `sapply(${`list(${errorsOf(problems[pi]!).map(rVec).join(', ')})`}, function(e) median(cz(e)))`).join(', ')})`,
        `N <- nrow(m); k <- ncol(m); R <- colMeans(t(apply(m, 1, rank)))`,
        'chi2 <- 12 * N / (k * (k + 1)) * (sum(R^2) - k * (k + 1)^2 / 4)',
        'FF <- (N - 1) * chi2 / (N * (k - 1) - chi2)',
        'c0 <- which.min(R); z <- (R[-c0] - R[c0]) / sqrt(k * (k + 1) / (6 * N)); pz <- 2 * pnorm(-abs(z))',
        `out('db.friedman', R, chi2, pchisq(chi2, k - 1, lower.tail = FALSE), FF, pf(FF, k - 1, (k - 1) * (N - 1), lower.tail = FALSE), z, pz, p.adjust(pz, 'holm'))`,
        `t <- friedman.test(m); out('db.friedman.corrected', t$statistic, t$p.value)`,
        `out('db.medians', m)`,
      );
      const f = row('', 'friedman');
      const id = row('', 'iman-davenport');
      const ranks = algorithms.map((a) => row('', 'average-rank', a).statistic);
      const control = algorithms[ranks.indexOf(Math.min(...ranks))]!;
      const vc = algorithms
        .filter((a) => a !== control)
        .map((a) => row('', 'versus-control', a, control));
      checks.push({
        key: 'db.friedman',
        ours: [
          ...ranks,
          f.statistic,
          f.p!,
          id.statistic,
          id.p!,
          ...vc.map((r) => r.statistic),
          ...vc.map((r) => r.p!),
          ...vc.map((r) => r.pHolm!),
        ],
        kinds: [
          ...ranks.map((): Kind => 'stat'),
          'stat',
          'p',
          'stat',
          'p',
          ...vc.map((): Kind => 'stat'),
          ...vc.map((): Kind => 'p'),
          ...vc.map((): Kind => 'p'),
        ],
      });
      const theirs = runR(lines.join('\n'));
      for (const c of checks) agree(c, theirs.get(c.key));
      // The module's tie-corrected Friedman on R's medians (R's column-major matrix read back).
      const med = theirs.get('db.medians')!;
      const blocks = problems.map((_, pi) =>
        algorithms.map((__, j) => med[j * problems.length + pi]!),
      );
      const corrected = friedman(blocks, { tieCorrection: true });
      agree(
        { key: 'db.friedman.corrected', ours: [corrected.chi2, corrected.p], kinds: ['stat', 'p'] },
        theirs.get('db.friedman.corrected'),
      );
      // The experiment reached what it is meant to: exact tests, normal ones, all-tied pairs.
      expect(exactTests).toBeGreaterThan(0);
      expect(normalTests).toBeGreaterThan(tiedPairs);
      expect(tiedPairs).toBeGreaterThan(0);
    });
  });
});
