// The long stage (56 s from an empty shader cache). Expressions of any size on the GPU (issue 34,
// item 3): a written chain longer than 256 terms is cut into scalar lets in the IR
// (elaborate/problem.ts) and every WGSL expression deeper than 96 into lets (codegen/wgsl-ast.ts boundHeight), in the written order: the GPU's float32 value is
// within the error bound of the CPU's float64 one. Before, Tint refused a 200-term sum ("maximum
// parser recursive depth reached") and 2,000 terms overflowed the compiler's stack.
//
// lavapipe compiles a kernel with LLVM at its first dispatch, superlinearly in the length of
// straight-line code (800 written terms took minutes there): it runs 400 terms; 10,000 run where
// the adapter is a discrete GPU (as large.gpu.test.ts). On an NVIDIA H200 (2026-12-01,
// docs/bench/h200-2026-12-01-long-chains.sh: `opt eval` of 4 points, compile included) a sum of
// 400 terms took 1.5 s, 2,000 took 3.2 s, 10,000 took 18.8 s, and 100,000 had not finished after
// 90 s (the CPU backend: 10.2 s). So the GPU backend refuses more than 20,000 operators in long
// written chains before any shader is compiled (OPT4030, compile/gpu-limits.ts): test/long-expr.test.ts
// drives that through `opt run --backend gpu` of 100,000 terms.

import { describe, expect, it } from 'vitest';
import { compareOnGpu, gpu } from '../gpu/helpers.js';

const ctx = await gpu();
const discrete = !!ctx && !ctx.isSoftware;

const sum = (n: number) =>
  `problem long_sum(x[D]) in [-1, 1] { ${Array.from({ length: n }, (_, i) => `x[${i}]^2`).join(' + ')} }\n`;
const prod = (n: number) =>
  `problem long_prod(x[D]) in [-1, 1] { ${Array.from({ length: n }, (_, i) => `(1 + x[${i}] / 8)`).join(' * ')} }\n`;

describe.skipIf(!ctx)('long written chains on the GPU', () => {
  it('sums 400 written terms within the error bound (cut into lets in the IR and the WGSL)', async () => {
    const c = await compareOnGpu(ctx!, 'long_sum', 400, 4, 3, { sources: { 'l.opt': sum(400) } });
    expect(c.code).toContain('let part_');
    expect(c.worst).toBeLessThanOrEqual(1);
  }, 300_000);
  it('multiplies 300 written factors within the error bound', async () => {
    const c = await compareOnGpu(ctx!, 'long_prod', 300, 4, 5, { sources: { 'l.opt': prod(300) } });
    expect(c.code).toContain('let part_');
    expect(c.worst).toBeLessThanOrEqual(1);
  }, 300_000);
  it.skipIf(!discrete)(
    'sums 10,000 written terms within the error bound (discrete GPUs)',
    async () => {
      const N = 10_000;
      const c = await compareOnGpu(ctx!, 'long_sum', N, 8, 7, { sources: { 'l.opt': sum(N) } });
      expect(c.worst).toBeLessThanOrEqual(1);
    },
    600_000,
  );
});
