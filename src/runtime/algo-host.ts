// The host's part of a generation: conditions that depend only on parameters and draws (GOjDE's
// "if rand() < po") are evaluated here, with the draws the GPU would make (individual 0, dimension
// 0 of the generation), so the host knows which steps run, and how many evaluations they make,
// without reading anything back.

import type { GenStmt, Step } from '../ir/step.js';
import { builtinOf } from '../ir/builtins.js';
import { evalBin } from '../ir/fold.js';
import type { IExpr } from '../ir/ir.js';
import { drawTable } from './draws.js';

export function evalHost(e: IExpr, draws: ReturnType<typeof drawTable>): number {
  const ev = (x: IExpr) => evalHost(x, draws);
  switch (e.k) {
    case 'num':
    case 'int':
      return e.v;
    case 'un':
      return e.op === 'neg' ? -ev(e.a) : ev(e.a) ? 0 : 1;
    case 'sel':
      return ev(e.c) ? ev(e.a) : ev(e.b);
    case 'draw': {
      const a = e.args.map(ev);
      if (e.dist === 'u') return draws.u(e.site, a[0]!, a[1]!);
      if (e.dist === 'n') return draws.n(e.site, a[0]!, a[1]!);
      if (e.dist === 'int') return draws.int(e.site, a[0]!, a[1]!, a[2]!);
      return draws.distinct(e.site, a[0]!, a[1]!, a[2]!, a[3]!, a[4]!);
    }
    case 'call': {
      const b = builtinOf(e.fn);
      if (!b) break;
      return b.cpu(...e.args.map(ev));
    }
    case 'bin': {
      if (e.op === 'and') return ev(e.a) && ev(e.b) ? 1 : 0;
      if (e.op === 'or') return ev(e.a) || ev(e.b) ? 1 : 0;
      return +evalBin(e.op, ev(e.a), ev(e.b), e.t === 'i');
    }
  }
  throw new Error(`host condition: cannot evaluate ${e.k}`);
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
