// ---- step init.P kernel evaluate uses P,RUNS,SCR,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 3>, w: array<vec4<u32>, 3> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
@group(0) @binding(4) var<storage, read_write> SCR: array<f32>;
override WG: u32 = 128u;
var<workgroup> shf: array<f32, 256>;
var<workgroup> shs: array<f32, 1057>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 1u;
  let lane = lid % 1u;
  let n_raw = group * 128u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100u;
  for (var iv4: i32 = 4i * i32(lane); iv4 < 100i; iv4 += 4i) {
    {
      let iv = iv4 + 0i;
      let i_j4 = iv;
      let t0 = opt_draw_u(1048576u, u32(i32(n)), u32(i_j4));
      if (valid) { SCR[(n * 100u + 0u + u32(iv)) + wid.z * P.run_scr] = (fma(200.0f, t0, -100.0f)); }
    }
    {
      let iv = iv4 + 1i;
      let i_j4 = iv;
      let t1 = opt_draw_u(1048576u, u32(i32(n)), u32(i_j4));
      if (valid) { SCR[(n * 100u + 0u + u32(iv)) + wid.z * P.run_scr] = (fma(200.0f, t1, -100.0f)); }
    }
    {
      let iv = iv4 + 2i;
      let i_j4 = iv;
      let t2 = opt_draw_u(1048576u, u32(i32(n)), u32(i_j4));
      if (valid) { SCR[(n * 100u + 0u + u32(iv)) + wid.z * P.run_scr] = (fma(200.0f, t2, -100.0f)); }
    }
    {
      let iv = iv4 + 3i;
      let i_j4 = iv;
      let t3 = opt_draw_u(1048576u, u32(i32(n)), u32(i_j4));
      if (valid) { SCR[(n * 100u + 0u + u32(iv)) + wid.z * P.run_scr] = (fma(200.0f, t3, -100.0f)); }
    }
  }
  storageBarrier();
  var acc_fit: f32 = 0.0f;
  {
    var carry: f32 = 0.0f;
    var acc_fit_t0: f32 = 0.0f;
    var acc_fit_t1: f32 = 0.0f;
    var acc_fit_t2: f32 = 0.0f;
    var acc_fit_t3: f32 = 0.0f;
    var acc_fit_t4: f32 = 0.0f;
    for (var base: i32 = 0i; base < 100i; base += 8i) {
      let tl = u32((base - 0i) / 8i);
      for (var rj: u32 = lane; rj < 8u; rj += 1u) {
        let iv = base + i32(rj);
        var v: f32 = 0.0f;
        if (iv < 100i) {
          let i_i1 = iv;
          v = SCR[(n * 100u + 0u + u32(i_i1)) + wid.z * P.run_scr];
        }
        shs[(((team) * 8u + rj) + (((team) * 8u + rj) >> 5u))] = v;
      }
      workgroupBarrier();
      var hs: f32 = 0.0f;
      for (var k: u32 = 0u; k < 8u; k++) { hs = hs + shs[(((team) * 8u + lane * 8u + k) + (((team) * 8u + lane * 8u + k) >> 5u))]; }
      var ex: f32 = 0.0f;
      var total: f32 = hs;
      var run: f32 = carry;
      if (lane > 0u) { run = carry + ex; }
      acc_fit = 0.0f;
      for (var k: u32 = 0u; k < 8u; k++) {
        let iv = base + i32((lane) * 8u + k);
        let v = shs[(((team) * 8u + lane * 8u + k) + (((team) * 8u + lane * 8u + k) >> 5u))];
        let before = run;
        run = run + v;
        let sv = run;
        if (iv < 100i) {
          if (iv >= 0i && iv < 100i) {
            let i_i3 = iv;
            let t4 = sv;
            acc_fit = fma(t4, t4, acc_fit);
          }
        }
      }
      workgroupBarrier();
      var acc_fit_c: f32 = acc_fit;
      if ((tl & 1u) == 0u) {
        acc_fit_t0 = acc_fit_c;
      } else {
        acc_fit_c = acc_fit_t0 + acc_fit_c;
        if ((tl & 2u) == 0u) {
          acc_fit_t1 = acc_fit_c;
        } else {
          acc_fit_c = acc_fit_t1 + acc_fit_c;
          if ((tl & 4u) == 0u) {
            acc_fit_t2 = acc_fit_c;
          } else {
            acc_fit_c = acc_fit_t2 + acc_fit_c;
            if ((tl & 8u) == 0u) {
              acc_fit_t3 = acc_fit_c;
            } else {
              acc_fit_c = acc_fit_t3 + acc_fit_c;
              acc_fit_t4 = acc_fit_c;
            }
          }
        }
      }
      workgroupBarrier();
      carry = carry + total;
    }
    let mt = u32((100i - 0i + 7i) / 8i);
    acc_fit = 0.0f;
    if ((mt & 1u) != 0u) { acc_fit = acc_fit_t0 + acc_fit; }
    if ((mt & 2u) != 0u) { acc_fit = acc_fit_t1 + acc_fit; }
    if ((mt & 4u) != 0u) { acc_fit = acc_fit_t2 + acc_fit; }
    if ((mt & 8u) != 0u) { acc_fit = acc_fit_t3 + acc_fit; }
    if ((mt & 16u) != 0u) { acc_fit = acc_fit_t4 + acc_fit; }
  }
  let s_fit: f32 = acc_fit;
  let s_fitness: f32 = opt_fit(s_fit);
  {
    let t5: i32 = i32(n);
    if (valid && t5 >= 0i && t5 < 125i) {
      for (var jw4: i32 = 4i * i32(lane); jw4 < 100i; jw4 += 4i) {
        var t6: f32 = 0.0f;
        {
          let i_j4 = jw4 + 0i;
          t6 = SCR[(n * 100u + 0u + u32(i_j4)) + wid.z * P.run_scr];
        }
        var t7: f32 = 0.0f;
        {
          let i_j4 = jw4 + 1i;
          t7 = SCR[(n * 100u + 0u + u32(i_j4)) + wid.z * P.run_scr];
        }
        var t8: f32 = 0.0f;
        {
          let i_j4 = jw4 + 2i;
          t8 = SCR[(n * 100u + 0u + u32(i_j4)) + wid.z * P.run_scr];
        }
        var t9: f32 = 0.0f;
        {
          let i_j4 = jw4 + 3i;
          t9 = SCR[(n * 100u + 0u + u32(i_j4)) + wid.z * P.run_scr];
        }
        S[((P.w[0][0] + wid.z * P.run_s) + u32(t5) * 100u + u32(jw4)) >> 2u] = vec4<f32>(t6, t7, t8, t9);
      }
    }
  }
  {
    let t10: i32 = i32(n);
    if (valid && t10 >= 0i && t10 < 125i && lane == 0u) {
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

// ---- step init.B kernel evaluate uses P,RUNS,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 3>, w: array<vec4<u32>, 3> }
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
    if (valid && t0 >= 0i && t0 < 125i) {
      for (var jw: i32 = i32(lane); jw < 100i; jw += 128i) {
        let i_j5 = jw;
        opt_s_set((P.w[0][2] + wid.z * P.run_s) + u32(t0) * 100u + u32(jw), opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_j5)));
      }
    }
  }
  {
    let t1: i32 = i32(n);
    if (valid && t1 >= 0i && t1 < 125i && lane == 0u) {
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

// ---- step init.V kernel evaluate uses P,RUNS,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 3>, w: array<vec4<u32>, 3> }
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
    if (valid && t0 >= 0i && t0 < 125i) {
      for (var jw: i32 = i32(lane); jw < 100i; jw += 128i) {
        let i_j6 = jw;
        opt_s_set((P.w[1][0] + wid.z * P.run_s) + u32(t0) * 100u + u32(jw), 0.0f);
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

// ---- step each.P kernel evaluate uses P,RUNS,S,SCR
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 3>, w: array<vec4<u32>, 3> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
@group(0) @binding(4) var<storage, read_write> SCR: array<f32>;
override WG: u32 = 128u;
var<workgroup> shf: array<f32, 256>;
var<workgroup> shi: array<i32, 128>;
var<workgroup> shs: array<f32, 1057>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 1u;
  let lane = lid % 1u;
  let n_raw = group * 128u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100u;
  var acc_g_g: f32 = opt_inf();
  var acci_g_g: i32 = 2147483647i;
  {
    let vl = i32(lid);
    if (vl < 32i) {
      for (var q: i32 = vl; q < 32i; q += 32i) {
        let e0 = q * 4i + 0i;
        if (e0 >= 0i && e0 < 125i) {
          let i_k7 = e0;
          let t0 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(i_k7));
          if ((t0 < acc_g_g || (t0 == acc_g_g && i_k7 < acci_g_g))) { acc_g_g = t0; acci_g_g = i_k7; }
        }
        let e1 = q * 4i + 1i;
        if (e1 >= 0i && e1 < 125i) {
          let i_k7 = e1;
          let t1 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(i_k7));
          if ((t1 < acc_g_g || (t1 == acc_g_g && i_k7 < acci_g_g))) { acc_g_g = t1; acci_g_g = i_k7; }
        }
        let e2 = q * 4i + 2i;
        if (e2 >= 0i && e2 < 125i) {
          let i_k7 = e2;
          let t2 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(i_k7));
          if ((t2 < acc_g_g || (t2 == acc_g_g && i_k7 < acci_g_g))) { acc_g_g = t2; acci_g_g = i_k7; }
        }
        let e3 = q * 4i + 3i;
        if (e3 >= 0i && e3 < 125i) {
          let i_k7 = e3;
          let t3 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(i_k7));
          if ((t3 < acc_g_g || (t3 == acc_g_g && i_k7 < acci_g_g))) { acc_g_g = t3; acci_g_g = i_k7; }
        }
      }
    }
  }
  shf[0u + lid] = acc_g_g;
  shi[0u + lid] = acci_g_g;
  workgroupBarrier();
  if (lid < 16u) {
    if ((shf[0u + lid + 16u] < shf[0u + lid] || (shf[0u + lid + 16u] == shf[0u + lid] && shi[0u + lid + 16u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 16u]; shi[0u + lid] = shi[0u + lid + 16u]; }
  }
  workgroupBarrier();
  if (lid < 8u) {
    if ((shf[0u + lid + 8u] < shf[0u + lid] || (shf[0u + lid + 8u] == shf[0u + lid] && shi[0u + lid + 8u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 8u]; shi[0u + lid] = shi[0u + lid + 8u]; }
  }
  workgroupBarrier();
  if (lid < 4u) {
    if ((shf[0u + lid + 4u] < shf[0u + lid] || (shf[0u + lid + 4u] == shf[0u + lid] && shi[0u + lid + 4u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 4u]; shi[0u + lid] = shi[0u + lid + 4u]; }
  }
  workgroupBarrier();
  if (lid < 2u) {
    if ((shf[0u + lid + 2u] < shf[0u + lid] || (shf[0u + lid + 2u] == shf[0u + lid] && shi[0u + lid + 2u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 2u]; shi[0u + lid] = shi[0u + lid + 2u]; }
  }
  workgroupBarrier();
  if (lid < 1u) {
    if ((shf[0u + lid + 1u] < shf[0u + lid] || (shf[0u + lid + 1u] == shf[0u + lid] && shi[0u + lid + 1u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 1u]; shi[0u + lid] = shi[0u + lid + 1u]; }
  }
  workgroupBarrier();
  let s_g_g: i32 = shi[0u + 0u];
  let sval_g_g: f32 = shf[0u + 0u];
  workgroupBarrier();
  let s_l: i32 = s_g_g;
  for (var iv4: i32 = 4i * i32(lane); iv4 < 100i; iv4 += 4i) {
    let sv0 = S[((P.o[1][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(iv4)) >> 2u];
    let sv1 = S[((P.o[0][2] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(iv4)) >> 2u];
    let sv2 = S[((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(iv4)) >> 2u];
    let sv3 = S[((P.o[0][2] + wid.z * P.run_s) + u32(s_l) * 100u + u32(iv4)) >> 2u];
    {
      let iv = iv4 + 0i;
      let i_j8 = iv;
      let t4 = opt_draw_u(1u, u32(i32(n)), u32(i_j8));
      let t5 = opt_draw_u(2u, u32(i32(n)), u32(i_j8));
      if (valid) { SCR[(n * 100u + 0u + u32(iv)) + wid.z * P.run_scr] = (fma((1.881f * t5), (sv3[0] - sv2[0]), (fma((1.862f * t4), (sv1[0] - sv2[0]), (0.494f * sv0[0]))))); }
    }
    {
      let iv = iv4 + 1i;
      let i_j8 = iv;
      let t6 = opt_draw_u(1u, u32(i32(n)), u32(i_j8));
      let t7 = opt_draw_u(2u, u32(i32(n)), u32(i_j8));
      if (valid) { SCR[(n * 100u + 0u + u32(iv)) + wid.z * P.run_scr] = (fma((1.881f * t7), (sv3[1] - sv2[1]), (fma((1.862f * t6), (sv1[1] - sv2[1]), (0.494f * sv0[1]))))); }
    }
    {
      let iv = iv4 + 2i;
      let i_j8 = iv;
      let t8 = opt_draw_u(1u, u32(i32(n)), u32(i_j8));
      let t9 = opt_draw_u(2u, u32(i32(n)), u32(i_j8));
      if (valid) { SCR[(n * 100u + 0u + u32(iv)) + wid.z * P.run_scr] = (fma((1.881f * t9), (sv3[2] - sv2[2]), (fma((1.862f * t8), (sv1[2] - sv2[2]), (0.494f * sv0[2]))))); }
    }
    {
      let iv = iv4 + 3i;
      let i_j8 = iv;
      let t10 = opt_draw_u(1u, u32(i32(n)), u32(i_j8));
      let t11 = opt_draw_u(2u, u32(i32(n)), u32(i_j8));
      if (valid) { SCR[(n * 100u + 0u + u32(iv)) + wid.z * P.run_scr] = (fma((1.881f * t11), (sv3[3] - sv2[3]), (fma((1.862f * t10), (sv1[3] - sv2[3]), (0.494f * sv0[3]))))); }
    }
  }
  storageBarrier();
  var acc_fit: f32 = 0.0f;
  {
    var carry: f32 = 0.0f;
    var acc_fit_t0: f32 = 0.0f;
    var acc_fit_t1: f32 = 0.0f;
    var acc_fit_t2: f32 = 0.0f;
    var acc_fit_t3: f32 = 0.0f;
    var acc_fit_t4: f32 = 0.0f;
    for (var base: i32 = 0i; base < 100i; base += 8i) {
      let tl = u32((base - 0i) / 8i);
      for (var rj: u32 = lane; rj < 8u; rj += 1u) {
        let iv = base + i32(rj);
        var v: f32 = 0.0f;
        if (iv < 100i) {
          let i_i1 = iv;
          v = clamp((opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1)) + SCR[(n * 100u + 0u + u32(i_i1)) + wid.z * P.run_scr]), -100.0f, 100.0f);
        }
        shs[(((team) * 8u + rj) + (((team) * 8u + rj) >> 5u))] = v;
      }
      workgroupBarrier();
      var hs: f32 = 0.0f;
      for (var k: u32 = 0u; k < 8u; k++) { hs = hs + shs[(((team) * 8u + lane * 8u + k) + (((team) * 8u + lane * 8u + k) >> 5u))]; }
      var ex: f32 = 0.0f;
      var total: f32 = hs;
      var run: f32 = carry;
      if (lane > 0u) { run = carry + ex; }
      acc_fit = 0.0f;
      for (var k: u32 = 0u; k < 8u; k++) {
        let iv = base + i32((lane) * 8u + k);
        let v = shs[(((team) * 8u + lane * 8u + k) + (((team) * 8u + lane * 8u + k) >> 5u))];
        let before = run;
        run = run + v;
        let sv = run;
        if (iv < 100i) {
          if (iv >= 0i && iv < 100i) {
            let i_i3 = iv;
            let t12 = sv;
            acc_fit = fma(t12, t12, acc_fit);
          }
        }
      }
      workgroupBarrier();
      var acc_fit_c: f32 = acc_fit;
      if ((tl & 1u) == 0u) {
        acc_fit_t0 = acc_fit_c;
      } else {
        acc_fit_c = acc_fit_t0 + acc_fit_c;
        if ((tl & 2u) == 0u) {
          acc_fit_t1 = acc_fit_c;
        } else {
          acc_fit_c = acc_fit_t1 + acc_fit_c;
          if ((tl & 4u) == 0u) {
            acc_fit_t2 = acc_fit_c;
          } else {
            acc_fit_c = acc_fit_t2 + acc_fit_c;
            if ((tl & 8u) == 0u) {
              acc_fit_t3 = acc_fit_c;
            } else {
              acc_fit_c = acc_fit_t3 + acc_fit_c;
              acc_fit_t4 = acc_fit_c;
            }
          }
        }
      }
      workgroupBarrier();
      carry = carry + total;
    }
    let mt = u32((100i - 0i + 7i) / 8i);
    acc_fit = 0.0f;
    if ((mt & 1u) != 0u) { acc_fit = acc_fit_t0 + acc_fit; }
    if ((mt & 2u) != 0u) { acc_fit = acc_fit_t1 + acc_fit; }
    if ((mt & 4u) != 0u) { acc_fit = acc_fit_t2 + acc_fit; }
    if ((mt & 8u) != 0u) { acc_fit = acc_fit_t3 + acc_fit; }
    if ((mt & 16u) != 0u) { acc_fit = acc_fit_t4 + acc_fit; }
  }
  let s_fit: f32 = acc_fit;
  let s_fitness: f32 = opt_fit(s_fit);
  storageBarrier();
  workgroupBarrier();
  {
    let t13: i32 = i32(n);
    if (valid && t13 >= 0i && t13 < 125i) {
      for (var jw4: i32 = 4i * i32(lane); jw4 < 100i; jw4 += 4i) {
        let sv0 = S[((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(jw4)) >> 2u];
        var t14: f32 = 0.0f;
        {
          let i_j10 = jw4 + 0i;
          t14 = select(SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr], (-0.5f * SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]), (((sv0[0] + SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]) < -100.0f) || ((sv0[0] + SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]) > 100.0f)));
        }
        var t15: f32 = 0.0f;
        {
          let i_j10 = jw4 + 1i;
          t15 = select(SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr], (-0.5f * SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]), (((sv0[1] + SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]) < -100.0f) || ((sv0[1] + SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]) > 100.0f)));
        }
        var t16: f32 = 0.0f;
        {
          let i_j10 = jw4 + 2i;
          t16 = select(SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr], (-0.5f * SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]), (((sv0[2] + SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]) < -100.0f) || ((sv0[2] + SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]) > 100.0f)));
        }
        var t17: f32 = 0.0f;
        {
          let i_j10 = jw4 + 3i;
          t17 = select(SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr], (-0.5f * SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]), (((sv0[3] + SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]) < -100.0f) || ((sv0[3] + SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]) > 100.0f)));
        }
        S[((P.w[1][0] + wid.z * P.run_s) + u32(t13) * 100u + u32(jw4)) >> 2u] = vec4<f32>(t14, t15, t16, t17);
      }
    }
  }
  {
    let t18: i32 = i32(n);
    if (valid && t18 >= 0i && t18 < 125i) {
      for (var jw4: i32 = 4i * i32(lane); jw4 < 100i; jw4 += 4i) {
        let sv0 = S[((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(jw4)) >> 2u];
        var t19: f32 = 0.0f;
        {
          let i_j12 = jw4 + 0i;
          t19 = clamp((sv0[0] + SCR[(n * 100u + 0u + u32(i_j12)) + wid.z * P.run_scr]), -100.0f, 100.0f);
        }
        var t20: f32 = 0.0f;
        {
          let i_j12 = jw4 + 1i;
          t20 = clamp((sv0[1] + SCR[(n * 100u + 0u + u32(i_j12)) + wid.z * P.run_scr]), -100.0f, 100.0f);
        }
        var t21: f32 = 0.0f;
        {
          let i_j12 = jw4 + 2i;
          t21 = clamp((sv0[2] + SCR[(n * 100u + 0u + u32(i_j12)) + wid.z * P.run_scr]), -100.0f, 100.0f);
        }
        var t22: f32 = 0.0f;
        {
          let i_j12 = jw4 + 3i;
          t22 = clamp((sv0[3] + SCR[(n * 100u + 0u + u32(i_j12)) + wid.z * P.run_scr]), -100.0f, 100.0f);
        }
        S[((P.w[0][0] + wid.z * P.run_s) + u32(t18) * 100u + u32(jw4)) >> 2u] = vec4<f32>(t19, t20, t21, t22);
      }
    }
  }
  {
    let t23: i32 = i32(n);
    if (valid && t23 >= 0i && t23 < 125i && lane == 0u) {
      opt_s_set((P.w[0][1] + wid.z * P.run_s) + u32(t23), s_fitness);
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

// ---- step each.B kernel evaluate uses P,RUNS,S
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 3>, w: array<vec4<u32>, 3> }
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
  let t0 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i32(n)));
  let t1 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(i32(n)));
  let s_keep: i32 = select(0i, 1i, (t0 <= t1));
  storageBarrier();
  workgroupBarrier();
  {
    let t2: i32 = i32(n);
    if (valid && t2 >= 0i && t2 < 125i && (s_keep != 0i)) {
      for (var jw: i32 = i32(lane); jw < 100i; jw += 128i) {
        let i_j13 = jw;
        opt_s_set((P.w[0][2] + wid.z * P.run_s) + u32(t2) * 100u + u32(jw), opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_j13)));
      }
    }
  }
  {
    let t3: i32 = i32(n);
    if (valid && t3 >= 0i && t3 < 125i && (s_keep != 0i) && lane == 0u) {
      opt_s_set((P.w[0][3] + wid.z * P.run_s) + u32(t3), t0);
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
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 3>, w: array<vec4<u32>, 3> }
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
  let t0 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(min(i32(lane) + 0i, 124i)));
  let t2 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(min(i32(lane) + 0i, 124i)));
  let t4 = opt_s((P.o[1][2] + wid.z * P.run_s) + u32(0i));
  let t5 = opt_s((P.o[2][0] + wid.z * P.run_s) + u32(0i));
  var acc_arg_P: f32 = opt_inf();
  var acci_arg_P: i32 = 2147483647i;
  var acc_arg_B: f32 = opt_inf();
  var acci_arg_B: i32 = 2147483647i;
  {
    if (i32(lane) + 0i >= 0i && i32(lane) + 0i < 125i) {
      let i_k14 = i32(lane) + 0i;
      let t1 = t0;
      if ((t1 < acc_arg_P || (t1 == acc_arg_P && i_k14 < acci_arg_P))) { acc_arg_P = t1; acci_arg_P = i_k14; }
    }
    if (i32(lane) + 0i >= 0i && i32(lane) + 0i < 125i) {
      let i_k15 = i32(lane) + 0i;
      let t3 = t2;
      if ((t3 < acc_arg_B || (t3 == acc_arg_B && i_k15 < acci_arg_B))) { acc_arg_B = t3; acci_arg_B = i_k15; }
    }
  }
  shf[0u + lid] = acc_arg_P;
  shi[0u + lid] = acci_arg_P;
  shf[128u + lid] = acc_arg_B;
  shi[128u + lid] = acci_arg_B;
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
  let s_arg_P: i32 = shi[0u + team * 128u];
  let sval_arg_P: f32 = shf[0u + team * 128u];
  let s_arg_B: i32 = shi[128u + team * 128u];
  let sval_arg_B: f32 = shf[128u + team * 128u];
  workgroupBarrier();
  let s_min: f32 = min(sval_arg_P, sval_arg_B);
  let s_improved: i32 = select(0i, 1i, ((s_min < t4) && (!(t4 <= t5))));
  {
    let t6: i32 = i32(opt_slot);
    if (valid && t6 >= 0i && t6 < 1024i && lane == 0u) {
      opt_s_set((P.w[1][3] + wid.z * P.run_s) + u32(t6), select(t4, s_min, (s_improved != 0i)));
    }
  }
  {
    let t7: i32 = 0i;
    if (valid && t7 >= 0i && t7 < 1i) {
      for (var jw: i32 = i32(lane); jw < 100i; jw += 128i) {
        let i_j16 = jw;
        opt_s_set((P.w[1][1] + wid.z * P.run_s) + u32(t7) * 100u + u32(jw), select(opt_s((P.o[1][1] + wid.z * P.run_s) + u32(0i) * 100u + u32(i_j16)), select(opt_s((P.o[0][2] + wid.z * P.run_s) + u32(s_arg_B) * 100u + u32(i_j16)), opt_s((P.o[0][0] + wid.z * P.run_s) + u32(s_arg_P) * 100u + u32(i_j16)), (sval_arg_P == s_min)), (s_improved != 0i)));
      }
    }
  }
  {
    let t8: i32 = 0i;
    if (valid && t8 >= 0i && t8 < 1i && lane == 0u) {
      opt_s_set((P.w[1][2] + wid.z * P.run_s) + u32(t8), select(t4, s_min, (s_improved != 0i)));
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

// ---- step each.P+track kernel evaluate uses P,RUNS,S,SCR
struct Params { n: u32, gen: u32, gx: u32, round: u32, slot: u32, evals: u32, budget: u32, pad: u32, parity: u32, run_s: u32, run_scr: u32, run_part: u32, run_sc: u32, pad2: u32, pad3: u32, pad4: u32, h0: u32, h1: u32, h2: u32, h3: u32, o: array<vec4<u32>, 3>, w: array<vec4<u32>, 3> }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
var<private> opt_gen: u32;
var<private> opt_draw_round: u32;
var<private> opt_slot: u32;
@group(0) @binding(9) var<storage, read> RUNS: array<vec2<u32>>;
var<private> opt_seed: vec2<u32>;
@group(0) @binding(4) var<storage, read_write> SCR: array<f32>;
override WG: u32 = 128u;
var<workgroup> shf: array<f32, 256>;
var<workgroup> shi: array<i32, 128>;
var<workgroup> shs: array<f32, 1057>;

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let group = wid.x + wid.y * P.gx;
  opt_gen = P.gen;
  opt_draw_round = P.round;
  opt_slot = P.slot;
  opt_seed = RUNS[wid.z];
  let team = lid / 1u;
  let lane = lid % 1u;
  let n_raw = group * 128u + team;
  let valid = n_raw < P.n;
  let n = min(n_raw, P.n - 1u);
  let xo = n * 100u;
  let t17 = opt_s((P.o[1][2] + wid.z * P.run_s) + u32(0i));
  let t18 = opt_s((P.o[2][0] + wid.z * P.run_s) + u32(0i));
  var acc_g_g: f32 = opt_inf();
  var acci_g_g: i32 = 2147483647i;
  {
    let vl = i32(lid);
    if (vl < 32i) {
      for (var q: i32 = vl; q < 32i; q += 32i) {
        let e0 = q * 4i + 0i;
        if (e0 >= 0i && e0 < 125i) {
          let i_k7 = e0;
          let t0 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(i_k7));
          if ((t0 < acc_g_g || (t0 == acc_g_g && i_k7 < acci_g_g))) { acc_g_g = t0; acci_g_g = i_k7; }
        }
        let e1 = q * 4i + 1i;
        if (e1 >= 0i && e1 < 125i) {
          let i_k7 = e1;
          let t1 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(i_k7));
          if ((t1 < acc_g_g || (t1 == acc_g_g && i_k7 < acci_g_g))) { acc_g_g = t1; acci_g_g = i_k7; }
        }
        let e2 = q * 4i + 2i;
        if (e2 >= 0i && e2 < 125i) {
          let i_k7 = e2;
          let t2 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(i_k7));
          if ((t2 < acc_g_g || (t2 == acc_g_g && i_k7 < acci_g_g))) { acc_g_g = t2; acci_g_g = i_k7; }
        }
        let e3 = q * 4i + 3i;
        if (e3 >= 0i && e3 < 125i) {
          let i_k7 = e3;
          let t3 = opt_s((P.o[0][3] + wid.z * P.run_s) + u32(i_k7));
          if ((t3 < acc_g_g || (t3 == acc_g_g && i_k7 < acci_g_g))) { acc_g_g = t3; acci_g_g = i_k7; }
        }
      }
    }
  }
  shf[0u + lid] = acc_g_g;
  shi[0u + lid] = acci_g_g;
  workgroupBarrier();
  if (lid < 16u) {
    if ((shf[0u + lid + 16u] < shf[0u + lid] || (shf[0u + lid + 16u] == shf[0u + lid] && shi[0u + lid + 16u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 16u]; shi[0u + lid] = shi[0u + lid + 16u]; }
  }
  workgroupBarrier();
  if (lid < 8u) {
    if ((shf[0u + lid + 8u] < shf[0u + lid] || (shf[0u + lid + 8u] == shf[0u + lid] && shi[0u + lid + 8u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 8u]; shi[0u + lid] = shi[0u + lid + 8u]; }
  }
  workgroupBarrier();
  if (lid < 4u) {
    if ((shf[0u + lid + 4u] < shf[0u + lid] || (shf[0u + lid + 4u] == shf[0u + lid] && shi[0u + lid + 4u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 4u]; shi[0u + lid] = shi[0u + lid + 4u]; }
  }
  workgroupBarrier();
  if (lid < 2u) {
    if ((shf[0u + lid + 2u] < shf[0u + lid] || (shf[0u + lid + 2u] == shf[0u + lid] && shi[0u + lid + 2u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 2u]; shi[0u + lid] = shi[0u + lid + 2u]; }
  }
  workgroupBarrier();
  if (lid < 1u) {
    if ((shf[0u + lid + 1u] < shf[0u + lid] || (shf[0u + lid + 1u] == shf[0u + lid] && shi[0u + lid + 1u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 1u]; shi[0u + lid] = shi[0u + lid + 1u]; }
  }
  workgroupBarrier();
  let s_g_g: i32 = shi[0u + 0u];
  let sval_g_g: f32 = shf[0u + 0u];
  workgroupBarrier();
  let s_l: i32 = s_g_g;
  for (var iv4: i32 = 4i * i32(lane); iv4 < 100i; iv4 += 4i) {
    let sv0 = S[((P.o[1][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(iv4)) >> 2u];
    let sv1 = S[((P.o[0][2] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(iv4)) >> 2u];
    let sv2 = S[((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(iv4)) >> 2u];
    let sv3 = S[((P.o[0][2] + wid.z * P.run_s) + u32(s_l) * 100u + u32(iv4)) >> 2u];
    {
      let iv = iv4 + 0i;
      let i_j8 = iv;
      let t4 = opt_draw_u(1u, u32(i32(n)), u32(i_j8));
      let t5 = opt_draw_u(2u, u32(i32(n)), u32(i_j8));
      if (valid) { SCR[(n * 100u + 0u + u32(iv)) + wid.z * P.run_scr] = (fma((1.881f * t5), (sv3[0] - sv2[0]), (fma((1.862f * t4), (sv1[0] - sv2[0]), (0.494f * sv0[0]))))); }
    }
    {
      let iv = iv4 + 1i;
      let i_j8 = iv;
      let t6 = opt_draw_u(1u, u32(i32(n)), u32(i_j8));
      let t7 = opt_draw_u(2u, u32(i32(n)), u32(i_j8));
      if (valid) { SCR[(n * 100u + 0u + u32(iv)) + wid.z * P.run_scr] = (fma((1.881f * t7), (sv3[1] - sv2[1]), (fma((1.862f * t6), (sv1[1] - sv2[1]), (0.494f * sv0[1]))))); }
    }
    {
      let iv = iv4 + 2i;
      let i_j8 = iv;
      let t8 = opt_draw_u(1u, u32(i32(n)), u32(i_j8));
      let t9 = opt_draw_u(2u, u32(i32(n)), u32(i_j8));
      if (valid) { SCR[(n * 100u + 0u + u32(iv)) + wid.z * P.run_scr] = (fma((1.881f * t9), (sv3[2] - sv2[2]), (fma((1.862f * t8), (sv1[2] - sv2[2]), (0.494f * sv0[2]))))); }
    }
    {
      let iv = iv4 + 3i;
      let i_j8 = iv;
      let t10 = opt_draw_u(1u, u32(i32(n)), u32(i_j8));
      let t11 = opt_draw_u(2u, u32(i32(n)), u32(i_j8));
      if (valid) { SCR[(n * 100u + 0u + u32(iv)) + wid.z * P.run_scr] = (fma((1.881f * t11), (sv3[3] - sv2[3]), (fma((1.862f * t10), (sv1[3] - sv2[3]), (0.494f * sv0[3]))))); }
    }
  }
  storageBarrier();
  var acc_fit: f32 = 0.0f;
  {
    var carry: f32 = 0.0f;
    var acc_fit_t0: f32 = 0.0f;
    var acc_fit_t1: f32 = 0.0f;
    var acc_fit_t2: f32 = 0.0f;
    var acc_fit_t3: f32 = 0.0f;
    var acc_fit_t4: f32 = 0.0f;
    for (var base: i32 = 0i; base < 100i; base += 8i) {
      let tl = u32((base - 0i) / 8i);
      for (var rj: u32 = lane; rj < 8u; rj += 1u) {
        let iv = base + i32(rj);
        var v: f32 = 0.0f;
        if (iv < 100i) {
          let i_i1 = iv;
          v = clamp((opt_s((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(i_i1)) + SCR[(n * 100u + 0u + u32(i_i1)) + wid.z * P.run_scr]), -100.0f, 100.0f);
        }
        shs[(((team) * 8u + rj) + (((team) * 8u + rj) >> 5u))] = v;
      }
      workgroupBarrier();
      var hs: f32 = 0.0f;
      for (var k: u32 = 0u; k < 8u; k++) { hs = hs + shs[(((team) * 8u + lane * 8u + k) + (((team) * 8u + lane * 8u + k) >> 5u))]; }
      var ex: f32 = 0.0f;
      var total: f32 = hs;
      var run: f32 = carry;
      if (lane > 0u) { run = carry + ex; }
      acc_fit = 0.0f;
      for (var k: u32 = 0u; k < 8u; k++) {
        let iv = base + i32((lane) * 8u + k);
        let v = shs[(((team) * 8u + lane * 8u + k) + (((team) * 8u + lane * 8u + k) >> 5u))];
        let before = run;
        run = run + v;
        let sv = run;
        if (iv < 100i) {
          if (iv >= 0i && iv < 100i) {
            let i_i3 = iv;
            let t12 = sv;
            acc_fit = fma(t12, t12, acc_fit);
          }
        }
      }
      workgroupBarrier();
      var acc_fit_c: f32 = acc_fit;
      if ((tl & 1u) == 0u) {
        acc_fit_t0 = acc_fit_c;
      } else {
        acc_fit_c = acc_fit_t0 + acc_fit_c;
        if ((tl & 2u) == 0u) {
          acc_fit_t1 = acc_fit_c;
        } else {
          acc_fit_c = acc_fit_t1 + acc_fit_c;
          if ((tl & 4u) == 0u) {
            acc_fit_t2 = acc_fit_c;
          } else {
            acc_fit_c = acc_fit_t2 + acc_fit_c;
            if ((tl & 8u) == 0u) {
              acc_fit_t3 = acc_fit_c;
            } else {
              acc_fit_c = acc_fit_t3 + acc_fit_c;
              acc_fit_t4 = acc_fit_c;
            }
          }
        }
      }
      workgroupBarrier();
      carry = carry + total;
    }
    let mt = u32((100i - 0i + 7i) / 8i);
    acc_fit = 0.0f;
    if ((mt & 1u) != 0u) { acc_fit = acc_fit_t0 + acc_fit; }
    if ((mt & 2u) != 0u) { acc_fit = acc_fit_t1 + acc_fit; }
    if ((mt & 4u) != 0u) { acc_fit = acc_fit_t2 + acc_fit; }
    if ((mt & 8u) != 0u) { acc_fit = acc_fit_t3 + acc_fit; }
    if ((mt & 16u) != 0u) { acc_fit = acc_fit_t4 + acc_fit; }
  }
  let s_fit: f32 = acc_fit;
  var acc_track_arg_P: f32 = opt_inf();
  var acci_track_arg_P: i32 = 2147483647i;
  {
    let vl = i32(lid);
    if (vl < 32i) {
      for (var q: i32 = vl; q < 32i; q += 32i) {
        let e0 = q * 4i + 0i;
        if (e0 >= 0i && e0 < 125i) {
          let i_k14 = e0;
          let t13 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i_k14));
          if ((t13 < acc_track_arg_P || (t13 == acc_track_arg_P && i_k14 < acci_track_arg_P))) { acc_track_arg_P = t13; acci_track_arg_P = i_k14; }
        }
        let e1 = q * 4i + 1i;
        if (e1 >= 0i && e1 < 125i) {
          let i_k14 = e1;
          let t14 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i_k14));
          if ((t14 < acc_track_arg_P || (t14 == acc_track_arg_P && i_k14 < acci_track_arg_P))) { acc_track_arg_P = t14; acci_track_arg_P = i_k14; }
        }
        let e2 = q * 4i + 2i;
        if (e2 >= 0i && e2 < 125i) {
          let i_k14 = e2;
          let t15 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i_k14));
          if ((t15 < acc_track_arg_P || (t15 == acc_track_arg_P && i_k14 < acci_track_arg_P))) { acc_track_arg_P = t15; acci_track_arg_P = i_k14; }
        }
        let e3 = q * 4i + 3i;
        if (e3 >= 0i && e3 < 125i) {
          let i_k14 = e3;
          let t16 = opt_s((P.o[0][1] + wid.z * P.run_s) + u32(i_k14));
          if ((t16 < acc_track_arg_P || (t16 == acc_track_arg_P && i_k14 < acci_track_arg_P))) { acc_track_arg_P = t16; acci_track_arg_P = i_k14; }
        }
      }
    }
  }
  shf[0u + lid] = acc_track_arg_P;
  shi[0u + lid] = acci_track_arg_P;
  workgroupBarrier();
  if (lid < 16u) {
    if ((shf[0u + lid + 16u] < shf[0u + lid] || (shf[0u + lid + 16u] == shf[0u + lid] && shi[0u + lid + 16u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 16u]; shi[0u + lid] = shi[0u + lid + 16u]; }
  }
  workgroupBarrier();
  if (lid < 8u) {
    if ((shf[0u + lid + 8u] < shf[0u + lid] || (shf[0u + lid + 8u] == shf[0u + lid] && shi[0u + lid + 8u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 8u]; shi[0u + lid] = shi[0u + lid + 8u]; }
  }
  workgroupBarrier();
  if (lid < 4u) {
    if ((shf[0u + lid + 4u] < shf[0u + lid] || (shf[0u + lid + 4u] == shf[0u + lid] && shi[0u + lid + 4u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 4u]; shi[0u + lid] = shi[0u + lid + 4u]; }
  }
  workgroupBarrier();
  if (lid < 2u) {
    if ((shf[0u + lid + 2u] < shf[0u + lid] || (shf[0u + lid + 2u] == shf[0u + lid] && shi[0u + lid + 2u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 2u]; shi[0u + lid] = shi[0u + lid + 2u]; }
  }
  workgroupBarrier();
  if (lid < 1u) {
    if ((shf[0u + lid + 1u] < shf[0u + lid] || (shf[0u + lid + 1u] == shf[0u + lid] && shi[0u + lid + 1u] < shi[0u + lid]))) { shf[0u + lid] = shf[0u + lid + 1u]; shi[0u + lid] = shi[0u + lid + 1u]; }
  }
  workgroupBarrier();
  let s_track_arg_P: i32 = shi[0u + 0u];
  let sval_track_arg_P: f32 = shf[0u + 0u];
  workgroupBarrier();
  let s_fitness: f32 = opt_fit(s_fit);
  let s_track_min: f32 = min(sval_track_arg_P, sval_g_g);
  let s_track_improved: i32 = select(0i, 1i, ((s_track_min < t17) && (!(t17 <= t18))));
  storageBarrier();
  workgroupBarrier();
  {
    let t19: i32 = i32(n);
    if (valid && t19 >= 0i && t19 < 125i) {
      for (var jw4: i32 = 4i * i32(lane); jw4 < 100i; jw4 += 4i) {
        let sv0 = S[((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(jw4)) >> 2u];
        var t20: f32 = 0.0f;
        {
          let i_j10 = jw4 + 0i;
          t20 = select(SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr], (-0.5f * SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]), (((sv0[0] + SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]) < -100.0f) || ((sv0[0] + SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]) > 100.0f)));
        }
        var t21: f32 = 0.0f;
        {
          let i_j10 = jw4 + 1i;
          t21 = select(SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr], (-0.5f * SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]), (((sv0[1] + SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]) < -100.0f) || ((sv0[1] + SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]) > 100.0f)));
        }
        var t22: f32 = 0.0f;
        {
          let i_j10 = jw4 + 2i;
          t22 = select(SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr], (-0.5f * SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]), (((sv0[2] + SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]) < -100.0f) || ((sv0[2] + SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]) > 100.0f)));
        }
        var t23: f32 = 0.0f;
        {
          let i_j10 = jw4 + 3i;
          t23 = select(SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr], (-0.5f * SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]), (((sv0[3] + SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]) < -100.0f) || ((sv0[3] + SCR[(n * 100u + 0u + u32(i_j10)) + wid.z * P.run_scr]) > 100.0f)));
        }
        S[((P.w[1][0] + wid.z * P.run_s) + u32(t19) * 100u + u32(jw4)) >> 2u] = vec4<f32>(t20, t21, t22, t23);
      }
    }
  }
  {
    let t24: i32 = i32(n);
    if (valid && t24 >= 0i && t24 < 125i) {
      for (var jw4: i32 = 4i * i32(lane); jw4 < 100i; jw4 += 4i) {
        let sv0 = S[((P.o[0][0] + wid.z * P.run_s) + u32(i32(n)) * 100u + u32(jw4)) >> 2u];
        var t25: f32 = 0.0f;
        {
          let i_j12 = jw4 + 0i;
          t25 = clamp((sv0[0] + SCR[(n * 100u + 0u + u32(i_j12)) + wid.z * P.run_scr]), -100.0f, 100.0f);
        }
        var t26: f32 = 0.0f;
        {
          let i_j12 = jw4 + 1i;
          t26 = clamp((sv0[1] + SCR[(n * 100u + 0u + u32(i_j12)) + wid.z * P.run_scr]), -100.0f, 100.0f);
        }
        var t27: f32 = 0.0f;
        {
          let i_j12 = jw4 + 2i;
          t27 = clamp((sv0[2] + SCR[(n * 100u + 0u + u32(i_j12)) + wid.z * P.run_scr]), -100.0f, 100.0f);
        }
        var t28: f32 = 0.0f;
        {
          let i_j12 = jw4 + 3i;
          t28 = clamp((sv0[3] + SCR[(n * 100u + 0u + u32(i_j12)) + wid.z * P.run_scr]), -100.0f, 100.0f);
        }
        S[((P.w[0][0] + wid.z * P.run_s) + u32(t24) * 100u + u32(jw4)) >> 2u] = vec4<f32>(t25, t26, t27, t28);
      }
    }
  }
  {
    let t29: i32 = i32(n);
    if (valid && t29 >= 0i && t29 < 125i && lane == 0u) {
      opt_s_set((P.w[0][1] + wid.z * P.run_s) + u32(t29), s_fitness);
    }
  }
  {
    let t30: i32 = select(-1i, i32(opt_slot), (i32(n) == 0i));
    if (valid && t30 >= 0i && t30 < 1024i && lane == 0u) {
      opt_s_set((P.w[1][3] + wid.z * P.run_s) + u32(t30), select(t17, s_track_min, (s_track_improved != 0i)));
    }
  }
  {
    let t31: i32 = select(-1i, 0i, (i32(n) == 0i));
    if (valid && t31 >= 0i && t31 < 1i) {
      for (var jw4: i32 = 4i * i32(lane); jw4 < 100i; jw4 += 4i) {
        let sv0 = S[((P.o[0][0] + wid.z * P.run_s) + u32(s_track_arg_P) * 100u + u32(jw4)) >> 2u];
        let sv1 = S[((P.o[0][2] + wid.z * P.run_s) + u32(s_g_g) * 100u + u32(jw4)) >> 2u];
        let sv2 = S[((P.o[1][1] + wid.z * P.run_s) + u32(0i) * 100u + u32(jw4)) >> 2u];
        var t32: f32 = 0.0f;
        {
          let i_j16 = jw4 + 0i;
          t32 = select(sv2[0], select(sv1[0], sv0[0], (sval_track_arg_P == s_track_min)), (s_track_improved != 0i));
        }
        var t33: f32 = 0.0f;
        {
          let i_j16 = jw4 + 1i;
          t33 = select(sv2[1], select(sv1[1], sv0[1], (sval_track_arg_P == s_track_min)), (s_track_improved != 0i));
        }
        var t34: f32 = 0.0f;
        {
          let i_j16 = jw4 + 2i;
          t34 = select(sv2[2], select(sv1[2], sv0[2], (sval_track_arg_P == s_track_min)), (s_track_improved != 0i));
        }
        var t35: f32 = 0.0f;
        {
          let i_j16 = jw4 + 3i;
          t35 = select(sv2[3], select(sv1[3], sv0[3], (sval_track_arg_P == s_track_min)), (s_track_improved != 0i));
        }
        S[((P.w[1][1] + wid.z * P.run_s) + u32(t31) * 100u + u32(jw4)) >> 2u] = vec4<f32>(t32, t33, t34, t35);
      }
    }
  }
  {
    let t36: i32 = select(-1i, 0i, (i32(n) == 0i));
    if (valid && t36 >= 0i && t36 < 1i && lane == 0u) {
      opt_s_set((P.w[1][2] + wid.z * P.run_s) + u32(t36), select(t17, s_track_min, (s_track_improved != 0i)));
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

