// opt run killed and resumed as whole processes: SIGKILL of the process group (CPU and GPU), the
// GPU lost mid-run, the wrapper alone killed, a --suite killed between problems. Each run must end
// as the run never killed, through bin/opt.js (the built CLI in dist/). The in-process checkpoint
// tests (test/algo/checkpoint.test.ts, test/gpu/checkpoint.gpu.test.ts) check the same resume in
// the README's test command; these process-level runs take about a minute, so they run in the
// long stage (issue 36, item 5).

import { describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killed } from '../killed-run.js';

const dir = mkdtempSync(join(tmpdir(), 'opt-cli-resume-'));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

describe('bin/opt.js killed and resumed', () => {
  /** result.json without its timings. */
  const untimedResult = (d: string) => {
    const r = JSON.parse(readFileSync(join(d, 'result.json'), 'utf8')) as {
      seconds: number;
      trace: { seconds: number }[];
    };
    return { ...r, seconds: 0, trace: r.trace.map((e) => ({ ...e, seconds: 0 })) };
  };
  it.each([
    ['cpu', [300, 900]],
    ['gpu', [900]],
  ] as const)(
    'opt run killed with SIGKILL and resumed ends as the run never killed (%s)',
    async (backend, delays) => {
      const args = ['de', '--problem', 'shifted_rastrigin', '--dim', '100', '--target', 'none'];
      const run = [...args, '--evals', backend === 'cpu' ? '300000' : '120000', '--seed', '9'];
      const full = join(dir, `full-${backend}`);
      const once = spawnSync(
        process.execPath,
        ['bin/opt.js', 'run', ...run, '--backend', backend, '--out', full],
        { encoding: 'utf8' },
      );
      expect(once.status, once.stderr).toBe(0);
      let resumed = 0;
      for (const [k, ms] of delays.entries()) {
        const outDir = join(dir, `killed-${backend}-${k}`);
        await killed([...run, '--backend', backend, '--checkpoint-every', '0'], outDir, ms);
        // Killed mid-run: a checkpoint and no result (or the run had ended: then nothing to do).
        if (existsSync(join(outDir, 'result.json'))) continue;
        const r = spawnSync(process.execPath, ['bin/opt.js', 'run', '--resume', outDir], {
          encoding: 'utf8',
        });
        expect(r.status, r.stderr).toBe(0);
        expect(untimedResult(outDir)).toEqual(untimedResult(full));
        resumed++;
        // Finished: resuming again says so.
        const again = spawnSync(process.execPath, ['bin/opt.js', 'run', '--resume', outDir], {
          encoding: 'utf8',
        });
        expect(again.status).toBe(2);
        expect(again.stderr).toContain('that run has finished');
      }
      // The kills came mid-run (a run that had ended before its kill resumes nothing).
      expect(resumed).toBeGreaterThanOrEqual(1);
    },
    120_000,
  );
  it('opt run whose GPU is lost mid-run keeps its checkpoint, exits 5, and resumes (on the GPU or the CPU)', () => {
    // OPT_TEST_LOSE_DEVICE_AFTER: the CLI destroys the WebGPU device after that many batches.
    const run = ['de', '--problem', 'shifted_rastrigin', '--dim', '100', '--target', 'none'];
    const args = [...run, '--evals', '60000', '--seed', '4', '--backend', 'gpu'];
    const outDir = join(dir, 'lost');
    const lost = spawnSync(
      process.execPath,
      ['bin/opt.js', 'run', ...args, '--out', outDir, '--checkpoint-every', '0'],
      { encoding: 'utf8', env: { ...process.env, OPT_TEST_LOSE_DEVICE_AFTER: '3' } },
    );
    expect(lost.status, lost.stderr).toBe(5);
    expect(lost.stderr).toContain('opt: GPU: algorithm step: GPU device lost (destroyed)');
    expect(lost.stderr).toContain(`continue it with opt run --resume ${outDir}`);
    expect(existsSync(join(outDir, 'result.json'))).toBe(false);
    // A copy goes on on the CPU: the checkpoint's state converted, the budget kept.
    const onCpu = join(dir, 'lost-cpu');
    cpSync(outDir, onCpu, { recursive: true });
    const c = spawnSync(
      process.execPath,
      ['bin/opt.js', 'run', '--resume', onCpu, '--backend', 'cpu', '--json'],
      { encoding: 'utf8' },
    );
    expect(c.status, c.stderr).toBe(0);
    const rc = JSON.parse(c.stdout) as { backend: string; evals: number };
    expect(rc.backend).toBe('cpu');
    expect(rc.evals).toBe(60000);
    const r = spawnSync(process.execPath, ['bin/opt.js', 'run', '--resume', outDir], {
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    const full = join(dir, 'not-lost');
    const once = spawnSync(process.execPath, ['bin/opt.js', 'run', ...args, '--out', full], {
      encoding: 'utf8',
    });
    expect(once.status, once.stderr).toBe(0);
    expect(untimedResult(outDir)).toEqual(untimedResult(full));
  }, 60_000);
  it('opt run whose command alone is killed (kill -9 of bin/opt.js) stops as at Ctrl-C and resumes', async () => {
    const args = ['de', '--problem', 'rastrigin', '--dim', '100', '--target', 'none'];
    const run = [...args, '--evals', '1000000', '--backend', 'cpu', '--seed', '4'];
    const outDir = join(dir, 'orphaned');
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, ['bin/opt.js', 'run', ...run, '--out', outDir], {
      stdio: 'ignore',
    });
    const t0 = Date.now();
    // The folder is made before the run starts; a second later the run is under way (1,000,000
    // evaluations take several seconds), and it has written no checkpoint yet (every 60 s).
    while (!existsSync(outDir) && Date.now() - t0 < 60_000)
      await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 1000));
    child.kill('SIGKILL'); // the wrapper only: the compiler's process is orphaned
    while (!existsSync(join(outDir, 'result.json')) && Date.now() - t0 < 60_000)
      await new Promise((r) => setTimeout(r, 50));
    // It notices within a quarter of a second, finishes its batch and writes what it has.
    await new Promise((r) => setTimeout(r, 500));
    const cut = JSON.parse(readFileSync(join(outDir, 'result.json'), 'utf8')) as {
      stopped: string;
    };
    expect(cut.stopped).toBe('interrupted');
    const r = spawnSync(process.execPath, ['bin/opt.js', 'run', '--resume', outDir], {
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    const full = join(dir, 'orphaned-full');
    const once = spawnSync(process.execPath, ['bin/opt.js', 'run', ...run, '--out', full], {
      encoding: 'utf8',
    });
    expect(once.status, once.stderr).toBe(0);
    expect(untimedResult(outDir)).toEqual(untimedResult(full));
  }, 120_000);
  it('opt run --suite killed with SIGKILL and resumed: the finished problems read back, the rest as never killed', async () => {
    const lib = file('three.opt', 'suite three = [sphere, rastrigin, rosenbrock]\n');
    const run = ['de', lib, '--suite', 'three', '--dim', '30', '--evals', '150000'];
    const args = [...run, '--target', 'none', '--backend', 'cpu', '--seed', '2'];
    const full = join(dir, 'suite-full');
    const once = spawnSync(process.execPath, ['bin/opt.js', 'run', ...args, '--out', full], {
      encoding: 'utf8',
    });
    expect(once.status, once.stderr).toBe(0);
    const outDir = join(dir, 'suite-killed');
    // Killed once the second problem has begun.
    await killed([...args, '--checkpoint-every', '0'], outDir, 0, 'F02_rastrigin');
    const r = spawnSync(process.execPath, ['bin/opt.js', 'run', '--resume', outDir], {
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain('F01 de on sphere: finished before');
    for (const p of ['F01_sphere', 'F02_rastrigin', 'F03_rosenbrock'])
      expect(untimedResult(join(outDir, p)), p).toEqual(untimedResult(join(full, p)));
    expect(readdirSync(join(outDir, 'F02_rastrigin')).filter((f) => /\.\d+$/.test(f))).toEqual([]);
    const again = spawnSync(process.execPath, ['bin/opt.js', 'run', '--resume', outDir], {
      encoding: 'utf8',
    });
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('that run has finished');
  }, 120_000);
});
