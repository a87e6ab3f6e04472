// The `narrow` pass: a vector computed at all its elements but read at fewer, computed only where
// it is read.
//
// A hybrid function permutes its rotated point, y_i = z[S_i], and hands each basic function a
// slice of y. Where a slice's function needs z in float-float (Katsuura and Weierstrass: the
// `turns` pass), the pair vectors z~h and z~l are rows of the rotation computed in float-float,
// about 60 operations a term, but read only at z~h[S_i] for the slice's i: CEC 2014 F22 (hf06,
// Katsuura on the first 10 of 100 elements) computed 100 float-float rows and read 10. This pass
// rewrites such a vector V (index i, length N) into V' (index k, length M < N) with
// V'[k] = V[G(k)], V's body at i = G(k), when M <= N / 4 and every read of V is (read V G(k))
// inside a vector W of length M, with the same index expression G in each (up to the name of
// W's index), and G reads nothing but data and W's index (so V' can be computed where V was).
// The reads become (read V' k). Each element is the same expression as before, so the values (and their float32
// bits) are unchanged; only the unread rows go.
//
// GPU only: it runs after `turns`, whose vectors are its target (the CPU's pipeline stops at
// `scan`, and float64 needs no pairs).

import {
  freeIdx,
  idx as idxRef,
  mapChildren,
  mapProgramFuncs,
  some,
  substIdx,
  type Binding,
  type IExpr,
  type IrFunc,
  type IrProgram,
} from '../ir/ir.js';
import { alphaKey } from './cse.js';

type Vec = Binding & { k: 'vec' };

/** The reads of `name` in `e`, with whether `w` (an index) is shadowed there by a reduction. */
function readsOf(e: IExpr, name: string, w: string | undefined, out: { g: IExpr; ok: boolean }[]) {
  const visit = (n: IExpr, shadowed: boolean) => {
    if (n.k === 'read' && n.arr === name) {
      out.push({ g: n.idx[0]!, ok: n.idx.length === 1 && !shadowed && w !== undefined });
      for (const c of n.idx) visit(c, shadowed);
      return;
    }
    if (n.k === 'vref' && n.name === name) {
      out.push({ g: n, ok: false });
      return;
    }
    if (n.k === 'red') {
      visit(n.lo, shadowed);
      visit(n.hi, shadowed);
      const inner = shadowed || n.idx === w;
      if (n.cond) visit(n.cond, inner);
      visit(n.body, inner);
      return;
    }
    mapChildren(n, (c) => (visit(c, shadowed), c));
  };
  visit(e, false);
}

/** G reads only data and the index `w` (no binding, scalar, draw or state). */
function gatherIndex(g: IExpr, w: string, data: ReadonlySet<string>): boolean {
  const free = freeIdx(g);
  if ([...free].some((n) => n !== w)) return false;
  return !some(
    g,
    (n) =>
      (n.k === 'read' && !data.has(n.arr)) ||
      n.k === 'sref' ||
      n.k === 'vref' ||
      n.k === 'draw' ||
      n.k === 'red' ||
      n.k === 'callp',
  );
}

/** `f` with one vector narrowed, or undefined where none can be. */
function narrowOne(f: IrFunc, data: ReadonlySet<string>): IrFunc | undefined {
  for (let pv = 0; pv < f.bindings.length; pv++) {
    const v = f.bindings[pv]!;
    if (v.k !== 'vec') continue;
    const sites: { at: number; w: Vec; g: IExpr }[] = [];
    let ok = true;
    f.bindings.forEach((b, at) => {
      if (!ok || at === pv) return;
      const found: { g: IExpr; ok: boolean }[] = [];
      readsOf(b.body, v.name, b.k === 'vec' ? b.idx : undefined, found);
      for (const r of found) {
        if (!r.ok || b.k !== 'vec' || at < pv || !gatherIndex(r.g, b.idx, data)) ok = false;
        else sites.push({ at, w: b, g: r.g });
      }
    });
    if (!ok || sites.length === 0) continue;
    const rest: { g: IExpr; ok: boolean }[] = [];
    readsOf(f.result, v.name, undefined, rest);
    for (const w of f.writes ?? []) {
      readsOf(w.row, v.name, undefined, rest);
      readsOf(w.body, v.name, undefined, rest);
    }
    if (rest.length) continue;
    const M = sites[0]!.w.len;
    // A quarter of the rows at most: a rotation narrowed to a gather of rows loses the tiled
    // product's schedule (codegen/wgsl-team.ts), which a few rows fewer would not pay for.
    if (4 * M > v.len || sites.some((s) => s.w.len !== M)) continue;
    // The index expressions, each in terms of V's own index name.
    const gs = sites.map((s) => substIdx(s.g, s.w.idx, idxRef(v.idx)));
    const key = alphaKey(gs[0]!);
    if (gs.some((g) => alphaKey(g) !== key)) continue;
    // An identity gather (G(k) = k) reads the first M elements: the same narrowing.
    const narrowed: Vec = { ...v, len: M, body: substIdx(v.body, v.idx, gs[0]!) };
    const byAt = new Set(sites.map((s) => s.at));
    const rewriteReads = (e: IExpr, w: string): IExpr => {
      const go = (n: IExpr, shadowed: boolean): IExpr => {
        if (n.k === 'read' && n.arr === v.name && !shadowed) return { ...n, idx: [idxRef(w)] };
        if (n.k === 'red') {
          const inner = shadowed || n.idx === w;
          return {
            ...n,
            lo: go(n.lo, shadowed),
            hi: go(n.hi, shadowed),
            ...(n.cond ? { cond: go(n.cond, inner) } : {}),
            body: go(n.body, inner),
          };
        }
        return mapChildren(n, (c) => go(c, shadowed));
      };
      return go(e, false);
    };
    const bindings = f.bindings.map((b, at): Binding => {
      if (at === pv) return narrowed;
      if (byAt.has(at) && b.k === 'vec') return { ...b, body: rewriteReads(b.body, b.idx) };
      return b;
    });
    return { ...f, bindings };
  }
  return undefined;
}

function narrowFunc(f: IrFunc, data: ReadonlySet<string>): IrFunc {
  let out = f;
  // Each round narrows one vector; a narrowed vector may let another narrow (its own reads).
  for (let round = 0; round < f.bindings.length; round++) {
    const next = narrowOne(out, data);
    if (!next) break;
    out = next;
  }
  return out;
}

export function narrow(p: IrProgram): IrProgram {
  const data = new Set(p.data.map((d) => d.name));
  return mapProgramFuncs(p, (f) => narrowFunc(f, data));
}
