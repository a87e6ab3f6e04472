// Reading evaluation points: one point per line (numbers separated by spaces or commas; blank
// lines and lines starting with # are skipped), or a JSON array of arrays.

import { readFileSync, existsSync } from 'node:fs';
import { CliError } from './args.js';

export function readPoints(path: string, dim: number): Float64Array[] {
  // `-` reads standard input (opt eval sphere --dim 3 --points - < points.txt).
  if (path !== '-' && !existsSync(path)) throw new CliError(`--points: file not found: ${path}`);
  const text = readFileSync(path === '-' ? 0 : path, 'utf8');
  if (path === '-') path = '<stdin>';
  const trimmed = text.trimStart();
  const points: Float64Array[] = [];
  if (trimmed.startsWith('[')) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw new CliError(`${path}: not valid JSON (${(e as Error).message})`);
    }
    if (!Array.isArray(data)) throw new CliError(`${path}: expected a JSON array of points`);
    data.forEach((pt, k) => {
      if (!Array.isArray(pt)) throw new CliError(`${path}: point ${k + 1} is not an array`);
      if (pt.length !== dim)
        throw new CliError(
          `${path}: point ${k + 1} has ${pt.length} coordinates, but --dim is ${dim}`,
        );
      pt.forEach((v, j) => {
        if (typeof v !== 'number' || !Number.isFinite(v))
          throw new CliError(
            `${path}: point ${k + 1}, coordinate ${j + 1}: ${JSON.stringify(v)} is not a finite number`,
          );
      });
      points.push(Float64Array.from(pt as number[]));
    });
    return points;
  }
  const lines = text.split(/\r?\n/);
  lines.forEach((line, k) => {
    const s = line.trim();
    if (s === '' || s.startsWith('#')) return;
    const toks = s.split(/[\s,]+/).filter((t) => t !== '');
    const vals = toks.map((t, j) => {
      const v = Number(t);
      if (!Number.isFinite(v))
        throw new CliError(`${path}:${k + 1}: '${t}' (coordinate ${j + 1}) is not a finite number`);
      return v;
    });
    if (vals.length !== dim)
      throw new CliError(
        `${path}:${k + 1}: the point has ${vals.length} coordinates, but --dim is ${dim}`,
      );
    points.push(Float64Array.from(vals));
  });
  return points;
}
