// What the CLI needs when `opt` starts, without loading the parser, the elaborator or the runtime
// that src/api.ts brings (`opt --help` reads only the flag tables): the pipeline's passes, read
// from the pipeline itself (src/cli/flags.ts), and the error the experiment and report rooms throw
// for a user's mistake, which src/cli/main.ts prints as a usage error.

export { PASS_NAMES } from '../compile/pipeline.js';
export { ExperimentError } from '../experiment/errors.js';
export { ALGO_PASS_NAMES } from '../compile/algo-pipeline.js';
