// The `cosine` pass: k - k cos(t) computed as 2k sin^2(t / 2).
//
// Rastrigin's term z^2 - 10 cos(2 pi z) + 10 is a difference of two numbers near 10 when z is
// near 0: in float32 the sum keeps an absolute error of about 10 u = 6e-7 a term, so the GPU
// cannot see errors below about D 1e-6, while the term itself is about (2 pi z)^2 10 / 2. The
// identity 1 - cos t = 2 sin^2(t / 2) has no cancellation: its float32 error is a few ulps of the
// term (ir/error-bound.ts: the bound of the rewritten form is relative to the result, that of the
// original to 10). This pass finds, in any chain of + and -, a term -k cos(t) (or -cos t) and a
// constant +k, and puts 2k sin^2(t / 2) in the place of the cosine term. float64 needs it as much
// near the optimum: at z = 1e-8 the textbook form gives 1.954e-14 in float64 where the value is
// 1.984e-14 (10 - 10 cos t keeps an absolute error of about 10 * 2^-53), so both backends take
// the rewritten form (the pass runs before `scan`, where the CPU's pipeline stops).

import { num, transform, type IExpr, type IrFunc, type IrProgram } from '../ir/ir.js';

type Term = { sign: 1 | -1; e: IExpr };

function terms(e: IExpr, sign: 1 | -1, out: Term[]): Term[] {
  if (e.k === 'bin' && (e.op === '+' || e.op === '-') && e.t === 'f') {
    terms(e.a, sign, out);
    terms(e.b, e.op === '+' ? sign : (-sign as 1 | -1), out);
  } else out.push({ sign, e });
  return out;
}

/** `e` as k cos(t): (* k (cos t)), (* (cos t) k) or (cos t); undefined otherwise. */
function scaledCos(e: IExpr): { k: number; t: IExpr } | undefined {
  const cos = (x: IExpr) =>
    x.k === 'call' && x.fn === 'cos' && x.args.length === 1 ? x.args[0] : undefined;
  const t = cos(e);
  if (t) return { k: 1, t };
  if (e.k !== 'bin' || e.op !== '*') return undefined;
  if (e.a.k === 'num') {
    const u = cos(e.b);
    if (u) return { k: e.a.v, t: u };
  }
  if (e.b.k === 'num') {
    const u = cos(e.a);
    if (u) return { k: e.b.v, t: u };
  }
  return undefined;
}

function rewrite(e: IExpr): IExpr {
  if (e.k !== 'bin' || (e.op !== '+' && e.op !== '-') || e.t !== 'f') return e;
  const ts = terms(e, 1, []);
  for (const [ci, c] of ts.entries()) {
    const kc = c.sign < 0 ? scaledCos(c.e) : undefined;
    if (!kc || !(kc.k > 0)) continue;
    const ki = ts.findIndex((x) => x.sign > 0 && x.e.k === 'num' && x.e.v === kc.k);
    if (ki < 0) continue;
    // t / 2: a constant factor of t halved (exact in binary), else 0.5 t.
    const t = kc.t;
    const half: IExpr =
      t.k === 'bin' && t.op === '*' && t.a.k === 'num'
        ? { ...t, a: num(t.a.v / 2) }
        : { k: 'bin', t: 'f', op: '*', a: num(0.5), b: t };
    const sin: IExpr = { k: 'call', t: 'f', fn: 'sin', args: [half] };
    const sq: IExpr = { k: 'bin', t: 'f', op: 'pow', a: sin, b: num(2) };
    const repl: Term = { sign: 1, e: { k: 'bin', t: 'f', op: '*', a: num(2 * kc.k), b: sq } };
    const rest = ts.flatMap((x, k) => (k === ci ? [repl] : k === ki ? [] : [x]));
    // Rebuilt left to right in the terms' order (the first term's sign is +: the cosine's
    // replacement, or a term that was first already).
    const [first, ...more] = rest;
    if (!first) return e;
    let out: IExpr = first.sign > 0 ? first.e : { k: 'un', t: 'f', op: 'neg', a: first.e };
    for (const x of more) out = { k: 'bin', t: 'f', op: x.sign > 0 ? '+' : '-', a: out, b: x.e };
    return rewrite(out); // another pair in the same chain
  }
  return e;
}

function func(f: IrFunc): IrFunc {
  const m = (e: IExpr) => transform(e, rewrite);
  return {
    ...f,
    bindings: f.bindings.map((b) => ({ ...b, body: m(b.body) })),
    result: m(f.result),
    ...(f.writes ? { writes: f.writes.map((w) => ({ ...w, body: m(w.body) })) } : {}),
  };
}

export function cosine(p: IrProgram): IrProgram {
  return { ...p, funcs: p.funcs.map(func), main: func(p.main) };
}
