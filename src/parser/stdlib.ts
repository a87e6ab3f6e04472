// The standard library: the .opt programs under stdlib/, parsed once per process.

import { readdirSync, readFileSync, existsSync, type Dirent } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSource } from './parser.js';
import type { SourceFile } from './ast.js';
import type { Diagnostic } from './diagnostics.js';

export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('internal: cannot find the package root');
    dir = up;
  }
  return dir;
}

export function stdlibFiles(): string[] {
  const root = join(packageRoot(), 'stdlib');
  return existsSync(root) ? optFilesUnder(root) : [];
}

/**
 * The .opt files under `dir`, depth first in name order; hidden folders and node_modules are
 * passed over. With a `budget` (an editor's workspace, which may be a large tree), the walk takes
 * at most `files` files and looks at most at `entries` directory entries, counting them down so
 * that one budget can serve several folders, and it passes over folders it cannot read.
 */
export function optFilesUnder(dir: string, budget?: { files: number; entries: number }): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch (e) {
      if (budget) return;
      throw e;
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (budget && (budget.files <= 0 || --budget.entries < 0)) return;
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith('.opt')) {
        out.push(join(d, e.name));
        if (budget) budget.files--;
      }
    }
  };
  walk(dir);
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
