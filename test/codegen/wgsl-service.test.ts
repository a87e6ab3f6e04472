// The runtime's own kernels (src/codegen/wgsl-service.ts), the libraries by identity
// (src/codegen/wgsl-library.ts) and an evaluation's parameters from one table
// (src/codegen/wgsl-bindings.ts). On the device: test/gpu/while.gpu.test.ts (the counts kernels)
// and test/gpu/twofloat.gpu.test.ts (the probe).

import { describe, expect, it } from 'vitest';
import type { Decl } from '../../src/codegen/wgsl-ast.js';
import {
  EVAL_PARAM_BYTES,
  EVAL_PARAM_FIELDS,
  evalParamWords,
  kernelBinding,
} from '../../src/codegen/wgsl-bindings.js';
import { header } from '../../src/codegen/wgsl-emit.js';
import {
  TWO_FLOAT_WGSL,
  WGSL_HELPERS,
  isTwoFloatFunction,
  libraryTexts,
} from '../../src/codegen/wgsl-library.js';
import { PROBE_OPS, PROBE_OUT, probeKernel, skipKernel } from '../../src/codegen/wgsl-service.js';
import { FF_BUILTINS } from '../../src/ir/builtins.js';

describe("the runtime's kernels", () => {
  it("a while loop's counts kernel reads the flag from S as the steps bind it, writes ARGS", () => {
    const k = skipKernel('go counts', 13, [
      { word: 0, gx: 4, gy: 1 },
      { word: 3, gx: 2, gy: 5 },
    ]);
    expect(k.bindings).toEqual([kernelBinding('S'), kernelBinding('ARGS')]);
    expect(k.bindings.map((b) => [b.name, b.binding, b.type])).toEqual([
      ['S', 7, 'array<vec4<f32>>'],
      ['ARGS', 10, 'array<u32>'],
    ]);
    // Word 13 of S is component 1 of vec4 3.
    expect(k.code).toBe(`@group(0) @binding(7) var<storage, read_write> S: array<vec4<f32>>;
@group(0) @binding(10) var<storage, read_write> ARGS: array<u32>;

@compute @workgroup_size(1u)
fn main() {
  let on = S[3u][1] != 0.0f;
  ARGS[0u] = select(0u, 4u, on); ARGS[1u] = 1u; ARGS[2u] = 1u;
  ARGS[3u] = select(0u, 2u, on); ARGS[4u] = 5u; ARGS[5u] = 1u;
}
`);
  });

  it("the float-float probe binds an evaluation's P, X and F, with the two-float library once", () => {
    const k = probeKernel();
    expect(k.bindings).toEqual(['P', 'X', 'F'].map((n) => kernelBinding(n as 'P', { vec4: true })));
    expect(k.code).toContain(
      `struct Params { ${EVAL_PARAM_FIELDS.map((f) => `${f}: u32`).join(', ')} }`,
    );
    expect(k.code.split(TWO_FLOAT_WGSL).length).toBe(2);
    expect(k.code).not.toContain(WGSL_HELPERS);
    for (const [op] of PROBE_OPS) expect(k.code).toContain(`= ff_${op}(v.x, v.y, v.z`);
    expect(k.code).toContain(`F[${PROBE_OUT}u * k + ${PROBE_OUT - 1}u] = r_max.y;`);
  });
});

describe('the WGSL libraries, by identity', () => {
  const params: Decl = {
    k: 'struct',
    name: 'Params',
    fields: EVAL_PARAM_FIELDS.map((f) => [f, 'u32']),
  };
  const P: Decl = { k: 'binding', b: kernelBinding('P') };

  it('checks that a kernel declares what each library reads and holds what it calls', () => {
    expect(libraryTexts(['core', 'two-float'], [params, P])).toEqual([
      WGSL_HELPERS,
      `\n${TWO_FLOAT_WGSL}\n`,
    ]);
    // P without a pad field: opt_nan's and ff_keep's P.pad is missing.
    const noPad: Decl = { k: 'struct', name: 'Params', fields: [['n', 'u32']] };
    expect(() => libraryTexts(['core'], [noPad, P])).toThrow(/internal: .*core reads P\.pad/);
    // The draws read S, opt_draw_round and opt_seed, and call the core library and Philox.
    const step: Decl[] = [
      params,
      P,
      { k: 'binding', b: kernelBinding('S') },
      { k: 'var', space: 'private', name: 'opt_draw_round', ty: 'u32' },
    ];
    expect(() => libraryTexts(['core', 'philox', 'draws'], step)).toThrow(/reads opt_seed/);
    step.push({ k: 'var', space: 'private', name: 'opt_seed', ty: 'vec2<u32>' });
    expect(libraryTexts(['core', 'philox', 'draws'], step)).toHaveLength(3);
    expect(() => libraryTexts(['core', 'draws'], step)).toThrow(/draws calls philox/);
  });

  it('knows the two-float functions by name, one wrapper a float-float builtin', () => {
    for (const b of FF_BUILTINS) {
      const fn = `ff_${b.name.split('.').slice(1).join('_')}`;
      expect(isTwoFloatFunction(fn)).toBe(true);
    }
    expect(isTwoFloatFunction('ff_keep')).toBe(true);
    expect(isTwoFloatFunction('ff_nothing')).toBe(false);
    expect(isTwoFloatFunction('opt_pow')).toBe(false);
  });
});

describe("an evaluation's parameters, from one table", () => {
  it('the struct the kernels declare and the words the runtime writes have the same fields', () => {
    const struct = header(new Set(), 64, 0, 0).find((d) => d.k === 'struct');
    expect(struct).toEqual({
      k: 'struct',
      name: 'Params',
      fields: EVAL_PARAM_FIELDS.map((f) => [f, 'u32']),
    });
    const words = evalParamWords({ n: 5, f_offset: 7, gx: 3 });
    expect(words.byteLength).toBe(EVAL_PARAM_BYTES);
    expect(Array.from(words)).toEqual(
      EVAL_PARAM_FIELDS.map((f) => ({ n: 5, f_offset: 7, gx: 3, pad: 0 })[f]),
    );
  });
});
