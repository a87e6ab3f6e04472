// Translation of IR expressions to WGSL expressions. Reductions nested inside an element
// expression (a matrix-vector row, a reduction that depends on an enclosing index) become
// sequential loops emitted as pre-statements. Each builtin has its float64 twin in ir/builtins.ts;
// where WGSL differs from C/JavaScript semantics (pow of a negative base, round half away from
// zero, floor division, float % ) a helper below gives the C semantics.

import { builtinOf, wgslHelpers, type WgslBuilder } from '../ir/builtins.js';
import { freeIdx, type IExpr } from '../ir/ir.js';
import { assign, forS, ifS, incr, letS, varS, wgslFloat, type Stmt } from './wgsl-ast.js';

export { wgslFloat };

export const WGSL_HELPERS = `
fn opt_pow(a: f32, b: f32) -> f32 {
  // C pow: a negative base with an integral exponent is defined.
  let r = pow(abs(a), b);
  if (a < 0.0 && fract(b) == 0.0) {
    return select(r, -r, fract(b * 0.5) != 0.0);
  }
  return select(r, opt_nan(), a < 0.0);
}
// WGSL rejects NaN and infinity in constant expressions, and lets implementations assume they do
// not occur; a NaN made at run time from the uniform (P.pad is 0) survives constant folding.
fn opt_nan() -> f32 { return bitcast<f32>(0x7fc00000u | P.pad); }
fn opt_inf() -> f32 { return bitcast<f32>(0x7f800000u | P.pad); }
${Object.values(wgslHelpers).join('\n')}
fn opt_idiv(a: i32, b: i32) -> i32 {
  let q = a / b;
  return select(q, q - 1, (a % b != 0) && ((a < 0) != (b < 0)));
}
fn opt_imod(a: i32, b: i32) -> i32 { return ((a % b) + b) % b; }
fn opt_fmod(a: f32, b: f32) -> f32 { return a - b * floor(a / b); }
`;

/** The builtins' WGSL forms (ir/builtins.ts) built as WGSL text. */
const wgslStrings: WgslBuilder<string> = {
  call: (fn, args) => `${fn}(${args.join(', ')})`,
  mul: (a, b) => `(${a} * ${b})`,
  f32: wgslFloat,
  cast: (type, a) => `${type}(${a})`,
};

export interface ExprContext {
  /** WGSL for a read of array `arr` at integer (i32) index expressions `idx`, made from `at`. */
  read(arr: string, idx: string[], at: IExpr[]): string;
  /** WGSL name of a scalar binding. */
  scalar(name: string): string;
  /** WGSL name of an index variable. */
  index(name: string): string;
  fresh(): string;
  /**
   * Algorithm steps: computes `code` (which may use only the individual's index and the kernel's
   * parameters) once, at the start of the kernel, and returns its name. `kind`: a load of the
   * state, a draw (of the individual: vec4, u32, f32; of the lane's own element: early), or
   * another value.
   */
  hoist?(code: string, kind?: 'load' | 'vec4' | 'u32' | 'f32' | 'early'): string;
  /** Algorithm steps: the IR index of the individual (the step's domain). */
  individual?: string;
  /** Set while emitting an element that is the lane's own (index = lane): see the draws. */
  laneIdx?: string;
}

export function toF32(code: string, t: string): string {
  return t === 'i' ? `f32(${code})` : code;
}

/** Small integral exponents become multiplications (exact, and defined for negative bases). */
function powCode(
  a: IExpr,
  b: IExpr,
  ca: string,
  cb: string,
  ctx: ExprContext,
  pre: Stmt[],
): string {
  const k = b.k === 'num' || b.k === 'int' ? b.v : undefined;
  if (k !== undefined && Number.isInteger(k) && Math.abs(k) <= 8) {
    if (k === 0) return '1.0f';
    const t = ctx.fresh();
    pre.push(letS(t, toF32(ca, a.t)));
    const m = new Array(Math.abs(k)).fill(t).join(' * ');
    return k > 0 ? `(${m})` : `(1.0f / (${m}))`;
  }
  if (k === 0.5) return `sqrt(${toF32(ca, a.t)})`;
  return `opt_pow(${toF32(ca, a.t)}, ${toF32(cb, b.t)})`;
}

const drawMemo = new WeakMap<Stmt[], Map<string, string>>();

export function wgslExpr(e: IExpr, ctx: ExprContext, pre: Stmt[]): string {
  const ex = (x: IExpr) => wgslExpr(x, ctx, pre);
  switch (e.k) {
    case 'num':
      return wgslFloat(e.v);
    case 'int':
      return `${e.v}i`;
    case 'idx':
      return ctx.index(e.name);
    case 'sref':
      return ctx.scalar(e.name);
    case 'draw': {
      // The draw helpers of algorithm steps (codegen/wgsl-step.ts), keyed by the kernel's
      // generation and seed.
      const args = e.args.map((x) => `u32(${ex(x)})`);
      if (
        ctx.hoist &&
        ctx.laneIdx &&
        e.dist !== 'distinct' &&
        [...freeIdx(e)].some((i) => ctx.index(i) === ctx.laneIdx) &&
        [...freeIdx(e)].every((i) => i === ctx.individual || ctx.index(i) === ctx.laneIdx)
      ) {
        // The lane's own element: drawn at the start of the kernel, with the index as the lane.
        const lx: ExprContext = {
          ...ctx,
          laneIdx: undefined,
          index: (nm) => (ctx.index(nm) === ctx.laneIdx ? 'i32(lane)' : ctx.index(nm)),
        };
        const la = e.args.map((x) => `u32(${wgslExpr(x, lx, pre)})`);
        const fn = { u: 'opt_draw_u', n: 'opt_draw_n', int: 'opt_draw_int' }[e.dist];
        const v = ctx.hoist(`${fn}(${e.site}u, ${la.join(', ')})`, 'early');
        return e.t === 'i' ? `i32(${v})` : v;
      }
      if (ctx.hoist && [...freeIdx(e)].every((i) => i === ctx.individual)) {
        // A draw of the individual (distinct indices, randint(D), a scalar uniform): computed
        // once per kernel, by one lane of the team while the others draw theirs.
        if (e.dist === 'distinct') {
          // All `count` indices in one pass over one Philox block.
          const all = ctx.hoist(
            `opt_distinct4(${e.site}u, ${args.slice(0, 4).join(', ')})`,
            'vec4',
          );
          return `i32(${all}[${args[4]}])`;
        }
        const fn = { u: 'opt_draw_u', n: 'opt_draw_n', int: 'opt_draw_int' }[e.dist];
        const v = ctx.hoist(`${fn}(${e.site}u, ${args.join(', ')})`, e.t === 'i' ? 'u32' : 'f32');
        return e.t === 'i' ? `i32(${v})` : v;
      }
      const f = {
        u: 'opt_draw_u',
        n: 'opt_draw_n',
        int: 'opt_draw_int',
        distinct: 'opt_draw_distinct',
      }[e.dist];
      const r = `${f}(${e.site}u, ${args.join(', ')})`;
      // A draw costs a Philox block: computed once per statement, however often the expression
      // repeats it (a fused trial vector appears in several terms of the objective).
      let memo = drawMemo.get(pre);
      if (!memo) drawMemo.set(pre, (memo = new Map()));
      let name = memo.get(r);
      if (!name) {
        name = ctx.fresh();
        pre.push(letS(name, e.t === 'i' ? `i32(${r})` : r));
        memo.set(r, name);
      }
      return name;
    }
    case 'vref':
    case 'callp':
      throw new Error('wgsl: problem calls must be inlined first');
    case 'read':
      return ctx.read(e.arr, e.idx.map(ex), e.idx);
    case 'un':
      return e.op === 'neg' ? `(-${ex(e.a)})` : `(!${ex(e.a)})`;
    case 'bin': {
      const a = ex(e.a);
      const b = ex(e.b);
      const real = e.t === 'f' || (e.t === 'b' && (e.a.t === 'f' || e.b.t === 'f'));
      const A = real ? toF32(a, e.a.t) : a;
      const B = real ? toF32(b, e.b.t) : b;
      switch (e.op) {
        case 'pow':
          return powCode(e.a, e.b, a, b, ctx, pre);
        case '%':
          return e.t === 'i' ? `opt_imod(${a}, ${b})` : `opt_fmod(${A}, ${B})`;
        case 'idiv':
          return `opt_idiv(${a}, ${b})`;
        case 'min':
        case 'max':
        case 'atan2':
          return `${e.op}(${A}, ${B})`;
        case 'and':
          return `(${a} && ${b})`;
        case 'or':
          return `(${a} || ${b})`;
        default:
          return `(${A} ${e.op} ${B})`;
      }
    }
    case 'call': {
      // The builtin's WGSL form (ir/builtins.ts) over f32 arguments.
      const b = builtinOf(e.fn);
      if (!b) throw new Error(`wgsl: unknown builtin ${e.fn}`);
      const args = e.args.map((x) => toF32(ex(x), x.t));
      return typeof b.wgsl === 'string'
        ? wgslStrings.call(b.wgsl, args)
        : b.wgsl(wgslStrings, args);
    }
    case 'sel': {
      const c = ex(e.c);
      const pa: Stmt[] = [];
      const pb: Stmt[] = [];
      const a = wgslExpr(e.a, ctx, pa);
      const b = wgslExpr(e.b, ctx, pb);
      const ty = e.t === 'i' ? 'i32' : e.t === 'b' ? 'bool' : 'f32';
      const A = e.t === 'f' ? toF32(a, e.a.t) : a;
      const B = e.t === 'f' ? toF32(b, e.b.t) : b;
      if (!pa.length && !pb.length) return `select(${B}, ${A}, ${c})`;
      const t = ctx.fresh();
      pre.push(varS(t, ty), { ...ifS(c, [...pa, assign(t, A)]), orElse: [...pb, assign(t, B)] });
      return t;
    }
    case 'red': {
      const acc = ctx.fresh();
      const i = ctx.index(e.idx);
      const inner: Stmt[] = [];
      const body = wgslExpr(e.body, ctx, inner);
      const cond = e.cond ? wgslExpr(e.cond, ctx, inner) : undefined;
      const lo = ex(e.lo);
      const hi = ex(e.hi);
      const ty = e.t === 'i' ? 'i32' : 'f32';
      const B = e.t === 'f' ? toF32(body, e.body.t) : body;
      const steps: Stmt[] = [];
      let init: string;
      switch (e.op) {
        case 'sum':
        case 'count':
          init = e.t === 'i' ? '0i' : '0.0f';
          steps.push(assign(acc, `${acc} + ${B}`));
          break;
        case 'prod':
          init = e.t === 'i' ? '1i' : '1.0f';
          steps.push(assign(acc, `${acc} * ${B}`));
          break;
        case 'min':
          init = e.t === 'i' ? '2147483647i' : wgslFloat(Infinity);
          steps.push(assign(acc, `min(${acc}, ${B})`));
          break;
        case 'max':
          init = e.t === 'i' ? '-2147483647i' : wgslFloat(-Infinity);
          steps.push(assign(acc, `max(${acc}, ${B})`));
          break;
        case 'argmin':
        case 'argmax': {
          init = '-1i';
          const best = ctx.fresh();
          pre.push(varS(best, 'f32', wgslFloat(e.op === 'argmin' ? Infinity : -Infinity)));
          const v = ctx.fresh();
          steps.push(
            letS(v, toF32(body, e.body.t)),
            ifS(
              `${acc} < 0i || ${v} ${e.op === 'argmin' ? '<' : '>'} ${best}`,
              [assign(best, v), assign(acc, i)],
              true,
            ),
          );
          break;
        }
        default:
          throw new Error(`wgsl: reduction ${e.op}`);
      }
      pre.push(varS(acc, ty, init));
      const body2 = cond ? [ifS(cond, steps)] : steps;
      pre.push(forS(varS(i, 'i32', lo), `${i} < ${hi}`, incr(i), [...inner, ...body2]));
      return acc;
    }
  }
}
