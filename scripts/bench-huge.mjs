// Benchmark (GPU machine): an algorithm at a very large D (issue 36, item 4): the time a
// generation (wall clock and GPU timestamps), the state's bytes and the bandwidth that a stated
// traffic model gives, beside the copy kernel and FMA rate measured in the same process.
// Usage: node scripts/bench-huge.mjs ALG D [GENS]   (SET='{"NP":"16"}' for --set, PROBLEM=...)
// The traffic model (TRAFFIC rows of D floats an individual a generation, default 6 for DE: the
// target, three donors and the shift read, the trial written) is a lower bound of what a
// generation must move, so the bandwidth it gives is a lower bound too.
import { compileAlgorithm, GpuAlgoEngine, openGpu, runAlgorithm } from '../dist/api.js';
import { roofline } from '../dist/experiment/roofline.js';

const [alg, dArg, gArg] = process.argv.slice(2);
const D = Number(dArg);
const gens = Number(gArg ?? 20);
const set = JSON.parse(process.env.SET ?? '{}');
const problem = process.env.PROBLEM ?? 'shifted_rastrigin';
const traffic = Number(process.env.TRAFFIC ?? 6);
const gpu = await openGpu();
const L = gpu.limits;
console.log(
  `bench-huge: ${gpu.adapterName}, ${new Date().toISOString()}, limits ${JSON.stringify(L)}`,
);
const t0 = performance.now();
const c = compileAlgorithm({ algorithm: alg, problem, dim: D, set });
const e = await GpuAlgoEngine.create(gpu, c, 1);
const made = (performance.now() - t0) / 1e3;
const bytes = e.stride * 4;
await runAlgorithm(c, e, { seed: 1, maxGenerations: 2 });
e.timestamps = true;
const t1 = performance.now();
const r = await runAlgorithm(c, e, { seed: 1, maxGenerations: gens });
const wall = (performance.now() - t1) / 1e3;
const n = Number(set.NP ?? set.N ?? 0);
const moved = n * D * 4 * traffic;
const roof = await roofline(gpu, 1 << 28, 10);
console.log(
  `${alg} ${JSON.stringify(set)} ${problem} D = ${D}: state ${bytes} bytes (${(bytes / 2 ** 30).toFixed(2)} GiB); ` +
    `made in ${made.toFixed(1)} s; ${gens} generations in ${wall.toFixed(2)} s (start included): ` +
    `${((wall / gens) * 1e3).toFixed(2)} ms a generation, GPU ${((e.timing.gpu / gens) * 1e3).toFixed(2)} ms; ` +
    `best error ${(r.bestFitness - c.algo.problem.optimum).toExponential(4)}; ` +
    `traffic model ${traffic} rows an individual: ${(moved / 1e9).toFixed(2)} GB a generation, ` +
    `${(moved / (e.timing.gpu / gens) / 1e9).toFixed(0)} GB/s of GPU time; ` +
    `copy kernel ${roof.copyGBps.toFixed(0)} GB/s, FMA ${roof.gflops.toFixed(0)} GFLOP/s`,
);
e.destroy();
process.exit(0);
