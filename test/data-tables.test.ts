// Data files read as tables (issue 34, item 1): one row a line, every row's length checked, the row
// count taken from the file (`data XY[N][2]`) or checked against the declaration, a header, NaN and
// infinities refused unless `nonfinite: true`; errors name the data file's line and column. The
// flat readings of the CEC formats (offset:, row:, vectors) are test/cec.test.ts's and the 5xxx
// cases of test/diagnostics.test.ts.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileProblem, OptError, type Diagnostic } from '../src/api.js';
import { materialiseData } from '../src/ir/data.js';
import { parseProgram } from '../src/ir/parse.js';
import { printProgram } from '../src/ir/print.js';
import { codeString } from '../src/parser/diagnostics.js';

const dir = mkdtempSync(join(tmpdir(), 'opt-tables-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

/** The diagnostics of compiling `src` (which must fail), as 'OPTnnnn line:col message'. */
function errors(src: string, dim = 2): string[] {
  try {
    compileProblem({ dim, sources: { [join(dir, 'p.opt')]: src } });
  } catch (e) {
    if (!(e instanceof OptError)) throw e;
    return e.diagnostics.map(
      (d: Diagnostic) => `${codeString(d.code)} ${d.loc?.line}:${d.loc?.col} ${d.message}`,
    );
  }
  throw new Error('expected errors, but the program compiled');
}

// y = a exp(b x) + noise at 40 points: a least-squares fit over the file's rows.
const rows = Array.from({ length: 40 }, (_, k) => {
  const x = k / 10;
  return [x, 2.5 * Math.exp(-0.3 * x) + 0.01 * Math.sin(7 * k)] as const;
});
const csv = (rs: readonly (readonly number[])[]) => rs.map((r) => r.join(',')).join('\n') + '\n';
const fit = (path: string, decl = 'XY[N][2]', count = 'N') =>
  `data ${decl} = file("${path}")\n` +
  'problem fit(p[D]) where D == 2 in [-5, 5] {\n' +
  `  sum(k < ${count}) (XY[k][1] - p[0] * exp(p[1] * XY[k][0]))^2\n}\n`;
/** The residual sum of squares in float64, independently of the compiler. */
const rss = (a: number, b: number) =>
  rows.reduce((s, [x, y]) => s + (y - a * Math.exp(b * x)) ** 2, 0);
const points = [
  [2.5, -0.3],
  [1, 0.2],
  [-3, 1.5],
];

describe('tables: the row count from the file', () => {
  it('data XY[N][2] = file(...): N is the number of rows, a size in sum(k < N)', () => {
    const p = compileProblem({
      dim: 2,
      sources: { [join(dir, 'fit.opt')]: fit(file('fit.csv', csv(rows))) },
    });
    const got = p.evaluateCpu(points);
    points.forEach(([a, b], k) => expect(got[k]! / rss(a!, b!) - 1).toBeLessThan(1e-14));
    expect(Math.abs(got[0]! - rss(2.5, -0.3))).toBeLessThan(1e-15);
    // The same with a header line and white space between the values.
    const spaced = 'x y\n' + rows.map((r) => r.join('  ')).join('\r\n') + '\r\n';
    const h = compileProblem({
      dim: 2,
      sources: { [join(dir, 'h.opt')]: fit(file('fit.txt', spaced)) },
    });
    expect(h.evaluateCpu(points)).toEqual(got);
  });

  it('a declared row count is checked: the same rows give the same values', () => {
    const path = file('fit40.csv', 'x,y\n' + csv(rows));
    const p = compileProblem({
      dim: 2,
      sources: { [join(dir, 'd.opt')]: fit(path, 'XY[40][2]', '40') },
    });
    expect(p.evaluateCpu([[2.5, -0.3]])[0]! / rss(2.5, -0.3) - 1).toBeLessThan(1e-14);
    expect(errors(fit(path, 'XY[39][2]', '39'))[0]).toMatch(
      new RegExp(
        `^OPT5007 1:\\d+ data 'XY': ${path}:41:1: the file has 40 rows, but XY is declared with 39 rows`,
      ),
    );
    expect(errors(fit(path, 'XY[41][2]', '41'))[0]).toMatch(
      new RegExp(
        `^OPT5007 1:\\d+ data 'XY': ${path}:41:\\d+: the file has 40 rows, but XY is declared with 41 rows$`,
      ),
    );
  });

  it('a vector of N: one value a line', () => {
    const path = file('w.txt', 'weight\n0.5\n1.5\n2\n');
    const src = `data w[N] = file("${path}")\nproblem f(x[D]) { sum(k < N) w[k] * x[0] }`;
    const p = compileProblem({ dim: 1, sources: { [join(dir, 'w.opt')]: src } });
    expect(p.evaluateCpu([[2]])).toEqual([8]);
    const two = file('w2.txt', '0.5 1.5\n');
    expect(errors(src.replace(path, two), 1)).toEqual([
      `OPT5006 1:18 data 'w': ${two}:1:5: line 1 has 2 values, but w has 1 column (a vector: one value a line)`.replace(
        '1:18',
        `1:${'data w[N] = file('.length + 1}`,
      ),
    ]);
  });
});

describe('tables: a row that does not fit is an error, never a shift', () => {
  // Issue 34: `1,5` on one row of a two-column file shifted every later row of the flat reading.
  const shifted = rows.map((r, k) => (k === 16 ? [...r, 5] : r));
  const at = `1:${'data XY[N][2] = file('.length + 1}`;

  it('one value too many: the line and the column of the extra value', () => {
    const path = file('shifted.csv', csv(shifted));
    const line = csv(shifted).split('\n')[16]!;
    expect(errors(fit(path))).toEqual([
      `OPT5006 ${at} data 'XY': ${path}:17:${line.lastIndexOf(',') + 2}: line 17 has 3 values, but XY has 2 columns`,
    ]);
  });

  it('one value too few: the end of the line', () => {
    const short = rows.map((r, k) => (k === 3 ? [r[0]] : r));
    const path = file('short.csv', csv(short));
    expect(errors(fit(path))).toEqual([
      `OPT5006 ${at} data 'XY': ${path}:4:4: line 4 has 1 value, but XY has 2 columns`,
    ]);
  });

  it('an extra row beyond a declared count is an error, not ignored', () => {
    const path = file('extra.csv', csv([...rows, [4, 0.75]]));
    expect(errors(fit(path, 'XY[40][2]', '40'))[0]).toMatch(
      new RegExp(
        `^OPT5007 1:\\d+ data 'XY': ${path}:41:1: the file has 41 rows, but XY is declared with 40 rows`,
      ),
    );
  });

  it('a non-number names its line and column', () => {
    const path = file('word.csv', '1,2\n3,four\n');
    expect(errors(fit(path))).toEqual([
      `OPT5003 ${at} data file ${path}:2:3: 'four' is not a number`,
    ]);
  });
});

describe('tables: NaN and infinities', () => {
  const text = '1,2\n3,NaN\n-inf,4\n5,Infinity\n6,1e400\n';

  it('are refused by default, with the line and column', () => {
    const path = file('nan.csv', text);
    expect(errors(fit(path))).toEqual([
      `OPT5008 1:${'data XY[N][2] = file('.length + 1} data file ${path}:2:3: 'NaN' is not a finite number (NaN and infinities are read only with file(..., nonfinite: true))`,
    ]);
    // The flat reading of a vector too.
    const flat = file('inf.txt', '1 2 -Inf');
    expect(errors(`data o[D] = file("${flat}")\nproblem f(x[D]) { x[0] - o[0] }`, 3)[0]).toContain(
      `${flat}:1:5: '-Inf' is not a finite number`,
    );
  });

  it('are read with nonfinite: true', () => {
    const path = file('nan-ok.csv', text);
    const src = `data XY[N][2] = file("${path}", nonfinite: true)\nproblem f(x[D]) { x[0] * XY[0][0] + N }`;
    const p = compileProblem({ dim: 1, sources: { [join(dir, 'n.opt')]: src } });
    expect(Array.from(materialiseData(p.lowered).XY!)).toEqual([
      1,
      2,
      3,
      NaN,
      -Infinity,
      4,
      5,
      Infinity,
      6,
      Infinity,
    ]);
    expect(p.evaluateCpu([[2]])).toEqual([7]);
    const flat = file('inf-ok.txt', '1 nan -Inf');
    const v = compileProblem({
      dim: 3,
      sources: {
        [join(dir, 'v.opt')]:
          `data o[D] = file("${flat}", nonfinite: true)\nproblem f(x[D]) { x[0] - o[0] }`,
      },
    });
    expect(Array.from(materialiseData(v.lowered).o!)).toEqual([1, NaN, -Infinity]);
  });
});

describe('tables in the IR', () => {
  it('a header and nonfinite: printed, parsed back, and materialised the same', () => {
    const path = file('ir.csv', 'a,b\n1,nan\n2,3\n');
    const src = `data XY[N][2] = file("${path}", nonfinite: true)\nproblem f(x[D]) { x[0] * XY[1][1] }`;
    const p = compileProblem({ dim: 1, sources: { [join(dir, 'ir.opt')]: src } });
    const text = printProgram(p.lowered);
    expect(text).toContain(`(file ${JSON.stringify(path)} 0 2 header nonfinite)`);
    const back = parseProgram(text);
    expect(printProgram(back)).toBe(text);
    expect(Array.from(materialiseData(back).XY!)).toEqual([1, NaN, 2, 3]);
  });
});

describe('the note: the data file line, with a caret', () => {
  it('is printed after the source excerpt, cut around the column of a long line', () => {
    const long = Array.from({ length: 60 }, (_, k) => `${k}.25`).join(' ') + ' abc 1 2 3\n';
    const path = file('long.txt', long);
    const src = `data o[D] = file("${path}")\nproblem f(x[D]) { x[0] - o[0] }`;
    let text = '';
    try {
      compileProblem({ dim: 2, sources: { [join(dir, 'long.opt')]: src } });
    } catch (e) {
      text = (e as OptError).message;
    }
    const col = long.indexOf('abc') + 1;
    const shown = '...' + long.slice(col - 41, col + 9).trimEnd();
    expect(text.split('\n').slice(3)).toEqual([
      `${path}:1:${col}: note: not a number`,
      `   1 | ${shown}`,
      `     | ${' '.repeat(43)}^`,
    ]);
  });
});
