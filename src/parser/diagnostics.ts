// The diagnostics catalogue. Every user-facing compile error has a stable code and a message
// template here (as the TypeScript compiler keeps diagnosticMessages.json); the tests in
// test/diagnostics.test.ts exercise each code, and test/baselines.test.ts prints every diagnostic of
// a corpus of bad programs. Messages use {0}, {1}... placeholders. A code names one kind of error:
// a '{0}' message is the parser's own text (SyntaxError) only, and a retired code is not reused.

import type { Loc } from './ast.js';

export const Diag = {
  // 1xxx: lexical and syntax
  UnexpectedCharacter: { code: 1001, message: "unexpected character '{0}'" },
  SyntaxError: { code: 1002, message: '{0}' },
  UnterminatedComment: { code: 1003, message: 'unterminated block comment: /* needs a closing */' },
  UnterminatedString: {
    code: 1004,
    message: 'unterminated string: a path in quotes must end with " on the same line',
  },
  NestedTooDeep: {
    code: 1005,
    message:
      'expressions are nested more than {0} deep here (parentheses, if, unary minus, not, powers, calls and indices each nest): write the inner part as a let',
  },
  // 2xxx: names and binding
  UnknownName: { code: 2001, message: "unknown name '{0}'{1}" },
  DuplicateName: { code: 2002, message: "'{0}' is already defined{1}" },
  UnboundIndex: { code: 2003, message: "index '{0}' is not bound here{1}" },
  UnknownFunction: { code: 2004, message: "unknown function or problem '{0}'{1}" },
  WrongArity: { code: 2005, message: "'{0}' takes {1}, but {2} given{3}" },
  UnknownNamedArgument: { code: 2006, message: "'{0}' has no argument named '{1}'{2}" },
  RecursiveCall: {
    code: 2007,
    message: "problem '{0}' calls itself{1} (recursion is not allowed)",
  },
  ShadowedIndex: { code: 2008, message: "index '{0}' shadows {1}: choose another index name" },
  // A name that exists but is used as what it is not (these were UnknownName and UnknownFunction
  // with a hint, which called a known name unknown).
  FunctionAsValue: { code: 2009, message: "'{0}' is a function: call it with arguments" },
  ValueCalled: { code: 2010, message: "'{0}' is a value, not a function" },
  DataCalled: { code: 2011, message: "'{0}' is data, not a function: index it with {0}[...]" },
  // Imports (src/parser/sources.ts): at the import's place, `import "path"`.
  ImportNotFound: { code: 2012, message: "cannot import '{0}': {1}" },
  ImportCycle: {
    code: 2013,
    message: 'import cycle: {0} (a file cannot import itself, directly or through others)',
  },
  ImportNotOpt: {
    code: 2014,
    message: 'cannot import \'{0}\': an import names a .opt file (data is read with file("..."))',
  },
  // 3xxx: types and shapes
  ExpectedScalar: { code: 3001, message: 'expected a scalar here, but this is a {0}' },
  ExpectedVector: { code: 3002, message: 'expected a vector here, but this is a {0}' },
  ExpectedInteger: {
    code: 3003,
    message: '{0} must be an integer expression, but this is real{1}',
  },
  ExpectedBoolean: {
    code: 3004,
    message: 'expected a condition (a comparison), but this is a number',
  },
  BooleanAsNumber: { code: 3005, message: 'a condition cannot be used as a number{0}' },
  TooManyIndices: { code: 3006, message: "'{0}' has {1}, but {2} given" },
  LengthMismatch: { code: 3007, message: 'vector lengths differ: {0} and {1}' },
  NotConstant: { code: 3008, message: '{0} must be a constant expression' },
  BadSlice: { code: 3009, message: 'slice [{0}:{1}] is empty or outside the vector of length {2}' },
  IndexOutOfRange: { code: 3010, message: "constant index {0} is outside '{1}' of length {2}" },
  NotIndexable: { code: 3011, message: '{0} is a scalar and cannot be indexed' },
  VectorInReduction: {
    code: 3012,
    message: 'a reduction body must be a scalar, but this is a {0}',
  },
  IfShapeMismatch: {
    code: 3013,
    message: 'both branches of if must have the same shape ({0} and {1})',
  },
  DivisionByZero: { code: 3014, message: 'integer {0} by zero' },
  BadLength: { code: 3015, message: 'the length of a vector must be at least 1, but this is {0}' },
  CallDependsOnIndex: {
    code: 3016,
    message:
      "the argument of '{0}' depends on the index '{1}': a problem call (or rank, argsort, sort) is evaluated once, so its argument cannot vary with an enclosing reduction or vector let",
  },
  RealSize: { code: 3017, message: 'a size must be an integer, but {0} is a real number{1}' },
  // 4xxx: declarations
  MissingResult: {
    code: 4001,
    message: "problem '{0}' has no result expression (the last line of its body)",
  },
  // 4002 and 4003 were BadDataInit and BadDataDims, each a prefix before free text; their kinds
  // are split into 4002, 4003 (each the kind its examples named first) and 4014-4026.
  ShapedDataInit: {
    code: 4002,
    message:
      "data '{0}': a data declaration with a shape such as [D] is initialised by uniform(...), normal(...), permutation(...), file(...) or a jrandom_ generator; computed data is written with index names: data B[i] = ...",
  },
  BadDataRank: { code: 4003, message: "data '{0}': data is a vector [n] or a matrix [n][m]" },
  BadOptimumPoint: {
    code: 4004,
    message: 'the optimum point must be a constant or a data vector of length D{0}',
  },
  BadBox: {
    code: 4005,
    message: 'the box [{0}, {1}] is empty: the lower bound must be below the upper bound',
  },
  UnknownProblem: { code: 4006, message: "no problem named '{0}'{1}" },
  GeneratorOutsideData: {
    code: 4007,
    message: '{0}(...) can only initialise a data declaration: data NAME[D] = {0}(...)',
  },
  RecursiveData: { code: 4008, message: "data '{0}' is defined in terms of itself{1}" },
  UnknownSuite: { code: 4009, message: "no suite named '{0}'{1}" },
  // 4010 was BadSuite, a prefix before free text; split into EmptySuite and SuiteMemberTwice.
  EmptySuite: { code: 4010, message: "suite '{0}': it lists no problems" },
  BadDimension: {
    code: 4011,
    message: "problem '{0}' exists only where {1}, and {2} = {3}",
  },
  NoProblemToCompile: {
    code: 4012,
    message: 'no problem to compile: name one, or give a file that declares a problem',
  },
  SuiteMemberTwice: { code: 4013, message: "suite '{0}': '{1}' is listed twice" },
  // Data declarations (the kinds of the former 4002 and 4003).
  DataCallsProblem: {
    code: 4014,
    message: "data '{0}': computed data cannot call the problem '{1}'",
  },
  BadDataDimension: {
    code: 4015,
    message: "data '{0}': a dimension must be a positive integer expression of D",
  },
  DataIndexNotName: {
    code: 4016,
    message: "data '{0}': computed data is written with index names: data B[i] = ...",
  },
  BadGeneratorCount: {
    code: 4017,
    message: "data '{0}': {1} must be an integer of at least {2}, but it is {3}",
  },
  FilePathNotString: { code: 4018, message: "data '{0}': file(...) takes a path in quotes" },
  FileRowsTooShort: {
    code: 4019,
    message: "data '{0}': {1} columns do not fit in the file's rows of {2} numbers",
  },
  GeneratorDrawsVector: {
    code: 4020,
    message:
      "data '{0}': {1}(...) draws a vector, so the data has one size: data {0}[n] = {1}(...)",
  },
  BadRotationShape: {
    code: 4021,
    message:
      "data '{0}': a rotation is an m x m matrix, or k of them stacked (k m rows of m), not {1}",
  },
  SeedAndAfter: {
    code: 4022,
    message:
      "data '{0}': {1} takes seed: (a new stream) or after: (the stream of earlier data), not both",
  },
  JrandomSeedTooLarge: {
    code: 4023,
    message:
      "data '{0}': the seed is java.util.Random's 48-bit state: below 2^48 = 281474976710656, but it is {1}",
  },
  AfterNotData: {
    code: 4024,
    message:
      "data '{0}': after: takes the name of a data declaration drawn by a jrandom_ generator",
  },
  AfterNotJrandom: {
    code: 4025,
    message:
      "data '{0}': after: continues the java.util.Random stream of earlier data, but '{1}' is not drawn by {2}",
  },
  BadShiftBounds: {
    code: 4026,
    message:
      "data '{0}': jrandom_shift(lo, hi) needs finite bounds with lo <= hi, but they are {1} and {2}",
  },
  BoxSide: {
    code: 4027,
    message:
      'the {0} bound of the box must be a constant or a data vector of length D (one bound a coordinate){1}',
  },
  BoxCoordinate: {
    code: 4028,
    message:
      'the box is empty at coordinate {0}: [{1}, {2}] (each coordinate needs finite bounds, the lower below the upper){3}',
  },
  ExpressionTooLong: {
    code: 4029,
    message:
      'this chain of operators is longer than {0} terms where it depends on a reduction or vector-let index (a longer chain is split into lets, which cannot see that index): split it into lets over the index, or write it as a reduction',
  },
  GpuChainsTooLong: {
    code: 4030,
    message:
      "this program's long written chains have {0} operators in all, more than the {1} the GPU backend compiles: a shader compiler's time grows faster than a kernel's length ({2}), so a longer kernel is refused before it is compiled. Write the terms as a reduction over an index (sum(i) ..., with data where the terms differ), or use --backend cpu",
  },
  // 5xxx: data files
  DataFileMissing: { code: 5001, message: 'data file not found: {0}' },
  DataFileTooShort: {
    code: 5002,
    message: 'data file {0} has {1} numbers, but {2} are needed ({3})',
  },
  // The place in a data file is `path:line:col` ({0} of the messages below that name one).
  DataFileBadNumber: { code: 5003, message: "data file {0}: '{1}' is not a number" },
  DataTooLarge: {
    code: 5004,
    message: "data '{0}' is only available up to D = {1}, but D = {2} was asked{3}",
  },
  DataFileUnreadable: { code: 5005, message: 'data file {0} cannot be read: {1}' },
  // A file read as a table (docs/language.md, "Data"): one row a line, every row checked.
  DataRowLength: { code: 5006, message: "data '{0}': {1}: line {2} has {3}, but {0} has {4}" },
  DataRowCount: {
    code: 5007,
    message: "data '{0}': {1}: the file has {2}, but {0} is declared with {3}{4}",
  },
  DataNonFinite: {
    code: 5008,
    message:
      "data file {0}: '{1}' is not a finite number (NaN and infinities are read only with file(..., nonfinite: true))",
  },
  DataHeaderLength: {
    code: 5009,
    message: "data '{0}': {1}: the header names {2}, but {0} has {3}",
  },
  DataFileNoRows: { code: 5010, message: "data '{0}': data file {1} has no rows{2}" },
  DataEmptyValue: {
    code: 5011,
    message:
      'data file {0}: an empty value (nothing between two commas, or a comma at an end of the line)',
  },
  RowCountWithOffset: {
    code: 5012,
    message:
      "data '{0}': its size {1} is the file's row count, so the file is read as a table, which takes no {2}",
  },
  BadFlag: { code: 5013, message: "data '{0}': {1} takes true or false" },
  RowCountNotFirst: {
    code: 5014,
    message:
      "data '{0}': only the row count (the first size) is taken from a file; the columns are a constant or an expression of D",
  },
  RowCountLikeD: {
    code: 5015,
    message:
      "data '{0}': '{1}' would be a row count taken from the file (a name used nowhere else); the dimension is D. Write D, or name the row count otherwise (N, ROWS)",
  },
  // 6xxx: algorithms
  UnknownAlgorithm: { code: 6001, message: "no algorithm named '{0}'{1}" },
  // 6002 was BadParameter, a prefix before free text; its kinds are split into ParameterOutOfRange
  // (6002) and 6027-6032.
  ParameterOutOfRange: { code: 6002, message: "parameter '{0}': {1} is outside [{2}, {3}]" },
  // 6003 was BadAlgorithm, a free-text catch-all; its kinds are split into the codes below, and
  // 6003 stays with the kind its examples named first.
  GenerationAssignment: {
    code: 6003,
    message:
      'outside an each block, the only assignment is a selection: X = best(X, O) keeps the best N of two populations',
  },
  PopulationTooSmall: {
    code: 6004,
    message:
      '{0} distinct individuals other than this one need a population of at least {1}, but it has {2}{3}',
  },
  GpuCondition: {
    code: 6005,
    message:
      'this depends on the population, which lives on the GPU: a generation-level if and a repeat count are decided on the host from parameters, gen, progress and draws only',
  },
  // The declarations of an algorithm.
  ProblemWithoutBox: {
    code: 6006,
    message: "problem '{0}' has no box (in [lo, hi]): the initial population is drawn in it",
  },
  MissingPopulation: { code: 6007, message: 'an algorithm needs a population (population X[N])' },
  BadStateSize: { code: 6008, message: 'a size must be a positive integer, got {0}' },
  PopulationShape: { code: 6009, message: 'a population has one size: population {0}[N]' },
  StateShape: {
    code: 6010,
    message: 'state has one or two sizes: state {0}[N] = ... or state {0}[N][M] = ...',
  },
  MissingStateInit: { code: 6011, message: 'state {0} needs an initial value (= ...)' },
  BadPopulationInit: {
    code: 6012,
    message:
      'a population starts uniform in the box, or as a copy of an earlier population: population B[N] = P',
  },
  PopulationCopySize: {
    code: 6013,
    message: 'population {0}[{1}] = {2} copies {2}, which has {3} rows: the sizes must agree',
  },
  // Selection: X = best(A, B) at the generation level.
  BestArgument: { code: 6014, message: 'best(...) takes two populations' },
  BestSize: {
    code: 6015,
    message:
      '{0} = best({1}, {2}) keeps as many rows as its first argument, but {1} has {3} rows and {0} has {4}',
  },
  BestInExpression: {
    code: 6016,
    message: 'best(X, O) is a selection: write X = best(X, O) at the generation level',
  },
  // each blocks.
  NestedEach: { code: 6017, message: 'each blocks do not nest' },
  IfStatementInEach: {
    code: 6018,
    message: 'an if inside each is written as an if-expression: x = if c then a else b',
  },
  AssignToNonState: {
    code: 6019,
    message: "'{0}' is not a population or a state array: only state is assigned",
  },
  WriteOtherRow: {
    code: 6020,
    message:
      'an each block writes its own row: {0}[{1}] = ... (each i in X[c] may also write row 0 of a one-row array)',
  },
  AssignedTwice: { code: 6021, message: '{0}[{1}] is assigned twice in this each block' },
  PartialRowAssignment: {
    code: 6022,
    message: 'assign the whole row, {0}[{1}] = v, so that its fitness is evaluated',
  },
  EvaluationOutsideEach: {
    code: 6023,
    message:
      'f(v) evaluates a vector only inside an each block (f(X[k]) reads a stored fitness anywhere)',
  },
  BetterOutsideEach: {
    code: 6024,
    message: 'better(a, b) is used only inside an each block',
  },
  // Draws.
  BadRandintBound: { code: 6025, message: 'randint(n) needs n >= 1, got {0}' },
  BadDistinctCount: {
    code: 6026,
    message: 'distinct(k, n, except: i) draws k = 1 to 4 indices',
  },
  // Parameters (of algorithms, and of problems where said), and their --set values.
  BadChoiceDefault: { code: 6027, message: "parameter '{0}': the default must be one of {1}" },
  NotAChoice: { code: 6028, message: "parameter '{0}': '{1}' is not one of {2}" },
  SetNotANumber: { code: 6029, message: "parameter '{0}': '{1}' is not a number" },
  SetNotAnInteger: { code: 6030, message: "parameter '{0}': '{1}' is not an integer" },
  UnknownParameter: { code: 6031, message: "parameter '{0}': {1} has no parameter '{0}'{2}" },
  AmbiguousParameter: {
    code: 6032,
    message: "parameter '{0}': both {1} and {2} have a parameter '{0}': rename one of them",
  },
  ChoiceInProblem: {
    code: 6033,
    message: "parameter '{0}': a problem parameter is a number, not a choice",
  },
  EachOverNonState: {
    code: 6034,
    message: "'{0}' is {1}, not a population: each runs over a population or a state array",
  },
  BadRepeatCount: { code: 6035, message: 'repeat runs its block n >= 0 times, got {0}' },
  BadEachCount: {
    code: 6036,
    message: 'each i in {0}[:n] runs the first n of its {1} rows: n must be in [0, {1}], got {2}',
  },
  CountedEachReadsOther: {
    code: 6037,
    message:
      "each i in {0}[:n] writes '{1}' and reads or writes it at another row: a step over the first n rows reads what it writes only at its own row (write the new rows to another array, then copy them in a step of their own)",
  },
  SortedArgument: {
    code: 6038,
    message: '{0} = sorted(...) sorts {0} in place: write {0} = sorted({0})',
  },
  // repeat n while c.
  WhileBound: {
    code: 6039,
    message:
      'repeat while c needs its bound: repeat n while c, with n the most iterations, decided on the host',
  },
  WhileCondition: {
    code: 6040,
    message:
      'the condition of repeat n while c must be a comparison (a scalar computed on the GPU before each iteration), but this is a {0}',
  },
  WhileBody: {
    code: 6041,
    message:
      "a {0} inside repeat n while c: its body holds each blocks, lets and selections only (the GPU counts an iteration's evaluations as one number)",
  },
  // Bound handling (src/elaborate/algorithm.ts, `bounds` and `repair`).
  RepairParameters: {
    code: 6042,
    message:
      "repair '{0}' takes two parameters, the coordinate and the parent's coordinate (repair {0}(x, p) = ...), but has {1}",
  },
  BoundsParameterForm: {
    code: 6043,
    message:
      "parameter 'bounds' names a bound policy (bounds = midpoint, a repair declaration): it takes no range or choices",
  },
  BoundsNone: {
    code: 6044,
    message:
      "bounds = none leaves points outside the box, but the box of problem '{0}' is a constraint (only a box declared `in [lo, hi] unconstrained` is not): choose a policy ({1})",
  },
  RepairOutsideEach: {
    code: 6045,
    message: 'inbox(v, parent) brings a point into the box inside an each block only',
  },
  RetryForm: {
    code: 6046,
    message:
      'a resample is the whole body of a repair, retry(TRIES, FALLBACK): TRIES a constant from 1 to {0}, FALLBACK the name of another repair that is not a retry{1}',
  },
  GpuTooManyStates: {
    code: 6047,
    message:
      "algorithm '{0}' has {1} state arrays on the GPU (its own and those the compiler adds: best, trace, a loop's flags), more than the {2} a step's parameter block addresses: merge some into one array with more columns, or use --backend cpu",
  },
  CountedStepTwoCopies: {
    code: 6048,
    message:
      "algorithm '{0}': step {1} runs the first n rows (each i in X[:n]) but would write {2} to a second copy on the GPU, leaving the other rows stale there (a write reads an array an earlier write of the step changed): write those arrays in a step of their own",
  },
  WhileEvaluations: {
    code: 6049,
    message:
      'an iteration of this repeat n while c makes {0} evaluations, but the GPU counts fewer than {1} an iteration (its float32 counter): split the body over more iterations or make the population smaller',
  },
  HostValues: {
    code: 6050,
    message:
      'the kernels take at most {0} integers from the host a run (integer generation lets of parameters, gen and progress, and repeat indices): {1} is one more',
  },
  // 7xxx: experiments (src/elaborate/experiment.ts)
  UnknownExperimentEntry: {
    code: 7001,
    message: "experiment '{0}': there is no entry '{1}'{2}",
  },
  ExperimentEntryTwice: { code: 7002, message: "experiment '{0}': {1} '{2}' is given twice" },
  MissingExperimentEntry: { code: 7003, message: "experiment '{0}' needs an entry '{1}'" },
  BadExperimentEntry: { code: 7004, message: "'{0}' of an experiment is {1}" },
  BadExperimentBudget: {
    code: 7005,
    message: 'at D = {0} the evaluation budget is {1}: it must be a positive integer',
  },
  UnknownExperiment: { code: 7006, message: "no experiment named '{0}'{1}" },
  NoExperiment: { code: 7007, message: 'the files declare no experiment' },
  ExperimentNotNamed: {
    code: 7008,
    message: 'the files declare {0} experiments ({1}): name the one to run',
  },
  ExperimentNeedsDims: {
    code: 7009,
    message:
      "experiment '{0}' gives no dims, so each of its problems must be an instance of a fixed size (where D == n); '{1}' is not: give dims = [...]",
  },
} as const;

export type DiagKind = keyof typeof Diag;

export interface Diagnostic {
  code: number;
  message: string;
  loc?: Loc;
  severity: 'error' | 'warning';
  /**
   * A second place the error is about, in a file that is not a source (a data file: the line and
   * column of the row that does not fit), with that line's text; printed as a note after the
   * source excerpt, and an editor's related information.
   */
  related?: Related;
}

/** A place in a data file, its line's text, and what is there. */
export interface Related {
  file: string;
  line: number;
  col: number;
  text: string;
  message: string;
}

export function diag(
  kind: DiagKind,
  loc: Loc | undefined,
  ...args: (string | number)[]
): Diagnostic {
  const entry = Diag[kind];
  const message = entry.message.replace(/\{(\d+)\}/g, (_, n: string) =>
    String(args[Number(n)] ?? ''),
  );
  return { code: entry.code, message, loc, severity: 'error' };
}

/** The error thrown by the compiler API when a program has errors; carries all diagnostics. */
export class OptError extends Error {
  constructor(
    public readonly diagnostics: Diagnostic[],
    public readonly sources: Map<string, string> = new Map(),
  ) {
    super(diagnostics.map((d) => formatDiagnostic(d, sources.get(d.loc?.file ?? ''))).join('\n'));
    this.name = 'OptError';
  }
}

export function codeString(code: number): string {
  return `OPT${String(code).padStart(4, '0')}`;
}

/**
 * `file:line:col: error OPTnnnn: message`, then the source line and a caret under the span.
 * This is the format the VS Code problem matcher reads.
 */
export function formatDiagnostic(d: Diagnostic, sourceText?: string): string {
  const head = d.loc
    ? `${d.loc.file}:${d.loc.line}:${d.loc.col}: ${d.severity} ${codeString(d.code)}: ${d.message}`
    : `${d.severity} ${codeString(d.code)}: ${d.message}`;
  const note = d.related ? `\n${formatRelated(d.related)}` : '';
  if (!d.loc || sourceText === undefined) return head + note;
  const line = sourceText.split(/\r?\n/)[d.loc.line - 1];
  if (line === undefined) return head + note;
  if (line.length <= LONG_LINE)
    return `${head}\n${excerpt(line, d.loc.line, d.loc.col, d.loc.length)}${note}`;
  // A long line (a chain of 100,000 terms written on one line) is shown around the place: the
  // columns before it and after its first characters, `...` marking a cut.
  const length = Math.max(1, Math.min(d.loc.length, LONG_CONTEXT));
  const cut = cutAround(line, d.loc.col, LONG_CONTEXT, length + LONG_CONTEXT);
  return `${head}\n${excerpt(cut.shown, d.loc.line, cut.col, length)}${note}`;
}

/**
 * `text` cut to the `before` characters ahead of column `col` and the `after` from it on, `...`
 * marking each cut; the column in what is shown.
 */
function cutAround(text: string, col: number, before: number, after: number) {
  const from = Math.max(0, col - 1 - before);
  const to = Math.min(text.length, col - 1 + after);
  const pre = from > 0 ? '...' : '';
  return {
    shown: pre + text.slice(from, to) + (to < text.length ? '...' : ''),
    col: col - from + pre.length,
  };
}

/** A source line longer than this is cut around the diagnostic's place, LONG_CONTEXT a side. */
const LONG_LINE = 200;
const LONG_CONTEXT = 60;

/** A line with its number in the gutter, and a caret line under `width` characters from `col`. */
function excerpt(line: string, lineNo: number, col: number, length: number): string {
  const gutter = String(lineNo).padStart(4) + ' | ';
  const width = Math.max(1, Math.min(length, line.length - col + 1));
  // Tabs in the source line are kept in the caret line's indentation, so the caret lines up.
  const indent =
    line.slice(0, col - 1).replace(/[^\t]/g, ' ') + ' '.repeat(Math.max(0, col - 1 - line.length));
  const caret = ' '.repeat(gutter.length - 2) + '| ' + indent + '^' + '~'.repeat(width - 1);
  return `${gutter}${line}\n${caret}`;
}

/** Characters of a data file's line shown either side of the column (its lines can be long). */
const NOTE_CONTEXT = 40;

/**
 * `file:line:col: note: message`, then the data file's line (cut to the columns around `col`,
 * `...` marking a cut) and a caret at the column.
 */
export function formatRelated(r: Related): string {
  const head = `${r.file}:${r.line}:${r.col}: note: ${r.message}`;
  const cut = cutAround(r.text, r.col, NOTE_CONTEXT, NOTE_CONTEXT);
  return `${head}\n${excerpt(cut.shown, r.line, cut.col, 1)}`;
}
