// How exact the GPU is for a problem near its optimum and in its box (docs/problems.md, "Float32
// behaviour"): at the optimum plus a perturbation of relative size 1e-7 (of the box's half-width,
// coordinate by coordinate, rounded to float32 so that both backends see the same points), the
// error the GPU computes against the float64 error of the CPU backend, with the running error
// bound u MU of the GPU's program there (ir/error-bound.ts); and at random points of the box,
// whether the GPU's value overflows float32 where float64's is finite. scripts/float32-survey.mjs
// runs it over the standard library; test/gpu/problems.gpu.test.ts and cec2014.gpu.test.ts assert
// it.

import type { CompiledProblem } from '../compile/problem.js';
import { boxAt } from '../ir/data.js';
import { uniform53 } from '../rng/philox.js';
import type { GpuContext } from './device.js';
import { GpuEvaluator } from './gpu-eval.js';

export interface Float32Check {
  problem: string;
  dim: number;
  /** The largest |error| over the points near the optimum: float64 (CPU) and float32 (GPU). */
  err64: number;
  err32: number;
  /** The largest u MU there: what the GPU's error may differ from the exact one by. */
  bound: number;
  /**
   * The largest ratio max(e32 / e64, e64 / e32) over the points where either is at least 1e-8
   * (1 when both are below everywhere): within a factor 10 is issue 12's criterion.
   */
  ratio: number;
  /** Points of the box where the GPU's value is not finite and float64's is. */
  overflow: number;
  points: number;
  /** The largest |f| in float64 at those points. */
  maxBox: number;
}

/** Philox's stream of the points (the same on every machine). */
const STREAM = 12;

/**
 * The check for problem `p` (which declares an optimum point), with `n` points near it and `n` in
 * the box. Throws for a problem without an optimum point.
 */
export async function float32Check(
  gpu: GpuContext,
  p: CompiledProblem,
  n = 4,
): Promise<Float32Check> {
  const o = p.info.optimumPoint;
  if (!o || Number.isNaN(p.info.optimum))
    throw new Error(`${p.info.name} declares no optimum point`);
  const D = p.info.dim;
  const bounds = p.box();
  let k = 0;
  const u = () => uniform53(D, k++, STREAM);
  const near = Array.from({ length: n }, () =>
    Float64Array.from(o, (v, j) => {
      const [lo, hi] = boxAt(bounds, j);
      return Math.fround(v + 1e-7 * ((hi - lo) / 2) * (2 * u() - 1));
    }),
  );
  const box = Array.from({ length: n }, () =>
    Float64Array.from(o, (_, j) => {
      const [l, h] = boxAt(bounds, j);
      return Math.fround(l + (h - l) * u());
    }),
  );
  const g = p.cpuEvaluator();
  const x = new Float32Array(2 * n * D);
  [...near, ...box].forEach((pt, j) => x.set(pt, j * D));
  const ev = new GpuEvaluator(gpu, p, 2 * n);
  let v: Float32Array;
  try {
    await ev.ready();
    v = await ev.evaluate(x, 2 * n);
  } finally {
    ev.destroy();
  }
  const bf = p.errorBound();
  let err64 = 0;
  let err32 = 0;
  let bound = 0;
  let ratio = 1;
  for (const [j, pt] of near.entries()) {
    const e64 = Math.abs(p.errorOf(g(pt, 0)));
    const e32 = Math.abs(p.errorOf(p.decode(v[j]!)));
    err64 = Math.max(err64, e64);
    err32 = Math.max(err32, e32);
    bound = Math.max(bound, 2 ** -24 * bf(pt, 0));
    if (e64 < 1e-8 && e32 < 1e-8) continue;
    const q = Math.max(e32 / e64, e64 / e32);
    ratio = Math.max(ratio, Number.isNaN(q) ? Infinity : q);
  }
  let overflow = 0;
  let maxBox = 0;
  for (const [j, pt] of box.entries()) {
    const f = g(pt, 0) + p.bias;
    maxBox = Math.max(maxBox, Math.abs(f));
    if (Number.isFinite(f) && !Number.isFinite(p.decode(v[n + j]!))) overflow++;
  }
  return { problem: p.info.name, dim: D, err64, err32, bound, ratio, overflow, points: n, maxBox };
}
