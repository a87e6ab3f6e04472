// The .opt parser: chevrotain, one parser instance, recovery on. It builds the AST directly with
// embedded actions (the AST keeps every location, and comments stay in the token stream's
// 'comments' group for the formatter), so there is no separate CST visitor to keep in step. The
// declarations' rules are in parser-decls.ts (DeclParser), the expressions' here (OptParser), with
// parseSource.

import { type IToken, type TokenType } from './chevrotain.js';
import * as T from './tokens.js';
import {
  REDUCE_OPS,
  type Arg,
  type BinaryOp,
  type Decl,
  type Expr,
  type ImportDecl,
  type Loc,
  type Range,
  type ReduceOp,
  type SourceFile,
} from './ast.js';
import { diag, type Diagnostic } from './diagnostics.js';
import {
  DeclParser,
  MAX_NESTING,
  NestedTooDeep,
  NOLOC,
  parsing,
  span,
  tokLoc,
  type ParenGroup,
} from './parser-decls.js';

export { MAX_NESTING, type ParenGroup };

class OptParser extends DeclParser {
  constructor() {
    super();
    this.performSelfAnalysis();
  }

  // `if` is a primary (below), so `expr` is just the lowest-precedence chain.
  public expr = this.RULE('expr', (): Expr => this.nested(() => this.SUBRULE(this.orExpr)));

  private ifExpr = this.RULE('ifExpr', (): Expr => {
    const kw = this.CONSUME(T.If);
    const cond = this.SUBRULE(this.expr);
    this.CONSUME(T.Then);
    const a = this.SUBRULE2(this.expr);
    this.CONSUME(T.Else);
    const b = this.SUBRULE3(this.expr);
    return { kind: 'if', cond, then: a, else: b, loc: span(tokLoc(kw), b?.loc ?? tokLoc(kw)) };
  });

  private binaryChain(
    operand: (second: boolean) => Expr,
    ops: { tok: TokenType; op: BinaryOp }[],
    many: (f: () => void) => void,
    or: (alts: { ALT: () => BinaryOp }[]) => BinaryOp,
  ): Expr {
    let left = operand(false);
    many(() => {
      const op = or(
        ops.map((o) => ({
          ALT: () => {
            this.CONSUME(o.tok);
            return o.op;
          },
        })),
      );
      const right = operand(true);
      left = {
        kind: 'binary',
        op,
        left,
        right,
        loc: span(left?.loc ?? NOLOC, right?.loc ?? NOLOC),
      };
    });
    return left;
  }

  private orExpr = this.RULE(
    'orExpr',
    (): Expr =>
      this.binaryChain(
        (second) => (second ? this.SUBRULE2(this.andExpr) : this.SUBRULE(this.andExpr)),
        [{ tok: T.Or, op: 'or' }],
        (f) => this.MANY(f),
        (a) => this.OR(a),
      ),
  );

  private andExpr = this.RULE(
    'andExpr',
    (): Expr =>
      this.binaryChain(
        (second) => (second ? this.SUBRULE2(this.notExpr) : this.SUBRULE(this.notExpr)),
        [{ tok: T.And, op: 'and' }],
        (f) => this.MANY(f),
        (a) => this.OR(a),
      ),
  );

  private notExpr = this.RULE(
    'notExpr',
    (): Expr =>
      this.OR([
        {
          ALT: () => {
            const kw = this.CONSUME(T.Not);
            const arg = this.nested(() => this.SUBRULE(this.notExpr));
            return {
              kind: 'unary',
              op: 'not',
              arg,
              loc: span(tokLoc(kw), arg?.loc ?? tokLoc(kw)),
            } as Expr;
          },
        },
        { ALT: () => this.SUBRULE(this.cmpExpr) },
      ]),
  );

  private cmpExpr = this.RULE('cmpExpr', (): Expr => {
    let left = this.SUBRULE(this.addExpr);
    this.OPTION(() => {
      const op = this.OR([
        {
          ALT: () => {
            this.CONSUME(T.Less);
            return '<' as BinaryOp;
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.LessEq);
            return '<=' as BinaryOp;
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Greater);
            return '>' as BinaryOp;
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.GreaterEq);
            return '>=' as BinaryOp;
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.EqEq);
            return '==' as BinaryOp;
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.NotEq);
            return '!=' as BinaryOp;
          },
        },
      ]);
      const right = this.SUBRULE2(this.addExpr);
      left = {
        kind: 'binary',
        op,
        left,
        right,
        loc: span(left?.loc ?? NOLOC, right?.loc ?? NOLOC),
      };
    });
    return left;
  });

  private addExpr = this.RULE(
    'addExpr',
    (): Expr =>
      this.binaryChain(
        (second) => (second ? this.SUBRULE2(this.mulExpr) : this.SUBRULE(this.mulExpr)),
        [
          { tok: T.Plus, op: '+' },
          { tok: T.Minus, op: '-' },
        ],
        (f) => this.MANY(f),
        (a) => this.OR(a),
      ),
  );

  private mulExpr = this.RULE(
    'mulExpr',
    (): Expr =>
      this.binaryChain(
        (second) => (second ? this.SUBRULE2(this.unaryExpr) : this.SUBRULE(this.unaryExpr)),
        [
          { tok: T.Star, op: '*' },
          { tok: T.Slash, op: '/' },
          { tok: T.Percent, op: '%' },
        ],
        (f) => this.MANY(f),
        (a) => this.OR(a),
      ),
  );

  private unaryExpr = this.RULE(
    'unaryExpr',
    (): Expr =>
      this.OR([
        {
          ALT: () => {
            const m = this.CONSUME(T.Minus);
            const arg = this.nested(() => this.SUBRULE(this.unaryExpr));
            return {
              kind: 'unary',
              op: '-',
              arg,
              loc: span(tokLoc(m), arg?.loc ?? tokLoc(m)),
            } as Expr;
          },
        },
        { GATE: () => this.atReduction(), ALT: () => this.SUBRULE(this.reduceExpr) },
        { ALT: () => this.SUBRULE(this.powExpr) },
      ]),
  );

  /** `sum ( i )`, `sum ( i <`, `sum ( i <=`, `sum ( i in`, `sum ( i where`: a reduction, not a call. */
  private atReduction(): boolean {
    const t1 = this.LA(1);
    if (t1.tokenType !== T.Identifier || !(REDUCE_OPS as readonly string[]).includes(t1.image))
      return false;
    if (this.LA(2).tokenType !== T.LParen || this.LA(3).tokenType !== T.Identifier) return false;
    const t4 = this.LA(4).tokenType;
    return t4 === T.RParen || t4 === T.Less || t4 === T.LessEq || t4 === T.In || t4 === T.Where;
  }

  private reduceExpr = this.RULE('reduceExpr', (): Expr => {
    const opTok = this.CONSUME(T.Identifier);
    this.CONSUME(T.LParen);
    const idx = this.CONSUME2(T.Identifier);
    let range: Range | undefined;
    let where: Expr | undefined;
    this.OPTION(() => {
      range = this.OR([
        {
          ALT: () => {
            this.CONSUME(T.Less);
            return { kind: 'lt', bound: this.SUBRULE(this.addExpr) } as Range;
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.LessEq);
            return { kind: 'le', bound: this.SUBRULE2(this.addExpr) } as Range;
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.In);
            const from = this.SUBRULE3(this.addExpr);
            this.CONSUME(T.DotDot);
            const to = this.SUBRULE4(this.addExpr);
            return { kind: 'in', from, to } as Range;
          },
        },
      ]);
    });
    this.OPTION2(() => {
      this.CONSUME(T.Where);
      where = this.SUBRULE(this.expr);
    });
    this.CONSUME(T.RParen);
    const body = this.SUBRULE(this.unaryTerm);
    return {
      kind: 'reduce',
      op: opTok.image as ReduceOp,
      index: idx.image,
      indexLoc: tokLoc(idx),
      range,
      where,
      body,
      loc: span(tokLoc(opTok), body?.loc ?? tokLoc(opTok)),
    };
  });

  /** A reduction body: a multiplicative term (so Σ binds tighter than + and -). */
  private unaryTerm = this.RULE('unaryTerm', (): Expr => this.SUBRULE(this.mulExpr));

  private powExpr = this.RULE('powExpr', (): Expr => {
    const base = this.SUBRULE(this.postfixExpr);
    let result = base;
    this.OPTION(() => {
      this.CONSUME(T.Caret);
      const exp = this.nested(() => this.SUBRULE(this.unaryExpr));
      result = {
        kind: 'binary',
        op: '^',
        left: base,
        right: exp,
        loc: span(base?.loc ?? NOLOC, exp?.loc ?? NOLOC),
      };
    });
    return result;
  });

  private postfixExpr = this.RULE('postfixExpr', (): Expr => {
    let target = this.SUBRULE(this.primary);
    this.MANY(() => {
      this.CONSUME(T.LBracket);
      const index = this.SUBRULE(this.expr);
      let to: Expr | undefined;
      this.OPTION(() => {
        this.CONSUME(T.Colon);
        to = this.SUBRULE2(this.expr);
      });
      const rb = this.CONSUME(T.RBracket);
      const loc = span(target?.loc ?? NOLOC, tokLoc(rb));
      target = to
        ? { kind: 'slice', target, from: index, to, loc }
        : { kind: 'index', target, index, loc };
    });
    return target;
  });

  private primary = this.RULE(
    'primary',
    (): Expr =>
      this.OR([
        {
          ALT: () => {
            const t = this.CONSUME(T.NumberLit);
            const isInt = /^\d+$/.test(t.image);
            return { kind: 'num', value: Number(t.image), isInt, loc: tokLoc(t) } as Expr;
          },
        },
        {
          ALT: () => {
            const t = this.CONSUME(T.StringLit);
            return { kind: 'str', value: t.image.slice(1, -1), loc: tokLoc(t) } as Expr;
          },
        },
        {
          ALT: () => {
            const t = this.CONSUME(T.Identifier);
            let args: Arg[] | undefined;
            let end: IToken | undefined;
            this.OPTION(() => {
              this.CONSUME(T.LParen);
              const list: Arg[] = [];
              args = list;
              this.MANY_SEP({
                SEP: T.Comma,
                DEF: () => {
                  const a = this.SUBRULE(this.arg);
                  if (a) list.push(a);
                },
              });
              end = this.CONSUME(T.RParen);
            });
            if (args) {
              return {
                kind: 'call',
                callee: t.image,
                calleeLoc: tokLoc(t),
                args,
                loc: span(tokLoc(t), tokLoc(end!)),
              } as Expr;
            }
            return { kind: 'name', name: t.image, loc: tokLoc(t) } as Expr;
          },
        },
        {
          ALT: () => {
            const open = this.CONSUME2(T.LParen);
            const e = this.SUBRULE(this.expr);
            const close = this.CONSUME2(T.RParen);
            // For the formatter, which keeps the author's parentheses (the AST has none).
            if (e)
              parsing.parens.push({ expr: e, open: open.startOffset, close: close.startOffset });
            return e;
          },
        },
        { ALT: () => this.SUBRULE(this.ifExpr) },
      ]),
  );

  private arg = this.RULE('arg', (): Arg => {
    let name: IToken | undefined;
    this.OPTION(() => {
      name = this.CONSUME(T.Identifier);
      this.CONSUME(T.Colon);
    });
    const value = this.SUBRULE(this.expr);
    return {
      name: name?.image,
      value,
      loc: name ? span(tokLoc(name), value?.loc ?? tokLoc(name)) : (value?.loc ?? NOLOC),
    };
  });
}

const parserInstance = new OptParser();

/** The grammar as chevrotain serialises it (for the syntax diagrams in grammar/). */
export function serializedGrammar() {
  return parserInstance.getSerializedGastProductions();
}

export interface ParseResult {
  source: SourceFile;
  diagnostics: Diagnostic[];
  /** Where the source has parentheses (the formatter keeps them), innermost first. */
  parens: ParenGroup[];
}

export function parseSource(text: string, file: string): ParseResult {
  parsing.file = file;
  parsing.parens = [];
  const diagnostics: Diagnostic[] = [];
  const lexed = T.optLexer.tokenize(text);
  const lexErrorEnds: number[] = []; // offsets just past each lexical error, to silence the cascade
  for (const e of lexed.errors) {
    const ch = [...text.slice(e.offset, e.offset + 2)][0] ?? '';
    const loc: Loc = {
      file,
      line: e.line ?? 1,
      col: e.column ?? 1,
      offset: e.offset,
      length: Math.max(1, ch.length),
    };
    diagnostics.push(diag('UnexpectedCharacter', loc, ch));
    lexErrorEnds.push(e.offset + e.length);
  }
  for (const t of lexed.groups['errors'] ?? []) {
    const unterminatedComment = t.tokenType === T.UnterminatedComment;
    diagnostics.push(
      diag(unterminatedComment ? 'UnterminatedComment' : 'UnterminatedString', {
        ...tokLoc(t),
        length: unterminatedComment ? 2 : t.image.length,
      }),
    );
    lexErrorEnds.push(t.endOffset! + 1);
  }
  // A syntax error at the first token after a lexical error is its echo (`x[0] # 1` reads as
  // `x[0] 1`): the lexical error is the one to fix, so the echo is not reported.
  const echo = new Set<number>();
  // An unterminated comment swallows the rest of the file: what the parser then misses at the end
  // is its echo too.
  const eofEcho = (lexed.groups['errors'] ?? []).some((t) => t.tokenType === T.UnterminatedComment);
  for (const end of lexErrorEnds) {
    const next = lexed.tokens.find((t) => t.startOffset >= end);
    if (next) echo.add(next.startOffset);
  }
  const last = lexed.tokens[lexed.tokens.length - 1];
  const eofLoc = (): Loc => {
    // Just past the last token (not on the trailing blank lines), so the caret shows what ends early.
    if (!last) return { file, line: 1, col: 1, offset: 0, length: 1 };
    const l = tokLoc(last);
    return {
      file,
      line: last.endLine ?? l.line,
      col: (last.endColumn ?? l.col + l.length - 1) + 1,
      offset: (last.endOffset ?? l.offset) + 1,
      length: 1,
    };
  };
  // With recovery on, chevrotain re-synchronises after an error (also on a stray token between
  // declarations), so the declarations after an error are parsed and checked as well.
  parserInstance.input = lexed.tokens;
  parserInstance.depth = 0;
  let parsedFile: { decls: (Decl | undefined)[]; imports: (ImportDecl | undefined)[] } | undefined;
  try {
    parsedFile = parserInstance.file();
  } catch (e) {
    if (!(e instanceof NestedTooDeep)) throw e;
    // The parser's state is abandoned there: the file is refused with this one error.
    diagnostics.push(diag('NestedTooDeep', tokLoc(e.token), String(MAX_NESTING)));
    return { source: { file, text, decls: [], imports: [] }, diagnostics, parens: parsing.parens };
  }
  const decls = parsedFile?.decls ?? [];
  // An import whose path recovery inserted (`import` alone) is reported as a syntax error only.
  const imports = (parsedFile?.imports ?? []).filter(
    (i): i is ImportDecl => !!i && Number.isFinite(i.pathLoc.offset),
  );
  for (const e of parserInstance.errors) {
    const t = e.token;
    const atEof = t.tokenType.name === 'EOF' || Number.isNaN(t.startOffset);
    if (atEof ? eofEcho : echo.has(t.startOffset)) continue;
    diagnostics.push(
      diag('SyntaxError', atEof ? eofLoc() : tokLoc(t), friendlySyntaxMessage(e, t)),
    );
  }
  return {
    source: { file, text, decls: decls.filter((d): d is Decl => d !== undefined), imports },
    diagnostics,
    parens: parsing.parens,
  };
}

const EXPRESSION_RULES = new Set([
  'expr',
  'orExpr',
  'andExpr',
  'notExpr',
  'cmpExpr',
  'addExpr',
  'mulExpr',
  'unaryExpr',
  'unaryTerm',
  'powExpr',
  'postfixExpr',
  'primary',
  'arg',
]);

/** chevrotain's messages name token types; say it in the language's own words. */
function friendlySyntaxMessage(
  e: { name: string; message: string; context?: { ruleStack?: string[] } },
  token: IToken,
): string {
  const message = e.message;
  const found =
    token.tokenType.name === 'EOF' || Number.isNaN(token.startOffset)
      ? 'the end of the file'
      : `'${token.image}'`;
  if (e.name === 'NotAllInputParsedException' || message.startsWith('Redundant input'))
    return `expected 'problem' or 'data' but found ${found}`;
  // The group always takes part in a match, so `expected` is set exactly when the pattern matched.
  const expected = /Expecting (?:token of type )?--> (\w+) <--/.exec(message)?.[1];
  if (expected === 'EOF') return `expected 'problem' or 'data' but found ${found}`;
  if (expected !== undefined) return `expected ${tokenDescription(expected)} but found ${found}`;
  const rule = e.context?.ruleStack?.[e.context.ruleStack.length - 1] ?? '';
  if (rule === 'decl' || rule === 'file') return `expected 'problem' or 'data' but found ${found}`;
  if (EXPRESSION_RULES.has(rule)) return `expected an expression but found ${found}`;
  if (
    message.startsWith('Expecting: one of these possible Token sequences') ||
    message.startsWith('Expecting: expecting at least one')
  ) {
    return `unexpected ${found}`;
  }
  return `${message.split('\n')[0]} (found ${found})`;
}

function tokenDescription(name: string): string {
  const byName: Record<string, string> = {
    Identifier: 'a name',
    NumberLit: 'a number',
    StringLit: 'a string',
    LParen: "'('",
    RParen: "')'",
    LBracket: "'['",
    RBracket: "']'",
    LBrace: "'{'",
    RBrace: "'}'",
    Comma: "','",
    Colon: "':'",
    Assign: "'='",
    DotDot: "'..'",
    Semicolon: "';'",
    Less: "'<'",
    LessEq: "'<='",
    Greater: "'>'",
    GreaterEq: "'>='",
    EqEq: "'=='",
    NotEq: "'!='",
    Plus: "'+'",
    Minus: "'-'",
    Star: "'*'",
    Slash: "'/'",
    Percent: "'%'",
    Caret: "'^'",
  };
  return byName[name] ?? `'${name.toLowerCase()}'`;
}
