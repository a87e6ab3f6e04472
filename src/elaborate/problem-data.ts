// Elaboration of a problem's data declarations (for the problem elaborator, problem.ts): each
// lowered to IR data once per length it is used at (`name` at D, `name@len` at another), a data
// defined through itself reported with its chain; generated data (uniform, normal, permutation,
// the CEC 2010 jrandom generators), files (`file(...)`, with the D values a `{D}` template has
// files for) and expressions of indices.

import type { Arg, DataDecl, Expr, Loc } from '../parser/ast.js';
import type { DiagKind } from '../parser/diagnostics.js';
import {
  lineOf,
  placeIn,
  readNumbers,
  readTable,
  resolveDataPath,
  type BadValue,
  type FilePos,
} from '../ir/datafiles.js';
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { at, type IrData } from '../ir/ir.js';
import { constValue } from '../ir/fold.js';
import { Abort, ElabCore } from './core.js';
import { GENERATORS, JRANDOM_GENERATORS, signatureOf } from './resolve.js';
import {
  FuncBuilder,
  arrayVal,
  didYouMean,
  indexSites,
  newScope,
  plural,
  toReal,
  type Scope,
  type Val,
} from './scope.js';

/** What the data lowering asks of the problem elaborator: its core, expressions and constants. */
export interface DataHost {
  readonly core: ElabCore;
  expr(e: Expr, sc: Scope): Val;
  constant(e: Expr, scope: Scope, what: string): number;
}

/** The data of the problem being lowered (one DataLowering a problem elaborator). */
export class DataLowering {
  /** The IR data of the problem being lowered, in the order they were lowered. */
  data: IrData[] = [];
  private keys = new Map<string, string>(); // name@len -> IR data name
  /** The data declarations being lowered (a data defined through itself is reported). */
  private stack: string[] = [];
  private mainDim = 0;

  private readonly core: ElabCore;

  constructor(private readonly host: DataHost) {
    this.core = host.core;
  }

  /** A new problem at dimension `dim`: no data lowered yet. */
  reset(dim: number): void {
    this.data = [];
    this.keys.clear();
    this.stack = [];
    this.mainDim = dim;
  }

  /** Data `d` at length `len` as a value: lowered once per length (name@len; name at D). */
  dataVal(d: DataDecl, len: number, useLoc: Loc): Val {
    const key = `${d.name}@${len}`;
    let irName = this.keys.get(key);
    if (!irName) {
      const cycle = this.stack.indexOf(d.name);
      if (cycle >= 0) {
        const chain = [...this.stack.slice(cycle), d.name];
        this.core.fail(
          'RecursiveData',
          useLoc,
          d.name,
          chain.length > 2 ? ` (${chain.join(' -> ')})` : '',
        );
      }
      irName = len === this.mainDim ? d.name : `${d.name}@${len}`;
      this.stack.push(d.name);
      let ir: IrData;
      try {
        ir = this.lowerData(d, len, irName);
      } finally {
        this.stack.pop();
      }
      this.data.push(ir);
      this.keys.set(key, irName);
    }
    const ir = this.data.find((x) => x.name === irName);
    if (!ir) throw new Error(`internal: data ${irName} was not lowered`);
    const name = irName;
    // A shape has one or two extents.
    const [rows, cols] = ir.shape;
    if (rows === undefined) throw new Error(`internal: data ${name} has an empty shape`);
    if (cols === undefined) return arrayVal(name, rows);
    return {
      s: 'matrix',
      rows,
      cols,
      at: (i, j) => ({ k: 'read', t: 'f', arr: name, idx: [i, j] }),
    };
  }

  private dataScope(d: DataDecl, len: number, constant?: string): Scope {
    return newScope({
      fn: new FuncBuilder('', '$none', len),
      len,
      dimName: 'D',
      file: d.file,
      sites: indexSites([...d.dims, d.init]),
      constant,
      data: d.name,
    });
  }

  /** The shape of a generated data declaration at dimension `len`. */
  private dataShape(d: DataDecl, len: number, from = 0): number[] {
    const sc = this.dataScope(d, len, 'a data dimension');
    return d.dims.slice(from).map((x) => {
      const v = this.host.expr(x, sc);
      const c = v.s === 'scalar' && v.e.t === 'i' ? constValue(v.e) : undefined;
      if (c === undefined || c < 1) this.core.fail('BadDataDimension', x.loc, d.name);
      return c;
    });
  }

  /**
   * jrandom_shift(lo, hi), jrandom_permutation(), jrandom_rotation(): the CEC 2010 data drawn
   * from a java.util.Random stream that starts at the 48-bit state `seed:` (default 0, as the
   * official code) or continues the stream of the jrandom data named by `after:`.
   */
  private lowerJrandom(
    d: DataDecl,
    len: number,
    irName: string,
    shape: number[],
    callee: string,
    pos: Arg[],
    named: Map<string, Arg>,
    whole: (a: Arg | undefined, dflt: number, what: string, min?: number) => number,
  ): IrData {
    const seedArg = named.get('seed');
    const afterArg = named.get('after');
    if (seedArg && afterArg) this.core.fail('SeedAndAfter', afterArg.loc, d.name, callee);
    let from: number | string = whole(seedArg, 0, 'the seed');
    // Only a given seed can be too large (the default is 0).
    if (seedArg && from >= 2 ** 48)
      this.core.fail('JrandomSeedTooLarge', seedArg.value.loc, d.name, from);
    if (afterArg) {
      const a = afterArg.value;
      const prev = a.kind === 'name' ? this.core.datas.get(a.name) : undefined;
      if (a.kind !== 'name' || !prev) {
        if (a.kind === 'name') {
          const near = didYouMean(a.name, [...this.core.datas.keys()]);
          this.core.fail('UnknownName', a.loc, a.name, near);
        }
        this.core.fail('AfterNotData', a.loc, d.name);
      }
      if (prev.init.kind !== 'call' || !JRANDOM_GENERATORS.includes(prev.init.callee))
        this.core.fail('AfterNotJrandom', a.loc, d.name, prev.name, JRANDOM_GENERATORS.join(', '));
      // The predecessor is specialised at the same dimension and comes first in the program's data.
      this.dataVal(prev, len, a.loc);
      const prevName = this.keys.get(`${prev.name}@${len}`);
      if (prevName === undefined) throw new Error(`internal: data ${prev.name} was not lowered`);
      from = prevName;
    }
    if (callee === 'jrandom_shift') {
      if (shape.length !== 1) this.core.fail('GeneratorDrawsVector', d.nameLoc, d.name, callee);
      const csc = this.dataScope(d, len, 'a generator argument');
      const loArg = at(pos, 0, 'an argument after the arity check').value;
      const hiArg = at(pos, 1, 'an argument after the arity check').value;
      const lo = this.host.constant(loArg, csc, 'a generator parameter');
      const hi = this.host.constant(hiArg, csc, 'a generator parameter');
      if (!(Number.isFinite(lo) && Number.isFinite(hi) && lo <= hi))
        this.core.fail('BadShiftBounds', loArg.loc, d.name, lo, hi);
      return { name: irName, shape, def: { k: 'jshift', lo, hi, from } };
    }
    if (callee === 'jrandom_permutation') {
      if (shape.length !== 1) this.core.fail('GeneratorDrawsVector', d.nameLoc, d.name, callee);
      return { name: irName, shape, def: { k: 'jperm', from } };
    }
    const [rows, cols] = shape;
    if (shape.length !== 2 || rows === undefined || cols === undefined || rows % cols !== 0)
      this.core.fail('BadRotationShape', d.dims[0]?.loc, d.name, shape.join(' x '));
    return { name: irName, shape, def: { k: 'jrot', from } };
  }

  /**
   * file(PATH, ...): the file read as a table (a matrix without offset: and row:, or data whose
   * row count is named by its first size, `data XY[N][2]`), or as a flat stream of numbers
   * (vectors, and matrices with offset: or row:, which read part of a file by design: the CEC
   * formats). docs/language.md, "Data", states the rule.
   */
  private lowerFile(
    d: DataDecl,
    len: number,
    irName: string,
    pos: Arg[],
    named: Map<string, Arg>,
    whole: (a: Arg | undefined, dflt: number, what: string, min?: number) => number,
  ): IrData {
    const pathArg = at(pos, 0, 'an argument after the arity check').value;
    if (pathArg.kind !== 'str') this.core.fail('FilePathNotString', pathArg.loc, d.name);
    const nonfinite = this.flag(d, named.get('nonfinite'));
    const rowCount = this.core.rowCountName(d);
    const later = d.dims.slice(1).find((x) => this.core.rowCountName({ ...d, dims: [x] }));
    if (later) this.core.fail('RowCountNotFirst', later.loc, d.name);
    const flatArg = named.get('offset') ?? named.get('row');
    if (rowCount && flatArg)
      this.core.fail('RowCountWithOffset', flatArg.loc, d.name, rowCount, `${flatArg.name}:`);
    const table = rowCount !== undefined || (d.dims.length === 2 && !flatArg);
    // The declared shape; a named row count is the file's (0 until it is read).
    const shape = rowCount ? [0, ...this.dataShape(d, len, 1)] : this.dataShape(d, len);
    // `{D}` in a path is the dimension: the CEC files come one per D (M_5_D{D}.txt).
    const abs = resolveDataPath(pathArg.value.replace(/\{D\}/g, String(len)), d.file);
    const read = <T extends { ok: boolean; reason?: string }>(f: () => T): T => {
      let r: T;
      try {
        r = f();
      } catch (err) {
        this.core.fail(
          'DataFileUnreadable',
          pathArg.loc,
          abs,
          (err as { code?: string }).code === 'EISDIR'
            ? 'it is a directory'
            : String((err as Error).message ?? err),
        );
      }
      if (!r.ok && r.reason === 'missing') {
        // For a per-D file name, say which dimensions have files.
        const dims = pathArg.value.includes('{D}')
          ? availableDims(resolveDataPath(pathArg.value, d.file))
          : [];
        this.core.fail(
          'DataFileMissing',
          pathArg.loc,
          dims.length
            ? `${abs} (no data for D = ${len}; the files exist for D = ${dims.join(', ')})`
            : abs,
        );
      }
      return r;
    };
    /** An error about place `p` of the file: at the path, the place a note with its line. */
    const failAt = (
      kind: DiagKind,
      p: FilePos,
      note: string,
      ...args: (string | number)[]
    ): never =>
      this.core.failRelated(
        kind,
        pathArg.loc,
        { file: abs, ...p, text: lineOf(abs, p.line), message: note },
        ...args,
      );
    /** A value the file cannot give: not a number, or not finite where that is not allowed. */
    const badValue = (r: BadValue): never => {
      const where = placeIn(abs, r);
      if (r.reason === 'nonfinite') return failAt('DataNonFinite', r, 'not finite', where, r.token);
      return failAt('DataFileBadNumber', r, 'not a number', where, r.token);
    };
    if (table) {
      const cols = shape.length === 2 ? at(shape, 1, 'a matrix shape') : 1;
      const columns =
        shape.length === 2 ? plural(cols, 'column') : '1 column (a vector: one value a line)';
      const r = read(() => readTable(abs, cols, nonfinite));
      if (!r.ok) {
        if (r.reason === 'missing') throw new Error('internal: a missing file is reported');
        const where = placeIn(abs, r);
        if (r.reason === 'empty-value') return failAt('DataEmptyValue', r, 'an empty value', where);
        if (r.reason === 'row-length')
          return failAt(
            'DataRowLength',
            r,
            r.have > cols
              ? `value ${cols + 1}, beyond the ${plural(cols, 'column')}`
              : 'the row ends here',
            d.name,
            where,
            r.line,
            plural(r.have, 'value'),
            columns,
          );
        if (r.reason === 'header-length')
          return failAt(
            'DataHeaderLength',
            r,
            r.have > cols
              ? `name ${cols + 1}, beyond the ${plural(cols, 'column')}`
              : 'the header ends here',
            d.name,
            where,
            plural(r.have, 'column'),
            columns,
          );
        return badValue(r);
      }
      const rows = r.lines.length;
      if (rows === 0)
        this.core.fail(
          'DataFileNoRows',
          pathArg.loc,
          d.name,
          abs,
          r.header ? ` (only the header, line ${r.header})` : '',
        );
      if (rowCount) shape[0] = rows;
      const want = at(shape, 0, 'a shape');
      if (rows !== want) {
        // Too many: the first row beyond the declared ones; too few: the end of the file.
        const place = rows > want ? { line: at(r.lines, want, 'a row'), col: 1 } : r.end;
        const hint =
          rows > want
            ? ` (to take the row count from the file, name it: data ${d.name}[N]${shape.length === 2 ? `[${cols}]` : ''} = file(...)${d.dims.length === 2 ? '; to read only part of the file, as the CEC matrices are, read it as a flat stream: offset: 0' : ''})`
            : '';
        failAt(
          'DataRowCount',
          place,
          rows > want
            ? `row ${want + 1}, beyond the ${plural(want, 'row')} declared`
            : 'the file ends here',
          d.name,
          placeIn(abs, place),
          plural(rows, 'row'),
          plural(want, 'row'),
          hint,
        );
      }
      const def: IrData['def'] = { k: 'file', path: abs, offset: 0, row: cols };
      if (r.header !== undefined) Object.assign(def, { header: true });
      if (nonfinite) Object.assign(def, { nonfinite: true });
      return { name: irName, shape, def };
    }
    const offset = whole(named.get('offset'), 0, 'the offset');
    // A shape has one or two extents: rows x cols, or a vector of n.
    const [n, cols] = shape;
    if (n === undefined) throw new Error(`internal: data ${d.name} has an empty shape`);
    const row = whole(named.get('row'), cols ?? n, 'the row length', 1);
    const r = read(() => readNumbers(abs, nonfinite));
    if (!r.ok) {
      if (r.reason === 'missing') throw new Error('internal: a missing file is reported');
      return badValue(r);
    }
    if (cols !== undefined && cols > row) {
      // Rows of `row` numbers hold at most `row` columns: find the largest D whose shape fits.
      let maxD = 0;
      for (let k = len - 1; k >= 1 && maxD === 0; k--) {
        try {
          if (at(this.dataShape(d, k), 1, 'a matrix shape') <= row) maxD = k;
        } catch (err) {
          if (!(err instanceof Abort)) throw err;
        }
      }
      if (maxD === 0) this.core.fail('FileRowsTooShort', d.dims[1]?.loc, d.name, cols, row);
      this.core.fail(
        'DataTooLarge',
        d.nameLoc,
        d.name,
        maxD,
        len,
        ` (the file's rows have ${row} numbers; the matrix needs ${shape[1]} columns)`,
      );
    }
    const need = cols !== undefined ? offset + (n - 1) * row + cols : offset + n;
    const have = r.values.length;
    if (have < need) {
      const what =
        shape.length === 2
          ? `a ${shape[0]}x${shape[1]} matrix from number ${offset + 1} with rows of ${row}`
          : `${shape[0]} values from number ${offset + 1}`;
      this.core.fail('DataFileTooShort', pathArg.loc, abs, have, need, `${d.name}: ${what}`);
    }
    const def: IrData['def'] = { k: 'file', path: abs, offset, row };
    if (nonfinite) Object.assign(def, { nonfinite: true });
    return { name: irName, shape, def };
  }

  /** A flag argument (`nonfinite: true`): true or false, false where it is not given. */
  private flag(d: DataDecl, a: Arg | undefined): boolean {
    if (!a) return false;
    const v = a.value;
    if (v.kind === 'name' && (v.name === 'true' || v.name === 'false')) return v.name === 'true';
    this.core.fail('BadFlag', v.loc, d.name, `${a.name}:`);
  }

  private lowerData(d: DataDecl, len: number, irName: string): IrData {
    const sc = this.dataScope(d, len);
    if (d.dims.length < 1 || d.dims.length > 2) this.core.fail('BadDataRank', d.nameLoc, d.name);
    const init = d.init;
    const isGen = init.kind === 'call' && GENERATORS.includes(init.callee);
    if (isGen) {
      const call = init as Expr & { kind: 'call' };
      const named = new Map<string, Arg>();
      for (const a of call.args) if (a.name) named.set(a.name, a);
      // The generator's signature (ir/builtins.ts): its positional and named arguments.
      const sig = signatureOf('generator', call.callee);
      const pos = this.core.checkArguments(call, call.callee, sig.positional, sig.named);
      const csc = this.dataScope(d, len, 'a generator argument');
      const c = (a: Arg | undefined, dflt: number, what: string) =>
        a ? this.host.constant(a.value, csc, what) : dflt;
      /** A count or a position: a non-negative integer (at least `min`; the defaults are). */
      const whole = (a: Arg | undefined, dflt: number, what: string, min = 0) => {
        const v = c(a, dflt, what);
        if (!Number.isInteger(v) || v < min || v > Number.MAX_SAFE_INTEGER) {
          this.core.fail('BadGeneratorCount', a?.value.loc, d.name, what, min, v);
        }
        return v;
      };
      if (call.callee === 'file') return this.lowerFile(d, len, irName, pos, named, whole);
      const shape = this.dataShape(d, len);
      if (JRANDOM_GENERATORS.includes(call.callee))
        return this.lowerJrandom(d, len, irName, shape, call.callee, pos, named, whole);
      const seed = whole(named.get('seed'), 0, 'the seed');
      if (call.callee === 'uniform' || call.callee === 'normal') {
        const a = c(pos[0], 0, 'a generator parameter');
        const b = c(pos[1], 0, 'a generator parameter');
        const def =
          call.callee === 'uniform'
            ? { k: 'uniform' as const, lo: a, hi: b, seed }
            : { k: 'normal' as const, mu: a, sigma: b, seed };
        return { name: irName, shape, def };
      }
      if (call.callee === 'permutation') {
        if (shape.length !== 1)
          this.core.fail('GeneratorDrawsVector', d.nameLoc, d.name, call.callee);
        return { name: irName, shape, def: { k: 'perm', seed } };
      }
      throw new Error(`internal: generator ${call.callee} is not lowered`);
    }
    // Index form: data B[i] = expr, data M[i][j] = expr.
    const idxNames = d.dims.map((x) => {
      if (x.kind !== 'name') this.core.fail('DataIndexNotName', x.loc, d.name);
      if (x.name === 'D') {
        // `data o[D] = 5`: D would silently become an index name.
        this.core.fail('ShapedDataInit', init.loc, d.name);
      }
      return x.name;
    });
    idxNames.forEach((n, k) => {
      if (idxNames.indexOf(n) !== k)
        this.core.fail('ShadowedIndex', d.dims[k]?.loc, n, 'the index before it');
      if (this.core.datas.has(n))
        this.core.fail('ShadowedIndex', d.dims[k]?.loc, n, `the data '${n}'`);
    });
    const shape = idxNames.map(() => len);
    const irIdx = idxNames.map((n) => this.core.freshIdx(n));
    const inner: Scope = {
      ...sc,
      idxs: new Map(idxNames.map((n, k) => [n, at(irIdx, k, 'a data index')])),
    };
    const body = toReal(this.core.number(this.host.expr(init, inner), init));
    return {
      name: irName,
      shape,
      def: { k: 'expr', idx: irIdx.map((x) => (x as { name: string }).name), body },
    };
  }
}

/** The D values for which a `{D}` path template names an existing file. */
function availableDims(template: string): number[] {
  const dir = dirname(template);
  const [pre, post] = basename(template).split('{D}') as [string, string];
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.startsWith(pre) && f.endsWith(post))
    .map((f) => Number(f.slice(pre.length, f.length - post.length)))
    .filter((n) => Number.isInteger(n) && n > 0)
    .sort((a, b) => a - b);
}
