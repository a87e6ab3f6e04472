// The error of the experiment and report rooms (src/experiment, src/report): what was asked of
// them cannot be done as asked (a results folder of another experiment, a shard that does not
// merge, a checkpoint that does not match, a folder that cannot be made). A user's mistake, not
// the program's: its message names the file or the flag, and the CLI prints it as one line with
// exit code 2, as its own usage errors (src/cli/main.ts). The messages keep the flags' names
// (`--out DIR: ...`): the CLI is their main caller, and an API caller reads the option of that name.

export class ExperimentError extends Error {
  override name = 'ExperimentError';
}
