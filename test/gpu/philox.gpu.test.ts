// The counter-based generator gives the same bits on the GPU (WGSL) and the CPU (JavaScript), and
// matches the Philox 4x32-10 known-answer vectors of Salmon et al. (Random123's kat_vectors).

import { describe, expect, it } from 'vitest';
import { philox4x32, uniform24 } from '../../src/rng/philox.js';
import { WGSL_PHILOX } from '../../src/codegen/wgsl-philox.js';
import { gpu, runOutputKernel } from './helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');

describe('Philox 4x32-10 on the CPU', () => {
  it('matches the Random123 known-answer vectors', () => {
    expect(philox4x32(0, 0, 0, 0, 0, 0)).toEqual([0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8]);
    expect(
      philox4x32(0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff),
    ).toEqual([0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd]);
    expect(
      philox4x32(0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344, 0xa4093822, 0x299f31d0),
    ).toEqual([0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1]);
  });
});

describe.skipIf(!ctx)('Philox 4x32-10 on the GPU', () => {
  it('gives the same bits as the CPU for 4096 counters and the same uniforms', async () => {
    const n = 4096;
    const code = `${WGSL_PHILOX}
@group(0) @binding(0) var<storage, read_write> out: array<vec4<u32>>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x;
  if (i >= ${n}u) { return; }
  let r = opt_philox(vec4<u32>(i, i * 7u, 3u, 0xfffffff0u + i), vec2<u32>(12345u, 0x9e3779b9u));
  out[2u * i] = r;
  out[2u * i + 1u] = vec4<u32>(bitcast<u32>(opt_uniform24(r.x)), bitcast<u32>(opt_uniform24(r.y)), 0u, 0u);
}`;
    const words = new Uint32Array(await runOutputKernel(ctx!, code, n * 32, n / 64));
    const floats = new Float32Array(words.buffer);
    for (let i = 0; i < n; i++) {
      const cpu = philox4x32(
        i,
        Math.imul(i, 7) >>> 0,
        3,
        (0xfffffff0 + i) >>> 0,
        12345,
        0x9e3779b9,
      );
      expect([words[8 * i], words[8 * i + 1], words[8 * i + 2], words[8 * i + 3]]).toEqual(cpu);
      expect(floats[8 * i + 4]).toBe(uniform24(cpu[0]));
      expect(floats[8 * i + 5]).toBe(uniform24(cpu[1]));
    }
  });
});
