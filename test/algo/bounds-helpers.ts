// Shared by test/algo/bounds.test.ts and test/gpu/bounds.gpu.test.ts: a program that pushes
// points out of the box, and each bound policy's rule written independently of
// stdlib/bounds/bounds.opt (the reflection and the wrap as loops, not its closed forms).

import { CpuAlgoEngine } from '../../src/runtime/algo-cpu.js';
import { runAlgorithm } from '../../src/runtime/run.js';
import { algo } from './helpers.js';

/**
 * A box [-1, 2] and an algorithm that moves individual i by +-step (j + 1) in coordinate j, so that
 * coordinate j of its point lands up to 2.5 (j + 1) box widths outside; P0 keeps the parent.
 */
export const SHOVE = `
problem slope(x[D]) in [-1, 2] { sum(i) x[i] }
algorithm shove(NP = 8, step = 7.5) {
  population X[NP]
  state P0[NP][D] = 0
  generation {
    each i in P0 {
      P0[i] = X[i]
    }
    each i in X {
      let u[j] = X[i][j] + (if i % 2 == 0 then step else 0 - step) * (j + 1) / 4
      X[i] = u
    }
  }
}
`;
export const LO = -1;
export const HI = 2;
export const D = 6;

/** Each policy's rule, written independently of stdlib/bounds/bounds.opt. */
export const RULES: Record<string, (x: number, p: number) => number> = {
  clip: (x) => Math.min(Math.max(x, LO), HI),
  reflect: (x) => {
    while (x < LO || x > HI) x = x < LO ? 2 * LO - x : 2 * HI - x;
    return x;
  },
  wrap: (x) => {
    while (x < LO) x += HI - LO;
    while (x > HI) x -= HI - LO;
    return x;
  },
  midpoint: (x, p) => (x < LO ? (LO + p) / 2 : x > HI ? (HI + p) / 2 : x),
};

export async function shoveOnCpu(bounds: string, seed = 3) {
  const c = algo('shove', 'slope', D, { bounds }, { 'shove.opt': SHOVE });
  const e = new CpuAlgoEngine(c, seed);
  await runAlgorithm(c, e, { seed, maxGenerations: 1, batch: 1 });
  return { c, e, X: await e.readArray('X'), P: await e.readArray('P0') };
}
