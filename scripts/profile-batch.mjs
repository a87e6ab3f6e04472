// Where a batched generation's time goes (issue 14): per-step GPU time (timestamp pairs around
// each step run: engine.profile) for batches of 1, 8 and 51 runs of jDE NP 250 at D = 100, and
// the whole generation's time without profiling. Usage (GPU machine): node scripts/profile-batch.mjs [problem...]
import { compileAlgorithm, openGpu, runBatch, GpuAlgoEngine } from '../dist/api.js';

const gpu = await openGpu({});
const problems = process.argv.slice(2).length ? process.argv.slice(2) : ['rastrigin', 'cec2017_f5', 'cec2017_f26'];
for (const problem of problems) {
  const c = compileAlgorithm({ algorithm: 'jde', problem, dim: 100, set: { NP: '250' } });
  for (const R of [1, 8, 51]) {
    const seeds = Array.from({ length: R }, (_, r) => r + 1);
    // Unprofiled: generations a second.
    let e = await GpuAlgoEngine.create(gpu, c, seeds);
    await runBatch(c, e, seeds, { maxGenerations: 50 });
    e.destroy();
    e = await GpuAlgoEngine.create(gpu, c, seeds);
    const t = performance.now();
    await runBatch(c, e, seeds, { maxGenerations: 2000 });
    const us = ((performance.now() - t) / 2000) * 1000;
    e.destroy();
    e = await GpuAlgoEngine.create(gpu, c, seeds, 2048);
    e.profile = new Map();
    await runBatch(c, e, seeds, { maxGenerations: 400, batch: 200 });
    const parts = [...e.profile].map(([st, p]) => `${st.name} ${((p.seconds / p.runs) * 1e6).toFixed(1)} us x${(p.runs / 400).toFixed(2)}`);
    e.destroy();
    console.log(`${problem} R=${R}: ${us.toFixed(1)} us a generation (${(us / R).toFixed(2)} a run); profile: ${parts.join('; ')}`);
  }
}
process.exit(0);
