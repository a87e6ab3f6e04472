// Quality (GPU machine): ma_sw_chains on seed 001's six functions (stdlib/problems/lastra2015.opt)
// for 500,000 evaluations, RUNS runs each (seeds 1..RUNS), as seed 001's Tables 2-12 and 15-20
// report them: the mean, standard deviation and median of the best individual's objective value
// and of its Euclidean distance to the optimum. The objective value is the float64 value of the
// best point the GPU returns, evaluated again on the CPU (not the GPU's float32 fitness); the
// GPU's float32 value is printed beside it.
// Usage: node scripts/quality-memetic.mjs D [D ...]; RUNS (10), SEED_FROM (1), EVALS (500000), FUNCS (comma list
// of names: default the six), OUT_JSON (a file to write every run to).
import { writeFileSync } from 'node:fs';
import {
  compileAlgorithm,
  compileProblem,
  GpuAlgoEngine,
  openGpu,
  runAlgorithm,
} from '../dist/api.js';

const dims = process.argv.slice(2).map(Number);
const runs = Number(process.env.RUNS ?? 10);
const first = Number(process.env.SEED_FROM ?? 1); // seeds first .. first + RUNS - 1
const evals = Number(process.env.EVALS ?? 500_000);
const funcs = (
  process.env.FUNCS ??
  'shifted_rastrigin,shifted_griewank,shifted_salomon,shifted_sum_squares,shifted_discus,shifted_schwefel_1_2'
).split(',');
const gpu = await openGpu();
console.log(
  `quality-memetic: ${gpu.adapterName}, ${new Date().toISOString().slice(0, 10)}, ${runs} runs of ${evals} evaluations`,
);
const all = [];
const stats = (v) => {
  const m = v.reduce((a, b) => a + b, 0) / v.length;
  const sd = Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / Math.max(1, v.length - 1));
  const s = [...v].sort((a, b) => a - b);
  const med = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return { mean: m, sd, median: med };
};
const e2 = (x) => x.toExponential(2);
for (const D of dims)
  for (const problem of funcs) {
    const c = compileAlgorithm({ algorithm: 'ma_sw_chains', problem, dim: D });
    const p = compileProblem({ problem, dim: D });
    const o = p.info.optimumPoint;
    const rows = [];
    for (let seed = first; seed < first + runs; seed++) {
      const e = await GpuAlgoEngine.create(gpu, c, seed);
      const r = await runAlgorithm(c, e, { seed, maxEvals: evals });
      e.destroy();
      const [f64] = p.evaluateCpu([r.bestPoint]);
      let d2 = 0;
      for (let j = 0; j < D; j++) d2 += (r.bestPoint[j] - o[j]) ** 2;
      const row = {
        D,
        problem,
        seed,
        evals: r.evals,
        seconds: r.seconds,
        f32: r.bestFitness,
        f64,
        dist: Math.sqrt(d2),
      };
      rows.push(row);
      all.push(row);
      if (process.env.OUT_JSON) writeFileSync(process.env.OUT_JSON, JSON.stringify(all, null, 1));
      console.log(
        `  ${problem} D=${D} seed ${seed}: f ${f64.toExponential(4)} (GPU float32 ${r.bestFitness.toExponential(4)}), distance ${row.dist.toExponential(4)}, ${r.seconds.toFixed(2)} s`,
      );
    }
    const f = stats(rows.map((r) => Math.abs(r.f64)));
    const d = stats(rows.map((r) => r.dist));
    console.log(
      `${problem} D=${D}: |f| mean ${e2(f.mean)} sd ${e2(f.sd)} median ${e2(f.median)}; distance mean ${e2(d.mean)} sd ${e2(d.sd)} median ${e2(d.median)}; ${stats(rows.map((r) => r.seconds)).mean.toFixed(2)} s a run`,
    );
  }
process.exit(0);
