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

const rows = [];
for (const D of dims)
  for (const name of names) {
    if (only && !only.includes(name)) continue;
    let p;
    try {
      p = api.compileProblem({ problem: name, dim: D, schedule: { population: 2 * K } });
    } catch {
      continue; // no data at this D, or a fixed dimension
    }
    if (!p.info.optimumPoint || Number.isNaN(p.info.optimum)) continue;
    const c = await api.float32Check(gpu, p, K);
    const row = { ...c, pass: c.ratio <= 10 };
    rows.push(row);
    process.stdout.write(
      `${name.padEnd(24)} D=${String(D).padEnd(6)} f64 ${c.err64.toExponential(2)}  gpu ${c.err32.toExponential(2)}  bound ${c.bound.toExponential(2)}  x${c.ratio.toPrecision(3)}${row.pass ? '' : '  FAIL'}${c.overflow ? `  overflow ${c.overflow}/${K}` : ''}\n`,
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
        `| ${r.problem} | ${r.dim} | ${fmt(r.err64)} | ${fmt(r.err32)} | ${fmt(r.bound)} | ${r.pass ? r.ratio.toPrecision(2) : `**${r.ratio.toPrecision(2)}**`} | ${r.overflow ? `${r.overflow}/${K}` : ''} |`,
    ),
  ];
  writeFileSync(values.md, lines.join('\n') + '\n');
}
const bad = rows.filter((r) => !r.pass);
process.stdout.write(`${rows.length} rows, ${bad.length} outside a factor 10\n`);
process.exit(0);
