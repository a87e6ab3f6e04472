// Random draws for the algorithms (issue 3), keyed by (seed, call site, generation, individual,
// dimension) through Philox 4x32-10: a draw depends on nothing else, so the GPU and the CPU make
// the same draws independently, and a run is reproducible from its seed. The WGSL twins are in
// codegen/wgsl-philox.ts; test/gpu/draws.gpu.test.ts checks that both give the same values.
//
// Uniform and integer draws are bit-identical on both backends (integer arithmetic, and a float32
// uniform from 24 bits); normal draws go through log and cos, which differ in their last bits
// between WGSL's float32 and JavaScript's float64.

import { mulhi32, philox4x32, philoxInto, uniform24 } from '../rng/philox.js';

export interface DrawKey {
  seed: number; // up to 2^53
  site: number; // the call site in the program
  generation: number;
  individual: number;
  dimension: number;
}

/** The four 32-bit words of the draw at (site, generation, individual, dimension). */
export function words(k: DrawKey): [number, number, number, number] {
  return philox4x32(
    k.site >>> 0,
    k.generation >>> 0,
    k.individual >>> 0,
    k.dimension >>> 0,
    k.seed >>> 0,
    Math.floor(k.seed / 2 ** 32) >>> 0,
  );
}

/** High 32 bits of a 32x32-bit product: an integer in [0, n) from a uniform word, without division. */
export const mulhi = mulhi32;

export function rand(k: DrawKey): number {
  return uniform24(words(k)[0]);
}

export function randint(k: DrawKey, n: number): number {
  return mulhi(words(k)[0], n);
}

/**
 * `count` distinct integers in [0, n) other than `except` (DE's r1, r2, r3 != i). Draw t picks
 * among the n - 1 - t values still free and skips the taken ones in increasing order, so it needs
 * no rejection loop and runs the same on both backends. Needs n - 1 >= count. Words 0..3 of the
 * block at dimension 0, then of dimension 1, ...
 */
export function distinct(k: DrawKey, n: number, count: number, except: number): number[] {
  if (n - 1 < count)
    throw new RangeError(
      `distinct: ${count} values other than one need n >= ${count + 1}, got ${n}`,
    );
  const taken = [except];
  const out: number[] = [];
  let block = words({ ...k, dimension: 0 });
  for (let t = 0; t < count; t++) {
    if (t > 0 && t % 4 === 0) block = words({ ...k, dimension: t / 4 });
    let r = mulhi(block[t % 4]!, n - 1 - t);
    const sorted = [...taken].sort((a, b) => a - b);
    for (const e of sorted) if (r >= e) r++;
    out.push(r);
    taken.push(r);
  }
  return out;
}

/** A standard normal draw (Box-Muller on words 0 and 1), as the GPU computes it up to rounding. */
export function normal(k: DrawKey): number {
  const w = words(k);
  const u1 = 1 - uniform24(w[0]); // (0, 1]
  const u2 = uniform24(w[1]);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/**
 * Value `which` of `count` distinct integers in [0, n) other than `except` (none when negative):
 * the draws of `distinct` above, generalised to no exclusion. count <= 4: one Philox block.
 */
export function distinctAt(
  k: DrawKey,
  n: number,
  count: number,
  except: number,
  which: number,
): number {
  const w = words({ ...k, dimension: 0 });
  const taken: number[] = except >= 0 ? [except] : [];
  let r = 0;
  for (let t = 0; t <= which && t < count; t++) {
    r = mulhi(w[t]!, n - taken.length);
    const sorted = [...taken].sort((a, b) => a - b);
    for (const e of sorted) if (r >= e) r++;
    taken.push(r);
  }
  return r;
}

/**
 * The draws of a round (a generation, or an iteration of a `repeat` in it) as the CPU backend's step code calls them (DRAW.u(site, i, j), ...),
 * and as the WGSL step kernels make them (codegen/wgsl-step.ts). One Philox block holds four
 * words: uniform and integer draws at dimension j take word j % 4 of the block at dimension
 * j / 4, and normal draws (two words each) word pair j % 2 of the block at j / 2, so that a vector
 * of draws costs a quarter (a half) of a block per element. The last block is cached: step code
 * draws along j in order.
 */
export function drawTable(seed: number, ctx: { round: number }) {
  const out = new Uint32Array(4);
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 2 ** 32) >>> 0;
  let cSite = -1;
  let cGen = -1;
  let cInd = -1;
  let cDim = -1;
  const block = (site: number, ind: number, dim: number) => {
    if (site !== cSite || ctx.round !== cGen || ind !== cInd || dim !== cDim) {
      philoxInto(out, site, ctx.round, ind, dim, lo, hi);
      cSite = site;
      cGen = ctx.round;
      cInd = ind;
      cDim = dim;
    }
    return out;
  };
  return {
    u: (site: number, ind: number, dim: number) => uniform24(block(site, ind, dim >>> 2)[dim & 3]!),
    n: (site: number, ind: number, dim: number) => {
      const b = block(site, ind, dim >>> 1);
      const k = (dim & 1) * 2;
      const u1 = 1 - uniform24(b[k]!);
      const u2 = uniform24(b[k + 1]!);
      return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    },
    int: (site: number, ind: number, dim: number, n: number) =>
      mulhi(block(site, ind, dim >>> 2)[dim & 3]!, n),
    distinct: (
      site: number,
      ind: number,
      count: number,
      n: number,
      except: number,
      which: number,
    ) =>
      distinctAt(
        { seed, site, generation: ctx.round, individual: ind, dimension: 0 },
        n,
        count,
        except,
        which,
      ),
  };
}
