// The long stage (about 25 s on two cores): L-SHADE at D = 30 on the CPU backend, convergence
// within 150,000 evaluations (5,000 D; the population shrinks from 540 to 4 over that budget).

import { describe, expect, it } from 'vitest';
import { algo, lshadeSchedule as schedule, runCpu } from '../algo/helpers.js';

describe('lshade convergence at D = 30 (CPU backend, budget 5,000 D)', () => {
  // Five seeds (1-5), worst of five: sphere 5.2e-40, Rastrigin 8.9e-5, Rosenbrock 1.8 (the others
  // 0.08 to 0.56), elliptic 3.3e-36. The thresholds lie two orders of magnitude above the Rastrigin
  // one, 17 times above the Rosenbrock one (a run that ends near the optimum's valley), orders above the others,
  // and orders below the initial errors (sphere ~1e5, Rastrigin ~600, Rosenbrock ~3e10,
  // elliptic ~3e8).
  const T: Record<string, number> = {
    sphere: 1e-8,
    rastrigin: 1e-2,
    rosenbrock: 30,
    elliptic: 1e-8,
  };
  for (const [problem, threshold] of Object.entries(T))
    it(`${problem}: error below ${threshold}`, async () => {
      const c = algo('lshade', problem, 30);
      const budget = 150000;
      const { r } = await runCpu(c, { seed: 1, maxEvals: budget });
      expect(r.evals).toBe(schedule(540, 4, budget).evals);
      expect(r.bestFitness - c.algo.problem.optimum).toBeLessThan(threshold);
      expect(c.evaluatePoint(r.bestPoint)).toBe(r.bestFitness);
    });
});
