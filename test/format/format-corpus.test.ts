// The formatter over every .opt file of the repository that parses: the AST is unchanged (but for
// positions), every comment is kept between the same
// two tokens, and formatting the output again changes nothing.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatOpt } from '../../src/format/plugin.js';
import { parseSource } from '../../src/parser/parser.js';
import { optLexer } from '../../src/parser/tokens.js';
import { ROOT, optFiles, withoutPositions } from './corpus.js';

const FILES = ['stdlib', 'examples', 'experiments', 'docs/bench', 'test/baselines/cases'].flatMap(
  optFiles,
);

/**
 * Each comment with the number of tokens before it, not counting `;` and `,`, which the formatter
 * drops or adds: a comment must stay between the same two tokens.
 */
function comments(text: string): string[] {
  const lexed = optLexer.tokenize(text);
  const offsets = lexed.tokens
    .filter((t) => t.image !== ';' && t.image !== ',')
    .map((t) => t.startOffset);
  return (lexed.groups['comments'] ?? []).map(
    (c) => `${offsets.filter((o) => o < c.startOffset).length}: ${c.image.trimEnd()}`,
  );
}

describe('opt formatter over the repository', () => {
  it('finds the corpus', () => {
    expect(FILES.length).toBeGreaterThan(40);
  });

  for (const file of FILES) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const before = parseSource(text, file);
    if (before.diagnostics.length > 0) continue; // the baselines' syntax-error cases
    it(file, async () => {
      const out = await formatOpt(text, file);
      const after = parseSource(out, file);
      expect(after.diagnostics).toEqual([]);
      expect(withoutPositions([after.source.imports, after.source.decls])).toEqual(
        withoutPositions([before.source.imports, before.source.decls]),
      );
      expect(comments(out)).toEqual(comments(text));
      expect(await formatOpt(out, file)).toBe(out);
    });
  }
});
