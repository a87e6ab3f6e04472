// Benchmark (GPU machine): ma_sw_chains in seed 001's setting (shifted Rastrigin, fBias -330,
// 500,000 evaluations) at the given dimensions, with the host's recording time, the GPU time by
// timestamp queries, and the copy kernel's bandwidth measured in the same process.
// Usage: node scripts/bench-memetic.mjs [D ...]   (default 100000 3000000); EVALS=... to change.
import { compileAlgorithm, GpuAlgoEngine, openGpu, runAlgorithm } from '../dist/api.js';
import { roofline } from '../dist/cli/roofline.js';

const dims = process.argv.slice(2).map(Number);
const evals = Number(process.env.EVALS ?? 500_000);
const problem = process.env.PROBLEM ?? 'shifted_rastrigin';
const gpu = await openGpu();
console.log(`bench-memetic: ${gpu.adapterName}, ${new Date().toISOString().slice(0, 10)}, ${problem}, ${evals} evaluations`);
for (const D of dims.length ? dims : [100_000, 3_000_000]) {
  const c = compileAlgorithm({ algorithm: 'ma_sw_chains', problem, dim: D });
  const warm = await GpuAlgoEngine.create(gpu, c, 1);
  await runAlgorithm(c, warm, { seed: 1, maxEvals: 20_000 });
  warm.destroy();
  const e = await GpuAlgoEngine.create(gpu, c, 1);
  e.timestamps = true;
  const r = await runAlgorithm(c, e, { seed: 1, maxEvals: evals });
  const roof = await roofline(gpu, Math.min(D * 64, 1 << 28), 10);
  // Floats an evaluation must at least read: the point (D). The copy kernel's rate counts a read
  // and a write, so one evaluation's read at the copy rate takes D * 4 / (copy / 2) seconds.
  const minSec = (r.evals * D * 4) / ((roof.copyGBps * 1e9) / 2);
  console.log(
    `D = ${D}: ${r.seconds.toFixed(2)} s for ${r.evals} evaluations (${r.generations} generations); ` +
      `host recording ${e.timing.record.toFixed(2)} s, waiting ${e.timing.wait.toFixed(2)} s, GPU (timestamps) ${e.timing.gpu.toFixed(2)} s; ` +
      `best error ${(r.bestFitness - c.algo.problem.optimum).toExponential(4)}; ` +
      `copy kernel ${roof.copyGBps.toFixed(0)} GB/s: reading each evaluated point once takes ${minSec.toFixed(2)} s (${((minSec / r.seconds) * 100).toFixed(0)}% of the run)`,
  );
  e.destroy();
}
process.exit(0);
