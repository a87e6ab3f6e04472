// The float32 behaviour of every standard problem with a declared optimum point: at the optimum
// plus a perturbation of relative size 1e-7 (of the box's half-width, coordinate by coordinate,
// then rounded to float32 so that both backends see the same point), the error the GPU computes
// against the float64 error of the CPU backend, with the running error bound u MU of the GPU's
// program at that point (src/ir/error-bound.ts); and at random points of the box, whether the
// GPU's value overflows float32 where the CPU's is finite (the range).
//
//   node scripts/float32-survey.mjs --dims 10,100,1000 [--only NAME,...] [--json FILE] [--md FILE]
//
// A row passes when the GPU's error is within a factor 10 of the float64 error, or both are below
// 1e-8 (issue 12's criterion). Used for docs/problems.md ("Float32 behaviour") on the GPU machine.

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import * as api from '../dist/api.js';
import { runPipeline } from '../dist/compile/pipeline.js';
import { errorBoundProgram } from '../dist/ir/error-bound.js';
import { compileJs } from '../dist/codegen/js.js';
import { defaultScheduleOptions } from '../dist/schedule/schedule.js';
import { summationChain } from '../dist/codegen/wgsl.js';

const { values } = parseArgs({
  options: {
    dims: { type: 'string', default: '10,100,1000' },
    only: { type: 'string' },
    json: { type: 'string' },
    md: { type: 'string' },
    points: { type: 'string', default: '4' },
  },
});
const dims = values.dims.split(',').map(Number);
const only = values.only?.split(',');
const K = Number(values.points);
const lib = new URL('../stdlib/problems/', import.meta.url);
const names = readdirSync(lib).flatMap((f) =>
  [...readFileSync(new URL(f, lib), 'utf8').matchAll(/^problem (\w+)/gm)].map((m) => m[1]),
);
const gpu = await api.openGpu({});
if (!gpu) throw new Error('no WebGPU adapter');
const U = 2 ** -24;

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const rows = [];
for (const D of dims)
  for (const name of names) {
    if (only && !only.includes(name)) continue;
    let p;
    try {
      p = api.compileProblem({ problem: name, dim: D, schedule: { population: K } });
    } catch {
      continue; // no data at this D, or a fixed dimension
    }
    const o = p.info.optimumPoint;
    if (!o || Number.isNaN(p.info.optimum)) continue;
    const s = p.info.direction === 'maximize' ? -1 : 1;
    const h = (p.info.hi - p.info.lo) / 2;
    const r = rng(12345 + D);
    const near = Array.from({ length: K }, () =>
      Float64Array.from(o, (v) => Math.fround(v + 1e-7 * h * (2 * r() - 1))),
    );
    const box = Array.from({ length: K }, () =>
      Float64Array.from(o, () => Math.fround(p.info.lo + (p.info.hi - p.info.lo) * r())),
    );
    const g = p.cpuEvaluator();
    const d = p.bias - p.info.optimum;
    const err64 = near.map((x) => s * (g(x, 0) + d));
    const v32 = await api.evaluateOnGpu(gpu, p, [...near, ...box]);
    const err32 = near.map((_, k) => s * (v32[k] - p.bias + d));
    const bp = errorBoundProgram(
      runPipeline(p.lowered, defaultScheduleOptions, { until: 'residual' }),
      summationChain(p.ir),
    );
    const bf = compileJs(bp, p.dataAll());
    const bound = near.map((x) => U * bf(x, 0));
    let ratio = 1;
    for (let k = 0; k < K; k++) {
      const a = Math.abs(err64[k]);
      const b = Math.abs(err32[k]);
      if (a < 1e-8 && b < 1e-8) continue;
      const q = Math.max(b / a, a / b);
      ratio = Math.max(ratio, Number.isNaN(q) ? Infinity : q);
    }
    const boxCpu = box.map((x) => g(x, 0) + p.bias);
    const overflow = box.filter(
      (_, k) => Number.isFinite(boxCpu[k]) && !Number.isFinite(v32[K + k]),
    ).length;
    const row = {
      problem: name,
      dim: D,
      err64: Math.max(...err64.map(Math.abs)),
      err32: Math.max(...err32.map(Math.abs)),
      bound: Math.max(...bound),
      ratio,
      pass: ratio <= 10,
      overflow: `${overflow}/${K}`,
      maxBox: Math.max(...boxCpu.map(Math.abs)),
    };
    rows.push(row);
    process.stdout.write(
      `${name.padEnd(24)} D=${String(D).padEnd(6)} f64 ${row.err64.toExponential(2)}  gpu ${row.err32.toExponential(2)}  bound ${row.bound.toExponential(2)}  x${ratio.toPrecision(3)}${row.pass ? '' : '  FAIL'}${overflow ? `  overflow ${row.overflow}` : ''}\n`,
    );
  }
if (values.json) writeFileSync(values.json, JSON.stringify(rows, null, 1) + '\n');
if (values.md) {
  const fmt = (v) => (v === 0 ? '0' : v.toExponential(1));
  const lines = [
    '| problem | D | float64 error | GPU error | GPU bound | ratio | box overflow |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (r) =>
        `| ${r.problem} | ${r.dim} | ${fmt(r.err64)} | ${fmt(r.err32)} | ${fmt(r.bound)} | ${r.pass ? r.ratio.toPrecision(2) : `**${r.ratio.toPrecision(2)}**`} | ${r.overflow === `0/${K}` ? '' : r.overflow} |`,
    ),
  ];
  writeFileSync(values.md, lines.join('\n') + '\n');
}
const bad = rows.filter((r) => !r.pass);
process.stdout.write(`${rows.length} rows, ${bad.length} outside a factor 10\n`);
process.exit(0);
