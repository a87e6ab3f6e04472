// The host's part of a generation: conditions and loop counts that depend only on parameters,
// draws, the generation number and the budget's progress (GOjDE's "if rand() < po", a
// `repeat n`) are evaluated here, with the draws the GPU would make (individual 0, dimension 0 of
// the round), so the host knows which steps run, and how many evaluations they make, without
// reading anything back.
//
// Rounds. Draws are keyed by (seed, site, round, individual, dimension). A generation starts a
// round, and so does every iteration of a `repeat`: a step that runs many times in a generation
// draws new numbers each time. Without loops the round is the generation ($gen), so programs
// without `repeat` draw what they drew before loops existed.

import { countsOnGpu, unlowered, type GenStmt, type Step } from '../ir/step.js';
import { Evaluator } from '../ir/evaluate.js';
import { at, forEachNode, type IExpr } from '../ir/ir.js';
import { drawTable } from './draws.js';

/** What the host tells a generation's kernels ($gen, $evals, $budget in the IR). */
export interface GenAt {
  /** The engines' generation: 0 for the initialisation, g + 1 for the language's `gen` = g. */
  gen: number;
  /** Evaluations made before the generation. */
  evals: number;
  /** The evaluation budget (0 when the run has none: `progress` then needs one). */
  budget: number;
}

/** Where a step runs: its generation, its round (the draws' key) and its trace slot. */
export interface RunAt extends GenAt {
  round: number;
  slot: number;
  /** The individuals this run takes (a counted step's count); all of the step's without it. */
  n?: number;
  /** The host lets' values ($h0..$h3). */
  h?: number[];
}

export function evalHost(
  e: IExpr,
  draws: ReturnType<typeof drawTable>,
  at_: GenAt,
  h: readonly number[] = [],
): number {
  // The IR evaluator (ir/evaluate.ts), with the draws, $gen, $evals and $budget and nothing else:
  // a host condition reads no array and no other index. $gen is the engines' generation (the
  // `gen` of the language is $gen - 1, src/elaborate/algorithm.ts).
  const ev = new Evaluator({
    array: () => undefined,
    draw: (dist, site, a) => {
      // The arity is the draw's (ir.ts, DrawDist), checked by the validator.
      const arg = (i: number) => at(a, i, `a ${dist} draw's arguments`);
      return dist === 'u'
        ? draws.u(site, arg(0), arg(1))
        : dist === 'n'
          ? draws.n(site, arg(0), arg(1))
          : dist === 'int'
            ? draws.int(site, arg(0), arg(1), arg(2))
            : draws.distinct(site, arg(0), arg(1), arg(2), arg(3), arg(4));
    },
  });
  const env = new Map<string, number>();
  // $h0..$h3: a repeat's index (a host let's value is substituted by its host expression).
  for (const [name, v] of [
    ['$gen', at_.gen],
    ['$evals', at_.evals],
    ['$budget', at_.budget],
    ...h.map((x, k) => [`$h${k}`, x] as const),
  ] as const) {
    const r = ev.slot();
    ev.regs[r] = v;
    env.set(name, r);
  }
  return ev.compile(e, env)();
}

/** A generation's runs as the host decides them: the steps in order, each with its round. */
export interface GenerationRuns {
  /**
   * `n`: the individuals the run takes (a step's count, or all); `evals`: what they evaluate;
   * `h`: the kernel parameters $h0..$h3 of the run (the host lets', and inside an indexed repeat
   * its iteration).
   */
  runs: { step: Step; round: number; n: number; evals: number; h: number[] }[];
  /** The host lets' values in this generation ($h0..$h3: no draws, so one value a generation). */
  h: number[];
  /** The first round of the next generation. */
  nextRound: number;
}

/**
 * The steps generation `at_.gen` runs, in order, starting at round `round` (the generation's own;
 * each iteration of a `repeat` starts the next).
 */
export function generationRuns(
  g: GenStmt[],
  seed: number,
  at_: GenAt,
  round = at_.gen,
  hostLets: { slot: number; body: IExpr }[] = [],
): GenerationRuns {
  const ctx = { round };
  const draws = drawTable(seed, ctx);
  const h = [0, 0, 0, 0];
  for (const l of hostLets) {
    const v = Math.trunc(evalHost(l.body, draws, at_));
    h[l.slot] = Number.isFinite(v) ? v : 0;
  }
  const runs: GenerationRuns['runs'] = [];
  const walk = (ss: GenStmt[], hs: number[]) => {
    for (const s of ss) {
      if (s.k === 'step') {
        const st = s.step;
        // An active prefix (each i in X[:n]): n on the host (its draws in the round the step runs in).
        const c = st.count ? Math.trunc(evalHost(st.count, draws, at_, hs)) : st.n;
        // (NaN: runs decided without a budget, for sizing only: all rows.)
        const n = Number.isNaN(c) ? st.n : Math.max(0, Math.min(st.n, c));
        const evals = n === st.n ? st.evals : (st.evals / st.n) * n;
        runs.push({ step: st, round: ctx.round, n, evals, h: hs });
      } else if (s.k === 'if') walk(evalHost(s.cond, draws, at_, hs) ? s.then : s.else, hs);
      else if (s.k === 'repeat') {
        const n = evalHost(s.count, draws, at_, hs);
        for (let k = 0; k < n; k++) {
          ctx.round++;
          walk(s.body, s.index === undefined ? hs : hs.map((x, j) => (j === s.index ? k : x)));
        }
      } else unlowered(s);
    }
  };
  walk(g, h);
  return { runs, nextRound: ctx.round + 1, h };
}

/**
 * Why runs of this program with different seeds cannot share one set of kernels (a batch:
 * src/runtime/algo-gpu.ts), or undefined when they can. A batch runs one generation's runs for all its
 * runs, so they must not depend on the seed (no draw in a host condition, count or let), and
 * the evaluations must not depend on the run's state (no `repeat n while c`, whose iterations the
 * GPU decides run by run).
 */
export function batchRefusal(a: {
  generation: GenStmt[];
  hostLets: { body: IExpr }[];
  state: readonly { name: string }[];
}): string | undefined {
  if (countsOnGpu(a)) return 'it repeats steps while a condition holds that each run decides';
  const draws = (e: IExpr | undefined) => {
    let found = false;
    if (e)
      forEachNode(e, (x) => {
        if (x.k === 'draw') found = true;
      });
    return found;
  };
  const walk = (ss: GenStmt[]): boolean =>
    ss.some((s) =>
      s.k === 'step'
        ? draws(s.step.count)
        : s.k === 'if'
          ? draws(s.cond) || walk(s.then) || walk(s.else)
          : s.k === 'repeat'
            ? draws(s.count) || walk(s.body)
            : unlowered(s),
    );
  if (walk(a.generation) || a.hostLets.some((l) => draws(l.body)))
    return 'its generation decides which steps run by a random draw, which differs from seed to seed';
  return undefined;
}
