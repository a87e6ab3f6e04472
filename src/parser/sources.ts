// The sources of a compilation: the standard library and the user's files and in-memory texts,
// parsed together (diagnostics from all of them; texts kept for error excerpts).

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseSource } from './parser.js';
import type { SourceFile } from './ast.js';
import { OptError, type Diagnostic } from './diagnostics.js';
import { loadStdlib } from './stdlib.js';

/** User sources: .opt files (paths) and in-memory texts ({ file name: text }). */
export interface SourceRequest {
  files?: string[];
  sources?: Record<string, string>;
}

export function parseAll(req: SourceRequest): {
  sources: SourceFile[];
  diagnostics: Diagnostic[];
  texts: Map<string, string>;
  userFiles: SourceFile[];
} {
  const loaded = loadStdlib();
  // A user file that is a stdlib file (`opt check stdlib/algorithms/de.opt`, or an editor's open
  // copy of it) replaces it: its declarations are not defined twice.
  const mine = new Set([
    ...(req.files ?? []).map((f) => resolve(f)),
    ...Object.keys(req.sources ?? {}).map((f) => resolve(f)),
  ]);
  const std = {
    sources: loaded.sources.filter((s) => !mine.has(s.file)),
    diagnostics: loaded.diagnostics.filter((d) => !d.loc || !mine.has(d.loc.file)),
  };
  const texts = new Map<string, string>();
  for (const s of std.sources) texts.set(s.file, s.text);
  const userFiles: SourceFile[] = [];
  const diagnostics: Diagnostic[] = [...std.diagnostics];
  const add = (file: string, text: string) => {
    texts.set(file, text);
    const r = parseSource(text, file);
    userFiles.push(r.source);
    diagnostics.push(...r.diagnostics);
  };
  for (const f of req.files ?? []) add(resolve(f), readFileSync(f, 'utf8'));
  for (const [name, text] of Object.entries(req.sources ?? {})) add(name, text);
  return { sources: [...std.sources, ...userFiles], diagnostics, texts, userFiles };
}

/** parseAll, throwing OptError on syntax errors. */
export function parseChecked(req: SourceRequest): ReturnType<typeof parseAll> {
  const parsed = parseAll(req);
  if (parsed.diagnostics.length) throw new OptError(parsed.diagnostics, parsed.texts);
  return parsed;
}
