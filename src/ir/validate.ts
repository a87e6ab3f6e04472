// The IR validator, run after every pass in tests: names are defined before use, indices are
// bound, types are consistent, lengths and constant indices are in range, and a scheduled program
// covers every binding exactly once.

import { binTy, redTy, type IExpr, type IrFunc, type IrProgram, type Ty } from './ir.js';

export class IrInvalid extends Error {}

function check(cond: unknown, msg: string, where: string): asserts cond {
  if (!cond) throw new IrInvalid(`IR invalid after ${where}: ${msg}`);
}

function validateExpr(e: IExpr, env: { arrays: Map<string, number[]>; scalars: Map<string, Ty>; idx: Set<string>; funcs: Set<string> }, where: string): void {
  switch (e.k) {
    case 'num': check(e.t === 'f', 'num must be real', where); return;
    case 'int': check(e.t === 'i' && Number.isInteger(e.v), 'int must be an integer', where); return;
    case 'idx': check(env.idx.has(e.name), `unbound index ${e.name}`, where); return;
    case 'sref': check(env.scalars.has(e.name), `undefined scalar @${e.name}`, where); check(env.scalars.get(e.name) === e.t, `type of @${e.name}`, where); return;
    case 'vref': check(env.arrays.has(e.name), `undefined array ${e.name}`, where); return;
    case 'read': {
      const shape = env.arrays.get(e.arr);
      check(shape, `undefined array ${e.arr}`, where);
      check(shape.length === e.idx.length, `${e.arr} has ${shape.length} dims, read with ${e.idx.length}`, where);
      e.idx.forEach((ix, k) => {
        check(ix.t === 'i', `index into ${e.arr} is not an integer`, where);
        if (ix.k === 'int') check(ix.v >= 0 && ix.v < shape[k]!, `constant index ${ix.v} outside ${e.arr}[${shape[k]}]`, where);
        validateExpr(ix, env, where);
      });
      return;
    }
    case 'un': validateExpr(e.a, env, where); return;
    case 'bin':
      validateExpr(e.a, env, where);
      validateExpr(e.b, env, where);
      check(e.t === binTy(e.op, e.a, e.b) || (e.op === 'pow' || e.op === '/') && e.t === 'f', `type of (${e.op} ...)`, where);
      return;
    case 'call': e.args.forEach((a) => validateExpr(a, env, where)); return;
    case 'callp': check(env.funcs.has(e.fn), `undefined function ${e.fn}`, where); e.args.forEach((a) => validateExpr(a, env, where)); return;
    case 'sel': validateExpr(e.c, env, where); validateExpr(e.a, env, where); validateExpr(e.b, env, where); check(e.c.t === 'b', 'if condition must be boolean', where); return;
    case 'red': {
      validateExpr(e.lo, env, where);
      validateExpr(e.hi, env, where);
      check(!env.idx.has(e.idx), `index ${e.idx} shadows an enclosing index`, where);
      const inner = { ...env, idx: new Set(env.idx).add(e.idx) };
      if (e.cond) validateExpr(e.cond, inner, where);
      validateExpr(e.body, inner, where);
      check(e.t === redTy(e.op, e.body), `type of (${e.op} ...)`, where);
    }
  }
}

function validateFunc(f: IrFunc, p: IrProgram, funcs: Set<string>, where: string): void {
  const arrays = new Map<string, number[]>(p.data.map((d) => [d.name, d.shape]));
  arrays.set(f.input, [f.len]);
  const scalars = new Map<string, Ty>();
  for (const b of f.bindings) {
    check(!arrays.has(b.name) && !scalars.has(b.name), `${b.name} defined twice`, where);
    if (b.k === 'scalar') {
      validateExpr(b.body, { arrays, scalars, idx: new Set(), funcs }, where);
      check(b.t === b.body.t, `type of scalar ${b.name}`, where);
      scalars.set(b.name, b.t);
    } else {
      check(b.len > 0, `${b.name} has length ${b.len}`, where);
      validateExpr(b.body, { arrays, scalars, idx: new Set([b.idx]), funcs }, where);
      arrays.set(b.name, [b.len]);
    }
  }
  validateExpr(f.result, { arrays, scalars, idx: new Set(), funcs }, where);
}

export function validate(p: IrProgram, where: string): void {
  const funcs = new Set<string>();
  for (const f of p.funcs) {
    validateFunc(f, p, funcs, where);
    funcs.add(f.name);
  }
  validateFunc(p.main, p, funcs, where);
  if (p.schedule) {
    const covered = new Set<string>();
    for (const s of p.schedule.stages) {
      const names = s.k === 'reduce' ? s.outs : s.k === 'scan' ? [s.scan, ...s.outs] : [s.name];
      for (const n of names) {
        check(!covered.has(n), `${n} scheduled twice`, where);
        covered.add(n);
      }
    }
    for (const b of p.main.bindings) check(covered.has(b.name), `${b.name} is not scheduled`, where);
  }
}
