// The command line, run in-process through main() with stdout and stderr captured, plus one run of
// the real `bin/opt.js` (which needs the build in dist/, made by `npm ci` through `prepare`).

import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { main } from '../src/cli/main.js';
import { captureStdio, clearErr, clearOut, err, out } from './stdio.js';
import { killed } from './killed-run.js';
import { suiteProblems } from '../src/api.js';
import { parseCommand, usageLines, withoutFlags } from '../src/cli/args.js';
import { COMMANDS, EXIT } from '../src/cli/flags.js';

captureStdio();

const dir = mkdtempSync(join(tmpdir(), 'opt-cli-'));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

/**
 * A long CPU run of bin/opt.js (DE on sphere, D = 20, a budget it never reaches) stopped by
 * `signal` once it has begun: the CLI makes the --out folder after installing its Ctrl-C and
 * SIGTERM handlers and before the first run (a fixed delay raced with a slow start under load).
 */
async function interrupted(signal: NodeJS.Signals, outDir: string, extra: string[] = []) {
  const { spawn } = await import('node:child_process');
  const child = spawn(
    process.execPath,
    [
      'bin/opt.js',
      'run',
      'de',
      '--problem',
      'sphere',
      '--dim',
      '20',
      '--backend',
      'cpu',
      '--evals',
      '1000000000',
      '--target',
      'none',
      '--out',
      outDir,
      ...extra,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d));
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  const closed = new Promise<number | null>((r) => child.on('close', r));
  const t0 = Date.now();
  while (!existsSync(outDir) && Date.now() - t0 < 60_000)
    await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 500));
  child.kill(signal);
  return { code: await closed, stdout, stderr };
}

describe('opt eval', () => {
  it('prints one fitness per line with 17 significant digits (CPU)', async () => {
    const pts = file('p.txt', '0 0 0\n1, 2, 3\n# a comment\n\n0.5 -0.5 4.2\n');
    expect(await main(['eval', 'rastrigin', '--dim', '3', '--points', pts])).toBe(0);
    expect(out.trim().split('\n')).toEqual([
      '0.0000000000000000',
      '14.000000000000000',
      '65.049830056250514',
    ]);
  });
  it('reads a JSON array of points', async () => {
    const pts = file('p.json', '[[1, 1], [0, 2]]');
    expect(await main(['eval', 'sphere', '--dim', '2', '--points', pts])).toBe(0);
    expect(out.trim().split('\n').map(Number)).toEqual([2, 4]);
  });
  it('evaluates on the GPU within float32 accuracy of the CPU', async () => {
    const pts = file('g.txt', '1 2 3 4\n-1 0.5 2 -3\n');
    expect(await main(['eval', 'griewank', '--dim', '4', '--points', pts])).toBe(0);
    const cpu = out.trim().split('\n').map(Number);
    clearOut();
    expect(
      await main(['eval', 'griewank', '--dim', '4', '--points', pts, '--backend', 'gpu']),
    ).toBe(0);
    const gpu = out.trim().split('\n').map(Number);
    gpu.forEach((g, k) =>
      expect(Math.abs(g - cpu[k]!)).toBeLessThan(1e-6 * Math.max(1, Math.abs(cpu[k]!))),
    );
  });
  it('says so when a GPU value overflows float32 where float64 has a number (never a silent inf)', async () => {
    // exp(sum x) at D = 4 in [50, 100]: e^200 to e^400, far beyond float32's 3.4e38 and within
    // float64's range; no product, so nothing stores it in the scaled form (passes/range.ts).
    const lib = file('blowup.opt', 'problem blowup(x[D]) in [50, 100] {\n  exp(sum(i) x[i])\n}\n');
    const pts = file('o.txt', '60 60 60 60\n');
    const args = ['eval', lib, '--problem', 'blowup', '--dim', '4', '--points', pts];
    expect(await main(args)).toBe(0);
    expect(Number(out.trim())).toBeGreaterThan(1e100);
    clearOut();
    expect(await main([...args, '--backend', 'gpu'])).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(
      /blowup at D = 4: the value at point 1 is beyond float32's range on the GPU \(Infinity; float64 gives [0-9.]+e\+\d+\)/,
    );
    // And a run stops before its first generation, saying why.
    clearErr();
    const run = ['run', 'de', lib, '--problem', 'blowup', '--dim', '4', '--evals', '2000'];
    expect(await main([...run, '--backend', 'gpu'])).toBe(2);
    expect(err).toMatch(
      /blowup at D = 4: every point of the initial population has a value beyond float32's range on the GPU/,
    );
    expect(await main([...run, '--backend', 'cpu'])).toBe(0);
    // opt check --dim D says so before anything runs (a sample of the box in float64).
    clearOut();
    expect(await main(['check', lib, '--problem', 'blowup', '--dim', '4'])).toBe(0);
    expect(out).toMatch(
      /^blowup at D = 4: beyond float32's range at 64 of 64 random points of its box \(\|value\| up to [0-9.]+e\+\d+; float32 ends at 3\.4e\+38\): the GPU backend cannot evaluate it there/m,
    );
    // A problem that is NaN on part of its box: said first, and the range line speaks of the
    // points where it has a value (it said "within float32's range at 64 random points" before).
    const half = file(
      'half.opt',
      'problem halfnan(x[D]) in [-1, 1] { sqrt(x[0]) + sum(i) x[i]^2 }\n',
    );
    clearOut();
    expect(await main(['check', half, '--problem', 'halfnan', '--dim', '4'])).toBe(0);
    const lines = out.trim().split('\n').slice(-2);
    const nan = Number(/at (\d+) of 64/.exec(lines[0]!)?.[1]);
    // x[0] uniform in [-1, 1]: about half the points; 64 draws put it within 12 of 32.
    expect(Math.abs(nan - 32)).toBeLessThan(12);
    expect(lines[0]).toBe(
      `halfnan at D = 4: not a number (NaN) in float64 at ${nan} of 64 random points of its box: the problem has no value there`,
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `^halfnan at D = 4: within float32's range at the ${64 - nan} of 64 random points of its box where it has a value`,
      ),
    );
    clearErr();
    expect(await main(['check', '--problem', 'soco2010_f7'])).toBe(2);
    expect(err).toContain('--dim is required');
    // In a suite the others still run, and the exit code says one was not.
    const suites = file(
      'wide.opt',
      'problem blowup(x[D]) in [50, 100] {\n  exp(sum(i) x[i])\n}\nsuite wide = [blowup, sphere]\n',
    );
    clearErr();
    clearOut();
    const wide = ['run', 'de', suites, '--suite', 'wide', '--dim', '4', '--evals', '2000'];
    expect(await main([...wide, '--backend', 'gpu'])).toBe(2);
    expect(err).toMatch(/^F01 de on blowup: not run: blowup at D = 4: every point/m);
    expect(out).toMatch(/^F02 de on sphere \(D = 4, gpu\): best error/m);
  });
  it('reports a shader the device rejects with its kernel, WGSL line and message (exit 4), never as an internal error', async () => {
    // An integer index beyond i32 (a compiler bug that opt does not catch yet: the CPU computes
    // it in float64): Tint refuses the literal 2147483648i. (This test used a 200-term sum until
    // long expressions were cut into lets, issue 34, item 3; test/long/long-expr.gpu.long.test.ts.)
    const lib = file(
      'big.opt',
      'problem big(x[D]) in [-1, 1] { sum(i < D) x[(i + 2147483648) % D] }\n',
    );
    const pts = file('half.txt', '0.5 0.5 0.5 0.5');
    clearErr();
    clearOut();
    expect(
      await main([
        'eval',
        lib,
        '--problem',
        'big',
        '--dim',
        '4',
        '--points',
        pts,
        '--backend',
        'gpu',
      ]),
    ).toBe(4);
    expect(out).toBe('');
    expect(err).toMatch(
      /^opt: GPU: the device rejected the WGSL that opt generated, a bug of the compiler \(please report it/,
    );
    expect(err).toMatch(
      /\nkernel evaluate, WGSL line \d+, column \d+ \(the line has \d+ characters\): \S.*\n  \d+ \| /,
    );
    expect(err).toContain("cannot be represented as 'i32'");
    expect(err).not.toContain('internal error');
    // The CPU backend evaluates it: 4 x 0.5.
    clearOut();
    expect(await main(['eval', lib, '--problem', 'big', '--dim', '4', '--points', pts])).toBe(0);
    expect(Number(out.trim())).toBe(2);
  });
  it("computes Schwefel 2.22's product through logarithms beyond float32's range (SOCO F7 at D = 100)", async () => {
    // x = +-5 at D = 100, less the shift: a product of about 3e58. The GPU's value is within a
    // relative u (4 sum |ln|z_i|| + (chain + 3) |lp|) of float64's (lp = sum ln|z_i| = 135, its
    // float32 sum over a chain of a few hundred additions): about 1e-4 at most.
    const pts = file('o.txt', Array.from({ length: 100 }, (_, i) => (i % 2 ? 5 : -5)).join(' '));
    const args = ['eval', 'soco2010_f7', '--dim', '100', '--points', pts];
    expect(await main(args)).toBe(0);
    const cpu = Number(out.trim());
    expect(cpu).toBeGreaterThan(1e50);
    clearOut();
    expect(await main([...args, '--backend', 'gpu'])).toBe(0);
    const gpu = Number(out.trim());
    expect(Math.abs(gpu - cpu)).toBeLessThan(1e-4 * cpu);
    clearOut();
    expect(await main(['check', '--problem', 'soco2010_f7', '--dim', '100'])).toBe(0);
    expect(out).toMatch(
      /^soco2010_f7 at D = 100: beyond float32's range at 64 of 64 random points of its box \(\|value\| up to [0-9.]+e\+\d+; float32 ends at 3\.4e\+38\): the GPU computes its product through logarithms/,
    );
    clearOut();
    expect(await main(['check', '--problem', 'soco2010_f7', '--dim', '10'])).toBe(0);
    expect(out).toMatch(/^soco2010_f7 at D = 10: within float32's range at 64 random points/);
    // DE uses fitness only through its order: it runs on the GPU, and its values decode.
    clearOut();
    const run = ['run', 'de', '--problem', 'soco2010_f7', '--dim', '100', '--evals', '2000'];
    expect(await main([...run, '--backend', 'gpu', '--json'])).toBe(0);
    const r = JSON.parse(out.trim()) as {
      bestFitness: number;
      deviceFitness: number;
      trace: { best: number }[];
    };
    // The initial population's best is beyond float32's range; 2,000 evaluations later less so.
    expect(r.trace[0]!.best).toBeGreaterThan(1e38);
    expect(r.bestFitness).toBeLessThan(r.trace[0]!.best);
    expect(Math.abs(r.deviceFitness - r.bestFitness)).toBeLessThan(1e-4 * r.bestFitness);
    // L-SHADE weighs differences of fitness: it is refused on the GPU, and says why.
    clearErr();
    const ls = ['run', 'lshade', '--problem', 'soco2010_f7', '--dim', '100', '--evals', '20000'];
    expect(await main([...ls, '--backend', 'gpu'])).toBe(2);
    expect(err).toMatch(
      /uses fitness only through its order; lshade does not: step at\.MF: the binding sf/,
    );
  });
  it('--precision auto holds the population in float-float where float32 cannot reach the target', async () => {
    // CEC 2017 F1's float32 floor is 1.5e-5 at D = 10: above the default target 1e-8, not above 1e-3.
    const run = ['run', 'de', '--problem', 'cec2017_f1', '--dim', '10', '--evals', '960'];
    const precision = async (...more: string[]) => {
      clearOut();
      expect(await main([...run, '--json', ...more])).toBe(0);
      return (JSON.parse(out.trim().split('\n')[0]!) as { precision: string }).precision;
    };
    expect(await precision('--backend', 'gpu')).toBe('ff');
    expect(await precision('--backend', 'gpu', '--target', '1e-3')).toBe('f32');
    expect(await precision('--backend', 'gpu', '--target', 'none')).toBe('f32');
    expect(await precision('--backend', 'gpu', '--target', 'none', '--precision', 'ff')).toBe('ff');
    expect(await precision('--backend', 'gpu', '--precision', 'f32')).toBe('f32');
    expect(await precision('--backend', 'cpu')).toBe('f64');
    expect(await main([...run, '--precision', 'double'])).toBe(2);
    expect(err).toContain('--precision');
  });
  it('names the line of a point with the wrong length', async () => {
    const pts = file('bad.txt', '1 2 3\n1 2\n');
    expect(await main(['eval', 'sphere', '--dim', '3', '--points', pts])).toBe(2);
    expect(err).toContain(`${pts}:2: the point has 2 coordinates, but --dim is 3`);
  });
  it('names the line and coordinate of a non-number', async () => {
    const pts = file('nan.txt', '1 2 3\n1 x 3\n');
    expect(await main(['eval', 'sphere', '--dim', '3', '--points', pts])).toBe(2);
    expect(err).toContain(`${pts}:2: 'x' (coordinate 2) is not a finite number`);
  });
  it('rejects a bad flag value with the allowed range', async () => {
    expect(await main(['eval', 'sphere', '--dim', '0', '--points', 'x'])).toBe(2);
    expect(err).toContain('--dim: 0 is outside the allowed range 1..');
    clearErr();
    expect(await main(['eval', 'sphere', '--dim', '3', '--points', 'x', '--backend', 'tpu'])).toBe(
      2,
    );
    expect(err).toContain("--backend: 'tpu' is not one of cpu, gpu");
  });
  it('suggests a stdlib name for a typo', async () => {
    const pts = file('p3.txt', '0 0 0\n');
    // A name on the command line that names nothing: a bad command (README, exit codes).
    expect(await main(['eval', 'rastrign', '--dim', '3', '--points', pts])).toBe(2);
    expect(err).toContain("error OPT4006: no problem named 'rastrign' (did you mean 'rastrigin'?)");
  });
  it('names the adapters when --adapter matches none', async () => {
    const pts = file('a.txt', '1 2\n');
    expect(
      await main([
        'eval',
        'sphere',
        '--dim',
        '2',
        '--points',
        pts,
        '--backend',
        'gpu',
        '--adapter',
        'no-such-gpu-xyz',
      ]),
    ).toBe(4);
    expect(err).toMatch(/^opt: GPU: .*no-such-gpu-xyz/m);
    expect(err).not.toContain('internal error');
  });
  it('evaluates points outside the box as given', async () => {
    const pts = file('out.txt', '100 100\n');
    expect(await main(['eval', 'rastrigin', '--dim', '2', '--points', pts])).toBe(0);
    expect(Number(out)).toBe(20000);
  });
});

describe('opt check and compile', () => {
  it('check: exit 0 and a summary for a good file, exit 1 with caret diagnostics for a bad one', async () => {
    const good = file('good.opt', 'problem p(x[D]) in [-1, 1] optimum 0 at 0 { sum(i) x[i]^2 }\n');
    expect(await main(['check', good])).toBe(0);
    expect(out).toContain('1 problem, no errors');
    const bad = file(
      'bad.opt',
      'problem p(x[D]) in [-1, 1] optimum 0 {\n  sum(i) x[i]^2 - cos(x[i])\n}\n',
    );
    expect(await main(['check', bad])).toBe(1);
    expect(err).toMatch(
      new RegExp(`${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:25: error OPT\\d{4}: `),
    );
    expect(err).toContain('^');
  });
  it('check of a data file with a shifted row: exit 1, the declaration and the data line:column', async () => {
    // Issue 34: `1,5` on one row of a two-column file shifted every later row, silently.
    const csv = file('fit.csv', 'x,y\n0,1\n0.5,0.8\n1,5,0.6\n1.5,0.5\n');
    const src = file(
      'fit.opt',
      'data XY[N][2] = file("fit.csv")\nproblem fit(p[D]) where D == 2 in [-5, 5] {\n' +
        '  sum(k < N) (XY[k][1] - p[0] * exp(p[1] * XY[k][0]))^2\n}\n',
    );
    expect(await main(['check', src])).toBe(1);
    expect(err).toContain(
      `${src}:1:22: error OPT5006: data 'XY': ${csv}:4:5: line 4 has 3 values, but XY has 2 columns\n` +
        '   1 | data XY[N][2] = file("fit.csv")\n' +
        '     |                      ^~~~~~~~~\n' +
        `${csv}:4:5: note: value 3, beyond the 2 columns\n` +
        '   4 | 1,5,0.6\n' +
        '     |     ^\n',
    );
    clearErr();
    writeFileSync(csv, 'x,y\n0,1\n0.5,0.8\n1,0.6\n1.5,0.5\n');
    expect(await main(['check', src])).toBe(0);
  });
  it("check of a stdlib file: the file replaces the stdlib's copy (no 'already defined')", async () => {
    const de = resolve(__dirname, '../stdlib/algorithms/de.opt');
    expect(await main(['check', de])).toBe(0);
    expect(out).toContain('0 problems, 1 algorithm, no errors');
  });
  it('compile --emit wgsl states the kernel count; --emit ir and js print the program', async () => {
    expect(
      await main(['compile', 'shifted_schwefel_1_2', '--dim', '1000000', '--population', '16']),
    ).toBe(0);
    expect(out).toContain('shifted_schwefel_1_2, D = 1000000: 3 kernels (split');
    expect(out).toContain('@compute');
    clearOut();
    expect(await main(['compile', 'griewank', '--dim', '5', '--emit', 'ir'])).toBe(0);
    expect(out).toContain('(program griewank (dim 5)');
    expect(out).toContain('(schedule');
    clearOut();
    expect(await main(['compile', 'griewank', '--dim', '5', '--emit', 'js'])).toBe(0);
    expect(out).toContain('function f_main(x, xo)');
  });
  it('compile --dump-ir after:PASS stops after that pass, and rejects an unknown pass', async () => {
    expect(
      await main(['compile', 'shifted_rastrigin', '--dim', '4', '--dump-ir', 'after:inline']),
    ).toBe(0);
    expect(out).not.toContain('(schedule');
    expect(out).not.toContain('(func rastrigin@4');
    expect(await main(['compile', 'rastrigin', '--dim', '4', '--dump-ir', 'after:magic'])).toBe(2);
    expect(err).toContain(
      '--dump-ir: expected after:PASS with PASS one of lower, inline, fold, centre, bias, cosine, expm1, cse, scan, turns, residual, narrow, ffsplit, range, spread, twofloat, fuse, schedule',
    );
  });
  it('compile --algorithm --dump-algo-ir after:PASS prints the algorithm IR after that algorithm pass', async () => {
    const args = ['compile', '--algorithm', 'de', '--problem', 'shifted_rastrigin', '--dim', '4'];
    expect(await main([...args, '--dump-algo-ir', 'after:lower'])).toBe(0);
    expect(out).toMatch(/^\(algorithm de \(dim 4\)/);
    expect(out).not.toContain('(residual ');
    expect(out).not.toContain('(with-track');
    clearOut();
    expect(await main([...args, '--dump-algo-ir', 'after:fuse-track'])).toBe(0);
    expect(out).toContain('(residual ');
    expect(out).toContain('(with-track');
    expect(await main([...args, '--dump-algo-ir', 'after:magic'])).toBe(2);
    expect(err).toContain(
      '--dump-algo-ir: expected after:PASS with PASS one of lower, while, select, store-lets, fitness, data, twofloat, regime, fuse-track',
    );
    clearErr();
    expect(
      await main(['compile', 'rastrigin', '--dim', '4', '--dump-algo-ir', 'after:lower']),
    ).toBe(2);
    expect(err).toContain('--dump-algo-ir needs --algorithm NAME');
  });
  it('compiles a user file that calls the stdlib', async () => {
    expect(
      await main(['compile', 'examples/shifted_sphere.opt', '--dim', '8', '--emit', 'ir']),
    ).toBe(0);
    expect(out).toContain('(program shifted_sphere (dim 8)');
  });
  it('unknown commands and flags are usage errors, never stack traces', async () => {
    expect(await main(['frobnicate'])).toBe(2);
    expect(err).toContain("unknown command 'frobnicate'");
    clearErr();
    expect(await main(['compile', 'sphere', '--dim', '3', '--colour'])).toBe(2);
    expect(err).toContain('unknown flag --colour');
    expect(err).not.toMatch(/\n\s+at /);
  });
});

describe('programs in several files (import)', () => {
  // A problem in one file, an algorithm in another (which imports the problems), an experiment
  // importing both; paths relative to the importing file.
  const multi = join(dir, 'multi');
  const put = (name: string, text: string) => {
    const p = join(multi, name);
    mkdirSync(join(p, '..'), { recursive: true });
    writeFileSync(p, text);
    return p;
  };
  put(
    'lib/problems.opt',
    'problem bowl(x[D]) in [-5, 5] optimum 0 at 1 {\n  sum(i) (x[i] - 1)^2\n}\n',
  );
  put(
    'lib/walk.opt',
    `import "problems.opt"

algorithm walk(NP = 16, sigma = 0.1) {
  population X[NP]
  generation {
    each i in X {
      let y[j] = clamp(X[i][j] + sigma * (hi - lo) * normal(), lo, hi)
      X[i] = if f(y) <= f(X[i]) then y else X[i]
    }
  }
}
`,
  );
  const study = put(
    'study.opt',
    `import "lib/problems.opt"
import "lib/walk.opt"

experiment study {
  algorithms = [walk, de(NP: 12)]
  problems = [bowl]
  dims = [3]
  runs = 2
  budget = evals(600)
}
`,
  );
  const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  it('check, run, eval, compile and experiment follow the imports', async () => {
    expect(await main(['check', study])).toBe(0);
    expect(out).toBe(
      `${study} (and ${join(multi, 'lib/problems.opt')}, ${join(multi, 'lib/walk.opt')}, imported): 1 problem, 1 algorithm, 1 experiment, no errors\n`,
    );
    clearOut();
    const run = ['run', 'walk', study, '--problem', 'bowl', '--dim', '3', '--evals', '800'];
    expect(await main([...run, '--backend', 'cpu', '--json', '--target', 'none'])).toBe(0);
    const report = JSON.parse(out) as { algorithm: string; problem: string; evals: number };
    expect(report).toMatchObject({ algorithm: 'walk', problem: 'bowl', evals: 800 });
    clearOut();
    const pts = file('multi-points.txt', '1 1 1\n0 1 2\n');
    expect(await main(['eval', study, '--dim', '3', '--points', pts])).toBe(0);
    expect(out.trim().split('\n').map(Number)).toEqual([0, 2]);
    clearOut();
    expect(await main(['compile', study, '--dim', '3', '--emit', 'ir'])).toBe(0);
    expect(out).toContain('(program bowl (dim 3)');
    clearOut();
    const outDir = join(dir, 'multi-out');
    expect(await main(['experiment', study, '--out', outDir, '--backend', 'cpu'])).toBe(0);
    expect(err).toContain('[4/4] de(NP: 12) on bowl (D = 3), run 2 (seed 2)');
    expect(out).toContain(`experiment study: 4 runs in ${join(outDir, 'results.sqlite')}`);
    // The same command again with an imported file changed: the folder is another program's.
    clearErr();
    const walk = join(multi, 'lib/walk.opt');
    writeFileSync(walk, readFileSync(walk, 'utf8').replace('sigma = 0.1', 'sigma = 0.2'));
    expect(await main(['experiment', study, '--out', outDir, '--backend', 'cpu'])).toBe(2);
    expect(err).toContain(
      "holds the results of experiment 'study' with other source files (the standard library's or the user's have changed since)",
    );
  }, 60_000);

  it("a shard's worker, started elsewhere as a Slurm array task is, finds the imports", () => {
    // The command line experiment-slurm.ts writes (the file's absolute path), run from another
    // folder: the imports are relative to the file, not to where the worker starts.
    const bin = resolve(__dirname, '../bin/opt.js');
    const shard = join(dir, 'multi-shard');
    const r = spawnSync(
      process.execPath,
      [bin, 'experiment', study, 'study', '--out', shard, '--shard', '1/2', '--backend', 'cpu'],
      { cwd: tmpdir(), encoding: 'utf8' },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      `experiment study, shard 1/2: 2 runs in ${join(shard, 'results.sqlite')}`,
    );
  }, 60_000);

  it('a missing file and a cycle are errors at the import (exit 1, a code and a caret)', async () => {
    const missing = put('missing.opt', '// uses the walk\nimport "lib/wlak.opt"\n');
    expect(await main(['check', missing])).toBe(1);
    expect(err).toMatch(
      new RegExp(
        `^${escaped(missing)}:2:1: error OPT2012: cannot import 'lib/wlak.opt': there is no file ${escaped(join(multi, 'lib/wlak.opt'))}\n   2 \\| import "lib/wlak.opt"\n     \\| \\^~{20}\n1 error\n$`,
      ),
    );
    clearErr();
    const a = put('cycle/a.opt', 'import "sub/b.opt"\nproblem pa(x[D]) { x[0] }\n');
    put('cycle/sub/b.opt', 'import "../a.opt"\n');
    for (const cmd of [
      ['check', a],
      ['run', 'de', a, '--problem', 'pa', '--dim', '2', '--evals', '100'],
    ]) {
      expect(await main(cmd)).toBe(1);
      expect(err).toContain(
        `${a}:1:1: error OPT2013: import cycle: a.opt -> sub/b.opt -> a.opt (a file cannot import itself, directly or through others)\n   1 | import "sub/b.opt"\n     | ^~~~~~~~~~~~~~~~~~\n`,
      );
      clearErr();
    }
  });
});

describe('opt --help and the flag table', () => {
  it('opt --help writes every usage line from the flag table; opt alone is a usage error', async () => {
    expect(await main(['--help'])).toBe(0);
    for (const def of Object.values(COMMANDS))
      for (const line of usageLines(def)) expect(out).toContain(line);
    expect(out).toContain('opt compile FILE|NAME --dim D [--emit wgsl|ir|js|plan|ts] [--out DIR]');
    clearOut();
    expect(await main([])).toBe(2);
    expect(out).toContain('usage:');
  });
  it('opt COMMAND --help lists each flag of the command with its range, choices and default', async () => {
    expect(await main(['run', '--help'])).toBe(0);
    expect(out).toContain('Usage: opt run ALGORITHM|FILE --problem NAME|--suite NAME');
    for (const flag of Object.keys(COMMANDS.run.flags)) expect(out).toContain(`--${flag}`);
    const help = out.replace(/\s+/g, ' '); // without the line wrapping
    expect(help).toMatch(/--seed <S> the seed [^-]*\(an integer in 0\.\.\d+; default 1\)/);
    expect(help).toMatch(/--backend <BACKEND> [^-]*\(one of cpu, gpu; default gpu\)/);
    expect(err).toBe('');
    const runHelp = out;
    clearOut();
    expect(await main(['help', 'run'])).toBe(0);
    expect(out).toBe(runHelp);
  });
  it('every command answers --help with its usage and every flag', async () => {
    for (const [name, def] of Object.entries(COMMANDS)) {
      clearOut();
      expect(await main([...name.split(' '), '--help']), name).toBe(0);
      expect(out, name).toContain(`Usage: opt ${name} `);
      for (const flag of Object.keys(def.flags)) expect(out, name).toContain(`--${flag}`);
    }
    expect(err).toBe('');
  });
  it('parses values into the types the table gives (checked by tsc on the tests)', () => {
    const { positional, flags } = parseCommand(COMMANDS.compile, [
      'sphere',
      '--dim=7',
      '--set',
      'a=1',
      '--set',
      'b=2',
      '--dump-ir',
      'after:fold',
    ]);
    expectTypeOf(flags.dim).toEqualTypeOf<number>();
    expectTypeOf(flags.population).toEqualTypeOf<number | undefined>();
    expectTypeOf(flags.emit).toEqualTypeOf<'wgsl' | 'ir' | 'js' | 'plan' | 'ts'>();
    expectTypeOf(flags.set).toEqualTypeOf<string[]>();
    expectTypeOf(flags['dump-ir']).toEqualTypeOf<string | undefined>();
    expect([positional, flags.dim, flags.emit, flags.set, flags['dump-ir']]).toEqual([
      ['sphere'],
      7,
      'wgsl',
      ['a=1', 'b=2'],
      'fold',
    ]);
    const run = parseCommand(COMMANDS.run, ['de', '--target', 'none', '--json']).flags;
    expectTypeOf(run.target).toEqualTypeOf<number | 'none' | undefined>();
    expectTypeOf(run.json).toEqualTypeOf<boolean>();
    expectTypeOf(run.backend).toEqualTypeOf<'cpu' | 'gpu'>();
    expect([run.target, run.json, run.backend, run.seed, run.dim]).toEqual([
      'none',
      true,
      'gpu',
      1,
      undefined,
    ]);
  });
  it('withoutFlags drops flags and their values in both forms (opt bench --isolate)', () => {
    const argv = [
      '--isolate',
      '--json',
      'a.json',
      '--only=x,y',
      '--quick',
      '--dims',
      '16',
      'F.opt',
    ];
    expect(withoutFlags(COMMANDS.bench, argv, ['isolate', 'json', 'only', 'dims'])).toEqual([
      '--quick',
      'F.opt',
    ]);
  });
  it('a flag without its value, a bad --target and a bad --dims name the flag', async () => {
    expect(await main(['compile', 'sphere', '--dim'])).toBe(2);
    expect(err).toContain('opt: --dim needs a value');
    clearErr();
    expect(await main(['run', 'de', '--problem', 'sphere', '--dim', '2', '--target', 'x'])).toBe(2);
    expect(err).toContain("--target: expected an error >= 0 or 'none', got 'x'");
    clearErr();
    expect(await main(['bench', '--dims', '100,x'])).toBe(2);
    expect(err).toContain("--dims: expected positive integers separated by commas, got '100,x'");
    clearErr();
    expect(await main(['run', 'de', '--problem', 'sphere', '--json=yes'])).toBe(2);
    expect(err).toContain('opt: --json takes no value');
    expect(err).not.toMatch(/\n\s+at /);
  });
});

describe.skipIf(!existsSync('dist/cli/main.js'))('bin/opt.js', () => {
  it('reads points from standard input with --points -', () => {
    const r = spawnSync(
      process.execPath,
      ['bin/opt.js', 'eval', 'sphere', '--dim', '2', '--points', '-'],
      { input: '1 2\n3 4\n', encoding: 'utf8' },
    );
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n').map(Number)).toEqual([5, 25]);
  });
  it('compile --emit plan prints the kernels: of a problem, and of each step of an algorithm', () => {
    const r = spawnSync(
      process.execPath,
      [
        'bin/opt.js',
        'compile',
        'shifted_schwefel_1_2',
        '--dim',
        '1000000',
        '--population',
        '16',
        '--emit',
        'plan',
      ],
      { encoding: 'utf8' },
    );
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n').slice(0, 5)).toEqual([
      'plan shifted_schwefel_1_2, D = 1000000: 3 kernels',
      '  regime  split: 62 workgroups of 256 per individual, a chunk of 16384 elements each',
      '  why     D = 1000000 >= 4 chunks of 16384 and the team regime fills 16 workgroups at population 16 (< 512)',
      '  kernel scan_chunks_0: n * 62 workgroups; buffers X, DATA, PART',
      "    runs       the totals of schwefel_1_2.s's tiles",
    ]);
    expect(r.stdout).toContain('  kernel combine_0: ceil(n / 4) workgroups; buffers PART, F\n');
    const a = spawnSync(
      process.execPath,
      [
        'bin/opt.js',
        'compile',
        '--algorithm',
        'de',
        '--problem',
        'rastrigin',
        '--dim',
        '10',
      ].concat(['--emit', 'plan']),
      { encoding: 'utf8' },
    );
    expect(a.status).toBe(0);
    // One section a step: its heading line, then its plan.
    expect(a.stdout.match(/^\/\/ ---- step .*\nplan de\./gm)).toHaveLength(3);
    expect(a.stdout).toContain('  kernel evaluate: ceil(n / 8) workgroups; buffers S\n');
  });
  it('opt run on a terminal shows a progress line redrawn in place; through a pipe, none', () => {
    // A real pseudo-terminal: util-linux's script(1) runs bin/opt.js with its stdio on one.
    const cmd = `${process.execPath} bin/opt.js run de --problem rastrigin --dim 100 --evals 2000000 --backend cpu`;
    const r = spawnSync('script', ['-qfec', cmd, '/dev/null'], { encoding: 'utf8' });
    expect(
      r.error,
      'script(1) from util-linux runs the CLI under a pseudo-terminal',
    ).toBeUndefined();
    expect(r.status).toBe(0);
    // cli-progress redraws the line at the start of the line (ESC [1G) and clears the rest.
    const lines = r.stdout.split('\x1b[1G').filter((l) => l.includes('evals/s'));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toMatch(
      /^\[[#.]{20}\] [0-9,]+ evals {2}best error [0-9.]+e[+-]\d+ {2}[0-9,]+ evals\/s {2}ETA /,
    );
    expect(r.stdout).toMatch(/de on rastrigin \(D = 100, cpu\): best error/);
    // Not a terminal: the summary alone, no bar redrawn in place (a plain line every 10 s on long
    // runs, which a loaded machine reaches: that line says evals/s too, so the test looks for the
    // bar and the redraw, not for the rate).
    const p = spawnSync(process.execPath, cmd.split(' ').slice(1), { encoding: 'utf8' });
    expect(p.status).toBe(0);
    expect(p.stderr).not.toContain('\x1b[1G');
    expect(p.stderr).not.toMatch(/\[[#.]{20}\]/);
  });
  it('loads the API without ts-morph and the TypeScript compiler (0.7 s a command start)', () => {
    // Only opt compile --emit ts needs them (src/api/emit-ts.ts loads them on its first call).
    const script = `
      import { createRequire } from 'node:module';
      await import('./dist/api.js');
      const cache = Object.keys(createRequire(import.meta.url).cache);
      console.log(JSON.stringify(cache.filter((k) => /node_modules\\/(ts-morph|typescript)\\//.test(k))));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
  });
  it('runs the built CLI and filters Dawn start-up warnings from stderr', () => {
    const pts = file('bin.txt', '1 2\n');
    const r = spawnSync(
      process.execPath,
      ['bin/opt.js', 'eval', 'sphere', '--dim', '2', '--points', pts, '--backend', 'gpu'],
      { encoding: 'utf8' },
    );
    expect(r.status).toBe(0);
    expect(Number(r.stdout)).toBe(5);
    expect(r.stderr).not.toContain('artificially reduced');
  });
  it('opt run --resume refuses a folder without a checkpoint, another command and a changed program', async () => {
    const lib = file(
      'ck.opt',
      'problem ck(x[D]) in [-5, 5] optimum 0 at 0 {\n  sum(i) x[i]^2\n}\n',
    );
    const outDir = join(dir, 'ck-resume');
    const args = ['de', lib, '--problem', 'ck', '--dim', '50', '--evals', '100000000'];
    await killed(
      [...args, '--backend', 'cpu', '--target', 'none', '--checkpoint-every', '0'],
      outDir,
      300,
    );
    // The checkpoint holds the user's file as the run read it.
    const meta = JSON.parse(readFileSync(join(outDir, 'checkpoint.json'), 'utf8')) as {
      files: Record<string, string>;
    };
    expect(Object.values(meta.files)).toEqual([readFileSync(lib, 'utf8')]);
    const resume = (...more: string[]) =>
      spawnSync(process.execPath, ['bin/opt.js', 'run', '--resume', outDir, ...more], {
        encoding: 'utf8',
      });
    let r = resume(
      'de',
      lib,
      '--problem',
      'ck',
      '--dim',
      '50',
      '--evals',
      '100000000',
      '--seed',
      '2',
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/the command differs from the run's in --target, --seed \(/);
    writeFileSync(lib, 'problem ck(x[D]) in [-5, 5] optimum 0 at 0 {\n  sum(i) x[i]^4\n}\n');
    r = resume();
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("the program's source files have changed since the run began");
    r = spawnSync(process.execPath, ['bin/opt.js', 'run', '--resume', join(dir, 'none')], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('no checkpoint.json there');
  }, 60_000);
  it('opt run --resume refuses a run whose imported file changed; the checkpoint holds it', async () => {
    const lib = file(
      'ck-lib.opt',
      'problem ck2(x[D]) in [-5, 5] optimum 0 at 0 {\n  sum(i) x[i]^2\n}\n',
    );
    const main2 = file('ck-main.opt', 'import "ck-lib.opt"\n');
    const outDir = join(dir, 'ck-import-resume');
    await killed(
      [
        'de',
        main2,
        '--problem',
        'ck2',
        '--dim',
        '50',
        '--evals',
        '100000000',
        '--backend',
        'cpu',
        '--target',
        'none',
        '--checkpoint-every',
        '0',
      ],
      outDir,
      300,
    );
    const meta = JSON.parse(readFileSync(join(outDir, 'checkpoint.json'), 'utf8')) as {
      files: Record<string, string>;
    };
    expect(meta.files).toEqual({
      [main2]: readFileSync(main2, 'utf8'),
      [lib]: readFileSync(lib, 'utf8'),
    });
    writeFileSync(lib, 'problem ck2(x[D]) in [-5, 5] optimum 0 at 0 {\n  sum(i) x[i]^4\n}\n');
    const r = spawnSync(process.execPath, ['bin/opt.js', 'run', '--resume', outDir], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("the program's source files have changed since the run began");
  }, 60_000);
  it('opt run: Ctrl-C stops the run and still writes what it has', async () => {
    const outDir = join(dir, 'interrupted');
    const { code, stdout, stderr } = await interrupted('SIGINT', outDir, ['--json']);
    expect(stderr).toContain('interrupted');
    expect(code).toBe(130);
    const r = JSON.parse(stdout);
    expect(r.stopped).toBe('interrupted');
    expect(r.evals).toBeGreaterThan(0);
    expect(existsSync(join(outDir, 'result.json'))).toBe(true);
    expect(existsSync(join(outDir, 'trace.csv'))).toBe(true);
  }, 30000);
});

describe('opt run', () => {
  it('--json prints one object with the documented keys; --out writes result.json, trace.csv and best.txt', async () => {
    const outDir = join(dir, 'run-out');
    expect(
      await main([
        'run',
        'de',
        '--problem',
        'sphere',
        '--dim',
        '5',
        '--evals',
        '2000',
        '--seed',
        '3',
        '--backend',
        'cpu',
        '--json',
        '--out',
        outDir,
        '--set',
        'NP=20',
      ]),
    ).toBe(0);
    const r = JSON.parse(out);
    for (const k of [
      'algorithm',
      'params',
      'problem',
      'dim',
      'seed',
      'backend',
      'adapter',
      'evals',
      'seconds',
      'bestFitness',
      'bestError',
      'bestPoint',
      'trace',
    ])
      expect(r).toHaveProperty(k);
    expect(r.params.NP).toBe(20);
    expect(r.evals).toBeLessThanOrEqual(2000);
    expect(r.bestPoint).toHaveLength(5);
    expect(r.bestError).toBe(r.bestFitness - 0);
    expect(err).toMatch(/de on sphere \(D = 5, cpu\): best error/);
    const csv = readFileSync(join(outDir, 'trace.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe('evals,seconds,best,error');
    expect(csv.length).toBe(r.trace.length + 1);
    expect(readFileSync(join(outDir, 'best.txt'), 'utf8').trim().split('\n').map(Number)).toEqual(
      r.bestPoint,
    );
    expect(JSON.parse(readFileSync(join(outDir, 'result.json'), 'utf8')).evals).toBe(r.evals);
    // Written through a temporary file and a rename (write-file-atomic): none is left behind;
    // the checkpoint says the run has finished, and its state files are gone.
    expect(readdirSync(outDir).sort()).toEqual([
      'best.txt',
      'checkpoint.json',
      'result.json',
      'trace.csv',
    ]);
    expect(JSON.parse(readFileSync(join(outDir, 'checkpoint.json'), 'utf8')).done).toBe(true);
  });

  it('--save-state writes the declared populations and states as CSV (state/NAME.csv)', async () => {
    const hill = file(
      'hill-state.opt',
      'problem hill(x[D]) maximize in [-5, 5] optimum 10 at 0 { 10 - sum(i) x[i]^2 }\n',
    );
    const outDir = join(dir, 'run-state');
    const args = ['run', 'jde', hill, '--problem', 'hill', '--dim', '3', '--evals', '1500'];
    const more = [
      '--set',
      'NP=12',
      '--target',
      'none',
      '--backend',
      'cpu',
      '--json',
      '--out',
      outDir,
    ];
    expect(await main([...args, ...more, '--save-state'])).toBe(0);
    const r = JSON.parse(out);
    // jDE declares X and its self-adapted Fi and CRi (the compiler's own arrays are not written).
    expect(readdirSync(join(outDir, 'state')).sort()).toEqual(['CRi.csv', 'Fi.csv', 'X.csv']);
    const rows = (name: string) =>
      readFileSync(join(outDir, 'state', `${name}.csv`), 'utf8')
        .trim()
        .split('\n');
    const X = rows('X');
    expect(X[0]).toBe('x1,x2,x3,f');
    expect(X).toHaveLength(13);
    const pts = X.slice(1).map((l) => l.split(',').map(Number));
    // f in the problem's sense (maximize: 10 - sum x^2), the best row the run's best.
    for (const p of pts) expect(p[3]).toBeCloseTo(10 - p[0]! ** 2 - p[1]! ** 2 - p[2]! ** 2, 12);
    expect(Math.max(...pts.map((p) => p[3]!))).toBe(r.deviceFitness);
    const F = rows('Fi');
    expect(F[0]).toBe('value');
    expect(F).toHaveLength(13);
    for (const v of F.slice(1)) expect(Number(v)).toBeGreaterThan(0);
    // Without --out there is nowhere to write it.
    clearErr();
    expect(await main([...args, '--backend', 'cpu', '--save-state'])).toBe(2);
    expect(err).toContain('--save-state: give --out DIR too');
  });

  it('runs a maximize problem: the best is the largest f, the error f* - f', async () => {
    const hill = file(
      'hill.opt',
      'problem hill(x[D]) maximize in [-5, 5] optimum 10 at 0 { 10 - sum(i) x[i]^2 }\n',
    );
    const args = ['run', 'de', hill, '--problem', 'hill', '--dim', '3', '--evals', '3000'];
    expect(await main([...args, '--seed', '2', '--backend', 'cpu', '--json'])).toBe(0);
    const r = JSON.parse(out);
    expect(r.direction).toBe('maximize');
    expect(r.optimum).toBe(10);
    // Minimising it instead would run away to the box's corners, f = 10 - 75.
    expect(r.bestFitness).toBeGreaterThan(9.9);
    expect(r.bestFitness).toBeLessThanOrEqual(10);
    // The error is g + (c - f*) with g = -sum x^2 and c = f* = 10 (passes/bias.ts): sum x^2 to
    // the last bit, where 10 - f would keep only the digits above the spacing of 10.
    const sq = r.bestPoint.reduce((s: number, v: number) => s + v * v, 0);
    expect(r.bestError).toBeCloseTo(sq, 15);
    expect(r.bestError).toBeCloseTo(10 - r.bestFitness, 14);
    expect(r.deviceError).toBe(r.bestError);
    expect(10 - r.bestPoint.reduce((s: number, v: number) => s + v * v, 0)).toBeCloseTo(
      r.bestFitness,
      12,
    );
    // The trace improves upwards and its errors are >= 0.
    for (let k = 1; k < r.trace.length; k++)
      expect(r.trace[k].best).toBeGreaterThanOrEqual(r.trace[k - 1].best);
    for (const t of r.trace) expect(t.error).toBeCloseTo(10 - t.best, 14);
    expect(err).toMatch(/de on hill \(D = 3, cpu\): best error/);
  });

  it('bench --suite prints a row per problem with GPU and CPU throughput (a smoke test: no timings asserted)', async () => {
    const code = await main([
      'bench',
      '--suite',
      'lastra2015',
      '--quick',
      '--dim',
      '8',
      '--population',
      '4',
    ]);
    if (code === 0) {
      const rows = out.split('\n').filter((l) => /^\| F0\d/.test(l));
      expect(rows.map((l) => l.split('|')[2]!.trim())).toEqual(suiteProblems('lastra2015'));
    } else expect(err).toContain('no WebGPU adapter'); // a machine without any adapter
  });

  it('a problem without an optimum runs its whole budget, reports f and no error, and refuses --target', async () => {
    const src = file('noopt.opt', 'problem free(x[D]) in [-1, 1] { sum(i) x[i]^2 }\n');
    const args = ['run', 'de', src, '--problem', 'free', '--dim', '3', '--evals', '500'];
    expect(await main([...args, '--backend', 'cpu', '--json'])).toBe(0);
    const r = JSON.parse(out);
    expect([r.optimum, r.bestError, r.stopped]).toEqual([null, null, 'evals']);
    expect(r.trace.every((t: { error: unknown }) => t.error === null)).toBe(true);
    expect(err).toMatch(/best f .* \(no optimum declared\)/);
    clearErr();
    expect(await main([...args, '--target', '1e-3', '--backend', 'cpu'])).toBe(2);
    expect(err).toContain('--target: free declares no optimum');
  });

  it("--set reaches a problem's parameters (eval, run) next to the algorithm's", async () => {
    const src = file(
      'params.opt',
      'problem wsum(x[D], a = 2 in [0, 10]) in [-1, 1] optimum 0 at 0 { a * sum(i) x[i]^2 }\n',
    );
    const pts = file('params-pts.txt', '1 1\n');
    expect(await main(['eval', src, '--problem', 'wsum', '--dim', '2', '--points', pts])).toBe(0);
    expect(Number(out.trim())).toBe(4);
    clearOut();
    const args = ['eval', src, '--problem', 'wsum', '--dim', '2', '--points', pts];
    expect(await main([...args, '--set', 'a=5'])).toBe(0);
    expect(Number(out.trim())).toBe(10);
    expect(await main([...args, '--set', 'a=11'])).toBe(2);
    expect(err).toContain("OPT6002: parameter 'a': 11 is outside [0, 10]");
    clearOut();
    const run = ['run', 'de', src, '--problem', 'wsum', '--dim', '2', '--evals', '200'];
    expect(
      await main([...run, '--set', 'a=3', '--set', 'NP=10', '--backend', 'cpu', '--json']),
    ).toBe(0);
    expect(JSON.parse(out).params.NP).toBe(10);
    clearErr();
    expect(await main([...run, '--set', 'b=3', '--backend', 'cpu'])).toBe(2);
    expect(err).toContain("de has no parameter 'b'");
  });

  it('--suite runs every problem of a suite in order, labelled F01, F02, ...', async () => {
    const suites = file(
      'suites.opt',
      '// two of seed 000\nsuite pair = [sphere, rastrigin,]\nsuite bad = [sphere, rastrign]\n',
    );
    const outDir = join(dir, 'suite-out');
    const args = ['run', 'de', suites, '--suite', 'pair', '--dim', '3', '--evals', '600'];
    expect(await main([...args, '--backend', 'cpu', '--json', '--out', outDir])).toBe(0);
    const rs = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rs.map((r) => [r.label, r.problem, r.suite])).toEqual([
      ['F01', 'sphere', 'pair'],
      ['F02', 'rastrigin', 'pair'],
    ]);
    expect(err).toMatch(/^F01 de on sphere \(D = 3, cpu\)/m);
    expect(err).toMatch(/^F02 de on rastrigin \(D = 3, cpu\)/m);
    const csv = readFileSync(join(outDir, 'summary.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe('label,problem,dim,seed,evals,seconds,best,error,stopped');
    expect(csv.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual([
      'F01,sphere',
      'F02,rastrigin',
    ]);
    expect(existsSync(join(outDir, 'F02_rastrigin', 'result.json'))).toBe(true);
    // eval --suite: one line per problem, its label, name and values.
    clearOut();
    const pts = file('suite-pts.txt', '1 1 1\n0 0 0\n');
    expect(await main(['eval', suites, '--suite', 'pair', '--dim', '3', '--points', pts])).toBe(0);
    expect(
      out
        .trim()
        .split('\n')
        .map((l) => l.split(' ').slice(0, 2).join(' ')),
    ).toEqual(['F01 sphere', 'F02 rastrigin']);
    expect(out.trim().split('\n')[0]!.split(' ').slice(2).map(Number)).toEqual([3, 0]);
    // An unknown member is an error at its place; an unknown suite suggests the nearest.
    clearErr();
    expect(await main(['check', suites])).toBe(1);
    expect(err).toMatch(
      /suites\.opt:3:22: error OPT4006: no problem named 'rastrign' \(did you mean 'rastrigin'\?\)/,
    );
    clearErr();
    expect(await main([...args.slice(0, 3), '--suite', 'pairs', '--dim', '3'])).toBe(2);
    expect(err).toContain("OPT4009: no suite named 'pairs' (did you mean 'pair'?)");
    clearErr();
    expect(await main(['run', 'de', '--suite', 'pair', '--problem', 'sphere', '--dim', '3'])).toBe(
      2,
    );
    expect(err).toContain('--problem and --suite: give one of them');
  });

  it('compile --algorithm prints every step with its regime and kernels; check elaborates algorithms', async () => {
    expect(
      await main([
        'compile',
        '--algorithm',
        'de',
        '--problem',
        'rastrigin',
        '--dim',
        '100',
        '--emit',
        'ir',
      ]),
    ).toBe(0);
    expect(out).toContain('// de for rastrigin, D = 100: 3 steps, 1 kernel(s) a generation');
    expect(out).toContain(
      '// ---- step each.X+track: 48 individual(s), 48 evaluation(s), team regime, 1 kernel(s)',
    );
    expect(out).toContain('(each ');
    clearOut();
    const bad = file(
      'algo.opt',
      'algorithm mine(NP = 3) {\n  population X[NP]\n  generation {\n    each i in X {\n      let r = distinct(3, NP, except: i)\n      X[i] = better(X[r[0]] + X[r[1]], X[i])\n    }\n  }\n}\n',
    );
    expect(await main(['check', bad])).toBe(1);
    expect(err).toContain('algo.opt:5:15: error OPT6004');
    clearErr();
    const good = file('algo2.opt', readFileSync(bad, 'utf8').replace('NP = 3', 'NP = 8'));
    expect(await main(['check', good])).toBe(0);
    expect(out).toContain('0 problems, 1 algorithm, no errors');
    clearOut();
    expect(
      await main([
        'run',
        good,
        '--algorithm',
        'mine',
        '--problem',
        'sphere',
        '--dim',
        '3',
        '--evals',
        '200',
        '--backend',
        'cpu',
      ]),
    ).toBe(0);
    expect(out).toMatch(/^mine on sphere \(D = 3, cpu\)/);
  });

  it('rejects bad parameters before running, with the allowed range or values', async () => {
    const run = (...a: string[]) =>
      main(['run', 'de', '--problem', 'sphere', '--dim', '5', '--backend', 'cpu', ...a]);
    // Values of the command line the program refuses: a bad command (2), like a bad flag.
    expect(await run('--set', 'CR=1.5')).toBe(2);
    expect(err).toContain("OPT6002: parameter 'CR': 1.5 is outside [0, 1]");
    clearErr();
    expect(await run('--set', 'NP=3')).toBe(2);
    expect(err).toContain("parameter 'NP': 3 is outside [4, 1000000]");
    clearErr();
    expect(await run('--set', 'crossover=uniform')).toBe(2);
    expect(err).toContain("'uniform' is not one of bin, exp");
    clearErr();
    expect(await run('--set', 'CR')).toBe(2);
    expect(err).toContain('--set: expected name=value');
    clearErr();
    expect(await run('--evals', '10')).toBe(2);
    expect(err).toContain('smaller than the initial population');
    clearErr();
    expect(await main(['run', 'dee', '--problem', 'sphere', '--dim', '5'])).toBe(2);
    expect(err).toContain("no algorithm named 'dee' (did you mean 'de'?)");
    clearErr();
    expect(await main(['run', 'de', '--dim', '5'])).toBe(2);
    expect(err).toContain('--problem NAME (or --suite NAME) is required');
    expect(err).not.toMatch(/\n\s+at /);
  });
});

describe('the progress line away from a terminal', () => {
  it('is a plain line at least 10 seconds after the last, with the share of the budget', async () => {
    const { progressLine } = await import('../src/cli/progress.js');
    const out: string[] = [];
    const line = progressLine({
      maxEvals: 1000,
      terminal: false,
      label: 'F01',
      write: (s) => out.push(s),
    });
    for (const [evals, seconds] of [
      [100, 0.5],
      [200, 9.9],
      [300, 10.2],
      [400, 15],
      [500, 20.1],
      [600, 20.3],
    ])
      line.update({ evals: evals!, seconds: seconds!, error: 0.5, best: 0.5 });
    line.stop();
    expect(out).toEqual([
      'F01 300 evals  best error 5.000e-1  29 evals/s  10 s (30.0% of the budget)\n',
      'F01 600 evals  best error 5.000e-1  30 evals/s  20 s (60.0% of the budget)\n',
    ]);
  });
});

describe("the exit codes: README's table, each reached through bin/opt.js", () => {
  /** bin/opt.js with `args` (and `env` beside the test's own): its exit code and stderr. */
  const opt = (args: string[], env: Record<string, string> = {}) => {
    const r = spawnSync(process.execPath, ['bin/opt.js', ...args], {
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });
    return { code: r.status, stderr: r.stderr };
  };
  const points = file('exit-points.txt', '0 0\n');
  const bad = file('exit-bad.opt', 'problem p(x[D]) in [-1, 1] {\n  sum(i) x[i] +\n}\n');
  const run = ['run', 'de', '--problem', 'sphere', '--dim', '2', '--evals', '200'];
  const cases: Record<number, () => Promise<void> | void> = {
    0: () => {
      const r = opt([...run, '--backend', 'cpu']);
      expect(r.code, r.stderr).toBe(0);
    },
    1: () => {
      // An error at a place in the user's file.
      const r = opt(['run', bad, '--algorithm', 'de', '--problem', 'p', '--dim', '2']);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/exit-bad\.opt:3:1: error OPT\d{4}/);
    },
    2: () => {
      // A name on the command line that names nothing, a --set the program refuses, a bad flag.
      const jdee = opt(['run', 'jdee', '--problem', 'sphere', '--dim', '4']);
      expect(jdee.code).toBe(2);
      expect(jdee.stderr).toContain("no algorithm named 'jdee' (did you mean 'jde'?)");
      const problem = opt(['run', 'de', '--problem', 'spere', '--dim', '4']);
      expect(problem.code).toBe(2);
      expect(problem.stderr).toContain("no problem named 'spere' (did you mean 'sphere'?)");
      expect(opt([...run, '--set', 'NP=2']).code).toBe(2);
      const dim = opt(['run', 'de', '--problem', 'sphere', '--dim', '0']);
      expect(dim.code).toBe(2);
      expect(dim.stderr).toContain('--dim');
    },
    3: () => {
      const r = opt(['check', bad], { OPT_TEST_INTERNAL_ERROR: '1' });
      expect(r.code).toBe(3);
      expect(r.stderr).toBe(
        'opt: OPT_TEST_INTERNAL_ERROR=1\n(internal error; OPT_DEBUG=1 shows the stack)\n',
      );
      // OPT_DEBUG=1 shows where it was thrown.
      const d = opt(['check', bad], { OPT_TEST_INTERNAL_ERROR: '1', OPT_DEBUG: '1' });
      expect(d.code).toBe(3);
      expect(d.stderr).toMatch(/^opt: Error: OPT_TEST_INTERNAL_ERROR=1\n {4}at main \(.*main\.js/);
    },
    4: () => {
      const args = ['eval', 'sphere', '--dim', '2', '--points', points, '--backend', 'gpu'];
      const r = opt([...args, '--adapter', 'NOSUCH']);
      expect(r.code).toBe(4);
      expect(r.stderr).toMatch(/^opt: GPU: .*NOSUCH/m);
    },
    5: () => {
      // The CLI's own test hook destroys the device after 2 batches, as a lost GPU would.
      const outDir = join(dir, 'exit-5');
      const args = ['run', 'de', '--problem', 'sphere', '--dim', '4', '--evals', '200000'];
      const more = ['--target', 'none', '--backend', 'gpu', '--out', outDir];
      const r = opt([...args, ...more, '--checkpoint-every', '0'], {
        OPT_TEST_LOSE_DEVICE_AFTER: '2',
      });
      expect(r.code, r.stderr).toBe(5);
      expect(r.stderr).toContain(`continue it with opt run --resume ${outDir}`);
    },
    130: async () => {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        const outDir = join(dir, `exit-130-${signal}`);
        const r = await interrupted(signal, outDir);
        expect(r.code, `${signal}: ${r.stderr}`).toBe(130);
        expect(r.stderr).toContain('interrupted');
        expect(existsSync(join(outDir, 'result.json'))).toBe(true);
      }
    },
  };
  const table = readFileSync('README.md', 'utf8')
    .split('\n')
    .flatMap((l) => /^\| (\d+) \|/.exec(l)?.[1] ?? [])
    .map(Number);

  it('the table lists the codes of EXIT (src/cli/flags.ts), and each has a case here', () => {
    expect(table).toEqual(Object.values(EXIT));
    expect(Object.keys(cases).map(Number)).toEqual(table);
  });
  for (const code of Object.keys(cases).map(Number))
    it(`exit ${code}`, () => cases[code]!(), 120_000);
});
