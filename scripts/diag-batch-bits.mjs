// Diagnosis (issue 36): where a batch's schedule changes a run's bits on the GPU. Seed 1's run of
// jDE NP 250 at D = 100 under several compilations, against the run compiled and run alone.
import { compileAlgorithm, openGpu, runAlgorithm, runBatch, GpuAlgoEngine } from '../dist/api.js';
const gpu = await openGpu({});
const R = 51;
const seeds = Array.from({ length: R }, (_, r) => r + 1);
const key = (r) => `${r.bestFitness}:${Array.from(r.bestPoint).join(',')}`;
for (const problem of process.argv.slice(2)) {
  const base = { algorithm: 'jde', problem, dim: 100, set: { NP: '250' } };
  for (const gens of [1, 5, 40, 300]) {
    const alone = async (req) => {
      const c = compileAlgorithm(req);
      const e = await GpuAlgoEngine.create(gpu, c, 1);
      const r = await runAlgorithm(c, e, { seed: 1, maxGenerations: gens });
      e.destroy();
      return key(r);
    };
    const ref = await alone(base);
    const out = [];
    const cb = compileAlgorithm({ ...base, runs: R });
    const eb = await GpuAlgoEngine.create(gpu, cb, seeds);
    const rb = await runBatch(cb, eb, seeds, { maxGenerations: gens });
    eb.destroy();
    out.push(`batch(runs) ${key(rb[0]) === ref}`);
    out.push(`alone(runs) ${(await alone({ ...base, runs: R })) === ref}`);
    out.push(`alone(team16) ${(await alone({ ...base, schedule: { team: 16 } })) === ref}`);
    out.push(`alone(pop12750 team128) ${(await alone({ ...base, schedule: { population: 12750, team: 128 } })) === ref}`);
    out.push(`alone(pop12750 team16) ${(await alone({ ...base, schedule: { population: 12750, team: 16 } })) === ref}`);
    const c0 = compileAlgorithm(base);
    const e0 = await GpuAlgoEngine.create(gpu, c0, seeds);
    const r0 = await runBatch(c0, e0, seeds, { maxGenerations: gens });
    e0.destroy();
    out.push(`batch(alone's) ${key(r0[0]) === ref}`);
    console.log(`${problem} gens ${gens}: ${out.join('; ')}`);
  }
}
process.exit(0);
