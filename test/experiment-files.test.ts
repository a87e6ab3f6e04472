// The papers' protocols shipped in experiments/ (docs/experiments-papers.md): each file's
// experiments elaborate into the designs the papers describe (their cells, runs and budgets).

import { describe, expect, it } from 'vitest';
import { experimentDesign } from '../src/api.js';

const design = (file: string, name: string) =>
  experimentDesign(name, { files: [`experiments/${file}`] });

describe('experiments/: the papers protocols', () => {
  it('seed 000, Table 2: 3 algorithms x 20 functions x D = 10, 30; 100 runs of 1 s', () => {
    const p = design('seed000.opt', 'seed000_table2');
    expect(p.cells).toHaveLength(120);
    expect(p.runs).toBe(100);
    expect(p.cells.every((c) => c.seconds === 1)).toBe(true);
    expect(design('seed000.opt', 'seed000_table2_short').runs).toBe(5);
  });

  it('seed 002: jDE and DE (NP 250) on its 10 functions at D = 50, 100; 100,000 D evaluations', () => {
    const p = design('seed002.opt', 'seed002_study');
    expect(p.cells).toHaveLength(40);
    expect(p.runs).toBe(30);
    expect(p.target).toBe(1e-8);
    expect(new Set(p.cells.map((c) => `${c.dim}:${c.evals}`))).toEqual(
      new Set(['50:5000000', '100:10000000']),
    );
  });

  it('seed 003, Table 2: GOjDE and DE (NP 128) on 19 functions at D = 100; 5,000 D evaluations', () => {
    const p = design('seed003.opt', 'seed003_table2');
    expect(p.cells).toHaveLength(38);
    expect(p.runs).toBe(25);
    expect(p.cells.every((c) => c.dim === 100 && c.evals === 500000)).toBe(true);
  });

  it('seed 004: DE on the 50 LOLIB instances, each at its own size, 10 runs of 5 s; ETC, 30 s', () => {
    const p = design('seed004.opt', 'seed004_lolib');
    expect(p.cells).toHaveLength(50);
    expect(p.dims).toEqual([44, 50, 56, 60, 79]);
    expect(p.cells.find((c) => c.problem === 'lolib_usa79')!.dim).toBe(79);
    expect(p.cells.every((c) => c.seconds === 5)).toBe(true);
    const etc = design('seed004.opt', 'seed004_etc');
    expect(etc.cells).toHaveLength(36);
    expect(etc.cells.every((c) => c.dim === 512 && c.seconds === 30)).toBe(true);
  });
});
