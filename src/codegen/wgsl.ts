// WGSL generation for a scheduled IR program (see ir/passes/schedule.ts for the regimes).
//
// Buffers (one binding each; a kernel declares only what it uses):
//   P    uniform  { n: individuals in this dispatch, f_offset: where their fitness goes, gx: grid width }
//   X    the population slab, row-major [n][D] (the runtime splits populations larger than one binding)
//   F    fitness out
//   DATA all data arrays of the program, packed, float32
//   SCR  per-individual scratch for materialised vectors and scans: [n][scratchStride]
//   PART split regime: per (individual, chunk) partial accumulators: [n][groups][partStride]
//   SC   split regime: per-individual scalars computed by earlier kernels: [n][scalarStride]
// Integer scalars that cross kernels are stored as f32 (exact below 2^24: indices and counts).

import type { Binding, IExpr, IrProgram, Stage } from '../ir/ir.js';
import { WGSL_HELPERS, toF32, wgslExpr, wgslFloat, type ExprContext } from './wgsl-expr.js';
import { binomial, polynomialIn } from '../ir/polynomial.js';
import { scanByMoments } from '../ir/passes/schedule.js';

export type BufferName = 'P' | 'X' | 'F' | 'DATA' | 'SCR' | 'PART' | 'SC';

export interface KernelPlan {
  name: string;
  code: string;
  uses: BufferName[];
  /** Workgroups for n individuals. */
  workgroups(n: number): number;
}

export interface GpuPlan {
  kernels: KernelPlan[];
  wg: number;
  data: { name: string; offset: number; size: number }[];
  dataSize: number;
  scratchStride: number;
  partStride: number; // floats per (individual, chunk)
  groups: number;
  scalarStride: number;
}

type RedNode = IExpr & { k: 'red' };

/** Elements per lane in a tile of the team regime's scan. */
export const TEAM_SCAN_K = 8;

const ACC_INIT: Record<string, (t: string) => string> = {
  sum: (t) => (t === 'i' ? '0i' : '0.0f'),
  count: () => '0i',
  prod: (t) => (t === 'i' ? '1i' : '1.0f'),
  min: (t) => (t === 'i' ? '2147483647i' : wgslFloat(Infinity)),
  max: (t) => (t === 'i' ? '-2147483647i' : wgslFloat(-Infinity)),
  argmin: () => wgslFloat(Infinity),
  argmax: () => wgslFloat(-Infinity),
};

/** Combine two accumulator values (a, b) of op; for arg ops also their indices (ai, bi). */
function combine(op: string, a: string, b: string): string {
  switch (op) {
    case 'sum':
    case 'count':
      return `${a} + ${b}`;
    case 'prod':
      return `${a} * ${b}`;
    case 'min':
      return `min(${a}, ${b})`;
    case 'max':
      return `max(${a}, ${b})`;
  }
  throw new Error(op);
}

const isArg = (op: string) => op === 'argmin' || op === 'argmax';
const better = (op: string, v: string, vi: string, best: string, bi: string) =>
  op === 'argmin'
    ? `(${v} < ${best} || (${v} == ${best} && ${vi} < ${bi}))`
    : `(${v} > ${best} || (${v} == ${best} && ${vi} < ${bi}))`;

interface VectorLanes {
  names: Set<string>; // WGSL names of the loop's element index
  k: number; // the component being emitted
  usedX: boolean;
  dv: Map<string, string>; // data offset -> preloaded vec4 name
}

class Emitter {
  lines: string[] = [];
  /** X and DATA are declared as vec4 arrays (D % 4 == 0): element loops load 16 bytes a lane. */
  vec4 = false;
  lanes: VectorLanes | null = null;
  /** The kernel uses subgroup operations (its scans); set for kernels with a scan when the device has them. */
  subgroups = false;
  private depth = 1;
  private counter = 0;
  uses = new Set<BufferName>();
  fresh = () => `t${this.counter++}`;
  line(s: string) {
    this.lines.push('  '.repeat(this.depth) + s);
  }
  all(ss: string[]) {
    for (const s of ss) this.line(s);
  }
  open(s: string) {
    this.line(s);
    this.depth++;
  }
  close(s = '}') {
    this.depth--;
    this.line(s);
  }
}

interface Layout {
  dataOffset: Map<string, number>;
  dataShape: Map<string, number[]>;
  scratchOffset: Map<string, number>;
  scratchStride: number;
  scalarSlot: Map<string, number>;
  scalarStride: number;
}

export interface WgslOptions {
  /** The device has the 'subgroups' feature: scans use subgroup operations. */
  subgroups?: boolean;
}

export function generateWgsl(p: IrProgram, options: WgslOptions = {}): GpuPlan {
  const s = p.schedule;
  if (!s) throw new Error('wgsl: schedule the program first');
  const f = p.main;
  const bind = new Map<string, Binding>(f.bindings.map((b) => [b.name, b]));
  const dataOffset = new Map<string, number>();
  const dataShape = new Map<string, number[]>();
  let dataSize = 0;
  const dataLayout = p.data.map((d) => {
    const size = d.shape.reduce((a, b) => a * b, 1);
    dataOffset.set(d.name, dataSize);
    dataShape.set(d.name, d.shape);
    const r = { name: d.name, offset: dataSize, size };
    dataSize += Math.ceil(size / 4) * 4; // vec4-aligned, so a vector can be loaded 16 bytes at a time
    return r;
  });
  // Scans are stored only when something other than their fused consumers reads them.
  const attached = new Set(s.stages.flatMap((st) => (st.k === 'scan' ? st.outs : [])));
  const readers = (name: string) =>
    f.bindings.filter(
      (b) =>
        b.name !== name &&
        !attached.has(b.name) &&
        JSON.stringify(b.body).includes(`"arr":"${name}"`),
    ).length + (JSON.stringify(f.result).includes(`"arr":"${name}"`) ? 1 : 0);
  const scratchOffset = new Map<string, number>();
  let scratchStride = 0;
  for (const st of s.stages) {
    const name =
      st.k === 'vec' ? st.name : st.k === 'scan' && readers(st.scan) > 0 ? st.scan : undefined;
    if (name) {
      scratchOffset.set(name, scratchStride);
      scratchStride += (bind.get(name) as { len: number }).len;
    }
  }
  const scalarSlot = new Map<string, number>();
  for (const b of f.bindings) if (b.k === 'scalar') scalarSlot.set(b.name, scalarSlot.size);
  const layout: Layout = {
    dataOffset,
    dataShape,
    scratchOffset,
    scratchStride,
    scalarSlot,
    scalarStride: scalarSlot.size,
  };
  const plan: GpuPlan = {
    kernels: [],
    wg: s.regime.wg,
    data: dataLayout,
    dataSize,
    scratchStride,
    partStride: 1,
    groups: s.regime.k === 'split' ? s.regime.groups : 1,
    scalarStride: layout.scalarStride,
  };
  if (s.regime.k === 'team')
    plan.kernels.push(teamKernel(p, s.stages, s.regime.team, s.regime.wg, layout, bind, options));
  else splitKernels(p, s.stages, s.regime, layout, bind, plan, options);
  return plan;
}

function header(
  uses: Set<BufferName>,
  wg: number,
  shF: number,
  shI: number,
  shS = 0,
  vec4 = false,
  subgroups = false,
): string {
  const decl: string[] = subgroups
    ? ['enable subgroups;', 'var<workgroup> sg_counter: atomic<u32>;']
    : [];
  decl.push('struct Params { n: u32, f_offset: u32, gx: u32, pad: u32 }');
  decl.push('@group(0) @binding(0) var<uniform> P: Params;');
  const elem = vec4 ? 'vec4<f32>' : 'f32';
  if (uses.has('X')) decl.push(`@group(0) @binding(1) var<storage, read> X: array<${elem}>;`);
  if (uses.has('F')) decl.push('@group(0) @binding(2) var<storage, read_write> F: array<f32>;');
  if (uses.has('DATA')) decl.push(`@group(0) @binding(3) var<storage, read> DATA: array<${elem}>;`);
  if (uses.has('SCR')) decl.push('@group(0) @binding(4) var<storage, read_write> SCR: array<f32>;');
  if (uses.has('PART'))
    decl.push('@group(0) @binding(5) var<storage, read_write> PART: array<f32>;');
  if (uses.has('SC')) decl.push('@group(0) @binding(6) var<storage, read_write> SC: array<f32>;');
  decl.push(`override WG: u32 = ${wg}u;`);
  if (shF) decl.push(`var<workgroup> shf: array<f32, ${shF * wg}>;`);
  if (shI) decl.push(`var<workgroup> shi: array<i32, ${shI * wg}>;`);
  if (shS) decl.push(`var<workgroup> shs: array<f32, ${shS}>;`);
  return decl.join('\n') + '\n';
}

/** The expression context inside a kernel: how arrays and scalars are addressed. */
function context(em: Emitter, L: Layout, scanValue: Map<string, string>): ExprContext {
  return {
    read(arr, idx) {
      if (scanValue.has(arr)) return scanValue.get(arr)!;
      if (L.dataOffset.has(arr)) {
        em.uses.add('DATA');
        const shape = L.dataShape.get(arr)!;
        const off = L.dataOffset.get(arr)!;
        if (em.lanes && shape.length === 1 && em.lanes.names.has(idx[0]!)) {
          if (!em.lanes.dv.has(String(off))) em.lanes.dv.set(String(off), `dv${off}`);
          return `dv${off}[${em.lanes.k}]`;
        }
        const flat =
          shape.length === 2 ? `u32(${idx[0]}) * ${shape[1]}u + u32(${idx[1]})` : `u32(${idx[0]})`;
        if (em.vec4) return `DATA[(${off}u + ${flat}) >> 2u][(${off}u + ${flat}) & 3u]`;
        return `DATA[${off}u + ${flat}]`;
      }
      if (L.scratchOffset.has(arr)) {
        em.uses.add('SCR');
        return `SCR[n * ${L.scratchStride}u + ${L.scratchOffset.get(arr)}u + u32(${idx[0]})]`;
      }
      em.uses.add('X');
      if (em.lanes && em.lanes.names.has(idx[0]!)) {
        em.lanes.usedX = true;
        return `xv[${em.lanes.k}]`;
      }
      if (em.vec4) return `X[(xo + u32(${idx[0]})) >> 2u][(xo + u32(${idx[0]})) & 3u]`;
      return `X[xo + u32(${idx[0]})]`;
    },
    scalar: (name) => `s_${name.replace(/[^A-Za-z0-9_]/g, '_')}`,
    index: (name) => `i_${name.replace(/[^A-Za-z0-9_]/g, '_')}`,
    fresh: em.fresh,
  };
}

const sname = (n: string) => `s_${n.replace(/[^A-Za-z0-9_]/g, '_')}`;
const wty = (t: string) => (t === 'i' ? 'i32' : t === 'b' ? 'bool' : 'f32');

interface Acc {
  out: string;
  red: RedNode;
  f: number; // slot in shf
  i: number; // slot in shi (int accumulators and arg indices)
}

function allocAccs(
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

/** Declares accumulators and emits the guarded accumulate step for each, at loop index `iv`. */
function accumulate(em: Emitter, accs: Acc[], ctx: ExprContext, iv: string, declare: boolean) {
  if (declare) {
    for (const a of accs) {
      const ty = isArg(a.red.op) ? 'f32' : wty(a.red.t);
      em.line(`var acc_${a.out.replace(/\W/g, '_')}: ${ty} = ${ACC_INIT[a.red.op]!(a.red.t)};`);
      if (isArg(a.red.op)) em.line(`var acci_${a.out.replace(/\W/g, '_')}: i32 = 2147483647i;`);
    }
    return;
  }
  for (const a of accs) {
    const pre: string[] = [];
    const idxName = ctx.index(a.red.idx);
    const lo = wgslExpr(a.red.lo, ctx, pre);
    const hi = wgslExpr(a.red.hi, ctx, pre);
    em.all(pre);
    em.open(`if (${iv} >= ${lo} && ${iv} < ${hi}) {`);
    em.line(`let ${idxName} = ${iv};`);
    const inner: string[] = [];
    const cond = a.red.cond ? wgslExpr(a.red.cond, ctx, inner) : undefined;
    const body = wgslExpr(a.red.body, ctx, inner);
    em.all(inner);
    const A = `acc_${a.out.replace(/\W/g, '_')}`;
    if (cond) em.open(`if (${cond}) {`);
    if (isArg(a.red.op)) {
      const v = em.fresh();
      em.line(`let ${v} = ${toF32(body, a.red.body.t)};`);
      em.line(
        `if (${better(a.red.op, v, idxName, A, `acci_${a.out.replace(/\W/g, '_')}`)}) { ${A} = ${v}; acci_${a.out.replace(/\W/g, '_')} = ${idxName}; }`,
      );
    } else {
      const B = a.red.t === 'f' ? toF32(body, a.red.body.t) : body;
      em.line(`${A} = ${combine(a.red.op, A, B)};`);
    }
    if (cond) em.close();
    em.close();
  }
}

/** Tree reduction of the accumulators over teams of `team` lanes (unrolled; barriers uniform). */
function treeReduce(
  em: Emitter,
  accs: Acc[],
  team: number,
  wg: number,
  laneVar: string,
  baseVar: string,
) {
  for (const a of accs) {
    const A = `acc_${a.out.replace(/\W/g, '_')}`;
    if (a.f >= 0) em.line(`shf[${a.f * wg}u + lid] = ${A};`);
    if (isArg(a.red.op)) em.line(`shi[${a.i * wg}u + lid] = acci_${a.out.replace(/\W/g, '_')};`);
    else if (a.i >= 0) em.line(`shi[${a.i * wg}u + lid] = ${A};`);
  }
  em.line('workgroupBarrier();');
  for (let off = team / 2; off >= 1; off /= 2) {
    em.open(`if (${laneVar} < ${off}u) {`);
    for (const a of accs) {
      if (isArg(a.red.op)) {
        const v = `shf[${a.f * wg}u + lid + ${off}u]`;
        const vi = `shi[${a.i * wg}u + lid + ${off}u]`;
        em.line(
          `if (${better(a.red.op, v, vi, `shf[${a.f * wg}u + lid]`, `shi[${a.i * wg}u + lid]`)}) { shf[${a.f * wg}u + lid] = ${v}; shi[${a.i * wg}u + lid] = ${vi}; }`,
        );
      } else if (a.f >= 0)
        em.line(
          `shf[${a.f * wg}u + lid] = ${combine(a.red.op, `shf[${a.f * wg}u + lid]`, `shf[${a.f * wg}u + lid + ${off}u]`)};`,
        );
      else
        em.line(
          `shi[${a.i * wg}u + lid] = ${combine(a.red.op, `shi[${a.i * wg}u + lid]`, `shi[${a.i * wg}u + lid + ${off}u]`)};`,
        );
    }
    em.close();
    em.line('workgroupBarrier();');
  }
  for (const a of accs) {
    const slot =
      isArg(a.red.op) || (a.i >= 0 && a.f < 0)
        ? `shi[${a.i * wg}u + ${baseVar}]`
        : `shf[${a.f * wg}u + ${baseVar}]`;
    em.line(`let ${sname(a.out)}: ${wty(a.red.t)} = ${slot};`);
    if (isArg(a.red.op))
      em.line(`let sval_${a.out.replace(/\W/g, '_')}: f32 = shf[${a.f * wg}u + ${baseVar}];`);
  }
  em.line('workgroupBarrier();');
}

/** Hillis-Steele inclusive scan of `v` within teams of `team` lanes, in shf slot 0. Returns the lane's inclusive value. */
function teamScan(em: Emitter, team: number, laneVar: string, v: string): string {
  em.line(`shf[lid] = ${v};`);
  em.line('workgroupBarrier();');
  for (let off = 1; off < team; off *= 2) {
    const t = em.fresh();
    em.line(`let ${t} = select(0.0f, shf[lid - ${off}u], ${laneVar} >= ${off}u);`);
    em.line('workgroupBarrier();');
    em.line(`shf[lid] = shf[lid] + ${t};`);
    em.line('workgroupBarrier();');
  }
  const r = em.fresh();
  em.line(`let ${r} = shf[lid];`);
  return r;
}

/** Padding of the scan staging array: one extra slot every 32 avoids bank conflicts on lane*K strides. */
const pad = (e: string) => `((${e}) + ((${e}) >> 5u))`;
export const shsSize = (wg: number, K: number) => wg * K + Math.ceil((wg * K) / 32) + 1;

/**
 * A tiled scan over [start, end): tiles of team*K elements. Each tile is loaded coalesced
 * (element base + k*team + lane) into workgroup memory, each lane then owns K consecutive
 * elements: it sums them, the team scans the lane sums (Hillis-Steele, log2(team) steps), and the
 * lane rescans its K elements from its exclusive prefix. Barriers: 2*log2(team) + 2 per tile of
 * team*K elements, instead of per team elements.
 */
function tiledScan(
  em: Emitter,
  o: {
    team: number;
    K: number;
    lane: string;
    teamSeg: string;
    start: string;
    end: string;
    exclusive: boolean;
    idx: string;
    carryIn?: string;
    carryOut?: string;
  },
  produce: (iv: string) => string,
  consume: (iv: string, sv: string) => void,
) {
  const { team, K, lane } = o;
  const seg = `(${o.teamSeg}) * ${team * K}u`;
  em.open('{'); // a block: several scans in one kernel each have their own carry
  em.line(`var carry: f32 = ${o.carryIn ?? '0.0f'};`);
  em.open(`for (var base: i32 = ${o.start}; base < ${o.end}; base += ${team * K}i) {`);
  if (em.vec4 && K % 4 === 0) {
    // 16-byte loads: lane reads vec4 number k4 * team + lane of the tile (4 consecutive elements).
    em.open(`for (var k4: u32 = 0u; k4 < ${K / 4}u; k4++) {`);
    em.line(`let q = base / 4i + i32(k4 * ${team}u + ${lane});`);
    const at = em.lines.length;
    const depth = em.lines[at - 1]!.search(/\S/) + 2;
    em.lanes = { names: new Set([o.idx]), k: 0, usedX: false, dv: new Map() };
    for (let c = 0; c < 4; c++) {
      em.lanes.k = c;
      em.line(`let iv${c} = q * 4i + ${c}i;`);
      em.line(`var v${c}: f32 = 0.0f;`);
      em.open(`if (iv${c} < ${o.end}) {`);
      em.line(`v${c} = ${produce(`iv${c}`)};`);
      em.close();
      em.line(`shs[${pad(`${seg} + (k4 * ${team}u + ${lane}) * 4u + ${c}u`)}] = v${c};`);
    }
    const pre: string[] = [];
    if (em.lanes.usedX) pre.push('let xv = X[(xo >> 2u) + u32(q)];');
    for (const [off, name] of em.lanes.dv)
      pre.push(`let ${name} = DATA[${Number(off) / 4}u + u32(q)];`);
    em.lines.splice(at, 0, ...pre.map((l) => ' '.repeat(depth) + l));
    em.lanes = null;
    em.close();
  } else {
    em.open(`for (var k: u32 = 0u; k < ${K}u; k++) {`);
    em.line(`let iv = base + i32(k * ${team}u + ${lane});`);
    em.line('var v: f32 = 0.0f;');
    em.open(`if (iv < ${o.end}) {`);
    em.line(`v = ${produce('iv')};`);
    em.close();
    em.line(`shs[${pad(`${seg} + k * ${team}u + ${lane}`)}] = v;`);
    em.close();
  }
  em.line('workgroupBarrier();');
  em.line('var lsum: f32 = 0.0f;');
  em.line(
    `for (var k: u32 = 0u; k < ${K}u; k++) { lsum = lsum + shs[${pad(`${seg} + ${lane} * ${K}u + k`)}]; }`,
  );
  const { incl, total } = em.subgroups
    ? teamScanSubgroups(em, team, lane, 'lsum', o.teamSeg)
    : {
        incl: teamScan(em, team, lane, 'lsum'),
        total: `shf[(${o.teamSeg}) * ${team}u + ${team - 1}u]`,
      };
  em.line(`var run = carry + ${incl} - lsum;`);
  em.line(`carry = carry + ${total};`);
  em.open(`for (var k: u32 = 0u; k < ${K}u; k++) {`);
  em.line(`let iv = base + i32(${lane} * ${K}u + k);`);
  em.line(`let v = shs[${pad(`${seg} + ${lane} * ${K}u + k`)}];`);
  em.line('let before = run;');
  em.line('run = run + v;');
  em.line(`let sv = ${o.exclusive ? 'before' : 'run'};`);
  em.open(`if (iv < ${o.end}) {`);
  consume('iv', 'sv');
  em.close();
  em.close();
  em.line('workgroupBarrier();');
  em.close();
  if (o.carryOut) em.line(`${o.carryOut} = carry;`);
  em.close();
}

/**
 * The scan of the lane sums with subgroup operations: a segmented Hillis-Steele scan inside each
 * subgroup with subgroupShuffleUp (no barriers), then the totals of the subgroups of a team through
 * workgroup memory: two barriers per tile instead of 2 log2(team). Lanes are numbered by subgroup
 * (see subgroupPrologue), so a subgroup is a run of consecutive lanes.
 */
function teamScanSubgroups(
  em: Emitter,
  team: number,
  lane: string,
  v: string,
  teamSeg: string,
): { incl: string; total: string } {
  const s = em.fresh();
  em.line(`let w_${s} = min(${team}u, sgsize);`);
  em.line(`var ${s}: f32 = ${v};`);
  em.open(`for (var off: u32 = 1u; off < w_${s}; off = off << 1u) {`);
  em.line(`let up = subgroupShuffleUp(${s}, off);`);
  em.line(`if ((${lane} % w_${s}) >= off) { ${s} = ${s} + up; }`);
  em.close();
  em.line(`if ((${lane} % w_${s}) == w_${s} - 1u) { shf[lid / w_${s}] = ${s}; }`);
  em.line('workgroupBarrier();');
  em.line(`let first_${s} = (${teamSeg}) * (${team}u / w_${s});`);
  em.line(`let mine_${s} = lid / w_${s};`);
  em.line(`var pre_${s}: f32 = 0.0f;`);
  em.line(`var tot_${s}: f32 = 0.0f;`);
  em.open(`for (var k: u32 = first_${s}; k < first_${s} + ${team}u / w_${s}; k++) {`);
  em.line(`if (k < mine_${s}) { pre_${s} = pre_${s} + shf[k]; }`);
  em.line(`tot_${s} = tot_${s} + shf[k];`);
  em.close();
  em.line('workgroupBarrier();');
  return { incl: `(${s} + pre_${s})`, total: `tot_${s}` };
}

/**
 * With subgroups, lanes are renumbered so that each subgroup holds consecutive lanes: WGSL does not
 * promise that subgroup_invocation_id follows local_invocation_index. One atomic per subgroup.
 */
const SUBGROUP_PROLOGUE = [
  'var sg_first: u32 = 0u;',
  'if (subgroupElect()) { sg_first = atomicAdd(&sg_counter, 1u); }',
  'let lid = subgroupBroadcastFirst(sg_first) * sgsize + sgid;',
];

function mainSignature(em: Emitter): string {
  return em.subgroups
    ? `fn main(@builtin(local_invocation_index) lid_hw: u32, @builtin(workgroup_id) wid: vec3<u32>, @builtin(subgroup_invocation_id) sgid: u32, @builtin(subgroup_size) sgsize: u32) {\n${SUBGROUP_PROLOGUE.map((l) => '  ' + l).join('\n')}\n`
    : 'fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {\n';
}

/** Emits the scanned term of `b` at element `iv` (binding the scan's index) and returns its value. */
function scanTerm(em: Emitter, ctx: ExprContext, b: Binding & { k: 'scan' }) {
  return (iv: string): string => {
    em.line(`let ${ctx.index(b.idx)} = ${iv};`);
    const pre: string[] = [];
    const v = wgslExpr(b.body, ctx, pre);
    em.all(pre);
    return toF32(v, b.body.t);
  };
}

function scalarStage(em: Emitter, b: Binding & { k: 'scalar' }, ctx: ExprContext) {
  const pre: string[] = [];
  const v = wgslExpr(b.body, ctx, pre);
  em.all(pre);
  em.line(`let ${sname(b.name)}: ${wty(b.t)} = ${b.t === 'f' ? toF32(v, b.body.t) : v};`);
}

function resultLine(em: Emitter, p: IrProgram, ctx: ExprContext, guard: string) {
  const pre: string[] = [];
  const r = wgslExpr(p.main.result, ctx, pre);
  em.all(pre);
  em.uses.add('F');
  em.line(`if (${guard}) { F[P.f_offset + n] = ${toF32(r, p.main.result.t)}; }`);
}

function gridPrologue(em: Emitter) {
  em.line('let group = wid.x + wid.y * P.gx;');
}

function teamKernel(
  p: IrProgram,
  stages: Stage[],
  team: number,
  wg: number,
  L: Layout,
  bind: Map<string, Binding>,
  options: WgslOptions,
): KernelPlan {
  const em = new Emitter();
  em.vec4 = p.main.len % 4 === 0;
  em.subgroups = !!options.subgroups && stages.some((st) => st.k === 'scan');
  const ipg = wg / team;
  let shF = 1;
  let shI = 0;
  let shS = 0;
  gridPrologue(em);
  em.line(`let team = lid / ${team}u;`);
  em.line(`let lane = lid % ${team}u;`);
  em.line(`let n_raw = group * ${ipg}u + team;`);
  em.line('let valid = n_raw < P.n;');
  em.line('let n = min(n_raw, P.n - 1u);');
  em.line(`let xo = n * ${p.main.len}u;`);
  const scanValue = new Map<string, string>();
  const ctx = context(em, L, scanValue);
  for (const st of stages) {
    if (st.k === 'scalar') scalarStage(em, bind.get(st.name) as Binding & { k: 'scalar' }, ctx);
    else if (st.k === 'vec') {
      const b = bind.get(st.name) as Binding & { k: 'vec' };
      em.uses.add('SCR');
      em.open(`for (var iv: i32 = i32(lane); iv < ${b.len}i; iv += ${team}i) {`);
      em.line(`let ${ctx.index(b.idx)} = iv;`);
      const pre: string[] = [];
      const v = wgslExpr(b.body, ctx, pre);
      em.all(pre);
      em.line(
        `if (valid) { SCR[n * ${L.scratchStride}u + ${L.scratchOffset.get(b.name)}u + u32(iv)] = ${toF32(v, b.body.t)}; }`,
      );
      em.close();
      em.line('storageBarrier();');
    } else if (st.k === 'reduce') {
      const { accs, nf, ni } = allocAccs(st.outs, bind);
      shF = Math.max(shF, nf);
      shI = Math.max(shI, ni);
      accumulate(em, accs, ctx, '', true);
      const { lo, hi } = unionRange(em, accs, ctx);
      if (vectorisable(em, accs))
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
  resultLine(em, p, ctx, 'valid && lane == 0u');
  const code =
    header(em.uses, wg, shF, shI, shS, em.vec4, em.subgroups) +
    `\n@compute @workgroup_size(WG)\n${mainSignature(em)}` +
    em.lines.join('\n') +
    '\n}\n' +
    WGSL_HELPERS; // helpers last, so the kernel reads first (WGSL allows any order)
  return { name: 'evaluate', code, uses: ['P', ...em.uses], workgroups: (n) => Math.ceil(n / ipg) };
}

/**
 * The element loop of a reduction, four consecutive elements per lane and iteration: x and the
 * data vectors read at the element index are loaded as one vec4 each (16-byte loads reach the
 * memory bandwidth; 4-byte loads reach about half on an H200). `start4`, `end4` and `step4` count
 * vec4s.
 */
function vectorLoop(
  em: Emitter,
  accs: Acc[],
  ctx: ExprContext,
  start4: string,
  end4: string,
  step4: number,
  lane: string,
) {
  em.open(`for (var q: i32 = ${start4} + i32(${lane}); q < ${end4}; q += ${step4}i) {`);
  const at = em.lines.length;
  const depth = em.lines[at - 1]!.search(/\S/) + 2;
  em.lanes = {
    names: new Set(accs.map((a) => ctx.index(a.red.idx))),
    k: 0,
    usedX: false,
    dv: new Map(),
  };
  for (let k = 0; k < 4; k++) {
    em.lanes.k = k;
    em.line(`let e${k} = q * 4i + ${k}i;`);
    accumulate(em, accs, ctx, `e${k}`, false);
  }
  const pre: string[] = [];
  if (em.lanes.usedX) pre.push('let xv = X[(xo >> 2u) + u32(q)];');
  for (const [off, name] of em.lanes.dv)
    pre.push(`let ${name} = DATA[${Number(off) / 4}u + u32(q)];`);
  em.lines.splice(at, 0, ...pre.map((l) => ' '.repeat(depth) + l));
  em.lanes = null;
  em.close();
}

/** A reduction loop can be vectorised when it runs over whole vec4s from 0. */
function vectorisable(em: Emitter, accs: Acc[]): boolean {
  if (!em.vec4) return false;
  // Constant bounds: the loop covers whole vec4s and accumulate() guards each element's range.
  return accs.every((a) => a.red.lo.k === 'int' && a.red.hi.k === 'int');
}

/** The loop range covering every accumulator's range (constant, or computed from earlier scalars). */
function unionRange(em: Emitter, accs: Acc[], ctx: ExprContext): { lo: string; hi: string } {
  const los = accs.map((a) => a.red.lo);
  const his = accs.map((a) => a.red.hi);
  if ([...los, ...his].every((e) => e.k === 'int')) {
    return {
      lo: `${Math.min(...los.map((e) => (e as { v: number }).v))}i`,
      hi: `${Math.max(...his.map((e) => (e as { v: number }).v))}i`,
    };
  }
  // Bounds that depend on scalars of earlier stages (`sum(i < k)` with `let k = count(...)`).
  const code = (es: IExpr[], f: 'min' | 'max') => {
    const pre: string[] = [];
    const parts = es.map((e) => wgslExpr(e, ctx, pre));
    em.all(pre);
    return parts.reduce((a, b) => `${f}(${a}, ${b})`);
  };
  const lo = em.fresh();
  const hi = em.fresh();
  em.line(`let ${lo} = ${code(los, 'min')};`);
  em.line(`let ${hi} = ${code(his, 'max')};`);
  return { lo, hi };
}

// ---- split regime ---------------------------------------------------------------------------

function splitKernels(
  p: IrProgram,
  stages: Stage[],
  r: { wg: number; chunk: number; groups: number },
  L: Layout,
  bind: Map<string, Binding>,
  plan: GpuPlan,
  options: WgslOptions = {},
) {
  const newEmitter = () => {
    const e = new Emitter();
    e.vec4 = p.main.len % 4 === 0;
    return e;
  };
  const G = r.groups;
  const wg = r.wg;
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
    gridPrologue(em);
    // Chunk-major order: consecutive workgroups take the same chunk of every individual, so data
    // shared by the population (a shift vector) is read from DRAM once and from L2 N - 1 times.
    em.line('let n = group % P.n;');
    em.line('let c = group / P.n;');
    em.line(`let valid = c < ${G}u;`);
    em.line(`let xo = min(n, P.n - 1u) * ${p.main.len}u;`);
  };
  let splitShS = 0;
  const finish = (
    em: Emitter,
    name: string,
    shF: number,
    shI: number,
    perGroup: boolean,
    shS = 0,
  ): KernelPlan => {
    const code =
      header(em.uses, wg, shF, shI, shS, em.vec4, em.subgroups) +
      `\n@compute @workgroup_size(WG)\n${mainSignature(em)}` +
      em.lines.join('\n') +
      '\n}\n' +
      WGSL_HELPERS;
    return { name, code, uses: ['P', ...em.uses], workgroups: perGroup ? (n) => n * G : (n) => n };
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
  for (let k = 0; k < stages.length; k++) {
    const st = stages[k]!;
    stageIndex = k;
    if (st.k === 'scalar') continue; // computed in the combine kernel before it, or in loadScalars
    if (st.k === 'vec')
      throw new Error('wgsl split regime: materialised vectors are not supported');
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
      const K = Math.min(16, r.chunk / wg);
      const produce = scanTerm(em, ctx, b);
      em.line(`let cend = min(i32((c + 1u) * ${r.chunk}u), ${b.len}i);`);
      tiledScan(
        em,
        {
          team: wg,
          K,
          lane: 'lid',
          teamSeg: '0u',
          start: `i32(c * ${r.chunk}u)`,
          end: 'cend',
          exclusive: b.exclusive,
          idx: ctx.index(b.idx),
          carryOut: 'chunk_total',
        },
        produce,
        (iv, sv) => {
          scanValue.set(b.name, sv);
          accumulate(em, maccs, ctx, iv, false);
          scanValue.delete(b.name);
        },
      );
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
        finish(em, `scan_moments_${si}`, Math.max(1, maccs.length), 0, true, shsSize(wg, K)),
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
      const K = Math.min(16, r.chunk / wg); // tiles of wg * K elements (workgroup memory), chunk / (wg * K) per chunk
      const produce2 = scanTerm(em2, ctx2, b);
      em2.line(`let cend = min(i32((c + 1u) * ${r.chunk}u), ${b.len}i);`);
      tiledScan(
        em2,
        {
          team: wg,
          K,
          lane: 'lid',
          teamSeg: '0u',
          start: `i32(c * ${r.chunk}u)`,
          end: 'cend',
          exclusive: b.exclusive,
          idx: ctx2.index(b.idx),
          carryIn: 's_carry', // the sum of the chunks before this one
        },
        produce2,
        (iv, sv) => {
          scanValue.set(b.name, sv);
          accumulate(em2, accs, ctx2, iv, false);
          scanValue.delete(b.name);
        },
      );
      splitShS = shsSize(wg, K);
      treeReduce(em2, accs, wg, wg, 'lid', '0u');
      writePartials(em2, accs, first);
      plan.kernels.push(finish(em2, `scan_rescan_${si}`, Math.max(1, nf), ni, true, splitShS));
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
    gridPrologue(em3);
    em3.line(`let team = lid / ${team}u;`);
    em3.line(`let lane = lid % ${team}u;`);
    em3.line(`let n_raw = group * ${ipg}u + team;`);
    em3.line('let valid = n_raw < P.n;');
    em3.line('let n = min(n_raw, P.n - 1u);');
    em3.line(`let xo = n * ${p.main.len}u; // an epilogue may read single elements (Discus: x[0])`);
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
    const last = j >= stages.length;
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
  plan.partStride = partStride;
  for (const kp of plan.kernels) kp.code = kp.code.replace(/PSTRIDE/g, `${partStride}u`);
}
