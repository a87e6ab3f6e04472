// The printed form of the IR: S-expressions, one binding per line. parse.ts reads it back.
// Integers print as `3`, reals always with a point or exponent (`3.0`, `1e-08`), scalar
// references as `@name`, index variables as bare names.

import type {
  Binding,
  DataDef,
  IExpr,
  IrData,
  IrFunc,
  IrProgram,
  Schedule,
  Stage,
  Write,
} from './ir.js';

export function printNum(v: number): string {
  if (Number.isNaN(v)) return 'nan';
  if (v === Infinity) return 'inf';
  if (v === -Infinity) return '-inf';
  if (Object.is(v, -0)) return '-0.0'; // String(-0) is "0": keep the sign (min(x, -0.0), 1 / -0.0)
  const s = String(v);
  return /[.eE]/.test(s) ? s : s + '.0';
}

export function printExpr(e: IExpr): string {
  switch (e.k) {
    case 'num':
      return printNum(e.v);
    case 'int':
      return String(e.v);
    case 'idx':
      return e.name;
    case 'sref':
      return '@' + e.name;
    case 'vref':
      return `(vref ${e.name} ${e.len})`;
    case 'read':
      return `(read ${e.arr} ${e.idx.map(printExpr).join(' ')})`;
    case 'un':
      return `(${e.op} ${printExpr(e.a)})`;
    case 'bin':
      return `(${e.op} ${printExpr(e.a)} ${printExpr(e.b)})`;
    case 'call':
      return `(call ${e.fn}${e.args.map((a) => ' ' + printExpr(a)).join('')})`;
    case 'callp':
      return `(callp ${e.fn}${e.args.map((a) => ' ' + printExpr(a)).join('')})`;
    case 'draw':
      return `(draw ${e.dist} ${e.site}${e.args.map((a) => ' ' + printExpr(a)).join('')})`;
    case 'sel':
      return `(if ${printExpr(e.c)} ${printExpr(e.a)} ${printExpr(e.b)})`;
    case 'red': {
      const where = e.cond ? ` (where ${printExpr(e.cond)})` : '';
      return `(${e.op} ${e.idx} ${printExpr(e.lo)} ${printExpr(e.hi)}${where} ${printExpr(e.body)})`;
    }
  }
}

export function printBinding(b: Binding): string {
  switch (b.k) {
    case 'vec':
      return `(vec ${b.name} ${b.idx} ${b.len} ${printExpr(b.body)})`;
    case 'scan':
      return `(${b.exclusive ? 'scan-excl' : 'scan'} ${b.name} ${b.idx} ${b.len} ${printExpr(b.body)})`;
    case 'scalar':
      return `(scalar ${b.name} ${b.t} ${printExpr(b.body)})`;
  }
}

function printDataDef(d: DataDef): string {
  switch (d.k) {
    case 'uniform':
      return `(uniform ${printNum(d.lo)} ${printNum(d.hi)} ${d.seed})`;
    case 'normal':
      return `(normal ${printNum(d.mu)} ${printNum(d.sigma)} ${d.seed})`;
    case 'perm':
      return `(perm ${d.seed})`;
    case 'jshift':
      return `(jshift ${printNum(d.lo)} ${printNum(d.hi)} ${d.from})`;
    case 'jperm':
      return `(jperm ${d.from})`;
    case 'jrot':
      return `(jrot ${d.from})`;
    case 'file':
      return `(file ${JSON.stringify(d.path)} ${d.offset} ${d.row}${d.header ? ' header' : ''}${d.nonfinite ? ' nonfinite' : ''})`;
    case 'expr':
      return `(expr (${d.idx.join(' ')}) ${printExpr(d.body)})`;
    case 'residual':
      return `(residual ${d.of})`;
    case 'inward':
      return `(inward ${d.of} ${d.dir > 0 ? 'up' : 'down'})`;
  }
}

export function printData(d: IrData): string {
  return `(data ${d.name} (${d.shape.join(' ')}) ${printDataDef(d.def)})`;
}

export function printFunc(f: IrFunc, indent = '  '): string {
  const dom = f.domain ? ` (each ${f.domain.idx} ${f.domain.n})` : '';
  const lines = [`${indent}(func ${f.name} (input ${f.input} ${f.len})${dom}`];
  for (const b of f.bindings) lines.push(`${indent}  ${printBinding(b)}`);
  for (const w of f.writes ?? []) lines.push(`${indent}  ${printWrite(w)}`);
  lines.push(`${indent}  (result ${printExpr(f.result)}))`);
  return lines.join('\n');
}

export function printWrite(w: Write): string {
  const col = w.col ? ` (${w.col.idx} ${w.col.len})` : '';
  return `(write ${w.arr} ${printExpr(w.row)}${col} ${printExpr(w.body)})`;
}

function printStage(s: Stage): string {
  switch (s.k) {
    case 'reduce':
      return `(reduce ${s.outs.join(' ')})`;
    case 'scan':
      return `(scan ${s.scan}${s.outs.map((o) => ' ' + o).join('')})`;
    case 'vec':
      return `(vec ${s.name}${s.tile ? ` (tile ${s.tile})` : ''})`;
    case 'scalar':
      return `(scalar ${s.name})`;
  }
}

export function printSchedule(s: Schedule, indent = '  '): string {
  const r =
    s.regime.k === 'team'
      ? `(team ${s.regime.team} ${s.regime.wg})`
      : `(split ${s.regime.wg} ${s.regime.chunk} ${s.regime.groups})`;
  return `${indent}(schedule ${r} (kernels ${s.kernels})${s.stages.map((x) => `\n${indent}  ${printStage(x)}`).join('')})`;
}

export function printProgram(p: IrProgram): string {
  const at = p.at === null ? 'none' : p.at.k === 'const' ? printNum(p.at.v) : p.at.name;
  const lines = [
    `(program ${p.name} (dim ${p.dim}) (box ${printNum(p.box[0])} ${printNum(p.box[1])}${p.coords ? ` (coords ${p.coords[0] ?? '_'} ${p.coords[1] ?? '_'})` : ''})${p.unconstrained ? ' (unconstrained)' : ''} (optimum ${printNum(p.optimum)}) (at ${at}) (${p.direction})${p.bias ? ` (bias ${printNum(p.bias)})` : ''}`,
  ];
  for (const d of p.data) lines.push('  ' + printData(d));
  for (const a of p.state ?? [])
    lines.push(`  (state ${a.name} ${a.rows} ${a.cols}${a.lo ? ` (lo ${a.lo})` : ''})`);
  for (const f of p.funcs) lines.push(printFunc(f));
  lines.push(printFunc(p.main));
  if (p.schedule) lines.push(printSchedule(p.schedule));
  return lines.join('\n') + ')';
}
