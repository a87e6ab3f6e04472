// The sources of a compilation: the standard library and the user's files and in-memory texts,
// with every file they import, parsed together (diagnostics from all of them; texts kept for
// error excerpts).
//
// Imports (docs/language.md, "Files"): `import "path.opt"` at top level names a file relative to
// the importing file's folder (or an absolute path). The compilation holds the transitive closure
// of the named files' imports, each file once (by its absolute path: a file imported twice, or
// imported and also named, is read once), its declarations global like the stdlib's. A cycle of
// imports is an error (OPT2013) at the import, in the first file of the cycle, that leads into
// it; a file that cannot be read (OPT2012) or is not a .opt file (OPT2014) at its import. A file
// in the compilation already (a stdlib file) is not read again. An open editor's text of a file
// (an in-memory source) is what its importers get.

import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { parseSource } from './parser.js';
import type { ImportDecl, SourceFile } from './ast.js';
import { diag, OptError, type Diagnostic } from './diagnostics.js';
import { loadStdlib } from './stdlib.js';

/** User sources: .opt files (paths) and in-memory texts ({ file name: text }). */
export interface SourceRequest {
  files?: string[];
  sources?: Record<string, string>;
}

/** The absolute path an import in `from` (a file's name) names. */
export function importTarget(from: string, path: string): string {
  return isAbsolute(path) ? resolve(path) : resolve(dirname(resolve(from)), path);
}

/** Why a file cannot be read, in words (for OPT2012). */
function unreadable(path: string, e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return `there is no file ${path}`;
  if (code === 'EISDIR') return `${path} is a folder`;
  if (code === 'EACCES' || code === 'EPERM') return `${path} cannot be read (permission denied)`;
  return `${path} cannot be read (${(e as Error).message})`;
}

export function parseAll(req: SourceRequest): {
  sources: SourceFile[];
  diagnostics: Diagnostic[];
  texts: Map<string, string>;
  /** The user's files: those named and those they import, each after the files it imports. */
  userFiles: SourceFile[];
  /** The files named (files, then in-memory texts), in the request's order. */
  rootFiles: SourceFile[];
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
  const stdFiles = new Set(std.sources.map((s) => s.file));
  const diagnostics: Diagnostic[] = [...std.diagnostics];
  // Every user file parsed, by absolute path (a file named twice is parsed once).
  const parsed = new Map<string, SourceFile>();
  const parse = (file: string, text: string): SourceFile => {
    const key = resolve(file);
    const had = parsed.get(key);
    if (had) return had;
    texts.set(file, text);
    const r = parseSource(text, file);
    parsed.set(key, r.source);
    diagnostics.push(...r.diagnostics);
    return r.source;
  };
  const rootFiles: SourceFile[] = [];
  for (const f of req.files ?? []) rootFiles.push(parse(resolve(f), readFileSync(f, 'utf8')));
  for (const [name, text] of Object.entries(req.sources ?? {})) rootFiles.push(parse(name, text));

  // Depth first from each named file: a file is listed after the files it imports.
  const userFiles: SourceFile[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  /** The files being visited, each with the import it follows now. */
  const stack: { file: SourceFile; via?: ImportDecl }[] = [];
  const cycleReported = new Set<ImportDecl>();
  const visit = (src: SourceFile): void => {
    const key = resolve(src.file);
    state.set(key, 'visiting');
    const frame: { file: SourceFile; via?: ImportDecl } = { file: src };
    stack.push(frame);
    for (const imp of src.imports) {
      frame.via = imp;
      const target = importTarget(src.file, imp.path);
      if (!target.endsWith('.opt')) {
        diagnostics.push(diag('ImportNotOpt', imp.loc, imp.path));
        continue;
      }
      if (stdFiles.has(target)) continue; // in the compilation already
      const seen = state.get(target);
      if (seen === 'done') continue;
      if (seen === 'visiting') {
        // The cycle: from the target's frame up to this file, and back to the target; reported
        // at the import of the target's frame (the first file of the cycle to be entered).
        const k = stack.findIndex((s) => resolve(s.file.file) === target);
        const first = stack[k]!;
        if (cycleReported.has(first.via!)) continue;
        cycleReported.add(first.via!);
        const base = dirname(target);
        const name = (f: string) => relative(base, resolve(f)) || f;
        const chain = [...stack.slice(k).map((s) => name(s.file.file)), name(target)];
        diagnostics.push(diag('ImportCycle', first.via!.loc, chain.join(' -> ')));
        continue;
      }
      let next = parsed.get(target);
      if (!next) {
        let text: string;
        try {
          if (statSync(target).isDirectory()) throw Object.assign(new Error(), { code: 'EISDIR' });
          text = readFileSync(target, 'utf8');
        } catch (e) {
          diagnostics.push(diag('ImportNotFound', imp.loc, imp.path, unreadable(target, e)));
          continue;
        }
        next = parse(target, text);
      }
      visit(next);
    }
    stack.pop();
    state.set(key, 'done');
    userFiles.push(src);
  };
  for (const r of rootFiles) if (!state.has(resolve(r.file))) visit(r);
  return { sources: [...std.sources, ...userFiles], diagnostics, texts, userFiles, rootFiles };
}

/** parseAll, throwing OptError on syntax and import errors. */
export function parseChecked(req: SourceRequest): ReturnType<typeof parseAll> {
  const parsed = parseAll(req);
  if (parsed.diagnostics.length) throw new OptError(parsed.diagnostics, parsed.texts);
  return parsed;
}
