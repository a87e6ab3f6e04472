// The compiler's stages import only downwards (docs/architecture.md): each folder of src/ is a
// stage with a level, a file may import from its own stage or from a lower one, never from a
// higher one, and the import graph of src/ has no circle (type-only imports count: they are
// structure too). The CLI and the language server reach the compiler and the runtime only through
// src/api.ts (and its doors in src/api/), the experiment and report rooms included.
//
// The imports are read with the TypeScript compiler's own pre-processor (ts.preProcessFile), so
// `import type`, `export ... from` and dynamic `import()` are all seen.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '../src');

/** The stages, lowest first. Stages on one level may not import each other. */
const LEVELS: string[][] = [
  ['rng', 'parser', 'stats'], // random-number streams; tokens, grammar, AST, diagnostics, sources; rank tests
  ['ir', 'format'], // the IR: types, text form, validator, builtins, folding, analyses; the formatter
  ['elaborate'], // AST -> IR (problems, algorithms)
  ['passes'], // IR -> IR (inline, fold, cse, scan, fuse, fuse-track)
  ['schedule'], // IR -> scheduled IR (regime, stages, kernels)
  ['codegen'], // scheduled IR -> WGSL, JavaScript
  ['compile'], // the pipeline and the drivers that run the stages for a request
  ['runtime', 'analysis'], // devices, buffers, engines, the run loop; statistics of finished runs
  ['experiment'], // an experiment's runs into its results database; shards, merge, Slurm, checkpoints
  ['report'], // an experiment's report from its results database (it reads the experiment's database)
  ['api'], // src/api.ts: the one door into the compiler, the runtime and the rooms above them
  ['lsp'], // the language server (through src/api.ts)
  ['cli'], // the opt command
  ['tools'], // developer tools (grammar generation)
];

/** The stage of a file under src/: its folder, or its name for a file at the top. */
function stageOf(file: string): string {
  const rel = relative(SRC, file).split('/');
  return rel.length === 1 ? rel[0]!.replace(/\.ts$/, '') : rel[0]!;
}

const levelOf = new Map(LEVELS.flatMap((names, level) => names.map((n) => [n, level] as const)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

/** file -> the files of src/ it imports (relative specifiers only). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const f of sourceFiles(SRC)) {
    const info = ts.preProcessFile(readFileSync(f, 'utf8'), true, true);
    graph.set(
      f,
      info.importedFiles
        .map((r) => r.fileName)
        .filter((s) => s.startsWith('.'))
        .map((s) => resolve(dirname(f), s.replace(/\.js$/, '.ts'))),
    );
  }
  return graph;
}

export interface Violation {
  from: string;
  to: string;
  why: string;
}

/** Imports that go up a level or across a level. */
export function layerViolations(
  graph: Map<string, string[]>,
  stage: (f: string) => string,
  level: Map<string, number>,
): Violation[] {
  const out: Violation[] = [];
  for (const [from, tos] of graph) {
    const a = stage(from);
    for (const to of tos) {
      const b = stage(to);
      if (a === b) continue;
      const la = level.get(a);
      const lb = level.get(b);
      if (la === undefined || lb === undefined)
        out.push({ from, to, why: `stage ${la === undefined ? a : b} has no level` });
      else if (lb > la)
        out.push({ from, to, why: `${a} (level ${la}) imports ${b} (level ${lb})` });
      else if (lb === la) out.push({ from, to, why: `${a} and ${b} share level ${la}` });
    }
  }
  return out;
}

/** The circles of the graph (Tarjan's strongly connected components of more than one file, or a
 * file importing itself). */
export function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(comp.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

/** Stages the CLI (and the language server) may import besides the api: libraries of their own
 * that are neither the compiler nor the runtime (src/stats: the report's rank tests). */
const CLI_MAY_IMPORT = new Set(['cli', 'lsp', 'api', 'stats']);

/** Imports of the CLI that are neither the CLI, the api nor a library of the CLI's own. */
export function pastApi(graph: Map<string, string[]>, stage: (f: string) => string): Violation[] {
  const out: Violation[] = [];
  for (const [from, tos] of graph) {
    if (stage(from) !== 'cli' && stage(from) !== 'lsp') continue;
    for (const to of tos)
      if (!CLI_MAY_IMPORT.has(stage(to)))
        out.push({ from, to, why: `the CLI imports ${stage(to)}, not the api` });
  }
  return out;
}

const rel = (f: string) => relative(SRC, f);

describe('layering of src/', () => {
  const graph = importGraph();

  it('every stage has a level, and no file imports from a higher or a sibling stage', () => {
    const bad = layerViolations(graph, stageOf, levelOf).map(
      (v) => `${rel(v.from)} -> ${rel(v.to)}: ${v.why}`,
    );
    expect(bad).toEqual([]);
  });

  it('the import graph has no circle', () => {
    expect(circles(graph).map((c) => c.map(rel).join(' <-> '))).toEqual([]);
  });

  it('the CLI and the language server reach the compiler and the runtime only through src/api.ts', () => {
    expect(pastApi(graph, stageOf).map((v) => `${rel(v.from)} -> ${rel(v.to)}`)).toEqual([]);
  });

  it('the checks find what they look for', () => {
    // A planted upward import, a sibling import and a circle of three.
    const g = new Map<string, string[]>([
      ['/s/ir/a.ts', ['/s/cli/b.ts']],
      ['/s/rng/c.ts', ['/s/parser/d.ts']],
      ['/s/x/1.ts', ['/s/x/2.ts']],
      ['/s/x/2.ts', ['/s/x/3.ts']],
      ['/s/x/3.ts', ['/s/x/1.ts']],
    ]);
    const st = (f: string) => f.split('/')[2]!;
    const lv = new Map([
      ['rng', 0],
      ['parser', 0],
      ['ir', 1],
      ['cli', 9],
      ['x', 5],
    ]);
    expect(layerViolations(g, st, lv).map((v) => v.why)).toEqual([
      'ir (level 1) imports cli (level 9)',
      'rng and parser share level 0',
    ]);
    expect(circles(g)).toEqual([['/s/x/1.ts', '/s/x/2.ts', '/s/x/3.ts']]);
    // The CLI past the api: an import of ir is one, of the api and of the CLI are not.
    const cli = new Map<string, string[]>([
      ['/s/cli/m.ts', ['/s/ir/a.ts', '/s/api/i.ts', '/s/cli/n.ts']],
    ]);
    expect(pastApi(cli, st).map((v) => v.to)).toEqual(['/s/ir/a.ts']);
  });
});
