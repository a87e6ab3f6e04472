// Matrices in the IR: which data matrices every read uses as a row of a per-element reduction
// (stored transposed on the GPU: codegen/data-layout.ts), and the vectors that are one matrix
// product, `let z[i] = sum(j) M[i][j] * y(j)` with y not depending on i (a rotation), which the
// scheduler may compute as a tiled product (schedule/schedule.ts, tiledProducts).

import { children, forEachNode, type Binding, type IExpr, type IrFunc } from './ir.js';

/**
 * The 2-D arrays of `funcs` (data matrices: the only arrays read at two indices) of which every
 * read is M[i][j] inside a vector binding over i (or M[G(i)][j], a row gathered through data),
 * with j the index of a reduction in that binding's body. One walk over every expression
 * (bindings, result, and the rows and bodies of a step's writes); `read` collects every array
 * read at all.
 */
export function rowMatrices(funcs: IrFunc[]): { read: Set<string>; rows: Set<string> } {
  const read = new Set<string>();
  const matrices = new Set<string>();
  const bad = new Set<string>();
  const visit = (e: IExpr, row: string | undefined, reds: Set<string>) => {
    if (e.k === 'read') {
      read.add(e.arr);
      const [a, b] = e.idx;
      if (e.idx.length === 2) {
        matrices.add(e.arr);
        // A row gathered by the vector's index, M[G(i)][j] (passes/narrow.ts: the rows of a
        // permutation), counts too: its lanes read one column of the transposed layout.
        const rowRead =
          row !== undefined &&
          a !== undefined &&
          ((a.k === 'idx' && a.name === row) || gatheredRow(a, row)) &&
          b?.k === 'idx' &&
          reds.has(b.name);
        if (!rowRead) bad.add(e.arr);
      }
    }
    if (e.k === 'red') {
      visit(e.lo, row, reds);
      visit(e.hi, row, reds);
      const inner = new Set(reds).add(e.idx);
      if (e.cond) visit(e.cond, row, inner);
      visit(e.body, row, inner);
      return;
    }
    for (const c of children(e)) visit(c, row, reds);
  };
  for (const f of funcs) {
    for (const b of f.bindings) visit(b.body, b.k === 'vec' ? b.idx : undefined, new Set());
    visit(f.result, undefined, new Set());
    for (const w of f.writes ?? []) {
      visit(w.row, undefined, new Set());
      visit(w.body, undefined, new Set());
    }
  }
  return { read, rows: new Set([...matrices].filter((m) => !bad.has(m))) };
}

/** A row index that depends on the vector's index `row` alone (through data: a permutation). */
function gatheredRow(a: IExpr, row: string): boolean {
  let ok = true;
  let uses = false;
  forEachNode(a, (n) => {
    if (n.k === 'idx') {
      if (n.name === row) uses = true;
      else ok = false;
    }
    if (n.k === 'red' || n.k === 'sref' || n.k === 'draw' || n.k === 'vref') ok = false;
  });
  return ok && uses;
}

/** A vector that is one matrix product: z[i] = sum(j in 0..cols) M[i][j] * y (+ c). */
export interface MatrixProduct {
  /** The matrix (a data array read at [i][j]). */
  matrix: string;
  /** The reduction's index j and length (the product's columns). */
  j: string;
  cols: number;
  /** y: the factor beside M[i][j], which reads no i and no scalar. */
  y: IExpr;
  /** Whether M[i][j] is the product's left factor (the order the terms are multiplied in). */
  matrixFirst: boolean;
  /** A constant added to the sum, z[i] = sum(...) + c (Schwefel's 420.97...), and on which side. */
  plus?: { c: number; first: boolean };
}

/**
 * `b` as a matrix product, or undefined. y may read x, data and earlier vectors at any index
 * that does not involve i, but no scalar (a scalar is one individual's: the tiled product
 * computes y for several individuals in one lane) and no draw.
 */
export function matrixProduct(b: Binding): MatrixProduct | undefined {
  if (b.k !== 'vec') return undefined;
  let r = b.body;
  let plus: MatrixProduct['plus'];
  if (r.k === 'bin' && r.op === '+' && r.t === 'f') {
    if (r.a.k === 'num' && r.b.k === 'red') ((plus = { c: r.a.v, first: true }), (r = r.b));
    else if (r.b.k === 'num' && r.a.k === 'red') ((plus = { c: r.b.v, first: false }), (r = r.a));
  }
  if (r.k !== 'red' || r.op !== 'sum' || r.t !== 'f' || r.cond) return undefined;
  if (r.lo.k !== 'int' || r.lo.v !== 0 || r.hi.k !== 'int' || r.hi.v < 1) return undefined;
  const t = r.body;
  if (t.k !== 'bin' || t.op !== '*') return undefined;
  const isRow = (e: IExpr) =>
    e.k === 'read' &&
    e.idx.length === 2 &&
    e.idx[0]?.k === 'idx' &&
    e.idx[0].name === b.idx &&
    e.idx[1]?.k === 'idx' &&
    e.idx[1].name === r.idx;
  const matrixFirst = isRow(t.a);
  const m = matrixFirst ? t.a : isRow(t.b) ? t.b : undefined;
  if (m?.k !== 'read') return undefined;
  const y = matrixFirst ? t.b : t.a;
  let free = y.t === 'f';
  forEachNode(y, (n) => {
    if ((n.k === 'idx' && n.name === b.idx) || n.k === 'sref' || n.k === 'draw') free = false;
    if (n.k === 'read' && n.idx.length !== 1) free = false;
  });
  if (!free) return undefined;
  return { matrix: m.arr, j: r.idx, cols: r.hi.v, y, matrixFirst, ...(plus ? { plus } : {}) };
}
