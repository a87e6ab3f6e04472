// Translation of IR expressions to WGSL expressions. Reductions nested inside an element
// expression (a matrix-vector row, a reduction that depends on an enclosing index) become
// sequential loops emitted as pre-statements. Each builtin has its float64 twin in ir/builtins.ts;
// where WGSL differs from C/JavaScript semantics (pow of a negative base, round half away from
// zero, floor division, float % ) a helper of the core library (wgsl-library.ts) gives the C
// semantics.

import { builtinOf, type WgslBuilder } from '../ir/builtins.js';
import { at, ffTerm, freeIdx, isFfSum, some as someNode, type IExpr } from '../ir/ir.js';
import {
  assign,
  bin,
  call,
  f32,
  fdiv,
  fmul,
  forS,
  i32,
  id,
  ifS,
  incr,
  index,
  letS,
  member,
  paren,
  printExpr,
  varS,
  wgslFloat,
  type Expr,
  type Stmt,
} from './wgsl-ast.js';

export { wgslFloat };

/** a (+) b = a + b - a b: the `por` reduction's step (ir/ir.ts RedOp). */
export const porCombine = (a: Expr, b: Expr): Expr =>
  paren(bin(paren(bin(a, '+', b)), '-', paren(fmul(a, b))));

/** The builtins' WGSL forms (ir/builtins.ts) built as WGSL expressions. */
const wgslNodes: WgslBuilder<Expr> = {
  call: (fn, args) => call(fn, ...args),
  mul: (a, b) => paren(fmul(a, b)),
  f32,
  cast: (type, a) => call(type, a),
};

export interface ExprContext {
  /**
   * WGSL for a read of array `arr` at integer (i32) index expressions `idx`, made from the IR
   * indices `at`.
   */
  read(arr: string, idx: Expr[], at: IExpr[]): Expr;
  /** WGSL name of a scalar binding. */
  scalar(name: string): string;
  /** WGSL of IR index `name` (its variable, or the individual's index `i32(n)` in steps). */
  index(name: string): Expr;
  /** The WGSL variable that binds IR index `name` (a loop's or an element's). */
  indexName(name: string): string;
  fresh(): string;
  /**
   * Algorithm steps: computes `code` (which may use only the individual's index and the kernel's
   * parameters) once, at the start of the kernel, and returns its name. `kind`: a load of the
   * state, a draw (of the individual: vec4, u32, f32; of the lane's own element: early), or
   * another value.
   */
  hoist?(code: Expr, kind?: 'load' | 'vec4' | 'u32' | 'f32' | 'early'): string;
  /** Algorithm steps: the IR index of the individual (the step's domain). */
  individual?: string;
  /** The IR index of an element that is the lane's own (index = lane), while emitting it: see the draws. */
  laneIdx?: string;
  /**
   * Algorithm steps: reduction indices that are `lane + offset` (a short loop unrolled: the
   * team regime's reduce stage), their reads of value rows loaded at the start of the kernel
   * (index clamped below `hi`).
   */
  laneRow?: { names: Set<string>; offset: number; hi: number };
}

/** An expression of IR type `t` as an f32. */
export function toF32(code: Expr, t: string): Expr {
  return t === 'i' ? call('f32', code) : code;
}

/** Small integral exponents become multiplications (exact, and defined for negative bases). */
function powCode(a: IExpr, b: IExpr, ca: Expr, cb: Expr, ctx: ExprContext, pre: Stmt[]): Expr {
  const k = b.k === 'num' || b.k === 'int' ? b.v : undefined;
  if (k !== undefined && Number.isInteger(k) && Math.abs(k) <= 8) {
    if (k === 0) return f32(1);
    const t = ctx.fresh();
    pre.push(letS(t, toF32(ca, a.t)));
    const m = new Array<Expr>(Math.abs(k)).fill(id(t)).reduce((x, y) => fmul(x, y));
    return k > 0 ? paren(m) : paren(bin(f32(1), '/', paren(m)));
  }
  if (k === 0.5) return call('sqrt', toF32(ca, a.t));
  return call('opt_pow', toF32(ca, a.t), toF32(cb, b.t));
}

const drawMemo = new WeakMap<Stmt[], Map<string, string>>();
/** The pair operations bound in a statement list, by their call's text. */
const ffPairMemo = new WeakMap<Stmt[], Map<string, string>>();
/** The accumulators of the float-float sums emitted into a statement list, by the sum. */
const ffSumMemo = new WeakMap<Stmt[], Map<string, Expr>>();
const DRAW_FN = { u: 'opt_draw_u', n: 'opt_draw_n', int: 'opt_draw_int' } as const;

/** The WGSL text of an IR expression (wgslNode printed). */
export function wgslExpr(e: IExpr, ctx: ExprContext, pre: Stmt[]): string {
  return printExpr(wgslNode(e, ctx, pre));
}

/** The WGSL expression of an IR expression; statements it needs first go to `pre`. */
export function wgslNode(e: IExpr, ctx: ExprContext, pre: Stmt[]): Expr {
  const ex = (x: IExpr) => wgslNode(x, ctx, pre);
  switch (e.k) {
    case 'num':
      return f32(e.v);
    case 'int':
      return i32(e.v);
    case 'idx':
      return ctx.index(e.name);
    case 'sref':
      return id(ctx.scalar(e.name));
    case 'draw': {
      // The draw helpers of algorithm steps (codegen/wgsl-step.ts), keyed by the kernel's
      // generation and seed.
      const args = e.args.map((x) => call('u32', ex(x)));
      const site = { k: 'lit', ty: 'u32', v: e.site } as const;
      // A draw is hoisted to the kernel's start only when its arguments are known there: indices,
      // no scalar the kernel computes (distinct(3, N, except: m) for a drawn m) and no read.
      const early = !someNode(e, (n) => n !== e && (n.k === 'sref' || n.k === 'read'));
      if (
        early &&
        ctx.hoist &&
        ctx.laneIdx &&
        e.dist !== 'distinct' &&
        [...freeIdx(e)].some((i) => i === ctx.laneIdx) &&
        [...freeIdx(e)].every((i) => i === ctx.individual || i === ctx.laneIdx)
      ) {
        // The lane's own element: drawn at the start of the kernel, with the index as the lane.
        const lx: ExprContext = {
          ...ctx,
          laneIdx: undefined,
          index: (nm) => (nm === ctx.laneIdx ? call('i32', id('lane')) : ctx.index(nm)),
        };
        const la = e.args.map((x) => call('u32', wgslNode(x, lx, pre)));
        const v = ctx.hoist(call(DRAW_FN[e.dist], site, ...la), 'early');
        return e.t === 'i' ? call('i32', id(v)) : id(v);
      }
      if (early && ctx.hoist && [...freeIdx(e)].every((i) => i === ctx.individual)) {
        // A draw of the individual (distinct indices, randint(D), a scalar uniform): computed
        // once per kernel, by one lane of the team while the others draw theirs.
        if (e.dist === 'distinct') {
          // All `count` indices in one pass over one Philox block.
          const all = ctx.hoist(call('opt_distinct4', site, ...args.slice(0, 4)), 'vec4');
          return call('i32', index(id(all), at(args, 4, 'the distinct draw')));
        }
        const v = ctx.hoist(call(DRAW_FN[e.dist], site, ...args), e.t === 'i' ? 'u32' : 'f32');
        return e.t === 'i' ? call('i32', id(v)) : id(v);
      }
      const f = e.dist === 'distinct' ? 'opt_draw_distinct' : DRAW_FN[e.dist];
      const r = call(f, site, ...args);
      // A draw costs a Philox block: computed once per statement, however often the expression
      // repeats it (a fused trial vector appears in several terms of the objective). The memo is
      // keyed by the call's text.
      let memo = drawMemo.get(pre);
      if (!memo) drawMemo.set(pre, (memo = new Map()));
      const key = printExpr(r);
      let name = memo.get(key);
      if (!name) {
        name = ctx.fresh();
        pre.push(letS(name, e.t === 'i' ? call('i32', r) : r));
        memo.set(key, name);
      }
      return id(name);
    }
    case 'vref':
    case 'callp':
      throw new Error('internal: wgsl: problem calls must be inlined first');
    case 'read':
      return ctx.read(e.arr, e.idx.map(ex), e.idx);
    case 'un':
      return paren({ k: 'un', op: e.op === 'neg' ? '-' : '!', a: ex(e.a) });
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
          return e.t === 'i' ? call('opt_imod', a, b) : call('opt_fmod', A, B);
        case 'idiv':
          return call('opt_idiv', a, b);
        case 'min':
        case 'max':
        case 'atan2':
          return call(e.op, A, B);
        case 'and':
          return paren(bin(a, '&&', b));
        case 'or':
          return paren(bin(a, '||', b));
        case '*':
          // A float product is marked: wgsl-fma.ts fuses it with the add it feeds.
          return paren(e.t === 'f' ? fmul(A, B) : bin(A, '*', B));
        case '/':
          // So is a float quotient: wgsl-fma.ts keeps it from an add it feeds.
          return paren(e.t === 'f' ? fdiv(A, B) : bin(A, '/', B));
        default:
          return paren(bin(A, e.op, B));
      }
    }
    case 'call': {
      // The builtin's WGSL form (ir/builtins.ts) over f32 arguments.
      const b = builtinOf(e.fn);
      if (!b) throw new Error(`internal: wgsl: unknown builtin ${e.fn}`);
      const args = e.args.map((x) => toF32(ex(x), x.t));
      const pair = /^ff\.(\w+)\.([hl])$/.exec(e.fn);
      if (pair) {
        // A part of a pair operation (ir/builtins.ts FF_TABLE): the operation's vec2 is bound
        // once in the statements before, and its hi and lo parts read from it.
        let memo = ffPairMemo.get(pre);
        if (!memo) ffPairMemo.set(pre, (memo = new Map()));
        const whole = call(`ff_${pair[1]}`, ...args);
        const key = printExpr(whole);
        let name = memo.get(key);
        if (!name) {
          name = ctx.fresh();
          pre.push(letS(name, whole));
          memo.set(key, name);
        }
        return member(id(name), pair[2] === 'h' ? 'x' : 'y');
      }
      return typeof b.wgsl === 'string' ? call(b.wgsl, ...args) : b.wgsl(wgslNodes, args);
    }
    case 'sel': {
      const c = ex(e.c);
      const pa: Stmt[] = [];
      const pb: Stmt[] = [];
      const a = wgslNode(e.a, ctx, pa);
      const b = wgslNode(e.b, ctx, pb);
      const ty = e.t === 'i' ? 'i32' : e.t === 'b' ? 'bool' : 'f32';
      const A = e.t === 'f' ? toF32(a, e.a.t) : a;
      const B = e.t === 'f' ? toF32(b, e.b.t) : b;
      if (!pa.length && !pb.length) return call('select', B, A, c);
      const t = ctx.fresh();
      pre.push(varS(t, ty), {
        ...ifS(c, [...pa, assign(id(t), A)]),
        orElse: [...pb, assign(id(t), B)],
      });
      return id(t);
    }
    case 'red': {
      const acc = id(ctx.fresh());
      const i = ctx.indexName(e.idx);
      const inner: Stmt[] = [];
      if (isFfSum(e.op)) {
        // A float-float sum (passes/turns.ts): a vec2 accumulator, the terms added as pairs. Its
        // hi and lo parts are two reductions of one loop: emitted into the same statements (the
        // two vectors of a pair, codegen/wgsl-team.ts), the second reads the first's accumulator.
        const part = e.op === 'ffsum.h' ? 'x' : 'y';
        let memo = ffSumMemo.get(pre);
        if (!memo) ffSumMemo.set(pre, (memo = new Map()));
        const key = JSON.stringify({ ...e, op: 'ffsum' });
        const known = memo.get(key);
        if (known) return member(known, part);
        memo.set(key, acc);
        const [h, l] = ffTerm(e.body).map((t) => toF32(wgslNode(t, ctx, inner), t.t)) as [
          Expr,
          Expr,
        ];
        const cond = e.cond ? wgslNode(e.cond, ctx, inner) : undefined;
        const step = assign(acc, call('ff_add', member(acc, 'x'), member(acc, 'y'), h, l));
        pre.push(varS(acc.name, 'vec2<f32>', call('vec2<f32>', f32(0), f32(0))));
        pre.push(
          forS(varS(i, 'i32', ex(e.lo)), bin(id(i), '<', ex(e.hi)), incr(id(i)), [
            ...inner,
            ...(cond ? [ifS(cond, [step])] : [step]),
          ]),
        );
        return member(acc, part);
      }
      const body = wgslNode(e.body, ctx, inner);
      const cond = e.cond ? wgslNode(e.cond, ctx, inner) : undefined;
      const lo = ex(e.lo);
      const hi = ex(e.hi);
      const ty = e.t === 'i' ? 'i32' : 'f32';
      const B = e.t === 'f' ? toF32(body, e.body.t) : body;
      const steps: Stmt[] = [];
      let init: Expr;
      switch (e.op) {
        case 'sum':
        case 'count':
          init = e.t === 'i' ? i32(0) : f32(0);
          steps.push(assign(acc, bin(acc, '+', B)));
          break;
        case 'prod':
          init = e.t === 'i' ? i32(1) : f32(1);
          steps.push(assign(acc, bin(acc, '*', B)));
          break;
        case 'por': {
          init = f32(0);
          const v = id(ctx.fresh());
          steps.push(letS(v.name, B), assign(acc, porCombine(acc, v)));
          break;
        }
        case 'min':
          init = e.t === 'i' ? i32(2147483647) : f32(Infinity);
          steps.push(assign(acc, call('min', acc, B)));
          break;
        case 'max':
          init = e.t === 'i' ? i32(-2147483647) : f32(-Infinity);
          steps.push(assign(acc, call('max', acc, B)));
          break;
        case 'argmin':
        case 'argmax': {
          init = i32(-1);
          const best = id(ctx.fresh());
          pre.push(varS(best.name, 'f32', f32(e.op === 'argmin' ? Infinity : -Infinity)));
          const v = id(ctx.fresh());
          steps.push(
            letS(v.name, toF32(body, e.body.t)),
            ifS(
              bin(bin(acc, '<', i32(0)), '||', bin(v, e.op === 'argmin' ? '<' : '>', best)),
              [assign(best, v), assign(acc, id(i))],
              true,
            ),
          );
          break;
        }
        default:
          throw new Error(`internal: wgsl: reduction ${e.op}`);
      }
      pre.push(varS(acc.name, ty, init));
      const body2 = cond ? [ifS(cond, steps)] : steps;
      pre.push(forS(varS(i, 'i32', lo), bin(id(i), '<', hi), incr(id(i)), [...inner, ...body2]));
      return acc;
    }
  }
}
