// Runs a second, batched and alone (issue 14; docs/performance.md, "Experiments, batched"): the
// same runs (seeds 1..R) as one batch (runBatch, one engine of R seeds) and one after another (an
// engine each, as `opt experiment` made them before batching), each including its engine's
// set-up; the first engine of each shape is made once beforehand so that both sides find the
// pipelines compiled by the driver's cache alike. Also checks that each batched run equals the run
// alone (evaluations and best point), and prints a table. Usage (GPU machine, dist built):
//   node scripts/bench-batch.mjs [--quick]
import { compileAlgorithm, createBatchEngine, createEngine, openGpu, runAlgorithm, runBatch } from '../dist/api.js';

const quick = process.argv.includes('--quick');
const gpu = await openGpu({});
if (!gpu) throw new Error('no WebGPU adapter');
const cases = [
  { label: 'jDE NP 250, D = 100, rastrigin, 1,000,000 evaluations', algorithm: 'jde', problem: 'rastrigin', dim: 100, set: { NP: '250' }, evals: 1_000_000, R: 51, alone: quick ? 2 : 5 },
  { label: 'jDE NP 250, D = 100, cec2017_f5 (rotated Rastrigin), 1,000,000 evaluations', algorithm: 'jde', problem: 'cec2017_f5', dim: 100, set: { NP: '250' }, evals: 1_000_000, R: 51, alone: quick ? 2 : 5 },
  { label: 'DE NP 4,096, D = 2,000, rastrigin, 200 generations', algorithm: 'de', problem: 'rastrigin', dim: 2000, set: { NP: '4096' }, evals: 4096 * 201, R: 16, alone: quick ? 2 : 4 },
];
const rows = [];
for (const k of cases) {
  const c = compileAlgorithm({ algorithm: k.algorithm, problem: k.problem, dim: k.dim, set: k.set });
  const o = { maxEvals: k.evals };
  // Warm the driver's pipeline cache for both shapes.
  (await createEngine(c, 0, gpu)).destroy();
  (await createBatchEngine(c, [0, 1], gpu)).destroy();
  const seeds = Array.from({ length: k.R }, (_, r) => r + 1);
  let t = performance.now();
  const e = await createBatchEngine(c, seeds, gpu);
  const together = await runBatch(c, e, seeds, o);
  e.destroy();
  const batched = (performance.now() - t) / 1000;
  t = performance.now();
  let same = true;
  for (let r = 0; r < k.alone; r++) {
    const a = await createEngine(c, seeds[r], gpu);
    const res = await runAlgorithm(c, a, { ...o, seed: seeds[r] });
    a.destroy();
    const b = together[r];
    same &&= res.evals === b.evals && res.bestFitness === b.bestFitness && res.bestPoint.every((v, j) => v === b.bestPoint[j]);
  }
  const alone = (performance.now() - t) / 1000;
  const gens = together[0].generations;
  rows.push({ label: k.label, R: k.R, batched, perBatchRun: batched / k.R, alone: alone / k.alone, gens, same });
  console.log(JSON.stringify(rows.at(-1)));
}
console.log(`\n${gpu.adapterName}, ${new Date().toISOString().slice(0, 10)}`);
console.log('| work | runs a batch | batch (s) | runs/s batched | runs/s alone | ratio | us a generation batched (all runs) | alone = batched |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | :---: |');
for (const r of rows)
  console.log(`| ${r.label} | ${r.R} | ${r.batched.toFixed(2)} | ${(1 / r.perBatchRun).toFixed(1)} | ${(1 / r.alone).toFixed(1)} | ${(r.alone / r.perBatchRun).toFixed(1)} | ${((r.batched / r.gens) * 1e6).toFixed(1)} | ${r.same ? 'yes' : 'NO'} |`);
process.exit(0);
