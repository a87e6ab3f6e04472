// A running error bound for float32 evaluation (Higham, "Accuracy and Stability of Numerical
// Algorithms", section 3.3 and the "running error analysis" of Wilkinson): from a program P this
// builds a program MU(P) such that, for the same input,
//
//     |P_float32(x) - P_exact(x)|  <=  u * MU(P)(x),   u = 2^-24,
//
// to first order, where every rounded operation contributes the magnitude of its result and
// errors propagate through the operations' derivatives. Sums and scans contribute the magnitude
// of their terms once per step of the longest chain of additions in the GPU's order (`chain`:
// ceil(D / T) sequential adds per lane plus log2(T) tree levels in the team regime), which is the
// standard bound for recursive and pairwise summation. Transcendental functions are allowed
// `ULPS` units in the last place plus an argument-reduction error proportional to |argument|.
// That is an assumption about the implementation, met by lavapipe (LLVM) and by NVIDIA's Vulkan
// driver in every test so far; WGSL's own accuracy table allows much more (sin and cos: an
// absolute 2^-11 on [-pi, pi]; atan: 4096 ulps), so on a looser GPU these tests would fail loudly
// rather than pass silently.
// The GPU-versus-CPU tests compare against this bound instead of a tuned tolerance; it is
// evaluated in float64 by the CPU backend on the IR after scan recognition.

import {
  exprEqual,
  ffTerm,
  isFfSum,
  type Binding,
  type IExpr,
  type IrFunc,
  type IrProgram,
} from './ir.js';
import {
  builtinOf,
  FF_EPS,
  N,
  ZERO,
  ULPS,
  abs,
  add,
  call,
  div,
  floorBy,
  max,
  mul,
} from './builtins.js';

export { ULPS };

export function errorBoundProgram(p: IrProgram, chain: number): IrProgram {
  if (p.funcs.length) throw new Error('internal: error bound: inline first');
  const f = p.main;
  const data = new Set(p.data.map((d) => d.name));
  // Residuals (passes/residual.ts): o.lo -> o.
  const residualOf = new Map(
    p.data.flatMap((d) => (d.def.k === 'residual' ? [[d.name, d.def.of] as const] : [])),
  );
  /**
   * e = (A - o[I]) - o.lo[I] or (o[I] - A) + o.lo[I]: the shift with o's residual. fround(o) is
   * exact (the subtraction's error is relative to its result), o.lo's rounding is u |o.lo|, and
   * the sum of the two roundings of the results: |e| + |A -/+ o| + mu(A) + |o.lo|.
   */
  const shiftWithResidual = (e: IExpr): IExpr | undefined => {
    if (e.k !== 'bin' || e.b.k !== 'read') return undefined;
    const of = residualOf.get(e.b.arr);
    const s = e.a;
    if (of === undefined || s.k !== 'bin' || s.op !== '-') return undefined;
    const [o, A] = e.op === '-' ? [s.b, s.a] : e.op === '+' ? [s.a, s.b] : [];
    if (o?.k !== 'read' || o.arr !== of || !A) return undefined;
    if (!o.idx.every((x, k) => exprEqual(x, e.b.k === 'read' ? e.b.idx[k]! : x))) return undefined;
    return add(abs(e), abs(s), mu(A), abs(e.b));
  };
  /** (read o I) and (read o.lo I), or both negated: data o as a float-float pair. */
  const dataPair = (h: IExpr, l: IExpr): boolean => {
    if (h.k === 'un' && h.op === 'neg' && l.k === 'un' && l.op === 'neg') return dataPair(h.a, l.a);
    return (
      h.k === 'read' &&
      l.k === 'read' &&
      residualOf.get(l.arr) === h.arr &&
      h.idx.length === l.idx.length &&
      h.idx.every((x, k) => exprEqual(x, l.idx[k]!))
    );
  };
  const muName = (n: string) => `mu.${n}`;

  const mu = (e: IExpr): IExpr => {
    switch (e.k) {
      case 'num':
        // A constant float32 holds exactly (a power of two, a float-float pair's part) has no
        // rounding error; any other is rounded once.
        return Math.fround(e.v) === e.v ? ZERO : abs(e);
      case 'int':
      case 'idx':
        return ZERO;
      case 'sref':
        return e.t === 'f' ? { k: 'sref', t: 'f', name: muName(e.name) } : ZERO;
      case 'read':
        if (e.arr === f.input) return ZERO; // the GPU gets the same float32 input
        if (data.has(e.arr)) return abs(e); // data rounded once to float32
        return { k: 'read', t: 'f', arr: muName(e.arr), idx: e.idx };
      case 'vref':
      case 'callp':
        throw new Error('internal: error bound: inline first');
      case 'draw':
        // Uniform and integer draws are bit-identical on both backends; a normal draw goes
        // through log, sqrt and cos: a few ulps of its magnitude.
        return e.dist === 'n' ? mul(N(4), abs(e)) : ZERO;
      case 'un':
        return e.op === 'neg' ? mu(e.a) : ZERO;
      case 'sel':
        // The branch taken: a condition that float32 decides the other way, near its boundary,
        // picks a branch whose value agrees there for the continuous functions this bounds (the
        // centre pass's Schwefel polynomial and its far form, Schwefel 2.26's boundary
        // penalties); a discontinuous choice has no first-order bound either way.
        return { ...e, a: mu(e.a), b: mu(e.b) };
      case 'bin': {
        if (e.t !== 'f') return ZERO;
        const shift = shiftWithResidual(e);
        if (shift) return shift;
        const A = mu(e.a);
        const B = mu(e.b);
        switch (e.op) {
          case '+':
          case '-':
            return add(abs(e), A, B);
          case '*':
            return add(abs(e), mul(A, abs(e.b)), mul(abs(e.a), B));
          case '/':
            return add(abs(e), div(add(A, mul(abs(e), B)), floorBy(e.b, B)));
          case '%':
            return add(abs(e), A, mul(B, add(N(1), abs(div(e.a, e.b)))));
          case 'min':
          case 'max':
            return max(A, B);
          case 'atan2':
            return add(
              mul(N(ULPS), abs(e)),
              div(add(A, B), floorBy(add(abs(e.a), abs(e.b)), add(A, B))),
            );
          case 'pow': {
            // d/da a^b = b a^(b-1); d/db = a^b ln a. Small integral powers are exact products on the GPU.
            const ulps =
              e.b.k === 'num' && Number.isInteger(e.b.v) && Math.abs(e.b.v) <= 8
                ? Math.abs(e.b.v)
                : ULPS;
            const da = mul(abs(mul(e.b, div(e, floorBy(e.a, A)))), A);
            const db = mul(abs(mul(e, call('log', floorBy(e.a, A)))), B);
            return add(mul(N(ulps), abs(e)), da, db);
          }
        }
        return ZERO;
      }
      case 'call': {
        // The builtin's own rule (ir/builtins.ts), from the errors of its arguments.
        const b = builtinOf(e.fn);
        if (!b) return ZERO;
        const M = e.args.map(mu);
        // A float-float operand (o, o.lo) of data o and its residual (passes/turns.ts): o's
        // rounding is what o.lo holds, so the pair's error is o.lo's rounding alone.
        for (let i = 0; i + 1 < e.args.length; i++)
          if (dataPair(e.args[i]!, e.args[i + 1]!)) M[i] = ZERO;
        return b.bound(e, e.args, M);
      }
      case 'red': {
        if (e.t !== 'f') return ZERO;
        if (isFfSum(e.op)) {
          // A pair's bound is its hi part's (ir/builtins.ts FF_BOUND): the terms' pair bounds,
          // and FF_EPS of the terms' magnitudes for each of the n sequential pair additions.
          if (e.op === 'ffsum.l') return ZERO;
          const [h, l] = ffTerm(e.body);
          const over = (b: IExpr): IExpr => ({ ...e, op: 'sum', body: b });
          const n = abs({ k: 'bin', t: 'i', op: '-', a: e.hi, b: e.lo });
          return add(over(add(mu(h), mu(l))), mul(mul(N(FF_EPS), n), over(abs(h))));
        }
        const body = e.body;
        const Mb = mu(body);
        const red = (op: 'sum' | 'max', b: IExpr): IExpr => ({
          k: 'red',
          t: 'f',
          op,
          idx: e.idx,
          lo: e.lo,
          hi: e.hi,
          cond: e.cond,
          body: b,
        });
        switch (e.op) {
          case 'sum':
            return add(red('sum', Mb), mul(N(chain), red('sum', abs(body))));
          case 'prod':
            return mul(abs(e), add(red('sum', div(Mb, floorBy(body, Mb))), N(chain)));
          case 'por':
            // acc (+) a = acc (1 - a) + a with |1 - a| <= 1 (a = 2 sin^2 in [0, 2]): an
            // operand's error passes with a factor of at most 1, and each step rounds three
            // times values of at most 2 (|acc| + |a|) <= 2 sum |a|.
            return add(red('sum', Mb), mul(N(6 * chain), red('sum', abs(body))));
          case 'min':
          case 'max':
            return red('max', Mb);
        }
        return ZERO;
      }
    }
  };

  const bindings: Binding[] = [];
  for (const b of f.bindings) {
    bindings.push(b);
    if (b.k === 'scalar') {
      if (b.t === 'f')
        bindings.push({ k: 'scalar', name: muName(b.name), t: 'f', body: mu(b.body) });
    } else if (b.k === 'vec') {
      bindings.push({ k: 'vec', name: muName(b.name), idx: b.idx, len: b.len, body: mu(b.body) });
    } else {
      // s_i = sum_{j <= i} t_j: errors of the terms plus `chain` roundings of the partial sums.
      const bound: IExpr = add(mu(b.body), mul(N(chain), abs(b.body)));
      bindings.push({
        k: 'scan',
        name: muName(b.name),
        idx: b.idx,
        len: b.len,
        body: bound,
        exclusive: b.exclusive,
      });
    }
  }
  const main: IrFunc = { ...f, bindings, result: mu(f.result) };
  return { ...p, main };
}
