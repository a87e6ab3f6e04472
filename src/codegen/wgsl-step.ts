// WGSL for an algorithm step (src/ir/step.ts): the team kernel of an evaluation (wgsl-team.ts),
// with the state arrays read from and written to one storage buffer S, and the step's writes
// after its bindings. The parameters come per dispatch through a dynamic uniform offset: the
// generation (for the draws), the trace slot, the seed, and where each state array is read and
// written (the runtime alternates the copies of double-buffered arrays).

import {
  exprEqual,
  type Write,
  forEachNode,
  freeIdx,
  type IExpr,
  type IrProgram,
  type ScheduledProgram,
  type StateArray,
} from '../ir/ir.js';
import { toF32, wgslNode, type ExprContext } from './wgsl-expr.js';
import type { LibraryId } from './wgsl-library.js';
import { generateWgsl, type WgslKernels, type WgslOptions } from './wgsl.js';
import type { Plan } from '../schedule/plan.js';
import { countedFor, endLanes, stateLanes, type Emitter, type VectorLanes } from './wgsl-emit.js';
import type { ChainedValues, StepHooks } from './wgsl-kernels.js';
import { kernelBinding } from './wgsl-bindings.js';
import {
  add,
  assign,
  barrier,
  bin,
  block,
  call,
  callS,
  i32,
  id,
  index,
  int,
  member,
  mul,
  paren,
  ifS,
  letS,
  printExpr,
  u32,
  type Decl,
  type Expr,
  type Stmt,
  varS,
  f32,
} from './wgsl-ast.js';

/** Bytes of one dispatch's parameters (a multiple of the dynamic offset alignment, 256). */
export const STEP_PARAM_BYTES = 512;
/** The words before the offset tables (a multiple of 4: the tables are vec4s); pad is 0 (opt_nan). */
export const STEP_PARAM_FIELDS = [
  'n',
  'gen',
  'gx',
  'round',
  'slot',
  'evals',
  'budget',
  'pad',
  // The run's parity (its slot in the batch, mod 2): which copy of PART a chained step's kernels
  // use (src/ir/step.ts, chainable).
  'parity',
  // The runs of a batch (the grid's z): words of S, SCR, PART and SC each run owns; run z's
  // state starts at z run_s, its scratch at z run_scr, ... (runtime/algo-gpu.ts).
  'run_s',
  'run_scr',
  'run_part',
  'run_sc',
  'pad2',
  'pad3',
  'pad4',
  // Host lets ($h0..$h3): integer generation-level lets the host computes (HOST_LETS).
  'h0',
  'h1',
  'h2',
  'h3',
] as const;
export const STEP_PARAM_HEAD = STEP_PARAM_FIELDS.length;
/** The word of parameter `name` in a dispatch's block. */
export const stepParam = (name: (typeof STEP_PARAM_FIELDS)[number]) =>
  STEP_PARAM_FIELDS.indexOf(name);

/** State arrays a parameter block can place: a read and a write offset each. */
export function maxStateArrays(): number {
  return Math.floor((STEP_PARAM_BYTES / 4 - STEP_PARAM_HEAD) / 2 / 4) * 4;
}

/** Vec4 groups of one offset table for `arrays` state arrays. */
export const tableQuads = (arrays: number) => Math.ceil(arrays / 4);

/** How a step's kernels bind their buffers (wgsl-bindings.ts). */
export const STEP_BINDINGS = { step: { paramBytes: STEP_PARAM_BYTES } };

type StepOptions = WgslOptions & {
  /** Double-buffered arrays: writes to them need no barrier against the step's reads. */
  pingPong?: Set<string>;
};

export function generateStepWgsl(
  p: ScheduledProgram,
  plan: Plan,
  state: StateArray[],
  options: StepOptions = {},
): WgslKernels {
  if (state.length > maxStateArrays())
    throw new Error(
      `an algorithm has at most ${maxStateArrays()} state arrays, this one ${state.length}`,
    );
  return generateWgsl(p, plan, { ...options, step: new StepCodegen(p, state, options) });
}

/**
 * Scalars that are an argmin/argmax of (read A k) over all of A: their names, with A and the name
 * of the value the tree reduction leaves beside the index (wgsl-emit.ts treeReduce).
 */
function argminValues(p: IrProgram): Map<string, { arr: string; sval: string }> {
  const argValue = new Map<string, { arr: string; sval: string }>();
  for (const b of p.main.bindings) {
    if (b.k !== 'scalar' || b.body.k !== 'red') continue;
    const r = b.body;
    if (
      (r.op === 'argmin' || r.op === 'argmax') &&
      !r.cond &&
      r.lo.k === 'int' &&
      r.lo.v === 0 &&
      r.body.k === 'read' &&
      r.body.idx.length === 1 &&
      r.body.idx[0]?.k === 'idx' &&
      r.body.idx[0].name === r.idx
    )
      argValue.set(b.name, { arr: r.body.arr, sval: `sval_${b.name.replace(/\W/g, '_')}` });
  }
  return argValue;
}

/**
 * An array updated in place keeps its value where the write would copy it onto itself (a
 * rejected trial): only the branch that changes it is written, under its condition `when`.
 */
function narrowWrite(w0: Write, pingPong: Set<string> | undefined): { w: Write; when?: IExpr } {
  if (!pingPong || pingPong.has(w0.arr) || w0.body.k !== 'sel') return { w: w0 };
  const self = (e: IExpr) =>
    e.k === 'read' &&
    e.arr === w0.arr &&
    e.idx[0] !== undefined &&
    exprEqual(e.idx[0], w0.row) &&
    (w0.col
      ? e.idx.length === 2 && e.idx[1]?.k === 'idx' && e.idx[1].name === w0.col.idx
      : e.idx.length === 1);
  const s = w0.body;
  const colFree = (e: IExpr) => !w0.col || !freeIdx(e).has(w0.col.idx);
  if (self(s.b) && colFree(s.c)) return { w: { ...w0, body: s.a }, when: s.c };
  if (self(s.a) && colFree(s.c))
    return { w: { ...w0, body: s.b }, when: { k: 'un', t: 'b', op: 'not', a: s.c } };
  return { w: w0 };
}

/** Where a kernel's hoisted values go: after `at` in its body, loads, early draws, then others. */
interface HoistState {
  at: number;
  names: Map<string, string>;
  loads: number;
  others: number;
  early: number;
  draws: { name: string; code: Expr; ty: 'vec4' | 'u32' | 'f32' }[];
}

/** How a step's kernels differ from an evaluation's (StepHooks, wgsl-kernels.ts). */
class StepCodegen implements StepHooks {
  /** Philox and the draws; the float-float helpers where the state holds pairs (passes/twofloat.ts). */
  readonly library: readonly LibraryId[];
  readonly bindings = STEP_BINDINGS;
  /**
   * The generation, the round (the draws' key) and the trace slot, from the parameters; the run's
   * seed, from RUNS by the grid's z.
   */
  prologue(em: Emitter): void {
    em.uses.add('RUNS');
    em.add(
      assign(id('opt_gen'), member(id('P'), 'gen')),
      assign(id('opt_draw_round'), member(id('P'), 'round')),
      assign(id('opt_slot'), member(id('P'), 'slot')),
      assign(id('opt_seed'), index(id('RUNS'), member(id('wid'), 'z'))),
    );
  }
  /** The parameters (the offset tables of K vec4s each), P and S, and the private copies. */
  readonly params: Decl[];
  private readonly index: Map<string, number>;
  private readonly argValue: Map<string, { arr: string; sval: string }>;
  /** One hoisting state per kernel (several contexts may be made for one kernel). */
  private readonly hoistState = new Map<Emitter, HoistState>();

  constructor(
    private readonly p: IrProgram,
    private readonly state: StateArray[],
    private readonly options: StepOptions,
  ) {
    this.library = ['philox', 'draws', ...(state.some((a) => a.lo) ? ['two-float' as const] : [])];
    this.index = new Map(state.map((a, k) => [a.name, k]));
    this.argValue = argminValues(p);
    const K = tableQuads(state.length);
    this.params = [
      {
        k: 'struct',
        name: 'Params',
        fields: [
          ...STEP_PARAM_FIELDS.map((f): [string, string] => [f, 'u32']),
          ['o', `array<vec4<u32>, ${K}>`],
          ['w', `array<vec4<u32>, ${K}>`],
        ],
      },
      { k: 'binding', b: kernelBinding('P', STEP_BINDINGS) },
      // Single values of S through opt_s.
      { k: 'binding', b: kernelBinding('S', STEP_BINDINGS) },
      { k: 'var', space: 'private', name: 'opt_gen', ty: 'u32' },
      { k: 'var', space: 'private', name: 'opt_draw_round', ty: 'u32' },
      { k: 'var', space: 'private', name: 'opt_slot', ty: 'u32' },
      { k: 'binding', b: kernelBinding('RUNS', STEP_BINDINGS) },
      { k: 'var', space: 'private', name: 'opt_seed', ty: 'vec2<u32>' },
    ];
  }

  private stateArray(name: string): { k: number; a: StateArray } {
    const k = this.index.get(name);
    const a = k === undefined ? undefined : this.state[k];
    if (k === undefined || !a) throw new Error(`internal: wgsl: ${name} is not a state array`);
    return { k, a };
  }

  /**
   * Where array k's current copy is read ('o') or its next written ('w'): in the state of the
   * kernel's run (the grid's z; P.run_s words a run).
   */
  private off(table: 'o' | 'w', k: number): Expr {
    const P = id('P');
    return paren(
      add(
        index(index(member(P, table), int(k >> 2)), int(k & 3)),
        mul(member(id('wid'), 'z'), member(P, 'run_s')),
      ),
    );
  }

  private addr(table: 'o' | 'w', name: string, row: Expr, col?: Expr): Expr {
    const { k, a } = this.stateArray(name);
    const at = bin(this.off(table, k), '+', call('u32', row));
    return col !== undefined
      ? bin(
          bin(this.off(table, k), '+', bin(call('u32', row), '*', u32(a.cols))),
          '+',
          call('u32', col),
        )
      : at;
  }

  /**
   * Lane-parallel draws of the individual: lane t of each team computes draw t into workgroup
   * memory, and after one barrier every lane reads them (one Philox chain on the critical path
   * instead of one per draw). Inserted into the kernel's body after its loads and early draws
   * when the kernel is complete; returns the workgroup memory they need.
   */
  finish(em: Emitter): Decl[] {
    const hs = this.hoistState.get(em);
    if (!hs?.draws.length) return [];
    const H = hs.draws.length;
    const tl = em.teamLanes;
    if (!tl) throw new Error('internal: wgsl: lane-parallel draws outside a team');
    const hd = `opt_hd${em.tag}`;
    const slot = (t: number) => index(id(hd), add(mul(tl.team, u32(H)), u32(t)));
    const stores: Stmt[] = hs.draws.map((d, t) => {
      const v =
        d.ty === 'vec4'
          ? d.code
          : d.ty === 'u32'
            ? call('vec4<u32>', d.code, u32(0), u32(0), u32(0))
            : call('vec4<u32>', call('bitcast<u32>', d.code), u32(0), u32(0), u32(0));
      return ifS(bin(id(tl.lane), '==', u32(t % tl.size)), [assign(slot(t), v)], true);
    });
    const reads: Stmt[] = hs.draws.map((d, t) =>
      letS(
        d.name,
        d.ty === 'vec4'
          ? slot(t)
          : d.ty === 'u32'
            ? member(slot(t), 'x')
            : call('bitcast<f32>', member(slot(t), 'x')),
      ),
    );
    em.body.splice(hs.at + hs.loads + hs.early, 0, ...stores, barrier(), ...reads);
    hs.draws = []; // inserted once
    return [{ k: 'var', space: 'workgroup', name: hd, ty: `array<vec4<u32>, ${tl.ipg * H}>` }];
  }

  /** Hoists `code` to the start of the kernel (see ExprContext.hoist); returns its name. */
  private hoist(em: Emitter, code: Expr, kind?: Parameters<NonNullable<ExprContext['hoist']>>[1]) {
    const st = this.hoistState.get(em);
    if (!st) throw new Error('internal: wgsl: hoisting outside a step context');
    // Each value once: keyed by its text.
    const key = printExpr(code);
    let name = st.names.get(key);
    if (name) return name;
    name = em.fresh();
    st.names.set(key, name);
    if (kind === 'early') {
      // Before the lane-parallel draws and their barrier: every lane draws its own.
      em.body.splice(st.at + st.loads + st.early, 0, letS(name, code));
      st.early++;
      return name;
    }
    if (kind && kind !== 'load' && em.teamLanes && em.teamLanes.size > 1) {
      // Lane-parallel: inserted when the kernel is complete (finish).
      st.draws.push({ name, code, ty: kind });
      return name;
    }
    // Loads first, so that their latency overlaps the draws' arithmetic.
    const load = kind === 'load';
    const pos = load ? st.loads : st.loads + st.early + st.others;
    em.body.splice(st.at + pos, 0, letS(name, code));
    if (load) st.loads++;
    else st.others++;
    return name;
  }

  context(em: Emitter, base: ExprContext): ExprContext {
    if (!this.hoistState.has(em))
      this.hoistState.set(em, {
        at: em.body.length,
        names: new Map(),
        loads: 0,
        draws: [],
        others: 0,
        early: 0,
      });
    const dom = this.p.main.domain!;
    const g = this;
    return {
      ...base,
      read(arr, idx, at) {
        if (!g.index.has(arr)) return base.read(arr, idx, at);
        return g.read(em, this, arr, idx, at);
      },
      hoist: (code, kind) => this.hoist(em, code, kind),
      index(name) {
        if (name === dom.idx) return call('i32', id('n'));
        if (name === '$gen') return call('i32', id('opt_gen'));
        if (name === '$slot') return call('i32', id('opt_slot'));
        if (name === '$evals') return call('i32', member(id('P'), 'evals'));
        if (name === '$budget') return call('i32', member(id('P'), 'budget'));
        if (/^\$h[0-3]$/.test(name)) return call('bitcast<i32>', member(id('P'), name.slice(1)));
        return base.index(name);
      },
      individual: dom.idx,
    };
  }

  /**
   * Component `lanes.k` of the vec4 at `start + base` of S (base: the loop's first element, a
   * multiple of 4), loaded once at the top of the loop's body (endLanes) under `key`.
   */
  private laneVec4(lanes: VectorLanes, key: string, start: Expr): Expr {
    if (!lanes.base || !lanes.state)
      throw new Error('internal: wgsl: vec4 state loads in a loop without its base');
    let pl = lanes.state.get(key);
    if (!pl) {
      pl = {
        name: `sv${lanes.state.size}`,
        code: index(
          id('S'),
          bin(paren(bin(start, '+', call('u32', id(lanes.base)))), '>>', u32(2)),
        ),
      };
      lanes.state.set(key, pl);
    }
    return index(id(pl.name), int(lanes.k));
  }

  /** A read of state array `arr` in context `ctx` (idx: the WGSL of the IR indices `at`). */
  private read(em: Emitter, ctx: ExprContext, arr: string, idx: Expr[], at: IExpr[]): Expr {
    const { k, a } = this.stateArray(arr);
    const row = idx[0];
    if (!row) throw new Error(`internal: wgsl: a read of ${arr} without an index`);
    const dom = this.p.main.domain!;
    em.uses.add('S');
    // What the indices are, from the IR: the individual's own row, a constant row, a loop's
    // (or the lane's) element index.
    const own = (x: IExpr | undefined) => x?.k === 'idx' && x.name === dom.idx;
    const isIndex = (x: IExpr | undefined, name: string) => x?.k === 'idx' && x.name === name;
    const lanes = em.lanes;
    if (
      lanes?.state &&
      idx.length === 2 &&
      [...lanes.names].some((nm) => isIndex(at[1], nm)) &&
      a.cols % 4 === 0 &&
      at[0] !== undefined &&
      // The load is hoisted to the top of the loop's body (endLanes), so its row may use only
      // the individual's own index: not the loop's elements, nor the index of a reduction inside
      // the loop (`sum(k < N) X[k][j]`: k is not in scope there).
      [...freeIdx(at[0])].every((i) => i === dom.idx)
    ) {
      // Four consecutive elements of a row in one 16-byte load (loops that take four a lane).
      const at4 = bin(this.off('o', k), '+', bin(call('u32', row), '*', u32(a.cols)));
      return this.laneVec4(lanes, `${k}|${printExpr(row)}`, at4);
    }
    // A one-dimensional array (a value row: the population's fitness) read at the loop's index:
    // four consecutive rows in one 16-byte load (order-free reductions over the population in
    // the team regime: the track's argmin). Arrays start on 64-float boundaries.
    if (
      lanes?.state &&
      lanes.base &&
      idx.length === 1 &&
      [...lanes.names].some((nm) => isIndex(at[0], nm))
    )
      return this.laneVec4(lanes, `${k}|1d`, this.off('o', k));
    // A value row at an unrolled reduction's index (lane + offset): loaded at the start of the
    // kernel, off the critical path, as the individual's own values are (the fused track's
    // argmin over the population). The index is clamped into the loop's range and the array:
    // lanes past its end load a value their guard then leaves out.
    const lr = ctx.laneRow;
    if (lr && ctx.hoist && idx.length === 1 && [...lr.names].some((nm) => isIndex(at[0], nm))) {
      const last = Math.min(lr.hi, a.rows) - 1;
      const i = call('min', add(call('i32', id('lane')), i32(lr.offset)), i32(Math.max(0, last)));
      return id(ctx.hoist(call('opt_s', this.addr('o', arr, i)), 'load'));
    }
    // The lane's own element of the individual's own row: loaded at the start too.
    if (ctx.laneIdx && ctx.hoist && idx.length === 2 && own(at[0]) && isIndex(at[1], ctx.laneIdx))
      return id(
        ctx.hoist(call('opt_s', this.addr('o', arr, row, call('i32', id('lane')))), 'load'),
      );
    // The value at an argmin's (argmax's) index, when that reduction ranged over this very
    // array in this kernel: the reduction already has it (the track's best fitness).
    const arg = at.length === 1 && at[0]?.k === 'sref' ? this.argValue.get(at[0].name) : undefined;
    if (arg && arg.arr === arr && em.teamLanes?.lane === 'lane' && em.lets.has(arg.sval))
      return id(arg.sval);
    const code = call('opt_s', this.addr('o', arr, row, idx[1]));
    // The individual's own values (its fitness, F_i, CR_i), and values at constant rows
    // (the best so far): loaded at the start of the kernel, off the critical path (nothing
    // writes them before the epilogue).
    if (at.every((x) => own(x) || x.k === 'int') && ctx.hoist) return id(ctx.hoist(code, 'load'));
    return code;
  }

  /**
   * The writes: by the team's lanes, or (split regime) by the workgroup of chunk `chunk`. Every
   * read of the step (by any lane of the team) happens before any write: in-place arrays are read
   * at the individual's own row, which its own lanes then overwrite. Writes that only go to
   * double-buffered arrays, or to arrays the step never reads, need no barrier.
   */
  epilogue(
    em: Emitter,
    ctx: ExprContext,
    team: number,
    chunk?: { size: number; wg: number },
    which: 'all' | 'values' | 'vectors' = 'all',
    chained?: ChainedValues,
  ) {
    const { p, options } = this;
    const reads = new Set<string>();
    const collect = (e: IExpr) =>
      forEachNode(e, (x) => {
        if (x.k === 'read') reads.add(x.arr);
      });
    for (const b of p.main.bindings) collect(b.body);
    for (const w of p.main.writes ?? []) collect(w.body);
    const hazard = (p.main.writes ?? []).some(
      (w) => !(options.pingPong?.has(w.arr) ?? false) && reads.has(w.arr),
    );
    if (!chunk && (hazard || !options.pingPong)) em.add(barrier('storage'), barrier());
    const writes = (p.main.writes ?? []).filter(
      (w0) => which === 'all' || (which === 'values') === !w0.col,
    );
    // Team regime: four consecutive elements a lane, stored as one vec4, where every vector
    // write allows it (all of them or none: a lane then writes the same elements of every row).
    // The split regime's writes kernel takes four consecutive elements a lane already: there
    // they become one vec4 where the chunk and the rows are whole vec4s.
    const four = writes.every(
      (w0) =>
        !w0.col ||
        (w0.col.len % 4 === 0 &&
          (chunk ? chunk.size % 4 === 0 : w0.col.len / 4 >= team) &&
          this.stateArray(w0.arr).a.cols % 4 === 0),
    );
    for (const w0 of writes) this.write(em, ctx, w0, team, chunk, chained, four);
    em.uses.add('S');
  }

  /** One write of the step. */
  private write(
    em: Emitter,
    ctx: ExprContext,
    w0: Write,
    team: number,
    chunk?: { size: number; wg: number },
    chained?: ChainedValues,
    four = false,
  ) {
    const a = this.stateArray(w0.arr).a;
    // Split regime: this workgroup writes chunk c of each row; the scalar writes are chunk 0's.
    const first = chunk
      ? bin(bin(id('c'), '==', u32(0)), '&&', bin(id('lid'), '==', u32(0)))
      : bin(id('lane'), '==', u32(0));
    const { w, when } = narrowWrite(w0, this.options.pingPong);
    em.open(block());
    const pre: Stmt[] = [];
    const row = wgslNode(w.row, ctx, pre);
    const cond = when ? wgslNode(when, ctx, pre) : undefined;
    em.add(...pre);
    const r = em.fresh();
    em.add(letS(r, row, 'i32'));
    // A row outside the array writes nothing (the best-of-union's members ranked N or worse).
    const inRows = bin(
      bin(id('valid'), '&&', bin(id(r), '>=', i32(0))),
      '&&',
      bin(id(r), '<', i32(a.rows)),
    );
    const guard = cond ? bin(inRows, '&&', cond) : inRows;
    if (w.col) {
      em.open(ifS(guard));
      // Split regime: four consecutive elements a lane (one Philox block for their draws) from
      // the chunk's start to `jend`.
      let range: { from: Expr; end: Expr; step: number } | undefined;
      if (chunk) {
        const end = call('i32', mul(paren(add(id('c'), u32(1))), u32(chunk.size)));
        em.add(letS('jend', call('min', i32(w.col.len), end)));
        const from = call('i32', add(mul(id('c'), u32(chunk.size)), mul(u32(4), id('lid'))));
        range = { from, end: id('jend'), step: 4 * chunk.wg };
      }
      if (four) {
        const lanes4 = {
          from: mul(i32(4), call('i32', id('lane'))),
          end: i32(w.col.len),
          step: 4 * team,
        };
        this.writeFour(em, ctx, w, id(r), range ?? lanes4);
        em.close();
        em.close();
        return;
      }
      if (range) {
        em.open(countedFor('jw4', 'i32', range.from, range.end, i32(range.step)));
        em.open(
          countedFor('jw', 'i32', id('jw4'), call('min', add(id('jw4'), i32(4)), id('jend'))),
        );
      } else em.open(countedFor('jw', 'i32', call('i32', id('lane')), i32(w.col.len), i32(team)));
      em.add(letS(ctx.indexName(w.col.idx), id('jw')));
      const inner: Stmt[] = [];
      const v = wgslNode(w.body, ctx, inner);
      em.add(...inner);
      em.add(callS('opt_s_set', this.addr('w', w.arr, id(r), id('jw')), toF32(v, w.body.t)));
      em.close();
      if (range) em.close();
      em.close();
    } else {
      em.open(ifS(bin(guard, '&&', first)));
      const inner: Stmt[] = [];
      const v = wgslNode(w.body, ctx, inner);
      em.add(...inner);
      const to = this.addr('w', w.arr, id(r));
      const copy = chained?.copy(w0);
      if (copy && chained) {
        // A chain kernel: every workgroup keeps the new value, chunk 0 writes it to S.
        const t = em.fresh();
        em.add(letS(t, toF32(v, w.body.t)), assign(copy, id(t)));
        em.add(ifS(chained.writesS, [callS('opt_s_set', to, id(t))]));
      } else em.add(callS('opt_s_set', to, toF32(v, w.body.t)));
      em.close();
    }
    em.close();
  }

  /**
   * A row write, four consecutive elements a lane (the team's lanes, or a split chunk's
   * workgroup over its part of the chunk): their draws share one
   * Philox block, the state rows they read at their own element are one 16-byte load each, and
   * the four values are one 16-byte store (the arrays start on 64-float boundaries:
   * runtime/algo-layout.ts, and the row length is a multiple of 4). The same values reach the
   * same elements as with one element a lane.
   */
  private writeFour(
    em: Emitter,
    ctx: ExprContext,
    w: Write,
    r: Expr,
    range: { from: Expr; end: Expr; step: number },
  ) {
    const col = w.col!;
    const loop = em.open(countedFor('jw4', 'i32', range.from, range.end, i32(range.step)));
    em.lanes = stateLanes([col.idx], 'jw4');
    const vs: Expr[] = [];
    for (let u = 0; u < 4; u++) {
      em.lanes.k = u;
      // Each element in a block of its own (its index and temporaries), its value kept outside.
      const t = em.fresh();
      em.add(varS(t, 'f32', f32(0)));
      em.open(block());
      em.add(letS(ctx.indexName(col.idx), add(id('jw4'), i32(u))));
      const inner: Stmt[] = [];
      const v = wgslNode(w.body, ctx, inner);
      em.add(...inner);
      em.add(assign(id(t), toF32(v, w.body.t)));
      em.close();
      vs.push(id(t));
    }
    endLanes(em, loop.body, 0, bin(id('jw4'), '/', i32(4)));
    em.add(
      assign(
        index(id('S'), bin(paren(this.addr('w', w.arr, r, id('jw4'))), '>>', u32(2))),
        call('vec4<f32>', ...vs),
      ),
    );
    em.close();
  }
}
