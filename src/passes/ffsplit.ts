// The `ffsplit` pass: a float-float row sum of a short vector split into partial sums over lanes.
//
// After `narrow`, CEC 2014 F22's float-float rotation is 10 rows of 100 pair terms (about 50
// operations each): 10 lanes of a team, each adding its row's 100 terms one after the other,
// while the rest of the team waits. This pass splits each row's ffsum into P partial sums over
// consecutive runs of n / P terms, computed as a vector of L P elements (one a lane), and adds
// the P partial pairs as an adjacent-pairs tree in float-float (ff.add): the vectors V~h, V~l
// (passes/turns.ts) become
//     V~h.p[k], V~l.p[k] = ffsum over j in [c q, c q + c) of the term at row r
//                          (r = k / P, q = k mod P, c = n / P)
//     V~h[i], V~l[i]     = the tree of V~h.p[i P + q], V~l.p[i P + q] over q.
// P is fixed by L and n alone (the largest power of two, at most FFSPLIT_MAX_PARTS, with
// L P <= FFSPLIT_LANES, n divisible by P and at least FFSPLIT_MIN_TERMS terms a part), so every
// schedule computes the same order and the same bits. The pair sums are exact but for FF_EPS a
// pair addition (ir/builtins.ts); P partials and log2 P levels add no more of them than the
// sequential sum did, so the error bound of the unsplit sum (ir/error-bound.ts) still holds.
//
// GPU only (after `narrow`, where the pairs exist and are short).

import {
  ffSumPair,
  idx as idxRef,
  int,
  mapProgramFuncs,
  substIdx,
  type Binding,
  type IExpr,
  type IrFunc,
  type IrProgram,
} from '../ir/ir.js';
import { freshName, namesIn } from '../ir/names.js';

/** The lanes the partials of one vector fill at most (P L <= this). */
export const FFSPLIT_LANES = 64;
/** Parts a row at most. */
export const FFSPLIT_MAX_PARTS = 8;
/** Terms a part at least. */
export const FFSPLIT_MIN_TERMS = 8;

type Vec = Binding & { k: 'vec' };

/** The parts of a row sum of n terms in a vector of L elements (1: not split). */
export function ffsplitParts(L: number, n: number): number {
  let P = 1;
  while (
    2 * P <= FFSPLIT_MAX_PARTS &&
    2 * P * L <= FFSPLIT_LANES &&
    n % (2 * P) === 0 &&
    n / (2 * P) >= FFSPLIT_MIN_TERMS
  )
    P *= 2;
  return P;
}

const ib = (op: '+' | '*' | 'idiv' | '%', a: IExpr, b: IExpr): IExpr => ({
  k: 'bin',
  t: 'i',
  op,
  a,
  b,
});
const call = (fn: string, args: IExpr[]): IExpr => ({ k: 'call', t: 'f', fn, args });

function splitFunc(p: IrProgram, f: IrFunc): IrFunc {
  const used = namesIn(p, f);
  const fresh = (base: string) => freshName(used, base);
  const out: Binding[] = [];
  let changed = false;
  for (let at = 0; at < f.bindings.length; at++) {
    const h = f.bindings[at]!;
    const l = f.bindings[at + 1];
    if (!ffSumPair(h, l) || h.k !== 'vec') {
      out.push(h);
      continue;
    }
    const red = h.body as IExpr & { k: 'red' };
    const n = red.lo.k === 'int' && red.lo.v === 0 && red.hi.k === 'int' ? red.hi.v : 0;
    const P = n ? ffsplitParts(h.len, n) : 1;
    if (P === 1) {
      out.push(h);
      continue;
    }
    changed = true;
    at++;
    const c = n / P;
    const k = fresh(`${h.idx}p`);
    const K = idxRef(k);
    const row = ib('idiv', K, int(P));
    const q = ib('%', K, int(P));
    const lo = ib('*', int(c), q);
    const parts = (op: 'ffsum.h' | 'ffsum.l', name: string): Vec => ({
      k: 'vec',
      name,
      idx: k,
      len: h.len * P,
      body: {
        ...red,
        op,
        lo,
        hi: ib('+', lo, int(c)),
        body: substIdx(red.body, h.idx, row),
      },
    });
    const hp = parts('ffsum.h', fresh(`${h.name}.p`));
    const lp = parts('ffsum.l', fresh(`${l.name}.p`));
    // The adjacent-pairs tree of the P partial pairs of row i, as (hi, lo) expressions.
    let level: { h: IExpr; l: IExpr }[] = [];
    for (let m = 0; m < P; m++) {
      const at2 = ib('+', ib('*', idxRef(h.idx), int(P)), int(m));
      level.push({
        h: { k: 'read', t: 'f', arr: hp.name, idx: [at2] },
        l: { k: 'read', t: 'f', arr: lp.name, idx: [at2] },
      });
    }
    while (level.length > 1) {
      const next: { h: IExpr; l: IExpr }[] = [];
      for (let m = 0; m < level.length; m += 2) {
        const a = level[m]!;
        const b = level[m + 1]!;
        const args = [a.h, a.l, b.h, b.l];
        next.push({ h: call('ff.add.h', args), l: call('ff.add.l', args) });
      }
      level = next;
    }
    out.push(hp, lp, { ...h, body: level[0]!.h }, { ...l, body: level[0]!.l });
  }
  return changed ? { ...f, bindings: out } : f;
}

export function ffsplit(p: IrProgram): IrProgram {
  return mapProgramFuncs(p, (f) => splitFunc(p, f));
}
