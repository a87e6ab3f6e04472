import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rng } from '../rng.js';
// Shared helpers for the IR tests: parse-and-check, random points, CPU evaluation of IR text.

import { expect } from 'vitest';
import { compileJs } from '../../src/codegen/js.js';
import type { IrProgram } from '../../src/ir/ir.js';
import { parseProgram } from '../../src/ir/parse.js';
import { printProgram } from '../../src/ir/print.js';
import { validate } from '../../src/ir/validate.js';
import { materialiseData } from '../../src/ir/data.js';
import { loadStdlib } from '../../src/parser/stdlib.js';
import { ProblemElaborator } from '../../src/elaborate/problem.js';
import { dataRoot } from '../../src/ir/datafiles.js';

/** `count` points of dimension dim, uniform in [lo, hi]. */
export function randomPoints(
  dim: number,
  count: number,
  lo: number,
  hi: number,
  seed = 1,
): Float64Array[] {
  const r = rng(seed);
  return Array.from({ length: count }, () =>
    Float64Array.from({ length: dim }, () => lo + (hi - lo) * r()),
  );
}

/** Evaluates a program on the CPU backend at the given points: its result plus its bias. */
export function evalAt(
  p: IrProgram,
  points: Float64Array[],
  data: Record<string, Float64Array> = materialiseData(p),
): number[] {
  const f = compileJs(p, data);
  return points.map((x) => f(x, 0) + (p.bias ?? 0));
}

/** Dedents an IR text literal and trims it, so that tests can indent their IR with the code. */
export function ir(strings: TemplateStringsArray, ...values: unknown[]): string {
  const raw = strings.reduce(
    (acc, s, k) => acc + s + (k < values.length ? String(values[k]) : ''),
    '',
  );
  const lines = raw.replace(/^\n/, '').replace(/\s+$/, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => l.match(/^ */)![0].length));
  return lines.map((l) => l.slice(indent)).join('\n');
}

/** Parses IR text, checks that it prints back identically and validates. */
export function parseChecked(text: string): IrProgram {
  const p = parseProgram(text);
  expect(printProgram(p)).toBe(text);
  validate(p, 'test input');
  return p;
}

/** The stdlib problem names. */
export function stdlibProblems(): string[] {
  return new ProblemElaborator(loadStdlib().sources).problemNames().sort();
}

/** The size n of a LOLIB or N-LOLIB problem's instance: the first number of its data file. */
export function lolibSize(problem: string): number {
  const inst = problem.replace(/^n?lolib_/, '');
  return Number(
    readFileSync(join(dataRoot(), 'lolib', inst), 'utf8')
      .trim()
      .split(/\s+/)[0],
  );
}

/**
 * Whether the test command takes this problem for its data family: seed 004's LOLIB and N-LOLIB
 * instances (50 each) and ETC's 12 matrices (each in 3 forms) are one program a family on other
 * data, so the test command takes one instance of each (tiw56r72; the matrix u_c_hihi in its three
 * forms) and the long stage the rest (test/stage.ts). Every other problem is its own family.
 */
export function oneOfItsFamily(name: string): boolean {
  if (/^n?lolib_/.test(name)) return name.endsWith('_tiw56r72');
  if (name.startsWith('etc_')) return name.endsWith('_u_c_hihi');
  return true;
}

/** Relative comparison with an absolute floor; equal infinities/NaNs compare equal. */
export function expectClose(
  actual: number[],
  expected: number[],
  rel = 1e-12,
  abs = 1e-12,
  what = '',
): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((a, k) => {
    const e = expected[k]!;
    if (Object.is(a, e) || (Number.isNaN(a) && Number.isNaN(e))) return;
    if (!Number.isFinite(a) || !Number.isFinite(e))
      expect.fail(`${what} point ${k}: got ${a}, expected ${e}`);
    const tol = Math.max(abs, rel * Math.max(Math.abs(a), Math.abs(e)));
    if (!(Math.abs(a - e) <= tol))
      expect.fail(
        `${what} point ${k}: got ${a}, expected ${e} (|diff| ${Math.abs(a - e)} > ${tol})`,
      );
  });
}

export { rng };
