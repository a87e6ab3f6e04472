// Reading numeric data files and resolving `$DATA/` paths. Used by the elaborator to check files at
// compile time and by the runtime to load them. Two readings (docs/language.md, "Data"):
//
//   readNumbers  the file as a flat stream of numbers (the CEC input_data formats: whitespace- or
//                comma-separated, CRLF or LF, any number a line), read from a position on
//   readTable    the file as rows, one a line (CSV or whitespace-separated, an optional header):
//                every row must have the same number of values, and every value is checked
//
// Both read numbers strictly (decimal, with an optional exponent: no hex, no '_'), and refuse NaN
// and the infinities (nan, inf, infinity in any case, with a sign; a number beyond float64's range)
// unless asked to take them. Errors name the line and column of the file (1-based; a tab is one
// column).

import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** A place in a data file: 1-based line and column. */
export interface FilePos {
  line: number;
  col: number;
}

/** `path:line:col`, as a diagnostic names a place in a data file. */
export const placeIn = (path: string, p: FilePos) => `${path}:${p.line}:${p.col}`;

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const NONFINITE = /^([+-]?)(nan|inf|infinity)$/i;

/**
 * A token's value: a number, 'bad' (not a number), or 'nonfinite' (NaN, an infinity, or a decimal
 * beyond float64's range) where `nonfinite` is false.
 */
function tokenValue(token: string, nonfinite: boolean): number | 'bad' | 'nonfinite' {
  if (DECIMAL.test(token)) {
    const v = Number(token);
    return Number.isFinite(v) || nonfinite ? v : 'nonfinite';
  }
  const m = NONFINITE.exec(token);
  if (!m) return 'bad';
  if (!nonfinite) return 'nonfinite';
  if ((m[2] as string).toLowerCase() === 'nan') return NaN;
  return m[1] === '-' ? -Infinity : Infinity;
}

/** A value that cannot be read: its text and place. */
export type BadValue = { reason: 'bad' | 'nonfinite'; token: string } & FilePos;

export type NumbersResult =
  | { ok: true; values: Float64Array }
  | { ok: false; reason: 'missing' }
  | ({ ok: false } & BadValue);

/** The line and column of character `at` of `text`. */
function posOf(text: string, at: number): FilePos {
  let line = 1;
  let start = 0;
  for (let k = text.indexOf('\n'); k >= 0 && k < at; k = text.indexOf('\n', k + 1)) {
    line++;
    start = k + 1;
  }
  return { line, col: at - start + 1 };
}

/** A file's text, without a byte-order mark (spreadsheets write one), or undefined if missing. */
function textOf(absPath: string): string | undefined {
  if (!existsSync(absPath)) return undefined;
  const text = readFileSync(absPath, 'utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The key of a file's reading in a cache: its path, size and modification time (a long-running
 * process, the language server, sees an edited file), or undefined for a missing file.
 */
function version(absPath: string): string | undefined {
  if (!existsSync(absPath)) return undefined;
  const st = statSync(absPath);
  return `${st.size}:${st.mtimeMs}:${absPath}`;
}

/** Line `line` (1-based) of a file, without its line end: for a diagnostic's excerpt. */
export function lineOf(absPath: string, line: number): string {
  const text = textOf(absPath) ?? '';
  return (text.split('\n')[line - 1] ?? '').replace(/\r$/, '');
}

const numbersCache = new Map<string, NumbersResult>();

/**
 * The numbers of a file, in order, separated by white space and commas. With `skipHeader`, the
 * first non-blank line is a header (readTable found it) and is not read.
 */
export function readNumbers(absPath: string, nonfinite = false, skipHeader = false): NumbersResult {
  const v = version(absPath);
  if (v === undefined) return { ok: false, reason: 'missing' };
  const key = `${nonfinite ? 1 : 0}${skipHeader ? 1 : 0}:${v}`;
  const hit = numbersCache.get(key);
  if (hit) return hit;
  const text = textOf(absPath);
  if (text === undefined) return { ok: false, reason: 'missing' };
  let from = 0;
  if (skipHeader) {
    const m = /^\s*[^\n]*(\n|$)/.exec(text);
    from = m ? m[0].length : 0;
  }
  const out: number[] = [];
  const re = /[^\s,]+/g;
  re.lastIndex = from;
  let result: NumbersResult | undefined;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const v = tokenValue(m[0], nonfinite);
    if (typeof v !== 'number') {
      result = { ok: false, reason: v, token: m[0], ...posOf(text, m.index) };
      break;
    }
    out.push(v);
  }
  result ??= { ok: true, values: Float64Array.from(out) };
  numbersCache.set(key, result);
  return result;
}

/** Why a file is not a table of the expected shape (each with its place in the file). */
export type TableError =
  | BadValue
  | ({ reason: 'empty-value' } & FilePos)
  /** Line `line` has `have` values (the place: the first extra value, or the end of the line). */
  | ({ reason: 'row-length'; have: number } & FilePos)
  /** The header (a first line of names) has `have` names. */
  | ({ reason: 'header-length'; have: number } & FilePos);

export type TableResult =
  | {
      ok: true;
      /** The rows' values, row after row. */
      values: Float64Array;
      /** The line of each row. */
      lines: number[];
      /** The number of lines of the file, and the length of its last one (for "the end"). */
      end: FilePos;
      /** The header's line, if the file has one. */
      header?: number;
    }
  | { ok: false; reason: 'missing' }
  | ({ ok: false } & TableError);

const tableCache = new Map<string, TableResult>();

/**
 * A file as a table of `cols` columns: one row a non-blank line, its values separated by commas
 * (where the line has one: then an empty value is an error) or else by white space. The first
 * non-blank line is a header when none of its fields is a number (NaN and infinities count as
 * numbers here, so that a row of them is never taken for names); a header must name `cols` columns.
 */
export function readTable(absPath: string, cols: number, nonfinite = false): TableResult {
  const v = version(absPath);
  if (v === undefined) return { ok: false, reason: 'missing' };
  const key = `${cols}:${nonfinite ? 1 : 0}:${v}`;
  const hit = tableCache.get(key);
  if (hit) return hit;
  const text = textOf(absPath);
  if (text === undefined) return { ok: false, reason: 'missing' };
  const result = parseTable(text, cols, nonfinite);
  tableCache.set(key, result);
  return result;
}

/** The fields of a line, each with its 1-based column (empty fields of a comma-separated line too). */
function fieldsOf(line: string): { text: string; col: number }[] {
  const out: { text: string; col: number }[] = [];
  if (!line.includes(',')) {
    for (const m of line.matchAll(/\S+/g)) out.push({ text: m[0], col: (m.index ?? 0) + 1 });
    return out;
  }
  let start = 0;
  for (const part of line.split(',')) {
    const lead = part.length - part.trimStart().length;
    // An empty value's column is where it would stand: after the comma before it.
    out.push({ text: part.trim(), col: start + (part.trim() ? lead : 0) + 1 });
    start += part.length + 1;
  }
  return out;
}

function parseTable(text: string, cols: number, nonfinite: boolean): TableResult {
  const lines = text.split('\n');
  const values: number[] = [];
  const rowLines: number[] = [];
  let header: number | undefined;
  for (const [k, raw] of lines.entries()) {
    const line = raw.replace(/\r$/, '').trimEnd();
    if (line.trim() === '') continue;
    const lineNo = k + 1;
    const fields = fieldsOf(line);
    const isFirst = rowLines.length === 0 && header === undefined;
    if (isFirst && fields.every((f) => tokenValue(f.text, true) === 'bad')) {
      header = lineNo;
      if (fields.length !== cols) {
        const at = fields[cols]?.col ?? line.length + 1;
        return { ok: false, reason: 'header-length', have: fields.length, line: lineNo, col: at };
      }
      continue;
    }
    const empty = fields.find((f) => f.text === '');
    if (empty) return { ok: false, reason: 'empty-value', line: lineNo, col: empty.col };
    for (const f of fields.slice(0, cols)) {
      const v = tokenValue(f.text, nonfinite);
      if (typeof v !== 'number')
        return { ok: false, reason: v, token: f.text, line: lineNo, col: f.col };
    }
    if (fields.length !== cols) {
      const at = fields[cols]?.col ?? line.length + 1;
      return { ok: false, reason: 'row-length', have: fields.length, line: lineNo, col: at };
    }
    for (const f of fields) values.push(tokenValue(f.text, nonfinite) as number);
    rowLines.push(lineNo);
  }
  const last = lines.length > 1 && lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
  const end = { line: last, col: (lines[last - 1] ?? '').replace(/\r$/, '').length + 1 };
  return { ok: true, values: Float64Array.from(values), lines: rowLines, end, header };
}
