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

/**
 * Each policy's rule, written independently of stdlib/bounds/bounds.opt: x the coordinate, p the
 * parent's, lo and hi the coordinate's bounds (the SHOVE box's by default).
 */
export const RULES: Record<string, (x: number, p: number, lo?: number, hi?: number) => number> = {
  clip: (x, _p, lo = LO, hi = HI) => Math.min(Math.max(x, lo), hi),
  reflect: (x, _p, lo = LO, hi = HI) => {
    while (x < lo || x > hi) x = x < lo ? 2 * lo - x : 2 * hi - x;
    return x;
  },
  wrap: (x, _p, lo = LO, hi = HI) => {
    while (x < lo) x += hi - lo;
    while (x > hi) x -= hi - lo;
    return x;
  },
  midpoint: (x, p, lo = LO, hi = HI) => (x < lo ? (lo + p) / 2 : x > hi ? (hi + p) / 2 : x),
};

/** One generation of the shove program `source` (SHOVE, or SHOVE_COORDS) under policy `bounds`. */
export async function shoveOnCpu(bounds: string, seed = 3, source = SHOVE) {
  const c = algo('shove', 'slope', D, { bounds }, { 'shove.opt': source });
  const e = new CpuAlgoEngine(c, seed);
  await runAlgorithm(c, e, { seed, maxGenerations: 1, batch: 1 });
  return { c, e, X: await e.readArray('X'), P: await e.readArray('P0') };
}

/**
 * Coordinate j's box is [-1 - j, 2 + j / 2]; the shove moves individual i by +-7.5 (j + 1) / 4 in
 * coordinate j, up to several widths out, as SHOVE does in its box.
 */
export const SHOVE_COORDS = `
data L[i] = -1 - i
data U[i] = 2 + i / 2
problem slope(x[D]) in [L, U] { sum(i) x[i] }
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
export const loAt = (j: number) => -1 - j;
export const hiAt = (j: number) => 2 + j / 2;

/**
 * An operator whose point is inside the box [-1, 2]^2 only when both coordinates draw 0.5 (the
 * other draw is 5, outside): a try is inside with probability 1/4, so resample's share of rows
 * inside tells its tries apart (1 - 0.75^n for n tries), and a fallback's row has a 2 (clip of 5).
 */
export const COIN = `
problem flat(x[D]) in [-1, 2] { 0 * x[0] }
repair once(x, p) = retry(1, clip)
repair ten(x, p) = retry(10, clip)
algorithm coin(NP = 256) {
  population X[NP]
  generation {
    each i in X {
      let u[j] = if rand() < 0.5 then 0.5 else 5
      X[i] = u
    }
  }
}
`;
