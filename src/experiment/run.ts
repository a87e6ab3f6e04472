// One run as `opt run` makes it and an experiment stores it: the program compiled at the
// populations' precision a rule asks for (compileAtPrecision), and the run's report (RunReport:
// what `opt run --json` prints, result.json holds and the results database keeps of a run).

import type { AlgoEngine } from '../runtime/algo-engine.js';
import type { CompiledAlgorithm, Precision } from '../compile/algorithm.js';
import { outsideBox, type RunResult } from '../runtime/run.js';

export interface RunReport {
  algorithm: string;
  params: Record<string, number | string>;
  problem: string;
  /** The problem's sense: the error is f - f* when minimising, f* - f when maximising. */
  direction: 'minimize' | 'maximize';
  /** The problem's declared optimum f*; null when it declares none (a LOLIB instance). */
  optimum: number | null;
  dim: number;
  seed: number;
  backend: 'cpu' | 'gpu';
  adapter: string;
  /** How the backend held the population: float64 (the CPU), float32 or float-float (the GPU). */
  precision: 'f64' | Precision;
  evals: number;
  generations: number;
  seconds: number;
  stopped: RunResult['stopped'];
  /** f at bestPoint, evaluated in float64 on the host (the CPU backend). */
  bestFitness: number;
  /**
   * f - f* (f* - f when maximising) at bestPoint in float64 on the host, computed as g + (c - f*)
   * (passes/bias.ts); null when the problem declares no optimum.
   */
  bestError: number | null;
  /**
   * The same as the backend computed them during the run (float32 kernels on the GPU): what the
   * target and the trace use. On the CPU backend they equal bestFitness and bestError.
   */
  deviceFitness: number;
  deviceError: number | null;
  /**
   * Whether every coordinate of bestPoint lies in the problem's box (lo <= x <= hi in float64): a
   * result of the bound-constrained problem. params.bounds names the policy that kept it there.
   */
  bestInBox: boolean;
  /** Whether the box is a constraint (false for `in [lo, hi] unconstrained`: a start region). */
  constrained: boolean;
  bestPoint: number[];
  /** The best so far as the backend computed it (see deviceFitness). */
  trace: { evals: number; seconds: number; best: number; error: number | null }[];
  /** With --suite: the suite and this problem's label in it (F01, F02, ...). */
  suite?: string;
  label?: string;
}

/**
 * A program compiled with the populations' precision a rule asks for (`--precision`, an
 * experiment's `precision`): f32 or ff as asked on the GPU, float32 on the CPU (which holds
 * float64 either way), and for auto float-float where a float32 population could not get below
 * `threshold`, the smallest error to tell apart (its point nearest the optimum has a larger
 * error), float32 elsewhere (half the population's memory traffic).
 */
export function compileAtPrecision(
  compile: (precision: Precision) => CompiledAlgorithm,
  precision: 'auto' | Precision,
  gpu: boolean,
  threshold: number,
  check: (c: CompiledAlgorithm) => void = () => {},
): CompiledAlgorithm {
  const checked = (c: CompiledAlgorithm) => (check(c), c);
  if (!gpu || precision === 'f32') return checked(compile('f32'));
  if (precision === 'ff') return checked(compile('ff'));
  // Checked before the float32 floor, which evaluates the problem at D (a float-float population
  // needs more than a float32 one: one that does not fit refuses both).
  const c = checked(compile('f32'));
  return c.float32Floor() > threshold ? checked(compile('ff')) : c;
}

export function makeReport(
  c: CompiledAlgorithm,
  e: AlgoEngine,
  seed: number,
  r: RunResult,
): RunReport {
  const f = c.algo.problem.optimum;
  const direction = c.algo.problem.direction;
  const err = (v: number) => (Number.isNaN(v) ? null : v);
  return {
    algorithm: c.algo.name,
    params: Object.fromEntries(c.algo.params.map((p) => [p.name, p.value])),
    problem: c.algo.problem.name,
    direction,
    optimum: Number.isNaN(f) ? null : f,
    dim: c.algo.dim,
    seed,
    backend: e.backend,
    adapter: e.adapter,
    precision: e.backend === 'cpu' ? 'f64' : c.precision,
    evals: r.evals,
    generations: r.generations,
    seconds: r.seconds,
    stopped: r.stopped,
    bestFitness: c.evaluatePoint(r.bestPoint),
    bestError: err(c.errorAt(r.bestPoint)),
    deviceFitness: r.bestFitness,
    deviceError: err(r.bestError),
    bestInBox: outsideBox(c.box(), r.bestPoint) === 0,
    constrained: !c.algo.problem.unconstrained,
    bestPoint: Array.from(r.bestPoint),
    trace: r.trace.map((t) => ({ ...t, error: err(t.error) })),
  };
}
