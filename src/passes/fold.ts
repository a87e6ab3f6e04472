// The `fold` pass: constant folding and algebraic simplification (src/ir/fold.ts) over every
// binding, result and write of a program.

import { type IrFunc, type IrProgram, mapFunc } from '../ir/ir.js';
import { foldExpr } from '../ir/fold.js';

export function foldFunc(f: IrFunc): IrFunc {
  return mapFunc(f, foldExpr);
}

export function fold(p: IrProgram): IrProgram {
  return { ...p, funcs: p.funcs.map(foldFunc), main: foldFunc(p.main) };
}
