// Helpers for the formatter's tests: the .opt files of the repository, and an AST without its
// locations (what formatting must not change).

import { join, relative, resolve } from 'node:path';
import { optFilesUnder } from '../../src/api.js';

export const ROOT = resolve(__dirname, '../..');

/** The .opt files under `dir` (relative to the repository), as paths relative to it. */
export function optFiles(dir: string): string[] {
  return optFilesUnder(join(ROOT, dir)).map((f) => relative(ROOT, f));
}

const POSITION_KEYS = new Set(['loc', 'end', 'file']);

/** The AST as plain data without positions (`loc`, `nameLoc`, ..., `end`, `file`). */
export function withoutPositions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPositions);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !POSITION_KEYS.has(k) && !k.endsWith('Loc'))
        .map(([k, v]) => [k, withoutPositions(v)]),
    );
  }
  // NaN marks a parse error; it never reaches here, but keep it comparable.
  return value;
}
