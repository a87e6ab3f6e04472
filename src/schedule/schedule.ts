// Reduction scheduling: groups the bindings of a fused function into stages and chooses the
// regime (ARCHITECTURE.md, "Codegen regimes"):
//   team  - a team of T lanes per individual (T from 1 to the workgroup size); several
//           individuals per workgroup when T < wg. One kernel for the whole function: stages are
//           separated by workgroup barriers. Covers regimes 1 and 2.
//   split - many workgroups per individual for huge D (regime 3): each reduce stage is a partials
//           kernel plus a combine kernel; a scan stage is a chunk-sum kernel, a rescan kernel that
//           also accumulates its consumers' partials, and a combine kernel.
// Stages: a binding's level is one more than the levels of the stages it reads. At each level,
// materialised vectors come first, then scans with the reductions that read them element by
// element (fused into the scan), then one fused loop for all other reductions of the level.

import { countKernels, readsAnyOf, readsArray } from '../ir/kernels.js';
import { blockElements, canonicalOrder } from './canonical.js';
import { scanChunk } from './canonical-scan.js';
import { matrixProduct, rowMatrices } from '../ir/matrix.js';
import {
  children,
  forEachNode,
  type Binding,
  type IExpr,
  type IrFunc,
  type IrProgram,
  type Regime,
  type Schedule,
  type ScheduledProgram,
  type Stage,
} from '../ir/ir.js';

export interface ScheduleOptions {
  /** Individuals evaluated per dispatch (sets whether huge D needs the split regime). */
  population: number;
  /** Workgroup size (invocations). */
  wg: number;
  /** Elements per workgroup in the split regime. */
  chunk: number;
  /** Force a regime (tests and benchmarks). */
  force?: 'team' | 'split';
  /** Force a team size. */
  team?: number;
  /** Below this many workgroups in the team regime, a huge D switches to the split regime. */
  minWorkgroups: number;
  /** Elements per lane that choose the team size (default ELEMS_PER_LANE; algorithm steps use fewer). */
  elemsPerLane?: number;
  /** Force the individuals a lane of a tiled matrix product (tiledProducts; benchmarks). */
  tile?: number;
  /** The most chunks of one row in the split regime (default SPLIT_MAX_GROUPS; tests lower it). */
  maxGroups?: number;
}

export const defaultScheduleOptions: ScheduleOptions = {
  population: 64,
  wg: 256,
  chunk: 16384,
  minWorkgroups: 512,
};

/** Is every read of `scan` in e of the form (read scan i) with i the given index? */
export function readsOnlyAt(e: IExpr, arr: string, i: string): boolean {
  let ok = true;
  forEachNode(e, (n) => {
    if (n.k !== 'read' || n.arr !== arr) return;
    const row = n.idx[0];
    if (!(row?.k === 'idx' && row.name === i)) ok = false;
  });
  return ok;
}

function deps(e: IExpr): Set<string> {
  const out = new Set<string>();
  forEachNode(e, (n) => {
    if (n.k === 'read') out.add(n.arr);
    if (n.k === 'sref') out.add(n.name);
  });
  return out;
}

export function stagesOf(f: IrFunc): Stage[] {
  const level = new Map<string, number>();
  const kind = new Map<string, Binding>();
  const attachedTo = new Map<string, string>(); // reduction -> scan
  for (const b of f.bindings) kind.set(b.name, b);
  // Every binding has its level once the loop below has passed it (bindings read only earlier ones).
  const levelOf = (name: string) => {
    const l = level.get(name);
    if (l === undefined) throw new Error(`internal: schedule: ${name} has no level`);
    return l;
  };
  const depLevel = (e: IExpr) => Math.max(0, ...[...deps(e)].map((d) => level.get(d) ?? 0));
  for (const b of f.bindings) {
    if (b.k === 'scalar' && b.body.k === 'red') {
      const red = b.body;
      const scans = [...deps(red)].filter((d) => kind.get(d)?.k === 'scan');
      const [only] = scans;
      const sc =
        scans.length === 1 && only !== undefined
          ? (kind.get(only) as Binding & { k: 'scan' })
          : undefined;
      const others = [...deps(red)].filter((d) => d !== sc?.name);
      const otherLevel = Math.max(0, ...others.map((d) => level.get(d) ?? 0));
      if (
        sc &&
        readsOnlyAt(red, sc.name, red.idx) &&
        red.lo.k === 'int' &&
        red.lo.v === 0 &&
        red.hi.k === 'int' &&
        red.hi.v === sc.len &&
        otherLevel < levelOf(sc.name)
      ) {
        attachedTo.set(b.name, sc.name);
        level.set(b.name, levelOf(sc.name));
      } else level.set(b.name, 1 + depLevel(red));
    } else if (b.k === 'scalar') level.set(b.name, depLevel(b.body));
    else level.set(b.name, 1 + depLevel(b.body));
  }
  const maxLevel = Math.max(0, ...level.values());
  if (f.domain) {
    // Algorithm steps: reductions and scalars go to the latest level their readers allow (as late
    // as possible; the writes come after every stage), so that independent reductions (the
    // generation's argmin, the trial's fitness) share one loop and one tree reduction.
    const isRed = (b: Binding) => b.k === 'scalar' && b.body.k === 'red';
    // Each binding's readers, from one walk of each body (a walk of every body for every scalar
    // was quadratic: 100,000 written terms make about 400 lets).
    const readers = new Map<string, Binding[]>();
    for (const c of f.bindings)
      for (const d of deps(c.body)) readers.set(d, [...(readers.get(d) ?? []), c]);
    for (const b of [...f.bindings].reverse()) {
      if (b.k !== 'scalar' || attachedTo.has(b.name)) continue;
      let latest = maxLevel;
      for (const c of readers.get(b.name) ?? [])
        if (c !== b)
          latest = Math.min(
            latest,
            c.k === 'scalar' && !isRed(c) ? levelOf(c.name) : levelOf(c.name) - 1,
          );
      if (latest > levelOf(b.name)) level.set(b.name, latest);
    }
  }
  const stages: Stage[] = [];
  for (let L = 0; L <= maxLevel; L++) {
    const at = f.bindings.filter((b) => level.get(b.name) === L);
    for (const b of at) if (b.k === 'vec') stages.push({ k: 'vec', name: b.name });
    for (const b of at) {
      if (b.k === 'scan') {
        const outs = at.filter((r) => attachedTo.get(r.name) === b.name).map((r) => r.name);
        stages.push({ k: 'scan', scan: b.name, outs });
      }
    }
    const reds = at
      .filter((b) => b.k === 'scalar' && b.body.k === 'red' && !attachedTo.has(b.name))
      .map((b) => b.name);
    if (reds.length) stages.push({ k: 'reduce', outs: reds });
    for (const b of at)
      if (b.k === 'scalar' && b.body.k !== 'red') stages.push({ k: 'scalar', name: b.name });
  }
  return stages;
}

const nextPow2 = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(1, n)));

/** The team of about `perLane` elements a lane over D elements: a power of two (decideRegime). */
export const elementsTeam = (D: number, perLane: number) => nextPow2(Math.ceil(D / perLane));

/** Elements per lane that choose the default team size (see chooseRegime). */
export const ELEMS_PER_LANE = 32;
export const ELEMS_PER_LANE_SCAN = 128;
/**
 * Rows per lane when an element costs a whole inner reduction (a rotation z_i = sum_j M_ij y_j, a
 * pairwise sum): the team is sized by the rows, not by the elements. Measured on an H200 with seed
 * 002's rotated functions at D = 100, N = 1,000 (docs/performance.md): teams of 4 (the element
 * rule) took 143-155 us a population, 16 lanes 44, 32 lanes 29, 64 lanes 24, 128 lanes 23.5.
 */
export const ROWS_PER_LANE = 2;
/** An inner reduction at least this long makes its elements rows (see ROWS_PER_LANE). */
const ROW_MIN = 8;

/**
 * Bytes of workgroup memory for a step's kept vectors (of the 16 KiB WebGPU guarantees): in the
 * team regime a step keeps its vectors there, not in SCR, when all of them fit (the WGSL backend
 * lays them out as `storage.shared` says), as does an evaluation whose vectors are all tiled
 * products (plan.ts, keptInWorkgroup).
 */
export const SHARED_VEC_BYTES = 8192;

/**
 * The same beside a tiled product (the kernel's workgroup memory is then bounded by
 * WORKGROUP_BYTES with the product's y: tileIndividuals): 12 KiB lets a batch's one-rotation
 * step (jDE NP 250, D = 100: three vectors, 1,200 bytes an individual) share M among 8 individuals
 * a workgroup, not 4. Measured on an H200 (seed 002's batch of 51 runs, GPU time a generation;
 * docs/performance.md, issue 36): cec2017_f3 90.0 -> 62.3 us, f4 84.3 -> 59.5, f5 84.1 -> 60.1;
 * hybrids and Schwefel unchanged; 16 KiB gave the same.
 */
export const TILE_SHARED_VEC_BYTES = 12288;

/**
 * A tiled matrix product's y, the factor beside M[i][j] for every column j and each of the
 * workgroup's individuals, is kept in workgroup memory: at most this many floats (8 KiB of the
 * 16 KiB WebGPU guarantees; the reductions' slots take the rest).
 */
export const TILE_FLOATS = 2048;
/**
 * A product is tiled from this many columns (D = 50 and 100 in the CEC suites). Below, a rotation
 * costs little beside the rest of the function, and the tiled code's compile time on lavapipe
 * (tens of seconds for a composition, where the row loop takes a few) would fall on every GPU
 * test at D = 10 and 30.
 */
export const TILE_MIN_COLUMNS = 40;
/** A tiled product takes at least this many individuals a workgroup (fewer share M too little). */
export const TILE_MIN_INDIVIDUALS = 4;
/** At most this many individuals a workgroup: more leave a small population's GPU idle. */
export const TILE_MAX_INDIVIDUALS = 16;
/**
 * The individuals a workgroup of an algorithm step's tiled products (a batch's: a run alone does
 * not fill TILE_STEP_MIN_WORKGROUPS), whether its vectors then fit workgroup memory or go to SCR;
 * the product alone sizes the team (decideRegime), not the step's row reductions. Measured on an
 * H200 (docs/performance.md, issue 36: a batch of 51 jDE NP 250 runs at D = 100, GPU us a
 * generation at 1,980 MHz): 4 individuals with the vectors kept against 8 or 16 in SCR,
 * cec2017_f22 192.6 / 125.4 / 120.9, cec2017_f16 119.6 / 73.1 / 59.9; cec2014_f22, whose row
 * reductions had sized a team of 64 (2 individuals, no tile), 401.3 against 231.0 / 268.6. Seed
 * 002's study: its batches 83.0 s before, 62.2 s at 8 and 72.0 s at 16 (the compositions gain
 * most at 8).
 */
export const STEP_TILE_INDIVIDUALS = 8;

/**
 * The vectors that are one product with a data matrix (ir/matrix.ts) of at least TILE_MIN_COLUMNS
 * columns, the matrix read only as rows (stored transposed, so four consecutive rows of a column
 * are one 16-byte load): name -> columns. In an algorithm step (`state`: its state arrays) y may
 * read the step's vectors and data but no state array: the tiled product computes y for the
 * workgroup's other individuals, whose state reads the step's code addresses by its own
 * individual (wgsl-step.ts). Without `state`, a step has none.
 */
export function tiledProducts(f: IrFunc, state?: ReadonlySet<string>): Map<string, number> {
  const out = new Map<string, number>();
  if (f.domain && !state) return out;
  const { rows } = rowMatrices([f]);
  for (const b of f.bindings) {
    const m = matrixProduct(b);
    if (!m || !rows.has(m.matrix) || m.cols < TILE_MIN_COLUMNS) continue;
    if (state && readsAnyOf(m.y, state)) continue;
    out.set(b.name, m.cols);
  }
  return out;
}

/**
 * An algorithm step tiles its products only when its population fills at least this many
 * workgroups with them. Measured (H100, DE on seed 002's F01, F04 and F08 at D = 100, GPU time a
 * generation, docs/performance.md): 8 individuals a workgroup lost at NP = 250 (32 workgroups:
 * 8.7 -> 10.5 us for F01), broke even at NP = 500 (63) and won at NP = 1,000 (125: 16.8 -> 10.8
 * us) and 2,000.
 */
export const TILE_STEP_MIN_WORKGROUPS = 100;

/**
 * Reductions whose result does not depend on the order of their terms: arg-min and -max (ties go
 * to the lower index), counts, and integer sums, minima and maxima.
 */
export function orderFreeReduction(r: IExpr): boolean {
  if (r.k !== 'red') return false;
  if (r.op === 'argmin' || r.op === 'argmax' || r.op === 'count') return true;
  return r.t === 'i' && (r.op === 'sum' || r.op === 'min' || r.op === 'max');
}

/**
 * In a step's team kernel of several individuals, the reductions of `outs` computed once for the
 * workgroup, over all its lanes, rather than by each team (codegen/wgsl-team.ts, reduceStage):
 * order-free, and reading no individual's index, scalar, draw or vector, so every team would get
 * the same value (a fused track's argmin over the population).
 */
export function workgroupReductions(f: IrFunc, outs: string[], individuals: number): string[] {
  if (!f.domain || individuals < 2) return [];
  const ind = f.domain.idx;
  const bind = new Map(f.bindings.map((b) => [b.name, b]));
  return outs.filter((o) => {
    const b = bind.get(o);
    if (b?.k !== 'scalar' || !orderFreeReduction(b.body)) return false;
    let free = true;
    forEachNode(b.body, (n) => {
      if (n.k === 'sref' || n.k === 'draw') free = false;
      if (n.k === 'idx' && n.name === ind) free = false;
      if (n.k === 'read' && bind.has(n.arr)) free = false;
    });
    return free;
  });
}

/** The workgroup memory WebGPU guarantees a kernel (maxComputeWorkgroupStorageSize). */
export const WORKGROUP_BYTES = 16384;

/**
 * Bytes of workgroup memory for the reductions of a team kernel's stages: a float or an integer
 * a lane for each of a stage's reductions (two for an argmin or argmax), the most any stage needs
 * of each, at least one float (codegen/wgsl-emit.ts, allocAccs). Infinity for a function with a
 * scan, whose tiles take workgroup memory too (no tiled product beside it).
 */
export function reductionSlotBytes(f: IrFunc, stages: Stage[], wg: number): number {
  if (stages.some((st) => st.k === 'scan')) return Infinity;
  const bind = new Map(f.bindings.map((b) => [b.name, b]));
  let nf = 1;
  let ni = 0;
  for (const st of stages) {
    if (st.k !== 'reduce') continue;
    let fl = 0;
    let il = 0;
    for (const o of st.outs) {
      const red = bind.get(o)?.body;
      if (red?.k !== 'red') continue;
      if (red.op === 'argmin' || red.op === 'argmax') (fl++, il++);
      else if (red.t === 'i') il++;
      else fl++;
    }
    nf = Math.max(nf, fl);
    ni = Math.max(ni, il);
  }
  return (nf + ni) * wg * 4;
}

/**
 * The individuals a workgroup of tiled products with `cols` columns at most: a power of two, at
 * most TILE_MAX_INDIVIDUALS, whose y fits TILE_FLOATS; and when every vector is a tiled product,
 * or in a step (which keeps every vector there when they fit: plan.ts), whose vectors
 * (`vecFloats`: their elements, for one individual) fit TILE_SHARED_VEC_BYTES, so that the teams
 * read them from workgroup memory; `reserve`: bytes more for each individual (a step's draws);
 * `fill`: at least this many workgroups for the population (a step). Measured (H100, seed 002's suite at
 * D = 100, N = 1,000; docs/performance.md): one rotation is fastest with 16 individuals a
 * workgroup, compositions (three to five, kept in workgroup memory only at 4) with 4.
 */
function tileIndividuals(
  cols: number,
  vecFloats: number | undefined,
  slots: number,
  reserve = 0,
  fill?: { population: number; workgroups: number },
  step = false,
): number {
  const fits = (g: number, kept: number) =>
    (!fill || Math.ceil(fill.population / g) >= fill.workgroups) &&
    cols * g <= TILE_FLOATS &&
    kept * g * 4 <= TILE_SHARED_VEC_BYTES &&
    (cols + kept) * g * 4 + slots + reserve * g <= WORKGROUP_BYTES;
  const kepts = vecFloats === undefined ? [0] : [vecFloats, 0];
  // A step takes the most individuals that share M, its vectors in workgroup memory if they fit
  // there too, else in SCR (STEP_TILE_INDIVIDUALS). An evaluation keeps its vectors in
  // workgroup memory first, as measured for it.
  if (step) {
    for (let g = STEP_TILE_INDIVIDUALS; g >= TILE_MIN_INDIVIDUALS; g /= 2)
      for (const kept of kepts) if (fits(g, kept)) return g;
    return 0;
  }
  for (const kept of kepts)
    for (let g = TILE_MAX_INDIVIDUALS; g >= TILE_MIN_INDIVIDUALS; g /= 2)
      if (fits(g, kept)) return g;
  return 0;
}

/**
 * Bytes of workgroup memory a step's kernel takes for each of its individuals besides its vectors
 * and the reductions' slots: its lane-parallel draws, 16 bytes each (wgsl-step.ts, finish), for
 * up to this many draws.
 */
export const STEP_DRAW_BYTES = 16 * 8;

/**
 * Individuals a lane of a tiled product of `rows` rows and G individuals a workgroup (four rows
 * a lane): the most of 4, 2 and 1 dividing G that still gives half the workgroup's lanes work.
 */
export function tileWidth(rows: number, G: number, wg: number, force?: number): number {
  if (force !== undefined) return force;
  const quads = Math.ceil(rows / 4);
  for (const c of [4, 2]) if (G % c === 0 && (quads * G) / c >= wg / 2) return c;
  return 1;
}

/** The longest reduction nested in a per-element binding or in a reduction's body (0: none). */
function innerReductionLength(f: IrFunc, skip: Map<string, number>): number {
  let longest = 0;
  const visit = (e: IExpr, depth: number) => {
    if (e.k === 'red') {
      if (depth > 0) {
        const lo = e.lo.k === 'int' ? e.lo.v : 0;
        const len = e.hi.k === 'int' ? e.hi.v - lo : f.len;
        longest = Math.max(longest, len);
      }
      visit(e.body, depth + 1);
      if (e.cond) visit(e.cond, depth + 1);
      return;
    }
    for (const c of children(e)) visit(c, depth);
  };
  for (const b of f.bindings) if (!skip.has(b.name)) visit(b.body, b.k === 'scalar' ? 0 : 1);
  visit(f.result, 0);
  return longest;
}

/** Why a regime was chosen: the facts chooseRegime decides from (printed in the plan, plan.ts). */
export interface RegimeDecision {
  regime: Regime;
  /** The team size by elements: ceil(D / perLane) rounded up to a power of two. */
  byElems: { perLane: number; team: number };
  /** The team size by rows (1 when no inner reduction reaches ROW_MIN): ceil(D / ROWS_PER_LANE). */
  byRows: { inner: number; team: number };
  /**
   * The team size by tiled products (1 when none): the workgroup over the individuals whose y
   * fits TILE_FLOATS for the widest product (`cols` columns).
   */
  byTiles: {
    cols: number;
    individuals: number;
    team: number;
    /**
     * A step whose products would fit a tile but were not tiled: the workgroups its population
     * fills with the fewest individuals a workgroup.
     */
    declined?: { individuals: number; workgroups: number };
  };
  /** A step whose product is tiled: its team is sized by the tile, not by its elements. */
  stepTiled?: boolean;
  /** The team size was forced (ScheduleOptions.team). */
  teamForced: boolean;
  /** Workgroups the team regime fills for the scheduled population. */
  teamWorkgroups: number;
  /** Why the split regime was wanted ('no': the team regime fills the GPU or D is small). */
  split: 'forced' | 'huge' | 'no';
  /** Why a wanted split regime was not taken (undefined when it was, or was not wanted). */
  blocked?: string;
}

/**
 * Elements a workgroup takes in the split regime: o.chunk, halved (down to four per lane) while
 * the population's chunks fill fewer than SPLIT_MIN_WORKGROUPS workgroups. One individual (a local
 * search on one point, a generation-level vector, the track) at D = 100,000 is then 98 workgroups
 * of 1,024 elements, not 7 of 16,384, which left most of the GPU idle (H100: 55 us per Solis-Wets
 * iteration).
 */
export function splitChunk(D: number, o: ScheduleOptions): number {
  // A chunk is a power-of-two multiple of the canonical order's block (schedule/canonical.ts),
  // so that its reductions' partials are whole subtrees of the order.
  const order = canonicalOrder(D);
  const E = order.K > 1 ? blockElements(order) : 1;
  let chunk = order.K > 1 ? E : o.chunk;
  while (chunk < o.chunk) chunk *= 2;
  while (
    chunk > Math.max(4 * o.wg, E) &&
    o.population * Math.ceil(D / chunk) < SPLIT_MIN_WORKGROUPS
  )
    chunk /= 2;
  // At a very large D, a row in at most SPLIT_MAX_GROUPS chunks: a combine reads every chunk's
  // partials (a chain kernel's every workgroup does: its L2 traffic grows with the square of the
  // chunks), so their number is bounded. The partials are whole subtrees of the canonical order
  // whatever the chunk: the sums, and the results, are the same.
  while (Math.ceil(D / chunk) > (o.maxGroups ?? SPLIT_MAX_GROUPS)) chunk *= 2;
  return chunk;
}

/** Fewer workgroups than this leave a GPU's multiprocessors idle (an H100 has 132). */
export const SPLIT_MIN_WORKGROUPS = 128;

/**
 * The most chunks a row of the split regime is cut into (splitChunk). MA-SW-Chains at D =
 * 30,000,000 in chunks of 16,384 is 1,832 chunks: each of the chain kernel's 1,832 workgroups read
 * all 1,832 x 256 partials, 3.4 GB from L2 an iteration, about as much as the iteration's own
 * reads and writes of the point (1.4 GB from memory). 512: chunks of 65,536 there (458 of them),
 * 215 MB; every D up to 8,388,608 keeps its chunk.
 */
export const SPLIT_MAX_GROUPS = 512;

/**
 * A step's kept vectors are computed by the first kernel of the next reduce or scan stage, element
 * by element as its loop reaches them (a reduction's partials; a scan's chunk sums or moments,
 * over the scan's elements: its chunks, clipped to the scan's length). That stage's reductions,
 * its scan's term and the other kept vectors may read those vectors only at their own element:
 * each lane computes the values it needs, and another element's value, stored in SCR by another
 * workgroup of the same kernel, may not be there yet. At a scan stage no vector may be longer than
 * the scan (its last elements would never be computed).
 */
function keptVectorsAtOwnElement(f: IrFunc, stages: Stage[]): boolean {
  const bind = new Map(f.bindings.map((b) => [b.name, b]));
  let pending: (Binding & { k: 'vec' })[] = [];
  for (const st of stages) {
    if (st.k === 'vec') {
      const b = bind.get(st.name);
      if (b?.k === 'vec') pending.push(b);
      continue;
    }
    if (st.k !== 'reduce' && st.k !== 'scan') continue;
    const sc = st.k === 'scan' ? bind.get(st.scan) : undefined;
    if (st.k === 'scan' && sc?.k !== 'scan') return false;
    for (const v of pending) {
      if (sc?.k === 'scan' && (v.len > sc.len || !readsOnlyAt(sc.body, v.name, sc.idx)))
        return false;
      if (pending.some((u) => !readsOnlyAt(u.body, v.name, u.idx))) return false;
      for (const o of st.outs) {
        const r = bind.get(o);
        if (r?.k !== 'scalar' || r.body.k !== 'red' || !readsOnlyAt(r.body, v.name, r.body.idx))
          return false;
      }
    }
    pending = [];
  }
  // A kept vector with no reduce or scan stage after it has no loop to be computed in: the split
  // regime's writes kernel does not compute vectors (schedule/plan.ts), so such a step takes the
  // team regime (an explicit sum of terms x[0]^2 + x[1]^2 under DE at D = 100,000).
  return pending.length === 0;
}

/**
 * `state`: an algorithm step's state arrays (without them a step's products are not tiled:
 * tiledProducts).
 */
export function decideRegime(
  f: IrFunc,
  stages: Stage[],
  o: ScheduleOptions,
  state?: ReadonlySet<string>,
): RegimeDecision {
  const D = f.len;
  const hasRed = stages.some((s) => s.k === 'reduce' || (s.k === 'scan' && s.outs.length > 0));
  const last = stages[stages.length - 1];
  const endsInReduction =
    !!last &&
    (last.k === 'reduce' || (last.k === 'scan' && last.outs.length > 0) || last.k === 'scalar');
  // Team size: a power of two, at most the workgroup, about ELEMS_PER_LANE elements per lane (more
  // for programs with a scan, whose tiles cost barriers). Measured on an H200 (docs/performance.md,
  // vec4 loads, shifted functions, fraction of the copy bandwidth): at D = 100 reductions reach
  // 0.90-1.09 with teams of 4, 0.78-0.99 with 8, 0.63 with 16 (Griewank); Schwefel 1.2 reaches 0.55
  // with teams of 1, 0.52 with 2, 0.49 with 4, 0.48 with 8; at D = 10,000 it is 0.54 with 128 or
  // 256 lanes and 0.26 with 32.
  const hasScan = stages.some((s) => s.k === 'scan');
  const perLane = hasScan ? ELEMS_PER_LANE_SCAN : (o.elemsPerLane ?? ELEMS_PER_LANE);
  const byElems = elementsTeam(D, perLane);
  // A rotation computed as a tiled product does not size the team by its rows: the workgroup
  // computes it for TILE_MAX_INDIVIDUALS individuals at most, or as many as its y fits.
  const tiles = tiledProducts(f, state);
  const cols = Math.max(0, ...tiles.values());
  const vecs = f.bindings.filter((b) => b.k === 'vec');
  const allTiled = vecs.every((b) => tiles.has(b.name));
  const vecFloats =
    allTiled || f.domain ? vecs.reduce((a, b) => a + (b as { len: number }).len, 0) : undefined;
  // A step tiles its product only for a population that fills the GPU with its workgroups (or
  // when a tile is forced): the step's other stages run on teams of a few lanes then. Its
  // individuals a workgroup are the most that still fill TILE_STEP_MIN_WORKGROUPS.
  const slots = reductionSlotBytes(f, stages, o.wg);
  const fill =
    f.domain && o.tile === undefined
      ? { population: o.population, workgroups: TILE_STEP_MIN_WORKGROUPS }
      : undefined;
  const reserve = f.domain ? STEP_DRAW_BYTES : 0;
  const individuals = tiles.size
    ? tileIndividuals(cols, vecFloats, slots, reserve, fill, !!f.domain)
    : 0;
  const unfilled =
    fill && tiles.size && !individuals ? tileIndividuals(cols, vecFloats, slots, reserve) : 0;
  const tiled = individuals >= TILE_MIN_INDIVIDUALS;
  const inner = innerReductionLength(f, tiled ? tiles : new Map());
  const byRows = inner >= ROW_MIN ? nextPow2(Math.ceil(D / ROWS_PER_LANE)) : 1;
  const byTiles = tiled ? o.wg / individuals : 1;
  // A step's team is sized by its elements, one a lane (it is latency-bound), unless its product
  // is tiled: then by the individuals that share M.
  const widest = tiled && f.domain ? byTiles : Math.max(byElems, byRows, byTiles);
  const team = o.team ?? Math.min(o.wg, widest);
  const teamWorkgroups = Math.ceil(o.population / (o.wg / team));
  const split: RegimeDecision['split'] =
    o.force === 'split'
      ? 'forced'
      : o.force !== 'team' && D >= 4 * o.chunk && teamWorkgroups < o.minWorkgroups
        ? 'huge'
        : 'no';
  const noVec = stages.every((s) => s.k !== 'vec');
  // The split regime fuses each scan with its consumers and never stores it: a scan read by
  // anything else (another binding, the result, a reduction that reads two scans) needs the
  // team regime, which materialises it.
  const attached = new Set(stages.flatMap((s) => (s.k === 'scan' ? s.outs : [])));
  const scansFused = stages.every(
    (s) =>
      s.k !== 'scan' ||
      (s.outs.length > 0 &&
        !f.bindings.some(
          (b) => b.name !== s.scan && !attached.has(b.name) && readsArray(b.body, s.scan),
        ) &&
        !readsArray(f.result, s.scan)),
  );
  // Algorithm steps end in writes (a kernel of their own in the split regime) and may keep
  // elementwise vectors, computed in the first kernel of the next reduce or scan stage (a
  // reduction's partials, a scan's chunk sums or moments) element by element as its loop reaches
  // them: a scan must be fused into its reductions, and kept vectors read only at their own
  // element (keptVectorsAtOwnElement).
  const stepOk = !!f.domain && scansFused && keptVectorsAtOwnElement(f, stages);
  const facts = {
    byElems: { perLane, team: byElems },
    byRows: { inner, team: byRows },
    byTiles: {
      cols,
      individuals: tiled ? individuals : 0,
      team: byTiles,
      ...(unfilled
        ? {
            declined: {
              individuals: TILE_MIN_INDIVIDUALS,
              workgroups: Math.ceil(o.population / TILE_MIN_INDIVIDUALS),
            },
          }
        : {}),
    },
    ...(tiled && f.domain ? { stepTiled: true } : {}),
    teamForced: o.team !== undefined,
    teamWorkgroups,
    split,
  };
  if (split !== 'no') {
    // A step without reductions (a copy, an elementwise update: PSO's personal best) splits too:
    // its writes alone, over n x groups workgroups, instead of one workgroup an individual.
    if ((hasRed || f.domain) && (stepOk || (hasRed && endsInReduction && noVec && scansFused))) {
      // A chunk is a whole number of every scan's canonical tiles (canonical-scan.ts).
      const scans = f.bindings.flatMap((b) => (b.k === 'scan' ? [b.len] : []));
      const chunk = scanChunk(splitChunk(D, o), scans);
      return {
        ...facts,
        regime: { k: 'split', wg: o.wg, chunk, groups: Math.ceil(D / chunk) },
      };
    }
    const blocked = !hasRed
      ? 'no reduction to split'
      : f.domain
        ? !scansFused
          ? 'a scan read by more than the reductions fused into it'
          : 'a kept vector read at another element in the kernel that computes it, or longer than the scan'
        : !endsInReduction
          ? 'the result is not computed from reductions'
          : !noVec
            ? 'a materialised vector'
            : 'a scan read by more than the reductions fused into it';
    return { ...facts, regime: { k: 'team', team, wg: o.wg }, blocked };
  }
  return { ...facts, regime: { k: 'team', team, wg: o.wg } };
}

export function chooseRegime(
  f: IrFunc,
  stages: Stage[],
  o: ScheduleOptions,
  state?: ReadonlySet<string>,
): Regime {
  return decideRegime(f, stages, o, state).regime;
}

/**
 * In the team regime, the vector stages that are tiled products (tiledProducts) whose y fits
 * TILE_FLOATS for the workgroup's individuals (at least TILE_MIN_INDIVIDUALS) get their tile:
 * the individuals a lane (tileWidth).
 */
function tileStages(
  f: IrFunc,
  stages: Stage[],
  r: Regime,
  o: ScheduleOptions,
  state?: ReadonlySet<string>,
): Stage[] {
  if (r.k !== 'team') return stages;
  const G = r.wg / r.team;
  const tiles = tiledProducts(f, state);
  const slots = reductionSlotBytes(f, stages, r.wg);
  return stages.map((st) => {
    const cols = st.k === 'vec' ? tiles.get(st.name) : undefined;
    if (st.k !== 'vec' || cols === undefined || G < TILE_MIN_INDIVIDUALS) return st;
    if (cols * G > TILE_FLOATS || cols * G * 4 + slots > WORKGROUP_BYTES) return st;
    const b = f.bindings.find((x) => x.name === st.name) as Binding & { k: 'vec' };
    const tile = tileWidth(b.len, G, r.wg, o.tile);
    if (G % tile !== 0)
      throw new Error(
        `internal: schedule: a tile of ${tile} individuals a lane does not divide ${G}`,
      );
    return { ...st, tile };
  });
}

/** An algorithm step's state arrays (undefined for an evaluation). */
export function stateNames(p: IrProgram): ReadonlySet<string> | undefined {
  return p.main.domain ? new Set((p.state ?? []).map((a) => a.name)) : undefined;
}

export function scheduleProgram(
  p: IrProgram,
  o: ScheduleOptions = defaultScheduleOptions,
): ScheduledProgram {
  if (p.funcs.length) throw new Error('internal: schedule: inline first');
  const state = stateNames(p);
  const levelled = stagesOf(p.main);
  const regime = chooseRegime(p.main, levelled, o, state);
  const stages = tileStages(p.main, levelled, regime, o, state);
  const kernels = countKernels(stages, regime, p.main, p.state);
  const schedule: Schedule = { regime, stages, kernels };
  return { ...p, funcs: [], schedule };
}
