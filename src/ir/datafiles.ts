// Reading numeric data files (the CEC input_data formats: whitespace- or comma-separated numbers,
// CRLF or LF) and resolving `$DATA/` paths. Used by the elaborator to check files at compile time
// and by the runtime to load them.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const cache = new Map<string, Float64Array | { bad: string; index: number }>();

/** The data root: --data DIR (set through setDataRoot), OPT_DATA, or ../shared/data beside the install. */
let dataRootOverride: string | undefined;
export function setDataRoot(dir: string | undefined): void {
  dataRootOverride = dir;
}

export function dataRoot(): string {
  if (dataRootOverride) return resolve(dataRootOverride);
  if (process.env.OPT_DATA) return resolve(process.env.OPT_DATA);
  const here = dirname(fileURLToPath(import.meta.url)); // src/ir or dist/ir
  return resolve(here, '..', '..', '..', 'shared', 'data');
}

export function resolveDataPath(path: string, sourceFile: string): string {
  if (path.startsWith('$DATA/')) return join(dataRoot(), path.slice('$DATA/'.length));
  if (isAbsolute(path)) return path;
  return resolve(dirname(sourceFile), path);
}

export type NumbersResult =
  | { ok: true; values: Float64Array }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'bad'; token: string; index: number };

export function readNumbers(absPath: string): NumbersResult {
  const hit = cache.get(absPath);
  if (hit)
    return hit instanceof Float64Array
      ? { ok: true, values: hit }
      : { ok: false, reason: 'bad', token: hit.bad, index: hit.index };
  if (!existsSync(absPath)) return { ok: false, reason: 'missing' };
  const text = readFileSync(absPath, 'utf8');
  const tokens = text.split(/[\s,]+/).filter((t) => t.length > 0);
  const values = new Float64Array(tokens.length);
  for (const [i, token] of tokens.entries()) {
    const v = Number(token);
    if (!Number.isFinite(v)) {
      cache.set(absPath, { bad: token, index: i + 1 });
      return { ok: false, reason: 'bad', token, index: i + 1 };
    }
    values[i] = v;
  }
  cache.set(absPath, values);
  return { ok: true, values };
}
