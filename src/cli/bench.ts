// `opt bench` (npm run bench): evaluation throughput of populations (N x D floats, read once) for
// the six seed-001 functions at several shapes, next to a plain copy kernel, a plain sum kernel and
// an FMA kernel (the device's float32 rate) measured in the same run. Prints a table; --json FILE
// also writes the numbers.

import { writeFileSync, readFileSync, mkdtempSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileProblem, GpuEvaluator, openGpu, suiteProblems, timePass } from '../api.js';
import { roofline, warmClocks } from '../api/experiment.js';
import { benchAlgorithms } from './bench-algo.js';
import { benchSuite, suiteTable } from './bench-suite.js';
import { CliError, parseCommand, withoutFlags } from './args.js';
import { COMMANDS } from './flags.js';

// Seed 001's six functions (stdlib/suites/papers.opt).
const FUNCTIONS = suiteProblems('lastra2015');
const SHAPES: [number, number][] = [
  [100, 65536],
  [10000, 1024],
  [1000000, 16],
  [3000000, 16],
];

interface Row {
  what: string;
  D: number;
  N: number;
  kernels: number;
  regime: string;
  seconds: number;
  gbps: number;
  ratio: number;
}

export async function runBench(argv: string[]): Promise<number> {
  const { positional, flags } = parseCommand(COMMANDS.bench, argv);
  if (flags.isolate && flags.suite)
    return isolatedSuite(withoutFlags(COMMANDS.bench, argv, ['isolate', 'json']), {
      suite: flags.suite,
      files: positional,
      json: flags.json,
    });
  if (flags.isolate)
    return isolated(withoutFlags(COMMANDS.bench, argv, ['isolate', 'json', 'only', 'dims']), {
      only: flags.only ?? FUNCTIONS,
      dims: flags.dims ?? SHAPES.map(([D]) => D),
      json: flags.json,
    });
  const gpu = await openGpu({ adapter: flags.adapter });
  if (!gpu)
    throw new CliError(
      'no WebGPU adapter: the benchmark measures the GPU backend (install a Vulkan driver or lavapipe)',
    );
  const quick = flags.quick;
  if (flags.algorithms)
    return benchAlgorithms(gpu, {
      quick,
      json: flags.json,
      precision: flags.precision,
      ...(flags.suite
        ? {
            suite: {
              name: flags.suite,
              files: positional,
              dim: flags.dim,
              np: flags.population ?? 250,
              team: flags.team,
              tile: flags.tile,
              pick: flags.pick,
            },
          }
        : {}),
    });
  if (flags.suite)
    return benchSuite(gpu, {
      suite: flags.suite,
      dim: flags.dim,
      n: flags.population ?? 1000,
      quick,
      json: flags.json,
      team: flags.team,
      tile: flags.tile,
      files: positional,
      pick: flags.pick,
    });
  const pick = flags.dims;
  const shapes0 = quick
    ? SHAPES.map(
        ([D, N]) =>
          [Math.max(100, Math.floor(D / 100)), Math.max(4, Math.floor(N / 16))] as [number, number],
      )
    : SHAPES;
  const shapes = pick ? shapes0.filter(([D]) => pick.includes(D)) : shapes0;
  const fns = flags.only ?? FUNCTIONS;
  // Enough repetitions that each measurement moves about 4 GB (a few ms on an H100), unless --reps.
  const repsFor = (bytes: number) =>
    flags.reps ?? Math.max(quick ? 2 : 10, Math.min(1000, Math.ceil((quick ? 1e8 : 4e9) / bytes)));
  const reps = repsFor(1e9);
  const date = new Date().toISOString().slice(0, 10);
  process.stdout.write(
    `opt bench: ${gpu.adapterName} (${date})${quick ? ' --quick' : ''}, timing by ${gpu.features.timestampQuery ? 'timestamp queries' : 'wall clock'}; repetitions per measurement: enough to move ${quick ? '0.1' : '4'} GB\n`,
  );
  const rows: Row[] = [];
  const roofs: Record<string, { copyGBps: number; sumGBps: number; gflops: number }> = {};
  for (const [D, N] of shapes) {
    const reps = repsFor(D * N * 4);
    const roof = await roofline(gpu, D * N, reps);
    roofs[`${D}x${N}`] = roof;
    rows.push({
      what: 'copy kernel',
      D,
      N,
      kernels: 1,
      regime: '-',
      seconds: (2 * roof.bytes) / roof.copyGBps / 1e9,
      gbps: roof.copyGBps,
      ratio: 1,
    });
    rows.push({
      what: 'sum kernel',
      D,
      N,
      kernels: 1,
      regime: '-',
      seconds: roof.bytes / roof.sumGBps / 1e9,
      gbps: roof.sumGBps,
      ratio: roof.sumGBps / roof.copyGBps,
    });
    // One population per shape, reused by every function (as an optimiser keeps its population):
    // allocating 192 MB per function made later measurements in the sequence slower (see
    // docs/performance.md).
    let shared:
      | { slabSize: number; slabs: ReturnType<GpuEvaluator['createPopulation']>; f: GPUBuffer }
      | undefined;
    for (const name of fns) {
      const p = compileProblem({
        problem: name,
        dim: D,
        schedule: {
          population: N,
          ...(flags.team ? { team: flags.team } : {}),
          ...(flags.chunk ? { chunk: flags.chunk } : {}),
        },
      });
      const ev = new GpuEvaluator(gpu, p, N, { subgroups: flags.subgroups });
      await ev.ready();
      if (!shared || shared.slabSize !== ev.slabSize) {
        if (shared) {
          for (const sl of shared.slabs) sl.x.destroy();
          shared.f.destroy();
        }
        // Points uniform in [-5, 5] (inside every seed-001 box), from a fixed LCG.
        const x = new Float32Array(N * D);
        let state = 12345;
        for (let i = 0; i < x.length; i++) {
          state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
          x[i] = (state / 4294967296) * 10 - 5;
        }
        shared = {
          slabSize: ev.slabSize,
          slabs: ev.createPopulation(N, x),
          f: ev.createFitness(N),
        };
      }
      const { slabs, f } = shared;
      await timePass(gpu, (enc, tw) => ev.encode(enc, slabs, f, 1, tw)); // warm-up
      await warmClocks(gpu); // the clocks, after the host's compile (src/experiment/roofline.ts)
      const t = await timePass(gpu, (enc, tw) => ev.encode(enc, slabs, f, reps, tw));
      const sec = t.seconds / reps;
      const gbps = (N * D * 4) / sec / 1e9;
      const s = p.ir.schedule;
      rows.push({
        what: name,
        D,
        N,
        kernels: ev.wgsl.kernels.length,
        regime: s.regime.k === 'team' ? `team ${s.regime.team}` : `split ${s.regime.groups}`,
        seconds: sec,
        gbps,
        ratio: gbps / roof.copyGBps,
      });
      ev.destroy();
      // Let Dawn retire the destroyed buffers before the next measurement.
      await gpu.device.queue.onSubmittedWorkDone();
    }
    if (shared) {
      for (const sl of shared.slabs) sl.x.destroy();
      shared.f.destroy();
    }
    await gpu.device.queue.onSubmittedWorkDone();
  }
  const lines = [table(rows)];
  const [fl] = Object.values(roofs);
  if (!fl) throw new Error('internal: bench measured no shape');
  process.stdout.write(
    lines.join('\n') +
      `\nfloat32 FMA rate: ${(fl.gflops / 1000).toFixed(1)} TFLOP/s\nGB/s: N*D*4 bytes read once per evaluation; the copy kernel counts read + write.\n`,
  );
  if (flags.json)
    writeFileSync(
      flags.json,
      JSON.stringify({ adapter: gpu.adapterName, date, reps, rows, roofs }, null, 2),
    );
  return 0;
}

/** Runs `opt bench ARGS --json FILE` in a process of its own and returns the JSON it wrote. */
function benchInChild<T>(args: string[], what: string): T {
  const file = join(mkdtempSync(join(tmpdir(), 'opt-bench-')), 'bench.json');
  const main = fileURLToPath(new URL('./main.js', import.meta.url));
  const r = spawnSync(process.execPath, [main, 'bench', ...args, '--json', file], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new CliError(`bench --isolate: the run for ${what} failed`);
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/**
 * --isolate with --suite: each problem measured in a process of its own (`--pick K`), the rows
 * merged. In one process the fourth and later evaluators that own data buffers (the CEC
 * matrices) ran about 5x slower on an H200, whatever the problem (docs/performance.md).
 */
function isolatedSuite(
  rest: string[],
  { suite, files, json }: { suite: string; files: string[]; json?: string },
): number {
  const n = suiteProblems(suite, { files }).length;
  const rows: unknown[] = [];
  let head: Record<string, unknown> = {};
  for (let k = 1; k <= n; k++) {
    const j = benchInChild<{ rows: unknown[] } & Record<string, unknown>>(
      [...rest, '--pick', String(k)],
      `problem ${k} of ${suite}`,
    );
    rows.push(...j.rows);
    head = j;
  }
  const all = { ...head, rows, isolated: true };
  const roof = head.roof as { copyGBps: number; gflops: number } | undefined;
  process.stdout.write(
    `opt bench --suite ${suite} --isolate: ${String(head.adapter)} (${String(head.date)}), one process per problem${roof ? `; copy ${roof.copyGBps.toFixed(0)} GB/s, float32 FMA ${(roof.gflops / 1000).toFixed(1)} TFLOP/s (last process)` : ''}\n` +
      suiteTable(rows as Parameters<typeof suiteTable>[0]) +
      '\n',
  );
  if (json) writeFileSync(json, JSON.stringify(all, null, 2));
  return 0;
}

/**
 * --isolate: every (shape, function) measured in a process of its own, and the rows merged. On an
 * H200 the 3,000,000 x 16 shape ran 3x slower for the third and later evaluators of one process
 * (docs/performance.md): a process-state effect of the driver stack that a run, which compiles one
 * problem, never sees.
 */
function isolated(
  rest: string[],
  { only, dims, json }: { only: string[]; dims: number[]; json?: string },
): number {
  const all: { rows: Row[]; adapter: string; date: string } = { rows: [], adapter: '', date: '' };
  for (const D of dims) {
    for (const [k, name] of only.entries()) {
      const j = benchInChild<{ rows: Row[]; adapter: string; date: string }>(
        [...rest, '--dims', String(D), '--only', name],
        `${name} at D = ${D}`,
      );
      all.adapter = j.adapter;
      all.date = j.date;
      all.rows.push(
        ...j.rows.filter(
          (row) => k === 0 || (row.what !== 'copy kernel' && row.what !== 'sum kernel'),
        ),
      );
    }
  }
  process.stdout.write(
    `opt bench --isolate: ${all.adapter} (${all.date}), one process per function and shape\n`,
  );
  process.stdout.write(table(all.rows) + '\n');
  if (json) writeFileSync(json, JSON.stringify(all, null, 2));
  return 0;
}

function table(rows: Row[]): string {
  const fmt = (r: Row) =>
    `| ${r.what.padEnd(22)} | ${String(r.D).padStart(8)} | ${String(r.N).padStart(6)} | ${r.regime.padEnd(9)} | ${String(r.kernels).padStart(2)} | ${(r.seconds * 1e6).toFixed(1).padStart(10)} | ${r.gbps.toFixed(1).padStart(8)} | ${r.ratio.toFixed(2).padStart(5)} |`;
  return [
    '| function               |        D |      N | regime    |  k |  time (us) |     GB/s | /copy |',
    '|------------------------|---------:|-------:|-----------|---:|-----------:|---------:|------:|',
    ...rows.map(fmt),
  ].join('\n');
}
