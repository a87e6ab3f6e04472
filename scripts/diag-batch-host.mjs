// Where a batched generation's wall clock goes, host against GPU (issue 36, item 2: the variance
// and the gap between the study's wall clock and the kernels' time). For each problem, a batch of
// R jDE NP 250 runs at D = 100 runs GENS generations with timestamps on: the wall clock a
// generation, the GPU's time between the batch's two timestamps, and the host's recording,
// encoding, finishing and submitting (GpuAlgoEngine.timing), each a generation.
// Usage: node scripts/diag-batch-host.mjs [R] [GENS] problem...
import { compileAlgorithm, openGpu, runBatch, GpuAlgoEngine } from '../dist/api.js';
import { roofline } from '../dist/api/experiment.js';

const gpu = await openGpu({});
const roof = await roofline(gpu, 1 << 24, 10);
console.log(`roofline: copy ${roof.copyGBps.toFixed(0)} GB/s, FMA ${roof.gflops.toFixed(0)} GFLOP/s`);
const R = Number(process.argv[2] ?? 51);
const GENS = Number(process.argv[3] ?? 4000);
const seeds = Array.from({ length: R }, (_, r) => r + 1);
const us = (s) => ((s / GENS) * 1e6).toFixed(1);
for (const problem of process.argv.slice(4)) {
  const c = compileAlgorithm({ algorithm: 'jde', problem, dim: 100, set: { NP: '250' }, runs: R });
  let e = await GpuAlgoEngine.create(gpu, c, seeds);
  await runBatch(c, e, seeds, { maxGenerations: 50 });
  e.destroy();
  for (const batch of [undefined, 1024]) {
    e = await GpuAlgoEngine.create(gpu, c, seeds);
    e.timestamps = true;
    const t = performance.now();
    await runBatch(c, e, seeds, { maxGenerations: GENS, ...(batch ? { batch } : {}) });
    const wall = (performance.now() - t) / 1000;
    const m = e.timing;
    console.log(
      `${problem} R=${R} batch ${batch ?? 'doubling'}: wall ${us(wall)} us a generation; gpu ${us(m.gpu)}; record ${us(m.record)} (encode ${us(m.encode)}, finish ${us(m.finish)}, submit ${us(m.submit)}); wait ${us(m.wait)}`,
    );
    e.destroy();
  }
}
process.exit(0);
