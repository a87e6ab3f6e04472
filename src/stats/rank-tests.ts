// Rank tests for comparing optimisers: pure functions, no I/O.
//
// What comes from a library and what is written here:
// - The distributions are stdlib's (@stdlib/stats-base-dists-*: normal, chi-square, F and the
//   exact signed-rank CDF), and so are the mid-ranks (@stdlib/stats-ranks), the Kruskal-Wallis
//   test (@stdlib/stats-kruskal-test, tie-corrected H as R's kruskal.test) and Holm's adjustment
//   (@stdlib/stats-padjust, as R's p.adjust). The versions are pinned in package.json.
// - Written here, as glue: the two Wilcoxon tests follow R's wilcox.test (R 4.x) rule for rule,
//   because stdlib has no rank-sum test and its signed-rank test differs from R at the edges
//   (exact up to n = 50 rather than below 50, and an exact two-sided p that can pass 1). The exact
//   rank-sum null distribution is counted here (subset sums of ranks, as R's cwilcox counts them);
//   stdlib has none.
// - The Friedman test and its post-hoc procedures follow Demsar (2006), "Statistical comparisons
//   of classifiers over multiple data sets", JMLR 7:1-30: average ranks (rank 1 = best = lowest
//   value; ties share mid-ranks), chi2_F without a tie correction unless asked (R's friedman.test
//   corrects for ties), Iman and Davenport's F_F, Nemenyi's critical difference from Demsar's
//   Table 5(a) and z-tests against the best-ranked (control) algorithm with Holm's step-down
//   adjustment (Demsar section 3.2.2; Garcia & Herrera 2008, JMLR 9:2677-2694).
// - seed002Scores is the rank-based score of seed 002 (Janssen, Pullan, Liew 2024, section
//   7.3.5), exactly as the paper defines it.
//
// Where R returns NaN because every value is tied (no ordering at all), these functions return
// the statistic's null value and p = 1: no ordering is no evidence of a difference, and a report
// reads better with a number than with NaN. Every function throws a RangeError for input it cannot
// test: an empty sample, a NaN or an infinity, blocks of unequal length.

import chisquareCdf from '@stdlib/stats-base-dists-chisquare-cdf';
import fCdf from '@stdlib/stats-base-dists-f-cdf';
import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import signrankCdf from '@stdlib/stats-base-dists-signrank-cdf';
import kruskalTest from '@stdlib/stats-kruskal-test';
import padjust from '@stdlib/stats-padjust';
import stdlibRanks from '@stdlib/stats-ranks';

export type Alternative = 'two-sided' | 'less' | 'greater';

export interface WilcoxonOptions {
  /** 'two-sided' (the default); 'greater': x is shifted to the right of y (R's alternative). */
  alternative?: Alternative;
  /** Use the exact null distribution. Default as R: n < 50 (each sample) and no ties (no zeros). */
  exact?: boolean;
  /** Continuity correction of the normal approximation (default true, as R). */
  correct?: boolean;
}

export interface RankSumResult {
  /** R's W: the rank sum of x less n_x (n_x + 1) / 2 (Mann-Whitney U of x over y). */
  W: number;
  p: number;
  /** Whether p came from the exact null distribution (else the normal approximation). */
  exact: boolean;
}

export interface SignedRankResult {
  /** R's V: the sum of the ranks of |x - y| where x - y > 0, zero differences dropped. */
  V: number;
  /** The number of non-zero differences. */
  n: number;
  p: number;
  exact: boolean;
}

// ---- input checks ---------------------------------------------------------------------------

function checkSample(x: readonly number[], what: string): void {
  if (x.length === 0) throw new RangeError(`${what} is empty`);
  const bad = x.findIndex((v) => !Number.isFinite(v));
  if (bad >= 0) throw new RangeError(`${what}[${bad}] is ${x[bad]}, not a finite number`);
}

function checkAlternative(a: string): asserts a is Alternative {
  if (a !== 'two-sided' && a !== 'less' && a !== 'greater')
    throw new RangeError(`alternative '${a}' is not two-sided, less or greater`);
}

// ---- shared pieces --------------------------------------------------------------------------

/** Mid-ranks (1 = smallest), as R's rank(). */
export const midRanks = (x: readonly number[]): number[] => stdlibRanks(x as number[]);

/** Sum of t^3 - t over the groups of t tied values: the tie terms of the variance. */
function tieTerm(x: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const v of x) counts.set(v, (counts.get(v) ?? 0) + 1);
  let s = 0;
  for (const t of counts.values()) s += t ** 3 - t;
  return s;
}

const hasTies = (x: readonly number[]) => new Set(x).size !== x.length;

/** The p of a normal approximation: z's distance from the mean, corrected for continuity. */
function normalP(diff: number, sigma: number, alt: Alternative, correct: boolean): number {
  if (sigma === 0) return 1; // every value tied: R gives NaN, see the note at the top
  const c = !correct
    ? 0
    : alt === 'two-sided'
      ? Math.sign(diff) * 0.5
      : alt === 'greater'
        ? 0.5
        : -0.5;
  const z = (diff - c) / sigma;
  if (alt === 'less') return normalCdf(z, 0, 1);
  if (alt === 'greater') return normalCdf(-z, 0, 1);
  return Math.min(1, 2 * Math.min(normalCdf(z, 0, 1), normalCdf(-z, 0, 1)));
}

/**
 * The p of an exact test from the statistic's CDF, as R: the lower tail at s, the upper tail
 * from s (1 - cdf(s - 1)), and twice the nearer tail for two-sided, at most 1.
 */
function exactP(s: number, mean: number, cdf: (v: number) => number, alt: Alternative): number {
  const upper = () => 1 - cdf(s - 1);
  if (alt === 'less') return cdf(s);
  if (alt === 'greater') return upper();
  return Math.min(1, 2 * (s > mean ? upper() : cdf(s)));
}

// ---- Wilcoxon rank-sum (Mann-Whitney) ---------------------------------------------------------

const rankSumCounts = new Map<string, Float64Array>();

/**
 * The null distribution of W for samples of m and n: counts[w] = the number of ways m of the
 * ranks 1..m+n sum to w + m(m+1)/2 (subset sums, counted once per (m, n) and kept).
 */
function rankSumDistribution(m: number, n: number): Float64Array {
  const key = `${m},${n}`;
  const known = rankSumCounts.get(key);
  if (known) return known;
  const N = m + n;
  const maxSum = (m * (2 * N - m + 1)) / 2;
  // ways[c][s]: subsets of size c of the ranks seen so far with sum s.
  const ways = Array.from({ length: m + 1 }, () => new Float64Array(maxSum + 1));
  ways[0]![0] = 1;
  for (let r = 1; r <= N; r++)
    for (let c = Math.min(r, m); c >= 1; c--) {
      const to = ways[c]!;
      const from = ways[c - 1]!;
      for (let s = maxSum; s >= r; s--) to[s]! += from[s - r]!;
    }
  const offset = (m * (m + 1)) / 2;
  const counts = ways[m]!.slice(offset, offset + m * n + 1);
  rankSumCounts.set(key, counts);
  return counts;
}

/** P(W <= w) under the null for samples of m and n (R's pwilcox). */
export function rankSumCdf(w: number, m: number, n: number): number {
  const counts = rankSumDistribution(m, n);
  const k = Math.floor(w + 1e-7);
  if (k < 0) return 0;
  let below = 0;
  let total = 0;
  counts.forEach((c, i) => {
    total += c;
    if (i <= k) below += c;
  });
  return below / total;
}

/**
 * Wilcoxon rank-sum test of two independent samples, as R's wilcox.test(x, y): exact when both
 * samples are under 50 and nothing is tied, else the normal approximation with the tie-corrected
 * variance and (by default) the continuity correction.
 */
export function wilcoxonRankSum(
  x: readonly number[],
  y: readonly number[],
  options: WilcoxonOptions = {},
): RankSumResult {
  checkSample(x, 'x');
  checkSample(y, 'y');
  const alt = options.alternative ?? 'two-sided';
  checkAlternative(alt);
  const m = x.length;
  const n = y.length;
  const all = [...x, ...y];
  const r = midRanks(all);
  const W = r.slice(0, m).reduce((a, b) => a + b, 0) - (m * (m + 1)) / 2;
  const exact = (options.exact ?? (m < 50 && n < 50)) && !hasTies(all);
  if (exact) return { W, exact, p: exactP(W, (m * n) / 2, (v) => rankSumCdf(v, m, n), alt) };
  const N = m + n;
  const sigma = Math.sqrt(((m * n) / 12) * (N + 1 - tieTerm(r) / (N * (N - 1))));
  return { W, exact, p: normalP(W - (m * n) / 2, sigma, alt, options.correct ?? true) };
}

// ---- Wilcoxon signed-rank ---------------------------------------------------------------------

/**
 * Wilcoxon signed-rank test of paired samples, as R's wilcox.test(x, y, paired = TRUE): zero
 * differences dropped; exact when fewer than 50 remain and there were neither ties nor zeros,
 * else the normal approximation with the tie-corrected variance and the continuity correction.
 */
export function wilcoxonSignedRank(
  x: readonly number[],
  y: readonly number[],
  options: WilcoxonOptions = {},
): SignedRankResult {
  checkSample(x, 'x');
  checkSample(y, 'y');
  if (x.length !== y.length)
    throw new RangeError(`paired samples of unequal length: ${x.length} and ${y.length}`);
  const alt = options.alternative ?? 'two-sided';
  checkAlternative(alt);
  const all = x.map((v, i) => v - y[i]!);
  const d = all.filter((v) => v !== 0);
  const n = d.length;
  if (n === 0) return { V: 0, n, p: 1, exact: false }; // all pairs equal: no evidence
  const r = midRanks(d.map(Math.abs));
  const V = r.reduce((s, ri, i) => (d[i]! > 0 ? s + ri : s), 0);
  const exact = (options.exact ?? n < 50) && !hasTies(r) && d.length === all.length;
  const mean = (n * (n + 1)) / 4;
  if (exact) return { V, n, exact, p: exactP(V, mean, (v) => signrankCdf(v, n), alt) };
  const sigma = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24 - tieTerm(r) / 48);
  return { V, n, exact, p: normalP(V - mean, sigma, alt, options.correct ?? true) };
}

// ---- Holm ------------------------------------------------------------------------------------

/** Holm's step-down adjustment of a family of p-values (R's p.adjust(p, 'holm')), in order. */
export function holm(p: readonly number[]): number[] {
  if (p.length === 0) throw new RangeError('no p-values to adjust');
  const bad = p.findIndex((v) => !(v >= 0 && v <= 1));
  if (bad >= 0) throw new RangeError(`p[${bad}] is ${p[bad]}, not a probability`);
  return padjust([...p], 'holm');
}

// ---- Kruskal-Wallis ---------------------------------------------------------------------------

export interface KruskalResult {
  /** H, corrected for ties. */
  H: number;
  df: number;
  p: number;
}

/** Kruskal-Wallis H test of two or more independent samples (R's kruskal.test). */
export function kruskalWallis(groups: readonly (readonly number[])[]): KruskalResult {
  if (groups.length < 2)
    throw new RangeError(`${groups.length} group(s): the test needs two or more`);
  groups.forEach((g, i) => checkSample(g, `group ${i}`));
  const df = groups.length - 1;
  if (new Set(groups.flat()).size === 1) return { H: 0, df, p: 1 }; // all tied, see the top
  const [first, ...rest] = groups.map((g) => [...g]);
  const out = kruskalTest(first!, ...rest);
  return { H: out.statistic, df: out.df, p: out.pValue };
}

// ---- Friedman and its post-hoc procedures ----------------------------------------------------

export interface FriedmanResult {
  /** Blocks (data sets, problems) and treatments (algorithms). */
  N: number;
  k: number;
  /** Each treatment's average rank over the blocks; rank 1 is the lowest value. */
  averageRanks: number[];
  /** Friedman's chi2_F (tie-corrected when asked), its degrees of freedom k - 1 and p. */
  chi2: number;
  df: number;
  p: number;
  /** Iman and Davenport's F_F = (N - 1) chi2 / (N (k - 1) - chi2), on (k - 1, (k - 1)(N - 1)). */
  F: number;
  dfF: [number, number];
  pF: number;
}

function checkBlocks(blocks: readonly (readonly number[])[]): number {
  if (blocks.length < 2)
    throw new RangeError(`${blocks.length} block(s): the test needs two or more`);
  const k = blocks[0]!.length;
  if (k < 2) throw new RangeError(`${k} treatment(s): the test needs two or more`);
  blocks.forEach((b, i) => {
    if (b.length !== k)
      throw new RangeError(`block ${i} has ${b.length} values, block 0 has ${k}: unequal blocks`);
    checkSample(b, `block ${i}`);
  });
  return k;
}

/**
 * Friedman's test over a blocks x treatments matrix (rows: blocks), lower values ranked better.
 * Without `tieCorrection` the statistic is Friedman's (and Demsar's) chi2_F; with it, R's
 * friedman.test, which divides by the variance left after the within-block ties.
 */
export function friedman(
  blocks: readonly (readonly number[])[],
  options: { tieCorrection?: boolean } = {},
): FriedmanResult {
  const k = checkBlocks(blocks);
  const N = blocks.length;
  const rows = blocks.map(midRanks);
  const sums = Array.from({ length: k }, (_, j) => rows.reduce((s, r) => s + r[j]!, 0));
  const averageRanks = sums.map((s) => s / N);
  const ss = sums.reduce((a, s) => a + (s - (N * (k + 1)) / 2) ** 2, 0);
  const ties = options.tieCorrection ? rows.reduce((a, r) => a + tieTerm(r), 0) / (k - 1) : 0;
  const denominator = N * k * (k + 1) - ties;
  const chi2 = denominator > 0 ? (12 * ss) / denominator : 0; // 0: every block all tied
  const df = k - 1;
  const dfF: [number, number] = [k - 1, (k - 1) * (N - 1)];
  const rest = N * (k - 1) - chi2;
  const F = rest > 0 ? ((N - 1) * chi2) / rest : Infinity; // Infinity: every block agrees
  return {
    N,
    k,
    averageRanks,
    chi2,
    df,
    p: 1 - chisquareCdf(chi2, df),
    F,
    dfF,
    pF: F === Infinity ? 0 : 1 - fCdf(F, dfF[0], dfF[1]),
  };
}

/**
 * Demsar (2006) Table 5(a): critical values q_alpha of the two-tailed Nemenyi test, the
 * studentized range statistic (infinite degrees of freedom) divided by sqrt(2), for k = 2..10.
 */
export const NEMENYI_Q: Readonly<Record<'0.05' | '0.10', readonly number[]>> = {
  '0.05': [1.96, 2.343, 2.569, 2.728, 2.85, 2.949, 3.031, 3.102, 3.164],
  '0.10': [1.645, 2.052, 2.291, 2.459, 2.589, 2.693, 2.78, 2.855, 2.92],
};

/** Standard error of a difference of two average ranks: sqrt(k (k + 1) / (6 N)) (Demsar). */
export const rankDifferenceSE = (k: number, N: number) => Math.sqrt((k * (k + 1)) / (6 * N));

/** Nemenyi's critical difference CD = q_alpha sqrt(k (k + 1) / (6 N)), k = 2..10. */
export function nemenyiCD(k: number, N: number, alpha: 0.05 | 0.1 = 0.05): number {
  if (!Number.isInteger(k) || k < 2 || k > 10)
    throw new RangeError(`k = ${k}: Demsar's table of q_alpha covers k = 2 to 10`);
  if (!Number.isInteger(N) || N < 1) throw new RangeError(`N = ${N} blocks: a positive integer`);
  const table = alpha === 0.05 ? NEMENYI_Q['0.05'] : alpha === 0.1 ? NEMENYI_Q['0.10'] : undefined;
  if (!table) throw new RangeError(`alpha = ${alpha}: the table has 0.05 and 0.10`);
  return table[k - 2]! * rankDifferenceSE(k, N);
}

export interface ControlComparison {
  /** The treatment compared with the control. */
  index: number;
  /** z = (R_i - R_0) / sqrt(k (k + 1) / (6 N)); p two-sided, pHolm Holm-adjusted over k - 1. */
  z: number;
  p: number;
  pHolm: number;
}

/**
 * Each treatment against the best-ranked one (the lowest average rank; the first on a tie), as
 * Demsar (2006) section 3.2.2: normal z of the rank difference, Holm-adjusted two-sided p.
 */
export function versusControl(
  averageRanks: readonly number[],
  N: number,
): { control: number; comparisons: ControlComparison[] } {
  const k = averageRanks.length;
  if (k < 2) throw new RangeError(`${k} treatment(s): a comparison needs two or more`);
  checkSample(averageRanks, 'averageRanks');
  if (!Number.isInteger(N) || N < 1) throw new RangeError(`N = ${N} blocks: a positive integer`);
  const control = averageRanks.indexOf(Math.min(...averageRanks));
  const se = rankDifferenceSE(k, N);
  const others = averageRanks.map((_, i) => i).filter((i) => i !== control);
  const z = others.map((i) => (averageRanks[i]! - averageRanks[control]!) / se);
  const p = z.map((v) => Math.min(1, 2 * normalCdf(-Math.abs(v), 0, 1)));
  const pHolm = holm(p);
  return {
    control,
    comparisons: others.map((index, j) => ({ index, z: z[j]!, p: p[j]!, pHolm: pHolm[j]! })),
  };
}

// ---- seed 002's rank-based score ---------------------------------------------------------------

export interface Trial {
  /** The final error. */
  error: number;
  /** Wall-clock seconds of the run. */
  seconds: number;
}

/**
 * Seed 002's score of m algorithms on one function (Janssen, Pullan, Liew 2024, section 7.3.5):
 * all n m trials are ranked together, the best trial getting the highest rank n m and tied trials
 * their average rank; an algorithm's score is the sum of its trials' ranks less n (n + 1) / 2.
 * A trial is better when it reached the target (error <= target) and another did not; two that
 * reached it are ordered by wall-clock time (the paper's replacement of the CEC'22 evaluations),
 * two that did not by their error. Without a target (null) every trial is ranked by its error.
 * `trials[j]` are algorithm j's n trials; every algorithm needs the same n. The benchmark's score
 * is the sum over its functions.
 */
export function seed002Scores(
  trials: readonly (readonly Trial[])[],
  target: number | null,
): number[] {
  if (trials.length === 0) throw new RangeError('no algorithms to score');
  const n = trials[0]!.length;
  trials.forEach((t, j) => {
    if (t.length === 0) throw new RangeError(`algorithm ${j} has no trials`);
    if (t.length !== n)
      throw new RangeError(
        `algorithm ${j} has ${t.length} trials, algorithm 0 has ${n}: the score needs equal n`,
      );
    checkSample(
      t.map((x) => x.error),
      `algorithm ${j}'s errors`,
    );
    checkSample(
      t.map((x) => x.seconds),
      `algorithm ${j}'s seconds`,
    );
  });
  if (target !== null && !(target >= 0)) throw new RangeError(`target ${target} is not >= 0`);
  // A badness key: reached trials first (by seconds), then the others (by error). Ranked
  // ascending by badness with mid-ranks, then turned round so that the best gets n m.
  const reached = (t: Trial) => target !== null && t.error <= target;
  const flat = trials.flat();
  const keyOf = (t: Trial): [number, number] => (reached(t) ? [0, t.seconds] : [1, t.error]);
  const order = flat.map((t, i) => ({ key: keyOf(t), i }));
  order.sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1]);
  const badness = new Array<number>(flat.length);
  order.forEach((o, pos) => (badness[o.i] = pos)); // position, equal keys made equal below
  for (let pos = 1; pos < order.length; pos++) {
    const [a, b] = [order[pos - 1]!, order[pos]!];
    if (a.key[0] === b.key[0] && a.key[1] === b.key[1]) badness[b.i] = badness[a.i]!;
  }
  const worstFirst = midRanks(badness.map((b) => -b)); // rank 1 = worst, n m = best
  const correction = (n * (n + 1)) / 2;
  return trials.map((_, j) => {
    const mine = worstFirst.slice(j * n, (j + 1) * n);
    return mine.reduce((a, b) => a + b, 0) - correction;
  });
}
