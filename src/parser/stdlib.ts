// The standard library: the .opt programs under stdlib/, parsed once per process.

import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSource } from './parser.js';
import type { SourceFile } from './ast.js';
import type { Diagnostic } from './diagnostics.js';

export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('cannot find the package root');
    dir = up;
  }
  return dir;
}

export function stdlibFiles(): string[] {
  const root = join(packageRoot(), 'stdlib');
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith('.opt')) out.push(join(d, e.name));
    }
  };
  if (existsSync(root)) walk(root);
  return out;
}

let cached: { sources: SourceFile[]; diagnostics: Diagnostic[] } | undefined;

export function loadStdlib(): { sources: SourceFile[]; diagnostics: Diagnostic[] } {
  if (cached) return cached;
  const sources: SourceFile[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const f of stdlibFiles()) {
    const r = parseSource(readFileSync(f, 'utf8'), resolve(f));
    sources.push(r.source);
    diagnostics.push(...r.diagnostics);
  }
  cached = { sources, diagnostics };
  return cached;
}
