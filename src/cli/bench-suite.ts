// `opt bench --suite NAME [--dim D] [--population N]`: evaluation throughput of every problem of a
// suite (default: seed 002's gpu_de_benchmark at D = 100, N = 1,000, the shape issue 4 asks for),
// on the GPU and on the CPU backend, and the speedup. For problems with rotations, the arithmetic
// rate of the rotations: each D x D matrix of the problem is one matrix-vector product per
// individual, 2 D^2 flops, compared with the device's float32 FMA rate measured in the same run.
//
// The GPU time is the evaluation of the whole population (timestamp queries when the adapter has
// them), repeated; the CPU time is the CPU backend's evaluator (the float64 JavaScript the oracle
// runs) over the same points, single-threaded, repeated for at least CPU_SECONDS.

import { writeFileSync } from 'node:fs';
import {
  boxAt,
  compileProblem,
  GpuEvaluator,
  suiteProblems,
  timePass,
  type GpuContext,
} from '../api.js';
import { roofline, warmClocks } from '../api/experiment.js';

const CPU_SECONDS = 1;

interface SuiteRow {
  label: string;
  problem: string;
  dim: number;
  n: number;
  kernels: number;
  regime: string;
  gpuSeconds: number;
  cpuSeconds: number;
  speedup: number;
  /** D x D matrices the problem applies (one matrix-vector product each per individual). */
  rotations: number;
  /** The rotations' float32 rate on the GPU (counting only them: a lower bound on the work). */
  rotationGflops?: number;
  ofPeak?: number;
}

export async function benchSuite(
  gpu: GpuContext,
  o: {
    suite: string;
    dim: number;
    n: number;
    quick: boolean;
    json?: string;
    team?: number;
    /** Individuals a lane of a tiled product (ScheduleOptions.tile). */
    tile?: number;
    /** User .opt files, which may declare the suite and its problems. */
    files?: string[];
    /** Measure only the suite's K-th problem (1-based; --isolate runs one process each). */
    pick?: number;
  },
): Promise<number> {
  const { dim: D, n: N } = o;
  const problems = suiteProblems(o.suite, { files: o.files });
  const date = new Date().toISOString().slice(0, 10);
  const roof = o.quick
    ? await roofline(gpu, D * N, 2, 16)
    : await roofline(gpu, Math.max(D * N, 1 << 24), 20);
  process.stdout.write(
    `opt bench --suite ${o.suite}: ${gpu.adapterName} (${date}), D = ${D}, N = ${N}; GPU timing by ${gpu.features.timestampQuery ? 'timestamp queries' : 'wall clock'}; CPU backend single-threaded\n` +
      `roofline in the same run: copy ${roof.copyGBps.toFixed(0)} GB/s, float32 FMA ${(roof.gflops / 1000).toFixed(1)} TFLOP/s\n`,
  );
  const rows: SuiteRow[] = [];
  for (const [k, problem] of problems.entries()) {
    if (o.pick !== undefined && k + 1 !== o.pick) continue;
    const p = compileProblem({
      problem,
      files: o.files,
      dim: D,
      schedule: {
        population: N,
        ...(o.team ? { team: o.team } : {}),
        ...(o.tile ? { tile: o.tile } : {}),
      },
    });
    // Points uniform in the box, from a fixed LCG (the same for every problem of one box).
    const x64 = new Float64Array(N * D);
    let state = 20240917;
    const box = p.box();
    for (let i = 0; i < x64.length; i++) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      const [lo, hi] = boxAt(box, i % D);
      x64[i] = lo + (state / 4294967296) * (hi - lo);
    }
    const ev = new GpuEvaluator(gpu, p, N);
    await ev.ready();
    const slabs = ev.createPopulation(N, Float32Array.from(x64));
    const f = ev.createFitness(N);
    await timePass(gpu, (enc, tw) => ev.encode(enc, slabs, f, 1, tw)); // warm-up
    await warmClocks(gpu); // the clocks, after the host's compile (src/experiment/roofline.ts)
    const reps = o.quick ? 5 : 200;
    const t = await timePass(gpu, (enc, tw) => ev.encode(enc, slabs, f, reps, tw));
    const gpuSeconds = t.seconds / reps;
    const s = p.ir.schedule;
    const kernels = ev.wgsl.kernels.length;
    for (const sl of slabs) sl.x.destroy();
    f.destroy();
    ev.destroy();
    await gpu.device.queue.onSubmittedWorkDone();

    const fcpu = p.cpuEvaluator();
    let sink = 0;
    for (let i = 0; i < N; i++) sink += fcpu(x64, i * D); // warm-up (the JIT)
    let passes = 0;
    const t0 = performance.now();
    do {
      for (let i = 0; i < N; i++) sink += fcpu(x64, i * D);
      passes++;
    } while (performance.now() - t0 < (o.quick ? 0.1 : CPU_SECONDS) * 1000);
    const cpuSeconds = (performance.now() - t0) / 1000 / passes;
    if (Number.isNaN(sink)) throw new Error(`${problem}: NaN on the CPU backend`);

    const rotations = p.lowered.data.filter(
      (d) => d.shape.length === 2 && d.shape[0] === D && d.shape[1] === D,
    ).length;
    const row: SuiteRow = {
      label: `F${String(k + 1).padStart(2, '0')}`,
      problem,
      dim: D,
      n: N,
      kernels,
      regime: s.regime.k === 'team' ? `team ${s.regime.team}` : `split ${s.regime.groups}`,
      gpuSeconds,
      cpuSeconds,
      speedup: cpuSeconds / gpuSeconds,
      rotations,
    };
    if (rotations) {
      row.rotationGflops = (2 * D * D * rotations * N) / gpuSeconds / 1e9;
      row.ofPeak = row.rotationGflops / roof.gflops;
    }
    rows.push(row);
  }
  process.stdout.write(suiteTable(rows) + '\n');
  process.stdout.write(
    'evals/s: N / time; rot GFLOP/s: 2 D^2 flops per rotation and individual over the GPU time; /peak: of the FMA rate above.\n',
  );
  if (o.json)
    writeFileSync(
      o.json,
      JSON.stringify({ adapter: gpu.adapterName, date, suite: o.suite, roof, rows }, null, 2),
    );
  return 0;
}

export function suiteTable(rows: SuiteRow[]): string {
  const e = (v: number) => v.toExponential(2).padStart(10);
  const fmt = (r: SuiteRow) =>
    `| ${r.label} | ${r.problem.padEnd(12)} | ${r.regime.padEnd(9)} | ${String(r.kernels).padStart(2)} | ${(r.gpuSeconds * 1e6).toFixed(1).padStart(9)} | ${e(r.n / r.gpuSeconds)} | ${(r.cpuSeconds * 1e3).toFixed(2).padStart(9)} | ${e(r.n / r.cpuSeconds)} | ${r.speedup.toPrecision(3).padStart(7)} | ${String(r.rotations).padStart(3)} | ${r.rotationGflops === undefined ? '-'.padStart(11) : r.rotationGflops.toPrecision(3).padStart(11)} | ${r.ofPeak === undefined ? '    -' : `${(r.ofPeak * 100).toFixed(1)}%`.padStart(5)} |`;
  return [
    '|     | problem      | regime    |  k |  GPU (us) | GPU eval/s |  CPU (ms) | CPU eval/s | speedup | rot | rot GFLOP/s | /peak |',
    '|-----|--------------|-----------|---:|----------:|-----------:|----------:|-----------:|--------:|----:|------------:|------:|',
    ...rows.map(fmt),
  ].join('\n');
}
