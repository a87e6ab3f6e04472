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
      // Schwefel 1.2's square-sum is a polynomial in the scan value: one pass (moments per chunk),
      // then the carries in the combine kernel; the others are a partials and a combine kernel.
      const want = 2;
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
    if (name === 'shifted_schwefel_1_2') expect(names).toEqual(['scan_moments_0', 'combine_0']);
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
          var cv_r0: array<f32, 8>;
          for (var vi: u32 = 0u; vi < 8u; vi++) {
            let vl = i32(lane + vi * 1u);
            acc_r0 = 0.0f;
            for (var q: i32 = vl; q < 10i; q += 8i) {
              let e0 = q;
              if (e0 >= 0i && e0 < 10i) {
                let i_i1 = e0;
                let t0 = X[xo + u32(i_i1)];
                let t1 = sin((3.141592653589793f * X[xo + u32(i_i1)]));
                acc_r0 = acc_r0 + ((t0 * t0) + (20.0f * (t1 * t1)));
              }
            }
            cv_r0[vi] = acc_r0;
          }
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
      "  (schedule (split 256 16384 62) (kernels 2)
          (scan schwefel_1_2.s r0))"
    `);
    expect(wgsl.kernels).toHaveLength(2);
    const [moments, combine] = wgsl.kernels.map((k) => kernelBody(k.code));
    expect(moments).toMatchInlineSnapshot(`
      "struct Params { n: u32, f_offset: u32, gx: u32, pad: u32 }
      @group(0) @binding(0) var<uniform> P: Params;
      @group(0) @binding(1) var<storage, read> X: array<vec4<f32>>;
      @group(0) @binding(3) var<storage, read> DATA: array<vec4<f32>>;
      @group(0) @binding(5) var<storage, read_write> PART: array<f32>;
      override WG: u32 = 256u;
      var<workgroup> shf: array<f32, 768>;
      var<workgroup> shs: array<f32, 4225>;

      @compute @workgroup_size(WG)
      fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
        let group = wid.x + wid.y * P.gx;
        let n = group % P.n;
        let c = group / P.n;
        let valid = c < 62u;
        let xo = min(n, P.n - 1u) * 1000000u;
        var acc_mom0: f32 = 0.0f;
        var acc_mom1: f32 = 0.0f;
        var acc_mom2: f32 = 0.0f;
        var chunk_total: f32 = 0.0f;
        let cend = min(i32((c + 1u) * 16384u), 1000000i);
        {
          var carry: f32 = 0.0f;
          for (var base: i32 = i32(c * 16384u); base < cend; base += 4096i) {
            for (var k4: u32 = 0u; k4 < 4u; k4++) {
              let q = base / 4i + i32(k4 * 256u + lid);
              let xv = X[(xo >> 2u) + u32(q)];
              let dv0 = DATA[0u + u32(q)];
              let dv1000000 = DATA[250000u + u32(q)];
              let iv0 = q * 4i + 0i;
              var v0: f32 = 0.0f;
              if (iv0 < cend) {
                let i_i1 = iv0;
                v0 = ((xv[0] - dv0[0]) - dv1000000[0]);
              }
              shs[(((0u) * 4096u + (k4 * 256u + lid) * 4u + 0u) + (((0u) * 4096u + (k4 * 256u + lid) * 4u + 0u) >> 5u))] = v0;
              let iv1 = q * 4i + 1i;
              var v1: f32 = 0.0f;
              if (iv1 < cend) {
                let i_i1 = iv1;
                v1 = ((xv[1] - dv0[1]) - dv1000000[1]);
              }
              shs[(((0u) * 4096u + (k4 * 256u + lid) * 4u + 1u) + (((0u) * 4096u + (k4 * 256u + lid) * 4u + 1u) >> 5u))] = v1;
              let iv2 = q * 4i + 2i;
              var v2: f32 = 0.0f;
              if (iv2 < cend) {
                let i_i1 = iv2;
                v2 = ((xv[2] - dv0[2]) - dv1000000[2]);
              }
              shs[(((0u) * 4096u + (k4 * 256u + lid) * 4u + 2u) + (((0u) * 4096u + (k4 * 256u + lid) * 4u + 2u) >> 5u))] = v2;
              let iv3 = q * 4i + 3i;
              var v3: f32 = 0.0f;
              if (iv3 < cend) {
                let i_i1 = iv3;
                v3 = ((xv[3] - dv0[3]) - dv1000000[3]);
              }
              shs[(((0u) * 4096u + (k4 * 256u + lid) * 4u + 3u) + (((0u) * 4096u + (k4 * 256u + lid) * 4u + 3u) >> 5u))] = v3;
            }
            workgroupBarrier();
            var lsum: f32 = 0.0f;
            for (var k: u32 = 0u; k < 16u; k++) { lsum = lsum + shs[(((0u) * 4096u + lid * 16u + k) + (((0u) * 4096u + lid * 16u + k) >> 5u))]; }
            shf[lid] = lsum;
            workgroupBarrier();
            let t0 = select(0.0f, shf[lid - 1u], lid >= 1u);
            workgroupBarrier();
            shf[lid] = shf[lid] + t0;
            workgroupBarrier();
            let t1 = select(0.0f, shf[lid - 2u], lid >= 2u);
            workgroupBarrier();
            shf[lid] = shf[lid] + t1;
            workgroupBarrier();
            let t2 = select(0.0f, shf[lid - 4u], lid >= 4u);
            workgroupBarrier();
            shf[lid] = shf[lid] + t2;
            workgroupBarrier();
            let t3 = select(0.0f, shf[lid - 8u], lid >= 8u);
            workgroupBarrier();
            shf[lid] = shf[lid] + t3;
            workgroupBarrier();
            let t4 = select(0.0f, shf[lid - 16u], lid >= 16u);
            workgroupBarrier();
            shf[lid] = shf[lid] + t4;
            workgroupBarrier();
            let t5 = select(0.0f, shf[lid - 32u], lid >= 32u);
            workgroupBarrier();
            shf[lid] = shf[lid] + t5;
            workgroupBarrier();
            let t6 = select(0.0f, shf[lid - 64u], lid >= 64u);
            workgroupBarrier();
            shf[lid] = shf[lid] + t6;
            workgroupBarrier();
            let t7 = select(0.0f, shf[lid - 128u], lid >= 128u);
            workgroupBarrier();
            shf[lid] = shf[lid] + t7;
            workgroupBarrier();
            let t8 = shf[lid];
            var run = carry + t8 - lsum;
            carry = carry + shf[(0u) * 256u + 255u];
            for (var k: u32 = 0u; k < 16u; k++) {
              let iv = base + i32(lid * 16u + k);
              let v = shs[(((0u) * 4096u + lid * 16u + k) + (((0u) * 4096u + lid * 16u + k) >> 5u))];
              let before = run;
              run = run + v;
              let sv = run;
              if (iv < cend) {
                if (iv >= 0i && iv < 1000000i) {
                  let i_i3 = iv;
                  acc_mom0 = acc_mom0 + ((1.0f * 1.0f) * 1.0f);
                }
                if (iv >= 0i && iv < 1000000i) {
                  let i_i3 = iv;
                  acc_mom1 = acc_mom1 + (((1.0f * 1.0f) * 1.0f) * sv);
                }
                if (iv >= 0i && iv < 1000000i) {
                  let i_i3 = iv;
                  acc_mom2 = acc_mom2 + ((((1.0f * 1.0f) * 1.0f) * sv) * sv);
                }
              }
            }
            workgroupBarrier();
          }
          chunk_total = carry;
        }
        shf[0u + lid] = acc_mom0;
        shf[256u + lid] = acc_mom1;
        shf[512u + lid] = acc_mom2;
        workgroupBarrier();
        if (lid < 128u) {
          shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 128u];
          shf[256u + lid] = shf[256u + lid] + shf[256u + lid + 128u];
          shf[512u + lid] = shf[512u + lid] + shf[512u + lid + 128u];
        }
        workgroupBarrier();
        if (lid < 64u) {
          shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 64u];
          shf[256u + lid] = shf[256u + lid] + shf[256u + lid + 64u];
          shf[512u + lid] = shf[512u + lid] + shf[512u + lid + 64u];
        }
        workgroupBarrier();
        if (lid < 32u) {
          shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 32u];
          shf[256u + lid] = shf[256u + lid] + shf[256u + lid + 32u];
          shf[512u + lid] = shf[512u + lid] + shf[512u + lid + 32u];
        }
        workgroupBarrier();
        if (lid < 16u) {
          shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 16u];
          shf[256u + lid] = shf[256u + lid] + shf[256u + lid + 16u];
          shf[512u + lid] = shf[512u + lid] + shf[512u + lid + 16u];
        }
        workgroupBarrier();
        if (lid < 8u) {
          shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 8u];
          shf[256u + lid] = shf[256u + lid] + shf[256u + lid + 8u];
          shf[512u + lid] = shf[512u + lid] + shf[512u + lid + 8u];
        }
        workgroupBarrier();
        if (lid < 4u) {
          shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 4u];
          shf[256u + lid] = shf[256u + lid] + shf[256u + lid + 4u];
          shf[512u + lid] = shf[512u + lid] + shf[512u + lid + 4u];
        }
        workgroupBarrier();
        if (lid < 2u) {
          shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 2u];
          shf[256u + lid] = shf[256u + lid] + shf[256u + lid + 2u];
          shf[512u + lid] = shf[512u + lid] + shf[512u + lid + 2u];
        }
        workgroupBarrier();
        if (lid < 1u) {
          shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 1u];
          shf[256u + lid] = shf[256u + lid] + shf[256u + lid + 1u];
          shf[512u + lid] = shf[512u + lid] + shf[512u + lid + 1u];
        }
        workgroupBarrier();
        let s_mom0: f32 = shf[0u + 0u];
        let s_mom1: f32 = shf[256u + 0u];
        let s_mom2: f32 = shf[512u + 0u];
        workgroupBarrier();
        if (valid && lid == 0u) {
          PART[(n * 62u + c) * 4u] = chunk_total;
          PART[(n * 62u + c) * 4u + 1u] = s_mom0;
          PART[(n * 62u + c) * 4u + 2u] = s_mom1;
          PART[(n * 62u + c) * 4u + 3u] = s_mom2;
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
        var acc_r0: f32 = 0.0f;
        var carry_c: f32 = 0.0f;
        for (var cb: u32 = 0u; cb < 62u; cb += 64u) {
          let cc = cb + lane;
          var z: f32 = 0.0f;
          if (cc < 62u) { z = PART[(n * 62u + cc) * 4u]; }
          shf[lid] = z;
          workgroupBarrier();
          let t0 = select(0.0f, shf[lid - 1u], lane >= 1u);
          workgroupBarrier();
          shf[lid] = shf[lid] + t0;
          workgroupBarrier();
          let t1 = select(0.0f, shf[lid - 2u], lane >= 2u);
          workgroupBarrier();
          shf[lid] = shf[lid] + t1;
          workgroupBarrier();
          let t2 = select(0.0f, shf[lid - 4u], lane >= 4u);
          workgroupBarrier();
          shf[lid] = shf[lid] + t2;
          workgroupBarrier();
          let t3 = select(0.0f, shf[lid - 8u], lane >= 8u);
          workgroupBarrier();
          shf[lid] = shf[lid] + t3;
          workgroupBarrier();
          let t4 = select(0.0f, shf[lid - 16u], lane >= 16u);
          workgroupBarrier();
          shf[lid] = shf[lid] + t4;
          workgroupBarrier();
          let t5 = select(0.0f, shf[lid - 32u], lane >= 32u);
          workgroupBarrier();
          shf[lid] = shf[lid] + t5;
          workgroupBarrier();
          let t6 = shf[lid];
          let cx = carry_c + t6 - z;
          carry_c = carry_c + shf[team * 64u + 63u];
          workgroupBarrier();
          if (cc < 62u) {
            let pb = (n * 62u + cc) * 4u;
            acc_r0 += 1.0f * cx * cx * PART[pb + 1u];
            acc_r0 += 2.0f * cx * PART[pb + 2u];
            acc_r0 += 1.0f * 1.0f * PART[pb + 3u];
          }
        }
        shf[0u + lid] = acc_r0;
        workgroupBarrier();
        if (lane < 32u) {
          shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 32u];
        }
        workgroupBarrier();
        if (lane < 16u) {
          shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 16u];
        }
        workgroupBarrier();
        if (lane < 8u) {
          shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 8u];
        }
        workgroupBarrier();
        if (lane < 4u) {
          shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 4u];
        }
        workgroupBarrier();
        if (lane < 2u) {
          shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 2u];
        }
        workgroupBarrier();
        if (lane < 1u) {
          shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 1u];
        }
        workgroupBarrier();
        let s_r0: f32 = shf[0u + team * 64u];
        workgroupBarrier();
        if (valid && lane == 0u) { F[P.f_offset + n] = s_r0; }
      }

      // <WGSL_HELPERS>
      "
    `);
  });
});
