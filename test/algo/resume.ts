// What the checkpoint tests share (test/algo/checkpoint.test.ts, test/gpu/checkpoint.gpu.test.ts).

import { expect } from 'vitest';
import type { CompiledAlgorithm } from '../../src/compile/algorithm.js';
import type { AlgoEngine } from '../../src/runtime/algo-engine.js';
import { runAlgorithm, type RunCheckpoint, type RunOptions } from '../../src/runtime/run.js';

/** A result without its timings. */
export const untimed = (r: Awaited<ReturnType<typeof runAlgorithm>>) => ({
  ...r,
  seconds: 0,
  bestPoint: Array.from(r.bestPoint),
  trace: r.trace.map((e) => ({ ...e, seconds: 0 })),
});

/**
 * The run uninterrupted, the same run taking a checkpoint after every batch, and a run resumed
 * from each of its first `resumes` checkpoints (a fresh engine each): all end alike.
 */
export async function expectResumable(
  c: CompiledAlgorithm,
  engine: () => Promise<AlgoEngine>,
  o: RunOptions,
  resumes = 3,
): Promise<void> {
  const plain = untimed(await runAlgorithm(c, await engine(), o));
  const cps: RunCheckpoint[] = [];
  const taking = untimed(
    await runAlgorithm(c, await engine(), {
      ...o,
      checkpointEvery: 0,
      onCheckpoint: (cp) => void cps.push(cp),
    }),
  );
  expect(taking).toEqual(plain);
  expect(cps.length).toBeGreaterThanOrEqual(2);
  // The first checkpoints, and the one before the end.
  for (const cp of [...cps.slice(0, resumes), cps[cps.length - 1]!]) {
    const resumed = untimed(await runAlgorithm(c, await engine(), { ...o, resume: cp }));
    expect(resumed, `resumed at generation ${cp.gen}`).toEqual(plain);
  }
}
