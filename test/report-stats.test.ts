// opt report's rank tests (src/report/stats.ts) on a small real experiment (CPU backend, tiny
// budgets): report.md's numbers are recomputed here from the database's rows through
// src/stats/rank-tests.ts, and an experiment with missing runs is reported without a crash.

import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { RESULTS_FILE } from '../src/experiment/database.js';
import { main } from '../src/cli/main.js';
import { holm, kruskalWallis, wilcoxonRankSum } from '../src/stats/rank-tests.js';
import { captureStdio, clearOut, out } from './stdio.js';

const STUDY = `experiment trio {
  algorithms = [de, jde(NP: 20), pso]
  problems = [sphere, rastrigin]
  dims = [4]
  runs = 4
  budget = evals(300 * D)
  seed = 5
}
`;

/** The final errors of `algorithm` on `problem`, read from the database. */
function errorsOf(path: string, algorithm: string, problem: string): number[] {
  const db = new Database(path, { readonly: true });
  try {
    const rows = db
      .prepare(
        'SELECT run.best_error AS e FROM run JOIN cell ON cell.id = run.cell WHERE cell.label = ? AND cell.problem = ? ORDER BY run.run',
      )
      .all(algorithm, problem) as { e: number }[];
    return rows.map((r) => r.e);
  } finally {
    db.close();
  }
}

/** report.md's lines from the heading `heading` to the next heading. */
function section(md: string, heading: string): string[] {
  const lines = md.split('\n');
  const at = lines.indexOf(heading);
  expect(at, heading).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((l, i) => i > at && l.startsWith('#'));
  return lines.slice(at + 1, end < 0 ? undefined : end);
}

/** A number as report.md prints it (toFixed / toExponential) matches `value` to its digits. */
function printedAs(text: string, value: number): void {
  const [mantissa, exponent] = text.split('e');
  const decimals = mantissa!.split('.')[1]?.length ?? 0;
  expect(Math.abs(Number(text) - value)).toBeLessThanOrEqual(
    10 ** (-decimals + Number(exponent ?? 0)) / 2,
  );
}

describe('opt report: rank tests', () => {
  captureStdio();
  const dir = mkdtempSync(join(tmpdir(), 'opt-report-stats-'));
  const file = join(dir, 'trio.opt');
  writeFileSync(file, STUDY);
  const whole = join(dir, 'whole');

  it('writes Kruskal-Wallis and pairwise rank-sum tests that the database rows reproduce', async () => {
    expect(await main(['experiment', file, '--out', whole, '--backend', 'cpu'])).toBe(0);
    clearOut();
    expect(await main(['report', whole])).toBe(0);
    const md = readFileSync(join(whole, 'report.md'), 'utf8');
    expect(out).toBe(md);
    const db = join(whole, RESULTS_FILE);
    const algorithms = ['de', 'jde(NP: 20)', 'pso'];

    // Kruskal-Wallis on rastrigin, recomputed from the rows.
    const groups = algorithms.map((a) => errorsOf(db, a, 'rastrigin'));
    expect(groups.map((g) => g.length)).toEqual([4, 4, 4]);
    const kw = kruskalWallis(groups);
    const lines = section(md, '#### rastrigin (D = 4)');
    const m = lines
      .join('\n')
      .match(/Kruskal-Wallis over 3 algorithms: H = (\S+), df = (\d+), p = (\S+)\./);
    expect(m).not.toBeNull();
    printedAs(m![1]!, kw.H);
    expect(Number(m![2])).toBe(2);
    printedAs(m![3]!, kw.p);

    // The rank-sum test of de against pso on rastrigin, Holm-adjusted over the three pairs.
    const pairs = [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const;
    const tests = pairs.map(([i, j]) => wilcoxonRankSum(groups[i]!, groups[j]!));
    const adjusted = holm(tests.map((t) => t.p));
    const row = lines.find((l) => l.startsWith('| de | pso |'))!;
    const cells = row.split('|').map((c) => c.trim());
    // | algorithm | versus | median | median (versus) | W | p | p (Holm) | better | significant |
    expect(Number(cells[5])).toBe(tests[1]!.W);
    printedAs(cells[6]!, tests[1]!.p);
    printedAs(cells[7]!, adjusted[1]!);
    expect(cells[9]).toBe(adjusted[1]! <= 0.05 ? 'yes' : 'no');
    const medianOf = (x: number[]) =>
      [...x]
        .sort((a, b) => a - b)
        .slice(1, 3)
        .reduce((a, b) => a + b) / 2;
    const [mDe, mPso] = [medianOf(groups[0]!), medianOf(groups[2]!)];
    expect(cells[8]).toBe(mDe < mPso ? 'de' : mPso < mDe ? 'pso' : 'tie');

    // tests.csv has the same numbers in full.
    const csv = readFileSync(join(whole, 'tests.csv'), 'utf8').split('\n');
    expect(csv[0]).toBe('D,problem,test,algorithm,versus,statistic,df,p,p_holm,better,significant');
    expect(csv).toContain(`4,rastrigin,kruskal-wallis,,,${kw.H},2,${kw.p},,,${kw.p <= 0.05}`);
    expect(
      csv.some((l) =>
        l.startsWith(`4,rastrigin,rank-sum,de,pso,${tests[1]!.W},,${tests[1]!.p},${adjusted[1]},`),
      ),
    ).toBe(true);

    // Over the problems: Friedman, the post-hoc tests and seed 002's score are there.
    expect(md).toContain('### D = 4: over all problems');
    expect(md).toMatch(/Friedman over 2 problems \(blocks\) and 3 algorithms/);
    expect(md).toContain("Nemenyi's critical difference: ");
    expect(md).toContain("### D = 4: seed 002's score");
    expect(csv.filter((l) => l.startsWith('4,,seed002-score,'))).toHaveLength(3);
  });

  it('says which cells are missing or too small, and tests the rest', async () => {
    // The same results with runs taken away: pso has no runs on sphere, de one (run 0) on rastrigin.
    const cut = join(dir, 'cut');
    mkdirSync(cut);
    copyFileSync(join(whole, RESULTS_FILE), join(cut, RESULTS_FILE));
    const db = new Database(join(cut, RESULTS_FILE));
    const cellId = (label: string, problem: string) =>
      (
        db.prepare('SELECT id FROM cell WHERE label = ? AND problem = ?').get(label, problem) as {
          id: number;
        }
      ).id;
    db.prepare('DELETE FROM run WHERE cell = ?').run(cellId('pso', 'sphere'));
    db.prepare('DELETE FROM run WHERE cell = ? AND run > 0').run(cellId('de', 'rastrigin'));
    db.close();
    expect(await main(['report', cut])).toBe(0);
    const md = readFileSync(join(cut, 'report.md'), 'utf8');
    const sphere = section(md, '#### sphere (D = 4)').join('\n');
    expect(sphere).toContain('No finished runs of pso.');
    expect(sphere).toContain('Kruskal-Wallis over 2 algorithms');
    const rastrigin = section(md, '#### rastrigin (D = 4)').join('\n');
    expect(rastrigin).toContain('Fewer than two runs, left out of the tests: de.');
    expect(rastrigin).toContain('Kruskal-Wallis over 2 algorithms');
    expect(md).toContain('Left out (an algorithm without finished runs, or no error): sphere.');
    expect(md).toContain(
      'Fewer than two problems with results of every algorithm: no Friedman test, no score.',
    );
  });
});
