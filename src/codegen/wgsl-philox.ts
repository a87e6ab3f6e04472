// Philox 4x32-10 in WGSL: the twin of src/rng/philox.ts, so that a draw keyed by (seed, call
// site, generation, individual, dimension) has the same bits on the GPU and the CPU. WGSL has no
// 64-bit integers: the 32x32 -> 64 multiply is done in 16-bit limbs, as in the JavaScript version.

export const WGSL_PHILOX = `
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
`;
