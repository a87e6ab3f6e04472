// Explicit fused multiply-adds: every float32 addition or subtraction with a float32 product as
// an operand becomes one `fma` call, written into the kernel before it is printed.
//
// Why (issue 36). WGSL lets a device contract `a * b + c` into one fused operation or not, as it
// pleases, and NVIDIA's compiler does it by the shape of the code around the expression: the same
// composition function, evaluated in the same canonical order by a team of 16 lanes and by one of
// 128, gave fitness rows 1-2 float32 ulps apart on an H200 (populations identical; lavapipe agreed
// row for row). With every such pair written as an explicit fma, no add is left that a product
// feeds, so there is nothing left to contract and every kernel rounds alike. Lavapipe lowers fma to
// a multiply and an add (codegen/wgsl-library.ts notes it), so its results, which the tests pin,
// do not move; a device with a fused fma rounds once, as the driver would have where it chose to.
//
// Which pairs. A product is a `bin` node with `fp` set: the IR's float products (wgsl-expr.ts
// wgslNode, the builtins' products, pow's small integral exponents, `por`'s) — integer address
// arithmetic is never marked. An operand counts as a product when it is one (through parentheses
// and unary minus), or is the name of a let bound once in the kernel to one whose factors are
// stable: literals, names declared once as lets, the parameters P, pure builtins of those. Such a
// let is used where a later add reads it (the product is computed again there; a device computes
// it once). When both operands are products, the right one is fused: `acc + a * b` is the running
// sum's shape, `fma(a, b, acc)`.
//
// Quotients. A device may compute `a / c` as `a * (1 / c)` (Vulkan allows 2.5 ulp for a
// division), a product it may then contract with an add the quotient feeds, kernel by kernel: on
// an H200 the one result that still rounded apart between a batch's schedule and a run alone's
// was cec2017_f22's (its `1000 g / 100 + 100`, where cec2017_f26 has `10 g + 200`). A quotient that
// an add reads goes through opt_keep (wgsl-library.ts), which the device cannot see through.
//
// Not handled: a product assigned to a `var` (the add then reads a variable whose value comes
// from several places; no compiler contracts across that), and vector products, which the tiled
// rotation product writes as fma itself (wgsl-team.ts).

import { call, forEachStmt, mapExpr, mapExprs, paren, type Expr, type Stmt } from './wgsl-ast.js';

/** A product's factors, `neg` when the operand is its negation. */
interface Product {
  a: Expr;
  b: Expr;
  neg: boolean;
}

const strip = (x: Expr): Expr => (x.k === 'paren' ? strip(x.a) : x);

/**
 * Builtins without side effects that a stable factor may call again (WGSL's own, and the core
 * library's pure helpers). A draw (opt_draw_*) is not: it is a Philox block each call.
 */
const PURE_CALL =
  /^(f32|i32|u32|abs|sqrt|inverseSqrt|exp|exp2|log|log2|sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|floor|ceil|round|trunc|fract|sign|min|max|clamp|select|fma|opt_pow|opt_fmod|opt_expm1|opt_round|opt_keep|opt_inf|opt_nan)$/;

/** `body` with every float32 add or subtract of a product written as an fma. */
export function fuseMulAdds(body: Stmt[]): Stmt[] {
  // Names declared once in the kernel, and those of them that are lets: a name that no other
  // declaration shadows means the same value wherever it is in scope.
  const decls = new Map<string, number>();
  const letInit = new Map<string, Expr>();
  forEachStmt(body, (s) => {
    if (s.k !== 'let' && s.k !== 'var') return;
    decls.set(s.name, (decls.get(s.name) ?? 0) + 1);
    if (s.k === 'let') letInit.set(s.name, s.init);
  });
  const once = (name: string) => decls.get(name) === 1 && letInit.has(name);
  const stable = (x: Expr): boolean => {
    switch (x.k) {
      case 'lit':
        return true;
      case 'id':
        return once(x.name);
      case 'member':
        return (x.a.k === 'id' && x.a.name === 'P') || stable(x.a);
      case 'paren':
        return stable(x.a);
      case 'un':
        return x.op !== '&' && stable(x.a);
      case 'bin':
        return stable(x.a) && stable(x.b);
      case 'call':
        return PURE_CALL.test(x.fn) && x.args.every(stable);
      case 'index':
        return false;
    }
  };
  const product = (x: Expr, neg = false): Product | undefined => {
    const s = strip(x);
    if (s.k === 'bin' && s.op === '*' && s.fp) return { a: s.a, b: s.b, neg };
    if (s.k === 'un' && s.op === '-') return product(s.a, !neg);
    if (s.k === 'id' && once(s.name)) {
      const init = strip(letInit.get(s.name) as Expr);
      // The factors as the let's own statement has them after this pass (fused themselves).
      if (init.k === 'bin' && init.op === '*' && init.fp && stable(init.a) && stable(init.b))
        return { a: deep(init.a), b: deep(init.b), neg };
    }
    return undefined;
  };
  const neg = (x: Expr): Expr => paren({ k: 'un', op: '-', a: x });
  // p.a p.b (+|-) c, and c (+|-) p.a p.b, as one fma.
  const fma = (p: Product, c: Expr, subtractProduct: boolean): Expr => {
    const minus = p.neg !== subtractProduct;
    return call('fma', minus ? neg(p.a) : p.a, p.b, c);
  };
  // A quotient an add reads, kept opaque (opt_keep).
  const quotient = (x: Expr): boolean => {
    const s = strip(x);
    return (
      (s.k === 'bin' && s.op === '/' && s.fp === true) ||
      (s.k === 'un' && quotient(s.a)) ||
      (s.k === 'id' && once(s.name) && quotient(letInit.get(s.name) as Expr))
    );
  };
  const kept = (x: Expr): Expr => (quotient(x) ? call('opt_keep', x) : x);
  const rewrite = (x: Expr): Expr => {
    if (x.k !== 'bin' || (x.op !== '+' && x.op !== '-')) return x;
    const right = product(x.b);
    if (right) return fma(right, x.a, x.op === '-');
    const left = product(x.a);
    if (left) return fma(left, x.op === '-' ? neg(x.b) : x.b, false);
    const a = kept(x.a);
    const b = kept(x.b);
    return a === x.a && b === x.b ? x : { ...x, a, b };
  };
  const deep = (x: Expr): Expr => mapExpr(x, rewrite);
  return mapExprs(body, rewrite);
}
