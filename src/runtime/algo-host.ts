// The host's part of a generation: conditions that depend only on parameters and draws (GOjDE's
// "if rand() < po") are evaluated here, with the draws the GPU would make (individual 0, dimension
// 0 of the generation), so the host knows which steps run, and how many evaluations they make,
// without reading anything back.

import type { GenStmt, Step } from '../ir/step.js';
import { Evaluator } from '../ir/evaluate.js';
import type { IExpr } from '../ir/ir.js';
import { drawTable } from './draws.js';

export function evalHost(e: IExpr, draws: ReturnType<typeof drawTable>): number {
  // The IR evaluator (ir/evaluate.ts), with the draws and nothing else: a host condition reads
  // no array and no index.
  const ev = new Evaluator({
    array: () => undefined,
    draw: (dist, site, a) =>
      dist === 'u'
        ? draws.u(site, a[0]!, a[1]!)
        : dist === 'n'
          ? draws.n(site, a[0]!, a[1]!)
          : dist === 'int'
            ? draws.int(site, a[0]!, a[1]!, a[2]!)
            : draws.distinct(site, a[0]!, a[1]!, a[2]!, a[3]!, a[4]!),
  });
  return ev.compile(e, new Map())();
}

/** The steps generation `gen` runs, in order. */
export function planGeneration(g: GenStmt[], seed: number, gen: number): Step[] {
  const draws = drawTable(seed, { gen });
  const out: Step[] = [];
  const walk = (ss: GenStmt[]) => {
    for (const s of ss) {
      if (s.k === 'step') out.push(s.step);
      else walk(evalHost(s.cond, draws) ? s.then : s.else);
    }
  };
  walk(g);
  return out;
}
