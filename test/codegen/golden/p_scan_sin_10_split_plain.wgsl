// ---- scan_chunks_0 uses P,X,PART
struct Params { n: u32, f_offset: u32, gx: u32, pad: u32 }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read> X: array<f32>;
@group(0) @binding(5) var<storage, read_write> PART: array<f32>;
override WG: u32 = 64u;
var<workgroup> shf: array<f32, 64>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  let n = group % P.n;
  let c = group / P.n;
  let valid = c < 1u;
  let xo = min(n, P.n - 1u) * 10u;
  var acc_chunk: f32 = 0.0f;
  let cs = i32(c * 256u);
  let ce = min(i32((c + 1u) * 256u), 10i);
  for (var iv: i32 = cs + i32(lid); iv < ce; iv += 64i) {
    if (iv >= 0i && iv < 10i) {
      let i_i1 = iv;
      acc_chunk = acc_chunk + (X[xo + u32(i_i1)] * 0.01f);
    }
  }
  shf[0u + lid] = acc_chunk;
  workgroupBarrier();
  if (lid < 32u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 32u];
  }
  workgroupBarrier();
  if (lid < 16u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 16u];
  }
  workgroupBarrier();
  if (lid < 8u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 8u];
  }
  workgroupBarrier();
  if (lid < 4u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 4u];
  }
  workgroupBarrier();
  if (lid < 2u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 2u];
  }
  workgroupBarrier();
  if (lid < 1u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 1u];
  }
  workgroupBarrier();
  let s_chunk: f32 = shf[0u + 0u];
  workgroupBarrier();
  if (valid && lid == 0u) { PART[(n * 1u + c) * 5u] = s_chunk; }
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

// ---- scan_rescan_0 uses P,PART,X
struct Params { n: u32, f_offset: u32, gx: u32, pad: u32 }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read> X: array<f32>;
@group(0) @binding(5) var<storage, read_write> PART: array<f32>;
override WG: u32 = 64u;
var<workgroup> shf: array<f32, 128>;
var<workgroup> shs: array<f32, 265>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  let n = group % P.n;
  let c = group / P.n;
  let valid = c < 1u;
  let xo = min(n, P.n - 1u) * 10u;
  var acc_carry: f32 = 0.0f;
  for (var cc: u32 = lid; cc < c; cc += 64u) {
    acc_carry = acc_carry + PART[(n * 1u + cc) * 5u];
  }
  shf[0u + lid] = acc_carry;
  workgroupBarrier();
  if (lid < 32u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 32u];
  }
  workgroupBarrier();
  if (lid < 16u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 16u];
  }
  workgroupBarrier();
  if (lid < 8u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 8u];
  }
  workgroupBarrier();
  if (lid < 4u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 4u];
  }
  workgroupBarrier();
  if (lid < 2u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 2u];
  }
  workgroupBarrier();
  if (lid < 1u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 1u];
  }
  workgroupBarrier();
  let s_carry: f32 = shf[0u + 0u];
  workgroupBarrier();
  var acc_r0: f32 = 0.0f;
  var acc_r1: f32 = 0.0f;
  let cend = min(i32((c + 1u) * 256u), 10i);
  {
    var carry: f32 = s_carry;
    for (var base: i32 = i32(c * 256u); base < cend; base += 256i) {
      for (var k: u32 = 0u; k < 4u; k++) {
        let iv = base + i32(k * 64u + lid);
        var v: f32 = 0.0f;
        if (iv < cend) {
          let i_i1 = iv;
          v = (X[xo + u32(i_i1)] * 0.01f);
        }
        shs[(((0u) * 256u + k * 64u + lid) + (((0u) * 256u + k * 64u + lid) >> 5u))] = v;
      }
      workgroupBarrier();
      var lsum: f32 = 0.0f;
      for (var k: u32 = 0u; k < 4u; k++) { lsum = lsum + shs[(((0u) * 256u + lid * 4u + k) + (((0u) * 256u + lid * 4u + k) >> 5u))]; }
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
      let t6 = shf[lid];
      var run = carry + t6 - lsum;
      carry = carry + shf[(0u) * 64u + 63u];
      for (var k: u32 = 0u; k < 4u; k++) {
        let iv = base + i32(lid * 4u + k);
        let v = shs[(((0u) * 256u + lid * 4u + k) + (((0u) * 256u + lid * 4u + k) >> 5u))];
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
            let t7 = sv;
            acc_r1 = acc_r1 + ((t7 * t7 * t7) - ((2.0f * sv) * X[xo + u32(i_i4)]));
          }
        }
      }
      workgroupBarrier();
    }
  }
  shf[0u + lid] = acc_r0;
  shf[64u + lid] = acc_r1;
  workgroupBarrier();
  if (lid < 32u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 32u];
    shf[64u + lid] = shf[64u + lid] + shf[64u + lid + 32u];
  }
  workgroupBarrier();
  if (lid < 16u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 16u];
    shf[64u + lid] = shf[64u + lid] + shf[64u + lid + 16u];
  }
  workgroupBarrier();
  if (lid < 8u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 8u];
    shf[64u + lid] = shf[64u + lid] + shf[64u + lid + 8u];
  }
  workgroupBarrier();
  if (lid < 4u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 4u];
    shf[64u + lid] = shf[64u + lid] + shf[64u + lid + 4u];
  }
  workgroupBarrier();
  if (lid < 2u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 2u];
    shf[64u + lid] = shf[64u + lid] + shf[64u + lid + 2u];
  }
  workgroupBarrier();
  if (lid < 1u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 1u];
    shf[64u + lid] = shf[64u + lid] + shf[64u + lid + 1u];
  }
  workgroupBarrier();
  let s_r0: f32 = shf[0u + 0u];
  let s_r1: f32 = shf[64u + 0u];
  workgroupBarrier();
  if (valid && lid == 0u) {
    PART[(n * 1u + c) * 5u + 1u] = f32(s_r0);
    PART[(n * 1u + c) * 5u + 3u] = f32(s_r1);
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
  var acc_r0: f32 = 0.0f;
  var acc_r1: f32 = 0.0f;
  for (var cc: u32 = lane; cc < 1u; cc += 1u) {
    acc_r0 = acc_r0 + PART[(n * 1u + cc) * 5u + 1u];
    acc_r1 = acc_r1 + PART[(n * 1u + cc) * 5u + 3u];
  }
  shf[0u + lid] = acc_r0;
  shf[64u + lid] = acc_r1;
  workgroupBarrier();
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
