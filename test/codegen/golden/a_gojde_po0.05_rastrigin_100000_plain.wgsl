// ---- step init.X kernel step_partials_0 uses P,RUNS,PART,SCR
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
@group(0) @binding(4) var<storage, read_write> SCR: array<f32>;
@group(0) @binding(5) var<storage, read_write> PART: array<f32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let n = group % P.n;
  let c = group / P.n;
  let valid = c < 7u;
  let xo = min(n, P.n - 1u) * 100000u;
  var acc_fit: f32 = 0.0f;
  {
    let vl = i32(lid);
    var lv_fit: array<f32, 5>;
    var kd: u32 = 0u;
    for (var kb: i32 = i32(c * 16u); kb < min(i32(c * 16u) + 16i, 98i); kb++) {
      acc_fit = 0.0f;
      let q = kb * 256i + vl;
      if (q >= 0i && q < 25000i) {
        let iv4 = q * 4i;
        {
          let iv = iv4 + 0i;
          var kv_t0: f32 = 0.0f;
          if (iv < 100000i) {
            let i_j2 = iv;
            let t1 = opt_draw_u(1048576u, u32(i32(n)), u32(i_j2));
            kv_t0 = (fma(10.239999771118164f, t1, -5.119999885559082f));
            if (valid) { SCR[(n * 100000u + 0u + u32(iv)) + wid.z * P.run_scr] = kv_t0; }
          }
          if (iv >= 0i && iv < 100000i) {
            let i_i1 = iv;
            let t2 = kv_t0;
            let t3 = sin((3.141592653589793f * kv_t0));
            acc_fit = acc_fit + (fma(20.0f, (t3 * t3), (t2 * t2)));
          }
        }
        {
          let iv = iv4 + 1i;
          var kv_t4: f32 = 0.0f;
          if (iv < 100000i) {
            let i_j2 = iv;
            let t5 = opt_draw_u(1048576u, u32(i32(n)), u32(i_j2));
            kv_t4 = (fma(10.239999771118164f, t5, -5.119999885559082f));
            if (valid) { SCR[(n * 100000u + 0u + u32(iv)) + wid.z * P.run_scr] = kv_t4; }
          }
          if (iv >= 0i && iv < 100000i) {
            let i_i1 = iv;
            let t6 = kv_t4;
            let t7 = sin((3.141592653589793f * kv_t4));
            acc_fit = acc_fit + (fma(20.0f, (t7 * t7), (t6 * t6)));
          }
        }
        {
          let iv = iv4 + 2i;
          var kv_t8: f32 = 0.0f;
          if (iv < 100000i) {
            let i_j2 = iv;
            let t9 = opt_draw_u(1048576u, u32(i32(n)), u32(i_j2));
            kv_t8 = (fma(10.239999771118164f, t9, -5.119999885559082f));
            if (valid) { SCR[(n * 100000u + 0u + u32(iv)) + wid.z * P.run_scr] = kv_t8; }
          }
          if (iv >= 0i && iv < 100000i) {
            let i_i1 = iv;
            let t10 = kv_t8;
            let t11 = sin((3.141592653589793f * kv_t8));
            acc_fit = acc_fit + (fma(20.0f, (t11 * t11), (t10 * t10)));
          }
        }
        {
          let iv = iv4 + 3i;
          var kv_t12: f32 = 0.0f;
          if (iv < 100000i) {
            let i_j2 = iv;
            let t13 = opt_draw_u(1048576u, u32(i32(n)), u32(i_j2));
            kv_t12 = (fma(10.239999771118164f, t13, -5.119999885559082f));
            if (valid) { SCR[(n * 100000u + 0u + u32(iv)) + wid.z * P.run_scr] = kv_t12; }
          }
          if (iv >= 0i && iv < 100000i) {
            let i_i1 = iv;
            let t14 = kv_t12;
            let t15 = sin((3.141592653589793f * kv_t12));
            acc_fit = acc_fit + (fma(20.0f, (t15 * t15), (t14 * t14)));
          }
        }
      }
      var v_fit: f32 = acc_fit;
      var kj: u32 = 0u;
      var kt: u32 = kd;
      loop {
        if ((kt & 1u) == 0u) { break; }
        v_fit = lv_fit[kj] + v_fit;
        kj += 1u;
        kt >>= 1u;
      }
      lv_fit[kj] = v_fit;
      kd += 1u;
    }
    var v_fit: f32;
    v_fit = 0.0f;
    var kf: bool = true;
    for (var kr: u32 = 0u; kr < 5u; kr++) {
      if (((kd >> kr) & 1u) == 1u) {
        v_fit = select(lv_fit[kr] + v_fit, lv_fit[kr], kf);
        kf = false;
      }
    }
    acc_fit = v_fit;
    if (valid) {
      PART[(n * 3584u + (c * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part] = acc_fit;
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

// ---- step init.X kernel combine_0 uses P,RUNS,PART,SC
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
@group(0) @binding(5) var<storage, read_write> PART: array<f32>;
@group(0) @binding(6) var<storage, read_write> SC: array<f32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 256u;
  let lane = lid % 256u;
  let n_raw = group * 1u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100000u; // an epilogue may read single elements (Discus: x[0])
  var acc_fit: f32 = 0.0f;
  {
    let vl = lane;
    var lv_fit: array<f32, 1>;
    var kd: u32 = 0u;
    for (var cg: u32 = 0u; cg < 1u; cg++) {
      var gl_fit_0: f32 = select(0.0f, PART[(n * 3584u + (min(cg * 8u + 0u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part], (cg * 8u + 0u) < 7u);
      var gl_fit_1: f32 = select(0.0f, PART[(n * 3584u + (min(cg * 8u + 1u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part], (cg * 8u + 1u) < 7u);
      var gl_fit_2: f32 = select(0.0f, PART[(n * 3584u + (min(cg * 8u + 2u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part], (cg * 8u + 2u) < 7u);
      var gl_fit_3: f32 = select(0.0f, PART[(n * 3584u + (min(cg * 8u + 3u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part], (cg * 8u + 3u) < 7u);
      var gl_fit_4: f32 = select(0.0f, PART[(n * 3584u + (min(cg * 8u + 4u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part], (cg * 8u + 4u) < 7u);
      var gl_fit_5: f32 = select(0.0f, PART[(n * 3584u + (min(cg * 8u + 5u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part], (cg * 8u + 5u) < 7u);
      var gl_fit_6: f32 = select(0.0f, PART[(n * 3584u + (min(cg * 8u + 6u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part], (cg * 8u + 6u) < 7u);
      var gl_fit_7: f32 = select(0.0f, PART[(n * 3584u + (min(cg * 8u + 7u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part], (cg * 8u + 7u) < 7u);
      gl_fit_0 = gl_fit_0 + gl_fit_1;
      gl_fit_1 = gl_fit_2 + gl_fit_3;
      gl_fit_2 = gl_fit_4 + gl_fit_5;
      gl_fit_3 = gl_fit_6 + gl_fit_7;
      gl_fit_0 = gl_fit_0 + gl_fit_1;
      gl_fit_1 = gl_fit_2 + gl_fit_3;
      gl_fit_0 = gl_fit_0 + gl_fit_1;
      var v_fit: f32 = gl_fit_0;
      var kj: u32 = 0u;
      var kt: u32 = kd;
      loop {
        if ((kt & 1u) == 0u) { break; }
        v_fit = lv_fit[kj] + v_fit;
        kj += 1u;
        kt >>= 1u;
      }
      lv_fit[kj] = v_fit;
      kd += 1u;
    }
    var v_fit: f32;
    v_fit = 0.0f;
    var kf: bool = true;
    for (var kr: u32 = 0u; kr < 1u; kr++) {
      if (((kd >> kr) & 1u) == 1u) {
        v_fit = select(lv_fit[kr] + v_fit, lv_fit[kr], kf);
        kf = false;
      }
    }
    acc_fit = v_fit;
  }
  shf[0u + lid] = acc_fit;
  workgroupBarrier();
  if (lane < 128u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 128u];
  }
  workgroupBarrier();
  if (lane < 64u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 64u];
  }
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
  let s_fit: f32 = shf[0u + team * 256u];
  workgroupBarrier();
  let s_fitness: f32 = opt_fit(s_fit);
  if (valid && lane == 0u) {
    SC[(n * 2u + 0u) + wid.z * P.run_sc] = f32(s_fit);
    SC[(n * 2u + 1u) + wid.z * P.run_sc] = f32(s_fitness);
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

// ---- step init.X kernel step_writes uses P,RUNS,SC,SCR,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
@group(0) @binding(4) var<storage, read_write> SCR: array<f32>;
@group(0) @binding(6) var<storage, read_write> SC: array<f32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let n = group % P.n;
  let c = group / P.n;
  let valid = c < 7u;
  let xo = min(n, P.n - 1u) * 100000u;
  let s_fit: f32 = SC[(n * 2u + 0u) + wid.z * P.run_sc];
  let s_fitness: f32 = SC[(n * 2u + 1u) + wid.z * P.run_sc];
  {
    let t0: i32 = i32(n);
    if (valid && t0 >= 0i && t0 < 128i) {
      let jend = min(100000i, i32((c + 1u) * 16384u));
      for (var jw4: i32 = i32(c * 16384u + 4u * lid); jw4 < jend; jw4 += 1024i) {
        var t1: f32 = 0.0f;
        {
          let i_j2 = jw4 + 0i;
          t1 = SCR[(n * 100000u + 0u + u32(i_j2)) + wid.z * P.run_scr];
        }
        var t2: f32 = 0.0f;
        {
          let i_j2 = jw4 + 1i;
          t2 = SCR[(n * 100000u + 0u + u32(i_j2)) + wid.z * P.run_scr];
        }
        var t3: f32 = 0.0f;
        {
          let i_j2 = jw4 + 2i;
          t3 = SCR[(n * 100000u + 0u + u32(i_j2)) + wid.z * P.run_scr];
        }
        var t4: f32 = 0.0f;
        {
          let i_j2 = jw4 + 3i;
          t4 = SCR[(n * 100000u + 0u + u32(i_j2)) + wid.z * P.run_scr];
        }
        S[((P.w[0][0] + wid.z * P.run_s) + u32(t0) * 100000u + u32(jw4)) >> 2u] = vec4<f32>(t1, t2, t3, t4);
      }
    }
  }
  {
    let t5: i32 = i32(n);
    if (valid && t5 >= 0i && t5 < 128i && c == 0u && lid == 0u) {
      opt_s_set((P.w[0][1] + wid.z * P.run_s) + u32(t5), s_fitness);
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

// ---- step init.O kernel step_writes uses P,RUNS,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let n = group % P.n;
  let c = group / P.n;
  let valid = c < 7u;
  let xo = min(n, P.n - 1u) * 100000u;
  let t6 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i32(n)));
  {
    let t0: i32 = i32(n);
    if (valid && t0 >= 0i && t0 < 128i) {
      let jend = min(100000i, i32((c + 1u) * 16384u));
      for (var jw4: i32 = i32(c * 16384u + 4u * lid); jw4 < jend; jw4 += 1024i) {
        let sv0 = S[((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(jw4)) >> 2u];
        var t1: f32 = 0.0f;
        {
          let i_j3 = jw4 + 0i;
          t1 = sv0[0];
        }
        var t2: f32 = 0.0f;
        {
          let i_j3 = jw4 + 1i;
          t2 = sv0[1];
        }
        var t3: f32 = 0.0f;
        {
          let i_j3 = jw4 + 2i;
          t3 = sv0[2];
        }
        var t4: f32 = 0.0f;
        {
          let i_j3 = jw4 + 3i;
          t4 = sv0[3];
        }
        S[((P.w[0][2] + wid.z * P.run_s) + u32(t0) * 100000u + u32(jw4)) >> 2u] = vec4<f32>(t1, t2, t3, t4);
      }
    }
  }
  {
    let t5: i32 = i32(n);
    if (valid && t5 >= 0i && t5 < 128i && c == 0u && lid == 0u) {
      opt_s_set((P.w[0][3] + wid.z * P.run_s) + u32(t5), t6);
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

// ---- step init.Fi kernel step_writes uses P,RUNS,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let n = group % P.n;
  let c = group / P.n;
  let valid = c < 7u;
  let xo = min(n, P.n - 1u) * 100000u;
  {
    let t0: i32 = i32(n);
    if (valid && t0 >= 0i && t0 < 128i && c == 0u && lid == 0u) {
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

// ---- step init.CRi kernel step_writes uses P,RUNS,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let n = group % P.n;
  let c = group / P.n;
  let valid = c < 7u;
  let xo = min(n, P.n - 1u) * 100000u;
  {
    let t0: i32 = i32(n);
    if (valid && t0 >= 0i && t0 < 128i && c == 0u && lid == 0u) {
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

// ---- step vec.a kernel step_writes uses P,RUNS,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let n = group % P.n;
  let c = group / P.n;
  let valid = c < 98u;
  let xo = min(n, P.n - 1u) * 100000u;
  {
    let t0: i32 = 0i;
    if (valid && t0 >= 0i && t0 < 1i) {
      let jend = min(100000i, i32((c + 1u) * 1024u));
      for (var jw4: i32 = i32(c * 1024u + 4u * lid); jw4 < jend; jw4 += 1024i) {
        var t1: f32 = 0.0f;
        {
          let i_j4 = jw4 + 0i;
          var t2: f32 = opt_inf();
          for (var i_k5: i32 = 0i; i_k5 < 128i; i_k5++) {
            t2 = min(t2, opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i_k5) * 100000u + u32(i_j4)));
          }
          t1 = t2;
        }
        var t3: f32 = 0.0f;
        {
          let i_j4 = jw4 + 1i;
          var t4: f32 = opt_inf();
          for (var i_k5: i32 = 0i; i_k5 < 128i; i_k5++) {
            t4 = min(t4, opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i_k5) * 100000u + u32(i_j4)));
          }
          t3 = t4;
        }
        var t5: f32 = 0.0f;
        {
          let i_j4 = jw4 + 2i;
          var t6: f32 = opt_inf();
          for (var i_k5: i32 = 0i; i_k5 < 128i; i_k5++) {
            t6 = min(t6, opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i_k5) * 100000u + u32(i_j4)));
          }
          t5 = t6;
        }
        var t7: f32 = 0.0f;
        {
          let i_j4 = jw4 + 3i;
          var t8: f32 = opt_inf();
          for (var i_k5: i32 = 0i; i_k5 < 128i; i_k5++) {
            t8 = min(t8, opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i_k5) * 100000u + u32(i_j4)));
          }
          t7 = t8;
        }
        S[((P.w[2][2] + wid.z * P.run_s) + u32(t0) * 100000u + u32(jw4)) >> 2u] = vec4<f32>(t1, t3, t5, t7);
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

// ---- step vec.b kernel step_writes uses P,RUNS,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let n = group % P.n;
  let c = group / P.n;
  let valid = c < 98u;
  let xo = min(n, P.n - 1u) * 100000u;
  {
    let t0: i32 = 0i;
    if (valid && t0 >= 0i && t0 < 1i) {
      let jend = min(100000i, i32((c + 1u) * 1024u));
      for (var jw4: i32 = i32(c * 1024u + 4u * lid); jw4 < jend; jw4 += 1024i) {
        var t1: f32 = 0.0f;
        {
          let i_j6 = jw4 + 0i;
          var t2: f32 = (-opt_inf());
          for (var i_k7: i32 = 0i; i_k7 < 128i; i_k7++) {
            t2 = max(t2, opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i_k7) * 100000u + u32(i_j6)));
          }
          t1 = t2;
        }
        var t3: f32 = 0.0f;
        {
          let i_j6 = jw4 + 1i;
          var t4: f32 = (-opt_inf());
          for (var i_k7: i32 = 0i; i_k7 < 128i; i_k7++) {
            t4 = max(t4, opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i_k7) * 100000u + u32(i_j6)));
          }
          t3 = t4;
        }
        var t5: f32 = 0.0f;
        {
          let i_j6 = jw4 + 2i;
          var t6: f32 = (-opt_inf());
          for (var i_k7: i32 = 0i; i_k7 < 128i; i_k7++) {
            t6 = max(t6, opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i_k7) * 100000u + u32(i_j6)));
          }
          t5 = t6;
        }
        var t7: f32 = 0.0f;
        {
          let i_j6 = jw4 + 3i;
          var t8: f32 = (-opt_inf());
          for (var i_k7: i32 = 0i; i_k7 < 128i; i_k7++) {
            t8 = max(t8, opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i_k7) * 100000u + u32(i_j6)));
          }
          t7 = t8;
        }
        S[((P.w[2][3] + wid.z * P.run_s) + u32(t0) * 100000u + u32(jw4)) >> 2u] = vec4<f32>(t1, t3, t5, t7);
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

// ---- step each.O kernel step_partials_0 uses P,RUNS,PART,S,SCR
var<workgroup> opt_hd: array<vec4<u32>, 1>;
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
@group(0) @binding(4) var<storage, read_write> SCR: array<f32>;
@group(0) @binding(5) var<storage, read_write> PART: array<f32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let n = group % P.n;
  let c = group / P.n;
  let valid = c < 7u;
  let xo = min(n, P.n - 1u) * 100000u;
  if (lid == 0u) { opt_hd[0u * 1u + 0u] = vec4<u32>(bitcast<u32>(opt_draw_u(2u, u32(0i), u32(0i))), 0u, 0u, 0u); }
  workgroupBarrier();
  let t0 = bitcast<f32>(opt_hd[0u * 1u + 0u].x);
  let s_g_kk: f32 = t0;
  var acc_fit: f32 = 0.0f;
  {
    let vl = i32(lid);
    var lv_fit: array<f32, 5>;
    var kd: u32 = 0u;
    for (var kb: i32 = i32(c * 16u); kb < min(i32(c * 16u) + 16i, 98i); kb++) {
      acc_fit = 0.0f;
      let q = kb * 256i + vl;
      if (q >= 0i && q < 25000i) {
        let iv4 = q * 4i;
        let sv0 = S[((P.o[2][2] + wid.z * P.run_s) + u32(0i) * 100000u + u32(iv4)) >> 2u];
        let sv1 = S[((P.o[2][3] + wid.z * P.run_s) + u32(0i) * 100000u + u32(iv4)) >> 2u];
        let sv2 = S[((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(iv4)) >> 2u];
        let sv3 = S[((P.o[0][2] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(iv4)) >> 2u];
        {
          let iv = iv4 + 0i;
          var kv_t1: f32 = 0.0f;
          if (iv < 100000i) {
            let i_j9 = iv;
            var t3: f32;
            if ((((fma(s_g_kk, (sv0[0] + sv1[0]), (-sv2[0]))) < -5.119999885559082f) || ((fma(s_g_kk, (sv0[0] + sv1[0]), (-sv2[0]))) > 5.119999885559082f))) {
              let t2 = opt_draw_u(3u, u32(i32(n)), u32(i_j9));
              t3 = (fma(t2, (sv1[0] - sv0[0]), sv0[0]));
            } else {
              t3 = (fma(s_g_kk, (sv0[0] + sv1[0]), (-sv2[0])));
            }
            kv_t1 = t3;
            if (valid) { SCR[(n * 100000u + 0u + u32(iv)) + wid.z * P.run_scr] = kv_t1; }
          }
          if (iv >= 0i && iv < 100000i) {
            let i_i1 = iv;
            let t4 = select(select(kv_t1, clamp(((5.119999885559082f + sv3[0]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (kv_t1 > 5.119999885559082f)), clamp(((-5.119999885559082f + sv3[0]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (kv_t1 < -5.119999885559082f));
            let t5 = sin((3.141592653589793f * select(select(kv_t1, clamp(((5.119999885559082f + sv3[0]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (kv_t1 > 5.119999885559082f)), clamp(((-5.119999885559082f + sv3[0]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (kv_t1 < -5.119999885559082f))));
            acc_fit = acc_fit + (fma(20.0f, (t5 * t5), (t4 * t4)));
          }
        }
        {
          let iv = iv4 + 1i;
          var kv_t6: f32 = 0.0f;
          if (iv < 100000i) {
            let i_j9 = iv;
            var t8: f32;
            if ((((fma(s_g_kk, (sv0[1] + sv1[1]), (-sv2[1]))) < -5.119999885559082f) || ((fma(s_g_kk, (sv0[1] + sv1[1]), (-sv2[1]))) > 5.119999885559082f))) {
              let t7 = opt_draw_u(3u, u32(i32(n)), u32(i_j9));
              t8 = (fma(t7, (sv1[1] - sv0[1]), sv0[1]));
            } else {
              t8 = (fma(s_g_kk, (sv0[1] + sv1[1]), (-sv2[1])));
            }
            kv_t6 = t8;
            if (valid) { SCR[(n * 100000u + 0u + u32(iv)) + wid.z * P.run_scr] = kv_t6; }
          }
          if (iv >= 0i && iv < 100000i) {
            let i_i1 = iv;
            let t9 = select(select(kv_t6, clamp(((5.119999885559082f + sv3[1]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (kv_t6 > 5.119999885559082f)), clamp(((-5.119999885559082f + sv3[1]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (kv_t6 < -5.119999885559082f));
            let t10 = sin((3.141592653589793f * select(select(kv_t6, clamp(((5.119999885559082f + sv3[1]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (kv_t6 > 5.119999885559082f)), clamp(((-5.119999885559082f + sv3[1]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (kv_t6 < -5.119999885559082f))));
            acc_fit = acc_fit + (fma(20.0f, (t10 * t10), (t9 * t9)));
          }
        }
        {
          let iv = iv4 + 2i;
          var kv_t11: f32 = 0.0f;
          if (iv < 100000i) {
            let i_j9 = iv;
            var t13: f32;
            if ((((fma(s_g_kk, (sv0[2] + sv1[2]), (-sv2[2]))) < -5.119999885559082f) || ((fma(s_g_kk, (sv0[2] + sv1[2]), (-sv2[2]))) > 5.119999885559082f))) {
              let t12 = opt_draw_u(3u, u32(i32(n)), u32(i_j9));
              t13 = (fma(t12, (sv1[2] - sv0[2]), sv0[2]));
            } else {
              t13 = (fma(s_g_kk, (sv0[2] + sv1[2]), (-sv2[2])));
            }
            kv_t11 = t13;
            if (valid) { SCR[(n * 100000u + 0u + u32(iv)) + wid.z * P.run_scr] = kv_t11; }
          }
          if (iv >= 0i && iv < 100000i) {
            let i_i1 = iv;
            let t14 = select(select(kv_t11, clamp(((5.119999885559082f + sv3[2]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (kv_t11 > 5.119999885559082f)), clamp(((-5.119999885559082f + sv3[2]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (kv_t11 < -5.119999885559082f));
            let t15 = sin((3.141592653589793f * select(select(kv_t11, clamp(((5.119999885559082f + sv3[2]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (kv_t11 > 5.119999885559082f)), clamp(((-5.119999885559082f + sv3[2]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (kv_t11 < -5.119999885559082f))));
            acc_fit = acc_fit + (fma(20.0f, (t15 * t15), (t14 * t14)));
          }
        }
        {
          let iv = iv4 + 3i;
          var kv_t16: f32 = 0.0f;
          if (iv < 100000i) {
            let i_j9 = iv;
            var t18: f32;
            if ((((fma(s_g_kk, (sv0[3] + sv1[3]), (-sv2[3]))) < -5.119999885559082f) || ((fma(s_g_kk, (sv0[3] + sv1[3]), (-sv2[3]))) > 5.119999885559082f))) {
              let t17 = opt_draw_u(3u, u32(i32(n)), u32(i_j9));
              t18 = (fma(t17, (sv1[3] - sv0[3]), sv0[3]));
            } else {
              t18 = (fma(s_g_kk, (sv0[3] + sv1[3]), (-sv2[3])));
            }
            kv_t16 = t18;
            if (valid) { SCR[(n * 100000u + 0u + u32(iv)) + wid.z * P.run_scr] = kv_t16; }
          }
          if (iv >= 0i && iv < 100000i) {
            let i_i1 = iv;
            let t19 = select(select(kv_t16, clamp(((5.119999885559082f + sv3[3]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (kv_t16 > 5.119999885559082f)), clamp(((-5.119999885559082f + sv3[3]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (kv_t16 < -5.119999885559082f));
            let t20 = sin((3.141592653589793f * select(select(kv_t16, clamp(((5.119999885559082f + sv3[3]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (kv_t16 > 5.119999885559082f)), clamp(((-5.119999885559082f + sv3[3]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (kv_t16 < -5.119999885559082f))));
            acc_fit = acc_fit + (fma(20.0f, (t20 * t20), (t19 * t19)));
          }
        }
      }
      var v_fit: f32 = acc_fit;
      var kj: u32 = 0u;
      var kt: u32 = kd;
      loop {
        if ((kt & 1u) == 0u) { break; }
        v_fit = lv_fit[kj] + v_fit;
        kj += 1u;
        kt >>= 1u;
      }
      lv_fit[kj] = v_fit;
      kd += 1u;
    }
    var v_fit: f32;
    v_fit = 0.0f;
    var kf: bool = true;
    for (var kr: u32 = 0u; kr < 5u; kr++) {
      if (((kd >> kr) & 1u) == 1u) {
        v_fit = select(lv_fit[kr] + v_fit, lv_fit[kr], kf);
        kf = false;
      }
    }
    acc_fit = v_fit;
    if (valid) {
      PART[(n * 3584u + (c * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part] = acc_fit;
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

// ---- step each.O kernel combine_0 uses P,RUNS,PART,SC
var<workgroup> opt_hd: array<vec4<u32>, 1>;
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
@group(0) @binding(5) var<storage, read_write> PART: array<f32>;
@group(0) @binding(6) var<storage, read_write> SC: array<f32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 256u;
  let lane = lid % 256u;
  let n_raw = group * 1u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100000u; // an epilogue may read single elements (Discus: x[0])
  if (lane == 0u) { opt_hd[team * 1u + 0u] = vec4<u32>(bitcast<u32>(opt_draw_u(2u, u32(0i), u32(0i))), 0u, 0u, 0u); }
  workgroupBarrier();
  let t0 = bitcast<f32>(opt_hd[team * 1u + 0u].x);
  let s_g_kk: f32 = t0;
  var acc_fit: f32 = 0.0f;
  {
    let vl = lane;
    var lv_fit: array<f32, 1>;
    var kd: u32 = 0u;
    for (var cg: u32 = 0u; cg < 1u; cg++) {
      var gl_fit_0: f32 = select(0.0f, PART[(n * 3584u + (min(cg * 8u + 0u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part], (cg * 8u + 0u) < 7u);
      var gl_fit_1: f32 = select(0.0f, PART[(n * 3584u + (min(cg * 8u + 1u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part], (cg * 8u + 1u) < 7u);
      var gl_fit_2: f32 = select(0.0f, PART[(n * 3584u + (min(cg * 8u + 2u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part], (cg * 8u + 2u) < 7u);
      var gl_fit_3: f32 = select(0.0f, PART[(n * 3584u + (min(cg * 8u + 3u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part], (cg * 8u + 3u) < 7u);
      var gl_fit_4: f32 = select(0.0f, PART[(n * 3584u + (min(cg * 8u + 4u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part], (cg * 8u + 4u) < 7u);
      var gl_fit_5: f32 = select(0.0f, PART[(n * 3584u + (min(cg * 8u + 5u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part], (cg * 8u + 5u) < 7u);
      var gl_fit_6: f32 = select(0.0f, PART[(n * 3584u + (min(cg * 8u + 6u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part], (cg * 8u + 6u) < 7u);
      var gl_fit_7: f32 = select(0.0f, PART[(n * 3584u + (min(cg * 8u + 7u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part], (cg * 8u + 7u) < 7u);
      gl_fit_0 = gl_fit_0 + gl_fit_1;
      gl_fit_1 = gl_fit_2 + gl_fit_3;
      gl_fit_2 = gl_fit_4 + gl_fit_5;
      gl_fit_3 = gl_fit_6 + gl_fit_7;
      gl_fit_0 = gl_fit_0 + gl_fit_1;
      gl_fit_1 = gl_fit_2 + gl_fit_3;
      gl_fit_0 = gl_fit_0 + gl_fit_1;
      var v_fit: f32 = gl_fit_0;
      var kj: u32 = 0u;
      var kt: u32 = kd;
      loop {
        if ((kt & 1u) == 0u) { break; }
        v_fit = lv_fit[kj] + v_fit;
        kj += 1u;
        kt >>= 1u;
      }
      lv_fit[kj] = v_fit;
      kd += 1u;
    }
    var v_fit: f32;
    v_fit = 0.0f;
    var kf: bool = true;
    for (var kr: u32 = 0u; kr < 1u; kr++) {
      if (((kd >> kr) & 1u) == 1u) {
        v_fit = select(lv_fit[kr] + v_fit, lv_fit[kr], kf);
        kf = false;
      }
    }
    acc_fit = v_fit;
  }
  shf[0u + lid] = acc_fit;
  workgroupBarrier();
  if (lane < 128u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 128u];
  }
  workgroupBarrier();
  if (lane < 64u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 64u];
  }
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
  let s_fit: f32 = shf[0u + team * 256u];
  workgroupBarrier();
  let s_fitness: f32 = opt_fit(s_fit);
  if (valid && lane == 0u) {
    SC[(n * 3u + 1u) + wid.z * P.run_sc] = f32(s_fit);
    SC[(n * 3u + 2u) + wid.z * P.run_sc] = f32(s_fitness);
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

// ---- step each.O kernel step_writes uses P,RUNS,SC,SCR,S
var<workgroup> opt_hd: array<vec4<u32>, 1>;
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
@group(0) @binding(4) var<storage, read_write> SCR: array<f32>;
@group(0) @binding(6) var<storage, read_write> SC: array<f32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let n = group % P.n;
  let c = group / P.n;
  let valid = c < 7u;
  let xo = min(n, P.n - 1u) * 100000u;
  let s_fit: f32 = SC[(n * 3u + 1u) + wid.z * P.run_sc];
  let s_fitness: f32 = SC[(n * 3u + 2u) + wid.z * P.run_sc];
  if (lid == 0u) { opt_hd[0u * 1u + 0u] = vec4<u32>(bitcast<u32>(opt_draw_u(2u, u32(0i), u32(0i))), 0u, 0u, 0u); }
  workgroupBarrier();
  let t0 = bitcast<f32>(opt_hd[0u * 1u + 0u].x);
  let s_g_kk: f32 = t0;
  {
    let t1: i32 = i32(n);
    if (valid && t1 >= 0i && t1 < 128i) {
      let jend = min(100000i, i32((c + 1u) * 16384u));
      for (var jw4: i32 = i32(c * 16384u + 4u * lid); jw4 < jend; jw4 += 1024i) {
        let sv0 = S[((P.o[0][2] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(jw4)) >> 2u];
        var t2: f32 = 0.0f;
        {
          let i_j11 = jw4 + 0i;
          t2 = select(select(SCR[(n * 100000u + 0u + u32(i_j11)) + wid.z * P.run_scr], clamp(((5.119999885559082f + sv0[0]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j11)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + sv0[0]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j11)) + wid.z * P.run_scr] < -5.119999885559082f));
        }
        var t3: f32 = 0.0f;
        {
          let i_j11 = jw4 + 1i;
          t3 = select(select(SCR[(n * 100000u + 0u + u32(i_j11)) + wid.z * P.run_scr], clamp(((5.119999885559082f + sv0[1]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j11)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + sv0[1]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j11)) + wid.z * P.run_scr] < -5.119999885559082f));
        }
        var t4: f32 = 0.0f;
        {
          let i_j11 = jw4 + 2i;
          t4 = select(select(SCR[(n * 100000u + 0u + u32(i_j11)) + wid.z * P.run_scr], clamp(((5.119999885559082f + sv0[2]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j11)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + sv0[2]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j11)) + wid.z * P.run_scr] < -5.119999885559082f));
        }
        var t5: f32 = 0.0f;
        {
          let i_j11 = jw4 + 3i;
          t5 = select(select(SCR[(n * 100000u + 0u + u32(i_j11)) + wid.z * P.run_scr], clamp(((5.119999885559082f + sv0[3]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j11)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + sv0[3]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j11)) + wid.z * P.run_scr] < -5.119999885559082f));
        }
        S[((P.w[0][2] + wid.z * P.run_s) + u32(t1) * 100000u + u32(jw4)) >> 2u] = vec4<f32>(t2, t3, t4, t5);
      }
    }
  }
  {
    let t6: i32 = i32(n);
    if (valid && t6 >= 0i && t6 < 128i && c == 0u && lid == 0u) {
      opt_s_set((P.w[0][3] + wid.z * P.run_s) + u32(t6), s_fitness);
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

// ---- step rank.X kernel reduce_partials_0 uses P,RUNS,S,PART
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
@group(0) @binding(5) var<storage, read_write> PART: array<f32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 256>;
var<workgroup> shi: array<i32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let n = group % P.n;
  let c = group / P.n;
  let valid = c < 7u;
  let xo = min(n, P.n - 1u) * 100000u;
  let s_union_f: f32 = select(opt_s((P.o[0][3] + wid.z * P.run_s) + u32(max((i32(n) - 128i), 0i))), opt_s((P.o[0][1] + wid.z * P.run_s) + u32(min(i32(n), 127i))), (i32(n) < 128i));
  var acc_rank: i32 = 0i;
  {
    let vl = i32(lid);
    var kd: u32 = 0u;
    for (var kb: i32 = i32(c * 16u); kb < min(i32(c * 16u) + 16i, 98i); kb++) {
      let q = kb * 256i + vl;
      if (q >= 0i && q < 64i) {
        let e0 = q * 4i + 0i;
        if (e0 >= 0i && e0 < 256i) {
          let i_k = e0;
          if (((select(opt_s((P.o[0][3] + wid.z * P.run_s) + u32(max((i_k - 128i), 0i))), opt_s((P.o[0][1] + wid.z * P.run_s) + u32(min(i_k, 127i))), (i_k < 128i)) < s_union_f) || ((select(opt_s((P.o[0][3] + wid.z * P.run_s) + u32(max((i_k - 128i), 0i))), opt_s((P.o[0][1] + wid.z * P.run_s) + u32(min(i_k, 127i))), (i_k < 128i)) == s_union_f) && (i_k < i32(n))))) {
            acc_rank = acc_rank + 1i;
          }
        }
        let e1 = q * 4i + 1i;
        if (e1 >= 0i && e1 < 256i) {
          let i_k = e1;
          if (((select(opt_s((P.o[0][3] + wid.z * P.run_s) + u32(max((i_k - 128i), 0i))), opt_s((P.o[0][1] + wid.z * P.run_s) + u32(min(i_k, 127i))), (i_k < 128i)) < s_union_f) || ((select(opt_s((P.o[0][3] + wid.z * P.run_s) + u32(max((i_k - 128i), 0i))), opt_s((P.o[0][1] + wid.z * P.run_s) + u32(min(i_k, 127i))), (i_k < 128i)) == s_union_f) && (i_k < i32(n))))) {
            acc_rank = acc_rank + 1i;
          }
        }
        let e2 = q * 4i + 2i;
        if (e2 >= 0i && e2 < 256i) {
          let i_k = e2;
          if (((select(opt_s((P.o[0][3] + wid.z * P.run_s) + u32(max((i_k - 128i), 0i))), opt_s((P.o[0][1] + wid.z * P.run_s) + u32(min(i_k, 127i))), (i_k < 128i)) < s_union_f) || ((select(opt_s((P.o[0][3] + wid.z * P.run_s) + u32(max((i_k - 128i), 0i))), opt_s((P.o[0][1] + wid.z * P.run_s) + u32(min(i_k, 127i))), (i_k < 128i)) == s_union_f) && (i_k < i32(n))))) {
            acc_rank = acc_rank + 1i;
          }
        }
        let e3 = q * 4i + 3i;
        if (e3 >= 0i && e3 < 256i) {
          let i_k = e3;
          if (((select(opt_s((P.o[0][3] + wid.z * P.run_s) + u32(max((i_k - 128i), 0i))), opt_s((P.o[0][1] + wid.z * P.run_s) + u32(min(i_k, 127i))), (i_k < 128i)) < s_union_f) || ((select(opt_s((P.o[0][3] + wid.z * P.run_s) + u32(max((i_k - 128i), 0i))), opt_s((P.o[0][1] + wid.z * P.run_s) + u32(min(i_k, 127i))), (i_k < 128i)) == s_union_f) && (i_k < i32(n))))) {
            acc_rank = acc_rank + 1i;
          }
        }
      }
      var kj: u32 = 0u;
      var kt: u32 = kd;
      loop {
        if ((kt & 1u) == 0u) { break; }
        kj += 1u;
        kt >>= 1u;
      }
      kd += 1u;
    }
    var kf: bool = true;
    for (var kr: u32 = 0u; kr < 5u; kr++) {
      if (((kd >> kr) & 1u) == 1u) {
        kf = false;
      }
    }
    if (valid) {
      PART[(n * 3584u + (c * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part] = bitcast<f32>(acc_rank);
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

// ---- step rank.X kernel combine_0 uses P,RUNS,S,PART,SC
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
@group(0) @binding(5) var<storage, read_write> PART: array<f32>;
@group(0) @binding(6) var<storage, read_write> SC: array<f32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 256>;
var<workgroup> shi: array<i32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 256u;
  let lane = lid % 256u;
  let n_raw = group * 1u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100000u; // an epilogue may read single elements (Discus: x[0])
  let s_union_f: f32 = select(opt_s((P.o[0][3] + wid.z * P.run_s) + u32(max((i32(n) - 128i), 0i))), opt_s((P.o[0][1] + wid.z * P.run_s) + u32(min(i32(n), 127i))), (i32(n) < 128i));
  var acc_rank: i32 = 0i;
  {
    let vl = lane;
    var kd: u32 = 0u;
    for (var cg: u32 = 0u; cg < 1u; cg++) {
      if ((cg * 8u + 0u) < 7u) { acc_rank = acc_rank + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 0u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      if ((cg * 8u + 1u) < 7u) { acc_rank = acc_rank + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 1u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      if ((cg * 8u + 2u) < 7u) { acc_rank = acc_rank + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 2u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      if ((cg * 8u + 3u) < 7u) { acc_rank = acc_rank + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 3u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      if ((cg * 8u + 4u) < 7u) { acc_rank = acc_rank + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 4u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      if ((cg * 8u + 5u) < 7u) { acc_rank = acc_rank + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 5u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      if ((cg * 8u + 6u) < 7u) { acc_rank = acc_rank + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 6u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      if ((cg * 8u + 7u) < 7u) { acc_rank = acc_rank + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 7u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      var kj: u32 = 0u;
      var kt: u32 = kd;
      loop {
        if ((kt & 1u) == 0u) { break; }
        kj += 1u;
        kt >>= 1u;
      }
      kd += 1u;
    }
    var kf: bool = true;
    for (var kr: u32 = 0u; kr < 1u; kr++) {
      if (((kd >> kr) & 1u) == 1u) {
        kf = false;
      }
    }
  }
  shi[0u + lid] = acc_rank;
  workgroupBarrier();
  if (lane < 128u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 128u];
  }
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
  let s_rank: i32 = shi[0u + team * 256u];
  workgroupBarrier();
  if (valid && lane == 0u) {
    SC[(n * 2u + 1u) + wid.z * P.run_sc] = f32(s_rank);
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

// ---- step rank.X kernel step_writes uses P,RUNS,SC,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
@group(0) @binding(6) var<storage, read_write> SC: array<f32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let n = group % P.n;
  let c = group / P.n;
  let valid = c < 7u;
  let xo = min(n, P.n - 1u) * 100000u;
  let s_rank: i32 = i32(SC[(n * 2u + 1u) + wid.z * P.run_sc]);
  let s_union_f: f32 = select(opt_s((P.o[0][3] + wid.z * P.run_s) + u32(max((i32(n) - 128i), 0i))), opt_s((P.o[0][1] + wid.z * P.run_s) + u32(min(i32(n), 127i))), (i32(n) < 128i));
  {
    let t0: i32 = select(128i, i32(n), (i32(n) < 128i));
    if (valid && t0 >= 0i && t0 < 128i && c == 0u && lid == 0u) {
      opt_s_set((P.w[3][0] + wid.z * P.run_s) + u32(t0), f32(s_rank));
    }
  }
  {
    let t1: i32 = select(128i, (i32(n) - 128i), (i32(n) >= 128i));
    if (valid && t1 >= 0i && t1 < 128i && c == 0u && lid == 0u) {
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

// ---- step best.X kernel reduce_partials_0 uses P,RUNS,S,PART
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
@group(0) @binding(5) var<storage, read_write> PART: array<f32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 256>;
var<workgroup> shi: array<i32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let n = group % P.n;
  let c = group / P.n;
  let valid = c < 7u;
  let xo = min(n, P.n - 1u) * 100000u;
  let t0 = opt_s((P.o[3][0] + wid.z * P.run_s) + u32(i32(n)));
  let s_rank: i32 = i32(t0);
  var acc_ordinal: i32 = 0i;
  {
    let vl = i32(lid);
    var kd: u32 = 0u;
    for (var kb: i32 = i32(c * 16u); kb < min(i32(c * 16u) + 16i, 98i); kb++) {
      let q = kb * 256i + vl;
      if (q >= 0i && q < 32i) {
        let e0 = q * 4i + 0i;
        if (e0 >= 0i && e0 < 128i) {
          let i_x_1 = e0;
          if (((i32(opt_s((P.o[3][0] + wid.z * P.run_s) + u32(i_x_1))) >= 128i) && (i32(opt_s((P.o[3][0] + wid.z * P.run_s) + u32(i_x_1))) < s_rank))) {
            acc_ordinal = acc_ordinal + 1i;
          }
        }
        let e1 = q * 4i + 1i;
        if (e1 >= 0i && e1 < 128i) {
          let i_x_1 = e1;
          if (((i32(opt_s((P.o[3][0] + wid.z * P.run_s) + u32(i_x_1))) >= 128i) && (i32(opt_s((P.o[3][0] + wid.z * P.run_s) + u32(i_x_1))) < s_rank))) {
            acc_ordinal = acc_ordinal + 1i;
          }
        }
        let e2 = q * 4i + 2i;
        if (e2 >= 0i && e2 < 128i) {
          let i_x_1 = e2;
          if (((i32(opt_s((P.o[3][0] + wid.z * P.run_s) + u32(i_x_1))) >= 128i) && (i32(opt_s((P.o[3][0] + wid.z * P.run_s) + u32(i_x_1))) < s_rank))) {
            acc_ordinal = acc_ordinal + 1i;
          }
        }
        let e3 = q * 4i + 3i;
        if (e3 >= 0i && e3 < 128i) {
          let i_x_1 = e3;
          if (((i32(opt_s((P.o[3][0] + wid.z * P.run_s) + u32(i_x_1))) >= 128i) && (i32(opt_s((P.o[3][0] + wid.z * P.run_s) + u32(i_x_1))) < s_rank))) {
            acc_ordinal = acc_ordinal + 1i;
          }
        }
      }
      var kj: u32 = 0u;
      var kt: u32 = kd;
      loop {
        if ((kt & 1u) == 0u) { break; }
        kj += 1u;
        kt >>= 1u;
      }
      kd += 1u;
    }
    var kf: bool = true;
    for (var kr: u32 = 0u; kr < 5u; kr++) {
      if (((kd >> kr) & 1u) == 1u) {
        kf = false;
      }
    }
    if (valid) {
      PART[(n * 3584u + (c * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part] = bitcast<f32>(acc_ordinal);
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

// ---- step best.X kernel combine_0 uses P,RUNS,S,PART,SC
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
@group(0) @binding(5) var<storage, read_write> PART: array<f32>;
@group(0) @binding(6) var<storage, read_write> SC: array<f32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 256>;
var<workgroup> shi: array<i32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 256u;
  let lane = lid % 256u;
  let n_raw = group * 1u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100000u; // an epilogue may read single elements (Discus: x[0])
  let t0 = opt_s((P.o[3][0] + wid.z * P.run_s) + u32(i32(n)));
  let s_rank: i32 = i32(t0);
  var acc_ordinal: i32 = 0i;
  {
    let vl = lane;
    var kd: u32 = 0u;
    for (var cg: u32 = 0u; cg < 1u; cg++) {
      if ((cg * 8u + 0u) < 7u) { acc_ordinal = acc_ordinal + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 0u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      if ((cg * 8u + 1u) < 7u) { acc_ordinal = acc_ordinal + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 1u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      if ((cg * 8u + 2u) < 7u) { acc_ordinal = acc_ordinal + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 2u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      if ((cg * 8u + 3u) < 7u) { acc_ordinal = acc_ordinal + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 3u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      if ((cg * 8u + 4u) < 7u) { acc_ordinal = acc_ordinal + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 4u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      if ((cg * 8u + 5u) < 7u) { acc_ordinal = acc_ordinal + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 5u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      if ((cg * 8u + 6u) < 7u) { acc_ordinal = acc_ordinal + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 6u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      if ((cg * 8u + 7u) < 7u) { acc_ordinal = acc_ordinal + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 7u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      var kj: u32 = 0u;
      var kt: u32 = kd;
      loop {
        if ((kt & 1u) == 0u) { break; }
        kj += 1u;
        kt >>= 1u;
      }
      kd += 1u;
    }
    var kf: bool = true;
    for (var kr: u32 = 0u; kr < 1u; kr++) {
      if (((kd >> kr) & 1u) == 1u) {
        kf = false;
      }
    }
  }
  shi[0u + lid] = acc_ordinal;
  workgroupBarrier();
  if (lane < 128u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 128u];
  }
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
  let s_ordinal: i32 = shi[0u + team * 256u];
  workgroupBarrier();
  if (valid && lane == 0u) {
    SC[(n * 4u + 2u) + wid.z * P.run_sc] = f32(s_ordinal);
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

// ---- step best.X kernel reduce_partials_1 uses P,RUNS,SC,S,PART
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
@group(0) @binding(5) var<storage, read_write> PART: array<f32>;
@group(0) @binding(6) var<storage, read_write> SC: array<f32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 256>;
var<workgroup> shi: array<i32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let n = group % P.n;
  let c = group / P.n;
  let valid = c < 7u;
  let xo = min(n, P.n - 1u) * 100000u;
  let s_ordinal: i32 = i32(SC[(n * 4u + 2u) + wid.z * P.run_sc]);
  let t0 = opt_s((P.o[3][0] + wid.z * P.run_s) + u32(i32(n)));
  let s_rank: i32 = i32(t0);
  var acc_entrant: i32 = 0i;
  {
    let vl = i32(lid);
    var kd: u32 = 0u;
    for (var kb: i32 = i32(c * 16u); kb < min(i32(c * 16u) + 16i, 98i); kb++) {
      let q = kb * 256i + vl;
      if (q >= 0i && q < 32i) {
        let e0 = q * 4i + 0i;
        if (e0 >= 0i && e0 < 128i) {
          let i_o = e0;
          var t1: i32 = 0i;
          for (var i_o_1: i32 = 0i; i_o_1 < 128i; i_o_1++) {
            if (((i32(opt_s((P.o[3][1] + wid.z * P.run_s) + u32(i_o_1))) < 128i) && (i32(opt_s((P.o[3][1] + wid.z * P.run_s) + u32(i_o_1))) < i32(opt_s((P.o[3][1] + wid.z * P.run_s) + u32(i_o)))))) {
              t1 = t1 + 1i;
            }
          }
          if (((i32(opt_s((P.o[3][1] + wid.z * P.run_s) + u32(i_o))) < 128i) && (t1 == s_ordinal))) {
            acc_entrant = acc_entrant + i_o;
          }
        }
        let e1 = q * 4i + 1i;
        if (e1 >= 0i && e1 < 128i) {
          let i_o = e1;
          var t2: i32 = 0i;
          for (var i_o_1: i32 = 0i; i_o_1 < 128i; i_o_1++) {
            if (((i32(opt_s((P.o[3][1] + wid.z * P.run_s) + u32(i_o_1))) < 128i) && (i32(opt_s((P.o[3][1] + wid.z * P.run_s) + u32(i_o_1))) < i32(opt_s((P.o[3][1] + wid.z * P.run_s) + u32(i_o)))))) {
              t2 = t2 + 1i;
            }
          }
          if (((i32(opt_s((P.o[3][1] + wid.z * P.run_s) + u32(i_o))) < 128i) && (t2 == s_ordinal))) {
            acc_entrant = acc_entrant + i_o;
          }
        }
        let e2 = q * 4i + 2i;
        if (e2 >= 0i && e2 < 128i) {
          let i_o = e2;
          var t3: i32 = 0i;
          for (var i_o_1: i32 = 0i; i_o_1 < 128i; i_o_1++) {
            if (((i32(opt_s((P.o[3][1] + wid.z * P.run_s) + u32(i_o_1))) < 128i) && (i32(opt_s((P.o[3][1] + wid.z * P.run_s) + u32(i_o_1))) < i32(opt_s((P.o[3][1] + wid.z * P.run_s) + u32(i_o)))))) {
              t3 = t3 + 1i;
            }
          }
          if (((i32(opt_s((P.o[3][1] + wid.z * P.run_s) + u32(i_o))) < 128i) && (t3 == s_ordinal))) {
            acc_entrant = acc_entrant + i_o;
          }
        }
        let e3 = q * 4i + 3i;
        if (e3 >= 0i && e3 < 128i) {
          let i_o = e3;
          var t4: i32 = 0i;
          for (var i_o_1: i32 = 0i; i_o_1 < 128i; i_o_1++) {
            if (((i32(opt_s((P.o[3][1] + wid.z * P.run_s) + u32(i_o_1))) < 128i) && (i32(opt_s((P.o[3][1] + wid.z * P.run_s) + u32(i_o_1))) < i32(opt_s((P.o[3][1] + wid.z * P.run_s) + u32(i_o)))))) {
              t4 = t4 + 1i;
            }
          }
          if (((i32(opt_s((P.o[3][1] + wid.z * P.run_s) + u32(i_o))) < 128i) && (t4 == s_ordinal))) {
            acc_entrant = acc_entrant + i_o;
          }
        }
      }
      var kj: u32 = 0u;
      var kt: u32 = kd;
      loop {
        if ((kt & 1u) == 0u) { break; }
        kj += 1u;
        kt >>= 1u;
      }
      kd += 1u;
    }
    var kf: bool = true;
    for (var kr: u32 = 0u; kr < 5u; kr++) {
      if (((kd >> kr) & 1u) == 1u) {
        kf = false;
      }
    }
    if (valid) {
      PART[(n * 3584u + (c * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part] = bitcast<f32>(acc_entrant);
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

// ---- step best.X kernel combine_1 uses P,RUNS,SC,S,PART
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
@group(0) @binding(5) var<storage, read_write> PART: array<f32>;
@group(0) @binding(6) var<storage, read_write> SC: array<f32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 256>;
var<workgroup> shi: array<i32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 256u;
  let lane = lid % 256u;
  let n_raw = group * 1u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100000u; // an epilogue may read single elements (Discus: x[0])
  let s_ordinal: i32 = i32(SC[(n * 4u + 2u) + wid.z * P.run_sc]);
  let t0 = opt_s((P.o[3][0] + wid.z * P.run_s) + u32(i32(n)));
  let s_rank: i32 = i32(t0);
  var acc_entrant: i32 = 0i;
  {
    let vl = lane;
    var kd: u32 = 0u;
    for (var cg: u32 = 0u; cg < 1u; cg++) {
      if ((cg * 8u + 0u) < 7u) { acc_entrant = acc_entrant + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 0u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      if ((cg * 8u + 1u) < 7u) { acc_entrant = acc_entrant + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 1u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      if ((cg * 8u + 2u) < 7u) { acc_entrant = acc_entrant + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 2u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      if ((cg * 8u + 3u) < 7u) { acc_entrant = acc_entrant + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 3u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      if ((cg * 8u + 4u) < 7u) { acc_entrant = acc_entrant + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 4u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      if ((cg * 8u + 5u) < 7u) { acc_entrant = acc_entrant + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 5u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      if ((cg * 8u + 6u) < 7u) { acc_entrant = acc_entrant + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 6u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      if ((cg * 8u + 7u) < 7u) { acc_entrant = acc_entrant + bitcast<i32>(PART[(n * 3584u + (min(cg * 8u + 7u, 6u) * 2u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]); }
      var kj: u32 = 0u;
      var kt: u32 = kd;
      loop {
        if ((kt & 1u) == 0u) { break; }
        kj += 1u;
        kt >>= 1u;
      }
      kd += 1u;
    }
    var kf: bool = true;
    for (var kr: u32 = 0u; kr < 1u; kr++) {
      if (((kd >> kr) & 1u) == 1u) {
        kf = false;
      }
    }
  }
  shi[0u + lid] = acc_entrant;
  workgroupBarrier();
  if (lane < 128u) {
    shi[0u + lid] = shi[0u + lid] + shi[0u + lid + 128u];
  }
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
  let s_entrant: i32 = shi[0u + team * 256u];
  workgroupBarrier();
  let s_leaves: i32 = select(0i, 1i, (s_rank >= 128i));
  if (valid && lane == 0u) {
    SC[(n * 4u + 3u) + wid.z * P.run_sc] = f32(s_entrant);
    SC[(n * 4u + 1u) + wid.z * P.run_sc] = f32(s_leaves);
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

// ---- step best.X kernel step_writes uses P,RUNS,SC,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
@group(0) @binding(6) var<storage, read_write> SC: array<f32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let n = group % P.n;
  let c = group / P.n;
  let valid = c < 7u;
  let xo = min(n, P.n - 1u) * 100000u;
  let s_ordinal: i32 = i32(SC[(n * 4u + 2u) + wid.z * P.run_sc]);
  let s_entrant: i32 = i32(SC[(n * 4u + 3u) + wid.z * P.run_sc]);
  let s_leaves: i32 = i32(SC[(n * 4u + 1u) + wid.z * P.run_sc]);
  let t0 = opt_s((P.o[3][0] + wid.z * P.run_s) + u32(i32(n)));
  let s_rank: i32 = i32(t0);
  {
    let t1: i32 = select(128i, i32(n), (s_leaves != 0i));
    if (valid && t1 >= 0i && t1 < 128i) {
      let jend = min(100000i, i32((c + 1u) * 16384u));
      for (var jw4: i32 = i32(c * 16384u + 4u * lid); jw4 < jend; jw4 += 1024i) {
        let sv0 = S[((P.o[0][2] + wid.z * P.run_s) + u32(s_entrant) * 100000u + u32(jw4)) >> 2u];
        var t2: f32 = 0.0f;
        {
          let i_j = jw4 + 0i;
          t2 = sv0[0];
        }
        var t3: f32 = 0.0f;
        {
          let i_j = jw4 + 1i;
          t3 = sv0[1];
        }
        var t4: f32 = 0.0f;
        {
          let i_j = jw4 + 2i;
          t4 = sv0[2];
        }
        var t5: f32 = 0.0f;
        {
          let i_j = jw4 + 3i;
          t5 = sv0[3];
        }
        S[((P.w[0][0] + wid.z * P.run_s) + u32(t1) * 100000u + u32(jw4)) >> 2u] = vec4<f32>(t2, t3, t4, t5);
      }
    }
  }
  {
    let t6: i32 = select(128i, i32(n), (s_leaves != 0i));
    if (valid && t6 >= 0i && t6 < 128i && c == 0u && lid == 0u) {
      opt_s_set((P.w[0][1] + wid.z * P.run_s) + u32(t6), opt_s((P.o[0][3] + wid.z * P.run_s) + u32(s_entrant)));
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

// ---- step each.X kernel evaluate uses P,RUNS,S,SCR
var<workgroup> opt_hd: array<vec4<u32>, 7>;
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
@group(0) @binding(4) var<storage, read_write> SCR: array<f32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 256u;
  let lane = lid % 256u;
  let n_raw = group * 1u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100000u;
  let t2 = opt_s((P.o[1][0] + wid.z * P.run_s) + u32(i32(n)));
  let t5 = opt_s((P.o[1][1] + wid.z * P.run_s) + u32(i32(n)));
  let t17 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i32(n)));
  if (lane == 0u) { opt_hd[team * 7u + 0u] = vec4<u32>(bitcast<u32>(opt_draw_u(4u, u32(i32(n)), u32(0i))), 0u, 0u, 0u); }
  if (lane == 1u) { opt_hd[team * 7u + 1u] = vec4<u32>(bitcast<u32>(opt_draw_u(5u, u32(i32(n)), u32(0i))), 0u, 0u, 0u); }
  if (lane == 2u) { opt_hd[team * 7u + 2u] = vec4<u32>(bitcast<u32>(opt_draw_u(6u, u32(i32(n)), u32(0i))), 0u, 0u, 0u); }
  if (lane == 3u) { opt_hd[team * 7u + 3u] = vec4<u32>(bitcast<u32>(opt_draw_u(7u, u32(i32(n)), u32(0i))), 0u, 0u, 0u); }
  if (lane == 4u) { opt_hd[team * 7u + 4u] = opt_distinct4(8u, u32(i32(n)), u32(3i), u32(128i), u32(i32(n))); }
  if (lane == 5u) { opt_hd[team * 7u + 5u] = vec4<u32>(opt_draw_int(9u, u32(i32(n)), u32(0i), u32(100000i)), 0u, 0u, 0u); }
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
  let s_L: f32 = min(100000.0f, (1.0f + floor((log((1.0f - t8)) / log(s_CR)))));
  for (var iv4: i32 = 4i * i32(lane); iv4 < 100000i; iv4 += 1024i) {
    let sv0 = S[((P.o[0][0] + wid.z * P.run_s) + u32(s_r0) * 100000u + u32(iv4)) >> 2u];
    let sv1 = S[((P.o[0][0] + wid.z * P.run_s) + u32(s_r1) * 100000u + u32(iv4)) >> 2u];
    let sv2 = S[((P.o[0][0] + wid.z * P.run_s) + u32(s_r2) * 100000u + u32(iv4)) >> 2u];
    let sv3 = S[((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(iv4)) >> 2u];
    {
      let iv = iv4 + 0i;
      let i_j13 = iv;
      if (valid) { SCR[(n * 100000u + 0u + u32(iv)) + wid.z * P.run_scr] = select(sv3[0], (fma(s_F, (sv1[0] - sv2[0]), sv0[0])), (f32(opt_imod(((i_j13 - s_k) + 100000i), 100000i)) < s_L)); }
    }
    {
      let iv = iv4 + 1i;
      let i_j13 = iv;
      if (valid) { SCR[(n * 100000u + 0u + u32(iv)) + wid.z * P.run_scr] = select(sv3[1], (fma(s_F, (sv1[1] - sv2[1]), sv0[1])), (f32(opt_imod(((i_j13 - s_k) + 100000i), 100000i)) < s_L)); }
    }
    {
      let iv = iv4 + 2i;
      let i_j13 = iv;
      if (valid) { SCR[(n * 100000u + 0u + u32(iv)) + wid.z * P.run_scr] = select(sv3[2], (fma(s_F, (sv1[2] - sv2[2]), sv0[2])), (f32(opt_imod(((i_j13 - s_k) + 100000i), 100000i)) < s_L)); }
    }
    {
      let iv = iv4 + 3i;
      let i_j13 = iv;
      if (valid) { SCR[(n * 100000u + 0u + u32(iv)) + wid.z * P.run_scr] = select(sv3[3], (fma(s_F, (sv1[3] - sv2[3]), sv0[3])), (f32(opt_imod(((i_j13 - s_k) + 100000i), 100000i)) < s_L)); }
    }
  }
  storageBarrier();
  var acc_fit: f32 = 0.0f;
  {
    let vl = i32(lane);
    var lv_fit: array<f32, 8>;
    var kd: u32 = 0u;
    for (var kb: i32 = 0i; kb < min(0i + 128i, 98i); kb++) {
      acc_fit = 0.0f;
      let q = kb * 256i + vl;
      if (q >= 0i && q < 25000i) {
        let e0 = q * 4i + 0i;
        if (e0 >= 0i && e0 < 100000i) {
          let i_i1 = e0;
          let t9 = select(select(SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] < -5.119999885559082f));
          let t10 = sin((3.141592653589793f * select(select(SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] < -5.119999885559082f))));
          acc_fit = acc_fit + (fma(20.0f, (t10 * t10), (t9 * t9)));
        }
        let e1 = q * 4i + 1i;
        if (e1 >= 0i && e1 < 100000i) {
          let i_i1 = e1;
          let t11 = select(select(SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] < -5.119999885559082f));
          let t12 = sin((3.141592653589793f * select(select(SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] < -5.119999885559082f))));
          acc_fit = acc_fit + (fma(20.0f, (t12 * t12), (t11 * t11)));
        }
        let e2 = q * 4i + 2i;
        if (e2 >= 0i && e2 < 100000i) {
          let i_i1 = e2;
          let t13 = select(select(SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] < -5.119999885559082f));
          let t14 = sin((3.141592653589793f * select(select(SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] < -5.119999885559082f))));
          acc_fit = acc_fit + (fma(20.0f, (t14 * t14), (t13 * t13)));
        }
        let e3 = q * 4i + 3i;
        if (e3 >= 0i && e3 < 100000i) {
          let i_i1 = e3;
          let t15 = select(select(SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] < -5.119999885559082f));
          let t16 = sin((3.141592653589793f * select(select(SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] < -5.119999885559082f))));
          acc_fit = acc_fit + (fma(20.0f, (t16 * t16), (t15 * t15)));
        }
      }
      var v_fit: f32 = acc_fit;
      var kj: u32 = 0u;
      var kt: u32 = kd;
      loop {
        if ((kt & 1u) == 0u) { break; }
        v_fit = lv_fit[kj] + v_fit;
        kj += 1u;
        kt >>= 1u;
      }
      lv_fit[kj] = v_fit;
      kd += 1u;
    }
    var v_fit: f32;
    v_fit = 0.0f;
    var kf: bool = true;
    for (var kr: u32 = 0u; kr < 8u; kr++) {
      if (((kd >> kr) & 1u) == 1u) {
        v_fit = select(lv_fit[kr] + v_fit, lv_fit[kr], kf);
        kf = false;
      }
    }
    acc_fit = v_fit;
  }
  shf[0u + lid] = acc_fit;
  workgroupBarrier();
  if (lane < 128u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 128u];
  }
  workgroupBarrier();
  if (lane < 64u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 64u];
  }
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
  let s_fit: f32 = shf[0u + team * 256u];
  workgroupBarrier();
  let s_fitness: f32 = opt_fit(s_fit);
  let s_keep: i32 = select(0i, 1i, (s_fitness <= t17));
  let s_keep_1: i32 = select(0i, 1i, (s_keep != 0i));
  storageBarrier();
  workgroupBarrier();
  {
    let t18: i32 = i32(n);
    if (valid && t18 >= 0i && t18 < 128i) {
      for (var jw4: i32 = 4i * i32(lane); jw4 < 100000i; jw4 += 1024i) {
        let sv0 = S[((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(jw4)) >> 2u];
        var t19: f32 = 0.0f;
        {
          let i_j15 = jw4 + 0i;
          t19 = select(sv0[0], select(select(SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr], clamp(((5.119999885559082f + sv0[0]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + sv0[0]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr] < -5.119999885559082f)), (s_keep_1 != 0i));
        }
        var t20: f32 = 0.0f;
        {
          let i_j15 = jw4 + 1i;
          t20 = select(sv0[1], select(select(SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr], clamp(((5.119999885559082f + sv0[1]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + sv0[1]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr] < -5.119999885559082f)), (s_keep_1 != 0i));
        }
        var t21: f32 = 0.0f;
        {
          let i_j15 = jw4 + 2i;
          t21 = select(sv0[2], select(select(SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr], clamp(((5.119999885559082f + sv0[2]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + sv0[2]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr] < -5.119999885559082f)), (s_keep_1 != 0i));
        }
        var t22: f32 = 0.0f;
        {
          let i_j15 = jw4 + 3i;
          t22 = select(sv0[3], select(select(SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr], clamp(((5.119999885559082f + sv0[3]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + sv0[3]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr] < -5.119999885559082f)), (s_keep_1 != 0i));
        }
        S[((P.w[0][0] + wid.z * P.run_s) + u32(t18) * 100000u + u32(jw4)) >> 2u] = vec4<f32>(t19, t20, t21, t22);
      }
    }
  }
  {
    let t23: i32 = i32(n);
    if (valid && t23 >= 0i && t23 < 128i && lane == 0u) {
      opt_s_set((P.w[0][1] + wid.z * P.run_s) + u32(t23), select(t17, s_fitness, (s_keep_1 != 0i)));
    }
  }
  {
    let t24: i32 = i32(n);
    if (valid && t24 >= 0i && t24 < 128i && (s_keep != 0i) && lane == 0u) {
      opt_s_set((P.w[1][0] + wid.z * P.run_s) + u32(t24), s_F);
    }
  }
  {
    let t25: i32 = i32(n);
    if (valid && t25 >= 0i && t25 < 128i && (s_keep != 0i) && lane == 0u) {
      opt_s_set((P.w[1][1] + wid.z * P.run_s) + u32(t25), s_CR);
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

// ---- step track kernel reduce_partials_0 uses P,RUNS,PART,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
@group(0) @binding(5) var<storage, read_write> PART: array<f32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 512>;
var<workgroup> shi: array<i32, 512>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let n = group % P.n;
  let c = group / P.n;
  let valid = c < 98u;
  let xo = min(n, P.n - 1u) * 100000u;
  var acc_arg_X: f32 = opt_inf();
  var acci_arg_X: i32 = 2147483647i;
  var acc_arg_O: f32 = opt_inf();
  var acci_arg_O: i32 = 2147483647i;
  {
    let vl = i32(lid);
    var kd: u32 = 0u;
    for (var kb: i32 = i32(c * 1u); kb < min(i32(c * 1u) + 1i, 98i); kb++) {
      let q = kb * 256i + vl;
      if (q >= 0i && q < 32i) {
        let e0 = q * 4i + 0i;
        if (e0 >= 0i && e0 < 128i) {
          let i_k16 = e0;
          let t0 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i_k16));
          if ((t0 < acc_arg_X || (t0 == acc_arg_X && i_k16 < acci_arg_X))) { acc_arg_X = t0; acci_arg_X = i_k16; }
        }
        if (e0 >= 0i && e0 < 128i) {
          let i_k17 = e0;
          let t1 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(i_k17));
          if ((t1 < acc_arg_O || (t1 == acc_arg_O && i_k17 < acci_arg_O))) { acc_arg_O = t1; acci_arg_O = i_k17; }
        }
        let e1 = q * 4i + 1i;
        if (e1 >= 0i && e1 < 128i) {
          let i_k16 = e1;
          let t2 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i_k16));
          if ((t2 < acc_arg_X || (t2 == acc_arg_X && i_k16 < acci_arg_X))) { acc_arg_X = t2; acci_arg_X = i_k16; }
        }
        if (e1 >= 0i && e1 < 128i) {
          let i_k17 = e1;
          let t3 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(i_k17));
          if ((t3 < acc_arg_O || (t3 == acc_arg_O && i_k17 < acci_arg_O))) { acc_arg_O = t3; acci_arg_O = i_k17; }
        }
        let e2 = q * 4i + 2i;
        if (e2 >= 0i && e2 < 128i) {
          let i_k16 = e2;
          let t4 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i_k16));
          if ((t4 < acc_arg_X || (t4 == acc_arg_X && i_k16 < acci_arg_X))) { acc_arg_X = t4; acci_arg_X = i_k16; }
        }
        if (e2 >= 0i && e2 < 128i) {
          let i_k17 = e2;
          let t5 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(i_k17));
          if ((t5 < acc_arg_O || (t5 == acc_arg_O && i_k17 < acci_arg_O))) { acc_arg_O = t5; acci_arg_O = i_k17; }
        }
        let e3 = q * 4i + 3i;
        if (e3 >= 0i && e3 < 128i) {
          let i_k16 = e3;
          let t6 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i_k16));
          if ((t6 < acc_arg_X || (t6 == acc_arg_X && i_k16 < acci_arg_X))) { acc_arg_X = t6; acci_arg_X = i_k16; }
        }
        if (e3 >= 0i && e3 < 128i) {
          let i_k17 = e3;
          let t7 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(i_k17));
          if ((t7 < acc_arg_O || (t7 == acc_arg_O && i_k17 < acci_arg_O))) { acc_arg_O = t7; acci_arg_O = i_k17; }
        }
      }
      var kj: u32 = 0u;
      var kt: u32 = kd;
      loop {
        if ((kt & 1u) == 0u) { break; }
        kj += 1u;
        kt >>= 1u;
      }
      kd += 1u;
    }
    var kf: bool = true;
    for (var kr: u32 = 0u; kr < 1u; kr++) {
      if (((kd >> kr) & 1u) == 1u) {
        kf = false;
      }
    }
    if (valid) {
      PART[(n * 100352u + (c * 4u + 0u) * 256u + u32(vl)) + wid.z * P.run_part] = acc_arg_X;
      PART[(n * 100352u + (c * 4u + 1u) * 256u + u32(vl)) + wid.z * P.run_part] = bitcast<f32>(acci_arg_X);
      PART[(n * 100352u + (c * 4u + 2u) * 256u + u32(vl)) + wid.z * P.run_part] = acc_arg_O;
      PART[(n * 100352u + (c * 4u + 3u) * 256u + u32(vl)) + wid.z * P.run_part] = bitcast<f32>(acci_arg_O);
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

// ---- step track kernel combine_0 uses P,RUNS,PART,S,SC
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
@group(0) @binding(5) var<storage, read_write> PART: array<f32>;
@group(0) @binding(6) var<storage, read_write> SC: array<f32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 512>;
var<workgroup> shi: array<i32, 512>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 256u;
  let lane = lid % 256u;
  let n_raw = group * 1u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100000u; // an epilogue may read single elements (Discus: x[0])
  let t0 = opt_s((P.o[1][3] + wid.z * P.run_s) + u32(0i));
  let t1 = opt_s((P.o[2][1] + wid.z * P.run_s) + u32(0i));
  var acc_arg_X: f32 = opt_inf();
  var acci_arg_X: i32 = 2147483647i;
  var acc_arg_O: f32 = opt_inf();
  var acci_arg_O: i32 = 2147483647i;
  {
    let vl = lane;
    var kd: u32 = 0u;
    for (var cg: u32 = 0u; cg < 7u; cg++) {
      let pv0_0 = PART[(n * 100352u + (min(cg * 16u + 0u, 97u) * 4u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi0_0 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 0u, 97u) * 4u + 1u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 0u) < 98u && ((pv0_0 < acc_arg_X || (pv0_0 == acc_arg_X && pi0_0 < acci_arg_X)))) { acc_arg_X = pv0_0; acci_arg_X = pi0_0; }
      let pv1_0 = PART[(n * 100352u + (min(cg * 16u + 0u, 97u) * 4u + 2u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi1_0 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 0u, 97u) * 4u + 3u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 0u) < 98u && ((pv1_0 < acc_arg_O || (pv1_0 == acc_arg_O && pi1_0 < acci_arg_O)))) { acc_arg_O = pv1_0; acci_arg_O = pi1_0; }
      let pv0_1 = PART[(n * 100352u + (min(cg * 16u + 1u, 97u) * 4u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi0_1 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 1u, 97u) * 4u + 1u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 1u) < 98u && ((pv0_1 < acc_arg_X || (pv0_1 == acc_arg_X && pi0_1 < acci_arg_X)))) { acc_arg_X = pv0_1; acci_arg_X = pi0_1; }
      let pv1_1 = PART[(n * 100352u + (min(cg * 16u + 1u, 97u) * 4u + 2u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi1_1 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 1u, 97u) * 4u + 3u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 1u) < 98u && ((pv1_1 < acc_arg_O || (pv1_1 == acc_arg_O && pi1_1 < acci_arg_O)))) { acc_arg_O = pv1_1; acci_arg_O = pi1_1; }
      let pv0_2 = PART[(n * 100352u + (min(cg * 16u + 2u, 97u) * 4u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi0_2 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 2u, 97u) * 4u + 1u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 2u) < 98u && ((pv0_2 < acc_arg_X || (pv0_2 == acc_arg_X && pi0_2 < acci_arg_X)))) { acc_arg_X = pv0_2; acci_arg_X = pi0_2; }
      let pv1_2 = PART[(n * 100352u + (min(cg * 16u + 2u, 97u) * 4u + 2u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi1_2 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 2u, 97u) * 4u + 3u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 2u) < 98u && ((pv1_2 < acc_arg_O || (pv1_2 == acc_arg_O && pi1_2 < acci_arg_O)))) { acc_arg_O = pv1_2; acci_arg_O = pi1_2; }
      let pv0_3 = PART[(n * 100352u + (min(cg * 16u + 3u, 97u) * 4u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi0_3 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 3u, 97u) * 4u + 1u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 3u) < 98u && ((pv0_3 < acc_arg_X || (pv0_3 == acc_arg_X && pi0_3 < acci_arg_X)))) { acc_arg_X = pv0_3; acci_arg_X = pi0_3; }
      let pv1_3 = PART[(n * 100352u + (min(cg * 16u + 3u, 97u) * 4u + 2u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi1_3 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 3u, 97u) * 4u + 3u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 3u) < 98u && ((pv1_3 < acc_arg_O || (pv1_3 == acc_arg_O && pi1_3 < acci_arg_O)))) { acc_arg_O = pv1_3; acci_arg_O = pi1_3; }
      let pv0_4 = PART[(n * 100352u + (min(cg * 16u + 4u, 97u) * 4u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi0_4 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 4u, 97u) * 4u + 1u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 4u) < 98u && ((pv0_4 < acc_arg_X || (pv0_4 == acc_arg_X && pi0_4 < acci_arg_X)))) { acc_arg_X = pv0_4; acci_arg_X = pi0_4; }
      let pv1_4 = PART[(n * 100352u + (min(cg * 16u + 4u, 97u) * 4u + 2u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi1_4 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 4u, 97u) * 4u + 3u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 4u) < 98u && ((pv1_4 < acc_arg_O || (pv1_4 == acc_arg_O && pi1_4 < acci_arg_O)))) { acc_arg_O = pv1_4; acci_arg_O = pi1_4; }
      let pv0_5 = PART[(n * 100352u + (min(cg * 16u + 5u, 97u) * 4u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi0_5 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 5u, 97u) * 4u + 1u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 5u) < 98u && ((pv0_5 < acc_arg_X || (pv0_5 == acc_arg_X && pi0_5 < acci_arg_X)))) { acc_arg_X = pv0_5; acci_arg_X = pi0_5; }
      let pv1_5 = PART[(n * 100352u + (min(cg * 16u + 5u, 97u) * 4u + 2u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi1_5 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 5u, 97u) * 4u + 3u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 5u) < 98u && ((pv1_5 < acc_arg_O || (pv1_5 == acc_arg_O && pi1_5 < acci_arg_O)))) { acc_arg_O = pv1_5; acci_arg_O = pi1_5; }
      let pv0_6 = PART[(n * 100352u + (min(cg * 16u + 6u, 97u) * 4u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi0_6 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 6u, 97u) * 4u + 1u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 6u) < 98u && ((pv0_6 < acc_arg_X || (pv0_6 == acc_arg_X && pi0_6 < acci_arg_X)))) { acc_arg_X = pv0_6; acci_arg_X = pi0_6; }
      let pv1_6 = PART[(n * 100352u + (min(cg * 16u + 6u, 97u) * 4u + 2u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi1_6 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 6u, 97u) * 4u + 3u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 6u) < 98u && ((pv1_6 < acc_arg_O || (pv1_6 == acc_arg_O && pi1_6 < acci_arg_O)))) { acc_arg_O = pv1_6; acci_arg_O = pi1_6; }
      let pv0_7 = PART[(n * 100352u + (min(cg * 16u + 7u, 97u) * 4u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi0_7 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 7u, 97u) * 4u + 1u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 7u) < 98u && ((pv0_7 < acc_arg_X || (pv0_7 == acc_arg_X && pi0_7 < acci_arg_X)))) { acc_arg_X = pv0_7; acci_arg_X = pi0_7; }
      let pv1_7 = PART[(n * 100352u + (min(cg * 16u + 7u, 97u) * 4u + 2u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi1_7 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 7u, 97u) * 4u + 3u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 7u) < 98u && ((pv1_7 < acc_arg_O || (pv1_7 == acc_arg_O && pi1_7 < acci_arg_O)))) { acc_arg_O = pv1_7; acci_arg_O = pi1_7; }
      let pv0_8 = PART[(n * 100352u + (min(cg * 16u + 8u, 97u) * 4u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi0_8 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 8u, 97u) * 4u + 1u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 8u) < 98u && ((pv0_8 < acc_arg_X || (pv0_8 == acc_arg_X && pi0_8 < acci_arg_X)))) { acc_arg_X = pv0_8; acci_arg_X = pi0_8; }
      let pv1_8 = PART[(n * 100352u + (min(cg * 16u + 8u, 97u) * 4u + 2u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi1_8 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 8u, 97u) * 4u + 3u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 8u) < 98u && ((pv1_8 < acc_arg_O || (pv1_8 == acc_arg_O && pi1_8 < acci_arg_O)))) { acc_arg_O = pv1_8; acci_arg_O = pi1_8; }
      let pv0_9 = PART[(n * 100352u + (min(cg * 16u + 9u, 97u) * 4u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi0_9 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 9u, 97u) * 4u + 1u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 9u) < 98u && ((pv0_9 < acc_arg_X || (pv0_9 == acc_arg_X && pi0_9 < acci_arg_X)))) { acc_arg_X = pv0_9; acci_arg_X = pi0_9; }
      let pv1_9 = PART[(n * 100352u + (min(cg * 16u + 9u, 97u) * 4u + 2u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi1_9 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 9u, 97u) * 4u + 3u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 9u) < 98u && ((pv1_9 < acc_arg_O || (pv1_9 == acc_arg_O && pi1_9 < acci_arg_O)))) { acc_arg_O = pv1_9; acci_arg_O = pi1_9; }
      let pv0_10 = PART[(n * 100352u + (min(cg * 16u + 10u, 97u) * 4u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi0_10 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 10u, 97u) * 4u + 1u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 10u) < 98u && ((pv0_10 < acc_arg_X || (pv0_10 == acc_arg_X && pi0_10 < acci_arg_X)))) { acc_arg_X = pv0_10; acci_arg_X = pi0_10; }
      let pv1_10 = PART[(n * 100352u + (min(cg * 16u + 10u, 97u) * 4u + 2u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi1_10 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 10u, 97u) * 4u + 3u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 10u) < 98u && ((pv1_10 < acc_arg_O || (pv1_10 == acc_arg_O && pi1_10 < acci_arg_O)))) { acc_arg_O = pv1_10; acci_arg_O = pi1_10; }
      let pv0_11 = PART[(n * 100352u + (min(cg * 16u + 11u, 97u) * 4u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi0_11 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 11u, 97u) * 4u + 1u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 11u) < 98u && ((pv0_11 < acc_arg_X || (pv0_11 == acc_arg_X && pi0_11 < acci_arg_X)))) { acc_arg_X = pv0_11; acci_arg_X = pi0_11; }
      let pv1_11 = PART[(n * 100352u + (min(cg * 16u + 11u, 97u) * 4u + 2u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi1_11 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 11u, 97u) * 4u + 3u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 11u) < 98u && ((pv1_11 < acc_arg_O || (pv1_11 == acc_arg_O && pi1_11 < acci_arg_O)))) { acc_arg_O = pv1_11; acci_arg_O = pi1_11; }
      let pv0_12 = PART[(n * 100352u + (min(cg * 16u + 12u, 97u) * 4u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi0_12 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 12u, 97u) * 4u + 1u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 12u) < 98u && ((pv0_12 < acc_arg_X || (pv0_12 == acc_arg_X && pi0_12 < acci_arg_X)))) { acc_arg_X = pv0_12; acci_arg_X = pi0_12; }
      let pv1_12 = PART[(n * 100352u + (min(cg * 16u + 12u, 97u) * 4u + 2u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi1_12 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 12u, 97u) * 4u + 3u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 12u) < 98u && ((pv1_12 < acc_arg_O || (pv1_12 == acc_arg_O && pi1_12 < acci_arg_O)))) { acc_arg_O = pv1_12; acci_arg_O = pi1_12; }
      let pv0_13 = PART[(n * 100352u + (min(cg * 16u + 13u, 97u) * 4u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi0_13 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 13u, 97u) * 4u + 1u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 13u) < 98u && ((pv0_13 < acc_arg_X || (pv0_13 == acc_arg_X && pi0_13 < acci_arg_X)))) { acc_arg_X = pv0_13; acci_arg_X = pi0_13; }
      let pv1_13 = PART[(n * 100352u + (min(cg * 16u + 13u, 97u) * 4u + 2u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi1_13 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 13u, 97u) * 4u + 3u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 13u) < 98u && ((pv1_13 < acc_arg_O || (pv1_13 == acc_arg_O && pi1_13 < acci_arg_O)))) { acc_arg_O = pv1_13; acci_arg_O = pi1_13; }
      let pv0_14 = PART[(n * 100352u + (min(cg * 16u + 14u, 97u) * 4u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi0_14 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 14u, 97u) * 4u + 1u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 14u) < 98u && ((pv0_14 < acc_arg_X || (pv0_14 == acc_arg_X && pi0_14 < acci_arg_X)))) { acc_arg_X = pv0_14; acci_arg_X = pi0_14; }
      let pv1_14 = PART[(n * 100352u + (min(cg * 16u + 14u, 97u) * 4u + 2u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi1_14 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 14u, 97u) * 4u + 3u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 14u) < 98u && ((pv1_14 < acc_arg_O || (pv1_14 == acc_arg_O && pi1_14 < acci_arg_O)))) { acc_arg_O = pv1_14; acci_arg_O = pi1_14; }
      let pv0_15 = PART[(n * 100352u + (min(cg * 16u + 15u, 97u) * 4u + 0u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi0_15 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 15u, 97u) * 4u + 1u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 15u) < 98u && ((pv0_15 < acc_arg_X || (pv0_15 == acc_arg_X && pi0_15 < acci_arg_X)))) { acc_arg_X = pv0_15; acci_arg_X = pi0_15; }
      let pv1_15 = PART[(n * 100352u + (min(cg * 16u + 15u, 97u) * 4u + 2u) * 256u + u32(vl)) + wid.z * P.run_part]; let pi1_15 = bitcast<i32>(PART[(n * 100352u + (min(cg * 16u + 15u, 97u) * 4u + 3u) * 256u + u32(vl)) + wid.z * P.run_part]);
      if ((cg * 16u + 15u) < 98u && ((pv1_15 < acc_arg_O || (pv1_15 == acc_arg_O && pi1_15 < acci_arg_O)))) { acc_arg_O = pv1_15; acci_arg_O = pi1_15; }
      var kj: u32 = 0u;
      var kt: u32 = kd;
      loop {
        if ((kt & 1u) == 0u) { break; }
        kj += 1u;
        kt >>= 1u;
      }
      kd += 1u;
    }
    var kf: bool = true;
    for (var kr: u32 = 0u; kr < 4u; kr++) {
      if (((kd >> kr) & 1u) == 1u) {
        kf = false;
      }
    }
  }
  shf[0u + lid] = acc_arg_X;
  shi[0u + lid] = acci_arg_X;
  shf[256u + lid] = acc_arg_O;
  shi[256u + lid] = acci_arg_O;
  workgroupBarrier();
  if (lane < 128u) {
    if ((shf[0u + lid + 128u] < shf[0u + lid] || (shf[0u + lid + 128u] == shf[0u + lid] && shi[0u + lid + 128u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 128u]; shi[0u + lid] = shi[0u + lid + 128u]; }
    if ((shf[256u + lid + 128u] < shf[256u + lid] || (shf[256u + lid + 128u] == shf[256u + lid] && shi[256u + lid + 128u] < shi[256u + lid]))) { shf[256u + lid] = shf[256u + lid + 128u]; shi[256u + lid] = shi[256u + lid + 128u]; }
  }
  workgroupBarrier();
  if (lane < 64u) {
    if ((shf[0u + lid + 64u] < shf[0u + lid] || (shf[0u + lid + 64u] == shf[0u + lid] && shi[0u + lid + 64u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 64u]; shi[0u + lid] = shi[0u + lid + 64u]; }
    if ((shf[256u + lid + 64u] < shf[256u + lid] || (shf[256u + lid + 64u] == shf[256u + lid] && shi[256u + lid + 64u] < shi[256u + lid]))) { shf[256u + lid] = shf[256u + lid + 64u]; shi[256u + lid] = shi[256u + lid + 64u]; }
  }
  workgroupBarrier();
  if (lane < 32u) {
    if ((shf[0u + lid + 32u] < shf[0u + lid] || (shf[0u + lid + 32u] == shf[0u + lid] && shi[0u + lid + 32u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 32u]; shi[0u + lid] = shi[0u + lid + 32u]; }
    if ((shf[256u + lid + 32u] < shf[256u + lid] || (shf[256u + lid + 32u] == shf[256u + lid] && shi[256u + lid + 32u] < shi[256u + lid]))) { shf[256u + lid] = shf[256u + lid + 32u]; shi[256u + lid] = shi[256u + lid + 32u]; }
  }
  workgroupBarrier();
  if (lane < 16u) {
    if ((shf[0u + lid + 16u] < shf[0u + lid] || (shf[0u + lid + 16u] == shf[0u + lid] && shi[0u + lid + 16u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 16u]; shi[0u + lid] = shi[0u + lid + 16u]; }
    if ((shf[256u + lid + 16u] < shf[256u + lid] || (shf[256u + lid + 16u] == shf[256u + lid] && shi[256u + lid + 16u] < shi[256u + lid]))) { shf[256u + lid] = shf[256u + lid + 16u]; shi[256u + lid] = shi[256u + lid + 16u]; }
  }
  workgroupBarrier();
  if (lane < 8u) {
    if ((shf[0u + lid + 8u] < shf[0u + lid] || (shf[0u + lid + 8u] == shf[0u + lid] && shi[0u + lid + 8u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 8u]; shi[0u + lid] = shi[0u + lid + 8u]; }
    if ((shf[256u + lid + 8u] < shf[256u + lid] || (shf[256u + lid + 8u] == shf[256u + lid] && shi[256u + lid + 8u] < shi[256u + lid]))) { shf[256u + lid] = shf[256u + lid + 8u]; shi[256u + lid] = shi[256u + lid + 8u]; }
  }
  workgroupBarrier();
  if (lane < 4u) {
    if ((shf[0u + lid + 4u] < shf[0u + lid] || (shf[0u + lid + 4u] == shf[0u + lid] && shi[0u + lid + 4u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 4u]; shi[0u + lid] = shi[0u + lid + 4u]; }
    if ((shf[256u + lid + 4u] < shf[256u + lid] || (shf[256u + lid + 4u] == shf[256u + lid] && shi[256u + lid + 4u] < shi[256u + lid]))) { shf[256u + lid] = shf[256u + lid + 4u]; shi[256u + lid] = shi[256u + lid + 4u]; }
  }
  workgroupBarrier();
  if (lane < 2u) {
    if ((shf[0u + lid + 2u] < shf[0u + lid] || (shf[0u + lid + 2u] == shf[0u + lid] && shi[0u + lid + 2u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 2u]; shi[0u + lid] = shi[0u + lid + 2u]; }
    if ((shf[256u + lid + 2u] < shf[256u + lid] || (shf[256u + lid + 2u] == shf[256u + lid] && shi[256u + lid + 2u] < shi[256u + lid]))) { shf[256u + lid] = shf[256u + lid + 2u]; shi[256u + lid] = shi[256u + lid + 2u]; }
  }
  workgroupBarrier();
  if (lane < 1u) {
    if ((shf[0u + lid + 1u] < shf[0u + lid] || (shf[0u + lid + 1u] == shf[0u + lid] && shi[0u + lid + 1u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 1u]; shi[0u + lid] = shi[0u + lid + 1u]; }
    if ((shf[256u + lid + 1u] < shf[256u + lid] || (shf[256u + lid + 1u] == shf[256u + lid] && shi[256u + lid + 1u] < shi[256u + lid]))) { shf[256u + lid] = shf[256u + lid + 1u]; shi[256u + lid] = shi[256u + lid + 1u]; }
  }
  workgroupBarrier();
  let s_arg_X: i32 = shi[0u + team * 256u];
  let sval_arg_X: f32 = shf[0u + team * 256u];
  let s_arg_O: i32 = shi[256u + team * 256u];
  let sval_arg_O: f32 = shf[256u + team * 256u];
  workgroupBarrier();
  let s_min: f32 = min(sval_arg_X, sval_arg_O);
  let s_improved: i32 = select(0i, 1i, ((s_min < t0) && (!(t0 <= t1))));
  if (valid && lane == 0u) {
    SC[(n * 4u + 0u) + wid.z * P.run_sc] = f32(s_arg_X);
    SC[(n * 4u + 1u) + wid.z * P.run_sc] = f32(s_arg_O);
    SC[(n * 4u + 2u) + wid.z * P.run_sc] = f32(s_min);
    SC[(n * 4u + 3u) + wid.z * P.run_sc] = f32(s_improved);
  }
  {
    let t2: i32 = i32(opt_slot);
    if (valid && t2 >= 0i && t2 < 1024i && lane == 0u) {
      opt_s_set((P.w[2][0] + wid.z * P.run_s) + u32(t2), select(t0, s_min, (s_improved != 0i)));
    }
  }
  {
    let t3: i32 = 0i;
    if (valid && t3 >= 0i && t3 < 1i && lane == 0u) {
      opt_s_set((P.w[1][3] + wid.z * P.run_s) + u32(t3), select(t0, s_min, (s_improved != 0i)));
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

// ---- step track kernel step_writes uses P,RUNS,SC,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
@group(0) @binding(6) var<storage, read_write> SC: array<f32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 256>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let n = group % P.n;
  let c = group / P.n;
  let valid = c < 98u;
  let xo = min(n, P.n - 1u) * 100000u;
  let s_arg_X: i32 = i32(SC[(n * 4u + 0u) + wid.z * P.run_sc]);
  let s_arg_O: i32 = i32(SC[(n * 4u + 1u) + wid.z * P.run_sc]);
  let s_min: f32 = SC[(n * 4u + 2u) + wid.z * P.run_sc];
  let s_improved: i32 = i32(SC[(n * 4u + 3u) + wid.z * P.run_sc]);
  {
    let t0: i32 = 0i;
    if (valid && t0 >= 0i && t0 < 1i) {
      let jend = min(100000i, i32((c + 1u) * 1024u));
      for (var jw4: i32 = i32(c * 1024u + 4u * lid); jw4 < jend; jw4 += 1024i) {
        let sv0 = S[((P.o[0][0] + wid.z * P.run_s) + u32(s_arg_X) * 100000u + u32(jw4)) >> 2u];
        let sv1 = S[((P.o[0][2] + wid.z * P.run_s) + u32(s_arg_O) * 100000u + u32(jw4)) >> 2u];
        let sv2 = S[((P.o[1][2] + wid.z * P.run_s) + u32(0i) * 100000u + u32(jw4)) >> 2u];
        var t1: f32 = 0.0f;
        {
          let i_j18 = jw4 + 0i;
          t1 = select(sv2[0], select(sv1[0], sv0[0], (opt_s((P.o[0][1] + wid.z * P.run_s) + u32(s_arg_X)) == s_min)), (s_improved != 0i));
        }
        var t2: f32 = 0.0f;
        {
          let i_j18 = jw4 + 1i;
          t2 = select(sv2[1], select(sv1[1], sv0[1], (opt_s((P.o[0][1] + wid.z * P.run_s) + u32(s_arg_X)) == s_min)), (s_improved != 0i));
        }
        var t3: f32 = 0.0f;
        {
          let i_j18 = jw4 + 2i;
          t3 = select(sv2[2], select(sv1[2], sv0[2], (opt_s((P.o[0][1] + wid.z * P.run_s) + u32(s_arg_X)) == s_min)), (s_improved != 0i));
        }
        var t4: f32 = 0.0f;
        {
          let i_j18 = jw4 + 3i;
          t4 = select(sv2[3], select(sv1[3], sv0[3], (opt_s((P.o[0][1] + wid.z * P.run_s) + u32(s_arg_X)) == s_min)), (s_improved != 0i));
        }
        S[((P.w[1][2] + wid.z * P.run_s) + u32(t0) * 100000u + u32(jw4)) >> 2u] = vec4<f32>(t1, t2, t3, t4);
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

// ---- step each.X+track kernel evaluate uses P,RUNS,S,SCR
var<workgroup> opt_hd: array<vec4<u32>, 7>;
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 4>, w: array<vec4<u32>, 4> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
@group(0) @binding(4) var<storage, read_write> SCR: array<f32>;
override WG: u32 = 256u;
var<workgroup> shf: array<f32, 768>;
var<workgroup> shi: array<i32, 512>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 256u;
  let lane = lid % 256u;
  let n_raw = group * 1u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100000u;
  let t2 = opt_s((P.o[1][0] + wid.z * P.run_s) + u32(i32(n)));
  let t5 = opt_s((P.o[1][1] + wid.z * P.run_s) + u32(i32(n)));
  let t25 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i32(n)));
  let t26 = opt_s((P.o[1][3] + wid.z * P.run_s) + u32(0i));
  let t27 = opt_s((P.o[2][1] + wid.z * P.run_s) + u32(0i));
  if (lane == 0u) { opt_hd[team * 7u + 0u] = vec4<u32>(bitcast<u32>(opt_draw_u(4u, u32(i32(n)), u32(0i))), 0u, 0u, 0u); }
  if (lane == 1u) { opt_hd[team * 7u + 1u] = vec4<u32>(bitcast<u32>(opt_draw_u(5u, u32(i32(n)), u32(0i))), 0u, 0u, 0u); }
  if (lane == 2u) { opt_hd[team * 7u + 2u] = vec4<u32>(bitcast<u32>(opt_draw_u(6u, u32(i32(n)), u32(0i))), 0u, 0u, 0u); }
  if (lane == 3u) { opt_hd[team * 7u + 3u] = vec4<u32>(bitcast<u32>(opt_draw_u(7u, u32(i32(n)), u32(0i))), 0u, 0u, 0u); }
  if (lane == 4u) { opt_hd[team * 7u + 4u] = opt_distinct4(8u, u32(i32(n)), u32(3i), u32(128i), u32(i32(n))); }
  if (lane == 5u) { opt_hd[team * 7u + 5u] = vec4<u32>(opt_draw_int(9u, u32(i32(n)), u32(0i), u32(100000i)), 0u, 0u, 0u); }
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
  let s_L: f32 = min(100000.0f, (1.0f + floor((log((1.0f - t8)) / log(s_CR)))));
  for (var iv4: i32 = 4i * i32(lane); iv4 < 100000i; iv4 += 1024i) {
    let sv0 = S[((P.o[0][0] + wid.z * P.run_s) + u32(s_r0) * 100000u + u32(iv4)) >> 2u];
    let sv1 = S[((P.o[0][0] + wid.z * P.run_s) + u32(s_r1) * 100000u + u32(iv4)) >> 2u];
    let sv2 = S[((P.o[0][0] + wid.z * P.run_s) + u32(s_r2) * 100000u + u32(iv4)) >> 2u];
    let sv3 = S[((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(iv4)) >> 2u];
    {
      let iv = iv4 + 0i;
      let i_j13 = iv;
      if (valid) { SCR[(n * 100000u + 0u + u32(iv)) + wid.z * P.run_scr] = select(sv3[0], (fma(s_F, (sv1[0] - sv2[0]), sv0[0])), (f32(opt_imod(((i_j13 - s_k) + 100000i), 100000i)) < s_L)); }
    }
    {
      let iv = iv4 + 1i;
      let i_j13 = iv;
      if (valid) { SCR[(n * 100000u + 0u + u32(iv)) + wid.z * P.run_scr] = select(sv3[1], (fma(s_F, (sv1[1] - sv2[1]), sv0[1])), (f32(opt_imod(((i_j13 - s_k) + 100000i), 100000i)) < s_L)); }
    }
    {
      let iv = iv4 + 2i;
      let i_j13 = iv;
      if (valid) { SCR[(n * 100000u + 0u + u32(iv)) + wid.z * P.run_scr] = select(sv3[2], (fma(s_F, (sv1[2] - sv2[2]), sv0[2])), (f32(opt_imod(((i_j13 - s_k) + 100000i), 100000i)) < s_L)); }
    }
    {
      let iv = iv4 + 3i;
      let i_j13 = iv;
      if (valid) { SCR[(n * 100000u + 0u + u32(iv)) + wid.z * P.run_scr] = select(sv3[3], (fma(s_F, (sv1[3] - sv2[3]), sv0[3])), (f32(opt_imod(((i_j13 - s_k) + 100000i), 100000i)) < s_L)); }
    }
  }
  storageBarrier();
  var acc_fit: f32 = 0.0f;
  var acc_track_arg_X: f32 = opt_inf();
  var acci_track_arg_X: i32 = 2147483647i;
  var acc_track_arg_O: f32 = opt_inf();
  var acci_track_arg_O: i32 = 2147483647i;
  {
    let vl = i32(lane);
    var lv_fit: array<f32, 8>;
    var kd: u32 = 0u;
    for (var kb: i32 = 0i; kb < min(0i + 128i, 98i); kb++) {
      acc_fit = 0.0f;
      let q = kb * 256i + vl;
      if (q >= 0i && q < 25000i) {
        let e0 = q * 4i + 0i;
        if (e0 >= 0i && e0 < 100000i) {
          let i_i1 = e0;
          let t9 = select(select(SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] < -5.119999885559082f));
          let t10 = sin((3.141592653589793f * select(select(SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] < -5.119999885559082f))));
          acc_fit = acc_fit + (fma(20.0f, (t10 * t10), (t9 * t9)));
        }
        if (e0 >= 0i && e0 < 128i) {
          let i_k16 = e0;
          let t11 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i_k16));
          if ((t11 < acc_track_arg_X || (t11 == acc_track_arg_X && i_k16 < acci_track_arg_X))) { acc_track_arg_X = t11; acci_track_arg_X = i_k16; }
        }
        if (e0 >= 0i && e0 < 128i) {
          let i_k17 = e0;
          let t12 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(i_k17));
          if ((t12 < acc_track_arg_O || (t12 == acc_track_arg_O && i_k17 < acci_track_arg_O))) { acc_track_arg_O = t12; acci_track_arg_O = i_k17; }
        }
        let e1 = q * 4i + 1i;
        if (e1 >= 0i && e1 < 100000i) {
          let i_i1 = e1;
          let t13 = select(select(SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] < -5.119999885559082f));
          let t14 = sin((3.141592653589793f * select(select(SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] < -5.119999885559082f))));
          acc_fit = acc_fit + (fma(20.0f, (t14 * t14), (t13 * t13)));
        }
        if (e1 >= 0i && e1 < 128i) {
          let i_k16 = e1;
          let t15 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i_k16));
          if ((t15 < acc_track_arg_X || (t15 == acc_track_arg_X && i_k16 < acci_track_arg_X))) { acc_track_arg_X = t15; acci_track_arg_X = i_k16; }
        }
        if (e1 >= 0i && e1 < 128i) {
          let i_k17 = e1;
          let t16 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(i_k17));
          if ((t16 < acc_track_arg_O || (t16 == acc_track_arg_O && i_k17 < acci_track_arg_O))) { acc_track_arg_O = t16; acci_track_arg_O = i_k17; }
        }
        let e2 = q * 4i + 2i;
        if (e2 >= 0i && e2 < 100000i) {
          let i_i1 = e2;
          let t17 = select(select(SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] < -5.119999885559082f));
          let t18 = sin((3.141592653589793f * select(select(SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] < -5.119999885559082f))));
          acc_fit = acc_fit + (fma(20.0f, (t18 * t18), (t17 * t17)));
        }
        if (e2 >= 0i && e2 < 128i) {
          let i_k16 = e2;
          let t19 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i_k16));
          if ((t19 < acc_track_arg_X || (t19 == acc_track_arg_X && i_k16 < acci_track_arg_X))) { acc_track_arg_X = t19; acci_track_arg_X = i_k16; }
        }
        if (e2 >= 0i && e2 < 128i) {
          let i_k17 = e2;
          let t20 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(i_k17));
          if ((t20 < acc_track_arg_O || (t20 == acc_track_arg_O && i_k17 < acci_track_arg_O))) { acc_track_arg_O = t20; acci_track_arg_O = i_k17; }
        }
        let e3 = q * 4i + 3i;
        if (e3 >= 0i && e3 < 100000i) {
          let i_i1 = e3;
          let t21 = select(select(SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] < -5.119999885559082f));
          let t22 = sin((3.141592653589793f * select(select(SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr], clamp(((5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(i_i1))) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_i1)) + wid.z * P.run_scr] < -5.119999885559082f))));
          acc_fit = acc_fit + (fma(20.0f, (t22 * t22), (t21 * t21)));
        }
        if (e3 >= 0i && e3 < 128i) {
          let i_k16 = e3;
          let t23 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i_k16));
          if ((t23 < acc_track_arg_X || (t23 == acc_track_arg_X && i_k16 < acci_track_arg_X))) { acc_track_arg_X = t23; acci_track_arg_X = i_k16; }
        }
        if (e3 >= 0i && e3 < 128i) {
          let i_k17 = e3;
          let t24 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(i_k17));
          if ((t24 < acc_track_arg_O || (t24 == acc_track_arg_O && i_k17 < acci_track_arg_O))) { acc_track_arg_O = t24; acci_track_arg_O = i_k17; }
        }
      }
      var v_fit: f32 = acc_fit;
      var kj: u32 = 0u;
      var kt: u32 = kd;
      loop {
        if ((kt & 1u) == 0u) { break; }
        v_fit = lv_fit[kj] + v_fit;
        kj += 1u;
        kt >>= 1u;
      }
      lv_fit[kj] = v_fit;
      kd += 1u;
    }
    var v_fit: f32;
    v_fit = 0.0f;
    var kf: bool = true;
    for (var kr: u32 = 0u; kr < 8u; kr++) {
      if (((kd >> kr) & 1u) == 1u) {
        v_fit = select(lv_fit[kr] + v_fit, lv_fit[kr], kf);
        kf = false;
      }
    }
    acc_fit = v_fit;
  }
  shf[0u + lid] = acc_fit;
  shf[256u + lid] = acc_track_arg_X;
  shi[0u + lid] = acci_track_arg_X;
  shf[512u + lid] = acc_track_arg_O;
  shi[256u + lid] = acci_track_arg_O;
  workgroupBarrier();
  if (lane < 128u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 128u];
    if ((shf[256u + lid + 128u] < shf[256u + lid] || (shf[256u + lid + 128u] == shf[256u + lid] && shi[0u + lid + 128u] < shi[0u + lid]))) { shf[256u + lid] = shf[256u + lid + 128u]; shi[0u + lid] = shi[0u + lid + 128u]; }
    if ((shf[512u + lid + 128u] < shf[512u + lid] || (shf[512u + lid + 128u] == shf[512u + lid] && shi[256u + lid + 128u] < shi[256u + lid]))) { shf[512u + lid] = shf[512u + lid + 128u]; shi[256u + lid] = shi[256u + lid + 128u]; }
  }
  workgroupBarrier();
  if (lane < 64u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 64u];
    if ((shf[256u + lid + 64u] < shf[256u + lid] || (shf[256u + lid + 64u] == shf[256u + lid] && shi[0u + lid + 64u] < shi[0u + lid]))) { shf[256u + lid] = shf[256u + lid + 64u]; shi[0u + lid] = shi[0u + lid + 64u]; }
    if ((shf[512u + lid + 64u] < shf[512u + lid] || (shf[512u + lid + 64u] == shf[512u + lid] && shi[256u + lid + 64u] < shi[256u + lid]))) { shf[512u + lid] = shf[512u + lid + 64u]; shi[256u + lid] = shi[256u + lid + 64u]; }
  }
  workgroupBarrier();
  if (lane < 32u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 32u];
    if ((shf[256u + lid + 32u] < shf[256u + lid] || (shf[256u + lid + 32u] == shf[256u + lid] && shi[0u + lid + 32u] < shi[0u + lid]))) { shf[256u + lid] = shf[256u + lid + 32u]; shi[0u + lid] = shi[0u + lid + 32u]; }
    if ((shf[512u + lid + 32u] < shf[512u + lid] || (shf[512u + lid + 32u] == shf[512u + lid] && shi[256u + lid + 32u] < shi[256u + lid]))) { shf[512u + lid] = shf[512u + lid + 32u]; shi[256u + lid] = shi[256u + lid + 32u]; }
  }
  workgroupBarrier();
  if (lane < 16u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 16u];
    if ((shf[256u + lid + 16u] < shf[256u + lid] || (shf[256u + lid + 16u] == shf[256u + lid] && shi[0u + lid + 16u] < shi[0u + lid]))) { shf[256u + lid] = shf[256u + lid + 16u]; shi[0u + lid] = shi[0u + lid + 16u]; }
    if ((shf[512u + lid + 16u] < shf[512u + lid] || (shf[512u + lid + 16u] == shf[512u + lid] && shi[256u + lid + 16u] < shi[256u + lid]))) { shf[512u + lid] = shf[512u + lid + 16u]; shi[256u + lid] = shi[256u + lid + 16u]; }
  }
  workgroupBarrier();
  if (lane < 8u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 8u];
    if ((shf[256u + lid + 8u] < shf[256u + lid] || (shf[256u + lid + 8u] == shf[256u + lid] && shi[0u + lid + 8u] < shi[0u + lid]))) { shf[256u + lid] = shf[256u + lid + 8u]; shi[0u + lid] = shi[0u + lid + 8u]; }
    if ((shf[512u + lid + 8u] < shf[512u + lid] || (shf[512u + lid + 8u] == shf[512u + lid] && shi[256u + lid + 8u] < shi[256u + lid]))) { shf[512u + lid] = shf[512u + lid + 8u]; shi[256u + lid] = shi[256u + lid + 8u]; }
  }
  workgroupBarrier();
  if (lane < 4u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 4u];
    if ((shf[256u + lid + 4u] < shf[256u + lid] || (shf[256u + lid + 4u] == shf[256u + lid] && shi[0u + lid + 4u] < shi[0u + lid]))) { shf[256u + lid] = shf[256u + lid + 4u]; shi[0u + lid] = shi[0u + lid + 4u]; }
    if ((shf[512u + lid + 4u] < shf[512u + lid] || (shf[512u + lid + 4u] == shf[512u + lid] && shi[256u + lid + 4u] < shi[256u + lid]))) { shf[512u + lid] = shf[512u + lid + 4u]; shi[256u + lid] = shi[256u + lid + 4u]; }
  }
  workgroupBarrier();
  if (lane < 2u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 2u];
    if ((shf[256u + lid + 2u] < shf[256u + lid] || (shf[256u + lid + 2u] == shf[256u + lid] && shi[0u + lid + 2u] < shi[0u + lid]))) { shf[256u + lid] = shf[256u + lid + 2u]; shi[0u + lid] = shi[0u + lid + 2u]; }
    if ((shf[512u + lid + 2u] < shf[512u + lid] || (shf[512u + lid + 2u] == shf[512u + lid] && shi[256u + lid + 2u] < shi[256u + lid]))) { shf[512u + lid] = shf[512u + lid + 2u]; shi[256u + lid] = shi[256u + lid + 2u]; }
  }
  workgroupBarrier();
  if (lane < 1u) {
    shf[0u + lid] = shf[0u + lid] + shf[0u + lid + 1u];
    if ((shf[256u + lid + 1u] < shf[256u + lid] || (shf[256u + lid + 1u] == shf[256u + lid] && shi[0u + lid + 1u] < shi[0u + lid]))) { shf[256u + lid] = shf[256u + lid + 1u]; shi[0u + lid] = shi[0u + lid + 1u]; }
    if ((shf[512u + lid + 1u] < shf[512u + lid] || (shf[512u + lid + 1u] == shf[512u + lid] && shi[256u + lid + 1u] < shi[256u + lid]))) { shf[512u + lid] = shf[512u + lid + 1u]; shi[256u + lid] = shi[256u + lid + 1u]; }
  }
  workgroupBarrier();
  let s_fit: f32 = shf[0u + team * 256u];
  let s_track_arg_X: i32 = shi[0u + team * 256u];
  let sval_track_arg_X: f32 = shf[256u + team * 256u];
  let s_track_arg_O: i32 = shi[256u + team * 256u];
  let sval_track_arg_O: f32 = shf[512u + team * 256u];
  workgroupBarrier();
  let s_fitness: f32 = opt_fit(s_fit);
  let s_keep: i32 = select(0i, 1i, (s_fitness <= t25));
  let s_keep_1: i32 = select(0i, 1i, (s_keep != 0i));
  let s_track_min: f32 = min(sval_track_arg_X, sval_track_arg_O);
  let s_track_improved: i32 = select(0i, 1i, ((s_track_min < t26) && (!(t26 <= t27))));
  storageBarrier();
  workgroupBarrier();
  {
    let t28: i32 = i32(n);
    if (valid && t28 >= 0i && t28 < 128i) {
      for (var jw4: i32 = 4i * i32(lane); jw4 < 100000i; jw4 += 1024i) {
        let sv0 = S[((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100000u + u32(jw4)) >> 2u];
        var t29: f32 = 0.0f;
        {
          let i_j15 = jw4 + 0i;
          t29 = select(sv0[0], select(select(SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr], clamp(((5.119999885559082f + sv0[0]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + sv0[0]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr] < -5.119999885559082f)), (s_keep_1 != 0i));
        }
        var t30: f32 = 0.0f;
        {
          let i_j15 = jw4 + 1i;
          t30 = select(sv0[1], select(select(SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr], clamp(((5.119999885559082f + sv0[1]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + sv0[1]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr] < -5.119999885559082f)), (s_keep_1 != 0i));
        }
        var t31: f32 = 0.0f;
        {
          let i_j15 = jw4 + 2i;
          t31 = select(sv0[2], select(select(SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr], clamp(((5.119999885559082f + sv0[2]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + sv0[2]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr] < -5.119999885559082f)), (s_keep_1 != 0i));
        }
        var t32: f32 = 0.0f;
        {
          let i_j15 = jw4 + 3i;
          t32 = select(sv0[3], select(select(SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr], clamp(((5.119999885559082f + sv0[3]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr] > 5.119999885559082f)), clamp(((-5.119999885559082f + sv0[3]) / 2.0f), -5.119999885559082f, 5.119999885559082f), (SCR[(n * 100000u + 0u + u32(i_j15)) + wid.z * P.run_scr] < -5.119999885559082f)), (s_keep_1 != 0i));
        }
        S[((P.w[0][0] + wid.z * P.run_s) + u32(t28) * 100000u + u32(jw4)) >> 2u] = vec4<f32>(t29, t30, t31, t32);
      }
    }
  }
  {
    let t33: i32 = i32(n);
    if (valid && t33 >= 0i && t33 < 128i && lane == 0u) {
      opt_s_set((P.w[0][1] + wid.z * P.run_s) + u32(t33), select(t25, s_fitness, (s_keep_1 != 0i)));
    }
  }
  {
    let t34: i32 = i32(n);
    if (valid && t34 >= 0i && t34 < 128i && (s_keep != 0i) && lane == 0u) {
      opt_s_set((P.w[1][0] + wid.z * P.run_s) + u32(t34), s_F);
    }
  }
  {
    let t35: i32 = i32(n);
    if (valid && t35 >= 0i && t35 < 128i && (s_keep != 0i) && lane == 0u) {
      opt_s_set((P.w[1][1] + wid.z * P.run_s) + u32(t35), s_CR);
    }
  }
  {
    let t36: i32 = select(-1i, i32(opt_slot), (i32(n) == 0i));
    if (valid && t36 >= 0i && t36 < 1024i && lane == 0u) {
      opt_s_set((P.w[2][0] + wid.z * P.run_s) + u32(t36), select(t26, s_track_min, (s_track_improved != 0i)));
    }
  }
  {
    let t37: i32 = select(-1i, 0i, (i32(n) == 0i));
    if (valid && t37 >= 0i && t37 < 1i) {
      for (var jw4: i32 = 4i * i32(lane); jw4 < 100000i; jw4 += 1024i) {
        let sv0 = S[((P.o[0][0] + wid.z * P.run_s) + u32(s_track_arg_X) * 100000u + u32(jw4)) >> 2u];
        let sv1 = S[((P.o[0][2] + wid.z * P.run_s) + u32(s_track_arg_O) * 100000u + u32(jw4)) >> 2u];
        let sv2 = S[((P.o[1][2] + wid.z * P.run_s) + u32(0i) * 100000u + u32(jw4)) >> 2u];
        var t38: f32 = 0.0f;
        {
          let i_j18 = jw4 + 0i;
          t38 = select(sv2[0], select(sv1[0], sv0[0], (sval_track_arg_X == s_track_min)), (s_track_improved != 0i));
        }
        var t39: f32 = 0.0f;
        {
          let i_j18 = jw4 + 1i;
          t39 = select(sv2[1], select(sv1[1], sv0[1], (sval_track_arg_X == s_track_min)), (s_track_improved != 0i));
        }
        var t40: f32 = 0.0f;
        {
          let i_j18 = jw4 + 2i;
          t40 = select(sv2[2], select(sv1[2], sv0[2], (sval_track_arg_X == s_track_min)), (s_track_improved != 0i));
        }
        var t41: f32 = 0.0f;
        {
          let i_j18 = jw4 + 3i;
          t41 = select(sv2[3], select(sv1[3], sv0[3], (sval_track_arg_X == s_track_min)), (s_track_improved != 0i));
        }
        S[((P.w[1][2] + wid.z * P.run_s) + u32(t37) * 100000u + u32(jw4)) >> 2u] = vec4<f32>(t38, t39, t40, t41);
      }
    }
  }
  {
    let t42: i32 = select(-1i, 0i, (i32(n) == 0i));
    if (valid && t42 >= 0i && t42 < 1i && lane == 0u) {
      opt_s_set((P.w[1][3] + wid.z * P.run_s) + u32(t42), select(t26, s_track_min, (s_track_improved != 0i)));
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

