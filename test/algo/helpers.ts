// Shared helpers for the algorithm tests: compile a stdlib algorithm, run it on an engine, read
// state arrays.

import { compileAlgorithm, type CompiledAlgorithm } from '../../src/compile/algorithm.js';
import { CpuAlgoEngine } from '../../src/runtime/algo-cpu.js';
import { runAlgorithm, type RunOptions, type RunResult } from '../../src/runtime/run.js';

export function algo(
  algorithm: string,
  problem: string,
  dim: number,
  set: Record<string, string> = {},
  sources?: Record<string, string>,
): CompiledAlgorithm {
  return compileAlgorithm({ algorithm, problem, dim, set, sources, validateEach: true });
}

export async function runCpu(
  c: CompiledAlgorithm,
  o: RunOptions,
): Promise<{ r: RunResult; e: CpuAlgoEngine }> {
  const e = new CpuAlgoEngine(c, o.seed);
  return { r: await runAlgorithm(c, e, o), e };
}

/**
 * The thresholds every algorithm must reach at D = 10 within 100,000 evaluations (10^4 D, the CEC
 * budget), on both backends. They were set from five seeds on the CPU backend (worst errors:
 * sphere 1.4e-44 (jDE 5.8e-16), Rastrigin 1.3e-6 (jDE; PSO 3.0, stuck in a local minimum),
 * Rosenbrock 1.1 (DE), 5.4 (jDE), 8.9 (GOjDE), 86 (PSO)) with a margin of about ten, and they are
 * far below the error of the initial population (sphere ~80, Rastrigin ~180, Rosenbrock ~1e6 at
 * D = 10): a broken operator misses them.
 */
export const THRESHOLDS: Record<string, Record<string, number>> = {
  de: { sphere: 1e-8, rastrigin: 1e-3, rosenbrock: 10 },
  jde: { sphere: 1e-8, rastrigin: 1e-3, rosenbrock: 50 },
  gojde: { sphere: 1e-8, rastrigin: 1e-3, rosenbrock: 50 },
  pso: { sphere: 1e-8, rastrigin: 30, rosenbrock: 1000 },
};
export const BUDGET = 100000;

/** The population sizes of L-SHADE's generations (Tanabe's code): N0 in the first, then the
 * planned size from the evaluations made so far, never below Nmin; and the evaluations. */
export function lshadeSchedule(N0: number, Nmin: number, budget: number) {
  const sizes: number[] = [];
  let evals = N0;
  for (;;) {
    const n =
      sizes.length === 0 ? N0 : Math.max(Nmin, Math.round(N0 + ((Nmin - N0) * evals) / budget));
    if (evals + n > budget) break;
    sizes.push(n);
    evals += n;
  }
  return { sizes, evals };
}
