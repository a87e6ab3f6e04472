// The host's part of a generation: conditions that depend only on parameters and draws (GOjDE's
// "if rand() < po") are evaluated here, with the draws the GPU would make (individual 0, dimension
// 0 of the generation), so the host knows which steps run, and how many evaluations they make,
// without reading anything back.

import type { GenStmt, Step } from '../ir/step.js';
import { Evaluator } from '../ir/evaluate.js';
import { at, type IExpr } from '../ir/ir.js';
import { drawTable } from './draws.js';

export function evalHost(e: IExpr, draws: ReturnType<typeof drawTable>, gen: number): number {
  // The IR evaluator (ir/evaluate.ts), with the draws and $gen and nothing else: a host condition
  // reads no array and no other index. $gen is the engines' generation (the `gen` of the
  // language is $gen - 1, src/elaborate/algorithm.ts).
  const ev = new Evaluator({
    array: () => undefined,
    draw: (dist, site, a) => {
      // The arity is the draw's (ir.ts, DrawDist), checked by the validator.
      const arg = (i: number) => at(a, i, `a ${dist} draw's arguments`);
      return dist === 'u'
        ? draws.u(site, arg(0), arg(1))
        : dist === 'n'
          ? draws.n(site, arg(0), arg(1))
          : dist === 'int'
            ? draws.int(site, arg(0), arg(1), arg(2))
            : draws.distinct(site, arg(0), arg(1), arg(2), arg(3), arg(4));
    },
  });
  const g = ev.slot();
  ev.regs[g] = gen;
  return ev.compile(e, new Map([['$gen', g]]))();
}

/** The steps generation `gen` runs, in order. */
export function planGeneration(g: GenStmt[], seed: number, gen: number): Step[] {
  const draws = drawTable(seed, { gen });
  const out: Step[] = [];
  const walk = (ss: GenStmt[]) => {
    for (const s of ss) {
      if (s.k === 'step') out.push(s.step);
      else walk(evalHost(s.cond, draws, gen) ? s.then : s.else);
    }
  };
  walk(g);
  return out;
}
