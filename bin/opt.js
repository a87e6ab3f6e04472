#!/usr/bin/env node
// The `opt` command. The compiler runs in a child process whose stderr passes through a filter:
// Dawn prints two harmless start-up warnings natively (fprintf), which no in-process hook can
// catch (see src/runtime/device.ts). Ctrl-C reaches the child, which writes what it has.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const main = join(root, 'dist', 'cli', 'main.js');
if (!existsSync(main)) {
  process.stderr.write(`opt: the compiler is not built (missing ${main}); run 'npm run build' in ${root}\n`);
  process.exit(2);
}
const noise = [/maxDynamic(Uniform|Storage)BuffersPerPipelineLayout artificially reduced/];
const child = spawn(process.execPath, [main, ...process.argv.slice(2)], {
  stdio: ['inherit', 'inherit', 'pipe'],
  env: {
    ...process.env,
    OPT_STDERR_TTY: process.stderr.isTTY ? '1' : '',
    OPT_STDERR_COLUMNS: process.stderr.columns ? String(process.stderr.columns) : '',
    // The child stops (as at Ctrl-C) once this process is gone: src/cli/run.ts.
    OPT_PARENT_PID: String(process.pid),
  },
});
let pending = '';
child.stderr.on('data', (chunk) => {
  pending += chunk.toString();
  const lines = pending.split('\n');
  pending = lines.pop() ?? '';
  for (const l of lines) if (!noise.some((re) => re.test(l))) process.stderr.write(l + '\n');
  // Partial lines (progress lines redraw in place with \r or a cursor escape) pass through at once.
  if (pending.includes('\r') || pending.includes('\x1b')) {
    process.stderr.write(pending);
    pending = '';
  }
});
child.stderr.on('end', () => {
  if (pending && !noise.some((re) => re.test(pending))) process.stderr.write(pending);
});
// A terminal's Ctrl-C reaches the child itself; a SIGINT or SIGTERM sent to this process alone
// (kill, a job runner) is passed on, so the child still writes what it has. The child takes a
// second SIGINT within a second of the first as the same Ctrl-C.
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 130 : 1)));
