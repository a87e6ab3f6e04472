// The language server (`opt lsp --stdio`): the protocol over src/lsp/workspace.ts, with
// vscode-languageserver. Diagnostics are published as the user types (after a pause of
// DIAGNOSTIC_DELAY_MS), for the open documents and the files they import (syntax, imports and
// elaboration) at the dimension that the setting
// `opt.dimension` gives (default: `opt check`'s dimensions); hover, completion, definitions,
// references and the outline answer from the parsed workspace (the open documents, the .opt files
// of the workspace's folders as on disk, kept current by the client's file events, and the
// stdlib); formatting is `opt fmt`'s.

import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CompletionItemKind,
  createConnection,
  DiagnosticSeverity,
  FileChangeType,
  ProposedFeatures,
  SymbolKind,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type DocumentSymbol,
  type Location,
} from 'vscode-languageserver/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { formatOpt, optFilesUnder, OptError, type Diagnostic } from '../api.js';
import { Workspace, type Completion, type OutlineSymbol, type Place } from './workspace.js';

/** Diagnostics wait this long after the last change (elaboration takes tens of milliseconds). */
export const DIAGNOSTIC_DELAY_MS = 150;

const COMPLETION_KIND: Record<Completion['kind'], CompletionItemKind> = {
  keyword: CompletionItemKind.Keyword,
  function: CompletionItemKind.Function,
  problem: CompletionItemKind.Function,
  algorithm: CompletionItemKind.Class,
  suite: CompletionItemKind.Module,
  data: CompletionItemKind.Constant,
  experiment: CompletionItemKind.Event,
  repair: CompletionItemKind.Function,
  let: CompletionItemKind.Variable,
  parameter: CompletionItemKind.Property,
  state: CompletionItemKind.Field,
  index: CompletionItemKind.TypeParameter,
};

const SYMBOL_KIND: Record<OutlineSymbol['kind'], SymbolKind> = {
  problem: SymbolKind.Function,
  algorithm: SymbolKind.Class,
  suite: SymbolKind.Module,
  data: SymbolKind.Constant,
  experiment: SymbolKind.Event,
  repair: SymbolKind.Function,
  let: SymbolKind.Variable,
  parameter: SymbolKind.Property,
  state: SymbolKind.Field,
  index: SymbolKind.TypeParameter,
};

/** At most this many workspace files are read (a folder of generated instances stops there). */
export const MAX_WORKSPACE_FILES = 2000;
/** At most this many directory entries are looked at (a workspace opened on a home folder). */
const MAX_WORKSPACE_ENTRIES = 100_000;
/** A workspace file larger than this is not read (data, not a program). */
const MAX_FILE_BYTES = 4 << 20;

function readText(file: string): string | undefined {
  try {
    return statSync(file).size <= MAX_FILE_BYTES ? readFileSync(file, 'utf8') : undefined;
  } catch {
    return undefined; // gone, or not readable: as if deleted
  }
}

/**
 * The .opt files under the folders (hidden folders and node_modules passed over), read; the walk
 * stops at MAX_WORKSPACE_FILES files or MAX_WORKSPACE_ENTRIES entries, so that it stays short.
 */
function workspaceFiles(folders: string[]): Map<string, string> {
  const budget = { files: MAX_WORKSPACE_FILES, entries: MAX_WORKSPACE_ENTRIES };
  const out = new Map<string, string>();
  for (const file of folders.flatMap((f) => optFilesUnder(f, budget))) {
    const text = readText(file);
    if (text !== undefined) out.set(file, text);
  }
  return out;
}

const toPath = (uri: string) => (uri.startsWith('file:') ? fileURLToPath(uri) : uri);
const toUri = (file: string) => pathToFileURL(file).href;

/** Starts the server on a connection (stdio by default, as `opt lsp --stdio`). */
export function startServer(connection: Connection = createConnection(ProposedFeatures.all)): void {
  const workspace = new Workspace();
  const documents = new TextDocuments(TextDocument);
  /** A document for any file the answers point into (stdlib files are not open). */
  const docOf = (file: string): TextDocument | undefined => {
    const open = documents.get(toUri(file));
    if (open) return open;
    const text = workspace.text(file);
    return text === undefined ? undefined : TextDocument.create(toUri(file), 'opt', 0, text);
  };
  const range = (p: Place) => {
    const d = docOf(p.file);
    if (!d) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    return { start: d.positionAt(p.offset), end: d.positionAt(p.offset + p.length) };
  };
  const location = (p: Place): Location => ({ uri: toUri(p.file), range: range(p) });

  let timer: NodeJS.Timeout | undefined;
  /** The files published with diagnostics last time: one that has none now is cleared. */
  let shown = new Set<string>();
  const publish = () => {
    timer = undefined;
    const now = workspace.diagnostics();
    // An imported file no open document imports any more: its diagnostics go.
    for (const file of shown)
      if (!now.has(file)) void connection.sendDiagnostics({ uri: toUri(file), diagnostics: [] });
    shown = new Set([...now].filter(([, list]) => list.length > 0).map(([file]) => file));
    for (const [file, list] of now)
      void connection.sendDiagnostics({
        uri: toUri(file),
        diagnostics: list.map((d: Diagnostic) => ({
          range: d.loc
            ? range({ file, offset: d.loc.offset, length: Math.max(1, d.loc.length) })
            : range({ file, offset: 0, length: 0 }),
          severity:
            d.severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Error,
          code: `OPT${d.code}`,
          source: 'opt',
          message: d.message,
          // The place in a data file the error is about (a row that does not fit).
          ...(d.related && {
            relatedInformation: [
              {
                location: {
                  uri: toUri(d.related.file),
                  range: {
                    start: { line: d.related.line - 1, character: d.related.col - 1 },
                    end: { line: d.related.line - 1, character: d.related.col },
                  },
                },
                message: d.related.message,
              },
            ],
          }),
        })),
      });
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(publish, DIAGNOSTIC_DELAY_MS);
  };

  /** The folders the editor opened (their .opt files are read for navigation). */
  let folders: string[] = [];
  connection.onInitialize((params) => {
    folders = (
      params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : [])
    )
      .filter((u) => u.startsWith('file:'))
      .map(toPath);
    const dim = (params.initializationOptions as { dimension?: unknown } | undefined)?.dimension;
    if (typeof dim === 'number' && Number.isInteger(dim) && dim > 0) workspace.setDimension(dim);
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        completionProvider: { triggerCharacters: ['(', ',', ' '] },
        definitionProvider: true,
        referencesProvider: true,
        documentSymbolProvider: true,
        documentFormattingProvider: true,
      },
      serverInfo: { name: 'opt' },
    };
  });
  connection.onInitialized(() => {
    for (const [file, text] of workspaceFiles(folders)) workspace.setDiskFile(file, text);
  });
  // Files changed on disk (the client watches **/*.opt): read again, or forgotten when deleted.
  connection.onDidChangeWatchedFiles(({ changes }) => {
    for (const c of changes) {
      const file = toPath(c.uri);
      if (!file.endsWith('.opt')) continue;
      workspace.setDiskFile(file, c.type === FileChangeType.Deleted ? undefined : readText(file));
    }
    // An open document's diagnostics depend on the files it imports.
    schedule();
  });
  connection.onDidChangeConfiguration((change) => {
    const dim = (change.settings as { opt?: { dimension?: unknown } } | undefined)?.opt?.dimension;
    workspace.setDimension(
      typeof dim === 'number' && Number.isInteger(dim) && dim > 0 ? dim : undefined,
    );
    schedule();
  });

  documents.onDidChangeContent((e) => {
    workspace.open(toPath(e.document.uri), e.document.getText());
    schedule();
  });
  documents.onDidClose((e) => {
    workspace.close(toPath(e.document.uri));
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
    // The others', which may import it (its text on disk now) or have clashed with it.
    schedule();
  });

  const at = (uri: string, position: { line: number; character: number }) => {
    const d = documents.get(uri);
    return d ? { file: toPath(uri), offset: d.offsetAt(position) } : undefined;
  };
  connection.onHover(({ textDocument, position }) => {
    const p = at(textDocument.uri, position);
    const md = p && workspace.hover(p.file, p.offset);
    return md ? { contents: { kind: 'markdown', value: md } } : null;
  });
  connection.onCompletion(({ textDocument, position }) => {
    const p = at(textDocument.uri, position);
    if (!p) return [];
    return workspace.completions(p.file, p.offset).map((c) => ({
      label: c.label,
      kind: COMPLETION_KIND[c.kind],
      ...(c.detail ? { detail: c.detail } : {}),
      ...(c.doc ? { documentation: c.doc } : {}),
      ...(c.insert ? { insertText: c.insert } : {}),
    }));
  });
  connection.onDefinition(({ textDocument, position }) => {
    const p = at(textDocument.uri, position);
    const d = p && workspace.definition(p.file, p.offset);
    return d ? location(d) : null;
  });
  connection.onReferences(({ textDocument, position, context }) => {
    const p = at(textDocument.uri, position);
    if (!p) return [];
    const refs = workspace.references(p.file, p.offset);
    // Without the declaration where the client asks so (the protocol's includeDeclaration).
    const decl = context.includeDeclaration ? undefined : workspace.definition(p.file, p.offset);
    return refs
      .filter((r) => !decl || r.file !== decl.file || r.offset !== decl.offset)
      .map(location);
  });
  connection.onDocumentSymbol(({ textDocument }): DocumentSymbol[] => {
    const symbol = (s: OutlineSymbol): DocumentSymbol => ({
      name: s.name,
      kind: SYMBOL_KIND[s.kind],
      range: range(s.range),
      selectionRange: range(s.selection),
      children: s.children.map(symbol),
    });
    return workspace.outline(toPath(textDocument.uri)).map(symbol);
  });

  // The whole document, formatted by the formatter `opt fmt` uses (one edit, or none when it is
  // formatted already). A document with syntax errors is left alone: its diagnostics say why.
  connection.onDocumentFormatting(async ({ textDocument }) => {
    const d = documents.get(textDocument.uri);
    if (!d) return null;
    const text = d.getText();
    let out: string;
    try {
      out = await formatOpt(text, toPath(textDocument.uri));
    } catch (e) {
      if (e instanceof OptError) return null;
      throw e;
    }
    if (out === text) return [];
    return [{ range: { start: d.positionAt(0), end: d.positionAt(text.length) }, newText: out }];
  });

  documents.listen(connection);
  connection.listen();
}
