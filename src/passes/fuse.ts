// Vertical fusion: every vector that is an elementwise map (no reduction inside) is substituted
// into its consumers, so chains like shift -> scale -> evaluate never round-trip through memory.
// A gather at another index (x[(i + 1) % D], z[P[i]]) recomputes the producer there, which for a
// map is cheaper than storing and reloading it. What stays materialised: scans, and vectors whose
// elements are reductions (a matrix-vector product), which would be recomputed O(D) times.
// Dead bindings are removed afterwards.

import {
  at,
  forEachNode,
  mapWrites,
  refs,
  some,
  substIdx,
  transform,
  type Binding,
  type IExpr,
  type IrFunc,
  type IrProgram,
} from '../ir/ir.js';
import { foldExpr } from '../ir/fold.js';
import { matrixProduct } from '../ir/matrix.js';

const hasReduction = (e: IExpr) => some(e, (n) => n.k === 'red');

/**
 * A map larger than this (in expression nodes) is kept rather than substituted: each reader
 * would hold a copy of it, and readers that read several such maps, which read several others,
 * grow exponentially (the float-float pairs of passes/twofloat.ts read both parts of each
 * operand). No map of the standard library's problems comes near it. Nor may the copies of a map
 * together: its size times the number of its reads.
 */
export const FUSE_MAX_NODES = 400;

/** The nodes of `e`, counting up to `cap` (and stopping there). */
function sizeAtLeast(e: IExpr, cap: number): boolean {
  let n = 0;
  return some(e, () => ++n >= cap);
}

/**
 * In an algorithm step, a vector that the step writes (the trial that replaces its parent) and
 * that draws random numbers or gathers other individuals is computed once and kept (in workgroup
 * memory: codegen/wgsl-step.ts) rather than recomputed for the write: its draws cost a Philox
 * block each, and its gathers a load.
 */
function keptForWrites(f: IrFunc): { written: Set<string>; costly: (e: IExpr) => boolean } {
  const written = new Set<string>();
  if (!f.writes?.length || !f.domain) return { written, costly: () => false };
  const me = f.domain.idx;
  for (const w of f.writes)
    forEachNode(w.body, (n) => {
      if (n.k === 'read') written.add(n.arr);
    });
  // Judged on the body after the maps it reads are substituted (the mutant inside the trial).
  const costly = (e: IExpr) =>
    some(
      e,
      (n) =>
        n.k === 'draw' ||
        (n.k === 'read' && n.idx.length === 2 && !(n.idx[0]?.k === 'idx' && n.idx[0].name === me)),
    );
  return { written, costly };
}

/** Whether a vector binding that the step writes reads array `name` at more than one place. */
function readTwiceByWritten(f: IrFunc, name: string, written: Set<string>): boolean {
  return f.bindings.some((r) => {
    if (r.k !== 'vec' || !written.has(r.name)) return false;
    let n = 0;
    forEachNode(r.body, (x) => {
      if (x.k === 'read' && x.arr === name) n++;
    });
    return n > 1;
  });
}

/** How often each array is read in `f` (its bindings, result and writes, as written). */
function readCounts(f: IrFunc): Map<string, number> {
  const n = new Map<string, number>();
  const count = (e: IExpr) =>
    forEachNode(e, (x) => {
      if (x.k === 'read') n.set(x.arr, (n.get(x.arr) ?? 0) + 1);
    });
  for (const b of f.bindings) count(b.body);
  count(f.result);
  for (const w of f.writes ?? []) count(w.body);
  return n;
}

/** The nodes of `e`. */
function size(e: IExpr): number {
  let n = 0;
  forEachNode(e, () => n++);
  return n;
}

export function fuseFunc(f: IrFunc): IrFunc {
  const maps = new Map<string, Binding & { k: 'vec' }>();
  const keep = keptForWrites(f);
  const reads = readCounts(f);
  const substitute = (e: IExpr): IExpr =>
    transform(e, (n) => {
      const m = n.k === 'read' ? maps.get(n.arr) : undefined;
      if (n.k === 'read' && m)
        return foldExpr(substIdx(m.body, m.idx, at(n.idx, 0, `${n.arr}'s index`)));
      return n;
    });
  const kept: Binding[] = [];
  // Trials kept because a written vector reads them twice (below).
  const twice = new Set<string>();
  const rotation = f.bindings.some((b) => matrixProduct(b) !== undefined);
  for (const b of f.bindings) {
    const body = substitute(b.body);
    const costly = keep.costly(body);
    const readTwice = b.k === 'vec' && costly && readTwiceByWritten(f, b.name, keep.written);
    if (readTwice) twice.add(b.name);
    if (
      b.k === 'vec' &&
      !hasReduction(body) &&
      !(keep.written.has(b.name) && costly) &&
      // Nor is one that a written vector reads more than once (the trial u in the repaired point
      // u_in of a bound policy: x < lo, x > hi, x): each copy would draw and gather again. The
      // trial is kept, as before it was repaired, and the repaired point is computed from it.
      !readTwice &&
      // In a step with a matrix product (a rotation) the written vector that reads such a trial
      // is kept too (the repaired point, stored once for the evaluation and the write): a tiled
      // rotation's y may read a kept vector of the step, not the parent's row that a policy
      // reads (schedule.ts, tiledProducts). Elsewhere it is computed from the kept trial where it
      // is read (kept, Schwefel 1.2's scan would store it in SCR: 40 -> 55 us a generation).
      !(
        rotation &&
        keep.written.has(b.name) &&
        some(b.body, (n) => n.k === 'read' && twice.has(n.arr))
      ) &&
      !sizeAtLeast(body, FUSE_MAX_NODES) &&
      // The copies together: a map read at many places (the float-float arguments of an unrolled
      // Katsuura sum, passes/turns.ts) is computed once.
      (reads.get(b.name) ?? 0) * size(body) < FUSE_MAX_NODES
    ) {
      maps.set(b.name, { ...b, body });
      continue;
    }
    kept.push({ ...b, body } as Binding);
  }
  return dce({ ...f, bindings: kept, result: substitute(f.result), ...mapWrites(f, substitute) });
}

/** Remove bindings that the result does not (transitively) depend on. */
export function dce(f: IrFunc): IrFunc {
  const live = new Set<string>();
  const mark = (e: IExpr) => {
    const r = refs(e);
    r.arrays.forEach((a) => live.add(a));
    r.scalars.forEach((s) => live.add(s));
  };
  mark(f.result);
  for (const w of f.writes ?? []) {
    mark(w.row);
    mark(w.body);
  }
  for (const b of [...f.bindings].reverse()) if (live.has(b.name)) mark(b.body);
  return { ...f, bindings: f.bindings.filter((b) => live.has(b.name)) };
}

export function fuse(p: IrProgram): IrProgram {
  return { ...p, main: fuseFunc(p.main), funcs: p.funcs.map(fuseFunc) };
}
