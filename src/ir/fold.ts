// Constant folding and algebraic simplification of IR expressions (the `fold` pass applies it to
// every function: src/passes/fold.ts; the elaborators use it for constants). Folding uses float64 for reals, which matches the
// CPU backend exactly; on the GPU a folded constant is then rounded once to float32 (better than
// computing it in float32). Identities that change IEEE results (x * 0 -> 0 for x = inf/nan) are
// not applied.

import { num, some, transform, type BinOp, type IExpr } from './ir.js';
import { evaluateConstant } from './evaluate.js';
import { applyBuiltin } from './builtins.js';

/**
 * `a op b` of constants, as the IR evaluator computes it (the CPU backend's semantics: integer
 * + - * wrap to 32 bits, as in WGSL's i32); comparisons give 1 or 0.
 */
export function evalBin(op: BinOp, a: number, b: number, intResult: boolean): number {
  return evaluateConstant({ k: 'bin', t: intResult ? 'i' : 'f', op, a: num(a), b: num(b) });
}

/** The most terms of a constant reduction that folding evaluates. */
const MAX_FOLDED_TERMS = 4096;

/** `e` depends on nothing but constants and its own indices. */
function closed(e: IExpr): boolean {
  const bound = new Set<string>();
  const ok = (x: IExpr): boolean => {
    switch (x.k) {
      case 'num':
      case 'int':
        return true;
      case 'idx':
        return bound.has(x.name);
      case 'red': {
        if (!ok(x.lo) || !ok(x.hi)) return false;
        const had = bound.has(x.idx);
        bound.add(x.idx);
        const r = (!x.cond || ok(x.cond)) && ok(x.body);
        if (!had) bound.delete(x.idx);
        return r;
      }
      case 'un':
        return ok(x.a);
      case 'bin':
        return ok(x.a) && ok(x.b);
      case 'sel':
        return ok(x.c) && ok(x.a) && ok(x.b);
      case 'call':
        return x.args.every(ok);
      default:
        return false;
    }
  };
  return ok(e);
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
    case 'red': {
      // The min or max of one value over a range that is not empty is that value, at any length
      // (sep-CMA-ES's widest coordinate of a box the same at every coordinate).
      if (
        (e.op === 'min' || e.op === 'max') &&
        !e.cond &&
        e.lo.k === 'int' &&
        e.hi.k === 'int' &&
        e.hi.v > e.lo.v &&
        !some(e.body, (x) => x.k === 'idx' && x.name === e.idx)
      )
        return e.body;
      // A reduction of constants (Weierstrass's sum of 0.5^k cos(pi 3^k), k < 21): evaluated
      // here in float64, in the loop's order, as the CPU backend would; on the GPU a float32 loop
      // would take cos of pi 3^20 rounded to float32.
      if (
        e.lo.k === 'int' &&
        e.hi.k === 'int' &&
        e.hi.v - e.lo.v <= MAX_FOLDED_TERMS &&
        closed(e)
      ) {
        const v = evaluateConstant(e);
        return lit(e.t === 'i' ? 'i' : 'f', v);
      }
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
