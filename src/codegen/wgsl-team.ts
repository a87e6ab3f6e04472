// The team regime: one kernel, a team of T lanes per individual, stages separated by barriers.

import {
  exprEqual,
  ffSumPair,
  forEachNode,
  type Binding,
  type IrProgram,
  type Stage,
} from '../ir/ir.js';
import { WORKGROUP_BYTES, type PlanKernel } from '../schedule/plan.js';
import { orderFreeReduction, readsOnlyAt, workgroupReductions } from '../schedule/schedule.js';
import { wgslNode, toF32, type ExprContext } from './wgsl-expr.js';
import { matrixProduct } from '../ir/matrix.js';
import { canonicalOrder } from '../schedule/canonical.js';
import { canonicalLoop, unitElements } from './wgsl-canonical.js';
import {
  add,
  assign,
  f32,
  ifS,
  index,
  int,
  member,
  paren,
  varS,
  barrier,
  bin,
  block,
  call,
  i32,
  id,
  letS,
  mul,
  u32,
  type Expr,
  type Stmt,
} from './wgsl-ast.js';
import type { WgslKernel, StepHooks, WgslOptions } from './wgsl-kernels.js';
import {
  Emitter,
  accumulate,
  allocAccs,
  context,
  gridPrologue,
  kernelDecls,
  wgslKernel,
  leadLane,
  teamPrologue,
  countedFor,
  endLanes,
  resultLine,
  scalarStage,
  scanTerm,
  slotAt,
  treeReduce,
  unionRange,
  unrolledRowSum,
  vectorLoop,
  stateLanes,
  vectorisable,
  type Layout,
  type Acc,
  scratchAt,
  storeScratch,
} from './wgsl-emit.js';
import { canonicalScan, scanReduce, scanStagingFloats, SCAN_FLOAT_SLOTS } from './wgsl-scan.js';
import { scanOrder } from '../schedule/canonical-scan.js';

/** Plan kernel `k` (role team): `team` lanes per individual in workgroups of `wg`. */
export function teamKernel(
  p: IrProgram,
  k: PlanKernel,
  stages: Stage[],
  team: number,
  wg: number,
  L: Layout,
  bind: Map<string, Binding>,
  options: WgslOptions,
): WgslKernel {
  return new TeamKernel(p, k, stages, team, wg, L, bind, options, options.step).build();
}

/** A step's reduce loop of at most this many elements a lane is unrolled (reduceStage). */
const UNROLL_ROWS = 2;
/**
 * A tiled product's y is staged by an unrolled loop, its parts' loads in flight together, in a
 * kernel of at most this many products (0.5 us faster for one rotation on an H100; unrolled in
 * CEC 2017 F28's six, lavapipe's compiler took 16 s more).
 */
const STAGE_UNROLLED_UP_TO = 2;
/**
 * A tiled product's columns a loop iteration (tiledStage): 25 for a kernel with one product (K =
 * 100 in four batches), fewer where a kernel has several, UNROLL_BUDGET columns among them, at
 * least 4. The unrolled code of six products (CEC 2017 F28) took lavapipe's compiler 75 s, with
 * batches of 8 25 s (a row loop 8 s): the tests compile every kernel on lavapipe.
 */
const UNROLL_COLUMNS = 25;
const UNROLL_BUDGET = 50;

/** One kernel: a team of `team` lanes per individual, its stages in order, barriers between. */
class TeamKernel {
  private readonly em = new Emitter();
  private readonly ipg: number;
  /** Workgroup memory: accumulator slots (f32, i32) and the scans' staging array. */
  private shF = 1;
  private shI = 0;
  private shS = 0;
  /** Workgroup memory of the tiled products' y (tiledStage). */
  private shR = 0;
  /** A tiled product's columns a batch (UNROLL_COLUMNS, UNROLL_BUDGET). */
  private readonly unroll: number;
  /** The kernel's tiled vector stages. */
  private readonly products: number;
  private readonly scanValue = new Map<string, string>();
  private readonly ctx: ExprContext;

  constructor(
    private readonly p: IrProgram,
    private readonly k: PlanKernel,
    private readonly stages: Stage[],
    private readonly team: number,
    private readonly wg: number,
    private readonly L: Layout,
    private readonly bind: Map<string, Binding>,
    options: WgslOptions,
    private readonly step?: StepHooks,
  ) {
    const em = this.em;
    this.products = stages.filter((st) => st.k === 'vec' && st.tile).length;
    // 16-byte loads of X and DATA. A step's kernel binds DATA as vec4s only where it has a tiled
    // product, whose column of M is one 16-byte load (the other steps' code predates it).
    em.vec4 = (!step || this.products > 0) && p.main.len % 4 === 0;
    // Scans use no subgroup operations: their canonical order (wgsl-scan.ts) is the same for
    // every subgroup size, which subgroupInclusiveAdd's is not.
    this.ipg = wg / team;
    this.unroll = Math.max(
      4,
      Math.min(UNROLL_COLUMNS, Math.floor(UNROLL_BUDGET / Math.max(1, this.products))),
    );
    gridPrologue(em);
    step?.prologue(em);
    teamPrologue(em, team, this.ipg, p.main.len);
    const base = context(em, L, this.scanValue);
    this.ctx = step ? step.context(em, base) : base;
  }

  build(): WgslKernel {
    const { em, ctx, step, wg, team, L } = this;
    for (let k = 0; k < this.stages.length; k++) {
      const st = this.stages[k]!;
      const next = this.stages[k + 1];
      if (st.k === 'scalar')
        scalarStage(em, this.bind.get(st.name) as Binding & { k: 'scalar' }, ctx);
      else if (st.k === 'vec' && st.tile) {
        // Tiled products with the same matrix and y (Schwefel's z and its centred z~c, which
        // differ by a constant): one product, each stored with its constant.
        const names = [st.name];
        for (let n = this.stages[k + 1]; n?.k === 'vec' && n.tile === st.tile; ) {
          if (!sameProduct(this.bind.get(st.name), this.bind.get(n.name))) break;
          names.push(n.name);
          n = this.stages[++k + 1];
        }
        this.tiledStage(names, st.tile);
      } else if (st.k === 'vec') {
        const b = this.bind.get(st.name) as Binding & { k: 'vec' };
        const lo =
          next?.k === 'vec' ? (this.bind.get(next.name) as Binding & { k: 'vec' }) : undefined;
        if (lo && ffSumPair(b, lo)) {
          this.vecStage(b, lo);
          k++;
        } else if (next?.k === 'reduce' && this.fusesReduce(b, next.outs)) {
          this.vecStage4(b, this.L.sharedOffset?.get(b.name), next.outs);
          k++;
        } else this.vecStage(b);
      } else if (st.k === 'reduce') this.reduceStage(st.outs);
      else this.scanStage(this.bind.get(st.scan) as Binding & { k: 'scan' }, st.outs);
    }
    if (step) step.epilogue(em, ctx, team);
    else resultLine(em, this.p, ctx, leadLane('lane'));
    const decls = kernelDecls(em, step, wg, this.shF, this.shI, this.shS);
    const bytes =
      4 *
      (Math.max(this.shF, 0) * wg +
        this.shI * wg +
        this.shS +
        this.shR +
        (L.sharedStride ? (wg / team) * L.sharedStride : 0));
    // Checked where a tiled product is present (the scheduler sized it to fit, schedule.ts
    // tileIndividuals). Without one, a function with many reductions may already take more
    // (CEC 2017 F30 at D = 10: 17 reductions, 17 KiB); adapters here allow it.
    if (this.shR && bytes > WORKGROUP_BYTES)
      throw new Error(
        `internal: wgsl: ${this.k.name} needs ${bytes} bytes of workgroup memory, over the ${WORKGROUP_BYTES} WebGPU guarantees`,
      );
    if (this.shR)
      decls.push({ k: 'var', space: 'workgroup', name: 'shr', ty: `array<f32, ${this.shR}>` });
    if (L.sharedStride)
      decls.push({
        k: 'var',
        space: 'workgroup',
        name: 'shv',
        ty: `array<f32, ${(wg / team) * L.sharedStride}>`,
      });
    return wgslKernel(em, step, this.k, decls);
  }

  /**
   * A vector kept in workgroup memory (steps) or stored to SCR, element by element; with `lo`, the
   * lo part of the float-float sum whose hi part `b` is (ffSumPair), in the same loop.
   */
  private vecStage(b: Binding & { k: 'vec' }, lo?: Binding & { k: 'vec' }) {
    const { em, ctx, step, team, L } = this;
    const vecs = lo ? [b, lo] : [b];
    const shared = vecs.map((v) => L.sharedOffset?.get(v.name));
    if (shared.some((s) => s === undefined)) em.uses.add('SCR');
    if (step && !lo && this.fourALane(b.len)) {
      this.vecStage4(b, shared[0]);
      return;
    }
    em.open(countedFor('iv', 'i32', call('i32', id('lane')), i32(b.len), i32(team)));
    em.add(letS(ctx.indexName(b.idx), id('iv')));
    const pre: Stmt[] = [];
    // A step whose vector has at most one element a lane: that element is the lane's own, so
    // its draws can be made at the start of the kernel (off the critical path).
    const single = !!step && b.len <= team;
    const vs = vecs.map(
      (v) =>
        (!step && !lo && unrolledRowSum(em, v.body, ctx)) ||
        wgslNode(v.body, single ? { ...ctx, laneIdx: v.idx } : ctx, pre),
    );
    em.add(...pre);
    const iv = call('u32', id('iv'));
    vecs.forEach((v, k) => {
      const at = shared[k];
      if (at !== undefined)
        em.add(
          assign(slotAt('shv', id('team'), L.sharedStride ?? 0, at, iv), toF32(vs[k]!, v.body.t)),
        );
      else storeScratch(em, L, v.name, iv, toF32(vs[k]!, v.body.t));
    });
    em.close();
    em.add(barrier(shared.every((s) => s !== undefined) ? 'workgroup' : 'storage'));
  }

  /**
   * A step's vector, four consecutive elements a lane and iteration (its length a multiple of 4,
   * at least 4 elements for every lane): their draws share one Philox block (a block holds the
   * words of four dimensions: src/runtime/draws.ts) where one element a lane, strided by the
   * team, computes a block for every element; and each state row the elements read at their own
   * index is one 16-byte load (endLanes). Each element's value is the same expression of the
   * same inputs, whichever lane computes it, so the vector is the same, bit for bit. Measured
   * (H100, DE NP 4,096 at D = 2,000): docs/performance.md, issue 15.
   */
  private vecStage4(b: Binding & { k: 'vec' }, at: number | undefined, outs?: string[]) {
    const { em, ctx, team, wg, L } = this;
    // With `outs`: the next stage's reductions, each element's terms added as the element is made
    // (fusesReduce): the vector is not read back, nor are the rows its terms read.
    const red = outs ? allocAccs(outs, this.bind) : undefined;
    if (red) {
      this.shF = Math.max(this.shF, red.nf);
      this.shI = Math.max(this.shI, red.ni);
      accumulate(em, red.accs, ctx, id(''), true);
    }
    // The unit of four elements starting at iv4: its draws, its values, its reductions' terms.
    const unit = (loop: { body: Stmt[] }, at0: number) => {
      em.lanes = stateLanes([b.idx, ...(red?.accs.map((a) => a.red.idx) ?? [])], 'iv4');
      for (let u = 0; u < 4; u++) {
        em.lanes.k = u;
        em.open(block());
        em.add(letS('iv', add(id('iv4'), i32(u))));
        em.add(letS(ctx.indexName(b.idx), id('iv')));
        const pre: Stmt[] = [];
        const v = wgslNode(b.body, ctx, pre);
        em.add(...pre);
        const iv = call('u32', id('iv'));
        if (at !== undefined)
          em.add(
            assign(slotAt('shv', id('team'), L.sharedStride ?? 0, at, iv), toF32(v, b.body.t)),
          );
        else storeScratch(em, L, b.name, iv, toF32(v, b.body.t));
        // The lane reads back its own element: no barrier between.
        if (red) accumulate(em, red.accs, ctx, id('iv'), false);
        em.close();
      }
      endLanes(em, loop.body, at0, bin(id('iv4'), '/', i32(4)));
    };
    // The lanes that hold the reductions' values (canonicalLoop).
    let live = team;
    if (red)
      // The reductions' terms in the canonical order (fusesReduce: D a multiple of 4, so a unit is
      // these four elements); the vector's elements are the same whichever lane makes them.
      live = canonicalLoop(em, {
        order: canonicalOrder(this.p.main.len),
        team,
        lane: id('lane'),
        lo: i32(0),
        hi: i32(b.len),
        accs: red.accs,
        unit: (q, loop) => {
          em.add(letS('iv4', mul(q, i32(4))));
          unit(loop, 1);
        },
      });
    else {
      const loop = em.open(
        countedFor('iv4', 'i32', mul(i32(4), call('i32', id('lane'))), i32(b.len), i32(4 * team)),
      );
      unit(loop, 0);
      em.close();
    }
    em.add(barrier(at !== undefined ? 'workgroup' : 'storage'));
    if (red) treeReduce(em, red.accs, team, wg, 'lane', bin(id('team'), '*', u32(team)), live);
  }

  /**
   * A vector that is one matrix product, z[i] = sum(j) M[i][j] * y(j) (ir/matrix.ts; a rotation),
   * computed by the whole workgroup for its G individuals at once, where a team computes its own
   * individual's rows, each row reading a column of M and recomputing y (three loads a term, for
   * x - o with its residual). First y, once for every column j and individual g, into workgroup
   * memory (shr[j G + g]); then each lane takes four consecutive rows of `tile` individuals: at
   * each j one 16-byte load of M's column (transposed: data-layout.ts) and `tile` reads of y feed
   * 4 `tile` multiply-adds. Each element is the same sum, term by term in the order of j, as the
   * team's row loop; the lane that computes it differs. Measured: docs/performance.md, issue 15
   * item 4.
   */
  private tiledStage(names: string[], tile: number) {
    const { em, ctx, wg, L, ipg: G } = this;
    const name = names[0] ?? '';
    const b = this.bind.get(name) as Binding & { k: 'vec' };
    const m = matrixProduct(b);
    const off = m && L.dataOffset.get(m.matrix);
    const shape = m && L.dataShape.get(m.matrix);
    if (!m || off === undefined || !shape || !L.dataTransposed?.has(m.matrix))
      throw new Error(
        `internal: wgsl: ${name} is tiled but is not a product with a transposed matrix`,
      );
    const rows = shape[0] ?? 0;
    const K = m.cols;
    const R = b.len;
    const D = this.p.main.len;
    em.uses.add('DATA');
    const keptAll = names.every((v) => L.sharedOffset?.get(v) !== undefined);
    if (!keptAll) em.uses.add('SCR');
    this.shR = Math.max(this.shR, K * G);
    const first = mul(id('group'), u32(G));
    // y for column j of the workgroup's individual g, as that individual's team would compute it:
    // n and its row offset xo redeclared. Unrolled, each part's loads at a clamped element and
    // only its store guarded, so that every lane has all its loads in flight at once.
    const KG = K * G;
    let readsShared = false;
    forEachNode(m.y, (n) => {
      if (n.k === 'read' && L.sharedOffset?.has(n.arr)) readsShared = true;
    });
    const unrolled = this.products <= STAGE_UNROLLED_UP_TO;
    const parts = unrolled ? Math.ceil(KG / wg) : 1;
    for (let part = 0; part < parts; part++) {
      if (unrolled) em.open(block());
      else em.open(countedFor('e0', 'u32', id('lid'), u32(KG), id('WG')));
      const e = unrolled ? add(id('lid'), u32(part * wg)) : id('e0');
      const whole = !unrolled || (part + 1) * wg <= KG;
      em.add(letS('e', whole ? e : call('min', e, u32(KG - 1))));
      em.add(letS('g', bin(id('e'), '/', u32(K))));
      em.add(letS('jc', bin(id('e'), '%', u32(K))));
      em.add(letS(ctx.indexName(m.j), call('i32', id('jc'))));
      em.add(
        letS('n', call('min', add(first, id('g')), bin(member(id('P'), 'n'), '-', u32(1)))),
        letS('xo', mul(id('n'), u32(D))),
      );
      // A vector y reads in workgroup memory (a step's trial vector) is individual g's.
      if (readsShared) em.add(letS('team', id('g')));
      const pre: Stmt[] = [];
      const y = toF32(wgslNode(m.y, ctx, pre), m.y.t);
      em.add(...pre);
      const st = assign(index(id('shr'), add(mul(id('jc'), u32(G)), id('g'))), y);
      em.add(whole ? st : ifS(bin(e, '<', u32(KG)), [st], true));
      em.close();
    }
    em.add(barrier('workgroup'));
    // The product: task t takes rows 4 rq .. 4 rq + 3 of individuals tile cg .. tile cg + tile - 1.
    // Its j loop is unrolled (this.unroll columns a batch), the columns' loads first (the latency of M's
    // loads, from L2 at first touch, otherwise paid once a column), then the terms in j's order.
    const quads = Math.ceil(R / 4);
    em.open(countedFor('t', 'u32', id('lid'), u32(quads * (G / tile)), id('WG')));
    // Consecutive lanes take the same rows of consecutive individual groups: a warp's loads of
    // M's column are a few distinct 16-byte words (one transaction), and its reads of y distinct
    // consecutive words of workgroup memory.
    const groups = G / tile;
    em.add(letS('cg', bin(id('t'), '%', u32(groups))), letS('rq', bin(id('t'), '/', u32(groups))));
    const acc = (c: number) => `ta${c}`;
    for (let c = 0; c < tile; c++) em.add(varS(acc(c), 'vec4<f32>', call('vec4<f32>', f32(0))));
    const column = (j: Expr): Expr => {
      // Column j's rows 4 rq ..: one vec4 when DATA is vec4 and every column starts on one; else
      // four loads, rows past R clamped (their sums are never stored).
      if (em.vec4 && rows % 4 === 0)
        return index(id('DATA'), add(u32(off / 4), mul(paren(j), u32(rows / 4)), id('rq')));
      const at = (k: number) => {
        const row = call('min', add(mul(id('rq'), u32(4)), u32(k)), u32(R - 1));
        const e = add(u32(off), mul(paren(j), u32(rows)), row);
        return em.vec4
          ? index(index(id('DATA'), bin(paren(e), '>>', u32(2))), bin(paren(e), '&', u32(3)))
          : index(id('DATA'), e);
      };
      return call('vec4<f32>', at(0), at(1), at(2), at(3));
    };
    const terms = (j0: Expr, count: number) => {
      for (let k = 0; k < count; k++) em.add(letS(`mv${k}`, column(add(j0, u32(k)))));
      em.add(letS('hb', add(mul(j0, u32(G)), mul(id('cg'), u32(tile)))));
      for (let k = 0; k < count; k++)
        for (let c = 0; c < tile; c++) {
          const yv = index(id('shr'), add(id('hb'), u32(k * G + c)));
          // An explicit fma (wgsl-fma.ts): the product rounds as the untiled product's terms do.
          const y4 = call('vec4<f32>', yv);
          const [fa, fb] = m.matrixFirst ? [id(`mv${k}`), y4] : [y4, id(`mv${k}`)];
          em.add(assign(id(acc(c)), call('fma', fa, fb, id(acc(c)))));
        }
    };
    const U = this.unroll;
    const whole = K - (K % U);
    if (whole) {
      em.open(countedFor('jb', 'u32', u32(0), u32(whole), u32(U)));
      terms(id('jb'), U);
      em.close();
    }
    if (K % U) {
      em.open(block());
      terms(u32(whole), K % U);
      em.close();
    }
    for (let c = 0; c < tile; c++) {
      em.open(block());
      // The individual's team in the workgroup, and its index in the population.
      em.add(letS('tc', add(mul(id('cg'), u32(tile)), u32(c))));
      em.add(letS('nc', add(first, id('tc'))));
      for (const v of names) {
        const kept = L.sharedOffset?.get(v);
        const plus = matrixProduct(this.bind.get(v) as Binding)?.plus;
        const stores: Stmt[] = [];
        for (let k = 0; k < 4; k++) {
          const row = add(mul(id('rq'), u32(4)), u32(k));
          const slot =
            kept !== undefined
              ? slotAt('shv', id('tc'), L.sharedStride ?? 0, kept, row)
              : slotAt('SCR', id('nc'), L.scratchStride, scratchAt(L, v), row);
          const sum = index(id(acc(c)), int(k));
          const pc = plus && f32(plus.c);
          const st = assign(slot, !pc ? sum : plus.first ? add(pc, sum) : add(sum, pc));
          stores.push(R % 4 === 0 || k === 0 ? st : ifS(bin(row, '<', u32(R)), [st], true));
        }
        // Workgroup memory takes every team's rows; SCR only the population's.
        if (kept !== undefined) em.add(...stores);
        else em.add(ifS(bin(id('nc'), '<', member(id('P'), 'n')), stores));
      }
      em.close();
    }
    em.close();
    // Every team reads the vector (from SCR or workgroup memory); the next tiled product
    // rewrites shr.
    if (!keptAll) em.add(barrier('storage'));
    em.add(barrier('workgroup'));
  }

  /** A loop over `len` elements gives every lane of the team at least one whole vec4. */
  private fourALane(len: number): boolean {
    return len % 4 === 0 && len / 4 >= this.team;
  }

  /**
   * A step's vector (four elements a lane: vecStage4) and the reductions of the stage after it
   * in one loop: each reduction ranges within the vector's elements and reads the vector only at
   * its own element (the value the lane has just made), as the split regime's partials do. The
   * terms are added in the loop's order, four consecutive elements a lane, then the tree.
   */
  private fusesReduce(b: Binding & { k: 'vec' }, outs: string[]): boolean {
    if (!this.step || !this.fourALane(b.len)) return false;
    // A unit of the canonical order is four elements (D a multiple of 4), the loop's own.
    if (canonicalOrder(this.p.main.len).U !== 4) return false;
    if (this.L.sharedOffset?.get(b.name) === undefined) return false;
    return outs.every((o) => {
      const r = this.bind.get(o);
      if (r?.k !== 'scalar' || r.body.k !== 'red') return false;
      const e = r.body;
      return (
        e.lo.k === 'int' &&
        e.lo.v >= 0 &&
        e.hi.k === 'int' &&
        e.hi.v <= b.len &&
        readsOnlyAt(e, b.name, e.idx)
      );
    });
  }

  /**
   * Reductions over the team's lanes, then a tree over the team. In a step kernel of several
   * individuals, an order-free reduction that does not depend on the individual (a fused track's
   * argmin over the population) is computed once for the workgroup, over all its lanes: every
   * team would compute the same value, and the workgroup's lanes share the loop (ties go to the
   * lower index, so the value is the same).
   */
  private reduceStage(outs: string[]) {
    const shared = this.step ? workgroupReductions(this.p.main, outs, this.ipg) : [];
    if (shared.length) this.reduceOver(shared, 'lid', this.wg, u32(0));
    const rest = outs.filter((o) => !shared.includes(o));
    if (rest.length) this.reduceOver(rest, 'lane', this.team, bin(id('team'), '*', u32(this.team)));
  }

  /** Reductions `outs` over `width` lanes (lane variable `lane`), then a tree from `base`. */
  private reduceOver(outs: string[], lane: 'lane' | 'lid', width: number, base: Expr) {
    const { em, ctx, wg } = this;
    const team = width;
    const { accs, nf, ni } = allocAccs(outs, this.bind);
    this.shF = Math.max(this.shF, nf);
    this.shI = Math.max(this.shI, ni);
    accumulate(em, accs, ctx, id(''), true);
    const { lo, hi } = unionRange(em, accs, ctx);
    let live = team;
    // Four elements a lane only while every lane gets a vec4: with fewer vec4s than lanes (a
    // hybrid's parts, 20-30 elements, under a team sized for its rotation's rows) one element a
    // lane keeps four times as many lanes busy. Vectorisable bounds are constant: unionRange
    // made them literals.
    const v4 = vectorisable(em, accs) ? literalRange(lo, hi) : undefined;
    const lit = literalRange(lo, hi);
    const r4 = this.step && accs.every(orderFree) ? lit : undefined;
    if (r4 && r4.lo % 4 === 0 && Math.ceil(r4.hi / 4) - r4.lo / 4 >= team) {
      // An algorithm step's order-free reductions (the track's argmin over the population):
      // four consecutive elements a lane, each array read at the element one 16-byte load. The
      // result does not depend on the order (ties go to the lower index), so it is the same.
      const loop = em.open(
        countedFor(
          'q4',
          'i32',
          add(i32(r4.lo), mul(i32(4), call('i32', id(lane)))),
          i32(r4.hi),
          i32(4 * team),
        ),
      );
      em.lanes = stateLanes(
        accs.map((a) => a.red.idx),
        'q4',
      );
      for (let k = 0; k < 4; k++) {
        em.lanes.k = k;
        accumulate(em, accs, ctx, add(id('q4'), i32(k)), false);
      }
      endLanes(em, loop.body, 0, bin(id('q4'), '/', i32(4)));
      em.close();
    } else if (
      this.step &&
      lane === 'lane' &&
      lit &&
      lit.lo >= 0 &&
      lit.hi - lit.lo <= UNROLL_ROWS * team &&
      accs.every(orderFree)
    ) {
      // A step's short loop of order-free reductions (at most UNROLL_ROWS elements a lane: DE's
      // fused track at NP = 250), unrolled: the value rows it reads are loaded at the start of the
      // kernel instead of after the barriers before it.
      const names = new Set(accs.map((a) => a.red.idx));
      for (let off = lit.lo; off < lit.hi; off += team) {
        em.open(block());
        const laneRow = { names, offset: off, hi: lit.hi };
        accumulate(em, accs, { ...ctx, laneRow }, add(call('i32', id('lane')), i32(off)), false);
        em.close();
      }
    } else live = this.canonicalReduce(accs, id(lane), team, lo, hi, !!v4);
    treeReduce(em, accs, team, wg, lane, base, live);
  }

  /**
   * The canonical loop (codegen/wgsl-canonical.ts) of `accs` over [lo, hi) by `team` lanes: the
   * terms in the order D fixes, whatever the team. `vec4`: constant bounds, each unit's x and
   * data vectors one 16-byte load (D a multiple of 4). Returns the lanes that hold values.
   */
  private canonicalReduce(
    accs: Acc[],
    lane: Expr,
    team: number,
    lo: Expr,
    hi: Expr,
    vec4: boolean,
  ): number {
    const { em, ctx } = this;
    const order = canonicalOrder(this.p.main.len);
    const lanes = vec4 && em.vec4 && order.U === 4;
    return canonicalLoop(em, {
      order,
      team,
      lane,
      lo,
      hi,
      accs,
      unit: (q, loop) => {
        if (lanes)
          em.lanes = {
            names: new Set(accs.map((a) => a.red.idx)),
            k: 0,
            usedX: false,
            dv: new Map(),
          };
        unitElements(order.U, q, (e, c) => {
          if (em.lanes) em.lanes.k = c;
          em.add(letS(`e${c}`, e));
          accumulate(em, accs, ctx, id(`e${c}`), false);
        });
        if (lanes) endLanes(em, loop.body, 0, q);
      },
    });
  }

  /**
   * The scan in its canonical order (wgsl-scan.ts), its value fed to its consumers (and stored
   * where read later).
   */
  private scanStage(b: Binding & { k: 'scan' }, outs: string[]) {
    const { em, ctx, team, wg, L, scanValue } = this;
    const { accs, nf, ni } = allocAccs(outs, this.bind);
    this.shF = Math.max(this.shF, nf, SCAN_FLOAT_SLOTS);
    this.shI = Math.max(this.shI, ni);
    accumulate(em, accs, ctx, id(''), true);
    this.shS = Math.max(this.shS, scanStagingFloats(b.len, team, wg));
    const produce = scanTerm(em, ctx, b);
    canonicalScan(
      em,
      {
        n: b.len,
        T: team,
        wg,
        lane: id('lane'),
        teamSeg: id('team'),
        start: i32(0),
        end: i32(b.len),
        tiles: scanOrder(b.len).tiles,
        exclusive: b.exclusive,
        idx: b.idx,
        accs,
        rescan: true,
      },
      produce,
      (iv, sv) => {
        scanValue.set(b.name, sv);
        if (L.scratchOffset.has(b.name)) storeScratch(em, L, b.name, call('u32', id(iv)), id(sv));
        accumulate(em, accs, ctx, id(iv), false);
        scanValue.delete(b.name);
      },
    );
    if (L.scratchOffset.has(b.name)) em.add(barrier('storage'));
    if (accs.length) scanReduce(em, accs, team, wg, 'lane', bin(id('team'), '*', u32(team)));
  }
}

/**
 * A reduction whose result does not depend on the order of its terms: argmin and argmax (ties go
 * to the lower index), counts, and integer sums, minima and maxima. Float sums round in order, and
 * float min and max are order-dependent where a NaN meets them.
 */
function orderFree(a: Acc): boolean {
  return orderFreeReduction(a.red);
}

/** Constant loop bounds (i32 literals) as numbers. */
function literalRange(lo: Expr, hi: Expr): { lo: number; hi: number } | undefined {
  if (lo.k !== 'lit' || hi.k !== 'lit' || lo.ty !== 'i32' || hi.ty !== 'i32') return undefined;
  return { lo: lo.v, hi: hi.v };
}

/** Two matrix products (ir/matrix.ts) of one matrix, y and length, differing at most by a constant. */
function sameProduct(a: Binding | undefined, b: Binding | undefined): boolean {
  const p = a && matrixProduct(a);
  const q = b && matrixProduct(b);
  return (
    !!p &&
    !!q &&
    a.k === 'vec' &&
    b.k === 'vec' &&
    a.len === b.len &&
    p.matrix === q.matrix &&
    p.cols === q.cols &&
    p.j === q.j &&
    p.matrixFirst === q.matrixFirst &&
    exprEqual(p.y, q.y)
  );
}
