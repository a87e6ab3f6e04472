// The rank tests of src/stats/rank-tests.ts against published worked examples, each with the
// numbers its source prints. Tolerance: half a unit in the last digit the source prints (the
// number must round to what was printed), which is as close as a printed number can be checked;
// `printed` below does that. Where a source prints a decision (reject or not), the test checks it.

import { describe, expect, it } from 'vitest';
import {
  friedman,
  holm,
  kruskalWallis,
  nemenyiCD,
  rankDifferenceSE,
  seed002Scores,
  versusControl,
  wilcoxonRankSum,
  wilcoxonSignedRank,
  type Trial,
} from '../../src/stats/rank-tests.js';

/** `value` rounds to `text` (fixed or scientific): within half a unit of its last digit. */
function printed(value: number, text: string): void {
  const [mantissa, exponent] = text.toLowerCase().split('e');
  const decimals = mantissa!.split('.')[1]?.length ?? 0;
  const unit = 10 ** (-decimals + Number(exponent ?? 0));
  expect(Math.abs(value - Number(text)), `${value} printed as ${text}`).toBeLessThanOrEqual(
    unit / 2 + 1e-12 * Math.abs(Number(text)),
  );
}

describe('Wilcoxon signed-rank (paired)', () => {
  // Hollander & Wolfe (1973) p. 29, Hamilton depression scale factor IV at the first (x) and
  // second (y) visit: R's documented example wilcox.test(x, y, paired = TRUE). R prints
  // V = 40, p-value = 0.03906 (two-sided) and p-value = 0.01953 with alternative = "greater"; the
  // exact p is 10/256 and 5/256 (stdlib's README prints 0.0390625 for the same data).
  const x = [1.83, 0.5, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.3];
  const y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29];

  it('is exact without ties: V = 40, p = 0.03906 (two-sided), 0.01953 (greater)', () => {
    const r = wilcoxonSignedRank(x, y);
    expect(r.V).toBe(40);
    expect(r.exact).toBe(true);
    printed(r.p, '0.03906');
    printed(r.p, '0.0390625');
    printed(wilcoxonSignedRank(x, y, { alternative: 'greater' }).p, '0.01953');
  });

  it('drops zeros and corrects for ties as R (Wikipedia example, R output on Cross Validated)', () => {
    // The example of Wikipedia's "Wilcoxon signed-rank test" article run through R in
    // stats.stackexchange.com/questions/229760: wilcox.test(before, after, paired = TRUE,
    // correct = FALSE) prints V = 18, p-value = 0.5936 (one zero difference dropped, ties: the
    // normal approximation).
    const after = [125, 115, 130, 140, 140, 115, 140, 125, 140, 135];
    const before = [110, 122, 125, 120, 140, 124, 123, 137, 135, 145];
    const r = wilcoxonSignedRank(before, after, { correct: false });
    expect(r.V).toBe(18);
    expect(r.n).toBe(9);
    expect(r.exact).toBe(false);
    printed(r.p, '0.5936');
  });
});

describe('Wilcoxon rank-sum (Mann-Whitney)', () => {
  // Hollander & Wolfe (1973) p. 69, permeability constants of the human chorioamnion at term (x)
  // and at 12 to 26 weeks (y): R's documented example of wilcox.test. SAS 9.4 PROC NPAR1WAY on the
  // same data, printed in the validation report of the CRAN package DescrTab2 (Trt = x, Ctrl = y):
  // rank sum of y 30 (so W of x = 90 - 55 = 35), Z = -1.1635 with the continuity correction,
  // two-sided Pr > |Z| 0.2446; exact Pr <= S 0.1272, two-sided exact 0.2544; Kruskal-Wallis
  // chi-square 1.5000, DF 1, p 0.2207.
  const x = [0.8, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46];
  const y = [1.15, 0.88, 0.9, 0.74, 1.21];

  it('is exact for small samples without ties: W = 35, p = 0.2544, one-sided 0.1272', () => {
    const r = wilcoxonRankSum(x, y);
    expect(r.W).toBe(35);
    expect(r.exact).toBe(true);
    printed(r.p, '0.2544');
    printed(wilcoxonRankSum(x, y, { alternative: 'greater' }).p, '0.1272');
    printed(wilcoxonRankSum(y, x, { alternative: 'less' }).p, '0.1272');
  });

  it('has the normal approximation with the continuity correction: p = 0.2446', () => {
    const r = wilcoxonRankSum(x, y, { exact: false });
    expect(r.exact).toBe(false);
    printed(r.p, '0.2446');
  });

  it('corrects for ties (R output printed on endmemo.com/r/wilcoxon.php)', () => {
    // wilcox.test(x, y): "Wilcoxon rank sum test with continuity correction", W = 51.5,
    // p-value = 0.5966; with the second y, W = 0, p-value = 0.001364.
    const a = [1, 5, 9, 24, 56, 21, 3, 7, 21, 4];
    const r = wilcoxonRankSum(a, [12, 15, 5, 9, 9, 14, 56, 22, 3, 7, 32, 5]);
    expect(r.W).toBe(51.5);
    expect(r.exact).toBe(false);
    printed(r.p, '0.5966');
    const s = wilcoxonRankSum(a, [1233, 4356, 987, 39999, 1111, 200000]);
    expect(s.W).toBe(0);
    printed(s.p, '0.001364');
  });

  it('is exact below 50 observations a sample and not at 50, as R documents', () => {
    // R's ?wilcox.test: "an exact p-value is computed if the samples contain less than 50
    // finite values and there are no ties".
    const seq = (n: number, off: number) => Array.from({ length: n }, (_, i) => i + off);
    expect(wilcoxonRankSum(seq(49, 0), seq(49, 0.5)).exact).toBe(true);
    expect(wilcoxonRankSum(seq(50, 0), seq(49, 0.5)).exact).toBe(false);
    expect(wilcoxonSignedRank(seq(49, 1), seq(49, 0)).exact).toBe(false); // all differences tied
  });
});

// R's airquality data set (New York, May to September 1973), the Ozone column (ppb) day by day
// as R's datasets package has it; NaN: R's NA, dropped as R's tests drop them.
const NA = NaN;
// prettier-ignore
const OZONE = [
  41, 36, 12, 18, NA, 28, 23, 19, 8, NA, 7, 16, 11, 14, 18, 14, 34, 6, 30, 11, 1, 11, 4, 32, NA, NA, NA, 23, 45, 115, 37,
  NA, NA, NA, NA, NA, NA, 29, NA, 71, 39, NA, NA, 23, NA, NA, 21, 37, 20, 12, 13, NA, NA, NA, NA, NA, NA, NA, NA, NA, NA,
  135, 49, 32, NA, 64, 40, 77, 97, 97, 85, NA, 10, 27, NA, 7, 48, 35, 61, 79, 63, 16, NA, NA, 80, 108, 20, 52, 82, 50, 64, 59,
  39, 9, 16, 78, 35, 66, 122, 89, 110, NA, NA, 44, 28, 65, NA, 22, 59, 23, 31, 44, 21, 9, NA, 45, 168, 73, NA, 76, 118, 84, 85,
  96, 78, 73, 91, 47, 32, 20, 23, 21, 24, 44, 21, 28, 9, 13, 46, 18, 13, 24, 16, 13, 23, 36, 7, 14, 30, NA, 14, 18, 20,
];
const MONTH_DAYS = [31, 30, 31, 31, 30]; // May .. September

function ozoneByMonth(): number[][] {
  let at = 0;
  return MONTH_DAYS.map((d) => {
    const month = OZONE.slice(at, (at += d));
    return month.filter((v) => !Number.isNaN(v));
  });
}

describe('Kruskal-Wallis', () => {
  it("Hollander & Wolfe (1973) p. 116: H = 0.7714, df = 2, p = 0.68 (R's example)", () => {
    // R's documented example of kruskal.test (normal subjects, obstructive airway disease,
    // asbestosis); R prints Kruskal-Wallis chi-squared = 0.77143, df = 2, p-value = 0.68, and
    // stdlib's README pValue 0.68, statistic 0.7714.
    const r = kruskalWallis([
      [2.9, 3.0, 2.5, 2.6, 3.2],
      [3.8, 2.7, 4.0, 2.4],
      [2.8, 3.4, 3.7, 2.2, 2.0],
    ]);
    printed(r.H, '0.77143');
    expect(r.df).toBe(2);
    printed(r.p, '0.68');
  });

  it('corrects for ties: airquality Ozone by Month, chi-squared = 29.267, p = 6.901e-06', () => {
    // R's documented example kruskal.test(Ozone ~ Month, data = airquality); output as printed
    // in thoughtfulexaminations.com/?p=18959: chi-squared = 29.267, df = 4, p-value = 6.901e-06.
    const months = ozoneByMonth();
    expect(months.map((m) => m.length)).toEqual([26, 9, 26, 26, 29]); // R: 116 non-NA values
    const r = kruskalWallis(months);
    printed(r.H, '29.267');
    expect(r.df).toBe(4);
    printed(r.p, '6.901e-06');
  });

  it('with two groups is the square of the rank-sum z without continuity (SAS: 1.5000, 0.2207)', () => {
    const r = kruskalWallis([
      [0.8, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46],
      [1.15, 0.88, 0.9, 0.74, 1.21],
    ]);
    printed(r.H, '1.5000');
    printed(r.p, '0.2207');
  });
});

describe('Holm', () => {
  it("rejects H1 and H4 of Wikipedia's example (p = 0.01, 0.04, 0.03, 0.005 at 0.05)", () => {
    // Wikipedia, "Holm-Bonferroni method", Example: hypotheses one and four are rejected while
    // two and three are not.
    const adjusted = holm([0.01, 0.04, 0.03, 0.005]);
    expect(adjusted.map((p) => p <= 0.05)).toEqual([true, false, false, true]);
  });

  it("with the rank-sum test is R's pairwise.wilcox.test (airquality Ozone by Month)", () => {
    // pairwise.wilcox.test(Ozone, Month) (p.adjust.method = "holm"), R's documented example;
    // the matrix as printed in thoughtfulexaminations.com/?p=18959 (rows: later month).
    const expected: [number, number, string][] = [
      [6, 5, '0.5775'],
      [7, 5, '0.0003'],
      [8, 5, '0.0011'],
      [9, 5, '0.4744'],
      [7, 6, '0.0848'],
      [8, 6, '0.1295'],
      [9, 6, '1.0000'],
      [8, 7, '1.0000'],
      [9, 7, '0.0060'],
      [9, 8, '0.0227'],
    ];
    const months = ozoneByMonth();
    const raw = expected.map(([a, b]) => wilcoxonRankSum(months[a - 5]!, months[b - 5]!).p);
    holm(raw).forEach((p, i) => printed(p, expected[i]![2]));
  });
});

describe('Friedman, Nemenyi and comparisons with a control (Demsar 2006)', () => {
  // Demsar (2006), JMLR 7:1-30, Table 6: AUC of C4.5, C4.5+m, C4.5+cf and C4.5+m+cf on 14 data
  // sets; section 3.2.4 computes from it the average ranks 3.143, 2.000, 2.893, 1.964,
  // chi2_F = 9.28 and F_F = 3.69 (F(3, 39)), and Nemenyi's CD = 1.25 at alpha 0.05
  // (q = 2.569) and 1.12 at 0.10 (q = 2.291). Higher AUC is better: the values go in negated.
  // The table prints "voting" as 0.975 (2) and 0.975 (3) for C4.5+cf and C4.5+m+cf: ranked on
  // the unrounded AUCs, which the three printed digits tie. The published ranks are reproduced
  // by keeping that order (0.9751 for C4.5+cf); with the printed tie they would be 2.929 and
  // 1.929.
  // prettier-ignore
  const AUC = [
    [0.763, 0.768, 0.771, 0.798], // adult (sample)
    [0.599, 0.591, 0.59, 0.569], // breast cancer
    [0.954, 0.971, 0.968, 0.967], // breast cancer wisconsin
    [0.628, 0.661, 0.654, 0.657], // cmc
    [0.882, 0.888, 0.886, 0.898], // ionosphere
    [0.936, 0.931, 0.916, 0.931], // iris
    [0.661, 0.668, 0.609, 0.685], // liver disorders
    [0.583, 0.583, 0.563, 0.625], // lung cancer
    [0.775, 0.838, 0.866, 0.875], // lymphography
    [1.0, 1.0, 1.0, 1.0], // mushroom
    [0.94, 0.962, 0.965, 0.962], // primary tumor
    [0.619, 0.666, 0.614, 0.669], // rheum
    [0.972, 0.981, 0.9751, 0.975], // voting (see above)
    [0.957, 0.978, 0.946, 0.97], // wine
  ];
  const blocks = AUC.map((row) => row.map((v) => -v));

  it('average ranks 3.143, 2.000, 2.893, 1.964; chi2_F = 9.28; F_F = 3.69 on (3, 39)', () => {
    const r = friedman(blocks);
    expect([r.N, r.k]).toEqual([14, 4]);
    ['3.143', '2.000', '2.893', '1.964'].forEach((t, j) => printed(r.averageRanks[j]!, t));
    printed(r.chi2, '9.28');
    expect(r.df).toBe(3);
    printed(r.F, '3.69');
    expect(r.dfF).toEqual([3, 39]);
    // Demsar: the critical value of F(3, 39) at 0.05 is 2.85, so F_F rejects the null.
    expect(r.pF).toBeLessThan(0.05);
  });

  it("Nemenyi's critical difference: 1.25 at 0.05, 1.12 at 0.10 (k = 4, N = 14)", () => {
    printed(nemenyiCD(4, 14, 0.05), '1.25');
    printed(nemenyiCD(4, 14, 0.1), '1.12');
    // Table 5(a)'s first and last columns: q_0.05 = 1.960 and 3.164, q_0.10 = 1.645 and 2.920.
    printed(nemenyiCD(2, 6, 0.05) / rankDifferenceSE(2, 6), '1.960');
    printed(nemenyiCD(10, 6, 0.05) / rankDifferenceSE(10, 6), '3.164');
    printed(nemenyiCD(2, 6, 0.1) / rankDifferenceSE(2, 6), '1.645');
    printed(nemenyiCD(10, 6, 0.1) / rankDifferenceSE(10, 6), '2.920');
  });

  it('compares each algorithm with the best-ranked one by z, Holm-adjusted', () => {
    // Derived by hand from Demsar's section 3.2.2 formula z = (R_i - R_0) / sqrt(k(k+1)/(6N))
    // and the published average ranks (control C4.5+m+cf, R_0 = 1.964; SE = sqrt(20/84) =
    // 0.48795): C4.5 z = 1.179 / 0.48795 = 2.416, C4.5+m 0.036 / 0.48795 = 0.074, C4.5+cf
    // 0.929 / 0.48795 = 1.904. Two-sided p = 0.0157, 0.941, 0.0570; Holm multiplies the sorted p
    // by 3, 2, 1 (0.047, 0.114, 0.941): only C4.5 differs from the control at 0.05.
    const r = versusControl(friedman(blocks).averageRanks, 14);
    expect(r.control).toBe(3);
    expect(r.comparisons.map((c) => c.index)).toEqual([0, 1, 2]);
    // The published ranks have three decimals: z is known to about +-0.002.
    [2.416, 0.074, 1.904].forEach((z, i) => expect(r.comparisons[i]!.z).toBeCloseTo(z, 2));
    [0.047, 0.941, 0.114].forEach((p, i) => expect(r.comparisons[i]!.pHolm).toBeCloseTo(p, 2));
    expect(r.comparisons.map((c) => c.pHolm < 0.05)).toEqual([true, false, false]);
  });

  it("with the tie correction is R's friedman.test (RoundingTimes: 11.143, p = 0.003805)", () => {
    // R's documented example of friedman.test: Hollander & Wolfe (1973) p. 140ff, times of 22
    // players rounding first base by three methods (round out, narrow angle, wide angle); R
    // prints Friedman chi-squared = 11.143, df = 2, p-value = 0.003805. Four players tie two
    // methods: without the correction chi2 is smaller.
    // prettier-ignore
    const times = [
      [5.4, 5.5, 5.55], [5.85, 5.7, 5.75], [5.2, 5.6, 5.5], [5.55, 5.5, 5.4], [5.9, 5.85, 5.7],
      [5.45, 5.55, 5.6], [5.4, 5.4, 5.35], [5.45, 5.5, 5.35], [5.25, 5.15, 5.0], [5.85, 5.8, 5.7],
      [5.25, 5.2, 5.1], [5.65, 5.55, 5.45], [5.6, 5.35, 5.45], [5.05, 5.0, 4.95], [5.5, 5.5, 5.4],
      [5.45, 5.55, 5.5], [5.55, 5.55, 5.35], [5.45, 5.5, 5.55], [5.5, 5.45, 5.25], [5.65, 5.6, 5.4],
      [5.7, 5.65, 5.55], [6.3, 6.3, 6.25],
    ];
    const r = friedman(times, { tieCorrection: true });
    printed(r.chi2, '11.143');
    expect(r.df).toBe(2);
    printed(r.p, '0.003805');
    expect(friedman(times).chi2).toBeLessThan(r.chi2);
  });

  it('without ties the two statistics agree (R output printed on r-statistics.co)', () => {
    // r-statistics.co/Friedman-Test-in-R.html: 12 patients x (placebo, drug A, drug B) hours of
    // sleep; friedman.test prints Friedman chi-squared = 20.167, df = 2, p-value = 4.177e-05.
    const placebo = [5.2, 4.9, 6.0, 5.7, 4.8, 5.5, 6.1, 5.0, 5.4, 5.8, 5.1, 5.6];
    const drugA = [6.1, 5.5, 6.3, 6.7, 5.9, 6.2, 6.0, 5.8, 6.0, 6.5, 5.9, 6.4];
    const drugB = [6.8, 6.5, 7.0, 6.5, 6.4, 6.9, 6.8, 6.6, 7.2, 7.1, 6.3, 7.0];
    const rows = placebo.map((p, i) => [p, drugA[i]!, drugB[i]!]);
    for (const tieCorrection of [false, true]) {
      const r = friedman(rows, { tieCorrection });
      printed(r.chi2, '20.167');
      printed(r.p, '4.177e-05');
    }
  });
});

describe("seed 002's rank-based score (section 7.3.5)", () => {
  const t = (error: number, seconds: number): Trial => ({ error, seconds });

  it('ranks all trials together, best = n m, and subtracts n (n + 1) / 2', () => {
    // Two algorithms, n = 3 trials each, target 1e-8 (m = 2, n m = 6):
    //   A: reached in 2.0 s; error 0.5; error 0.1
    //   B: reached in 1.0 s; error 0.3; error 0.3
    // Best to worst: B1 (reached, 1.0 s) 6, A1 (reached, 2.0 s) 5, A3 (0.1) 4, B2 and B3 (0.3,
    // tied: ranks 3 and 2) 2.5 each, A2 (0.5) 1. Sums: A = 5 + 4 + 1 = 10, B = 6 + 2.5 + 2.5 = 11;
    // less n(n+1)/2 = 6: A scores 4, B 5.
    const A = [t(0, 2.0), t(0.5, 9), t(0.1, 9)];
    const B = [t(0, 1.0), t(0.3, 9), t(0.3, 9)];
    expect(seed002Scores([A, B], 1e-8)).toEqual([4, 5]);
    // Without a target every trial is ranked by its error: A1 and B1 tie at 0 (5.5 each), then
    // A3 4, B2 and B3 2.5, A2 1: A = 5.5 + 4 + 1 - 6 = 4.5, B = 5.5 + 2.5 + 2.5 - 6 = 4.5.
    expect(seed002Scores([A, B], null)).toEqual([4.5, 4.5]);
  });

  it('scores three algorithms; the score of one algorithm alone is 0', () => {
    // m = 3, n = 2, no trial reaches the target 1e-8 (ranked by error, best = 6):
    //   A: 1, 4    B: 2, 6    C: 3, 5
    // Ranks: A1 (1) 6, B1 (2) 5, C1 (3) 4, A2 (4) 3, C2 (5) 2, B2 (6) 1.
    // A = 6 + 3 - 3 = 6, B = 5 + 1 - 3 = 3, C = 4 + 2 - 3 = 3.
    const scores = seed002Scores(
      [
        [t(1, 1), t(4, 1)],
        [t(2, 1), t(6, 1)],
        [t(3, 1), t(5, 1)],
      ],
      1e-8,
    );
    expect(scores).toEqual([6, 3, 3]);
    expect(seed002Scores([[t(1, 1), t(2, 1)]], 1e-8)).toEqual([0]);
  });
});

describe('bad input is a RangeError', () => {
  it('names what is wrong', () => {
    expect(() => wilcoxonRankSum([], [1])).toThrow(RangeError);
    expect(() => wilcoxonRankSum([1, NaN], [1])).toThrow(/x\[1\] is NaN/);
    expect(() => wilcoxonSignedRank([1, 2], [1])).toThrow(/unequal length/);
    expect(() => wilcoxonRankSum([1], [2], { alternative: 'up' as 'less' })).toThrow(RangeError);
    expect(() => holm([])).toThrow(RangeError);
    expect(() => holm([0.5, 1.5])).toThrow(/not a probability/);
    expect(() => kruskalWallis([[1, 2]])).toThrow(/two or more/);
    expect(() => kruskalWallis([[1, 2], []])).toThrow(/group 1 is empty/);
    expect(() => friedman([[1, 2, 3]])).toThrow(/two or more/);
    expect(() =>
      friedman([
        [1, 2, 3],
        [1, 2],
      ]),
    ).toThrow(/unequal blocks/);
    expect(() =>
      friedman([
        [1, 2],
        [Infinity, 2],
      ]),
    ).toThrow(/block 1\[0\] is Infinity/);
    expect(() => nemenyiCD(11, 5)).toThrow(/k = 2 to 10/);
    expect(() => nemenyiCD(4, 5, 0.01 as 0.05)).toThrow(/0.05 and 0.10/);
    expect(() => seed002Scores([[{ error: 1, seconds: 1 }], []], null)).toThrow(/no trials/);
    expect(() =>
      seed002Scores(
        [
          [{ error: 1, seconds: 1 }],
          [
            { error: 1, seconds: 1 },
            { error: 2, seconds: 1 },
          ],
        ],
        null,
      ),
    ).toThrow(/equal n/);
  });

  it('all values tied: no evidence, p = 1 (where R gives NaN)', () => {
    expect(wilcoxonRankSum([0, 0, 0], [0, 0]).p).toBe(1);
    expect(wilcoxonSignedRank([1, 2], [1, 2])).toEqual({ V: 0, n: 0, p: 1, exact: false });
    expect(kruskalWallis([[3, 3], [3]])).toEqual({ H: 0, df: 1, p: 1 });
    const f = friedman(
      [
        [1, 1, 1],
        [2, 2, 2],
      ],
      { tieCorrection: true },
    );
    expect([f.chi2, f.p]).toEqual([0, 1]);
  });
});
