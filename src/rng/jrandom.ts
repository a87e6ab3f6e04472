// An exact java.util.Random (a 48-bit linear congruential generator: state' = (state *
// 0x5DEECE66D + 0xB) mod 2^48) and the CEC 2010 large-scale benchmark's data generators built on
// it (Tang, Li, Suganthan, Yang, Weise: "Benchmark Functions for the CEC'2010 Special Session and
// Competition on Large-Scale Global Optimization", and its official C++ code, Benchmarks.cpp:
// createShiftVector, createPermVector, createRotMatrix).
//
// The state is kept as two 24-bit halves in doubles, so that a step is exact without BigInt: the
// permutation of D = 3,000,000 takes about 50 million steps.
//
// The official C++ starts from the raw state 0 (m_seed = seed, no scrambling); Java's
// `new Random(s)` scrambles its seed to s ^ 0x5DEECE66D. `JRandom.fromState(s)` is the former,
// `new JRandom(s)` the latter, so JRandom.fromState(0) is Java's new Random(0x5DEECE66DL).

const TWO24 = 16777216; // 2^24
const INV24 = 1 / TWO24;
const MUL_HI = 0x5de; // 0x5DEECE66D = MUL_HI * 2^24 + MUL_LO
const MUL_LO = 0xece66d;
const ADD = 0xb;
const SCRAMBLE_HI = 0x5de;
const SCRAMBLE_LO = 0xece66d;

export class JRandom {
  /** The state's high and low 24 bits. */
  private hi = 0;
  private lo = 0;
  private haveNextGaussian = false;
  private nextGaussianValue = 0;

  /** Java's `new Random(seed)`: the seed scrambled with 0x5DEECE66D (seed a safe integer, a Java long's low 48 bits). */
  constructor(seed = 0) {
    this.setState(seed);
    this.hi ^= SCRAMBLE_HI;
    this.lo ^= SCRAMBLE_LO;
  }

  /** The official CEC 2010 code's generator: state = seed, not scrambled. */
  static fromState(state: number): JRandom {
    const r = new JRandom(0);
    r.setState(state);
    return r;
  }

  /** Sets the raw 48-bit state (the low 48 bits of a safe integer, in two's complement) and clears the cached Gaussian. */
  setState(state: number): void {
    if (!Number.isSafeInteger(state))
      throw new Error(`internal: a java.util.Random state must be a safe integer, not ${state}`);
    const s = ((state % 281474976710656) + 281474976710656) % 281474976710656; // mod 2^48
    this.hi = Math.floor(s / TWO24);
    this.lo = s - this.hi * TWO24;
    this.haveNextGaussian = false;
    this.nextGaussianValue = 0;
  }

  /** The raw 48-bit state. */
  get state(): number {
    return this.hi * TWO24 + this.lo;
  }

  /** A copy (state and cached Gaussian): the stream goes on identically in both. */
  clone(): JRandom {
    const r = new JRandom(0);
    r.hi = this.hi;
    r.lo = this.lo;
    r.haveNextGaussian = this.haveNextGaussian;
    r.nextGaussianValue = this.nextGaussianValue;
    return r;
  }

  /** Java's next(bits), 1 <= bits <= 32: the top `bits` bits of the new state as a signed int. */
  next(bits: number): number {
    // (hi 2^24 + lo) (MUL_HI 2^24 + MUL_LO) + ADD mod 2^48; every product is below 2^48.
    const l = this.lo * MUL_LO + ADD;
    const carry = Math.floor(l * INV24);
    const h = this.hi * MUL_LO + this.lo * MUL_HI + carry;
    const hi = h - Math.floor(h * INV24) * TWO24;
    const lo = l - carry * TWO24;
    this.hi = hi;
    this.lo = lo;
    // state >>> (48 - bits), then Java's (int) cast.
    return bits >= 24 ? (hi * 2 ** (bits - 24) + (lo >>> (48 - bits))) | 0 : hi >>> (24 - bits);
  }

  /**
   * `count` pairs as the CEC 2010 permutation draws them: j = nextInt(n), then k = nextInt(n)
   * until k != j (n > 1). The same draws as the calls one by one, with the state in locals: the
   * permutation of D = 3,000,000 makes 48 million.
   */
  nextIntPairs(n: number, js: Int32Array, ks: Int32Array, count: number): void {
    if (!Number.isInteger(n) || n <= 1 || n > 2147483647)
      throw new Error(`internal: nextIntPairs(n) needs an integer 1 < n < 2^31, not ${n}`);
    if ((n & -n) === n) {
      // A power of two: the plain calls (rare; no rejection loop to speed up).
      for (let b = 0; b < count; b++) {
        const j = this.nextInt(n);
        let k: number;
        do k = this.nextInt(n);
        while (k === j);
        js[b] = j;
        ks[b] = k;
      }
      return;
    }
    let hi = this.hi;
    let lo = this.lo;
    const limit = 2147483647 - (n - 1); // bits - val <= limit, else the int sum overflows: reject
    for (let b = 0; b < count; b++) {
      let j = -1;
      for (;;) {
        const l = lo * MUL_LO + ADD;
        const carry = Math.floor(l * INV24);
        const h = hi * MUL_LO + lo * MUL_HI + carry;
        hi = h - Math.floor(h * INV24) * TWO24;
        lo = l - carry * TWO24;
        const bits = (hi << 7) | (lo >>> 17); // next(31)
        const val = bits % n;
        if (bits - val > limit) continue;
        if (j < 0) j = val;
        else if (val !== j) {
          js[b] = j;
          ks[b] = val;
          break;
        }
      }
    }
    this.hi = hi;
    this.lo = lo;
  }

  /** Java's nextInt(): 32 random bits as a signed int. */
  nextInt(): number;
  /** Java's nextInt(n), 0 < n < 2^31: uniform in [0, n) (the power-of-two case and the rejection loop). */
  nextInt(n: number): number;
  nextInt(n?: number): number {
    if (n === undefined) return this.next(32);
    if (!Number.isInteger(n) || n <= 0 || n > 2147483647)
      throw new Error(`internal: nextInt(n) needs an integer 0 < n < 2^31, not ${n}`);
    if ((n & -n) === n) return Math.floor((n * this.next(31)) / 2147483648); // (n * next(31)) >> 31
    let bits: number;
    let val: number;
    do {
      bits = this.next(31);
      val = bits % n;
    } while (((bits - val + (n - 1)) | 0) < 0); // int overflow rejects the incomplete last range
    return val;
  }

  /** Java's nextDouble(): 53 random bits / 2^53. */
  nextDouble(): number {
    return (this.next(26) * 134217728 + this.next(27)) / 9007199254740992;
  }

  /** Java's nextGaussian(): the polar method, the second value cached for the next call. */
  nextGaussian(): number {
    if (this.haveNextGaussian) {
      this.haveNextGaussian = false;
      return this.nextGaussianValue;
    }
    let v1: number;
    let v2: number;
    let s: number;
    do {
      v1 = 2 * this.nextDouble() - 1;
      v2 = 2 * this.nextDouble() - 1;
      s = v1 * v1 + v2 * v2;
    } while (s >= 1 || s === 0);
    const multiplier = Math.sqrt((-2 * Math.log(s)) / s);
    this.nextGaussianValue = v2 * multiplier;
    this.haveNextGaussian = true;
    return v1 * multiplier;
  }
}

// ---- The CEC 2010 data (Benchmarks.cpp) -------------------------------------------------------

/**
 * createShiftVector(dim, min, max): filled from index dim-1 down to 0, each element
 * middle + gaussian * halfwidth, drawn again until it lies in [min, max].
 */
export function cec2010Shift(r: JRandom, dim: number, min: number, max: number): Float64Array {
  const d = new Float64Array(dim);
  const hw = 0.5 * (max - min);
  const middle = min + hw;
  for (let i = dim - 1; i >= 0; i--) {
    let s: number;
    do s = middle + r.nextGaussian() * hw;
    while (s < min || s > max);
    d[i] = s;
  }
  return d;
}

/**
 * createPermVector(dim): the identity, then 8 dim + 1 swaps of entries j = nextInt(dim) and
 * k = nextInt(dim), k drawn again while it equals j. (At dim = 1 there is no second entry: the
 * official loop would never end; the identity is returned.)
 */
export function cec2010Permutation(r: JRandom, dim: number): Float64Array {
  const d = new Int32Array(dim);
  for (let i = 0; i < dim; i++) d[i] = i;
  if (dim > 1) {
    // The pairs are drawn in batches, so that the swaps' scattered memory accesses overlap.
    const B = 4096;
    const js = new Int32Array(B);
    const ks = new Int32Array(B);
    for (let left = dim * 8 + 1; left > 0; left -= B) {
      const n = Math.min(B, left);
      r.nextIntPairs(dim, js, ks, n);
      for (let b = 0; b < n; b++) {
        const j = js[b]!;
        const k = ks[b]!;
        const t = d[j]!;
        d[j] = d[k]!;
        d[k] = t;
      }
    }
  }
  return Float64Array.from(d);
}

/**
 * createRotMatrix(dim) as a row-major dim x dim array (createRotMatrix1D): Gaussian entries
 * filled from [dim-1][dim-1] down to [0][0], then Gram-Schmidt from the last row up (each row
 * made orthogonal to the rows below it, then normalised); a zero row starts over with new draws.
 */
export function cec2010Rotation(r: JRandom, dim: number): Float64Array {
  const m = new Float64Array(dim * dim);
  for (;;) {
    for (let i = dim - 1; i >= 0; i--)
      for (let j = dim - 1; j >= 0; j--) m[i * dim + j] = r.nextGaussian();
    let dependent = false;
    for (let i = dim - 1; i >= 0 && !dependent; i--) {
      for (let j = dim - 1; j > i; j--) {
        let dp = 0;
        for (let k = dim - 1; k >= 0; k--) dp += m[i * dim + k]! * m[j * dim + k]!;
        for (let k = dim - 1; k >= 0; k--) m[i * dim + k] = m[i * dim + k]! - dp * m[j * dim + k]!;
      }
      let dp = 0;
      for (let k = dim - 1; k >= 0; k--) {
        const t = m[i * dim + k]!;
        dp += t * t;
      }
      if (dp <= 0) dependent = true;
      else {
        dp = 1 / Math.sqrt(dp);
        for (let k = dim - 1; k >= 0; k--) m[i * dim + k] = m[i * dim + k]! * dp;
      }
    }
    if (!dependent) return m;
  }
}
