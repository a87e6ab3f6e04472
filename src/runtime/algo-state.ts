// An algorithm's state as its program declares it, read from an engine after a run (or between two
// runs of runAlgorithm): each `population X[N]` (its points and their fitness) and each `state S`,
// by name, in float64. The compiler's own arrays (the best so far, the trace, ranks, lets kept
// between steps, a float-float population's low parts) are left out: their names are not the
// program's (they hold a '.', or are `best` and `trace`, which no declaration may take).

import type { CompiledAlgorithm } from '../compile/algorithm.js';
import { rangeDecode } from '../ir/range.js';
import type { AlgoEngine } from './algo-engine.js';

/** One array of an algorithm's state (readState). */
export interface StateArrayValues {
  /** `population` (points with their fitness) or `state`. */
  kind: 'population' | 'state';
  rows: number;
  /** Values a row: D for a population, M for `state B[N][M]`, 1 for `state S[N]`. */
  cols: number;
  /**
   * The values, row after row, in float64: the CPU backend's as they are, the GPU's float32
   * values widened (a float-float population's two parts added: passes/twofloat.ts).
   */
  values: Float64Array;
  /**
   * A population's fitness, a value a row: f at the row's point as the backend computed it, in
   * the problem's own sense (the value it declares, its constant added in float64 on the host, as
   * RunResult.bestFitness).
   */
  fitness?: Float64Array;
}

/** The names the compiler gives its own state arrays beside the program's. */
const INTERNAL = new Set(['best', 'trace']);
const declared = (name: string) => /^[A-Za-z_][A-Za-z_0-9]*$/.test(name) && !INTERNAL.has(name);

/**
 * The state of run `run` (0 for an engine of one run; a batch engine's k-th seed otherwise) as the
 * program declares it, in declaration order, after the last generation the engine ran: a run that
 * met its target reports that generation, but its batch may have run a few more.
 */
export async function readState(
  c: CompiledAlgorithm,
  engine: AlgoEngine,
  run = 0,
): Promise<Record<string, StateArrayValues>> {
  // The fitness arrays hold s f less the problem's constant (and phi of it where the range form
  // is used): the run loop's value(), src/runtime/run.ts.
  const s = c.algo.problem.direction === 'maximize' ? -1 : 1;
  const dec = c.algo.range ? rangeDecode : (v: number) => v;
  const fits = new Map(c.algo.populations.map((p) => [p.name, p.fit]));
  const out: Record<string, StateArrayValues> = {};
  for (const a of c.algo.state) {
    if (!declared(a.name)) continue;
    const values = await engine.readArray(a.name, run);
    const fit = fits.get(a.name);
    out[a.name] = {
      kind: fit ? 'population' : 'state',
      rows: a.rows,
      cols: Math.max(1, a.cols),
      values,
      ...(fit
        ? {
            fitness: (await engine.readArray(fit, run)).map((v) => s * (dec(v) + c.algo.offset)),
          }
        : {}),
    };
  }
  return out;
}
