// The stdlib's suites (stdlib/suites/*.opt): every member is a problem, and seed 002's benchmark is
// its Table 2 in its order.

import { describe, expect, it } from 'vitest';
import { fixedDimension, parseAll, suiteProblems } from '../src/api.js';
import { ProblemElaborator } from '../src/elaborate/problem.js';

describe('stdlib suites', () => {
  it('all resolve to problems', () => {
    const parsed = parseAll({});
    const elab = new ProblemElaborator(parsed.sources);
    const names = elab.suiteNames();
    expect(names).toEqual(
      expect.arrayContaining(['gpu_de_benchmark', 'cec2017', 'cec2014', 'seed000', 'lastra2015']),
    );
    elab.checkSuites();
    expect(elab.diagnostics).toEqual([]);
    expect(suiteProblems('cec2017')).toHaveLength(29);
    expect(suiteProblems('cec2014')).toHaveLength(30);
    expect(suiteProblems('seed000')).toHaveLength(20);
    expect(suiteProblems('gojde_benchmark')).toHaveLength(19);
    expect(suiteProblems('lolib')).toHaveLength(50);
    expect(suiteProblems('nlolib')).toHaveLength(50);
    expect(suiteProblems('braun_etc_makespan')).toHaveLength(12);
    expect(suiteProblems('braun_etc')).toHaveLength(12);
    expect(suiteProblems('cec2010')).toHaveLength(20);
    expect(suiteProblems('lastra2015_cec2010')).toHaveLength(9);
  });

  it('fixed-size instances give their dimension, so a suite of them runs without --dim', () => {
    expect(fixedDimension('lolib_usa79')).toBe(79);
    expect(fixedDimension('nlolib_be75eec')).toBe(50);
    expect(fixedDimension('etc_flowtime_u_s_lolo')).toBe(512);
    expect(fixedDimension('sphere')).toBeUndefined();
    const sources = {
      'w.opt':
        'problem w(x[n]) where 2 * 3 == n in [0, 1] { sum(i) x[i] }\nproblem v(x[n]) where n >= 3 in [0, 1] { sum(i) x[i] }',
    };
    expect(fixedDimension('w', { sources })).toBe(6);
    expect(fixedDimension('v', { sources })).toBeUndefined();
  });

  it("gpu_de_benchmark is seed 002's Table 2, F01..F10", () => {
    expect(suiteProblems('gpu_de_benchmark')).toEqual([
      'cec2017_f3', // F01 Zakharov
      'cec2017_f4', // F02 Rosenbrock
      'cec2017_f5', // F03 Rastrigin
      'cec2017_f10', // F04 Schwefel
      'cec2014_f18', // F05 Hybrid 1 (CEC'14 F18)
      'cec2017_f16', // F06 Hybrid 2 (CEC'17 F16)
      'cec2014_f22', // F07 Hybrid 3 (CEC'14 F22)
      'cec2017_f22', // F08 Composition 1
      'cec2017_f24', // F09 Composition 2
      'cec2017_f26', // F10 Composition 3
    ]);
  });
});
