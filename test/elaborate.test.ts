// Elaboration cases that are not diagnostics: two calls of one problem with different argument
// expressions each get their own argument vector.
import { describe, expect, it } from 'vitest';
import { compileProblem } from '../src/api.js';

describe('elaboration', () => {
  it('gives each materialised call argument its own name', () => {
    const src = {
      'two.opt': `problem inner(y[n]) in [-1, 1] optimum 0 { sum(i) y[i]^2 }
problem outer(x[D]) in [-1, 1] optimum 0 { inner(2 * x) + inner(x - 1) }`,
    };
    const p = compileProblem({ problem: 'outer', dim: 3, sources: src });
    const [v] = p.evaluateCpu([[1, 2, 3]]);
    expect(v).toBe(4 + 16 + 36 + (0 + 1 + 4));
  });
});
