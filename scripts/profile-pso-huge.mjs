// Issue 15, item 2: where a generation of PSO (N 16) at D = 3,000,000 goes, step by step, beside
// DE's on the same shape (engine.profile: a timestamp pair around each step run). Usage (GPU
// machine, dist built): node scripts/profile-pso-huge.mjs
import { compileAlgorithm, openGpu, runAlgorithm, GpuAlgoEngine } from '../dist/api.js';

const gpu = await openGpu({});
for (const [algorithm, set] of [['pso', { N: '16' }], ['de', { NP: '16' }]]) {
  const c = compileAlgorithm({ algorithm, problem: 'shifted_rastrigin', dim: 3000000, set });
  let e = await GpuAlgoEngine.create(gpu, c, 1);
  await runAlgorithm(c, e, { seed: 1, maxGenerations: 5 });
  const t = performance.now();
  await runAlgorithm(c, e, { seed: 1, maxGenerations: 40 });
  const ms = (performance.now() - t) / 40;
  e.destroy();
  e = await GpuAlgoEngine.create(gpu, c, 1, 2048);
  e.profile = new Map();
  await runAlgorithm(c, e, { seed: 1, maxGenerations: 40, batch: 20 });
  const parts = [...e.profile]
    .map(([st, p]) => [st.name, (p.seconds / p.runs) * 1e3, p.runs / 40])
    .filter(([, , r]) => r >= 0.5)
    .map(([n, m, r]) => `${n} ${m.toFixed(3)} ms x${r.toFixed(2)}`);
  e.destroy();
  console.log(`${algorithm} N 16, D = 3,000,000: ${ms.toFixed(3)} ms a generation (a run of 40, its start included); per step: ${parts.join('; ')}`);
}
process.exit(0);
