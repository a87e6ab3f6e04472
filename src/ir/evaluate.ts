// A float64 evaluator of the IR, with exactly the CPU backend's semantics (codegen/js.ts):
// integer + - * / wrap to 32 bits, `%` of integers is the non-negative remainder and of reals
// a - b floor(a / b), idiv is floor(a / b), comparisons and logic give 1 or 0, `sel` evaluates only
// the chosen branch, reductions skip the indices whose condition fails, and builtins run their
// float64 implementations (ir/builtins.ts). Data materialisation (ir/data.ts) computes `expr`
// data with it; tests hold it to the CPU backend on every stdlib problem.
//
// Expressions are compiled once to closures over a register file (indices and scalars by slot,
// resolved when compiled, with the lexical scoping of reductions' indices), then run per element.

import { builtinOf, ffAdd } from './builtins.js';
import { ffTerm, isFfSum, type DrawDist, type IExpr, type IrFunc, type IrProgram } from './ir.js';

/** A compiled expression. */
export type Code = () => number;

/** An array as read by compiled code: element [i] or [i][j] is values[offset + i * cols + j]. */
export interface ArrayView {
  values: ArrayLike<number>;
  offset: number;
  cols: number;
}

export interface EvalEnv {
  /** The array `name` (data, a function's input or one of its vectors), or undefined. */
  array(name: string): ArrayView | undefined;
  /** The draws of algorithm steps; without it a draw is an error. */
  draw?(dist: DrawDist, site: number, args: number[]): number;
  /** A call of another function of the program on a vector (problem calls before inlining). */
  callp?(fn: string, arg: ArrayView): number;
}

/** Slots of a register file, by name: the indices and scalars visible where code is compiled. */
export type Scope = ReadonlyMap<string, number>;

/** Compiles expressions against one register file. */
export class Evaluator {
  /** The register file: index and scalar values by slot. */
  readonly regs: number[] = [];

  constructor(private env: EvalEnv) {}

  /** A new slot of the register file. */
  slot(): number {
    this.regs.push(0);
    return this.regs.length - 1;
  }

  compile(e: IExpr, scope: Scope): Code {
    const R = this.regs;
    const c = (x: IExpr) => this.compile(x, scope);
    switch (e.k) {
      case 'num':
      case 'int': {
        const v = e.v;
        return () => v;
      }
      case 'idx':
      case 'sref': {
        const s = scope.get(e.name);
        if (s === undefined) throw new Error(`internal: evaluate: unbound ${e.name}`);
        return () => R[s]!;
      }
      case 'read': {
        const a = this.env.array(e.arr);
        if (!a) throw new Error(`internal: evaluate: unknown array ${e.arr}`);
        const [ix, jx] = e.idx;
        if (!ix) throw new Error(`internal: evaluate: ${e.arr} read without an index`);
        const i = c(ix);
        // An index outside the array reads undefined, as in the CPU backend's source.
        if (!jx) return () => a.values[a.offset + i()] as number;
        const j = c(jx);
        return () => a.values[a.offset + i() * a.cols + j()] as number;
      }
      case 'vref':
        throw new Error('internal: evaluate: a whole vector is only a problem-call argument');
      case 'callp': {
        const arg = e.args[0];
        const a = arg?.k === 'vref' ? this.env.array(arg.name) : undefined;
        const call = this.env.callp;
        if (!a || !call) throw new Error(`internal: evaluate: cannot call ${e.fn}`);
        const fn = e.fn;
        return () => call(fn, a);
      }
      case 'un': {
        const a = c(e.a);
        return e.op === 'neg' ? () => -a() : () => (a() ? 0 : 1);
      }
      case 'bin':
        return this.bin(e.op, e.t === 'i', c(e.a), c(e.b));
      case 'call': {
        const b = builtinOf(e.fn);
        if (!b) throw new Error(`internal: evaluate: unknown builtin ${e.fn}`);
        const f = b.cpu;
        const args = e.args.map(c);
        if (args.length === 1) {
          const [a] = args as [Code];
          return () => f(a());
        }
        return () => f(...args.map((a) => a()));
      }
      case 'sel': {
        const [k, a, b] = [c(e.c), c(e.a), c(e.b)];
        return () => (k() ? a() : b());
      }
      case 'draw': {
        const draw = this.env.draw;
        if (!draw) throw new Error('internal: evaluate: a draw outside an algorithm');
        const args = e.args.map(c);
        const { dist, site } = e;
        return () =>
          draw(
            dist,
            site,
            args.map((a) => a()),
          );
      }
      case 'red':
        return this.red(e, scope);
    }
  }

  private bin(op: string, int: boolean, a: Code, b: Code): Code {
    switch (op) {
      case '+':
        return int ? () => (a() + b()) | 0 : () => a() + b();
      case '-':
        return int ? () => (a() - b()) | 0 : () => a() - b();
      case '*':
        return int ? () => Math.imul(a(), b()) : () => a() * b();
      case '/':
        return int ? () => (a() / b()) | 0 : () => a() / b();
      case '%':
        return int
          ? () => {
              const x = a();
              const y = b();
              return ((x % y) + y) % y;
            }
          : () => {
              const x = a();
              const y = b();
              return x - y * Math.floor(x / y);
            };
      case 'pow':
        return () => Math.pow(a(), b());
      case 'idiv':
        return () => Math.floor(a() / b());
      case 'min':
        return () => Math.min(a(), b());
      case 'max':
        return () => Math.max(a(), b());
      case 'atan2':
        return () => Math.atan2(a(), b());
      case 'and':
        return () => (a() && b() ? 1 : 0);
      case 'or':
        return () => (a() || b() ? 1 : 0);
      case '==':
        return () => (a() === b() ? 1 : 0);
      case '!=':
        return () => (a() !== b() ? 1 : 0);
      case '<':
        return () => (a() < b() ? 1 : 0);
      case '<=':
        return () => (a() <= b() ? 1 : 0);
      case '>':
        return () => (a() > b() ? 1 : 0);
      case '>=':
        return () => (a() >= b() ? 1 : 0);
    }
    throw new Error(`internal: evaluate: operator ${op}`);
  }

  private red(e: IExpr & { k: 'red' }, scope: Scope): Code {
    const R = this.regs;
    const lo = this.compile(e.lo, scope);
    const hi = this.compile(e.hi, scope);
    const s = this.slot();
    const inner = new Map(scope).set(e.idx, s);
    const cond = e.cond ? this.compile(e.cond, inner) : () => 1;
    if (isFfSum(e.op)) {
      // The terms added as pairs, as the GPU does (ir/builtins.ts ffAdd).
      const [th, tl] = ffTerm(e.body).map((t) => this.compile(t, inner)) as [Code, Code];
      const part = e.op === 'ffsum.h' ? 0 : 1;
      return () => {
        let acc: [number, number] = [0, 0];
        const h = hi();
        for (let i = lo(); i < h; i++) {
          R[s] = i;
          if (cond()) acc = ffAdd(acc[0], acc[1], th(), tl());
        }
        return acc[part];
      };
    }
    const body = this.compile(e.body, inner);
    const int = e.t === 'i';
    const fold = (init: number, step: (acc: number, v: number) => number): Code => {
      return () => {
        let acc = init;
        const h = hi();
        for (let i = lo(); i < h; i++) {
          R[s] = i;
          if (cond()) acc = step(acc, body());
        }
        return acc;
      };
    };
    switch (e.op) {
      case 'sum':
      case 'count':
        return int ? fold(0, (acc, v) => (acc + v) | 0) : fold(0, (acc, v) => acc + v);
      case 'prod':
        return fold(1, (acc, v) => acc * v);
      case 'por':
        return fold(0, (acc, v) => acc + v - acc * v);
      case 'min':
        return fold(Infinity, Math.min);
      case 'max':
        return fold(-Infinity, Math.max);
      case 'argmin':
      case 'argmax': {
        const better =
          e.op === 'argmin' ? (v: number, b: number) => v < b : (v: number, b: number) => v > b;
        return () => {
          let acc = -1;
          let best = e.op === 'argmin' ? Infinity : -Infinity;
          const h = hi();
          for (let i = lo(); i < h; i++) {
            R[s] = i;
            if (!cond()) continue;
            const v = body();
            if (acc < 0 || better(v, best)) {
              best = v;
              acc = i;
            }
          }
          return acc;
        };
      }
    }
    throw new Error(`internal: evaluate: reduction ${e.op}`);
  }
}

/** The value of an expression of constants (no arrays, indices or draws). */
export const evaluateConstant = (e: IExpr): number =>
  new Evaluator({ array: () => undefined }).compile(e, new Map())();

/**
 * A program evaluated in float64, called as the CPU backend's (x, offset) => value: its data from
 * `data`, its functions called through problem calls.
 */
export function evaluateProgram(
  p: IrProgram,
  data: Record<string, Float64Array>,
): (x: ArrayLike<number>, offset: number) => number {
  const views = new Map<string, ArrayView>(
    p.data.map((d) => {
      const values = data[d.name];
      if (!values) throw new Error(`internal: evaluate: no values for data ${d.name}`);
      return [d.name, { values, offset: 0, cols: d.shape[1] ?? 0 }];
    }),
  );
  const funcs = new Map<string, (arg: ArrayView) => number>();
  const compileFunc = (f: IrFunc) => {
    if (f.domain) throw new Error('internal: evaluate: algorithm steps run on the CPU backend');
    const input: ArrayView = { values: [], offset: 0, cols: 0 };
    const local = new Map<string, ArrayView>([[f.input, input]]);
    const ev = new Evaluator({
      array: (n) => local.get(n) ?? views.get(n),
      callp: (fn, arg) => {
        const g = funcs.get(fn);
        if (!g) throw new Error(`internal: evaluate: unknown function ${fn}`);
        return g(arg);
      },
    });
    const scope = new Map<string, number>();
    const run: (() => void)[] = [];
    for (const b of f.bindings) {
      if (b.k === 'scalar') {
        const code = ev.compile(b.body, scope);
        const s = ev.slot();
        scope.set(b.name, s);
        run.push(() => void (ev.regs[s] = code()));
        continue;
      }
      const i = ev.slot();
      const code = ev.compile(b.body, new Map(scope).set(b.idx, i));
      const out = new Float64Array(b.len);
      local.set(b.name, { values: out, offset: 0, cols: 0 });
      const R = ev.regs;
      if (b.k === 'vec')
        run.push(() => {
          for (let k = 0; k < b.len; k++) {
            R[i] = k;
            out[k] = code();
          }
        });
      else
        run.push(() => {
          let acc = 0;
          for (let k = 0; k < b.len; k++) {
            R[i] = k;
            if (b.exclusive) {
              out[k] = acc;
              acc = acc + code();
            } else {
              acc = acc + code();
              out[k] = acc;
            }
          }
        });
    }
    const result = ev.compile(f.result, scope);
    return (arg: ArrayView) => {
      const saved = { ...input };
      input.values = arg.values;
      input.offset = arg.offset;
      for (const r of run) r();
      const v = result();
      Object.assign(input, saved);
      return v;
    };
  };
  for (const f of p.funcs) funcs.set(f.name, compileFunc(f));
  const main = compileFunc(p.main);
  return (x, offset) => main({ values: x, offset, cols: 0 });
}
