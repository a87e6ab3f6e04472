// The .opt formatter as a prettier plugin: the parser is the compiler's own (tree.ts adds the
// extents and parentheses the AST does not keep), the printer builds prettier documents
// (printer.ts), and prettier lays them out and places the comments. `opt fmt`, the language
// server's formatting and `prettier --plugin opt-compiler/prettier` all go through it.
//
// `formatOpt` fixes the style (print width 100, two spaces, as the standard library is written):
// one style for every .opt file, whatever prettier configuration lies around. Through prettier
// itself, the usual options and configuration files apply.

import {
  format,
  util,
  type Parser,
  type Plugin,
  type Printer,
  type SupportLanguage,
} from 'prettier';
import type { AlgoStmt, Expr, ProblemDecl } from '../parser/ast.js';
import { canAttachComment, printOpt } from './printer.js';
import { infoOf, isComment, parseForFormat, type Comment, type FileNode } from './tree.js';

function locStart(node: object): number {
  return isComment(node) ? node.start : (infoOf(node)?.start ?? 0);
}

function locEnd(node: object): number {
  return isComment(node) ? node.end : (infoOf(node)?.end ?? 0);
}

export const languages: SupportLanguage[] = [
  {
    name: 'opt',
    parsers: ['opt'],
    extensions: ['.opt'],
    vscodeLanguageIds: ['opt'],
  },
];

export const parsers: Record<string, Parser<object>> = {
  opt: {
    astFormat: 'opt-ast',
    parse: (text, options) => parseForFormat(text, options.filepath ?? '<input>'),
    locStart,
    locEnd,
  },
};

interface AttachedComment {
  enclosingNode?: object;
  precedingNode?: object;
  followingNode?: object;
  block?: boolean;
}

const isBinary = (node: object | undefined): boolean =>
  node !== undefined && infoOf(node)?.role === 'expr' && (node as Expr).kind === 'binary';

/**
 * Whether the printer puts a possible line break right after `node`, which a line comment after
 * it then takes (prettier keeps the comment at the end of the line with a breakParent, but with
 * no line to break, what follows would come before the comment on its line). After statements,
 * declarations, parameters, list members, arguments, a chain's operands, an `if`'s branches.
 */
function endsLine(node: object): boolean {
  const info = infoOf(node);
  if (!info) return false;
  if (info.role !== 'expr') return true;
  const parent = info.parent;
  const p = parent && infoOf(parent);
  if (!p) return true;
  if (p.role === 'stmt') {
    // The last expression before a block: `{` and a line break follow.
    const s = parent as AlgoStmt;
    if (s.kind === 'if') return node === s.cond;
    if (s.kind === 'each') return node === (s.count ?? s.row);
    if (s.kind === 'repeat') return node === (s.while ?? s.count);
    return false;
  }
  if (p.role === 'problem') {
    const d = parent as ProblemDecl;
    return node === d.result || node === (d.at ?? d.optimum ?? (d.box ? undefined : d.dims));
  }
  if (p.role !== 'expr') return p.role === 'value' || p.role === 'arg' || p.role === 'entry';
  const e = parent as Expr;
  if (e.kind === 'binary') return e.op !== '^';
  if (e.kind === 'if') return node === e.then || node === e.cond;
  return false;
}

/**
 * Where prettier's defaults would not give a stable layout (`endOfLine`: the comment ends a line
 * of the source, or has code on both sides):
 *   - a comment between two operands of a chain (`a + // c` then `b`) goes after the operand
 *     before it, which then ends its line (a leading comment inside a fill of operands would move
 *     past the operator, and attach elsewhere the next time);
 *   - a line comment after a node that does not end a line (`1 in // c` then `[0, 2]`) goes after
 *     the nearest enclosing one that does (the parameter);
 *   - a comment with nothing before or after it inside its node (`f(/* c *\/)`, an empty block)
 *     goes after that node: the printer has no place for comments within every construct.
 */
function attach(comment: AttachedComment, endOfLine: boolean): boolean {
  const { enclosingNode: e, precedingNode: before, followingNode: after } = comment;
  if (before && after && isBinary(e) && (e as Expr & { op: string }).op !== '^') {
    util.addTrailingComment(before, comment);
    return true;
  }
  if (endOfLine && before && !comment.block && !endsLine(before)) {
    let n: object | undefined = before;
    while (n && !endsLine(n)) n = infoOf(n)?.parent;
    if (n && (n as FileNode).type !== 'file') {
      util.addTrailingComment(n, comment);
      return true;
    }
  }
  if (before || after || !e || (e as FileNode).type === 'file') return false;
  util.addTrailingComment(e, comment);
  return true;
}

export const printers: Record<string, Printer<object>> = {
  'opt-ast': {
    print: printOpt,
    canAttachComment,
    willPrintOwnComments: () => true,
    isBlockComment: (node) => isComment(node) && (node as Comment).block,
    getCommentChildNodes: (node) => infoOf(node)?.children ?? [],
    handleComments: {
      ownLine: (c) => attach(c, false),
      endOfLine: (c) => attach(c, true),
      remaining: (c) => attach(c, true),
    },
  },
};

export const defaultOptions = { printWidth: 100, tabWidth: 2, useTabs: false };

const plugin: Plugin = { languages, parsers, printers, defaultOptions };
export default plugin;

/** `text` formatted in the one .opt style; an OptError with the syntax errors if it does not parse. */
export function formatOpt(text: string, file = '<input>'): Promise<string> {
  return format(text, { parser: 'opt', plugins: [plugin], filepath: file, ...defaultOptions });
}
