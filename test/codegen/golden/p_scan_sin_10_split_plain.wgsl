// ---- scan_chunks_0 uses P,PART,X
struct Params { n: u32, f_offset: u32, gx: u32, pad: u32 }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read> X: array<f32>;
@group(0) @binding(5) var<storage, read_write> PART: array<f32>;
override WG: u32 = 64u;
var<workgroup> shf: array<f32, 128>;
var<workgroup> shs: array<f32, 10>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  let n = group % P.n;
  let c = group / P.n;
  let valid = c < 1u;
  let xo = min(n, P.n - 1u) * 10u;
  let cend = min(i32((c + 1u) * 256u), 10i);
  {
    var carry: f32 = 0.0f;
    for (var base: i32 = i32(c * 256u); base < cend; base += 8i) {
      let tl = u32((base - i32(c * 256u)) / 8i);
      for (var rj: u32 = lid; rj < 8u; rj += 64u) {
        let iv = base + i32(rj);
        var v: f32 = 0.0f;
        if (iv < cend) {
          let i_i1 = iv;
          v = (X[xo + u32(i_i1)] * 0.01f);
        }
        shs[(((0u) * 8u + rj) + (((0u) * 8u + rj) >> 5u))] = v;
      }
      workgroupBarrier();
      var hs: f32 = 0.0f;
      if (lid < 1u) {
        for (var k: u32 = 0u; k < 8u; k++) { hs = hs + shs[(((0u) * 8u + lid * 8u + k) + (((0u) * 8u + lid * 8u + k) >> 5u))]; }
      }
      var ex: f32 = 0.0f;
      var total: f32 = hs;
      if (valid && lid == 0u) { PART[(n * 1u + c) * 36u + tl] = total; }
      workgroupBarrier();
      carry = carry + total;
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

// ---- scan_rescan_0 uses P,PART,X
struct Params { n: u32, f_offset: u32, gx: u32, pad: u32 }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read> X: array<f32>;
@group(0) @binding(5) var<storage, read_write> PART: array<f32>;
override WG: u32 = 64u;
var<workgroup> shf: array<f32, 128>;
var<workgroup> shs: array<f32, 10>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  let n = group % P.n;
  let c = group / P.n;
  let valid = c < 1u;
  let xo = min(n, P.n - 1u) * 10u;
  var s_carry: f32 = 0.0f;
  for (var cc: u32 = 0u; cc < c; cc++) {
    for (var ct: u32 = 0u; ct < 32u; ct++) {
      s_carry = s_carry + PART[(n * 1u + cc) * 36u + ct];
    }
  }
  var acc_r0: f32 = 0.0f;
  var acc_r1: f32 = 0.0f;
  let cend = min(i32((c + 1u) * 256u), 10i);
  {
    var carry: f32 = s_carry;
    var acc_r0_t0: f32 = 0.0f;
    var acc_r0_t1: f32 = 0.0f;
    var acc_r0_t2: f32 = 0.0f;
    var acc_r0_t3: f32 = 0.0f;
    var acc_r0_t4: f32 = 0.0f;
    var acc_r0_t5: f32 = 0.0f;
    var acc_r1_t0: f32 = 0.0f;
    var acc_r1_t1: f32 = 0.0f;
    var acc_r1_t2: f32 = 0.0f;
    var acc_r1_t3: f32 = 0.0f;
    var acc_r1_t4: f32 = 0.0f;
    var acc_r1_t5: f32 = 0.0f;
    for (var base: i32 = i32(c * 256u); base < cend; base += 8i) {
      let tl = u32((base - i32(c * 256u)) / 8i);
      for (var rj: u32 = lid; rj < 8u; rj += 64u) {
        let iv = base + i32(rj);
        var v: f32 = 0.0f;
        if (iv < cend) {
          let i_i1 = iv;
          v = (X[xo + u32(i_i1)] * 0.01f);
        }
        shs[(((0u) * 8u + rj) + (((0u) * 8u + rj) >> 5u))] = v;
      }
      workgroupBarrier();
      var hs: f32 = 0.0f;
      if (lid < 1u) {
        for (var k: u32 = 0u; k < 8u; k++) { hs = hs + shs[(((0u) * 8u + lid * 8u + k) + (((0u) * 8u + lid * 8u + k) >> 5u))]; }
      }
      var ex: f32 = 0.0f;
      var total: f32 = hs;
      if (lid < 1u) {
        var run: f32 = carry;
        if (lid > 0u) { run = carry + ex; }
        acc_r0 = 0.0f;
        acc_r1 = 0.0f;
        for (var k: u32 = 0u; k < 8u; k++) {
          let iv = base + i32((lid) * 8u + k);
          let v = shs[(((0u) * 8u + lid * 8u + k) + (((0u) * 8u + lid * 8u + k) >> 5u))];
          let before = run;
          run = run + v;
          let sv = run;
          if (iv < cend) {
            if (iv >= 0i && iv < 10i) {
              let i_i3 = iv;
              acc_r0 = acc_r0 + sin(sv);
            }
            if (iv >= 0i && iv < 10i) {
              let i_i4 = iv;
              let t0 = sv;
              acc_r1 = acc_r1 + (fma((-(2.0f * sv)), X[xo + u32(i_i4)], (t0 * t0 * t0)));
            }
          }
        }
      }
      workgroupBarrier();
      shf[0u + lid] = acc_r0;
      shf[64u + lid] = acc_r1;
      workgroupBarrier();
      var acc_r0_c: f32 = shf[0u + (0u) * 64u];
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
            if ((tl & 8u) == 0u) {
              acc_r0_t3 = acc_r0_c;
            } else {
              acc_r0_c = acc_r0_t3 + acc_r0_c;
              if ((tl & 16u) == 0u) {
                acc_r0_t4 = acc_r0_c;
              } else {
                acc_r0_c = acc_r0_t4 + acc_r0_c;
                acc_r0_t5 = acc_r0_c;
              }
            }
          }
        }
      }
      var acc_r1_c: f32 = shf[64u + (0u) * 64u];
      if ((tl & 1u) == 0u) {
        acc_r1_t0 = acc_r1_c;
      } else {
        acc_r1_c = acc_r1_t0 + acc_r1_c;
        if ((tl & 2u) == 0u) {
          acc_r1_t1 = acc_r1_c;
        } else {
          acc_r1_c = acc_r1_t1 + acc_r1_c;
          if ((tl & 4u) == 0u) {
            acc_r1_t2 = acc_r1_c;
          } else {
            acc_r1_c = acc_r1_t2 + acc_r1_c;
            if ((tl & 8u) == 0u) {
              acc_r1_t3 = acc_r1_c;
            } else {
              acc_r1_c = acc_r1_t3 + acc_r1_c;
              if ((tl & 16u) == 0u) {
                acc_r1_t4 = acc_r1_c;
              } else {
                acc_r1_c = acc_r1_t4 + acc_r1_c;
                acc_r1_t5 = acc_r1_c;
              }
            }
          }
        }
      }
      workgroupBarrier();
      carry = carry + total;
    }
    let mt = u32((cend - i32(c * 256u) + 7i) / 8i);
    acc_r0 = 0.0f;
    if ((mt & 1u) != 0u) { acc_r0 = acc_r0_t0 + acc_r0; }
    if ((mt & 2u) != 0u) { acc_r0 = acc_r0_t1 + acc_r0; }
    if ((mt & 4u) != 0u) { acc_r0 = acc_r0_t2 + acc_r0; }
    if ((mt & 8u) != 0u) { acc_r0 = acc_r0_t3 + acc_r0; }
    if ((mt & 16u) != 0u) { acc_r0 = acc_r0_t4 + acc_r0; }
    if ((mt & 32u) != 0u) { acc_r0 = acc_r0_t5 + acc_r0; }
    acc_r1 = 0.0f;
    if ((mt & 1u) != 0u) { acc_r1 = acc_r1_t0 + acc_r1; }
    if ((mt & 2u) != 0u) { acc_r1 = acc_r1_t1 + acc_r1; }
    if ((mt & 4u) != 0u) { acc_r1 = acc_r1_t2 + acc_r1; }
    if ((mt & 8u) != 0u) { acc_r1 = acc_r1_t3 + acc_r1; }
    if ((mt & 16u) != 0u) { acc_r1 = acc_r1_t4 + acc_r1; }
    if ((mt & 32u) != 0u) { acc_r1 = acc_r1_t5 + acc_r1; }
  }
  let s_r0: f32 = acc_r0;
  let s_r1: f32 = acc_r1;
  if (valid && lid == 0u) {
    PART[(n * 1u + c) * 36u + 32u] = f32(s_r0);
    PART[(n * 1u + c) * 36u + 34u] = f32(s_r1);
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
  let team = lid / 1u;
  let lane = lid % 1u;
  let n_raw = group * 64u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 10u; // an epilogue may read single elements (Discus: x[0])
  for (var cc: u32 = lane; cc < 1u; cc += 1u) {
  }
  {
    var acc_r0: f32 = 0.0f;
    var acc_r0_t0: f32 = 0.0f;
    var acc_r1: f32 = 0.0f;
    var acc_r1_t0: f32 = 0.0f;
    let cb = lane * 1u;
    let mb = min(1u, 1u - min(cb, 1u));
    for (var tl: u32 = 0u; tl < mb; tl++) {
      let cw = cb + tl;
      var acc_r0_c: f32 = PART[(n * 1u + cw) * 36u + 32u];
      acc_r0_t0 = acc_r0_c;
      var acc_r1_c: f32 = PART[(n * 1u + cw) * 36u + 34u];
      acc_r1_t0 = acc_r1_c;
    }
    if ((mb & 1u) != 0u) { acc_r0 = acc_r0_t0 + acc_r0; }
    shf[0u + lid] = acc_r0;
    if ((mb & 1u) != 0u) { acc_r1 = acc_r1_t0 + acc_r1; }
    shf[64u + lid] = acc_r1;
    workgroupBarrier();
  }
  let s_r0: f32 = shf[0u + team * 1u];
  let s_r1: f32 = shf[64u + team * 1u];
  workgroupBarrier();
  if (valid && lane == 0u) { F[P.f_offset + n] = (s_r0 + s_r1); }
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
