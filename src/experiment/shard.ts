// Shards: `opt experiment ... --shard K/N` runs the K-th of N deterministic shares of a design's
// runs, so that N machines (a Slurm array's tasks) can run one experiment between them and
// `opt experiment merge` can put their databases back together.
//
// The share. The design's runs in its order, cell by cell (cells algorithm-major, as the design lists
// them; a cell's runs r = 0, 1, ...), are numbered k = (cell - 1) * runs + r, 0 <= k < T = cells
// * runs. Shard K of N holds the contiguous block floor((K-1) T / N) <= k < floor(K T / N).
// Why blocks of the design's order rather than every N-th run:
//   - runs of one cell stay together: a shard holds whole cells but for at most two partial ones
//     (at its ends), so on the GPU a shard's runs of a cell still run as one batch (runBatch),
//     where round-robin runs would give each shard one run a cell and no batching at all;
//   - shards differ by at most one run, for any N up to T (whole cells dealt round-robin would
//     need cells >= N and leave shards unequal when N does not divide the cells);
//   - it depends on the design alone (cells, runs), never on timing or machines, so every task of
//     an array computes the same shares, and merge can check that every run is where it belongs.
// Equal in runs is not equal in time (a cell at D = 100 costs more than one at D = 10, and
// algorithms differ): a shard's share is a contiguous stretch of the design, whose dimensions are
// innermost, so a shard of several cells mixes the dimensions; an unlucky array just has tasks
// that end at different times.

import { ExperimentError } from './errors.js';

export interface Shard {
  /** 1-based: this is shard k of n. */
  readonly k: number;
  readonly n: number;
}

/** The design's runs k in [first, end) (k = cell index * runs + r) that shard `s` holds. */
export function shardBlock(total: number, s: Shard): { first: number; end: number } {
  return {
    first: Math.floor(((s.k - 1) * total) / s.n),
    end: Math.floor((s.k * total) / s.n),
  };
}

/**
 * Shard `s`'s runs of each cell: for cell index c (0-based, the design's order) the runs r (0-based)
 * it holds, in order (empty for a cell of other shards). Without a shard, every run of every cell.
 */
export function shardRuns(cells: number, runs: number, s: Shard | undefined): number[][] {
  const { first, end } = s ? shardBlock(cells * runs, s) : { first: 0, end: cells * runs };
  return Array.from({ length: cells }, (_, c) => {
    const lo = Math.max(first - c * runs, 0);
    const hi = Math.min(end - c * runs, runs);
    return hi > lo ? Array.from({ length: hi - lo }, (_, j) => lo + j) : [];
  });
}

/** `--shard K/N` (or `--slurm N`) against the design: N is at most its runs. */
export function checkShardCount(flag: string, n: number, cells: number, runs: number): void {
  const total = cells * runs;
  if (n > total)
    throw new ExperimentError(
      `${flag}: N is at most the experiment's ${total} run${total === 1 ? '' : 's'} (${cells} cell${cells === 1 ? '' : 's'} x ${runs} run${runs === 1 ? '' : 's'}; every shard holds at least one), got N = ${n}`,
    );
}

/** A shard's runs as text, a line per cell it touches: `cell 2: runs 2 to 3 (of 3)`. */
export function shardText(cells: number, runs: number, s: Shard): string {
  const share = shardRuns(cells, runs, s);
  const { first, end } = shardBlock(cells * runs, s);
  const lines = [
    `shard ${s.k}/${s.n}: ${end - first} of the ${cells * runs} runs (runs ${first + 1} to ${end} of the design, cell by cell)`,
  ];
  share.forEach((rs, c) => {
    if (!rs.length) return;
    const a = rs[0]! + 1;
    const b = rs.at(-1)! + 1;
    lines.push(
      `  cell ${c + 1}: ${a === b ? `run ${a}` : `runs ${a} to ${b}`}${rs.length === runs ? ' (all)' : ` (of ${runs})`}`,
    );
  });
  return lines.join('\n') + '\n';
}
