// `opt experiment --slurm N` on a real Slurm: a single-node cluster on this machine
// (scripts/slurm-local.sh: munged, slurmctld and slurmd of Debian's slurm-wlm and munge, in a
// temporary folder, on free ports), the generated array script submitted with sbatch and the merge
// script with --dependency=afterok on it, and the merged database compared with the one a single
// `opt experiment` writes. The jobs run bin/opt.js, the built dist/ (scripts/test.sh builds it).
//
// It needs root (slurmd runs the jobs) and the Slurm and munge binaries (scripts/ensure-slurm.sh,
// which scripts/setup.sh runs, installs them). Where they are missing, or this is not root, the
// test fails saying so, unless OPT_SKIP_SLURM=1: then it is skipped, with that reason.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULTS_FILE } from '../src/experiment/database.js';
import { main } from '../src/cli/main.js';
import { contents } from './results.js';
import { captureStdio } from './stdio.js';

const ROOT = resolve(__dirname, '..');
const SLURM_LOCAL = join(ROOT, 'scripts', 'slurm-local.sh');
// The daemons are in /usr/sbin, which not every PATH has.
const PATH = [
  ...(process.env.PATH ?? '').split(delimiter),
  '/usr/sbin',
  '/usr/bin',
  '/sbin',
  '/bin',
]
  .filter((p, k, all) => p && all.indexOf(p) === k)
  .join(delimiter);
const NEEDED = ['slurmctld', 'slurmd', 'sbatch', 'squeue', 'sinfo', 'scontrol', 'scancel'];
const MUNGE = ['munged', 'mungekey'];
const found = (b: string) => PATH.split(delimiter).some((d) => existsSync(join(d, b)));
const absent = [...NEEDED, ...MUNGE].filter((b) => !found(b));
const notRoot = process.getuid?.() !== 0;
const why = [
  ...(absent.length
    ? [`${absent.join(', ')} not found (bash scripts/ensure-slurm.sh installs slurm-wlm and munge)`]
    : []),
  ...(notRoot ? ['not root (slurmd runs the jobs as their users)'] : []),
].join('; ');
const skip = why !== '' && process.env.OPT_SKIP_SLURM === '1';
if (skip) process.stderr.write(`test/slurm.test.ts: skipped (OPT_SKIP_SLURM=1): ${why}\n`);

const SMALL = `experiment small {
  algorithms = [de, jde(NP: 20)]
  problems = [sphere, rastrigin]
  dims = [4]
  runs = 3
  budget = evals(75 * D)
  record = [0.5, 1.0]
  seed = 5
}
`;

describe.skipIf(skip)('opt experiment --slurm on a real single-node Slurm', () => {
  captureStdio();
  const dir = mkdtempSync(join(tmpdir(), 'opt-slurm-'));
  // What a user's shell would hand sbatch (which passes its environment on to the jobs), and the
  // cluster of this test alone.
  const env = {
    PATH,
    HOME: process.env.HOME ?? dir,
    SLURM_CONF: join(dir, 'slurm.conf'),
    ...(process.env.OPT_DATA ? { OPT_DATA: process.env.OPT_DATA } : {}),
  };
  const sh = (cmd: string, args: string[], timeout = 30_000) => {
    const r = spawnSync(cmd, args, { env, encoding: 'utf8', timeout });
    if (r.status !== 0)
      throw new Error(
        `${cmd} ${args.join(' ')}: ${r.error?.message ?? `exit ${r.status}`}\n${r.stdout}${r.stderr}`,
      );
    return r.stdout;
  };
  /** What there is to read when something went wrong: the jobs' and the daemons' logs. */
  const logs = () => {
    const jobLogs = join(dir, 'study', 'logs');
    const jobs = existsSync(jobLogs)
      ? readdirSync(jobLogs).map((f) => `--- ${f}\n${readFileSync(join(jobLogs, f), 'utf8')}`)
      : [];
    const daemons = spawnSync('bash', [SLURM_LOCAL, 'logs', dir], { env, encoding: 'utf8' });
    return [...jobs, daemons.stdout].join('\n');
  };

  beforeAll(() => {
    if (why) throw new Error(`the Slurm test cannot run here: ${why} (OPT_SKIP_SLURM=1 skips it)`);
    const r = spawnSync('bash', [SLURM_LOCAL, 'start', dir], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    if (r.status !== 0)
      throw new Error(
        `scripts/slurm-local.sh start ${dir}: ${r.error?.message ?? `exit ${r.status}`}\n${r.stderr}`,
      );
  }, 90_000);

  afterAll(() => {
    // Also after a failure: no daemon outlives the test (a failure's message has the logs).
    spawnSync('bash', [SLURM_LOCAL, 'stop', dir], { env, encoding: 'utf8', timeout: 60_000 });
    rmSync(dir, { recursive: true, force: true });
  }, 90_000);

  it('runs the array of 3 shards and the merge job: the database one machine writes', async () => {
    expect(
      existsSync(join(ROOT, 'dist', 'cli', 'main.js')),
      'the jobs run bin/opt.js: build dist first (npx tsc -p tsconfig.json)',
    ).toBe(true);
    const file = join(dir, 'small.opt');
    writeFileSync(file, SMALL);
    const study = join(dir, 'study');
    expect(
      await main([
        'experiment',
        file,
        '--slurm',
        '3',
        '--out',
        study,
        '--backend',
        'cpu',
        '--slurm-opt=--time=5',
      ]),
    ).toBe(0);
    const started = Date.now();
    const jid = sh('sbatch', ['--parsable', join(study, 'experiment.sbatch')])
      .trim()
      .split(';')[0]!;
    const mid = sh('sbatch', [
      '--parsable',
      `--dependency=afterok:${jid}`,
      join(study, 'merge.sbatch'),
    ])
      .trim()
      .split(';')[0]!;
    // Meanwhile, the whole experiment on one machine (this one), as the jobs run it: bin/opt.js.
    const whole = join(dir, 'whole');
    const single = spawn(
      process.execPath,
      [join(ROOT, 'bin', 'opt.js'), 'experiment', file, '--out', whole, '--backend', 'cpu'],
      { env, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let singleErr = '';
    single.stderr.on('data', (d: Buffer) => (singleErr += d.toString()));
    const singleDone = new Promise<number | null>((r) => single.on('close', r));

    // Until neither the array's tasks nor the merge are queued or running.
    const deadline = started + 120_000;
    for (;;) {
      const queued = sh('squeue', ['-h', '-j', `${jid},${mid}`, '-o', '%i %T %r']).trim();
      if (!queued) break;
      if (Date.now() > deadline)
        throw new Error(`the jobs did not end within 120 s; squeue:\n${queued}\n${logs()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const states = (id: string) =>
      sh('scontrol', ['-o', 'show', 'job', id])
        .trim()
        .split('\n')
        .map((l) => `${/JobState=(\S+)/.exec(l)?.[1]} ${/ExitCode=(\S+)/.exec(l)?.[1]}`);
    const tasks = states(jid);
    const merged = states(mid);
    if (tasks.some((s) => s !== 'COMPLETED 0:0') || merged[0] !== 'COMPLETED 0:0')
      throw new Error(`array ${jid}: ${tasks.join(', ')}; merge ${mid}: ${merged}\n${logs()}`);
    expect(tasks).toHaveLength(3);
    expect(await singleDone, singleErr).toBe(0);

    // Each task's log, and its shard's database.
    for (const k of [1, 2, 3]) {
      const log = readFileSync(join(study, 'logs', `opt-small-${jid}_${k}.out`), 'utf8');
      expect(log).toContain(
        `experiment small, shard ${k}/3: 4 runs in ${join(study, `shard-${k}`, RESULTS_FILE)}`,
      );
      const d = new Database(join(study, `shard-${k}`, RESULTS_FILE), { readonly: true });
      expect(d.prepare('SELECT k, n FROM shard').all()).toEqual([{ k, n: 3 }]);
      expect(d.prepare('SELECT count(*) AS n FROM run').get()).toEqual({ n: 4 });
      d.close();
    }
    expect(readFileSync(join(study, 'logs', `opt-small-merge-${mid}.out`), 'utf8')).toContain(
      `experiment small: 3 shards of 3, 12 of 12 runs merged into ${join(study, RESULTS_FILE)}`,
    );
    expect(contents(join(study, RESULTS_FILE))).toEqual(contents(join(whole, RESULTS_FILE)));
  }, 180_000);
});
