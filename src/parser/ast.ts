// The abstract syntax tree of .opt source, produced by the parser (parser.ts) and consumed by the
// checker (check.ts) and the lowering to IR (../ir/lower.ts). Every node carries its location so
// that every later diagnostic can point at source text.

export interface Loc {
  file: string;
  line: number; // 1-based
  col: number; // 1-based
  offset: number; // 0-based character offset
  length: number;
}

export type ReduceOp = 'sum' | 'prod' | 'min' | 'max' | 'mean' | 'count' | 'argmin' | 'argmax';
export const REDUCE_OPS: readonly ReduceOp[] = [
  'sum',
  'prod',
  'min',
  'max',
  'mean',
  'count',
  'argmin',
  'argmax',
];

export type BinaryOp =
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '^'
  | '<'
  | '<='
  | '>'
  | '>='
  | '=='
  | '!='
  | 'and'
  | 'or';

/** A range of a reduction: `i < E`, `i <= E`, `i in A..B`. */
export type Range =
  | { kind: 'lt'; bound: Expr }
  | { kind: 'le'; bound: Expr }
  | { kind: 'in'; from: Expr; to: Expr };

export interface Arg {
  name?: string; // named arguments: seed: 1, offset: 100
  value: Expr;
  loc: Loc;
}

export type Expr =
  | { kind: 'num'; value: number; isInt: boolean; loc: Loc }
  | { kind: 'str'; value: string; loc: Loc }
  | { kind: 'name'; name: string; loc: Loc }
  | { kind: 'index'; target: Expr; index: Expr; loc: Loc }
  | { kind: 'slice'; target: Expr; from: Expr; to: Expr; loc: Loc }
  | { kind: 'unary'; op: '-' | 'not'; arg: Expr; loc: Loc }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr; loc: Loc }
  | { kind: 'if'; cond: Expr; then: Expr; else: Expr; loc: Loc }
  | { kind: 'call'; callee: string; calleeLoc: Loc; args: Arg[]; loc: Loc }
  | {
      kind: 'reduce';
      op: ReduceOp;
      index: string;
      indexLoc: Loc;
      range?: Range;
      where?: Expr;
      body: Expr;
      loc: Loc;
    };

export interface Let {
  name: string;
  nameLoc: Loc;
  index?: string; // vector let: let s[i] = ...
  indexLoc?: Loc;
  bound?: { op: 'lt' | 'le'; expr: Expr }; // let y[i < D - 1] = ...
  value: Expr;
  loc: Loc;
}

export interface ProblemDecl {
  kind: 'problem';
  name: string;
  nameLoc: Loc;
  param: string;
  paramLoc: Loc;
  dimName: string;
  /** Named constants after the vector (`lambda = 0.5 in [0, 1]`): --set or a call's `name: v`. */
  params: ParamDecl[];
  /** `where COND` after the parameter: the dimensions the problem exists for (`where D == 50`). */
  dims?: Expr;
  direction: 'minimize' | 'maximize';
  box?: [Expr, Expr];
  /**
   * `in [LO, HI] unconstrained`: the box is where a search starts, not a constraint (the problem is
   * defined everywhere, and a point outside it counts): an algorithm may then run with bounds = none.
   */
  unconstrained?: boolean;
  optimum?: Expr;
  at?: Expr;
  lets: Let[];
  result?: Expr;
  loc: Loc;
  /** The file's directory, for relative data paths. */
  file: string;
}

export interface DataDecl {
  kind: 'data';
  name: string;
  nameLoc: Loc;
  /** What stands between the brackets: shape expressions (`[D]`) or index names (`[i]`). */
  dims: Expr[];
  init: Expr;
  loc: Loc;
  file: string;
}

/** A parameter of an algorithm: `NP = 48`, `CR = 0.879 in [0, 1]`, `crossover = exp in {bin, exp}`. */
export interface ParamDecl {
  name: string;
  nameLoc: Loc;
  value: Expr; // a number, or a name for a symbolic parameter
  range?: [Expr, Expr]; // in [lo, hi]
  choices?: { name: string; loc: Loc }[]; // in {a, b, c}
  loc: Loc;
}

/** A statement of an algorithm's generation block or of an `each` block. */
export type AlgoStmt =
  | { kind: 'let'; let: Let; loc: Loc }
  | {
      kind: 'each';
      index: string;
      indexLoc: Loc;
      pop: string;
      popLoc: Loc;
      /** `each i in X[c]`: the one row c (computed), not every row. */
      row?: Expr;
      /** `each i in X[:n]`: the first n rows, n decided on the host (an active prefix). */
      count?: Expr;
      body: AlgoStmt[];
      loc: Loc;
    }
  /**
   * `repeat n { ... }`: the block n times (n decided on the host). `repeat n while c { ... }`: at
   * most n times, while c (computed on the GPU before each iteration) holds; `count` is missing
   * when the bound is (`repeat while c`, an error).
   */
  | { kind: 'repeat'; count?: Expr; while?: Expr; whileLoc?: Loc; body: AlgoStmt[]; loc: Loc }
  | { kind: 'if'; cond: Expr; then: AlgoStmt[]; else: AlgoStmt[]; loc: Loc }
  /** `X[i] = v`, `V[i][j] = e`, `Fi[i] = e`, or a population-level `X = best(X, O)`. */
  | {
      kind: 'assign';
      target: string;
      targetLoc: Loc;
      row?: Expr;
      col?: string;
      colLoc?: Loc;
      value: Expr;
      loc: Loc;
    };

/** `population X[NP]`, `population B[N] = P`, `state V[N][D] = 0`, `state Fi[NP] = 0.5`. */
export interface StateDecl {
  kind: 'population' | 'state';
  name: string;
  nameLoc: Loc;
  dims: Expr[];
  init?: Expr;
  loc: Loc;
}

export interface AlgorithmDecl {
  kind: 'algorithm';
  name: string;
  nameLoc: Loc;
  params: ParamDecl[];
  states: StateDecl[];
  generation: AlgoStmt[];
  loc: Loc;
  file: string;
}

/**
 * `suite NAME = [p1, p2, ...]`: an ordered list of problems that `--suite NAME` runs or evaluates
 * in turn (a paper's benchmark, numbered F01, F02, ... in this order).
 */
export interface SuiteDecl {
  kind: 'suite';
  name: string;
  nameLoc: Loc;
  members: { name: string; loc: Loc }[];
  loc: Loc;
  file: string;
}

/**
 * An entry's value in an experiment: `suite NAME`, a list `[a, b(x: 1), ...]`, or one expression
 * (a number, `evals(100000 * D)`, `seconds(1)`).
 */
export type ExperimentValue =
  | { kind: 'suite'; name: string; nameLoc: Loc; loc: Loc }
  | { kind: 'list'; items: Expr[]; loc: Loc }
  | { kind: 'expr'; expr: Expr; loc: Loc };

/**
 * `experiment NAME { key = value ... }`: algorithms x problems x dimensions x runs with a budget
 * (src/elaborate/experiment.ts reads the entries).
 */
export interface ExperimentDecl {
  kind: 'experiment';
  name: string;
  nameLoc: Loc;
  entries: { key: string; keyLoc: Loc; value: ExperimentValue }[];
  loc: Loc;
  /** The offset just past the closing brace (loc spans the first line only, for carets). */
  end: number;
  file: string;
}

/**
 * `repair NAME(x, p) = EXPR`: a bound-handling policy. EXPR is the value of one coordinate brought
 * back into the box: x the coordinate as the operator made it, p the parent's coordinate, `lo` and
 * `hi` the coordinate's bounds; it may draw (`rand()`). An algorithm's `bounds` parameter names
 * one (src/elaborate/bounds.ts applies it to every point before it is evaluated).
 */
export interface RepairDecl {
  kind: 'repair';
  name: string;
  nameLoc: Loc;
  params: { name: string; loc: Loc }[];
  value: Expr;
  loc: Loc;
  file: string;
}

export type Decl = ProblemDecl | DataDecl | AlgorithmDecl | SuiteDecl | ExperimentDecl | RepairDecl;

/**
 * `import "path.opt"` (top level): the declarations of that file, and of the files it imports,
 * are part of the compilation (src/parser/sources.ts follows them). `path` is the string as
 * written, without its quotes: relative to the importing file's folder, or absolute.
 */
export interface ImportDecl {
  kind: 'import';
  path: string;
  pathLoc: Loc;
  /** From `import` to the end of the path: where import errors point. */
  loc: Loc;
}

export interface SourceFile {
  file: string;
  text: string;
  decls: Decl[];
  /** The file's imports, in source order (they are no declarations: they bind no name). */
  imports: ImportDecl[];
}
