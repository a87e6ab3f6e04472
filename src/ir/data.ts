// Materialises a program's data (IrData) in float64 on the host: generated vectors from the
// Philox generator keyed by (seed, element), the CEC 2010 data from java.util.Random streams
// (rng/jrandom.ts), file contents, and computed data through the IR evaluator (ir/evaluate.ts),
// whose semantics are the CPU backend's.

import { readNumbers } from './datafiles.js';
import { inwardFloat32 } from './float32.js';
import { at, forEachNode, type IrData, type IrProgram } from './ir.js';
import { Evaluator, type ArrayView } from './evaluate.js';
import { uniform53 } from '../rng/philox.js';
import { JRandom, cec2010Permutation, cec2010Rotation, cec2010Shift } from '../rng/jrandom.js';

// Streams separate the generators so that uniform(seed: 1) and normal(seed: 1) are unrelated.
const STREAM_UNIFORM = 1;
const STREAM_NORMAL = 2;
const STREAM_PERM = 3;

export function materialiseData(p: Pick<IrProgram, 'data'>): Record<string, Float64Array> {
  const out: Record<string, Float64Array> = {};
  // Where each jrandom data left its java.util.Random stream, for the data that continue it.
  const streams = new Map<string, JRandom>();
  // The data computed so far, as the evaluator reads it (computed data reads only earlier data).
  const views = new Map<string, ArrayView>();
  for (const d of p.data) {
    const values = materialiseOne(d, views, streams);
    out[d.name] = values;
    views.set(d.name, { values, offset: 0, cols: d.shape[1] ?? 0 });
  }
  return out;
}

/**
 * Data `names` of `data` (in declaration order) and only what they are computed from: the box of a
 * problem, checked by the elaborator, without the rest of its data.
 */
export function materialiseSome(
  data: readonly IrData[],
  names: readonly string[],
): Record<string, Float64Array> {
  const need = new Set(names);
  for (const d of [...data].reverse()) {
    if (!need.has(d.name)) continue;
    const def = d.def;
    if (
      (def.k === 'jshift' || def.k === 'jperm' || def.k === 'jrot') &&
      typeof def.from === 'string'
    )
      need.add(def.from);
    else if (def.k === 'residual' || def.k === 'inward') need.add(def.of);
    else if (def.k === 'expr')
      forEachNode(def.body, (e) => {
        if (e.k === 'read') need.add(e.arr);
      });
  }
  return materialiseData({ data: data.filter((d) => need.has(d.name)) });
}

function materialiseOne(
  d: IrData,
  views: ReadonlyMap<string, ArrayView>,
  streams: Map<string, JRandom>,
): Float64Array {
  const size = d.shape.reduce((a, b) => a * b, 1);
  if (d.def.k === 'jshift' || d.def.k === 'jperm' || d.def.k === 'jrot') {
    const from = d.def.from;
    const before = typeof from === 'string' ? streams.get(from) : undefined;
    if (typeof from === 'string' && !before)
      throw new Error(
        `internal: data ${d.name} continues the stream of ${from}, which is not earlier jrandom data`,
      ); // validated
    const r = before ? before.clone() : JRandom.fromState(from as number);
    let v: Float64Array;
    if (d.def.k === 'jshift') v = cec2010Shift(r, size, d.def.lo, d.def.hi);
    else if (d.def.k === 'jperm') v = cec2010Permutation(r, size);
    else {
      // A stack of (rows / m) m x m rotations, drawn one after the other.
      const m = at(d.shape, 1, `jrot ${d.name}: its columns (validated)`);
      v = new Float64Array(size);
      for (let k = 0; k < at(d.shape, 0, `jrot ${d.name}: its rows`) / m; k++)
        v.set(cec2010Rotation(r, m), k * m * m);
    }
    streams.set(d.name, r);
    return v;
  }
  const v = new Float64Array(size);
  switch (d.def.k) {
    case 'uniform': {
      const { lo, hi, seed } = d.def;
      for (let i = 0; i < size; i++) v[i] = lo + (hi - lo) * uniform53(seed, i, STREAM_UNIFORM);
      return v;
    }
    case 'normal': {
      const { mu, sigma, seed } = d.def;
      for (let i = 0; i < size; i++) {
        // Box-Muller on two independent draws of element i.
        const u1 = 1 - uniform53(seed, 2 * i, STREAM_NORMAL);
        const u2 = uniform53(seed, 2 * i + 1, STREAM_NORMAL);
        v[i] = mu + sigma * Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
      }
      return v;
    }
    case 'perm': {
      for (let i = 0; i < size; i++) v[i] = i;
      for (let i = size - 1; i > 0; i--) {
        const j = Math.floor(uniform53(d.def.seed, i, STREAM_PERM) * (i + 1));
        const t = at(v, i, 'a permutation');
        v[i] = at(v, j, 'a permutation');
        v[j] = t;
      }
      return v;
    }
    case 'residual': {
      const of = views.get(d.def.of);
      if (!of) throw new Error(`internal: data ${d.name}: no earlier data ${d.def.of}`); // validated
      for (let i = 0; i < size; i++) {
        const x = at(of.values, i, `data ${d.def.of}`);
        v[i] = x - Math.fround(x);
      }
      return v;
    }
    case 'inward': {
      const of = views.get(d.def.of);
      if (!of) throw new Error(`internal: data ${d.name}: no earlier data ${d.def.of}`); // validated
      for (let i = 0; i < size; i++)
        v[i] = inwardFloat32(at(of.values, i, `data ${d.def.of}`), d.def.dir);
      return v;
    }
    case 'file': {
      const r = readNumbers(d.def.path, d.def.nonfinite ?? false, d.def.header ?? false);
      if (!r.ok) throw new Error(`internal: data file ${d.def.path} cannot be read`); // checked at compile time
      const { offset, row } = d.def;
      if (d.shape.length === 1) v.set(r.values.subarray(offset, offset + size));
      else {
        const [rows, cols] = d.shape as [number, number];
        for (let i = 0; i < rows; i++)
          v.set(r.values.subarray(offset + i * row, offset + i * row + cols), i * cols);
      }
      return v;
    }
    case 'expr': {
      // The element expression, compiled once by the IR evaluator, at each element's indices.
      const ev = new Evaluator({ array: (n) => views.get(n) });
      const idx = d.def.idx.map((n) => [n, ev.slot()] as const);
      const f = ev.compile(d.def.body, new Map(idx));
      const cols = d.shape[1] ?? 1;
      const [i, j] = idx.map(([, s]) => s);
      if (i === undefined) throw new Error(`internal: data ${d.name} has no index`);
      for (let k = 0; k < size; k++) {
        if (j === undefined) ev.regs[i] = k;
        else {
          ev.regs[i] = Math.floor(k / cols);
          ev.regs[j] = k % cols;
        }
        v[k] = f();
      }
      return v;
    }
  }
}

/**
 * Whether float32 loses part of data `d`'s values, so that a pass may pair it with its residual:
 * not a residual itself, nor bounds rounded to float32 already (inward), nor integer permutations.
 */
export function roundedInFloat32(d: IrData): boolean {
  const k = d.def.k;
  return k !== 'residual' && k !== 'inward' && k !== 'perm' && k !== 'jperm';
}

/** A box: each side one number for every coordinate, or one number a coordinate. */
export type Box = readonly [number | ArrayLike<number>, number | ArrayLike<number>];

/** Coordinate j's bounds in `box`. */
export function boxAt(box: Box, j: number): [number, number] {
  const side = (s: number | ArrayLike<number>) => (typeof s === 'number' ? s : at(s, j, 'a bound'));
  return [side(box[0]), side(box[1])];
}

/**
 * The box of program `p` with its data `values` (materialised): a side declared by a data vector
 * (`in [L, U]`) is that vector, the other its number.
 */
export function boxOf(
  p: Pick<IrProgram, 'box' | 'coords'>,
  values: () => Record<string, Float64Array>,
): Box {
  const side = (k: 0 | 1): number | Float64Array => {
    const n = p.coords?.[k];
    if (!n) return p.box[k];
    const v = values()[n];
    if (!v) throw new Error(`internal: the box's data ${n} is not materialised`);
    return v;
  };
  return [side(0), side(1)];
}
