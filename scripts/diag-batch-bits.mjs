// Diagnosis (issue 36): where a schedule changes a run's bits on the GPU. Seed 1's run of jDE NP
// 250 at D = 100 under teams of 128 (a run alone's) and 16 lanes (a batch's), its fitness rows
// after g generations compared, and each row that differs evaluated in float64 on the CPU.
// Usage (GPU machine): node scripts/diag-batch-bits.mjs problem...
import { compileAlgorithm, compileProblem, openGpu, runAlgorithm, GpuAlgoEngine } from '../dist/api.js';
const gpu = await openGpu({});
const D = 100;
for (const problem of process.argv.slice(2)) {
  const base = { algorithm: 'jde', problem, dim: D, set: { NP: '250' } };
  const p = compileProblem({ problem, dim: D });
  for (const gens of [1, 2, 3, 4, 5, 6]) {
    const out = {};
    for (const [name, req] of Object.entries({ t128: base, t16: { ...base, schedule: { team: 16 } } })) {
      const c = compileAlgorithm(req);
      const e = await GpuAlgoEngine.create(gpu, c, 1);
      const r = await runAlgorithm(c, e, { seed: 1, maxGenerations: gens });
      out[name] = { best: r.bestFitness, F: Array.from(await e.readArray('X.f')), X: Array.from(await e.readArray('X')) };
      e.destroy();
    }
    const rows = out.t128.F.flatMap((v, i) => (v !== out.t16.F[i] ? [i] : []));
    const xsame = out.t128.X.every((v, i) => v === out.t16.X[i]);
    const detail = rows.slice(0, 4).map((i) => {
      const [f64] = p.evaluateCpu([out.t128.X.slice(i * D, (i + 1) * D)]);
      const x16 = out.t16.X.slice(i * D, (i + 1) * D);
      const [g64] = p.evaluateCpu([x16]);
      return `row ${i}: t128 ${out.t128.F[i]} t16 ${out.t16.F[i]} f64(x128) ${f64} f64(x16) ${g64}`;
    });
    console.log(`${problem} gens ${gens}: best ${out.t128.best} / ${out.t16.best}; X same ${xsame}; fitness rows that differ ${rows.length}; ${detail.join('; ')}`);
  }
}
process.exit(0);
