// The pass pipeline: one list of named passes (Futhark's habit). `opt compile --dump-ir after:NAME`
// prints the program after any of them; tests run the validator after each.

import type { IrProgram } from '../ir/ir.js';
import { cse } from '../passes/cse.js';
import { fold } from '../passes/fold.js';
import { fuse } from '../passes/fuse.js';
import { inline } from '../passes/inline.js';
import { scan } from '../passes/scan.js';
import { scheduleProgram, type ScheduleOptions } from '../schedule/schedule.js';
import { validate } from '../ir/validate.js';

export interface Pass {
  name: string;
  run: (p: IrProgram, o: ScheduleOptions) => IrProgram;
}

export const PASSES: readonly Pass[] = [
  { name: 'inline', run: (p) => inline(p) },
  { name: 'fold', run: (p) => fold(p) },
  { name: 'cse', run: (p) => cse(p) },
  { name: 'scan', run: (p) => scan(p) },
  { name: 'fuse', run: (p) => fuse(p) },
  { name: 'schedule', run: (p, o) => scheduleProgram(p, o) },
];

export const PASS_NAMES = ['lower', ...PASSES.map((p) => p.name)];

/** Runs the passes up to and including `until` (all by default); validates after each when asked. */
export function runPipeline(
  p: IrProgram,
  o: ScheduleOptions,
  options: {
    until?: string;
    validateEach?: boolean;
    onPass?: (name: string, p: IrProgram) => void;
  } = {},
): IrProgram {
  if (options.validateEach) validate(p, 'lower');
  options.onPass?.('lower', p);
  if (options.until === 'lower') return p;
  for (const pass of PASSES) {
    p = pass.run(p, o);
    if (options.validateEach) validate(p, pass.name);
    options.onPass?.(pass.name, p);
    if (options.until === pass.name) break;
  }
  return p;
}
