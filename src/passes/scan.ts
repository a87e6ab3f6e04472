// Scan recognition: a vector whose element i is a sum over j <= i (or j < i) of a term in j alone
// is an inclusive (exclusive) prefix scan. `let s[i] = sum(j <= i) x[j]` costs O(D) as a scan
// instead of O(D^2) as written; the fuse and schedule passes then fuse it with its consumers.

import {
  freeIdx,
  idx,
  substIdx,
  type Binding,
  type IExpr,
  type IrFunc,
  type IrProgram,
} from '../ir/ir.js';
import { foldExpr } from '../ir/fold.js';

/** hi of the reduction as `i + c` for the vector's index i: returns c, or undefined. */
function offsetFrom(hi: IExpr, i: string): number | undefined {
  if (hi.k === 'idx' && hi.name === i) return 0;
  if (hi.k === 'bin' && hi.op === '+' && hi.a.k === 'idx' && hi.a.name === i && hi.b.k === 'int')
    return hi.b.v;
  if (hi.k === 'bin' && hi.op === '-' && hi.a.k === 'idx' && hi.a.name === i && hi.b.k === 'int')
    return -hi.b.v;
  return undefined;
}

export function recogniseScan(b: Binding): Binding {
  if (b.k !== 'vec') return b;
  const r = b.body;
  if (r.k !== 'red' || r.op !== 'sum' || r.cond) return b;
  const lo = foldExpr(r.lo);
  if (lo.k !== 'int' || lo.v !== 0) return b;
  const c = offsetFrom(foldExpr(r.hi), b.idx);
  if (c !== 0 && c !== 1) return b;
  if (freeIdx(r.body).has(b.idx)) return b; // the term depends on i: not a scan
  // s[i] = sum_{j < i + c} t(j): inclusive scan of t when c = 1, exclusive when c = 0.
  const body = substIdx(r.body, r.idx, idx(b.idx));
  return { k: 'scan', name: b.name, idx: b.idx, len: b.len, body, exclusive: c === 0 };
}

export function scanFunc(f: IrFunc): IrFunc {
  return { ...f, bindings: f.bindings.map(recogniseScan) };
}

export function scan(p: IrProgram): IrProgram {
  return { ...p, main: scanFunc(p.main), funcs: p.funcs.map(scanFunc) };
}
