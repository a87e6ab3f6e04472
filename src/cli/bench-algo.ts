// `opt bench --algorithms`: whole runs of the stdlib algorithms, timed end to end.
//
//  1. DE/rand/1/bin, NP = 250, F = 0.5, CR = 0.3 on Rastrigin at D = 100 for 10,000,000
//     evaluations (seed 002, case study 1: its fused iDE took 0.60-0.66 s on an RTX 3080 on the
//     simple functions), on the GPU and on the CPU backend (a shorter run there: microseconds per
//     generation are what compare); prints seconds, microseconds per generation and the speedup.
//  2. The same DE with NP = 64 at D = 100,000: the bandwidth of a generation, counting the bytes it
//     must move (the target, three donors and the trial's write: 5 D NP floats; the fitness values
//     are negligible), against a plain copy kernel measured in the same run.
//  3. Large populations (issue 15): DE/rand/1/bin with NP = 4,096 and PSO with N = 4,096 on
//     Rastrigin at D = 2,000, and PSO and DE with 16 individuals on shifted Rastrigin at
//     D = 3,000,000: generations a second, beside two floors from the same run: the bytes a
//     generation must move at the copy kernel's rate, and its draws at the Philox rate (one
//     Philox-4x32-10 block per four draws: binomial DE draws D NP a generation, PSO 2 D N).
//  4. With --suite NAME (instead of 1-3): seed 002's case study 1, DE/rand/1/bin (F 0.5, CR 0.3,
//     NP 250) for 10,000,000 evaluations on each problem of the suite at D = 100 (its Table 3:
//     the fused All-GPU iDE took 0.60-1.85 s a run on an RTX 3080): seconds a run, microseconds a
//     generation by wall clock and by GPU timestamps.

import { writeFileSync } from 'node:fs';
import {
  compileAlgorithm,
  CpuAlgoEngine,
  GpuAlgoEngine,
  runAlgorithm,
  suiteProblems,
  type GpuContext,
} from '../api.js';
import { roofline, warmClocks } from '../api/experiment.js';

interface AlgoRow {
  what: string;
  backend: string;
  dim: number;
  np: number;
  evals: number;
  generations: number;
  seconds: number;
  usPerGen: number;
  gpuUsPerGen?: number;
  kernelsPerGen: number;
  gbps?: number;
  ofCopy?: number;
  bestError: number;
  /** Generations a second. */
  gensPerSecond?: number;
  /** The floors of a generation, in microseconds: bytes at the copy rate, draws at the Philox rate. */
  copyFloorUs?: number;
  philoxFloorUs?: number;
}

const DE_BIN = { mutation: 'rand1', crossover: 'bin', F: '0.5', CR: '0.3' };

export async function benchAlgorithms(
  gpu: GpuContext,
  o: {
    quick: boolean;
    json?: string;
    team?: number;
    precision?: 'f32' | 'ff';
    /** Whole DE runs on each problem of a suite instead (case 4 above). */
    suite?: {
      name: string;
      files?: string[];
      dim: number;
      np: number;
      team?: number;
      tile?: number;
      pick?: number;
    };
  },
): Promise<number> {
  const rows: AlgoRow[] = [];
  const date = new Date().toISOString().slice(0, 10);
  process.stdout.write(
    `opt bench --algorithms: ${gpu.adapterName} (${date})${o.quick ? ' --quick' : ''}${o.precision === 'ff' ? ' --precision ff (the GPU population in float-float)' : ''}\n`,
  );
  const one = async (
    what: string,
    backend: 'gpu' | 'cpu',
    dim: number,
    np: number,
    evals: number,
    bytesPerGen = 0,
    algo: { algorithm: string; problem: string; set: Record<string, string> } = {
      algorithm: 'de',
      problem: 'rastrigin',
      set: { ...DE_BIN, NP: String(np) },
    },
  ) => {
    const team = o.suite?.team ?? o.team;
    const c = compileAlgorithm({
      algorithm: algo.algorithm,
      problem: algo.problem,
      files: o.suite?.files,
      dim,
      set: algo.set,
      schedule: {
        ...(team ? { team } : {}),
        ...(o.suite?.tile ? { tile: o.suite.tile } : {}),
      },
      precision: o.precision,
    });
    const e = backend === 'gpu' ? await GpuAlgoEngine.create(gpu, c, 1) : new CpuAlgoEngine(c, 1);
    // Warm-up (clocks): 200 generations, fewer where a generation is large.
    const warm = Math.max(5, Math.min(200, Math.floor(2e8 / (dim * np))));
    if (backend === 'gpu') await runAlgorithm(c, e, { seed: 1, maxGenerations: warm });
    const e2 = backend === 'gpu' ? await GpuAlgoEngine.create(gpu, c, 1) : e;
    if (e2 instanceof GpuAlgoEngine) {
      e2.timestamps = true;
      // A few warm-up generations of a huge D take milliseconds: the clocks too (src/experiment/roofline.ts).
      await warmClocks(gpu);
    }
    const r = await runAlgorithm(c, e2, { seed: 1, maxEvals: evals });
    if (e2 instanceof GpuAlgoEngine)
      process.stdout.write(
        `  (per generation: recording ${((e2.timing.record / r.generations) * 1e6).toFixed(2)} us on the host, ${((e2.timing.gpu / r.generations) * 1e6).toFixed(2)} us of GPU time by timestamps)\n`,
      );
    e.destroy();
    e2.destroy();
    const kernels =
      backend === 'gpu' ? GpuAlgoEngine.kernelsPerGeneration(c) : c.algo.generation.length;
    const row: AlgoRow = {
      what,
      backend,
      dim,
      np,
      evals: r.evals,
      generations: r.generations,
      seconds: r.seconds,
      usPerGen: (r.seconds / r.generations) * 1e6,
      gpuUsPerGen:
        e2 instanceof GpuAlgoEngine && e2.timing.gpu > 0
          ? (e2.timing.gpu / r.generations) * 1e6
          : undefined,
      kernelsPerGen: kernels,
      bestError: r.bestError,
      gensPerSecond: r.generations / r.seconds,
    };
    if (bytesPerGen) {
      row.gbps = (bytesPerGen * r.generations) / r.seconds / 1e9;
    }
    rows.push(row);
    process.stdout.write(
      `${what.padEnd(34)} ${backend}  ${r.seconds.toFixed(3).padStart(9)} s  ${row.usPerGen.toFixed(2).padStart(10)} us/generation  ${r.generations} generations  best error ${row.bestError.toExponential(3)}${row.gbps ? `  ${row.gbps.toFixed(0)} GB/s` : ''}\n`,
    );
    return row;
  };
  const evals = o.quick ? 250_000 : 10_000_000;
  /** --json FILE: the adapter, the date, the rows and the roofline's figures. */
  const writeJson = (extra: Record<string, unknown>) => {
    if (o.json)
      writeFileSync(
        o.json,
        JSON.stringify({ adapter: gpu.adapterName, date, rows, ...extra }, null, 2) + '\n',
      );
  };
  if (o.suite) {
    const su = o.suite;
    const roof = await roofline(gpu, 1 << 24, o.quick ? 5 : 20);
    process.stdout.write(
      `suite ${su.name}, D = ${su.dim}, DE/rand/1/bin F 0.5 CR 0.3 NP ${su.np}, ${evals} evaluations a run; roofline in the same run: copy ${roof.copyGBps.toFixed(0)} GB/s, float32 FMA ${(roof.gflops / 1000).toFixed(1)} TFLOP/s\n`,
    );
    for (const [k, problem] of suiteProblems(su.name, { files: su.files }).entries()) {
      if (su.pick !== undefined && k + 1 !== su.pick) continue;
      await one(`F${String(k + 1).padStart(2, '0')} ${problem}`, 'gpu', su.dim, su.np, evals, 0, {
        algorithm: 'de',
        problem,
        set: { ...DE_BIN, NP: String(su.np) },
      });
    }
    writeJson({ suite: su, copyGBps: roof.copyGBps, gflops: roof.gflops });
    return 0;
  }
  // The GPU cases first, back to back (a GPU left idle during the CPU run clocks down), the copy
  // kernel between them.
  const g = await one('DE/rand/1/bin NP 250 Rastrigin', 'gpu', 100, 250, evals);
  const D = o.quick ? 10_000 : 100_000;
  const NP = 64;
  // Float-float: each of those floats is two (passes/twofloat.ts).
  const bytes = 5 * D * NP * 4 * (o.precision === 'ff' ? 2 : 1);
  const big = await one(
    `DE/rand/1/bin NP ${NP} Rastrigin`,
    'gpu',
    D,
    NP,
    (o.quick ? 200 : 2000) * NP,
    bytes,
  );
  const roof = await roofline(gpu, D * NP, o.quick ? 5 : 50);
  process.stdout.write(
    `copy kernel: ${roof.copyGBps.toFixed(0)} GB/s; float32 FMA: ${(roof.gflops / 1000).toFixed(1)} TFLOP/s; Philox: ${roof.philoxG.toFixed(2)} G blocks/s\n`,
  );
  const gbps = big.gbps;
  if (gbps === undefined) throw new Error('internal: a case given its bytes has its GB/s');
  big.ofCopy = gbps / roof.copyGBps;
  process.stdout.write(
    `D = ${D}: ${gbps.toFixed(0)} GB/s = ${big.ofCopy.toFixed(2)} of the copy kernel (5 D NP floats a generation)\n`,
  );
  // Large populations and PSO at huge D (issue 15), with their floors.
  const philox = roof.philoxG * 1e9;
  const copyRate = roof.copyGBps * 1e9;
  const large: [string, string, string, Record<string, string>, number, number, number, number][] =
    [
      // what, algorithm, problem, set, D, N, floats moved a generation / (D N), draws / (D N).
      // PSO: each.P reads V, P and B[i] and writes V and P; each.B reads P again (and writes B
      // where better, not counted).
      [
        'DE/rand/1/bin NP 4096 Rastrigin',
        'de',
        'rastrigin',
        { ...DE_BIN, NP: '4096' },
        2000,
        4096,
        5,
        1,
      ],
      ['PSO N 4096 Rastrigin', 'pso', 'rastrigin', { N: '4096' }, 2000, 4096, 6, 2],
      ['PSO N 16 shifted Rastrigin', 'pso', 'shifted_rastrigin', { N: '16' }, 3_000_000, 16, 6, 2],
      [
        'DE/rand/1/bin NP 16 shifted Rastrigin',
        'de',
        'shifted_rastrigin',
        { ...DE_BIN, NP: '16' },
        3_000_000,
        16,
        5,
        1,
      ],
    ];
  for (const [what, algorithm, problem, set, D0, N, floats, draws] of large) {
    const Dl = o.quick ? Math.max(100, D0 / 100) : D0;
    const gens = o.quick ? 20 : D0 > 100_000 ? 200 : 2000;
    const bytesL = floats * Dl * N * 4;
    const row = await one(`${what} D ${Dl}`, 'gpu', Dl, N, gens * N, bytesL, {
      algorithm,
      problem,
      set,
    });
    row.copyFloorUs = (bytesL / copyRate) * 1e6;
    row.philoxFloorUs = ((draws * Dl * N) / 4 / philox) * 1e6;
    process.stdout.write(
      `  ${row.gensPerSecond!.toFixed(0)} generations/s (GPU ${row.gpuUsPerGen?.toFixed(1)} us); floors: ${row.copyFloorUs.toFixed(1)} us moving ${floats} D N floats at the copy rate, ${row.philoxFloorUs.toFixed(1)} us drawing ${draws} D N uniforms at the Philox rate\n`,
    );
  }
  process.stdout.write(`Philox-4x32-10: ${roof.philoxG.toFixed(2)} G blocks/s\n`);
  const c = await one(
    'DE/rand/1/bin NP 250 Rastrigin',
    'cpu',
    100,
    250,
    o.quick ? 25_000 : 250_000,
  );
  process.stdout.write(
    `speedup of the GPU over the CPU backend (per generation): ${(c.usPerGen / g.usPerGen).toFixed(0)}x\n`,
  );
  writeJson({ copyGBps: roof.copyGBps, gflops: roof.gflops, philoxG: roof.philoxG });
  return 0;
}
