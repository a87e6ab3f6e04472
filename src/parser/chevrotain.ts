// chevrotain, loaded from the single-file ES module the package ships (lib/chevrotain.mjs): 20 ms,
// where its entry point (lib/src/api.js, a file per module and lodash-es's hundreds) takes 320 ms
// on this project's machines, the largest part of every `opt` command's start (issue 13, item 6).
// The bundle is the same version's code, built by chevrotain itself; the package's exports map does
// not list it, so its path is found beside the entry point. Where that cannot be resolved (a
// bundler or test runner without import.meta.resolve), the entry point is used: the same API.

import type * as Chevrotain from 'chevrotain';

async function load(): Promise<typeof Chevrotain> {
  try {
    const entry = import.meta.resolve('chevrotain'); // .../chevrotain/lib/src/api.js
    return (await import(new URL('../chevrotain.mjs', entry).href)) as typeof Chevrotain;
  } catch {
    return await import('chevrotain');
  }
}

const chevrotain = await load();
export const { createToken, Lexer, EmbeddedActionsParser } = chevrotain;
export type { IToken, ParserMethod, TokenType } from 'chevrotain';
