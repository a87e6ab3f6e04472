// The canonical rounding order (src/schedule/canonical.ts; issue 36, item 1): one evaluation of the
// same points under every schedule the planner can choose, forced (team sizes, the split regime
// and its chunks, populations that change the regime or the tile, the tile), gives the same
// float32 bits. Shared by test/gpu/canonical.gpu.test.ts (a few programs and sizes) and
// test/long/canonical.long.test.ts (the sweep).

import { expect } from 'vitest';
import { compileProblem } from '../../src/api.js';
import { GpuEvaluator } from '../../src/runtime/gpu-eval.js';
import { defaultScheduleOptions, type ScheduleOptions } from '../../src/schedule/schedule.js';
import type { GpuContext } from '../../src/runtime/device.js';
import { randomPoints } from './helpers.js';

export interface CanonicalCase {
  problem: string;
  dim: number;
  /** Points evaluated (the same under every schedule). */
  n: number;
  sources?: Record<string, string>;
  /** The schedules to force, each beside the default one for population n. */
  schedules: Partial<ScheduleOptions>[];
}

/** A schedule in words, for a failure's message. */
const show = (s: Partial<ScheduleOptions>) => JSON.stringify(s);

/**
 * The schedules of a sweep: team sizes (forced, team regime), the split regime with chunks, and
 * populations (the regime, the team of a tiled product and the split chunk follow them).
 */
export function sweep(o: {
  teams?: number[];
  chunks?: number[];
  populations?: number[];
  tiles?: number[];
}): Partial<ScheduleOptions>[] {
  return [
    ...(o.teams ?? []).map((team) => ({ force: 'team' as const, team })),
    ...(o.chunks ?? []).map((chunk) => ({ force: 'split' as const, chunk })),
    ...(o.populations ?? []).map((population) => ({ population })),
    ...(o.tiles ?? []).map((tile) => ({ tile })),
  ];
}

/** Evaluates the case's points under each schedule; every result's bits equal the default's. */
export async function expectSameBits(ctx: GpuContext, c: CanonicalCase): Promise<string[]> {
  const compile = (s: Partial<ScheduleOptions>) =>
    compileProblem({
      problem: c.problem,
      dim: c.dim,
      sources: c.sources,
      schedule: { ...defaultScheduleOptions, population: c.n, ...s },
    });
  const base = compile({});
  const x = randomPoints(base, c.n, 1000 + c.dim);
  const bits = async (p: ReturnType<typeof compile>) => {
    const ev = new GpuEvaluator(ctx, p, c.n);
    await ev.ready();
    const f = await ev.evaluate(x, c.n);
    ev.destroy();
    return new Uint32Array(Float32Array.from(f).buffer);
  };
  const want = await bits(base);
  const regimes: string[] = [];
  for (const s of c.schedules) {
    const p = compile(s);
    const r = p.ir.schedule!.regime;
    regimes.push(r.k === 'team' ? `team ${r.team}` : `split ${r.chunk}`);
    const got = await bits(p);
    expect([...got], `${c.problem} D = ${c.dim} under ${show(s)} (${regimes.at(-1)})`).toEqual([
      ...want,
    ]);
  }
  return regimes;
}
