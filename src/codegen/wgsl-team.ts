// The team regime: one kernel, a team of T lanes per individual, stages separated by barriers.

import type { Binding, IrProgram, Stage } from '../ir/ir.js';
import { WGSL_HELPERS, wgslExpr, toF32 } from './wgsl-expr.js';
import type { KernelPlan, StepHooks, WgslOptions } from './wgsl-plan.js';
import {
  Emitter,
  TEAM_SCAN_K,
  accumulate,
  allocAccs,
  context,
  gridPrologue,
  header,
  kernelBindings,
  mainSignature,
  resultLine,
  scalarStage,
  scanTerm,
  shsSize,
  tiledScan,
  treeReduce,
  unionRange,
  unrolledRowSum,
  vectorLoop,
  vectorisable,
  type Layout,
} from './wgsl-emit.js';

export function teamKernel(
  p: IrProgram,
  stages: Stage[],
  team: number,
  wg: number,
  L: Layout,
  bind: Map<string, Binding>,
  options: WgslOptions,
  step?: StepHooks,
): KernelPlan {
  const em = new Emitter();
  em.vec4 = !step && p.main.len % 4 === 0;
  em.subgroups = !!options.subgroups && stages.some((st) => st.k === 'scan');
  em.wholeSubgroups =
    em.subgroups && (options.subgroupMaxSize ?? 0) > 0 && team >= options.subgroupMaxSize!;
  const ipg = wg / team;
  let shF = 1;
  let shI = 0;
  let shS = 0;
  gridPrologue(em);
  step?.prologue(em);
  em.line(`let team = lid / ${team}u;`);
  em.line(`let lane = lid % ${team}u;`);
  em.line(`let n_raw = group * ${ipg}u + team;`);
  em.line('let valid = n_raw < P.n;');
  em.line('let n = min(n_raw, P.n - 1u);');
  em.line(`let xo = n * ${p.main.len}u;`);
  em.teamLanes = { lane: 'lane', team: 'team', size: team, ipg };
  const scanValue = new Map<string, string>();
  const base = context(em, L, scanValue);
  const ctx = step ? step.context(em, base) : base;
  for (const st of stages) {
    if (st.k === 'scalar') scalarStage(em, bind.get(st.name) as Binding & { k: 'scalar' }, ctx);
    else if (st.k === 'vec') {
      const b = bind.get(st.name) as Binding & { k: 'vec' };
      const shared = L.sharedOffset?.get(b.name);
      if (shared === undefined) em.uses.add('SCR');
      em.open(`for (var iv: i32 = i32(lane); iv < ${b.len}i; iv += ${team}i) {`);
      em.line(`let ${ctx.index(b.idx)} = iv;`);
      const pre: string[] = [];
      // A step whose vector has at most one element a lane: that element is the lane's own, so
      // its draws can be made at the start of the kernel (off the critical path).
      const single = !!step && b.len <= team;
      const v =
        (!step && unrolledRowSum(em, b.body, ctx)) ||
        wgslExpr(b.body, single ? { ...ctx, laneIdx: ctx.index(b.idx) } : ctx, pre);
      em.all(pre);
      if (shared !== undefined)
        em.line(`shv[team * ${L.sharedStride}u + ${shared}u + u32(iv)] = ${toF32(v, b.body.t)};`);
      else
        em.line(
          `if (valid) { SCR[n * ${L.scratchStride}u + ${L.scratchOffset.get(b.name)}u + u32(iv)] = ${toF32(v, b.body.t)}; }`,
        );
      em.close();
      em.line(shared !== undefined ? 'workgroupBarrier();' : 'storageBarrier();');
    } else if (st.k === 'reduce') {
      const { accs, nf, ni } = allocAccs(st.outs, bind);
      shF = Math.max(shF, nf);
      shI = Math.max(shI, ni);
      accumulate(em, accs, ctx, '', true);
      const { lo, hi } = unionRange(em, accs, ctx);
      // Four elements a lane only while every lane gets a vec4: with fewer vec4s than lanes (a
      // hybrid's parts, 20-30 elements, under a team sized for its rotation's rows) one element a
      // lane keeps four times as many lanes busy.
      const blocks = vectorisable(em, accs)
        ? Math.ceil(parseInt(hi) / 4) - Math.floor(parseInt(lo) / 4)
        : 0;
      if (blocks >= team)
        vectorLoop(
          em,
          accs,
          ctx,
          `${Math.floor(parseInt(lo) / 4)}i`,
          `${Math.ceil(parseInt(hi) / 4)}i`,
          team,
          'lane',
        );
      else {
        em.open(`for (var iv: i32 = ${lo} + i32(lane); iv < ${hi}; iv += ${team}i) {`);
        accumulate(em, accs, ctx, 'iv', false);
        em.close();
      }
      treeReduce(em, accs, team, wg, 'lane', 'team * ' + team + 'u');
    } else {
      const b = bind.get(st.scan) as Binding & { k: 'scan' };
      const { accs, nf, ni } = allocAccs(st.outs, bind);
      shF = Math.max(shF, nf, 1);
      shI = Math.max(shI, ni);
      accumulate(em, accs, ctx, '', true);
      shS = Math.max(shS, shsSize(wg, TEAM_SCAN_K));
      const produce = scanTerm(em, ctx, b);
      tiledScan(
        em,
        {
          team,
          K: TEAM_SCAN_K,
          lane: 'lane',
          teamSeg: 'team',
          start: '0i',
          end: `${b.len}i`,
          exclusive: b.exclusive,
          idx: ctx.index(b.idx),
        },
        produce,
        (iv, sv) => {
          scanValue.set(b.name, sv);
          if (L.scratchOffset.has(b.name)) {
            em.uses.add('SCR');
            em.line(
              `if (valid) { SCR[n * ${L.scratchStride}u + ${L.scratchOffset.get(b.name)}u + u32(${iv})] = ${sv}; }`,
            );
          }
          accumulate(em, accs, ctx, iv, false);
          scanValue.delete(b.name);
        },
      );
      if (L.scratchOffset.has(b.name)) em.line('storageBarrier();');
      if (accs.length) treeReduce(em, accs, team, wg, 'lane', 'team * ' + team + 'u');
    }
  }
  if (step) step.epilogue(em, ctx, team);
  else resultLine(em, p, ctx, 'valid && lane == 0u');
  const code =
    (step
      ? step.header(em.uses, wg, shF, shI, shS, em) +
        (L.sharedStride ? `var<workgroup> shv: array<f32, ${(wg / team) * L.sharedStride}>;\n` : '')
      : header(em.uses, wg, shF, shI, shS, em.vec4, em.subgroups)) +
    `\n@compute @workgroup_size(WG)\n${mainSignature(em)}` +
    em.lines.join('\n') +
    '\n}\n' +
    WGSL_HELPERS + // helpers last, so the kernel reads first (WGSL allows any order)
    (step?.helpers ?? '');
  return {
    name: 'evaluate',
    code,
    uses: ['P', ...em.uses],
    bindings: kernelBindings(em.uses, step?.bindings ?? { vec4: em.vec4 }),
    workgroups: (n) => Math.ceil(n / ipg),
  };
}
