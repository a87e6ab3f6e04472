// Expressions of any size (issue 34, item 3): a written chain of 100,000 terms parses, elaborates
// and compiles without recursion limits, in its written order (the CPU backend's value is the
// left-to-right float64 sum or product, bit for bit); nesting beyond 64 levels and an unsplittable
// chain beyond 1,000 terms are refused with their limits (test/diagnostics.test.ts has the codes),
// and the GPU backend refuses more than 20,000 operators in long chains (OPT4030) before a shader
// compiler sees them. The GPU side is test/long/long-expr.gpu.long.test.ts.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileAlgorithm, compileProblem, emitProblem, OptError } from '../src/api.js';
import { main } from '../src/cli/main.js';
import { captureStdio, clearErr, clearOut, err, out } from './stdio.js';
import { describeLong } from './stage.js';

captureStdio();
const N = 100_000;
const dir = mkdtempSync(join(tmpdir(), 'opt-long-'));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const sumSrc = `problem long_sum(x[D]) in [-1, 1] { ${Array.from({ length: N }, (_, i) => `x[${i}]^2`).join(' + ')} }\n`;
const prodSrc = `problem long_prod(x[D]) in [-1, 1] { ${Array.from({ length: N }, (_, i) => `(1 + x[${i}] / 1000)`).join(' * ')} }\n`;
// Values with many significant bits, so that another order of the additions would round otherwise.
const point = Float64Array.from({ length: N }, (_, i) => Math.fround(Math.sin(i * 0.7) * 0.999));

// In the long stage (test/stage.ts): 67 s on two cores. The test command keeps the limits below.
describeLong('a written chain of 100,000 terms', () => {
  it('sums in float64 on the CPU, left to right as written, bit for bit', () => {
    const t0 = performance.now();
    const p = compileProblem({ sources: { 'long.opt': sumSrc }, problem: 'long_sum', dim: N });
    const [v] = p.evaluateCpu([point]);
    const ms = performance.now() - t0;
    let s = 0;
    for (let i = 0; i < N; i++) s += point[i]! * point[i]!;
    expect(v).toBe(s);
    // Compiled in seconds (about 9 s on a loaded 2-core machine), not minutes: nothing quadratic.
    expect(ms).toBeLessThan(120_000);
    // The chain is cut into scalar lets of 256 terms (elaborate/problem.ts CHAIN_CHUNK).
    const chains = new Set(emitProblem(p, 'ir').match(/\(scalar chain\w* /g));
    expect(chains.size).toBe(Math.floor((N - 1) / 256));
  }, 180_000);
  it('multiplies in float64 on the CPU, left to right as written, bit for bit', () => {
    const p = compileProblem({ sources: { 'long.opt': prodSrc }, problem: 'long_prod', dim: N });
    const [v] = p.evaluateCpu([point]);
    let m = 1;
    for (let i = 0; i < N; i++) m *= 1 + point[i]! / 1000;
    expect(v).toBe(m);
  }, 180_000);
  it('opt eval and opt run take it on the CPU backend', async () => {
    const lib = file('long.opt', sumSrc);
    const pts = file('point.txt', Array.from(point, String).join(' '));
    clearErr();
    clearOut();
    expect(
      await main(['eval', lib, '--problem', 'long_sum', '--dim', String(N), '--points', pts]),
    ).toBe(0);
    let s = 0;
    for (let i = 0; i < N; i++) s += point[i]! * point[i]!;
    expect(Number(out.trim())).toBeCloseTo(s, 10);
    clearOut();
    const run = ['run', 'de', lib, '--problem', 'long_sum', '--dim', String(N), '--evals', '96'];
    expect(await main([...run, '--backend', 'cpu', '--json'])).toBe(0);
    const r = JSON.parse(out.split('\n')[0]!) as { bestFitness: number; bestPoint: number[] };
    // The best fitness is the written sum at the best point, left to right in float64.
    let b = 0;
    for (const v of r.bestPoint) b += v * v;
    expect(r.bestPoint).toHaveLength(N);
    expect(r.bestFitness).toBe(b);
  }, 300_000);
});

describe("the GPU backend's limit on long written chains (OPT4030)", () => {
  const terms = (n: number) =>
    `problem s(x[D]) in [-1, 1] { ${Array.from({ length: n }, (_, i) => `x[${i}]^2`).join(' + ')} }\n`;
  const codes = (f: () => unknown) => {
    try {
      f();
      return [];
    } catch (e) {
      if (!(e instanceof OptError)) throw e;
      return e.diagnostics.map((d) => `${d.code} ${d.loc?.line}:${d.loc?.col}`);
    }
  };
  it('takes 20,000 operators and refuses 20,001, at the chain, for the GPU only', () => {
    const at = (n: number, gpu: boolean) =>
      codes(() => compileProblem({ sources: { 's.opt': terms(n) }, dim: n, gpu }));
    expect(at(20_000, true)).toEqual([]);
    expect(at(20_001, true)).toEqual(['4030 1:30']);
    // The CPU backend has no such limit; the compiled program says the GPU's refusal when asked.
    const p = compileProblem({ sources: { 's.opt': terms(20_001) }, dim: 20_001 });
    expect(codes(() => p.gpuCheck())).toEqual(['4030 1:30']);
    // An algorithm's steps hold the problem: the same limit, checked once it is lowered.
    expect(
      codes(() =>
        compileAlgorithm({
          algorithm: 'de',
          problem: 's',
          sources: { 's.opt': terms(20_001) },
          dim: 20_001,
          gpu: true,
        }),
      ),
    ).toEqual(['4030 1:30']);
  }, 120_000);
  it('opt run --backend gpu of 100,000 terms says so in seconds, as opt prints a diagnostic', async () => {
    const lib = file('long-gpu.opt', sumSrc);
    clearErr();
    const t0 = performance.now();
    const args = ['run', 'de', lib, '--problem', 'long_sum', '--dim', String(N), '--evals', '96'];
    const code = await main([...args, '--backend', 'gpu']);
    const s = (performance.now() - t0) / 1000;
    if (err.includes('no WebGPU adapter is available')) return; // ran on the CPU: nothing to check
    expect(code).toBe(1);
    expect(err).toContain(
      `long-gpu.opt:1:37: error OPT4030: this program's long written chains have 100,000 operators in all, more than the 20,000 the GPU backend compiles`,
    );
    expect(err).toMatch(/\n +\| +\^~+/); // the caret under the chain
    // Refused once lowered (about 5 s here), not after the pipeline (a minute) or the shader
    // compiler (lavapipe would take hours).
    expect(s).toBeLessThan(60);
  }, 120_000);
});

describe('nesting and chains that cannot be split', () => {
  it('refuses nesting beyond 64 levels with OPT1005 (opt check), and takes 64 levels', async () => {
    const lib = file(
      'deep.opt',
      `problem f(x[D]) { ${'-('.repeat(10_000)}x[0]${')'.repeat(10_000)} }\n`,
    );
    clearErr();
    expect(await main(['check', lib])).toBe(1);
    expect(err).toMatch(/deep\.opt:1:\d+: error OPT1005: expressions are nested more than 64 deep/);
    expect(err).not.toMatch(/call stack/);
    // 62 parentheses: 64 levels with the body and the index.
    const deep = `problem f(x[D]) { ${'('.repeat(62)}x[0]${' + 1)'.repeat(62)} }`;
    const p = compileProblem({ sources: { 'f.opt': deep }, problem: 'f', dim: 2 });
    expect(p.evaluateCpu([Float64Array.from([0.5, 0])])[0]).toBe(62.5);
    // if x[0] < 0 then 0 else if x[0] < 1 then 1 else ... (62 ifs)
    const ifs = `problem g(x[D]) { ${Array.from({ length: 62 }, (_, k) => `if x[0] < ${k} then ${k} else`).join(' ')} 99 }`;
    const g = compileProblem({ sources: { 'g.opt': ifs }, problem: 'g', dim: 2 });
    expect(g.evaluateCpu([Float64Array.from([40.5, 0])])[0]).toBe(41);
  });
  it('takes a chain of 1,000 terms over a reduction index, unsplit, and refuses 1,001 (OPT4029)', () => {
    const terms = ['x[i]', ...Array.from({ length: 999 }, (_, k) => `x[i] * ${(k + 1) % 7}`)];
    const src = `problem f(x[D]) { sum(i) (${terms.join(' + ')}) }`;
    const p = compileProblem({ sources: { 'f.opt': src }, problem: 'f', dim: 3 });
    let per = 1;
    for (let k = 0; k < 999; k++) per += (k + 1) % 7;
    expect(p.evaluateCpu([Float64Array.from([1, 1, 1])])[0]).toBe(3 * per);
    const more = `problem f(x[D]) { sum(i) (${[...terms, 'x[i]'].join(' + ')}) }`;
    expect(() => compileProblem({ sources: { 'f.opt': more }, problem: 'f', dim: 3 })).toThrow(
      /error OPT4029: this chain of operators is longer than 1,000 terms/,
    );
  });
});
