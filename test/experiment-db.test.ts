// The trace a results database keeps of a run (src/experiment/database.ts, thinTrace): the first and
// last rows and the first row at or below each error level. The first hits of COCO's targets and
// of the experiment's target are those of the whole trace; between two kept rows the best-so-far
// changes by less than a factor 10^(1/20); traces without errors are kept whole.

import { describe, expect, it } from 'vitest';
import { COCO_TARGETS, firstHits, type RunRecord } from '../src/api/analysis.js';
import { thinTrace, TRACE_LEVELS_A_DECADE } from '../src/experiment/database.js';

type Row = { evals: number; seconds: number; best: number; error: number | null };
const row = (evals: number, error: number | null): Row => ({
  evals,
  seconds: evals / 1e6,
  best: error ?? 5,
  error,
});

describe('the trace a results database keeps', () => {
  // A long run: 5,000 improvements from 3e4 down to 2e-9, by irregular steps.
  const whole: Row[] = [];
  let e = 3e4;
  for (let k = 0; k < 5000; k++) {
    whole.push(row(250 * (k + 1), e));
    e *= 0.99 - 0.005 * Math.sin(k);
  }
  const target = 3.3e-3;
  const kept = thinTrace(whole, [...COCO_TARGETS, target, 0]);
  const run = (trace: Row[]): RunRecord => ({ evals: trace.at(-1)!.evals, trace });

  it('is small: about 20 rows a decade of error, not a row an improvement', () => {
    const decades = Math.log10(whole[0]!.error! / whole.at(-1)!.error!);
    expect(kept.length).toBeLessThan(TRACE_LEVELS_A_DECADE * decades + COCO_TARGETS.length + 3);
    expect(kept.length).toBeLessThan(whole.length / 10);
    expect(kept[0]).toBe(whole[0]);
    expect(kept.at(-1)).toBe(whole.at(-1));
  });

  it('keeps the first hits of COCO targets and of the experiment target exactly', () => {
    const targets = [...COCO_TARGETS, target];
    expect(firstHits(run(kept), targets)).toEqual(firstHits(run(whole), targets));
    // The experiment's target lies between two levels: without it among the exact targets its
    // first hit would move to the next kept row.
    const levelsOnly = thinTrace(whole, [...COCO_TARGETS, 0]);
    expect(firstHits(run(levelsOnly), [target])).not.toEqual(firstHits(run(whole), [target]));
  });

  it('drops only rows within a factor 10^(1/20) of the row kept before them', () => {
    const keptSet = new Set(kept);
    let last = whole[0]!;
    for (const r of whole) {
      if (keptSet.has(r)) last = r;
      else expect(last.error! / r.error!).toBeLessThan(10 ** (1 / TRACE_LEVELS_A_DECADE));
    }
  });

  it('keeps a trace whole where it has no errors, or errors at or below 0 before its end', () => {
    const noOptimum = [row(10, null), row(20, null), row(30, null)];
    expect(thinTrace(noOptimum, COCO_TARGETS)).toEqual(noOptimum);
    const negative = [row(10, 5), row(20, -1), row(30, -1.5), row(40, -2)];
    expect(thinTrace(negative, COCO_TARGETS)).toEqual(negative);
  });
});
