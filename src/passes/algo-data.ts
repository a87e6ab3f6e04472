// Algorithm pass `data`: the data every step declares. The steps share one DATA buffer on the
// GPU, so they list the same data in the same order: the problem's, then the residuals of its
// shifted data (passes/residual.ts), the residuals of a box per coordinate (the steps subtract its
// bounds from points, reflect and wrap, which the residual pass rewrites with the bounds'
// residuals), then the data the turns pass reads (a rotation's matrix: passes/turns.ts). They are
// added to the problem's data list; a step is compiled with that list in place of its own
// (src/compile/algorithm.ts), so the steps' programs are left as they are.

import type { IrData } from '../ir/ir.js';
import type { AlgoProgram } from '../ir/step.js';
import type { AlgoPassContext } from './algo-pass.js';
import { residualData, residualName } from './residual.js';
import { turnsData } from './turns.js';

export function algoData(
  a: AlgoProgram,
  ctx: Pick<AlgoPassContext, 'problemAfterScan'>,
): AlgoProgram {
  const problem = a.problem;
  const problemResiduals = residualData(problem);
  const boxResiduals: IrData[] = [...new Set(problem.coords ?? [])]
    .filter((n): n is string => n !== null)
    .filter((n) => !problemResiduals.some((d) => d.name === residualName(n)))
    .map((n) => ({ name: residualName(n), shape: [problem.dim], def: { k: 'residual', of: n } }));
  const shifted = [...problem.data, ...problemResiduals, ...boxResiduals];
  const data = [...shifted, ...turnsData(ctx.problemAfterScan({ ...problem, data: shifted }))];
  return { ...a, problem: { ...problem, data } };
}
