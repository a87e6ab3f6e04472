// State initialisers that name their indices (issue 37, item 1): `state C[i < D][j < D] = if i ==
// j then 1 else 0` is the identity, `state S[k < N] = k / N` a ramp; the row index of state
// attached to a population (`state W[X][j < 3]`) may go unnamed while its column is named; and a
// name bound twice, or one that is already a parameter, is refused. On the CPU backend; the GPU's
// twin is test/gpu/state-indices.gpu.test.ts.

import { describe, expect, it } from 'vitest';
import { compileAlgorithm } from '../../src/compile/algorithm.js';
import { CpuAlgoEngine } from '../../src/runtime/algo-cpu.js';
import { runAlgorithm } from '../../src/runtime/run.js';
import { STATE_INDICES_SRC } from './state-indices-source.js';

const D = 4;
const N = 5;

const compile = (src: string) =>
  compileAlgorithm({ algorithm: 'idx', problem: 'p', dim: D, sources: { 't.opt': src } });

describe('state initialisers that name their indices', () => {
  it('fill each element from its row and column: an identity, a ramp, a column pattern', async () => {
    const c = compile(STATE_INDICES_SRC);
    const e = new CpuAlgoEngine(c, 7);
    await runAlgorithm(c, e, { seed: 7, maxGenerations: 1 });
    const identity = Array.from({ length: D * D }, (_, k) => (k % (D + 1) === 0 ? 1 : 0));
    expect(Array.from(await e.readArray('C'))).toEqual(identity);
    expect(Array.from(await e.readArray('S'))).toEqual([0, 1, 2, 3, 4].map((k) => k / N + 0.25));
    expect(Array.from(await e.readArray('W'))).toEqual(Array(N).fill([1, 11, 21]).flat());
    // rand() in [0, 1) on top of 2 i + j: each element in its own unit interval.
    const R = Array.from(await e.readArray('R'));
    R.forEach((v, k) => expect(Math.floor(v), `R[${k >> 1}][${k & 1}]`).toBe(k));
  });

  it('refuses an index named twice, or by a name the algorithm already has', () => {
    const twice = STATE_INDICES_SRC.replace('C[i < D][j < D]', 'C[i < D][i < D]');
    expect(() => compile(twice)).toThrow(/OPT2002.*'i' is already defined/s);
    const param = STATE_INDICES_SRC.replace('S[k < N]', 'S[N < 6]');
    expect(() => compile(param)).toThrow(/OPT2002.*'N' is already defined/s);
  });

  it('leaves an unnamed index unknown, as before (OPT2001)', () => {
    const unnamed = STATE_INDICES_SRC.replace('C[i < D][j < D]', 'C[D][D]');
    expect(() => compile(unnamed)).toThrow(/OPT2001.*unknown name 'i'/s);
  });
});
