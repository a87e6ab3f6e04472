// Text-in, text-out tests of each algorithm pass (ALGO_PASSES, src/compile/algo-pipeline.ts).
// Every case parses its input (which must print back identically and validate), runs the one
// pass, compares the printed result with the expected text (the input with the pass's change
// written out), and validates the result. The input is tiny.lower.algo, the IR that elaboration
// gives for the algorithm `tiny` below (checked first, so the fixture cannot go stale), or the
// printed IR of a stdlib algorithm where only a large one shows the change; the `while` pass's
// is tinyw.lower.algo (a `repeat 3 while c` loop, checked the same way), its output
// tinyw.while.algo.

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
import { algoFitness } from '../../src/passes/algo-fitness.js';
import { algoStoreLets } from '../../src/passes/algo-store-lets.js';
import { algoSelect } from '../../src/passes/algo-select.js';
import { algoFuseTrack } from '../../src/passes/algo-fuse-track.js';
import { algoRegime } from '../../src/passes/algo-regime.js';
import { algoTwoFloat } from '../../src/passes/algo-twofloat.js';
import { algoWhile } from '../../src/passes/algo-while.js';
import { allSteps, WHILE_COUNT } from '../../src/ir/step.js';
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
const fixture = (name: string) => readFileSync(join(import.meta.dirname, name), 'utf8').trimEnd();
const LOWER = fixture('tiny.lower.algo');

const TINY_WHILE = `
problem tinyw_q(x[D]) in [-5, 5] { sum(j < D) x[j]^2 }
algorithm tinyw(NP = 2) {
  population X[NP]
  generation {
    repeat 3 while f(X[0]) > 0.001 {
      each i in X {
        X[i] = better(X[i] * 0.5, X[i])
      }
    }
  }
}
`;
const WHILE_REQ: AlgoCompileRequest = {
  algorithm: 'tinyw',
  problem: 'tinyw_q',
  dim: 1,
  sources: { 'w.opt': TINY_WHILE },
};

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

/** The input, which may hold what elaboration gives (stage `lower`: a while statement). */
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
      'while',
      'select',
      'store-lets',
      'fitness',
      'data',
      'twofloat',
      'regime',
      'fuse-track',
    ]);
    expect(ALGO_PASSES.map((p) => p.name)).toEqual(ALGO_PASS_NAMES.slice(1));
  });

  it('lower: the fixture is what elaboration gives', () => {
    expect(after(TINY_REQ, 'lower')).toBe(LOWER);
    expect(after(WHILE_REQ, 'lower')).toBe(fixture('tinyw.lower.algo'));
  });
});

describe('while', () => {
  const input = fixture('tinyw.lower.algo');
  const expected = fixture('tinyw.while.algo');

  it('rewrites repeat 3 while c: a flag, a start step, a repeat of the condition step (its writes and counter) and the guarded body', () => {
    // The elaborator's form: the condition step computes c as 0 or 1 and writes nothing.
    expect(input).toContain('    (while 3\n      (cond\n        (step while1.cond 1 (evals 0)\n');
    expect(input).toContain('(result (if (> (read X.f 0) 0.001) 1 0))');
    expect(input).not.toContain('(state while');
    const out = checkPass(algoWhile, input, expected, WHILE_REQ);
    // The pass's form: the flag and the counter (declared after the others), the start step, the
    // condition step that clears the flag and counts the body's 2 evaluations while it is set.
    expect(out.state.map((a) => a.name).slice(-4)).toEqual([
      'while1',
      WHILE_COUNT.lo,
      WHILE_COUNT.hi,
      WHILE_COUNT.trace,
    ]);
    expect(expected).toContain('    (step while1.start 1 (evals 0)\n');
    expect(expected).toContain('          (write while1 0 1.0)\n');
    expect(expected).toContain(
      '    (repeat 3\n      (step while1.cond 1 (evals 0) (counts-evals) (decides while1)\n',
    );
    expect(expected).toContain(
      '(scalar while1.go i (if (and (!= (read while1 0) 0.0) (> (read X.f 0) 0.001)) 1 0))',
    );
    expect(expected).toContain('(if (!= @while1.go 0) 2.0 0.0)');
    expect(expected).toContain('      (step each.X 2 (evals 2) (guard while1)\n');
    expect(expected).toContain(
      '(write X.f ind3 (if (!= (read while1 0) 0.0) (if (!= @keep 0) @fitness (read X.f ind3)) (read X.f ind3)))',
    );
    expect(expected).not.toContain('(while ');
    // Every step declares the new arrays.
    for (const st of [...out.init, ...allSteps(out.generation), out.track])
      expect(st.prog.state).toEqual(out.state);
  });

  it('is what the pipeline gives after while', () => {
    expect(after(WHILE_REQ, 'while')).toBe(expected);
  });

  it('leaves an algorithm without while as it is', () => {
    checkPass(algoWhile, LOWER, LOWER);
  });

  it('counts nothing where the body does not evaluate: a flag, no counter', () => {
    const req = {
      ...WHILE_REQ,
      sources: { 'w.opt': TINY_WHILE.replace('X[i] = better(X[i] * 0.5, X[i])', '') },
    };
    const out = algoWhile(algorithmIr(req, { until: 'lower' }).algo);
    expect(out.state.map((a) => a.name).filter((n) => n.startsWith('while'))).toEqual(['while1']);
    const cond = allSteps(out.generation).find((st) => st.name === 'while1.cond')!;
    expect(cond.countsEvals).toBeUndefined();
    expect(cond.decides).toBe('while1');
    expect(cond.prog.main.writes!.map((w) => w.arr)).toEqual(['while1']);
  });
});

// Generation-level lets (store-lets) and a problem with a constant term (fitness).
const LETS = `
data tiny_o[D] = uniform(-1, 1, seed: 7)
problem tiny_shifted(x[D]) in [-5, 5] optimum 0 at tiny_o {
  sum(j < D) (x[j] - tiny_o[j])^2
}
problem tiny_lifted(x[D]) in [-5, 5] optimum 3 at 0 {
  sum(j < D) x[j]^2 + 3
}
algorithm lets(NP = 4) {
  population X[NP]
  generation {
    let m = argmin(k < NP) f(X[k])
    let s = 0.5 * min(k < NP) f(X[k])
    each i in X {
      let u[j] = X[m][j] + s * (rand() - 0.5)
      X[i] = better(u, X[i])
    }
    each i in X {
      let u[j] = X[i][j] + 0.5 * (X[m][j] - X[i][j])
      X[i] = better(u, X[i])
    }
  }
}
algorithm plain(NP = 4) {
  population X[NP]
  generation {
    each i in X {
      let u[j] = X[i][j] + 0.5 * (rand() - 0.5)
      X[i] = better(u, X[i])
    }
  }
}
algorithm absolute(NP = 4) {
  population X[NP]
  generation {
    each i in X {
      let u[j] = X[i][j] * (if f(X[i]) < 4 then 0.5 else 1.5)
      X[i] = better(u, X[i])
    }
  }
}
`;
const lets = (algorithm: string, problem: string): AlgoCompileRequest => ({
  algorithm,
  problem,
  dim: 2,
  sources: { 't.opt': LETS },
});

describe('store-lets', () => {
  const req = lets('lets', 'tiny_shifted');
  const LET_STEP = `
    (step let.m 1 (evals 0)
      (program lets.let.m (dim 2) (box -5.0 5.0) (optimum 0.0) (at tiny_o) (minimize)
        (data tiny_o (2) (uniform -1.0 1.0 7))
        (state X 4 2)
        (state X.f 4 0)
        (state best 1 2)
        (state best.f 1 0)
        (state trace 1024 0)
        (state target.thr 1 0)
        (func objective (input x 2)
          (result (sum j1 0 2 (pow (- (read x j1) (read tiny_o j1)) 2.0))))
        (func main (input _ 2) (each ind5 1)
          (scalar g.m i (argmin k3 0 4 (read X.f k3)))
          (write let.m 0 @g.m)
          (result 0))))`;

  it("stores m, which the second step would see after the first changed X.f, and not s, used before: a step of m's own where it is defined, its array after the others, every step's m read from it", () => {
    const input = after(req, 'lower');
    const defs =
      '\n    (let g.m (argmin k3 0 4 (read X.f k3)))\n    (let g.s (* 0.5 (min k4 0 4 (read X.f k4))))';
    const computed = '(scalar g.m i (argmin k3 0 4 (read X.f k3)))';
    expect(input.split(defs)).toHaveLength(2);
    expect(input.split(computed)).toHaveLength(3); // both steps compute m
    expect(input).toContain('(scalar g.s f (* 0.5 (min k4 0 4 (read X.f k4))))');
    const expected = input
      .replace(defs, LET_STEP)
      .replaceAll(computed, '(scalar g.m i (call int (read let.m 0)))')
      .replace(/^( *)\(state target\.thr 1 0\)$/gm, '$1(state target.thr 1 0)\n$1(state let.m 1 0)')
      // The let step computes m itself (the replacement above read it there too).
      .replace(
        '(each ind5 1)\n          (scalar g.m i (call int (read let.m 0)))',
        `(each ind5 1)\n          ${computed}`,
      );
    checkPass(algoStoreLets, input, expected, req);
    expect(after(req, 'store-lets')).toBe(expected);
  });

  it('removes the lets that it does not store (tiny has none; a lone let is computed where used)', () => {
    checkPass(algoStoreLets, LOWER, LOWER);
    const one = LETS.replace(
      / {4}each i in X \{\n {6}let u\[j\] = X\[i\]\[j\] \+ 0\.5[^]*?\n {4}\}\n/,
      '',
    );
    const req1 = { ...req, sources: { 't.opt': one } };
    const input = after(req1, 'lower');
    expect(input).toContain('(let g.m ');
    const expected = input.replace(/\n {4}\(let g\.[ms] .*\)$/gm, '');
    expect(expected).not.toContain('(let ');
    checkPass(algoStoreLets, input, expected, req1);
  });

  it('stores a let whose work every individual of a large step would repeat (PSO at N = 4,096)', () => {
    const pso = { algorithm: 'pso', problem: 'sphere', dim: 2, set: { N: '4096' } };
    expect(after(pso, 'store-lets')).toContain('(step let.g 1 (evals 0)');
    expect(after({ ...pso, set: { N: '100' } }, 'store-lets')).not.toContain('(step let.');
  });
});

describe('fitness', () => {
  it("keeps the problem's constant on the host where the algorithm compares fitness only (tiny on f + 3)", () => {
    const req = lets('plain', 'tiny_lifted');
    const input = after(req, 'store-lets');
    expect(input).toMatch(/^\(algorithm plain \(dim 2\) \(offset 3\.0\)\n/);
    expect(input).toContain('(result (sum j1 0 2 (pow (read x j1) 2.0))))');
    checkPass(algoFitness, input, input, req);
  });

  it('restores the constant in every step where the algorithm reads a fitness absolutely (f(X[i]) < 4), the offset 0', () => {
    const req = lets('absolute', 'tiny_lifted');
    const input = after(req, 'store-lets');
    const objective = '(result (sum j1 0 2 (pow (read x j1) 2.0))))';
    expect(input.split(objective)).toHaveLength(4); // init, the generation's step, the track
    const expected = input
      .replace(
        '(algorithm absolute (dim 2) (offset 3.0)',
        '(algorithm absolute (dim 2) (offset 0.0) (full-fitness "step each.X: the binding u")',
      )
      .replaceAll(objective, '(result (+ (sum j1 0 2 (pow (read x j1) 2.0)) 3.0)))');
    const out = checkPass(algoFitness, input, expected, req);
    // One objective, the same in every step.
    const objectives = new Set(
      [...out.init, ...out.generation, out.track]
        .flatMap((s) => ('k' in s ? (s.k === 'step' ? [s.step] : []) : [s]))
        .map((st) => st.prog.funcs.find((f) => f.name === 'objective')),
    );
    expect(objectives.size).toBe(1);
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
    // The elaborator states the selection; the while pass marks it with the loop's flag.
    expect(after(req, 'lower')).toContain('(select sort X (ranks X.rank2) (attached S V))');
    const input = after(req, 'while');
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
    const out = checkPass(algoData, after(req, 'fitness'), after(req, 'data'), req);
    const added = out.problem.data.slice(
      algorithmIr(req, { until: 'fitness' }).algo.problem.data.length,
    );
    expect(added.map((d) => d.def.k)).toEqual(['residual', 'residual']);
    expect(added.map((d) => d.name)).toEqual(['cec2014_o6.lo', 'cec2014_M6.lo']);
  });

  it('leaves an algorithm on a problem without data as it is', () => {
    const req = { algorithm: 'de', problem: 'sphere', dim: 3 };
    const text = after(req, 'fitness');
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
