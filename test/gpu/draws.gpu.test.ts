// Random draws (src/runtime/draws.ts and their WGSL twins): the GPU and the CPU make the same
// uniform, integer and distinct-index draws bit for bit, and normal draws to float32 accuracy;
// distinct indices are distinct, in range, exclude the target, and are close to uniform.

import { describe, expect, it } from 'vitest';
import { distinct, normal, rand, randint, words, type DrawKey } from '../../src/runtime/draws.js';
import { WGSL_PHILOX } from '../../src/codegen/wgsl-philox.js';
import { gpu, runOutputKernel } from './helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');

const SEED = 2 ** 40 + 12345; // above 2^32: both halves of the key are used
const key = (i: number, generation = 7): DrawKey => ({
  seed: SEED,
  site: 3,
  generation,
  individual: i,
  dimension: 0,
});

describe('draws on the CPU', () => {
  it('distinct: distinct, in range, never the target, for NP from 4 to 300', () => {
    for (const n of [4, 5, 48, 300]) {
      for (let i = 0; i < n; i++) {
        for (const count of [1, 2, 3].filter((c) => c <= n - 1)) {
          const r = distinct(key(i), n, count, i);
          expect(new Set([...r, i]).size).toBe(count + 1);
          for (const v of r) expect(v >= 0 && v < n).toBe(true);
        }
      }
    }
    expect(() => distinct(key(0), 3, 3, 0)).toThrow(/need n >= 4/);
  });
  it('distinct and randint are close to uniform (chi-square, 40,000 draws)', () => {
    const n = 10;
    const counts = new Array(n).fill(0);
    const draws = 40000;
    for (let g = 0; g < draws; g++) for (const v of distinct(key(3, g), n, 3, 3)) counts[v]++;
    expect(counts[3]).toBe(0);
    const expected = (3 * draws) / (n - 1);
    const chi2 = counts.reduce((s, c, v) => (v === 3 ? s : s + (c - expected) ** 2 / expected), 0);
    expect(chi2).toBeLessThan(27.9); // 8 degrees of freedom: p = 0.0005
    const ri = new Array(7).fill(0);
    for (let g = 0; g < draws; g++) ri[randint(key(0, g), 7)]++;
    const e2 = draws / 7;
    expect(ri.reduce((s, c) => s + (c - e2) ** 2 / e2, 0)).toBeLessThan(24.1); // 6 dof: p = 0.0005
  });
  it('rand is in [0, 1) and normal has mean 0 and variance 1', () => {
    let s = 0;
    let s2 = 0;
    const m = 20000;
    for (let g = 0; g < m; g++) {
      const u = rand(key(1, g));
      expect(u >= 0 && u < 1).toBe(true);
      const z = normal(key(2, g));
      s += z;
      s2 += z * z;
    }
    expect(Math.abs(s / m)).toBeLessThan(0.03); // 4 standard errors of the mean
    expect(Math.abs(s2 / m - 1)).toBeLessThan(0.04);
  });
});

describe.skipIf(!ctx)('draws on the GPU', () => {
  it('are the same as on the CPU: words, randint, distinct bit for bit, normal to float32 accuracy', async () => {
    const NP = 48;
    const gens = 16;
    const n = NP * gens;
    const seed = `vec2<u32>(${SEED >>> 0}u, ${Math.floor(SEED / 2 ** 32)}u)`;
    const code = `${WGSL_PHILOX}
@group(0) @binding(0) var<storage, read_write> out: array<vec4<u32>>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let t = gid.x;
  if (t >= ${n}u) { return; }
  let i = t % ${NP}u;
  let g = t / ${NP}u;
  let w = opt_words(${seed}, 3u, g, i, 0u);
  let r = opt_distinct3(w, ${NP}u, i);
  out[3u * t] = w;
  out[3u * t + 1u] = vec4<u32>(r, opt_randint(w.x, 1000u));
  out[3u * t + 2u] = vec4<u32>(bitcast<u32>(opt_normal(w)), 0u, 0u, 0u);
}`;
    const w = new Uint32Array(await runOutputKernel(ctx!, code, n * 48, Math.ceil(n / 64)));
    const f = new Float32Array(w.buffer);
    for (let t = 0; t < n; t++) {
      const i = t % NP;
      const g = Math.floor(t / NP);
      const k = key(i, g);
      expect(Array.from(w.subarray(12 * t, 12 * t + 4))).toEqual(words(k));
      expect(Array.from(w.subarray(12 * t + 4, 12 * t + 7))).toEqual(distinct(k, NP, 3, i));
      expect(w[12 * t + 7]).toBe(randint(k, 1000));
      expect(Math.abs(f[12 * t + 8]! - normal(k))).toBeLessThan(
        1e-5 * Math.max(1, Math.abs(normal(k))) * 8,
      );
    }
  });
});
