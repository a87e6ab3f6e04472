// Data materialisation (src/ir/data.ts) is exact: every stdlib problem's data at a few
// dimensions equals, bit for bit, what the former implementation computed (kept below as the
// reference: computed data compiled to JavaScript by the CPU backend, element by element).

import { describe, expect, it } from 'vitest';
import { emitJs, JS_BUILTINS } from '../../src/codegen/js.js';
import { materialiseData } from '../../src/ir/data.js';
import { ProblemElaborator } from '../../src/elaborate/problem.js';
import type { IrProgram } from '../../src/ir/ir.js';
import { loadStdlib } from '../../src/parser/stdlib.js';

/** The former evaluation of `expr` data: the CPU backend's source, its indices patched in. */
function referenceExpr(p: IrProgram, name: string, done: Record<string, Float64Array>) {
  const d = p.data.find((x) => x.name === name)!;
  if (d.def.k !== 'expr') throw new Error('not computed data');
  const idx = d.def.idx;
  const size = d.shape.reduce((a, b) => a * b, 1);
  const cols = d.shape[1] ?? 1;
  const prog: IrProgram = {
    ...p,
    data: p.data.filter((x) => done[x.name]),
    funcs: [],
    main: { name: 'main', input: '$unused', len: 2, bindings: [], result: d.def.body },
  };
  const src = emitJs(prog).replace(
    /^function f_main\(x, xo\) \{/m,
    `function f_main(x, xo) { const ${idx.map((n, k) => `i_${n.replace(/[^A-Za-z0-9_]/g, '_')} = x[${k}]`).join(', ')};`,
  );
  const f = new Function('data', 'BUILTIN', src)(done, JS_BUILTINS) as (
    x: Float64Array,
    o: number,
  ) => number;
  const v = new Float64Array(size);
  const ix = new Float64Array(2);
  for (let k = 0; k < size; k++) {
    ix[0] = idx.length === 2 ? Math.floor(k / cols) : k;
    ix[1] = k % cols;
    v[k] = f(ix, 0);
  }
  return v;
}

const bits = (v: Float64Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

const elab = new ProblemElaborator(loadStdlib().sources);
const names = elab.problemNames().sort();

describe('data materialisation', () => {
  it('has computed data to check', () => {
    const p = elab.lower('schwefel_2_6', 10)!;
    expect(p.data.some((d) => d.def.k === 'expr')).toBe(true);
  });

  for (const dim of [2, 10, 50, 100]) {
    it(`equals the former evaluation for every stdlib problem at D = ${dim}`, () => {
      let computed = 0;
      for (const name of names) {
        const e = new ProblemElaborator(loadStdlib().sources);
        const p = e.lower(name, dim);
        if (!p || e.diagnostics.length) continue; // a problem of other dimensions
        const got = materialiseData(p);
        for (const d of p.data) {
          expect(got[d.name]!.length, `${name} ${d.name}`).toBe(d.shape.reduce((a, b) => a * b, 1));
          if (d.def.k !== 'expr') continue;
          computed++;
          const want = referenceExpr(p, d.name, got);
          expect(bits(got[d.name]!).equals(bits(want)), `${name} ${d.name} at D = ${dim}`).toBe(
            true,
          );
        }
      }
      expect(computed).toBeGreaterThan(0);
    });
  }
});
