// The .opt parser: chevrotain, one parser instance, recovery on. It builds the AST directly with
// embedded actions (the AST keeps every location, and comments stay in the token stream's
// 'comments' group for the formatter), so there is no separate CST visitor to keep in step.

import { EmbeddedActionsParser, type IToken, type TokenType } from './chevrotain.js';
import * as T from './tokens.js';
import {
  REDUCE_OPS,
  type Arg,
  type BinaryOp,
  type AlgoStmt,
  type AlgorithmDecl,
  type DataDecl,
  type ParamDecl,
  type StateDecl,
  type Decl,
  type Expr,
  type Let,
  type Loc,
  type ProblemDecl,
  type Range,
  type ReduceOp,
  type SourceFile,
  type SuiteDecl,
  type ExperimentDecl,
  type ExperimentValue,
  type RepairDecl,
  type ImportDecl,
} from './ast.js';
import { diag, type Diagnostic } from './diagnostics.js';

let currentFile = '<input>';
/** The parenthesised expressions of the file being parsed (the AST keeps no parentheses). */
let currentParens: ParenGroup[] = [];

/** A pair of parentheses around `expr`: the offsets of `(` and of `)`. */
export interface ParenGroup {
  expr: Expr;
  open: number;
  close: number;
}

function tokLoc(t: IToken): Loc {
  return {
    file: currentFile,
    line: t.startLine ?? 1,
    col: t.startColumn ?? 1,
    offset: t.startOffset,
    length: (t.endOffset ?? t.startOffset) - t.startOffset + 1,
  };
}

function span(a: Loc, b: Loc): Loc {
  if (!a || !b || b.offset < a.offset) return a ?? b;
  if (b.line !== a.line) return { ...a, length: Math.max(a.length, 1) };
  return { ...a, length: b.offset + b.length - a.offset };
}

const NOLOC: Loc = { file: '<input>', line: 1, col: 1, offset: 0, length: 1 };
const errorExpr = (loc: Loc): Expr => ({ kind: 'num', value: NaN, isInt: false, loc });

/**
 * The deepest nesting of expressions the parser takes (parentheses, `if`, unary minus, `not`, the
 * exponent of a power, call arguments and indices each open a level): chevrotain's rules recurse,
 * a dozen frames a level, and would overflow the default stack at about 150 levels. Beyond this a file is
 * refused with NestedTooDeep (OPT1005). A long chain of binary operators (`a + b + c + ...`) is
 * not nested: the parser reads it in a loop, at any length.
 */
export const MAX_NESTING = 64;

/** Thrown at the token that opens a level beyond MAX_NESTING; parseSource reports it. */
class NestedTooDeep extends Error {
  constructor(readonly token: IToken) {
    super('nested too deep');
  }
}

class OptParser extends EmbeddedActionsParser {
  /** The levels of expression nesting open at the current token (see MAX_NESTING). */
  depth = 0;
  constructor() {
    super(T.allTokens, { recoveryEnabled: true, maxLookahead: 4 });
    this.performSelfAnalysis();
  }

  /** `f` one level of nesting deeper. */
  private nested<R>(f: () => R): R {
    if (++this.depth > MAX_NESTING && !this.RECORDING_PHASE) throw new NestedTooDeep(this.LA(1));
    try {
      return f();
    } finally {
      this.depth--;
    }
  }

  public file = this.RULE('file', (): { decls: Decl[]; imports: ImportDecl[] } => {
    const decls: Decl[] = [];
    const imports: ImportDecl[] = [];
    this.MANY(() => {
      this.OR([
        {
          ALT: () => {
            const i = this.SUBRULE(this.importDecl);
            if (i) imports.push(i);
          },
        },
        {
          ALT: () => {
            const d = this.SUBRULE(this.decl);
            if (d) decls.push(d);
          },
        },
      ]);
    });
    return { decls, imports };
  });

  // `import "path.opt"` (an optional `;`): at top level only.
  private importDecl = this.RULE('importDecl', (): ImportDecl => {
    const kw = this.CONSUME(T.Import);
    const path = this.CONSUME(T.StringLit);
    this.OPTION(() => this.CONSUME(T.Semicolon));
    const pathLoc = tokLoc(path);
    return {
      kind: 'import',
      path: (path.image ?? '').slice(1, -1),
      pathLoc,
      loc: span(tokLoc(kw), pathLoc),
    };
  });

  private decl = this.RULE('decl', (): Decl | undefined =>
    this.OR([
      { ALT: () => this.SUBRULE(this.problemDecl) },
      { ALT: () => this.SUBRULE(this.dataDecl) },
      { ALT: () => this.SUBRULE(this.algorithmDecl) },
      { ALT: () => this.SUBRULE(this.suiteDecl) },
      { ALT: () => this.SUBRULE(this.experimentDecl) },
      { ALT: () => this.SUBRULE(this.repairDecl) },
    ]),
  );

  // `experiment NAME { key = value ... }`, each entry optionally ended by `;` or `,`.
  private experimentDecl = this.RULE('experimentDecl', (): ExperimentDecl => {
    const kw = this.CONSUME(T.Experiment);
    const name = this.CONSUME(T.Identifier);
    this.CONSUME(T.LBrace);
    const entries: ExperimentDecl['entries'] = [];
    this.MANY(() => {
      const key = this.CONSUME2(T.Identifier);
      this.CONSUME(T.Assign);
      const value = this.SUBRULE(this.experimentValue);
      if (value) entries.push({ key: key.image, keyLoc: tokLoc(key), value });
      this.OPTION(() =>
        this.OR([{ ALT: () => this.CONSUME(T.Semicolon) }, { ALT: () => this.CONSUME(T.Comma) }]),
      );
    });
    const close = this.CONSUME(T.RBrace);
    return {
      kind: 'experiment',
      name: name.image,
      nameLoc: tokLoc(name),
      entries,
      loc: span(tokLoc(kw), tokLoc(close)),
      end: (close.endOffset ?? close.startOffset) + 1,
      file: currentFile,
    };
  });

  private experimentValue = this.RULE(
    'experimentValue',
    (): ExperimentValue =>
      this.OR([
        {
          ALT: () => {
            const kw = this.CONSUME(T.Suite);
            const n = this.CONSUME(T.Identifier);
            return {
              kind: 'suite',
              name: n.image,
              nameLoc: tokLoc(n),
              loc: span(tokLoc(kw), tokLoc(n)),
            };
          },
        },
        {
          ALT: () => {
            const open = this.CONSUME(T.LBracket);
            const items: Expr[] = [];
            this.OPTION(() => {
              items.push(this.SUBRULE(this.expr));
              this.MANY({
                GATE: () => this.LA(2).tokenType !== T.RBracket,
                DEF: () => {
                  this.CONSUME(T.Comma);
                  items.push(this.SUBRULE2(this.expr));
                },
              });
              this.OPTION2(() => this.CONSUME2(T.Comma));
            });
            const close = this.CONSUME(T.RBracket);
            return { kind: 'list', items, loc: span(tokLoc(open), tokLoc(close)) };
          },
        },
        {
          ALT: () => {
            const expr = this.SUBRULE3(this.expr);
            return { kind: 'expr', expr, loc: expr?.loc ?? NOLOC };
          },
        },
      ]),
  );

  // `suite NAME = [p1, p2, ...]` (an optional trailing comma).
  private suiteDecl = this.RULE('suiteDecl', (): SuiteDecl => {
    const kw = this.CONSUME(T.Suite);
    const name = this.CONSUME(T.Identifier);
    this.CONSUME(T.Assign);
    this.CONSUME(T.LBracket);
    const members: { name: string; loc: Loc }[] = [];
    this.OPTION(() => {
      const m = this.CONSUME2(T.Identifier);
      members.push({ name: m.image, loc: tokLoc(m) });
      this.MANY({
        GATE: () => this.LA(2).tokenType === T.Identifier,
        DEF: () => {
          this.CONSUME(T.Comma);
          const n = this.CONSUME3(T.Identifier);
          members.push({ name: n.image, loc: tokLoc(n) });
        },
      });
      this.OPTION3(() => this.CONSUME2(T.Comma));
    });
    const close = this.CONSUME(T.RBracket);
    this.OPTION2(() => this.CONSUME(T.Semicolon));
    return {
      kind: 'suite',
      name: name.image,
      nameLoc: tokLoc(name),
      members,
      loc: span(tokLoc(kw), tokLoc(close)),
      file: currentFile,
    };
  });

  private problemDecl = this.RULE('problemDecl', (): ProblemDecl => {
    const kw = this.CONSUME(T.Problem);
    const name = this.CONSUME(T.Identifier);
    this.CONSUME(T.LParen);
    const param = this.CONSUME2(T.Identifier);
    this.CONSUME(T.LBracket);
    const dim = this.CONSUME3(T.Identifier);
    this.CONSUME(T.RBracket);
    const params: ParamDecl[] = [];
    this.MANY2(() => {
      this.CONSUME3(T.Comma);
      params.push(this.SUBRULE(this.paramDecl));
    });
    this.CONSUME(T.RParen);
    let dims: Expr | undefined;
    this.OPTION7(() => {
      this.CONSUME(T.Where);
      dims = this.SUBRULE6(this.expr);
    });
    let direction: 'minimize' | 'maximize' = 'minimize';
    this.OPTION(() => {
      this.OR([
        {
          ALT: () => {
            this.CONSUME(T.Minimize);
            direction = 'minimize';
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Maximize);
            direction = 'maximize';
          },
        },
      ]);
    });
    let box: [Expr, Expr] | undefined;
    let unconstrained = false;
    this.OPTION2(() => {
      this.CONSUME(T.In);
      this.CONSUME2(T.LBracket);
      const lo = this.SUBRULE(this.expr);
      this.CONSUME(T.Comma);
      const hi = this.SUBRULE2(this.expr);
      this.CONSUME2(T.RBracket);
      box = [lo, hi];
      this.OPTION8(() => {
        this.CONSUME(T.Unconstrained);
        unconstrained = true;
      });
    });
    let optimum: Expr | undefined;
    let at: Expr | undefined;
    this.OPTION3(() => {
      this.CONSUME(T.Optimum);
      optimum = this.SUBRULE3(this.expr);
      this.OPTION4(() => {
        this.CONSUME(T.At);
        at = this.SUBRULE4(this.expr);
      });
    });
    this.CONSUME(T.LBrace);
    const lets: Let[] = [];
    this.MANY(() => {
      const l = this.SUBRULE(this.letStmt);
      if (l) lets.push(l);
    });
    let result: Expr | undefined;
    this.OPTION5(() => {
      result = this.SUBRULE5(this.expr);
      this.OPTION6(() => this.CONSUME(T.Semicolon));
    });
    const end = this.CONSUME(T.RBrace);
    return {
      kind: 'problem',
      name: name.image,
      nameLoc: tokLoc(name),
      param: param.image,
      paramLoc: tokLoc(param),
      dimName: dim.image,
      params,
      dims,
      direction,
      box,
      ...(unconstrained ? { unconstrained } : {}),
      optimum,
      at,
      lets,
      result,
      loc: span(tokLoc(kw), tokLoc(end)),
      file: currentFile,
    };
  });

  private letStmt = this.RULE('letStmt', (): Let => {
    const kw = this.CONSUME(T.Let);
    const name = this.CONSUME(T.Identifier);
    let index: IToken | undefined;
    let bound: Let['bound'];
    this.OPTION(() => {
      this.CONSUME(T.LBracket);
      index = this.CONSUME2(T.Identifier);
      this.OPTION2(() => {
        const op = this.OR([
          {
            ALT: () => {
              this.CONSUME(T.Less);
              return 'lt' as const;
            },
          },
          {
            ALT: () => {
              this.CONSUME(T.LessEq);
              return 'le' as const;
            },
          },
        ]);
        const e = this.SUBRULE(this.expr);
        bound = { op, expr: e };
      });
      this.CONSUME(T.RBracket);
    });
    this.CONSUME(T.Assign);
    const value = this.SUBRULE2(this.expr);
    this.OPTION3(() => this.CONSUME(T.Semicolon));
    return {
      name: name.image,
      nameLoc: tokLoc(name),
      index: index?.image,
      indexLoc: index ? tokLoc(index) : undefined,
      bound,
      value: value ?? errorExpr(tokLoc(kw)),
      loc: span(tokLoc(kw), value?.loc ?? tokLoc(name)),
    };
  });

  // `repair NAME(x, p) = EXPR`: a bound-handling policy (one coordinate's value, x and the
  // parent's p, with lo and hi the coordinate's bounds).
  private repairDecl = this.RULE('repairDecl', (): RepairDecl => {
    const kw = this.CONSUME(T.Repair);
    const name = this.CONSUME(T.Identifier);
    this.CONSUME(T.LParen);
    const params: { name: string; loc: Loc }[] = [];
    this.OPTION(() => {
      const a = this.CONSUME2(T.Identifier);
      params.push({ name: a.image, loc: tokLoc(a) });
      this.MANY(() => {
        this.CONSUME(T.Comma);
        const b = this.CONSUME3(T.Identifier);
        params.push({ name: b.image, loc: tokLoc(b) });
      });
    });
    this.CONSUME(T.RParen);
    this.CONSUME(T.Assign);
    const value = this.SUBRULE(this.expr);
    this.OPTION2(() => this.CONSUME(T.Semicolon));
    return {
      kind: 'repair',
      name: name.image,
      nameLoc: tokLoc(name),
      params,
      value: value ?? errorExpr(tokLoc(kw)),
      loc: span(tokLoc(kw), value?.loc ?? tokLoc(name)),
      file: currentFile,
    };
  });

  private dataDecl = this.RULE('dataDecl', (): DataDecl => {
    const kw = this.CONSUME(T.Data);
    const name = this.CONSUME(T.Identifier);
    const dims: Expr[] = [];
    this.MANY(() => {
      this.CONSUME(T.LBracket);
      dims.push(this.SUBRULE(this.expr));
      this.CONSUME(T.RBracket);
    });
    this.CONSUME(T.Assign);
    const init = this.SUBRULE2(this.expr);
    this.OPTION(() => this.CONSUME(T.Semicolon));
    return {
      kind: 'data',
      name: name.image,
      nameLoc: tokLoc(name),
      dims,
      init: init ?? errorExpr(tokLoc(kw)),
      loc: span(tokLoc(kw), init?.loc ?? tokLoc(name)),
      file: currentFile,
    };
  });

  // ---- algorithms --------------------------------------------------------------------------

  private algorithmDecl = this.RULE('algorithmDecl', (): AlgorithmDecl => {
    const kw = this.CONSUME(T.Algorithm);
    const name = this.CONSUME(T.Identifier);
    this.CONSUME(T.LParen);
    const params: ParamDecl[] = [];
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => {
        const p = this.SUBRULE(this.paramDecl);
        if (p) params.push(p);
      },
    });
    this.CONSUME(T.RParen);
    this.CONSUME(T.LBrace);
    const states: StateDecl[] = [];
    let generation: AlgoStmt[] = [];
    this.MANY(() => {
      this.OR([
        {
          ALT: () => {
            const d = this.SUBRULE(this.stateDecl);
            if (d) states.push(d);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Generation);
            generation = this.SUBRULE(this.algoBlock);
          },
        },
      ]);
    });
    const end = this.CONSUME(T.RBrace);
    return {
      kind: 'algorithm',
      name: name.image,
      nameLoc: tokLoc(name),
      params,
      states,
      generation,
      loc: span(tokLoc(kw), tokLoc(end)),
      file: currentFile,
    };
  });

  private paramDecl = this.RULE('paramDecl', (): ParamDecl => {
    const name = this.CONSUME(T.Identifier);
    this.CONSUME(T.Assign);
    const value = this.SUBRULE(this.expr);
    let range: [Expr, Expr] | undefined;
    let choices: { name: string; loc: Loc }[] | undefined;
    this.OPTION(() => {
      this.CONSUME(T.In);
      this.OR([
        {
          ALT: () => {
            this.CONSUME(T.LBracket);
            const lo = this.SUBRULE2(this.expr);
            this.CONSUME(T.Comma);
            const hi = this.SUBRULE3(this.expr);
            this.CONSUME(T.RBracket);
            range = [lo, hi];
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.LBrace);
            const cs: NonNullable<typeof choices> = [];
            choices = cs;
            this.AT_LEAST_ONE_SEP({
              SEP: T.Comma,
              DEF: () => {
                const c = this.CONSUME2(T.Identifier);
                cs.push({ name: c.image, loc: tokLoc(c) });
              },
            });
            this.CONSUME(T.RBrace);
          },
        },
      ]);
    });
    return {
      name: name.image,
      nameLoc: tokLoc(name),
      value: value ?? errorExpr(tokLoc(name)),
      range,
      choices,
      loc: span(tokLoc(name), value?.loc ?? tokLoc(name)),
    };
  });

  private stateDecl = this.RULE('stateDecl', (): StateDecl => {
    const kw = this.OR([
      { ALT: () => this.CONSUME(T.Population) },
      { ALT: () => this.CONSUME(T.State) },
    ]);
    const name = this.CONSUME(T.Identifier);
    const dims: Expr[] = [];
    this.AT_LEAST_ONE(() => {
      this.CONSUME(T.LBracket);
      dims.push(this.SUBRULE(this.expr));
      this.CONSUME(T.RBracket);
    });
    let init: Expr | undefined;
    this.OPTION(() => {
      this.CONSUME(T.Assign);
      init = this.SUBRULE2(this.expr);
    });
    this.OPTION2(() => this.CONSUME(T.Semicolon));
    return {
      kind: kw.image === 'population' ? 'population' : 'state',
      name: name.image,
      nameLoc: tokLoc(name),
      dims,
      init,
      loc: span(tokLoc(kw), init?.loc ?? tokLoc(name)),
    };
  });

  private algoBlock = this.RULE('algoBlock', (): AlgoStmt[] => {
    this.CONSUME(T.LBrace);
    const out: AlgoStmt[] = [];
    this.MANY(() => {
      const st = this.SUBRULE(this.algoStmt);
      if (st) out.push(st);
    });
    this.CONSUME(T.RBrace);
    return out;
  });

  private algoStmt = this.RULE(
    'algoStmt',
    (): AlgoStmt =>
      this.OR([
        {
          ALT: () => {
            const l = this.SUBRULE(this.letStmt);
            return { kind: 'let', let: l, loc: l?.loc ?? NOLOC } as AlgoStmt;
          },
        },
        {
          ALT: () => {
            const kw = this.CONSUME(T.Each);
            const index = this.CONSUME(T.Identifier);
            this.CONSUME(T.In);
            const pop = this.CONSUME2(T.Identifier);
            let row: Expr | undefined;
            let count: Expr | undefined;
            let close: IToken | undefined;
            this.OPTION5(() => {
              this.CONSUME3(T.LBracket);
              this.OR2([
                {
                  // each i in X[:n]: the first n rows (n decided on the host).
                  ALT: () => {
                    this.CONSUME(T.Colon);
                    count = this.SUBRULE7(this.expr);
                  },
                },
                { ALT: () => (row = this.SUBRULE4(this.expr)) },
              ]);
              close = this.CONSUME3(T.RBracket);
            });
            const body = this.SUBRULE(this.algoBlock);
            return {
              kind: 'each',
              index: index.image,
              indexLoc: tokLoc(index),
              pop: pop.image,
              popLoc: tokLoc(pop),
              row,
              count,
              body: body ?? [],
              loc: span(tokLoc(kw), tokLoc(close ?? pop)),
            } as AlgoStmt;
          },
        },
        {
          ALT: () => {
            const kw = this.CONSUME(T.Repeat);
            // `repeat while c` without its bound parses, so that the elaborator can say what is
            // missing (OPT6039).
            let count: Expr | undefined;
            this.OPTION6(() => {
              count = this.SUBRULE5(this.expr);
            });
            let cond: Expr | undefined;
            let whileTok: IToken | undefined;
            this.OPTION7(() => {
              whileTok = this.CONSUME(T.While);
              cond = this.SUBRULE6(this.expr);
            });
            const body = this.SUBRULE4(this.algoBlock);
            return {
              kind: 'repeat',
              count: count ?? (cond ? undefined : errorExpr(tokLoc(kw))),
              while: cond,
              whileLoc: whileTok && tokLoc(whileTok),
              body: body ?? [],
              loc: span(tokLoc(kw), cond?.loc ?? count?.loc ?? tokLoc(kw)),
            } as AlgoStmt;
          },
        },
        {
          ALT: () => {
            const kw = this.CONSUME(T.If);
            const cond = this.SUBRULE(this.expr);
            const then = this.SUBRULE2(this.algoBlock);
            let els: AlgoStmt[] = [];
            this.OPTION(() => {
              this.CONSUME(T.Else);
              els = this.SUBRULE3(this.algoBlock);
            });
            return {
              kind: 'if',
              cond: cond ?? errorExpr(tokLoc(kw)),
              then: then ?? [],
              else: els ?? [],
              loc: span(tokLoc(kw), cond?.loc ?? tokLoc(kw)),
            } as AlgoStmt;
          },
        },
        {
          ALT: () => {
            const target = this.CONSUME3(T.Identifier);
            let row: Expr | undefined;
            let col: IToken | undefined;
            this.OPTION2(() => {
              this.CONSUME(T.LBracket);
              row = this.SUBRULE2(this.expr);
              this.CONSUME(T.RBracket);
              this.OPTION3(() => {
                this.CONSUME2(T.LBracket);
                col = this.CONSUME4(T.Identifier);
                this.CONSUME2(T.RBracket);
              });
            });
            this.CONSUME(T.Assign);
            const value = this.SUBRULE3(this.expr);
            this.OPTION4(() => this.CONSUME(T.Semicolon));
            return {
              kind: 'assign',
              target: target.image,
              targetLoc: tokLoc(target),
              row,
              col: col?.image,
              colLoc: col ? tokLoc(col) : undefined,
              value: value ?? errorExpr(tokLoc(target)),
              loc: span(tokLoc(target), value?.loc ?? tokLoc(target)),
            } as AlgoStmt;
          },
        },
      ]),
  );

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
              currentParens.push({ expr: e, open: open.startOffset, close: close.startOffset });
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
  currentFile = file;
  currentParens = [];
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
    return { source: { file, text, decls: [], imports: [] }, diagnostics, parens: currentParens };
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
    parens: currentParens,
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
