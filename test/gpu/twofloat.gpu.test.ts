// Float-float populations on the GPU (passes/twofloat.ts): the device keeps the error terms of the
// ff_* helpers (runtime/two-float-check.ts), and every standard-library algorithm runs with its
// population in float-float, the low parts live (not all 0: a shader compiler that simplified the
// error terms away would leave them so) and normalised (|lo| at most half an ulp of hi).

import { describe, expect, it } from 'vitest';
import { compileAlgorithm } from '../../src/compile/algorithm.js';
import { GpuAlgoEngine } from '../../src/runtime/algo-gpu.js';
import { runAlgorithm } from '../../src/runtime/run.js';
import { checkTwoFloat, compare } from '../../src/runtime/two-float-check.js';
import { stdlibAlgorithms } from '../../src/api.js';
import { gpu } from './helpers.js';
import { staged } from '../stage.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

maybe('float-float on the device', () => {
  it("keeps the helpers' error terms: every result within 2^-44", async () => {
    expect(await checkTwoFloat(ctx!)).toEqual({ ok: true });
  });

  it('the comparison finds a low part that is lost', () => {
    // One case of the check: 1 + 2^-30 (a pair) plus 3e-8; a device that drops the low parts.
    const x = new Float32Array([1, 2 ** -30, Math.fround(3e-8), 0]);
    const lost = new Float32Array(10).fill(0);
    lost[0] = 1;
    const r = compare(x, lost);
    expect(r.ok).toBe(false);
    expect(r.detail).toBe(
      'the float-float sum of (1 + 9.313225746154785e-10) and (2.999999892949745e-8 + 0) gave (1, 0), 3.09e-8 from 1.0000000309313215, where float-float keeps 2^-44 of 1.00e+0',
    );
  });

  // DE and jDE in the test command, the other algorithms in the long stage (test/stage.ts): each
  // compiles its float-float steps in 5 to 29 s from an empty shader cache (issue 36, item 5).
  it.each(staged(stdlibAlgorithms(), (a) => a === 'de' || a === 'jde'))(
    '%s runs with a float-float population, its low parts live and normalised',
    async (algorithm) => {
      const c = compileAlgorithm({ algorithm, problem: 'cec2017_f1', dim: 10, precision: 'ff' });
      const pop = c.algo.populations[0]!.name;
      expect(c.algo.state.find((a) => a.name === pop)?.lo).toBe(`${pop}.lo`);
      const e = await GpuAlgoEngine.create(ctx!, c, 3);
      try {
        // Scatter search's first generation (its reference set and local searches) takes ~8,000.
        const maxEvals = algorithm === 'scatter_search' ? 20000 : 3000;
        const r = await runAlgorithm(c, e, { seed: 3, maxEvals });
        expect(Number.isFinite(r.bestError)).toBe(true);
        // Some array's low parts are live (scatter search's diverse population Div is only drawn
        // and copied: its children, O, carry them), and all are normalised.
        let live = false;
        for (const a of c.algo.state.filter((s) => s.lo)) {
          const hi = await e.readArray(a.name); // hi + lo, in float64
          const lo = await e.readArray(a.lo!);
          live ||= lo.some((v) => v !== 0);
          for (let k = 0; k < lo.length; k++)
            expect(Math.abs(lo[k]!)).toBeLessThanOrEqual(2 ** -24 * Math.abs(Math.fround(hi[k]!)));
        }
        expect(live).toBe(true);
        // The reported point is hi + lo: its float64 error is what the host reports.
        expect(c.errorAt(r.bestPoint)).toBeGreaterThanOrEqual(0);
      } finally {
        e.destroy();
      }
    },
  );
});
