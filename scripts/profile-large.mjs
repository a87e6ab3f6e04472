// Issue 15, item 1: where a generation of DE (NP 4,096) and PSO (N 4,096) at D = 2,000 goes.
// For each schedule variant: generations a second unprofiled, and the GPU time of each step
// (engine.profile: a timestamp pair around each step run); the copy kernel and the FMA rate of the
// same process beside them. Usage (GPU machine, dist built):
//   node scripts/profile-large.mjs [dist-dir] [variant...]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const dist = resolve(process.argv[2] ?? 'dist');
const api = await import(pathToFileURL(`${dist}/api.js`).href);
const { roofline } = await import(pathToFileURL(`${dist}/experiment/roofline.js`).href);
const { compileAlgorithm, openGpu, runAlgorithm, GpuAlgoEngine } = api;
const only = process.argv.slice(3);

const gpu = await openGpu({});
const D = Number(process.env.PROFILE_D ?? 2000);
const N = Number(process.env.PROFILE_N ?? 4096);
const roof = await roofline(gpu, D * N, 20);
console.log(`roofline: ${JSON.stringify(roof)}`);
const DE = { mutation: 'rand1', crossover: 'bin', F: '0.5', CR: '0.3', NP: String(N) };
const PSO = { N: String(N) };
const variants = [
  ['de', DE, undefined, 'default'],
  ['de', DE, { team: 128 }, 'team128'],
  ['de', DE, { team: 64 }, 'team64'],
  ['de', DE, { team: 32 }, 'team32'],
  ['de', DE, { force: 'split' }, 'split'],
  ['pso', PSO, undefined, 'default'],
  ['pso', { ...PSO, topology: 'ring' }, undefined, 'ring'],
  ['pso', PSO, { wg: 512 }, 'wg512'],
  ['de', DE, { wg: 512 }, 'wg512'],
  ['pso', PSO, { team: 128 }, 'team128'],
  ['pso', PSO, { team: 64 }, 'team64'],
  ['pso', PSO, { team: 32 }, 'team32'],
];
for (const [algorithm, set, schedule, name] of variants) {
  const tag = `${algorithm}/${name}`;
  if (only.length && !only.some((o) => tag.includes(o))) continue;
  try {
    const c = compileAlgorithm({ algorithm, problem: 'rastrigin', dim: D, set, schedule });
    let e = await GpuAlgoEngine.create(gpu, c, 1);
    await runAlgorithm(c, e, { seed: 1, maxGenerations: 50 });
    const G = Number(process.env.PROFILE_G ?? 1000);
    e.timestamps = true;
    e.timing.gpu = 0;
    const t = performance.now();
    await runAlgorithm(c, e, { seed: 1, maxGenerations: G });
    const us = ((performance.now() - t) / G) * 1000;
    const gpuUs = (e.timing.gpu / G) * 1e6;
    e.destroy();
    e = await GpuAlgoEngine.create(gpu, c, 1, 2048);
    e.profile = new Map();
    await runAlgorithm(c, e, { seed: 1, maxGenerations: 400, batch: 100 });
    const parts = [...e.profile]
      .map(([st, p]) => [st.name, (p.seconds / p.runs) * 1e6, p.runs / 400])
      .filter(([, , r]) => r >= 0.5)
      .map(([n, m, r]) => `${n} ${m.toFixed(1)} us x${r.toFixed(2)}`);
    e.destroy();
    console.log(`${tag}: ${us.toFixed(1)} us a generation (${(1e6 / us).toFixed(0)}/s), GPU ${gpuUs.toFixed(1)} us (${(1e6 / gpuUs).toFixed(0)}/s); per step: ${parts.join('; ')}`);
  } catch (err) {
    console.log(`${tag}: failed: ${err.message}`);
  }
}
process.exit(0);
