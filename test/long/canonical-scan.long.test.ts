// The canonical rounding order of scans (issue 36, item 1; src/schedule/canonical-scan.ts;
// docs/architecture.md, "The canonical rounding order", "Scans"): a scan and the sums fused into
// it give the same float32 bits under every schedule the planner can choose, forced here: team
// sizes 1 to 256 (fewer lanes than the tile's segment positions, as many, and idle lanes), the
// split regime with chunks of one and several tiles, subgroups on and off. The bits are compared
// as bytes, not within a tolerance. Schwefel 1.2's fitness is the fused sum itself, so it is also
// compared with the order replayed in float32 on the CPU (canonicalScanCpu): the order is the
// one the docs state, not merely the same everywhere.

import { describe, expect, it } from 'vitest';
import { compileProblem, type CompiledProblem } from '../../src/api.js';
import { defaultScheduleOptions, type ScheduleOptions } from '../../src/schedule/schedule.js';
import { canonicalScanCpu, scanOrder } from '../../src/schedule/canonical-scan.js';
import { GpuEvaluator } from '../../src/runtime/gpu-eval.js';
import { gpu, randomPoints } from '../gpu/helpers.js';

const ctx = await gpu();
if (!ctx && !process.env.OPT_ALLOW_NO_GPU)
  throw new Error('no WebGPU adapter: GPU tests need one, or set OPT_ALLOW_NO_GPU=1');
const maybe = ctx ? describe : describe.skip;

// An exclusive scan, a sum that reads the scan value and the element, an order-free reduction
// (argmax) and a product fused into it, and a stored inclusive scan read at another element.
const SOURCES = {
  'scan.opt': `problem exclusive_scan(x[D]) in [-10, 10] optimum 0 {
  let t[i] = sum(j < i) x[j] * 0.5
  sum(i) (t[i] * x[i] + abs(t[i]))
}
problem scan_kinds(x[D]) in [-10, 10] optimum 0 {
  let t[i] = sum(j < i) x[j]
  let a = argmax(i) t[i]
  let p = prod(i) (1 + 1e-4 * sin(t[i]))
  sum(i) t[i]^2 * 1e-6 + a + p
}
problem stored_scan(x[D]) in [-10, 10] optimum 0 {
  let s[i] = sum(j <= i) x[j]
  sum(i) s[i]^2 + s[D - 1] + s[0]
}`,
};

interface Run {
  label: string;
  schedule: Partial<ScheduleOptions>;
  subgroups?: boolean;
}

/** Every schedule the planner can choose for a scan program at D, forced. */
function schedules(D: number, population: number, split: boolean): Run[] {
  const runs: Run[] = [];
  for (let team = 1; team <= 256; team *= 2)
    runs.push({ label: `team ${team}`, schedule: { force: 'team', team } });
  runs.push({ label: 'default', schedule: {} });
  runs.push({ label: 'team, subgroups', schedule: { force: 'team' }, subgroups: true });
  if (split) {
    const { tile } = scanOrder(D);
    // A chunk below one tile is rounded up to one (schedule.ts, scanChunk).
    for (const chunk of [1, tile, 2 * tile, 8 * tile])
      runs.push({ label: `split, chunk ${chunk}`, schedule: { force: 'split', chunk } });
    runs.push({ label: 'split, wg 64', schedule: { force: 'split', chunk: 2 * tile, wg: 64 } });
    runs.push({ label: 'split, subgroups', schedule: { force: 'split' }, subgroups: true });
  }
  return runs.map((r) => ({ ...r, schedule: { population, ...r.schedule } }));
}

async function evaluate(
  name: string,
  D: number,
  x: Float32Array,
  n: number,
  run: Run,
): Promise<{ bits: Uint8Array; problem: CompiledProblem }> {
  const problem = compileProblem({
    problem: name,
    dim: D,
    sources: SOURCES,
    schedule: { ...defaultScheduleOptions, ...run.schedule },
  });
  const ev = new GpuEvaluator(ctx!, problem, n, { subgroups: run.subgroups });
  await ev.ready();
  const f = await ev.evaluate(x, n);
  ev.destroy();
  return { bits: new Uint8Array(f.buffer.slice(f.byteOffset, f.byteOffset + 4 * n)), problem };
}

/** The float32 values of bytes, for a failure's message. */
const values = (b: Uint8Array) => Array.from(new Float32Array(b.slice().buffer));

async function sameBits(name: string, D: number, n: number, split: boolean) {
  const probe = compileProblem({ problem: name, dim: D, sources: SOURCES });
  const x = randomPoints(probe, n, D);
  let first: { bits: Uint8Array; label: string } | undefined;
  const regimes = new Set<string>();
  for (const run of schedules(D, n, split)) {
    const { bits, problem } = await evaluate(name, D, x, n, run);
    const r = problem.ir.schedule!.regime;
    regimes.add(r.k === 'team' ? `team ${r.team}` : `split ${r.chunk}`);
    if (run.schedule.force) expect(r.k, run.label).toBe(run.schedule.force);
    if (run.schedule.team) expect(r.k === 'team' && r.team, run.label).toBe(run.schedule.team);
    if (!first) first = { bits, label: run.label };
    else
      expect(values(bits), `${name}, D = ${D}: ${run.label} against ${first.label}`).toEqual(
        values(first.bits),
      );
    expect(Buffer.from(bits).equals(Buffer.from(first.bits)), run.label).toBe(true);
  }
  return { x, bits: first!.bits, regimes };
}

// lavapipe compiles the kernels of teams narrower than the tile (T < W: each lane several segment
// positions) slowly when its shader cache is cold: 5 to 46 s each for Schwefel 1.2 at D = 4,099
// (1.5 s for the other teams), so the larger cases get the time of a cold cache.
const COLD_MS = 1_500_000;

maybe('scans round in one canonical order whatever the schedule', () => {
  for (const D of [100, 1000, 4099]) {
    it(
      `schwefel_1_2, D = ${D}: the same bits under every schedule, and the documented order`,
      async () => {
        const n = 3;
        const { x, bits, regimes } = await sameBits('schwefel_1_2', D, n, true);
        expect(regimes.size).toBeGreaterThanOrEqual(10);
        // Schwefel 1.2's fitness is sum(i) s[i]^2, the sum fused into the scan: replayed on the CPU.
        const f = new Float32Array(bits.slice().buffer);
        for (let k = 0; k < n; k++) {
          const { sum } = canonicalScanCpu(x.subarray(k * D, (k + 1) * D), false, (s) => s * s);
          expect(f[k], `individual ${k}`).toBe(sum);
        }
      },
      COLD_MS,
    );
    it(
      `exclusive_scan, D = ${D}: the same bits under every schedule`,
      async () => {
        await sameBits('exclusive_scan', D, 3, true);
      },
      COLD_MS,
    );
    if (D > 1000) continue;
    it(
      `scan_kinds, D = ${D}: the same bits under every schedule`,
      async () => {
        await sameBits('scan_kinds', D, 3, true);
      },
      COLD_MS,
    );
    it(
      `stored_scan (a scan kept in SCR: the team regime), D = ${D}`,
      async () => {
        await sameBits('stored_scan', D, 3, false);
      },
      COLD_MS,
    );
  }

  for (const name of ['schwefel_1_2', 'exclusive_scan'])
    it(
      `${name} at a split-sized D = 70,000, 2 individuals`,
      async () => {
        const { x, bits, regimes } = await sameBits(name, 70000, 2, true);
        expect([...regimes].some((r) => r.startsWith('split'))).toBe(true);
        if (name === 'schwefel_1_2') {
          const f = new Float32Array(bits.slice().buffer);
          for (let k = 0; k < 2; k++)
            expect(f[k]).toBe(
              canonicalScanCpu(x.subarray(k * 70000, (k + 1) * 70000), false, (s) => s * s).sum,
            );
        }
      },
      2 * COLD_MS,
    );
});
