// Benchmark (GPU machine): ma_sw_chains in seed 001's setting (shifted Rastrigin, fBias -330,
// 500,000 evaluations) at the given dimensions, with the host's recording time, the GPU time by
// timestamp queries, and the copy kernel's bandwidth measured in the same process.
// Then a profiled run (PROFILE=0 to skip): every step in a compute pass of its own between two
// timestamps, the GPU time summed per step and per phase (seed 001's Table 14). The extra passes
// add time between steps, so the profile gives the shares; the total comes from the timed run.
// Usage: node scripts/bench-memetic.mjs [D ...]   (default 100000 3000000); EVALS=... to change,
// CHAIN=0 to run each Solis-Wets iteration as its three kernels (no chain kernel), WARM=0 to skip
// the warm-up run, WINDOWS=K to bind the state as K windows even where it fits one binding (the
// binding limit lowered to a K-th of it: codegen/wgsl-window.ts), F64=1 to evaluate the best point
// again in float64 on the CPU (the reported error; the GPU's float32 value beside it).
import {
  compileAlgorithm,
  compileProblem,
  GpuAlgoEngine,
  openGpu,
  runAlgorithm,
} from '../dist/api.js';
import { StateLayout } from '../dist/runtime/algo-layout.js';
import { roofline } from '../dist/experiment/roofline.js';

const dims = process.argv.slice(2).map(Number);
const evals = Number(process.env.EVALS ?? 500_000);
const problem = process.env.PROBLEM ?? 'shifted_rastrigin';
const gpu = await openGpu();
console.log(
  `bench-memetic: ${gpu.adapterName}, ${new Date().toISOString().slice(0, 10)}, ${problem}, ${evals} evaluations`,
);
for (const D of dims.length ? dims : [100_000, 3_000_000]) {
  const c = compileAlgorithm({ algorithm: 'ma_sw_chains', problem, dim: D });
  const parts = Number(process.env.WINDOWS ?? 0);
  const stateBytes = Math.ceil(new StateLayout(c).size / 64) * 256;
  const options = parts ? { maxBindingBytes: Math.ceil(stateBytes / parts) } : {};
  if (process.env.WARM !== '0') {
    const warm = await GpuAlgoEngine.create(gpu, c, 1, undefined, options);
    await runAlgorithm(c, warm, { seed: 1, maxEvals: 20_000 });
    warm.destroy();
  }
  const t0 = performance.now();
  const e = await GpuAlgoEngine.create(gpu, c, 1, undefined, options);
  const made = (performance.now() - t0) / 1e3;
  console.log(
    `D = ${D}: state ${e.stride * 4} bytes (${((e.stride * 4) / 2 ** 30).toFixed(2)} GiB) in ${e.windows?.count ?? 1} binding(s); engine made in ${made.toFixed(1)} s`,
  );
  e.timestamps = true;
  e.chain = process.env.CHAIN !== '0';
  const r = await runAlgorithm(c, e, { seed: 1, maxEvals: evals });
  const roof = await roofline(gpu, Math.min(D * 64, 1 << 28), 10);
  // Floats an evaluation must at least read: the point (D). The copy kernel's rate counts a read
  // and a write, so one evaluation's read at the copy rate takes D * 4 / (copy / 2) seconds.
  const minSec = (r.evals * D * 4) / ((roof.copyGBps * 1e9) / 2);
  console.log(
    `D = ${D}: ${r.seconds.toFixed(2)} s for ${r.evals} evaluations (${r.generations} generations); ` +
      `host recording ${e.timing.record.toFixed(2)} s (passes ${e.timing.encode.toFixed(2)} s, finish ${e.timing.finish.toFixed(2)} s, submit ${e.timing.submit.toFixed(2)} s), waiting ${e.timing.wait.toFixed(2)} s, GPU (timestamps) ${e.timing.gpu.toFixed(2)} s; ` +
      `${e.chained} chain kernels; best error ${(r.bestFitness - c.algo.problem.optimum).toExponential(4)}; ` +
      `copy kernel ${roof.copyGBps.toFixed(0)} GB/s: reading each evaluated point once takes ${minSec.toFixed(2)} s (${((minSec / r.seconds) * 100).toFixed(0)}% of the run)`,
  );
  if (process.env.F64 === '1') {
    const t1 = performance.now();
    const p = compileProblem({ problem, dim: D });
    const [f64] = p.evaluateCpu([r.bestPoint]);
    const f32 = r.bestFitness;
    console.log(
      `  float64 error of the best point ${(f64 - c.algo.problem.optimum).toExponential(6)} (the GPU's float32 ${(f32 - c.algo.problem.optimum).toExponential(6)}, relative difference ${(Math.abs(f32 - f64) / Math.abs(f64)).toExponential(2)}); checked in ${((performance.now() - t1) / 1e3).toFixed(1)} s`,
    );
  }
  e.destroy();
  if (process.env.PROFILE !== '0') profile(c, await runProfiled(c, options));
}

async function runProfiled(c, options) {
  const e = await GpuAlgoEngine.create(gpu, c, 1, 2048, options);
  e.profile = new Map();
  e.chain = process.env.CHAIN !== '0';
  await runAlgorithm(c, e, { seed: 1, maxEvals: evals });
  const p = e.profile;
  e.destroy();
  return p;
}

// The phases of ma_sw_chains by its steps (the order of c.steps: the four `each i in X[c]` blocks
// are at.X #1 to #3 in source order).
function phaseOf(label) {
  if (label.startsWith('init.')) return 'initialisation (population, state)';
  if (label.startsWith('each.O'))
    return 'GA: offspring (mating distances, BLX-alpha, BGA, evaluation)';
  if (label === 'rank.X' || label === 'best.X') return 'GA: replacement (ranks, best of the union)';
  if (label.startsWith('let.')) return 'LS: choice of the individual (S_LS), its fitness';
  if (label === 'at.X #2') return 'LS: Solis-Wets iteration (point, evaluation, bias, counts, rho)';
  if (label.startsWith('at.X')) return 'LS: chain start and end';
  if (label === 'track') return 'best-so-far tracking';
  return label;
}

function profile(c, p) {
  const seen = new Map();
  const labels = new Map();
  for (const st of c.steps) {
    const k = (seen.get(st.name) ?? 0) + 1;
    seen.set(st.name, k);
    const dup = c.steps.filter((s) => s.name === st.name).length > 1;
    labels.set(st, dup ? `${st.name} #${k}` : st.name);
  }
  let total = 0;
  for (const v of p.values()) total += v.seconds;
  const phases = new Map();
  const rows = [...p]
    .map(([st, v]) => [labels.get(st) ?? st.name, v])
    .sort((a, b) => b[1].seconds - a[1].seconds);
  console.log(`  profiled run: ${total.toFixed(2)} s of GPU time in the steps' passes`);
  for (const [label, v] of rows) {
    console.log(
      `    ${label.padEnd(16)} ${v.seconds.toFixed(3).padStart(8)} s ${String(v.runs).padStart(8)} runs ${((v.seconds / v.runs) * 1e6).toFixed(1).padStart(8)} us/run ${((v.seconds / total) * 100).toFixed(1).padStart(5)}%`,
    );
    const ph = phaseOf(label);
    phases.set(ph, (phases.get(ph) ?? 0) + v.seconds);
  }
  console.log('  phases:');
  for (const [ph, s] of [...phases].sort((a, b) => b[1] - a[1]))
    console.log(
      `    ${((s / total) * 100).toFixed(1).padStart(5)}%  ${s.toFixed(3).padStart(8)} s  ${ph}`,
    );
}
process.exit(0);
