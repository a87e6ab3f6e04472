// The algorithm pipeline: one list of named passes over the algorithm IR (an AlgoProgram,
// src/ir/step.ts; its text form src/ir/algo-print.ts), as PASSES is for a problem's IR
// (pipeline.ts). Elaboration gives the IR `lower`; `opt compile --algorithm A --dump-algo-ir
// after:NAME` prints it after any pass, and tests validate it after each (src/ir/algo-validate.ts).
// compileAlgorithm (algorithm.ts) runs the whole list and then compiles every step, each through
// the problem pipeline.

import type { AlgoProgram } from '../ir/step.js';
import { validateAlgo } from '../ir/algo-validate.js';
import type { AlgoPass, AlgoPassContext } from '../passes/algo-pass.js';
import { algoWhile } from '../passes/algo-while.js';
import { algoSelect } from '../passes/algo-select.js';
import { algoStoreLets } from '../passes/algo-store-lets.js';
import { algoFitness } from '../passes/algo-fitness.js';
import { algoData } from '../passes/algo-data.js';
import { algoTwoFloat } from '../passes/algo-twofloat.js';
import { algoRegime } from '../passes/algo-regime.js';
import { algoFuseTrack } from '../passes/algo-fuse-track.js';

export const ALGO_PASSES: readonly AlgoPass[] = [
  // `repeat n while c` for the GPU: a flag, a start step, the condition's writes and counter,
  // the body's writes guarded, a selection's marked (first: the passes after it see no while).
  { name: 'while', run: algoWhile },
  // The selections (best of a union, in place or into another population; sorted) as steps.
  { name: 'select', run: algoSelect },
  // The generation-level lets that a step of their own computes once; no let statement after it.
  { name: 'store-lets', run: algoStoreLets },
  // The objective's constant and range, decided from every step (the stored lets' included).
  { name: 'fitness', run: algoFitness },
  // The data every step declares (residuals, the turns pass's data).
  { name: 'data', run: algoData },
  // Float-float populations (precision ff; the identity otherwise).
  { name: 'twofloat', run: (a, ctx) => (ctx.precision === 'ff' ? algoTwoFloat(a) : a) },
  // The steps that take the team regime whatever their size (the split regime would race).
  { name: 'regime', run: algoRegime },
  // The track fused into the steps that open a generation (unless the request says not to).
  { name: 'fuse-track', run: algoFuseTrack },
];

export const ALGO_PASS_NAMES = ['lower', ...ALGO_PASSES.map((p) => p.name)];

/** The passes that have run once stage `stage` (`lower` or a pass) is reached, in order. */
export function passesThrough(stage: string): string[] {
  return ALGO_PASS_NAMES.slice(1, ALGO_PASS_NAMES.indexOf(stage) + 1);
}

export interface AlgoPipelineOptions {
  validateEach?: boolean;
  /** Stop after this pass (`lower`: the elaborated IR). */
  until?: string;
  onPass?: (name: string, a: AlgoProgram) => void;
}

/** Runs the algorithm passes up to and including `until` (all by default). */
export function runAlgoPipeline(
  a: AlgoProgram,
  ctx: AlgoPassContext,
  options: AlgoPipelineOptions = {},
): AlgoProgram {
  if (options.until !== undefined && !ALGO_PASS_NAMES.includes(options.until))
    throw new Error(`internal: no algorithm pass ${options.until}`);
  if (options.validateEach) validateAlgo(a, 'lower');
  options.onPass?.('lower', a);
  if (options.until === 'lower') return a;
  const ran: string[] = [];
  for (const pass of ALGO_PASSES) {
    a = pass.run(a, ctx);
    ran.push(pass.name);
    if (options.validateEach) validateAlgo(a, pass.name, ran);
    options.onPass?.(pass.name, a);
    if (options.until === pass.name) return a;
  }
  return a;
}
