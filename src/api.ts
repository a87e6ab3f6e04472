// The compiler's programmatic interface, the one door the CLI (and any other user) goes through:
// compile a problem or an algorithm, parse sources, and the errors they throw.

export { parseAll, parseChecked, type SourceRequest } from './parser/sources.js';
export {
  compileProblem,
  fixedDimension,
  suiteProblems,
  type CompiledProblem,
  type CompileRequest,
  type ProblemInfo,
} from './compile/problem.js';
export { OptError } from './parser/diagnostics.js';
export { PASS_NAMES } from './compile/pipeline.js';
