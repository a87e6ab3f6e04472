// Philox 4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC'11): a
// counter-based generator, so a draw depends only on (key, counter) and GPU and CPU can produce
// the same numbers independently. The WGSL twin lives in codegen/wgsl-philox.ts; the tests in
// test/gpu/philox.gpu.test.ts check that both give the same bits.

const M0 = 0xd2511f53;
const M1 = 0xcd9e8d57;
const W0 = 0x9e3779b9;
const W1 = 0xbb67ae85;

export function philox4x32(
  c0: number,
  c1: number,
  c2: number,
  c3: number,
  k0: number,
  k1: number,
): [number, number, number, number] {
  const out = new Uint32Array(4);
  philoxInto(out, c0, c1, c2, c3, k0, k1);
  return [out[0]!, out[1]!, out[2]!, out[3]!];
}

/** High 32 bits of a 32x32-bit product, in 16-bit limbs (exact in float64). */
export function mulhi32(a: number, b: number): number {
  const aH = a >>> 16;
  const aL = a & 0xffff;
  const bH = b >>> 16;
  const bL = b & 0xffff;
  const ll = aL * bL;
  const lh = aL * bH;
  const hl = aH * bL;
  const mid = (ll >>> 16) + (lh & 0xffff) + (hl & 0xffff);
  return (aH * bH + (lh >>> 16) + (hl >>> 16) + (mid >>> 16)) >>> 0;
}

/** Philox 4x32-10 into `out` without allocating (the CPU backend draws millions of blocks). */
export function philoxInto(
  out: Uint32Array,
  c0: number,
  c1: number,
  c2: number,
  c3: number,
  k0: number,
  k1: number,
): void {
  let x0 = c0 >>> 0,
    x1 = c1 >>> 0,
    x2 = c2 >>> 0,
    x3 = c3 >>> 0;
  let key0 = k0 >>> 0,
    key1 = k1 >>> 0;
  for (let r = 0; r < 10; r++) {
    const h0 = mulhi32(M0, x0);
    const l0 = Math.imul(M0, x0) >>> 0;
    const h1 = mulhi32(M1, x2);
    const l1 = Math.imul(M1, x2) >>> 0;
    x0 = (h1 ^ x1 ^ key0) >>> 0;
    x1 = l1;
    x2 = (h0 ^ x3 ^ key1) >>> 0;
    x3 = l0;
    key0 = (key0 + W0) >>> 0;
    key1 = (key1 + W1) >>> 0;
  }
  out[0] = x0;
  out[1] = x1;
  out[2] = x2;
  out[3] = x3;
}

/** A float64 uniform in [0, 1) from 53 random bits of one Philox block. */
export function uniform53(seed: number, index: number, stream: number): number {
  const [a, b] = philox4x32(
    index >>> 0,
    Math.floor(index / 2 ** 32) >>> 0,
    stream >>> 0,
    0,
    seed >>> 0,
    Math.floor(seed / 2 ** 32) >>> 0,
  );
  return ((a >>> 5) * 67108864 + (b >>> 6)) / 9007199254740992;
}

/** A uniform in [0, 1) from the top 24 bits of a word: the value the GPU's opt_uniform24 draws. */
export function uniform24(w: number): number {
  return (w >>> 8) * 5.9604644775390625e-8;
}
