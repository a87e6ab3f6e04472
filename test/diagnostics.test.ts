// The diagnostics catalogue (src/parser/diagnostics.ts), code by code: each entry of `Diag` has a
// small source that triggers exactly that error, and the test checks the code, the message (or its
// key part) and the exact line:col. Then: several errors reported in one run, the printed format,
// a fuzz of malformed inputs (only OptError may come out of the compiler), and data-file errors.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileProblem, experimentDesign, OptError, parseAll, suiteProblems } from '../src/api.js';
import { compileAlgorithm } from '../src/compile/algorithm.js';
import { setDataRoot } from '../src/ir/datafiles.js';
import {
  codeString,
  Diag,
  formatDiagnostic,
  type DiagKind,
  type Diagnostic,
} from '../src/parser/diagnostics.js';

const FILE = 'test.opt';

/** Compile; return the diagnostics of the OptError it must throw. */
function diagnosticsOf(
  sources: Record<string, string>,
  opts: {
    problem?: string;
    dim?: number;
    algorithm?: string;
    set?: Record<string, string>;
    suite?: string;
    experiment?: string | true;
    gpu?: boolean;
  } = {},
): Diagnostic[] {
  try {
    if (opts.experiment)
      experimentDesign(opts.experiment === true ? undefined : opts.experiment, { sources });
    else if (opts.suite) suiteProblems(opts.suite, { sources });
    else if (opts.algorithm)
      compileAlgorithm({
        algorithm: opts.algorithm,
        problem: opts.problem ?? 'p',
        dim: opts.dim ?? 4,
        sources,
        set: opts.set,
        gpu: opts.gpu,
      });
    else compileProblem({ problem: opts.problem, dim: opts.dim ?? 4, sources, gpu: opts.gpu });
  } catch (e) {
    if (e instanceof OptError) return e.diagnostics;
    throw e;
  }
  throw new Error('expected an OptError, but the program compiled');
}

const errorsOf = (src: string, opts: { problem?: string; dim?: number } = {}) =>
  diagnosticsOf({ [FILE]: src }, opts);

const where = (d: Diagnostic) => (d.loc ? `${d.loc.line}:${d.loc.col}` : 'no location');

// Temporary data files for the 5xxx codes.
const tmp = mkdtempSync(join(tmpdir(), 'opt-diagnostics-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const dataFile = (name: string, text: string) => {
  const p = join(tmp, name);
  writeFileSync(p, text);
  return p;
};
const threeNumbers = dataFile('three.txt', '1.5 2.5\n3.5\n');
const badNumber = dataFile('bad.txt', '1 2 abc 4 5 6');
const rowsOfThree = dataFile(
  'rows3.txt',
  Array.from({ length: 6 }, (_, r) => `${3 * r} ${3 * r + 1} ${3 * r + 2}`).join('\n'),
);
// Tables (read one row a line): a shifted row, an extra row, NaN, a header, an empty value.
const shiftedRow = dataFile('shifted.csv', '0.5,1\n1,5,2\n2,4\n');
const threeRows = dataFile('three-rows.txt', '1 2\n3 4\n5 6\n');
const withNan = dataFile('nan.txt', '1 2\n3 NaN\n');
const wideHeader = dataFile('header.csv', 'x,y,z\n1,2\n');
const emptyValue = dataFile('empty.csv', '1,2\n3,\n');
const onlyHeader = dataFile('only-header.csv', 'x,y\n');
const aDirectory = join(tmp, 'a-directory');
mkdirSync(aDirectory);
dataFile('cycle-b.opt', 'import "cycle-a.opt"\nproblem q(x[D]) { x[0] }\n');

interface Case {
  src: string;
  /** 'line:col', or undefined for a diagnostic without a location (UnknownProblem). */
  at: string | undefined;
  /** The whole message, or (RegExp) its key part. */
  message: string | RegExp;
  problem?: string;
  dim?: number;
  /** The source file's name (a path in the temporary directory, for relative data paths). */
  file?: string;
  /** Compile this algorithm (for problem `problem`, default p) instead of a problem. */
  algorithm?: string;
  set?: Record<string, string>;
  /** Resolve this suite instead of compiling a problem. */
  suite?: string;
  /** Elaborate this experiment's design (true: the file's one's) instead of compiling a problem. */
  experiment?: string | true;
  /** Compile the problem for the GPU backend (CompileRequest.gpu). */
  gpu?: boolean;
}

const P = 'problem p(x[D]) in [-1, 1] { sum(i) x[i]^2 }\n';
// A valid experiment (the 7xxx cases change one thing in it).
const EXP = `experiment e {
  algorithms = [de]
  problems = [sphere]
  dims = [10]
  runs = 3
  budget = evals(1000 * D)
}
`;

// One case per catalogue entry; the type makes a missing entry a type error as well.
const CASES: { [K in DiagKind]: Case } = {
  // 1xxx: lexical and syntax
  UnexpectedCharacter: {
    src: 'problem f(x[D]) { x[0] # 1 }',
    at: '1:24',
    message: "unexpected character '#'",
  },
  SyntaxError: {
    src: 'problem f(x[D]) {\n  x[0] +\n}',
    at: '3:1',
    message: "expected an expression but found '}'",
  },
  UnterminatedComment: {
    src: 'problem f(x[D]) { x[0] }\n/* the end\nproblem g(x[D]) { x[1] }\n',
    at: '2:1',
    message: 'unterminated block comment: /* needs a closing */',
  },
  UnterminatedString: {
    src: 'data o[D] = file("o.txt)\nproblem f(x[D]) { o[0] }',
    at: '1:18',
    message: /^unterminated string/,
  },
  NestedTooDeep: {
    // The body is a level, each parenthesis one, the index one: 62 parentheses are 64 levels.
    src: `problem f(x[D]) { ${'('.repeat(63)}x[0]${')'.repeat(63)} }`,
    at: '1:84',
    message: /^expressions are nested more than 64 deep here/,
  },
  // 2xxx: names and binding
  UnknownName: {
    src: 'problem f(x[D]) {\n  let scale = 2\n  sum(i) scal * x[i]\n}',
    at: '3:10',
    message: "unknown name 'scal' (did you mean 'scale'?)",
  },
  DuplicateName: {
    src: 'problem f(x[D]) {\n  let a = 1\n  let a = 2\n  a * x[0]\n}',
    at: '3:7',
    message: "'a' is already defined (first defined at line 2, column 7)",
  },
  UnboundIndex: {
    // The classic slip: the body of sum(i) is the multiplicative term x[i]^2 only.
    src: 'problem f(x[D]) { sum(i) x[i]^2 - 10 * cos(x[i]) }',
    at: '1:46',
    message:
      "index 'i' is not bound here (the body of the sum(i) at column 19 ends at the first + or - outside parentheses: write sum(i) (a + b))",
  },
  UnknownFunction: {
    src: 'problem f(x[D]) { sphre(x) }',
    at: '1:19',
    message: "unknown function or problem 'sphre' (did you mean 'sphere'?)",
  },
  WrongArity: {
    src: 'problem f(x[D]) { sin(x[0], 1) }',
    at: '1:19',
    message: "'sin' takes 1 argument, but 2 were given",
  },
  UnknownNamedArgument: {
    src: 'data o[D] = uniform(-1, 1, sed: 3)\nproblem f(x[D]) { o[0] }',
    at: '1:28',
    message: "'uniform' has no argument named 'sed' (it takes: seed)",
  },
  RecursiveCall: {
    src: 'problem f(x[D]) { g(x) }\nproblem g(x[D]) { 1 + f(x) }',
    problem: 'f',
    at: '2:23',
    message: "problem 'f' calls itself through 'g' (f -> g -> f) (recursion is not allowed)",
  },
  ShadowedIndex: {
    src: 'problem f(x[D]) { sum(i) sum(i) x[i] }',
    at: '1:30',
    message:
      "index 'i' shadows the index of an enclosing reduction or vector let: choose another index name",
  },
  FunctionAsValue: {
    src: 'problem f(x[D]) { sphere + x[0] }',
    at: '1:19',
    message: "'sphere' is a function: call it with arguments",
  },
  ValueCalled: {
    src: 'problem f(x[D]) {\n  let a = 2\n  a(x) + x[0]\n}',
    at: '3:3',
    message: "'a' is a value, not a function",
  },
  DataCalled: {
    src: 'data o[D] = uniform(0, 1, seed: 1)\nproblem f(x[D]) { o(1) + x[0] }',
    at: '2:19',
    message: "'o' is data, not a function: index it with o[...]",
  },
  // Imports: at the import, in the file given (a path in the temporary directory).
  ImportNotFound: {
    src: 'import "lib/none.opt"\n' + P,
    file: join(tmp, 'imports-none.opt'),
    at: '1:1',
    message: `cannot import 'lib/none.opt': there is no file ${join(tmp, 'lib', 'none.opt')}`,
  },
  ImportCycle: {
    // cycle-b.opt imports this file back: reported here, where the cycle was entered.
    src: '// the second line imports\nimport "cycle-b.opt"\n' + P,
    file: join(tmp, 'cycle-a.opt'),
    at: '2:1',
    message:
      'import cycle: cycle-a.opt -> cycle-b.opt -> cycle-a.opt (a file cannot import itself, directly or through others)',
  },
  ImportNotOpt: {
    src: P + 'import "three.txt"\n',
    file: join(tmp, 'imports-data.opt'),
    at: '2:1',
    message:
      'cannot import \'three.txt\': an import names a .opt file (data is read with file("..."))',
  },
  // 3xxx: types and shapes
  ExpectedScalar: {
    src: 'problem f(x[D]) { x }',
    at: '1:19',
    message: 'expected a scalar here, but this is a vector of length 4',
  },
  ExpectedVector: {
    src: 'problem f(x[D]) { sphere(x[0]) }',
    at: '1:26',
    message: 'expected a vector here, but this is a scalar',
  },
  ExpectedInteger: {
    src: 'problem f(x[D]) { x[D / 4] }',
    at: '1:21',
    message:
      'an index must be an integer expression, but this is real (/ is real division: write idiv(D, 4) for integer division)',
  },
  ExpectedBoolean: {
    src: 'problem f(x[D]) { if x[0] then 1 else 2 }',
    at: '1:22',
    message: 'expected a condition (a comparison), but this is a number',
  },
  BooleanAsNumber: {
    src: 'problem f(x[D]) { 1 + (x[0] < x[1]) }',
    at: '1:24',
    message: 'a condition cannot be used as a number; write `if c then 1 else 0`',
  },
  TooManyIndices: {
    src: 'problem f(x[D]) { x[0][1] }',
    at: '1:19',
    message: "'x' has 1 dimension, but 2 indices are given",
  },
  LengthMismatch: {
    src: 'problem f(x[D]) { rastrigin(x[0:3] - x[0:4]) }',
    at: '1:29',
    message: 'vector lengths differ: x[0:3] has length 3 and x[0:4] has length 4',
  },
  NotConstant: {
    src: 'problem f(x[D]) in [-5, 5] optimum x[0] { sum(i) x[i]^2 }',
    at: '1:36',
    message: 'the optimum value must be a constant expression',
  },
  BadSlice: {
    src: 'problem f(x[D]) { sphere(x[2:1]) }',
    at: '1:26',
    message: 'slice [2:1] is empty or outside the vector of length 4',
  },
  IndexOutOfRange: {
    src: 'problem f(x[D]) { x[0] + x[7] }',
    at: '1:28',
    message: "constant index 7 is outside 'x' of length 4",
  },
  NotIndexable: {
    src: 'problem f(x[D]) {\n  let a = 1\n  a[0]\n}',
    at: '3:3',
    message: "'a' is a scalar and cannot be indexed",
  },
  VectorInReduction: {
    src: 'problem f(x[D]) { sum(i) x }',
    at: '1:26',
    message: 'a reduction body must be a scalar, but this is a vector of length 4',
  },
  IfShapeMismatch: {
    src: 'problem f(x[D]) { sphere(if x[0] > 0 then x else 1) }',
    at: '1:26',
    message: 'both branches of if must have the same shape (vector of length 4 and scalar)',
  },
  DivisionByZero: {
    src: 'problem f(x[D]) { x[D % 0] }',
    at: '1:25',
    message: 'integer remainder (%) by zero',
  },
  BadLength: {
    src: 'problem f(x[D]) {\n  let y[i < D - D] = x[i]\n  y[0]\n}',
    at: '2:13',
    message: 'the length of a vector must be at least 1, but this is 0',
  },
  CallDependsOnIndex: {
    src: 'problem f(x[D]) { sum(i) sphere(x - x[i]) }',
    at: '1:33',
    message: /^the argument of 'sphere' depends on the index 'i'/,
  },
  // 4xxx: declarations
  MissingResult: {
    src: 'problem f(x[D]) {\n  let a = x[0]\n}',
    at: '1:9',
    message: "problem 'f' has no result expression (the last line of its body)",
  },
  ShapedDataInit: {
    src: 'data o[D] = 5\nproblem f(x[D]) { x[0] - o[0] }',
    at: '1:13',
    message: /^data 'o': a data declaration with a shape such as \[D\] is initialised by uniform/,
  },
  BadDataRank: {
    src: 'data o[D][D][D] = uniform(0, 1, seed: 1)\nproblem f(x[D]) { x[0] }\nproblem g(x[D]) { o[0][0][0] }',
    problem: 'g',
    at: '1:6',
    message: "data 'o': data is a vector [n] or a matrix [n][m]",
  },
  BadOptimumPoint: {
    src: 'data M[D][D] = uniform(0, 1, seed: 1)\nproblem f(x[D]) in [-1, 1] optimum 0 at M { x[0] }',
    at: '2:41',
    message: 'the optimum point must be a constant or a data vector of length D (got a 4x4 matrix)',
  },
  BadBox: {
    src: 'problem f(x[D]) in [1, 0] optimum 0 { x[0] }',
    at: '1:21',
    message: 'the box [1, 0] is empty: the lower bound must be below the upper bound',
  },
  BoxSide: {
    src: 'data S[D - 1] = uniform(0, 1, seed: 1)\nproblem f(x[D]) in [S, 1] { x[0] }',
    at: '2:21',
    message:
      'the lower bound of the box must be a constant or a data vector of length D (one bound a coordinate) (S is a vector of length 3, and D = 4)',
  },
  BoxCoordinate: {
    src: 'data U[i] = if i == 2 then -1 else 1\nproblem f(x[D]) in [0, U] { x[0] }',
    at: '2:21',
    message:
      'the box is empty at coordinate 2: [0, -1] (each coordinate needs finite bounds, the lower below the upper) (from U)',
  },
  ExpressionTooLong: {
    // 1,001 terms that depend on the reduction's index (1,000 lower: test/long-expr.test.ts).
    src: `problem f(x[D]) { sum(i) (${Array.from({ length: 1001 }, () => 'x[i]').join(' + ')}) }`,
    at: '1:7027',
    message: /^this chain of operators is longer than 1,000 terms where it depends on a reduction/,
  },
  CountedStepTwoCopies: {
    // T's write reads S, which the step's first write changed in place: S needs two copies.
    src: `problem p(x[D]) in [-1, 1] { sum(i) x[i]^2 }
algorithm cnt(N = 8) {
  population X[N]
  state S[N] = 0
  state T[N] = 0
  generation {
    each i in X[:4] {
      S[i] = S[i] + 1
      T[i] = S[i] * 2
    }
  }
}`,
    algorithm: 'cnt',
    at: '2:11',
    message:
      "algorithm 'cnt': step each.X runs the first n rows (each i in X[:n]) but would write S to a second copy on the GPU, leaving the other rows stale there (a write reads an array an earlier write of the step changed): write those arrays in a step of their own",
  },
  GpuTooManyStates: {
    // 70 declared arrays and the compiler's (best, trace): one parameter block addresses 52.
    src: `problem p(x[D]) in [-1, 1] { sum(i) x[i]^2 }
algorithm many(N = 8) {
  population X[N]
${Array.from({ length: 70 }, (_, i) => `  state s${i}[N] = 0`).join('\n')}
  generation {
    each i in X {
      let y[j] = clamp(X[i][j] + 0.1, lo, hi)
      X[i] = if f(y) < f(X[i]) then y else X[i]
    }
  }
}`,
    algorithm: 'many',
    gpu: true,
    at: '2:11',
    message:
      "algorithm 'many' has 76 state arrays on the GPU (its own and those the compiler adds: best, trace, a loop's flags), more than the 52 a step's parameter block addresses: merge some into one array with more columns, or use --backend cpu",
  },
  GpuChainsTooLong: {
    // 20,001 operators for the GPU backend (20,000 pass, and the CPU has no limit:
    // test/long-expr.test.ts).
    src: `problem f(x[D]) { ${Array.from({ length: 20_001 }, (_, i) => `x[${i % 4}]`).join(' + ')} + 1 }`,
    gpu: true,
    at: '1:19',
    message:
      "this program's long written chains have 20,001 operators in all, more than the 20,000 the GPU backend compiles: a shader compiler's time grows faster than a kernel's length (10,000 terms took 18.8 s to compile on an NVIDIA H200), so a longer kernel is refused before it is compiled. Write the terms as a reduction over an index (sum(i) ..., with data where the terms differ), or use --backend cpu",
  },
  UnknownProblem: {
    src: 'problem f(x[D]) { x[0] }',
    problem: 'sphre',
    at: undefined,
    message: "no problem named 'sphre' (did you mean 'sphere'?)",
  },
  GeneratorOutsideData: {
    src: 'problem f(x[D]) { x[0] + uniform(0, 1) }',
    at: '1:26',
    message: 'uniform(...) can only initialise a data declaration: data NAME[D] = uniform(...)',
  },
  RecursiveData: {
    src: 'data A[i] = C[i] + 1\ndata C[i] = 2 * A[i]\nproblem f(x[D]) { x[0] * A[0] }',
    at: '2:17',
    message: "data 'A' is defined in terms of itself (A -> C -> A)",
  },
  UnknownSuite: {
    src: 'suite mine = [sphere]',
    suite: 'mien',
    at: undefined,
    message: "no suite named 'mien' (did you mean 'mine'?)",
  },
  EmptySuite: {
    src: 'suite empty = []',
    suite: 'empty',
    at: '1:7',
    message: "suite 'empty': it lists no problems",
  },
  BadDimension: {
    src: 'problem f(x[D]) where D == 3 { x[0] }',
    dim: 4,
    at: '1:23',
    message: "problem 'f' exists only where D == 3, and D = 4",
  },
  NoProblemToCompile: {
    // No problem named, and the user's file declares none.
    src: 'data o[D] = uniform(0, 1, seed: 1)',
    at: undefined,
    message: 'no problem to compile: name one, or give a file that declares a problem',
  },
  SuiteMemberTwice: {
    src: 'suite mine = [sphere, rastrigin, sphere]',
    suite: 'mine',
    at: '1:34',
    message: "suite 'mine': 'sphere' is listed twice",
  },
  DataCallsProblem: {
    src: 'data o[D] = uniform(0, 1, seed: 1)\ndata B[i] = sphere(o)\nproblem f(x[D]) { x[0] * B[0] }',
    at: '2:13',
    message: "data 'B': computed data cannot call the problem 'sphere'",
  },
  BadDataDimension: {
    src: 'data o[D - 4] = uniform(0, 1, seed: 1)\nproblem f(x[D]) { x[0] - o[0] }',
    at: '1:8',
    message: "data 'o': a dimension must be a positive integer expression of D",
  },
  DataIndexNotName: {
    src: 'data B[2] = 1\nproblem f(x[D]) { x[0] * B[0] }',
    at: '1:8',
    message: "data 'B': computed data is written with index names: data B[i] = ...",
  },
  BadGeneratorCount: {
    src: 'data o[D] = normal(0, 1, seed: 2.5)\nproblem f(x[D]) { x[0] - o[0] }',
    at: '1:32',
    message: "data 'o': the seed must be an integer of at least 0, but it is 2.5",
  },
  FilePathNotString: {
    src: 'data o[D] = file(3)\nproblem f(x[D]) { x[0] - o[0] }',
    at: '1:18',
    message: "data 'o': file(...) takes a path in quotes",
  },
  FileRowsTooShort: {
    src: `data w[D][4] = file("${rowsOfThree}", row: 3)\nproblem f(x[D]) { x[0] * w[0][0] }`,
    at: '1:11',
    message: "data 'w': 4 columns do not fit in the file's rows of 3 numbers",
  },
  GeneratorDrawsVector: {
    src: 'data q[D][2] = permutation(seed: 1)\nproblem f(x[D]) { x[0] * q[0][0] }',
    at: '1:6',
    message:
      "data 'q': permutation(...) draws a vector, so the data has one size: data q[n] = permutation(...)",
  },
  BadRotationShape: {
    src: 'data q[5][2] = jrandom_rotation()\nproblem f(x[D]) { x[0] * q[0][0] }',
    at: '1:8',
    message:
      "data 'q': a rotation is an m x m matrix, or k of them stacked (k m rows of m), not 5 x 2",
  },
  SeedAndAfter: {
    src: 'data o[D] = jrandom_shift(0, 1)\ndata q[D] = jrandom_permutation(seed: 1, after: o)\nproblem f(x[D]) { x[0] * q[0] }',
    at: '2:42',
    message:
      "data 'q': jrandom_permutation takes seed: (a new stream) or after: (the stream of earlier data), not both",
  },
  JrandomSeedTooLarge: {
    src: 'data q[D] = jrandom_shift(0, 1, seed: 281474976710656)\nproblem f(x[D]) { x[0] - q[0] }',
    at: '1:39',
    message:
      "data 'q': the seed is java.util.Random's 48-bit state: below 2^48 = 281474976710656, but it is 281474976710656",
  },
  AfterNotData: {
    src: 'data q[D] = jrandom_permutation(after: 3)\nproblem f(x[D]) { x[0] * q[0] }',
    at: '1:40',
    message: "data 'q': after: takes the name of a data declaration drawn by a jrandom_ generator",
  },
  AfterNotJrandom: {
    src: 'data o[D] = uniform(0, 1)\ndata q[D] = jrandom_permutation(after: o)\nproblem f(x[D]) { x[0] * q[0] }',
    at: '2:40',
    message:
      /^data 'q': after: continues the java.util.Random stream of earlier data, but 'o' is not drawn by jrandom_shift, /,
  },
  BadShiftBounds: {
    src: 'data q[D] = jrandom_shift(1, -1)\nproblem f(x[D]) { x[0] - q[0] }',
    at: '1:27',
    message:
      "data 'q': jrandom_shift(lo, hi) needs finite bounds with lo <= hi, but they are 1 and -1",
  },
  // 5xxx: data files
  DataFileMissing: {
    // A relative path is relative to the .opt file: the message names the path it resolved to.
    src: 'data o[D] = file("no-such-file.txt")\nproblem f(x[D]) { x[0] - o[0] }',
    file: join(tmp, 'missing.opt'),
    at: '1:18',
    message: `data file not found: ${join(tmp, 'no-such-file.txt')}`,
  },
  DataFileTooShort: {
    src: `data o[D] = file("${threeNumbers}")\nproblem f(x[D]) { x[0] - o[0] }`,
    dim: 5,
    at: '1:18',
    message: `data file ${threeNumbers} has 3 numbers, but 5 are needed (o: 5 values from number 1)`,
  },
  DataFileBadNumber: {
    src: `data o[D] = file("${badNumber}")\nproblem f(x[D]) { x[0] - o[0] }`,
    at: '1:18',
    message: `data file ${badNumber}:1:5: 'abc' is not a number`,
  },
  DataTooLarge: {
    // Rows of 3 numbers hold a D x D matrix up to D = 3.
    src: `data A[D][D] = file("${rowsOfThree}", row: 3)\nproblem f(x[D]) { sum(i) A[i][0] * x[i] }`,
    at: '1:6',
    message:
      "data 'A' is only available up to D = 3, but D = 4 was asked (the file's rows have 3 numbers; the matrix needs 4 columns)",
  },
  DataFileUnreadable: {
    src: `data o[D] = file("${aDirectory}")\nproblem f(x[D]) { x[0] - o[0] }`,
    at: '1:18',
    message: `data file ${aDirectory} cannot be read: it is a directory`,
  },
  DataRowLength: {
    src: `data XY[3][2] = file("${shiftedRow}")\nproblem f(x[D]) { x[0] * XY[0][0] }`,
    at: '1:22',
    message: `data 'XY': ${shiftedRow}:2:5: line 2 has 3 values, but XY has 2 columns`,
  },
  DataRowCount: {
    src: `data XY[2][2] = file("${threeRows}")\nproblem f(x[D]) { x[0] * XY[0][0] }`,
    at: '1:22',
    message: `data 'XY': ${threeRows}:3:1: the file has 3 rows, but XY is declared with 2 rows (to take the row count from the file, name it: data XY[N][2] = file(...); to read only part of the file, as the CEC matrices are, read it as a flat stream: offset: 0)`,
  },
  DataNonFinite: {
    src: `data XY[N][2] = file("${withNan}")\nproblem f(x[D]) { x[0] * XY[0][0] }`,
    at: '1:22',
    message: `data file ${withNan}:2:3: 'NaN' is not a finite number (NaN and infinities are read only with file(..., nonfinite: true))`,
  },
  DataHeaderLength: {
    src: `data XY[N][2] = file("${wideHeader}")\nproblem f(x[D]) { x[0] * XY[0][0] }`,
    at: '1:22',
    message: `data 'XY': ${wideHeader}:1:5: the header names 3 columns, but XY has 2 columns`,
  },
  DataFileNoRows: {
    src: `data XY[N][2] = file("${onlyHeader}")\nproblem f(x[D]) { x[0] * XY[0][0] }`,
    at: '1:22',
    message: `data 'XY': data file ${onlyHeader} has no rows (only the header, line 1)`,
  },
  DataEmptyValue: {
    src: `data XY[N][2] = file("${emptyValue}")\nproblem f(x[D]) { x[0] * XY[0][0] }`,
    at: '1:22',
    message: `data file ${emptyValue}:2:3: an empty value (nothing between two commas, or a comma at an end of the line)`,
  },
  RowCountWithOffset: {
    src: `data XY[N][2] = file("${threeRows}", offset: 2)\nproblem f(x[D]) { x[0] * XY[0][0] }`,
    at: `1:${'data XY[N][2] = file("'.length + threeRows.length + '", '.length + 1}`,
    message:
      "data 'XY': its size N is the file's row count, so the file is read as a table, which takes no offset:",
  },
  BadFlag: {
    src: `data XY[N][2] = file("${withNan}", nonfinite: 1)\nproblem f(x[D]) { x[0] * XY[0][0] }`,
    at: `1:${'data XY[N][2] = file("'.length + withNan.length + '", nonfinite: '.length + 1}`,
    message: "data 'XY': nonfinite: takes true or false",
  },
  RowCountNotFirst: {
    src: `data XY[3][C] = file("${threeRows}")\nproblem f(x[D]) { x[0] * XY[0][0] }`,
    at: '1:12',
    message:
      "data 'XY': only the row count (the first size) is taken from a file; the columns are a constant or an expression of D",
  },
  RowCountLikeD: {
    // A typo for D: read as a row count, o would silently take the file's three rows.
    src: `data o[d] = file("${threeRows}")\nproblem f(x[D]) { x[0] }`,
    at: '1:8',
    message:
      "data 'o': 'd' would be a row count taken from the file (a name used nowhere else); the dimension is D. Write D, or name the row count otherwise (N, ROWS)",
  },
  // 6xxx: algorithms
  UnknownAlgorithm: {
    src: P,
    algorithm: 'dee',
    at: undefined,
    message: "no algorithm named 'dee' (did you mean 'de'?)",
  },
  ParameterOutOfRange: {
    src: P + 'algorithm a(F = 5 in [0, 2]) { population X[4] generation { } }',
    algorithm: 'a',
    at: '2:17',
    message: "parameter 'F': 5 is outside [0, 2]",
  },
  GenerationAssignment: {
    src: P + 'algorithm a() { population X[4] generation { X[0] = X[1] } }',
    algorithm: 'a',
    at: '2:46',
    message:
      'outside an each block, the only assignment is a selection: X = best(X, O) keeps the best N of two populations',
  },
  PopulationTooSmall: {
    src:
      P +
      'algorithm a(NP = 3) { population X[NP] generation { each i in X {\n' +
      '  let r = distinct(3, NP, except: i)\n  X[i] = X[r[0]] } } }',
    algorithm: 'a',
    at: '3:11',
    message:
      '3 distinct individuals other than this one need a population of at least 4, but it has 3 (set NP to at least 4)',
  },
  GpuCondition: {
    src: P + 'algorithm a() { population X[4] generation { if f(X[0]) < 1 { } } }',
    algorithm: 'a',
    at: '2:49',
    message: /depends on the population, which lives on the GPU/,
  },
  ProblemWithoutBox: {
    src: 'problem q(x[D]) { sum(i) x[i]^2 }\nalgorithm a() { population X[4] generation { } }',
    algorithm: 'a',
    problem: 'q',
    at: '2:11',
    message: "problem 'q' has no box (in [lo, hi]): the initial population is drawn in it",
  },
  MissingPopulation: {
    src: P + 'algorithm a() { state S[4] = 0 generation { } }',
    algorithm: 'a',
    at: '2:11',
    message: 'an algorithm needs a population (population X[N])',
  },
  BadStateSize: {
    src: P + 'algorithm a() { population X[0] generation { } }',
    algorithm: 'a',
    at: '2:30',
    message: 'a size must be a positive integer, got 0',
  },
  RealSize: {
    src: P + 'algorithm a(NP0 = 10, R = 5) { population X[NP0 * 2^R] generation { } }',
    algorithm: 'a',
    at: '2:45',
    message:
      'a size must be an integer, but NP0 * 2^R is a real number, 320: ^ gives a real number, of integers too; write int(NP0 * 2^R), or the power as a product (2 * 2 * ...)',
  },
  PopulationShape: {
    src: P + 'algorithm a() { population X[4][2] generation { } }',
    algorithm: 'a',
    at: '2:17',
    message: 'a population has one size: population X[N]',
  },
  StateShape: {
    src: P + 'algorithm a() { population X[4] state S[4][2][2] = 0 generation { } }',
    algorithm: 'a',
    at: '2:33',
    message: 'state has one or two sizes: state S[N] = ... or state S[N][M] = ...',
  },
  MissingStateInit: {
    src: P + 'algorithm a() { population X[4] state S[4] generation { } }',
    algorithm: 'a',
    at: '2:33',
    message: 'state S needs an initial value (= ...)',
  },
  BadPopulationInit: {
    src: P + 'algorithm a() { population X[4] population Y[4] = 3 generation { } }',
    algorithm: 'a',
    at: '2:51',
    message:
      'a population starts uniform in the box, or as a copy of an earlier population: population B[N] = P',
  },
  PopulationCopySize: {
    src: P + 'algorithm a() { population X[4] population Y[8] = X generation { } }',
    algorithm: 'a',
    at: '2:51',
    message: 'population Y[8] = X copies X, which has 4 rows: the sizes must agree',
  },
  BestArgument: {
    src: P + 'algorithm a() { population X[4] generation { X = best(X, 1) } }',
    algorithm: 'a',
    at: '2:58',
    message: 'best(...) takes two populations',
  },
  BestSize: {
    src:
      P + 'algorithm a() { population X[4]\n  population Y[8]\n  generation { X = best(Y, X) } }',
    algorithm: 'a',
    at: '4:16',
    message:
      'X = best(Y, X) keeps as many rows as its first argument, but Y has 8 rows and X has 4',
  },
  BestInExpression: {
    src: P + 'algorithm a() { population X[4] generation { each i in X { X[i] = best(X, X) } } }',
    algorithm: 'a',
    at: '2:67',
    message: 'best(X, O) is a selection: write X = best(X, O) at the generation level',
  },
  NestedEach: {
    src: P + 'algorithm a() { population X[4] generation { each i in X { each k in X { } } } }',
    algorithm: 'a',
    at: '2:60',
    message: 'each blocks do not nest',
  },
  IfStatementInEach: {
    src: P + 'algorithm a() { population X[4] generation { each i in X { if rand() < 0.5 { } } } }',
    algorithm: 'a',
    at: '2:60',
    message: 'an if inside each is written as an if-expression: x = if c then a else b',
  },
  AssignToNonState: {
    src: P + 'algorithm a(F = 1) { population X[4] generation { each i in X { F[i] = 1 } } }',
    algorithm: 'a',
    at: '2:65',
    message: "'F' is not a population or a state array: only state is assigned",
  },
  WriteOtherRow: {
    src: P + 'algorithm a() { population X[4] generation { each i in X { X[0] = X[1] } } }',
    algorithm: 'a',
    at: '2:62',
    message:
      'an each block writes its own row: X[i] = ... (each i in X[c] may also write row 0 of a one-row array)',
  },
  AssignedTwice: {
    src:
      P +
      'algorithm a() { population X[4] generation { each i in X {\n  X[i] = X[i]\n  X[i] = X[i] } } }',
    algorithm: 'a',
    at: '4:3',
    message: 'X[i] is assigned twice in this each block',
  },
  PartialRowAssignment: {
    src: P + 'algorithm a() { population X[4] generation { each i in X { X[i][j] = 1 } } }',
    algorithm: 'a',
    at: '2:65',
    message: 'assign the whole row, X[i] = v, so that its fitness is evaluated',
  },
  EvaluationOutsideEach: {
    src:
      P + 'algorithm a() { population X[4] generation {\n  let v[j] = X[0][j]\n  let s = f(v) } }',
    algorithm: 'a',
    at: '4:11',
    message:
      'f(v) evaluates a vector only inside an each block (f(X[k]) reads a stored fitness anywhere)',
  },
  BetterOutsideEach: {
    src: P + 'algorithm a() { population X[4] generation { let v = better(X[0], X[1])[0] } }',
    algorithm: 'a',
    at: '2:54',
    message: 'better(a, b) is used only inside an each block',
  },
  BadRandintBound: {
    src:
      P +
      'algorithm a() { population X[4] generation { each i in X {\n  let k = randint(0)\n  X[i] = X[i] } } }',
    algorithm: 'a',
    at: '3:19',
    message: 'randint(n) needs n >= 1, got 0',
  },
  BadDistinctCount: {
    src:
      P +
      'algorithm a() { population X[4] generation { each i in X {\n  let r = distinct(5, 4, except: i)\n  X[i] = X[r[0]] } } }',
    algorithm: 'a',
    at: '3:20',
    message: 'distinct(k, n, except: i) draws k = 1 to 4 indices',
  },
  BadChoiceDefault: {
    src: P + 'algorithm a(m = c in {a, b}) { population X[4] generation { } }',
    algorithm: 'a',
    at: '2:17',
    message: "parameter 'm': the default must be one of a, b",
  },
  NotAChoice: {
    src: P + 'algorithm a(m = a in {a, b}) { population X[4] generation { } }',
    algorithm: 'a',
    set: { m: 'c' },
    at: undefined,
    message: "parameter 'm': 'c' is not one of a, b",
  },
  SetNotANumber: {
    src: P + 'algorithm a(F = 0.5) { population X[4] generation { } }',
    algorithm: 'a',
    set: { F: 'abc' },
    at: undefined,
    message: "parameter 'F': 'abc' is not a number",
  },
  SetNotAnInteger: {
    src: P + 'algorithm a(NP = 4) { population X[NP] generation { } }',
    algorithm: 'a',
    set: { NP: '4.5' },
    at: undefined,
    message: "parameter 'NP': '4.5' is not an integer",
  },
  UnknownParameter: {
    src: P + 'algorithm a(scale = 1) { population X[4] generation { } }',
    algorithm: 'a',
    set: { scal: '2' },
    at: undefined,
    message:
      "parameter 'scal': a has no parameter 'scal' (did you mean 'scale'?); its parameters: scale, bounds",
  },
  AmbiguousParameter: {
    src:
      'problem p(x[D], w = 1) in [-1, 1] { w * sum(i) x[i]^2 }\n' +
      'algorithm a(w = 4) { population X[4] generation { } }',
    algorithm: 'a',
    set: { w: '2' },
    at: undefined,
    message: "parameter 'w': both a and p have a parameter 'w': rename one of them",
  },
  ChoiceInProblem: {
    src: 'problem f(x[D], k = a in {a, b}) { x[0] }',
    at: '1:17',
    message: "parameter 'k': a problem parameter is a number, not a choice",
  },
  EachOverNonState: {
    src: P + 'algorithm a(F = 1) { population X[4] generation { each i in F { } } }',
    algorithm: 'a',
    at: '2:61',
    message: "'F' is a parameter, not a population: each runs over a population or a state array",
  },
  BadRepeatCount: {
    src: P + 'algorithm a(K = 1) { population X[4] generation { repeat K - 3 { } } }',
    algorithm: 'a',
    at: '2:58',
    message: 'repeat runs its block n >= 0 times, got -2',
  },
  BadEachCount: {
    src: P + 'algorithm a() { population X[4] generation { each i in X[:5] { } } }',
    algorithm: 'a',
    at: '2:59',
    message: 'each i in X[:n] runs the first n of its 4 rows: n must be in [0, 4], got 5',
  },
  CountedEachReadsOther: {
    src:
      P + 'algorithm a() { population X[4] generation { each i in X[:2] { X[i] = X[i] + X[3] } } }',
    algorithm: 'a',
    at: '2:46',
    message:
      "each i in X[:n] writes 'X' and reads or writes it at another row: a step over the first n rows reads what it writes only at its own row (write the new rows to another array, then copy them in a step of their own)",
  },
  SortedArgument: {
    src: P + 'algorithm a() { population X[4] population Y[4] generation { X = sorted(Y) } }',
    algorithm: 'a',
    at: '2:73',
    message: 'X = sorted(...) sorts X in place: write X = sorted(X)',
  },
  WhileBound: {
    src: P + 'algorithm a() { population X[4] generation { repeat while f(X[0]) > 1 { } } }',
    algorithm: 'a',
    at: '2:53',
    message:
      'repeat while c needs its bound: repeat n while c, with n the most iterations, decided on the host',
  },
  WhileCondition: {
    src: P + 'algorithm a() { population X[4] generation { repeat 3 while f(X[0]) { } } }',
    algorithm: 'a',
    at: '2:61',
    message:
      'the condition of repeat n while c must be a comparison (a scalar computed on the GPU before each iteration), but this is a scalar',
  },
  WhileBody: {
    src:
      P +
      'algorithm a() { population X[4] generation { repeat 3 while f(X[0]) > 1 { repeat 2 { } } } }',
    algorithm: 'a',
    at: '2:75',
    message:
      "a repeat inside repeat n while c: its body holds each blocks, lets and selections only (the GPU counts an iteration's evaluations as one number)",
  },
  WhileEvaluations: {
    // An iteration evaluates 2^20 points: the GPU's float32 counter adds fewer an iteration.
    src:
      P +
      'algorithm a() { population X[1048576] generation { repeat 3 while f(X[0]) > 1 { each i in X { X[i] = better(X[i] * 0.5, X[i]) } } } }',
    algorithm: 'a',
    dim: 1,
    at: '2:52',
    message:
      'an iteration of this repeat n while c makes 1048576 evaluations, but the GPU counts fewer than 1048576 an iteration (its float32 counter): split the body over more iterations or make the population smaller',
  },
  HostValues: {
    // Five nested indexed repeats: the kernels take four integers from the host a run.
    src:
      P +
      'algorithm a() { population X[4] generation { repeat a < 2 { repeat b < 2 { repeat c < 2 { repeat d < 2 { repeat e < 2 { } } } } } } }',
    algorithm: 'a',
    at: '2:113',
    message:
      'the kernels take at most 4 integers from the host a run (integer generation lets of parameters, gen and progress, and repeat indices): the index e is one more',
  },
  // Bound handling.
  RepairParameters: {
    src: P + 'repair half(x) = x / 2',
    at: '2:8',
    message:
      "repair 'half' takes two parameters, the coordinate and the parent's coordinate (repair half(x, p) = ...), but has 1",
  },
  BoundsParameterForm: {
    src: P + 'algorithm a(bounds = clip in {clip, reflect}) { population X[4] generation { } }',
    algorithm: 'a',
    at: '2:13',
    message:
      "parameter 'bounds' names a bound policy (bounds = midpoint, a repair declaration): it takes no range or choices",
  },
  BoundsNone: {
    src: P + 'algorithm a(bounds = none) { population X[4] generation { } }',
    algorithm: 'a',
    at: '2:22',
    message:
      "bounds = none leaves points outside the box, but the box of problem 'p' is a constraint (only a box declared `in [lo, hi] unconstrained` is not): choose a policy (clip, reflect, wrap, reinit, midpoint, resample)",
  },
  RetryForm: {
    src:
      P +
      'repair r(x, p) = retry(0, clip)\nalgorithm a(bounds = r) { population X[4] generation { } }',
    algorithm: 'a',
    at: '2:18',
    message:
      'a resample is the whole body of a repair, retry(TRIES, FALLBACK): TRIES a constant from 1 to 100, FALLBACK the name of another repair that is not a retry (here 0)',
  },
  RepairOutsideEach: {
    src:
      P +
      'algorithm a() { population X[4] generation { let s = sum(j < D) inbox(X[0], X[1])[j] } }',
    algorithm: 'a',
    at: '2:65',
    message: 'inbox(v, parent) brings a point into the box inside an each block only',
  },
  // 7xxx: experiments
  UnknownExperimentEntry: {
    src: EXP.replace('runs = 3', 'runs = 3\n  seeds = 4'),
    experiment: true,
    at: '6:3',
    message: "experiment 'e': there is no entry 'seeds' (did you mean 'seed'?)",
  },
  ExperimentEntryTwice: {
    src: EXP.replace('[sphere]', '[sphere, rastrigin, sphere]'),
    experiment: true,
    at: '3:34',
    message: "experiment 'e': the problem 'sphere' is given twice",
  },
  MissingExperimentEntry: {
    src: EXP.replace('  runs = 3\n', ''),
    experiment: true,
    at: '1:12',
    message: "experiment 'e' needs an entry 'runs'",
  },
  BadExperimentEntry: {
    src: EXP.replace('dims = [10]', 'dims = [10.5]'),
    experiment: true,
    at: '4:11',
    message: "'dims' of an experiment is a list of dimensions (positive integers), [10, 30]",
  },
  BadExperimentBudget: {
    src: EXP.replace('evals(1000 * D)', 'evals(D / 3)'),
    experiment: true,
    at: '6:12',
    message: 'at D = 10 the evaluation budget is 3.3333333333333335: it must be a positive integer',
  },
  UnknownExperiment: {
    src: EXP,
    experiment: 'ee',
    at: undefined,
    message: "no experiment named 'ee' (there are: e)",
  },
  NoExperiment: {
    src: P,
    experiment: true,
    at: undefined,
    message: 'the files declare no experiment',
  },
  ExperimentNotNamed: {
    src: EXP + EXP.replace('experiment e', 'experiment f'),
    experiment: true,
    at: undefined,
    message: 'the files declare 2 experiments (e, f): name the one to run',
  },
  ExperimentNeedsDims: {
    src: EXP.replace('  dims = [10]\n', ''),
    experiment: true,
    at: '3:14',
    message:
      "experiment 'e' gives no dims, so each of its problems must be an instance of a fixed size (where D == n); 'sphere' is not: give dims = [...]",
  },
};

describe('every catalogue entry has a test', () => {
  it('CASES covers Diag, and codes are unique', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(Diag).sort());
    const codes = Object.values(Diag).map((d) => d.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  for (const [kind, c] of Object.entries(CASES) as [DiagKind, Case][]) {
    it(`${codeString(Diag[kind].code)} ${kind}`, () => {
      const ds = diagnosticsOf(
        { [c.file ?? FILE]: c.src },
        {
          problem: c.problem,
          dim: c.dim,
          algorithm: c.algorithm,
          set: c.set,
          suite: c.suite,
          experiment: c.experiment,
          gpu: c.gpu,
        },
      );
      expect(ds.map((d) => `${codeString(d.code)} ${where(d)} ${d.message}`)).toHaveLength(1);
      const d = ds[0]!;
      expect(codeString(d.code)).toBe(codeString(Diag[kind].code));
      expect(where(d)).toBe(c.at ?? 'no location');
      if (typeof c.message === 'string') expect(d.message).toBe(c.message);
      else expect(d.message).toMatch(c.message);
      if (d.loc) expect(d.loc.file).toBe(c.file ?? FILE);
    });
  }
});

describe('the known spots', () => {
  const one = (src: string, opts: { problem?: string; dim?: number } = {}) => {
    const ds = errorsOf(src, opts);
    expect(ds).toHaveLength(1);
    return `${codeString(ds[0]!.code)} ${where(ds[0]!)} ${ds[0]!.message}`;
  };

  it('a state whose declaration failed: one error, not one more at every use', () => {
    const src =
      P +
      'algorithm a(K = 0) { population X[4] population O[K] state s[O] = 0\n' +
      '  generation { each k in O { O[k] = X[0] } X = best(X, O) } }';
    const ds = diagnosticsOf({ [FILE]: src }, { algorithm: 'a' });
    expect(ds.map((d) => `${codeString(d.code)} ${where(d)}`)).toEqual(['OPT6008 2:51']);
  });

  it('RealSize: the integer form it suggests compiles, and / gets its own hint', () => {
    const algo = (size: string) =>
      P +
      `algorithm a(NP0 = 10, R = 5) { population X[${size}] generation { each i in X { X[i] = X[i] } } }`;
    const c = compileAlgorithm({
      algorithm: 'a',
      problem: 'p',
      dim: 4,
      sources: { [FILE]: algo('int(NP0 * 2^R)') },
    });
    expect(c.algo.populations[0]!.rows).toBe(320);
    const [d] = diagnosticsOf({ [FILE]: algo('NP0 / 4') }, { algorithm: 'a' });
    expect(`${codeString(d!.code)} ${d!.message}`).toBe(
      'OPT3017 a size must be an integer, but NP0 / 4 is a real number, 2.5: / is real division: write idiv(NP0, 4) for integer division',
    );
    // An index that is a power: the same cause, named.
    expect(one('problem f(x[D]) { x[2^1] }')).toBe(
      'OPT3003 1:21 an index must be an integer expression, but this is real (^ gives a real number, of integers too: write the power as a product)',
    );
  });

  it('UnboundIndex: the hint names the reduction, also when it is on another line', () => {
    expect(one('problem f(x[D]) {\n  sum(i) x[i]^2\n    + 10 * cos(x[i])\n}')).toBe(
      "OPT2003 3:18 index 'i' is not bound here (the body of the sum(i) at line 2 ends at the first + or - outside parentheses: write sum(i) (a + b))",
    );
    // The parenthesised body is fine.
    expect(() =>
      compileProblem({
        dim: 3,
        sources: { [FILE]: 'problem f(x[D]) { sum(i) (x[i]^2 - 10 * cos(x[i])) }' },
      }),
    ).not.toThrow();
  });

  it('UnboundIndex: a vector let index used outside its let', () => {
    expect(one('problem f(x[D]) {\n  let y[i] = x[i] * 2\n  y[0] + x[i]\n}')).toBe(
      "OPT2003 3:12 index 'i' is not bound here ('i' is bound only inside let y[i] = ...)",
    );
  });

  it('an unknown one-letter name is not blamed on a reduction when there is none', () => {
    expect(one('problem f(x[D]) { x[i] }')).toBe(
      "OPT2001 1:21 unknown name 'i' (to use it as an index, bind it with a reduction such as sum(i) ... or a vector let y[i] = ...)",
    );
    // An unknown array is an unknown name, not an index; one-letter names get no edit-distance guess.
    expect(one('problem f(x[D]) { y[0] }')).toBe("OPT2001 1:19 unknown name 'y'");
    expect(one('problem f(x[D]) { x[0] * d }')).toBe(
      "OPT2001 1:26 unknown name 'd' (did you mean 'D'?)",
    );
  });

  it("UnknownName: 'did you mean' for lets, data and D; FunctionAsValue for a function without arguments", () => {
    expect(
      one('data shift[D] = uniform(0, 1, seed: 2)\nproblem f(x[D]) { sum(i) (x[i] - shfit[i])^2 }'),
    ).toBe("OPT2001 2:34 unknown name 'shfit' (did you mean 'shift'?)");
    expect(one('problem f(x[D]) { sphere }')).toBe(
      "OPT2009 1:19 'sphere' is a function: call it with arguments",
    );
  });

  it('rank, argsort, sort: one vector, not depending on an enclosing index', () => {
    expect(one('problem f(x[D]) { sum(i) argsort(x[i]) }')).toBe(
      'OPT3002 1:34 expected a vector here, but this is a scalar',
    );
    expect(one('problem f(x[D]) { sum(i) sort(x * x[i])[0] }')).toMatch(
      /^OPT3016 1:31 the argument of 'sort' depends on the index 'i'/,
    );
    expect(one('problem f(x[D]) { rank(x, x)[0] }')).toBe(
      "OPT2005 1:19 'rank' takes 1 argument, but 2 were given (one vector)",
    );
  });

  it("a problem's parameters: unknown names at a call, values outside the range, choices", () => {
    const w = 'problem w(x[D], a = 2 in [0, 10]) { a * x[0] }\n';
    expect(one(w + 'problem f(x[D]) { w(x, c: 1) }')).toBe(
      "OPT2006 2:24 'w' has no argument named 'c' (it takes: a)",
    );
    expect(one(w + 'problem f(x[D]) { w(x, a: 12) }')).toBe(
      "OPT6002 2:27 parameter 'a': 12 is outside [0, 10]",
    );
    expect(one(w + 'problem f(x[D]) { w(x, a: x[0]) }')).toBe(
      "OPT3008 2:27 the parameter 'a' must be a constant expression",
    );
    expect(one('problem f(x[D], k = a in {a, b}) { x[0] }')).toBe(
      "OPT6033 1:17 parameter 'k': a problem parameter is a number, not a choice",
    );
  });

  it('WrongArity: builtins and problem calls', () => {
    expect(one('problem f(x[D]) { min(x[0]) }')).toBe(
      "OPT2005 1:19 'min' takes 2 arguments, but 1 was given",
    );
    expect(one('problem f(x[D]) { clamp(x[0], 1) }')).toBe(
      "OPT2005 1:19 'clamp' takes 3 arguments, but 2 were given",
    );
    expect(one('problem f(x[D]) { rastrigin(x, x) }')).toBe(
      "OPT2005 1:19 'rastrigin' takes 1 argument, but 2 were given (a problem takes one vector)",
    );
    expect(one('problem f(x[D]) { rastrigin() }')).toBe(
      "OPT2005 1:19 'rastrigin' takes 1 argument, but 0 were given (a problem takes one vector)",
    );
    expect(one('problem f(x[D]) { sphere(x, seed: 1) }')).toBe(
      "OPT2006 1:29 'sphere' has no argument named 'seed' (it takes no named arguments)",
    );
  });

  it('ExpectedInteger: names what must be an integer', () => {
    expect(one('problem f(x[D]) { sum(i < D / 2) x[i] }')).toBe(
      'OPT3003 1:27 a reduction bound must be an integer expression, but this is real (/ is real division: write idiv(D, 2) for integer division)',
    );
    expect(one('problem f(x[D]) { idiv(x[0], 2) }')).toBe(
      'OPT3003 1:24 an argument of idiv must be an integer expression, but this is real (int(...) truncates a real; idiv(a, b) divides integers)',
    );
    expect(one('problem f(x[D]) {\n  let y[i < D / 2] = x[i]\n  y[0]\n}')).toBe(
      'OPT3003 2:13 the length of a vector must be an integer expression, but this is real (/ is real division: write idiv(D, 2) for integer division)',
    );
    expect(() =>
      compileProblem({ dim: 8, sources: { [FILE]: 'problem f(x[D]) { x[idiv(D, 4)] }' } }),
    ).not.toThrow();
  });

  it('LengthMismatch: points at the whole elementwise expression, at any D where both slices exist', () => {
    for (const dim of [4, 10])
      expect(one('problem f(x[D]) { rastrigin(x[0:3] - x[0:4]) }', { dim })).toBe(
        'OPT3007 1:29 vector lengths differ: x[0:3] has length 3 and x[0:4] has length 4',
      );
    expect(one('problem f(x[D]) { sphere(atan2(x, x[0:2])) }')).toBe(
      'OPT3007 1:26 vector lengths differ: x has length 4 and x[0:2] has length 2',
    );
    // Below 4 the second slice itself is out of range.
    expect(one('problem f(x[D]) { rastrigin(x[0:3] - x[0:4]) }', { dim: 3 })).toBe(
      'OPT3009 1:38 slice [0:4] is empty or outside the vector of length 3',
    );
  });

  it('ShadowedIndex: also a reduction index that hides the parameter, a let or a vector let index', () => {
    expect(one('problem f(x[D]) { sum(x) x }')).toBe(
      "OPT2008 1:23 index 'x' shadows the problem's parameter: choose another index name",
    );
    expect(one('problem f(x[D]) {\n  let s = 2\n  sum(s) x[s]\n}')).toBe(
      "OPT2008 3:7 index 's' shadows the let at line 2, column 7: choose another index name",
    );
    expect(one('problem f(x[D]) {\n  let y[i] = sum(i) x[i]\n  y[0]\n}')).toBe(
      "OPT2008 2:18 index 'i' shadows the index of an enclosing reduction or vector let: choose another index name",
    );
  });

  it('RecursiveCall: direct recursion, also through slices of shrinking length', () => {
    expect(one('problem f(x[D]) { f(x) }')).toBe(
      "OPT2007 1:19 problem 'f' calls itself (recursion is not allowed)",
    );
    // Each call has another length, so it is not the same specialisation, but still recursion.
    expect(one('problem f(x[D]) { if D > 1 then x[0] + f(x[1:D]) else x[0] }')).toBe(
      "OPT2007 1:40 problem 'f' calls itself (recursion is not allowed)",
    );
  });

  it('MissingResult: an empty body, and a body of lets only', () => {
    expect(one('problem f(x[D]) { }')).toBe(
      "OPT4001 1:9 problem 'f' has no result expression (the last line of its body)",
    );
    expect(
      one('problem empty(x[D]) in [0, 1] optimum 0 {\n  let a = x[0]\n  let b = a * 2\n}'),
    ).toBe("OPT4001 1:9 problem 'empty' has no result expression (the last line of its body)");
  });

  it('BooleanAsNumber: a comparison after a reduction says where the body ended', () => {
    expect(one('problem f(x[D]) { count(i) x[i] > 0 }')).toBe(
      "OPT3005 1:19 a condition cannot be used as a number (the body of count(i) ends before '>': write count(i) (x[i] > 0))",
    );
    expect(() =>
      compileProblem({ dim: 4, sources: { [FILE]: 'problem f(x[D]) { count(i) (x[i] > 0) }' } }),
    ).not.toThrow();
  });

  it('TooManyIndices on a matrix; NotIndexable on an expression', () => {
    expect(one('data M[D][D] = uniform(0, 1, seed: 1)\nproblem f(x[D]) { M[0][1][2] }')).toBe(
      "OPT3006 2:19 'M' has 2 dimensions, but 3 indices are given",
    );
    expect(one('problem f(x[D]) { sin(x[0])[1] }')).toBe(
      'OPT3011 1:19 this expression is a scalar and cannot be indexed',
    );
  });

  it('the parameter in the box, the optimum or its point is "not constant", not an unbound index', () => {
    expect(one('problem f(x[D]) in [x[0], 1] optimum 0 { x[0] }')).toBe(
      'OPT3008 1:21 the lower bound of the box must be a constant expression',
    );
    expect(one('problem f(x[D]) optimum 0 at x { x[0] }')).toBe(
      'OPT4004 1:30 the optimum point must be a constant or a data vector of length D (got a vector of length 4 that is not data)',
    );
  });

  it("duplicate names: 'gen', the generation number, is reserved in an algorithm", () => {
    const ds = diagnosticsOf(
      {
        [FILE]:
          'problem p(x[D]) in [-1, 1] { x[0] }\n' +
          'algorithm a() {\n  population X[4]\n  generation {\n    let gen = 1\n  }\n}',
      },
      { algorithm: 'a' },
    );
    expect(ds.map((d) => `${codeString(d.code)} ${where(d)} ${d.message}`)).toEqual([
      "OPT2002 5:9 'gen' is already defined (it is the generation number)",
    ]);
  });

  it('duplicate names: across files, with the stdlib, and built-in names', () => {
    expect(one('problem sphere(x[D]) { x[0] }\nproblem f(x[D]) { x[0] }')).toMatch(
      /^OPT2002 1:9 'sphere' is already defined \(first defined at .*classic\.opt:\d+:9\)$/,
    );
    expect(one('problem sin(x[D]) { x[0] }\nproblem f(x[D]) { x[0] }')).toBe(
      "OPT2002 1:9 'sin' is already defined (it is a built-in function)",
    );
    expect(one('problem sum(x[D]) { x[0] }\nproblem f(x[D]) { x[0] }')).toBe(
      "OPT2002 1:9 'sum' is already defined (it is a reduction)",
    );
    expect(one('problem f(x[D]) {\n  let D = 1\n  x[0]\n}')).toBe(
      "OPT2002 2:7 'D' is already defined (it is the problem's dimension)",
    );
    // The duplicate let is the one reported; the uses of `x` after it are not reported again.
    expect(one('problem f(x[D]) {\n  let x = 1\n  x * 2\n}')).toBe(
      "OPT2002 2:7 'x' is already defined (it is the problem's parameter)",
    );
  });

  it('names of Object.prototype are ordinary unknown names', () => {
    expect(one('problem f(x[D]) { constructor(x[0]) }')).toBe(
      "OPT2004 1:19 unknown function or problem 'constructor'",
    );
    expect(one('problem f(x[D]) { toString + x[0] }')).toBe("OPT2001 1:19 unknown name 'toString'");
  });

  it('data: recursion, problem calls, bad offsets and seeds', () => {
    expect(one('data B[i] = B[i] + 1\nproblem f(x[D]) { x[0] * B[0] }')).toBe(
      "OPT4008 1:13 data 'B' is defined in terms of itself",
    );
    expect(
      one(
        'data o[D] = uniform(0, 1, seed: 1)\ndata B[i] = sphere(o)\nproblem f(x[D]) { x[0] * B[0] }',
      ),
    ).toBe("OPT4014 2:13 data 'B': computed data cannot call the problem 'sphere'");
    expect(
      one(`data o[D] = file("${threeNumbers}", offset: -1)\nproblem f(x[D]) { x[0] - o[0] }`, {
        dim: 1,
      }),
    ).toBe(
      'OPT4017 1:' +
        (`data o[D] = file("${threeNumbers}", offset: `.length + 1) +
        " data 'o': the offset must be an integer of at least 0, but it is -1",
    );
    expect(one('data o[D] = normal(0, 1, seed: 2.5)\nproblem f(x[D]) { x[0] - o[0] }')).toBe(
      "OPT4017 1:32 data 'o': the seed must be an integer of at least 0, but it is 2.5",
    );
    expect(one('data o[D] = uniform(0, 1, seed: x)\nproblem f(x[D]) { x[0] - o[0] }')).toBe(
      "OPT2001 1:33 unknown name 'x'",
    );
  });
});

describe('several errors in one run', () => {
  it('three independent errors in three problems', () => {
    const src = [
      'problem a(x[D]) { sin(x[0], 2) }', // WrongArity
      'problem b(x[D]) { sum(i) x[i] * scael }', // UnknownName
      'problem c(x[D]) {',
      '  let scale = 2',
      '  a(x) + b(x) + x[D / 4]', // ExpectedInteger, here
      '}',
    ].join('\n');
    const ds = errorsOf(src);
    expect(ds.map((d) => `${codeString(d.code)} ${where(d)}`)).toEqual([
      'OPT2005 1:19',
      'OPT2001 2:33',
      'OPT3003 5:19',
    ]);
  });

  it('errors in several lets, the result, the box and the optimum of one problem', () => {
    const src = [
      'problem f(x[D]) in [1, y] optimum zz {',
      '  let a = sin()',
      '  let b = x[D/4]',
      '  a + b + zzz',
      '}',
    ].join('\n');
    const ds = errorsOf(src);
    expect(ds.map((d) => `${codeString(d.code)} ${where(d)}`)).toEqual([
      'OPT2005 2:11',
      'OPT3003 3:13',
      'OPT2001 4:11',
      'OPT2001 1:24',
      'OPT2001 1:35',
    ]);
    // `a` and `b` failed: their uses in the result are not reported again.
    expect(ds.filter((d) => d.loc?.line === 4)).toHaveLength(1);
  });

  it('two syntax errors in one file (recovery), and errors in two files', () => {
    const ds = diagnosticsOf({
      'one.opt': 'problem f(x[D]) { x[0] + }\nproblem g(x[D]) { x[0] * * 2 }\n',
      'two.opt': 'problem h(x[D] { x[0] }\n',
    });
    expect(ds.map((d) => `${d.loc!.file}:${where(d)} ${codeString(d.code)} ${d.message}`)).toEqual([
      "one.opt:1:26 OPT1002 expected an expression but found '}'",
      "one.opt:2:26 OPT1002 expected an expression but found '*'",
      "two.opt:1:16 OPT1002 expected ')' but found '{'",
    ]);
  });

  it('a stray token between declarations does not hide the errors after it', () => {
    const ds = errorsOf('problem f(x[D]) { x[0] } }\nproblem g(x[D]) { x[0] + }\n');
    expect(ds.map((d) => `${where(d)} ${d.message}`)).toEqual([
      "1:26 expected 'problem' or 'data' but found '}'",
      "2:26 expected an expression but found '}'",
    ]);
  });

  it('a lexical error is not echoed by a syntax error', () => {
    expect(errorsOf('problem f(x[D]) { x[0] # 1 }').map((d) => d.code)).toEqual([
      Diag.UnexpectedCharacter.code,
    ]);
    expect(errorsOf('problem f(x[D]) { x[0] }\n/* unclosed').map((d) => d.code)).toEqual([
      Diag.UnterminatedComment.code,
    ]);
  });
});

describe('syntax errors at the end of the file', () => {
  it('point just past the last token, not at the blank lines after it', () => {
    const ds = errorsOf('problem f(x[D]) {\n  sum(i) x[i]\n\n\n');
    expect(ds.map((d) => `${where(d)} ${d.message}`)).toEqual([
      "2:14 expected '}' but found the end of the file",
    ]);
    expect(
      errorsOf('problem f(x[D]) { sum(i) x[i] +').map((d) => `${where(d)} ${d.message}`),
    ).toEqual(['1:32 expected an expression but found the end of the file']);
    expect(errorsOf('problem f(x[D]').map((d) => `${where(d)} ${d.message}`)).toEqual([
      "1:15 expected ')' but found the end of the file",
    ]);
    expect(errorsOf('data').map((d) => `${where(d)} ${d.message}`)).toEqual([
      '1:5 expected a name but found the end of the file',
    ]);
  });

  it('parseAll reports them without elaborating', () => {
    const r = parseAll({ sources: { [FILE]: 'problem f(x[D]) { if x[0] > 0 then 1' } });
    expect(r.diagnostics.map((d) => `${where(d)} ${d.message}`)).toEqual([
      "1:37 expected 'else' but found the end of the file",
    ]);
  });
});

describe('formatDiagnostic', () => {
  it('prints file:line:col: error OPTnnnn: message, the source line and a caret under the span', () => {
    const src = 'problem f(x[D]) {\n  let scale = 2\n  sum(i) scal * x[i]\n}';
    try {
      compileProblem({ dim: 3, sources: { 'demo.opt': src } });
      expect.unreachable();
    } catch (e) {
      const err = e as OptError;
      const d = err.diagnostics[0]!;
      const text = [
        "demo.opt:3:10: error OPT2001: unknown name 'scal' (did you mean 'scale'?)",
        '   3 |   sum(i) scal * x[i]',
        '     |          ^~~~',
      ].join('\n');
      expect(formatDiagnostic(d, src)).toBe(text);
      expect(err.message).toBe(text); // OptError's message is the formatted list
    }
  });

  it('keeps tabs so the caret lines up; without source or location, prints the head only', () => {
    const src = 'problem f(x[D]) {\n\tlet a = 1\n\t\tzzz\n}';
    const d = errorsOf(src)[0]!;
    expect(formatDiagnostic(d, src)).toBe(
      [`${FILE}:3:3: error OPT2001: unknown name 'zzz'`, '   3 | \t\tzzz', '     | \t\t^~~'].join(
        '\n',
      ),
    );
    expect(formatDiagnostic(d)).toBe(`${FILE}:3:3: error OPT2001: unknown name 'zzz'`);
    const noLoc = errorsOf('problem f(x[D]) { x[0] }', { problem: 'nope' })[0]!;
    expect(formatDiagnostic(noLoc, 'whatever')).toBe("error OPT4006: no problem named 'nope'");
  });

  it('an error at the end of the file has its caret after the last character', () => {
    const src = 'problem f(x[D]) { x[0] +';
    const d = errorsOf(src)[0]!;
    expect(formatDiagnostic(d, src)).toBe(
      [
        `${FILE}:1:25: error OPT1002: expected an expression but found the end of the file`,
        '   1 | problem f(x[D]) { x[0] +',
        '     |                         ^',
      ].join('\n'),
    );
  });
});

describe('malformed inputs only ever throw OptError', () => {
  // Mutations of the standard library's classic.opt: its problem and data names are prefixed so
  // that the mutated copy does not clash with the stdlib, which is always loaded.
  const original = readFileSync(new URL('../stdlib/problems/classic.opt', import.meta.url), 'utf8');
  const names = [...original.matchAll(/^\s*(?:problem|data)\s+([A-Za-z_]\w*)/gm)].map((m) => m[1]!);
  const base = original.replace(new RegExp(`\\b(${names.join('|')})\\b`, 'g'), 'm_$1');
  const tokens = [
    ...base.matchAll(/[A-Za-z_]\w*|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\.|<=|>=|==|!=|"[^"\n]*"|\S/g),
  ].map((m) => ({
    start: m.index!,
    end: m.index! + m[0].length,
  }));
  const inserts = [
    '(',
    ')',
    '[',
    ']',
    '{',
    '}',
    ',',
    ':',
    '=',
    '+',
    '-',
    '*',
    '/',
    '^',
    '<',
    '..',
    ';',
    '"',
    '/*',
    '#',
    'sum(i)',
    'let',
    'problem',
    'data',
    'if',
    'then',
    'else',
    'in',
    'at',
    'optimum',
    'where',
    'not',
    'x',
    'D',
    'i',
    '0',
    '1e400',
    '999999999999',
    'sphere(x)',
    'x[0:2]',
    'm_sphere(x)',
    'constructor',
  ];
  const chars = [...'()[]{}=+-*/^<>,:;.#"x0 \n'];

  // mulberry32: a small PRNG with a fixed seed, so every run tries the same mutants.
  let state = 20240613;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;

  function mutate(): string {
    let text = base;
    const edits = 1 + Math.floor(random() * 3);
    for (let k = 0; k < edits; k++) {
      const t = pick(tokens);
      const p = Math.floor(random() * text.length);
      switch (Math.floor(random() * 6)) {
        case 0:
          text = text.slice(0, t.start) + text.slice(t.end);
          break; // delete a token
        case 1:
          text = `${text.slice(0, t.start)} ${pick(inserts)} ${text.slice(t.start)}`;
          break; // insert a token
        case 2:
          text = `${text.slice(0, t.end)} ${base.slice(t.start, t.end)}${text.slice(t.end)}`;
          break; // duplicate a token
        case 3:
          text = text.slice(0, p) + text.slice(p + 1);
          break; // delete a character
        case 4:
          text = text.slice(0, p) + pick(chars) + text.slice(p);
          break; // insert a character
        default: {
          const o = pick(tokens);
          text = text.slice(0, t.start) + base.slice(o.start, o.end) + text.slice(t.end);
        } // replace a token
      }
    }
    return text;
  }

  it('300 random mutations of classic.opt: each compiles (and evaluates) or throws OptError', () => {
    let compiled = 0;
    let rejected = 0;
    const failures: string[] = [];
    for (let n = 0; n < 300; n++) {
      const text = mutate();
      const problems = [...text.matchAll(/problem\s+([A-Za-z_]\w*)/g)].map((m) => m[1]!);
      const dim = pick([1, 2, 5]);
      const problem = problems.length ? pick(problems) : undefined;
      try {
        const c = compileProblem({ dim, problem, sources: { 'mutant.opt': text } });
        c.evaluateCpu([new Array(dim).fill(0.25)]);
        compiled++;
      } catch (e) {
        if (e instanceof OptError) {
          rejected++;
          // Every diagnostic but "no problem named ..." points into a file, and formats.
          for (const d of e.diagnostics)
            if (d.code !== Diag.UnknownProblem.code) expect(d.loc, d.message).toBeDefined();
          expect(e.message.length).toBeGreaterThan(0);
        } else {
          failures.push(
            `mutant ${n} (${problem} at D = ${dim}): ${(e as Error)?.name}: ${(e as Error)?.message}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    // Both outcomes occur: the mutations are neither all harmless nor all fatal.
    expect(compiled).toBeGreaterThan(30);
    expect(rejected).toBeGreaterThan(30);
  });
});

describe('data-file errors', () => {
  const use = 'problem f(x[D]) { sum(i) (x[i] - o[i])^2 }';

  it('a missing file: the message names the resolved path ($DATA and relative paths)', () => {
    const ds = errorsOf(`data o[D] = file("${join(tmp, 'nope.txt')}")\n${use}`);
    expect(ds.map((d) => `${codeString(d.code)} ${where(d)} ${d.message}`)).toEqual([
      `OPT5001 1:18 data file not found: ${join(tmp, 'nope.txt')}`,
    ]);
    const rel = diagnosticsOf({
      [join(tmp, 'sub', 'p.opt')]: `data o[D] = file("../elsewhere/o.txt")\n${use}`,
    });
    expect(rel[0]!.message).toBe(`data file not found: ${join(tmp, 'elsewhere', 'o.txt')}`);
    setDataRoot(join(tmp, 'data-root'));
    try {
      const viaRoot = errorsOf(`data o[D] = file("$DATA/cec/o.txt")\n${use}`);
      expect(viaRoot[0]!.message).toBe(
        `data file not found: ${join(tmp, 'data-root', 'cec', 'o.txt')}`,
      );
    } finally {
      setDataRoot(undefined);
    }
  });

  it('too few numbers: says how many were found and needed, for vectors and matrices', () => {
    const ds = errorsOf(`data o[D] = file("${threeNumbers}", offset: 1)\n${use}`, { dim: 3 });
    expect(ds.map((d) => d.message)).toEqual([
      `data file ${threeNumbers} has 3 numbers, but 4 are needed (o: 3 values from number 2)`,
    ]);
    const m = errorsOf(
      `data A[D][D] = file("${rowsOfThree}", offset: 12, row: 3)\nproblem f(x[D]) { sum(i) A[i][i] * x[i] }`,
      { dim: 3 },
    );
    expect(m.map((d) => d.message)).toEqual([
      `data file ${rowsOfThree} has 18 numbers, but 21 are needed (A: a 3x3 matrix from number 13 with rows of 3)`,
    ]);
    // The same declarations are fine where the file is long enough.
    expect(() =>
      compileProblem({
        dim: 2,
        sources: { [FILE]: `data o[D] = file("${threeNumbers}", offset: 1)\n${use}` },
      }),
    ).not.toThrow();
  });

  it('a non-number in the file', () => {
    const ds = errorsOf(`data o[D] = file("${badNumber}")\n${use}`, { dim: 2 });
    expect(ds.map((d) => `${codeString(d.code)} ${d.message}`)).toEqual([
      `OPT5003 data file ${badNumber}:1:5: 'abc' is not a number`,
    ]);
  });

  it('a matrix asked beyond the row length of the file', () => {
    const src = `data A[D][D] = file("${rowsOfThree}", row: 3)\nproblem f(x[D]) { sum(i) A[i][0] * x[i] }`;
    expect(() => compileProblem({ dim: 3, sources: { [FILE]: src } })).not.toThrow();
    const ds = errorsOf(src, { dim: 5 });
    expect(ds.map((d) => `${codeString(d.code)} ${where(d)} ${d.message}`)).toEqual([
      "OPT5004 1:6 data 'A' is only available up to D = 3, but D = 5 was asked (the file's rows have 3 numbers; the matrix needs 5 columns)",
    ]);
    // Columns that grow twice as fast as D: the largest D is found, not taken to be the row length.
    const wide = `data A[D][2 * D] = file("${rowsOfThree}", row: 3)\nproblem f(x[D]) { sum(i) A[0][i] * x[i] }`;
    expect(errorsOf(wide, { dim: 2 }).map((d) => d.message)).toEqual([
      "data 'A' is only available up to D = 1, but D = 2 was asked (the file's rows have 3 numbers; the matrix needs 4 columns)",
    ]);
  });
});
