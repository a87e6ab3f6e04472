// The language server through the protocol: `opt lsp --stdio` (the built bin/opt.js, as an editor
// starts it) in a child process, a client connection from vscode-languageserver-protocol on its
// stdin and stdout. The test opens documents and checks the answers: diagnostics as the text
// changes, hover, completion, definitions across the stdlib, references (also in a workspace file
// not open, following its changes on disk), the outline, formatting, and a clean shutdown.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node.js';

const ROOT = resolve(__dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'opt-lsp-'));
const file = join(dir, 'study.opt');
const uri = pathToFileURL(file).href;
// A workspace file the editor has not opened: it uses the document's problem, and declares its own.
const lib = join(dir, 'models', 'lib.opt');
const libUri = pathToFileURL(lib).href;
const LIB = `suite with_bumpy = [bumpy, sphere]
problem helper(x[D]) {
  sum(i) x[i]^4
}
`;

// Line 1 calls an unknown function (OPT2004); the suite and the experiment use stdlib names.
const BAD = `problem bumpy(x[D]) in [-5, 5] optimum 0 at 0 {
  let s = sum(i) sinn(x[i])^2
  s + sum(i) x[i]^2
}
suite mine = [bumpy, rastrigin]
experiment e {
  algorithms = [de(NP: 20)]
  problems = suite mine
  dims = [10]
  runs = 2
  budget = evals(1000)
}
`;
const GOOD = BAD.replace('sinn(', 'sin(');

let child: ChildProcess;
let conn: ProtocolConnection;
const published: PublishDiagnosticsParams[] = [];
let waiters: (() => void)[] = [];

/** The next diagnostics published for the document (`of`) after `since` publications. */
async function diagnosticsAfter(since: number, of = uri): Promise<PublishDiagnosticsParams> {
  for (;;) {
    const hit = published.slice(since).find((p) => p.uri === of);
    if (hit) return hit;
    await new Promise<void>((r) => waiters.push(r));
  }
}

/** The offset of the first `needle` in GOOD as a protocol position (plus `plus` characters). */
function at(needle: string, plus = 0, text = GOOD) {
  const k = text.indexOf(needle) + plus;
  const before = text.slice(0, k).split('\n');
  return { line: before.length - 1, character: before.at(-1)!.length };
}

beforeAll(async () => {
  writeFileSync(file, BAD);
  mkdirSync(join(dir, 'models'));
  writeFileSync(lib, LIB);
  child = spawn(process.execPath, [join(ROOT, 'bin/opt.js'), 'lsp', '--stdio'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  conn = createProtocolConnection(
    new StreamMessageReader(child.stdout!),
    new StreamMessageWriter(child.stdin!),
  );
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.push(p);
    const w = waiters;
    waiters = [];
    for (const r of w) r();
  });
  conn.listen();
  const init = (await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(dir).href,
    capabilities: {},
  })) as { capabilities: Record<string, unknown> };
  expect(init.capabilities).toMatchObject({
    hoverProvider: true,
    definitionProvider: true,
    referencesProvider: true,
    documentSymbolProvider: true,
    documentFormattingProvider: true,
  });
  await conn.sendNotification('initialized', {});
}, 60_000);

afterAll(() => {
  conn?.dispose();
  child?.kill();
});

describe('opt lsp --stdio, through the protocol', () => {
  it('publishes diagnostics as the document is opened and changed', async () => {
    const n = published.length;
    await conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'opt', version: 1, text: BAD },
    });
    const bad = await diagnosticsAfter(n);
    expect(bad.diagnostics).toHaveLength(1);
    expect(bad.diagnostics[0]).toMatchObject({
      code: 'OPT2004',
      source: 'opt',
      range: { start: at('sinn', 0, BAD), end: at('sinn', 4, BAD) },
    });
    expect(bad.diagnostics[0]!.message).toContain("unknown function or problem 'sinn'");
    // Fixed by an incremental change: the diagnostics are cleared.
    const m = published.length;
    const start = at('sinn', 0, BAD);
    await conn.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start, end: at('sinn', 4, BAD) }, text: 'sin' }],
    });
    expect((await diagnosticsAfter(m)).diagnostics).toEqual([]);
  }, 60_000);

  it("a data file's row that does not fit: the related information is its line and column", async () => {
    const csv = join(dir, 'fit.csv');
    writeFileSync(csv, 'x,y\n0,1\n1,5,2\n');
    const dataUri = pathToFileURL(join(dir, 'fit.opt')).href;
    const n = published.length;
    await conn.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri: dataUri,
        languageId: 'opt',
        version: 1,
        text: 'data XY[N][2] = file("fit.csv")\nproblem fit(p[D]) { sum(k < N) (XY[k][1] - p[0])^2 }\n',
      },
    });
    const ds = (await diagnosticsAfter(n, dataUri)).diagnostics;
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({
      code: 'OPT5006',
      range: { start: { line: 0, character: 21 }, end: { line: 0, character: 30 } },
      relatedInformation: [
        {
          location: {
            uri: pathToFileURL(csv).href,
            range: { start: { line: 2, character: 4 }, end: { line: 2, character: 5 } },
          },
          message: 'value 3, beyond the 2 columns',
        },
      ],
    });
    await conn.sendNotification('textDocument/didClose', { textDocument: { uri: dataUri } });
  }, 60_000);

  it("hovers a builtin's signature, a stdlib problem and a local let", async () => {
    const hover = async (position: { line: number; character: number }) =>
      (
        (await conn.sendRequest('textDocument/hover', { textDocument: { uri }, position })) as {
          contents: { value: string };
        } | null
      )?.contents.value;
    expect(await hover(at('sin(', 1))).toContain('sin(x: real) -> real');
    const ras = await hover(at('rastrigin', 2));
    expect(ras).toContain('problem rastrigin(x[D])');
    expect(ras).toContain('box [-5.12, 5.12]');
    expect(ras).toMatch(/Defined in .*stdlib\/problems\/classic\.opt/);
    expect(await hover(at('s + sum', 0))).toContain('let s = sum(i) sin(x[i])^2');
    expect(await hover(at('de(NP', 0))).toMatch(/algorithm de[\s\S]*NP = 48 in \[4, 1000000\]/);
  });

  it('completes builtins and stdlib names, and an algorithm call with its parameter names', async () => {
    const complete = async (position: { line: number; character: number }) =>
      (
        (await conn.sendRequest('textDocument/completion', {
          textDocument: { uri },
          position,
        })) as { label: string; insertText?: string; detail?: string }[]
      ).map((c) => c);
    const inBody = await complete(at('s + sum'));
    const labels = inBody.map((c) => c.label);
    for (const l of ['sin', 'rastrigin', 'cec2017_f3', 'de', 'gpu_de_benchmark', 's', 'let'])
      expect(labels).toContain(l);
    expect(inBody.find((c) => c.label === 'sin')?.detail).toBe('sin(x: real) -> real');
    // Inside `de(...)`: DE's parameters, inserted as named arguments.
    const inCall = await complete(at('NP: 20', 0));
    expect(inCall.map((c) => c.label)).toEqual(
      expect.arrayContaining(['NP', 'F', 'CR', 'mutation', 'crossover']),
    );
    expect(inCall.find((c) => c.label === 'CR')).toMatchObject({
      insertText: 'CR: ',
      detail: 'CR = 0.879 in [0, 1]',
    });
  });

  it('goes to definitions in the document and in the stdlib, and finds references', async () => {
    const def = (await conn.sendRequest('textDocument/definition', {
      textDocument: { uri },
      position: at('rastrigin]', 1),
    })) as { uri: string; range: { start: { line: number } } };
    expect(def.uri).toMatch(/stdlib\/problems\/classic\.opt$/);
    const local = (await conn.sendRequest('textDocument/definition', {
      textDocument: { uri },
      position: at('bumpy,', 1),
    })) as { uri: string; range: { start: { line: number; character: number } } };
    expect(local).toMatchObject({ uri, range: { start: { line: 0, character: 8 } } });
    const refs = (await conn.sendRequest('textDocument/references', {
      textDocument: { uri },
      position: at('mine =', 1),
      context: { includeDeclaration: true },
    })) as { uri: string; range: { start: { line: number } } }[];
    expect(refs.map((r) => [r.uri, r.range.start.line])).toEqual([
      [uri, 4],
      [uri, 7],
    ]);
    const uses = (await conn.sendRequest('textDocument/references', {
      textDocument: { uri },
      position: at('mine =', 1),
      context: { includeDeclaration: false },
    })) as { range: { start: { line: number } } }[];
    expect(uses.map((r) => r.range.start.line)).toEqual([7]);
    // A stdlib problem's references include its suites in the stdlib.
    const ras = (await conn.sendRequest('textDocument/references', {
      textDocument: { uri },
      position: at('rastrigin]', 1),
      context: { includeDeclaration: true },
    })) as { uri: string }[];
    expect(ras.some((r) => r.uri === uri)).toBe(true);
    expect(ras.some((r) => r.uri.endsWith('stdlib/problems/classic.opt'))).toBe(true);
    expect(ras.some((r) => r.uri.endsWith('stdlib/suites/papers.opt'))).toBe(true);
  });

  it("reaches the workspace's files that are not open, as they change on disk", async () => {
    const refsOfBumpy = async () =>
      (
        (await conn.sendRequest('textDocument/references', {
          textDocument: { uri },
          position: at('bumpy,', 1),
          context: { includeDeclaration: false },
        })) as { uri: string; range: { start: { line: number; character: number } } }[]
      ).map((r) => [r.uri === libUri ? 'lib' : r.uri === uri ? 'doc' : r.uri, r.range.start.line]);
    expect(await refsOfBumpy()).toEqual([
      ['lib', 0],
      ['doc', 4],
    ]);
    // The client's file events: the file rewritten without the reference, then deleted.
    writeFileSync(lib, LIB.replace('[bumpy, sphere]', '[sphere]'));
    await conn.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: libUri, type: 2 }],
    });
    expect(await refsOfBumpy()).toEqual([['doc', 4]]);
    // Completion offers the workspace file's problem.
    const items = (await conn.sendRequest('textDocument/completion', {
      textDocument: { uri },
      position: at('bumpy,'),
    })) as { label: string }[];
    expect(items.map((i) => i.label)).toContain('helper');
    await conn.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: libUri, type: 3 }],
    });
    const after = (await conn.sendRequest('textDocument/completion', {
      textDocument: { uri },
      position: at('bumpy,'),
    })) as { label: string }[];
    expect(after.map((i) => i.label)).not.toContain('helper');
  });

  it('follows imports outside the workspace: definitions there, diagnostics at the import and in the file', async () => {
    // The imported files lie outside the workspace's folder: only the import brings them in.
    const outside = mkdtempSync(join(tmpdir(), 'opt-lsp-lib-'));
    const shapes = join(outside, 'shapes.opt');
    writeFileSync(shapes, '// shapes\nproblem ring(x[D]) in [-1, 1] {\n  sum(i) x[i]^2\n}\n');
    const broken = join(outside, 'broken.opt');
    writeFileSync(broken, 'problem broken(x[D]) {\n  x[0] + wat\n}\n');
    const rel = relative(dir, shapes);
    const uses = join(dir, 'uses.opt');
    const usesUri = pathToFileURL(uses).href;
    const next = async (u: string, since: number) => {
      for (;;) {
        const hit = published.slice(since).find((p) => p.uri === u);
        if (hit) return hit;
        await new Promise<void>((r) => waiters.push(r));
      }
    };
    const TEXT = `import "${rel}"\nimport "nowhere.opt"\nsuite rings = [ring]\n`;
    let n = published.length;
    await conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri: usesUri, languageId: 'opt', version: 1, text: TEXT },
    });
    const missing = await next(usesUri, n);
    expect(missing.diagnostics).toHaveLength(1);
    expect(missing.diagnostics[0]).toMatchObject({
      code: 'OPT2012',
      range: { start: { line: 1, character: 0 }, end: { line: 1, character: 20 } },
    });
    expect(missing.diagnostics[0]!.message).toBe(
      `cannot import 'nowhere.opt': there is no file ${join(dir, 'nowhere.opt')}`,
    );
    const def = (await conn.sendRequest('textDocument/definition', {
      textDocument: { uri: usesUri },
      position: at('ring]', 0, TEXT),
    })) as { uri: string; range: { start: { line: number; character: number } } };
    expect(def).toMatchObject({
      uri: pathToFileURL(shapes).href,
      range: { start: { line: 1, character: 8 } },
    });
    const onPath = (await conn.sendRequest('textDocument/definition', {
      textDocument: { uri: usesUri },
      position: at('shapes.opt', 0, TEXT),
    })) as { uri: string };
    expect(onPath.uri).toBe(pathToFileURL(shapes).href);
    const hover = (await conn.sendRequest('textDocument/hover', {
      textDocument: { uri: usesUri },
      position: at('shapes.opt', 0, TEXT),
    })) as { contents: { value: string } };
    expect(hover.contents.value).toBe(`Imports \`${shapes}\``);
    // The missing import replaced by a file with an error: that file's diagnostics are published.
    const BROKEN = TEXT.replace('nowhere.opt', relative(dir, broken));
    n = published.length;
    await conn.sendNotification('textDocument/didChange', {
      textDocument: { uri: usesUri, version: 2 },
      contentChanges: [{ text: BROKEN }],
    });
    const brokenUri = pathToFileURL(broken).href;
    const inBroken = await next(brokenUri, n);
    expect(inBroken.diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([['OPT2001', 1]]);
    expect((await next(usesUri, n)).diagnostics).toEqual([]);
    // Imported no more: its diagnostics are cleared.
    n = published.length;
    await conn.sendNotification('textDocument/didChange', {
      textDocument: { uri: usesUri, version: 3 },
      contentChanges: [{ text: TEXT.replace('import "nowhere.opt"\n', '') }],
    });
    expect((await next(brokenUri, n)).diagnostics).toEqual([]);
    // A workspace file it imports, changed on disk (the client's file event): diagnosed again.
    const parts = join(dir, 'parts.opt');
    const partsUri = pathToFileURL(parts).href;
    writeFileSync(parts, 'problem parts(x[D]) { x[0] }\n');
    n = published.length;
    await conn.sendNotification('textDocument/didChange', {
      textDocument: { uri: usesUri, version: 4 },
      contentChanges: [{ text: 'import "parts.opt"\nsuite p2 = [parts]\n' }],
    });
    expect((await next(partsUri, n)).diagnostics).toEqual([]);
    writeFileSync(parts, 'problem parts(x[D]) { x[0] + nope }\n');
    n = published.length;
    await conn.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: partsUri, type: 2 }],
    });
    expect((await next(partsUri, n)).diagnostics.map((d) => d.code)).toEqual(['OPT2001']);
    await conn.sendNotification('textDocument/didClose', { textDocument: { uri: usesUri } });
  });

  it('outlines the document', async () => {
    const symbols = (await conn.sendRequest('textDocument/documentSymbol', {
      textDocument: { uri },
    })) as { name: string; children: { name: string }[] }[];
    expect(symbols.map((s) => s.name)).toEqual(['bumpy', 'mine', 'e']);
    expect(symbols[0]!.children.map((c) => c.name)).toEqual(['x', 's']);
  });

  it('formats the document as opt fmt does, and leaves one with syntax errors alone', async () => {
    const format = () =>
      conn.sendRequest('textDocument/formatting', {
        textDocument: { uri },
        options: { tabSize: 2, insertSpaces: true },
      }) as Promise<{ range: unknown; newText: string }[] | null>;
    /** The protocol range of all of `text`. */
    const all = (text: string) => {
      const lines = text.split('\n');
      return {
        start: { line: 0, character: 0 },
        end: { line: lines.length - 1, character: lines.at(-1)!.length },
      };
    };
    const replace = (version: number, old: string, text: string) =>
      conn.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ range: all(old), text }],
      });
    expect(await format()).toEqual([]); // formatted already
    const messy = GOOD.replace(
      '  let s = sum(i) sin(x[i])^2',
      'let s=sum(i)sin(x[i]) ^ 2;',
    ).replace('suite mine = [bumpy, rastrigin]', 'suite mine = [bumpy,\n   rastrigin,]');
    await replace(3, GOOD, messy);
    expect(await format()).toEqual([{ range: all(messy), newText: GOOD }]);
    await replace(4, messy, GOOD + '}');
    expect(await format()).toBeNull();
  });

  it('shuts down and exits when the editor ends the session', async () => {
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    await conn.sendRequest('shutdown');
    await conn.sendNotification('exit');
    expect(await exited).toBe(0);
  });
});
