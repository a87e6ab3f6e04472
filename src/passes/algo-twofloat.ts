// Algorithm pass `twofloat` (with precision ff only): the populations, and the arrays written from
// them, stored as float-float on the GPU. Each such array A gains a low-part array A.lo of its
// shape, in the state of the algorithm and of every step; the problem pass `twofloat`
// (passes/twofloat.ts) then rewrites each step's arithmetic on those pairs.

import { allSteps, mapSteps, type AlgoProgram } from '../ir/step.js';
import { lowPart, twoFloatArrays } from './twofloat.js';

export function algoTwoFloat(a: AlgoProgram): AlgoProgram {
  const data = new Set(a.problem.data.map((d) => d.name));
  const steps = [...a.init, ...allSteps(a.generation), a.track].map((s) => s.prog.main);
  const ff = twoFloatArrays(
    steps,
    a.populations.map((p) => p.name),
    data,
  );
  const state = a.state.flatMap((s) =>
    ff.has(s.name)
      ? [
          { ...s, lo: lowPart(s.name) },
          { name: lowPart(s.name), rows: s.rows, cols: s.cols },
        ]
      : [s],
  );
  return { ...mapSteps(a, (st) => ({ ...st, prog: { ...st.prog, state } })), state };
}
