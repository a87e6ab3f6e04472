// The split regime: many workgroups per individual; partials and combine kernels per stage, and
// scans by tile totals and a rescan, in the canonical order (wgsl-scan.ts).
//
// The kernels are the plan's (src/schedule/plan.ts), one method per role (SplitKernels.kernel):
// per reduce or scan stage the partials of each chunk (reducePartials, stepPartials with the
// step's kept vectors, or scanChunks and scanRescan), then combine; an algorithm step
// ends with its writes (stepWrites).

import { readsArray } from '../ir/kernels.js';
import {
  at,
  exprEqual,
  type Binding,
  type IExpr,
  type IrProgram,
  type Stage,
  type Write,
} from '../ir/ir.js';
import { wgslNode, type ExprContext } from './wgsl-expr.js';
import type { KernelRole, Plan, PlanKernel } from '../schedule/plan.js';
import { kernelBinding } from './wgsl-bindings.js';
import { canonicalOrder, splitBlocks, type CanonicalOrder } from '../schedule/canonical.js';
import {
  canonicalLoop,
  inLaneTree,
  LeafTree,
  orderDependent,
  unitElements,
} from './wgsl-canonical.js';
import type { WgslKernel, WgslOptions } from './wgsl-kernels.js';
import {
  add,
  assign,
  bin,
  call,
  f32,
  i32,
  id,
  ifS,
  index,
  letS,
  barrier,
  block,
  renameId,
  type Decl,
  member,
  mul,
  paren,
  seq,
  u32,
  varS,
  type Expr,
  type Stmt,
} from './wgsl-ast.js';
import {
  accIdentity,
  Emitter,
  accName,
  accIndexName,
  accumulate,
  allocAccs,
  better,
  combine,
  context as baseContext,
  countedFor,
  endLanes,
  gridPrologue,
  kernelDecls,
  isArg,
  wgslKernel,
  leadLane,
  teamPrologue,
  resultLine,
  scalarStage,
  scanTerm,
  sname,
  treeReduce,
  unionRange,
  vectorLoop,
  stateLanes,
  vectorisable,
  wty,
  type Acc,
  type Layout,
  type RedNode,
  storeScratch,
} from './wgsl-emit.js';
import {
  canonicalAcc,
  canonicalScan,
  scanReduce,
  scanStagingFloats,
  SCAN_FLOAT_SLOTS,
} from './wgsl-scan.js';
import { scanOrder } from '../schedule/canonical-scan.js';

/** Chunks a canonical combine loads together (combineCanonical). */
export const COMBINE_GROUP_CHUNKS = 16;

/** A kernel built, not yet printed (a chain kernel prints three as one). */
interface Built {
  em: Emitter;
  k: PlanKernel;
  shF: number;
  shI: number;
  shS: number;
}

type ScanStage = Stage & { k: 'scan' };
type ScanBinding = Binding & { k: 'scan' };
type VecBinding = Binding & { k: 'vec' };
/** A reduce or scan stage with what its kernels need. */
interface SplitStage {
  k: number; // its index in the stages
  st: Stage & { k: 'reduce' | 'scan' };
  accs: Acc[];
  nf: number;
  ni: number;
  /**
   * Slot of the first accumulator in a chunk's partials (a scan's tile totals, one a tile of the
   * chunk, come first).
   */
  first: number;
  /**
   * Algorithm steps: the kept vectors computed in this stage's first kernel (a reduction's
   * partials, a scan's chunk sums or moments).
   */
  vecs: VecBinding[];
}

/**
 * The split regime's kernels, each built for its plan kernel (kernel()): the stages they serve
 * (accumulators, moments, a step's vectors) are read from the plan's roles first, so that the
 * partials' stride is known before any kernel is built.
 */
export class SplitKernels {
  private readonly step: WgslOptions['step'];
  private readonly G: number;
  private readonly wg: number;
  /** The reduce and scan stages the plan's kernels serve, by stage index. */
  private readonly parts = new Map<number, SplitStage>();
  /** Floats of a (individual, chunk)'s partials. */
  readonly partStride: number;
  /** The canonical order of the function's reductions (schedule/canonical.ts). */
  private readonly order: CanonicalOrder;
  /** A reduce stage's chunks (1 where the order is one block) and blocks a chunk. */
  private readonly red: { chunks: number; blocks: number };

  constructor(
    private readonly p: IrProgram,
    private readonly stages: Stage[],
    private readonly r: { wg: number; chunk: number; groups: number },
    private readonly L: Layout,
    private readonly bind: Map<string, Binding>,
    plan: Plan,
    private readonly options: WgslOptions,
  ) {
    this.step = options.step;
    this.G = r.groups;
    this.wg = r.wg;
    for (const { role } of plan.kernels) {
      if (role.k === 'team' || role.k === 'writes' || role.k === 'chain') continue;
      const part = this.part(role.stage);
      // A step's kept vector (the trial) is computed in the partials kernel of the next reduce
      // stage, element by element as the loop reaches it, and stored for the writes kernel.
      if (role.k === 'reduce-partials' || role.k === 'scan-chunks')
        part.vecs = role.vectors.map((v) => bind.get(v) as VecBinding);
    }
    this.order = canonicalOrder(p.main.len);
    this.red = splitBlocks(this.order, r.chunk, r.groups);
    // A reduce stage's partials are its lane-partials, W a chunk and slot (redAt): its region of
    // an individual takes red.chunks * 2 A * W floats of the G * partStride an individual owns.
    const { W } = this.order;
    this.partStride = Math.max(
      1,
      ...[...this.parts.values()].map((s) =>
        s.st.k === 'reduce'
          ? Math.ceil((this.red.chunks * 2 * s.accs.length * W) / this.G)
          : s.first + 2 * s.accs.length,
      ),
    );
    if (plan.chain) {
      const writes = p.main.writes ?? [];
      const values = plan.chain.values.map((arr) => {
        const w = writes.find((x) => !x.col && x.arr === arr);
        if (!w) throw new Error(`internal: wgsl: the chain's value row ${arr} has no value write`);
        return w;
      });
      // One individual: its partials, then its value rows.
      this.chain = { values, region: this.G * this.partStride + values.length };
    }
  }

  /**
   * A chainable step (the plan's chain): its value writes (a slot each) and the floats of one of
   * PART's two copies, chosen by the run's parity.
   */
  private readonly chain?: { values: Write[]; region: number };
  /** The chain kernel's phase being built: its value rows and scalars do not live in S and SC. */
  private phase: 'combine' | 'writes' | 'partials' | undefined;

  /** PART's copy for this run (P.parity: 0 or 1; renamed Q in a chain kernel's first phases). */
  private parityBase(): Expr | undefined {
    return this.chain ? mul(member(id('P'), 'parity'), u32(this.chain.region)) : undefined;
  }

  /** Value row `slot` of the run's copy in PART (after its partials). */
  private valueCopy(slot: number): Expr {
    const c = this.chain;
    const base = this.parityBase();
    if (!c || !base) throw new Error('internal: wgsl: value rows outside a chainable step');
    return index(id('PART'), add(base, u32(this.G * this.partStride + slot)));
  }

  /** The slot of a read of a value row of the chain (chainable: always at the written row). */
  private valueSlot(arr: string, at: IExpr[]): number | undefined {
    const k = this.chain?.values.findIndex((w) => w.arr === arr) ?? -1;
    if (k < 0) return undefined;
    const w = this.chain?.values[k];
    if (!w || at.length !== 1 || !exprEqual(at[0] as IExpr, w.row))
      throw new Error(
        `internal: wgsl: a read of the value row ${arr} at another row than its write's`,
      );
    return k;
  }

  /** Reduce or scan stage k, with its accumulators. */
  private part(k: number): SplitStage {
    let part = this.parts.get(k);
    if (part) return part;
    const st = at(this.stages, k, 'a split stage');
    if (st.k !== 'reduce' && st.k !== 'scan')
      throw new Error(`internal: wgsl: stage ${k} (${st.k}) has no partials`);
    const { accs, nf, ni } = allocAccs(st.outs, this.bind);
    part = { k, st, accs, nf, ni, first: st.k === 'scan' ? this.tilesPerChunk(st) : 0, vecs: [] };
    this.parts.set(k, part);
    return part;
  }

  /** The kernel of plan kernel `k`. */
  kernel(k: PlanKernel): WgslKernel {
    return this.print(this.build(k));
  }

  private build(k: PlanKernel): Built {
    const role = k.role;
    switch (role.k) {
      case 'chain':
        throw new Error(`internal: wgsl: the chain kernel ${k.name} is built by chainKernel`);
      case 'team':
        throw new Error(`internal: wgsl: a team kernel (${k.name}) in the split regime`);
      case 'scan-chunks':
        return this.scanChunks(k, this.part(role.stage));
      case 'scan-rescan':
        return this.scanRescan(k, this.part(role.stage));
      case 'reduce-partials': {
        const s = this.part(role.stage);
        return s.vecs.length ? this.stepPartials(k, s) : this.reducePartials(k, s);
      }
      case 'combine':
        return this.combine(k, this.part(role.stage), role);
      case 'writes':
        return this.stepWrites(k);
    }
  }

  /** Partials of (individual n, chunk c) at float `slot`: (n * G + c) * partStride + slot. */
  private at(chunk: string, slot?: number): Expr {
    const at = mul(paren(add(mul(id('n'), u32(this.G)), id(chunk))), u32(this.partStride));
    const base = this.parityBase();
    const inCopy = base ? add(base, at) : at;
    return slot === undefined ? inCopy : add(inCopy, u32(slot));
  }

  /** `PART[at(chunk, slot)]`. */
  private partial(chunk: string, slot?: number): Expr {
    return index(id('PART'), this.at(chunk, slot));
  }

  /**
   * A reduce stage's lane-partial `l` of chunk `chunk` at slot `slot` (2 a reduction: its value,
   * and an argmin's index): the individual's region, then ((chunk * 2 A + slot) * W + l).
   */
  private redAt(s: SplitStage, chunk: Expr, slot: number, l: Expr): Expr {
    const region = mul(id('n'), u32(this.G * this.partStride));
    const base = this.parityBase();
    const at = add(
      region,
      mul(paren(add(mul(chunk, u32(2 * s.accs.length)), u32(slot))), u32(this.order.W)),
      call('u32', l),
    );
    return index(id('PART'), base ? add(base, at) : at);
  }

  /** Scalar `name` of individual n in SC. */
  private sc(name: string): Expr {
    const L = this.L;
    const slot = L.scalarSlot.get(name);
    if (slot === undefined) throw new Error(`internal: wgsl: scalar ${name} has no slot in SC`);
    // A chain kernel passes its combine's scalars to its writes in workgroup memory.
    if (this.phase) return index(id('opt_fsc'), u32(slot));
    return index(id('SC'), add(mul(id('n'), u32(L.scalarStride)), u32(slot)));
  }

  /** The first element of chunk c, and the end of its range: `i32(c * chunk)`, `i32((c + 1) * chunk)`. */
  private chunkStart(): Expr {
    return call('i32', mul(id('c'), u32(this.r.chunk)));
  }
  private chunkEnd(): Expr {
    return call('i32', mul(paren(add(id('c'), u32(1))), u32(this.r.chunk)));
  }

  private newEmitter(): Emitter {
    const e = new Emitter();
    e.vec4 = !this.step && this.p.main.len % 4 === 0;
    // Scans use no subgroup operations: their canonical order (wgsl-scan.ts) is the same for
    // every subgroup size, which subgroupInclusiveAdd's is not.
    return e;
  }

  /** Algorithm steps: the step's context (state arrays, draws) around the kernel's own. */
  private context(em: Emitter, sv: Map<string, string> = new Map()): ExprContext {
    const base = baseContext(em, this.L, sv);
    const ctx = this.step ? this.step.context(em, base) : base;
    const phase = this.phase;
    if (!phase) return ctx;
    // A chain kernel's value rows: the previous run's copy in PART for its combine and writes
    // (S changes under them: chunk 0 writes it), the workgroup's new values for its partials.
    return {
      ...ctx,
      read: (arr, idx, at) => {
        const slot = this.valueSlot(arr, at);
        if (slot === undefined) return ctx.read(arr, idx, at);
        const v = phase === 'partials' ? index(id('opt_fvr'), u32(slot)) : this.valueCopy(slot);
        return ctx.hoist ? id(ctx.hoist(v, 'load')) : v;
      },
    };
  }

  private prologue(em: Emitter) {
    gridPrologue(em);
    this.step?.prologue(em);
  }

  /** Tiles of scan stage `st` in a chunk (the chunk is a whole number of tiles: splitChunk). */
  private tilesPerChunk(st: Stage & { k: 'scan' }): number {
    const b = this.bind.get(st.scan) as ScanBinding;
    const { tile } = scanOrder(b.len);
    if (this.r.chunk % tile !== 0)
      throw new Error(
        `internal: wgsl: a split chunk of ${this.r.chunk} elements is not a whole number of ${st.scan}'s tiles (${tile})`,
      );
    return this.r.chunk / tile;
  }

  /**
   * The canonical scan of chunk c of scan `b` (wgsl-scan.ts), from the carry `carryIn`, feeding
   * each element's scan value to the accumulators (`rescan`), or only storing its tiles' totals.
   */
  private chunkScan(
    em: Emitter,
    ctx: ExprContext,
    b: ScanBinding,
    scanValue: Map<string, string>,
    accs: Acc[],
    how: { carryIn?: Expr; rescan: boolean; tileTotal?: (tl: Expr, total: Expr) => void },
    vecs: VecBinding[] = [],
  ) {
    em.add(letS('cend', call('min', this.chunkEnd(), i32(b.len))));
    // A step's kept vectors: computed and stored where the tiles load the scan's terms, and
    // computed again (not read back from SCR: another lane stored them) where the lane that
    // rescans an element accumulates the reductions that read them.
    const accVecs = vecs.filter((v) => accs.some((a) => readsArray(a.red, v.name)));
    const term = scanTerm(em, ctx, b);
    canonicalScan(
      em,
      {
        n: b.len,
        T: this.wg,
        wg: this.wg,
        lane: id('lid'),
        teamSeg: u32(0),
        start: this.chunkStart(),
        end: id('cend'),
        tiles: this.r.chunk / scanOrder(b.len).tile,
        exclusive: b.exclusive,
        idx: b.idx,
        accs,
        ...how,
      },
      (iv) => {
        this.keptVectors(em, ctx, scanValue, vecs, id(iv), true);
        const v = term(iv);
        for (const k of vecs) scanValue.delete(k.name);
        return v;
      },
      (iv, sv) => {
        this.keptVectors(em, ctx, scanValue, accVecs, id(iv), false);
        scanValue.set(b.name, sv);
        accumulate(em, accs, ctx, id(iv), false);
        scanValue.delete(b.name);
        for (const k of accVecs) scanValue.delete(k.name);
      },
    );
  }

  /**
   * Scalars of earlier kernels come from SC; scalar stages that come before any reduction (a
   * constant, a function of D) were never stored, so each kernel computes them itself.
   */
  private loadScalars(em: Emitter, k: PlanKernel) {
    const scalars = k.scalars;
    if (!scalars) throw new Error(`internal: wgsl: kernel ${k.name} has no scalars in its plan`);
    for (const name of scalars.fromSC) {
      if (!this.phase) em.uses.add('SC');
      const b = this.bind.get(name) as Binding & { k: 'scalar' };
      const v = this.sc(name);
      em.add(letS(sname(name), b.t === 'i' ? call('i32', v) : v, wty(b.t)));
    }
    const ctx = this.context(em);
    for (const name of scalars.recomputed)
      scalarStage(em, this.bind.get(name) as Binding & { k: 'scalar' }, ctx);
  }

  /** A kernel of workgroups (n, c): chunk c of individual n. */
  private chunkKernel(k: PlanKernel): Emitter {
    const em = this.newEmitter();
    this.prologue(em);
    // Chunk-major order: consecutive workgroups take the same chunk of every individual, so data
    // shared by the population (a shift vector) is read from DRAM once and from L2 N - 1 times.
    em.add(
      letS('n', bin(id('group'), '%', member(id('P'), 'n'))),
      letS('c', bin(id('group'), '/', member(id('P'), 'n'))),
      letS('valid', bin(id('c'), '<', u32(this.G))),
      letS(
        'xo',
        mul(call('min', id('n'), bin(member(id('P'), 'n'), '-', u32(1))), u32(this.p.main.len)),
      ),
    );
    em.teamLanes = { lane: 'lid', team: u32(0), size: this.wg, ipg: 1 };
    this.loadScalars(em, k);
    return em;
  }

  private finish(em: Emitter, k: PlanKernel, shF: number, shI: number, shS = 0): Built {
    return { em, k, shF, shI, shS };
  }

  private print(b: Built): WgslKernel {
    const { step, wg } = this;
    return wgslKernel(b.em, step, b.k, kernelDecls(b.em, step, wg, b.shF, b.shI, b.shS));
  }

  private writePartials(em: Emitter, accs: Acc[], first: number) {
    em.uses.add('PART');
    em.open(ifS(leadLane('lid')));
    accs.forEach((a, k) => {
      const base = this.at('c', first + 2 * k);
      if (isArg(a.red.op)) {
        em.add(assign(index(id('PART'), base), id(`sval_${a.out.replace(/\W/g, '_')}`)));
        em.add(assign(index(id('PART'), add(base, u32(1))), call('f32', id(sname(a.out)))));
      } else em.add(assign(index(id('PART'), base), call('f32', id(sname(a.out)))));
    });
    em.close();
  }

  /**
   * A scan's tile totals (the first kernel): chunk c's tiles scanned in the canonical order
   * without the rescan, each tile's total I_{W-1} to PART (slot tl of the chunk's partials).
   */
  private scanChunks(k: PlanKernel, s: SplitStage): Built {
    const b = this.bind.get((s.st as ScanStage).scan) as ScanBinding;
    const em = this.chunkKernel(k);
    const sv = new Map<string, string>();
    const ctx = this.context(em, sv);
    em.uses.add('PART');
    const store = (tl: Expr, total: Expr) =>
      em.add(ifS(leadLane('lid'), [assign(index(id('PART'), add(this.at('c'), tl)), total)], true));
    this.chunkScan(em, ctx, b, sv, [], { rescan: false, tileTotal: store }, s.vecs);
    return this.finish(em, k, SCAN_FLOAT_SLOTS, 0, scanStagingFloats(b.len, this.wg, this.wg));
  }

  /**
   * The rescan of each chunk from the carry of the tiles before it (their totals folded in tile
   * order, in every lane), accumulating the consumers.
   */
  private scanRescan(k: PlanKernel, s: SplitStage): Built {
    const { wg } = this;
    const b = this.bind.get((s.st as ScanStage).scan) as ScanBinding;
    const g = s.first;
    const em2 = this.chunkKernel(k);
    const scanValue = new Map<string, string>();
    const ctx2 = this.context(em2, scanValue);
    em2.uses.add('PART');
    em2.add(varS('s_carry', 'f32', f32(0)));
    em2.add(
      countedFor('cc', 'u32', u32(0), id('c'), undefined, [
        countedFor('ct', 'u32', u32(0), u32(g), undefined, [
          assign(
            id('s_carry'),
            add(id('s_carry'), index(id('PART'), add(this.at('cc'), id('ct')))),
          ),
        ]),
      ]),
    );
    accumulate(em2, s.accs, ctx2, id(''), true);
    this.chunkScan(em2, ctx2, b, scanValue, s.accs, { carryIn: id('s_carry'), rescan: true });
    scanReduce(em2, s.accs, wg, wg, 'lid', u32(0));
    this.writePartials(em2, s.accs, s.first);
    return this.finish(
      em2,
      k,
      Math.max(SCAN_FLOAT_SLOTS, s.nf),
      s.ni,
      scanStagingFloats(b.len, wg, wg),
    );
  }

  /** The element loop over [cs, ce) of a chunk: vectorised where it can be. */
  private chunkLoop(em: Emitter, accs: Acc[], ctx: ExprContext) {
    if (vectorisable(em, accs) && this.r.chunk % 4 === 0)
      vectorLoop(
        em,
        accs,
        ctx,
        bin(id('cs'), '/', i32(4)),
        bin(paren(add(id('ce'), i32(3))), '/', i32(4)),
        this.wg,
        id('lid'),
      );
    else {
      em.open(
        countedFor('iv', 'i32', add(id('cs'), call('i32', id('lid'))), id('ce'), i32(this.wg)),
      );
      accumulate(em, accs, ctx, id('iv'), false);
      em.close();
    }
  }

  /**
   * A step's kept vectors at element `iv` (those shorter than the loop are 0 past their end): each
   * is bound to a variable that later vectors and the caller's expressions read (through `sv`)
   * and, with `store`, stored in SCR.
   */
  private keptVectors(
    em: Emitter,
    ctx: ExprContext,
    sv: Map<string, string>,
    vecs: VecBinding[],
    iv: Expr,
    store: boolean,
  ) {
    for (const b of vecs) {
      const kv = `kv_${em.fresh()}`;
      em.add(varS(kv, 'f32', f32(0)));
      em.open(ifS(bin(iv, '<', i32(b.len))));
      em.add(letS(ctx.indexName(b.idx), iv));
      const pre: Stmt[] = [];
      const v = wgslNode(b.body, ctx, pre);
      em.add(...pre);
      em.add(assign(id(kv), v));
      if (store) storeScratch(em, this.L, b.name, call('u32', iv), id(kv));
      em.close();
      sv.set(b.name, kv);
    }
  }

  /**
   * A reduction's partials that also computes the step's kept vectors, element by element, in the
   * canonical order's loop (every element of the chunk's blocks: the vectors' too).
   */
  private stepPartials(k: PlanKernel, s: SplitStage): Built {
    const { accs, vecs } = s;
    const em = this.chunkKernel(k);
    const sv = new Map<string, string>();
    const ctx = this.context(em, sv);
    accumulate(em, accs, ctx, id(''), true);
    const { lo, hi } = unionRange(em, accs, ctx);
    const vlen = Math.max(...vecs.map((b) => b.len));
    const U = this.order.U;
    // Four consecutive elements a lane (a unit, D a multiple of 4): their draws share one Philox
    // block, and each row they read is one 16-byte load.
    const vec = U === 4 && vecs.every((b) => b.len % 4 === 0);
    const from =
      lo.k === 'lit' && typeof lo.v === 'number' ? i32(Math.min(0, lo.v)) : call('min', i32(0), lo);
    const to =
      hi.k === 'lit' && typeof hi.v === 'number'
        ? i32(Math.max(vlen, hi.v))
        : call('max', i32(vlen), hi);
    this.canonicalPartials(em, s, from, to, (q, loop) => {
      em.add(letS('iv4', U === 4 ? mul(q, i32(4)) : q));
      if (vec)
        em.lanes = stateLanes([...vecs.map((b) => b.idx), ...accs.map((a) => a.red.idx)], 'iv4');
      for (let u = 0; u < U; u++) {
        if (em.lanes) em.lanes.k = u;
        em.open(block());
        em.add(letS('iv', add(id('iv4'), i32(u))));
        // The reductions read the vectors at the loop's element: the value just computed.
        this.keptVectors(em, ctx, sv, vecs, id('iv'), true);
        accumulate(em, accs, ctx, id('iv'), false);
        sv.clear();
        em.close();
      }
      if (em.lanes) endLanes(em, loop.body, 1, bin(id('iv4'), '/', i32(4)));
    });
    this.storeValueCopy(em, ctx);
    return this.finish(em, k, Math.max(1, s.nf), s.ni);
  }

  /**
   * A chainable step's partials: chunk 0 stores the value rows of the run (its copy in PART,
   * which the combine of a chain kernel after it reads: S changes while that kernel runs).
   */
  private storeValueCopy(em: Emitter, ctx: ExprContext) {
    const chain = this.chain;
    if (!chain?.values.length) return;
    em.open(ifS(bin(bin(id('c'), '==', u32(0)), '&&', bin(id('lid'), '==', u32(0)))));
    chain.values.forEach((w, q) => {
      const pre: Stmt[] = [];
      const v = wgslNode({ k: 'read', t: 'f', arr: w.arr, idx: [w.row] }, ctx, pre);
      em.add(...pre, assign(this.valueCopy(q), v));
    });
    em.close();
  }

  /** A reduction's partials: each chunk's lane-partials in the canonical order. */
  private reducePartials(k: PlanKernel, s: SplitStage): Built {
    const { accs } = s;
    const em = this.chunkKernel(k);
    const ctx = this.context(em);
    accumulate(em, accs, ctx, id(''), true);
    const { lo, hi } = unionRange(em, accs, ctx);
    const lanes = vectorisable(em, accs) && this.order.U === 4;
    this.canonicalPartials(em, s, lo, hi, (q, loop) => {
      if (lanes)
        em.lanes = {
          names: new Set(accs.map((a) => a.red.idx)),
          k: 0,
          usedX: false,
          dv: new Map(),
        };
      unitElements(this.order.U, q, (e, c) => {
        if (em.lanes) em.lanes.k = c;
        em.add(letS(`e${c}`, e));
        accumulate(em, accs, ctx, id(`e${c}`), false);
      });
      if (lanes) endLanes(em, loop.body, 0, q);
    });
    this.storeValueCopy(em, ctx);
    return this.finish(em, k, Math.max(1, s.nf), s.ni);
  }

  /**
   * The canonical loop of stage s's accumulators over [lo, hi) by the workgroup's lanes, over
   * chunk c's blocks, each lane-partial stored to PART (redAt) for the combine.
   */
  private canonicalPartials(
    em: Emitter,
    s: SplitStage,
    lo: Expr,
    hi: Expr,
    unit: (q: Expr, loop: { body: Stmt[] }) => void,
  ) {
    const { order, red, wg } = this;
    em.uses.add('PART');
    canonicalLoop(em, {
      order,
      team: wg,
      lane: id('lid'),
      lo,
      hi,
      accs: s.accs,
      split: {
        first: mul(id('c'), u32(red.blocks)),
        count: red.blocks,
        store: (vl) => {
          em.open(ifS(id('valid')));
          s.accs.forEach((a, j) => {
            const A = accName(a.out);
            const v = isArg(a.red.op) ? A : a.red.t === 'i' ? call('bitcast<f32>', A) : A;
            em.add(assign(this.redAt(s, id('c'), 2 * j, vl), v));
            if (isArg(a.red.op))
              em.add(
                assign(
                  this.redAt(s, id('c'), 2 * j + 1, vl),
                  call('bitcast<f32>', accIndexName(a.out)),
                ),
              );
          });
          em.close();
        },
      },
      unit,
    });
  }

  /** 3. combine the partials of each individual, then the scalar stages that follow. */
  private combine(k: PlanKernel, s: SplitStage, role: KernelRole & { k: 'combine' }): Built {
    const { p, G, wg } = this;
    const { accs, first } = s;
    const em3 = this.newEmitter();
    const team = role.team;
    const ipg = wg / team;
    if (k.dispatch.per !== 'team' || k.dispatch.individuals !== ipg || ipg * team !== wg)
      throw new Error(
        `internal: wgsl: kernel ${k.name}: its grid does not match its team of ${team}`,
      );
    this.prologue(em3);
    if (this.phase === 'combine') {
      // A chain kernel: every workgroup (n, c) combines its individual's partials (each of its
      // teams, the same sums in the same order); team 0 keeps the results.
      em3.add(
        letS('team', bin(id('lid'), '/', u32(team))),
        letS('lane', bin(id('lid'), '%', u32(team))),
        letS('n', bin(id('group'), '%', member(id('P'), 'n'))),
        letS('c', bin(id('group'), '/', member(id('P'), 'n'))),
        letS('valid', bin(id('team'), '==', u32(0))),
        letS('xo', mul(id('n'), u32(p.main.len))),
      );
      em3.teamLanes = { lane: 'lane', team: id('team'), size: team, ipg };
    } else
      teamPrologue(
        em3,
        team,
        ipg,
        p.main.len,
        'an epilogue may read single elements (Discus: x[0])',
      );
    this.loadScalars(em3, k);
    em3.uses.add('PART');
    if (s.st.k === 'reduce') this.combineCanonical(em3, s, team);
    else {
      // A scan's canonical reductions: a pairwise tree over the chunks (combineScan).
      const pairwise = s.st.k === 'scan' ? accs.filter(canonicalAcc) : [];
      const caccs = accs.filter((a) => !pairwise.includes(a)).map((a) => ({ ...a }));
      accumulate(em3, caccs, this.context(em3), id(''), true);
      em3.open(countedFor('cc', 'u32', id('lane'), u32(G), u32(team)));
      caccs.forEach((a) => {
        const j = accs.findIndex((x) => x.out === a.out);
        const base = index(id('PART'), this.at('cc', first + 2 * j));
        const next = index(id('PART'), add(this.at('cc', first + 2 * j), u32(1)));
        const A = accName(a.out);
        if (isArg(a.red.op)) {
          const AI = accIndexName(a.out);
          const [pv, pi] = [id(`pv${j}`), id(`pi${j}`)];
          em3.add(seq(letS(pv.name, base), letS(pi.name, call('i32', next))));
          em3.add(ifS(better(a.red.op, pv, pi, A, AI), [assign(A, pv), assign(AI, pi)], true));
        } else em3.add(assign(A, combine(a.red.op, A, a.red.t === 'i' ? call('i32', base) : base)));
      });
      em3.close();
      if (caccs.length) treeReduce(em3, caccs, team, wg, 'lane', bin(id('team'), '*', u32(team)));
      if (pairwise.length) this.combineScan(em3, s, pairwise, team);
    }
    const ctx3 = this.context(em3);
    for (const name of role.scalars)
      scalarStage(em3, this.bind.get(name) as Binding & { k: 'scalar' }, ctx3);
    if (role.to === 'F') resultLine(em3, p, ctx3, leadLane('lane'));
    else {
      if (!this.phase) em3.uses.add('SC');
      em3.open(ifS(leadLane('lane')));
      for (const name of [...accs.map((a) => a.out), ...role.scalars, ...role.keep])
        em3.add(assign(this.sc(name), call('f32', id(sname(name)))));
      em3.close();
    }
    // A step of one row: its value writes, after every lane has read what they change.
    if (role.values) {
      if (!this.step)
        throw new Error(`internal: wgsl: kernel ${k.name}: value writes outside a step`);
      const chain = this.chain;
      if (this.phase === 'combine' && chain) {
        // The workgroup's copy of the value rows starts as the previous run's (a write that
        // leaves its value unchanged writes nothing) and takes the new values.
        em3.add(
          ifS(
            bin(id('lid'), '==', u32(0)),
            chain.values.map((_, q) => assign(index(id('opt_fvr'), u32(q)), this.valueCopy(q))),
          ),
        );
        this.step.epilogue(em3, ctx3, team, undefined, 'values', {
          copy: (w) => {
            const q = chain.values.indexOf(w);
            return q < 0 ? undefined : index(id('opt_fvr'), u32(q));
          },
          writesS: bin(id('c'), '==', u32(0)),
        });
      } else this.step.epilogue(em3, ctx3, team, undefined, 'values');
    }
    return this.finish(
      em3,
      k,
      Math.max(1, accs.filter((a) => a.f >= 0).length),
      accs.filter((a) => a.i >= 0).length,
    );
  }

  /**
   * A reduce stage's combine in the canonical order: lane l (of W, the team) takes its
   * lane-partial from each chunk in order, their adjacent-pairs tree (the chunks are aligned runs
   * of blocks, so these are the tree's upper levels; the chunks past the last are the identity),
   * then the tree over the W lanes.
   */
  private combineCanonical(em3: Emitter, s: SplitStage, team: number) {
    const { wg } = this;
    const { W } = this.order;
    // A team of at most W lanes (the plan's min(W, wg); an edited plan may take fewer).
    if (team > W || W % team !== 0)
      throw new Error(`internal: wgsl: a combine of ${team} lanes for ${W} lane-partials`);
    // Lane t takes the lane-partials t + i team (i < V), as a team does (wgsl-canonical.ts).
    const V = W / team;
    const { accs } = s;
    const caccs = accs.map((a) => ({ ...a }));
    accumulate(em3, caccs, this.context(em3), id(''), true);
    const dep = orderDependent(caccs);
    const tag = (a: Acc) => a.out.replace(/\W/g, '_');
    const chunks = this.red.chunks;
    em3.open(block());
    if (V > 1) for (const a of dep) em3.add(varS(`cv_${tag(a)}`, `array<${wty(a.red.t)}, ${V}>`));
    if (V > 1) em3.open(countedFor('vi', 'u32', u32(0), u32(V)));
    em3.add(letS('vl', V > 1 ? add(id('lane'), mul(id('vi'), u32(team))) : id('lane')));
    // Chunks a group: their values are loaded together (G loads in flight, not one a loop trip)
    // and combined in the adjacent-pairs tree of G leaves, a complete subtree of the order (the
    // group is aligned; chunks past the last are the identity, as blocks past the end are), which
    // then goes into the tree of the groups as they come. Measured on an H200 (docs/performance.md):
    // one chunk a loop trip made the combine of 184 chunks (D = 3,000,000) latency-bound.
    const G = Math.min(COMBINE_GROUP_CHUNKS, 2 ** Math.ceil(Math.log2(Math.max(1, chunks))));
    const groups = Math.ceil(chunks / G);
    const tree = new LeafTree(em3, dep, Math.ceil(Math.log2(groups)));
    tree.declare();
    em3.open(countedFor('cg', 'u32', u32(0), u32(groups)));
    const leaf = (a: Acc, j: number) => id(`gl_${tag(a)}_${j}`);
    // Whether every group's chunks hold partials (then no chunk needs a test).
    const full = groups * G === chunks;
    for (let j = 0; j < G; j++) {
      // The chunk, and whether it holds partials.
      const cc = G === 1 ? id('cg') : add(mul(id('cg'), u32(G)), u32(j));
      const inRange = full ? undefined : bin(paren(cc), '<', u32(chunks));
      const at = full ? cc : call('min', cc, u32(chunks - 1));
      caccs.forEach((a, k) => {
        const v = this.redAt(s, at, 2 * k, id('vl'));
        const A = accName(a.out);
        const val = a.red.t === 'i' ? call('bitcast<i32>', v) : v;
        if (isArg(a.red.op)) {
          const AI = accIndexName(a.out);
          const [pv, pi] = [id(`pv${k}_${j}`), id(`pi${k}_${j}`)];
          const vi = this.redAt(s, at, 2 * k + 1, id('vl'));
          em3.add(seq(letS(pv.name, v), letS(pi.name, call('bitcast<i32>', vi))));
          const cond = better(a.red.op, pv, pi, A, AI);
          em3.add(
            ifS(
              inRange ? bin(inRange, '&&', paren(cond)) : cond,
              [assign(A, pv), assign(AI, pi)],
              true,
            ),
          );
        } else if (dep.includes(a))
          em3.add(
            varS(
              leaf(a, j).name,
              wty(a.red.t),
              inRange ? call('select', accIdentity(a), val, inRange) : val,
            ),
          );
        else {
          const c = assign(A, combine(a.red.op, A, val));
          em3.add(inRange ? ifS(inRange, [c], true) : c);
        }
      });
    }
    for (let w = G / 2; w >= 1; w /= 2)
      for (let j = 0; j < w; j++)
        for (const a of dep)
          em3.add(assign(leaf(a, j), combine(a.red.op, leaf(a, 2 * j), leaf(a, 2 * j + 1))));
    for (const a of dep) em3.add(varS(tree.v(a).name, wty(a.red.t), leaf(a, 0)));
    tree.merge();
    em3.close();
    for (const a of dep) em3.add(varS(tree.v(a).name, wty(a.red.t)));
    tree.result();
    if (V > 1) {
      for (const a of dep) em3.add(assign(index(id(`cv_${tag(a)}`), id('vi')), tree.v(a)));
      em3.close();
      inLaneTree(em3, dep, V);
    } else for (const a of dep) em3.add(assign(accName(a.out), tree.v(a)));
    em3.close();
    treeReduce(em3, caccs, team, wg, 'lane', bin(id('team'), '*', u32(team)));
  }

  /**
   * A scan's canonical reductions over the chunks' partials: the adjacent-pairs tree over the G
   * chunks padded to a power of two (each chunk's partial is the root of its tiles' subtree, a
   * chunk being a power of two of tiles, so this continues the tree over the tiles). Lane l
   * takes the aligned block of B chunks from l B (a binary counter, as over the tiles), then the
   * lanes' blocks pair up through workgroup memory.
   */
  private combineScan(em3: Emitter, s: SplitStage, pairwise: Acc[], team: number) {
    const { G, wg } = this;
    const NP = 2 ** Math.ceil(Math.log2(Math.max(1, G)));
    const B = Math.max(1, NP / team);
    const levels = Math.log2(B);
    const slot = (a: Acc, at: Expr) => index(id('shf'), add(u32(a.f * wg), at));
    const stack = (a: Acc, l: number) => id(`${accName(a.out).name}_t${l}`);
    em3.open(block());
    for (const a of pairwise) {
      em3.add(varS(accName(a.out).name, wty(a.red.t), accIdentity(a)));
      for (let l = 0; l <= levels; l++)
        em3.add(varS(stack(a, l).name, wty(a.red.t), accIdentity(a)));
    }
    em3.add(letS('cb', mul(id('lane'), u32(B))));
    em3.add(letS('mb', call('min', u32(B), bin(u32(G), '-', call('min', id('cb'), u32(G))))));
    em3.open(countedFor('tl', 'u32', u32(0), id('mb')));
    em3.add(letS('cw', add(id('cb'), id('tl'))));
    for (const a of pairwise) {
      const q = s.accs.indexOf(a);
      const v = index(id('PART'), this.at('cw', s.first + 2 * q));
      const cv = id(`${accName(a.out).name}_c`);
      em3.add(varS(cv.name, wty(a.red.t), v));
      const push = (l: number): Stmt[] => {
        if (l === levels) return [assign(stack(a, l), cv)];
        return [
          {
            ...ifS(bin(paren(bin(id('tl'), '&', u32(2 ** l))), '==', u32(0)), [
              assign(stack(a, l), cv),
            ]),
            orElse: [assign(cv, combine(a.red.op, stack(a, l), cv)), ...push(l + 1)],
          },
        ];
      };
      em3.add(...push(0));
    }
    em3.close();
    for (const a of pairwise) {
      for (let l = 0; l <= levels; l++)
        em3.add(
          ifS(
            bin(paren(bin(id('mb'), '&', u32(2 ** l))), '!=', u32(0)),
            [assign(accName(a.out), combine(a.red.op, stack(a, l), accName(a.out)))],
            true,
          ),
        );
      em3.add(assign(slot(a, id('lid')), accName(a.out)));
    }
    em3.add(barrier());
    for (let step = 1; step < Math.min(team, NP); step *= 2) {
      em3.open(ifS(bin(paren(bin(id('lane'), '%', u32(2 * step))), '==', u32(0))));
      for (const a of pairwise) {
        const at = slot(a, id('lid'));
        em3.add(assign(at, combine(a.red.op, at, slot(a, add(id('lid'), u32(step))))));
      }
      em3.close();
      em3.add(barrier());
    }
    em3.close();
    for (const a of pairwise)
      em3.add(letS(sname(a.out), slot(a, bin(id('team'), '*', u32(team))), wty(a.red.t)));
    em3.add(barrier());
  }

  /** The writes: chunk c of every row by workgroup (n, c); the scalars come from SC. */
  private stepWrites(k: PlanKernel): Built {
    const step = this.step;
    if (!step)
      throw new Error(`internal: wgsl: kernel ${k.name}: writes outside an algorithm step`);
    const em = this.chunkKernel(k);
    const ctx = this.context(em);
    const values = k.role.k === 'writes' && k.role.values;
    const only = k.role.k === 'writes' && k.role.only === 'values';
    step.epilogue(
      em,
      ctx,
      this.wg,
      { size: this.r.chunk, wg: this.wg },
      only ? 'values' : values ? 'all' : 'vectors',
    );
    return this.finish(em, k, 1, 0);
  }

  /**
   * The chain kernel (the plan's chain; src/ir/step.ts, chainable), workgroup (n, c): the
   * combine of run t - 1 (every workgroup for itself, from t - 1's partials and its copy of the
   * value rows, keeping the scalars and the new value rows in workgroup memory; chunk 0 writes
   * the value rows to S), its writes to chunk c, then run t's partials of chunk c. Each phase is
   * the kernel it replaces, in a block of its own; the first two read the previous run's
   * parameters (Q).
   */
  chainKernel(kc: PlanKernel, kernels: PlanKernel[]): { kernel: WgslKernel; region: number } {
    const [kp, kcomb, kw] = kernels;
    const chain = this.chain;
    const step = this.step;
    if (
      kp?.role.k !== 'reduce-partials' ||
      kcomb?.role.k !== 'combine' ||
      kw?.role.k !== 'writes' ||
      kernels.length !== 3
    )
      throw new Error(`internal: wgsl: a chain of kernels ${kernels.map((k) => k.name)}`);
    if (!chain || !step) throw new Error('internal: wgsl: a chain kernel outside a chainable step');
    const phases: Built[] = [];
    const order = [
      ['combine', kcomb],
      ['writes', kw],
      ['partials', kp],
    ] as const;
    for (const [phase, k] of order) {
      this.phase = phase;
      try {
        const b = this.build(k);
        b.em.tag = `_${phase}`;
        phases.push(b);
      } finally {
        this.phase = undefined;
      }
    }
    const em = this.newEmitter();
    const decls: Decl[] = [];
    phases.forEach((b, q) => {
      decls.push(...step.finish(b.em)); // lane-parallel draws, before the body is taken
      for (const u of b.em.uses) em.uses.add(u);
      const body = q < 2 ? renameId(b.em.body, 'P', 'Q') : b.em.body;
      if (q === 1) em.add(barrier()); // the scalars and value rows in workgroup memory
      if (q === 2) em.add(barrier('storage'), barrier()); // the chunk's writes, SCR
      em.add(block(body));
    });
    em.uses.add('Q');
    const max = (f: (b: Built) => number) => Math.max(...phases.map(f));
    decls.push(
      ...kernelDecls(
        em,
        step,
        this.wg,
        max((b) => b.shF),
        max((b) => b.shI),
        max((b) => b.shS),
      ),
      { k: 'binding', b: kernelBinding('Q', step.bindings) },
      {
        k: 'var',
        space: 'workgroup',
        name: 'opt_fsc',
        ty: `array<f32, ${Math.max(1, this.L.scalarStride)}>`,
      },
      {
        k: 'var',
        space: 'workgroup',
        name: 'opt_fvr',
        ty: `array<f32, ${Math.max(1, chain.values.length)}>`,
      },
    );
    return { kernel: wgslKernel(em, step, kc, decls), region: chain.region };
  }
}
