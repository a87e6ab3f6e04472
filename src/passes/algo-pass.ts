// What an algorithm pass is (src/compile/algo-pipeline.ts lists them, ALGO_PASSES): a function
// from algorithm IR to algorithm IR (an AlgoProgram, src/ir/step.ts), given what it may ask of
// the stages above it. The context is how a pass at this level uses the problem pipeline
// (src/compile, above it) without importing it: the driver passes the pipeline in, and keeps what
// it computed (a step scheduled for the regime pass is the step compileAlgorithm then uses).

import type { IrProgram, ScheduledProgram } from '../ir/ir.js';
import type { AlgoProgram, Step } from '../ir/step.js';

export interface AlgoPassContext {
  /** How the GPU stores the populations: float32, or float-float (passes/algo-twofloat.ts). */
  precision: 'f32' | 'ff';
  /** Fuse the track into the steps that open a generation (passes/algo-fuse-track.ts). */
  fuseTrack: boolean;
  /** A problem program after the problem pipeline's `scan` pass (src/compile/pipeline.ts). */
  problemAfterScan(p: IrProgram): IrProgram;
  /**
   * A step through the whole problem pipeline with the schedule options it compiles with (its
   * population, the request's options, its `force`), and the algorithm's data; memoised.
   */
  schedule(st: Step): ScheduledProgram;
}

export interface AlgoPass {
  name: string;
  run(a: AlgoProgram, ctx: AlgoPassContext): AlgoProgram;
}
