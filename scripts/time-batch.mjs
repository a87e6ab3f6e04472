// The time a batched generation of jDE NP 250 at D = 100 takes, for R runs of one problem on the
// batch's own schedule (AlgoCompileRequest.runs), with each step's GPU time: a quick A/B of two
// builds on the GPU machine (issue 36). Usage: node scripts/time-batch.mjs [R] [GENS] problem...
import { compileAlgorithm, openGpu, runBatch, GpuAlgoEngine } from '../dist/api.js';
import { roofline } from '../dist/api/experiment.js';

const gpu = await openGpu({});
// The roofline of the same run (copy kernel, float32 FMA rate), for docs/performance.md.
const roof = await roofline(gpu, 1 << 24, 10);
console.log(`roofline: copy ${roof.copyGBps.toFixed(0)} GB/s, FMA ${roof.gflops.toFixed(0)} GFLOP/s`);
const R = Number(process.argv[2] ?? 51);
const GENS = Number(process.argv[3] ?? 500);
const seeds = Array.from({ length: R }, (_, r) => r + 1);
for (const problem of process.argv.slice(4)) {
  const c = compileAlgorithm({ algorithm: 'jde', problem, dim: 100, set: { NP: '250' }, runs: R });
  let e = await GpuAlgoEngine.create(gpu, c, seeds);
  await runBatch(c, e, seeds, { maxGenerations: 50 });
  e.destroy();
  e = await GpuAlgoEngine.create(gpu, c, seeds);
  const t = performance.now();
  const res = await runBatch(c, e, seeds, { maxGenerations: GENS });
  const us = ((performance.now() - t) / GENS) * 1000;
  e.destroy();
  e = await GpuAlgoEngine.create(gpu, c, seeds, 2048);
  e.profile = new Map();
  await runBatch(c, e, seeds, { maxGenerations: 200, batch: 100 });
  const parts = [...e.profile].map(
    ([st, p]) =>
      `${st.name} ${((p.seconds / p.runs) * 1e6).toFixed(1)}us x${(p.runs / 200).toFixed(2)}`,
  );
  e.destroy();
  const best = Math.min(...res.map((r) => r.bestFitness));
  console.log(
    `${problem} R=${R}: ${us.toFixed(1)} us a batched generation over ${GENS}; best ${best}; profile: ${parts.join('; ')}`,
  );
}
process.exit(0);
