// The token table. Keywords come before Identifier and use longer_alt so that `index` or `letter`
// lex as names; comments and whitespace are skipped. The TextMate grammar (grammar/) is generated
// from this table, not written twice.

import { createToken, Lexer, type TokenType } from './chevrotain.js';

export const Identifier = createToken({ name: 'Identifier', pattern: /[A-Za-z_][A-Za-z0-9_]*/ });

function keyword(word: string): TokenType {
  return createToken({
    name: word.charAt(0).toUpperCase() + word.slice(1),
    pattern: new RegExp(word),
    longer_alt: Identifier,
  });
}

export const Problem = keyword('problem');
export const Data = keyword('data');
export const Let = keyword('let');
export const In = keyword('in');
export const Optimum = keyword('optimum');
export const At = keyword('at');
export const If = keyword('if');
export const Then = keyword('then');
export const Else = keyword('else');
export const And = keyword('and');
export const Or = keyword('or');
export const Not = keyword('not');
export const Where = keyword('where');
export const Minimize = keyword('minimize');
export const Maximize = keyword('maximize');
export const Algorithm = keyword('algorithm');
export const Population = keyword('population');
export const State = keyword('state');
export const Generation = keyword('generation');
export const Each = keyword('each');
export const Repeat = keyword('repeat');
export const While = keyword('while');
export const Suite = keyword('suite');
export const Experiment = keyword('experiment');
export const Repair = keyword('repair');
export const Unconstrained = keyword('unconstrained');
export const Import = keyword('import');

export const KEYWORDS = [
  Problem,
  Data,
  Let,
  In,
  Optimum,
  At,
  If,
  Then,
  Else,
  And,
  Or,
  Not,
  Where,
  Minimize,
  Maximize,
  Algorithm,
  Population,
  State,
  Generation,
  Each,
  Repeat,
  While,
  Suite,
  Experiment,
  Repair,
  Unconstrained,
  Import,
];

export const NumberLit = createToken({
  name: 'NumberLit',
  pattern: /(?:\d+\.(?!\.)\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?/, // `1..5` is 1, .., 5
});
export const StringLit = createToken({ name: 'StringLit', pattern: /"[^"\n]*"/ });
export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /\s+/, group: Lexer.SKIPPED });
export const LineComment = createToken({
  name: 'LineComment',
  pattern: /\/\/[^\n]*/,
  group: 'comments',
});
export const BlockComment = createToken({
  name: 'BlockComment',
  pattern: /\/\*[\s\S]*?\*\//,
  group: 'comments',
});
// Error tokens: a `/*` that never closes, a `"` that does not close on its line. They are kept out
// of the parser's input (group 'errors') and reported by parseSource as OPT1003 / OPT1004.
export const UnterminatedComment = createToken({
  name: 'UnterminatedComment',
  pattern: /\/\*[\s\S]*/,
  group: 'errors',
});
export const UnterminatedString = createToken({
  name: 'UnterminatedString',
  pattern: /"[^"\n]*/,
  group: 'errors',
});

export const DotDot = createToken({ name: 'DotDot', pattern: /\.\./ });
export const LessEq = createToken({ name: 'LessEq', pattern: /<=/ });
export const GreaterEq = createToken({ name: 'GreaterEq', pattern: />=/ });
export const EqEq = createToken({ name: 'EqEq', pattern: /==/ });
export const NotEq = createToken({ name: 'NotEq', pattern: /!=/ });
export const Less = createToken({ name: 'Less', pattern: /</ });
export const Greater = createToken({ name: 'Greater', pattern: />/ });
export const Assign = createToken({ name: 'Assign', pattern: /=/ });
export const Plus = createToken({ name: 'Plus', pattern: /\+/ });
export const Minus = createToken({ name: 'Minus', pattern: /-/ });
export const Star = createToken({ name: 'Star', pattern: /\*/ });
export const Slash = createToken({ name: 'Slash', pattern: /\// });
export const Percent = createToken({ name: 'Percent', pattern: /%/ });
export const Caret = createToken({ name: 'Caret', pattern: /\^/ });
export const LParen = createToken({ name: 'LParen', pattern: /\(/ });
export const RParen = createToken({ name: 'RParen', pattern: /\)/ });
export const LBracket = createToken({ name: 'LBracket', pattern: /\[/ });
export const RBracket = createToken({ name: 'RBracket', pattern: /]/ });
export const LBrace = createToken({ name: 'LBrace', pattern: /{/ });
export const RBrace = createToken({ name: 'RBrace', pattern: /}/ });
export const Comma = createToken({ name: 'Comma', pattern: /,/ });
export const Colon = createToken({ name: 'Colon', pattern: /:/ });
export const Semicolon = createToken({ name: 'Semicolon', pattern: /;/ });

export const allTokens: TokenType[] = [
  WhiteSpace,
  LineComment,
  BlockComment,
  UnterminatedComment,
  ...KEYWORDS,
  Identifier,
  NumberLit,
  StringLit,
  UnterminatedString,
  DotDot,
  LessEq,
  GreaterEq,
  EqEq,
  NotEq,
  Less,
  Greater,
  Assign,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  Caret,
  LParen,
  RParen,
  LBracket,
  RBracket,
  LBrace,
  RBrace,
  Comma,
  Colon,
  Semicolon,
];

export const optLexer = new Lexer(allTokens, {
  positionTracking: 'full',
  ensureOptimizations: false,
});
