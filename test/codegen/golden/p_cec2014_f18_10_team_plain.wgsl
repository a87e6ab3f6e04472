// ---- evaluate uses P,DATA,X,F
struct Params { n: u32, f_offset: u32, gx: u32, pad: u32 }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read> X: array<f32>;
@group(0) @binding(2) var<storage, read_write> F: array<f32>;
@group(0) @binding(3) var<storage, read> DATA: array<f32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 1024>;
var<workgroup> shr: array<f32, 160>;
var<workgroup> shv: array<f32, 160>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  let team = lid / 16u;
  let lane = lid % 16u;
  let n_raw = group * 16u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 10u;
  {
    let e = min(lid + 0u, 159u);
    let g = e / 10u;
    let jc = e % 10u;
    let i_j2 = i32(jc);
    let n = min(group * 16u + g, P.n - 1u);
    let xo = n * 10u;
    if (lid + 0u < 160u) { shr[jc * 16u + g] = ((X[xo + u32(i_j2)] - DATA[100u + u32(i_j2)]) - DATA[124u + u32(i_j2)]); }
  }
  workgroupBarrier();
  for (var t: u32 = lid; t < 48u; t += WG) {
    let cg = t % 16u;
    let rq = t / 16u;
    var ta0: vec4<f32> = vec4<f32>(0.0f);
    {
      let mv0 = vec4<f32>(DATA[0u + (0u + 0u) * 10u + min(rq * 4u + 0u, 9u)], DATA[0u + (0u + 0u) * 10u + min(rq * 4u + 1u, 9u)], DATA[0u + (0u + 0u) * 10u + min(rq * 4u + 2u, 9u)], DATA[0u + (0u + 0u) * 10u + min(rq * 4u + 3u, 9u)]);
      let mv1 = vec4<f32>(DATA[0u + (0u + 1u) * 10u + min(rq * 4u + 0u, 9u)], DATA[0u + (0u + 1u) * 10u + min(rq * 4u + 1u, 9u)], DATA[0u + (0u + 1u) * 10u + min(rq * 4u + 2u, 9u)], DATA[0u + (0u + 1u) * 10u + min(rq * 4u + 3u, 9u)]);
      let mv2 = vec4<f32>(DATA[0u + (0u + 2u) * 10u + min(rq * 4u + 0u, 9u)], DATA[0u + (0u + 2u) * 10u + min(rq * 4u + 1u, 9u)], DATA[0u + (0u + 2u) * 10u + min(rq * 4u + 2u, 9u)], DATA[0u + (0u + 2u) * 10u + min(rq * 4u + 3u, 9u)]);
      let mv3 = vec4<f32>(DATA[0u + (0u + 3u) * 10u + min(rq * 4u + 0u, 9u)], DATA[0u + (0u + 3u) * 10u + min(rq * 4u + 1u, 9u)], DATA[0u + (0u + 3u) * 10u + min(rq * 4u + 2u, 9u)], DATA[0u + (0u + 3u) * 10u + min(rq * 4u + 3u, 9u)]);
      let mv4 = vec4<f32>(DATA[0u + (0u + 4u) * 10u + min(rq * 4u + 0u, 9u)], DATA[0u + (0u + 4u) * 10u + min(rq * 4u + 1u, 9u)], DATA[0u + (0u + 4u) * 10u + min(rq * 4u + 2u, 9u)], DATA[0u + (0u + 4u) * 10u + min(rq * 4u + 3u, 9u)]);
      let mv5 = vec4<f32>(DATA[0u + (0u + 5u) * 10u + min(rq * 4u + 0u, 9u)], DATA[0u + (0u + 5u) * 10u + min(rq * 4u + 1u, 9u)], DATA[0u + (0u + 5u) * 10u + min(rq * 4u + 2u, 9u)], DATA[0u + (0u + 5u) * 10u + min(rq * 4u + 3u, 9u)]);
      let mv6 = vec4<f32>(DATA[0u + (0u + 6u) * 10u + min(rq * 4u + 0u, 9u)], DATA[0u + (0u + 6u) * 10u + min(rq * 4u + 1u, 9u)], DATA[0u + (0u + 6u) * 10u + min(rq * 4u + 2u, 9u)], DATA[0u + (0u + 6u) * 10u + min(rq * 4u + 3u, 9u)]);
      let mv7 = vec4<f32>(DATA[0u + (0u + 7u) * 10u + min(rq * 4u + 0u, 9u)], DATA[0u + (0u + 7u) * 10u + min(rq * 4u + 1u, 9u)], DATA[0u + (0u + 7u) * 10u + min(rq * 4u + 2u, 9u)], DATA[0u + (0u + 7u) * 10u + min(rq * 4u + 3u, 9u)]);
      let mv8 = vec4<f32>(DATA[0u + (0u + 8u) * 10u + min(rq * 4u + 0u, 9u)], DATA[0u + (0u + 8u) * 10u + min(rq * 4u + 1u, 9u)], DATA[0u + (0u + 8u) * 10u + min(rq * 4u + 2u, 9u)], DATA[0u + (0u + 8u) * 10u + min(rq * 4u + 3u, 9u)]);
      let mv9 = vec4<f32>(DATA[0u + (0u + 9u) * 10u + min(rq * 4u + 0u, 9u)], DATA[0u + (0u + 9u) * 10u + min(rq * 4u + 1u, 9u)], DATA[0u + (0u + 9u) * 10u + min(rq * 4u + 2u, 9u)], DATA[0u + (0u + 9u) * 10u + min(rq * 4u + 3u, 9u)]);
      let hb = 0u * 16u + cg * 1u;
      ta0 = ta0 + mv0 * shr[hb + 0u];
      ta0 = ta0 + mv1 * shr[hb + 16u];
      ta0 = ta0 + mv2 * shr[hb + 32u];
      ta0 = ta0 + mv3 * shr[hb + 48u];
      ta0 = ta0 + mv4 * shr[hb + 64u];
      ta0 = ta0 + mv5 * shr[hb + 80u];
      ta0 = ta0 + mv6 * shr[hb + 96u];
      ta0 = ta0 + mv7 * shr[hb + 112u];
      ta0 = ta0 + mv8 * shr[hb + 128u];
      ta0 = ta0 + mv9 * shr[hb + 144u];
    }
    {
      let tc = cg * 1u + 0u;
      let nc = group * 16u + tc;
      shv[tc * 10u + 0u + rq * 4u + 0u] = ta0[0];
      if (rq * 4u + 1u < 10u) { shv[tc * 10u + 0u + rq * 4u + 1u] = ta0[1]; }
      if (rq * 4u + 2u < 10u) { shv[tc * 10u + 0u + rq * 4u + 2u] = ta0[2]; }
      if (rq * 4u + 3u < 10u) { shv[tc * 10u + 0u + rq * 4u + 3u] = ta0[3]; }
    }
  }
  workgroupBarrier();
  var acc_cec14_hf2_cec17_hgbat_r2_c: f32 = 0.0f;
  var acc_cec14_hf2_cec17_hgbat_sz_c: f32 = 0.0f;
  var acc_r0: f32 = 0.0f;
  var acc_r1: f32 = 0.0f;
  for (var iv: i32 = 0i + i32(lane); iv < 4i; iv += 16i) {
    if (iv >= 0i && iv < 3i) {
      let i_i7 = iv;
      acc_cec14_hf2_cec17_hgbat_r2_c = acc_cec14_hf2_cec17_hgbat_r2_c + ((0.05f * shv[team * 10u + 0u + u32((i32(DATA[112u + u32((i_i7 + 3i))]) - 1i))]) * ((0.05f * shv[team * 10u + 0u + u32((i32(DATA[112u + u32((i_i7 + 3i))]) - 1i))]) - 2.0f));
    }
    if (iv >= 0i && iv < 3i) {
      let i_i8 = iv;
      acc_cec14_hf2_cec17_hgbat_sz_c = acc_cec14_hf2_cec17_hgbat_sz_c + (0.05f * shv[team * 10u + 0u + u32((i32(DATA[112u + u32((i_i8 + 3i))]) - 1i))]);
    }
    if (iv >= 1i && iv < 3i) {
      let i_i4 = iv;
      let t0 = shv[team * 10u + 0u + u32((i32(DATA[112u + u32(i_i4)]) - 1i))];
      acc_r0 = acc_r0 + (t0 * t0);
    }
    if (iv >= 0i && iv < 4i) {
      let i_i11 = iv;
      let t1 = (0.0512f * shv[team * 10u + 0u + u32((i32(DATA[112u + u32((i_i11 + 6i))]) - 1i))]);
      let t2 = sin((3.141592653589793f * (0.0512f * shv[team * 10u + 0u + u32((i32(DATA[112u + u32((i_i11 + 6i))]) - 1i))])));
      acc_r1 = acc_r1 + ((t1 * t1) + (20.0f * (t2 * t2)));
    }
  }
  shf[0u + lid] = acc_cec14_hf2_cec17_hgbat_r2_c;
  shf[256u + lid] = acc_cec14_hf2_cec17_hgbat_sz_c;
  shf[512u + lid] = acc_r0;
  shf[768u + lid] = acc_r1;
  workgroupBarrier();
  if (lane < 8u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 8u];
    shf[256u + lid] = shf[256u + lid] + shf[256u + lid + 8u];
    shf[512u + lid] = shf[512u + lid] + shf[512u + lid + 8u];
    shf[768u + lid] = shf[768u + lid] + shf[768u + lid + 8u];
  }
  workgroupBarrier();
  if (lane < 4u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 4u];
    shf[256u + lid] = shf[256u + lid] + shf[256u + lid + 4u];
    shf[512u + lid] = shf[512u + lid] + shf[512u + lid + 4u];
    shf[768u + lid] = shf[768u + lid] + shf[768u + lid + 4u];
  }
  workgroupBarrier();
  if (lane < 2u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 2u];
    shf[256u + lid] = shf[256u + lid] + shf[256u + lid + 2u];
    shf[512u + lid] = shf[512u + lid] + shf[512u + lid + 2u];
    shf[768u + lid] = shf[768u + lid] + shf[768u + lid + 2u];
  }
  workgroupBarrier();
  if (lane < 1u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 1u];
    shf[256u + lid] = shf[256u + lid] + shf[256u + lid + 1u];
    shf[512u + lid] = shf[512u + lid] + shf[512u + lid + 1u];
    shf[768u + lid] = shf[768u + lid] + shf[768u + lid + 1u];
  }
  workgroupBarrier();
  let s_cec14_hf2_cec17_hgbat_r2_c: f32 = shf[0u + team * 16u];
  let s_cec14_hf2_cec17_hgbat_sz_c: f32 = shf[256u + team * 16u];
  let s_r0: f32 = shf[512u + team * 16u];
  let s_r1: f32 = shf[768u + team * 16u];
  workgroupBarrier();
  let t3 = shv[team * 10u + 0u + u32((i32(DATA[112u + u32(0i)]) - 1i))];
  if (valid && lane == 0u) { F[P.f_offset + n] = (((((t3 * t3) + (1000000.0f * s_r0)) + sqrt(abs(((s_cec14_hf2_cec17_hgbat_r2_c * (s_cec14_hf2_cec17_hgbat_r2_c + 6.0f)) - (s_cec14_hf2_cec17_hgbat_sz_c * (s_cec14_hf2_cec17_hgbat_sz_c - 6.0f)))))) + ((((0.5f * s_cec14_hf2_cec17_hgbat_r2_c) + s_cec14_hf2_cec17_hgbat_sz_c) - 1.5f) / 3.0f)) + s_r1); }
}

fn opt_pow(a: f32, b: f32) -> f32 {
  // C pow: a negative base with an integral exponent is defined.
  let r = pow(abs(a), b);
  if (a < 0.0 && fract(b) == 0.0) {
    return select(r, -r, fract(b * 0.5) != 0.0);
  }
  return select(r, opt_nan(), a < 0.0);
}
// WGSL rejects NaN and infinity in constant expressions, and lets implementations assume they do
// not occur; a NaN made at run time from the uniform (P.pad is 0) survives constant folding.
fn opt_nan() -> f32 { return bitcast<f32>(0x7fc00000u | P.pad); }
fn opt_inf() -> f32 { return bitcast<f32>(0x7f800000u | P.pad); }
fn opt_round(x: f32) -> f32 { return sign(x) * floor(abs(x) + 0.5); }
fn opt_expm1(x: f32) -> f32 {
  if (abs(x) >= 0.5) { return exp(x) - 1.0; }
  return x * (1.0 + x * (0.5 + x * (1.0 / 6.0 + x * (1.0 / 24.0 + x * (1.0 / 120.0 + x * (1.0 / 720.0 + x * (1.0 / 5040.0 + x * (1.0 / 40320.0))))))));
}
fn opt_idiv(a: i32, b: i32) -> i32 {
  let q = a / b;
  return select(q, q - 1, (a % b != 0) && ((a < 0) != (b < 0)));
}
fn opt_imod(a: i32, b: i32) -> i32 { return ((a % b) + b) % b; }
fn opt_fmod(a: f32, b: f32) -> f32 { return a - b * floor(a / b); }
