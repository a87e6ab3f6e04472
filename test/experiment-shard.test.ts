// An experiment over more than one machine: `opt experiment --shard K/N` (the share:
// src/experiment/shard.ts), `opt experiment merge` and the scripts of `--slurm N`. Run on the
// CPU backend here; test/slurm.test.ts runs the scripts on a real (single-node) Slurm.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { RESULTS_FILE } from '../src/experiment/database.js';
import { parseShard } from '../src/cli/flags.js';
import { shardBlock, shardRuns } from '../src/experiment/shard.js';
import { main } from '../src/cli/main.js';
import { contents } from './results.js';
import { captureStdio, clearErr, clearOut, err, out } from './stdio.js';

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

describe('the share of a shard', () => {
  it('cuts the runs, cell by cell, into N contiguous blocks differing by at most one run', () => {
    // 4 cells x 3 runs in 3 shards: runs 1-4, 5-8, 9-12 of the design.
    expect(shardRuns(4, 3, { k: 1, n: 3 })).toEqual([[0, 1, 2], [0], [], []]);
    expect(shardRuns(4, 3, { k: 2, n: 3 })).toEqual([[], [1, 2], [0, 1], []]);
    expect(shardRuns(4, 3, { k: 3, n: 3 })).toEqual([[], [], [2], [0, 1, 2]]);
    expect(shardRuns(4, 3, undefined)).toEqual(Array(4).fill([0, 1, 2]));
    for (const [cells, runs] of [
      [1, 1],
      [4, 3],
      [7, 51],
      [40, 25],
      [3, 1],
    ] as const)
      for (let n = 1; n <= Math.min(cells * runs, 40); n++) {
        const seen = new Map<string, number>();
        const sizes: number[] = [];
        for (let k = 1; k <= n; k++) {
          const share = shardRuns(cells, runs, { k, n });
          const flat = share.flatMap((rs, c) => rs.map((r) => c * runs + r));
          // Contiguous in the design's order, and what shardBlock says.
          const { first, end } = shardBlock(cells * runs, { k, n });
          expect(flat).toEqual(Array.from({ length: end - first }, (_, j) => first + j));
          for (const x of flat) seen.set(`${x}`, (seen.get(`${x}`) ?? 0) + 1);
          sizes.push(flat.length);
        }
        expect(seen.size).toBe(cells * runs); // every run in some shard ...
        expect([...seen.values()].every((v) => v === 1)).toBe(true); // ... and in one only
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        expect(Math.min(...sizes)).toBeGreaterThanOrEqual(1);
      }
  });

  it('--shard K/N takes integers 1 <= K <= N, naming the flag otherwise', () => {
    expect(parseShard('2/8')).toEqual({ k: 2, n: 8 });
    for (const bad of ['0/3', '4/3', '1.5/3', '3', '-1/2', 'a/b', '1/0'])
      expect(() => parseShard(bad)).toThrow(
        `--shard: expected K/N with integers 1 <= K <= N (e.g. 2/8), got '${bad}'`,
      );
  });
});

describe('opt experiment --shard and opt experiment merge', () => {
  captureStdio();
  const dir = mkdtempSync(join(tmpdir(), 'opt-shard-'));
  const small = join(dir, 'small.opt');
  writeFileSync(small, SMALL);
  const whole = join(dir, 'whole');
  const shard = (k: number) => join(dir, `shard-${k}`);
  const db = (d: string) => join(d, RESULTS_FILE);
  const run = (...args: string[]) => main(['experiment', small, '--backend', 'cpu', ...args]);

  it("--list --shard K/N prints the design and the shard's runs; N above the runs is refused", async () => {
    expect(await run('--list', '--shard', '2/3')).toBe(0);
    expect(out).toContain(
      'shard 2/3: 4 of the 12 runs (runs 5 to 8 of the design, cell by cell)\n  cell 2: runs 2 to 3 (of 3)\n  cell 3: runs 1 to 2 (of 3)\n',
    );
    expect(await run('--list', '--shard', '1/13')).toBe(2);
    expect(err).toContain(
      "--shard 1/13: N is at most the experiment's 12 runs (4 cells x 3 runs; every shard holds at least one), got N = 13",
    );
    clearErr();
    expect(await run('--list', '--shard', '4/3')).toBe(2);
    expect(err).toContain("--shard: expected K/N with integers 1 <= K <= N (e.g. 2/8), got '4/3'");
  });

  it('three shards merged are the database of the whole experiment on one machine', async () => {
    expect(await run('--out', whole)).toBe(0);
    for (const k of [1, 2, 3]) {
      clearOut();
      expect(await run('--out', shard(k), '--shard', `${k}/3`)).toBe(0);
      expect(out).toBe(`experiment small, shard ${k}/3: 4 runs in ${db(shard(k))} (cpu)\n`);
      const rows = contents(db(shard(k))).run as { cell: number; run: number }[];
      expect(rows.map((r) => [r.cell, r.run])).toEqual(
        shardRuns(4, 3, { k, n: 3 }).flatMap((rs, c) => rs.map((r) => [c + 1, r])),
      );
      const d = new Database(db(shard(k)), { readonly: true });
      expect(d.prepare('SELECT k, n FROM shard').all()).toEqual([{ k, n: 3 }]);
      d.close();
    }
    const merged = join(dir, 'merged');
    clearOut();
    // In any order.
    expect(await main(['experiment', 'merge', '--out', merged, shard(3), shard(1), shard(2)])).toBe(
      0,
    );
    expect(out).toBe(`experiment small: 3 shards of 3, 12 of 12 runs merged into ${db(merged)}\n`);
    expect(contents(db(merged))).toEqual(contents(db(whole)));
    const d = new Database(db(merged), { readonly: true });
    expect(d.prepare('SELECT count(*) AS n FROM shard').get()).toEqual({ n: 0 });
    expect(d.pragma('user_version', { simple: true })).toBe(4);
    d.close();
    // The merged database is the whole experiment's: nothing left to run, and opt report reads it.
    clearErr();
    expect(await run('--out', merged)).toBe(0);
    expect(err).toBe('');
    expect(await main(['report', merged])).toBe(0);
    // A second merge into the same place is refused.
    clearErr();
    expect(await main(['experiment', 'merge', '--out', merged, shard(1), shard(2), shard(3)])).toBe(
      2,
    );
    expect(err).toContain(`${db(merged)}: exists already`);
  });

  it('a shard is continued as that shard only, and the whole experiment not as a shard', async () => {
    expect(await run('--out', shard(1), '--shard', '2/3')).toBe(2);
    expect(err).toContain(
      `${db(shard(1))} holds shard 1/3 of experiment 'small', not shard 2/3: a shard's folder holds one shard`,
    );
    clearErr();
    expect(await run('--out', shard(1))).toBe(2);
    expect(err).toContain(
      `${db(shard(1))} holds shard 1/3 of experiment 'small': continue it with --shard 1/3`,
    );
    clearErr();
    expect(await run('--out', whole, '--shard', '1/3')).toBe(2);
    expect(err).toContain(`${db(whole)} holds the whole experiment 'small', not a shard`);
    clearErr();
    expect(await run('--out', shard(1), '--shard', '1/3')).toBe(0); // itself: nothing to run
    expect(err).toBe('');
  });

  it('killed with SIGKILL, a shard run again ends as if never killed', async () => {
    const cut = join(dir, 'cut-2');
    // Its own process group: SIGKILL reaches bin/opt.js and the compiler's process alike.
    const child = spawn(
      process.execPath,
      ['bin/opt.js', 'experiment', small, '--out', cut, '--backend', 'cpu', '--shard', '2/3'],
      { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
    );
    let progress = '';
    const closed = new Promise((r) => child.on('close', r));
    await new Promise<void>((resolve) =>
      child.stderr!.on('data', (d: Buffer) => {
        progress += d.toString();
        // Killed after its second run (of 4) is committed.
        if ((progress.match(/^\[\d+\/4\]/gm) ?? []).length >= 2) resolve();
      }),
    );
    process.kill(-child.pid!, 'SIGKILL');
    await closed;
    expect(contents(db(cut)).run!.length).toBeLessThan(4);
    expect(await run('--out', cut, '--shard', '2/3')).toBe(0);
    expect(contents(db(cut))).toEqual(contents(db(shard(2))));
  });

  it('refuses shards that do not merge, naming the file and what differs', async () => {
    const merge = (...args: string[]) =>
      main(['experiment', 'merge', '--out', join(dir, 'never'), ...args]);
    const refused = async (args: string[], message: string) => {
      clearErr();
      expect(await merge(...args)).toBe(2);
      expect(err).toContain(message);
      expect(existsSync(db(join(dir, 'never')))).toBe(false);
    };
    await refused(
      [shard(1), shard(3)],
      `4 runs of the 12 missing: shard 2/3 (4 runs) not given. Give --partial to merge the others`,
    );
    await refused(
      [shard(1), shard(2), shard(1)],
      `${db(shard(1))} and ${db(shard(1))} are both shard 1/3: their runs overlap`,
    );
    await refused(
      [shard(1), whole],
      `${db(whole)}: holds the whole experiment 'small', not a shard of it`,
    );
    await refused([join(dir, 'nowhere')], `${db(join(dir, 'nowhere'))}: not found`);
    // Another split (N = 2) ...
    const half = join(dir, 'half-1');
    expect(await run('--out', half, '--shard', '1/2')).toBe(0);
    await refused(
      [shard(1), half],
      `${db(half)} is shard 1/2, ${db(shard(1))} shard 1/3: only shards of one split (the same N) merge`,
    );
    // ... another text of the experiment, another experiment, another backend.
    const other = join(dir, 'other.opt');
    writeFileSync(other, SMALL.replace('seed = 11', 'seed = 12'));
    const otherShard = join(dir, 'other-2');
    expect(
      await main(['experiment', other, '--backend', 'cpu', '--out', otherShard, '--shard', '2/3']),
    ).toBe(0);
    await refused(
      [shard(1), otherShard],
      `${db(otherShard)} and ${db(shard(1))} hold experiment 'small' as two different texts`,
    );
    writeFileSync(other, SMALL.replace('experiment small', 'experiment smaller'));
    const renamed = join(dir, 'renamed-2');
    expect(
      await main(['experiment', other, '--backend', 'cpu', '--out', renamed, '--shard', '2/3']),
    ).toBe(0);
    await refused(
      [shard(1), renamed],
      `${db(renamed)} holds experiment 'smaller', ${db(shard(1))} experiment 'small'`,
    );
    const gpuShard = join(dir, 'gpu-2');
    mkdirSync(gpuShard);
    const d = new Database(db(gpuShard));
    d.exec(`ATTACH DATABASE '${db(shard(2))}' AS s`);
    d.exec(
      "CREATE TABLE experiment AS SELECT * FROM s.experiment; UPDATE experiment SET backend = 'gpu'",
    );
    for (const t of ['cell', 'run', 'trace', 'record', 'shard'])
      d.exec(`CREATE TABLE ${t} AS SELECT * FROM s.${t}`);
    d.pragma('user_version = 4');
    d.close();
    await refused(
      [shard(1), gpuShard, shard(3)],
      `${db(gpuShard)} ran on the gpu backend, ${db(shard(1))} on the cpu: the shards of one experiment run on one backend`,
    );
  });

  it('--partial merges what there is, saying what is missing; the experiment then runs the rest', async () => {
    const part = join(dir, 'part');
    expect(
      await main(['experiment', 'merge', '--out', part, '--partial', shard(1), shard(3)]),
    ).toBe(0);
    expect(err).toContain(
      `--partial: 4 runs of the 12 missing (shard 2/3 (4 runs) not given); opt experiment FILE --out ${part} runs them`,
    );
    expect(out).toContain('2 shards of 3, 8 of 12 runs merged');
    expect(contents(db(part)).run).toHaveLength(8);
    expect(await run('--out', part)).toBe(0);
    expect(contents(db(part))).toEqual(contents(db(whole)));
  });

  it('opt experiment merge has its own flags, help and usage line', async () => {
    expect(await main(['experiment', 'merge', '--help'])).toBe(0);
    expect(out).toContain('Usage: opt experiment merge --out DIR [--partial] SHARD_DIR...');
    const help = out;
    clearOut();
    expect(await main(['help', 'experiment', 'merge'])).toBe(0);
    expect(out).toBe(help);
    clearOut();
    expect(await main(['--help'])).toBe(0);
    expect(out).toContain('opt experiment merge --out DIR [--partial] SHARD_DIR...');
    expect(out).toContain(
      'opt experiment FILE [NAME] --slurm N [--out DIR] [--slurm-opt OPTION ...]',
    );
    expect(await main(['experiment', 'merge', shard(1)])).toBe(2);
    expect(err).toContain('opt experiment merge: give --out DIR');
    clearErr();
    expect(await main(['experiment', 'merge', '--out', dir, '--shard', '1/2'])).toBe(2);
    expect(err).toContain('unknown flag --shard');
  });
});

describe('opt experiment --slurm N', () => {
  captureStdio();
  const dir = mkdtempSync(join(tmpdir(), 'opt-slurm-script-'));
  const small = join(dir, 'small.opt');
  writeFileSync(small, SMALL);

  it('writes an sbatch array script of N shards and a merge script, with absolute paths', async () => {
    const study = join(dir, 'study');
    expect(
      await main([
        'experiment',
        small,
        'small',
        '--slurm',
        '3',
        '--out',
        study,
        '--backend',
        'gpu',
        '--adapter',
        'NVIDIA',
        '--data',
        'data-here',
        '--slurm-opt=--partition=gpu',
        '--slurm-opt',
        '--time=1:00:00',
      ]),
    ).toBe(0);
    const script = readFileSync(join(study, 'experiment.sbatch'), 'utf8');
    const opt = resolve('bin/opt.js');
    expect(script.split('\n').filter((l) => l.startsWith('#SBATCH'))).toEqual([
      '#SBATCH --job-name=opt-small',
      '#SBATCH --array=1-3',
      `#SBATCH --output=${study}/logs/%x-%A_%a.out`,
      '#SBATCH --ntasks=1',
      '#SBATCH --cpus-per-task=1',
      '#SBATCH --gres=gpu:1',
      '#SBATCH --partition=gpu',
      '#SBATCH --time=1:00:00',
    ]);
    expect(script).toContain(
      `exec '${process.execPath}' '${opt}' experiment '${small}' 'small' --out '${study}'/shard-"$SLURM_ARRAY_TASK_ID" --shard "$SLURM_ARRAY_TASK_ID"/3 --backend gpu --adapter 'NVIDIA' --data '${resolve('data-here')}'\n`,
    );
    const merge = readFileSync(join(study, 'merge.sbatch'), 'utf8');
    expect(merge).toContain('#SBATCH --kill-on-invalid-dep=yes\n');
    expect(merge).toContain('#SBATCH --partition=gpu\n');
    expect(merge).not.toContain('--gres');
    expect(merge).toContain(
      `exec '${process.execPath}' '${opt}' experiment merge --out '${study}' '${study}'/shard-{1..3}\n`,
    );
    expect(existsSync(join(study, 'logs'))).toBe(true);
    expect(out).toContain(
      `jid=$(sbatch --parsable '${study}/experiment.sbatch') && sbatch --dependency=afterok:$jid '${study}/merge.sbatch'`,
    );
    // bash reads both (the syntax only: -n).
    const { spawnSync } = await import('node:child_process');
    for (const f of ['experiment.sbatch', 'merge.sbatch'])
      expect(spawnSync('bash', ['-n', join(study, f)]).status).toBe(0);
  });

  it('names the flag and what it allows when a value does not fit', async () => {
    const refused = async (args: string[], message: string) => {
      clearErr();
      expect(await main(['experiment', small, ...args])).toBe(2);
      expect(err).toContain(message);
    };
    await refused(
      ['--slurm', '13', '--out', join(dir, 'x')],
      "--slurm: N is at most the experiment's 12 runs (4 cells x 3 runs; every shard holds at least one), got N = 13",
    );
    await refused(['--slurm', '0'], '--slurm: 0 is outside the allowed range 1..');
    await refused(
      ['--slurm', '2', '--shard', '1/2'],
      '--shard and --slurm: --slurm N writes a script whose task K runs --shard K/N',
    );
    await refused(['--slurm-opt=--time=5', '--out', dir], '--slurm-opt: goes with --slurm N');
    await refused(
      ['--slurm', '2', '--slurm-opt', 'partition=gpu'],
      "--slurm-opt: expected one sbatch option such as --partition=gpu or --time=4:00:00, got 'partition=gpu'",
    );
    await refused(
      ['--slurm', '2', '--out', join(dir, 'a b')],
      `--out ${join(dir, 'a b')}: with --slurm the folder's path may hold no spaces, quotes, % or \\`,
    );
  });
});
