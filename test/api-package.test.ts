// The package's API as a user's program sees it (docs/api.md): a TypeScript module that imports
// 'opt-compiler' (this package, linked into a fresh node_modules) is type-checked by the
// TypeScript compiler against the declarations the build emits (package.json "exports" ->
// dist/api.d.ts), then run: a problem evaluated on the CPU backend and a DE run. A call with a
// wrong type must be refused by the type check, so the declarations are really read.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

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
        skipLibCheck: true,
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
  runAlgorithm,
  type CompiledProblem,
  type RunResult,
} from 'opt-compiler';

const p: CompiledProblem = compileProblem({ problem: 'rastrigin', dim: 4 });
const f: number[] = p.evaluateCpu([new Float64Array(4), Float64Array.from([1, 0, 0, 0])]);
const c = compileAlgorithm({ algorithm: 'de', problem: 'sphere', dim: 4, set: { NP: '16' } });
const engine = await createEngine(c, 3, null);
const r: RunResult = await runAlgorithm(c, engine, { seed: 3, maxEvals: 4000 });
console.log(JSON.stringify({ box: [p.info.lo, p.info.hi], f, evals: r.evals, error: r.bestError }));
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
    ) as { box: number[]; f: number[]; evals: number; error: number };
    expect(out.box).toEqual([-5.12, 5.12]);
    // Rastrigin: 0 at the origin, 1 at a unit vector (x^2 - 10 cos(2 pi x) + 10 = 1).
    expect(out.f[0]).toBe(0);
    expect(out.f[1]).toBeCloseTo(1, 12);
    expect(out.evals).toBe(4000);
    expect(out.error).toBeGreaterThanOrEqual(0);
    expect(out.error).toBeLessThan(1);
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
});
