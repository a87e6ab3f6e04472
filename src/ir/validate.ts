// The IR validator, run after every pass in tests: names are defined before use, indices are
// bound, types are consistent, lengths and constant indices are in range, and a scheduled program
// covers every binding exactly once, with stages of the right kind in dependency order and the
// kernel count that its regime implies.

import { matrixProduct } from './matrix.js';
import { readsAnyOf } from './kernels.js';
import { builtinOf } from './builtins.js';
import {
  at,
  binTy,
  drawTy,
  forEachNode,
  redTy,
  type Binding,
  type IExpr,
  type IrData,
  type IrFunc,
  type IrProgram,
  type Schedule,
  type StateArray,
  type Ty,
} from './ir.js';
import { countKernels } from './kernels.js';

export class IrInvalid extends Error {}

function check(cond: unknown, msg: string, where: string): asserts cond {
  if (!cond) throw new IrInvalid(`internal: IR invalid after ${where}: ${msg}`);
}

interface Env {
  arrays: Map<string, number[]>;
  scalars: Map<string, Ty>;
  idx: Set<string>;
  funcs: Map<string, IrFunc>;
}

const ARITH = new Set([
  '+',
  '-',
  '*',
  '/',
  '%',
  'pow',
  'idiv',
  'min',
  'max',
  'atan2',
  '<',
  '<=',
  '>',
  '>=',
]);
const LOGIC = new Set(['and', 'or']);

/** Indices an algorithm step's kernel gets from the host (src/runtime/algo-host.ts, RunAt). */
export const HOST_INDICES = new Set([
  '$gen',
  '$slot',
  '$evals',
  '$budget',
  // Host lets (src/ir/step.ts, AlgoProgram.hostLets).
  '$h0',
  '$h1',
  '$h2',
  '$h3',
]);

function validateExpr(e: IExpr, env: Env, where: string): void {
  switch (e.k) {
    case 'num':
      check(e.t === 'f', 'num must be real', where);
      return;
    case 'int':
      check(e.t === 'i' && Number.isInteger(e.v), 'int must be an integer', where);
      return;
    case 'idx':
      // The kernel's generation, trace slot, evaluations so far and budget (algorithm steps).
      check(env.idx.has(e.name) || HOST_INDICES.has(e.name), `unbound index ${e.name}`, where);
      return;
    case 'sref':
      check(env.scalars.has(e.name), `undefined scalar @${e.name}`, where);
      check(env.scalars.get(e.name) === e.t, `type of @${e.name}`, where);
      return;
    case 'vref': {
      const shape = env.arrays.get(e.name);
      check(shape, `undefined array ${e.name}`, where);
      check(
        shape.length === 1 && shape[0] === e.len,
        `(vref ${e.name} ${e.len}) but ${e.name} has shape (${shape.join(' ')})`,
        where,
      );
      return;
    }
    case 'read': {
      const shape = env.arrays.get(e.arr);
      check(shape, `undefined array ${e.arr}`, where);
      check(
        shape.length === e.idx.length,
        `${e.arr} has ${shape.length} dims, read with ${e.idx.length}`,
        where,
      );
      e.idx.forEach((ix, k) => {
        check(ix.t === 'i', `index into ${e.arr} is not an integer`, where);
        if (ix.k === 'int')
          check(
            ix.v >= 0 && ix.v < at(shape, k, 'the dims, counted above'),
            `constant index ${ix.v} outside ${e.arr}[${shape[k]}]`,
            where,
          );
        validateExpr(ix, env, where);
      });
      return;
    }
    case 'un':
      validateExpr(e.a, env, where);
      if (e.op === 'neg')
        check(e.a.t !== 'b' && e.t === e.a.t, 'neg takes a number and keeps its type', where);
      else check(e.a.t === 'b' && e.t === 'b', 'not takes a boolean', where);
      return;
    case 'bin':
      validateExpr(e.a, env, where);
      validateExpr(e.b, env, where);
      if (ARITH.has(e.op))
        check(e.a.t !== 'b' && e.b.t !== 'b', `(${e.op} ...) of a boolean`, where);
      else if (LOGIC.has(e.op))
        check(e.a.t === 'b' && e.b.t === 'b', `(${e.op} ...) of a number`, where);
      else
        check(
          (e.a.t === 'b') === (e.b.t === 'b'),
          `(${e.op} ...) compares a boolean with a number`,
          where,
        );
      check(e.t === binTy(e.op, e.a, e.b), `type of (${e.op} ...)`, where);
      return;
    case 'call': {
      const b = builtinOf(e.fn);
      check(b, `unknown builtin ${e.fn}`, where);
      check(
        e.args.length === b.params.length,
        `${e.fn} takes ${b.params.length} arguments, given ${e.args.length}`,
        where,
      );
      check(e.t === (b.result === 'int' ? 'i' : 'f'), `type of (call ${e.fn} ...)`, where);
      e.args.forEach((a) => {
        validateExpr(a, env, where);
        check(a.t !== 'b', `(call ${e.fn} ...) of a boolean`, where);
      });
      return;
    }
    case 'callp': {
      const f = env.funcs.get(e.fn);
      check(f, `undefined function ${e.fn}`, where);
      const a = e.args[0];
      check(
        e.args.length === 1 && a?.k === 'vref',
        `(callp ${e.fn} ...) takes one (vref ...)`,
        where,
      );
      validateExpr(a, env, where);
      check(a.k === 'vref' && a.len === f.len, `${e.fn} takes a vector of length ${f.len}`, where);
      return;
    }
    case 'draw': {
      const n = { u: 2, n: 2, int: 3, distinct: 5 }[e.dist];
      check(n !== undefined, `unknown draw ${e.dist}`, where);
      check(e.args.length === n, `(draw ${e.dist} ...) takes ${n} arguments`, where);
      check(e.t === drawTy(e.dist), `type of (draw ${e.dist} ...)`, where);
      e.args.forEach((a) => {
        validateExpr(a, env, where);
        check(a.t === 'i', `(draw ${e.dist} ...) of a non-integer`, where);
      });
      return;
    }
    case 'sel':
      validateExpr(e.c, env, where);
      validateExpr(e.a, env, where);
      validateExpr(e.b, env, where);
      check(e.c.t === 'b', 'if condition must be boolean', where);
      check((e.a.t === 'b') === (e.b.t === 'b'), 'if branches mix a boolean and a number', where);
      check(e.t === (e.a.t === e.b.t ? e.a.t : 'f'), 'type of (if ...)', where);
      return;
    case 'red': {
      check(e.op !== 'mean', 'mean must be lowered to (/ (sum ...) n)', where);
      validateExpr(e.lo, env, where);
      validateExpr(e.hi, env, where);
      check(
        e.lo.t === 'i' && e.hi.t === 'i',
        `bounds of (${e.op} ${e.idx} ...) must be integers`,
        where,
      );
      check(!env.idx.has(e.idx), `index ${e.idx} shadows an enclosing index`, where);
      const inner = { ...env, idx: new Set(env.idx).add(e.idx) };
      if (e.cond) {
        validateExpr(e.cond, inner, where);
        check(e.cond.t === 'b', `where-condition of (${e.op} ${e.idx} ...) must be boolean`, where);
      }
      validateExpr(e.body, inner, where);
      check(e.body.t !== 'b', `body of (${e.op} ${e.idx} ...) is a boolean`, where);
      check(e.t === redTy(e.op, e.body), `type of (${e.op} ...)`, where);
    }
  }
}

function validateData(p: IrProgram, where: string): Map<string, number[]> {
  const arrays = new Map<string, number[]>();
  const jrandom = new Set<string>();
  for (const d of p.data) {
    check(!arrays.has(d.name), `data ${d.name} defined twice`, where);
    check(
      d.shape.length === 1 || d.shape.length === 2,
      `data ${d.name} has ${d.shape.length} dims`,
      where,
    );
    check(
      d.shape.every((n) => Number.isInteger(n) && n >= 0),
      `data ${d.name} has shape (${d.shape.join(' ')})`,
      where,
    );
    validateDataDef(d, arrays, jrandom, where);
    arrays.set(d.name, d.shape);
    if (d.def.k === 'jshift' || d.def.k === 'jperm' || d.def.k === 'jrot') jrandom.add(d.name);
  }
  return arrays;
}

function validateDataDef(
  d: IrData,
  earlier: Map<string, number[]>,
  earlierJrandom: Set<string>,
  where: string,
): void {
  const def = d.def;
  if (def.k === 'perm')
    check(d.shape.length === 1, `permutation ${d.name} must be a vector`, where);
  if (def.k === 'jshift' || def.k === 'jperm')
    check(d.shape.length === 1, `${def.k} ${d.name} must be a vector`, where);
  if (def.k === 'jshift')
    check(def.lo <= def.hi, `jshift ${d.name}: lo ${def.lo} > hi ${def.hi}`, where);
  if (def.k === 'jrot') {
    const [rows = 0, m = 0] = d.shape;
    check(
      d.shape.length === 2 && m > 0 && rows % m === 0,
      `jrot ${d.name} must be a stack of square matrices, (k m m) rows by m, not (${d.shape.join(' ')})`,
      where,
    );
  }
  if (def.k === 'jshift' || def.k === 'jperm' || def.k === 'jrot') {
    // The stream continues an earlier jrandom data's (materialiseData draws in order).
    if (typeof def.from === 'string')
      check(
        earlierJrandom.has(def.from),
        `data ${d.name} continues the stream of ${def.from}, which is not earlier jrandom data`,
        where,
      );
    else
      check(
        Number.isInteger(def.from) && def.from >= 0 && def.from < 2 ** 48,
        `data ${d.name}: the seed ${def.from} is not a 48-bit state`,
        where,
      );
  }
  if (def.k === 'residual' || def.k === 'inward') {
    const of = earlier.get(def.of);
    check(
      of !== undefined,
      `data ${d.name} is the ${def.k} of ${def.of}, which is not earlier data`,
      where,
    );
    check(
      of?.join(' ') === d.shape.join(' '),
      `data ${d.name} has shape (${d.shape.join(' ')}), its source ${def.of} (${of?.join(' ')})`,
      where,
    );
  }
  if (def.k !== 'expr') return;
  // Computed data reads only data defined before it (materialiseData computes in order).
  check(
    def.idx.length === d.shape.length,
    `data ${d.name} has ${d.shape.length} dims but ${def.idx.length} indices`,
    where,
  );
  check(new Set(def.idx).size === def.idx.length, `data ${d.name} repeats an index`, where);
  validateExpr(
    def.body,
    { arrays: new Map(earlier), scalars: new Map(), idx: new Set(def.idx), funcs: new Map() },
    `${where} (data ${d.name})`,
  );
  check(def.body.t !== 'b', `data ${d.name} is a boolean`, where);
}

function validateFunc(
  f: IrFunc,
  data: Map<string, number[]>,
  funcs: Map<string, IrFunc>,
  where: string,
  state: StateArray[] = [],
): void {
  const arrays = new Map<string, number[]>(data);
  check(!arrays.has(f.input), `input ${f.input} of ${f.name} is also a data name`, where);
  check(Number.isInteger(f.len) && f.len >= 1, `${f.name} has input length ${f.len}`, where);
  arrays.set(f.input, [f.len]);
  for (const a of state) arrays.set(a.name, a.cols > 0 ? [a.rows, a.cols] : [a.rows]);
  // A step's individual index is bound everywhere in it.
  const top = new Set(f.domain ? [f.domain.idx] : []);
  const scalars = new Map<string, Ty>();
  for (const b of f.bindings) {
    check(!arrays.has(b.name) && !scalars.has(b.name), `${b.name} defined twice`, where);
    if (b.k === 'scalar') {
      validateExpr(b.body, { arrays, scalars, idx: new Set(top), funcs }, where);
      check(b.t === b.body.t, `type of scalar ${b.name}`, where);
      check(b.t !== 'b', `scalar ${b.name} is a boolean`, where);
      scalars.set(b.name, b.t);
    } else {
      check(Number.isInteger(b.len) && b.len >= 1, `${b.name} has length ${b.len}`, where);
      validateExpr(b.body, { arrays, scalars, idx: new Set([...top, b.idx]), funcs }, where);
      check(b.body.t !== 'b', `${b.k} ${b.name} is a boolean`, where);
      arrays.set(b.name, [b.len]);
    }
  }
  for (const w of f.writes ?? []) {
    const a = state.find((s) => s.name === w.arr);
    check(a, `write to ${w.arr}, which is not a state array`, where);
    validateExpr(w.row, { arrays, scalars, idx: new Set(top), funcs }, where);
    check(w.row.t === 'i', `the row of a write to ${w.arr} is not an integer`, where);
    check(!w.col || w.col.len === a.cols, `write to ${w.arr} over ${w.col?.len} columns`, where);
    check(
      !!w.col === a.cols > 0,
      `write to ${w.arr} needs ${a.cols > 0 ? 'a' : 'no'} column`,
      where,
    );
    const idx = new Set([...top, ...(w.col ? [w.col.idx] : [])]);
    validateExpr(w.body, { arrays, scalars, idx, funcs }, where);
    check(w.body.t !== 'b', `write to ${w.arr} of a boolean`, where);
  }
  validateExpr(f.result, { arrays, scalars, idx: new Set(top), funcs }, where);
  check(f.result.t !== 'b', `the result of ${f.name} is a boolean`, where);
}

/** Arrays and scalars that `e` reads (the input and data included). */
function depsOf(e: IExpr): Set<string> {
  const out = new Set<string>();
  forEachNode(e, (n) => {
    if (n.k === 'read') out.add(n.arr);
    if (n.k === 'vref') out.add(n.name);
    if (n.k === 'sref') out.add(n.name);
  });
  return out;
}

function validateSchedule(p: IrProgram, s: Schedule, where: string): void {
  const f = p.main;
  const bind = new Map<string, Binding>(f.bindings.map((b) => [b.name, b]));
  const stateNames = new Set((p.state ?? []).map((a) => a.name));
  const isRed = (n: string) => {
    const b = bind.get(n);
    return b?.k === 'scalar' && b.body.k === 'red';
  };
  const done = new Set<string>(); // bindings computed by earlier stages
  for (const st of s.stages) {
    const names = st.k === 'reduce' ? st.outs : st.k === 'scan' ? [st.scan, ...st.outs] : [st.name];
    for (const n of names) {
      check(
        !done.has(n) && names.indexOf(n) === names.lastIndexOf(n),
        `${n} scheduled twice`,
        where,
      );
      check(bind.has(n), `the schedule names ${n}, which is not a binding of main`, where);
    }
    switch (st.k) {
      case 'reduce':
        check(st.outs.length > 0, 'an empty reduce stage', where);
        for (const n of st.outs)
          check(isRed(n), `reduce stage: ${n} is not a scalar reduction`, where);
        break;
      case 'scan':
        check(bind.get(st.scan)?.k === 'scan', `scan stage: ${st.scan} is not a scan`, where);
        for (const n of st.outs)
          check(isRed(n), `scan stage: ${n} is not a scalar reduction`, where);
        break;
      case 'vec':
        check(bind.get(st.name)?.k === 'vec', `vec stage: ${st.name} is not a vec`, where);
        if (st.tile !== undefined) {
          const b = bind.get(st.name);
          const r = s.regime;
          const m = b && matrixProduct(b);
          // In a step, y is computed for the workgroup's other individuals: no state reads.
          const yState = !!m && !!f.domain && readsAnyOf(m.y, stateNames);
          check(
            !!m && !yState && r.k === 'team',
            `vec stage: ${st.name} is tiled but is not a matrix product in the team regime (in a step, with a y that reads no state)`,
            where,
          );
          check(
            r.k === 'team' && Number.isInteger(st.tile) && (r.wg / r.team) % st.tile === 0,
            `vec stage: ${st.name}'s tile of ${st.tile} individuals a lane does not divide the workgroup's individuals`,
            where,
          );
        }
        break;
      case 'scalar':
        check(
          bind.get(st.name)?.k === 'scalar' && !isRed(st.name),
          `scalar stage: ${st.name} is not a scalar without reduction`,
          where,
        );
        break;
    }
    // Dependency order: a stage reads only what earlier stages computed; the reductions fused
    // into a scan stage also read that scan.
    const avail = st.k === 'scan' ? new Set([...done, st.scan]) : done;
    for (const n of names) {
      const own = st.k === 'scan' && n === st.scan ? done : avail;
      const b = bind.get(n); // a binding: checked above
      for (const d of b ? depsOf(b.body) : []) {
        if (bind.has(d))
          check(own.has(d), `${n} reads ${d}, which the schedule computes later`, where);
      }
    }
    for (const n of names) done.add(n);
  }
  for (const b of f.bindings) check(done.has(b.name), `${b.name} is not scheduled`, where);
  const r = s.regime;
  if (r.k === 'team') {
    check(
      Number.isInteger(Math.log2(r.team)) && r.team <= r.wg && r.wg % r.team === 0,
      `team ${r.team} in a workgroup of ${r.wg}`,
      where,
    );
  } else {
    check(
      r.chunk > 0 && r.groups === Math.ceil(f.len / r.chunk),
      `split into ${r.groups} groups of ${r.chunk} for length ${f.len}`,
      where,
    );
  }
  check(
    s.kernels === countKernels(s.stages, r, f, p.state),
    `(kernels ${s.kernels}) but the stages need ${countKernels(s.stages, r, f, p.state)}`,
    where,
  );
}

export function validate(p: IrProgram, where: string): void {
  const data = validateData(p, where);
  for (const side of p.coords ?? []) {
    if (side === null) continue;
    check(
      data.get(side)?.join(' ') === String(p.dim),
      `the box's data ${side} is not a vector of length ${p.dim}`,
      where,
    );
  }
  const funcs = new Map<string, IrFunc>();
  for (const f of p.funcs) {
    check(!funcs.has(f.name) && f.name !== 'main', `function ${f.name} defined twice`, where);
    validateFunc(f, data, funcs, where);
    funcs.set(f.name, f);
  }
  check(p.main.name === 'main', `the main function is called ${p.main.name}`, where);
  validateFunc(p.main, data, funcs, where, p.state);
  if (p.schedule) {
    check(p.funcs.length === 0, 'a scheduled program still has functions (inline first)', where);
    validateSchedule(p, p.schedule, where);
  }
}
