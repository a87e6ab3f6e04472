// Algorithm pass `regime`: the regime fallback. In the split regime every workgroup of a step's
// writes kernel recomputes the step's first scalars and its vectors; a value row (cols 0) that the
// step writes is written by one workgroup while the others may still read it there (a race: a
// Solis-Wets step that reads phase[0] and sets it). Where the value writes can follow the vector
// writes in a kernel of their own (ir/step.ts, valueWritesAfter: PSO's personal best) the split
// regime stays; otherwise the step takes the team regime, where one team computes and then
// writes: the pass marks it `(force team)`, which its schedule options then carry.

import { some, type ScheduledProgram } from '../ir/ir.js';
import {
  mapSteps,
  prefixScalars,
  valueWritesAfter,
  valueWritesInCombine,
  type AlgoProgram,
  type Step,
} from '../ir/step.js';
import type { AlgoPassContext } from './algo-pass.js';

/**
 * Does a split step's writes kernel read a value row (an array of cols 0) that the step writes?
 * It recomputes the scalars before the first reduction and the vectors; the write bodies are
 * evaluated only where they are written, so their reads do not count.
 */
export function splitWriteRace(p: ScheduledProgram): boolean {
  if (valueWritesInCombine(p)) return false;
  const f = p.main;
  const scalarWrites = new Set(
    (f.writes ?? [])
      .filter((w) => !w.col && p.state?.find((a) => a.name === w.arr)?.cols === 0)
      .map((w) => w.arr),
  );
  if (!scalarWrites.size) return false;
  const prefix = prefixScalars(p);
  return f.bindings.some(
    (b) =>
      (b.k !== 'scalar' || prefix.has(b.name)) &&
      some(b.body, (n) => n.k === 'read' && scalarWrites.has(n.arr)),
  );
}

/** `st`, marked to take the team regime where its split schedule would race (see above). */
export function regimeOf(st: Step, ctx: Pick<AlgoPassContext, 'schedule'>): Step {
  if (st.force) return st;
  const ir = ctx.schedule(st);
  return ir.schedule.regime.k === 'split' && splitWriteRace(ir) && !valueWritesAfter(ir)
    ? { ...st, force: 'team' }
    : st;
}

export function algoRegime(a: AlgoProgram, ctx: Pick<AlgoPassContext, 'schedule'>): AlgoProgram {
  return mapSteps(a, (st) => regimeOf(st, ctx));
}
