// The DATA buffer's layout (src/codegen/data-layout.ts): a matrix read only as the rows of a
// per-element reduction (a rotation) is stored transposed, so a team's lanes, which compute
// consecutive rows, read adjacent floats; any other read keeps it row-major. The GPU tests of every
// rotated CEC function check the values; here, the decision, the addresses and the packing.

import { describe, expect, it } from 'vitest';
import { compileProblem } from '../../src/api.js';
import { dataUse, packData } from '../../src/codegen/data-layout.js';

const transposedData = (p: Parameters<typeof dataUse>[0]) => dataUse(p).transposed;
import { generateWgsl, type WgslKernels } from '../../src/codegen/wgsl.js';

const src = (body: string) => ({
  'm.opt': `data M[D][D] = uniform(-1, 1, seed: 5)\nproblem f(x[D]) in [-1, 1] {\n${body}\n}\n`,
});

describe('transposed matrices', () => {
  it('a rotation row is transposed; the kernel reads M[j][i] column-major', () => {
    const p = compileProblem({ problem: 'cec2017_f5', dim: 10 });
    expect([...transposedData(p.ir)]).toEqual(['cec2017_M5']);
    const wgsl = generateWgsl(p.ir, p.plan());
    expect(wgsl.data.find((d) => d.name === 'cec2017_M5')!.transpose).toEqual([10, 10]);
    // The row loop (D = 10, below a tile): lane i reads M[i][j] at j * 10 + i.
    expect(wgsl.kernels[0]!.code).toMatch(/u32\(i_j\d+\) \* 10u \+ u32\(i_i\d+\)/);
    // The tiled product (D = 50): column j's four rows from 4 rq, at j * 50 + row.
    const tiled = compileProblem({ problem: 'cec2017_f5', dim: 50 });
    expect(generateWgsl(tiled.ir, tiled.plan()).kernels[0]!.code).toMatch(
      /\(jb \+ 0u\) \* 50u \+ min\(rq \* 4u \+ 0u, 49u\)/,
    );
  });

  it('any other read keeps the matrix row-major', () => {
    const rot = 'let z[i] = sum(j) M[i][j] * x[j]\n  sum(i) z[i]^2';
    expect([
      ...transposedData(compileProblem({ problem: 'f', dim: 4, sources: src(rot) }).ir),
    ]).toEqual(['M']);
    for (const other of [
      `${rot} + M[0][1]`, // a scalar read
      'let z[i] = sum(j) M[j][i] * x[j]\n  sum(i) z[i]^2', // a column
      'let z[i] = M[i][0] * x[i]\n  sum(i) z[i]', // no reduction over the second index
    ]) {
      const p = compileProblem({ problem: 'f', dim: 4, sources: src(other) });
      expect(transposedData(p.ir), other).toEqual(new Set());
    }
  });

  it('packs transposed arrays column-major, and plans that read an array must agree', () => {
    const values = { M: Float64Array.from([1, 2, 3, 4, 5, 6]), v: Float64Array.from([7, 8]) };
    const wgsl = (transpose: boolean, read = true): WgslKernels => ({
      kernels: [],
      wg: 64,
      data: [
        { name: 'M', offset: 0, size: 6, read, ...(transpose ? { transpose: [2, 3] } : {}) },
        { name: 'v', offset: 8, size: 2, read: true },
      ],
      dataSize: 12,
      scratchStride: 0,
      partStride: 1,
      groups: 1,
      scalarStride: 0,
    });
    // M is 2 x 3: [[1, 2, 3], [4, 5, 6]]; column-major 1 4 2 5 3 6.
    expect(Array.from(packData([wgsl(true)], values))).toEqual([
      1, 4, 2, 5, 3, 6, 0, 0, 7, 8, 0, 0,
    ]);
    expect(Array.from(packData([wgsl(false)], values)).slice(0, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    // A step that does not read M does not decide its layout.
    expect(Array.from(packData([wgsl(false, false), wgsl(true)], values)).slice(0, 6)).toEqual([
      1, 4, 2, 5, 3, 6,
    ]);
    expect(() => packData([wgsl(false), wgsl(true)], values)).toThrow(
      /disagree on its transposition/,
    );
  });
});
