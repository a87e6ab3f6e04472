// The box in an experiment's results: each run records whether its reported best point lies in
// the problem's box (run.in_box), and opt report counts and marks the cells where it does not.
// A policy that leaves points where they are (a user's `repair free(x, p) = x`, which the
// compiler cannot refuse as it refuses bounds = none) walks DE out of a box whose optimum is a
// corner; the stdlib's midpoint keeps it in.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { RESULTS_FILE } from '../src/experiment/database.js';
import { contents } from './results.js';
import { captureStdio, clearOut, out } from './stdio.js';

const STUDY = `problem slope(x[D]) in [-1, 2] { sum(i) x[i] }
repair free(x, p) = x
experiment boxed {
  algorithms = [de(bounds: free), de, de(bounds: reflect)]
  problems = [slope]
  dims = [4]
  runs = 3
  budget = evals(400 * D)
}
`;

describe('the box in experiments and reports', () => {
  captureStdio();
  it('records each run in or out of the box, and the report marks the cells out of it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'opt-bounds-'));
    const file = join(dir, 'boxed.opt');
    writeFileSync(file, STUDY);
    const res = join(dir, 'res');
    expect(await main(['experiment', file, '--out', res, '--backend', 'cpu'])).toBe(0);
    const runs = contents(join(res, RESULTS_FILE)).run as {
      cell: number;
      in_box: number;
      best_point: Buffer;
    }[];
    expect(runs).toHaveLength(9);
    for (const r of runs) {
      const p = new Float64Array(new Uint8Array(r.best_point).buffer);
      const inside = [...p].every((x) => x >= -1 && x <= 2);
      expect(r.in_box, `cell ${r.cell}`).toBe(inside ? 1 : 0);
      // Cells 2 and 3 (midpoint, reflect) stay in; cell 1 (no repair) leaves.
      expect(r.in_box).toBe(r.cell === 1 ? 0 : 1);
    }
    clearOut();
    expect(await main(['report', res])).toBe(0);
    const md = readFileSync(join(res, 'report.md'), 'utf8');
    expect(md).toContain('| de(bounds: free) | slope (f) | 3 |');
    expect(md).toMatch(/\| de\(bounds: free\) \| slope \(f\) \| 3 \|.*\| \*\*3 of 3\*\* \|/);
    expect(md).toMatch(/\| de \| slope \(f\) \| 3 \|.*\| 0 \|/);
    expect(md).toContain(
      "**Outside the box.** In one cell the reported best point of some run lies outside the problem's box: de(bounds: free) on slope at D = 4 (3 of 3 runs).",
    );
    const csv = readFileSync(join(res, 'cells.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toMatch(/,outside$/);
    expect(csv.slice(1).map((l) => l.split(',').at(-1))).toEqual(['3', '0', '0']);
  });

  it('checks a best point against each coordinate of a box per coordinate, not the envelope', async () => {
    // Coordinate 0's interval is [-1, 1], the others [-1, 5]; the unconstrained minimum (3, ..., 3)
    // lies in the envelope [-1, 5] but outside coordinate 0's interval. A policy that repairs
    // nothing converges there; midpoint keeps x0 <= 1.
    const dir = mkdtempSync(join(tmpdir(), 'opt-coords-'));
    const file = join(dir, 'coords.opt');
    writeFileSync(
      file,
      `data U[i] = if i == 0 then 1 else 5
problem toward3(x[D]) in [-1, U] optimum 4 { sum(i) (x[i] - 3)^2 }
repair free(x, p) = x
experiment perc {
  algorithms = [de(bounds: free), de]
  problems = [toward3]
  dims = [3]
  runs = 2
  budget = evals(600 * D)
}
`,
    );
    const res = join(dir, 'res');
    expect(await main(['experiment', file, '--out', res, '--backend', 'cpu'])).toBe(0);
    const runs = contents(join(res, RESULTS_FILE)).run as {
      cell: number;
      in_box: number;
      best_point: Buffer;
      best_error: number;
    }[];
    expect(runs).toHaveLength(4);
    for (const r of runs) {
      const p = new Float64Array(new Uint8Array(r.best_point).buffer);
      // Every point in the envelope: only the per-coordinate check tells the cells apart.
      for (const x of p) expect(x >= -1 && x <= 5).toBe(true);
      expect(r.in_box, `cell ${r.cell}`).toBe(p[0]! <= 1 ? 1 : 0);
      expect(r.in_box).toBe(r.cell === 1 ? 0 : 1);
      // The constrained optimum (1, 3, 3), f = 4: the error the report gives the boxed cell.
      if (r.cell === 2) expect(r.best_error).toBeLessThan(1e-3);
      // Outside the box, below the constrained optimum: a negative "error".
      else expect(r.best_error).toBeLessThan(0);
    }
    clearOut();
    expect(await main(['report', res])).toBe(0);
    const md = readFileSync(join(res, 'report.md'), 'utf8');
    expect(md).toContain(
      "**Outside the box.** In one cell the reported best point of some run lies outside the problem's box: de(bounds: free) on toward3 at D = 3 (2 of 2 runs).",
    );
  });

  it("counts errors below the experiment's zero as 0 in the report, and keeps them in the database", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'opt-zero-'));
    const file = join(dir, 'zero.opt');
    // Every error of these short runs lies below 1e9 and above 0.
    writeFileSync(
      file,
      `experiment z {
  algorithms = [de]
  problems = [sphere]
  dims = [4]
  runs = 3
  budget = evals(100 * D)
  zero = 1e9
}
`,
    );
    const res = join(dir, 'res');
    expect(await main(['experiment', file, '--out', res, '--backend', 'cpu'])).toBe(0);
    const rows = contents(join(res, RESULTS_FILE)).run as { best_error: number }[];
    expect(rows.every((r) => r.best_error > 0 && r.best_error < 1e9)).toBe(true);
    clearOut();
    expect(await main(['report', res])).toBe(0);
    const md = readFileSync(join(res, 'report.md'), 'utf8');
    expect(md).toContain("An error below the experiment's zero, 1000000000, counts as 0");
    expect(md).toMatch(/\| de \| sphere \| 3 \| 0 \| 0 \| 0 \| 0 \| 0 \|/);
  });

  it('reads precision and zero, and refuses other values at their place', async () => {
    const { experimentDesign, OptError } = await import('../src/api.js');
    const base =
      'experiment e {\n  algorithms = [de]\n  problems = [sphere]\n  dims = [4]\n  runs = 1\n  budget = evals(10 * D)\n';
    const p = experimentDesign(undefined, { sources: { 'e.opt': base + '  zero = 1e-14\n}\n' } });
    expect(p.zero).toBe(1e-14);
    expect(p.precision).toBe('auto');
    const q = experimentDesign(undefined, { sources: { 'e.opt': base + '  precision = ff\n}\n' } });
    expect(q.precision).toBe('ff');
    expect(() =>
      experimentDesign(undefined, { sources: { 'e.opt': base + '  precision = f64\n}\n' } }),
    ).toThrow(OptError);
    try {
      experimentDesign(undefined, { sources: { 'e.opt': base + '  zero = -1\n}\n' } });
      expect.unreachable();
    } catch (e) {
      expect((e as Error).message).toMatch(
        /e\.opt:7:10: error OPT7004: 'zero' of an experiment is an error below which the reports count 0, as 1e-14/,
      );
    }
  });
});
