// Start-up time of the command (issue 13, item 6): `opt --help` and `opt check` of a small file,
// through bin/opt.js as a user runs them, the median of N runs each (wall clock; on a shared
// machine compare ratios measured in one run).
//
//   node scripts/bench-startup.mjs [--runs N]

import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const runs = Number(values.runs);
const cases = [
  ['opt --help', ['--help']],
  ['opt check examples/shifted_sphere.opt', ['check', 'examples/shifted_sphere.opt']],
  [
    'opt eval sphere --dim 2 (CPU)',
    ['eval', 'sphere', '--dim', '2', '--points', '-', '--backend', 'cpu'],
  ],
];
for (const [what, args] of cases) {
  const t = [];
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, ['bin/opt.js', ...args], {
      input: '1 2\n',
      encoding: 'utf8',
    });
    t.push((performance.now() - t0) / 1000);
    if (r.status !== 0) throw new Error(`${what}: exit ${r.status}: ${r.stderr}`);
  }
  t.sort((a, b) => a - b);
  console.log(
    `${what.padEnd(42)} median ${t[Math.floor(runs / 2)].toFixed(3)} s  (min ${t[0].toFixed(3)}, max ${t[runs - 1].toFixed(3)})`,
  );
}
