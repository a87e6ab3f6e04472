// Print/parse round trip of the algorithm IR (src/ir/algo-print.ts, algo-parse.ts) of every
// stdlib algorithm after every algorithm pass (ALGO_PASS_NAMES), on a problem without data, a
// shifted and rotated periodic one (the data pass adds residuals and turns data), at D = 100,000
// for jDE (the regime pass marks a step), with float-float populations for DE and PSO, and the
// (1+1)-ES of examples/es_one_plus_one.opt (a `repeat n while c`, which the `while` pass rewrites):
//   print -> parse -> print gives identical text;
//   the parsed algorithm is structurally the original (types included; what the text does not
//   keep, which steps were one object, is not seen by toEqual, and algo-parse.ts says so);
//   the parsed algorithm validates (src/ir/algo-validate.ts); the pipeline validated each stage
//   (validateEach), steps included.

import { beforeEach, describe, expect, it } from 'vitest';
import { stdlibAlgorithms } from '../../src/api.js';
import { algorithmIr, type AlgoCompileRequest } from '../../src/compile/algorithm.js';
import { ALGO_PASS_NAMES, passesThrough } from '../../src/compile/algo-pipeline.js';
import { parseAlgo } from '../../src/ir/algo-parse.js';
import { printAlgo } from '../../src/ir/algo-print.js';
import { validateAlgo } from '../../src/ir/algo-validate.js';
import { IrInvalid } from '../../src/ir/validate.js';
import type { AlgoProgram } from '../../src/ir/step.js';
import { REPEAT_INDEX_SRC } from '../algo/repeat-index-source.js';

// Synchronous tests one after another: a turn of the event loop before each lets the worker
// answer vitest's RPC (test/ir/roundtrip.test.ts says why).
beforeEach(() => new Promise<void>((r) => setImmediate(r)));

function roundTrip(req: AlgoCompileRequest): void {
  const stages: [string, AlgoProgram][] = [];
  algorithmIr({ ...req, validateEach: true }, { onPass: (pass, a) => stages.push([pass, a]) });
  expect(stages.map(([pass]) => pass)).toEqual(ALGO_PASS_NAMES);
  const what = `${req.algorithm} on ${req.problem} at D = ${req.dim}`;
  for (const [pass, a] of stages) {
    const text = printAlgo(a);
    const back = parseAlgo(text);
    expect(printAlgo(back), `${what} after ${pass}`).toBe(text);
    expect(back, `${what} after ${pass}: parsed structure`).toEqual(a);
    validateAlgo(back, `parse after ${pass}`, passesThrough(pass));
  }
}

const ALGORITHMS = stdlibAlgorithms();

describe('the algorithm IR of every stdlib algorithm', () => {
  it('are found', () => {
    expect(ALGORITHMS).toEqual([
      'de',
      'gojde',
      'jde',
      'lshade',
      'ma_sw_chains',
      'pso',
      'scatter_search',
      'sep_cmaes',
    ]);
  });

  for (const algorithm of ALGORITHMS)
    it(`${algorithm}: round-trips after every pass on sphere and cec2014_f6 at D = 10`, () => {
      roundTrip({ algorithm, problem: 'sphere', dim: 10 });
      roundTrip({ algorithm, problem: 'cec2014_f6', dim: 10 });
    });

  it('round-trips a step forced into the team regime and a fused step (jDE at D = 100,000)', () => {
    roundTrip({ algorithm: 'jde', problem: 'sphere', dim: 100000 });
    const text = printAlgo(algorithmIr({ algorithm: 'jde', problem: 'sphere', dim: 100000 }).algo);
    expect(text).toContain('(force team)');
    expect(text).toContain('(with-track');
  });

  it('round-trips float-float populations (DE on cec2017_f5, PSO)', () => {
    roundTrip({ algorithm: 'de', problem: 'cec2017_f5', dim: 10, precision: 'ff' });
    roundTrip({ algorithm: 'pso', problem: 'rastrigin', dim: 10, precision: 'ff' });
    const req = { algorithm: 'de', problem: 'cec2017_f5', dim: 10, precision: 'ff' as const };
    expect(printAlgo(algorithmIr(req).algo)).toContain('  (state X 48 10 (lo X.lo))\n');
  });

  it('round-trips a repeat with an index (test/algo/repeat-index-source.ts)', () => {
    const req = { algorithm: 'rep', problem: 'p', dim: 3, sources: { 't.opt': REPEAT_INDEX_SRC } };
    roundTrip(req);
    expect(printAlgo(algorithmIr(req).algo)).toContain('(repeat 3 (index 0)\n');
  });

  it('round-trips a repeat n while c before and after the while pass (examples/es_one_plus_one.opt)', () => {
    const req = {
      algorithm: 'es11',
      problem: 'sphere',
      dim: 10,
      files: ['examples/es_one_plus_one.opt'],
    };
    roundTrip(req);
    expect(printAlgo(algorithmIr(req, { until: 'lower' }).algo)).toContain('\n    (while 2000\n');
    const text = printAlgo(algorithmIr(req, { until: 'while' }).algo);
    expect(text).not.toContain('(while ');
    expect(text).toContain('(decides while1)');
  });
});

describe('the algorithm validator', () => {
  const de = () => algorithmIr({ algorithm: 'de', problem: 'sphere', dim: 4 }).algo;
  const bad = (edit: (text: string) => string, message: RegExp) => {
    const text = edit(printAlgo(de()));
    expect(() => validateAlgo(parseAlgo(text), 'test')).toThrow(IrInvalid);
    expect(() => validateAlgo(parseAlgo(text), 'test')).toThrow(message);
  };

  it('accepts DE', () => validateAlgo(de(), 'test'));
  it('refuses a state array declared twice', () =>
    bad(
      (t) => t.replace('  (state X.f 48 0)\n', '  (state X.f 48 0)\n  (state X.f 48 0)\n'),
      /declared twice/,
    ));
  it('refuses a population of the wrong size', () =>
    bad((t) => t.replace('(population X X.f 48)', '(population X X.f 47)'), /not 47 rows/));
  it('refuses a best point that is no state array', () =>
    bad((t) => t.replace('(best best best.f)', '(best nowhere best.f)'), /no state array/));
  it('refuses a step whose domain is not its n', () =>
    bad(
      (t) => t.replace('(step each.X 48 (evals 48)', '(step each.X 49 (evals 48)'),
      /runs over 48, not 49/,
    ));
  it('refuses a step that declares a state array unlike the algorithm', () =>
    bad(
      (t) =>
        t.replace(
          /(\(program de\.each\.X[^]*?)\(state target\.thr 1 0\)/,
          '$1(state target.thr 2 0)',
        ),
      /declares target\.thr unlike/,
    ));
  it('refuses a host expression that reads an array', () =>
    bad(
      (t) =>
        t.replace('(step each.X 48 (evals 48)', '(step each.X 48 (evals 48) (count (read X.f 0))'),
      /host expression holds a \(read/,
    ));
  it('refuses a loop flag that is not one row', () =>
    bad(
      (t) => t.replace('(step each.X 48 (evals 48)', '(step each.X 48 (evals 48) (guard X.f)'),
      /not one row/,
    ));
  it('refuses an invalid step program (the problem IR validator)', () =>
    bad((t) => t.replace('(write X.f ind2', '(write X.f nobody'), /IR invalid/));
  it('refuses a let statement after the pass store-lets, and accepts it before', () => {
    const text = printAlgo(de()).replace(
      '  (generation\n',
      '  (generation\n    (let g.m (min k 0 48 (read X.f k)))\n',
    );
    expect(() => validateAlgo(parseAlgo(text), 'test', passesThrough('store-lets'))).toThrow(
      /let statement \(g\.m\) after/,
    );
    validateAlgo(parseAlgo(text), 'test', passesThrough('select'));
  });
  it('refuses a let that reads a let not defined before it', () => {
    const text = printAlgo(de()).replace(
      '  (generation\n',
      '  (generation\n    (let g.m (+ @g.n 1.0))\n    (let g.n 1.0)\n',
    );
    expect(() => validateAlgo(parseAlgo(text), 'test')).toThrow(/reads g\.n, no let before it/);
  });
  describe('a while statement', () => {
    const req = {
      algorithm: 'es11',
      problem: 'sphere',
      dim: 4,
      files: ['examples/es_one_plus_one.opt'],
    };
    const lower = () => printAlgo(algorithmIr(req, { until: 'lower' }).algo);
    it('accepts a condition that draws (the individual index is bound in its result too)', () => {
      const src = `problem p(x[D]) in [-5, 5] optimum 0 { sum(j < D) x[j]^2 }
algorithm w(N = 4) {
  population X[N]
  generation {
    repeat 3 while rand() < 0.7 {
      each i in X { X[i] = better(X[i] * 0.5, X[i]) }
    }
  }
}`;
      const a = algorithmIr(
        { algorithm: 'w', problem: 'p', dim: 2, sources: { 'w.opt': src } },
        {
          until: 'lower',
        },
      ).algo;
      expect(printAlgo(a)).toMatch(/\(result \(if \(< \(draw u \d+ ind\d+ 0\) 0\.7\) 1 0\)\)/);
      validateAlgo(a, 'lower');
    });
    const badWhile = (text: string, stage: string, message: RegExp) => {
      expect(() => validateAlgo(parseAlgo(text), 'test', passesThrough(stage))).toThrow(IrInvalid);
      expect(() => validateAlgo(parseAlgo(text), 'test', passesThrough(stage))).toThrow(message);
    };
    it('is accepted from the elaborator (stage lower)', () =>
      validateAlgo(parseAlgo(lower()), 'test', passesThrough('lower')));
    it('is refused after lower: the while pass leaves none', () =>
      badWhile(lower(), 'while', /a while statement after the while pass/));
    it('refuses an iteration of WHILE_COUNT.carry evaluations or more', () =>
      badWhile(
        lower().replace('(step each.X 8 (evals 8)', '(step each.X 8 (evals 1048576)'),
        'lower',
        /makes 1048576 evaluations/,
      ));
    it('refuses a condition step that writes', () =>
      badWhile(
        lower().replace(/(\(cond\n[^]*?)(\(result \(if )/, '$1(write sigma 0 1.0) $2'),
        'lower',
        /condition step while1\.cond writes/,
      ));
  });
  it('refuses two host lets in one slot', () =>
    bad(
      (t) =>
        t.replace('  (problem\n', '  (host-let a 0 $gen)\n  (host-let b 0 $gen)\n  (problem\n'),
      /slot 0/,
    ));
});

describe('the algorithm validator on selections (before the select pass)', () => {
  const gojde = () =>
    printAlgo(
      algorithmIr({ algorithm: 'gojde', problem: 'sphere', dim: 4 }, { until: 'lower' }).algo,
    );
  const bad = (edit: (text: string) => string, message: RegExp, passesRun: string[] = []) => {
    const text = edit(gojde());
    expect(text).not.toBe(gojde());
    expect(() => validateAlgo(parseAlgo(text), 'test', passesRun)).toThrow(IrInvalid);
    expect(() => validateAlgo(parseAlgo(text), 'test', passesRun)).toThrow(message);
  };
  const SELECT = '(select best X (from O) (ranks X.rank3 O.rank3))';

  it('accepts GOjDE with its selection, which only the select pass may not leave', () => {
    expect(gojde()).toContain(SELECT);
    validateAlgo(parseAlgo(gojde()), 'test', []);
    expect(() => validateAlgo(parseAlgo(gojde()), 'test', ['select'])).toThrow(
      /\(select best X\) is left after the select pass/,
    );
  });
  it('refuses a selection from no population', () =>
    bad(
      (t) => t.replace(SELECT, SELECT.replace('(from O)', '(from Q)')),
      /names Q, which is no population/,
    ));
  it('refuses a rank array not of its population’s size', () =>
    bad(
      (t) => t.replace(SELECT, SELECT.replace('O.rank3', 'best.f')),
      /best\.f is not 128 values/,
    ));
  it('refuses best in place without its second rank array', () =>
    bad((t) => t.replace(SELECT, SELECT.replace(' O.rank3', '')), /with 1 rank arrays/));
  it('refuses a guard of more than one row', () =>
    bad((t) => t.replace(SELECT, SELECT.replace('))', ') (guard X.f))')), /guard is not one row/));
});
