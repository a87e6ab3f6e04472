// The package's API as a user's program sees it (docs/api.md): a TypeScript module that imports
// 'opt-compiler' (this package, linked into a fresh node_modules) is type-checked by the
// TypeScript compiler against the declarations the build emits (package.json "exports" ->
// dist/api.d.ts), then run: a problem evaluated on the CPU backend and a DE run. A call with a
// wrong type must be refused by the type check, so the declarations are really read. The project
// checks the package's declarations too (skipLibCheck: false), as a strict user's does: every type
// they name (WebGPU's GPUDevice, ...) must come with the package's dependencies.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { itLong } from './stage.js';

const ROOT = resolve(__dirname, '..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

/** A project in a temporary folder with 'opt-compiler' linked in and `main.ts` as given. */
function project(main: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'opt-api-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules', 'opt-compiler'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        skipLibCheck: false,
        types: ['node'],
        typeRoots: [join(ROOT, 'node_modules/@types')],
        outDir: 'out',
      },
      files: ['main.ts'],
    }),
  );
  writeFileSync(join(dir, 'main.ts'), main);
  return dir;
}

const MAIN = `import {
  compileAlgorithm,
  compileProblem,
  createEngine,
  readState,
  runAlgorithm,
  type CompiledProblem,
  type RunResult,
  type StateArrayValues,
} from 'opt-compiler';

const p: CompiledProblem = compileProblem({ problem: 'rastrigin', dim: 4 });
const f: number[] = p.evaluateCpu([new Float64Array(4), Float64Array.from([1, 0, 0, 0])]);
const c = compileAlgorithm({ algorithm: 'de', problem: 'sphere', dim: 4, set: { NP: '16' } });
const engine = await createEngine(c, 3, null);
const r: RunResult = await runAlgorithm(c, engine, { seed: 3, maxEvals: 4000 });
// The final population, by its declared name: 16 points of D = 4 and their fitness.
const X: StateArrayValues | undefined = (await readState(c, engine)).X;
const sq = (k: number) => [0, 1, 2, 3].reduce((a, j) => a + X!.values[4 * k + j]! ** 2, 0);
const state = {
  names: Object.keys(await readState(c, engine)),
  rows: X?.rows, cols: X?.cols, values: X?.values.length,
  fitnessIsF: X?.fitness?.every((v, k) => Math.abs(v - sq(k)) <= 1e-12 * Math.max(1, v)),
  bestIsMin: Math.min(...(X?.fitness ?? [])) === r.bestFitness,
};
console.log(JSON.stringify({ box: [p.info.lo, p.info.hi], f, evals: r.evals, error: r.bestError, state }));
`;

describe("the package's API, imported as 'opt-compiler'", () => {
  it('type-checks a program against its declarations and runs it', () => {
    const dir = project(MAIN);
    execFileSync(process.execPath, [TSC, '-p', dir], { encoding: 'utf8' });
    const out = JSON.parse(
      execFileSync(process.execPath, [join(dir, 'out', 'main.js')], {
        encoding: 'utf8',
        env: { ...process.env },
      }),
    ) as { box: number[]; f: number[]; evals: number; error: number; state: unknown };
    expect(out.box).toEqual([-5.12, 5.12]);
    // Rastrigin: 0 at the origin, 1 at a unit vector (x^2 - 10 cos(2 pi x) + 10 = 1).
    expect(out.f[0]).toBe(0);
    expect(out.f[1]).toBeCloseTo(1, 12);
    expect(out.evals).toBe(4000);
    expect(out.error).toBeGreaterThanOrEqual(0);
    expect(out.error).toBeLessThan(1);
    // readState: DE's one declared array, X (its points and their f; sphere's f is sum x^2), whose
    // best row is the run's best (DE's selection keeps it).
    expect(out.state).toEqual({
      names: ['X'],
      rows: 16,
      cols: 4,
      values: 64,
      fitnessIsF: true,
      bestIsMin: true,
    });
  }, 120_000);

  it('refuses a call with a wrong type (the declarations are read, not any)', () => {
    const dir = project(
      `import { compileProblem } from 'opt-compiler';\ncompileProblem({ problem: 'rastrigin', dim: '4' });\n`,
    );
    const r = spawnSync(process.execPath, [TSC, '-p', dir, '--noEmit'], { encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    expect(r.stdout).toMatch(
      /main\.ts\(2,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/,
    );
  }, 120_000);

  // 11 s (three tsc runs): in the long stage (test/stage.ts).
  itLong(
    'opt compile --emit ts writes typed modules of a problem and of DE that type-check and run',
    () => {
      const dir = project(`import { evaluate, info, wgsl, cpuSource } from './gen/bowl.js';
import { run, problem, dim, kernels, wgsl as deWgsl } from './gen/de.js';
import { run as runOnBowl } from './gen2/de.js';
import { compileAlgorithm, createEngine, runAlgorithm } from 'opt-compiler';

const f = evaluate([[1, 1, 1]]);
const g = evaluate([[1, 1, 1]], { scale: 3 });
let refused = '';
try {
  evaluate([[1, 1, 1]], { scale: 11 });
} catch (e) {
  refused = (e as Error).message;
}
// Generated for sphere at D = 4: the run does not name them again.
const r = await run({ evals: 2000, params: { NP: 16, crossover: 'bin' }, state: true });
// Generated for the user file's problem: the module embeds the file.
const b = await runOnBowl({ evals: 1000, params: { NP: 8 } });
// At the defaults the module's compilation takes the kernels it embeds (with NP 16 it generates
// them), and the run is the package's own run of that program.
const d = await run({ evals: 1500, seed: 7 });
const c = compileAlgorithm({ algorithm: 'de', problem: 'sphere', dim: 4 });
const own = await runAlgorithm(c, await createEngine(c, 7, null), { seed: 7, maxEvals: 1500 });
console.log(JSON.stringify({
  embedded: [d.embeddedKernels, r.embeddedKernels], same: d.bestError === own.bestError &&
    d.evals === own.evals && d.bestPoint.every((x, j) => x === own.bestPoint[j]),
  steps: kernels.steps.length, listed: deWgsl.length,
  info, f, g, refused, kernels: wgsl.length, compute: wgsl.every((k) => k.code.includes('@compute')),
  cpu: cpuSource.includes('function f_main'), evals: r.evals, error: r.bestError, problem, dim,
  bowl: { evals: b.evals, dim: b.bestPoint.length, state: b.state === undefined },
  state: { rows: r.state?.X?.rows, cols: r.state?.X?.cols, fitness: r.state?.X?.fitness?.length },
}));
`);
      const bowl = join(dir, 'bowl.opt');
      writeFileSync(
        bowl,
        'problem bowl(x[D], scale = 2 in [1, 10]) in [-5, 5] optimum 0 at 0 {\n  scale * sum(i) x[i]^2\n}\n',
      );
      const opt = (...args: string[]) =>
        execFileSync(process.execPath, [join(ROOT, 'bin/opt.js'), 'compile', ...args], {
          encoding: 'utf8',
        });
      expect(opt(bowl, '--dim', '3', '--emit', 'ts', '--out', join(dir, 'gen'))).toContain(
        'bowl.ts',
      );
      opt(
        '--algorithm',
        'de',
        '--problem',
        'sphere',
        '--dim',
        '4',
        '--emit',
        'ts',
        '--out',
        join(dir, 'gen'),
      );
      opt(
        bowl,
        '--algorithm',
        'de',
        '--problem',
        'bowl',
        '--dim',
        '3',
        '--emit',
        'ts',
        '--out',
        join(dir, 'gen2'),
      );
      // The generated modules are part of the project the compiler checks.
      const config = JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8'));
      config.files.push('gen/bowl.ts', 'gen/de.ts', 'gen2/de.ts');
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
      execFileSync(process.execPath, [TSC, '-p', dir], { encoding: 'utf8' });
      const out = JSON.parse(
        execFileSync(process.execPath, [join(dir, 'out', 'main.js')], { encoding: 'utf8' }),
      );
      expect(out).toMatchObject({
        info: { name: 'bowl', dim: 3, lo: -5, hi: 5, optimum: 0, direction: 'minimize' },
        f: [6],
        g: [9],
        refused: 'scale must be in [1, 10], not 11',
        compute: true,
        cpu: true,
        evals: 2000,
        problem: 'sphere',
        dim: 4,
        bowl: { evals: 1000, dim: 3, state: true },
        state: { rows: 16, cols: 4, fitness: 16 },
        embedded: [true, false],
        same: true,
      });
      expect(out.kernels).toBeGreaterThan(0);
      // Every step's kernels are embedded; the list `--emit wgsl` prints has them but the steps
      // the track is fused into.
      expect(out.listed).toBeGreaterThan(0);
      expect(out.steps).toBeGreaterThan(0);
      expect(out.error).toBeGreaterThanOrEqual(0);
      // A choice outside the algorithm's union is a type error, and so is another problem for a
      // module generated for one.
      writeFileSync(
        join(dir, 'main.ts'),
        `import { run } from './gen/de.js';\nawait run({ params: { crossover: 'binomial' } });\nawait run({ problem: 'rastrigin', evals: 100 });\n`,
      );
      const r = spawnSync(process.execPath, [TSC, '-p', dir, '--noEmit'], { encoding: 'utf8' });
      expect(r.status).not.toBe(0);
      expect(r.stdout).toMatch(
        /main\.ts\(2,\d+\): error TS2322: Type '"binomial"' is not assignable to type '"bin" \| "exp"/,
      );
      expect(r.stdout).toMatch(
        /main\.ts\(3,\d+\): error TS2353: Object literal may only specify known properties, and 'problem' does not exist in type 'RunOptions'/,
      );
    },
    120_000,
  );
});
