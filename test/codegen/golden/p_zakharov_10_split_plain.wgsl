// ---- reduce_partials_0 uses P,PART,X
struct Params { n: u32, f_offset: u32, gx: u32, pad: u32 }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read> X: array<f32>;
@group(0) @binding(5) var<storage, read_write> PART: array<f32>;
override WG: u32 = 64u;
var<workgroup> shf: array<f32, 128>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  let n = group % P.n;
  let c = group / P.n;
  let valid = c < 1u;
  let xo = min(n, P.n - 1u) * 10u;
  var acc_s: f32 = 0.0f;
  var acc_r0: f32 = 0.0f;
  {
    let vl = i32(lid);
    if (vl < 16i) {
      for (var q: i32 = vl; q < 10i; q += 16i) {
        let e0 = q;
        if (e0 >= 0i && e0 < 10i) {
          let i_i1 = e0;
          acc_s = fma((0.5f * f32((i_i1 + 1i))), X[xo + u32(i_i1)], acc_s);
        }
        if (e0 >= 0i && e0 < 10i) {
          let i_i2 = e0;
          let t0 = X[xo + u32(i_i2)];
          acc_r0 = fma(t0, t0, acc_r0);
        }
      }
      if (valid) {
        PART[n * 64u + (c * 4u + 0u) * 16u + u32(vl)] = acc_s;
        PART[n * 64u + (c * 4u + 2u) * 16u + u32(vl)] = acc_r0;
      }
    }
  }
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
// The same float, through an integer OR with P.pad (0) that no float algebra sees through: a
// quotient that an add reads (wgsl-fma.ts), which a device may compute as a product by the
// reciprocal and contract with the add in one kernel and not in another.
fn opt_keep(x: f32) -> f32 { return bitcast<f32>(bitcast<u32>(x) | P.pad); }
fn opt_round(x: f32) -> f32 { return sign(x) * floor(abs(x) + 0.5); }
fn opt_expm1(x: f32) -> f32 {
  if (abs(x) >= 0.5) { return exp(x) - 1.0; }
  // Horner's rule, each step an explicit fma (wgsl-fma.ts: no add a product feeds is left to the
  // device to contract or not).
  var p = fma(x, 1.0 / 40320.0, 1.0 / 5040.0);
  p = fma(x, p, 1.0 / 720.0);
  p = fma(x, p, 1.0 / 120.0);
  p = fma(x, p, 1.0 / 24.0);
  p = fma(x, p, 1.0 / 6.0);
  p = fma(x, p, 0.5);
  p = fma(x, p, 1.0);
  return x * p;
}
fn opt_idiv(a: i32, b: i32) -> i32 {
  let q = a / b;
  return select(q, q - 1, (a % b != 0) && ((a < 0) != (b < 0)));
}
fn opt_imod(a: i32, b: i32) -> i32 { return ((a % b) + b) % b; }
// a - b floor(a / b) as one fma (wgsl-fma.ts: the device may not contract it in one kernel and
// not in another).
fn opt_fmod(a: f32, b: f32) -> f32 { return fma(-b, floor(a / b), a); }

// ---- combine_0 uses P,PART,F
struct Params { n: u32, f_offset: u32, gx: u32, pad: u32 }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(2) var<storage, read_write> F: array<f32>;
@group(0) @binding(5) var<storage, read_write> PART: array<f32>;
override WG: u32 = 64u;
var<workgroup> shf: array<f32, 128>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  let team = lid / 16u;
  let lane = lid % 16u;
  let n_raw = group * 4u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 10u; // an epilogue may read single elements (Discus: x[0])
  var acc_s: f32 = 0.0f;
  var acc_r0: f32 = 0.0f;
  {
    let vl = lane;
    var lv_s: array<f32, 1>;
    var lv_r0: array<f32, 1>;
    var kd: u32 = 0u;
    for (var cg: u32 = 0u; cg < 1u; cg++) {
      var gl_s_0: f32 = PART[n * 64u + (cg * 4u + 0u) * 16u + u32(vl)];
      var gl_r0_0: f32 = PART[n * 64u + (cg * 4u + 2u) * 16u + u32(vl)];
      var v_s: f32 = gl_s_0;
      var v_r0: f32 = gl_r0_0;
      var kj: u32 = 0u;
      var kt: u32 = kd;
      loop {
        if ((kt & 1u) == 0u) { break; }
        v_s = lv_s[kj] + v_s;
        v_r0 = lv_r0[kj] + v_r0;
        kj += 1u;
        kt >>= 1u;
      }
      lv_s[kj] = v_s;
      lv_r0[kj] = v_r0;
      kd += 1u;
    }
    var v_s: f32;
    var v_r0: f32;
    v_s = 0.0f;
    v_r0 = 0.0f;
    var kf: bool = true;
    for (var kr: u32 = 0u; kr < 1u; kr++) {
      if (((kd >> kr) & 1u) == 1u) {
        v_s = select(lv_s[kr] + v_s, lv_s[kr], kf);
        v_r0 = select(lv_r0[kr] + v_r0, lv_r0[kr], kf);
        kf = false;
      }
    }
    acc_s = v_s;
    acc_r0 = v_r0;
  }
  shf[0u + lid] = acc_s;
  shf[64u + lid] = acc_r0;
  workgroupBarrier();
  if (lane < 8u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 8u];
    shf[64u + lid] = shf[64u + lid] + shf[64u + lid + 8u];
  }
  workgroupBarrier();
  if (lane < 4u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 4u];
    shf[64u + lid] = shf[64u + lid] + shf[64u + lid + 4u];
  }
  workgroupBarrier();
  if (lane < 2u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 2u];
    shf[64u + lid] = shf[64u + lid] + shf[64u + lid + 2u];
  }
  workgroupBarrier();
  if (lane < 1u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 1u];
    shf[64u + lid] = shf[64u + lid] + shf[64u + lid + 1u];
  }
  workgroupBarrier();
  let s_s: f32 = shf[0u + team * 16u];
  let s_r0: f32 = shf[64u + team * 16u];
  workgroupBarrier();
  let t0 = s_s;
  let t1 = s_s;
  if (valid && lane == 0u) { F[P.f_offset + n] = (fma(t1 * t1 * t1, t1, (fma(t0, t0, s_r0)))); }
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
// The same float, through an integer OR with P.pad (0) that no float algebra sees through: a
// quotient that an add reads (wgsl-fma.ts), which a device may compute as a product by the
// reciprocal and contract with the add in one kernel and not in another.
fn opt_keep(x: f32) -> f32 { return bitcast<f32>(bitcast<u32>(x) | P.pad); }
fn opt_round(x: f32) -> f32 { return sign(x) * floor(abs(x) + 0.5); }
fn opt_expm1(x: f32) -> f32 {
  if (abs(x) >= 0.5) { return exp(x) - 1.0; }
  // Horner's rule, each step an explicit fma (wgsl-fma.ts: no add a product feeds is left to the
  // device to contract or not).
  var p = fma(x, 1.0 / 40320.0, 1.0 / 5040.0);
  p = fma(x, p, 1.0 / 720.0);
  p = fma(x, p, 1.0 / 120.0);
  p = fma(x, p, 1.0 / 24.0);
  p = fma(x, p, 1.0 / 6.0);
  p = fma(x, p, 0.5);
  p = fma(x, p, 1.0);
  return x * p;
}
fn opt_idiv(a: i32, b: i32) -> i32 {
  let q = a / b;
  return select(q, q - 1, (a % b != 0) && ((a < 0) != (b < 0)));
}
fn opt_imod(a: i32, b: i32) -> i32 { return ((a % b) + b) % b; }
// a - b floor(a / b) as one fma (wgsl-fma.ts: the device may not contract it in one kernel and
// not in another).
fn opt_fmod(a: f32, b: f32) -> f32 { return fma(-b, floor(a / b), a); }
