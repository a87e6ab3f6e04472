// The words of a source text as the lexer sees them, for editors (src/lsp): identifiers with
// their offsets (go to definition, references, hover), and the word at a position. Comments and
// strings are not words, so a name in a comment is neither a reference nor hovered.

import { Identifier, KEYWORDS, optLexer } from './tokens.js';

export interface Word {
  name: string;
  /** 0-based offset of its first character. */
  offset: number;
}

/** The identifiers of `text`, in order (keywords, numbers, comments and strings left out). */
export function identifiers(text: string): Word[] {
  return optLexer
    .tokenize(text)
    .tokens.filter((t) => t.tokenType === Identifier)
    .map((t) => ({ name: t.image, offset: t.startOffset }));
}

/**
 * The name called by the innermost parenthesis still open at `offset` (`de(NP: 100, |`), if any:
 * the identifier just before an unclosed `(`, read from the tokens (so a parenthesis in a comment
 * or a string does not count). A statement's keyword before it (`let`, `each`, ...) ends the
 * search at the top level: the cursor is not inside a call.
 */
export function openCall(text: string, offset: number): string | undefined {
  const toks = optLexer.tokenize(text.slice(0, offset)).tokens;
  let depth = 0;
  for (let i = toks.length - 1; i >= 0; i--) {
    const t = toks[i]!;
    if (t.image === ')') depth++;
    else if (t.image === '(') {
      if (depth === 0) {
        const callee = toks[i - 1];
        return callee?.tokenType === Identifier ? callee.image : undefined;
      }
      depth--;
    } else if (depth === 0 && STATEMENT_STARTS.has(t.image) && t.tokenType !== Identifier) {
      return undefined;
    }
  }
  return undefined;
}

const STATEMENT_STARTS = new Set([
  'let',
  'each',
  'problem',
  'algorithm',
  'experiment',
  'suite',
  'repair',
]);

/** The identifier that `offset` is in or just after (a cursor at a word's end), if any. */
export function wordAt(text: string, offset: number): Word | undefined {
  return identifiers(text).find((w) => offset >= w.offset && offset <= w.offset + w.name.length);
}

/** The language's keywords, as written. */
export const KEYWORD_NAMES: readonly string[] = KEYWORDS.map((k) => (k.PATTERN as RegExp).source);
