// The formatter on generated programs (fast-check, fixed seed): expressions of every construct,
// nested and parenthesised at random, laid out with random spaces and line breaks, with block
// comments between tokens and line comments where statements end. Whatever parses must format to
// the same AST (but for positions), keep every comment in order, and format again to itself. A
// second property puts line comments anywhere in the body (docs/formatting.md: such a comment may
// move past a block comment on its line): the AST and every comment must still be there, after
// one formatting and after two. This reaches what the repository's files do not: `- -x`, `a^-b`,
// `not not c`, an `if` as an operand, comments inside expressions and calls.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatOpt } from '../../src/api.js';
import { parseSource } from '../../src/parser/parser.js';
import { optLexer } from '../../src/parser/tokens.js';
import { withoutPositions } from './corpus.js';

const leaf = fc.constantFrom('x[i]', 'x[0]', 'D', '2', '2.0', '1e6', 'pi', 'y[i][j]', 'x[1:D]');

const { expr } = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc
      .tuple(
        tie('expr'),
        fc.constantFrom('+', '-', '*', '/', '%', '^', '<', '<=', '==', '!=', 'and', 'or'),
        tie('expr'),
      )
      .map(([a, op, b]) => `${a} ${op} ${b}`),
    fc.tuple(fc.constantFrom('-', 'not '), tie('expr')).map(([op, a]) => `${op}${a}`),
    fc
      .tuple(
        fc.constantFrom('min', 'max', 'clamp', 'g'),
        fc.array(tie('expr'), { minLength: 0, maxLength: 3 }),
        fc.boolean(),
      )
      .map(
        ([f, args, named]) =>
          `${f}(${args.map((a, k) => (named && k > 0 ? `w${k}: ${a}` : a)).join(', ')})`,
      ),
    fc
      .tuple(tie('expr'), tie('expr'), tie('expr'))
      .map(([c, a, b]) => `if ${c} then ${a} else ${b}`),
    fc
      .tuple(
        fc.constantFrom('sum', 'prod', 'min', 'argmax', 'count'),
        fc.constantFrom(
          '(i)',
          '(i < D - 1)',
          '(j in 1..D)',
          '(k where x[k] > 0)',
          '(k <= D where k > 1)',
        ),
        tie('expr'),
      )
      .map(([op, head, body]) => `${op}${head} ${body}`),
    tie('expr').map((e) => `(${e})`),
  ),
}));

/** Between tokens: a space, spaces, a line break, a block comment, or (`anywhere`) a line comment. */
const gap = (anywhere: boolean) =>
  fc.constantFrom(
    ' ',
    ' ',
    ' ',
    '  ',
    '\n    ',
    ' /* c */ ',
    '\n\n  ',
    ...(anywhere ? [' // d\n  '] : []),
  );

/**
 * A problem of lets and a result from `expr`, some spaces replaced by gaps (a line break before `(`
 * or `-` may change the parse: what is compared is the parse of this very text). Without
 * `anywhere`, line comments end statements only, as people write them.
 */
const program = (anywhere: boolean) =>
  fc
    .tuple(
      fc.array(fc.tuple(expr, fc.boolean()), { minLength: 1, maxLength: 3 }),
      expr,
      fc.array(gap(anywhere), { minLength: 64, maxLength: 64 }),
    )
    .map(([lets, result, gaps]) => {
      const body = [
        ...lets.map(([e, c], k) => `let a${k} = ${e}${c ? ' // end' : ''}`),
        result,
      ].join('\n  ');
      // The header's gaps never hold a line comment (`in // d` then `[-5, 5]`: see docs/formatting.md).
      const head = `// head\nproblem p(x[D], w1 = 1 in [0, 2]) in [-5, 5] {`;
      let k = 0;
      const spaced = (t: string, lineComments: boolean) =>
        t.replace(/ (?!\/\/ end)/g, () => {
          if (k >= gaps.length || k++ % 3 !== 0) return ' ';
          const g = gaps[k - 1]!;
          return !lineComments && g.includes('//') ? ' ' : g;
        });
      // An import first, outside the gaps (whose positions would shift with its space).
      return `import "lib.opt"\n${spaced(head, false)}\n  ${spaced(body, true)}\n}\n`;
    });

/** The comments in order. (Inside an expression, prettier may move one past a token or two: from
 * between a name and its `=` to after the `=`; the repository's files keep each in place.) */
function comments(text: string): string[] {
  return (optLexer.tokenize(text).groups['comments'] ?? []).map((c) => c.image.trimEnd());
}

/**
 * Format `text` (if it parses): the AST must stay, and the comments; `strict`, in their order and
 * with the output formatting to itself. Otherwise (line comments in the middle of expressions) the
 * comments as a multiset, none lost or merged, over two passes: prettier keeps a line comment at
 * the end of its line, past what the printer puts after it on that line, a block comment too.
 */
async function check(text: string, seen: { parsed: number; refused: number }, strict: boolean) {
  const before = parseSource(text, 'g.opt');
  if (before.diagnostics.length > 0) {
    seen.refused++;
    return;
  }
  seen.parsed++;
  const keep = (t: string) => (strict ? comments(t) : comments(t).sort());
  let current = text;
  for (let pass = 0; pass < (strict ? 1 : 2); pass++) {
    const out = await formatOpt(current, 'g.opt');
    const after = parseSource(out, 'g.opt');
    expect(after.diagnostics, out).toEqual([]);
    expect(
      withoutPositions([after.source.imports, after.source.decls]),
      `${current}\n----\n${out}`,
    ).toEqual(withoutPositions([before.source.imports, before.source.decls]));
    expect(keep(out), `${current}\n----\n${out}`).toEqual(keep(text));
    current = out;
  }
  if (strict) expect(await formatOpt(current, 'g.opt'), current).toBe(current);
}

describe('the formatter on generated programs (fixed seed)', () => {
  it('keeps the AST and the comments in order, and formats its output to itself', async () => {
    const seen = { parsed: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(program(false), (text) => check(text, seen, true)),
      { seed: 20261126, numRuns: Number(process.env.FUZZ_RUNS ?? 400), endOnFailure: true },
    );
    // The generator must mostly make programs that parse, or the test tests little.
    expect(seen.parsed, JSON.stringify(seen)).toBeGreaterThan(200);
  }, 120_000);

  it('with line comments anywhere: the AST and every comment kept, over two passes', async () => {
    const seen = { parsed: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(program(true), (text) => check(text, seen, false)),
      { seed: 20261127, numRuns: Number(process.env.FUZZ_RUNS ?? 400), endOnFailure: true },
    );
    expect(seen.parsed, JSON.stringify(seen)).toBeGreaterThan(200);
  }, 120_000);
});
