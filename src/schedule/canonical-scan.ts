// The canonical rounding order of a scan and of the reductions fused into it (issue 36, item 1;
// docs/architecture.md, "The canonical rounding order", "Scans"): constants from the scan's
// length n alone (a program constant, D for a scan over the point), so that the team regime
// (any team size), the split regime (any chunk that is a whole number of tiles) and the CPU's
// replay of the order (test/long/canonical-scan.long.test.ts) round every partial sum alike.
//
//   K = SCAN_SEGMENT consecutive elements make a segment; W = min(256, nextPow2(ceil(n / 128)))
//   segments make a tile of W K elements; tile t covers [t W K, (t + 1) W K), the last one padded
//   with +0 terms past n.
//   S_s = ((0 + v_0) + v_1) + ... + v_{K-1}: segment s's sum, in order.
//   I_s: Sklansky's inclusive scan of S over the W positions of the tile: I_s = S_s; for h = 1, 2,
//   ..., W / 2, a position s in the right half of its block of 2h (s & h != 0) gets
//   I_s <- I_s + I_b, b = (s & ~(2h - 1)) + h - 1 the last position of the left half.
//   The tile's total is I_{W-1} (the adjacent-pairs tree of its S_s); carry_0 = 0,
//   carry_{t+1} = carry_t + total_t (a sequential fold in tile order).
//   Element k of segment s of tile t: run = carry_t for s = 0, carry_t + I_{s-1} otherwise; then
//   run <- run + v_j for j = 0..k: the inclusive value is run after v_k, the exclusive value run
//   before it.
//   A float sum, product or probabilistic or fused into the scan (an order-free reduction keeps
//   any order): per tile and segment position s, a_{t,s} = the segment's terms in order from the
//   identity; r_t = the adjacent-pairs tree over s (step = 1, 2, ..., W / 2: c_s <- c_s +
//   c_{s + step} for s a multiple of 2 step); the result = the adjacent-pairs tree over the tiles,
//   padded with the identity to a power of two (x + identity is exact: an accumulator that starts
//   at +0 is never -0).
// A team of T lanes: lane l holds the positions l R .. l R + R - 1, R = W / T, when T < W (a
// level of either tree within a block of R stays in the lane; a level across lanes takes one value
// from another lane); lanes l >= W are idle in the arithmetic when T > W (they still load the
// tile). A split chunk is a whole number of tiles (scanChunk), so its tiles' subtree is one node
// of the tree over the tiles.

/** Elements of a segment (the sequential run of a lane). */
export const SCAN_SEGMENT = 8;
/** Elements per segment position chosen for W: a tile of W segments for every 128 elements. */
export const SCAN_ELEMS_PER_POSITION = 128;
/** The most segments in a tile. */
export const SCAN_MAX_POSITIONS = 256;

const nextPow2 = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(1, n)));

export interface ScanOrder {
  /** Elements per segment. */
  K: number;
  /** Segments per tile (a power of two). */
  W: number;
  /** Elements per tile: W K. */
  tile: number;
  /** Tiles: ceil(n / tile). */
  tiles: number;
}

/** The canonical order of a scan of n elements. */
export function scanOrder(n: number): ScanOrder {
  const K = SCAN_SEGMENT;
  const W = Math.min(SCAN_MAX_POSITIONS, nextPow2(Math.ceil(n / SCAN_ELEMS_PER_POSITION)));
  const tile = W * K;
  return { K, W, tile, tiles: Math.max(1, Math.ceil(n / tile)) };
}

/**
 * The longest chain of sequential roundings in the canonical order of a scan of n elements and
 * of a sum fused into it (the running error bound's `chain`, ir/error-bound.ts): a value sums K
 * terms into its segment, log2(W) levels of Sklansky's scan, a fold over the tiles before it, the
 * carry plus its offset, and K more in the rescan; a fused sum K terms, log2(W) levels of the
 * tree over the positions and ceil(log2(tiles)) over the tiles.
 */
export function scanChain(n: number): number {
  const { K, W, tiles } = scanOrder(n);
  const scan = 2 * K + Math.log2(W) + tiles + 1;
  const fused = K + Math.log2(W) + Math.ceil(Math.log2(tiles));
  return Math.max(scan, fused) + 2;
}

/**
 * A split chunk for scans of these lengths: `chunk` rounded up to a whole number of the longest
 * scan's tiles (a tile is a power-of-two multiple of K, so a power-of-two chunk of at least one
 * tile is already whole). Every scan's tile divides the longest's (both powers of two times K).
 */
export function scanChunk(chunk: number, scanLengths: number[]): number {
  const tile = Math.max(0, ...scanLengths.map((n) => scanOrder(n).tile));
  if (!tile) return chunk;
  return Math.ceil(chunk / tile) * tile;
}

/**
 * The canonical order replayed in float32 on the CPU: the scan of `v` (float32 terms) and, for a
 * sum fused into it, the sum of `g(scan value, element)` (float32 terms). Tests compare the GPU's
 * bits with it.
 */
export function canonicalScanCpu(
  v: Float32Array,
  exclusive: boolean,
  g?: (s: number, e: number) => number,
): { scan: Float32Array; sum: number } {
  const f = Math.fround;
  const n = v.length;
  const { K, W, tile, tiles } = scanOrder(n);
  const out = new Float32Array(n);
  const at = (e: number) => (e < n ? v[e]! : 0);
  let carry = 0;
  const roots: number[] = [];
  for (let t = 0; t < tiles; t++) {
    const base = t * tile;
    const I: number[] = [];
    for (let s = 0; s < W; s++) {
      let S = 0;
      for (let k = 0; k < K; k++) S = f(S + at(base + s * K + k));
      I.push(S);
    }
    for (let h = 1; h < W; h *= 2)
      for (let s = 0; s < W; s++) if (s & h) I[s] = f(I[s]! + I[(s & ~(2 * h - 1)) + h - 1]!);
    const a: number[] = [];
    for (let s = 0; s < W; s++) {
      let run = s === 0 ? carry : f(carry + I[s - 1]!);
      let acc = 0;
      for (let k = 0; k < K; k++) {
        const e = base + s * K + k;
        const before = run;
        run = f(run + at(e));
        if (e < n) {
          const sv = exclusive ? before : run;
          out[e] = sv;
          if (g) acc = f(acc + f(g(sv, e)));
        }
      }
      a.push(acc);
    }
    for (let step = 1; step < W; step *= 2)
      for (let s = 0; s < W; s += 2 * step) a[s] = f(a[s]! + a[s + step]!);
    roots.push(a[0]!);
    carry = f(carry + I[W - 1]!);
  }
  let level = roots;
  while (level.length > 1) {
    const next: number[] = [];
    for (let j = 0; j < level.length; j += 2) next.push(f(level[j]! + (level[j + 1] ?? 0)));
    level = next;
  }
  return { scan: out, sum: level[0] ?? 0 };
}
