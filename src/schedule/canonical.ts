// The canonical rounding order of a reduction (issue 36, item 1): the order in which a float sum,
// product or any other order-dependent reduction of a function adds its terms, fixed by the
// function's length D alone. Every schedule the planner can choose (team size, tile, regime, split
// chunk, batch, chained runs) computes exactly this order, so a run's float32 results are the
// same bits whatever its schedule (docs/architecture.md, "The canonical rounding order").
//
//   units      U consecutive elements (4 where D is a multiple of 4, else 1): the unit of element e
//              is floor(e / U), whatever the reduction's lower bound; a unit's terms are added in
//              order.
//   lanes      W lane-partials (a power of two, at most 256: one unit each up to D = 1,024, so
//              that a team one element a lane wide computes its terms in parallel).
//   blocks     K blocks (a power of two). With K = 1 (up to 64 units a lane-partial: D = 65,536
//              at U = 4) the one block is the whole vector, M = ceil(n / W) units a lane-partial;
//              beyond, block k is the W M consecutive units from k W M, M a lane-partial: M is the
//              largest power of two (at most 16) that leaves 128 blocks or more (M = 1 up to about
//              D = 262,144), so that a lane loads M units between two merges into the blocks' tree
//              while a lone individual still fills 128 workgroups. A block is E = W M U elements
//              (1,024 M at U = 4).
//   partials   partial (k, l) (k < K, l < W) holds units k W M + l + m W (m < M) below n, added in
//              increasing m into an accumulator that starts at the reduction's identity.
//   k-blocks   c_l = the adjacent-pairs tree over k of partial (k, l): level 1 combines k and k + 1
//              for even k (left op right), level 2 pairs of those, up to log2 K levels; blocks past
//              the end are the identity (so a run of blocks ends in the right fold of its
//              complete subtrees: codegen/wgsl-canonical.ts).
//   tree       the total = the strided tree over l: for off = W/2, ..., 1, c_l = c_l op c_(l+off)
//              for l < off (codegen/wgsl-emit.ts, treeReduce, over W lanes).
//
// A team of T lanes computes it as follows: lane t owns the lane-partials l = t + i T (i < W / T)
// when T <= W, and holds the identity when t >= W (an accumulator that starts at +0 is never -0, so
// adding it is exact); its own levels of the strided tree (off >= T) come first, then the tree over
// the team. A split workgroup takes an aligned run of blocks, a contiguous chunk of elements (the
// regime's chunk, a multiple of E), and stores its lane-partials; the combine merges them over the
// chunks, then the tree over W lanes.

const nextPow2 = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(1, n)));

/** Lane-partials at most: a workgroup of the split regime takes them all. */
export const CANONICAL_MAX_LANES = 256;
/** Units a lane-partial (W = nextPow2(n / this), at most CANONICAL_MAX_LANES). */
export const CANONICAL_UNITS_A_PARTIAL = 1;
/** Units a lane-partial at most with one block (K = 1). */
export const CANONICAL_ONE_BLOCK_UNITS = 64;
/** Units a lane-partial takes in a block at most (K > 1). */
export const CANONICAL_BLOCK_UNITS_MAX = 16;
/** Blocks at least, where M > 1: a lone individual's split grid (SPLIT_MIN_WORKGROUPS). */
export const CANONICAL_MIN_BLOCKS = 128;

export interface CanonicalOrder {
  /** The function's length. */
  D: number;
  /** Elements a unit. */
  U: number;
  /** Units: ceil(D / U). */
  n: number;
  /** Lane-partials (a power of two). */
  W: number;
  /** Blocks (a power of two). */
  K: number;
  /** Units a lane-partial takes in a block. */
  M: number;
  /** Blocks that hold units: ceil(n / (W M)). */
  blocks: number;
}

export function canonicalOrder(D: number): CanonicalOrder {
  const U = D % 4 === 0 ? 4 : 1;
  const n = Math.max(1, Math.ceil(D / U));
  const W = Math.min(CANONICAL_MAX_LANES, nextPow2(Math.ceil(n / CANONICAL_UNITS_A_PARTIAL)));
  if (n <= CANONICAL_ONE_BLOCK_UNITS * W)
    return { D, U, n, W, K: 1, M: Math.ceil(n / W), blocks: 1 };
  let M = 1;
  while (M < CANONICAL_BLOCK_UNITS_MAX && n >= 2 * M * W * CANONICAL_MIN_BLOCKS) M *= 2;
  const blocks = Math.ceil(n / (W * M));
  return { D, U, n, W, K: nextPow2(blocks), M, blocks };
}

/** Elements a block (K > 1): the split regime's chunk is a multiple of it. */
export const blockElements = (o: CanonicalOrder) => o.W * o.M * o.U;

/**
 * The longest chain of sequential operations of a reduction in the canonical order: the terms of
 * the largest partial (U M of them), then log2 K levels of k-blocks and log2 W of lanes.
 */
export function canonicalChain(D: number): number {
  const o = canonicalOrder(D);
  return o.U * o.M + Math.log2(o.K) + Math.log2(o.W);
}

/**
 * Where a team of T lanes computes the order: the virtual lanes a lane owns (V = W / T when
 * T <= W, else 1, the lanes t >= W then idle).
 */
export function virtualLanes(o: CanonicalOrder, T: number): number {
  return T >= o.W ? 1 : o.W / T;
}

/**
 * A split regime's reduce stage (chunks of `chunk` elements, `groups` of them an individual): its
 * partials kernel's chunks and the blocks each takes. With one block (K = 1) one workgroup takes
 * the individual; beyond, chunk c is the aligned run of blocks [c B, c B + B), B = chunk / E (the
 * schedule makes the chunk a power-of-two multiple of E: schedule.ts, splitChunk).
 */
export function splitBlocks(
  o: CanonicalOrder,
  chunk: number,
  groups: number,
): { chunks: number; blocks: number } {
  if (o.K === 1) return { chunks: 1, blocks: 1 };
  const B = chunk / blockElements(o);
  if (!Number.isInteger(B) || B < 1 || 2 ** Math.round(Math.log2(B)) !== B)
    throw new Error(
      `internal: canonical: a split chunk of ${chunk} elements is not a power-of-two multiple of the ${blockElements(o)} of a block`,
    );
  return { chunks: groups, blocks: B };
}
