// The formatter text in, text out: each case a source and the text it must become (and that text
// formatted again is itself). The layout rules are docs/formatting.md's.

import { describe, expect, it } from 'vitest';
import { formatOpt, OptError } from '../../src/api.js';
import { LONG } from '../stage.js';

/** The text with the common indentation of a template literal removed (and its first newline). */
function src(strings: TemplateStringsArray): string {
  const text = strings.join('').replace(/^\n/, '');
  const indent = Math.min(
    ...text
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => l.length - l.trimStart().length),
  );
  return text
    .split('\n')
    .map((l) => l.slice(indent))
    .join('\n');
}

async function expectFormat(input: string, expected: string): Promise<void> {
  const out = await formatOpt(input, 't.opt');
  expect(out).toBe(expected);
  expect(await formatOpt(out, 't.opt')).toBe(out);
}

describe('opt formatter', () => {
  it('spaces operators, drops optional semicolons and separators, keeps numbers as written', async () => {
    await expectFormat(
      src`
        problem p(x[D])in[-5.0,5]optimum 0.0 at 0{let s=sum(i<D-1)x[i]^2*1e6;
        s+2.50}
        experiment e { runs = 3; dims = [10, 30,], }
      `,
      src`
        problem p(x[D]) in [-5.0, 5] optimum 0.0 at 0 {
          let s = sum(i < D - 1) x[i]^2 * 1e6
          s + 2.50
        }
        experiment e {
          runs = 3
          dims = [10, 30]
        }
      `,
    );
  });

  it("keeps the author's parentheses, and the `;` a following `(` or `-` needs", async () => {
    // The parentheses, redundant or not, and both semicolons stay.
    const text = src`
      problem p(x[D]) {
        let w = ((x[0] % 3)) + (1)
        let v = w;
        (if w > 0 then w else -w) * (v)
      }
      problem q(x[D]) {
        let w = x[0];
        -w + 1
      }
    `;
    // A `;` before a `let` is not needed, and goes.
    await expectFormat(text.replace('(1)\n', '(1);\n'), text);
  });

  it('keeps one blank line where the source has some, and says minimize where it was said', async () => {
    await expectFormat(
      src`
        data o[D] = file("$DATA/o.txt", offset: 1)


        problem p(x[D]) minimize in [-1, 1] {
          let a = 1

          let b = 2
          a + b
        }
        problem r(x[D]) maximize {
          x[0]
        }
      `,
      src`
        data o[D] = file("$DATA/o.txt", offset: 1)

        problem p(x[D]) minimize in [-1, 1] {
          let a = 1

          let b = 2
          a + b
        }
        problem r(x[D]) maximize {
          x[0]
        }
      `,
    );
  });

  it('breaks a long expression before its operators, filling lines, after `=` first', async () => {
    await expectFormat(
      src`
        problem p(x[D]) {
          let value = sum(i) (x[i] - 1)^2 * 100 + sum(i) cos(2 * pi * x[i]) * 10 + sum(i) abs(x[i]) + 1 + x[0]^4
          value + sum(i < D - 1) (100 * (x[i]^2 - x[i + 1])^2 + (x[i] - 1)^2) + sum(i) sin(x[i]) + 900 + x[1]
        }
      `,
      src`
        problem p(x[D]) {
          let value =
            sum(i) (x[i] - 1)^2 * 100 + sum(i) cos(2 * pi * x[i]) * 10 + sum(i) abs(x[i]) + 1 + x[0]^4
          value + sum(i < D - 1) (100 * (x[i]^2 - x[i + 1])^2 + (x[i] - 1)^2) + sum(i) sin(x[i]) + 900
            + x[1]
        }
      `,
    );
  });

  it('breaks an if chain before each else, and a reduction between its head and body', async () => {
    await expectFormat(
      src`
        problem p(x[D]) {
          let g[i] = if x[i] > 500 then (500 - x[i] % 500) * sin(sqrt(500 - x[i] % 500)) else if x[i] < -500 then 0 else -x[i]
          let q = argmax(k < D where x[k] > 0) min(t < D where x[t] < 0) sum(j < D) (x[k] * x[j] - x[t] * x[j])^2 / 4
          q + sum(i) g[i]
        }
      `,
      src`
        problem p(x[D]) {
          let g[i] =
            if x[i] > 500 then (500 - x[i] % 500) * sin(sqrt(500 - x[i] % 500))
            else if x[i] < -500 then 0
            else -x[i]
          let q =
            argmax(k < D where x[k] > 0)
              min(t < D where x[t] < 0) sum(j < D) (x[k] * x[j] - x[t] * x[j])^2 / 4
          q + sum(i) g[i]
        }
      `,
    );
  });

  it('fills parameter lists under the first parameter and lays out algorithm blocks', async () => {
    await expectFormat(
      src`
        algorithm a(NP = 48 in [4, 1000000], F = 0.520 in [0, 2], CR = 0.879 in [0, 1], mutation = rand1 in {rand1, best1}, crossover = exp in {bin, exp}) {
        population X[NP]
        state V[NP][D] = 0;
        generation { let g = argmin(k < NP) f(X[k])
        each i in X { let r = distinct(3, NP, except: i)
        if rand() < CR { X[i] = better(X[r[0]], X[i]) } else { V[i][j] = 0 } }
        repeat 3 while g > 0 {} } }
      `,
      src`
        algorithm a(NP = 48 in [4, 1000000], F = 0.520 in [0, 2], CR = 0.879 in [0, 1],
                    mutation = rand1 in {rand1, best1}, crossover = exp in {bin, exp}) {
          population X[NP]
          state V[NP][D] = 0
          generation {
            let g = argmin(k < NP) f(X[k])
            each i in X {
              let r = distinct(3, NP, except: i)
              if rand() < CR {
                X[i] = better(X[r[0]], X[i])
              } else {
                V[i][j] = 0
              }
            }
            repeat 3 while g > 0 {}
          }
        }
      `,
    );
  });

  it('keeps comments where they were: before, after, at the end of a line, in lists', async () => {
    await expectFormat(
      src`
        // The file's header.

        // Before p.
        problem p(x[D]) { // after the brace
          let a = 1   // after a
          /* before the result */ a + x[0] // after the result
        }
        suite s = [p, // the first
          p]
        // At the end.
      `,
      src`
        // The file's header.

        // Before p.
        problem p(x[D]) {
          // after the brace
          let a = 1 // after a
          /* before the result */ a + x[0] // after the result
        }
        suite s = [
          p, // the first
          p,
        ]
        // At the end.
      `,
    );
  });

  it('lays out a repair and an unconstrained box', async () => {
    await expectFormat(
      src`
        problem q(x[D])in[-5,5]unconstrained{sum(i)x[i]^2}
        repair half ( x,p )= if x<lo then (lo+p)/2 else if x>hi then (hi+p)/2 else x;
      `,
      src`
        problem q(x[D]) in [-5, 5] unconstrained {
          sum(i) x[i]^2
        }
        repair half(x, p) = if x < lo then (lo + p) / 2 else if x > hi then (hi + p) / 2 else x
      `,
    );
  });

  it('prints imports one a line where they stand, with their comments and blank lines', async () => {
    await expectFormat(
      src`
        // the shared parts
        import   "lib/problems.opt";  import"../algos/walk.opt" // the walk

        import "/abs/path.opt"
        problem p(x[D]) { ring(x) }
        /* late */ import "late.opt"
      `,
      src`
        // the shared parts
        import "lib/problems.opt"
        import "../algos/walk.opt" // the walk

        import "/abs/path.opt"
        problem p(x[D]) {
          ring(x)
        }
        /* late */ import "late.opt"
      `,
    );
  });

  it('fills a long suite inside its brackets', async () => {
    const names = Array.from({ length: 14 }, (_, k) => `cec2017_f${k + 1}`);
    await expectFormat(
      `suite s = [${names.join(', ')}]\n`,
      src`
        suite s = [
          cec2017_f1, cec2017_f2, cec2017_f3, cec2017_f4, cec2017_f5, cec2017_f6, cec2017_f7, cec2017_f8,
          cec2017_f9, cec2017_f10, cec2017_f11, cec2017_f12, cec2017_f13, cec2017_f14,
        ]
      `,
    );
  });

  it('writes line endings as \\n, whatever the source had (\\r\\n)', async () => {
    await expectFormat(
      'problem p(x[D]) { // c\r\n  let a = 1 /* b */\r\n\r\n  a + x[0] // d\r\n}\r\n',
      'problem p(x[D]) {\n  // c\n  let a = 1 /* b */\n\n  a + x[0] // d\n}\n',
    );
  });

  it('formats a file of comments only, and an empty one', async () => {
    await expectFormat('// only this   \n\n', '// only this\n');
    await expectFormat('\n\n', '');
  });

  it('refuses a file with syntax errors, with their diagnostics', async () => {
    const e = await formatOpt('problem p(x[D]) {\n  x[0] +\n}\n', 'bad.opt').catch((err) => err);
    expect(e).toBeInstanceOf(OptError);
    expect((e as OptError).message).toContain('bad.opt:3:1: error OPT1002');
  });
  // The test command writes 30,000 terms, the long stage 100,000: a walk that took a frame a level
  // overflows Node's stack (about 14,000 frames of the smallest function) at either.
  const n = LONG ? 100_000 : 30_000;
  it(`formats a written chain of ${n.toLocaleString('en')} terms (filled lines), and that text is itself formatted`, async () => {
    // Issue 34: the printer and the extents walk a chain's spine in steps, not a frame a level.
    const terms = Array.from({ length: n }, (_, i) => `x[${i}]^2`);
    const text = `problem long(x[D]) in [-1, 1] { ${terms.join(' + ')} }\n`;
    const out = await formatOpt(text, 'long.opt');
    const lines = out.split('\n');
    expect(lines[0]).toBe('problem long(x[D]) in [-1, 1] {');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(100);
    expect(out.replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' '));
    expect(await formatOpt(out, 'long.opt')).toBe(out);
  }, 120_000);
});
