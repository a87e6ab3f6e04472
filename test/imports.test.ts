// Programs in several files (issue 34, item 5): `import "path.opt"` through the API. What one
// compilation holds (the transitive closure of the named files' imports, each file once), where
// names come from, a duplicate across files with both places, data paths relative to the file
// that declares the data, and the default problem and experiment of the named file.

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkFiles,
  compileProblem,
  emitTypeScript,
  experimentDesign,
  parseAll,
} from '../src/api.js';
import { Workspace } from '../src/lsp/workspace.js';

const tmp = mkdtempSync(join(tmpdir(), 'opt-imports-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const put = (name: string, text: string) => {
  const p = join(tmp, name);
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, text);
  return p;
};

// A diamond: top imports left and right, which both import base (through other spellings).
const base = put('lib/base.opt', 'data w[4] = file("weights.txt")\n');
put('lib/weights.txt', '1 2 3 4\n');
put(
  'lib/left.opt',
  'import "base.opt"\nproblem left(x[D]) in [-1, 1] { sum(i) w[i % 4] * x[i]^2 }\n',
);
put(
  'lib/right.opt',
  `import "${base}"\nproblem right(x[D]) in [-1, 1] { sum(i) w[i % 4] * abs(x[i]) }\n`,
);
const top = put(
  'top.opt',
  `import "lib/left.opt"
import "./lib/../lib/right.opt"
problem both(x[D]) in [-1, 1] optimum 0 at 0 { left(x) + right(x) + w[0] * 0 }
experiment e {
  algorithms = [de(NP: 8)]
  problems = [both]
  dims = [4]
  runs = 1
  budget = evals(100)
}
`,
);

describe('import', () => {
  it('holds the transitive closure, each file once, each after the files it imports', () => {
    const p = parseAll({ files: [top] });
    expect(p.diagnostics).toEqual([]);
    expect(p.userFiles.map((f) => f.file)).toEqual([
      base,
      join(tmp, 'lib/left.opt'),
      join(tmp, 'lib/right.opt'),
      top,
    ]);
    expect(p.rootFiles.map((f) => f.file)).toEqual([top]);
    // Named as well as imported: still once.
    const twice = parseAll({ files: [top, base] });
    expect(twice.userFiles.map((f) => f.file).filter((f) => f === base)).toHaveLength(1);
  });

  it("checks the imported files' declarations with the named file's, and says which they are", () => {
    const c = checkFiles([top]);
    expect(c.diagnostics).toEqual([]);
    expect(c.problems).toBe(3);
    expect(c.imported).toEqual([base, join(tmp, 'lib/left.opt'), join(tmp, 'lib/right.opt')]);
  });

  it('names are those of the whole closure; data paths are relative to their own file', () => {
    // top uses w from base.opt, which only its imports import; w is read from lib/weights.txt.
    const p = compileProblem({ files: [top], dim: 4 });
    expect(p.info.name).toBe('both');
    const x = [0.5, -0.5, 0.25, 1];
    const w = [1, 2, 3, 4];
    const want = x.reduce((s, v, i) => s + w[i]! * v * v + w[i]! * Math.abs(v), 0);
    expect(p.evaluateCpu([x])[0]).toBeCloseTo(want, 12);
  });

  it("the default experiment is the named file's", () => {
    // left.opt's own experiment does not make the choice ambiguous.
    const other = put(
      'with-exp.opt',
      `import "top.opt"\nexperiment mine {\n  algorithms = [de]\n  problems = [left]\n  dims = [4]\n  runs = 1\n  budget = evals(100)\n}\n`,
    );
    expect(experimentDesign(undefined, { files: [top] }).name).toBe('e');
    expect(experimentDesign(undefined, { files: [other] }).name).toBe('mine');
  });

  it('a name declared in two files is a DuplicateName at the second, naming the first', () => {
    const dup = put('dup.opt', 'import "lib/left.opt"\nproblem left(x[D]) { x[0] }\n');
    const c = checkFiles([dup]);
    expect(c.diagnostics.map((d) => [d.code, d.loc?.file, d.loc?.line, d.message])).toEqual([
      [
        2002,
        dup,
        2,
        `'left' is already defined (first defined at ${join(tmp, 'lib/left.opt')}:2:9)`,
      ],
    ]);
  });

  it('an import of a stdlib file is no second copy of it', () => {
    const std = put('std.opt', `import "${join(__dirname, '..', 'stdlib/algorithms/de.opt')}"\n`);
    expect(checkFiles([std]).diagnostics).toEqual([]);
  });

  it('opt compile --emit ts embeds the imported files under the names the imports find', () => {
    const main = put(
      'emit/main.opt',
      'import "parts/p.opt"\nproblem whole(x[D]) in [-1, 1] { 2 * piece(x) }\n',
    );
    put('emit/parts/p.opt', 'problem piece(x[D]) in [-1, 1] { sum(i) x[i]^2 }\n');
    // A problem of the imported file: the module embeds the program it was compiled from.
    const ts = emitTypeScript({ name: 'piece', file: main, dim: 4 });
    expect(ts).toContain('export const IMPORTED: Record<string, string> = {');
    expect(ts).toContain('"parts/p.opt": "problem piece(x[D])');
    expect(ts).toContain('sources: { "main.opt": SOURCE, ...IMPORTED }');
    // The module compiles those texts again, in memory, from the folder it runs in: the import
    // finds its file there (a folder without the files on disk).
    const away = mkdtempSync(join(tmpdir(), 'opt-imports-away-'));
    const texts = Object.fromEntries(
      ['main.opt', 'parts/p.opt'].map((n) => [n, readFileSync(join(tmp, 'emit', n), 'utf8')]),
    );
    const api = join(__dirname, '..', 'dist', 'api.js');
    const r = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { compileProblem } = await import(${JSON.stringify(api)});
const p = compileProblem({ problem: 'piece', dim: 4, sources: ${JSON.stringify(texts)} });
console.log(p.evaluateCpu([[1, 1, 1, 1]])[0]);`,
      ],
      { cwd: away, encoding: 'utf8' },
    );
    rmSync(away, { recursive: true, force: true });
    expect(r.stderr).toBe('');
    expect(Number(r.stdout)).toBe(4);
  });

  it("the language server's outline: a declaration ends where an import after it starts", () => {
    const w = new Workspace();
    const f = join(tmp, 'outline.opt');
    const text = 'problem a(x[D]) {\n  x[0]\n}\n\nimport "lib/left.opt"\nsuite s = [a, left]\n';
    w.open(f, text);
    const [a, s] = w.outline(f);
    expect(a!.range).toEqual({ file: f, offset: 0, length: text.indexOf('}') + 1 });
    expect(s!.name).toBe('s');
    // The imported file's problem is a definition there.
    expect(w.definition(f, text.lastIndexOf('left'))).toMatchObject({
      file: join(tmp, 'lib/left.opt'),
    });
  });

  it('examples/multi_file: an experiment importing its problems and its algorithm', () => {
    const study = join(__dirname, '..', 'examples/multi_file/study.opt');
    const c = checkFiles([study]);
    expect(c.diagnostics).toEqual([]);
    expect([c.problems, c.algorithms, c.experiments, c.imported.length]).toEqual([2, 1, 1, 2]);
    const design = experimentDesign(undefined, { files: [study] });
    expect(design.cells).toHaveLength(12);
    expect(new Set(design.cells.map((x) => x.problem))).toEqual(new Set(['tilted_bowl', 'ridge']));
  });

  it('a file that imports itself is a cycle', () => {
    const self = put('self.opt', 'problem s(x[D]) { x[0] }\nimport "self.opt"\n');
    const d = checkFiles([self]).diagnostics;
    expect(d.map((x) => [x.code, x.loc?.line, x.loc?.col, x.message])).toEqual([
      [
        2013,
        2,
        1,
        'import cycle: self.opt -> self.opt (a file cannot import itself, directly or through others)',
      ],
    ]);
  });

  it('an import of a folder, and an import inside a declaration', () => {
    put('folder.opt/x.opt', '');
    const f = put('imports-folder.opt', 'import "folder.opt"\n');
    expect(checkFiles([f]).diagnostics.map((d) => [d.code, d.message])).toEqual([
      [2012, `cannot import 'folder.opt': ${join(tmp, 'folder.opt')} is a folder`],
    ]);
    const inner = put('inner.opt', 'problem p(x[D]) {\n  import "top.opt"\n  x[0]\n}\n');
    const ds = checkFiles([inner]).diagnostics;
    expect(ds[0]).toMatchObject({ code: 1002, loc: { line: 2, col: 3 } });
  });
});
