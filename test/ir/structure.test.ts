// Structure assertions, Futhark style: how many kernels the scheduled program needs, and that the
// WGSL backend emits exactly that many. Seed 001 (Lastra et al. 2015, section 6.3.2.6) runs each
// shifted function as 4 separate kernels (shift, transform, reduce, combine); after inlining,
// fusion and scheduling we need 1 kernel in the team regime, and in the split regime (huge D,
// small population) 2 for the reduction-only functions (partials + combine) and 3 for Schwefel 1.2
// (chunk sums + rescan fused with the square-sum + combine).
//
// The WGSL snapshots at the end make codegen changes visible in review: when the backend changes
// on purpose, update them with `npx vitest run test/ir/structure.test.ts -u` and read the diff.

import { describe, expect, it } from 'vitest';
import { compileProblem, suiteProblems } from '../../src/api.js';
import { defaultScheduleOptions } from '../../src/schedule/schedule.js';
import { generateWgsl } from '../../src/codegen/wgsl.js';
import { WGSL_HELPERS } from '../../src/codegen/wgsl-library.js';
import { printSchedule } from '../../src/ir/print.js';
import { validate } from '../../src/ir/validate.js';

const SHIFTED = suiteProblems('lastra2015');

function compile(problem: string, dim: number, population: number) {
  const c = compileProblem({ problem, dim, schedule: { population }, validateEach: true });
  validate(c.ir, 'pipeline');
  return { c, wgsl: generateWgsl(c.ir, c.plan()) };
}

/** A kernel's code with the shared helper functions (checked to be there once) cut out. */
function kernelBody(code: string): string {
  const at = code.indexOf(WGSL_HELPERS);
  expect(at, 'the kernel includes the WGSL helpers').toBeGreaterThanOrEqual(0);
  expect(code.indexOf(WGSL_HELPERS, at + 1)).toBe(-1);
  return code.slice(0, at) + '\n// <WGSL_HELPERS>\n' + code.slice(at + WGSL_HELPERS.length);
}

describe('kernel counts of the six seed-001 shifted functions', () => {
  it.each(SHIFTED)('%s: one fused kernel at D = 1000 (population 64)', (name) => {
    const { c, wgsl } = compile(name, 1000, 64);
    const s = c.ir.schedule!;
    expect(s.regime.k).toBe('team');
    expect(s.kernels).toBe(1);
    expect(wgsl.kernels).toHaveLength(1);
    // Everything was fused: no materialised vector, so no scratch memory.
    expect(s.stages.some((st) => st.k === 'vec')).toBe(false);
    expect(wgsl.scratchStride).toBe(0);
  });

  it.each(SHIFTED)(
    '%s: split regime at D = 1,000,000 (population 16), never the 4 kernels of seed 001',
    (name) => {
      const { c, wgsl } = compile(name, 1_000_000, 16);
      const s = c.ir.schedule!;
      // Schwefel 1.2: the tiles' totals, the rescan with the square-sum, the combine (its canonical
      // order: src/schedule/canonical-scan.ts); the others are a partials and a combine kernel.
      const want = name === 'shifted_schwefel_1_2' ? 3 : 2;
      const { wg, chunk } = defaultScheduleOptions;
      expect(s.regime).toEqual({ k: 'split', wg, chunk, groups: Math.ceil(1_000_000 / chunk) });
      expect(s.kernels).toBe(want);
      expect(wgsl.kernels).toHaveLength(want);
      expect(wgsl.kernels.length).not.toBe(4);
    },
  );

  it('Griewank: its sum and prod are one fused reduce stage', () => {
    const { c } = compile('shifted_griewank', 1000, 64);
    expect(c.ir.schedule!.stages).toEqual([{ k: 'reduce', outs: ['r0', 'r1'] }]);
  });

  it("Schwefel 1.2: the scan with its square-sum attached, the shift fused into the scan's body", () => {
    const { c } = compile('shifted_schwefel_1_2', 1000, 64);
    expect(c.ir.schedule!.stages).toEqual([{ k: 'scan', scan: 'schwefel_1_2.s', outs: ['r0'] }]);
    expect(c.ir.main.bindings.map((b) => b.k)).toEqual(['scan', 'scalar']);
  });

  it('Salomon: the norm is computed once, as one reduction, and its sqrt as a scalar stage', () => {
    const { c } = compile('shifted_salomon', 1000, 64);
    expect(c.ir.schedule!.stages).toEqual([
      { k: 'reduce', outs: ['r0'] },
      { k: 'scalar', name: 'salomon.r' },
    ]);
  });

  it.each(SHIFTED)('%s: names of the split kernels', (name) => {
    const { wgsl } = compile(name, 1_000_000, 16);
    const names = wgsl.kernels.map((k) => k.name);
    if (name === 'shifted_schwefel_1_2')
      expect(names).toEqual(['scan_chunks_0', 'scan_rescan_0', 'combine_0']);
    else expect(names).toEqual(['reduce_partials_0', 'combine_0']);
  });
});

describe('WGSL snapshots', () => {
  it('rastrigin at D = 10: the team kernel', () => {
    const { c, wgsl } = compile('rastrigin', 10, 64);
    expect(c.ir.schedule!.stages).toEqual([{ k: 'reduce', outs: ['r0'] }]);
    expect(printSchedule(c.ir.schedule!)).toMatchInlineSnapshot(`
      "  (schedule (team 1 256) (kernels 1)
          (reduce r0))"
    `);
    expect(wgsl.kernels).toHaveLength(1);
    expect(wgsl.kernels[0]!.name).toMatchInlineSnapshot(`"evaluate"`);
    expect(kernelBody(wgsl.kernels[0]!.code)).toMatchInlineSnapshot(`
      "struct Params { n: u32, f_offset: u32, gx: u32, pad: u32 }
      @group(0) @binding(0) var<uniform> P: Params;
      @group(0) @binding(1) var<storage, read> X: array<f32>;
      @group(0) @binding(2) var<storage, read_write> F: array<f32>;
      override WG: u32 = 256u;
      var<workgroup> shf: array<f32, 256>;

      @compute @workgroup_size(WG)
      fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
        let group = wid.x + wid.y * P.gx;
        let team = lid / 1u;
        let lane = lid % 1u;
        let n_raw = group * 256u + team;
        let valid = n_raw < P.n;
        let n = min(n_raw, P.n - 1u);
        let xo = n * 10u;
        var acc_r0: f32 = 0.0f;
        {
          var cv_r0: array<f32, 16>;
          for (var vi: u32 = 0u; vi < 16u; vi++) {
            let vl = i32(lane + vi * 1u);
            acc_r0 = 0.0f;
            for (var q: i32 = vl; q < 10i; q += 16i) {
              let e0 = q;
              if (e0 >= 0i && e0 < 10i) {
                let i_i1 = e0;
                let t0 = X[xo + u32(i_i1)];
                let t1 = sin((3.141592653589793f * X[xo + u32(i_i1)]));
                acc_r0 = acc_r0 + (fma(20.0f, (t1 * t1), (t0 * t0)));
              }
            }
            cv_r0[vi] = acc_r0;
          }
          cv_r0[0u] = cv_r0[0u] + cv_r0[8u];
          cv_r0[1u] = cv_r0[1u] + cv_r0[9u];
          cv_r0[2u] = cv_r0[2u] + cv_r0[10u];
          cv_r0[3u] = cv_r0[3u] + cv_r0[11u];
          cv_r0[4u] = cv_r0[4u] + cv_r0[12u];
          cv_r0[5u] = cv_r0[5u] + cv_r0[13u];
          cv_r0[6u] = cv_r0[6u] + cv_r0[14u];
          cv_r0[7u] = cv_r0[7u] + cv_r0[15u];
          cv_r0[0u] = cv_r0[0u] + cv_r0[4u];
          cv_r0[1u] = cv_r0[1u] + cv_r0[5u];
          cv_r0[2u] = cv_r0[2u] + cv_r0[6u];
          cv_r0[3u] = cv_r0[3u] + cv_r0[7u];
          cv_r0[0u] = cv_r0[0u] + cv_r0[2u];
          cv_r0[1u] = cv_r0[1u] + cv_r0[3u];
          cv_r0[0u] = cv_r0[0u] + cv_r0[1u];
          acc_r0 = cv_r0[0u];
        }
        shf[0u + lid] = acc_r0;
        workgroupBarrier();
        let s_r0: f32 = shf[0u + team * 1u];
        workgroupBarrier();
        if (valid && lane == 0u) { F[P.f_offset + n] = s_r0; }
      }

      // <WGSL_HELPERS>
      "
    `);
  });

  it('shifted_schwefel_1_2 at D = 1,000,000: the split kernels', () => {
    const { c, wgsl } = compile('shifted_schwefel_1_2', 1_000_000, 16);
    expect(printSchedule(c.ir.schedule!)).toMatchInlineSnapshot(`
      "  (schedule (split 256 16384 62) (kernels 3)
          (scan schwefel_1_2.s r0))"
    `);
    expect(wgsl.kernels).toHaveLength(3);
    const [chunks, rescan, combine] = wgsl.kernels.map((k) => kernelBody(k.code));
    expect(chunks).toMatchInlineSnapshot(`
      "struct Params { n: u32, f_offset: u32, gx: u32, pad: u32 }
      @group(0) @binding(0) var<uniform> P: Params;
      @group(0) @binding(1) var<storage, read> X: array<vec4<f32>>;
      @group(0) @binding(3) var<storage, read> DATA: array<vec4<f32>>;
      @group(0) @binding(5) var<storage, read_write> PART: array<f32>;
      override WG: u32 = 256u;
      var<workgroup> shf: array<f32, 512>;
      var<workgroup> shs: array<f32, 2113>;

      @compute @workgroup_size(WG)
      fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
        let group = wid.x + wid.y * P.gx;
        let n = group % P.n;
        let c = group / P.n;
        let valid = c < 62u;
        let xo = min(n, P.n - 1u) * 1000000u;
        let cend = min(i32((c + 1u) * 16384u), 1000000i);
        {
          var carry: f32 = 0.0f;
          for (var base: i32 = i32(c * 16384u); base < cend; base += 2048i) {
            let tl = u32((base - i32(c * 16384u)) / 2048i);
            for (var j4: u32 = lid; j4 < 512u; j4 += 256u) {
              let q = base / 4i + i32(j4);
              let xv = X[(xo >> 2u) + u32(q)];
              let dv0 = DATA[0u + u32(q)];
              let dv1000000 = DATA[250000u + u32(q)];
              let iv0 = q * 4i + 0i;
              var v0: f32 = 0.0f;
              if (iv0 < cend) {
                let i_i1 = iv0;
                v0 = ((xv[0] - dv0[0]) - dv1000000[0]);
              }
              shs[(((0u) * 2048u + j4 * 4u + 0u) + (((0u) * 2048u + j4 * 4u + 0u) >> 5u))] = v0;
              let iv1 = q * 4i + 1i;
              var v1: f32 = 0.0f;
              if (iv1 < cend) {
                let i_i1 = iv1;
                v1 = ((xv[1] - dv0[1]) - dv1000000[1]);
              }
              shs[(((0u) * 2048u + j4 * 4u + 1u) + (((0u) * 2048u + j4 * 4u + 1u) >> 5u))] = v1;
              let iv2 = q * 4i + 2i;
              var v2: f32 = 0.0f;
              if (iv2 < cend) {
                let i_i1 = iv2;
                v2 = ((xv[2] - dv0[2]) - dv1000000[2]);
              }
              shs[(((0u) * 2048u + j4 * 4u + 2u) + (((0u) * 2048u + j4 * 4u + 2u) >> 5u))] = v2;
              let iv3 = q * 4i + 3i;
              var v3: f32 = 0.0f;
              if (iv3 < cend) {
                let i_i1 = iv3;
                v3 = ((xv[3] - dv0[3]) - dv1000000[3]);
              }
              shs[(((0u) * 2048u + j4 * 4u + 3u) + (((0u) * 2048u + j4 * 4u + 3u) >> 5u))] = v3;
            }
            workgroupBarrier();
            var hs: f32 = 0.0f;
            for (var k: u32 = 0u; k < 8u; k++) { hs = hs + shs[(((0u) * 2048u + lid * 8u + k) + (((0u) * 2048u + lid * 8u + k) >> 5u))]; }
            shf[0u + lid] = hs;
            workgroupBarrier();
            if ((lid & 1u) != 0u) { hs = hs + shf[0u + (0u) * 256u + (lid & 4294967294u) + 0u]; }
            shf[256u + lid] = hs;
            workgroupBarrier();
            if ((lid & 2u) != 0u) { hs = hs + shf[256u + (0u) * 256u + (lid & 4294967292u) + 1u]; }
            shf[0u + lid] = hs;
            workgroupBarrier();
            if ((lid & 4u) != 0u) { hs = hs + shf[0u + (0u) * 256u + (lid & 4294967288u) + 3u]; }
            shf[256u + lid] = hs;
            workgroupBarrier();
            if ((lid & 8u) != 0u) { hs = hs + shf[256u + (0u) * 256u + (lid & 4294967280u) + 7u]; }
            shf[0u + lid] = hs;
            workgroupBarrier();
            if ((lid & 16u) != 0u) { hs = hs + shf[0u + (0u) * 256u + (lid & 4294967264u) + 15u]; }
            shf[256u + lid] = hs;
            workgroupBarrier();
            if ((lid & 32u) != 0u) { hs = hs + shf[256u + (0u) * 256u + (lid & 4294967232u) + 31u]; }
            shf[0u + lid] = hs;
            workgroupBarrier();
            if ((lid & 64u) != 0u) { hs = hs + shf[0u + (0u) * 256u + (lid & 4294967168u) + 63u]; }
            shf[256u + lid] = hs;
            workgroupBarrier();
            if ((lid & 128u) != 0u) { hs = hs + shf[256u + (0u) * 256u + (lid & 4294967040u) + 127u]; }
            var ex: f32 = 0.0f;
            var total: f32 = hs;
            shf[0u + lid] = hs;
            workgroupBarrier();
            if (lid >= 1u) { ex = shf[0u + lid - 1u]; }
            total = shf[0u + (0u) * 256u + 255u];
            if (valid && lid == 0u) { PART[(n * 62u + c) * 10u + tl] = total; }
            workgroupBarrier();
            carry = carry + total;
          }
        }
      }

      // <WGSL_HELPERS>
      "
    `);
    expect(rescan).toMatchInlineSnapshot(`
      "struct Params { n: u32, f_offset: u32, gx: u32, pad: u32 }
      @group(0) @binding(0) var<uniform> P: Params;
      @group(0) @binding(1) var<storage, read> X: array<vec4<f32>>;
      @group(0) @binding(3) var<storage, read> DATA: array<vec4<f32>>;
      @group(0) @binding(5) var<storage, read_write> PART: array<f32>;
      override WG: u32 = 256u;
      var<workgroup> shf: array<f32, 512>;
      var<workgroup> shs: array<f32, 2113>;

      @compute @workgroup_size(WG)
      fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
        let group = wid.x + wid.y * P.gx;
        let n = group % P.n;
        let c = group / P.n;
        let valid = c < 62u;
        let xo = min(n, P.n - 1u) * 1000000u;
        var s_carry: f32 = 0.0f;
        for (var cc: u32 = 0u; cc < c; cc++) {
          for (var ct: u32 = 0u; ct < 8u; ct++) {
            s_carry = s_carry + PART[(n * 62u + cc) * 10u + ct];
          }
        }
        var acc_r0: f32 = 0.0f;
        let cend = min(i32((c + 1u) * 16384u), 1000000i);
        {
          var carry: f32 = s_carry;
          var acc_r0_t0: f32 = 0.0f;
          var acc_r0_t1: f32 = 0.0f;
          var acc_r0_t2: f32 = 0.0f;
          var acc_r0_t3: f32 = 0.0f;
          for (var base: i32 = i32(c * 16384u); base < cend; base += 2048i) {
            let tl = u32((base - i32(c * 16384u)) / 2048i);
            for (var j4: u32 = lid; j4 < 512u; j4 += 256u) {
              let q = base / 4i + i32(j4);
              let xv = X[(xo >> 2u) + u32(q)];
              let dv0 = DATA[0u + u32(q)];
              let dv1000000 = DATA[250000u + u32(q)];
              let iv0 = q * 4i + 0i;
              var v0: f32 = 0.0f;
              if (iv0 < cend) {
                let i_i1 = iv0;
                v0 = ((xv[0] - dv0[0]) - dv1000000[0]);
              }
              shs[(((0u) * 2048u + j4 * 4u + 0u) + (((0u) * 2048u + j4 * 4u + 0u) >> 5u))] = v0;
              let iv1 = q * 4i + 1i;
              var v1: f32 = 0.0f;
              if (iv1 < cend) {
                let i_i1 = iv1;
                v1 = ((xv[1] - dv0[1]) - dv1000000[1]);
              }
              shs[(((0u) * 2048u + j4 * 4u + 1u) + (((0u) * 2048u + j4 * 4u + 1u) >> 5u))] = v1;
              let iv2 = q * 4i + 2i;
              var v2: f32 = 0.0f;
              if (iv2 < cend) {
                let i_i1 = iv2;
                v2 = ((xv[2] - dv0[2]) - dv1000000[2]);
              }
              shs[(((0u) * 2048u + j4 * 4u + 2u) + (((0u) * 2048u + j4 * 4u + 2u) >> 5u))] = v2;
              let iv3 = q * 4i + 3i;
              var v3: f32 = 0.0f;
              if (iv3 < cend) {
                let i_i1 = iv3;
                v3 = ((xv[3] - dv0[3]) - dv1000000[3]);
              }
              shs[(((0u) * 2048u + j4 * 4u + 3u) + (((0u) * 2048u + j4 * 4u + 3u) >> 5u))] = v3;
            }
            workgroupBarrier();
            var hs: f32 = 0.0f;
            for (var k: u32 = 0u; k < 8u; k++) { hs = hs + shs[(((0u) * 2048u + lid * 8u + k) + (((0u) * 2048u + lid * 8u + k) >> 5u))]; }
            shf[0u + lid] = hs;
            workgroupBarrier();
            if ((lid & 1u) != 0u) { hs = hs + shf[0u + (0u) * 256u + (lid & 4294967294u) + 0u]; }
            shf[256u + lid] = hs;
            workgroupBarrier();
            if ((lid & 2u) != 0u) { hs = hs + shf[256u + (0u) * 256u + (lid & 4294967292u) + 1u]; }
            shf[0u + lid] = hs;
            workgroupBarrier();
            if ((lid & 4u) != 0u) { hs = hs + shf[0u + (0u) * 256u + (lid & 4294967288u) + 3u]; }
            shf[256u + lid] = hs;
            workgroupBarrier();
            if ((lid & 8u) != 0u) { hs = hs + shf[256u + (0u) * 256u + (lid & 4294967280u) + 7u]; }
            shf[0u + lid] = hs;
            workgroupBarrier();
            if ((lid & 16u) != 0u) { hs = hs + shf[0u + (0u) * 256u + (lid & 4294967264u) + 15u]; }
            shf[256u + lid] = hs;
            workgroupBarrier();
            if ((lid & 32u) != 0u) { hs = hs + shf[256u + (0u) * 256u + (lid & 4294967232u) + 31u]; }
            shf[0u + lid] = hs;
            workgroupBarrier();
            if ((lid & 64u) != 0u) { hs = hs + shf[0u + (0u) * 256u + (lid & 4294967168u) + 63u]; }
            shf[256u + lid] = hs;
            workgroupBarrier();
            if ((lid & 128u) != 0u) { hs = hs + shf[256u + (0u) * 256u + (lid & 4294967040u) + 127u]; }
            var ex: f32 = 0.0f;
            var total: f32 = hs;
            shf[0u + lid] = hs;
            workgroupBarrier();
            if (lid >= 1u) { ex = shf[0u + lid - 1u]; }
            total = shf[0u + (0u) * 256u + 255u];
            var run: f32 = carry;
            if (lid > 0u) { run = carry + ex; }
            acc_r0 = 0.0f;
            for (var k: u32 = 0u; k < 8u; k++) {
              let iv = base + i32((lid) * 8u + k);
              let v = shs[(((0u) * 2048u + lid * 8u + k) + (((0u) * 2048u + lid * 8u + k) >> 5u))];
              let before = run;
              run = run + v;
              let sv = run;
              if (iv < cend) {
                if (iv >= 0i && iv < 1000000i) {
                  let i_i3 = iv;
                  let t0 = sv;
                  acc_r0 = fma(t0, t0, acc_r0);
                }
              }
            }
            workgroupBarrier();
            shf[0u + lid] = acc_r0;
            workgroupBarrier();
            if ((lid % 2u) == 0u) {
              shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 1u];
            }
            workgroupBarrier();
            if ((lid % 4u) == 0u) {
              shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 2u];
            }
            workgroupBarrier();
            if ((lid % 8u) == 0u) {
              shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 4u];
            }
            workgroupBarrier();
            if ((lid % 16u) == 0u) {
              shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 8u];
            }
            workgroupBarrier();
            if ((lid % 32u) == 0u) {
              shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 16u];
            }
            workgroupBarrier();
            if ((lid % 64u) == 0u) {
              shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 32u];
            }
            workgroupBarrier();
            if ((lid % 128u) == 0u) {
              shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 64u];
            }
            workgroupBarrier();
            if ((lid % 256u) == 0u) {
              shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 128u];
            }
            workgroupBarrier();
            var acc_r0_c: f32 = shf[0u + (0u) * 256u];
            if ((tl & 1u) == 0u) {
              acc_r0_t0 = acc_r0_c;
            } else {
              acc_r0_c = acc_r0_t0 + acc_r0_c;
              if ((tl & 2u) == 0u) {
                acc_r0_t1 = acc_r0_c;
              } else {
                acc_r0_c = acc_r0_t1 + acc_r0_c;
                if ((tl & 4u) == 0u) {
                  acc_r0_t2 = acc_r0_c;
                } else {
                  acc_r0_c = acc_r0_t2 + acc_r0_c;
                  acc_r0_t3 = acc_r0_c;
                }
              }
            }
            workgroupBarrier();
            carry = carry + total;
          }
          let mt = u32((cend - i32(c * 16384u) + 2047i) / 2048i);
          acc_r0 = 0.0f;
          if ((mt & 1u) != 0u) { acc_r0 = acc_r0_t0 + acc_r0; }
          if ((mt & 2u) != 0u) { acc_r0 = acc_r0_t1 + acc_r0; }
          if ((mt & 4u) != 0u) { acc_r0 = acc_r0_t2 + acc_r0; }
          if ((mt & 8u) != 0u) { acc_r0 = acc_r0_t3 + acc_r0; }
        }
        let s_r0: f32 = acc_r0;
        if (valid && lid == 0u) {
          PART[(n * 62u + c) * 10u + 8u] = f32(s_r0);
        }
      }

      // <WGSL_HELPERS>
      "
    `);
    expect(combine).toMatchInlineSnapshot(`
      "struct Params { n: u32, f_offset: u32, gx: u32, pad: u32 }
      @group(0) @binding(0) var<uniform> P: Params;
      @group(0) @binding(2) var<storage, read_write> F: array<f32>;
      @group(0) @binding(5) var<storage, read_write> PART: array<f32>;
      override WG: u32 = 256u;
      var<workgroup> shf: array<f32, 256>;

      @compute @workgroup_size(WG)
      fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
        let group = wid.x + wid.y * P.gx;
        let team = lid / 64u;
        let lane = lid % 64u;
        let n_raw = group * 4u + team;
        let valid = n_raw < P.n;
        let n = min(n_raw, P.n - 1u);
        let xo = n * 1000000u; // an epilogue may read single elements (Discus: x[0])
        for (var cc: u32 = lane; cc < 62u; cc += 64u) {
        }
        {
          var acc_r0: f32 = 0.0f;
          var acc_r0_t0: f32 = 0.0f;
          let cb = lane * 1u;
          let mb = min(1u, 62u - min(cb, 62u));
          for (var tl: u32 = 0u; tl < mb; tl++) {
            let cw = cb + tl;
            var acc_r0_c: f32 = PART[(n * 62u + cw) * 10u + 8u];
            acc_r0_t0 = acc_r0_c;
          }
          if ((mb & 1u) != 0u) { acc_r0 = acc_r0_t0 + acc_r0; }
          shf[0u + lid] = acc_r0;
          workgroupBarrier();
          if ((lane % 2u) == 0u) {
            shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 1u];
          }
          workgroupBarrier();
          if ((lane % 4u) == 0u) {
            shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 2u];
          }
          workgroupBarrier();
          if ((lane % 8u) == 0u) {
            shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 4u];
          }
          workgroupBarrier();
          if ((lane % 16u) == 0u) {
            shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 8u];
          }
          workgroupBarrier();
          if ((lane % 32u) == 0u) {
            shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 16u];
          }
          workgroupBarrier();
          if ((lane % 64u) == 0u) {
            shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 32u];
          }
          workgroupBarrier();
        }
        let s_r0: f32 = shf[0u + team * 64u];
        workgroupBarrier();
        if (valid && lane == 0u) { F[P.f_offset + n] = s_r0; }
      }

      // <WGSL_HELPERS>
      "
    `);
  });
});
