// ---- step init.X kernel evaluate uses P,RUNS,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
override WG: u32 = 128u;
var<workgroup> shf: array<f32, 128>;
var<workgroup> shv: array<f32, 100>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 128u;
  let lane = lid % 128u;
  let n_raw = group * 1u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100u;
  let t0 = opt_draw_u(1048576u, u32(i32(n)), u32(i32(lane)));
  for (var iv: i32 = i32(lane); iv < 100i; iv += 128i) {
    let i_j2 = iv;
    shv[team * 100u + 0u + u32(iv)] = (fma(10.239999771118164f, t0, -5.119999885559082f));
  }
  workgroupBarrier();
  var acc_fit: f32 = 0.0f;
  {
    let vl = i32(lane);
    if (vl < 32i) {
      for (var q: i32 = vl; q < 25i; q += 32i) {
        let e0 = q * 4i + 0i;
        if (e0 >= 0i && e0 < 100i) {
          let i_i1 = e0;
          let t1 = shv[team * 100u + 0u + u32(i_i1)];
          let t2 = sin((3.141592653589793f * shv[team * 100u + 0u + u32(i_i1)]));
          acc_fit = acc_fit + (fma(20.0f, (t2 * t2), (t1 * t1)));
        }
        let e1 = q * 4i + 1i;
        if (e1 >= 0i && e1 < 100i) {
          let i_i1 = e1;
          let t3 = shv[team * 100u + 0u + u32(i_i1)];
          let t4 = sin((3.141592653589793f * shv[team * 100u + 0u + u32(i_i1)]));
          acc_fit = acc_fit + (fma(20.0f, (t4 * t4), (t3 * t3)));
        }
        let e2 = q * 4i + 2i;
        if (e2 >= 0i && e2 < 100i) {
          let i_i1 = e2;
          let t5 = shv[team * 100u + 0u + u32(i_i1)];
          let t6 = sin((3.141592653589793f * shv[team * 100u + 0u + u32(i_i1)]));
          acc_fit = acc_fit + (fma(20.0f, (t6 * t6), (t5 * t5)));
        }
        let e3 = q * 4i + 3i;
        if (e3 >= 0i && e3 < 100i) {
          let i_i1 = e3;
          let t7 = shv[team * 100u + 0u + u32(i_i1)];
          let t8 = sin((3.141592653589793f * shv[team * 100u + 0u + u32(i_i1)]));
          acc_fit = acc_fit + (fma(20.0f, (t8 * t8), (t7 * t7)));
        }
      }
    }
  }
  shf[0u + lid] = acc_fit;
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
  let s_fit: f32 = shf[0u + team * 128u];
  workgroupBarrier();
  let s_fitness: f32 = opt_fit(s_fit);
  {
    let t9: i32 = i32(n);
    if (valid && t9 >= 0i && t9 < 128i) {
      for (var jw: i32 = i32(lane); jw < 100i; jw += 128i) {
        let i_j2 = jw;
        opt_s_set((P.w[0][0] + wid.z * P.run_s) + u32(t9) * 100u + u32(jw), shv[team * 100u + 0u + u32(i_j2)]);
      }
    }
  }
  {
    let t10: i32 = i32(n);
    if (valid && t10 >= 0i && t10 < 128i && lane == 0u) {
      opt_s_set((P.w[0][1] + wid.z * P.run_s) + u32(t10), s_fitness);
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

// Schoolbook in 16-bit limbs, each partial product added to the carry before it (a multiply-add:
// (2^16 - 1)^2 + 2 (2^16 - 1) < 2^32, so no sum overflows): 12 integer operations where summing
// the four products' halves at the end took 18. Philox is most of the integer work of a step
// with draws at every element (PSO, binomial DE: docs/performance.md, issue 15).
fn opt_mulhilo(a: u32, b: u32) -> vec2<u32> {
  let aH = a >> 16u; let aL = a & 0xffffu; let bH = b >> 16u; let bL = b & 0xffffu;
  let t = aL * bL;
  let u = aH * bL + (t >> 16u);
  let v = aL * bH + (u & 0xffffu);
  let hi = aH * bH + (u >> 16u) + (v >> 16u);
  return vec2<u32>(hi, a * b);
}
fn opt_philox(ctr: vec4<u32>, key: vec2<u32>) -> vec4<u32> {
  var x = ctr;
  var k = key;
  for (var r = 0u; r < 10u; r++) {
    let p0 = opt_mulhilo(0xd2511f53u, x.x);
    let p1 = opt_mulhilo(0xcd9e8d57u, x.z);
    x = vec4<u32>(p1.x ^ x.y ^ k.x, p1.y, p0.x ^ x.w ^ k.y, p0.y);
    k = k + vec2<u32>(0x9e3779b9u, 0xbb67ae85u);
  }
  return x;
}
// A float32 uniform in [0, 1) from the top 24 bits of a word: exactly representable, so the CPU
// backend draws the same number (src/rng/philox.ts, uniform24).
fn opt_uniform24(w: u32) -> f32 { return f32(w >> 8u) * 5.9604644775390625e-8; }
// The draws of src/runtime/draws.ts; key = (seed low, seed high), counter = (site, generation,
// individual, dimension).
fn opt_words(seed: vec2<u32>, site: u32, generation: u32, individual: u32, dimension: u32) -> vec4<u32> {
  return opt_philox(vec4<u32>(site, generation, individual, dimension), seed);
}
fn opt_randint(w: u32, n: u32) -> u32 { return opt_mulhilo(w, n).x; }
// The distinct draw t of opt_distinct3: among n - 1 - t free values, skipping the taken ones.
fn opt_skip(r0: u32, taken: array<u32, 4>, count: u32) -> u32 {
  var r = r0;
  // taken[0..count) ascending: insertion order differs, so sort the (at most 4) values first.
  var s = taken;
  for (var a = 1u; a < count; a++) {
    let v = s[a];
    var b = a;
    while (b > 0u && s[b - 1u] > v) { s[b] = s[b - 1u]; b--; }
    s[b] = v;
  }
  for (var q = 0u; q < count; q++) { if (r >= s[q]) { r++; } }
  return r;
}
// Three distinct values in [0, n) other than target (DE's r1, r2, r3), from one Philox block.
fn opt_distinct3(w: vec4<u32>, n: u32, tgt: u32) -> vec3<u32> {
  var taken = array<u32, 4>(tgt, 0u, 0u, 0u);
  let r1 = opt_skip(opt_randint(w.x, n - 1u), taken, 1u);
  taken[1] = r1;
  let r2 = opt_skip(opt_randint(w.y, n - 2u), taken, 2u);
  taken[2] = r2;
  let r3 = opt_skip(opt_randint(w.z, n - 3u), taken, 3u);
  return vec3<u32>(r1, r2, r3);
}
fn opt_normal(w: vec4<u32>) -> f32 {
  let u1 = 1.0 - opt_uniform24(w.x);
  let u2 = opt_uniform24(w.y);
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

// A fitness: NaN as +infinity, the worst value (ir/builtins.ts NAN_WORST). The test reads the
// bits: WGSL lets a compiler assume that no float is NaN, and x != x may fold to false.
fn opt_fit(x: f32) -> f32 { return select(x, opt_inf(), (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u); }
fn opt_s(i: u32) -> f32 { return S[i >> 2u][i & 3u]; }
fn opt_s_set(i: u32, v: f32) { S[i >> 2u][i & 3u] = v; }
// The last block of even and of odd call sites is kept: a lane that draws for four consecutive
// dimensions (the split regime's loops) computes one Philox block, not four.
var<private> opt_bk0: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv0: vec4<u32>;
var<private> opt_bk1: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv1: vec4<u32>;
fn opt_block(site: u32, ind: u32, dim: u32) -> vec4<u32> {
  let key = vec4<u32>(site, opt_draw_round, ind, dim);
  let seed = opt_seed;
  if ((site & 1u) == 0u) {
    if (any(key != opt_bk0)) { opt_bk0 = key; opt_bv0 = opt_philox(key, seed); }
    return opt_bv0;
  }
  if (any(key != opt_bk1)) { opt_bk1 = key; opt_bv1 = opt_philox(key, seed); }
  return opt_bv1;
}
// Four words a block: a uniform or integer draw at dimension j is word j % 4 of block j / 4, a
// normal draw word pair j % 2 of block j / 2 (src/runtime/draws.ts, drawTable).
fn opt_draw_u(site: u32, ind: u32, dim: u32) -> f32 {
  return opt_uniform24(opt_block(site, ind, dim >> 2u)[dim & 3u]);
}
fn opt_draw_n(site: u32, ind: u32, dim: u32) -> f32 {
  let b = opt_block(site, ind, dim >> 1u);
  return select(opt_normal(b), opt_normal(b.zwxy), (dim & 1u) == 1u);
}
fn opt_draw_int(site: u32, ind: u32, dim: u32, n: u32) -> u32 {
  return opt_randint(opt_block(site, ind, dim >> 2u)[dim & 3u], n);
}
// Value `which` of `count` (<= 4) distinct integers in [0, n) other than `except` (none when it
// is 0xffffffff): draw t takes word t, picks among the n - (taken) free values and skips the taken
// ones in increasing order (src/runtime/draws.ts, distinctAt).
// r among the free values: skip the taken ones, s[0..nt) ascending (registers only: no arrays).
fn opt_skip4(r0: u32, s: vec4<u32>, nt: u32) -> u32 {
  var r = r0;
  if (nt > 0u && r >= s.x) { r++; }
  if (nt > 1u && r >= s.y) { r++; }
  if (nt > 2u && r >= s.z) { r++; }
  if (nt > 3u && r >= s.w) { r++; }
  return r;
}
// s[0..nt) ascending with v inserted in order (nt < 4).
fn opt_insert4(s: vec4<u32>, nt: u32, v: u32) -> vec4<u32> {
  let before = select(vec4<u32>(0u), vec4<u32>(1u), (s < vec4<u32>(v)) & (vec4<u32>(0u, 1u, 2u, 3u) < vec4<u32>(nt)));
  let p = before.x + before.y + before.z + before.w;
  return vec4<u32>(
    select(s.x, v, p == 0u),
    select(s.y, select(s.x, v, p == 1u), p <= 1u),
    select(s.z, select(s.y, v, p == 2u), p <= 2u),
    select(s.w, select(s.z, v, p == 3u), p <= 3u));
}
// All `count` (<= 4) values of opt_draw_distinct at once.
fn opt_distinct4(site: u32, ind: u32, count: u32, n: u32, except: u32) -> vec4<u32> {
  let w = opt_block(site, ind, 0u);
  var s = vec4<u32>(0u);
  var nt = 0u;
  if (except != 0xffffffffu) { s.x = except; nt = 1u; }
  var out = vec4<u32>(0u);
  for (var t = 0u; t < 4u; t++) {
    if (t >= count) { break; }
    let r = opt_skip4(opt_randint(w[t], n - nt), s, nt);
    out[t] = r;
    s = opt_insert4(s, nt, r);
    nt++;
  }
  return out;
}
fn opt_draw_distinct(site: u32, ind: u32, count: u32, n: u32, except: u32, which: u32) -> u32 {
  return opt_distinct4(site, ind, count, n, except)[which];
}

// ---- step init.O kernel evaluate uses P,RUNS,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
override WG: u32 = 128u;
var<workgroup> shf: array<f32, 128>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 128u;
  let lane = lid % 128u;
  let n_raw = group * 1u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100u;
  let t2 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i32(n)));
  {
    let t0: i32 = i32(n);
    if (valid && t0 >= 0i && t0 < 128i) {
      for (var jw: i32 = i32(lane); jw < 100i; jw += 128i) {
        let i_j3 = jw;
        opt_s_set((P.w[0][2] + wid.z * P.run_s) + u32(t0) * 100u + u32(jw), opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_j3)));
      }
    }
  }
  {
    let t1: i32 = i32(n);
    if (valid && t1 >= 0i && t1 < 128i && lane == 0u) {
      opt_s_set((P.w[0][3] + wid.z * P.run_s) + u32(t1), t2);
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

// Schoolbook in 16-bit limbs, each partial product added to the carry before it (a multiply-add:
// (2^16 - 1)^2 + 2 (2^16 - 1) < 2^32, so no sum overflows): 12 integer operations where summing
// the four products' halves at the end took 18. Philox is most of the integer work of a step
// with draws at every element (PSO, binomial DE: docs/performance.md, issue 15).
fn opt_mulhilo(a: u32, b: u32) -> vec2<u32> {
  let aH = a >> 16u; let aL = a & 0xffffu; let bH = b >> 16u; let bL = b & 0xffffu;
  let t = aL * bL;
  let u = aH * bL + (t >> 16u);
  let v = aL * bH + (u & 0xffffu);
  let hi = aH * bH + (u >> 16u) + (v >> 16u);
  return vec2<u32>(hi, a * b);
}
fn opt_philox(ctr: vec4<u32>, key: vec2<u32>) -> vec4<u32> {
  var x = ctr;
  var k = key;
  for (var r = 0u; r < 10u; r++) {
    let p0 = opt_mulhilo(0xd2511f53u, x.x);
    let p1 = opt_mulhilo(0xcd9e8d57u, x.z);
    x = vec4<u32>(p1.x ^ x.y ^ k.x, p1.y, p0.x ^ x.w ^ k.y, p0.y);
    k = k + vec2<u32>(0x9e3779b9u, 0xbb67ae85u);
  }
  return x;
}
// A float32 uniform in [0, 1) from the top 24 bits of a word: exactly representable, so the CPU
// backend draws the same number (src/rng/philox.ts, uniform24).
fn opt_uniform24(w: u32) -> f32 { return f32(w >> 8u) * 5.9604644775390625e-8; }
// The draws of src/runtime/draws.ts; key = (seed low, seed high), counter = (site, generation,
// individual, dimension).
fn opt_words(seed: vec2<u32>, site: u32, generation: u32, individual: u32, dimension: u32) -> vec4<u32> {
  return opt_philox(vec4<u32>(site, generation, individual, dimension), seed);
}
fn opt_randint(w: u32, n: u32) -> u32 { return opt_mulhilo(w, n).x; }
// The distinct draw t of opt_distinct3: among n - 1 - t free values, skipping the taken ones.
fn opt_skip(r0: u32, taken: array<u32, 4>, count: u32) -> u32 {
  var r = r0;
  // taken[0..count) ascending: insertion order differs, so sort the (at most 4) values first.
  var s = taken;
  for (var a = 1u; a < count; a++) {
    let v = s[a];
    var b = a;
    while (b > 0u && s[b - 1u] > v) { s[b] = s[b - 1u]; b--; }
    s[b] = v;
  }
  for (var q = 0u; q < count; q++) { if (r >= s[q]) { r++; } }
  return r;
}
// Three distinct values in [0, n) other than target (DE's r1, r2, r3), from one Philox block.
fn opt_distinct3(w: vec4<u32>, n: u32, tgt: u32) -> vec3<u32> {
  var taken = array<u32, 4>(tgt, 0u, 0u, 0u);
  let r1 = opt_skip(opt_randint(w.x, n - 1u), taken, 1u);
  taken[1] = r1;
  let r2 = opt_skip(opt_randint(w.y, n - 2u), taken, 2u);
  taken[2] = r2;
  let r3 = opt_skip(opt_randint(w.z, n - 3u), taken, 3u);
  return vec3<u32>(r1, r2, r3);
}
fn opt_normal(w: vec4<u32>) -> f32 {
  let u1 = 1.0 - opt_uniform24(w.x);
  let u2 = opt_uniform24(w.y);
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

// A fitness: NaN as +infinity, the worst value (ir/builtins.ts NAN_WORST). The test reads the
// bits: WGSL lets a compiler assume that no float is NaN, and x != x may fold to false.
fn opt_fit(x: f32) -> f32 { return select(x, opt_inf(), (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u); }
fn opt_s(i: u32) -> f32 { return S[i >> 2u][i & 3u]; }
fn opt_s_set(i: u32, v: f32) { S[i >> 2u][i & 3u] = v; }
// The last block of even and of odd call sites is kept: a lane that draws for four consecutive
// dimensions (the split regime's loops) computes one Philox block, not four.
var<private> opt_bk0: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv0: vec4<u32>;
var<private> opt_bk1: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv1: vec4<u32>;
fn opt_block(site: u32, ind: u32, dim: u32) -> vec4<u32> {
  let key = vec4<u32>(site, opt_draw_round, ind, dim);
  let seed = opt_seed;
  if ((site & 1u) == 0u) {
    if (any(key != opt_bk0)) { opt_bk0 = key; opt_bv0 = opt_philox(key, seed); }
    return opt_bv0;
  }
  if (any(key != opt_bk1)) { opt_bk1 = key; opt_bv1 = opt_philox(key, seed); }
  return opt_bv1;
}
// Four words a block: a uniform or integer draw at dimension j is word j % 4 of block j / 4, a
// normal draw word pair j % 2 of block j / 2 (src/runtime/draws.ts, drawTable).
fn opt_draw_u(site: u32, ind: u32, dim: u32) -> f32 {
  return opt_uniform24(opt_block(site, ind, dim >> 2u)[dim & 3u]);
}
fn opt_draw_n(site: u32, ind: u32, dim: u32) -> f32 {
  let b = opt_block(site, ind, dim >> 1u);
  return select(opt_normal(b), opt_normal(b.zwxy), (dim & 1u) == 1u);
}
fn opt_draw_int(site: u32, ind: u32, dim: u32, n: u32) -> u32 {
  return opt_randint(opt_block(site, ind, dim >> 2u)[dim & 3u], n);
}
// Value `which` of `count` (<= 4) distinct integers in [0, n) other than `except` (none when it
// is 0xffffffff): draw t takes word t, picks among the n - (taken) free values and skips the taken
// ones in increasing order (src/runtime/draws.ts, distinctAt).
// r among the free values: skip the taken ones, s[0..nt) ascending (registers only: no arrays).
fn opt_skip4(r0: u32, s: vec4<u32>, nt: u32) -> u32 {
  var r = r0;
  if (nt > 0u && r >= s.x) { r++; }
  if (nt > 1u && r >= s.y) { r++; }
  if (nt > 2u && r >= s.z) { r++; }
  if (nt > 3u && r >= s.w) { r++; }
  return r;
}
// s[0..nt) ascending with v inserted in order (nt < 4).
fn opt_insert4(s: vec4<u32>, nt: u32, v: u32) -> vec4<u32> {
  let before = select(vec4<u32>(0u), vec4<u32>(1u), (s < vec4<u32>(v)) & (vec4<u32>(0u, 1u, 2u, 3u) < vec4<u32>(nt)));
  let p = before.x + before.y + before.z + before.w;
  return vec4<u32>(
    select(s.x, v, p == 0u),
    select(s.y, select(s.x, v, p == 1u), p <= 1u),
    select(s.z, select(s.y, v, p == 2u), p <= 2u),
    select(s.w, select(s.z, v, p == 3u), p <= 3u));
}
// All `count` (<= 4) values of opt_draw_distinct at once.
fn opt_distinct4(site: u32, ind: u32, count: u32, n: u32, except: u32) -> vec4<u32> {
  let w = opt_block(site, ind, 0u);
  var s = vec4<u32>(0u);
  var nt = 0u;
  if (except != 0xffffffffu) { s.x = except; nt = 1u; }
  var out = vec4<u32>(0u);
  for (var t = 0u; t < 4u; t++) {
    if (t >= count) { break; }
    let r = opt_skip4(opt_randint(w[t], n - nt), s, nt);
    out[t] = r;
    s = opt_insert4(s, nt, r);
    nt++;
  }
  return out;
}
fn opt_draw_distinct(site: u32, ind: u32, count: u32, n: u32, except: u32, which: u32) -> u32 {
  return opt_distinct4(site, ind, count, n, except)[which];
}

// ---- step init.Fi kernel evaluate uses P,RUNS,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
override WG: u32 = 128u;
var<workgroup> shf: array<f32, 128>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 128u;
  let lane = lid % 128u;
  let n_raw = group * 1u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100u;
  {
    let t0: i32 = i32(n);
    if (valid && t0 >= 0i && t0 < 128i && lane == 0u) {
      opt_s_set((P.w[1][0] + wid.z * P.run_s) + u32(t0), 0.30000000000000004f);
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

// Schoolbook in 16-bit limbs, each partial product added to the carry before it (a multiply-add:
// (2^16 - 1)^2 + 2 (2^16 - 1) < 2^32, so no sum overflows): 12 integer operations where summing
// the four products' halves at the end took 18. Philox is most of the integer work of a step
// with draws at every element (PSO, binomial DE: docs/performance.md, issue 15).
fn opt_mulhilo(a: u32, b: u32) -> vec2<u32> {
  let aH = a >> 16u; let aL = a & 0xffffu; let bH = b >> 16u; let bL = b & 0xffffu;
  let t = aL * bL;
  let u = aH * bL + (t >> 16u);
  let v = aL * bH + (u & 0xffffu);
  let hi = aH * bH + (u >> 16u) + (v >> 16u);
  return vec2<u32>(hi, a * b);
}
fn opt_philox(ctr: vec4<u32>, key: vec2<u32>) -> vec4<u32> {
  var x = ctr;
  var k = key;
  for (var r = 0u; r < 10u; r++) {
    let p0 = opt_mulhilo(0xd2511f53u, x.x);
    let p1 = opt_mulhilo(0xcd9e8d57u, x.z);
    x = vec4<u32>(p1.x ^ x.y ^ k.x, p1.y, p0.x ^ x.w ^ k.y, p0.y);
    k = k + vec2<u32>(0x9e3779b9u, 0xbb67ae85u);
  }
  return x;
}
// A float32 uniform in [0, 1) from the top 24 bits of a word: exactly representable, so the CPU
// backend draws the same number (src/rng/philox.ts, uniform24).
fn opt_uniform24(w: u32) -> f32 { return f32(w >> 8u) * 5.9604644775390625e-8; }
// The draws of src/runtime/draws.ts; key = (seed low, seed high), counter = (site, generation,
// individual, dimension).
fn opt_words(seed: vec2<u32>, site: u32, generation: u32, individual: u32, dimension: u32) -> vec4<u32> {
  return opt_philox(vec4<u32>(site, generation, individual, dimension), seed);
}
fn opt_randint(w: u32, n: u32) -> u32 { return opt_mulhilo(w, n).x; }
// The distinct draw t of opt_distinct3: among n - 1 - t free values, skipping the taken ones.
fn opt_skip(r0: u32, taken: array<u32, 4>, count: u32) -> u32 {
  var r = r0;
  // taken[0..count) ascending: insertion order differs, so sort the (at most 4) values first.
  var s = taken;
  for (var a = 1u; a < count; a++) {
    let v = s[a];
    var b = a;
    while (b > 0u && s[b - 1u] > v) { s[b] = s[b - 1u]; b--; }
    s[b] = v;
  }
  for (var q = 0u; q < count; q++) { if (r >= s[q]) { r++; } }
  return r;
}
// Three distinct values in [0, n) other than target (DE's r1, r2, r3), from one Philox block.
fn opt_distinct3(w: vec4<u32>, n: u32, tgt: u32) -> vec3<u32> {
  var taken = array<u32, 4>(tgt, 0u, 0u, 0u);
  let r1 = opt_skip(opt_randint(w.x, n - 1u), taken, 1u);
  taken[1] = r1;
  let r2 = opt_skip(opt_randint(w.y, n - 2u), taken, 2u);
  taken[2] = r2;
  let r3 = opt_skip(opt_randint(w.z, n - 3u), taken, 3u);
  return vec3<u32>(r1, r2, r3);
}
fn opt_normal(w: vec4<u32>) -> f32 {
  let u1 = 1.0 - opt_uniform24(w.x);
  let u2 = opt_uniform24(w.y);
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

// A fitness: NaN as +infinity, the worst value (ir/builtins.ts NAN_WORST). The test reads the
// bits: WGSL lets a compiler assume that no float is NaN, and x != x may fold to false.
fn opt_fit(x: f32) -> f32 { return select(x, opt_inf(), (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u); }
fn opt_s(i: u32) -> f32 { return S[i >> 2u][i & 3u]; }
fn opt_s_set(i: u32, v: f32) { S[i >> 2u][i & 3u] = v; }
// The last block of even and of odd call sites is kept: a lane that draws for four consecutive
// dimensions (the split regime's loops) computes one Philox block, not four.
var<private> opt_bk0: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv0: vec4<u32>;
var<private> opt_bk1: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv1: vec4<u32>;
fn opt_block(site: u32, ind: u32, dim: u32) -> vec4<u32> {
  let key = vec4<u32>(site, opt_draw_round, ind, dim);
  let seed = opt_seed;
  if ((site & 1u) == 0u) {
    if (any(key != opt_bk0)) { opt_bk0 = key; opt_bv0 = opt_philox(key, seed); }
    return opt_bv0;
  }
  if (any(key != opt_bk1)) { opt_bk1 = key; opt_bv1 = opt_philox(key, seed); }
  return opt_bv1;
}
// Four words a block: a uniform or integer draw at dimension j is word j % 4 of block j / 4, a
// normal draw word pair j % 2 of block j / 2 (src/runtime/draws.ts, drawTable).
fn opt_draw_u(site: u32, ind: u32, dim: u32) -> f32 {
  return opt_uniform24(opt_block(site, ind, dim >> 2u)[dim & 3u]);
}
fn opt_draw_n(site: u32, ind: u32, dim: u32) -> f32 {
  let b = opt_block(site, ind, dim >> 1u);
  return select(opt_normal(b), opt_normal(b.zwxy), (dim & 1u) == 1u);
}
fn opt_draw_int(site: u32, ind: u32, dim: u32, n: u32) -> u32 {
  return opt_randint(opt_block(site, ind, dim >> 2u)[dim & 3u], n);
}
// Value `which` of `count` (<= 4) distinct integers in [0, n) other than `except` (none when it
// is 0xffffffff): draw t takes word t, picks among the n - (taken) free values and skips the taken
// ones in increasing order (src/runtime/draws.ts, distinctAt).
// r among the free values: skip the taken ones, s[0..nt) ascending (registers only: no arrays).
fn opt_skip4(r0: u32, s: vec4<u32>, nt: u32) -> u32 {
  var r = r0;
  if (nt > 0u && r >= s.x) { r++; }
  if (nt > 1u && r >= s.y) { r++; }
  if (nt > 2u && r >= s.z) { r++; }
  if (nt > 3u && r >= s.w) { r++; }
  return r;
}
// s[0..nt) ascending with v inserted in order (nt < 4).
fn opt_insert4(s: vec4<u32>, nt: u32, v: u32) -> vec4<u32> {
  let before = select(vec4<u32>(0u), vec4<u32>(1u), (s < vec4<u32>(v)) & (vec4<u32>(0u, 1u, 2u, 3u) < vec4<u32>(nt)));
  let p = before.x + before.y + before.z + before.w;
  return vec4<u32>(
    select(s.x, v, p == 0u),
    select(s.y, select(s.x, v, p == 1u), p <= 1u),
    select(s.z, select(s.y, v, p == 2u), p <= 2u),
    select(s.w, select(s.z, v, p == 3u), p <= 3u));
}
// All `count` (<= 4) values of opt_draw_distinct at once.
fn opt_distinct4(site: u32, ind: u32, count: u32, n: u32, except: u32) -> vec4<u32> {
  let w = opt_block(site, ind, 0u);
  var s = vec4<u32>(0u);
  var nt = 0u;
  if (except != 0xffffffffu) { s.x = except; nt = 1u; }
  var out = vec4<u32>(0u);
  for (var t = 0u; t < 4u; t++) {
    if (t >= count) { break; }
    let r = opt_skip4(opt_randint(w[t], n - nt), s, nt);
    out[t] = r;
    s = opt_insert4(s, nt, r);
    nt++;
  }
  return out;
}
fn opt_draw_distinct(site: u32, ind: u32, count: u32, n: u32, except: u32, which: u32) -> u32 {
  return opt_distinct4(site, ind, count, n, except)[which];
}

// ---- step init.CRi kernel evaluate uses P,RUNS,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
override WG: u32 = 128u;
var<workgroup> shf: array<f32, 128>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 128u;
  let lane = lid % 128u;
  let n_raw = group * 1u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100u;
  {
    let t0: i32 = i32(n);
    if (valid && t0 >= 0i && t0 < 128i && lane == 0u) {
      opt_s_set((P.w[1][1] + wid.z * P.run_s) + u32(t0), 0.9f);
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

// Schoolbook in 16-bit limbs, each partial product added to the carry before it (a multiply-add:
// (2^16 - 1)^2 + 2 (2^16 - 1) < 2^32, so no sum overflows): 12 integer operations where summing
// the four products' halves at the end took 18. Philox is most of the integer work of a step
// with draws at every element (PSO, binomial DE: docs/performance.md, issue 15).
fn opt_mulhilo(a: u32, b: u32) -> vec2<u32> {
  let aH = a >> 16u; let aL = a & 0xffffu; let bH = b >> 16u; let bL = b & 0xffffu;
  let t = aL * bL;
  let u = aH * bL + (t >> 16u);
  let v = aL * bH + (u & 0xffffu);
  let hi = aH * bH + (u >> 16u) + (v >> 16u);
  return vec2<u32>(hi, a * b);
}
fn opt_philox(ctr: vec4<u32>, key: vec2<u32>) -> vec4<u32> {
  var x = ctr;
  var k = key;
  for (var r = 0u; r < 10u; r++) {
    let p0 = opt_mulhilo(0xd2511f53u, x.x);
    let p1 = opt_mulhilo(0xcd9e8d57u, x.z);
    x = vec4<u32>(p1.x ^ x.y ^ k.x, p1.y, p0.x ^ x.w ^ k.y, p0.y);
    k = k + vec2<u32>(0x9e3779b9u, 0xbb67ae85u);
  }
  return x;
}
// A float32 uniform in [0, 1) from the top 24 bits of a word: exactly representable, so the CPU
// backend draws the same number (src/rng/philox.ts, uniform24).
fn opt_uniform24(w: u32) -> f32 { return f32(w >> 8u) * 5.9604644775390625e-8; }
// The draws of src/runtime/draws.ts; key = (seed low, seed high), counter = (site, generation,
// individual, dimension).
fn opt_words(seed: vec2<u32>, site: u32, generation: u32, individual: u32, dimension: u32) -> vec4<u32> {
  return opt_philox(vec4<u32>(site, generation, individual, dimension), seed);
}
fn opt_randint(w: u32, n: u32) -> u32 { return opt_mulhilo(w, n).x; }
// The distinct draw t of opt_distinct3: among n - 1 - t free values, skipping the taken ones.
fn opt_skip(r0: u32, taken: array<u32, 4>, count: u32) -> u32 {
  var r = r0;
  // taken[0..count) ascending: insertion order differs, so sort the (at most 4) values first.
  var s = taken;
  for (var a = 1u; a < count; a++) {
    let v = s[a];
    var b = a;
    while (b > 0u && s[b - 1u] > v) { s[b] = s[b - 1u]; b--; }
    s[b] = v;
  }
  for (var q = 0u; q < count; q++) { if (r >= s[q]) { r++; } }
  return r;
}
// Three distinct values in [0, n) other than target (DE's r1, r2, r3), from one Philox block.
fn opt_distinct3(w: vec4<u32>, n: u32, tgt: u32) -> vec3<u32> {
  var taken = array<u32, 4>(tgt, 0u, 0u, 0u);
  let r1 = opt_skip(opt_randint(w.x, n - 1u), taken, 1u);
  taken[1] = r1;
  let r2 = opt_skip(opt_randint(w.y, n - 2u), taken, 2u);
  taken[2] = r2;
  let r3 = opt_skip(opt_randint(w.z, n - 3u), taken, 3u);
  return vec3<u32>(r1, r2, r3);
}
fn opt_normal(w: vec4<u32>) -> f32 {
  let u1 = 1.0 - opt_uniform24(w.x);
  let u2 = opt_uniform24(w.y);
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

// A fitness: NaN as +infinity, the worst value (ir/builtins.ts NAN_WORST). The test reads the
// bits: WGSL lets a compiler assume that no float is NaN, and x != x may fold to false.
fn opt_fit(x: f32) -> f32 { return select(x, opt_inf(), (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u); }
fn opt_s(i: u32) -> f32 { return S[i >> 2u][i & 3u]; }
fn opt_s_set(i: u32, v: f32) { S[i >> 2u][i & 3u] = v; }
// The last block of even and of odd call sites is kept: a lane that draws for four consecutive
// dimensions (the split regime's loops) computes one Philox block, not four.
var<private> opt_bk0: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv0: vec4<u32>;
var<private> opt_bk1: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv1: vec4<u32>;
fn opt_block(site: u32, ind: u32, dim: u32) -> vec4<u32> {
  let key = vec4<u32>(site, opt_draw_round, ind, dim);
  let seed = opt_seed;
  if ((site & 1u) == 0u) {
    if (any(key != opt_bk0)) { opt_bk0 = key; opt_bv0 = opt_philox(key, seed); }
    return opt_bv0;
  }
  if (any(key != opt_bk1)) { opt_bk1 = key; opt_bv1 = opt_philox(key, seed); }
  return opt_bv1;
}
// Four words a block: a uniform or integer draw at dimension j is word j % 4 of block j / 4, a
// normal draw word pair j % 2 of block j / 2 (src/runtime/draws.ts, drawTable).
fn opt_draw_u(site: u32, ind: u32, dim: u32) -> f32 {
  return opt_uniform24(opt_block(site, ind, dim >> 2u)[dim & 3u]);
}
fn opt_draw_n(site: u32, ind: u32, dim: u32) -> f32 {
  let b = opt_block(site, ind, dim >> 1u);
  return select(opt_normal(b), opt_normal(b.zwxy), (dim & 1u) == 1u);
}
fn opt_draw_int(site: u32, ind: u32, dim: u32, n: u32) -> u32 {
  return opt_randint(opt_block(site, ind, dim >> 2u)[dim & 3u], n);
}
// Value `which` of `count` (<= 4) distinct integers in [0, n) other than `except` (none when it
// is 0xffffffff): draw t takes word t, picks among the n - (taken) free values and skips the taken
// ones in increasing order (src/runtime/draws.ts, distinctAt).
// r among the free values: skip the taken ones, s[0..nt) ascending (registers only: no arrays).
fn opt_skip4(r0: u32, s: vec4<u32>, nt: u32) -> u32 {
  var r = r0;
  if (nt > 0u && r >= s.x) { r++; }
  if (nt > 1u && r >= s.y) { r++; }
  if (nt > 2u && r >= s.z) { r++; }
  if (nt > 3u && r >= s.w) { r++; }
  return r;
}
// s[0..nt) ascending with v inserted in order (nt < 4).
fn opt_insert4(s: vec4<u32>, nt: u32, v: u32) -> vec4<u32> {
  let before = select(vec4<u32>(0u), vec4<u32>(1u), (s < vec4<u32>(v)) & (vec4<u32>(0u, 1u, 2u, 3u) < vec4<u32>(nt)));
  let p = before.x + before.y + before.z + before.w;
  return vec4<u32>(
    select(s.x, v, p == 0u),
    select(s.y, select(s.x, v, p == 1u), p <= 1u),
    select(s.z, select(s.y, v, p == 2u), p <= 2u),
    select(s.w, select(s.z, v, p == 3u), p <= 3u));
}
// All `count` (<= 4) values of opt_draw_distinct at once.
fn opt_distinct4(site: u32, ind: u32, count: u32, n: u32, except: u32) -> vec4<u32> {
  let w = opt_block(site, ind, 0u);
  var s = vec4<u32>(0u);
  var nt = 0u;
  if (except != 0xffffffffu) { s.x = except; nt = 1u; }
  var out = vec4<u32>(0u);
  for (var t = 0u; t < 4u; t++) {
    if (t >= count) { break; }
    let r = opt_skip4(opt_randint(w[t], n - nt), s, nt);
    out[t] = r;
    s = opt_insert4(s, nt, r);
    nt++;
  }
  return out;
}
fn opt_draw_distinct(site: u32, ind: u32, count: u32, n: u32, except: u32, which: u32) -> u32 {
  return opt_distinct4(site, ind, count, n, except)[which];
}

// ---- step vec.a kernel evaluate uses P,RUNS,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
override WG: u32 = 128u;
var<workgroup> shf: array<f32, 128>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 128u;
  let lane = lid % 128u;
  let n_raw = group * 1u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100u;
  {
    let t0: i32 = 0i;
    if (valid && t0 >= 0i && t0 < 1i) {
      for (var jw: i32 = i32(lane); jw < 100i; jw += 128i) {
        let i_j4 = jw;
        var t1: f32 = opt_inf();
        for (var i_k5: i32 = 0i; i_k5 < 128i; i_k5++) {
          t1 = min(t1, opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i_k5) * 100u + u32(i_j4)));
        }
        opt_s_set((P.w[2][2] + wid.z * P.run_s) + u32(t0) * 100u + u32(jw), t1);
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

// Schoolbook in 16-bit limbs, each partial product added to the carry before it (a multiply-add:
// (2^16 - 1)^2 + 2 (2^16 - 1) < 2^32, so no sum overflows): 12 integer operations where summing
// the four products' halves at the end took 18. Philox is most of the integer work of a step
// with draws at every element (PSO, binomial DE: docs/performance.md, issue 15).
fn opt_mulhilo(a: u32, b: u32) -> vec2<u32> {
  let aH = a >> 16u; let aL = a & 0xffffu; let bH = b >> 16u; let bL = b & 0xffffu;
  let t = aL * bL;
  let u = aH * bL + (t >> 16u);
  let v = aL * bH + (u & 0xffffu);
  let hi = aH * bH + (u >> 16u) + (v >> 16u);
  return vec2<u32>(hi, a * b);
}
fn opt_philox(ctr: vec4<u32>, key: vec2<u32>) -> vec4<u32> {
  var x = ctr;
  var k = key;
  for (var r = 0u; r < 10u; r++) {
    let p0 = opt_mulhilo(0xd2511f53u, x.x);
    let p1 = opt_mulhilo(0xcd9e8d57u, x.z);
    x = vec4<u32>(p1.x ^ x.y ^ k.x, p1.y, p0.x ^ x.w ^ k.y, p0.y);
    k = k + vec2<u32>(0x9e3779b9u, 0xbb67ae85u);
  }
  return x;
}
// A float32 uniform in [0, 1) from the top 24 bits of a word: exactly representable, so the CPU
// backend draws the same number (src/rng/philox.ts, uniform24).
fn opt_uniform24(w: u32) -> f32 { return f32(w >> 8u) * 5.9604644775390625e-8; }
// The draws of src/runtime/draws.ts; key = (seed low, seed high), counter = (site, generation,
// individual, dimension).
fn opt_words(seed: vec2<u32>, site: u32, generation: u32, individual: u32, dimension: u32) -> vec4<u32> {
  return opt_philox(vec4<u32>(site, generation, individual, dimension), seed);
}
fn opt_randint(w: u32, n: u32) -> u32 { return opt_mulhilo(w, n).x; }
// The distinct draw t of opt_distinct3: among n - 1 - t free values, skipping the taken ones.
fn opt_skip(r0: u32, taken: array<u32, 4>, count: u32) -> u32 {
  var r = r0;
  // taken[0..count) ascending: insertion order differs, so sort the (at most 4) values first.
  var s = taken;
  for (var a = 1u; a < count; a++) {
    let v = s[a];
    var b = a;
    while (b > 0u && s[b - 1u] > v) { s[b] = s[b - 1u]; b--; }
    s[b] = v;
  }
  for (var q = 0u; q < count; q++) { if (r >= s[q]) { r++; } }
  return r;
}
// Three distinct values in [0, n) other than target (DE's r1, r2, r3), from one Philox block.
fn opt_distinct3(w: vec4<u32>, n: u32, tgt: u32) -> vec3<u32> {
  var taken = array<u32, 4>(tgt, 0u, 0u, 0u);
  let r1 = opt_skip(opt_randint(w.x, n - 1u), taken, 1u);
  taken[1] = r1;
  let r2 = opt_skip(opt_randint(w.y, n - 2u), taken, 2u);
  taken[2] = r2;
  let r3 = opt_skip(opt_randint(w.z, n - 3u), taken, 3u);
  return vec3<u32>(r1, r2, r3);
}
fn opt_normal(w: vec4<u32>) -> f32 {
  let u1 = 1.0 - opt_uniform24(w.x);
  let u2 = opt_uniform24(w.y);
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

// A fitness: NaN as +infinity, the worst value (ir/builtins.ts NAN_WORST). The test reads the
// bits: WGSL lets a compiler assume that no float is NaN, and x != x may fold to false.
fn opt_fit(x: f32) -> f32 { return select(x, opt_inf(), (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u); }
fn opt_s(i: u32) -> f32 { return S[i >> 2u][i & 3u]; }
fn opt_s_set(i: u32, v: f32) { S[i >> 2u][i & 3u] = v; }
// The last block of even and of odd call sites is kept: a lane that draws for four consecutive
// dimensions (the split regime's loops) computes one Philox block, not four.
var<private> opt_bk0: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv0: vec4<u32>;
var<private> opt_bk1: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv1: vec4<u32>;
fn opt_block(site: u32, ind: u32, dim: u32) -> vec4<u32> {
  let key = vec4<u32>(site, opt_draw_round, ind, dim);
  let seed = opt_seed;
  if ((site & 1u) == 0u) {
    if (any(key != opt_bk0)) { opt_bk0 = key; opt_bv0 = opt_philox(key, seed); }
    return opt_bv0;
  }
  if (any(key != opt_bk1)) { opt_bk1 = key; opt_bv1 = opt_philox(key, seed); }
  return opt_bv1;
}
// Four words a block: a uniform or integer draw at dimension j is word j % 4 of block j / 4, a
// normal draw word pair j % 2 of block j / 2 (src/runtime/draws.ts, drawTable).
fn opt_draw_u(site: u32, ind: u32, dim: u32) -> f32 {
  return opt_uniform24(opt_block(site, ind, dim >> 2u)[dim & 3u]);
}
fn opt_draw_n(site: u32, ind: u32, dim: u32) -> f32 {
  let b = opt_block(site, ind, dim >> 1u);
  return select(opt_normal(b), opt_normal(b.zwxy), (dim & 1u) == 1u);
}
fn opt_draw_int(site: u32, ind: u32, dim: u32, n: u32) -> u32 {
  return opt_randint(opt_block(site, ind, dim >> 2u)[dim & 3u], n);
}
// Value `which` of `count` (<= 4) distinct integers in [0, n) other than `except` (none when it
// is 0xffffffff): draw t takes word t, picks among the n - (taken) free values and skips the taken
// ones in increasing order (src/runtime/draws.ts, distinctAt).
// r among the free values: skip the taken ones, s[0..nt) ascending (registers only: no arrays).
fn opt_skip4(r0: u32, s: vec4<u32>, nt: u32) -> u32 {
  var r = r0;
  if (nt > 0u && r >= s.x) { r++; }
  if (nt > 1u && r >= s.y) { r++; }
  if (nt > 2u && r >= s.z) { r++; }
  if (nt > 3u && r >= s.w) { r++; }
  return r;
}
// s[0..nt) ascending with v inserted in order (nt < 4).
fn opt_insert4(s: vec4<u32>, nt: u32, v: u32) -> vec4<u32> {
  let before = select(vec4<u32>(0u), vec4<u32>(1u), (s < vec4<u32>(v)) & (vec4<u32>(0u, 1u, 2u, 3u) < vec4<u32>(nt)));
  let p = before.x + before.y + before.z + before.w;
  return vec4<u32>(
    select(s.x, v, p == 0u),
    select(s.y, select(s.x, v, p == 1u), p <= 1u),
    select(s.z, select(s.y, v, p == 2u), p <= 2u),
    select(s.w, select(s.z, v, p == 3u), p <= 3u));
}
// All `count` (<= 4) values of opt_draw_distinct at once.
fn opt_distinct4(site: u32, ind: u32, count: u32, n: u32, except: u32) -> vec4<u32> {
  let w = opt_block(site, ind, 0u);
  var s = vec4<u32>(0u);
  var nt = 0u;
  if (except != 0xffffffffu) { s.x = except; nt = 1u; }
  var out = vec4<u32>(0u);
  for (var t = 0u; t < 4u; t++) {
    if (t >= count) { break; }
    let r = opt_skip4(opt_randint(w[t], n - nt), s, nt);
    out[t] = r;
    s = opt_insert4(s, nt, r);
    nt++;
  }
  return out;
}
fn opt_draw_distinct(site: u32, ind: u32, count: u32, n: u32, except: u32, which: u32) -> u32 {
  return opt_distinct4(site, ind, count, n, except)[which];
}

// ---- step vec.b kernel evaluate uses P,RUNS,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
override WG: u32 = 128u;
var<workgroup> shf: array<f32, 128>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 128u;
  let lane = lid % 128u;
  let n_raw = group * 1u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100u;
  {
    let t0: i32 = 0i;
    if (valid && t0 >= 0i && t0 < 1i) {
      for (var jw: i32 = i32(lane); jw < 100i; jw += 128i) {
        let i_j6 = jw;
        var t1: f32 = (-opt_inf());
        for (var i_k7: i32 = 0i; i_k7 < 128i; i_k7++) {
          t1 = max(t1, opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i_k7) * 100u + u32(i_j6)));
        }
        opt_s_set((P.w[2][3] + wid.z * P.run_s) + u32(t0) * 100u + u32(jw), t1);
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

// Schoolbook in 16-bit limbs, each partial product added to the carry before it (a multiply-add:
// (2^16 - 1)^2 + 2 (2^16 - 1) < 2^32, so no sum overflows): 12 integer operations where summing
// the four products' halves at the end took 18. Philox is most of the integer work of a step
// with draws at every element (PSO, binomial DE: docs/performance.md, issue 15).
fn opt_mulhilo(a: u32, b: u32) -> vec2<u32> {
  let aH = a >> 16u; let aL = a & 0xffffu; let bH = b >> 16u; let bL = b & 0xffffu;
  let t = aL * bL;
  let u = aH * bL + (t >> 16u);
  let v = aL * bH + (u & 0xffffu);
  let hi = aH * bH + (u >> 16u) + (v >> 16u);
  return vec2<u32>(hi, a * b);
}
fn opt_philox(ctr: vec4<u32>, key: vec2<u32>) -> vec4<u32> {
  var x = ctr;
  var k = key;
  for (var r = 0u; r < 10u; r++) {
    let p0 = opt_mulhilo(0xd2511f53u, x.x);
    let p1 = opt_mulhilo(0xcd9e8d57u, x.z);
    x = vec4<u32>(p1.x ^ x.y ^ k.x, p1.y, p0.x ^ x.w ^ k.y, p0.y);
    k = k + vec2<u32>(0x9e3779b9u, 0xbb67ae85u);
  }
  return x;
}
// A float32 uniform in [0, 1) from the top 24 bits of a word: exactly representable, so the CPU
// backend draws the same number (src/rng/philox.ts, uniform24).
fn opt_uniform24(w: u32) -> f32 { return f32(w >> 8u) * 5.9604644775390625e-8; }
// The draws of src/runtime/draws.ts; key = (seed low, seed high), counter = (site, generation,
// individual, dimension).
fn opt_words(seed: vec2<u32>, site: u32, generation: u32, individual: u32, dimension: u32) -> vec4<u32> {
  return opt_philox(vec4<u32>(site, generation, individual, dimension), seed);
}
fn opt_randint(w: u32, n: u32) -> u32 { return opt_mulhilo(w, n).x; }
// The distinct draw t of opt_distinct3: among n - 1 - t free values, skipping the taken ones.
fn opt_skip(r0: u32, taken: array<u32, 4>, count: u32) -> u32 {
  var r = r0;
  // taken[0..count) ascending: insertion order differs, so sort the (at most 4) values first.
  var s = taken;
  for (var a = 1u; a < count; a++) {
    let v = s[a];
    var b = a;
    while (b > 0u && s[b - 1u] > v) { s[b] = s[b - 1u]; b--; }
    s[b] = v;
  }
  for (var q = 0u; q < count; q++) { if (r >= s[q]) { r++; } }
  return r;
}
// Three distinct values in [0, n) other than target (DE's r1, r2, r3), from one Philox block.
fn opt_distinct3(w: vec4<u32>, n: u32, tgt: u32) -> vec3<u32> {
  var taken = array<u32, 4>(tgt, 0u, 0u, 0u);
  let r1 = opt_skip(opt_randint(w.x, n - 1u), taken, 1u);
  taken[1] = r1;
  let r2 = opt_skip(opt_randint(w.y, n - 2u), taken, 2u);
  taken[2] = r2;
  let r3 = opt_skip(opt_randint(w.z, n - 3u), taken, 3u);
  return vec3<u32>(r1, r2, r3);
}
fn opt_normal(w: vec4<u32>) -> f32 {
  let u1 = 1.0 - opt_uniform24(w.x);
  let u2 = opt_uniform24(w.y);
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

// A fitness: NaN as +infinity, the worst value (ir/builtins.ts NAN_WORST). The test reads the
// bits: WGSL lets a compiler assume that no float is NaN, and x != x may fold to false.
fn opt_fit(x: f32) -> f32 { return select(x, opt_inf(), (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u); }
fn opt_s(i: u32) -> f32 { return S[i >> 2u][i & 3u]; }
fn opt_s_set(i: u32, v: f32) { S[i >> 2u][i & 3u] = v; }
// The last block of even and of odd call sites is kept: a lane that draws for four consecutive
// dimensions (the split regime's loops) computes one Philox block, not four.
var<private> opt_bk0: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv0: vec4<u32>;
var<private> opt_bk1: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv1: vec4<u32>;
fn opt_block(site: u32, ind: u32, dim: u32) -> vec4<u32> {
  let key = vec4<u32>(site, opt_draw_round, ind, dim);
  let seed = opt_seed;
  if ((site & 1u) == 0u) {
    if (any(key != opt_bk0)) { opt_bk0 = key; opt_bv0 = opt_philox(key, seed); }
    return opt_bv0;
  }
  if (any(key != opt_bk1)) { opt_bk1 = key; opt_bv1 = opt_philox(key, seed); }
  return opt_bv1;
}
// Four words a block: a uniform or integer draw at dimension j is word j % 4 of block j / 4, a
// normal draw word pair j % 2 of block j / 2 (src/runtime/draws.ts, drawTable).
fn opt_draw_u(site: u32, ind: u32, dim: u32) -> f32 {
  return opt_uniform24(opt_block(site, ind, dim >> 2u)[dim & 3u]);
}
fn opt_draw_n(site: u32, ind: u32, dim: u32) -> f32 {
  let b = opt_block(site, ind, dim >> 1u);
  return select(opt_normal(b), opt_normal(b.zwxy), (dim & 1u) == 1u);
}
fn opt_draw_int(site: u32, ind: u32, dim: u32, n: u32) -> u32 {
  return opt_randint(opt_block(site, ind, dim >> 2u)[dim & 3u], n);
}
// Value `which` of `count` (<= 4) distinct integers in [0, n) other than `except` (none when it
// is 0xffffffff): draw t takes word t, picks among the n - (taken) free values and skips the taken
// ones in increasing order (src/runtime/draws.ts, distinctAt).
// r among the free values: skip the taken ones, s[0..nt) ascending (registers only: no arrays).
fn opt_skip4(r0: u32, s: vec4<u32>, nt: u32) -> u32 {
  var r = r0;
  if (nt > 0u && r >= s.x) { r++; }
  if (nt > 1u && r >= s.y) { r++; }
  if (nt > 2u && r >= s.z) { r++; }
  if (nt > 3u && r >= s.w) { r++; }
  return r;
}
// s[0..nt) ascending with v inserted in order (nt < 4).
fn opt_insert4(s: vec4<u32>, nt: u32, v: u32) -> vec4<u32> {
  let before = select(vec4<u32>(0u), vec4<u32>(1u), (s < vec4<u32>(v)) & (vec4<u32>(0u, 1u, 2u, 3u) < vec4<u32>(nt)));
  let p = before.x + before.y + before.z + before.w;
  return vec4<u32>(
    select(s.x, v, p == 0u),
    select(s.y, select(s.x, v, p == 1u), p <= 1u),
    select(s.z, select(s.y, v, p == 2u), p <= 2u),
    select(s.w, select(s.z, v, p == 3u), p <= 3u));
}
// All `count` (<= 4) values of opt_draw_distinct at once.
fn opt_distinct4(site: u32, ind: u32, count: u32, n: u32, except: u32) -> vec4<u32> {
  let w = opt_block(site, ind, 0u);
  var s = vec4<u32>(0u);
  var nt = 0u;
  if (except != 0xffffffffu) { s.x = except; nt = 1u; }
  var out = vec4<u32>(0u);
  for (var t = 0u; t < 4u; t++) {
    if (t >= count) { break; }
    let r = opt_skip4(opt_randint(w[t], n - nt), s, nt);
    out[t] = r;
    s = opt_insert4(s, nt, r);
    nt++;
  }
  return out;
}
fn opt_draw_distinct(site: u32, ind: u32, count: u32, n: u32, except: u32, which: u32) -> u32 {
  return opt_distinct4(site, ind, count, n, except)[which];
}

// ---- step each.O kernel evaluate uses P,RUNS,S
var<workgroup> opt_hd: array<vec4<u32>, 1>;
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
override WG: u32 = 128u;
var<workgroup> shf: array<f32, 128>;
var<workgroup> shv: array<f32, 100>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 128u;
  let lane = lid % 128u;
  let n_raw = group * 1u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100u;
  let t1 = opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i32(lane)));
  let t2 = opt_draw_u(3u, u32(i32(n)), u32(i32(lane)));
  if (lane == 0u) { opt_hd[team * 1u + 0u] = vec4<u32>(bitcast<u32>(opt_draw_u(2u, u32(0i), u32(0i))), 0u, 0u, 0u); }
  workgroupBarrier();
  let t0 = bitcast<f32>(opt_hd[team * 1u + 0u].x);
  let s_g_kk: f32 = t0;
  for (var iv: i32 = i32(lane); iv < 100i; iv += 128i) {
    let i_j9 = iv;
    shv[team * 100u + 0u + u32(iv)] = select((fma(s_g_kk, (opt_s((P.o[2][2] + wid.z * P.run_s) + u32(0i) * 100u + u32(i_j9)) + opt_s((P.o[2][3] + wid.z * P.run_s) + u32(0i) * 100u + u32(i_j9))), (-t1))), (fma(t2, (opt_s((P.o[2][3] + wid.z * P.run_s) + u32(0i) * 100u + u32(i_j9)) - opt_s((P.o[2][2] + wid.z * P.run_s) + u32(0i) * 100u + u32(i_j9))), opt_s((P.o[2][2] + wid.z * P.run_s) + u32(0i) * 100u + u32(i_j9)))), (((fma(s_g_kk, (opt_s((P.o[2][2] + wid.z * P.run_s) + u32(0i) * 100u + u32(i_j9)) + opt_s((P.o[2][3] + wid.z * P.run_s) + u32(0i) * 100u + u32(i_j9))), (-t1))) < -5.119999885559082f) || ((fma(s_g_kk, (opt_s((P.o[2][2] + wid.z * P.run_s) + u32(0i) * 100u + u32(i_j9)) + opt_s((P.o[2][3] + wid.z * P.run_s) + u32(0i) * 100u + u32(i_j9))), (-t1))) > 5.119999885559082f)));
  }
  workgroupBarrier();
  var acc_fit: f32 = 0.0f;
  {
    let vl = i32(lane);
    if (vl < 32i) {
      for (var q: i32 = vl; q < 25i; q += 32i) {
        let e0 = q * 4i + 0i;
        if (e0 >= 0i && e0 < 100i) {
          let i_i1 = e0;
          let t3 = select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][2] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][2] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f));
          let t4 = sin((3.141592653589793f * select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][2] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][2] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f))));
          acc_fit = acc_fit + (fma(20.0f, (t4 * t4), (t3 * t3)));
        }
        let e1 = q * 4i + 1i;
        if (e1 >= 0i && e1 < 100i) {
          let i_i1 = e1;
          let t5 = select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][2] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][2] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f));
          let t6 = sin((3.141592653589793f * select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][2] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][2] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f))));
          acc_fit = acc_fit + (fma(20.0f, (t6 * t6), (t5 * t5)));
        }
        let e2 = q * 4i + 2i;
        if (e2 >= 0i && e2 < 100i) {
          let i_i1 = e2;
          let t7 = select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][2] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][2] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f));
          let t8 = sin((3.141592653589793f * select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][2] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][2] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f))));
          acc_fit = acc_fit + (fma(20.0f, (t8 * t8), (t7 * t7)));
        }
        let e3 = q * 4i + 3i;
        if (e3 >= 0i && e3 < 100i) {
          let i_i1 = e3;
          let t9 = select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][2] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][2] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f));
          let t10 = sin((3.141592653589793f * select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][2] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][2] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f))));
          acc_fit = acc_fit + (fma(20.0f, (t10 * t10), (t9 * t9)));
        }
      }
    }
  }
  shf[0u + lid] = acc_fit;
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
  let s_fit: f32 = shf[0u + team * 128u];
  workgroupBarrier();
  let s_fitness: f32 = opt_fit(s_fit);
  storageBarrier();
  workgroupBarrier();
  {
    let t11: i32 = i32(n);
    if (valid && t11 >= 0i && t11 < 128i) {
      for (var jw: i32 = i32(lane); jw < 100i; jw += 128i) {
        let i_j11 = jw;
        opt_s_set((P.w[0][2] + wid.z * P.run_s) + u32(t11) * 100u + u32(jw), select(select(shv[team * 100u + 0u + u32(i_j11)], clamp(((5.119999885559082f + opt_s((P.o[0][2] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_j11))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_j11)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][2] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_j11))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_j11)] < -5.119999885559082f)));
      }
    }
  }
  {
    let t12: i32 = i32(n);
    if (valid && t12 >= 0i && t12 < 128i && lane == 0u) {
      opt_s_set((P.w[0][3] + wid.z * P.run_s) + u32(t12), s_fitness);
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

// Schoolbook in 16-bit limbs, each partial product added to the carry before it (a multiply-add:
// (2^16 - 1)^2 + 2 (2^16 - 1) < 2^32, so no sum overflows): 12 integer operations where summing
// the four products' halves at the end took 18. Philox is most of the integer work of a step
// with draws at every element (PSO, binomial DE: docs/performance.md, issue 15).
fn opt_mulhilo(a: u32, b: u32) -> vec2<u32> {
  let aH = a >> 16u; let aL = a & 0xffffu; let bH = b >> 16u; let bL = b & 0xffffu;
  let t = aL * bL;
  let u = aH * bL + (t >> 16u);
  let v = aL * bH + (u & 0xffffu);
  let hi = aH * bH + (u >> 16u) + (v >> 16u);
  return vec2<u32>(hi, a * b);
}
fn opt_philox(ctr: vec4<u32>, key: vec2<u32>) -> vec4<u32> {
  var x = ctr;
  var k = key;
  for (var r = 0u; r < 10u; r++) {
    let p0 = opt_mulhilo(0xd2511f53u, x.x);
    let p1 = opt_mulhilo(0xcd9e8d57u, x.z);
    x = vec4<u32>(p1.x ^ x.y ^ k.x, p1.y, p0.x ^ x.w ^ k.y, p0.y);
    k = k + vec2<u32>(0x9e3779b9u, 0xbb67ae85u);
  }
  return x;
}
// A float32 uniform in [0, 1) from the top 24 bits of a word: exactly representable, so the CPU
// backend draws the same number (src/rng/philox.ts, uniform24).
fn opt_uniform24(w: u32) -> f32 { return f32(w >> 8u) * 5.9604644775390625e-8; }
// The draws of src/runtime/draws.ts; key = (seed low, seed high), counter = (site, generation,
// individual, dimension).
fn opt_words(seed: vec2<u32>, site: u32, generation: u32, individual: u32, dimension: u32) -> vec4<u32> {
  return opt_philox(vec4<u32>(site, generation, individual, dimension), seed);
}
fn opt_randint(w: u32, n: u32) -> u32 { return opt_mulhilo(w, n).x; }
// The distinct draw t of opt_distinct3: among n - 1 - t free values, skipping the taken ones.
fn opt_skip(r0: u32, taken: array<u32, 4>, count: u32) -> u32 {
  var r = r0;
  // taken[0..count) ascending: insertion order differs, so sort the (at most 4) values first.
  var s = taken;
  for (var a = 1u; a < count; a++) {
    let v = s[a];
    var b = a;
    while (b > 0u && s[b - 1u] > v) { s[b] = s[b - 1u]; b--; }
    s[b] = v;
  }
  for (var q = 0u; q < count; q++) { if (r >= s[q]) { r++; } }
  return r;
}
// Three distinct values in [0, n) other than target (DE's r1, r2, r3), from one Philox block.
fn opt_distinct3(w: vec4<u32>, n: u32, tgt: u32) -> vec3<u32> {
  var taken = array<u32, 4>(tgt, 0u, 0u, 0u);
  let r1 = opt_skip(opt_randint(w.x, n - 1u), taken, 1u);
  taken[1] = r1;
  let r2 = opt_skip(opt_randint(w.y, n - 2u), taken, 2u);
  taken[2] = r2;
  let r3 = opt_skip(opt_randint(w.z, n - 3u), taken, 3u);
  return vec3<u32>(r1, r2, r3);
}
fn opt_normal(w: vec4<u32>) -> f32 {
  let u1 = 1.0 - opt_uniform24(w.x);
  let u2 = opt_uniform24(w.y);
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

// A fitness: NaN as +infinity, the worst value (ir/builtins.ts NAN_WORST). The test reads the
// bits: WGSL lets a compiler assume that no float is NaN, and x != x may fold to false.
fn opt_fit(x: f32) -> f32 { return select(x, opt_inf(), (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u); }
fn opt_s(i: u32) -> f32 { return S[i >> 2u][i & 3u]; }
fn opt_s_set(i: u32, v: f32) { S[i >> 2u][i & 3u] = v; }
// The last block of even and of odd call sites is kept: a lane that draws for four consecutive
// dimensions (the split regime's loops) computes one Philox block, not four.
var<private> opt_bk0: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv0: vec4<u32>;
var<private> opt_bk1: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv1: vec4<u32>;
fn opt_block(site: u32, ind: u32, dim: u32) -> vec4<u32> {
  let key = vec4<u32>(site, opt_draw_round, ind, dim);
  let seed = opt_seed;
  if ((site & 1u) == 0u) {
    if (any(key != opt_bk0)) { opt_bk0 = key; opt_bv0 = opt_philox(key, seed); }
    return opt_bv0;
  }
  if (any(key != opt_bk1)) { opt_bk1 = key; opt_bv1 = opt_philox(key, seed); }
  return opt_bv1;
}
// Four words a block: a uniform or integer draw at dimension j is word j % 4 of block j / 4, a
// normal draw word pair j % 2 of block j / 2 (src/runtime/draws.ts, drawTable).
fn opt_draw_u(site: u32, ind: u32, dim: u32) -> f32 {
  return opt_uniform24(opt_block(site, ind, dim >> 2u)[dim & 3u]);
}
fn opt_draw_n(site: u32, ind: u32, dim: u32) -> f32 {
  let b = opt_block(site, ind, dim >> 1u);
  return select(opt_normal(b), opt_normal(b.zwxy), (dim & 1u) == 1u);
}
fn opt_draw_int(site: u32, ind: u32, dim: u32, n: u32) -> u32 {
  return opt_randint(opt_block(site, ind, dim >> 2u)[dim & 3u], n);
}
// Value `which` of `count` (<= 4) distinct integers in [0, n) other than `except` (none when it
// is 0xffffffff): draw t takes word t, picks among the n - (taken) free values and skips the taken
// ones in increasing order (src/runtime/draws.ts, distinctAt).
// r among the free values: skip the taken ones, s[0..nt) ascending (registers only: no arrays).
fn opt_skip4(r0: u32, s: vec4<u32>, nt: u32) -> u32 {
  var r = r0;
  if (nt > 0u && r >= s.x) { r++; }
  if (nt > 1u && r >= s.y) { r++; }
  if (nt > 2u && r >= s.z) { r++; }
  if (nt > 3u && r >= s.w) { r++; }
  return r;
}
// s[0..nt) ascending with v inserted in order (nt < 4).
fn opt_insert4(s: vec4<u32>, nt: u32, v: u32) -> vec4<u32> {
  let before = select(vec4<u32>(0u), vec4<u32>(1u), (s < vec4<u32>(v)) & (vec4<u32>(0u, 1u, 2u, 3u) < vec4<u32>(nt)));
  let p = before.x + before.y + before.z + before.w;
  return vec4<u32>(
    select(s.x, v, p == 0u),
    select(s.y, select(s.x, v, p == 1u), p <= 1u),
    select(s.z, select(s.y, v, p == 2u), p <= 2u),
    select(s.w, select(s.z, v, p == 3u), p <= 3u));
}
// All `count` (<= 4) values of opt_draw_distinct at once.
fn opt_distinct4(site: u32, ind: u32, count: u32, n: u32, except: u32) -> vec4<u32> {
  let w = opt_block(site, ind, 0u);
  var s = vec4<u32>(0u);
  var nt = 0u;
  if (except != 0xffffffffu) { s.x = except; nt = 1u; }
  var out = vec4<u32>(0u);
  for (var t = 0u; t < 4u; t++) {
    if (t >= count) { break; }
    let r = opt_skip4(opt_randint(w[t], n - nt), s, nt);
    out[t] = r;
    s = opt_insert4(s, nt, r);
    nt++;
  }
  return out;
}
fn opt_draw_distinct(site: u32, ind: u32, count: u32, n: u32, except: u32, which: u32) -> u32 {
  return opt_distinct4(site, ind, count, n, except)[which];
}

// ---- step rank.X kernel evaluate uses P,RUNS,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
override WG: u32 = 128u;
var<workgroup> shf: array<f32, 128>;
var<workgroup> shi: array<i32, 128>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 128u;
  let lane = lid % 128u;
  let n_raw = group * 1u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100u;
  let s_union_f: f32 = select(opt_s((P.o[0][3] + wid.z * P.run_s) + u32(max((i32(n) - 128i), 0i))), opt_s((P.o[0][1] + wid.z * P.run_s) + u32(min(i32(n), 127i))), (i32(n) < 128i));
  var acc_rank: i32 = 0i;
  {
    if (i32(lane) + 0i >= 0i && i32(lane) + 0i < 256i) {
      let i_k = i32(lane) + 0i;
      if (((select(opt_s((P.o[0][3] + wid.z * P.run_s) + u32(max((i_k - 128i), 0i))), opt_s((P.o[0][1] + wid.z * P.run_s) + u32(min(i_k, 127i))), (i_k < 128i)) < s_union_f) || ((select(opt_s((P.o[0][3] + wid.z * P.run_s) + u32(max((i_k - 128i), 0i))), opt_s((P.o[0][1] + wid.z * P.run_s) + u32(min(i_k, 127i))), (i_k < 128i)) == s_union_f) && (i_k < i32(n))))) {
        acc_rank = acc_rank + 1i;
      }
    }
  }
  {
    if (i32(lane) + 128i >= 0i && i32(lane) + 128i < 256i) {
      let i_k = i32(lane) + 128i;
      if (((select(opt_s((P.o[0][3] + wid.z * P.run_s) + u32(max((i_k - 128i), 0i))), opt_s((P.o[0][1] + wid.z * P.run_s) + u32(min(i_k, 127i))), (i_k < 128i)) < s_union_f) || ((select(opt_s((P.o[0][3] + wid.z * P.run_s) + u32(max((i_k - 128i), 0i))), opt_s((P.o[0][1] + wid.z * P.run_s) + u32(min(i_k, 127i))), (i_k < 128i)) == s_union_f) && (i_k < i32(n))))) {
        acc_rank = acc_rank + 1i;
      }
    }
  }
  shi[0u + lid] = acc_rank;
  workgroupBarrier();
  if (lane < 64u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 64u];
  }
  workgroupBarrier();
  if (lane < 32u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 32u];
  }
  workgroupBarrier();
  if (lane < 16u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 16u];
  }
  workgroupBarrier();
  if (lane < 8u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 8u];
  }
  workgroupBarrier();
  if (lane < 4u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 4u];
  }
  workgroupBarrier();
  if (lane < 2u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 2u];
  }
  workgroupBarrier();
  if (lane < 1u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 1u];
  }
  workgroupBarrier();
  let s_rank: i32 = shi[0u + team * 128u];
  workgroupBarrier();
  {
    let t0: i32 = select(128i, i32(n), (i32(n) < 128i));
    if (valid && t0 >= 0i && t0 < 128i && lane == 0u) {
      opt_s_set((P.w[3][0] + wid.z * P.run_s) + u32(t0), f32(s_rank));
    }
  }
  {
    let t1: i32 = select(128i, (i32(n) - 128i), (i32(n) >= 128i));
    if (valid && t1 >= 0i && t1 < 128i && lane == 0u) {
      opt_s_set((P.w[3][1] + wid.z * P.run_s) + u32(t1), f32(s_rank));
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

// Schoolbook in 16-bit limbs, each partial product added to the carry before it (a multiply-add:
// (2^16 - 1)^2 + 2 (2^16 - 1) < 2^32, so no sum overflows): 12 integer operations where summing
// the four products' halves at the end took 18. Philox is most of the integer work of a step
// with draws at every element (PSO, binomial DE: docs/performance.md, issue 15).
fn opt_mulhilo(a: u32, b: u32) -> vec2<u32> {
  let aH = a >> 16u; let aL = a & 0xffffu; let bH = b >> 16u; let bL = b & 0xffffu;
  let t = aL * bL;
  let u = aH * bL + (t >> 16u);
  let v = aL * bH + (u & 0xffffu);
  let hi = aH * bH + (u >> 16u) + (v >> 16u);
  return vec2<u32>(hi, a * b);
}
fn opt_philox(ctr: vec4<u32>, key: vec2<u32>) -> vec4<u32> {
  var x = ctr;
  var k = key;
  for (var r = 0u; r < 10u; r++) {
    let p0 = opt_mulhilo(0xd2511f53u, x.x);
    let p1 = opt_mulhilo(0xcd9e8d57u, x.z);
    x = vec4<u32>(p1.x ^ x.y ^ k.x, p1.y, p0.x ^ x.w ^ k.y, p0.y);
    k = k + vec2<u32>(0x9e3779b9u, 0xbb67ae85u);
  }
  return x;
}
// A float32 uniform in [0, 1) from the top 24 bits of a word: exactly representable, so the CPU
// backend draws the same number (src/rng/philox.ts, uniform24).
fn opt_uniform24(w: u32) -> f32 { return f32(w >> 8u) * 5.9604644775390625e-8; }
// The draws of src/runtime/draws.ts; key = (seed low, seed high), counter = (site, generation,
// individual, dimension).
fn opt_words(seed: vec2<u32>, site: u32, generation: u32, individual: u32, dimension: u32) -> vec4<u32> {
  return opt_philox(vec4<u32>(site, generation, individual, dimension), seed);
}
fn opt_randint(w: u32, n: u32) -> u32 { return opt_mulhilo(w, n).x; }
// The distinct draw t of opt_distinct3: among n - 1 - t free values, skipping the taken ones.
fn opt_skip(r0: u32, taken: array<u32, 4>, count: u32) -> u32 {
  var r = r0;
  // taken[0..count) ascending: insertion order differs, so sort the (at most 4) values first.
  var s = taken;
  for (var a = 1u; a < count; a++) {
    let v = s[a];
    var b = a;
    while (b > 0u && s[b - 1u] > v) { s[b] = s[b - 1u]; b--; }
    s[b] = v;
  }
  for (var q = 0u; q < count; q++) { if (r >= s[q]) { r++; } }
  return r;
}
// Three distinct values in [0, n) other than target (DE's r1, r2, r3), from one Philox block.
fn opt_distinct3(w: vec4<u32>, n: u32, tgt: u32) -> vec3<u32> {
  var taken = array<u32, 4>(tgt, 0u, 0u, 0u);
  let r1 = opt_skip(opt_randint(w.x, n - 1u), taken, 1u);
  taken[1] = r1;
  let r2 = opt_skip(opt_randint(w.y, n - 2u), taken, 2u);
  taken[2] = r2;
  let r3 = opt_skip(opt_randint(w.z, n - 3u), taken, 3u);
  return vec3<u32>(r1, r2, r3);
}
fn opt_normal(w: vec4<u32>) -> f32 {
  let u1 = 1.0 - opt_uniform24(w.x);
  let u2 = opt_uniform24(w.y);
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

// A fitness: NaN as +infinity, the worst value (ir/builtins.ts NAN_WORST). The test reads the
// bits: WGSL lets a compiler assume that no float is NaN, and x != x may fold to false.
fn opt_fit(x: f32) -> f32 { return select(x, opt_inf(), (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u); }
fn opt_s(i: u32) -> f32 { return S[i >> 2u][i & 3u]; }
fn opt_s_set(i: u32, v: f32) { S[i >> 2u][i & 3u] = v; }
// The last block of even and of odd call sites is kept: a lane that draws for four consecutive
// dimensions (the split regime's loops) computes one Philox block, not four.
var<private> opt_bk0: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv0: vec4<u32>;
var<private> opt_bk1: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv1: vec4<u32>;
fn opt_block(site: u32, ind: u32, dim: u32) -> vec4<u32> {
  let key = vec4<u32>(site, opt_draw_round, ind, dim);
  let seed = opt_seed;
  if ((site & 1u) == 0u) {
    if (any(key != opt_bk0)) { opt_bk0 = key; opt_bv0 = opt_philox(key, seed); }
    return opt_bv0;
  }
  if (any(key != opt_bk1)) { opt_bk1 = key; opt_bv1 = opt_philox(key, seed); }
  return opt_bv1;
}
// Four words a block: a uniform or integer draw at dimension j is word j % 4 of block j / 4, a
// normal draw word pair j % 2 of block j / 2 (src/runtime/draws.ts, drawTable).
fn opt_draw_u(site: u32, ind: u32, dim: u32) -> f32 {
  return opt_uniform24(opt_block(site, ind, dim >> 2u)[dim & 3u]);
}
fn opt_draw_n(site: u32, ind: u32, dim: u32) -> f32 {
  let b = opt_block(site, ind, dim >> 1u);
  return select(opt_normal(b), opt_normal(b.zwxy), (dim & 1u) == 1u);
}
fn opt_draw_int(site: u32, ind: u32, dim: u32, n: u32) -> u32 {
  return opt_randint(opt_block(site, ind, dim >> 2u)[dim & 3u], n);
}
// Value `which` of `count` (<= 4) distinct integers in [0, n) other than `except` (none when it
// is 0xffffffff): draw t takes word t, picks among the n - (taken) free values and skips the taken
// ones in increasing order (src/runtime/draws.ts, distinctAt).
// r among the free values: skip the taken ones, s[0..nt) ascending (registers only: no arrays).
fn opt_skip4(r0: u32, s: vec4<u32>, nt: u32) -> u32 {
  var r = r0;
  if (nt > 0u && r >= s.x) { r++; }
  if (nt > 1u && r >= s.y) { r++; }
  if (nt > 2u && r >= s.z) { r++; }
  if (nt > 3u && r >= s.w) { r++; }
  return r;
}
// s[0..nt) ascending with v inserted in order (nt < 4).
fn opt_insert4(s: vec4<u32>, nt: u32, v: u32) -> vec4<u32> {
  let before = select(vec4<u32>(0u), vec4<u32>(1u), (s < vec4<u32>(v)) & (vec4<u32>(0u, 1u, 2u, 3u) < vec4<u32>(nt)));
  let p = before.x + before.y + before.z + before.w;
  return vec4<u32>(
    select(s.x, v, p == 0u),
    select(s.y, select(s.x, v, p == 1u), p <= 1u),
    select(s.z, select(s.y, v, p == 2u), p <= 2u),
    select(s.w, select(s.z, v, p == 3u), p <= 3u));
}
// All `count` (<= 4) values of opt_draw_distinct at once.
fn opt_distinct4(site: u32, ind: u32, count: u32, n: u32, except: u32) -> vec4<u32> {
  let w = opt_block(site, ind, 0u);
  var s = vec4<u32>(0u);
  var nt = 0u;
  if (except != 0xffffffffu) { s.x = except; nt = 1u; }
  var out = vec4<u32>(0u);
  for (var t = 0u; t < 4u; t++) {
    if (t >= count) { break; }
    let r = opt_skip4(opt_randint(w[t], n - nt), s, nt);
    out[t] = r;
    s = opt_insert4(s, nt, r);
    nt++;
  }
  return out;
}
fn opt_draw_distinct(site: u32, ind: u32, count: u32, n: u32, except: u32, which: u32) -> u32 {
  return opt_distinct4(site, ind, count, n, except)[which];
}

// ---- step best.X kernel evaluate uses P,RUNS,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
override WG: u32 = 128u;
var<workgroup> shf: array<f32, 128>;
var<workgroup> shi: array<i32, 128>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 128u;
  let lane = lid % 128u;
  let n_raw = group * 1u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100u;
  let t0 = opt_s((P.o[3][0] + wid.z * P.run_s) + u32(i32(n)));
  let t1 = opt_s((P.o[3][0] + wid.z * P.run_s) + u32(min(i32(lane) + 0i, 127i)));
  let t2 = opt_s((P.o[3][1] + wid.z * P.run_s) + u32(min(i32(lane) + 0i, 127i)));
  let s_rank: i32 = i32(t0);
  var acc_ordinal: i32 = 0i;
  {
    if (i32(lane) + 0i >= 0i && i32(lane) + 0i < 128i) {
      let i_x_1 = i32(lane) + 0i;
      if (((i32(t1) >= 128i) && (i32(t1) < s_rank))) {
        acc_ordinal = acc_ordinal + 1i;
      }
    }
  }
  shi[0u + lid] = acc_ordinal;
  workgroupBarrier();
  if (lane < 64u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 64u];
  }
  workgroupBarrier();
  if (lane < 32u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 32u];
  }
  workgroupBarrier();
  if (lane < 16u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 16u];
  }
  workgroupBarrier();
  if (lane < 8u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 8u];
  }
  workgroupBarrier();
  if (lane < 4u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 4u];
  }
  workgroupBarrier();
  if (lane < 2u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 2u];
  }
  workgroupBarrier();
  if (lane < 1u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 1u];
  }
  workgroupBarrier();
  let s_ordinal: i32 = shi[0u + team * 128u];
  workgroupBarrier();
  var acc_entrant: i32 = 0i;
  {
    if (i32(lane) + 0i >= 0i && i32(lane) + 0i < 128i) {
      let i_o = i32(lane) + 0i;
      var t3: i32 = 0i;
      for (var i_o_1: i32 = 0i; i_o_1 < 128i; i_o_1++) {
        if (((i32(opt_s((P.o[3][1] + wid.z * P.run_s) + u32(i_o_1))) < 128i) && (i32(opt_s((P.o[3][1] + wid.z * P.run_s) + u32(i_o_1))) < i32(t2)))) {
          t3 = t3 + 1i;
        }
      }
      if (((i32(t2) < 128i) && (t3 == s_ordinal))) {
        acc_entrant = acc_entrant + i_o;
      }
    }
  }
  shi[0u + lid] = acc_entrant;
  workgroupBarrier();
  if (lane < 64u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 64u];
  }
  workgroupBarrier();
  if (lane < 32u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 32u];
  }
  workgroupBarrier();
  if (lane < 16u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 16u];
  }
  workgroupBarrier();
  if (lane < 8u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 8u];
  }
  workgroupBarrier();
  if (lane < 4u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 4u];
  }
  workgroupBarrier();
  if (lane < 2u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 2u];
  }
  workgroupBarrier();
  if (lane < 1u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 1u];
  }
  workgroupBarrier();
  let s_entrant: i32 = shi[0u + team * 128u];
  workgroupBarrier();
  let s_leaves: i32 = select(0i, 1i, (s_rank >= 128i));
  {
    let t4: i32 = select(128i, i32(n), (s_leaves != 0i));
    if (valid && t4 >= 0i && t4 < 128i) {
      for (var jw: i32 = i32(lane); jw < 100i; jw += 128i) {
        let i_j = jw;
        opt_s_set((P.w[0][0] + wid.z * P.run_s) + u32(t4) * 100u + u32(jw), opt_s((P.o[0][2] + wid.z * P.run_s) + u32(s_entrant) * 100u + u32(i_j)));
      }
    }
  }
  {
    let t5: i32 = select(128i, i32(n), (s_leaves != 0i));
    if (valid && t5 >= 0i && t5 < 128i && lane == 0u) {
      opt_s_set((P.w[0][1] + wid.z * P.run_s) + u32(t5), opt_s((P.o[0][3] + wid.z * P.run_s) + u32(s_entrant)));
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

// Schoolbook in 16-bit limbs, each partial product added to the carry before it (a multiply-add:
// (2^16 - 1)^2 + 2 (2^16 - 1) < 2^32, so no sum overflows): 12 integer operations where summing
// the four products' halves at the end took 18. Philox is most of the integer work of a step
// with draws at every element (PSO, binomial DE: docs/performance.md, issue 15).
fn opt_mulhilo(a: u32, b: u32) -> vec2<u32> {
  let aH = a >> 16u; let aL = a & 0xffffu; let bH = b >> 16u; let bL = b & 0xffffu;
  let t = aL * bL;
  let u = aH * bL + (t >> 16u);
  let v = aL * bH + (u & 0xffffu);
  let hi = aH * bH + (u >> 16u) + (v >> 16u);
  return vec2<u32>(hi, a * b);
}
fn opt_philox(ctr: vec4<u32>, key: vec2<u32>) -> vec4<u32> {
  var x = ctr;
  var k = key;
  for (var r = 0u; r < 10u; r++) {
    let p0 = opt_mulhilo(0xd2511f53u, x.x);
    let p1 = opt_mulhilo(0xcd9e8d57u, x.z);
    x = vec4<u32>(p1.x ^ x.y ^ k.x, p1.y, p0.x ^ x.w ^ k.y, p0.y);
    k = k + vec2<u32>(0x9e3779b9u, 0xbb67ae85u);
  }
  return x;
}
// A float32 uniform in [0, 1) from the top 24 bits of a word: exactly representable, so the CPU
// backend draws the same number (src/rng/philox.ts, uniform24).
fn opt_uniform24(w: u32) -> f32 { return f32(w >> 8u) * 5.9604644775390625e-8; }
// The draws of src/runtime/draws.ts; key = (seed low, seed high), counter = (site, generation,
// individual, dimension).
fn opt_words(seed: vec2<u32>, site: u32, generation: u32, individual: u32, dimension: u32) -> vec4<u32> {
  return opt_philox(vec4<u32>(site, generation, individual, dimension), seed);
}
fn opt_randint(w: u32, n: u32) -> u32 { return opt_mulhilo(w, n).x; }
// The distinct draw t of opt_distinct3: among n - 1 - t free values, skipping the taken ones.
fn opt_skip(r0: u32, taken: array<u32, 4>, count: u32) -> u32 {
  var r = r0;
  // taken[0..count) ascending: insertion order differs, so sort the (at most 4) values first.
  var s = taken;
  for (var a = 1u; a < count; a++) {
    let v = s[a];
    var b = a;
    while (b > 0u && s[b - 1u] > v) { s[b] = s[b - 1u]; b--; }
    s[b] = v;
  }
  for (var q = 0u; q < count; q++) { if (r >= s[q]) { r++; } }
  return r;
}
// Three distinct values in [0, n) other than target (DE's r1, r2, r3), from one Philox block.
fn opt_distinct3(w: vec4<u32>, n: u32, tgt: u32) -> vec3<u32> {
  var taken = array<u32, 4>(tgt, 0u, 0u, 0u);
  let r1 = opt_skip(opt_randint(w.x, n - 1u), taken, 1u);
  taken[1] = r1;
  let r2 = opt_skip(opt_randint(w.y, n - 2u), taken, 2u);
  taken[2] = r2;
  let r3 = opt_skip(opt_randint(w.z, n - 3u), taken, 3u);
  return vec3<u32>(r1, r2, r3);
}
fn opt_normal(w: vec4<u32>) -> f32 {
  let u1 = 1.0 - opt_uniform24(w.x);
  let u2 = opt_uniform24(w.y);
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

// A fitness: NaN as +infinity, the worst value (ir/builtins.ts NAN_WORST). The test reads the
// bits: WGSL lets a compiler assume that no float is NaN, and x != x may fold to false.
fn opt_fit(x: f32) -> f32 { return select(x, opt_inf(), (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u); }
fn opt_s(i: u32) -> f32 { return S[i >> 2u][i & 3u]; }
fn opt_s_set(i: u32, v: f32) { S[i >> 2u][i & 3u] = v; }
// The last block of even and of odd call sites is kept: a lane that draws for four consecutive
// dimensions (the split regime's loops) computes one Philox block, not four.
var<private> opt_bk0: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv0: vec4<u32>;
var<private> opt_bk1: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv1: vec4<u32>;
fn opt_block(site: u32, ind: u32, dim: u32) -> vec4<u32> {
  let key = vec4<u32>(site, opt_draw_round, ind, dim);
  let seed = opt_seed;
  if ((site & 1u) == 0u) {
    if (any(key != opt_bk0)) { opt_bk0 = key; opt_bv0 = opt_philox(key, seed); }
    return opt_bv0;
  }
  if (any(key != opt_bk1)) { opt_bk1 = key; opt_bv1 = opt_philox(key, seed); }
  return opt_bv1;
}
// Four words a block: a uniform or integer draw at dimension j is word j % 4 of block j / 4, a
// normal draw word pair j % 2 of block j / 2 (src/runtime/draws.ts, drawTable).
fn opt_draw_u(site: u32, ind: u32, dim: u32) -> f32 {
  return opt_uniform24(opt_block(site, ind, dim >> 2u)[dim & 3u]);
}
fn opt_draw_n(site: u32, ind: u32, dim: u32) -> f32 {
  let b = opt_block(site, ind, dim >> 1u);
  return select(opt_normal(b), opt_normal(b.zwxy), (dim & 1u) == 1u);
}
fn opt_draw_int(site: u32, ind: u32, dim: u32, n: u32) -> u32 {
  return opt_randint(opt_block(site, ind, dim >> 2u)[dim & 3u], n);
}
// Value `which` of `count` (<= 4) distinct integers in [0, n) other than `except` (none when it
// is 0xffffffff): draw t takes word t, picks among the n - (taken) free values and skips the taken
// ones in increasing order (src/runtime/draws.ts, distinctAt).
// r among the free values: skip the taken ones, s[0..nt) ascending (registers only: no arrays).
fn opt_skip4(r0: u32, s: vec4<u32>, nt: u32) -> u32 {
  var r = r0;
  if (nt > 0u && r >= s.x) { r++; }
  if (nt > 1u && r >= s.y) { r++; }
  if (nt > 2u && r >= s.z) { r++; }
  if (nt > 3u && r >= s.w) { r++; }
  return r;
}
// s[0..nt) ascending with v inserted in order (nt < 4).
fn opt_insert4(s: vec4<u32>, nt: u32, v: u32) -> vec4<u32> {
  let before = select(vec4<u32>(0u), vec4<u32>(1u), (s < vec4<u32>(v)) & (vec4<u32>(0u, 1u, 2u, 3u) < vec4<u32>(nt)));
  let p = before.x + before.y + before.z + before.w;
  return vec4<u32>(
    select(s.x, v, p == 0u),
    select(s.y, select(s.x, v, p == 1u), p <= 1u),
    select(s.z, select(s.y, v, p == 2u), p <= 2u),
    select(s.w, select(s.z, v, p == 3u), p <= 3u));
}
// All `count` (<= 4) values of opt_draw_distinct at once.
fn opt_distinct4(site: u32, ind: u32, count: u32, n: u32, except: u32) -> vec4<u32> {
  let w = opt_block(site, ind, 0u);
  var s = vec4<u32>(0u);
  var nt = 0u;
  if (except != 0xffffffffu) { s.x = except; nt = 1u; }
  var out = vec4<u32>(0u);
  for (var t = 0u; t < 4u; t++) {
    if (t >= count) { break; }
    let r = opt_skip4(opt_randint(w[t], n - nt), s, nt);
    out[t] = r;
    s = opt_insert4(s, nt, r);
    nt++;
  }
  return out;
}
fn opt_draw_distinct(site: u32, ind: u32, count: u32, n: u32, except: u32, which: u32) -> u32 {
  return opt_distinct4(site, ind, count, n, except)[which];
}

// ---- step each.X kernel evaluate uses P,RUNS,S
var<workgroup> opt_hd: array<vec4<u32>, 7>;
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
override WG: u32 = 128u;
var<workgroup> shf: array<f32, 128>;
var<workgroup> shv: array<f32, 100>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 128u;
  let lane = lid % 128u;
  let n_raw = group * 1u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100u;
  let t2 = opt_s((P.o[1][0] + wid.z * P.run_s) + u32(i32(n)));
  let t5 = opt_s((P.o[1][1] + wid.z * P.run_s) + u32(i32(n)));
  let t9 = opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i32(lane)));
  let t18 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i32(n)));
  if (lane == 0u) { opt_hd[team * 7u + 0u] = vec4<u32>(bitcast<u32>(opt_draw_u(4u, u32(i32(n)), u32(0i))), 0u, 0u, 0u); }
  if (lane == 1u) { opt_hd[team * 7u + 1u] = vec4<u32>(bitcast<u32>(opt_draw_u(5u, u32(i32(n)), u32(0i))), 0u, 0u, 0u); }
  if (lane == 2u) { opt_hd[team * 7u + 2u] = vec4<u32>(bitcast<u32>(opt_draw_u(6u, u32(i32(n)), u32(0i))), 0u, 0u, 0u); }
  if (lane == 3u) { opt_hd[team * 7u + 3u] = vec4<u32>(bitcast<u32>(opt_draw_u(7u, u32(i32(n)), u32(0i))), 0u, 0u, 0u); }
  if (lane == 4u) { opt_hd[team * 7u + 4u] = opt_distinct4(8u, u32(i32(n)), u32(3i), u32(128i), u32(i32(n))); }
  if (lane == 5u) { opt_hd[team * 7u + 5u] = vec4<u32>(opt_draw_int(9u, u32(i32(n)), u32(0i), u32(100i)), 0u, 0u, 0u); }
  if (lane == 6u) { opt_hd[team * 7u + 6u] = vec4<u32>(bitcast<u32>(opt_draw_u(10u, u32(i32(n)), u32(0i))), 0u, 0u, 0u); }
  workgroupBarrier();
  let t0 = bitcast<f32>(opt_hd[team * 7u + 0u].x);
  let t1 = bitcast<f32>(opt_hd[team * 7u + 1u].x);
  let t3 = bitcast<f32>(opt_hd[team * 7u + 2u].x);
  let t4 = bitcast<f32>(opt_hd[team * 7u + 3u].x);
  let t6 = opt_hd[team * 7u + 4u];
  let t7 = opt_hd[team * 7u + 5u].x;
  let t8 = bitcast<f32>(opt_hd[team * 7u + 6u].x);
  let s_F: f32 = select(t2, (fma(t1, 0.2f, 0.2f)), (t0 < 0.1f));
  let s_CR: f32 = select(t5, (fma(t4, 0.2f, 0.8f)), (t3 < 0.1f));
  let s_r0: i32 = i32(t6[u32(0i)]);
  let s_r1: i32 = i32(t6[u32(1i)]);
  let s_r2: i32 = i32(t6[u32(2i)]);
  let s_k: i32 = i32(t7);
  let s_L: f32 = min(100.0f, (1.0f + floor((log((1.0f - t8)) / log(s_CR)))));
  for (var iv: i32 = i32(lane); iv < 100i; iv += 128i) {
    let i_j13 = iv;
    shv[team * 100u + 0u + u32(iv)] = select(t9, (fma(s_F, (opt_s((P.o[0][0] + wid.z * P.run_s) + u32(s_r1) * 100u + u32(i_j13)) - opt_s((P.o[0][0] + wid.z * P.run_s) + u32(s_r2) * 100u + u32(i_j13))), opt_s((P.o[0][0] + wid.z * P.run_s) + u32(s_r0) * 100u + u32(i_j13)))), (f32(opt_imod(((i_j13 - s_k) + 100i), 100i)) < s_L));
  }
  workgroupBarrier();
  var acc_fit: f32 = 0.0f;
  {
    let vl = i32(lane);
    if (vl < 32i) {
      for (var q: i32 = vl; q < 25i; q += 32i) {
        let e0 = q * 4i + 0i;
        if (e0 >= 0i && e0 < 100i) {
          let i_i1 = e0;
          let t10 = select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f));
          let t11 = sin((3.141592653589793f * select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f))));
          acc_fit = acc_fit + (fma(20.0f, (t11 * t11), (t10 * t10)));
        }
        let e1 = q * 4i + 1i;
        if (e1 >= 0i && e1 < 100i) {
          let i_i1 = e1;
          let t12 = select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f));
          let t13 = sin((3.141592653589793f * select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f))));
          acc_fit = acc_fit + (fma(20.0f, (t13 * t13), (t12 * t12)));
        }
        let e2 = q * 4i + 2i;
        if (e2 >= 0i && e2 < 100i) {
          let i_i1 = e2;
          let t14 = select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f));
          let t15 = sin((3.141592653589793f * select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f))));
          acc_fit = acc_fit + (fma(20.0f, (t15 * t15), (t14 * t14)));
        }
        let e3 = q * 4i + 3i;
        if (e3 >= 0i && e3 < 100i) {
          let i_i1 = e3;
          let t16 = select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f));
          let t17 = sin((3.141592653589793f * select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f))));
          acc_fit = acc_fit + (fma(20.0f, (t17 * t17), (t16 * t16)));
        }
      }
    }
  }
  shf[0u + lid] = acc_fit;
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
  let s_fit: f32 = shf[0u + team * 128u];
  workgroupBarrier();
  let s_fitness: f32 = opt_fit(s_fit);
  let s_keep: i32 = select(0i, 1i, (s_fitness <= t18));
  let s_keep_1: i32 = select(0i, 1i, (s_keep != 0i));
  storageBarrier();
  workgroupBarrier();
  {
    let t19: i32 = i32(n);
    if (valid && t19 >= 0i && t19 < 128i) {
      for (var jw: i32 = i32(lane); jw < 100i; jw += 128i) {
        let i_j15 = jw;
        opt_s_set((P.w[0][0] + wid.z * P.run_s) + u32(t19) * 100u + u32(jw), select(opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_j15)), select(select(shv[team * 100u + 0u + u32(i_j15)], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_j15))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_j15)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_j15))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_j15)] < -5.119999885559082f)), (s_keep_1 != 0i)));
      }
    }
  }
  {
    let t20: i32 = i32(n);
    if (valid && t20 >= 0i && t20 < 128i && lane == 0u) {
      opt_s_set((P.w[0][1] + wid.z * P.run_s) + u32(t20), select(t18, s_fitness, (s_keep_1 != 0i)));
    }
  }
  {
    let t21: i32 = i32(n);
    if (valid && t21 >= 0i && t21 < 128i && (s_keep != 0i) && lane == 0u) {
      opt_s_set((P.w[1][0] + wid.z * P.run_s) + u32(t21), s_F);
    }
  }
  {
    let t22: i32 = i32(n);
    if (valid && t22 >= 0i && t22 < 128i && (s_keep != 0i) && lane == 0u) {
      opt_s_set((P.w[1][1] + wid.z * P.run_s) + u32(t22), s_CR);
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

// Schoolbook in 16-bit limbs, each partial product added to the carry before it (a multiply-add:
// (2^16 - 1)^2 + 2 (2^16 - 1) < 2^32, so no sum overflows): 12 integer operations where summing
// the four products' halves at the end took 18. Philox is most of the integer work of a step
// with draws at every element (PSO, binomial DE: docs/performance.md, issue 15).
fn opt_mulhilo(a: u32, b: u32) -> vec2<u32> {
  let aH = a >> 16u; let aL = a & 0xffffu; let bH = b >> 16u; let bL = b & 0xffffu;
  let t = aL * bL;
  let u = aH * bL + (t >> 16u);
  let v = aL * bH + (u & 0xffffu);
  let hi = aH * bH + (u >> 16u) + (v >> 16u);
  return vec2<u32>(hi, a * b);
}
fn opt_philox(ctr: vec4<u32>, key: vec2<u32>) -> vec4<u32> {
  var x = ctr;
  var k = key;
  for (var r = 0u; r < 10u; r++) {
    let p0 = opt_mulhilo(0xd2511f53u, x.x);
    let p1 = opt_mulhilo(0xcd9e8d57u, x.z);
    x = vec4<u32>(p1.x ^ x.y ^ k.x, p1.y, p0.x ^ x.w ^ k.y, p0.y);
    k = k + vec2<u32>(0x9e3779b9u, 0xbb67ae85u);
  }
  return x;
}
// A float32 uniform in [0, 1) from the top 24 bits of a word: exactly representable, so the CPU
// backend draws the same number (src/rng/philox.ts, uniform24).
fn opt_uniform24(w: u32) -> f32 { return f32(w >> 8u) * 5.9604644775390625e-8; }
// The draws of src/runtime/draws.ts; key = (seed low, seed high), counter = (site, generation,
// individual, dimension).
fn opt_words(seed: vec2<u32>, site: u32, generation: u32, individual: u32, dimension: u32) -> vec4<u32> {
  return opt_philox(vec4<u32>(site, generation, individual, dimension), seed);
}
fn opt_randint(w: u32, n: u32) -> u32 { return opt_mulhilo(w, n).x; }
// The distinct draw t of opt_distinct3: among n - 1 - t free values, skipping the taken ones.
fn opt_skip(r0: u32, taken: array<u32, 4>, count: u32) -> u32 {
  var r = r0;
  // taken[0..count) ascending: insertion order differs, so sort the (at most 4) values first.
  var s = taken;
  for (var a = 1u; a < count; a++) {
    let v = s[a];
    var b = a;
    while (b > 0u && s[b - 1u] > v) { s[b] = s[b - 1u]; b--; }
    s[b] = v;
  }
  for (var q = 0u; q < count; q++) { if (r >= s[q]) { r++; } }
  return r;
}
// Three distinct values in [0, n) other than target (DE's r1, r2, r3), from one Philox block.
fn opt_distinct3(w: vec4<u32>, n: u32, tgt: u32) -> vec3<u32> {
  var taken = array<u32, 4>(tgt, 0u, 0u, 0u);
  let r1 = opt_skip(opt_randint(w.x, n - 1u), taken, 1u);
  taken[1] = r1;
  let r2 = opt_skip(opt_randint(w.y, n - 2u), taken, 2u);
  taken[2] = r2;
  let r3 = opt_skip(opt_randint(w.z, n - 3u), taken, 3u);
  return vec3<u32>(r1, r2, r3);
}
fn opt_normal(w: vec4<u32>) -> f32 {
  let u1 = 1.0 - opt_uniform24(w.x);
  let u2 = opt_uniform24(w.y);
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

// A fitness: NaN as +infinity, the worst value (ir/builtins.ts NAN_WORST). The test reads the
// bits: WGSL lets a compiler assume that no float is NaN, and x != x may fold to false.
fn opt_fit(x: f32) -> f32 { return select(x, opt_inf(), (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u); }
fn opt_s(i: u32) -> f32 { return S[i >> 2u][i & 3u]; }
fn opt_s_set(i: u32, v: f32) { S[i >> 2u][i & 3u] = v; }
// The last block of even and of odd call sites is kept: a lane that draws for four consecutive
// dimensions (the split regime's loops) computes one Philox block, not four.
var<private> opt_bk0: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv0: vec4<u32>;
var<private> opt_bk1: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv1: vec4<u32>;
fn opt_block(site: u32, ind: u32, dim: u32) -> vec4<u32> {
  let key = vec4<u32>(site, opt_draw_round, ind, dim);
  let seed = opt_seed;
  if ((site & 1u) == 0u) {
    if (any(key != opt_bk0)) { opt_bk0 = key; opt_bv0 = opt_philox(key, seed); }
    return opt_bv0;
  }
  if (any(key != opt_bk1)) { opt_bk1 = key; opt_bv1 = opt_philox(key, seed); }
  return opt_bv1;
}
// Four words a block: a uniform or integer draw at dimension j is word j % 4 of block j / 4, a
// normal draw word pair j % 2 of block j / 2 (src/runtime/draws.ts, drawTable).
fn opt_draw_u(site: u32, ind: u32, dim: u32) -> f32 {
  return opt_uniform24(opt_block(site, ind, dim >> 2u)[dim & 3u]);
}
fn opt_draw_n(site: u32, ind: u32, dim: u32) -> f32 {
  let b = opt_block(site, ind, dim >> 1u);
  return select(opt_normal(b), opt_normal(b.zwxy), (dim & 1u) == 1u);
}
fn opt_draw_int(site: u32, ind: u32, dim: u32, n: u32) -> u32 {
  return opt_randint(opt_block(site, ind, dim >> 2u)[dim & 3u], n);
}
// Value `which` of `count` (<= 4) distinct integers in [0, n) other than `except` (none when it
// is 0xffffffff): draw t takes word t, picks among the n - (taken) free values and skips the taken
// ones in increasing order (src/runtime/draws.ts, distinctAt).
// r among the free values: skip the taken ones, s[0..nt) ascending (registers only: no arrays).
fn opt_skip4(r0: u32, s: vec4<u32>, nt: u32) -> u32 {
  var r = r0;
  if (nt > 0u && r >= s.x) { r++; }
  if (nt > 1u && r >= s.y) { r++; }
  if (nt > 2u && r >= s.z) { r++; }
  if (nt > 3u && r >= s.w) { r++; }
  return r;
}
// s[0..nt) ascending with v inserted in order (nt < 4).
fn opt_insert4(s: vec4<u32>, nt: u32, v: u32) -> vec4<u32> {
  let before = select(vec4<u32>(0u), vec4<u32>(1u), (s < vec4<u32>(v)) & (vec4<u32>(0u, 1u, 2u, 3u) < vec4<u32>(nt)));
  let p = before.x + before.y + before.z + before.w;
  return vec4<u32>(
    select(s.x, v, p == 0u),
    select(s.y, select(s.x, v, p == 1u), p <= 1u),
    select(s.z, select(s.y, v, p == 2u), p <= 2u),
    select(s.w, select(s.z, v, p == 3u), p <= 3u));
}
// All `count` (<= 4) values of opt_draw_distinct at once.
fn opt_distinct4(site: u32, ind: u32, count: u32, n: u32, except: u32) -> vec4<u32> {
  let w = opt_block(site, ind, 0u);
  var s = vec4<u32>(0u);
  var nt = 0u;
  if (except != 0xffffffffu) { s.x = except; nt = 1u; }
  var out = vec4<u32>(0u);
  for (var t = 0u; t < 4u; t++) {
    if (t >= count) { break; }
    let r = opt_skip4(opt_randint(w[t], n - nt), s, nt);
    out[t] = r;
    s = opt_insert4(s, nt, r);
    nt++;
  }
  return out;
}
fn opt_draw_distinct(site: u32, ind: u32, count: u32, n: u32, except: u32, which: u32) -> u32 {
  return opt_distinct4(site, ind, count, n, except)[which];
}

// ---- step track kernel evaluate uses P,RUNS,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
override WG: u32 = 128u;
var<workgroup> shf: array<f32, 256>;
var<workgroup> shi: array<i32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 128u;
  let lane = lid % 128u;
  let n_raw = group * 1u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100u;
  let t0 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(min(i32(lane) + 0i, 127i)));
  let t2 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(min(i32(lane) + 0i, 127i)));
  let t4 = opt_s((P.o[1][3] + wid.z * P.run_s) + u32(0i));
  let t5 = opt_s((P.o[2][1] + wid.z * P.run_s) + u32(0i));
  var acc_arg_X: f32 = opt_inf();
  var acci_arg_X: i32 = 2147483647i;
  var acc_arg_O: f32 = opt_inf();
  var acci_arg_O: i32 = 2147483647i;
  {
    if (i32(lane) + 0i >= 0i && i32(lane) + 0i < 128i) {
      let i_k16 = i32(lane) + 0i;
      let t1 = t0;
      if ((t1 < acc_arg_X || (t1 == acc_arg_X && i_k16 < acci_arg_X))) { acc_arg_X = t1; acci_arg_X = i_k16; }
    }
    if (i32(lane) + 0i >= 0i && i32(lane) + 0i < 128i) {
      let i_k17 = i32(lane) + 0i;
      let t3 = t2;
      if ((t3 < acc_arg_O || (t3 == acc_arg_O && i_k17 < acci_arg_O))) { acc_arg_O = t3; acci_arg_O = i_k17; }
    }
  }
  shf[0u + lid] = acc_arg_X;
  shi[0u + lid] = acci_arg_X;
  shf[128u + lid] = acc_arg_O;
  shi[128u + lid] = acci_arg_O;
  workgroupBarrier();
  if (lane < 64u) {
    if ((shf[0u + lid + 64u] < shf[0u + lid] || (shf[0u + lid + 64u] == shf[0u + lid] && shi[0u + lid + 64u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 64u]; shi[0u + lid] = shi[0u + lid + 64u]; }
    if ((shf[128u + lid + 64u] < shf[128u + lid] || (shf[128u + lid + 64u] == shf[128u + lid] && shi[128u + lid + 64u] < shi[128u + lid]))) { shf[128u + lid] = shf[128u + lid + 64u]; shi[128u + lid] = shi[128u + lid + 64u]; }
  }
  workgroupBarrier();
  if (lane < 32u) {
    if ((shf[0u + lid + 32u] < shf[0u + lid] || (shf[0u + lid + 32u] == shf[0u + lid] && shi[0u + lid + 32u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 32u]; shi[0u + lid] = shi[0u + lid + 32u]; }
    if ((shf[128u + lid + 32u] < shf[128u + lid] || (shf[128u + lid + 32u] == shf[128u + lid] && shi[128u + lid + 32u] < shi[128u + lid]))) { shf[128u + lid] = shf[128u + lid + 32u]; shi[128u + lid] = shi[128u + lid + 32u]; }
  }
  workgroupBarrier();
  if (lane < 16u) {
    if ((shf[0u + lid + 16u] < shf[0u + lid] || (shf[0u + lid + 16u] == shf[0u + lid] && shi[0u + lid + 16u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 16u]; shi[0u + lid] = shi[0u + lid + 16u]; }
    if ((shf[128u + lid + 16u] < shf[128u + lid] || (shf[128u + lid + 16u] == shf[128u + lid] && shi[128u + lid + 16u] < shi[128u + lid]))) { shf[128u + lid] = shf[128u + lid + 16u]; shi[128u + lid] = shi[128u + lid + 16u]; }
  }
  workgroupBarrier();
  if (lane < 8u) {
    if ((shf[0u + lid + 8u] < shf[0u + lid] || (shf[0u + lid + 8u] == shf[0u + lid] && shi[0u + lid + 8u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 8u]; shi[0u + lid] = shi[0u + lid + 8u]; }
    if ((shf[128u + lid + 8u] < shf[128u + lid] || (shf[128u + lid + 8u] == shf[128u + lid] && shi[128u + lid + 8u] < shi[128u + lid]))) { shf[128u + lid] = shf[128u + lid + 8u]; shi[128u + lid] = shi[128u + lid + 8u]; }
  }
  workgroupBarrier();
  if (lane < 4u) {
    if ((shf[0u + lid + 4u] < shf[0u + lid] || (shf[0u + lid + 4u] == shf[0u + lid] && shi[0u + lid + 4u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 4u]; shi[0u + lid] = shi[0u + lid + 4u]; }
    if ((shf[128u + lid + 4u] < shf[128u + lid] || (shf[128u + lid + 4u] == shf[128u + lid] && shi[128u + lid + 4u] < shi[128u + lid]))) { shf[128u + lid] = shf[128u + lid + 4u]; shi[128u + lid] = shi[128u + lid + 4u]; }
  }
  workgroupBarrier();
  if (lane < 2u) {
    if ((shf[0u + lid + 2u] < shf[0u + lid] || (shf[0u + lid + 2u] == shf[0u + lid] && shi[0u + lid + 2u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 2u]; shi[0u + lid] = shi[0u + lid + 2u]; }
    if ((shf[128u + lid + 2u] < shf[128u + lid] || (shf[128u + lid + 2u] == shf[128u + lid] && shi[128u + lid + 2u] < shi[128u + lid]))) { shf[128u + lid] = shf[128u + lid + 2u]; shi[128u + lid] = shi[128u + lid + 2u]; }
  }
  workgroupBarrier();
  if (lane < 1u) {
    if ((shf[0u + lid + 1u] < shf[0u + lid] || (shf[0u + lid + 1u] == shf[0u + lid] && shi[0u + lid + 1u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 1u]; shi[0u + lid] = shi[0u + lid + 1u]; }
    if ((shf[128u + lid + 1u] < shf[128u + lid] || (shf[128u + lid + 1u] == shf[128u + lid] && shi[128u + lid + 1u] < shi[128u + lid]))) { shf[128u + lid] = shf[128u + lid + 1u]; shi[128u + lid] = shi[128u + lid + 1u]; }
  }
  workgroupBarrier();
  let s_arg_X: i32 = shi[0u + team * 128u];
  let sval_arg_X: f32 = shf[0u + team * 128u];
  let s_arg_O: i32 = shi[128u + team * 128u];
  let sval_arg_O: f32 = shf[128u + team * 128u];
  workgroupBarrier();
  let s_min: f32 = min(sval_arg_X, sval_arg_O);
  let s_improved: i32 = select(0i, 1i, ((s_min < t4) && (!(t4 <= t5))));
  {
    let t6: i32 = i32(opt_slot);
    if (valid && t6 >= 0i && t6 < 1024i && lane == 0u) {
      opt_s_set((P.w[2][0] + wid.z * P.run_s) + u32(t6), select(t4, s_min, (s_improved != 0i)));
    }
  }
  {
    let t7: i32 = 0i;
    if (valid && t7 >= 0i && t7 < 1i) {
      for (var jw: i32 = i32(lane); jw < 100i; jw += 128i) {
        let i_j18 = jw;
        opt_s_set((P.w[1][2] + wid.z * P.run_s) + u32(t7) * 100u + u32(jw), select(opt_s((P.o[1][2] + wid.z * P.run_s) + u32(0i) * 100u + u32(i_j18)), select(opt_s((P.o[0][2] + wid.z * P.run_s) + u32(s_arg_O) * 100u + u32(i_j18)), opt_s((P.o[0][0] + wid.z * P.run_s) + u32(s_arg_X) * 100u + u32(i_j18)), (sval_arg_X == s_min)), (s_improved != 0i)));
      }
    }
  }
  {
    let t8: i32 = 0i;
    if (valid && t8 >= 0i && t8 < 1i && lane == 0u) {
      opt_s_set((P.w[1][3] + wid.z * P.run_s) + u32(t8), select(t4, s_min, (s_improved != 0i)));
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

// Schoolbook in 16-bit limbs, each partial product added to the carry before it (a multiply-add:
// (2^16 - 1)^2 + 2 (2^16 - 1) < 2^32, so no sum overflows): 12 integer operations where summing
// the four products' halves at the end took 18. Philox is most of the integer work of a step
// with draws at every element (PSO, binomial DE: docs/performance.md, issue 15).
fn opt_mulhilo(a: u32, b: u32) -> vec2<u32> {
  let aH = a >> 16u; let aL = a & 0xffffu; let bH = b >> 16u; let bL = b & 0xffffu;
  let t = aL * bL;
  let u = aH * bL + (t >> 16u);
  let v = aL * bH + (u & 0xffffu);
  let hi = aH * bH + (u >> 16u) + (v >> 16u);
  return vec2<u32>(hi, a * b);
}
fn opt_philox(ctr: vec4<u32>, key: vec2<u32>) -> vec4<u32> {
  var x = ctr;
  var k = key;
  for (var r = 0u; r < 10u; r++) {
    let p0 = opt_mulhilo(0xd2511f53u, x.x);
    let p1 = opt_mulhilo(0xcd9e8d57u, x.z);
    x = vec4<u32>(p1.x ^ x.y ^ k.x, p1.y, p0.x ^ x.w ^ k.y, p0.y);
    k = k + vec2<u32>(0x9e3779b9u, 0xbb67ae85u);
  }
  return x;
}
// A float32 uniform in [0, 1) from the top 24 bits of a word: exactly representable, so the CPU
// backend draws the same number (src/rng/philox.ts, uniform24).
fn opt_uniform24(w: u32) -> f32 { return f32(w >> 8u) * 5.9604644775390625e-8; }
// The draws of src/runtime/draws.ts; key = (seed low, seed high), counter = (site, generation,
// individual, dimension).
fn opt_words(seed: vec2<u32>, site: u32, generation: u32, individual: u32, dimension: u32) -> vec4<u32> {
  return opt_philox(vec4<u32>(site, generation, individual, dimension), seed);
}
fn opt_randint(w: u32, n: u32) -> u32 { return opt_mulhilo(w, n).x; }
// The distinct draw t of opt_distinct3: among n - 1 - t free values, skipping the taken ones.
fn opt_skip(r0: u32, taken: array<u32, 4>, count: u32) -> u32 {
  var r = r0;
  // taken[0..count) ascending: insertion order differs, so sort the (at most 4) values first.
  var s = taken;
  for (var a = 1u; a < count; a++) {
    let v = s[a];
    var b = a;
    while (b > 0u && s[b - 1u] > v) { s[b] = s[b - 1u]; b--; }
    s[b] = v;
  }
  for (var q = 0u; q < count; q++) { if (r >= s[q]) { r++; } }
  return r;
}
// Three distinct values in [0, n) other than target (DE's r1, r2, r3), from one Philox block.
fn opt_distinct3(w: vec4<u32>, n: u32, tgt: u32) -> vec3<u32> {
  var taken = array<u32, 4>(tgt, 0u, 0u, 0u);
  let r1 = opt_skip(opt_randint(w.x, n - 1u), taken, 1u);
  taken[1] = r1;
  let r2 = opt_skip(opt_randint(w.y, n - 2u), taken, 2u);
  taken[2] = r2;
  let r3 = opt_skip(opt_randint(w.z, n - 3u), taken, 3u);
  return vec3<u32>(r1, r2, r3);
}
fn opt_normal(w: vec4<u32>) -> f32 {
  let u1 = 1.0 - opt_uniform24(w.x);
  let u2 = opt_uniform24(w.y);
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

// A fitness: NaN as +infinity, the worst value (ir/builtins.ts NAN_WORST). The test reads the
// bits: WGSL lets a compiler assume that no float is NaN, and x != x may fold to false.
fn opt_fit(x: f32) -> f32 { return select(x, opt_inf(), (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u); }
fn opt_s(i: u32) -> f32 { return S[i >> 2u][i & 3u]; }
fn opt_s_set(i: u32, v: f32) { S[i >> 2u][i & 3u] = v; }
// The last block of even and of odd call sites is kept: a lane that draws for four consecutive
// dimensions (the split regime's loops) computes one Philox block, not four.
var<private> opt_bk0: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv0: vec4<u32>;
var<private> opt_bk1: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv1: vec4<u32>;
fn opt_block(site: u32, ind: u32, dim: u32) -> vec4<u32> {
  let key = vec4<u32>(site, opt_draw_round, ind, dim);
  let seed = opt_seed;
  if ((site & 1u) == 0u) {
    if (any(key != opt_bk0)) { opt_bk0 = key; opt_bv0 = opt_philox(key, seed); }
    return opt_bv0;
  }
  if (any(key != opt_bk1)) { opt_bk1 = key; opt_bv1 = opt_philox(key, seed); }
  return opt_bv1;
}
// Four words a block: a uniform or integer draw at dimension j is word j % 4 of block j / 4, a
// normal draw word pair j % 2 of block j / 2 (src/runtime/draws.ts, drawTable).
fn opt_draw_u(site: u32, ind: u32, dim: u32) -> f32 {
  return opt_uniform24(opt_block(site, ind, dim >> 2u)[dim & 3u]);
}
fn opt_draw_n(site: u32, ind: u32, dim: u32) -> f32 {
  let b = opt_block(site, ind, dim >> 1u);
  return select(opt_normal(b), opt_normal(b.zwxy), (dim & 1u) == 1u);
}
fn opt_draw_int(site: u32, ind: u32, dim: u32, n: u32) -> u32 {
  return opt_randint(opt_block(site, ind, dim >> 2u)[dim & 3u], n);
}
// Value `which` of `count` (<= 4) distinct integers in [0, n) other than `except` (none when it
// is 0xffffffff): draw t takes word t, picks among the n - (taken) free values and skips the taken
// ones in increasing order (src/runtime/draws.ts, distinctAt).
// r among the free values: skip the taken ones, s[0..nt) ascending (registers only: no arrays).
fn opt_skip4(r0: u32, s: vec4<u32>, nt: u32) -> u32 {
  var r = r0;
  if (nt > 0u && r >= s.x) { r++; }
  if (nt > 1u && r >= s.y) { r++; }
  if (nt > 2u && r >= s.z) { r++; }
  if (nt > 3u && r >= s.w) { r++; }
  return r;
}
// s[0..nt) ascending with v inserted in order (nt < 4).
fn opt_insert4(s: vec4<u32>, nt: u32, v: u32) -> vec4<u32> {
  let before = select(vec4<u32>(0u), vec4<u32>(1u), (s < vec4<u32>(v)) & (vec4<u32>(0u, 1u, 2u, 3u) < vec4<u32>(nt)));
  let p = before.x + before.y + before.z + before.w;
  return vec4<u32>(
    select(s.x, v, p == 0u),
    select(s.y, select(s.x, v, p == 1u), p <= 1u),
    select(s.z, select(s.y, v, p == 2u), p <= 2u),
    select(s.w, select(s.z, v, p == 3u), p <= 3u));
}
// All `count` (<= 4) values of opt_draw_distinct at once.
fn opt_distinct4(site: u32, ind: u32, count: u32, n: u32, except: u32) -> vec4<u32> {
  let w = opt_block(site, ind, 0u);
  var s = vec4<u32>(0u);
  var nt = 0u;
  if (except != 0xffffffffu) { s.x = except; nt = 1u; }
  var out = vec4<u32>(0u);
  for (var t = 0u; t < 4u; t++) {
    if (t >= count) { break; }
    let r = opt_skip4(opt_randint(w[t], n - nt), s, nt);
    out[t] = r;
    s = opt_insert4(s, nt, r);
    nt++;
  }
  return out;
}
fn opt_draw_distinct(site: u32, ind: u32, count: u32, n: u32, except: u32, which: u32) -> u32 {
  return opt_distinct4(site, ind, count, n, except)[which];
}

// ---- step vec.a+track kernel evaluate uses P,RUNS,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
override WG: u32 = 128u;
var<workgroup> shf: array<f32, 256>;
var<workgroup> shi: array<i32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 128u;
  let lane = lid % 128u;
  let n_raw = group * 1u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100u;
  let t0 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(min(i32(lane) + 0i, 127i)));
  let t2 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(min(i32(lane) + 0i, 127i)));
  let t4 = opt_s((P.o[1][3] + wid.z * P.run_s) + u32(0i));
  let t5 = opt_s((P.o[2][1] + wid.z * P.run_s) + u32(0i));
  var acc_track_arg_X: f32 = opt_inf();
  var acci_track_arg_X: i32 = 2147483647i;
  var acc_track_arg_O: f32 = opt_inf();
  var acci_track_arg_O: i32 = 2147483647i;
  {
    if (i32(lane) + 0i >= 0i && i32(lane) + 0i < 128i) {
      let i_k16 = i32(lane) + 0i;
      let t1 = t0;
      if ((t1 < acc_track_arg_X || (t1 == acc_track_arg_X && i_k16 < acci_track_arg_X))) { acc_track_arg_X = t1; acci_track_arg_X = i_k16; }
    }
    if (i32(lane) + 0i >= 0i && i32(lane) + 0i < 128i) {
      let i_k17 = i32(lane) + 0i;
      let t3 = t2;
      if ((t3 < acc_track_arg_O || (t3 == acc_track_arg_O && i_k17 < acci_track_arg_O))) { acc_track_arg_O = t3; acci_track_arg_O = i_k17; }
    }
  }
  shf[0u + lid] = acc_track_arg_X;
  shi[0u + lid] = acci_track_arg_X;
  shf[128u + lid] = acc_track_arg_O;
  shi[128u + lid] = acci_track_arg_O;
  workgroupBarrier();
  if (lane < 64u) {
    if ((shf[0u + lid + 64u] < shf[0u + lid] || (shf[0u + lid + 64u] == shf[0u + lid] && shi[0u + lid + 64u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 64u]; shi[0u + lid] = shi[0u + lid + 64u]; }
    if ((shf[128u + lid + 64u] < shf[128u + lid] || (shf[128u + lid + 64u] == shf[128u + lid] && shi[128u + lid + 64u] < shi[128u + lid]))) { shf[128u + lid] = shf[128u + lid + 64u]; shi[128u + lid] = shi[128u + lid + 64u]; }
  }
  workgroupBarrier();
  if (lane < 32u) {
    if ((shf[0u + lid + 32u] < shf[0u + lid] || (shf[0u + lid + 32u] == shf[0u + lid] && shi[0u + lid + 32u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 32u]; shi[0u + lid] = shi[0u + lid + 32u]; }
    if ((shf[128u + lid + 32u] < shf[128u + lid] || (shf[128u + lid + 32u] == shf[128u + lid] && shi[128u + lid + 32u] < shi[128u + lid]))) { shf[128u + lid] = shf[128u + lid + 32u]; shi[128u + lid] = shi[128u + lid + 32u]; }
  }
  workgroupBarrier();
  if (lane < 16u) {
    if ((shf[0u + lid + 16u] < shf[0u + lid] || (shf[0u + lid + 16u] == shf[0u + lid] && shi[0u + lid + 16u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 16u]; shi[0u + lid] = shi[0u + lid + 16u]; }
    if ((shf[128u + lid + 16u] < shf[128u + lid] || (shf[128u + lid + 16u] == shf[128u + lid] && shi[128u + lid + 16u] < shi[128u + lid]))) { shf[128u + lid] = shf[128u + lid + 16u]; shi[128u + lid] = shi[128u + lid + 16u]; }
  }
  workgroupBarrier();
  if (lane < 8u) {
    if ((shf[0u + lid + 8u] < shf[0u + lid] || (shf[0u + lid + 8u] == shf[0u + lid] && shi[0u + lid + 8u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 8u]; shi[0u + lid] = shi[0u + lid + 8u]; }
    if ((shf[128u + lid + 8u] < shf[128u + lid] || (shf[128u + lid + 8u] == shf[128u + lid] && shi[128u + lid + 8u] < shi[128u + lid]))) { shf[128u + lid] = shf[128u + lid + 8u]; shi[128u + lid] = shi[128u + lid + 8u]; }
  }
  workgroupBarrier();
  if (lane < 4u) {
    if ((shf[0u + lid + 4u] < shf[0u + lid] || (shf[0u + lid + 4u] == shf[0u + lid] && shi[0u + lid + 4u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 4u]; shi[0u + lid] = shi[0u + lid + 4u]; }
    if ((shf[128u + lid + 4u] < shf[128u + lid] || (shf[128u + lid + 4u] == shf[128u + lid] && shi[128u + lid + 4u] < shi[128u + lid]))) { shf[128u + lid] = shf[128u + lid + 4u]; shi[128u + lid] = shi[128u + lid + 4u]; }
  }
  workgroupBarrier();
  if (lane < 2u) {
    if ((shf[0u + lid + 2u] < shf[0u + lid] || (shf[0u + lid + 2u] == shf[0u + lid] && shi[0u + lid + 2u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 2u]; shi[0u + lid] = shi[0u + lid + 2u]; }
    if ((shf[128u + lid + 2u] < shf[128u + lid] || (shf[128u + lid + 2u] == shf[128u + lid] && shi[128u + lid + 2u] < shi[128u + lid]))) { shf[128u + lid] = shf[128u + lid + 2u]; shi[128u + lid] = shi[128u + lid + 2u]; }
  }
  workgroupBarrier();
  if (lane < 1u) {
    if ((shf[0u + lid + 1u] < shf[0u + lid] || (shf[0u + lid + 1u] == shf[0u + lid] && shi[0u + lid + 1u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 1u]; shi[0u + lid] = shi[0u + lid + 1u]; }
    if ((shf[128u + lid + 1u] < shf[128u + lid] || (shf[128u + lid + 1u] == shf[128u + lid] && shi[128u + lid + 1u] < shi[128u + lid]))) { shf[128u + lid] = shf[128u + lid + 1u]; shi[128u + lid] = shi[128u + lid + 1u]; }
  }
  workgroupBarrier();
  let s_track_arg_X: i32 = shi[0u + team * 128u];
  let sval_track_arg_X: f32 = shf[0u + team * 128u];
  let s_track_arg_O: i32 = shi[128u + team * 128u];
  let sval_track_arg_O: f32 = shf[128u + team * 128u];
  workgroupBarrier();
  let s_track_min: f32 = min(sval_track_arg_X, sval_track_arg_O);
  let s_track_improved: i32 = select(0i, 1i, ((s_track_min < t4) && (!(t4 <= t5))));
  {
    let t6: i32 = 0i;
    if (valid && t6 >= 0i && t6 < 1i) {
      for (var jw: i32 = i32(lane); jw < 100i; jw += 128i) {
        let i_j4 = jw;
        var t7: f32 = opt_inf();
        for (var i_k5: i32 = 0i; i_k5 < 128i; i_k5++) {
          t7 = min(t7, opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i_k5) * 100u + u32(i_j4)));
        }
        opt_s_set((P.w[2][2] + wid.z * P.run_s) + u32(t6) * 100u + u32(jw), t7);
      }
    }
  }
  {
    let t8: i32 = select(-1i, i32(opt_slot), (i32(n) == 0i));
    if (valid && t8 >= 0i && t8 < 1024i && lane == 0u) {
      opt_s_set((P.w[2][0] + wid.z * P.run_s) + u32(t8), select(t4, s_track_min, (s_track_improved != 0i)));
    }
  }
  {
    let t9: i32 = select(-1i, 0i, (i32(n) == 0i));
    if (valid && t9 >= 0i && t9 < 1i) {
      for (var jw: i32 = i32(lane); jw < 100i; jw += 128i) {
        let i_j18 = jw;
        opt_s_set((P.w[1][2] + wid.z * P.run_s) + u32(t9) * 100u + u32(jw), select(opt_s((P.o[1][2] + wid.z * P.run_s) + u32(0i) * 100u + u32(i_j18)), select(opt_s((P.o[0][2] + wid.z * P.run_s) + u32(s_track_arg_O) * 100u + u32(i_j18)), opt_s((P.o[0][0] + wid.z * P.run_s) + u32(s_track_arg_X) * 100u + u32(i_j18)), (sval_track_arg_X == s_track_min)), (s_track_improved != 0i)));
      }
    }
  }
  {
    let t10: i32 = select(-1i, 0i, (i32(n) == 0i));
    if (valid && t10 >= 0i && t10 < 1i && lane == 0u) {
      opt_s_set((P.w[1][3] + wid.z * P.run_s) + u32(t10), select(t4, s_track_min, (s_track_improved != 0i)));
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

// Schoolbook in 16-bit limbs, each partial product added to the carry before it (a multiply-add:
// (2^16 - 1)^2 + 2 (2^16 - 1) < 2^32, so no sum overflows): 12 integer operations where summing
// the four products' halves at the end took 18. Philox is most of the integer work of a step
// with draws at every element (PSO, binomial DE: docs/performance.md, issue 15).
fn opt_mulhilo(a: u32, b: u32) -> vec2<u32> {
  let aH = a >> 16u; let aL = a & 0xffffu; let bH = b >> 16u; let bL = b & 0xffffu;
  let t = aL * bL;
  let u = aH * bL + (t >> 16u);
  let v = aL * bH + (u & 0xffffu);
  let hi = aH * bH + (u >> 16u) + (v >> 16u);
  return vec2<u32>(hi, a * b);
}
fn opt_philox(ctr: vec4<u32>, key: vec2<u32>) -> vec4<u32> {
  var x = ctr;
  var k = key;
  for (var r = 0u; r < 10u; r++) {
    let p0 = opt_mulhilo(0xd2511f53u, x.x);
    let p1 = opt_mulhilo(0xcd9e8d57u, x.z);
    x = vec4<u32>(p1.x ^ x.y ^ k.x, p1.y, p0.x ^ x.w ^ k.y, p0.y);
    k = k + vec2<u32>(0x9e3779b9u, 0xbb67ae85u);
  }
  return x;
}
// A float32 uniform in [0, 1) from the top 24 bits of a word: exactly representable, so the CPU
// backend draws the same number (src/rng/philox.ts, uniform24).
fn opt_uniform24(w: u32) -> f32 { return f32(w >> 8u) * 5.9604644775390625e-8; }
// The draws of src/runtime/draws.ts; key = (seed low, seed high), counter = (site, generation,
// individual, dimension).
fn opt_words(seed: vec2<u32>, site: u32, generation: u32, individual: u32, dimension: u32) -> vec4<u32> {
  return opt_philox(vec4<u32>(site, generation, individual, dimension), seed);
}
fn opt_randint(w: u32, n: u32) -> u32 { return opt_mulhilo(w, n).x; }
// The distinct draw t of opt_distinct3: among n - 1 - t free values, skipping the taken ones.
fn opt_skip(r0: u32, taken: array<u32, 4>, count: u32) -> u32 {
  var r = r0;
  // taken[0..count) ascending: insertion order differs, so sort the (at most 4) values first.
  var s = taken;
  for (var a = 1u; a < count; a++) {
    let v = s[a];
    var b = a;
    while (b > 0u && s[b - 1u] > v) { s[b] = s[b - 1u]; b--; }
    s[b] = v;
  }
  for (var q = 0u; q < count; q++) { if (r >= s[q]) { r++; } }
  return r;
}
// Three distinct values in [0, n) other than target (DE's r1, r2, r3), from one Philox block.
fn opt_distinct3(w: vec4<u32>, n: u32, tgt: u32) -> vec3<u32> {
  var taken = array<u32, 4>(tgt, 0u, 0u, 0u);
  let r1 = opt_skip(opt_randint(w.x, n - 1u), taken, 1u);
  taken[1] = r1;
  let r2 = opt_skip(opt_randint(w.y, n - 2u), taken, 2u);
  taken[2] = r2;
  let r3 = opt_skip(opt_randint(w.z, n - 3u), taken, 3u);
  return vec3<u32>(r1, r2, r3);
}
fn opt_normal(w: vec4<u32>) -> f32 {
  let u1 = 1.0 - opt_uniform24(w.x);
  let u2 = opt_uniform24(w.y);
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

// A fitness: NaN as +infinity, the worst value (ir/builtins.ts NAN_WORST). The test reads the
// bits: WGSL lets a compiler assume that no float is NaN, and x != x may fold to false.
fn opt_fit(x: f32) -> f32 { return select(x, opt_inf(), (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u); }
fn opt_s(i: u32) -> f32 { return S[i >> 2u][i & 3u]; }
fn opt_s_set(i: u32, v: f32) { S[i >> 2u][i & 3u] = v; }
// The last block of even and of odd call sites is kept: a lane that draws for four consecutive
// dimensions (the split regime's loops) computes one Philox block, not four.
var<private> opt_bk0: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv0: vec4<u32>;
var<private> opt_bk1: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv1: vec4<u32>;
fn opt_block(site: u32, ind: u32, dim: u32) -> vec4<u32> {
  let key = vec4<u32>(site, opt_draw_round, ind, dim);
  let seed = opt_seed;
  if ((site & 1u) == 0u) {
    if (any(key != opt_bk0)) { opt_bk0 = key; opt_bv0 = opt_philox(key, seed); }
    return opt_bv0;
  }
  if (any(key != opt_bk1)) { opt_bk1 = key; opt_bv1 = opt_philox(key, seed); }
  return opt_bv1;
}
// Four words a block: a uniform or integer draw at dimension j is word j % 4 of block j / 4, a
// normal draw word pair j % 2 of block j / 2 (src/runtime/draws.ts, drawTable).
fn opt_draw_u(site: u32, ind: u32, dim: u32) -> f32 {
  return opt_uniform24(opt_block(site, ind, dim >> 2u)[dim & 3u]);
}
fn opt_draw_n(site: u32, ind: u32, dim: u32) -> f32 {
  let b = opt_block(site, ind, dim >> 1u);
  return select(opt_normal(b), opt_normal(b.zwxy), (dim & 1u) == 1u);
}
fn opt_draw_int(site: u32, ind: u32, dim: u32, n: u32) -> u32 {
  return opt_randint(opt_block(site, ind, dim >> 2u)[dim & 3u], n);
}
// Value `which` of `count` (<= 4) distinct integers in [0, n) other than `except` (none when it
// is 0xffffffff): draw t takes word t, picks among the n - (taken) free values and skips the taken
// ones in increasing order (src/runtime/draws.ts, distinctAt).
// r among the free values: skip the taken ones, s[0..nt) ascending (registers only: no arrays).
fn opt_skip4(r0: u32, s: vec4<u32>, nt: u32) -> u32 {
  var r = r0;
  if (nt > 0u && r >= s.x) { r++; }
  if (nt > 1u && r >= s.y) { r++; }
  if (nt > 2u && r >= s.z) { r++; }
  if (nt > 3u && r >= s.w) { r++; }
  return r;
}
// s[0..nt) ascending with v inserted in order (nt < 4).
fn opt_insert4(s: vec4<u32>, nt: u32, v: u32) -> vec4<u32> {
  let before = select(vec4<u32>(0u), vec4<u32>(1u), (s < vec4<u32>(v)) & (vec4<u32>(0u, 1u, 2u, 3u) < vec4<u32>(nt)));
  let p = before.x + before.y + before.z + before.w;
  return vec4<u32>(
    select(s.x, v, p == 0u),
    select(s.y, select(s.x, v, p == 1u), p <= 1u),
    select(s.z, select(s.y, v, p == 2u), p <= 2u),
    select(s.w, select(s.z, v, p == 3u), p <= 3u));
}
// All `count` (<= 4) values of opt_draw_distinct at once.
fn opt_distinct4(site: u32, ind: u32, count: u32, n: u32, except: u32) -> vec4<u32> {
  let w = opt_block(site, ind, 0u);
  var s = vec4<u32>(0u);
  var nt = 0u;
  if (except != 0xffffffffu) { s.x = except; nt = 1u; }
  var out = vec4<u32>(0u);
  for (var t = 0u; t < 4u; t++) {
    if (t >= count) { break; }
    let r = opt_skip4(opt_randint(w[t], n - nt), s, nt);
    out[t] = r;
    s = opt_insert4(s, nt, r);
    nt++;
  }
  return out;
}
fn opt_draw_distinct(site: u32, ind: u32, count: u32, n: u32, except: u32, which: u32) -> u32 {
  return opt_distinct4(site, ind, count, n, except)[which];
}

// ---- step each.X+track kernel evaluate uses P,RUNS,S
var<workgroup> opt_hd: array<vec4<u32>, 7>;
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
override WG: u32 = 128u;
var<workgroup> shf: array<f32, 384>;
var<workgroup> shi: array<i32, 256>;
var<workgroup> shv: array<f32, 100>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 128u;
  let lane = lid % 128u;
  let n_raw = group * 1u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100u;
  let t2 = opt_s((P.o[1][0] + wid.z * P.run_s) + u32(i32(n)));
  let t5 = opt_s((P.o[1][1] + wid.z * P.run_s) + u32(i32(n)));
  let t9 = opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i32(lane)));
  let t26 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i32(n)));
  let t27 = opt_s((P.o[1][3] + wid.z * P.run_s) + u32(0i));
  let t28 = opt_s((P.o[2][1] + wid.z * P.run_s) + u32(0i));
  if (lane == 0u) { opt_hd[team * 7u + 0u] = vec4<u32>(bitcast<u32>(opt_draw_u(4u, u32(i32(n)), u32(0i))), 0u, 0u, 0u); }
  if (lane == 1u) { opt_hd[team * 7u + 1u] = vec4<u32>(bitcast<u32>(opt_draw_u(5u, u32(i32(n)), u32(0i))), 0u, 0u, 0u); }
  if (lane == 2u) { opt_hd[team * 7u + 2u] = vec4<u32>(bitcast<u32>(opt_draw_u(6u, u32(i32(n)), u32(0i))), 0u, 0u, 0u); }
  if (lane == 3u) { opt_hd[team * 7u + 3u] = vec4<u32>(bitcast<u32>(opt_draw_u(7u, u32(i32(n)), u32(0i))), 0u, 0u, 0u); }
  if (lane == 4u) { opt_hd[team * 7u + 4u] = opt_distinct4(8u, u32(i32(n)), u32(3i), u32(128i), u32(i32(n))); }
  if (lane == 5u) { opt_hd[team * 7u + 5u] = vec4<u32>(opt_draw_int(9u, u32(i32(n)), u32(0i), u32(100i)), 0u, 0u, 0u); }
  if (lane == 6u) { opt_hd[team * 7u + 6u] = vec4<u32>(bitcast<u32>(opt_draw_u(10u, u32(i32(n)), u32(0i))), 0u, 0u, 0u); }
  workgroupBarrier();
  let t0 = bitcast<f32>(opt_hd[team * 7u + 0u].x);
  let t1 = bitcast<f32>(opt_hd[team * 7u + 1u].x);
  let t3 = bitcast<f32>(opt_hd[team * 7u + 2u].x);
  let t4 = bitcast<f32>(opt_hd[team * 7u + 3u].x);
  let t6 = opt_hd[team * 7u + 4u];
  let t7 = opt_hd[team * 7u + 5u].x;
  let t8 = bitcast<f32>(opt_hd[team * 7u + 6u].x);
  let s_F: f32 = select(t2, (fma(t1, 0.2f, 0.2f)), (t0 < 0.1f));
  let s_CR: f32 = select(t5, (fma(t4, 0.2f, 0.8f)), (t3 < 0.1f));
  let s_r0: i32 = i32(t6[u32(0i)]);
  let s_r1: i32 = i32(t6[u32(1i)]);
  let s_r2: i32 = i32(t6[u32(2i)]);
  let s_k: i32 = i32(t7);
  let s_L: f32 = min(100.0f, (1.0f + floor((log((1.0f - t8)) / log(s_CR)))));
  for (var iv: i32 = i32(lane); iv < 100i; iv += 128i) {
    let i_j13 = iv;
    shv[team * 100u + 0u + u32(iv)] = select(t9, (fma(s_F, (opt_s((P.o[0][0] + wid.z * P.run_s) + u32(s_r1) * 100u + u32(i_j13)) - opt_s((P.o[0][0] + wid.z * P.run_s) + u32(s_r2) * 100u + u32(i_j13))), opt_s((P.o[0][0] + wid.z * P.run_s) + u32(s_r0) * 100u + u32(i_j13)))), (f32(opt_imod(((i_j13 - s_k) + 100i), 100i)) < s_L));
  }
  workgroupBarrier();
  var acc_fit: f32 = 0.0f;
  var acc_track_arg_X: f32 = opt_inf();
  var acci_track_arg_X: i32 = 2147483647i;
  var acc_track_arg_O: f32 = opt_inf();
  var acci_track_arg_O: i32 = 2147483647i;
  {
    let vl = i32(lane);
    if (vl < 32i) {
      for (var q: i32 = vl; q < 32i; q += 32i) {
        let e0 = q * 4i + 0i;
        if (e0 >= 0i && e0 < 100i) {
          let i_i1 = e0;
          let t10 = select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f));
          let t11 = sin((3.141592653589793f * select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f))));
          acc_fit = acc_fit + (fma(20.0f, (t11 * t11), (t10 * t10)));
        }
        if (e0 >= 0i && e0 < 128i) {
          let i_k16 = e0;
          let t12 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i_k16));
          if ((t12 < acc_track_arg_X || (t12 == acc_track_arg_X && i_k16 < acci_track_arg_X))) { acc_track_arg_X = t12; acci_track_arg_X = i_k16; }
        }
        if (e0 >= 0i && e0 < 128i) {
          let i_k17 = e0;
          let t13 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(i_k17));
          if ((t13 < acc_track_arg_O || (t13 == acc_track_arg_O && i_k17 < acci_track_arg_O))) { acc_track_arg_O = t13; acci_track_arg_O = i_k17; }
        }
        let e1 = q * 4i + 1i;
        if (e1 >= 0i && e1 < 100i) {
          let i_i1 = e1;
          let t14 = select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f));
          let t15 = sin((3.141592653589793f * select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f))));
          acc_fit = acc_fit + (fma(20.0f, (t15 * t15), (t14 * t14)));
        }
        if (e1 >= 0i && e1 < 128i) {
          let i_k16 = e1;
          let t16 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i_k16));
          if ((t16 < acc_track_arg_X || (t16 == acc_track_arg_X && i_k16 < acci_track_arg_X))) { acc_track_arg_X = t16; acci_track_arg_X = i_k16; }
        }
        if (e1 >= 0i && e1 < 128i) {
          let i_k17 = e1;
          let t17 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(i_k17));
          if ((t17 < acc_track_arg_O || (t17 == acc_track_arg_O && i_k17 < acci_track_arg_O))) { acc_track_arg_O = t17; acci_track_arg_O = i_k17; }
        }
        let e2 = q * 4i + 2i;
        if (e2 >= 0i && e2 < 100i) {
          let i_i1 = e2;
          let t18 = select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f));
          let t19 = sin((3.141592653589793f * select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f))));
          acc_fit = acc_fit + (fma(20.0f, (t19 * t19), (t18 * t18)));
        }
        if (e2 >= 0i && e2 < 128i) {
          let i_k16 = e2;
          let t20 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i_k16));
          if ((t20 < acc_track_arg_X || (t20 == acc_track_arg_X && i_k16 < acci_track_arg_X))) { acc_track_arg_X = t20; acci_track_arg_X = i_k16; }
        }
        if (e2 >= 0i && e2 < 128i) {
          let i_k17 = e2;
          let t21 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(i_k17));
          if ((t21 < acc_track_arg_O || (t21 == acc_track_arg_O && i_k17 < acci_track_arg_O))) { acc_track_arg_O = t21; acci_track_arg_O = i_k17; }
        }
        let e3 = q * 4i + 3i;
        if (e3 >= 0i && e3 < 100i) {
          let i_i1 = e3;
          let t22 = select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f));
          let t23 = sin((3.141592653589793f * select(select(shv[team * 100u + 0u + u32(i_i1)], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_i1)] < -5.119999885559082f))));
          acc_fit = acc_fit + (fma(20.0f, (t23 * t23), (t22 * t22)));
        }
        if (e3 >= 0i && e3 < 128i) {
          let i_k16 = e3;
          let t24 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i_k16));
          if ((t24 < acc_track_arg_X || (t24 == acc_track_arg_X && i_k16 < acci_track_arg_X))) { acc_track_arg_X = t24; acci_track_arg_X = i_k16; }
        }
        if (e3 >= 0i && e3 < 128i) {
          let i_k17 = e3;
          let t25 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(i_k17));
          if ((t25 < acc_track_arg_O || (t25 == acc_track_arg_O && i_k17 < acci_track_arg_O))) { acc_track_arg_O = t25; acci_track_arg_O = i_k17; }
        }
      }
    }
  }
  shf[0u + lid] = acc_fit;
  shf[128u + lid] = acc_track_arg_X;
  shi[0u + lid] = acci_track_arg_X;
  shf[256u + lid] = acc_track_arg_O;
  shi[128u + lid] = acci_track_arg_O;
  workgroupBarrier();
  if (lane < 16u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 16u];
    if ((shf[128u + lid + 16u] < shf[128u + lid] || (shf[128u + lid + 16u] == shf[128u + lid] && shi[0u + lid + 16u] < shi[0u + lid]))) { shf[128u + lid] = shf[128u + lid + 16u]; shi[0u + lid] = shi[0u + lid + 16u]; }
    if ((shf[256u + lid + 16u] < shf[256u + lid] || (shf[256u + lid + 16u] == shf[256u + lid] && shi[128u + lid + 16u] < shi[128u + lid]))) { shf[256u + lid] = shf[256u + lid + 16u]; shi[128u + lid] = shi[128u + lid + 16u]; }
  }
  workgroupBarrier();
  if (lane < 8u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 8u];
    if ((shf[128u + lid + 8u] < shf[128u + lid] || (shf[128u + lid + 8u] == shf[128u + lid] && shi[0u + lid + 8u] < shi[0u + lid]))) { shf[128u + lid] = shf[128u + lid + 8u]; shi[0u + lid] = shi[0u + lid + 8u]; }
    if ((shf[256u + lid + 8u] < shf[256u + lid] || (shf[256u + lid + 8u] == shf[256u + lid] && shi[128u + lid + 8u] < shi[128u + lid]))) { shf[256u + lid] = shf[256u + lid + 8u]; shi[128u + lid] = shi[128u + lid + 8u]; }
  }
  workgroupBarrier();
  if (lane < 4u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 4u];
    if ((shf[128u + lid + 4u] < shf[128u + lid] || (shf[128u + lid + 4u] == shf[128u + lid] && shi[0u + lid + 4u] < shi[0u + lid]))) { shf[128u + lid] = shf[128u + lid + 4u]; shi[0u + lid] = shi[0u + lid + 4u]; }
    if ((shf[256u + lid + 4u] < shf[256u + lid] || (shf[256u + lid + 4u] == shf[256u + lid] && shi[128u + lid + 4u] < shi[128u + lid]))) { shf[256u + lid] = shf[256u + lid + 4u]; shi[128u + lid] = shi[128u + lid + 4u]; }
  }
  workgroupBarrier();
  if (lane < 2u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 2u];
    if ((shf[128u + lid + 2u] < shf[128u + lid] || (shf[128u + lid + 2u] == shf[128u + lid] && shi[0u + lid + 2u] < shi[0u + lid]))) { shf[128u + lid] = shf[128u + lid + 2u]; shi[0u + lid] = shi[0u + lid + 2u]; }
    if ((shf[256u + lid + 2u] < shf[256u + lid] || (shf[256u + lid + 2u] == shf[256u + lid] && shi[128u + lid + 2u] < shi[128u + lid]))) { shf[256u + lid] = shf[256u + lid + 2u]; shi[128u + lid] = shi[128u + lid + 2u]; }
  }
  workgroupBarrier();
  if (lane < 1u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 1u];
    if ((shf[128u + lid + 1u] < shf[128u + lid] || (shf[128u + lid + 1u] == shf[128u + lid] && shi[0u + lid + 1u] < shi[0u + lid]))) { shf[128u + lid] = shf[128u + lid + 1u]; shi[0u + lid] = shi[0u + lid + 1u]; }
    if ((shf[256u + lid + 1u] < shf[256u + lid] || (shf[256u + lid + 1u] == shf[256u + lid] && shi[128u + lid + 1u] < shi[128u + lid]))) { shf[256u + lid] = shf[256u + lid + 1u]; shi[128u + lid] = shi[128u + lid + 1u]; }
  }
  workgroupBarrier();
  let s_fit: f32 = shf[0u + team * 128u];
  let s_track_arg_X: i32 = shi[0u + team * 128u];
  let sval_track_arg_X: f32 = shf[128u + team * 128u];
  let s_track_arg_O: i32 = shi[128u + team * 128u];
  let sval_track_arg_O: f32 = shf[256u + team * 128u];
  workgroupBarrier();
  let s_fitness: f32 = opt_fit(s_fit);
  let s_keep: i32 = select(0i, 1i, (s_fitness <= t26));
  let s_keep_1: i32 = select(0i, 1i, (s_keep != 0i));
  let s_track_min: f32 = min(sval_track_arg_X, sval_track_arg_O);
  let s_track_improved: i32 = select(0i, 1i, ((s_track_min < t27) && (!(t27 <= t28))));
  storageBarrier();
  workgroupBarrier();
  {
    let t29: i32 = i32(n);
    if (valid && t29 >= 0i && t29 < 128i) {
      for (var jw: i32 = i32(lane); jw < 100i; jw += 128i) {
        let i_j15 = jw;
        opt_s_set((P.w[0][0] + wid.z * P.run_s) + u32(t29) * 100u + u32(jw), select(opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_j15)), select(select(shv[team * 100u + 0u + u32(i_j15)], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_j15))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_j15)] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_j15))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (shv[team * 100u + 0u + u32(i_j15)] < -5.119999885559082f)), (s_keep_1 != 0i)));
      }
    }
  }
  {
    let t30: i32 = i32(n);
    if (valid && t30 >= 0i && t30 < 128i && lane == 0u) {
      opt_s_set((P.w[0][1] + wid.z * P.run_s) + u32(t30), select(t26, s_fitness, (s_keep_1 != 0i)));
    }
  }
  {
    let t31: i32 = i32(n);
    if (valid && t31 >= 0i && t31 < 128i && (s_keep != 0i) && lane == 0u) {
      opt_s_set((P.w[1][0] + wid.z * P.run_s) + u32(t31), s_F);
    }
  }
  {
    let t32: i32 = i32(n);
    if (valid && t32 >= 0i && t32 < 128i && (s_keep != 0i) && lane == 0u) {
      opt_s_set((P.w[1][1] + wid.z * P.run_s) + u32(t32), s_CR);
    }
  }
  {
    let t33: i32 = select(-1i, i32(opt_slot), (i32(n) == 0i));
    if (valid && t33 >= 0i && t33 < 1024i && lane == 0u) {
      opt_s_set((P.w[2][0] + wid.z * P.run_s) + u32(t33), select(t27, s_track_min, (s_track_improved != 0i)));
    }
  }
  {
    let t34: i32 = select(-1i, 0i, (i32(n) == 0i));
    if (valid && t34 >= 0i && t34 < 1i) {
      for (var jw: i32 = i32(lane); jw < 100i; jw += 128i) {
        let i_j18 = jw;
        opt_s_set((P.w[1][2] + wid.z * P.run_s) + u32(t34) * 100u + u32(jw), select(opt_s((P.o[1][2] + wid.z * P.run_s) + u32(0i) * 100u + u32(i_j18)), select(opt_s((P.o[0][2] + wid.z * P.run_s) + u32(s_track_arg_O) * 100u + u32(i_j18)), opt_s((P.o[0][0] + wid.z * P.run_s) + u32(s_track_arg_X) * 100u + u32(i_j18)), (sval_track_arg_X == s_track_min)), (s_track_improved != 0i)));
      }
    }
  }
  {
    let t35: i32 = select(-1i, 0i, (i32(n) == 0i));
    if (valid && t35 >= 0i && t35 < 1i && lane == 0u) {
      opt_s_set((P.w[1][3] + wid.z * P.run_s) + u32(t35), select(t27, s_track_min, (s_track_improved != 0i)));
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

// Schoolbook in 16-bit limbs, each partial product added to the carry before it (a multiply-add:
// (2^16 - 1)^2 + 2 (2^16 - 1) < 2^32, so no sum overflows): 12 integer operations where summing
// the four products' halves at the end took 18. Philox is most of the integer work of a step
// with draws at every element (PSO, binomial DE: docs/performance.md, issue 15).
fn opt_mulhilo(a: u32, b: u32) -> vec2<u32> {
  let aH = a >> 16u; let aL = a & 0xffffu; let bH = b >> 16u; let bL = b & 0xffffu;
  let t = aL * bL;
  let u = aH * bL + (t >> 16u);
  let v = aL * bH + (u & 0xffffu);
  let hi = aH * bH + (u >> 16u) + (v >> 16u);
  return vec2<u32>(hi, a * b);
}
fn opt_philox(ctr: vec4<u32>, key: vec2<u32>) -> vec4<u32> {
  var x = ctr;
  var k = key;
  for (var r = 0u; r < 10u; r++) {
    let p0 = opt_mulhilo(0xd2511f53u, x.x);
    let p1 = opt_mulhilo(0xcd9e8d57u, x.z);
    x = vec4<u32>(p1.x ^ x.y ^ k.x, p1.y, p0.x ^ x.w ^ k.y, p0.y);
    k = k + vec2<u32>(0x9e3779b9u, 0xbb67ae85u);
  }
  return x;
}
// A float32 uniform in [0, 1) from the top 24 bits of a word: exactly representable, so the CPU
// backend draws the same number (src/rng/philox.ts, uniform24).
fn opt_uniform24(w: u32) -> f32 { return f32(w >> 8u) * 5.9604644775390625e-8; }
// The draws of src/runtime/draws.ts; key = (seed low, seed high), counter = (site, generation,
// individual, dimension).
fn opt_words(seed: vec2<u32>, site: u32, generation: u32, individual: u32, dimension: u32) -> vec4<u32> {
  return opt_philox(vec4<u32>(site, generation, individual, dimension), seed);
}
fn opt_randint(w: u32, n: u32) -> u32 { return opt_mulhilo(w, n).x; }
// The distinct draw t of opt_distinct3: among n - 1 - t free values, skipping the taken ones.
fn opt_skip(r0: u32, taken: array<u32, 4>, count: u32) -> u32 {
  var r = r0;
  // taken[0..count) ascending: insertion order differs, so sort the (at most 4) values first.
  var s = taken;
  for (var a = 1u; a < count; a++) {
    let v = s[a];
    var b = a;
    while (b > 0u && s[b - 1u] > v) { s[b] = s[b - 1u]; b--; }
    s[b] = v;
  }
  for (var q = 0u; q < count; q++) { if (r >= s[q]) { r++; } }
  return r;
}
// Three distinct values in [0, n) other than target (DE's r1, r2, r3), from one Philox block.
fn opt_distinct3(w: vec4<u32>, n: u32, tgt: u32) -> vec3<u32> {
  var taken = array<u32, 4>(tgt, 0u, 0u, 0u);
  let r1 = opt_skip(opt_randint(w.x, n - 1u), taken, 1u);
  taken[1] = r1;
  let r2 = opt_skip(opt_randint(w.y, n - 2u), taken, 2u);
  taken[2] = r2;
  let r3 = opt_skip(opt_randint(w.z, n - 3u), taken, 3u);
  return vec3<u32>(r1, r2, r3);
}
fn opt_normal(w: vec4<u32>) -> f32 {
  let u1 = 1.0 - opt_uniform24(w.x);
  let u2 = opt_uniform24(w.y);
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

// A fitness: NaN as +infinity, the worst value (ir/builtins.ts NAN_WORST). The test reads the
// bits: WGSL lets a compiler assume that no float is NaN, and x != x may fold to false.
fn opt_fit(x: f32) -> f32 { return select(x, opt_inf(), (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u); }
fn opt_s(i: u32) -> f32 { return S[i >> 2u][i & 3u]; }
fn opt_s_set(i: u32, v: f32) { S[i >> 2u][i & 3u] = v; }
// The last block of even and of odd call sites is kept: a lane that draws for four consecutive
// dimensions (the split regime's loops) computes one Philox block, not four.
var<private> opt_bk0: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv0: vec4<u32>;
var<private> opt_bk1: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv1: vec4<u32>;
fn opt_block(site: u32, ind: u32, dim: u32) -> vec4<u32> {
  let key = vec4<u32>(site, opt_draw_round, ind, dim);
  let seed = opt_seed;
  if ((site & 1u) == 0u) {
    if (any(key != opt_bk0)) { opt_bk0 = key; opt_bv0 = opt_philox(key, seed); }
    return opt_bv0;
  }
  if (any(key != opt_bk1)) { opt_bk1 = key; opt_bv1 = opt_philox(key, seed); }
  return opt_bv1;
}
// Four words a block: a uniform or integer draw at dimension j is word j % 4 of block j / 4, a
// normal draw word pair j % 2 of block j / 2 (src/runtime/draws.ts, drawTable).
fn opt_draw_u(site: u32, ind: u32, dim: u32) -> f32 {
  return opt_uniform24(opt_block(site, ind, dim >> 2u)[dim & 3u]);
}
fn opt_draw_n(site: u32, ind: u32, dim: u32) -> f32 {
  let b = opt_block(site, ind, dim >> 1u);
  return select(opt_normal(b), opt_normal(b.zwxy), (dim & 1u) == 1u);
}
fn opt_draw_int(site: u32, ind: u32, dim: u32, n: u32) -> u32 {
  return opt_randint(opt_block(site, ind, dim >> 2u)[dim & 3u], n);
}
// Value `which` of `count` (<= 4) distinct integers in [0, n) other than `except` (none when it
// is 0xffffffff): draw t takes word t, picks among the n - (taken) free values and skips the taken
// ones in increasing order (src/runtime/draws.ts, distinctAt).
// r among the free values: skip the taken ones, s[0..nt) ascending (registers only: no arrays).
fn opt_skip4(r0: u32, s: vec4<u32>, nt: u32) -> u32 {
  var r = r0;
  if (nt > 0u && r >= s.x) { r++; }
  if (nt > 1u && r >= s.y) { r++; }
  if (nt > 2u && r >= s.z) { r++; }
  if (nt > 3u && r >= s.w) { r++; }
  return r;
}
// s[0..nt) ascending with v inserted in order (nt < 4).
fn opt_insert4(s: vec4<u32>, nt: u32, v: u32) -> vec4<u32> {
  let before = select(vec4<u32>(0u), vec4<u32>(1u), (s < vec4<u32>(v)) & (vec4<u32>(0u, 1u, 2u, 3u) < vec4<u32>(nt)));
  let p = before.x + before.y + before.z + before.w;
  return vec4<u32>(
    select(s.x, v, p == 0u),
    select(s.y, select(s.x, v, p == 1u), p <= 1u),
    select(s.z, select(s.y, v, p == 2u), p <= 2u),
    select(s.w, select(s.z, v, p == 3u), p <= 3u));
}
// All `count` (<= 4) values of opt_draw_distinct at once.
fn opt_distinct4(site: u32, ind: u32, count: u32, n: u32, except: u32) -> vec4<u32> {
  let w = opt_block(site, ind, 0u);
  var s = vec4<u32>(0u);
  var nt = 0u;
  if (except != 0xffffffffu) { s.x = except; nt = 1u; }
  var out = vec4<u32>(0u);
  for (var t = 0u; t < 4u; t++) {
    if (t >= count) { break; }
    let r = opt_skip4(opt_randint(w[t], n - nt), s, nt);
    out[t] = r;
    s = opt_insert4(s, nt, r);
    nt++;
  }
  return out;
}
fn opt_draw_distinct(site: u32, ind: u32, count: u32, n: u32, except: u32, which: u32) -> u32 {
  return opt_distinct4(site, ind, count, n, except)[which];
}

