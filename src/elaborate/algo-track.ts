// The track step: after each generation, the best of every population's stored fitness is kept
// with its point when it improves on the best so far (best, best.f), and written to the
// generation's trace row. The algorithm elaborator (algorithm.ts) makes it once per algorithm;
// the fuse-track pass (src/passes/algo-fuse-track.ts) may fuse it into the next generation's
// first step.

import { bin, int, type IExpr } from '../ir/ir.js';
import type { Population, Step } from '../ir/step.js';
import type { ElabCore } from './core.js';
import type { StepBuilder } from './algo-builder.js';

/** Rows of the trace buffer: one per generation of a batch (the runtime reads it per batch). */
export const TRACE_ROWS = 1024;

/**
 * A one-value state array the host sets before a run (runtime/run.ts, targetThreshold): the
 * largest best.f that meets the run's target (-infinity without one). The track keeps best.f and
 * its point once they meet it.
 */
export const TARGET_THRESHOLD = 'target.thr';

/** What the track step needs of the algorithm elaborator. */
export interface TrackHost {
  core: ElabCore;
  dim: number;
  pops: Population[];
  beginStep(): StepBuilder;
  endStep(b: StepBuilder, name: string, n: number): Step;
}

export function trackStep(h: TrackHost): Step {
  // Minimum over every population's stored fitness (each was evaluated and counted), kept with
  // its point when it improves on the best so far; the trace row of the generation gets it.
  const b = h.beginStep();
  b.fn.bindings = []; // generation lets are not needed here
  const mins = h.pops.map((P) => {
    const k = h.core.freshIdx('k');
    const kn = (k as { name: string }).name;
    const am = b.fn.fresh(`arg.${P.name}`);
    b.fn.bindings.push({
      k: 'scalar',
      name: am,
      t: 'i',
      body: {
        k: 'red',
        t: 'i',
        op: 'argmin',
        idx: kn,
        lo: int(0),
        hi: int(P.rows),
        body: { k: 'read', t: 'f', arr: P.fit, idx: [k] },
      },
    });
    const a: IExpr = { k: 'sref', t: 'i', name: am };
    return { P, a, v: { k: 'read', t: 'f', arr: P.fit, idx: [a] } as IExpr };
  });
  // The first population with the smallest minimum (ties go to the earlier one).
  const last = mins.at(-1);
  if (!last) throw new Error('internal: an algorithm without a population');
  const bestV = mins.map((m) => m.v).reduce((acc, v) => bin('min', acc, v));
  const vName = b.fn.fresh('min');
  b.fn.bindings.push({ k: 'scalar', name: vName, t: 'f', body: bestV });
  const v: IExpr = { k: 'sref', t: 'f', name: vName };
  const old: IExpr = { k: 'read', t: 'f', arr: 'best.f', idx: [int(0)] };
  const imp = b.fn.fresh('improved');
  // NaN never improves; the first generation always does (best.f starts at +inf). Once best.f
  // meets the run's target it is kept (its point too): the run reports the generation at which
  // it met the target, whichever generation of its batch that was.
  const met: IExpr = bin('<=', old, { k: 'read', t: 'f', arr: TARGET_THRESHOLD, idx: [int(0)] });
  b.fn.bindings.push({
    k: 'scalar',
    name: imp,
    t: 'i',
    body: {
      k: 'sel',
      t: 'i',
      c: bin('and', bin('<', v, old), { k: 'un', t: 'b', op: 'not', a: met }),
      a: int(1),
      b: int(0),
    },
  });
  const improved = bin('!=', { k: 'sref', t: 'i', name: imp }, int(0));
  const j = h.core.freshIdx('j');
  const jn = (j as { name: string }).name;
  let point: IExpr = { k: 'read', t: 'f', arr: last.P.name, idx: [last.a, j] };
  for (const m of mins.slice(0, -1).reverse()) {
    point = {
      k: 'sel',
      t: 'f',
      c: bin('==', m.v, v),
      a: { k: 'read', t: 'f', arr: m.P.name, idx: [m.a, j] },
      b: point,
    };
  }
  const newBest = { k: 'sel', t: 'f', c: improved, a: v, b: old } as IExpr;
  // The trace first: a write reading an array written in place before it would see the new value.
  b.writes.push({ arr: 'trace', row: { k: 'idx', t: 'i', name: '$slot' }, body: newBest });
  b.writes.push({
    arr: 'best',
    row: int(0),
    col: { idx: jn, len: h.dim },
    body: {
      k: 'sel',
      t: 'f',
      c: improved,
      a: point,
      b: { k: 'read', t: 'f', arr: 'best', idx: [int(0), j] },
    },
  });
  b.writes.push({ arr: 'best.f', row: int(0), body: newBest });
  return h.endStep(b, 'track', 1);
}
