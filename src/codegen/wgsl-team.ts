// The team regime: one kernel, a team of T lanes per individual, stages separated by barriers.

import type { Binding, IrProgram, Stage } from '../ir/ir.js';
import { WGSL_HELPERS, wgslExpr, toF32 } from './wgsl-expr.js';
import {
  assign,
  barrier,
  i32,
  ifS,
  letS,
  printExpr,
  printModule,
  type Expr,
  type Stmt,
} from './wgsl-ast.js';
import type { KernelPlan, StepHooks, WgslOptions } from './wgsl-plan.js';
import {
  Emitter,
  TEAM_SCAN_K,
  accumulate,
  allocAccs,
  context,
  gridPrologue,
  kernelDecls,
  kernelBindings,
  kernelModule,
  countedFor,
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
  if (step) em.add(...step.prologue);
  em.add(
    letS('team', `lid / ${team}u`),
    letS('lane', `lid % ${team}u`),
    letS('n_raw', `group * ${ipg}u + team`),
    letS('valid', 'n_raw < P.n'),
    letS('n', 'min(n_raw, P.n - 1u)'),
    letS('xo', `n * ${p.main.len}u`),
  );
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
      em.open(countedFor('iv', 'i32', 'i32(lane)', i32(b.len), i32(team)));
      em.add(letS(ctx.index(b.idx), 'iv'));
      const pre: Stmt[] = [];
      // A step whose vector has at most one element a lane: that element is the lane's own, so
      // its draws can be made at the start of the kernel (off the critical path).
      const single = !!step && b.len <= team;
      const v =
        (!step && unrolledRowSum(em, b.body, ctx)) ||
        wgslExpr(b.body, single ? { ...ctx, laneIdx: ctx.index(b.idx) } : ctx, pre);
      em.add(...pre);
      if (shared !== undefined)
        em.add(assign(`shv[team * ${L.sharedStride}u + ${shared}u + u32(iv)]`, toF32(v, b.body.t)));
      else
        em.add(
          ifS(
            'valid',
            [
              assign(
                `SCR[n * ${L.scratchStride}u + ${L.scratchOffset.get(b.name)}u + u32(iv)]`,
                toF32(v, b.body.t),
              ),
            ],
            true,
          ),
        );
      em.close();
      em.add(barrier(shared !== undefined ? 'workgroup' : 'storage'));
    } else if (st.k === 'reduce') {
      const { accs, nf, ni } = allocAccs(st.outs, bind);
      shF = Math.max(shF, nf);
      shI = Math.max(shI, ni);
      accumulate(em, accs, ctx, '', true);
      const { lo, hi } = unionRange(em, accs, ctx);
      // Four elements a lane only while every lane gets a vec4: with fewer vec4s than lanes (a
      // hybrid's parts, 20-30 elements, under a team sized for its rotation's rows) one element a
      // lane keeps four times as many lanes busy.
      // Vectorisable bounds are constant: unionRange made them literals.
      const v4 = vectorisable(em, accs) ? literalRange(lo, hi) : undefined;
      if (v4 && Math.ceil(v4.hi / 4) - Math.floor(v4.lo / 4) >= team)
        vectorLoop(
          em,
          accs,
          ctx,
          i32(Math.floor(v4.lo / 4)),
          i32(Math.ceil(v4.hi / 4)),
          team,
          'lane',
        );
      else {
        em.open(countedFor('iv', 'i32', `${printExpr(lo)} + i32(lane)`, hi, i32(team)));
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
            const at = `SCR[n * ${L.scratchStride}u + ${L.scratchOffset.get(b.name)}u + u32(${iv})]`;
            em.add(ifS('valid', [assign(at, sv)], true));
          }
          accumulate(em, accs, ctx, iv, false);
          scanValue.delete(b.name);
        },
      );
      if (L.scratchOffset.has(b.name)) em.add(barrier('storage'));
      if (accs.length) treeReduce(em, accs, team, wg, 'lane', 'team * ' + team + 'u');
    }
  }
  if (step) step.epilogue(em, ctx, team);
  else resultLine(em, p, ctx, 'valid && lane == 0u');
  const decls = kernelDecls(em, step, wg, shF, shI, shS);
  if (step && L.sharedStride)
    decls.push({
      k: 'var',
      space: 'workgroup',
      name: 'shv',
      ty: `array<f32, ${(wg / team) * L.sharedStride}>`,
    });
  const code = printModule(
    kernelModule(em, decls, [WGSL_HELPERS, ...(step ? [step.helpers] : [])]),
  );
  return {
    name: 'evaluate',
    code,
    uses: ['P', ...em.uses],
    bindings: kernelBindings(em.uses, step?.bindings ?? { vec4: em.vec4 }),
    workgroups: (n) => Math.ceil(n / ipg),
  };
}

/** Constant loop bounds (i32 literals) as numbers. */
function literalRange(lo: Expr, hi: Expr): { lo: number; hi: number } | undefined {
  if (lo.k !== 'lit' || hi.k !== 'lit' || lo.ty !== 'i32' || hi.ty !== 'i32') return undefined;
  return { lo: lo.v, hi: hi.v };
}
