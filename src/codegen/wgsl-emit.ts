// The building blocks of WGSL generation shared by the team and split regimes: the statement
// emitter, the expression context (how arrays and scalars are addressed), accumulators and tree
// reductions, tiled scans, vectorised element loops, kernel headers.

import type { Binding, IExpr, IrProgram, ScheduledProgram } from '../ir/ir.js';
import { workgroupsFor, type PlanKernel } from '../schedule/plan.js';
import { canonicalChain } from '../schedule/canonical.js';
import { SCAN_SEGMENT, scanChain } from '../schedule/canonical-scan.js';
import { fuseMulAdds } from './wgsl-fma.js';
import { porCombine, toF32, wgslNode, type ExprContext } from './wgsl-expr.js';
import { isTwoFloatFunction, libraryTexts, type LibraryId } from './wgsl-library.js';

import {
  add,
  assign,
  barrier,
  bin,
  block,
  call,
  f32,
  forS,
  i32,
  id,
  ifS,
  incr,
  index,
  int,
  letS,
  mapExprs,
  member,
  mul,
  paren,
  printModule,
  someCall,
  u32,
  varS,
  type Decl,
  type Expr,
  type Module,
  type Stmt,
} from './wgsl-ast.js';
import {
  EVAL_PARAM_FIELDS,
  kernelBinding,
  type BindingOptions,
  type BufferName,
  type KernelBinding,
} from './wgsl-bindings.js';

export type { BufferName };

export type RedNode = IExpr & { k: 'red' };

/**
 * The longest chain of sequential additions in the generated code's summation order for `p`'s
 * schedule: the `chain` of the running error bound (ir/error-bound.ts). A reduction sums in the
 * canonical order whatever the schedule (schedule/canonical.ts, canonicalChain: the terms of a
 * partial, the blocks' tree, the lanes' tree), as does a scan (canonical-scan.ts, scanChain). A
 * program with a scan also keeps, as a margin, the chain of the scans' former, scheduled order
 * (scheduleChain): team, ceil(D / T) adds per lane, SCAN_SEGMENT a tile and log2(T) levels;
 * split, chunk / wg adds per lane (twice in a scan), the workgroup tree, the carry over earlier
 * chunks and the combine over the chunks.
 */
export function summationChain(p: ScheduledProgram): number {
  const canonical = canonicalChain(p.main.len) + 2;
  const scans = p.main.bindings.flatMap((b) => (b.k === 'scan' ? [scanChain(b.len)] : []));
  if (!scans.length) return canonical;
  return Math.max(canonical, scheduleChain(p), ...scans);
}

function scheduleChain(p: ScheduledProgram): number {
  const r = p.schedule.regime;
  if (r.k === 'team') return Math.ceil(p.dim / r.team) + SCAN_SEGMENT + Math.log2(r.team) + 2;
  const { wg, chunk, groups } = r;
  const tc = Math.min(wg, 2 ** Math.ceil(Math.log2(groups)));
  return (
    2 * (chunk / wg) +
    2 * Math.log2(wg) +
    Math.ceil(groups / wg) +
    Math.ceil(groups / tc) +
    Math.log2(tc) +
    2
  );
}

export const ACC_INIT: Record<string, (t: string) => Expr> = {
  sum: (t) => (t === 'i' ? i32(0) : f32(0)),
  count: () => i32(0),
  prod: (t) => (t === 'i' ? i32(1) : f32(1)),
  por: () => f32(0),
  min: (t) => (t === 'i' ? i32(2147483647) : f32(Infinity)),
  max: (t) => (t === 'i' ? i32(-2147483647) : f32(-Infinity)),
  argmin: () => f32(Infinity),
  argmax: () => f32(-Infinity),
};

/** An accumulator's identity, its value before any term (ACC_INIT). */
export function accIdentity(a: Acc): Expr {
  const f = ACC_INIT[a.red.op];
  if (!f) throw new Error(`internal: wgsl: reduction ${a.red.op}`);
  return f(a.red.t);
}

/** Combine two accumulator values (a, b) of op. */
export function combine(op: string, a: Expr, b: Expr): Expr {
  switch (op) {
    case 'sum':
    case 'count':
      return bin(a, '+', b);
    case 'prod':
      return bin(a, '*', b);
    case 'por':
      return porCombine(a, b);
    case 'min':
      return call('min', a, b);
    case 'max':
      return call('max', a, b);
  }
  throw new Error(`internal: wgsl: combine ${op}`);
}

export const isArg = (op: string) => op === 'argmin' || op === 'argmax';
/** v (at index vi) is better than best (at index bi): ties go to the lower index. */
export const better = (op: string, v: Expr, vi: Expr, best: Expr, bi: Expr): Expr =>
  paren(
    bin(
      bin(v, op === 'argmin' ? '<' : '>', best),
      '||',
      paren(bin(bin(v, '==', best), '&&', bin(vi, '<', bi))),
    ),
  );

/** The accumulator of reduction `out`, and (argmin, argmax) its index. */
export const accName = (out: string) => id(`acc_${out.replace(/\W/g, '_')}`);
export const accIndexName = (out: string) => id(`acci_${out.replace(/\W/g, '_')}`);

export interface VectorLanes {
  names: Set<string>; // IR names of the loop's element index
  k: number; // the component being emitted
  usedX: boolean;
  dv: Map<string, string>; // data offset -> preloaded vec4 name
  /** Algorithm steps: the loop's first element (a multiple of 4), and state rows preloaded as vec4. */
  base?: string;
  state?: Map<string, { name: string; code: Expr }>;
}

/**
 * Lanes of a loop that takes four consecutive elements a lane from `base` (a multiple of 4): the
 * state rows read at the elements `names` become one 16-byte load each (wgsl-step.ts, read).
 */
export function stateLanes(names: Iterable<string>, base: string): VectorLanes {
  return { names: new Set(names), k: 0, usedX: false, dv: new Map(), base, state: new Map() };
}

export class Emitter {
  /** The entry point's statements. */
  readonly body: Stmt[] = [];
  /** The statement list being appended to: the body, or the innermost open block. */
  private top: Stmt[] = this.body;
  /** The lists of the enclosing open blocks (and the body), innermost last. */
  private outer: Stmt[][] = [];
  /** Names this kernel binds with `let` (treeReduce's values, read by algorithm steps). */
  readonly lets = new Set<string>();
  /** X and DATA are declared as vec4 arrays (D % 4 == 0): element loops load 16 bytes a lane. */
  vec4 = false;
  lanes: VectorLanes | null = null;
  /** The kernel uses subgroup operations (none does since scans round in their canonical order: wgsl-scan.ts). */
  subgroups = false;
  /** Teams are whole subgroups (team >= the adapter's largest subgroup). */
  wholeSubgroups = false;
  /** Algorithm steps: how an individual's lanes are named (for draws computed lane-parallel). */
  teamLanes: { lane: string; team: Expr; size: number; ipg: number } | null = null;
  private counter = 0;
  /** Suffixes its workgroup variables (the phases of a chain kernel are emitters of their own). */
  tag = '';
  uses = new Set<BufferName>();
  fresh = () => `t${this.counter++}`;
  add(...ss: Stmt[]) {
    for (const st of ss) {
      if (st.k === 'let') this.lets.add(st.name);
      this.top.push(st);
    }
  }
  /** Adds a statement with a body and appends to that body until close(). */
  open<T extends Stmt & { body: Stmt[] }>(st: T): T {
    this.add(st);
    this.outer.push(this.top);
    this.top = st.body;
    return st;
  }
  close() {
    const top = this.outer.pop();
    if (!top) throw new Error('internal: wgsl: close() without open()');
    this.top = top;
  }
}

/** Where `name` starts in an individual's SCR: the plan must have put it there. */
export function scratchAt(L: Layout, name: string): number {
  const at = L.scratchOffset.get(name);
  if (at === undefined)
    throw new Error(`internal: wgsl: ${name} is written to SCR, not in the plan's storage`);
  return at;
}

export interface Layout {
  /** Vectors kept in workgroup memory (algorithm steps): offset within an individual's stride. */
  sharedOffset?: Map<string, number>;
  sharedStride?: number;
  dataOffset: Map<string, number>;
  dataShape: Map<string, number[]>;
  /** Matrices stored column-major (data-layout.ts). */
  dataTransposed?: Set<string>;
  scratchOffset: Map<string, number>;
  scratchStride: number;
  scalarSlot: Map<string, number>;
  scalarStride: number;
}

/** The bindings of a kernel that uses `uses` (P always). */
function kernelBindings(uses: Set<BufferName>, o: BindingOptions): KernelBinding[] {
  return ['P' as const, ...uses].map((n) => kernelBinding(n, o));
}

/** The module-scope declarations of an evaluation's kernel. */
export function header(
  uses: Set<BufferName>,
  wg: number,
  shF: number,
  shI: number,
  shS = 0,
  vec4 = false,
  subgroups = false,
): Decl[] {
  const decl: Decl[] = subgroups
    ? [
        { k: 'enable', name: 'subgroups' },
        { k: 'var', space: 'workgroup', name: 'sg_counter', ty: 'atomic<u32>' },
      ]
    : [];
  decl.push({
    k: 'struct',
    name: 'Params',
    fields: EVAL_PARAM_FIELDS.map((f): [string, string] => [f, 'u32']),
  });
  for (const name of ['P', 'X', 'F', 'DATA', 'SCR', 'PART', 'SC'] as const)
    if (name === 'P' || uses.has(name))
      decl.push({ k: 'binding', b: kernelBinding(name, { vec4 }) });
  decl.push(...workgroupDecls(wg, shF, shI, shS));
  return decl;
}

/** What an algorithm step declares in each of its kernels (StepHooks, wgsl-kernels.ts). */
export interface StepDecls {
  /** Its module-scope declarations before the buffers: the parameters' struct, P, S, ... */
  params: Decl[];
  /** How the step's kernels bind their buffers. */
  bindings: BindingOptions;
  /** Completes a kernel's body (its lane-parallel draws); returns the declarations they need. */
  finish(em: Emitter): Decl[];
}

/**
 * A kernel's module-scope declarations: an evaluation's (header), or an algorithm step's (its
 * parameters, then the buffers it uses).
 */
export function kernelDecls(
  em: Emitter,
  step: StepDecls | undefined,
  wg: number,
  shF: number,
  shI: number,
  shS: number,
): Decl[] {
  if (!step) return header(em.uses, wg, shF, shI, shS, em.vec4, em.subgroups);
  const d: Decl[] = [...step.finish(em), ...step.params];
  for (const name of ['DATA', 'SCR', 'PART', 'SC'] as const)
    if (em.uses.has(name))
      d.push({ k: 'binding', b: kernelBinding(name, { ...step.bindings, vec4: em.vec4 }) });
  d.push(...workgroupDecls(wg, shF, shI, shS));
  return d;
}

/** The workgroup size and the workgroup memory of the accumulators and scans. */
function workgroupDecls(wg: number, shF: number, shI: number, shS: number): Decl[] {
  const decl: Decl[] = [{ k: 'override', name: 'WG', ty: 'u32', init: u32(wg) }];
  if (shF) decl.push({ k: 'var', space: 'workgroup', name: 'shf', ty: `array<f32, ${shF * wg}>` });
  if (shI) decl.push({ k: 'var', space: 'workgroup', name: 'shi', ty: `array<i32, ${shI * wg}>` });
  if (shS) decl.push({ k: 'var', space: 'workgroup', name: 'shs', ty: `array<f32, ${shS}>` });
  return decl;
}

/** The expression context inside a kernel: how arrays and scalars are addressed. */
export function context(em: Emitter, L: Layout, scanValue: Map<string, string>): ExprContext {
  return {
    read(arr, idx, at) {
      const i0 = idx[0];
      if (!i0) throw new Error(`internal: wgsl: a read of ${arr} without an index`);
      // The loop's element index (whose vec4 a lane loads once): an index variable of the IR
      // that the loop's lanes name.
      const laneElement = (k: number) => {
        const x = at[k];
        return x?.k === 'idx' && !!em.lanes?.names.has(x.name);
      };
      const u = (e: Expr) => call('u32', e);
      /** Element e of a vec4 array: its vec4 and its component. */
      const inVec4 = (arr: Expr, e: Expr) =>
        index(index(arr, bin(paren(e), '>>', u32(2))), bin(paren(e), '&', u32(3)));
      const sv = scanValue.get(arr);
      if (sv !== undefined) return id(sv);
      const shape = L.dataShape.get(arr);
      const off = L.dataOffset.get(arr);
      if (shape && off !== undefined) {
        em.uses.add('DATA');
        if (em.lanes && em.vec4 && shape.length === 1 && laneElement(0)) {
          if (!em.lanes.dv.has(String(off))) em.lanes.dv.set(String(off), `dv${off}`);
          return index(id(`dv${off}`), int(em.lanes.k));
        }
        const transposed = !!L.dataTransposed?.has(arr);
        const [rows = 0, cols = 0] = shape;
        const i1 = idx[1];
        if (shape.length === 2 && !i1)
          throw new Error(`internal: wgsl: a read of matrix ${arr} at one index`);
        // A transposed matrix with whole vec4 columns: the row's vec4 and component without the
        // division by 4 of a flat index (the component is the lane's own, the same for every j).
        if (em.vec4 && i1 && shape.length === 2 && transposed && rows % 4 === 0 && off % 4 === 0)
          return index(
            index(
              id('DATA'),
              bin(
                bin(u32(off / 4), '+', bin(u(i1), '*', u32(rows / 4))),
                '+',
                paren(bin(u(i0), '>>', u32(2))),
              ),
            ),
            bin(u(i0), '&', u32(3)),
          );
        const flat =
          shape.length !== 2 || !i1
            ? u(i0)
            : transposed
              ? bin(bin(u(i1), '*', u32(rows)), '+', u(i0))
              : bin(bin(u(i0), '*', u32(cols)), '+', u(i1));
        if (em.vec4) return inVec4(id('DATA'), bin(u32(off), '+', flat));
        return index(id('DATA'), bin(u32(off), '+', flat));
      }
      const shared = L.sharedOffset?.get(arr);
      if (shared !== undefined)
        return slotAt('shv', id('team'), L.sharedStride ?? 0, shared, u(i0));
      const scratch = L.scratchOffset.get(arr);
      if (scratch !== undefined) {
        em.uses.add('SCR');
        return slotAt('SCR', id('n'), L.scratchStride, scratch, u(i0));
      }
      em.uses.add('X');
      if (em.lanes && laneElement(0)) {
        em.lanes.usedX = true;
        return index(id('xv'), int(em.lanes.k));
      }
      if (em.vec4) return inVec4(id('X'), bin(id('xo'), '+', u(i0)));
      return index(id('X'), bin(id('xo'), '+', u(i0)));
    },
    scalar: (name) => `s_${name.replace(/[^A-Za-z0-9_]/g, '_')}`,
    index: (name) => id(indexName(name)),
    indexName,
    fresh: em.fresh,
  };
}

/** The WGSL variable of IR index `name`. */
const indexName = (name: string) => `i_${name.replace(/[^A-Za-z0-9_]/g, '_')}`;

export const sname = (n: string) => `s_${n.replace(/[^A-Za-z0-9_]/g, '_')}`;
export const wty = (t: string) => (t === 'i' ? 'i32' : t === 'b' ? 'bool' : 'f32');

export interface Acc {
  out: string;
  red: RedNode;
  f: number; // slot in shf
  i: number; // slot in shi (int accumulators and arg indices)
}

export function allocAccs(
  outs: string[],
  bind: Map<string, Binding>,
): { accs: Acc[]; nf: number; ni: number } {
  let nf = 0;
  let ni = 0;
  const accs = outs.map((o) => {
    const red = (bind.get(o) as Binding & { k: 'scalar' }).body as RedNode;
    const a: Acc = { out: o, red, f: -1, i: -1 };
    if (isArg(red.op)) {
      a.f = nf++;
      a.i = ni++;
    } else if (red.t === 'i') a.i = ni++;
    else a.f = nf++;
    return a;
  });
  return { accs, nf, ni };
}

/** `valid && lane == 0u`: the lane that stores its individual's results. */
export const leadLane = (lane: string): Expr => bin(id('valid'), '&&', bin(id(lane), '==', u32(0)));

/** `arr[row * stride + off + at]`: element `at` of a row's slot at `off` (SCR, shv, SC). */
export const slotAt = (arr: string, row: Expr, stride: number, off: number, at: Expr): Expr =>
  index(id(arr), add(mul(row, u32(stride)), u32(off), at));

/** Stores element `iv` of the vector `name` in the individual's SCR slot (valid lanes only). */
export function storeScratch(em: Emitter, L: Layout, name: string, iv: Expr, v: Expr): void {
  em.uses.add('SCR');
  const at = slotAt('SCR', id('n'), L.scratchStride, scratchAt(L, name), iv);
  em.add(ifS(id('valid'), [assign(at, v)], true));
}

/** Declares accumulators and emits the guarded accumulate step for each, at loop index `iv`. */
export function accumulate(em: Emitter, accs: Acc[], ctx: ExprContext, iv: Expr, declare: boolean) {
  if (declare) {
    for (const a of accs) {
      const ty = isArg(a.red.op) ? 'f32' : wty(a.red.t);
      em.add(varS(accName(a.out).name, ty, accIdentity(a)));
      if (isArg(a.red.op)) em.add(varS(accIndexName(a.out).name, 'i32', i32(2147483647)));
    }
    return;
  }
  for (const a of accs) {
    const pre: Stmt[] = [];
    const idxName = ctx.indexName(a.red.idx);
    const lo = wgslNode(a.red.lo, ctx, pre);
    const hi = wgslNode(a.red.hi, ctx, pre);
    em.add(...pre);
    const i = iv;
    em.open(ifS(bin(bin(i, '>=', lo), '&&', bin(i, '<', hi))));
    em.add(letS(idxName, i));
    const inner: Stmt[] = [];
    const cond = a.red.cond ? wgslNode(a.red.cond, ctx, inner) : undefined;
    const body = wgslNode(a.red.body, ctx, inner);
    em.add(...inner);
    const A = accName(a.out);
    if (cond) em.open(ifS(cond));
    if (isArg(a.red.op)) {
      const v = id(em.fresh());
      const AI = accIndexName(a.out);
      em.add(letS(v.name, toF32(body, a.red.body.t)));
      em.add(
        ifS(better(a.red.op, v, id(idxName), A, AI), [assign(A, v), assign(AI, id(idxName))], true),
      );
    } else {
      const B = a.red.t === 'f' ? toF32(body, a.red.body.t) : body;
      em.add(assign(A, combine(a.red.op, A, B)));
    }
    if (cond) em.close();
    em.close();
  }
}

/** Tree reduction of the accumulators over teams of `team` lanes (unrolled; barriers uniform). */
export function treeReduce(
  em: Emitter,
  accs: Acc[],
  team: number,
  wg: number,
  laneVar: string,
  base: Expr,
  live = team,
) {
  // `live`: the lanes of the team that hold values (a power of two); the rest hold the identity
  // (a canonical loop's lanes past its W lane-partials), so the tree's levels from off = live on
  // would add the identity: they are left out, the same bits.
  // Slot `slot` of the f32 or i32 accumulators at lane `at` (+ off).
  const sh = (arr: 'shf' | 'shi', slot: number, at: Expr, off = 0) => {
    const i = bin(u32(slot * wg), '+', at);
    return index(id(arr), off ? bin(i, '+', u32(off)) : i);
  };
  const lid = id('lid');
  for (const a of accs) {
    const A = accName(a.out);
    if (a.f >= 0) em.add(assign(sh('shf', a.f, lid), A));
    if (isArg(a.red.op)) em.add(assign(sh('shi', a.i, lid), accIndexName(a.out)));
    else if (a.i >= 0) em.add(assign(sh('shi', a.i, lid), A));
  }
  em.add(barrier());
  for (let off = Math.min(team, live) / 2; off >= 1; off /= 2) {
    em.open(ifS(bin(id(laneVar), '<', u32(off))));
    for (const a of accs) {
      const F = sh('shf', a.f, lid);
      const I = sh('shi', a.i, lid);
      if (isArg(a.red.op)) {
        const v = sh('shf', a.f, lid, off);
        const vi = sh('shi', a.i, lid, off);
        em.add(ifS(better(a.red.op, v, vi, F, I), [assign(F, v), assign(I, vi)], true));
      } else if (a.f >= 0) em.add(assign(F, combine(a.red.op, F, sh('shf', a.f, lid, off))));
      else em.add(assign(I, combine(a.red.op, I, sh('shi', a.i, lid, off))));
    }
    em.close();
    em.add(barrier());
  }
  for (const a of accs) {
    const slot =
      isArg(a.red.op) || (a.i >= 0 && a.f < 0) ? sh('shi', a.i, base) : sh('shf', a.f, base);
    em.add(letS(sname(a.out), slot, wty(a.red.t)));
    if (isArg(a.red.op))
      em.add(letS(`sval_${a.out.replace(/\W/g, '_')}`, sh('shf', a.f, base), 'f32'));
  }
  em.add(barrier());
}

/** `for (var name: ty = from; name < to; name++)` (or `+= step`) with the given body. */
export const countedFor = (
  name: string,
  ty: 'i32' | 'u32',
  from: Expr,
  to: Expr,
  step?: Expr,
  body: Stmt[] = [],
  inline = false,
) =>
  forS(
    varS(name, ty, from),
    bin(id(name), '<', to),
    step === undefined ? incr(id(name)) : assign(id(name), step, '+='),
    body,
    inline,
  );

/**
 * With subgroups, lanes are renumbered so that each subgroup holds consecutive lanes: WGSL does not
 * promise that subgroup_invocation_id follows local_invocation_index. One atomic per subgroup.
 */
const subgroupPrologue = (): Stmt[] => [
  varS('sg_first', 'u32', u32(0)),
  ifS(
    call('subgroupElect'),
    [assign(id('sg_first'), call('atomicAdd', { k: 'un', op: '&', a: id('sg_counter') }, u32(1)))],
    true,
  ),
  letS('sg_index', call('subgroupBroadcastFirst', id('sg_first'))),
  letS('lid', add(mul(id('sg_index'), id('sgsize')), id('sgid'))),
];

/**
 * The kernel as a module: its declarations, `main` (with the builtins its lanes use) and the
 * library functions after it, so the kernel reads first (WGSL allows any order).
 */
function kernelModule(em: Emitter, decls: Decl[], library: string[], body: Stmt[]): Module {
  const builtins = em.subgroups
    ? [
        { name: 'lid_hw', builtin: 'local_invocation_index', ty: 'u32' },
        { name: 'wid', builtin: 'workgroup_id', ty: 'vec3<u32>' },
        { name: 'sgid', builtin: 'subgroup_invocation_id', ty: 'u32' },
        { name: 'sgsize', builtin: 'subgroup_size', ty: 'u32' },
      ]
    : [
        { name: 'lid', builtin: 'local_invocation_index', ty: 'u32' },
        { name: 'wid', builtin: 'workgroup_id', ty: 'vec3<u32>' },
      ];
  return {
    decls,
    entry: {
      workgroupSize: id('WG'),
      builtins,
      body: [...(em.subgroups ? subgroupPrologue() : []), ...body],
    },
    library,
  };
}

/**
 * Plan kernel `k` as a kernel: its module (the library functions after `main`, so the kernel reads
 * first) and that module printed, what it binds, and its workgroups for n individuals; its name
 * and grid are the plan's.
 */
export function wgslKernel(
  em: Emitter,
  step: (StepDecls & { library: readonly LibraryId[] }) | undefined,
  k: PlanKernel,
  decls: Decl[],
) {
  // The core library, the step's, and the float-float helpers where the kernel calls them and
  // its step's libraries lack them: a problem's float-float arguments (passes/turns.ts).
  const library: LibraryId[] = ['core', ...(step?.library ?? [])];
  if (!library.includes('two-float') && someCall(em.body, isTwoFloatFunction))
    library.push('two-float');
  // Every float add of a product an explicit fma (wgsl-fma.ts): the rounding is the program's,
  // whatever shape the schedule gave the kernel.
  const body = fuseMulAdds(step ? perRun(em.body) : em.body);
  const module = kernelModule(em, decls, libraryTexts(library, decls), body);
  const code = printModule(module);
  const bindings = kernelBindings(em.uses, { ...step?.bindings, vec4: em.vec4 });
  const workgroups = (n: number) => workgroupsFor(k.dispatch, n);
  return { name: k.name, module, code, bindings, uses: bindings.map((b) => b.name), workgroups };
}

/** A step's per-individual buffers and the parameter that says how many words each run owns. */
const RUN_WORDS: Partial<Record<string, string>> = {
  SCR: 'run_scr',
  PART: 'run_part',
  SC: 'run_sc',
};

/**
 * A step kernel's body with its scratch addressed in its run's share (the grid's z: the runs of a
 * batch, src/runtime/algo-gpu.ts): SCR, PART and SC hold a region a run, P.run_scr (...) words
 * each. Its state (S) is placed by the offset tables (wgsl-step.ts, off).
 */
function perRun(body: Stmt[]): Stmt[] {
  return mapExprs(body, (x) => {
    const words = x.k === 'index' && x.a.k === 'id' ? RUN_WORDS[x.a.name] : undefined;
    return x.k === 'index' && words
      ? index(x.a, add(paren(x.i), mul(member(id('wid'), 'z'), member(id('P'), words))))
      : x;
  });
}

/** Emits the scanned term of `b` at element `iv` (binding the scan's index) and returns its value. */
export function scanTerm(em: Emitter, ctx: ExprContext, b: Binding & { k: 'scan' }) {
  return (iv: string): Expr => {
    em.add(letS(ctx.indexName(b.idx), id(iv)));
    const pre: Stmt[] = [];
    const v = wgslNode(b.body, ctx, pre);
    em.add(...pre);
    return toF32(v, b.body.t);
  };
}

export function scalarStage(em: Emitter, b: Binding & { k: 'scalar' }, ctx: ExprContext) {
  const pre: Stmt[] = [];
  const v = wgslNode(b.body, ctx, pre);
  em.add(...pre);
  em.add(letS(sname(b.name), b.t === 'f' ? toF32(v, b.body.t) : v, wty(b.t)));
}

export function resultLine(em: Emitter, p: IrProgram, ctx: ExprContext, guard: Expr) {
  const pre: Stmt[] = [];
  const r = wgslNode(p.main.result, ctx, pre);
  em.add(...pre);
  em.uses.add('F');
  const at = index(id('F'), add(member(id('P'), 'f_offset'), id('n')));
  em.add(ifS(guard, [assign(at, toF32(r, p.main.result.t))], true));
}

export function gridPrologue(em: Emitter) {
  em.add(
    letS('group', add(member(id('wid'), 'x'), mul(member(id('wid'), 'y'), member(id('P'), 'gx')))),
  );
}

/**
 * Teams of `team` lanes, `ipg` individuals a workgroup: the lane's team and lane in it, its
 * individual n (the last one for lanes past the population, which store nothing: `valid`) and
 * the offset of n's row in X (`xoNote`: why a kernel that reads no vector has it).
 */
export function teamPrologue(em: Emitter, team: number, ipg: number, D: number, xoNote?: string) {
  em.add(
    letS('team', bin(id('lid'), '/', u32(team))),
    letS('lane', bin(id('lid'), '%', u32(team))),
    letS('n_raw', add(mul(id('group'), u32(ipg)), id('team'))),
    letS('valid', bin(id('n_raw'), '<', member(id('P'), 'n'))),
    letS('n', call('min', id('n_raw'), bin(member(id('P'), 'n'), '-', u32(1)))),
    letS('xo', mul(id('n'), u32(D)), undefined, xoNote),
  );
  em.teamLanes = { lane: 'lane', team: id('team'), size: team, ipg };
}

/**
 * The element loop of a reduction, four consecutive elements per lane and iteration: x and the
 * data vectors read at the element index are loaded as one vec4 each (16-byte loads reach the
 * memory bandwidth; 4-byte loads reach about half on an H200). `start4`, `end4` and `step4` count
 * vec4s.
 */
export function vectorLoop(
  em: Emitter,
  accs: Acc[],
  ctx: ExprContext,
  start4: Expr,
  end4: Expr,
  step4: number,
  lane: Expr,
) {
  const loop = em.open(countedFor('q', 'i32', add(start4, call('i32', lane)), end4, i32(step4)));
  em.lanes = {
    names: new Set(accs.map((a) => a.red.idx)),
    k: 0,
    usedX: false,
    dv: new Map(),
  };
  for (let k = 0; k < 4; k++) {
    em.lanes.k = k;
    em.add(letS(`e${k}`, add(mul(id('q'), i32(4)), i32(k))));
    accumulate(em, accs, ctx, id(`e${k}`), false);
  }
  endLanes(em, loop.body, 0, id('q'));
  em.close();
}

/**
 * A vector element that is one sum over j in 0..n (n a multiple of 4), `z_i = sum(j) M[i][j] *
 * (x[j] - o[j])` (a rotation row): the j loop steps by four and loads x and the data vectors read
 * at j as one vec4 each, the four terms added in order (the same sum, term for term, as the plain
 * loop). Returns the accumulator's name, or undefined when `e` is not such a sum.
 */
export function unrolledRowSum(em: Emitter, e: IExpr, ctx: ExprContext): Expr | undefined {
  if (
    !em.vec4 ||
    em.lanes ||
    e.k !== 'red' ||
    e.op !== 'sum' ||
    e.t !== 'f' ||
    e.cond ||
    e.lo.k !== 'int' ||
    e.lo.v !== 0 ||
    e.hi.k !== 'int' ||
    e.hi.v % 4 !== 0 ||
    e.hi.v < 8
  )
    return undefined;
  const acc = em.fresh();
  const j = ctx.indexName(e.idx);
  em.add(varS(acc, 'f32', f32(0)));
  const loop = em.open(countedFor('q', 'i32', i32(0), i32(e.hi.v / 4)));
  em.lanes = { names: new Set([e.idx]), k: 0, usedX: false, dv: new Map() };
  for (let k = 0; k < 4; k++) {
    em.lanes.k = k;
    em.open(block());
    em.add(letS(j, add(mul(id('q'), i32(4)), i32(k))));
    const pre: Stmt[] = [];
    const body = wgslNode(e.body, ctx, pre);
    em.add(...pre);
    em.add(assign(id(acc), bin(id(acc), '+', toF32(body, e.body.t))));
    em.close();
  }
  endLanes(em, loop.body, 0, id('q'));
  em.close();
  return id(acc);
}

/**
 * Ends a loop body emitted with `em.lanes` set: inserts into `body` at `at` (the top of the loop's
 * body) the vec4 loads the body asked for (x, data vectors and algorithm state rows), `q` being
 * the loop's vec4 index, and clears the lanes.
 */
export function endLanes(em: Emitter, body: Stmt[], at: number, q: Expr): void {
  const lanes = em.lanes;
  if (!lanes) throw new Error('internal: wgsl: endLanes() without lanes');
  const loads: Stmt[] = [];
  const vq = call('u32', q);
  if (lanes.usedX)
    loads.push(letS('xv', index(id('X'), add(paren(bin(id('xo'), '>>', u32(2))), vq))));
  for (const [off, name] of lanes.dv)
    loads.push(letS(name, index(id('DATA'), add(u32(Number(off) / 4), vq))));
  for (const pl of lanes.state?.values() ?? []) loads.push(letS(pl.name, pl.code));
  body.splice(at, 0, ...loads);
  em.lanes = null;
}

/** A reduction loop can be vectorised when it runs over whole vec4s from 0. */
export function vectorisable(em: Emitter, accs: Acc[]): boolean {
  if (!em.vec4) return false;
  // Constant bounds: the loop covers whole vec4s and accumulate() guards each element's range.
  return accs.every((a) => a.red.lo.k === 'int' && a.red.hi.k === 'int');
}

/**
 * The loop range covering every accumulator's range: i32 literals where the bounds are constant,
 * else names of values computed from earlier scalars.
 */
export function unionRange(em: Emitter, accs: Acc[], ctx: ExprContext): { lo: Expr; hi: Expr } {
  const los = accs.map((a) => a.red.lo);
  const his = accs.map((a) => a.red.hi);
  const ints = (es: IExpr[]) => es.flatMap((e) => (e.k === 'int' ? [e.v] : []));
  if (ints(los).length === los.length && ints(his).length === his.length)
    return { lo: i32(Math.min(...ints(los))), hi: i32(Math.max(...ints(his))) };
  // Bounds that depend on scalars of earlier stages (`sum(i < k)` with `let k = count(...)`).
  const code = (es: IExpr[], f: 'min' | 'max') => {
    const pre: Stmt[] = [];
    const parts = es.map((e) => wgslNode(e, ctx, pre));
    em.add(...pre);
    return parts.reduce((a, b) => call(f, a, b));
  };
  const lo = em.fresh();
  const hi = em.fresh();
  em.add(letS(lo, code(los, 'min')));
  em.add(letS(hi, code(his, 'max')));
  return { lo: id(lo), hi: id(hi) };
}
