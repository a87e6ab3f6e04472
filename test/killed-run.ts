// `opt run` as a process killed mid-run: the tests of --resume (test/cli.test.ts) and of resuming
// a killed run (test/long/cli-resume.long.test.ts) start bin/opt.js (the build in dist/) this way.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** `opt run ARGS --out DIR` killed with SIGKILL `after` ms after its folder (or `sub` in it) has a checkpoint. */
export async function killed(args: string[], outDir: string, after: number, sub = '') {
  // Its own process group: SIGKILL reaches bin/opt.js and the compiler's process alike, as a
  // job scheduler's preemption or a closed terminal's session does.
  const child = spawn(process.execPath, ['bin/opt.js', 'run', ...args, '--out', outDir], {
    stdio: 'ignore',
    detached: true,
  });
  const closed = new Promise((r) => child.on('close', r));
  const t0 = Date.now();
  while (!existsSync(join(outDir, sub, 'checkpoint.json')) && Date.now() - t0 < 60_000)
    await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, after));
  process.kill(-child.pid!, 'SIGKILL');
  await closed;
}
