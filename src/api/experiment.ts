// The experiment room (src/experiment) as the CLI and the API reach it: running an experiment's
// design into its results database, the database, shards, merge, Slurm scripts, a run's report and
// checkpoint, and the GPU clocks before a timed run. Loaded by the commands that run things
// (opt run, opt experiment, opt bench), which load the compiler and the runtime anyway.

export {
  runExperiment,
  type ExperimentOutcome,
  type ExperimentRunDone,
  type CompiledExperiment,
  type RunExperimentOptions,
} from '../experiment/runner.js';
export { ExperimentError } from '../experiment/errors.js';
export { ResultsDb, RESULTS_FILE } from '../experiment/database.js';
export {
  checkShardCount,
  shardBlock,
  shardRuns,
  shardText,
  type Shard,
} from '../experiment/shard.js';
export { mergeShards, type MergeResult } from '../experiment/merge.js';
export {
  slurmScripts,
  sq,
  writeSlurm,
  type SlurmRequest,
  type SlurmWritten,
} from '../experiment/slurm.js';
export { compileAtPrecision, makeReport, type RunReport } from '../experiment/run.js';
export {
  CHECKPOINT,
  checkpointIn,
  markDone,
  programDigest,
  readCheckpoint,
  writeCheckpoint,
  writeSuiteCheckpoint,
} from '../experiment/checkpoint.js';
export { roofline, warmClocks } from '../experiment/roofline.js';
