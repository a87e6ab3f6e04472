// Reads the printed IR (print.ts) back, so that passes can be tested text-in, text-out.

import {
  asScheduled,
  binTy,
  drawTy,
  redTy,
  type DrawDist,
  type Write,
  type BinOp,
  type Binding,
  type DataDef,
  type IExpr,
  type IrData,
  type IrFunc,
  type IrProgram,
  RED_OPS,
  type RedOp,
  type Schedule,
  type ScheduledProgram,
  type Stage,
  type Ty,
} from './ir.js';

/** A form of the printed IR read as a tree: a word, or a list of forms (the algorithm IR reads its own). */
export type SExp = string | SExp[];

function tokenize(text: string): string[] {
  const out: string[] = [];
  const re = /\s*(?:(;[^\n]*)|("(?:[^"\\]|\\.)*")|([()])|([^\s()";]+))/y;
  let m: RegExpExecArray | null;
  re.lastIndex = 0;
  while (re.lastIndex < text.length && (m = re.exec(text))) {
    if (m[1]) continue;
    const tok = m[2] ?? m[3] ?? m[4];
    if (tok !== undefined) out.push(tok);
  }
  return out;
}

/** The printed text as one form (the algorithm IR's parser, algo-parse.ts, reads the same syntax). */
export function readSExp(text: string): SExp {
  return read(tokenize(text));
}

function read(tokens: string[]): SExp {
  let pos = 0;
  const parse = (): SExp => {
    const t = tokens[pos++];
    if (t === undefined) throw new Error('internal: IR parse: unexpected end of input');
    if (t === '(') {
      const list: SExp[] = [];
      while (tokens[pos] !== ')') {
        if (pos >= tokens.length) throw new Error('internal: IR parse: missing )');
        list.push(parse());
      }
      pos++;
      return list;
    }
    if (t === ')') throw new Error('internal: IR parse: unexpected )');
    return t;
  };
  const e = parse();
  if (pos !== tokens.length) throw new Error('internal: IR parse: trailing input');
  return e;
}

const RED_OP_NAMES = new Set<string>(RED_OPS);
const BIN_OPS = new Set([
  '+',
  '-',
  '*',
  '/',
  '%',
  'pow',
  'idiv',
  '<',
  '<=',
  '>',
  '>=',
  '==',
  '!=',
  'and',
  'or',
  'min',
  'max',
  'atan2',
]);

function parseNumber(s: string): number {
  if (s === 'nan') return NaN;
  if (s === 'inf') return Infinity;
  if (s === '-inf') return -Infinity;
  const v = Number(s);
  if (Number.isNaN(v)) throw new Error(`internal: IR parse: bad number ${s}`);
  return v;
}

/** Item `i` of a form read from the text: a parse error, not `undefined`, when the form is short. */
function nth(s: SExp[], i: number): SExp {
  const v = s[i];
  if (v === undefined) throw new Error(`internal: IR parse: a form is too short (no item ${i})`);
  return v;
}

/** Item `i` of a form, a word. */
function word(s: SExp[], i: number): string {
  const v = nth(s, i);
  if (typeof v !== 'string') throw new Error(`internal: IR parse: expected a word as item ${i}`);
  return v;
}

class Ctx {
  scalars = new Map<string, Ty>();
}

/**
 * An expression outside any function (an algorithm's host expressions and generation-level lets):
 * scalars read as floats unless `scalars` gives their type (the lets defined before).
 */
export function exprFromSExp(s: SExp, scalars?: ReadonlyMap<string, Ty>): IExpr {
  const ctx = new Ctx();
  for (const [name, t] of scalars ?? []) ctx.scalars.set(name, t);
  return expr(s, ctx);
}

function expr(s: SExp, ctx: Ctx): IExpr {
  if (typeof s === 'string') {
    if (s.startsWith('@'))
      return { k: 'sref', t: ctx.scalars.get(s.slice(1)) ?? 'f', name: s.slice(1) };
    if (/^-?\d+$/.test(s)) return { k: 'int', t: 'i', v: Number(s) };
    if (/^(-?[\d.]+(e[-+]?\d+)?|nan|-?inf)$/i.test(s))
      return { k: 'num', t: 'f', v: parseNumber(s) };
    return { k: 'idx', t: 'i', name: s };
  }
  const [head, ...rest] = s;
  if (typeof head !== 'string') throw new Error('internal: IR parse: expected an operator');
  if (head === 'read')
    return {
      k: 'read',
      t: 'f',
      arr: rest[0] as string,
      idx: rest.slice(1).map((r) => expr(r, ctx)),
    };
  if (head === 'vref') return { k: 'vref', t: 'f', name: rest[0] as string, len: Number(rest[1]) };
  if (head === 'neg') {
    const a = expr(nth(rest, 0), ctx);
    return { k: 'un', t: a.t, op: 'neg', a };
  }
  if (head === 'not') return { k: 'un', t: 'b', op: 'not', a: expr(nth(rest, 0), ctx) };
  if (head === 'call') {
    const fn = rest[0] as string;
    const args = rest.slice(1).map((r) => expr(r, ctx));
    return { k: 'call', t: fn === 'int' ? 'i' : 'f', fn, args };
  }
  if (head === 'callp')
    return {
      k: 'callp',
      t: 'f',
      fn: rest[0] as string,
      args: rest.slice(1).map((r) => expr(r, ctx)),
    };
  if (head === 'draw') {
    const dist = rest[0] as DrawDist;
    return {
      k: 'draw',
      t: drawTy(dist),
      dist,
      site: Number(rest[1]),
      args: rest.slice(2).map((r) => expr(r, ctx)),
    };
  }
  if (head === 'if') {
    const c = expr(nth(rest, 0), ctx);
    const a = expr(nth(rest, 1), ctx);
    const b = expr(nth(rest, 2), ctx);
    return { k: 'sel', t: a.t === 'i' && b.t === 'i' ? 'i' : a.t === 'b' ? 'b' : 'f', c, a, b };
  }
  if (RED_OP_NAMES.has(head) && rest.length >= 4) {
    const op = head as RedOp;
    const i = rest[0] as string;
    const lo = expr(nth(rest, 1), ctx);
    const hi = expr(nth(rest, 2), ctx);
    let cond: IExpr | undefined;
    let bodyS = nth(rest, 3);
    if (Array.isArray(bodyS) && bodyS[0] === 'where') {
      cond = expr(nth(bodyS, 1), ctx);
      bodyS = nth(rest, 4);
    }
    const body = expr(bodyS, ctx);
    return { k: 'red', t: redTy(op, body), op, idx: i, lo, hi, cond, body };
  }
  if (BIN_OPS.has(head)) {
    const a = expr(nth(rest, 0), ctx);
    const b = expr(nth(rest, 1), ctx);
    const op = head as BinOp;
    return { k: 'bin', t: binTy(op, a, b), op, a, b };
  }
  throw new Error(`internal: IR parse: unknown form (${head} ...)`);
}

function binding(s: SExp[], ctx: Ctx): Binding {
  const head = s[0];
  if (head === 'vec')
    return {
      k: 'vec',
      name: s[1] as string,
      idx: s[2] as string,
      len: Number(s[3]),
      body: expr(nth(s, 4), ctx),
    };
  if (head === 'scan' || head === 'scan-excl') {
    return {
      k: 'scan',
      name: s[1] as string,
      idx: s[2] as string,
      len: Number(s[3]),
      body: expr(nth(s, 4), ctx),
      exclusive: head === 'scan-excl',
    };
  }
  if (head === 'scalar') {
    const t = s[2] as Ty;
    ctx.scalars.set(s[1] as string, t);
    return { k: 'scalar', name: s[1] as string, t, body: expr(nth(s, 3), ctx) };
  }
  throw new Error(`internal: IR parse: unknown binding ${String(head)}`);
}

/** A function's form `(func NAME (input I LEN) ...)` (an algorithm's selection holds one: algo-parse.ts). */
export function funcFromSExp(s: SExp[]): IrFunc {
  return func(s);
}

function func(s: SExp[]): IrFunc {
  const ctx = new Ctx();
  const input = s[2] as SExp[];
  const bindings: Binding[] = [];
  const writes: Write[] = [];
  let domain: IrFunc['domain'];
  let result: IExpr | undefined;
  for (const item of s.slice(3) as SExp[][]) {
    if (item[0] === 'result') result = expr(nth(item, 1), ctx);
    else if (item[0] === 'each') domain = { idx: item[1] as string, n: Number(item[2]) };
    else if (item[0] === 'write') {
      const col = item.length === 5 ? (item[3] as string[]) : undefined;
      writes.push({
        arr: item[1] as string,
        row: expr(nth(item, 2), ctx),
        col: col ? { idx: word(col, 0), len: Number(col[1]) } : undefined,
        body: expr(nth(item, item.length - 1), ctx),
      });
    } else bindings.push(binding(item, ctx));
  }
  if (!result) throw new Error('internal: IR parse: func without result');
  const f: IrFunc = {
    name: s[1] as string,
    input: input[1] as string,
    len: Number(input[2]),
    bindings,
    result,
  };
  if (domain) f.domain = domain;
  if (writes.length) f.writes = writes;
  return f;
}

/** A jrandom generator's start: a seed (digits) or the name of the data whose stream it continues. */
function jrandomFrom(s: SExp | undefined): number | string {
  if (typeof s !== 'string')
    throw new Error('internal: IR parse: a jrandom generator needs a seed or a data name');
  return /^\d+$/.test(s) ? Number(s) : s;
}

function dataDef(s: SExp[]): DataDef {
  switch (s[0]) {
    case 'uniform':
      return {
        k: 'uniform',
        lo: parseNumber(s[1] as string),
        hi: parseNumber(s[2] as string),
        seed: Number(s[3]),
      };
    case 'normal':
      return {
        k: 'normal',
        mu: parseNumber(s[1] as string),
        sigma: parseNumber(s[2] as string),
        seed: Number(s[3]),
      };
    case 'perm':
      return { k: 'perm', seed: Number(s[1]) };
    case 'jshift':
      return {
        k: 'jshift',
        lo: parseNumber(s[1] as string),
        hi: parseNumber(s[2] as string),
        from: jrandomFrom(s[3]),
      };
    case 'jperm':
      return { k: 'jperm', from: jrandomFrom(s[1]) };
    case 'jrot':
      return { k: 'jrot', from: jrandomFrom(s[1]) };
    case 'file':
      return {
        k: 'file',
        path: JSON.parse(s[1] as string) as string,
        offset: Number(s[2]),
        row: Number(s[3]),
        ...(s.includes('header') ? { header: true as const } : {}),
        ...(s.includes('nonfinite') ? { nonfinite: true as const } : {}),
      };
    case 'expr':
      return { k: 'expr', idx: s[1] as string[], body: expr(nth(s, 2), new Ctx()) };
    case 'residual':
      return { k: 'residual', of: s[1] as string };
    case 'inward':
      return { k: 'inward', of: s[1] as string, dir: s[2] === 'up' ? 1 : -1 };
  }
  throw new Error(`internal: IR parse: unknown data definition ${String(s[0])}`);
}

function schedule(s: SExp[]): Schedule {
  const r = s[1] as string[];
  const regime: Schedule['regime'] =
    r[0] === 'team'
      ? { k: 'team', team: Number(r[1]), wg: Number(r[2]) }
      : { k: 'split', wg: Number(r[1]), chunk: Number(r[2]), groups: Number(r[3]) };
  const kernels = Number((s[2] as string[])[1]);
  const stages: Stage[] = (s.slice(3) as string[][]).map((st) => {
    switch (st[0]) {
      case 'reduce':
        return { k: 'reduce', outs: st.slice(1) };
      case 'scan':
        return { k: 'scan', scan: word(st, 1), outs: st.slice(2) };
      case 'vec': {
        const tile = st[2] as unknown as string[] | undefined;
        if (tile && (tile[0] !== 'tile' || !(Number(tile[1]) >= 1)))
          throw new Error('internal: IR parse: a vector stage takes (tile C) with C >= 1');
        return tile
          ? { k: 'vec', name: word(st, 1), tile: Number(tile[1]) }
          : { k: 'vec', name: word(st, 1) };
      }
      case 'scalar':
        return { k: 'scalar', name: word(st, 1) };
    }
    throw new Error(`internal: IR parse: unknown stage ${String(st[0])}`);
  });
  return { regime, stages, kernels };
}

/** A printed scheduled program read back: checked to have its schedule (asScheduled). */
export function parseScheduled(text: string): ScheduledProgram {
  return asScheduled(parseProgram(text));
}

export function parseProgram(text: string): IrProgram {
  return programFromSExp(read(tokenize(text)));
}

/** A `(program ...)` form already read (an algorithm's step programs are forms of its text). */
export function programFromSExp(form: SExp): IrProgram {
  if (!Array.isArray(form)) throw new Error('internal: IR parse: expected (program ...)');
  const s = form;
  if (s[0] !== 'program') throw new Error('internal: IR parse: expected (program ...)');
  // Every field but main; main is checked once the items are read.
  const p: Omit<IrProgram, 'main'> & { main?: IrFunc } = {
    name: s[1] as string,
    dim: 0,
    box: [0, 0],
    optimum: 0,
    at: null,
    direction: 'minimize',
    data: [],
    funcs: [],
  };
  for (const item of s.slice(2) as SExp[][]) {
    switch (item[0]) {
      case 'dim':
        p.dim = Number(item[1]);
        break;
      case 'box':
        p.box = [parseNumber(item[1] as string), parseNumber(item[2] as string)];
        if (Array.isArray(item[3]) && item[3][0] === 'coords') {
          const side = (x: SExp | undefined) => (x === '_' ? null : (x as string));
          p.coords = [side(item[3][1]), side(item[3][2])];
        }
        break;
      case 'unconstrained':
        p.unconstrained = true;
        break;
      case 'optimum':
        p.optimum = parseNumber(item[1] as string);
        break;
      case 'at': {
        const a = item[1] as string;
        p.at =
          a === 'none'
            ? null
            : /^[-\d.]|^nan|^inf/.test(a)
              ? { k: 'const', v: parseNumber(a) }
              : { k: 'data', name: a };
        break;
      }
      case 'minimize':
      case 'maximize':
        p.direction = item[0];
        break;
      case 'bias':
        p.bias = parseNumber(item[1] as string);
        break;
      case 'data':
        p.data.push({
          name: item[1] as string,
          shape: (item[2] as string[]).map(Number),
          def: dataDef(item[3] as SExp[]),
        } as IrData);
        break;
      case 'func': {
        const f = func(item);
        if (f.name === 'main') p.main = f;
        else p.funcs.push(f);
        break;
      }
      case 'schedule':
        p.schedule = schedule(item);
        break;
      case 'state':
        (p.state ??= []).push({
          name: item[1] as string,
          rows: Number(item[2]),
          cols: Number(item[3]),
          ...(Array.isArray(item[4]) && item[4][0] === 'lo' ? { lo: item[4][1] as string } : {}),
        });
        break;
      default:
        throw new Error(`internal: IR parse: unknown program item ${String(item[0])}`);
    }
  }
  const main = p.main;
  if (!main) throw new Error('internal: IR parse: program without (func main ...)');
  return { ...p, main };
}
