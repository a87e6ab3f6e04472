// Where a batched generation's GPU time goes inside its one kernel (issue 36, item 2), without
// hardware counters (Nsight Compute reads CUDA kernels, not Dawn's Vulkan ones): time variants of
// the step's WGSL that leave one stage out and take differences. The variants compute wrong
// values (they are timings, nothing else) and run the same number of generations: a batch of R
// jDE NP 250 runs at D = 100, GENS generations each, GPU time of the whole submission
// (timestamps around it, GpuAlgoEngine.timing), ROUNDS rounds alternating the variants; the
// median is printed. Usage: node scripts/diag-batch-variants.mjs [R] [GENS] [ROUNDS] problem...
import { compileAlgorithm, emitAlgorithm, openGpu, runBatch, GpuAlgoEngine } from '../dist/api.js';
import { roofline } from '../dist/api/experiment.js';

const gpu = await openGpu({});
const roof = await roofline(gpu, 1 << 24, 10);
console.log(
  `roofline: copy ${roof.copyGBps.toFixed(0)} GB/s, FMA ${roof.gflops.toFixed(0)} GFLOP/s`,
);
const R = Number(process.argv[2] ?? 51);
const GENS = Number(process.argv[3] ?? 1000);
const ROUNDS = Number(process.argv[4] ?? 3);

// Each variant edits the generation's kernel (the step run every generation) by text.
// `team N`: the step's team forced to N lanes (ScheduleOptions.team), so 128 / N individuals a
// workgroup share the tiled products' M.
const same = (code) => code;
const VARIANTS = {
  base: same,
  'team 8': same,
  'team 16': same,
  'team 32': same,
  // The tiled products' column loops run no iteration: no M loads, no FMAs (y is still staged).
  'no-products': (code) => code.replace(/jb < (\d+)u; jb \+= /g, 'jb < 0u; jb += '),
  // The reduction loops over units (the function's elements) run no iteration.
  'no-elements': (code) =>
    code.replace(/for \(var q: i32 = vl; q < (\d+)i; q \+= (\d+)i\)/g, (m, n, s) =>
      Number(n) === 63 ? m : `for (var q: i32 = vl; q < 0i; q += ${s}i)`,
    ),
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const us = (s) => (s / GENS) * 1e6;

for (const problem of process.argv.slice(5)) {
  for (const runs of [R, 2 * R]) {
    const seeds = Array.from({ length: runs }, (_, r) => r + 1);
    const times = new Map();
    for (let round = 0; round < ROUNDS; round++)
      for (const [name, edit] of Object.entries(VARIANTS)) {
        if (runs !== R && name !== 'base') continue;
        let c;
        try {
          c = compileAlgorithm({
            algorithm: 'jde',
            problem,
            dim: 100,
            set: { NP: '250' },
            runs,
            ...(name.startsWith('team ') ? { schedule: { team: Number(name.slice(5)) } } : {}),
          });
        } catch (err) {
          if (round === 0)
            console.log(`${problem} ${name}: refused: ${String(err.message).slice(0, 160)}`);
          continue;
        }
        const fused = new Set(c.fused.keys());
        for (const st of c.steps.filter((s) => !fused.has(s) && s.name.startsWith('each.')))
          for (const k of c.compiled(st).kernels().kernels) k.code = edit(k.code);
        if (round === 0 && runs === R) {
          const plan = emitAlgorithm(c, 'plan').split('// ---- step ').at(-1).split('\n');
          console.log(
            `${problem} ${name}: ${plan
              .filter((l) => /^\s+regime|runs\s+vector/.test(l))
              .slice(-8)
              .join(' |')}`,
          );
        }
        const e = await GpuAlgoEngine.create(gpu, c, seeds);
        e.timestamps = true;
        // Wall-clock bounds of the run (ms since the epoch), to read beside a log of the GPU's
        // clocks (nvidia-smi --loop-ms): the variance between runs of the same kernels.
        const t0 = Date.now();
        await runBatch(c, e, seeds, { maxGenerations: GENS, batch: 500 });
        const t = us(e.timing.gpu);
        console.log(
          `  ${problem} ${name} R=${runs} round ${round}: ${t.toFixed(1)} us, ${t0}..${Date.now()}`,
        );
        e.destroy();
        const key = `${name} R=${runs}`;
        times.set(key, [...(times.get(key) ?? []), t]);
      }
    for (const [key, ts] of times)
      console.log(
        `${problem} ${key}: median ${median(ts).toFixed(1)} us GPU a batched generation (${ts.map((t) => t.toFixed(1)).join(', ')})`,
      );
  }
}
process.exit(0);
