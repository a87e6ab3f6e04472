// Which schedule a batch of jDE NP 250 runs at D = 100 should take (issue 36, item 2): the
// generation's time (unprofiled, 2,000 generations) and per-step GPU time for batches of R runs
// compiled under schedule variants (ScheduleOptions through the request: the population the
// planner sees: AlgoCompileRequest.runs; a forced team), and whether every variant gives the same bits (the canonical
// rounding order: each run's best fitness and point after 300 generations).
// Usage (GPU machine): node scripts/profile-batch-schedules.mjs [R] [problem...]
import { compileAlgorithm, openGpu, runBatch, GpuAlgoEngine } from '../dist/api.js';

const gpu = await openGpu({});
const GENS = Number(process.env.GENS ?? 2000);
const R = Number(process.argv[2] ?? 51);
const problems = process.argv.slice(3).length ? process.argv.slice(3) : ['rastrigin', 'cec2017_f5', 'cec2017_f26'];
const variants = {
  alone: {},
  runs: { runs: R },
  'runs team 4': { runs: R, schedule: { team: 4 } },
  'runs team 8': { runs: R, schedule: { team: 8 } },
  'runs team 16': { runs: R, schedule: { team: 16 } },
  'runs team 32': { runs: R, schedule: { team: 32 } },
};
const seeds = Array.from({ length: R }, (_, r) => r + 1);
for (const problem of problems) {
  let ref;
  for (const [name, v] of Object.entries(variants)) {
    let c;
    try {
      c = compileAlgorithm({ algorithm: 'jde', problem, dim: 100, set: { NP: '250' }, ...v });
    } catch (e) {
      console.log(`${problem} ${name}: compile refused: ${String(e.message).slice(0, 200)}`);
      continue;
    }
    let e = await GpuAlgoEngine.create(gpu, c, seeds);
    const res = await runBatch(c, e, seeds, { maxGenerations: Math.min(300, GENS) });
    e.destroy();
    const bits = res.map((r) => `${r.bestFitness}:${Array.from(r.bestPoint.slice(0, 4)).join(',')}`).join(';');
    ref ??= bits;
    e = await GpuAlgoEngine.create(gpu, c, seeds);
    await runBatch(c, e, seeds, { maxGenerations: 50 });
    e.destroy();
    const times = [];
    for (let k = 0; k < 3; k++) {
      e = await GpuAlgoEngine.create(gpu, c, seeds);
      const t = performance.now();
      await runBatch(c, e, seeds, { maxGenerations: GENS });
      times.push(((performance.now() - t) / GENS) * 1000);
      e.destroy();
    }
    times.sort((a, b) => a - b);
    e = await GpuAlgoEngine.create(gpu, c, seeds, 2048);
    e.profile = new Map();
    await runBatch(c, e, seeds, { maxGenerations: Math.min(400, GENS), batch: Math.min(200, GENS) });
    const parts = [...e.profile].map(([st, p]) => `${st.name} ${((p.seconds / p.runs) * 1e6).toFixed(1)}us x${(p.runs / Math.min(400, GENS)).toFixed(2)}`);
    e.destroy();
    console.log(`${problem} R=${R} [${name}] ${times.map((t) => t.toFixed(1)).join('/')} us a generation (median ${times[1].toFixed(1)}); same bits as alone: ${bits === ref}; profile: ${parts.join('; ')}`);
  }
}
process.exit(0);
