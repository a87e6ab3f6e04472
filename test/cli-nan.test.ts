// `opt run` on problems without a number at some points (docs/language.md, "NaN in fitness"): a
// problem NaN on part of its box runs with every seed on both backends and reports a number; one
// NaN everywhere is refused with the count of its NaN points (exit 2); a best that is no number
// (-Infinity: the problem overflows float64 there) is never printed as a result.

import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../src/cli/main.js';
import { captureStdio, err, out } from './stdio.js';
import { ALLNAN, HALFNAN, SEEDS } from './algo/nan-problems.js';

captureStdio();

const dir = mkdtempSync(join(tmpdir(), 'opt-nan-'));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

describe('opt run and NaN', () => {
  it('a problem NaN on half its box: seeds 1 to 8 run on both backends, each a best f with a number', async () => {
    const half = file('half.opt', HALFNAN);
    for (const backend of ['cpu', 'gpu'])
      for (const seed of SEEDS) {
        const args = ['run', 'de', half, '--problem', 'halfnan', '--dim', '4', '--evals', '2000'];
        expect(await main([...args, '--seed', String(seed), '--backend', backend]), err).toBe(0);
        const line = out.trim().split('\n').at(-1)!;
        expect(line).toMatch(
          new RegExp(
            `^de on halfnan \\(D = 4, ${backend}\\): best f 0\\.\\d+ \\(no optimum declared\\)`,
          ),
        );
      }
  });

  it('a problem NaN everywhere is refused: the count of its NaN points, exit 2', async () => {
    const all = file('all.opt', ALLNAN);
    for (const backend of ['cpu', 'gpu']) {
      const args = ['run', 'de', all, '--problem', 'allnan', '--dim', '4', '--evals', '2000'];
      expect(await main([...args, '--backend', backend])).toBe(2);
      expect(err).toContain(
        'opt: allnan at D = 4: no point of the initial population has a value the run can order: float64 gives NaN at 48 of its 48 points; a NaN counts as +Infinity, worse than every number',
      );
    }
  });

  it('a best that is -Infinity is said to be no best value, not printed as a result', async () => {
    // -exp(1000 x[0]) overflows float64 to -Infinity wherever x[0] > 0.71.
    const down = file(
      'down.opt',
      'problem down(x[D]) in [0, 1] { -exp(1000 * x[0]) + sum(i) x[i]^2 }\n',
    );
    const args = ['run', 'de', down, '--problem', 'down', '--dim', '3', '--evals', '1000'];
    expect(await main([...args, '--backend', 'cpu'])).toBe(0);
    expect(out.trim()).toMatch(
      /^de on down \(D = 3, cpu\): no best value: float64 gives -Infinity \(no number: the problem is unbounded there, or overflows float64\) at the best point after 960 evaluations/,
    );
  });
});
