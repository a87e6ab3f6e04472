// The CPU reference backend: JavaScript source generated from the IR, evaluated in float64.
// It can run the IR at any stage of the pipeline (problem calls become function calls), which is
// how tests check that each pass preserves meaning. `opt compile --emit js` prints this source.
//
// With { float32: true } every real operation is rounded with Math.fround, to compare with the GPU
// operation by operation where that helps; transcendental functions still differ in their last
// bits (WGSL's sin/exp have their own error bounds), so this is a diagnostic aid, not bit-exactness.

import { BUILTINS, INTERNAL_BUILTINS, builtinOf } from '../ir/builtins.js';
import { at, ffTerm, isFfSum, type IExpr, type IrFunc, type IrProgram } from '../ir/ir.js';

export interface JsOptions {
  float32?: boolean;
}

class Names {
  private map = new Map<string, string>();
  private used = new Set<string>();
  get(name: string, prefix: string): string {
    const key = prefix + ':' + name;
    let v = this.map.get(key);
    if (!v) {
      let base = prefix + name.replace(/[^A-Za-z0-9_]/g, '_');
      for (let k = 1; this.used.has(base); k++)
        base = `${prefix}${name.replace(/[^A-Za-z0-9_]/g, '_')}_${k}`;
      this.used.add(base);
      this.map.set(key, base);
      v = base;
    }
    return v;
  }
}

export function emitJs(p: IrProgram, o: JsOptions = {}): string {
  const names = new Names();
  const R = (s: string) => (o.float32 ? `fr(${s})` : s);
  const shapes = new Map<string, number[]>(p.data.map((d) => [d.name, d.shape]));
  // Algorithm steps: state arrays live in one Float64Array S; o[k] and w[k] are where array k is
  // read and written (the runtime swaps double-buffered arrays between steps).
  // Each state array: its number k (as in o[k], w[k]) and its columns.
  const stateOf = new Map((p.state ?? []).map((a, k) => [a.name, { k, cols: a.cols }]));
  const stateRows = new Map((p.state ?? []).map((a) => [a.name, a.rows]));
  const lines: string[] = [];
  lines.push('"use strict";');
  lines.push('const fr = Math.fround;');
  for (const d of p.data)
    lines.push(`const ${names.get(d.name, 'd_')} = data[${JSON.stringify(d.name)}];`);
  let tmp = 0;

  const emitFunc = (f: IrFunc) => {
    const local = new Map<string, number[]>(shapes);
    local.set(f.input, [f.len]);
    const body: string[] = [];
    const arr = (n: string) =>
      n === f.input ? 'x' : shapes.has(n) ? names.get(n, 'd_') : names.get(f.name + '/' + n, 'a_');
    const sc = (n: string) => names.get(f.name + '/' + n, 's_');
    const ex = (e: IExpr, pre: string[]): string => {
      switch (e.k) {
        case 'num':
          return Number.isNaN(e.v)
            ? 'NaN'
            : e.v === Infinity
              ? 'Infinity'
              : e.v === -Infinity
                ? '-Infinity'
                : `(${e.v})`;
        case 'int':
          return `(${e.v})`;
        case 'idx':
          if (e.name === '$gen') return 'CTX.gen';
          if (e.name === '$slot') return 'CTX.slot';
          if (e.name === '$evals') return 'CTX.evals';
          if (e.name === '$budget') return 'CTX.budget';
          if (/^\$h[0-3]$/.test(e.name)) return `CTX.h[${e.name.slice(2)}]`;
          return names.get(e.name, 'i_');
        case 'sref':
          return sc(e.name);
        case 'vref':
          return arr(e.name);
        case 'read': {
          const st = stateOf.get(e.arr);
          if (st && !local.has(e.arr)) {
            const { k, cols } = st;
            const row = ex(at(e.idx, 0, 'a read'), pre);
            return cols
              ? `S[o[${k}] + (${row}) * ${cols} + ${ex(at(e.idx, 1, 'a matrix read'), pre)}]`
              : `S[o[${k}] + ${row}]`;
          }
          const shape = local.get(e.arr);
          if (!shape)
            throw new Error(`internal: js backend: a read of ${e.arr}, which is not in scope`);
          const i0 = ex(at(e.idx, 0, 'a read'), pre);
          if (e.arr === f.input) return `x[xo + ${i0}]`;
          if (shape.length === 2)
            return `${arr(e.arr)}[(${i0}) * ${shape[1]} + ${ex(at(e.idx, 1, 'a matrix read'), pre)}]`;
          return `${arr(e.arr)}[${i0}]`;
        }
        case 'un':
          return e.op === 'neg' ? `(-${ex(e.a, pre)})` : `(!${ex(e.a, pre)})`;
        case 'bin': {
          const a = ex(e.a, pre);
          const b = ex(e.b, pre);
          switch (e.op) {
            case '+':
            case '-':
            case '*':
            case '/':
              return e.t === 'i'
                ? e.op === '*'
                  ? `Math.imul(${a}, ${b})`
                  : `((${a} ${e.op} ${b}) | 0)`
                : R(`(${a} ${e.op} ${b})`);
            case '%':
              return e.t === 'i'
                ? `((((${a}) % (${b})) + (${b})) % (${b}))`
                : R(`((${a}) - (${b}) * Math.floor((${a}) / (${b})))`);
            case 'pow':
              return R(`Math.pow(${a}, ${b})`);
            case 'idiv':
              return `Math.floor((${a}) / (${b}))`;
            case 'min':
              return `Math.min(${a}, ${b})`;
            case 'max':
              return `Math.max(${a}, ${b})`;
            case 'atan2':
              return R(`Math.atan2(${a}, ${b})`);
            case 'and':
              return `(${a} && ${b})`;
            case 'or':
              return `(${a} || ${b})`;
            case '==':
              return `(${a} === ${b})`;
            case '!=':
              return `(${a} !== ${b})`;
            default:
              return `(${a} ${e.op} ${b})`;
          }
        }
        case 'call': {
          // BUILTIN: the builtins' float64 implementations (ir/builtins.ts, JS_BUILTINS).
          const args = e.args.map((a) => ex(a, pre));
          const b = builtinOf(e.fn);
          if (!b) throw new Error(`internal: js backend: unknown builtin ${e.fn}`);
          const fn = /^[A-Za-z_]\w*$/.test(b.name) ? `.${b.name}` : `[${JSON.stringify(b.name)}]`;
          const c = `BUILTIN${fn}(${args.join(', ')})`;
          return b.result === 'int' ? c : R(c);
        }
        case 'draw': {
          // DRAW: the runtime's draws at the current generation (src/runtime/draws.ts).
          const args = e.args.map((a) => ex(a, pre));
          return `DRAW.${e.dist}(${e.site}, ${args.join(', ')})`;
        }
        case 'callp': {
          const a = e.args[0];
          if (a?.k !== 'vref') throw new Error('internal: js backend: problem call takes a vector');
          const src = a.name === f.input ? 'x, xo' : `${arr(a.name)}, 0`;
          return `${names.get(e.fn, 'f_')}(${src})`;
        }
        case 'sel': {
          const c = ex(e.c, pre);
          // Branches may hold reductions: evaluate them lazily, inside the chosen branch.
          const pa: string[] = [];
          const pb: string[] = [];
          const a = ex(e.a, pa);
          const b = ex(e.b, pb);
          if (!pa.length && !pb.length) return `(${c} ? ${a} : ${b})`;
          const t = `t${tmp++}`;
          pre.push(
            `let ${t};`,
            `if (${c}) { ${pa.join(' ')} ${t} = ${a}; } else { ${pb.join(' ')} ${t} = ${b}; }`,
          );
          return t;
        }
        case 'red': {
          const acc = `t${tmp++}`;
          const i = names.get(e.idx, 'i_');
          const inner: string[] = [];
          if (isFfSum(e.op)) {
            // The terms added as pairs, as the GPU does (ir/builtins.ts ffAdd).
            const [h, l] = ffTerm(e.body).map((t) => ex(t, inner));
            const cond = e.cond ? ex(e.cond, inner) : undefined;
            const i = names.get(e.idx, 'i_');
            const lo = ex(e.lo, pre);
            const hi = ex(e.hi, pre);
            const step = `{ const th = ${h}, tl = ${l}, ah = ${acc}; ${acc} = BUILTIN['ff.add.h'](ah, ${acc}l, th, tl); ${acc}l = BUILTIN['ff.add.l'](ah, ${acc}l, th, tl); }`;
            pre.push(
              `let ${acc} = 0, ${acc}l = 0;`,
              `for (let ${i} = ${lo}; ${i} < ${hi}; ${i}++) { ${inner.join(' ')} ${cond ? `if (${cond}) ${step}` : step} }`,
            );
            return e.op === 'ffsum.h' ? acc : `${acc}l`;
          }
          const body = ex(e.body, inner);
          const cond = e.cond ? ex(e.cond, inner) : undefined;
          const lo = ex(e.lo, pre);
          const hi = ex(e.hi, pre);
          const init: Record<string, string> = {
            sum: '0',
            prod: '1',
            min: 'Infinity',
            max: '-Infinity',
            count: '0',
            argmin: '-1',
            argmax: '-1',
            por: '0',
          };
          pre.push(`let ${acc} = ${init[e.op]};`);
          let step: string;
          switch (e.op) {
            case 'sum':
            case 'count':
              step = `${acc} = ${e.t === 'i' ? `(${acc} + ${body}) | 0` : R(`${acc} + ${body}`)};`;
              break;
            case 'prod':
              step = `${acc} = ${R(`${acc} * ${body}`)};`;
              break;
            case 'por':
              step = `{ const v = ${body}; ${acc} = ${R(`${acc} + v - ${R(`${acc} * v`)}`)}; }`;
              break;
            case 'min':
              step = `${acc} = Math.min(${acc}, ${body});`;
              break;
            case 'max':
              step = `${acc} = Math.max(${acc}, ${body});`;
              break;
            case 'argmin':
            case 'argmax': {
              const best = `t${tmp++}`;
              pre.push(`let ${best} = ${e.op === 'argmin' ? 'Infinity' : '-Infinity'};`);
              const v = `t${tmp++}`;
              step = `const ${v} = ${body}; if (${acc} < 0 || ${v} ${e.op === 'argmin' ? '<' : '>'} ${best}) { ${best} = ${v}; ${acc} = ${i}; }`;
              break;
            }
            default:
              throw new Error(`internal: js backend: reduction ${e.op}`);
          }
          const guarded = cond ? `if (${cond}) { ${step} }` : step;
          pre.push(
            `for (let ${i} = ${lo}; ${i} < ${hi}; ${i}++) { ${inner.join(' ')} ${guarded} }`,
          );
          return acc;
        }
      }
    };
    for (const b of f.bindings) {
      const pre: string[] = [];
      if (b.k === 'scalar') {
        const v = ex(b.body, pre);
        body.push(...pre, `const ${sc(b.name)} = ${v};`);
      } else {
        local.set(b.name, [b.len]);
        const a = arr(b.name);
        const i = names.get(b.idx, 'i_');
        const v = ex(b.body, pre);
        body.push(`const ${a} = new Float64Array(${b.len});`);
        if (b.k === 'vec')
          body.push(
            `for (let ${i} = 0; ${i} < ${b.len}; ${i}++) { ${pre.join(' ')} ${a}[${i}] = ${v}; }`,
          );
        else {
          const acc = `t${tmp++}`;
          const store = b.exclusive
            ? `${a}[${i}] = ${acc}; ${acc} = ${R(`${acc} + ${v}`)};`
            : `${acc} = ${R(`${acc} + ${v}`)}; ${a}[${i}] = ${acc};`;
          body.push(
            `let ${acc} = 0;`,
            `for (let ${i} = 0; ${i} < ${b.len}; ${i}++) { ${pre.join(' ')} ${store} }`,
          );
        }
      }
    }
    if (f.domain) {
      // A step: the writes, each guarded by its row (a row outside the array writes nothing).
      for (const w of f.writes ?? []) {
        const st = stateOf.get(w.arr);
        if (!st)
          throw new Error(`internal: js backend: a write to ${w.arr}, which is not a state array`);
        const { k, cols } = st;
        const pre: string[] = [];
        const row = `t${tmp++}`;
        const r = ex(w.row, pre);
        body.push(...pre, `const ${row} = ${r};`);
        const inner: string[] = [];
        const v = ex(w.body, inner);
        const guard = `${row} >= 0 && ${row} < ${stateRows.get(w.arr)}`;
        if (w.col) {
          const j = names.get(w.col.idx, 'i_');
          body.push(
            `if (${guard}) for (let ${j} = 0; ${j} < ${w.col.len}; ${j}++) { ${inner.join(' ')} S[w[${k}] + ${row} * ${cols} + ${j}] = ${v}; }`,
          );
        } else body.push(`if (${guard}) { ${inner.join(' ')} S[w[${k}] + ${row}] = ${v}; }`);
      }
      const ind = names.get(f.domain.idx, 'i_');
      lines.push(
        `function ${names.get(f.name, 'f_')}(S, o, w, ${ind}) {`,
        ...body.map((l) => '  ' + l),
        '}',
      );
      return;
    }
    const pre: string[] = [];
    const r = ex(f.result, pre);
    body.push(...pre, `return ${r};`);
    lines.push(`function ${names.get(f.name, 'f_')}(x, xo) {`, ...body.map((l) => '  ' + l), '}');
  };
  for (const f of p.funcs) emitFunc(f);
  emitFunc(p.main);
  lines.push(`return ${names.get('main', 'f_')};`);
  return lines.join('\n');
}

/**
 * The `BUILTIN` argument of the emitted source: each builtin's float64 implementation by name.
 * The source's other free names are `data` (the materialised data) and, in algorithm steps,
 * `DRAW` and `CTX`.
 */
export const JS_BUILTINS: Readonly<Record<string, (...a: number[]) => number>> = Object.freeze(
  Object.fromEntries(
    [...Object.values(BUILTINS), ...Object.values(INTERNAL_BUILTINS)].map((b) => [b.name, b.cpu]),
  ),
);

export type CpuEvaluator = (x: Float64Array, offset: number) => number;

export function compileJs(
  p: IrProgram,
  data: Record<string, Float64Array>,
  o: JsOptions = {},
): CpuEvaluator {
  const src = emitJs(p, o);
  return new Function('data', 'BUILTIN', src)(data, JS_BUILTINS) as CpuEvaluator;
}
