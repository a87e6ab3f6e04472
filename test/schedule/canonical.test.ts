// The canonical rounding order's constants (src/schedule/canonical.ts) at the sizes where its
// shape changes: units of one element and of four, one block, blocks of one unit a lane-partial
// and of several, and the split regime's blocks a chunk.

import { describe, expect, it } from 'vitest';
import {
  blockElements,
  canonicalChain,
  canonicalOrder,
  splitBlocks,
  virtualLanes,
} from '../../src/schedule/canonical.js';

describe('the canonical order', () => {
  it('one unit a lane-partial up to D = 1,024, then up to 64 in the one block', () => {
    expect(canonicalOrder(10)).toMatchObject({ U: 1, n: 10, W: 16, K: 1, M: 1 });
    expect(canonicalOrder(100)).toMatchObject({ U: 4, n: 25, W: 32, K: 1, M: 1 });
    expect(canonicalOrder(257)).toMatchObject({ U: 1, n: 257, W: 256, K: 1, M: 2 });
    expect(canonicalOrder(1024)).toMatchObject({ U: 4, W: 256, K: 1, M: 1 });
    expect(canonicalOrder(2000)).toMatchObject({ U: 4, W: 256, K: 1, M: 2 });
    expect(canonicalOrder(65_536)).toMatchObject({ U: 4, W: 256, K: 1, M: 64 });
  });
  it('past 64 units a lane-partial: blocks, M units a lane-partial while 128 blocks remain', () => {
    expect(canonicalOrder(70_000)).toMatchObject({ M: 1, blocks: 69, K: 128 });
    expect(canonicalOrder(270_000)).toMatchObject({ M: 2, blocks: 132, K: 256 });
    expect(canonicalOrder(1_000_000)).toMatchObject({ M: 4, blocks: 245, K: 256 });
    expect(canonicalOrder(3_000_000)).toMatchObject({ M: 16, blocks: 184, K: 256 });
    expect(canonicalOrder(30_000_000)).toMatchObject({ M: 16, blocks: 1832, K: 2048 });
    for (const D of [70_000, 270_000, 1_000_000, 3_000_000, 30_000_000]) {
      const o = canonicalOrder(D);
      expect(o.blocks).toBe(Math.ceil(o.n / (o.W * o.M)));
      expect(o.M === 1 || o.blocks >= 128).toBe(true);
    }
    expect(blockElements(canonicalOrder(3_000_000))).toBe(16_384);
  });
  it("the longest chain: a partial's terms, the blocks' levels, the lanes'", () => {
    expect(canonicalChain(100)).toBe(4 + 0 + 5);
    expect(canonicalChain(3_000_000)).toBe(64 + 8 + 8);
  });
  it('virtual lanes and split chunks', () => {
    const o = canonicalOrder(100);
    expect([1, 8, 32, 128].map((T) => virtualLanes(o, T))).toEqual([32, 4, 1, 1]);
    const big = canonicalOrder(3_000_000);
    expect(splitBlocks(big, 16_384, 184)).toEqual({ chunks: 184, blocks: 1 });
    expect(splitBlocks(big, 65_536, 46)).toEqual({ chunks: 46, blocks: 4 });
    expect(() => splitBlocks(big, 8192, 367)).toThrow(/power-of-two multiple/);
  });
});
