// The `bias` pass: a problem's constant additive terms leave the kernels.
//
// Every CEC, SOCO and shifted problem is g(x) + c: a function that is small near the optimum plus
// a constant (CEC 2017's 100 F, SOCO's -450). Evaluated in float32, g + c rounds to the spacing
// of c (3.05e-5 at c = 300): the GPU could never see an error below it, and near the optimum the
// sum rounds to c itself, a false error of 0. This pass moves the constant terms of the result's
// outermost sum into the program's `bias`, a float64 the host adds (the problem's value is
// result + bias, src/ir/ir.ts): the kernels compute g, whose float32 error is relative to g, and
// the host reports g + c and the error g + (c - f*) in float64. Selection is unchanged, since the
// values are all shifted by the same constant (algorithms: src/ir/fitness-use.ts).
//
// The pass runs after `fold`, so constant subexpressions are already numbers; it looks only at
// the result's chain of + and - (and negations), which is where the problems put their biases.

import type { IrFunc, IrProgram } from '../ir/ir.js';
import { peelConstant } from '../ir/peel.js';

/** `f` with the constant terms of its result peeled off: its value is the new result plus `c`. */
export function peelFunc(f: IrFunc): { func: IrFunc; c: number } {
  const { rest, c } = peelConstant(f.result);
  return { func: c === 0 ? f : { ...f, result: rest }, c };
}

export function bias(p: IrProgram): IrProgram {
  const { func, c } = peelFunc(p.main);
  if (c === 0) return p;
  return { ...p, main: func, bias: (p.bias ?? 0) + c };
}
