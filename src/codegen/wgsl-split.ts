// The split regime: many workgroups per individual; partials and combine kernels per stage, and
// scans by moments or by chunk sums and a rescan.

import type { Binding, IExpr, IrProgram, Stage } from '../ir/ir.js';
import { wgslExpr, wgslFloat, WGSL_HELPERS, type ExprContext } from './wgsl-expr.js';
import { binomial, polynomialIn } from '../ir/polynomial.js';
import { scanByMoments } from '../ir/kernels.js';
import type { GpuPlan, KernelPlan, WgslOptions } from './wgsl-plan.js';
import {
  Emitter,
  accumulate,
  allocAccs,
  better,
  combine,
  context as baseContext,
  endLanes,
  gridPrologue,
  header,
  kernelBindings,
  isArg,
  mainSignature,
  resultLine,
  scalarStage,
  scanTerm,
  shsSize,
  sname,
  teamScan,
  tiledScan,
  treeReduce,
  unionRange,
  vectorLoop,
  vectorisable,
  wty,
  type Acc,
  type Layout,
  type RedNode,
} from './wgsl-emit.js';

export function splitKernels(
  p: IrProgram,
  stages: Stage[],
  r: { wg: number; chunk: number; groups: number },
  L: Layout,
  bind: Map<string, Binding>,
  plan: GpuPlan,
  options: WgslOptions = {},
) {
  const step = options.step;
  const newEmitter = () => {
    const e = new Emitter();
    e.vec4 = !step && p.main.len % 4 === 0;
    return e;
  };
  // Algorithm steps: the step's context (state arrays, draws) around the kernel's own.
  const context = (em: Emitter, L: Layout, sv: Map<string, string>): ExprContext => {
    const base = baseContext(em, L, sv);
    return step ? step.context(em, base) : base;
  };
  const prologue = (em: Emitter) => {
    gridPrologue(em);
    step?.prologue(em);
  };
  const G = r.groups;
  const wg = r.wg;
  /** Elements per lane in a split scan's tiles: tiles of wg * SCAN_K elements (workgroup memory). */
  const SCAN_K = Math.min(16, r.chunk / wg);
  const splitShS = shsSize(wg, SCAN_K);
  /** The tiled scan of chunk c of scan `b`, feeding each element's scan value to the accumulators. */
  const chunkScan = (
    em: Emitter,
    ctx: ExprContext,
    b: Binding & { k: 'scan' },
    scanValue: Map<string, string>,
    accs: Acc[],
    carry: { carryIn?: string; carryOut?: string },
  ) => {
    em.line(`let cend = min(i32((c + 1u) * ${r.chunk}u), ${b.len}i);`);
    tiledScan(
      em,
      {
        team: wg,
        K: SCAN_K,
        lane: 'lid',
        teamSeg: '0u',
        start: `i32(c * ${r.chunk}u)`,
        end: 'cend',
        exclusive: b.exclusive,
        idx: ctx.index(b.idx),
        ...carry,
      },
      scanTerm(em, ctx, b),
      (iv, sv) => {
        scanValue.set(b.name, sv);
        accumulate(em, accs, ctx, iv, false);
        scanValue.delete(b.name);
      },
    );
  };
  const computed: string[] = []; // scalars available in SC
  let partStride = 1;
  // Scalars of earlier kernels come from SC; scalar stages that come before any reduction (a
  // constant, a function of D) were never stored, so each kernel computes them itself.
  let stageIndex = 0;
  const loadScalars = (em: Emitter) => {
    for (const name of computed) {
      em.uses.add('SC');
      const b = bind.get(name) as Binding & { k: 'scalar' };
      const v = `SC[n * ${L.scalarStride}u + ${L.scalarSlot.get(name)}u]`;
      em.line(`let ${sname(name)}: ${wty(b.t)} = ${b.t === 'i' ? `i32(${v})` : v};`);
    }
    const ctx = context(em, L, new Map());
    for (let q = 0; q < stageIndex; q++) {
      const st = stages[q]!;
      if (st.k === 'scalar' && !computed.includes(st.name))
        scalarStage(em, bind.get(st.name) as Binding & { k: 'scalar' }, ctx);
    }
  };
  const chunkPrologue = (em: Emitter) => {
    prologue(em);
    // Chunk-major order: consecutive workgroups take the same chunk of every individual, so data
    // shared by the population (a shift vector) is read from DRAM once and from L2 N - 1 times.
    em.line('let n = group % P.n;');
    em.line('let c = group / P.n;');
    em.line(`let valid = c < ${G}u;`);
    em.line(`let xo = min(n, P.n - 1u) * ${p.main.len}u;`);
    em.teamLanes = { lane: 'lid', team: '0u', size: wg, ipg: 1 };
  };
  const finish = (
    em: Emitter,
    name: string,
    shF: number,
    shI: number,
    perGroup: boolean,
    shS = 0,
  ): KernelPlan => {
    const code =
      (step
        ? step.header(em.uses, wg, shF, shI, shS, em)
        : header(em.uses, wg, shF, shI, shS, em.vec4, em.subgroups)) +
      `\n@compute @workgroup_size(WG)\n${mainSignature(em)}` +
      em.lines.join('\n') +
      '\n}\n' +
      WGSL_HELPERS +
      (step?.helpers ?? '');
    return {
      name,
      code,
      uses: ['P', ...em.uses],
      bindings: kernelBindings(em.uses, step?.bindings ?? { vec4: em.vec4 }),
      workgroups: perGroup ? (n) => n * G : (n) => n,
    };
  };
  const writePartials = (em: Emitter, accs: Acc[], first: number) => {
    em.uses.add('PART');
    em.open('if (valid && lid == 0u) {');
    accs.forEach((a, k) => {
      const base = `(n * ${G}u + c) * PSTRIDE + ${first + 2 * k}u`;
      if (isArg(a.red.op)) {
        em.line(`PART[${base}] = sval_${a.out.replace(/\W/g, '_')};`);
        em.line(`PART[${base} + 1u] = f32(${sname(a.out)});`);
      } else em.line(`PART[${base}] = f32(${sname(a.out)});`);
    });
    em.close();
  };
  let si = 0;
  // Steps: a kept vector (the trial) is computed in the partials kernel of the next reduce stage,
  // element by element as the loop reaches it, and stored for the writes kernel.
  let pendingVecs: (Binding & { k: 'vec' })[] = [];
  for (let k = 0; k < stages.length; k++) {
    const st = stages[k]!;
    stageIndex = k;
    if (st.k === 'scalar') continue; // computed in the combine kernel before it, or in loadScalars
    if (st.k === 'vec') {
      if (!step) throw new Error('wgsl split regime: materialised vectors are not supported');
      pendingVecs.push(bind.get(st.name) as Binding & { k: 'vec' });
      continue;
    }
    const isScan = st.k === 'scan';
    const { accs, nf, ni } = allocAccs(st.outs, bind);
    const first = isScan ? 1 : 0;
    partStride = Math.max(partStride, first + 2 * accs.length);
    const moments = isScan && scanByMoments(p.main, st as Stage & { k: 'scan' });
    // Moments: per out r, per nonzero coefficient a_m of its polynomial in the scan value, per l <= m.
    const momentTerms: { out: number; m: number; l: number; acc: Acc }[] = [];
    if (moments) {
      const sc = st as Stage & { k: 'scan' };
      const b = bind.get(sc.scan) as Binding & { k: 'scan' };
      const em = newEmitter();
      em.subgroups = !!options.subgroups;
      em.wholeSubgroups =
        em.subgroups && (options.subgroupMaxSize ?? 0) > 0 && wg >= options.subgroupMaxSize!;
      chunkPrologue(em);
      loadScalars(em);
      const scanValue = new Map<string, string>();
      const ctx = context(em, L, scanValue);
      accs.forEach((a, r) => {
        const isSv = (n: IExpr) => n.k === 'read' && n.arr === sc.scan;
        const coeffs = polynomialIn(a.red.body, isSv)!;
        coeffs.forEach((c, m) => {
          if (c.k === 'num' && c.v === 0) return;
          for (let l = 0; l <= m; l++) {
            let body: IExpr = c;
            for (let t = 0; t < l; t++)
              body = {
                k: 'bin',
                t: 'f',
                op: '*',
                a: body,
                b: {
                  k: 'read',
                  t: 'f',
                  arr: sc.scan,
                  idx: [{ k: 'idx', t: 'i', name: a.red.idx }],
                },
              };
            const red: RedNode = { ...a.red, body };
            momentTerms.push({
              out: r,
              m,
              l,
              acc: { out: `mom${momentTerms.length}`, red, f: momentTerms.length, i: -1 },
            });
          }
        });
      });
      const maccs = momentTerms.map((t) => t.acc);
      accumulate(em, maccs, ctx, '', true);
      em.line('var chunk_total: f32 = 0.0f;');
      chunkScan(em, ctx, b, scanValue, maccs, { carryOut: 'chunk_total' });
      treeReduce(em, maccs, wg, wg, 'lid', '0u');
      em.uses.add('PART');
      em.open('if (valid && lid == 0u) {');
      em.line(`PART[(n * ${G}u + c) * PSTRIDE] = chunk_total;`);
      maccs.forEach((a, t) =>
        em.line(`PART[(n * ${G}u + c) * PSTRIDE + ${1 + t}u] = ${sname(a.out)};`),
      );
      em.close();
      partStride = Math.max(partStride, 1 + maccs.length);
      plan.kernels.push(
        finish(em, `scan_moments_${si}`, Math.max(1, maccs.length), 0, true, splitShS),
      );
    } else if (isScan) {
      // 1. chunk sums of the scanned term
      const b = bind.get(st.scan) as Binding & { k: 'scan' };
      const em = newEmitter();
      chunkPrologue(em);
      loadScalars(em);
      const ctx = context(em, L, new Map());
      // The chunk sum is a reduction of the scanned term: the same (vectorised) loop as a reduce stage.
      const chunkAcc: Acc = {
        out: 'chunk',
        red: {
          k: 'red',
          t: 'f',
          op: 'sum',
          idx: b.idx,
          lo: { k: 'int', t: 'i', v: 0 },
          hi: { k: 'int', t: 'i', v: b.len },
          body: b.body,
        },
        f: 0,
        i: -1,
      };
      accumulate(em, [chunkAcc], ctx, '', true);
      em.line(`let cs = i32(c * ${r.chunk}u);`);
      em.line(`let ce = min(i32((c + 1u) * ${r.chunk}u), ${b.len}i);`);
      if (vectorisable(em, [chunkAcc]) && r.chunk % 4 === 0)
        vectorLoop(em, [chunkAcc], ctx, 'cs / 4i', '(ce + 3i) / 4i', wg, 'lid');
      else {
        em.open(`for (var iv: i32 = cs + i32(lid); iv < ce; iv += ${wg}i) {`);
        accumulate(em, [chunkAcc], ctx, 'iv', false);
        em.close();
      }
      treeReduce(em, [chunkAcc], wg, wg, 'lid', '0u');
      em.uses.add('PART');
      em.line(`if (valid && lid == 0u) { PART[(n * ${G}u + c) * PSTRIDE] = s_chunk; }`);
      plan.kernels.push(finish(em, `scan_chunks_${si}`, 1, 0, true));
      // 2. rescan each chunk from the carry of the chunks before it, accumulating the consumers
      const em2 = newEmitter();
      em2.subgroups = !!options.subgroups;
      em2.wholeSubgroups =
        em2.subgroups && (options.subgroupMaxSize ?? 0) > 0 && wg >= options.subgroupMaxSize!;
      chunkPrologue(em2);
      loadScalars(em2);
      const scanValue = new Map<string, string>();
      const ctx2 = context(em2, L, scanValue);
      em2.uses.add('PART');
      em2.line('var acc_carry: f32 = 0.0f;');
      em2.open(`for (var cc: u32 = lid; cc < c; cc += ${wg}u) {`);
      em2.line(`acc_carry = acc_carry + PART[(n * ${G}u + cc) * PSTRIDE];`);
      em2.close();
      const carryAcc: Acc = { ...chunkAcc, out: 'carry' };
      treeReduce(em2, [carryAcc], wg, wg, 'lid', '0u');
      accumulate(em2, accs, ctx2, '', true);
      chunkScan(em2, ctx2, b, scanValue, accs, { carryIn: 's_carry' }); // from the sum of the chunks before this one
      treeReduce(em2, accs, wg, wg, 'lid', '0u');
      writePartials(em2, accs, first);
      plan.kernels.push(finish(em2, `scan_rescan_${si}`, Math.max(1, nf), ni, true, splitShS));
    } else if (pendingVecs.length) {
      const em = newEmitter();
      chunkPrologue(em);
      loadScalars(em);
      const sv = new Map<string, string>();
      const ctx = context(em, L, sv);
      accumulate(em, accs, ctx, '', true);
      const { lo, hi } = unionRange(em, accs, ctx);
      const vlen = Math.max(...pendingVecs.map((b) => b.len));
      em.line(`let cs = min(0i, ${lo}) + i32(c * ${r.chunk}u);`);
      em.line(`let ce = min(max(${vlen}i, ${hi}), i32((c + 1u) * ${r.chunk}u));`);
      // Four consecutive elements a lane: their draws share one Philox block, and (D a multiple
      // of 4) each row they read is one 16-byte load.
      const vec = pendingVecs.every((b) => b.len % 4 === 0) && r.chunk % 4 === 0;
      em.open(`for (var iv4: i32 = cs + 4i * i32(lid); iv4 < ce; iv4 += ${4 * wg}i) {`);
      const at = em.lines.length;
      const depth = em.lines[at - 1]!.search(/\S/) + 2;
      if (vec)
        em.lanes = {
          names: new Set([
            ...pendingVecs.map((b) => ctx.index(b.idx)),
            ...accs.map((a) => ctx.index(a.red.idx)),
          ]),
          k: 0,
          usedX: false,
          dv: new Map(),
          base: 'iv4',
          state: new Map(),
        };
      for (let u = 0; u < 4; u++) {
        if (em.lanes) em.lanes.k = u;
        em.open(`if (iv4 + ${u}i < ce) {`);
        em.line(`let iv = iv4 + ${u}i;`);
        pendingVecs.forEach((b, q) => {
          em.line(`var kv${q}: f32 = 0.0f;`);
          em.open(`if (iv < ${b.len}i) {`);
          em.line(`let ${ctx.index(b.idx)} = iv;`);
          const pre: string[] = [];
          const v = wgslExpr(b.body, ctx, pre);
          em.all(pre);
          em.line(`kv${q} = ${v};`);
          em.uses.add('SCR');
          em.line(
            `if (valid) { SCR[n * ${L.scratchStride}u + ${L.scratchOffset.get(b.name)}u + u32(iv)] = kv${q}; }`,
          );
          em.close();
        });
        // The reductions read the vectors at the loop's element: the value just computed.
        pendingVecs.forEach((b, q) => sv.set(b.name, `kv${q}`));
        accumulate(em, accs, ctx, 'iv', false);
        sv.clear();
        em.close();
      }
      if (em.lanes) endLanes(em, at, depth, 'iv4 / 4i');
      em.close();
      pendingVecs = [];
      treeReduce(em, accs, wg, wg, 'lid', '0u');
      writePartials(em, accs, first);
      plan.kernels.push(finish(em, `step_partials_${si}`, Math.max(1, nf), ni, true));
    } else {
      const em = newEmitter();
      chunkPrologue(em);
      loadScalars(em);
      const ctx = context(em, L, new Map());
      accumulate(em, accs, ctx, '', true);
      const { lo, hi } = unionRange(em, accs, ctx);
      // Unrolled by SPLIT_UNROLL: independent elements per iteration keep more loads in flight.
      em.line(`let cs = max(${lo}, i32(c * ${r.chunk}u));`);
      em.line(`let ce = min(${hi}, i32((c + 1u) * ${r.chunk}u));`);
      if (vectorisable(em, accs) && r.chunk % 4 === 0)
        vectorLoop(em, accs, ctx, 'cs / 4i', '(ce + 3i) / 4i', wg, 'lid');
      else {
        em.open(`for (var iv: i32 = cs + i32(lid); iv < ce; iv += ${wg}i) {`);
        accumulate(em, accs, ctx, 'iv', false);
        em.close();
      }
      treeReduce(em, accs, wg, wg, 'lid', '0u');
      writePartials(em, accs, first);
      plan.kernels.push(finish(em, `reduce_partials_${si}`, Math.max(1, nf), ni, true));
    }
    // 3. combine the partials of each individual, then the scalar stages that follow
    const em3 = newEmitter();
    const team = Math.min(wg, 2 ** Math.ceil(Math.log2(G)));
    const ipg = wg / team;
    prologue(em3);
    em3.line(`let team = lid / ${team}u;`);
    em3.line(`let lane = lid % ${team}u;`);
    em3.line(`let n_raw = group * ${ipg}u + team;`);
    em3.line('let valid = n_raw < P.n;');
    em3.line('let n = min(n_raw, P.n - 1u);');
    em3.line(`let xo = n * ${p.main.len}u; // an epilogue may read single elements (Discus: x[0])`);
    em3.teamLanes = { lane: 'lane', team: 'team', size: team, ipg };
    loadScalars(em3);
    em3.uses.add('PART');
    if (moments) {
      // The carries: C_c, the exclusive prefix of the chunk totals, by a team scan over tiles of
      // `team` chunks; each lane then adds sum_{m,l} binom(m,l) C_c^(m-l) M_c[m][l] for its chunks,
      // and a tree sums the lanes. (A sequential loop over the chunks took 220 us at G = 733.)
      const taccs: Acc[] = accs.map((a, q) => ({ out: a.out, red: a.red, f: q, i: -1 }));
      accumulate(em3, taccs, context(em3, L, new Map()), '', true);
      em3.line('var carry_c: f32 = 0.0f;');
      em3.open(`for (var cb: u32 = 0u; cb < ${G}u; cb += ${team}u) {`);
      em3.line('let cc = cb + lane;');
      em3.line('var z: f32 = 0.0f;');
      em3.line(`if (cc < ${G}u) { z = PART[(n * ${G}u + cc) * PSTRIDE]; }`);
      const incl = teamScan(em3, team, 'lane', 'z');
      em3.line(`let cx = carry_c + ${incl} - z;`);
      em3.line(`carry_c = carry_c + shf[team * ${team}u + ${team - 1}u];`);
      em3.line('workgroupBarrier();');
      em3.open(`if (cc < ${G}u) {`);
      em3.line(`let pb = (n * ${G}u + cc) * PSTRIDE;`);
      momentTerms.forEach((t, q) => {
        const powC = t.m - t.l === 0 ? '1.0f' : new Array(t.m - t.l).fill('cx').join(' * ');
        em3.line(
          `acc_${accs[t.out]!.out.replace(/\W/g, '_')} += ${wgslFloat(binomial(t.m, t.l))} * ${powC} * PART[pb + ${1 + q}u];`,
        );
      });
      em3.close();
      em3.close();
      treeReduce(em3, taccs, team, wg, 'lane', `team * ${team}u`);
    }
    const caccs = moments ? [] : accs.map((a) => ({ ...a }));
    if (!moments) {
      accumulate(em3, caccs, context(em3, L, new Map()), '', true);
      em3.open(`for (var cc: u32 = lane; cc < ${G}u; cc += ${team}u) {`);
      caccs.forEach((a, j) => {
        const base = `(n * ${G}u + cc) * PSTRIDE + ${first + 2 * j}u`;
        const A = `acc_${a.out.replace(/\W/g, '_')}`;
        if (isArg(a.red.op)) {
          em3.line(`let pv${j} = PART[${base}]; let pi${j} = i32(PART[${base} + 1u]);`);
          em3.line(
            `if (${better(a.red.op, `pv${j}`, `pi${j}`, A, `acci_${a.out.replace(/\W/g, '_')}`)}) { ${A} = pv${j}; acci_${a.out.replace(/\W/g, '_')} = pi${j}; }`,
          );
        } else {
          em3.line(
            `${A} = ${combine(a.red.op, A, a.red.t === 'i' ? `i32(PART[${base}])` : `PART[${base}]`)};`,
          );
        }
      });
      em3.close();
      treeReduce(em3, caccs, team, wg, 'lane', `team * ${team}u`);
    }
    const ctx3 = context(em3, L, new Map());
    const newScalars = [...accs.map((a) => a.out)];
    let j = k + 1;
    for (; j < stages.length && stages[j]!.k === 'scalar'; j++) {
      const name = (stages[j] as { name: string }).name;
      scalarStage(em3, bind.get(name) as Binding & { k: 'scalar' }, ctx3);
      newScalars.push(name);
    }
    const last = j >= stages.length && !step;
    if (last) resultLine(em3, p, ctx3, 'valid && lane == 0u');
    else {
      em3.uses.add('SC');
      em3.open('if (valid && lane == 0u) {');
      for (const name of newScalars)
        em3.line(`SC[n * ${L.scalarStride}u + ${L.scalarSlot.get(name)}u] = f32(${sname(name)});`);
      em3.close();
    }
    computed.push(...newScalars);
    const kp = finish(
      em3,
      `combine_${si}`,
      Math.max(1, accs.filter((a) => a.f >= 0).length),
      accs.filter((a) => a.i >= 0).length,
      false,
    );
    kp.workgroups = (n) => Math.ceil(n / ipg);
    plan.kernels.push(kp);
    si++;
  }
  if (step) {
    if (pendingVecs.length) throw new Error('wgsl split regime: a kept vector without a reduction');
    // The writes: chunk c of every row by workgroup (n, c); the scalars come from SC.
    stageIndex = stages.length;
    const em = newEmitter();
    chunkPrologue(em);
    loadScalars(em);
    const ctx = context(em, L, new Map());
    step.epilogue(em, ctx, wg, { size: r.chunk, wg });
    plan.kernels.push(finish(em, 'step_writes', 1, 0, true));
  }
  plan.partStride = partStride;
  for (const kp of plan.kernels) kp.code = kp.code.replace(/PSTRIDE/g, `${partStride}u`);
}
