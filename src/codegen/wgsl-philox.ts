// Philox 4x32-10 in WGSL: the twin of src/runtime/philox.ts, so that a draw keyed by (seed, call
// site, generation, individual, dimension) has the same bits on the GPU and the CPU. WGSL has no
// 64-bit integers: the 32x32 -> 64 multiply is done in 16-bit limbs, as in the JavaScript version.

export const WGSL_PHILOX = `
fn opt_mulhilo(a: u32, b: u32) -> vec2<u32> {
  let lo = a * b;
  let aH = a >> 16u; let aL = a & 0xffffu; let bH = b >> 16u; let bL = b & 0xffffu;
  let ll = aL * bL; let lh = aL * bH; let hl = aH * bL; let hh = aH * bH;
  let mid = (ll >> 16u) + (lh & 0xffffu) + (hl & 0xffffu);
  let hi = hh + (lh >> 16u) + (hl >> 16u) + (mid >> 16u);
  return vec2<u32>(hi, lo);
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
// backend draws the same number (src/runtime/philox.ts, uniform24).
fn opt_uniform24(w: u32) -> f32 { return f32(w >> 8u) * 5.9604644775390625e-8; }
`;
