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

/** The identifier that `offset` is in or just after (a cursor at a word's end), if any. */
export function wordAt(text: string, offset: number): Word | undefined {
  return identifiers(text).find((w) => offset >= w.offset && offset <= w.offset + w.name.length);
}

/** The language's keywords, as written. */
export const KEYWORD_NAMES: readonly string[] = KEYWORDS.map((k) => (k.PATTERN as RegExp).source);
