// Algorithm pass `fitness`: how the steps hold fitness values, decided from every step (the
// stored lets' too: it runs after store-lets). The elaborator gives each step the objective
// (ir/fitness-use.ts OBJECTIVE) as the problem's f less its constant terms c, s (f - c) with
// s = -1 when maximising, and the algorithm the offset s c that the host adds in float64
// (passes/bias.ts). Then:
// - where c is not 0 and the algorithm reads a fitness absolutely (ir/fitness-use.ts: f < 5,
//   f * w), the objective is f itself again and the offset 0 (`full-fitness` says where it read
//   it);
// - where the problem's values may leave float32's range (a product of many factors:
//   passes/range.ts, ir/range.ts needsRange), the objective is phi of it (`range`), an increasing
//   function, when the algorithm uses fitness only through its order; otherwise it keeps its
//   values (`range-refused` says why) and the GPU refuses a population it cannot order.
// Every step's functions hold one objective; the pass replaces it in all of them alike.

import { absoluteFitnessUse, OBJECTIVE } from '../ir/fitness-use.js';
import type { IExpr, IrFunc } from '../ir/ir.js';
import { needsRange, RANGE } from '../ir/range.js';
import { allSteps, mapStepsOnce, type AlgoProgram } from '../ir/step.js';
import { TARGET_THRESHOLD } from '../elaborate/algo-track.js';

export function algoFitness(a: AlgoProgram): AlgoProgram {
  const steps = [...a.init, ...allSteps(a.generation), a.track];
  const objective = a.track.prog.funcs.find((f) => f.name === OBJECTIVE);
  if (!objective) throw new Error(`internal: the track of ${a.name} has no ${OBJECTIVE}`);
  // The arrays that hold fitness values from the start.
  const fits = [...a.populations.map((p) => p.fit), a.best.fit, a.trace.name, TARGET_THRESHOLD];
  let result = objective.result;
  let offset = a.offset;
  const fullFitness = offset !== 0 ? absoluteFitnessUse(steps, fits) : undefined;
  if (fullFitness) {
    const f = a.problem.main.result;
    result = a.problem.direction === 'maximize' ? { k: 'un', t: f.t, op: 'neg', a: f } : f;
    offset = 0;
  }
  const rangeRefused = needsRange(a.problem) ? absoluteFitnessUse(steps, fits, true) : undefined;
  const range = needsRange(a.problem) && !rangeRefused;
  if (range) result = { k: 'call', t: 'f', fn: RANGE, args: [result] } as IExpr;
  const out: AlgoProgram = {
    ...a,
    offset,
    ...(fullFitness ? { fullFitness } : {}),
    ...(range ? { range } : {}),
    ...(rangeRefused ? { rangeRefused } : {}),
  };
  if (result === objective.result) return out;
  const changed: IrFunc = { ...objective, result };
  return mapStepsOnce(out, (st) => ({
    ...st,
    prog: {
      ...st.prog,
      funcs: st.prog.funcs.map((f) => (f.name === OBJECTIVE ? changed : f)),
    },
  }));
}
