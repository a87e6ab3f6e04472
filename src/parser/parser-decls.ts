// The .opt parser's declarations (imports, problems, suites, data, algorithms, experiments):
// the rules of the abstract parser OptParser (src/parser/parser.ts) extends with the expressions,
// and what the rules of both files share (locations, the file being parsed, the nesting limit).
// One class in two files: chevrotain records the rules in the order they are defined, the
// declarations' first (grammar/diagrams.html is generated from that order).

import { EmbeddedActionsParser, type IToken, type ParserMethod } from './chevrotain.js';
import * as T from './tokens.js';
import {
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
  type SuiteDecl,
  type ExperimentDecl,
  type ExperimentValue,
  type RepairDecl,
  type ImportDecl,
} from './ast.js';

/**
 * The file being parsed (its name, for every location) and its parenthesised expressions (the
 * AST keeps no parentheses): set by parseSource, read by the rules of both files.
 */
export const parsing: { file: string; parens: ParenGroup[] } = { file: '<input>', parens: [] };

/** A pair of parentheses around `expr`: the offsets of `(` and of `)`. */
export interface ParenGroup {
  expr: Expr;
  open: number;
  close: number;
}

export function tokLoc(t: IToken): Loc {
  return {
    file: parsing.file,
    line: t.startLine ?? 1,
    col: t.startColumn ?? 1,
    offset: t.startOffset,
    length: (t.endOffset ?? t.startOffset) - t.startOffset + 1,
  };
}

export function span(a: Loc, b: Loc): Loc {
  if (!a || !b || b.offset < a.offset) return a ?? b;
  if (b.line !== a.line) return { ...a, length: Math.max(a.length, 1) };
  return { ...a, length: b.offset + b.length - a.offset };
}

export const NOLOC: Loc = { file: '<input>', line: 1, col: 1, offset: 0, length: 1 };
export const errorExpr = (loc: Loc): Expr => ({ kind: 'num', value: NaN, isInt: false, loc });

/**
 * The deepest nesting of expressions the parser takes (parentheses, `if`, unary minus, `not`, the
 * exponent of a power, call arguments and indices each open a level): chevrotain's rules recurse,
 * a dozen frames a level, and would overflow the default stack at about 150 levels. Beyond this a file is
 * refused with NestedTooDeep (OPT1005). A long chain of binary operators (`a + b + c + ...`) is
 * not nested: the parser reads it in a loop, at any length.
 */
export const MAX_NESTING = 64;

/** Thrown at the token that opens a level beyond MAX_NESTING; parseSource reports it. */
export class NestedTooDeep extends Error {
  constructor(readonly token: IToken) {
    super('nested too deep');
  }
}

/** The declaration rules; OptParser adds the expressions (`expr`) and runs the self-analysis. */
export abstract class DeclParser extends EmbeddedActionsParser {
  /** The levels of expression nesting open at the current token (see MAX_NESTING). */
  depth = 0;
  constructor() {
    super(T.allTokens, { recoveryEnabled: true, maxLookahead: 4 });
  }

  /** An expression (parser.ts). */
  abstract expr: ParserMethod<[], Expr>;

  /** `f` one level of nesting deeper. */
  protected nested<R>(f: () => R): R {
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
      file: parsing.file,
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
      file: parsing.file,
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
      file: parsing.file,
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
      file: parsing.file,
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
      file: parsing.file,
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
      file: parsing.file,
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
}
