// The words of a text as the language server reads them (src/parser/words.ts): identifiers without
// comments and strings, the word at a cursor, and the call a cursor is inside.

import { describe, expect, it } from 'vitest';
import { identifiers, openCall, wordAt } from '../src/api.js';

/** `text` without its `|`, and the offset where the `|` was. */
function cursor(text: string): [string, number] {
  return [text.replace('|', ''), text.indexOf('|')];
}

describe('words of a source text', () => {
  it('finds identifiers, not words in comments or strings, nor keywords', () => {
    expect(identifiers('let s = sum(i) x[i] // not y\nf("z")').map((w) => w.name)).toEqual([
      's',
      'sum',
      'i',
      'x',
      'i',
      'f',
    ]);
    expect(wordAt('let abc = 1', 7)).toEqual({ name: 'abc', offset: 4 });
  });

  it('finds the call a cursor is inside, reading tokens: parentheses in comments do not count', () => {
    expect(openCall(...cursor('algorithms = [de(NP: 100, |'))).toBe('de');
    expect(openCall(...cursor('algorithms = [de(NP: min(1, 2), |'))).toBe('de');
    expect(openCall(...cursor('x = de(NP: 1 /* ) */, |'))).toBe('de');
    expect(openCall(...cursor('x = de(NP: 1, // (f\n  |'))).toBe('de');
    expect(openCall(...cursor('x = de(NP: 1, s: ")", |'))).toBe('de');
    expect(openCall(...cursor('x = de(NP: 1)\nlet y = |'))).toBeUndefined();
    expect(openCall(...cursor('let y = (|'))).toBeUndefined();
  });
});
