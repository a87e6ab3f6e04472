// The names the CLI's flag tables need when `opt` starts (src/cli/flags.ts): the pipeline's
// passes, read from the pipeline itself, without loading the parser, the elaborator or the
// runtime that src/api.ts brings (`opt --help` reads only the tables).

export { PASS_NAMES } from '../compile/pipeline.js';
export { ALGO_PASS_NAMES } from '../compile/algo-pipeline.js';
