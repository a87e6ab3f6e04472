// Experiments (issue 14, first step): `experiment NAME { ... }` declarations read into designs
// (src/elaborate/experiment.ts), `opt experiment FILE [NAME] --list` and `opt check` on them. The
// diagnostics of each error code are in test/diagnostics.test.ts.

import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { experimentDesign, OptError, suiteProblems } from '../src/api.js';
import { main } from '../src/cli/main.js';
import { RESULTS_FILE } from '../src/experiment/database.js';
import { experimentProgress } from '../src/cli/progress.js';
import { contents } from './results.js';
import { captureStdio, clearErr, clearOut, err, out } from './stdio.js';

const STUDY = `// seed 002's study, smaller
experiment study {
  algorithms = [jde, de(mutation: best1, crossover: bin, F: 0.5)]
  problems = suite gpu_de_benchmark
  dims = [50, 100]
  runs = 51
  budget = evals(100000 * D)
  target = 1e-8
  record = [0.01, 0.1, 0.5, 1.0];
  seed = 7
}
`;

describe('experiment designs', () => {
  it('reads every entry: algorithms with their values, a suite, dimensions, a budget of D', () => {
    const p = experimentDesign(undefined, { sources: { 'study.opt': STUDY } });
    const suite = suiteProblems('gpu_de_benchmark');
    expect(p.name).toBe('study');
    expect(p.algorithms).toEqual([
      { name: 'jde', label: 'jde', set: {} },
      {
        name: 'de',
        label: 'de(mutation: best1, crossover: bin, F: 0.5)',
        set: { mutation: 'best1', crossover: 'bin', F: '0.5' },
      },
    ]);
    expect(p.problems).toEqual(suite);
    expect(p.dims).toEqual([50, 100]);
    expect(p.runs).toBe(51);
    expect(p.budget).toEqual({ k: 'evals', perDim: { 50: 5_000_000, 100: 10_000_000 } });
    expect(p.target).toBe(1e-8);
    expect(p.record).toEqual([0.01, 0.1, 0.5, 1]);
    expect(p.seed).toBe(7);
    // Algorithm-major, then problem, then dimension.
    expect(p.cells).toHaveLength(2 * suite.length * 2);
    expect(p.cells.slice(0, 3).map((c) => [c.algorithm.name, c.problem, c.dim, c.evals])).toEqual([
      ['jde', suite[0], 50, 5_000_000],
      ['jde', suite[0], 100, 10_000_000],
      ['jde', suite[1], 50, 5_000_000],
    ]);
  });

  it('takes a time budget, a list of problems, and defaults for what it leaves out', () => {
    const p = experimentDesign('timed', {
      sources: {
        'a.opt': STUDY,
        'b.opt': `experiment timed {
          algorithms = [pso, de, scatter_search],
          problems = [sphere, rastrigin],
          dims = [10, 30],
          runs = 100,
          budget = seconds(1),
        }`,
      },
    });
    expect(p.budget).toEqual({ k: 'seconds', s: 1 });
    expect(p.cells.every((c) => c.seconds === 1 && c.evals === undefined)).toBe(true);
    expect(p.target).toBeUndefined();
    expect(p.record).toEqual([1]);
    expect(p.seed).toBe(1);
  });

  it('reports every entry that is wrong, each where it is written', () => {
    const bad = `experiment bad {
  algorithms = [jde, de(mutation: best2, F: 3), nope]
  problems = [sphere, sphere_]
  dims = [10, 0]
  runs = 5
  record = [0.5, 0.2]
}`;
    let e: unknown;
    try {
      experimentDesign(undefined, { sources: { 'bad.opt': bad } });
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(OptError);
    const ds = (e as OptError).diagnostics.map((d) => `${d.loc?.line}:${d.loc?.col} ${d.message}`);
    expect(ds).toEqual([
      "1:12 experiment 'bad' needs an entry 'budget'",
      "2:35 parameter 'mutation': 'best2' is not one of rand1, best1, current_to_best1, rand_to_best",
      "3:23 no problem named 'sphere_' (did you mean 'sphere'?)",
      "4:15 'dims' of an experiment is a list of dimensions (positive integers), [10, 30]",
      "6:12 'record' of an experiment is increasing fractions of the budget in (0, 1], ending with 1.0",
    ]);
  });
});

describe('opt experiment and opt check', () => {
  captureStdio();
  const dir = mkdtempSync(join(tmpdir(), 'opt-experiment-'));
  const study = join(dir, 'study.opt');
  writeFileSync(study, STUDY);

  it('--list prints the design, a line per cell; --json the design as JSON', async () => {
    expect(await main(['experiment', study, '--list'])).toBe(0);
    const lines = out.trim().split('\n');
    const n = suiteProblems('gpu_de_benchmark').length;
    expect(lines[0]).toBe(
      `experiment study: 2 algorithms x ${n} problems x 2 dimensions = ${4 * n} cells, 51 runs each (${(204 * n).toLocaleString('en-US')} runs), seeds 7 to 57`,
    );
    expect(lines[1]).toBe(
      'budget: evaluations: 5,000,000 at D = 50, 10,000,000 at D = 100; target 1e-8; best kept at 0.01, 0.1, 0.5, 1 of it',
    );
    expect(lines).toHaveLength(3 + 4 * n);
    expect(lines.at(-1)).toMatch(
      /de\(mutation: best1, crossover: bin, F: 0\.5\)\s+\S+\s+100\s+10,000,000 evaluations$/,
    );
    clearOut();
    expect(await main(['experiment', study, 'study', '--json'])).toBe(0);
    const { sources: _s, ...design } = experimentDesign('study', { files: [study] });
    expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(design)));
  });

  it('asks for --out or --list, and names an unknown experiment', async () => {
    expect(await main(['experiment', study])).toBe(2);
    expect(err).toMatch(/give --out DIR to run it .* or --list to print its design/);
    clearErr();
    expect(await main(['experiment', study, 'studdy', '--list'])).toBe(2);
    expect(err).toContain("error OPT7006: no experiment named 'studdy' (did you mean 'study'?)");
  });

  it('opt check counts experiments and reports their errors', async () => {
    expect(await main(['check', study])).toBe(0);
    expect(out).toBe(`${study}: 0 problems, 1 experiment, no errors\n`);
    const bad = join(dir, 'bad.opt');
    writeFileSync(bad, STUDY.replace('runs = 51', 'runs = 0'));
    expect(await main(['check', bad])).toBe(1);
    expect(err).toContain(
      `${bad}:6:10: error OPT7004: 'runs' of an experiment is a positive integer`,
    );
  });

  // Issue 34, item 6: every cell elaborated (the problem at its D, the algorithm for it) by opt
  // check, --list and before a run, its error at the experiment's entry; no database left behind.
  it('elaborates every cell: a dimension a problem does not allow, at its place in dims', async () => {
    const fixed = join(dir, 'fixed.opt');
    writeFileSync(
      fixed,
      `problem p(x[D]) where D == 30 in [-5, 5] { sum(i) x[i]^2 }

experiment e {
  algorithms = [de]
  problems = [p]
  dims = [30, 10]
  runs = 1
  budget = evals(100)
}
`,
    );
    const message = `${fixed}:6:15: error OPT4011: problem 'p' exists only where D == 30, and D = 10
   6 |   dims = [30, 10]
     |               ^~
1 error
`;
    expect(await main(['check', fixed])).toBe(1);
    expect(out).toBe('');
    expect(err).toBe(message);
    clearErr();
    expect(await main(['experiment', fixed, '--list'])).toBe(1);
    expect(out).toBe('');
    expect(err).toBe(message);
    clearErr();
    const outDir = join(dir, 'fixed-out');
    expect(await main(['experiment', fixed, '--out', outDir, '--backend', 'cpu'])).toBe(1);
    expect(err).toBe(message);
    expect(existsSync(outDir)).toBe(false);
  });

  it('elaborates every cell: an algorithm that cannot run on a problem, at the algorithm', async () => {
    const nobox = join(dir, 'nobox.opt');
    writeFileSync(
      nobox,
      `problem q(x[D]) { sum(i) x[i]^2 }

experiment e {
  algorithms = [jde, de(F: 0.5)]
  problems = [sphere, q]
  dims = [2, 10]
  runs = 1
  budget = evals(100)
}
`,
    );
    expect(await main(['check', nobox])).toBe(1);
    // Once an algorithm and problem, naming the dimensions and where the error arose.
    expect(err).toContain(
      `${nobox}:4:17: error OPT6006: problem 'q' has no box (in [lo, hi]): the initial population is drawn in it (jde on q at D = 2, 10; it arose at `,
    );
    expect(err).toContain(
      `${nobox}:4:22: error OPT6006: problem 'q' has no box (in [lo, hi]): the initial population is drawn in it (de(F: 0.5) on q at D = 2, 10; it arose at `,
    );
    expect(err).toMatch(/\n {5}\| {22}\^~{9}\n/);
    expect(err).toMatch(/\n2 errors\n$/);
    clearErr();
    expect(await main(['experiment', nobox, '--list'])).toBe(1);
    expect(err).toContain(`${nobox}:4:22: error OPT6006: problem 'q' has no box`);
  });
});

// ---- running an experiment into its database ---------------------------------------------------

const SMALL = `experiment small {
  algorithms = [de, jde(NP: 20)]
  problems = [sphere, rastrigin]
  dims = [4]
  runs = 3
  budget = evals(500 * D)
  record = [0.25, 0.5, 1.0]
  seed = 11
}
`;

describe('opt experiment --out: the runs into a SQLite database', () => {
  captureStdio();
  const dir = mkdtempSync(join(tmpdir(), 'opt-experiment-run-'));
  const small = join(dir, 'small.opt');
  writeFileSync(small, SMALL);
  const whole = join(dir, 'whole');

  it('runs every run once, each as opt run makes it with its seed, and again nothing', async () => {
    expect(await main(['experiment', small, '--out', whole, '--backend', 'cpu'])).toBe(0);
    const c = contents(join(whole, RESULTS_FILE));
    expect(c.cell).toHaveLength(4);
    expect(c.run).toHaveLength(12);
    expect(c.record).toHaveLength(36);
    // Cell 4 (jde(NP: 20) on rastrigin), run 2: seed 13, as opt run gives it.
    clearOut();
    expect(
      await main([
        'run',
        'jde',
        '--problem',
        'rastrigin',
        '--dim',
        '4',
        '--evals',
        '2000',
        '--seed',
        '13',
        '--set',
        'NP=20',
        '--backend',
        'cpu',
        '--json',
      ]),
    ).toBe(0);
    const alone = JSON.parse(out) as { evals: number; bestError: number; bestPoint: number[] };
    const row = (
      c.run as {
        cell: number;
        run: number;
        seed: number;
        evals: number;
        best_error: number;
        best_point: Buffer;
      }[]
    ).find((r) => r.cell === 4 && r.run === 2)!;
    expect(row.seed).toBe(13);
    expect(row.evals).toBe(alone.evals);
    expect(row.best_error).toBe(alone.bestError);
    expect(Array.from(new Float64Array(new Uint8Array(row.best_point).buffer))).toEqual(
      alone.bestPoint,
    );
    // The same command again: nothing left to run.
    clearErr();
    expect(await main(['experiment', small, '--out', whole, '--backend', 'cpu'])).toBe(0);
    expect(err).toBe('');
  });

  it('killed with SIGKILL and run again, ends with the database of the uninterrupted experiment', async () => {
    const cut = join(dir, 'cut');
    const { spawn } = await import('node:child_process');
    // Its own process group: SIGKILL reaches bin/opt.js and the compiler's process alike.
    const child = spawn(
      process.execPath,
      ['bin/opt.js', 'experiment', small, '--out', cut, '--backend', 'cpu'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
        detached: true,
      },
    );
    let progress = '';
    const closed = new Promise((r) => child.on('close', r));
    await new Promise<void>((resolve) =>
      child.stderr!.on('data', (d: Buffer) => {
        progress += d.toString();
        // Killed after its fifth run is committed (the sixth is under way or about to be).
        if ((progress.match(/^\[\d+\/12\]/gm) ?? []).length >= 5) resolve();
      }),
    );
    process.kill(-child.pid!, 'SIGKILL');
    await closed;
    expect(contents(join(cut, RESULTS_FILE)).run!.length).toBeLessThan(12);
    expect(await main(['experiment', small, '--out', cut, '--backend', 'cpu'])).toBe(0);
    expect(contents(join(cut, RESULTS_FILE))).toEqual(contents(join(whole, RESULTS_FILE)));
  });

  it('refuses a folder of another experiment, or of this one with another text', async () => {
    const mine = join(dir, 'mine');
    expect(await main(['experiment', small, '--out', mine, '--backend', 'cpu'])).toBe(0);
    const other = join(dir, 'other.opt');
    writeFileSync(other, SMALL.replace('runs = 3', 'runs = 4'));
    clearErr();
    expect(await main(['experiment', other, '--out', mine, '--backend', 'cpu'])).toBe(2);
    expect(err).toContain(
      `${join(mine, RESULTS_FILE)} holds the results of experiment 'small' as it was written then: its text has changed since`,
    );
    writeFileSync(other, SMALL.replace('experiment small', 'experiment smaller'));
    clearErr();
    expect(await main(['experiment', other, '--out', mine, '--backend', 'cpu'])).toBe(2);
    expect(err).toContain("holds the results of experiment 'small', not 'smaller'");
  });

  it("opt report writes each cell's statistics to report.md and cells.csv", async () => {
    const rep = join(dir, 'rep');
    expect(await main(['experiment', small, '--out', rep, '--backend', 'cpu'])).toBe(0);
    clearOut();
    expect(await main(['report', rep])).toBe(0);
    expect(out).toBe(readFileSync(join(rep, 'report.md'), 'utf8'));
    expect(out).toContain('| jde(NP: 20) | rastrigin | 3 |');
    // The numbers of cell 2 (de on rastrigin), computed here from the database's rows.
    const errors = (contents(join(rep, RESULTS_FILE)).run as { cell: number; best_error: number }[])
      .filter((r) => r.cell === 2)
      .map((r) => r.best_error);
    const m = errors.reduce((a, b) => a + b, 0) / 3;
    const sd = Math.sqrt(errors.reduce((a, b) => a + (b - m) ** 2, 0) / 2);
    const sorted = [...errors].sort((a, b) => a - b);
    const row = readFileSync(join(rep, 'cells.csv'), 'utf8').split('\n')[2]!.split(',');
    expect(row.slice(0, 5)).toEqual(['de', 'rastrigin', '4', '3', 'error']);
    expect(Number(row[5])).toBeCloseTo(m, 12);
    expect(Number(row[6])).toBeCloseTo(sd, 12);
    expect(row.slice(7, 10).map(Number)).toEqual([sorted[1], sorted[0], sorted[2]]);
    expect(row[10]).toBe(''); // no target: no success rate
    clearErr();
    expect(await main(['report', join(dir, 'nowhere')])).toBe(2);
    expect(err).toContain('results.sqlite: not found (opt experiment --out');
  });

  it('refuses a results file another experiment is writing', async () => {
    const busy = join(dir, 'busy');
    const { spawn } = await import('node:child_process');
    const child = spawn(
      process.execPath,
      ['bin/opt.js', 'experiment', small, '--out', busy, '--backend', 'cpu'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    const closed = new Promise((r) => child.on('close', r));
    await new Promise<void>((resolve) => child.stderr!.once('data', () => resolve()));
    clearErr();
    expect(await main(['experiment', small, '--out', busy, '--backend', 'cpu'])).toBe(2);
    expect(err).toContain('another opt experiment is writing to it');
    child.kill('SIGKILL');
    await closed;
  });
});

describe('the progress of an experiment', () => {
  it('is a bar of the runs with the time left on a terminal, a line a run elsewhere', () => {
    let text = '';
    const write = (s: string) => void (text += s);
    const bar = experimentProgress({ total: 12, done: 5, terminal: true, write });
    bar.run(
      6,
      '[6/12] de on sphere (D = 4), run 1 (seed 11): error 1.000e-3 after 2000 evaluations',
    );
    bar.stop();
    expect(text).toContain('5/12 runs  ETA');
    text = '';
    const plain = experimentProgress({ total: 12, done: 5, terminal: false, write });
    plain.run(6, '[6/12] a line');
    plain.stop();
    expect(text).toBe('[6/12] a line\n');
  });
});
