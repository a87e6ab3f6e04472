// The schedule as data (src/schedule/plan.ts): the plan of a few programs, text in (an .opt
// program) and text out (the printed plan), in both regimes; and for every problem of two suites
// and both regimes, the plan agrees with what the WGSL backend generates from it (kernel names,
// workgroup counts, buffers) and with the kernel count of the scheduled IR (src/ir/kernels.ts);
// and plans edited as data (a team size, where a step keeps its vectors) give the kernels they
// describe.

import { describe, expect, it } from 'vitest';
import {
  compileAlgorithm,
  compileProblem,
  emitAlgorithm,
  parseAll,
  suiteProblems,
} from '../../src/api.js';
import { generateWgsl } from '../../src/codegen/wgsl.js';
import { splitWriteRace } from '../../src/compile/algorithm.js';
import { generateStepWgsl } from '../../src/codegen/wgsl-step.js';
import type { WgslKernels } from '../../src/codegen/wgsl-kernels.js';
import { countKernels } from '../../src/ir/kernels.js';
import type { IrProgram } from '../../src/ir/ir.js';
import {
  buildPlan,
  printPlan,
  SHARED_VEC_BYTES,
  workgroupsFor,
  type Plan,
} from '../../src/schedule/plan.js';
import type { ScheduleOptions } from '../../src/schedule/schedule.js';

/** The plan of a program (a stdlib problem, or the last problem of `source`) as text. */
function plan(
  dim: number,
  schedule: Partial<ScheduleOptions> = {},
  problem?: string,
  source?: string,
) {
  const c = compileProblem({
    problem,
    dim,
    schedule,
    sources: source ? { 'test.opt': source } : undefined,
    validateEach: true,
  });
  return printPlan(c.plan());
}

// Small chunks and workgroups, so that D = 10 .. 64 gives several workgroups an individual.
const SPLIT = { force: 'split', chunk: 16, wg: 16 } as const;
/**
 * A chain needs chunks that are whole blocks of the canonical order (schedule/canonical.ts): D
 * past 65,536, chunks of at least 1,024 elements.
 */
const CHAIN_DIM = 70_000;
const CHAIN_SPLIT = { force: 'split', chunk: 1024, wg: 16 } as const;

/** A Solis-Wets-like step on one row in a loop, reading X at `y`'s element and updating S[i] by `s`. */
const SW_LOOP = (
  y: string,
  s = 'S[i] + (if ok then 1 else 0)',
) => `problem p(x[D]) in [-1, 1] { sum(i) x[i]^2 }
algorithm sw(N = 4) {
  population X[N]
  state S[N] = 0
  state phase[1] = 0
  generation {
    repeat 5 {
      each i in X[1] {
        let plus = phase[0] == 0
        let y[j] = clamp(if plus then ${y} + 0.01 else ${y} - 0.01, lo, hi)
        let ok = f(y) < f(X[i])
        X[i] = if ok then y else X[i]
        S[i] = ${s}
        phase[0] = if plus and not ok then 1 else 0
      }
    }
  }
}`;

const SUM = 'problem plain_sum(x[D]) in [-1, 1] optimum 0 at 0 {\n  sum(i) x[i]^2\n}\n';
// A scan whose consumer is not a polynomial in it: chunk sums, a rescan, a combine.
const SIN_SCAN =
  'problem sin_scan(x[D]) in [-1, 1] optimum 0 at 0 {\n  let s[i] = sum(j <= i) x[j]\n  sum(i) sin(s[i])^2\n}\n';
// A reduction that reads another: two reduce stages, the first combine stores its scalar in SC.
const VARIANCE =
  'problem variance(x[D]) in [-1, 1] optimum 0 at 0 {\n  let m = sum(i) x[i] / D\n  sum(i) (x[i] - m)^2\n}\n';

describe('the plan, text out', () => {
  it('a plain sum: one team kernel', () => {
    expect(plan(10, {}, undefined, SUM)).toMatchInlineSnapshot(`
      "plan plain_sum, D = 10: 1 kernel
        regime  team: 1 lane per individual, 256 individuals per workgroup of 256
        why     team size: the larger of 1 by elements (D = 10, 32 a lane) and 1 by rows, at most 256
        why     D = 10 < 4 chunks of 16384
        kernel evaluate: ceil(n / 256) workgroups; buffers X, F
          runs       reduce r0
          thread     one lane per individual: every loop element by element; a reduction's terms in the canonical order (16 lane-partials of 1-element units: 16 a lane); lane 0 writes the fitness
          workgroup  256 individuals (a team each); a tree over the team per reduction, barriers between stages"
    `);
  });
  it('a plain sum, split: partials and a combine', () => {
    expect(plan(64, SPLIT, undefined, SUM)).toMatchInlineSnapshot(`
      "plan plain_sum, D = 64: 2 kernels
        regime  split: 4 workgroups of 16 per individual, a chunk of 16 elements each
        why     split regime forced
        kernel reduce_partials_0: n * 1 workgroups; buffers X, PART
          runs       reduce r0
          thread     lane l of workgroup (n, 0) takes units l, l + 16, ... of individual n (4 elements a unit)
          workgroup  individual n: its 16 lane-partials of r0 to PART
        kernel combine_0: n workgroups; buffers PART, F
          runs       combine r0
          thread     lane l of a team of 16 combines lane-partial l of its individual's 1 chunk (their tree), then the tree over the team
          workgroup  1 individual; lane 0 writes the fitness"
    `);
  });
  it('Schwefel 1.2: the square-sum fused into the scan', () => {
    expect(plan(100, {}, 'shifted_schwefel_1_2')).toMatchInlineSnapshot(`
      "plan shifted_schwefel_1_2, D = 100: 1 kernel
        regime  team: 1 lane per individual, 256 individuals per workgroup of 256
        why     team size: the larger of 1 by elements (D = 100, 128 a lane) and 1 by rows, at most 256
        why     D = 100 < 4 chunks of 16384
        kernel evaluate: ceil(n / 256) workgroups; buffers X, DATA, F
          runs       scan schwefel_1_2.s[100] with r0 fused into it
          thread     one lane per individual: every loop element by element (scans by tiles); lane 0 writes the fitness
          workgroup  256 individuals (a team each); a tree over the team per reduction, barriers between stages"
    `);
  });
  it("Schwefel 1.2, split: the tiles' totals, a rescan from their carry, a combine", () => {
    expect(plan(64, SPLIT, 'shifted_schwefel_1_2')).toMatchInlineSnapshot(`
      "plan shifted_schwefel_1_2, D = 64: 3 kernels
        regime  split: 4 workgroups of 16 per individual, a chunk of 16 elements each
        why     split regime forced
        kernel scan_chunks_0: n * 4 workgroups; buffers X, DATA, PART
          runs       the totals of schwefel_1_2.s's tiles
          thread     lane l < 1 of workgroup (n, c) sums segment l of each tile (1 segment of 8 elements) of chunk c of individual n; a scan over the segments (Sklansky)
          workgroup  chunk c of individual n (16 elements): its 2 tiles' totals to PART
        kernel scan_rescan_0: n * 4 workgroups; buffers X, DATA, PART
          runs       scan schwefel_1_2.s[64] with r0 fused into it
          thread     lane l < 1 of workgroup (n, c) sums segment l of each tile (1 segment of 8 elements) of chunk c of individual n, rescanned from the carry (the totals of the tiles before, in order)
          workgroup  chunk c of individual n (16 elements): partials of r0 to PART
        kernel combine_0: ceil(n / 4) workgroups; buffers PART, F
          runs       combine r0
          thread     lane l of a team of 4 combines partials l, l + 4, ... of its individual's 4 chunks (a float sum fused into the scan: chunks from l B, B at a time, then lanes in pairs)
          workgroup  4 individuals; lane 0 writes the fitness"
    `);
  });
  it("a scan read by a sine, split: the tiles' totals, a rescan, a combine", () => {
    expect(plan(64, SPLIT, undefined, SIN_SCAN)).toMatchInlineSnapshot(`
      "plan sin_scan, D = 64: 3 kernels
        regime  split: 4 workgroups of 16 per individual, a chunk of 16 elements each
        why     split regime forced
        kernel scan_chunks_0: n * 4 workgroups; buffers X, PART
          runs       the totals of s's tiles
          thread     lane l < 1 of workgroup (n, c) sums segment l of each tile (1 segment of 8 elements) of chunk c of individual n; a scan over the segments (Sklansky)
          workgroup  chunk c of individual n (16 elements): its 2 tiles' totals to PART
        kernel scan_rescan_0: n * 4 workgroups; buffers X, PART
          runs       scan s[64] with r0 fused into it
          thread     lane l < 1 of workgroup (n, c) sums segment l of each tile (1 segment of 8 elements) of chunk c of individual n, rescanned from the carry (the totals of the tiles before, in order)
          workgroup  chunk c of individual n (16 elements): partials of r0 to PART
        kernel combine_0: ceil(n / 4) workgroups; buffers PART, F
          runs       combine r0
          thread     lane l of a team of 4 combines partials l, l + 4, ... of its individual's 4 chunks (a float sum fused into the scan: chunks from l B, B at a time, then lanes in pairs)
          workgroup  4 individuals; lane 0 writes the fitness"
    `);
  });
  it('two dependent reductions, split: the first combine stores its scalar in SC', () => {
    expect(plan(64, SPLIT, undefined, VARIANCE)).toMatchInlineSnapshot(`
      "plan variance, D = 64: 4 kernels
        regime  split: 4 workgroups of 16 per individual, a chunk of 16 elements each
        why     split regime forced
        kernel reduce_partials_0: n * 1 workgroups; buffers X, PART
          runs       reduce m
          thread     lane l of workgroup (n, 0) takes units l, l + 16, ... of individual n (4 elements a unit)
          workgroup  individual n: its 16 lane-partials of m to PART
        kernel combine_0: n workgroups; buffers PART, SC
          runs       combine m
          thread     lane l of a team of 16 combines lane-partial l of its individual's 1 chunk (their tree), then the tree over the team
          workgroup  1 individual; lane 0 stores m in SC
        kernel reduce_partials_1: n * 1 workgroups; buffers X, PART, SC
          runs       reduce r0
          scalars    m from SC
          thread     lane l of workgroup (n, 0) takes units l, l + 16, ... of individual n (4 elements a unit)
          workgroup  individual n: its 16 lane-partials of r0 to PART
        kernel combine_1: n workgroups; buffers PART, SC, F
          runs       combine r0
          scalars    m from SC
          thread     lane l of a team of 16 combines lane-partial l of its individual's 1 chunk (their tree), then the tree over the team
          workgroup  1 individual; lane 0 writes the fitness"
    `);
  });
  it('a rotation of 30 columns (below a tile): the team sized by the rows, the rotated vector in SCR', () => {
    expect(plan(30, {}, 'cec2017_f5')).toMatchInlineSnapshot(`
      "plan cec2017_f5, D = 30: 1 kernel
        regime  team: 16 lanes per individual, 16 individuals per workgroup of 256
        why     team size: the larger of 1 by elements (D = 30, 32 a lane) and 16 by rows (inner reductions of 30), at most 256
        why     D = 30 < 4 chunks of 16384
        kernel evaluate: ceil(n / 16) workgroups; buffers X, DATA, SCR, F
          runs       vector z[30] stored in SCR
          runs       reduce r0
          thread     lane l of a team of 16 takes elements l, l + 16, ... of every loop; a reduction's terms in the canonical order (32 lane-partials of 1-element units: 2 a lane); lane 0 writes the fitness
          workgroup  16 individuals (a team each); a tree over the team per reduction, barriers between stages"
    `);
  });
  it('a rotation forced into the split regime stays a team kernel, and says why', () => {
    expect(plan(30, SPLIT, 'cec2017_f5')).toMatchInlineSnapshot(`
      "plan cec2017_f5, D = 30: 1 kernel
        regime  team: 16 lanes per individual, 1 individual per workgroup of 16
        why     team size: the larger of 1 by elements (D = 30, 32 a lane) and 16 by rows (inner reductions of 30), at most 16
        why     split regime forced
        why     not split: a materialised vector
        kernel evaluate: n workgroups; buffers X, DATA, SCR, F
          runs       vector z[30] stored in SCR
          runs       reduce r0
          thread     lane l of a team of 16 takes elements l, l + 16, ... of every loop; a reduction's terms in the canonical order (32 lane-partials of 1-element units: 2 a lane); lane 0 writes the fitness
          workgroup  1 individual (a team each); a tree over the team per reduction, barriers between stages"
    `);
  });
  it('a huge D at a small population takes the split regime by itself', () => {
    expect(plan(1_000_000, { population: 16 }, 'shifted_rastrigin')).toMatchInlineSnapshot(`
      "plan shifted_rastrigin, D = 1000000: 2 kernels
        regime  split: 62 workgroups of 256 per individual, a chunk of 16384 elements each
        why     D = 1000000 >= 4 chunks of 16384 and the team regime fills 16 workgroups at population 16 (< 512)
        kernel reduce_partials_0: n * 62 workgroups; buffers X, DATA, PART
          runs       reduce r0
          thread     lane l of workgroup (n, c) takes units l + 256 m (m < 4) of each of the 4 blocks of chunk c of individual n (4 elements a unit, 1024 a block), their tree as they come
          workgroup  chunk c of individual n (16384 elements): its 256 lane-partials of r0 to PART
        kernel combine_0: n workgroups; buffers PART, F
          runs       combine r0
          thread     lane l of a team of 256 combines lane-partial l of its individual's 62 chunks (their tree), then the tree over the team
          workgroup  1 individual; lane 0 writes the fitness"
    `);
  });
  it("DE's steps: one team kernel each", () => {
    const c = compileAlgorithm({ algorithm: 'de', problem: 'rastrigin', dim: 10 });
    expect(emitAlgorithm(c, 'plan')).toMatchInlineSnapshot(`
      "// de for rastrigin, D = 10: 3 steps, 1 kernel(s) a generation; double-buffered on the GPU: X, X.f, best, best.f
      // ---- step init.X: 48 individual(s), 48 evaluation(s), team regime, 1 kernel(s)
      plan de.init.X, D = 10, 48 individual(s): 1 kernel
        regime  team: 16 lanes per individual, 8 individuals per workgroup of 128
        why     team size: the larger of 16 by elements (D = 10, 1 a lane) and 1 by rows, at most 128
        why     D = 10 < 4 chunks of 16384
        kernel evaluate: ceil(n / 8) workgroups; buffers S
          runs       vector X.init[10] in workgroup memory
          runs       reduce fit
          runs       scalar fitness
          thread     lane l of a team of 16 takes elements l, l + 16, ... of every loop; a reduction's terms in the canonical order (16 lane-partials of 1-element units); the team's lanes share its individual's writes
          workgroup  8 individuals (a team each); a tree over the team per reduction, barriers between stages
      // ---- step track: 1 individual(s), 0 evaluation(s), team regime, 1 kernel(s)
      plan de.track, D = 10, 1 individual(s): 1 kernel
        regime  team: 16 lanes per individual, 8 individuals per workgroup of 128
        why     team size: the larger of 16 by elements (D = 10, 1 a lane) and 1 by rows, at most 128
        why     D = 10 < 4 chunks of 16384
        kernel evaluate: ceil(n / 8) workgroups; buffers S
          runs       reduce arg.X once for the workgroup's individuals, over all its lanes
          runs       scalar min
          runs       scalar improved
          thread     lane l of a team of 16 takes elements l, l + 16, ... of every loop; a reduction's terms in the canonical order (16 lane-partials of 1-element units); the team's lanes share its individual's writes
          workgroup  8 individuals (a team each); a tree over the team per reduction, barriers between stages
      // ---- step each.X+track: 48 individual(s), 48 evaluation(s), team regime, 1 kernel(s)
      plan de.each.X+track, D = 10, 48 individual(s): 1 kernel
        regime  team: 16 lanes per individual, 8 individuals per workgroup of 128
        why     team size: the larger of 16 by elements (D = 10, 1 a lane) and 1 by rows, at most 128
        why     D = 10 < 4 chunks of 16384
        kernel evaluate: ceil(n / 8) workgroups; buffers S
          runs       scalar r0
          runs       scalar r1
          runs       scalar r2
          runs       scalar k
          runs       scalar L
          runs       vector u[10] in workgroup memory
          runs       reduce track.arg.X once for the workgroup's individuals, over all its lanes; then fit
          runs       scalar fitness
          runs       scalar keep
          runs       scalar track.min
          runs       scalar track.improved
          thread     lane l of a team of 16 takes elements l, l + 16, ... of every loop; a reduction's terms in the canonical order (16 lane-partials of 1-element units); the team's lanes share its individual's writes
          workgroup  8 individuals (a team each); a tree over the team per reduction, barriers between stages
      "
    `);
  });
  it("a step's rotation is a tiled product from a population that fills 100 workgroups", () => {
    const at = (NP: number) =>
      emitAlgorithm(
        compileAlgorithm({
          algorithm: 'de',
          problem: 'cec2017_f3',
          dim: 100,
          set: { NP: String(NP) },
        }),
        'plan',
      );
    const big = at(1000);
    expect(big).toContain(
      "team size: 16 by tiled products (8 individuals a workgroup share M; y of 100 columns for each; a step's elements and rows do not size its team then), at most 128",
    );
    expect(big).toContain(
      "vector objective.z[100] as a tiled product of the workgroup's individuals: y in workgroup memory, M's columns 16 bytes a load, 4 rows of 2 individuals a lane, in workgroup memory",
    );
    // The fused track's argmin once for the workgroup's 8 individuals.
    expect(big).toContain(
      "reduce g.g once for the workgroup's individuals, over all its lanes; then objective.s and r3 in one loop",
    );
    // 250 individuals fill 63 workgroups of 4 at most: the row loop, one individual a workgroup.
    const small = at(250);
    expect(small).toContain(
      'products not tiled: 4 individuals a workgroup would fill 63 workgroups at population 250 (a step tiles from 100)',
    );
    expect(small).not.toContain('tiled product');
  });
  it("a batch's tiled product sizes its step's team, not the step's row reductions", () => {
    // cec2014_f22's float-float rows (inner reductions of 100) sized a team of 64 lanes, 2
    // individuals a workgroup and no tile; 51 runs of 250 now share M among 8 (schedule.ts,
    // STEP_TILE_INDIVIDUALS), the step's vectors in SCR (they do not fit workgroup memory).
    const plan = emitAlgorithm(
      compileAlgorithm({
        algorithm: 'jde',
        problem: 'cec2014_f22',
        dim: 100,
        set: { NP: '250' },
        runs: 51,
      }),
      'plan',
    );
    expect(plan).toContain('team: 16 lanes per individual, 8 individuals per workgroup of 128');
    expect(plan).toContain(
      "vector objective.z[100] as a tiled product of the workgroup's individuals: y in workgroup memory, M's columns 16 bytes a load, 4 rows of 2 individuals a lane, stored in SCR",
    );
  });
  it('a step whose kept vector has no reduction after it takes the team regime', () => {
    // An explicit sum of terms (no sum over i): DE's trial u is kept, and no reduction's loop
    // computes it. Before, the split regime was chosen and the plan failed with an internal error
    // ("a kept vector without a reduction") at D = 100,000.
    const c = compileAlgorithm({
      algorithm: 'de',
      problem: 'p',
      dim: 64,
      schedule: SPLIT,
      sources: { 'p.opt': 'problem p(x[D]) in [-1, 1] { x[0]^2 + x[1]^2 }\n' },
    });
    const text = emitAlgorithm(c, 'plan');
    expect(text).toContain('step each.X: 48 individual(s), 48 evaluation(s), team regime');
    expect(text).toContain('not split: no reduction to split');
    expect(text).toContain('step init.X: 48 individual(s), 48 evaluation(s), team regime');
  });
  it("DE's steps, split: partials with the trial computed in the loop, combines, the writes", () => {
    const c = compileAlgorithm({ algorithm: 'de', problem: 'rastrigin', dim: 64, schedule: SPLIT });
    expect(emitAlgorithm(c, 'plan')).toMatchInlineSnapshot(`
      "// de for rastrigin, D = 64: 3 steps, 6 kernel(s) a generation; double-buffered on the GPU: none
      // ---- step init.X: 48 individual(s), 48 evaluation(s), split regime, 3 kernel(s)
      plan de.init.X, D = 64, 48 individual(s): 3 kernels
        regime  split: 4 workgroups of 16 per individual, a chunk of 16 elements each
        why     split regime forced
        kernel step_partials_0: n * 1 workgroups; buffers SCR, PART
          runs       vector X.init[64], element by element in the loop
          runs       reduce fit
          thread     lane l of workgroup (n, 0) takes units l, l + 16, ... of individual n (4 elements a unit)
          workgroup  individual n: its 16 lane-partials of fit to PART
        kernel combine_0: n workgroups; buffers PART, SC
          runs       combine fit
          runs       scalar fitness
          thread     lane l of a team of 16 combines lane-partial l of its individual's 1 chunk (their tree), then the tree over the team
          workgroup  1 individual; lane 0 stores fit and fitness in SC
        kernel step_writes: n * 4 workgroups; buffers S, SCR, SC
          runs       the writes
          scalars    fit and fitness from SC
          thread     lane l of workgroup (n, c) writes elements c * 16 + 4l .. 4l + 3, + 64, ... of individual n's rows
          workgroup  chunk c of individual n (16 elements): its part of each written row
      // ---- step each.X: 48 individual(s), 48 evaluation(s), split regime, 3 kernel(s)
      plan de.each.X, D = 64, 48 individual(s): 3 kernels
        regime  split: 4 workgroups of 16 per individual, a chunk of 16 elements each
        why     split regime forced
        kernel step_partials_0: n * 1 workgroups; buffers S, SCR, PART
          runs       vector u[64], element by element in the loop
          runs       reduce fit
          scalars    r0, r1, r2, k and L computed again
          thread     lane l of workgroup (n, 0) takes units l, l + 16, ... of individual n (4 elements a unit)
          workgroup  individual n: its 16 lane-partials of fit to PART
        kernel combine_0: n workgroups; buffers S, PART, SC
          runs       combine fit
          runs       scalar fitness
          runs       scalar keep
          scalars    r0, r1, r2, k and L computed again
          thread     lane l of a team of 16 combines lane-partial l of its individual's 1 chunk (their tree), then the tree over the team
          workgroup  1 individual; lane 0 stores fit, fitness and keep in SC
        kernel step_writes: n * 4 workgroups; buffers S, SCR, SC
          runs       the writes
          scalars    fit, fitness and keep from SC; r0, r1, r2, k and L computed again
          thread     lane l of workgroup (n, c) writes elements c * 16 + 4l .. 4l + 3, + 64, ... of individual n's rows
          workgroup  chunk c of individual n (16 elements): its part of each written row
      // ---- step track: 1 individual(s), 0 evaluation(s), split regime, 3 kernel(s)
      plan de.track, D = 64, 1 individual(s): 3 kernels
        regime  split: 4 workgroups of 16 per individual, a chunk of 16 elements each
        why     split regime forced
        kernel reduce_partials_0: n * 1 workgroups; buffers S, PART
          runs       reduce arg.X
          thread     lane l of workgroup (n, 0) takes units l, l + 16, ... of individual n (4 elements a unit)
          workgroup  individual n: its 16 lane-partials of arg.X to PART
        kernel combine_0: n workgroups; buffers S, PART, SC
          runs       combine arg.X
          runs       scalar min
          runs       scalar improved
          runs       the value writes
          thread     lane l of a team of 16 combines lane-partial l of its individual's 1 chunk (their tree), then the tree over the team
          workgroup  1 individual; lane 0 stores arg.X, min and improved in SC and makes the value writes
        kernel step_writes: n * 4 workgroups; buffers S, SC
          runs       the vector writes (the value writes were the combine's)
          scalars    arg.X, min and improved from SC
          thread     lane l of workgroup (n, c) writes elements c * 16 + 4l .. 4l + 3, + 64, ... of individual n's rows
          workgroup  chunk c of individual n (16 elements): its part of each written row
      "
    `);
  });
  it("DE's steps with a scan, split: the trial computed in the scan's first kernel", () => {
    const c = compileAlgorithm({
      algorithm: 'de',
      problem: 'sin_scan',
      dim: 64,
      schedule: SPLIT,
      sources: { 'test.opt': SIN_SCAN },
    });
    const st = c.steps.find((s) => s.name === 'each.X')!;
    const p = c.compiled(st).plan();
    expect(p.kernels.map((k) => [k.name, k.role, k.buffers])).toEqual([
      ['scan_chunks_0', { k: 'scan-chunks', stage: 6, vectors: ['u'] }, ['S', 'SCR', 'PART']],
      // The rescan reads X: the repaired trial (midpoint) is computed from u and the parent there.
      ['scan_rescan_0', { k: 'scan-rescan', stage: 6 }, ['S', 'SCR', 'PART']],
      ['combine_0', expect.objectContaining({ k: 'combine', to: 'SC' }), ['S', 'PART', 'SC']],
      ['step_writes', { k: 'writes', values: true }, ['S', 'SCR', 'SC']],
    ]);
    expect(p.kernels[0]!.stages).toEqual([
      'vector u[64], element by element in the loop',
      "the totals of objective.s's tiles",
    ]);
  });
  it('a step whose scan reads its kept vector at another element stays a team kernel, and says why', () => {
    const REV =
      'problem rev_scan(x[D]) in [-1, 1] optimum 0 at 0 {\n  let s[i] = sum(j <= i) x[D - 1 - j]\n  sum(i) s[i]^2\n}\n';
    const c = compileAlgorithm({
      algorithm: 'de',
      problem: 'rev_scan',
      dim: 64,
      schedule: SPLIT,
      sources: { 'test.opt': REV },
    });
    const p = c.compiled(c.steps.find((s) => s.name === 'each.X')!).plan();
    expect(p.decision.regime.k).toBe('team');
    expect(p.why).toContain(
      'not split: a kept vector read at another element in the kernel that computes it, or longer than the scan',
    );
  });
  it('a split step on one row writes its value rows in its last combine, the scalars that read them kept in SC', () => {
    // A Solis-Wets step on one chosen row (MA-SW-Chains' shape): plus reads phase[0], which the
    // step writes. The combine keeps plus in SC and writes S[i] and phase[0]; the writes kernel
    // takes plus from SC and writes only the vector rows (ir/step.ts, valueWritesInCombine).
    const SW = `problem p(x[D]) in [-1, 1] { sum(i) x[i]^2 }
algorithm sw(N = 4) {
  population X[N]
  state S[N] = 0
  state phase[1] = 0
  generation {
    each i in X[1] {
      let plus = phase[0] == 0
      let y[j] = clamp(if plus then X[i][j] + 0.01 else X[i][j] - 0.01, lo, hi)
      let ok = f(y) < f(X[i])
      X[i] = if ok then y else X[i]
      S[i] = S[i] + (if ok then 1 else 0)
      phase[0] = if plus and not ok then 1 else 0
    }
  }
}`;
    const c = compileAlgorithm({
      algorithm: 'sw',
      problem: 'p',
      dim: 64,
      schedule: SPLIT,
      sources: { 'sw.opt': SW },
    });
    const st = c.steps.find((s) => s.name === 'at.X')!;
    expect(splitWriteRace(c.compiled(st).gpuIr)).toBe(false);
    expect(printPlan(c.compiled(st).plan())).toMatchInlineSnapshot(`
      "plan sw.at.X, D = 64, 1 individual(s): 3 kernels
        regime  split: 4 workgroups of 16 per individual, a chunk of 16 elements each
        why     split regime forced
        kernel step_partials_0: n * 1 workgroups; buffers S, SCR, PART
          runs       vector y[64], element by element in the loop
          runs       reduce fit
          scalars    i.row and plus computed again
          thread     lane l of workgroup (n, 0) takes units l, l + 16, ... of individual n (4 elements a unit)
          workgroup  individual n: its 16 lane-partials of fit to PART
        kernel combine_0: n workgroups; buffers S, PART, SC
          runs       combine fit
          runs       scalar fitness
          runs       scalar ok
          runs       scalar keep
          runs       the value writes
          scalars    i.row and plus computed again
          thread     lane l of a team of 16 combines lane-partial l of its individual's 1 chunk (their tree), then the tree over the team
          workgroup  1 individual; lane 0 stores fit, fitness, ok, keep and plus in SC and makes the value writes
        kernel step_writes: n * 4 workgroups; buffers S, SCR, SC
          runs       the vector writes (the value writes were the combine's)
          scalars    fit, fitness, ok, keep and plus from SC; i.row computed again
          thread     lane l of workgroup (n, c) writes elements c * 16 + 4l .. 4l + 3, + 64, ... of individual n's rows
          workgroup  chunk c of individual n (16 elements): its part of each written row"
    `);
  });
  it('consecutive runs of a split step of one row chain: one kernel between two runs', () => {
    // The Solis-Wets shape in a loop: the chain kernel runs the previous run's combine (value
    // rows from their copy in PART) and writes, then the run's partials (ir/step.ts, chainable).
    const c = compileAlgorithm({
      algorithm: 'sw',
      problem: 'p',
      dim: CHAIN_DIM,
      schedule: CHAIN_SPLIT,
      sources: { 'sw.opt': SW_LOOP('X[i][j]') },
    });
    const st = c.steps.find((s) => s.name === 'at.X')!;
    const text = printPlan(c.compiled(st).plan());
    expect(text.slice(text.indexOf('  chain'))).toMatchInlineSnapshot(`
      "  chain  consecutive runs t - 1, t: step_partials_0 of the first run, step_chain between two runs, combine_0 and step_writes of the last
        kernel step_chain: n * 69 workgroups; buffers Q, S, SCR, PART
          runs       run t - 1 (parameters Q): combine fit, scalar fitness, scalar ok, scalar keep, the value writes, every workgroup for itself (the value rows from the copy of run t - 1, written to S by chunk 0)
          runs       run t - 1: the vector writes of chunk c
          runs       run t (parameters P): vector y[70000], element by element in the loop, reduce fit; chunk 0 stores the value rows X.f, S and phase for run t + 1
          values     X.f, S and phase: two copies in PART, by the run's parity
          thread     lane l of a team of 16 combines lane-partials l, l + 16, ... of its individual's 69 chunks (their tree), then the tree over the team; then as step_writes, then as step_partials_0
          workgroup  chunk c of individual n: the combine's scalars and the value rows in workgroup memory, barriers between the three"
    `);
  });
  it('a step chains only where no workgroup can read what another writes', () => {
    const chain = (y: string, s = 'S[i] + (if ok then 1 else 0)') => {
      const c = compileAlgorithm({
        algorithm: 'sw',
        problem: 'p',
        dim: CHAIN_DIM,
        schedule: CHAIN_SPLIT,
        sources: { 'sw.opt': SW_LOOP(y, s) },
      });
      const st = c.steps.find((x) => x.name === 'at.X')!;
      return c.compiled(st).plan().chain?.values;
    };
    expect(chain('X[i][j]')).toEqual(['X.f', 'S', 'phase']);
    // Another element of the row being written (chunk c + 1's, when j is the last of chunk c).
    expect(chain('X[i][min(j + 1, D - 1)]')).toBeUndefined();
    // A value row read at another row than the one written: S[0] may be S[i]'s row or not.
    expect(chain('X[i][j]', 'S[0] + (if ok then 1 else 0)')).toBeUndefined();
  });
  it('the roles a code generator reads: stages, combine teams, where the scalars go', () => {
    const c = compileProblem({
      problem: 'variance',
      dim: 64,
      schedule: SPLIT,
      sources: { 'v.opt': VARIANCE },
    });
    const p = c.plan();
    expect(p.kernels.map((k) => [k.role, k.scalars])).toEqual([
      [
        { k: 'reduce-partials', stage: 0, vectors: [] },
        { fromSC: [], recomputed: [] },
      ],
      [
        { k: 'combine', stage: 0, team: 16, scalars: [], to: 'SC', keep: [], values: false },
        { fromSC: [], recomputed: [] },
      ],
      [
        { k: 'reduce-partials', stage: 1, vectors: [] },
        { fromSC: ['m'], recomputed: [] },
      ],
      [
        { k: 'combine', stage: 1, team: 16, scalars: [], to: 'F', keep: [], values: false },
        { fromSC: ['m'], recomputed: [] },
      ],
    ]);
    expect(c.ir.schedule!.stages.map((st) => st.k)).toEqual(['reduce', 'reduce']);
    expect(p.storage).toEqual({ scratch: [], shared: [] });
  });
  it('the plan explains the schedule it was given, not another', () => {
    const c = compileProblem({ problem: 'sphere', dim: 10 });
    expect(() => buildPlan(c.ir, { ...c.scheduleOptions, force: 'split' })).toThrow(
      'the schedule options differ',
    );
  });
});

// ---- The plan against the WGSL backend

const KS = [1, 5, 64, 1000];
/** What a plan and a WgslKernels must agree on: names, workgroups at a few n, buffers (and SCR). */
const fromPlan = (p: Plan) =>
  p.kernels.map((k) => ({
    name: k.name,
    workgroups: KS.map((n) => workgroupsFor(k.dispatch, n)),
    buffers: [...k.buffers].sort(),
  }));
const fromGpu = (g: WgslKernels) =>
  g.kernels.map((k) => ({
    name: k.name,
    workgroups: KS.map((n) => k.workgroups(n)),
    // P and (a step's kernels) RUNS, the run's seed, are bound by every kernel.
    buffers: k.uses.filter((u) => u !== 'P' && u !== 'RUNS').sort(),
  }));
/** Floats of SCR an individual: the lengths of what the plan stores there. */
const scratch = (ir: IrProgram, p: Plan) =>
  p.storage.scratch.reduce((a, name) => {
    const b = ir.main.bindings.find((x) => x.name === name)!;
    return a + (b as { len: number }).len;
  }, 0);
const kernelCount = (ir: IrProgram) => {
  const s = ir.schedule!;
  return countKernels(s.stages, s.regime, ir.main, ir.state);
};

const classic = parseAll({})
  .sources.filter((f) => f.file.endsWith('classic.opt'))
  .flatMap((f) => f.decls.filter((d) => d.kind === 'problem').map((d) => d.name));

describe('the plan agrees with the generated WGSL', () => {
  it("a step's vectors are in workgroup memory where the plan puts them, within its budget", () => {
    const c = compileAlgorithm({ algorithm: 'de', problem: 'cec2017_f5', dim: 10 });
    const st = c.steps.find((s) => s.name === 'each.X')!;
    const ir = c.compiled(st).gpuIr;
    const p = c.compiled(st).plan();
    expect(p.storage).toEqual({ scratch: [], shared: ['u', 'u_in', 'objective.z'] });
    const r = p.decision.regime as { wg: number; team: number };
    const floats =
      (r.wg / r.team) * scratch(ir, { ...p, storage: { scratch: p.storage.shared, shared: [] } });
    expect(floats * 4).toBeLessThanOrEqual(SHARED_VEC_BYTES);
    const k = generateStepWgsl(ir, p, c.algo.state, { pingPong: c.pingPong }).kernels[0]!;
    expect(k.code).toContain(`var<workgroup> shv: array<f32, ${floats}>;`);
    expect(k.uses).not.toContain('SCR');
  });
  const sets = { classic, cec2017: suiteProblems('cec2017') };
  for (const [suite, names] of Object.entries(sets))
    for (const dim of [10, 30])
      for (const regime of ['team', 'split'] as const)
        it(`${suite} at D = ${dim}, ${regime} regime`, () => {
          const schedule = regime === 'split' ? SPLIT : { force: 'team' as const };
          let split = 0;
          for (const problem of names) {
            const c = compileProblem({ problem, dim, schedule });
            const p = c.plan();
            if (p.decision.regime.k === 'split') split++;
            const gpu = generateWgsl(c.ir, p);
            expect(fromPlan(p), problem).toEqual(fromGpu(gpu));
            expect(scratch(c.ir, p), problem).toBe(gpu.scratchStride);
            expect(p.kernels.length, problem).toBe(kernelCount(c.ir));
          }
          // The forced split is taken where the program allows it (not for rotations: a stored vector).
          if (regime === 'split') expect(split).toBeGreaterThan(0);
        });
  it.each(['de', 'jde', 'gojde', 'pso', 'ma_sw_chains'])(
    '%s: every step, both regimes',
    (algorithm) => {
      // Split steps with a scan: by moments (Schwefel 1.2), by chunk sums and a rescan (sin_scan).
      for (const [problem, dim, schedule] of [
        ['cec2017_f5', 10, {}],
        ['rastrigin', 64, SPLIT],
        ['schwefel_1_2', 64, SPLIT],
        ['sin_scan', 64, SPLIT],
      ] as const) {
        const sources = problem === 'sin_scan' ? { 'test.opt': SIN_SCAN } : undefined;
        const c = compileAlgorithm({ algorithm, problem, dim, schedule, sources });
        if (problem === 'schwefel_1_2' || problem === 'sin_scan') {
          const scans = c.steps.filter((st) =>
            c.compiled(st).gpuIr.schedule.stages.some((x) => x.k === 'scan'),
          );
          expect(scans.length).toBeGreaterThan(0);
          // Split unless the step's writes race with its own reads (jDE's F and CR rows:
          // compile/algorithm.ts, splitWriteRace), which takes the team regime with or without a
          // scan.
          for (const st of scans)
            if (!splitWriteRace(c.compiled(st).gpuIr))
              expect(c.compiled(st).gpuIr.schedule.regime.k, `${problem} ${st.name}`).toBe('split');
        }
        for (const st of c.steps) {
          const ir = c.compiled(st).gpuIr;
          const p = c.compiled(st).plan();
          const gpu = generateStepWgsl(ir, p, c.algo.state, { pingPong: c.pingPong });
          expect(fromPlan(p), st.name).toEqual(fromGpu(gpu));
          expect(scratch(ir, p), st.name).toBe(gpu.scratchStride);
          expect(p.kernels.length, st.name).toBe(kernelCount(ir));
        }
      }
    },
  );
});

// ---- The plan drives the WGSL backend: a plan edited as data gives the kernels it describes

describe('a change of strategy is a change to the plan', () => {
  /** `p` with kernel `name` changed by `f` (a deep copy: the plan is plain data). */
  const edit = (p: Plan, name: string, f: (k: Plan['kernels'][number]) => void): Plan => {
    const q = structuredClone(p);
    f(q.kernels.find((k) => k.name === name)!);
    return q;
  };
  it('a team of 64 lanes in the plan: the kernel a schedule of 64-lane teams gives', () => {
    const c = compileProblem({ problem: 'sphere', dim: 1000 });
    const p = c.plan();
    expect(p.kernels.map((k) => k.role)).toEqual([{ k: 'team', team: 32 }]);
    const wider = edit(p, 'evaluate', (k) => {
      k.role = { k: 'team', team: 64 };
      k.dispatch = { per: 'team', individuals: 4 };
    });
    const gpu = generateWgsl(c.ir, wider);
    const c64 = compileProblem({ problem: 'sphere', dim: 1000, schedule: { team: 64 } });
    const ref = generateWgsl(c64.ir, c64.plan());
    expect(gpu.kernels.map((k) => k.code)).toEqual(ref.kernels.map((k) => k.code));
    expect(gpu.kernels[0]!.code).not.toEqual(generateWgsl(c.ir, p).kernels[0]!.code);
    expect(KS.map((n) => gpu.kernels[0]!.workgroups(n))).toEqual([1, 2, 16, 250]);
  });
  it('a combine of 4 lanes an individual in the plan: its loop and its grid', () => {
    // D = 64: 16 lane-partials (schedule/canonical.ts), so the combine's team is 16 lanes.
    const c = compileProblem({ problem: 'sphere', dim: 64, schedule: SPLIT });
    const p = c.plan();
    expect(p.kernels[1]!.role).toMatchObject({ k: 'combine', team: 16 });
    const before = generateWgsl(c.ir, p).kernels[1]!;
    expect(before.code).not.toContain('vi < 4u');
    const narrow = edit(p, 'combine_0', (k) => {
      if (k.role.k === 'combine') k.role.team = 4;
      k.dispatch = { per: 'team', individuals: 4 };
    });
    const after = generateWgsl(c.ir, narrow).kernels[1]!;
    // Each lane takes four lane-partials, then the tree's two levels between them inside the lane.
    expect(after.code).toContain('for (var vi: u32 = 0u; vi < 4u; vi++)');
    expect(after.code).toContain('cv_r0[0u] = cv_r0[0u] + cv_r0[2u];');
    expect(after.code).toContain('cv_r0[0u] = cv_r0[0u] + cv_r0[1u];');
    expect(after.code).toContain('let team = lid / 4u;');
    expect(KS.map((n) => after.workgroups(n))).toEqual([1, 2, 16, 250]);
    // The partials kernel is the same.
    expect(generateWgsl(c.ir, narrow).kernels[0]!.code).toBe(
      generateWgsl(c.ir, p).kernels[0]!.code,
    );
  });
  it("a step's vectors moved from workgroup memory to SCR in the plan", () => {
    const c = compileAlgorithm({ algorithm: 'de', problem: 'cec2017_f5', dim: 10 });
    const st = c.steps.find((s) => s.name === 'each.X')!;
    const ir = c.compiled(st).gpuIr;
    const p = structuredClone(c.compiled(st).plan());
    p.storage = { scratch: p.storage.shared, shared: [] };
    p.kernels[0]!.buffers = ['S', 'DATA', 'SCR'];
    const gpu = generateStepWgsl(ir, p, c.algo.state, { pingPong: c.pingPong });
    // u, u_in (the trial repaired, kept beside it where a rotation may be tiled) and z.
    expect(gpu.scratchStride).toBe(30);
    expect(gpu.kernels[0]!.uses).toContain('SCR');
    expect(gpu.kernels[0]!.code).not.toContain('shv');
    // (In its run's share of SCR: src/codegen/wgsl-emit.ts, perRun.)
    expect(gpu.kernels[0]!.code).toMatch(
      /SCR\[\(n \* 30u \+ 20u \+ u32\(iv\)\) \+ wid\.z \* P\.run_scr\]/,
    );
  });
  it('a plan whose buffers are not those the kernel binds is an internal error', () => {
    const c = compileProblem({ problem: 'sphere', dim: 64, schedule: SPLIT });
    const p = edit(c.plan(), 'combine_0', (k) => {
      k.buffers = ['PART', 'SC'];
    });
    expect(() => generateWgsl(c.ir, p)).toThrow('wgsl: kernel combine_0 binds P, PART, F');
  });
});
