// `repeat r < n { ... }` (issue 37, item 1): r is the iteration, 0 to n - 1, read by the body's
// steps and by host expressions (a counted step's count), on the CPU backend (the GPU's twin is
// test/gpu/repeat-index.gpu.test.ts); a name the algorithm has already is refused (OPT2002), and
// the kernels' four host integers are shared with integer generation lets (OPT6050).

import { describe, expect, it } from 'vitest';
import { compileAlgorithm } from '../../src/compile/algorithm.js';
import { CpuAlgoEngine } from '../../src/runtime/algo-cpu.js';
import { runAlgorithm } from '../../src/runtime/run.js';
import { REPEAT_INDEX_SRC, repeatIndexState } from './repeat-index-source.js';

const compile = (src: string) =>
  compileAlgorithm({ algorithm: 'rep', problem: 'p', dim: 3, sources: { 't.opt': src } });

describe('repeat with an index', () => {
  for (const g of [1, 2])
    it(`runs its iterations 0 .. K - 1, each step seeing its own (${g} generation${g > 1 ? 's' : ''})`, async () => {
      const c = compile(REPEAT_INDEX_SRC);
      const e = new CpuAlgoEngine(c, 3);
      await runAlgorithm(c, e, { seed: 3, maxGenerations: g });
      for (const [name, want] of Object.entries(repeatIndexState(g)))
        expect(Array.from(await e.readArray(name)), name).toEqual(want);
    });

  it('refuses an index named as a parameter', () => {
    expect(() => compile(REPEAT_INDEX_SRC.replace('repeat r < K', 'repeat N < K'))).toThrow(
      /OPT2002.*'N' is already defined/s,
    );
  });

  it('refuses a fifth integer from the host (four nested indices and one more)', () => {
    const nested = (names: string[]) => `problem p(x[D]) in [-1, 1] { sum(i) x[i]^2 }
algorithm rep(N = 4) {
  population X[N]
  state acc[N] = 0
  generation {
    ${names.reduceRight((body, r) => `repeat ${r} < 2 { ${body} }`, 'each i in X { acc[i] = acc[i] + 1 }')}
  }
}
`;
    const c = compile(nested(['a', 'b', 'c', 'd']));
    expect(c.algo.generation[0]).toMatchObject({ k: 'repeat', index: 0 });
    expect(() => compile(nested(['a', 'b', 'c', 'd', 'e']))).toThrow(
      /OPT6050.*at most 4 integers.*the index e is one more/s,
    );
  });
});
