// Constant folding and algebraic simplification of IR expressions (the `fold` pass applies it to
// every function: src/passes/fold.ts; the elaborators use it for constants). Folding uses float64 for reals, which matches the
// CPU backend exactly; on the GPU a folded constant is then rounded once to float32 (better than
// computing it in float32). Identities that change IEEE results (x * 0 -> 0 for x = inf/nan) are
// not applied.

import { num, transform, type BinOp, type IExpr } from './ir.js';
import { evaluateConstant } from './evaluate.js';
import { applyBuiltin } from './builtins.js';

/**
 * `a op b` of constants, as the IR evaluator computes it (the CPU backend's semantics: integer
 * + - * wrap to 32 bits, as in WGSL's i32); comparisons give 1 or 0.
 */
export function evalBin(op: BinOp, a: number, b: number, intResult: boolean): number {
  return evaluateConstant({ k: 'bin', t: intResult ? 'i' : 'f', op, a: num(a), b: num(b) });
}

const constOf = (e: IExpr): number | undefined =>
  e.k === 'num' || e.k === 'int' ? e.v : undefined;
const isConst = (e: IExpr, v: number) => constOf(e) === v;
// Integers have no -0 (`(neg 0)` folds to 0, which also prints and parses back as 0).
const lit = (t: 'i' | 'f', v: number): IExpr =>
  t === 'i' ? { k: 'int', t: 'i', v: v === 0 ? 0 : v } : { k: 'num', t: 'f', v };

export function foldNode(e: IExpr): IExpr {
  switch (e.k) {
    case 'un': {
      const a = constOf(e.a);
      if (e.op === 'neg') {
        if (a !== undefined) return lit(e.t === 'i' ? 'i' : 'f', -a);
        if (e.a.k === 'un' && e.a.op === 'neg') return e.a.a;
      }
      return e;
    }
    case 'bin': {
      const a = constOf(e.a);
      const b = constOf(e.b);
      if (
        a !== undefined &&
        b !== undefined &&
        e.t !== 'b' &&
        !(e.t === 'i' && (e.op === 'idiv' || e.op === '%') && b === 0)
      ) {
        const v = evalBin(e.op, a, b, e.t === 'i');
        return lit(e.t === 'i' ? 'i' : 'f', v);
      }
      // Identities that hold for every IEEE value of the other operand.
      if (
        e.t === e.a.t &&
        ((e.op === '+' && isConst(e.b, 0) && e.t === 'i') || (e.op === '-' && isConst(e.b, 0)))
      )
        return e.a;
      if (e.t === e.b.t && e.op === '+' && isConst(e.a, 0) && e.t === 'i') return e.b;
      if (e.t === e.a.t && (e.op === '*' || e.op === '/') && isConst(e.b, 1)) return e.a;
      if (e.t === e.b.t && e.op === '*' && isConst(e.a, 1)) return e.b;
      if (e.op === 'pow' && isConst(e.b, 1) && e.a.t === 'f') return e.a;
      return e;
    }
    case 'call': {
      const vals = e.args.map(constOf);
      if (vals.every((v) => v !== undefined)) {
        const v = applyBuiltin(e.fn, vals as number[]);
        if (v !== undefined) return lit(e.t === 'i' ? 'i' : 'f', v);
      }
      return e;
    }
    case 'sel': {
      if (e.c.k === 'int' || e.c.k === 'num') return e.c.v ? e.a : e.b;
      return e;
    }
    default:
      return e;
  }
}

/** Also folds comparisons of constants, which the IR can only express inside `sel`. */
export function foldExpr(e: IExpr): IExpr {
  return transform(e, (n) => {
    if (n.k === 'sel' && n.c.k === 'bin' && n.c.t === 'b') {
      const a = constOf(n.c.a);
      const b = constOf(n.c.b);
      if (a !== undefined && b !== undefined && !['and', 'or'].includes(n.c.op)) {
        return evalBin(n.c.op, a, b, false) ? n.a : n.b;
      }
    }
    return foldNode(n);
  });
}

export function constValue(e: IExpr): number | undefined {
  const f = foldExpr(e);
  return constOf(f);
}
