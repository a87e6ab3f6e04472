// Materialises a program's data (IrData) in float64 on the host: generated vectors from the
// Philox generator keyed by (seed, element), the CEC 2010 data from java.util.Random streams
// (jrandom.ts), file contents, and computed data through the CPU backend's expression compiler.

import { readNumbers } from '../ir/datafiles.js';
import type { IrData, IrProgram } from '../ir/ir.js';
import { emitJs, JS_BUILTINS } from '../codegen/js.js';
import { uniform53 } from '../rng/philox.js';
import { JRandom, cec2010Permutation, cec2010Rotation, cec2010Shift } from '../rng/jrandom.js';

// Streams separate the generators so that uniform(seed: 1) and normal(seed: 1) are unrelated.
const STREAM_UNIFORM = 1;
const STREAM_NORMAL = 2;
const STREAM_PERM = 3;

export function materialiseData(p: IrProgram): Record<string, Float64Array> {
  const out: Record<string, Float64Array> = {};
  // Where each jrandom data left its java.util.Random stream, for the data that continue it.
  const streams = new Map<string, JRandom>();
  for (const d of p.data) out[d.name] = materialiseOne(d, out, p, streams);
  return out;
}

function materialiseOne(
  d: IrData,
  done: Record<string, Float64Array>,
  p: IrProgram,
  streams: Map<string, JRandom>,
): Float64Array {
  const size = d.shape.reduce((a, b) => a * b, 1);
  if (d.def.k === 'jshift' || d.def.k === 'jperm' || d.def.k === 'jrot') {
    const from = d.def.from;
    const before = typeof from === 'string' ? streams.get(from) : undefined;
    if (typeof from === 'string' && !before)
      throw new Error(
        `data ${d.name} continues the stream of ${from}, which is not earlier jrandom data`,
      ); // validated
    const r = before ? before.clone() : JRandom.fromState(from as number);
    let v: Float64Array;
    if (d.def.k === 'jshift') v = cec2010Shift(r, size, d.def.lo, d.def.hi);
    else if (d.def.k === 'jperm') v = cec2010Permutation(r, size);
    else {
      // A stack of (rows / m) m x m rotations, drawn one after the other.
      const m = d.shape[1]!;
      v = new Float64Array(size);
      for (let k = 0; k < d.shape[0]! / m; k++) v.set(cec2010Rotation(r, m), k * m * m);
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
        const t = v[i]!;
        v[i] = v[j]!;
        v[j] = t;
      }
      return v;
    }
    case 'file': {
      const r = readNumbers(d.def.path);
      if (!r.ok) throw new Error(`data file ${d.def.path} cannot be read`); // checked at compile time
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
      // Reuse the CPU backend: a one-binding program whose result is the element.
      const idx = d.def.idx;
      const cols = d.shape[1] ?? 1;
      const prog: IrProgram = {
        ...p,
        data: p.data.filter((x) => done[x.name]),
        funcs: [],
        main: {
          name: 'main',
          input: '$unused',
          len: 2,
          bindings: [],
          result: d.def.body,
        },
      };
      // Evaluate element by element with the indices as inputs.
      const src = emitJs(prog).replace(
        /^function f_main\(x, xo\) \{/m,
        `function f_main(x, xo) { const ${idx.map((n, k) => `i_${n.replace(/[^A-Za-z0-9_]/g, '_')} = x[${k}]`).join(', ')};`,
      );
      const f = new Function('data', 'BUILTIN', src)(done, JS_BUILTINS) as (
        x: Float64Array,
        o: number,
      ) => number;
      const ix = new Float64Array(2);
      for (let k = 0; k < size; k++) {
        ix[0] = idx.length === 2 ? Math.floor(k / cols) : k;
        ix[1] = k % cols;
        v[k] = f(ix, 0);
      }
      return v;
    }
  }
}
