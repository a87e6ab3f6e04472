// What the language server answers, without the protocol: a workspace of open documents parsed
// with the standard library, and for a position in one of them its diagnostics, hover text,
// completions, definition, references and outline. Offsets are JavaScript string indices (the
// protocol's UTF-16 code units); src/lsp/server.ts turns them into lines and characters.
//
// Names resolve in two scopes: the names an enclosing declaration binds (its parameters, lets,
// indices, states), the nearest binding before the position first; then the declarations of
// every file (problems, algorithms, suites, data, experiments; the files the documents import
// among them, wherever they are) and the builtin functions.

import { resolve } from 'node:path';
import {
  checkSources,
  functionInfos,
  identifiers,
  importTarget,
  openCall,
  KEYWORD_NAMES,
  parseAll,
  wordAt,
  type Ast,
  type Diagnostic,
  type FunctionInfo,
} from '../api.js';

/** A place in a file: its path and a range of offsets. */
export interface Place {
  file: string;
  offset: number;
  length: number;
}

export type SymbolKind =
  | 'problem'
  | 'algorithm'
  | 'suite'
  | 'data'
  | 'experiment'
  | 'repair'
  | 'let'
  | 'parameter'
  | 'state'
  | 'index';

export interface OutlineSymbol {
  name: string;
  kind: SymbolKind;
  /** The whole declaration, and its name. */
  range: Place;
  selection: Place;
  children: OutlineSymbol[];
}

export interface Completion {
  label: string;
  kind: 'keyword' | 'function' | SymbolKind;
  detail?: string;
  doc?: string;
  /** Text to insert instead of the label (a named argument: `NP: `). */
  insert?: string;
}

/** A name bound inside a declaration: where, and what binds it. */
interface Binding {
  name: string;
  kind: SymbolKind;
  loc: Ast.Loc;
  /** The text that declares it (a let's line, a parameter with its range). */
  decl: Ast.Loc;
}

/**
 * Where each declaration of a file ends: its closing brace for an experiment; otherwise where the
 * next declaration or import starts (or the file ends), less the whitespace before it. (A
 * declaration's loc spans its first line only, for diagnostics' carets.)
 */
function declEnds(src: Ast.SourceFile): Map<Ast.Decl, number> {
  const out = new Map<Ast.Decl, number>();
  const sorted = [...src.decls].sort((a, b) => a.loc.offset - b.loc.offset);
  const starts = [...sorted, ...src.imports].map((x) => x.loc.offset).sort((a, b) => a - b);
  sorted.forEach((d) => {
    if (d.kind === 'experiment') return out.set(d, d.end);
    let end = starts.find((o) => o > d.loc.offset) ?? src.text.length;
    while (end > d.loc.offset && /\s/.test(src.text[end - 1] ?? '')) end--;
    out.set(d, end);
  });
  return out;
}

/** The names a declaration binds, in source order. */
function bindingsOf(d: Ast.Decl): Binding[] {
  const out: Binding[] = [];
  const expr = (e: Ast.Expr | undefined): void => {
    if (!e) return;
    switch (e.kind) {
      case 'reduce':
        out.push({ name: e.index, kind: 'index', loc: e.indexLoc, decl: e.loc });
        if (e.range?.kind === 'in') (expr(e.range.from), expr(e.range.to));
        else if (e.range) expr(e.range.bound);
        expr(e.where);
        expr(e.body);
        return;
      case 'index':
        expr(e.target);
        expr(e.index);
        return;
      case 'slice':
        expr(e.target);
        expr(e.from);
        expr(e.to);
        return;
      case 'unary':
        expr(e.arg);
        return;
      case 'binary': {
        // Along a chain's left spine without recursion (a chain may have 100,000 terms).
        const spine: Ast.Expr[] = [];
        let x: Ast.Expr = e;
        for (; x.kind === 'binary'; x = x.left) spine.push(x.right);
        expr(x);
        for (let k = spine.length - 1; k >= 0; k--) expr(spine[k]);
        return;
      }
      case 'if':
        expr(e.cond);
        expr(e.then);
        expr(e.else);
        return;
      case 'call':
        for (const a of e.args) expr(a.value);
        return;
      default:
        return;
    }
  };
  const letOf = (l: Ast.Let) => {
    out.push({ name: l.name, kind: 'let', loc: l.nameLoc, decl: l.loc });
    if (l.index && l.indexLoc)
      out.push({ name: l.index, kind: 'index', loc: l.indexLoc, decl: l.loc });
    expr(l.bound?.expr);
    expr(l.value);
  };
  const param = (p: Ast.ParamDecl) =>
    out.push({ name: p.name, kind: 'parameter', loc: p.nameLoc, decl: p.loc });
  const stmts = (ss: Ast.AlgoStmt[]): void => {
    for (const s of ss)
      switch (s.kind) {
        case 'let':
          letOf(s.let);
          break;
        case 'each':
          out.push({ name: s.index, kind: 'index', loc: s.indexLoc, decl: s.loc });
          expr(s.row);
          expr(s.count);
          stmts(s.body);
          break;
        case 'repeat':
          expr(s.count);
          expr(s.while);
          stmts(s.body);
          break;
        case 'if':
          expr(s.cond);
          stmts(s.then);
          stmts(s.else);
          break;
        case 'assign':
          if (s.col && s.colLoc)
            out.push({ name: s.col, kind: 'index', loc: s.colLoc, decl: s.loc });
          expr(s.row);
          expr(s.value);
          break;
      }
  };
  switch (d.kind) {
    case 'problem':
      out.push({ name: d.param, kind: 'parameter', loc: d.paramLoc, decl: d.loc });
      d.params.forEach(param);
      expr(d.dims);
      d.lets.forEach(letOf);
      expr(d.result);
      break;
    case 'algorithm':
      d.params.forEach(param);
      for (const s of d.states)
        out.push({ name: s.name, kind: 'state', loc: s.nameLoc, decl: s.loc });
      stmts(d.generation);
      break;
    case 'data':
      for (const e of d.dims) expr(e);
      expr(d.init);
      break;
    case 'repair':
      for (const p of d.params)
        out.push({ name: p.name, kind: 'parameter', loc: p.loc, decl: d.loc });
      expr(d.value);
      break;
    default:
      break;
  }
  return out.sort((a, b) => a.loc.offset - b.loc.offset);
}

const GLOBAL_KIND: Record<Ast.Decl['kind'], SymbolKind> = {
  problem: 'problem',
  algorithm: 'algorithm',
  suite: 'suite',
  data: 'data',
  experiment: 'experiment',
  repair: 'repair',
};

export class Workspace {
  /** Open documents: absolute path -> text. */
  private readonly docs = new Map<string, string>();
  /**
   * The workspace's other .opt files as they are on disk (absolute path -> text): for
   * definitions, references and completion, not diagnosed (as `opt check` of the open file).
   */
  private readonly disk = new Map<string, string>();
  private parsed?: ReturnType<typeof parseAll>;
  private readonly functions = new Map<string, FunctionInfo>(
    functionInfos().map((f) => [f.name, f]),
  );

  constructor(
    /** The dimensions problems are elaborated at for diagnostics (default: opt check's). */
    private dims?: number[],
  ) {}

  setDimension(dim: number | undefined): void {
    this.dims = dim === undefined ? undefined : [dim];
  }

  open(file: string, text: string): void {
    this.docs.set(resolve(file), text);
    this.parsed = undefined;
  }

  close(file: string): void {
    this.docs.delete(resolve(file));
    this.parsed = undefined;
  }

  /** A workspace file as it is on disk now (`undefined`: deleted), whether open or not. */
  setDiskFile(file: string, text: string | undefined): void {
    if (text === undefined) this.disk.delete(resolve(file));
    else this.disk.set(resolve(file), text);
    this.parsed = undefined;
  }

  private sources(): Record<string, string> {
    return Object.fromEntries(this.docs);
  }

  /** The stdlib, the workspace's files and the open documents (which win), parsed once per change. */
  private all(): ReturnType<typeof parseAll> {
    this.parsed ??= parseAll({ sources: { ...Object.fromEntries(this.disk), ...this.sources() } });
    return this.parsed;
  }

  /** The text of a file: an open document, a workspace file, or a stdlib file as parsed. */
  text(file: string): string | undefined {
    return this.docs.get(resolve(file)) ?? this.all().texts.get(resolve(file));
  }

  /**
   * The diagnostics of every open document and of the files they import (opt check's: syntax
   * and imports, then elaboration at the workspace's dimensions), by file; each of those files
   * has an entry, empty when clean.
   */
  diagnostics(): Map<string, Diagnostic[]> {
    const out = new Map<string, Diagnostic[]>([...this.docs.keys()].map((f) => [f, []]));
    const r = checkSources({ sources: this.sources(), dims: this.dims });
    for (const f of r.imported) out.set(resolve(f), []);
    for (const d of r.diagnostics) {
      const file = d.loc?.file;
      if (file !== undefined && out.has(file)) out.get(file)!.push(d);
      // A diagnostic without a place (a data file that cannot be read) goes to every document.
      else if (file === undefined) for (const list of out.values()) list.push(d);
    }
    return out;
  }

  private decls(): Ast.Decl[] {
    return this.all().sources.flatMap((s) => s.decls);
  }

  /** The declarations of every file by name (the first of a name, as the elaborator keeps it). */
  private globals(): Map<string, Ast.Decl> {
    const out = new Map<string, Ast.Decl>();
    for (const d of this.decls()) if (!out.has(d.name)) out.set(d.name, d);
    return out;
  }

  private source(file: string): Ast.SourceFile | undefined {
    return this.all().sources.find((s) => s.file === resolve(file));
  }

  /** Where a declaration ends (declEnds), by declaration. */
  private readonly ends = new WeakMap<Ast.SourceFile, Map<Ast.Decl, number>>();
  private declEnd(d: Ast.Decl): number {
    const src = this.source(d.loc.file);
    if (!src) return d.loc.offset + d.loc.length;
    let m = this.ends.get(src);
    if (!m) this.ends.set(src, (m = declEnds(src)));
    return m.get(d) ?? d.loc.offset + d.loc.length;
  }

  private contains(d: Ast.Decl, offset: number): boolean {
    return offset >= d.loc.offset && offset <= this.declEnd(d);
  }

  /** The declaration of `file` that contains `offset`. */
  private enclosing(file: string, offset: number): Ast.Decl | undefined {
    return this.source(file)?.decls.find((d) => this.contains(d, offset));
  }

  /** The local binding a name at `offset` refers to: the nearest before it, else the first after. */
  private local(file: string, offset: number, name: string): Binding | undefined {
    const d = this.enclosing(file, offset);
    if (!d) return undefined;
    const bs = bindingsOf(d).filter((b) => b.name === name);
    return bs.filter((b) => b.loc.offset <= offset).at(-1) ?? bs[0];
  }

  private slice(loc: Ast.Loc, firstLine = false): string {
    const text = this.text(loc.file) ?? '';
    const s = text.slice(loc.offset, loc.offset + loc.length);
    return firstLine ? (s.split('\n')[0] ?? s) : s;
  }

  /** A parameter as declared: `CR = 0.879 in [0, 1]`, `crossover = exp in {bin, exp}`. */
  private paramText(p: Ast.ParamDecl): string {
    const range = p.range
      ? ` in [${this.slice(p.range[0].loc)}, ${this.slice(p.range[1].loc)}]`
      : '';
    const choices = p.choices ? ` in {${p.choices.map((c) => c.name).join(', ')}}` : '';
    return `${p.name} = ${this.slice(p.value.loc)}${range}${choices}`;
  }

  /** The import whose path is at `offset` in `file`. */
  private importAt(file: string, offset: number): Ast.ImportDecl | undefined {
    return this.source(file)?.imports.find(
      (i) => offset >= i.pathLoc.offset && offset < i.pathLoc.offset + i.pathLoc.length,
    );
  }

  /** Markdown for the name at `offset` (on an import's path: the file it names), or undefined. */
  hover(file: string, offset: number): string | undefined {
    const imp = this.importAt(file, offset);
    if (imp) return `Imports \`${importTarget(file, imp.path)}\``;
    const text = this.text(file);
    if (text === undefined) return undefined;
    const w = wordAt(text, offset);
    if (!w) return undefined;
    const code = (s: string) => '```opt\n' + s + '\n```';
    const b = this.local(file, w.offset, w.name);
    if (b) return `${code(this.slice(b.decl, true))}\n\n(${b.kind})`;
    const d = this.globals().get(w.name);
    if (d) return this.describe(d);
    const f = this.functions.get(w.name);
    if (f) return `${code(f.signature)}\n\n${f.doc}`;
    return undefined;
  }

  /** A declaration's hover: its head, and what a user sets or reads of it. */
  private describe(d: Ast.Decl): string {
    const code = (s: string) => '```opt\n' + s + '\n```';
    const lines: string[] = [];
    const params = (ps: Ast.ParamDecl[]) =>
      ps.length
        ? ['Parameters:', '', ...ps.map((p) => `- \`${this.paramText(p)}\``)].join('\n')
        : '';
    switch (d.kind) {
      case 'problem': {
        const box = d.box
          ? `[${this.slice(d.box[0].loc)}, ${this.slice(d.box[1].loc)}]${d.unconstrained ? ' (unconstrained: where a search starts)' : ''}`
          : 'none';
        lines.push(code(`problem ${d.name}(${d.param}[${d.dimName}])`));
        lines.push(
          `${d.direction}; box ${box}${d.optimum ? `; optimum ${this.slice(d.optimum.loc)}` : ''}${d.at ? ` at ${this.slice(d.at.loc)}` : ''}`,
        );
        if (d.dims) lines.push(`where ${this.slice(d.dims.loc)}`);
        lines.push(params(d.params));
        break;
      }
      case 'algorithm':
        lines.push(code(`algorithm ${d.name}`));
        lines.push(params(d.params));
        if (d.states.length)
          lines.push(`State: ${d.states.map((s) => `\`${this.slice(s.loc)}\``).join(', ')}`);
        break;
      case 'suite':
        lines.push(code(`suite ${d.name}`));
        lines.push(
          d.members.map((m, k) => `F${String(k + 1).padStart(2, '0')} \`${m.name}\``).join(', '),
        );
        break;
      case 'data':
        lines.push(code(this.slice(d.loc, true)));
        break;
      case 'repair':
        lines.push(code(this.slice(d.loc, true)));
        lines.push(
          'A bound-handling policy: an algorithm uses it with `bounds = ' +
            d.name +
            '` (or `--set bounds=' +
            d.name +
            '`).',
        );
        break;
      case 'experiment':
        lines.push(code(`experiment ${d.name}`));
        lines.push(d.entries.map((e) => `\`${e.key}\``).join(', '));
        break;
    }
    lines.push(`Defined in ${d.loc.file}`);
    return lines.filter((l) => l !== '').join('\n\n');
  }

  /** Where the name at `offset` is declared; on an import's path, the file it names. */
  definition(file: string, offset: number): Place | undefined {
    const imp = this.importAt(file, offset);
    if (imp) return { file: importTarget(file, imp.path), offset: 0, length: 0 };
    const text = this.text(file);
    const w = text === undefined ? undefined : wordAt(text, offset);
    if (!w) return undefined;
    const b = this.local(file, w.offset, w.name);
    if (b) return { file: b.loc.file, offset: b.loc.offset, length: b.loc.length };
    const d = this.globals().get(w.name);
    return d
      ? { file: d.nameLoc.file, offset: d.nameLoc.offset, length: d.nameLoc.length }
      : undefined;
  }

  /**
   * Every use of the name at `offset`, its declaration included: in the enclosing declaration for
   * a local name; in every file (stdlib and open documents) for a declaration's name, except
   * where a declaration binds the same name locally.
   */
  references(file: string, offset: number): Place[] {
    const text = this.text(file);
    const w = text === undefined ? undefined : wordAt(text, offset);
    if (!w) return [];
    const b = this.local(file, w.offset, w.name);
    const out: Place[] = [];
    if (b) {
      const d = this.enclosing(file, w.offset)!;
      for (const x of identifiers(text!))
        if (x.name === w.name && this.contains(d, x.offset))
          out.push({ file: resolve(file), offset: x.offset, length: x.name.length });
      return out;
    }
    if (!this.globals().has(w.name)) return [];
    for (const src of this.all().sources) {
      const shadowing = src.decls.filter((d) => bindingsOf(d).some((x) => x.name === w.name));
      for (const x of identifiers(src.text))
        if (x.name === w.name && !shadowing.some((d) => this.contains(d, x.offset)))
          out.push({ file: src.file, offset: x.offset, length: x.name.length });
    }
    return out;
  }

  /** The outline of an open document. */
  outline(file: string): OutlineSymbol[] {
    const src = this.source(file);
    if (!src) return [];
    const place = (l: Ast.Loc, end?: number): Place => ({
      file: l.file,
      offset: l.offset,
      length: (end ?? l.offset + l.length) - l.offset,
    });
    return src.decls.map((d) => ({
      name: d.name,
      kind: GLOBAL_KIND[d.kind],
      range: place(d.loc, this.declEnd(d)),
      selection: place(d.nameLoc),
      children: bindingsOf(d)
        .filter((b) => b.kind !== 'index')
        .map((b) => ({
          name: b.name,
          kind: b.kind,
          range: place(b.decl),
          selection: place(b.loc),
          children: [],
        })),
    }));
  }

  /**
   * Completions at `offset`: inside the parentheses of a call of a problem or an algorithm with
   * parameters, its parameter names (`NP: `); otherwise the names in scope, the declarations of
   * every file, the builtin functions and the keywords.
   */
  completions(file: string, offset: number): Completion[] {
    const text = this.text(file) ?? '';
    const globals = this.globals();
    const callee = openCall(text, offset);
    const target = callee ? globals.get(callee) : undefined;
    if (
      target &&
      (target.kind === 'algorithm' || target.kind === 'problem') &&
      target.params.length
    )
      return target.params.map((p) => ({
        label: p.name,
        kind: 'parameter',
        detail: this.paramText(p),
        insert: `${p.name}: `,
      }));
    const out: Completion[] = [];
    const seen = new Set<string>();
    const add = (c: Completion) => {
      if (seen.has(c.label)) return;
      seen.add(c.label);
      out.push(c);
    };
    const d = this.enclosing(file, offset);
    if (d)
      for (const b of bindingsOf(d))
        add({ label: b.name, kind: b.kind, detail: this.slice(b.decl, true) });
    for (const g of globals.values())
      add({ label: g.name, kind: GLOBAL_KIND[g.kind], detail: `${g.kind} (${g.loc.file})` });
    for (const f of this.functions.values())
      add({ label: f.name, kind: 'function', detail: f.signature, doc: f.doc });
    for (const k of KEYWORD_NAMES) add({ label: k, kind: 'keyword' });
    return out;
  }
}
