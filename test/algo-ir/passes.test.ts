// Text-in, text-out tests of each algorithm pass (ALGO_PASSES, src/compile/algo-pipeline.ts).
// Every case parses its input (which must print back identically and validate), runs the one
// pass, compares the printed result with the expected text (the input with the pass's change
// written out), and validates the result. The input is tiny.lower.algo, the IR that elaboration
// gives for the algorithm `tiny` below (checked first, so the fixture cannot go stale), or the
// printed IR of a stdlib algorithm where only a large one shows the change.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { algorithmIr, stepRunner, type AlgoCompileRequest } from '../../src/compile/algorithm.js';
import { ALGO_PASSES, ALGO_PASS_NAMES } from '../../src/compile/algo-pipeline.js';
import { runPipeline } from '../../src/compile/pipeline.js';
import { parseAlgo } from '../../src/ir/algo-parse.js';
import { printAlgo, printStep } from '../../src/ir/algo-print.js';
import { validateAlgo } from '../../src/ir/algo-validate.js';
import { printExpr } from '../../src/ir/print.js';
import type { AlgoProgram, Step } from '../../src/ir/step.js';
import type { AlgoPassContext } from '../../src/passes/algo-pass.js';
import { algoData } from '../../src/passes/algo-data.js';
import { algoSelect } from '../../src/passes/algo-select.js';
import { algoFuseTrack } from '../../src/passes/algo-fuse-track.js';
import { algoRegime } from '../../src/passes/algo-regime.js';
import { algoTwoFloat } from '../../src/passes/algo-twofloat.js';
import { defaultScheduleOptions } from '../../src/schedule/schedule.js';

const TINY = `
data tiny_o[D] = uniform(-1, 1, seed: 7)
problem tiny_shifted(x[D]) in [-5, 5] optimum 0 at tiny_o {
  sum(j < D) (x[j] - tiny_o[j])^2
}
algorithm tiny(NP = 4) {
  population X[NP]
  generation {
    each i in X {
      let u[j] = X[i][j] + 0.5 * (rand() - 0.5)
      X[i] = better(u, X[i])
    }
  }
}
`;
const TINY_REQ: AlgoCompileRequest = {
  algorithm: 'tiny',
  problem: 'tiny_shifted',
  dim: 2,
  sources: { 't.opt': TINY },
};
const LOWER = readFileSync(join(import.meta.dirname, 'tiny.lower.algo'), 'utf8').trimEnd();

/** The context compileAlgorithm gives the passes, for request `req`. */
function contextFor(req: AlgoCompileRequest, a: AlgoProgram): AlgoPassContext {
  const run = stepRunner(req);
  return {
    precision: req.precision ?? 'f32',
    fuseTrack: req.fuseTrack !== false,
    problemAfterScan: (p) => runPipeline(p, defaultScheduleOptions, { until: 'scan' }),
    schedule: (st) => run(st, a.problem.data).gpuIr,
  };
}

function parsed(text: string): AlgoProgram {
  const a = parseAlgo(text);
  expect(printAlgo(a)).toBe(text);
  validateAlgo(a, 'parsing the input');
  return a;
}

function checkPass(
  pass: (a: AlgoProgram, ctx: AlgoPassContext) => AlgoProgram,
  input: string,
  expected: string,
  req: AlgoCompileRequest = TINY_REQ,
): AlgoProgram {
  const a = parsed(input);
  const out = pass(a, contextFor(req, a));
  expect(printAlgo(out)).toBe(expected);
  validateAlgo(out, 'the pass under test');
  validateAlgo(parseAlgo(expected), 'parsing the expected text');
  return out;
}

/** The IR of a request after pass `until`, printed. */
const after = (req: AlgoCompileRequest, until: string) =>
  printAlgo(algorithmIr(req, { until }).algo);

// The data pass's output, the input of the passes after it.
const DATA = LOWER.replace(
  '      (data tiny_o (2) (uniform -1.0 1.0 7))\n      (func main (input x 2)',
  '      (data tiny_o (2) (uniform -1.0 1.0 7))\n      (data tiny_o.lo (2) (residual tiny_o))\n      (func main (input x 2)',
);

describe('the algorithm pipeline', () => {
  it('names its passes in order, after lower', () => {
    expect(ALGO_PASS_NAMES).toEqual([
      'lower',
      'select',
      'data',
      'twofloat',
      'regime',
      'fuse-track',
    ]);
    expect(ALGO_PASSES.map((p) => p.name)).toEqual(ALGO_PASS_NAMES.slice(1));
  });

  it('lower: the fixture is what elaboration gives', () => {
    expect(after(TINY_REQ, 'lower')).toBe(LOWER);
  });
});

// Selections (the select pass): best of X and O in place (X has attached state, S with a draw,
// V a vector), best of X and O into O, and X sorted with its attached state.
const TSEL = `
algorithm tsel(NP = 3) {
  population X[NP]
  population O[NP] = X
  state S[X] = rand()
  state V[X][D] = 0
  generation {
    each i in O {
      let u[j] = O[i][j] + 0.5 * (rand() - 0.5)
      O[i] = u
    }
    X = best(X, O)
    O = best(X, O)
    X = sorted(X)
  }
}
`;
const TSEL_REQ: AlgoCompileRequest = {
  ...TINY_REQ,
  algorithm: 'tsel',
  sources: { 't.opt': TINY + TSEL },
};

describe('select', () => {
  // What the elaborator states: what is selected, the rank arrays it declared, and an entrant's
  // attached state at its initial value (the draw of S keyed by the entrant's individual).
  const SELECTS = `    (select best X (from O) (ranks X.rank1 O.rank1)
      (entrant
        (func entrant (input _ 2) (each ind6 3)
          (write S ind6 (draw u 1 ind6 0))
          (write V ind6 (j8 2) 0.0)
          (result 0))))
    (select best-into O (from X O))
    (select sort X (ranks X.rank2) (attached S V))`;
  const union = (k: string) =>
    `(if (< ${k} 3) (read X.f (min ${k} 2)) (read O.f (max (- ${k} 3) 0)))`;
  const MAINS: [string, number, string][] = [
    [
      'rank.X',
      6,
      `        (func main (input _ 2) (each ind 6)
          (scalar union.f f ${union('ind')})
          (scalar rank i (count k 0 6 (where (or (< ${union('k')} @union.f) (and (== ${union('k')} @union.f) (< k ind)))) 1))
          (write X.rank1 (if (< ind 3) ind 3) @rank)
          (write O.rank1 (if (>= ind 3) (- ind 3) 3) @rank)
          (result 0))`,
    ],
    [
      'best.X',
      3,
      `        (func main (input _ 2) (each ind6 3)
          (scalar rank i (call int (read X.rank1 ind6)))
          (scalar leaves i (if (>= @rank 3) 1 0))
          (scalar ordinal i (count x_1 0 3 (where (and (>= (call int (read X.rank1 x_1)) 3) (< (call int (read X.rank1 x_1)) @rank))) 1))
          (scalar entrant i (sum o 0 3 (where (and (< (call int (read O.rank1 o)) 3) (== (count o_1 0 3 (where (and (< (call int (read O.rank1 o_1)) 3) (< (call int (read O.rank1 o_1)) (call int (read O.rank1 o))))) 1) @ordinal))) o))
          (write X (if (!= @leaves 0) ind6 3) (j 2) (read O @entrant j))
          (write X.f (if (!= @leaves 0) ind6 3) (read O.f @entrant))
          (write S (if (!= @leaves 0) ind6 3) (draw u 1 ind6 0))
          (write V (if (!= @leaves 0) ind6 3) (j8 2) 0.0)
          (result 0))`,
    ],
    [
      'best.O',
      6,
      `        (func main (input _ 2) (each ind 6)
          (scalar union.f f ${union('ind')})
          (scalar rank i (count k 0 6 (where (or (< ${union('k')} @union.f) (and (== ${union('k')} @union.f) (< k ind)))) 1))
          (write O (if (< @rank 3) @rank 3) (j 2) (if (< ind 3) (read X (min ind 2) j) (read O (max (- ind 3) 0) j)))
          (write O.f (if (< @rank 3) @rank 3) @union.f)
          (result 0))`,
    ],
    [
      'rank.X',
      3,
      `        (func main (input _ 2) (each ind 3)
          (scalar sort.f f (read X.f ind))
          (scalar rank i (count k 0 3 (where (or (< (read X.f k) @sort.f) (and (== (read X.f k) @sort.f) (< k ind)))) 1))
          (write X.rank2 ind @rank)
          (result 0))`,
    ],
    [
      'sort.X',
      3,
      `        (func main (input _ 2) (each ind 3)
          (scalar src i (sum o 0 3 (where (== (call int (read X.rank2 o)) ind)) o))
          (write X ind (j 2) (read X @src j))
          (write X.f ind (read X.f @src))
          (write S ind (read S @src))
          (write V ind (c 2) (read V @src c))
          (result 0))`,
    ],
  ];

  it('lowers best in place, best into another population and sort to their steps, the rank arrays the statements name', () => {
    const input = after(TSEL_REQ, 'lower');
    expect(input.split(SELECTS)).toHaveLength(2);
    // Every step's program but its main: the problem's part and the state.
    const from = input.indexOf('(program tsel.each.O') + '(program tsel.each.O'.length;
    const template = input.slice(from, input.indexOf('        (func main', from));
    expect(template).toContain('        (state X.rank2 3 0)\n');
    const steps = MAINS.map(
      ([name, n, main]) =>
        `    (step ${name} ${n} (evals 0)\n      (program tsel.${name}${template}${main}))`,
    );
    checkPass(algoSelect, input, input.replace(SELECTS, steps.join('\n')), TSEL_REQ);
  });

  it("guards a selection's steps in a repeat-while body on the loop's flag; best.X's rows, which would double-buffer X", () => {
    const src = TSEL.replace('tsel', 'twhile').replace(
      /each i in O \{[^]*X = sorted\(X\)/,
      'repeat 2 while rand() < 0.5 { X = best(X, O)\n X = sorted(X) }',
    );
    const req = { ...TINY_REQ, algorithm: 'twhile', sources: { 't.opt': TINY + src } };
    const input = after(req, 'lower');
    expect(input).toContain('(select sort X (ranks X.rank2) (attached S V) (guard while1))');
    const out = checkPass(algoSelect, input, after(req, 'select'), req);
    const steps = out.generation.flatMap((g) => (g.k === 'repeat' ? g.body : []));
    expect(steps.map((g) => (g.k === 'step' ? `${g.step.name} ${g.step.guard}` : g.k))).toEqual([
      'while1.cond undefined',
      'rank.X while1',
      'best.X while1',
      'rank.X while1',
      'sort.X while1',
    ]);
    // Every write stores what it read there while the flag is clear (guardStep)...
    const on = '(if (!= (read while1 0) 0.0)';
    const text = (st: Step) => printStep(st);
    for (const g of steps.slice(1))
      if (g.k === 'step' && g.step.name !== 'best.X')
        for (const w of g.step.prog.main.writes ?? [])
          expect(printExpr(w.body).startsWith(on)).toBe(true);
    // ... but best.X's, whose rows leave the array then: it reads X nowhere, as unguarded.
    const best = steps[2]?.k === 'step' ? steps[2].step : undefined;
    expect(text(best!)).toContain(
      '(scalar leaves i (if (and (>= @rank 3) (!= (read while1 0) 0.0)) 1 0))',
    );
    expect(text(best!)).not.toContain('(read X ');
  });

  it('leaves an algorithm without selections as it is', () => {
    checkPass(algoSelect, LOWER, LOWER);
  });
});

describe('data', () => {
  it("adds the residual of the problem's shifted data to the problem (not to the steps)", () => {
    expect(DATA).not.toBe(LOWER);
    checkPass(algoData, LOWER, DATA);
  });

  it('adds the turns data of a rotated periodic problem after the residuals', () => {
    const req = { algorithm: 'de', problem: 'cec2014_f6', dim: 10 };
    const out = checkPass(algoData, after(req, 'lower'), after(req, 'data'), req);
    const added = out.problem.data.slice(
      algorithmIr(req, { until: 'lower' }).algo.problem.data.length,
    );
    expect(added.map((d) => d.def.k)).toEqual(['residual', 'residual']);
    expect(added.map((d) => d.name)).toEqual(['cec2014_o6.lo', 'cec2014_M6.lo']);
  });

  it('leaves an algorithm on a problem without data as it is', () => {
    const req = { algorithm: 'de', problem: 'sphere', dim: 3 };
    const text = after(req, 'lower');
    checkPass(algoData, text, text, req);
  });
});

describe('twofloat', () => {
  it('gives the population and the best point (written from it) low parts, in the algorithm and every step; fitness stays float32', () => {
    const expected = DATA.replace(
      /^( *)\(state (X|best) (\d+) 2\)$/gm,
      '$1(state $2 $3 2 (lo $2.lo))\n$1(state $2.lo $3 2)',
    );
    expect(expected.match(/\(state X\.lo 4 2\)/g)).toHaveLength(4); // the algorithm, 3 steps
    expect(expected).not.toContain('X.f.lo');
    checkPass(algoTwoFloat, DATA, expected);
  });

  it('is the identity in the pipeline without precision ff', () => {
    const pass = ALGO_PASSES.find((p) => p.name === 'twofloat')!;
    checkPass(pass.run, DATA, DATA);
    checkPass(pass.run, DATA, after({ ...TINY_REQ, precision: 'ff' }, 'twofloat'), {
      ...TINY_REQ,
      precision: 'ff',
    });
  });
});

describe('regime', () => {
  it('leaves the steps of a small dimension in the regime their schedule picks', () => {
    checkPass(algoRegime, DATA, DATA);
  });

  it("marks jDE's step at D = 100,000 (force team): split, its writes kernel would race on the F and CR rows", () => {
    const req = { algorithm: 'jde', problem: 'sphere', dim: 100000 };
    const input = after(req, 'twofloat');
    const expected = input.replace(/^( *\(step each\.X 250 \(evals 250\))$/m, '$1 (force team)');
    expect(expected).not.toBe(input);
    const out = checkPass(algoRegime, input, expected, req);
    expect(
      contextFor(req, out).schedule(
        out.generation.flatMap((g) => (g.k === 'step' ? [g.step] : []))[0]!,
      ).schedule.regime.k,
    ).toBe('team');
  });
});

describe('fuse-track', () => {
  const FUSED = `
      (with-track
        (step each.X+track 4 (evals 4)
          (program tiny.each.X+track (dim 2) (box -5.0 5.0) (optimum 0.0) (at tiny_o) (minimize)
            (data tiny_o (2) (uniform -1.0 1.0 7))
            (state X 4 2)
            (state X.f 4 0)
            (state best 1 2)
            (state best.f 1 0)
            (state trace 1024 0)
            (state target.thr 1 0)
            (func objective (input x 2)
              (result (sum j1 0 2 (pow (- (read x j1) (read tiny_o j1)) 2.0))))
            (func main (input _ 2) (each ind2 4)
              (vec u j3 2 (+ (read X ind2 j3) (* 0.5 (- (draw u 1 ind2 j3) 0.5))))
              (vec u_in j4 2 (call clamp (read u j4) -5.0 5.0))
              (scalar fit f (callp objective (vref u_in 2)))
              (scalar fitness f (call nan.worst @fit))
              (scalar keep i (if (<= @fitness (read X.f ind2)) 1 0))
              (scalar track.arg.X i (argmin k6 0 4 (read X.f k6)))
              (scalar track.min f (read X.f @track.arg.X))
              (scalar track.improved i (if (and (< @track.min (read best.f 0)) (not (<= (read best.f 0) (read target.thr 0)))) 1 0))
              (write X ind2 (j5 2) (if (!= @keep 0) (read u_in j5) (read X ind2 j5)))
              (write X.f ind2 (if (!= @keep 0) @fitness (read X.f ind2)))
              (write trace (if (== ind2 0) $slot -1) (if (!= @track.improved 0) @track.min (read best.f 0)))
              (write best (if (== ind2 0) 0 -1) (j7 2) (if (!= @track.improved 0) (read X @track.arg.X j7) (read best 0 j7)))
              (write best.f (if (== ind2 0) 0 -1) (if (!= @track.improved 0) @track.min (read best.f 0)))
              (result 0)))))`;

  it("gives the generation's first step the track fused in: the track's bindings renamed, its writes by individual 0 only", () => {
    const anchor =
      '          (write X.f ind2 (if (!= @keep 0) @fitness (read X.f ind2)))\n          (result 0)))';
    expect(DATA.split(anchor)).toHaveLength(2);
    const expected = DATA.replace(anchor, anchor + FUSED);
    checkPass(algoFuseTrack, DATA, expected);
  });

  it('is the identity where the request says not to fuse', () => {
    checkPass(algoFuseTrack, DATA, DATA, { ...TINY_REQ, fuseTrack: false });
  });

  it('fuses nothing into a population of more than FUSE_TRACK_MAX_N rows (the per-team argmin would cost more)', () => {
    const req = { ...TINY_REQ, set: { NP: '2000' } };
    const input = after(req, 'regime');
    checkPass(algoFuseTrack, input, input, req);
  });
});
