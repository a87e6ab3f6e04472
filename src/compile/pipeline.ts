// The pass pipeline: one list of named passes (Futhark's habit). `opt compile --dump-ir after:NAME`
// prints the program after any of them; tests run the validator after each.

import type { IrProgram, ScheduledProgram } from '../ir/ir.js';
import { bias } from '../passes/bias.js';
import { centre } from '../passes/centre.js';
import { cosine } from '../passes/cosine.js';
import { cse } from '../passes/cse.js';
import { expm1 } from '../passes/expm1.js';
import { ffsplit } from '../passes/ffsplit.js';
import { fold } from '../passes/fold.js';
import { fuse } from '../passes/fuse.js';
import { inline } from '../passes/inline.js';
import { narrow } from '../passes/narrow.js';
import { range } from '../passes/range.js';
import { residual } from '../passes/residual.js';
import { scan } from '../passes/scan.js';
import { spread } from '../passes/spread.js';
import { twofloat } from '../passes/twofloat.js';
import { turns } from '../passes/turns.js';
import { scheduleProgram, type ScheduleOptions } from '../schedule/schedule.js';
import { validate } from '../ir/validate.js';

export interface Pass {
  name: string;
  run: (p: IrProgram, o: ScheduleOptions) => IrProgram;
}

/** The passes from IR to IR; the schedule pass, which changes the type, comes after them. */
export const PASSES: readonly Pass[] = [
  { name: 'inline', run: (p) => inline(p) },
  { name: 'fold', run: (p) => fold(p) },
  { name: 'centre', run: (p) => centre(p) },
  { name: 'bias', run: (p) => bias(p) },
  { name: 'cosine', run: (p) => cosine(p) },
  { name: 'expm1', run: (p) => expm1(p) },
  { name: 'cse', run: (p) => cse(p) },
  { name: 'scan', run: (p) => scan(p) },
  // The CPU backend takes the program after `scan`; what follows is for the GPU alone.
  { name: 'turns', run: (p) => turns(p) },
  { name: 'residual', run: (p) => residual(p) },
  { name: 'narrow', run: (p) => narrow(p) },
  { name: 'ffsplit', run: (p) => ffsplit(p) },
  { name: 'range', run: (p) => range(p) },
  { name: 'spread', run: (p) => spread(p) },
  { name: 'twofloat', run: (p) => twofloat(p) },
  { name: 'fuse', run: (p) => fuse(p) },
];

const SCHEDULE = 'schedule';

export const PASS_NAMES = ['lower', ...PASSES.map((p) => p.name), SCHEDULE];

export interface PipelineOptions {
  validateEach?: boolean;
  onPass?: (name: string, p: IrProgram) => void;
}

/**
 * Runs the passes up to and including `until` (all by default); validates after each when asked.
 * The whole pipeline ends with the schedule pass and gives a ScheduledProgram; a partial one (for
 * `--dump-ir` and the CPU backend, which takes the IR after `scan`) an IrProgram.
 */
export function runPipeline(
  p: IrProgram,
  o: ScheduleOptions,
  options?: PipelineOptions & { until?: undefined },
): ScheduledProgram;
export function runPipeline(
  p: IrProgram,
  o: ScheduleOptions,
  options: PipelineOptions & { until: string },
): IrProgram;
export function runPipeline(
  p: IrProgram,
  o: ScheduleOptions,
  options: PipelineOptions & { until?: string } = {},
): IrProgram {
  if (options.validateEach) validate(p, 'lower');
  options.onPass?.('lower', p);
  if (options.until === 'lower') return p;
  for (const pass of PASSES) {
    p = pass.run(p, o);
    if (options.validateEach) validate(p, pass.name);
    options.onPass?.(pass.name, p);
    if (options.until === pass.name) return p;
  }
  const s = scheduleProgram(p, o);
  if (options.validateEach) validate(s, SCHEDULE);
  options.onPass?.(SCHEDULE, s);
  return s;
}
