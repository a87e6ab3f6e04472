// The schedule as data (issue 10): which kernels a scheduled program runs, in dispatch order, what
// a thread and a workgroup of each does, which stages each runs (what is fused), how many
// workgroups it takes for n individuals and which buffers it touches. Built from the decisions of
// schedule.ts (stagesOf, decideRegime) and ir/kernels.ts, never from generated
// code: `opt compile --emit plan` prints it, test/schedule/plan.test.ts asserts it, and the WGSL
// backend builds its kernels from it (src/codegen/wgsl.ts): the `role` of each kernel and
// `storage` are what it reads, so a change of strategy is a change to the plan.

import { readsArray } from '../ir/kernels.js';
import { scanOrder } from './canonical-scan.js';
import {
  forEachNode,
  type Binding,
  type IExpr,
  type IrFunc,
  type ScheduledProgram,
  type Stage,
  type Write,
} from '../ir/ir.js';
import { chainable, valueWritesAfter, valueWritesInCombine } from '../ir/step.js';
import { canonicalOrder, splitBlocks } from './canonical.js';
import {
  decideRegime,
  reductionSlotBytes,
  SHARED_VEC_BYTES,
  TILE_SHARED_VEC_BYTES,
  STEP_DRAW_BYTES,
  stateNames,
  TILE_STEP_MIN_WORKGROUPS,
  workgroupReductions,
  tiledProducts,
  WORKGROUP_BYTES,
  type RegimeDecision,
  type ScheduleOptions,
} from './schedule.js';

export { SHARED_VEC_BYTES, WORKGROUP_BYTES };

/**
 * The storage buffers of the runtime (src/codegen/wgsl.ts; every kernel also reads the uniform P),
 * and Q, a chain kernel's second parameter block: the previous run's (src/ir/step.ts, chainable).
 */
export type PlanBuffer = 'Q' | 'X' | 'F' | 'DATA' | 'SCR' | 'PART' | 'SC' | 'S';
const BUFFER_ORDER: PlanBuffer[] = ['Q', 'X', 'S', 'DATA', 'SCR', 'PART', 'SC', 'F'];

/** A kernel's grid: ceil(n / individuals) workgroups (teams), or n * chunks (one per chunk). */
export type Dispatch = { per: 'team'; individuals: number } | { per: 'chunk'; chunks: number };

/**
 * What a kernel is, for a code generator: `stage` indexes the schedule's stages. Team: the whole
 * function. Split: per reduce stage a partials kernel (a step's pending vectors computed in its
 * loop), per scan stage its tile totals and a rescan (a step's pending vectors
 * computed in the first of them and stored for the rescan), then a combine that also runs
 * the scalar stages after it and writes the fitness (F) or its scalars (SC); a step's writes last.
 */
export type KernelRole =
  /** Lanes per individual (a power of two dividing the workgroup). */
  | { k: 'team'; team: number }
  | { k: 'reduce-partials'; stage: number; vectors: string[] }
  | { k: 'scan-chunks'; stage: number; vectors: string[] }
  | { k: 'scan-rescan'; stage: number }
  | {
      k: 'combine';
      stage: number;
      /** Lanes per individual (a power of two covering the chunks, at most the workgroup). */
      team: number;
      scalars: string[];
      to: 'F' | 'SC';
      /** Earlier scalars it stores in SC for the kernels after it (valueWritesInCombine). */
      keep: string[];
      /** It makes the step's value writes (the last combine of a step of one row). */
      values: boolean;
    }
  /**
   * `values`: the value rows too (false where the last combine wrote them); `only`: the value
   * rows alone, after the vector writes' kernel (ir/step.ts, valueWritesAfter).
   */
  | { k: 'writes'; values: boolean; only?: 'values' }
  /**
   * Between runs t - 1 and t of a chainable step: t - 1's combine and writes, then t's partials
   * (the plan's `chain`).
   */
  | { k: 'chain' };

export interface PlanKernel {
  /** The name the WGSL backend gives the kernel. */
  name: string;
  role: KernelRole;
  /** The stages it runs, in order, with what is fused into each. */
  stages: string[];
  /** What one invocation does. */
  thread: string;
  /** What one workgroup does. */
  workgroup: string;
  dispatch: Dispatch;
  /** The storage buffers it reads or writes. */
  buffers: PlanBuffer[];
  /**
   * Split regime: the scalars it reads from SC (stored by earlier combines) and those it computes
   * itself (scalar stages before it that no combine stored: constants, functions of D).
   */
  scalars?: { fromSC: string[]; recomputed: string[] };
}

export interface Plan {
  program: string;
  dim: number;
  /** An algorithm step: the individuals of its domain. */
  individuals?: number;
  decision: RegimeDecision;
  /** The regime in words. */
  regime: string;
  /** Why it was chosen, one clause a line. */
  why: string[];
  /** Per-individual storage: vectors and scans in SCR, a step's vectors in workgroup memory. */
  storage: { scratch: string[]; shared: string[] };
  kernels: PlanKernel[];
  /**
   * A step whose consecutive runs chain (src/ir/step.ts, chainable): the kernel dispatched
   * between runs t - 1 and t in place of t - 1's combine and writes and t's partials, and the
   * value rows it keeps two copies of (in PART, by the run's parity, after the partials).
   */
  chain?: { kernel: PlanKernel; values: string[] };
}

/**
 * Whether a team kernel keeps its vectors (`vecBytes` for the workgroup's G individuals) in
 * workgroup memory. A step does when they fit SHARED_VEC_BYTES (TILE_SHARED_VEC_BYTES beside a
 * tiled product); an evaluation only when all of them are tiled products (schedule.ts,
 * tileStages), where the teams read them after the product.
 * Beside a tiled product they must also fit with its y (codegen/wgsl-team.ts, tiledStage), the
 * reductions' slots and (a step) its draws.
 */
function keptInWorkgroup(
  f: IrFunc,
  stages: Stage[],
  wg: number,
  G: number,
  vecBytes: number,
  state: ReadonlySet<string> | undefined,
): boolean {
  const vecs = stages.filter((st) => st.k === 'vec');
  const step = !!f.domain;
  if (!vecs.length) return false;
  if (!vecs.some((st) => st.tile)) return step && vecBytes <= SHARED_VEC_BYTES;
  if (vecBytes > TILE_SHARED_VEC_BYTES) return false;
  if (!step && !vecs.every((st) => st.tile)) return false;
  const tiles = tiledProducts(f, state);
  const cols = Math.max(0, ...vecs.map((st) => tiles.get(st.name) ?? 0));
  const draws = step ? STEP_DRAW_BYTES * G : 0;
  return vecBytes + cols * G * 4 + reductionSlotBytes(f, stages, wg) + draws <= WORKGROUP_BYTES;
}

/** The workgroups a kernel dispatches for n individuals. */
export function workgroupsFor(d: Dispatch, n: number): number {
  return d.per === 'team' ? Math.ceil(n / d.individuals) : n * d.chunks;
}

const nextPow2 = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(1, n)));
const list = (xs: string[]) => xs.join(', ');
/** `a`, `a and b`, `a, b and c`. */
const and = (xs: string[]) =>
  xs.length > 1 ? `${xs.slice(0, -1).join(', ')} and ${xs.slice(-1).join('')}` : xs.join('');

/** `chain`: the step's runs may follow one another (compile/algorithm.ts, repeatedSteps). */
export function buildPlan(
  p: ScheduledProgram,
  o: ScheduleOptions,
  opts: { chain?: boolean } = {},
): Plan {
  const s = p.schedule;
  const f = p.main;
  const step = !!f.domain;
  const stateSet = stateNames(p);
  const decision = decideRegime(f, s.stages, o, stateSet);
  // The plan explains the IR's schedule: options other than those it was scheduled with would
  // explain another one.
  if (JSON.stringify(decision.regime) !== JSON.stringify(s.regime))
    throw new Error(
      'internal: plan: the schedule options differ from those the program was scheduled with',
    );
  const bind = new Map<string, Binding>(f.bindings.map((b) => [b.name, b]));
  const len = (name: string) => (bind.get(name) as { len: number }).len;
  const data = new Set(p.data.map((d) => d.name));
  const state = new Set((p.state ?? []).map((a) => a.name));
  const attached = new Set(s.stages.flatMap((st) => (st.k === 'scan' ? st.outs : [])));
  // A scan is stored (SCR) when something other than its fused reductions reads it.
  const stored = (scan: string) =>
    readsArray(f.result, scan) ||
    f.bindings.some((b) => b.name !== scan && !attached.has(b.name) && readsArray(b.body, scan));
  const vecs = s.stages.flatMap((st) => (st.k === 'vec' ? [st.name] : []));
  const r = s.regime;
  // A split step whose runs chain: its value writes, whose rows its partials store (so read, in S).
  // The canonical order's partials of a reduce stage (schedule/canonical.ts): the workgroups of
  // their kernel, and whether they are the regime's chunks. A chain kernel's partials phase reads
  // the elements its own writes phase wrote, so its workgroups must be the chunks.
  const order = canonicalOrder(f.len);
  const red = r.k === 'split' ? splitBlocks(order, r.chunk, r.groups) : undefined;
  const chainValues =
    r.k === 'split' && step && opts.chain && red?.chunks === r.groups ? chainable(p) : undefined;
  const vecBytes = r.k === 'team' ? (r.wg / r.team) * vecs.reduce((a, n) => a + len(n), 0) * 4 : 0;
  const shared =
    r.k === 'team' && keptInWorkgroup(f, s.stages, r.wg, r.wg / r.team, vecBytes, stateSet);

  /** The buffers expressions read: X, data, stored vectors and scans, state. */
  const reads = (es: IExpr[], scanValues: Set<string>, out: Set<PlanBuffer>) => {
    for (const e of es)
      forEachNode(e, (n) => {
        if (n.k !== 'read' || scanValues.has(n.arr)) return;
        const b = bind.get(n.arr);
        if (data.has(n.arr)) out.add('DATA');
        else if (state.has(n.arr)) out.add('S');
        else if (b?.k === 'vec') {
          if (!shared) out.add('SCR');
        } else if (b?.k === 'scan') out.add('SCR');
        else out.add('X');
      });
    return out;
  };
  const body = (name: string) => {
    const b = bind.get(name);
    if (!b) throw new Error(`internal: plan: the schedule names ${name}, not a binding`);
    return b.body;
  };
  /** The rows and bodies of the step's writes (those `which` takes). */
  const writes = (which: (w: Write) => boolean = () => true) =>
    (f.writes ?? []).filter(which).flatMap((w) => [w.row, w.body]);
  const stageText = (st: Stage, how: { split?: boolean } = {}): string => {
    switch (st.k) {
      case 'vec':
        return `vector ${st.name}[${len(st.name)}]${st.tile ? ` as a tiled product of the workgroup's individuals: y in workgroup memory, M's columns 16 bytes a load, 4 rows of ${st.tile} individual${st.tile === 1 ? '' : 's'} a lane,` : ''}${how.split ? ', element by element in the loop' : shared ? ' in workgroup memory' : ' stored in SCR'}`;
      case 'scan': {
        const fused = st.outs.length ? ` with ${and(st.outs)} fused into it` : '';
        const keep = !how.split && stored(st.scan) ? ', stored in SCR' : '';
        return `scan ${st.scan}[${len(st.scan)}]${fused}${keep}`;
      }
      case 'reduce': {
        // A step's reductions computed once for its workgroup's individuals (schedule.ts).
        const once =
          r.k === 'team' ? workgroupReductions(f, st.outs, r.wg / r.team) : ([] as string[]);
        const each = st.outs.filter((o) => !once.includes(o));
        const loop = (xs: string[]) => `${and(xs)}${xs.length > 1 ? ' in one loop' : ''}`;
        if (!once.length) return `reduce ${loop(each)}`;
        return `reduce ${loop(once)} once for the workgroup's individuals, over all its lanes${each.length ? `; then ${loop(each)}` : ''}`;
      }
      case 'scalar':
        return `scalar ${st.name}`;
    }
  };
  const sorted = (b: Set<PlanBuffer>) => BUFFER_ORDER.filter((x) => b.has(x));
  const kernels: PlanKernel[] = [];

  if (r.k === 'team') {
    const ipg = r.wg / r.team;
    const b = new Set<PlanBuffer>();
    const exprs = f.bindings.map((x) => x.body);
    const scanValues = new Set<string>();
    for (const st of s.stages) if (st.k === 'scan' && !stored(st.scan)) scanValues.add(st.scan);
    reads(step ? [...exprs, ...writes()] : [...exprs, f.result], scanValues, b);
    // Stored vectors and scans are written as well as read.
    if ((vecs.length && !shared) || s.stages.some((st) => st.k === 'scan' && stored(st.scan)))
      b.add('SCR');
    b.add(step ? 'S' : 'F');
    const lanes =
      r.team === 1
        ? 'one lane per individual: every loop element by element'
        : `lane l of a team of ${r.team} takes elements l, l + ${r.team}, ... of every loop`;
    kernels.push({
      name: 'evaluate',
      role: { k: 'team', team: r.team },
      stages: s.stages.map((st) => stageText(st)),
      thread: `${lanes}${s.stages.some((st) => st.k === 'scan') ? ' (scans by tiles)' : ''}${s.stages.some((st) => st.k === 'reduce') ? `; a reduction's terms in the canonical order (${order.W} lane-partials of ${order.U}-element units${order.K > 1 ? `, ${order.K} blocks` : ''}${order.W > r.team ? `: ${order.W / r.team} a lane` : order.W < r.team ? `: lanes from ${order.W} hold the identity` : ''})` : ''}; ${step ? "the team's lanes share its individual's writes" : 'lane 0 writes the fitness'}`,
      workgroup: `${ipg} individual${ipg === 1 ? '' : 's'} (a team each); a tree over the team per reduction, barriers between stages`,
      dispatch: { per: 'team', individuals: ipg },
      buffers: sorted(b),
    });
  } else {
    const G = r.groups;
    const chunk: Dispatch = { per: 'chunk', chunks: G };
    // A step of one row whose value writes its last combine makes (ir/step.ts), and the scalars
    // that read them, which the first combine after them keeps in SC.
    const valueKeep = step ? valueWritesInCombine(p) : undefined;
    const lastStage = s.stages.reduce(
      (m, st, k) => (st.k === 'scalar' || st.k === 'vec' ? m : k),
      -1,
    );
    const computed: string[] = []; // scalars stored in SC by earlier combine kernels
    // Scalar stages before a kernel that no combine stored (constants, functions of D): each
    // kernel computes them itself.
    const early = (k: number) =>
      s.stages
        .slice(0, k)
        .flatMap((st) => (st.k === 'scalar' && !computed.includes(st.name) ? [st.name] : []));
    /** A kernel of stage k: its scalars (from SC, or computed again) and their buffers. */
    const push = (k: number, kp: Omit<PlanKernel, 'buffers' | 'scalars'>, b: Set<PlanBuffer>) => {
      const recomputed = early(k);
      if (computed.length) b.add('SC');
      reads(recomputed.map(body), new Set(), b);
      kernels.push({ ...kp, buffers: sorted(b), scalars: { fromSC: [...computed], recomputed } });
    };
    const across = `lane l of workgroup (n, c) takes elements c * ${r.chunk} + l, + ${r.wg}, ... of chunk c of individual n`;
    const chunkGroup = `chunk c of individual n (${r.chunk} elements)`;
    let pending: string[] = []; // a step's vectors, computed in the next reduce stage's loop
    let si = 0;
    s.stages.forEach((st, k) => {
      if (st.k === 'scalar') return;
      if (st.k === 'vec') {
        if (!step) throw new Error('internal: plan: a materialised vector in the split regime');
        pending.push(st.name);
        return;
      }
      const outs = st.outs;
      if (st.k === 'scan') {
        // A step's pending vectors are computed in the scan's first kernel, element by element as
        // its loop reaches them (their values feed the scan's terms directly), and stored in SCR
        // for the rescan and the writes.
        const vectors = pending;
        pending = [];
        const computed = new Set(vectors);
        const withVectors = (b: Set<PlanBuffer>) => {
          reads(vectors.map(body), computed, b);
          if (vectors.length) b.add('SCR');
          return b;
        };
        const vectorStages = vectors.map((v) => stageText(bindStage(v), { split: true }));
        const scanned = (also: Set<string>) =>
          reads([body(st.scan), ...outs.map(body)], new Set([st.scan, ...also]), new Set(['PART']));
        // The canonical order (canonical-scan.ts): tiles of W segments of K elements.
        const sb = bind.get(st.scan);
        if (sb?.k !== 'scan') throw new Error(`internal: plan: ${st.scan} is not a scan`);
        const { K, W, tile } = scanOrder(sb.len);
        const tiles =
          W <= r.wg
            ? `lane l < ${W} of workgroup (n, c) sums segment l of each tile (${W} segment${W === 1 ? '' : 's'} of ${K} elements) of chunk c of individual n`
            : `lane l of workgroup (n, c) sums segments l, l + ${r.wg}, ... of each tile (${W} segments of ${K} elements) of chunk c of individual n`;
        push(
          k,
          {
            name: `scan_chunks_${si}`,
            role: { k: 'scan-chunks', stage: k, vectors },
            stages: [...vectorStages, `the totals of ${st.scan}'s tiles`],
            thread: `${tiles}; a scan over the segments (Sklansky)`,
            workgroup: `${chunkGroup}: its ${r.chunk / tile} tiles' totals to PART`,
            dispatch: chunk,
          },
          withVectors(reads([body(st.scan)], computed, new Set(['PART']))),
        );
        push(
          k,
          {
            name: `scan_rescan_${si}`,
            role: { k: 'scan-rescan', stage: k },
            stages: [stageText(st, { split: true })],
            thread: `${tiles}, rescanned from the carry (the totals of the tiles before, in order)`,
            workgroup: `${chunkGroup}: partials of ${list(outs)} to PART`,
            dispatch: chunk,
          },
          scanned(new Set()),
        );
      } else {
        // A step's pending vectors are computed in this loop (their values feed the reductions
        // directly) and stored in SCR for the writes.
        const b = reads([...pending.map(body), ...outs.map(body)], new Set(pending), new Set());
        b.add('PART');
        if (pending.length) b.add('SCR');
        if (chainValues?.length) b.add('S');
        push(
          k,
          {
            name: `${pending.length ? 'step' : 'reduce'}_partials_${si}`,
            role: { k: 'reduce-partials', stage: k, vectors: pending },
            stages: [
              ...pending.map((v) => stageText(bindStage(v), { split: true })),
              stageText(st),
            ],
            // The canonical order's lane-partials (schedule/canonical.ts): unit l + b W of each
            // block b of the chunk (of the whole individual where the order is one block).
            thread:
              order.K > 1
                ? `lane l of workgroup (n, c) takes ${order.M > 1 ? `units l + ${order.W} m (m < ${order.M})` : 'unit l'} of each of the ${red?.blocks} blocks of chunk c of individual n (${order.U} elements a unit, ${order.W * order.M} a block), their tree as they come`
                : `lane l of workgroup (n, 0) takes units l, l + ${order.W}, ... of individual n (${order.U} elements a unit)`,
            workgroup: `${red?.chunks === G ? chunkGroup : 'individual n'}: its ${order.W} lane-partials of ${list(outs)} to PART`,
            dispatch: { per: 'chunk', chunks: red?.chunks ?? G },
          },
          b,
        );
        pending = [];
      }
      // The combine: a team per individual over its G partials (a reduce stage's: W lanes, one
      // lane-partial each over the chunks), then the scalar stages after.
      const team = st.k === 'reduce' ? Math.min(order.W, r.wg) : Math.min(r.wg, nextPow2(G));
      const ipg = r.wg / team;
      const after: string[] = [];
      for (const st of s.stages.slice(k + 1)) {
        if (st.k !== 'scalar') break;
        after.push(st.name);
      }
      const b = reads(after.map(body), new Set(), new Set(['PART']));
      const last = k + 1 + after.length >= s.stages.length && !step;
      if (last) reads([f.result], new Set(), b).add('F');
      else b.add('SC');
      const keep = early(k).filter((x) => valueKeep?.has(x));
      const values = !!valueKeep && k === lastStage;
      if (values) {
        reads(
          writes((w) => !w.col),
          new Set(),
          b,
        ).add('S');
      }
      const stores = [...outs, ...after, ...keep];
      push(
        k,
        {
          name: `combine_${si}`,
          role: {
            k: 'combine',
            stage: k,
            team,
            scalars: after,
            to: last ? 'F' : 'SC',
            keep,
            values,
          },
          stages: [
            `combine ${list(outs)}`,
            ...after.map((a) => `scalar ${a}`),
            ...(values ? ['the value writes'] : []),
          ],
          thread:
            st.k === 'reduce'
              ? `lane l of a team of ${team} combines lane-partial${order.W > team ? `s l, l + ${team}, ...` : ' l'} of its individual's ${red?.chunks} chunk${red?.chunks === 1 ? '' : 's'} (their tree), then the tree over the team`
              : `lane l of a team of ${team} combines partials l, l + ${team}, ... of its individual's ${G} chunks (a float sum fused into the scan: chunks from l B, B at a time, then lanes in pairs)`,
          workgroup: `${ipg} individual${ipg === 1 ? '' : 's'}; ${last ? 'lane 0 writes the fitness' : `lane 0 stores ${and(stores)} in SC${values ? ' and makes the value writes' : ''}`}`,
          dispatch: { per: 'team', individuals: ipg },
        },
        b,
      );
      computed.push(...outs, ...after, ...keep);
      si++;
    });
    if (step) {
      if (pending.length) throw new Error('internal: plan: a kept vector without a reduction');
      // Value rows that the step's own scalars read: written after the vector writes.
      const after = valueWritesAfter(p);
      const values = !valueKeep && !after;
      if (valueKeep)
        for (const x of early(s.stages.length))
          if (valueKeep.has(x))
            throw new Error(`internal: plan: ${x} reads a value row and no combine keeps it`);
      push(
        s.stages.length,
        {
          name: 'step_writes',
          role: { k: 'writes', values },
          stages: [
            values
              ? 'the writes'
              : after
                ? 'the vector writes (the value writes follow, in a kernel of their own)'
                : "the vector writes (the value writes were the combine's)",
          ],
          // Four consecutive elements a lane, as the partials' (wgsl-step.ts, write).
          thread: `lane l of workgroup (n, c) writes elements c * ${r.chunk} + 4l .. 4l + 3, + ${4 * r.wg}, ... of individual n's rows`,
          workgroup: `${chunkGroup}: its part of each written row`,
          dispatch: chunk,
        },
        reads(
          writes((w) => values || !!w.col),
          new Set(),
          new Set(['S']),
        ),
      );
      if (after)
        push(
          s.stages.length,
          {
            name: 'step_values',
            role: { k: 'writes', values: true, only: 'values' },
            stages: [
              'the value writes, after the vector writes (their rows are read by the scalars)',
            ],
            thread: "lane 0 of workgroup n writes individual n's value rows",
            workgroup: `individual n: its scalars again, then its value writes`,
            dispatch: { per: 'chunk', chunks: 1 },
          },
          reads(
            writes((w) => !w.col),
            new Set(),
            new Set(['S']),
          ),
        );
    }
  }
  const chain = chainValues ? chainPlan(chainValues, kernels) : undefined;
  return {
    program: p.name,
    dim: p.dim,
    ...(f.domain ? { individuals: f.domain.n } : {}),
    decision,
    ...regimeWhy(decision, f.len, o),
    storage: {
      // In stage order: the order of their places in SCR.
      scratch: s.stages.flatMap((st) =>
        st.k === 'vec' && !shared ? [st.name] : st.k === 'scan' && stored(st.scan) ? [st.scan] : [],
      ),
      shared: shared ? vecs : [],
    },
    kernels,
    ...(chain ? { chain } : {}),
  };
}

/**
 * The chain kernel of a chainable step (its kernels: partials, combine, writes; `values`: its
 * value writes): what the three do between two runs, in one kernel of the partials' grid.
 */
function chainPlan(values: Write[], kernels: PlanKernel[]): Plan['chain'] {
  const [part, comb, wr] = kernels;
  if (
    kernels.length !== 3 ||
    part?.role.k !== 'reduce-partials' ||
    comb?.role.k !== 'combine' ||
    wr?.role.k !== 'writes'
  )
    throw new Error(`internal: plan: a chainable step's kernels are ${kernels.map((k) => k.name)}`);
  const b = new Set<PlanBuffer>(['Q', ...part.buffers, ...comb.buffers, ...wr.buffers]);
  b.delete('SC'); // the scalars pass through workgroup memory
  const names = values.map((w) => w.arr);
  return {
    values: names,
    kernel: {
      name: 'step_chain',
      role: { k: 'chain' },
      stages: [
        `run t - 1 (parameters Q): ${comb.stages.join(', ')}, every workgroup for itself${values.length ? ` (the value rows from the copy of run t - 1, written to S by chunk 0)` : ''}`,
        `run t - 1: the vector writes of chunk c`,
        `run t (parameters P): ${part.stages.join(', ')}${values.length ? `; chunk 0 stores the value rows ${and(names)} for run t + 1` : ''}`,
      ],
      thread: `${comb.thread}; then as ${wr.name}, then as ${part.name}`,
      workgroup: `chunk c of individual n: the combine's scalars and the value rows in workgroup memory, barriers between the three`,
      dispatch: part.dispatch,
      buffers: BUFFER_ORDER.filter((x) => b.has(x)),
    },
  };
}

const bindStage = (name: string): Stage => ({ k: 'vec', name });

/** The regime in words and the facts it was chosen from, one clause a line. */
function regimeWhy(
  d: RegimeDecision,
  D: number,
  o: ScheduleOptions,
): { regime: string; why: string[] } {
  const r = d.regime;
  const out: string[] = [];
  let regime: string;
  if (r.k === 'team') {
    const ipg = r.wg / r.team;
    regime = `team: ${r.team} lane${r.team === 1 ? '' : 's'} per individual, ${ipg} individual${ipg === 1 ? '' : 's'} per workgroup of ${r.wg}`;
    if (d.teamForced) out.push('team size forced');
    else if (d.stepTiled)
      out.push(
        `team size: ${d.byTiles.team} by tiled products (${d.byTiles.individuals} individuals a workgroup share M; y of ${d.byTiles.cols} columns for each; a step's elements and rows do not size its team then), at most ${r.wg}`,
      );
    else
      out.push(
        `team size: the larger of ${d.byElems.team} by elements (D = ${D}, ${d.byElems.perLane} a lane)${d.byTiles.individuals ? `, ${d.byTiles.team} by tiled products (${d.byTiles.individuals} individuals a workgroup share M; y of ${d.byTiles.cols} columns for each)` : ''} and ${d.byRows.team} by rows${d.byRows.inner ? ` (inner reductions of ${d.byRows.inner})` : ''}, at most ${r.wg}`,
      );
  } else
    regime = `split: ${r.groups} workgroup${r.groups === 1 ? '' : 's'} of ${r.wg} per individual, a chunk of ${r.chunk} elements each`;
  const fills = `the team regime fills ${d.teamWorkgroups} workgroup${d.teamWorkgroups === 1 ? '' : 's'} at population ${o.population}`;
  if (d.split === 'forced') out.push('split regime forced');
  else if (d.split === 'huge')
    out.push(`D = ${D} >= 4 chunks of ${o.chunk} and ${fills} (< ${o.minWorkgroups})`);
  else if (o.force === 'team') out.push('team regime forced');
  else if (D < 4 * o.chunk) out.push(`D = ${D} < 4 chunks of ${o.chunk}`);
  else out.push(`${fills} (>= ${o.minWorkgroups})`);
  if (d.blocked) out.push(`not split: ${d.blocked}`);
  const dec = d.byTiles.declined;
  if (dec)
    out.push(
      `products not tiled: ${dec.individuals} individuals a workgroup would fill ${dec.workgroups} workgroup${dec.workgroups === 1 ? '' : 's'} at population ${o.population} (a step tiles from ${TILE_STEP_MIN_WORKGROUPS})`,
    );
  return { regime, why: out };
}

/** The dispatch size as a formula in n. */
function dispatchText(d: Dispatch): string {
  return d.per === 'team'
    ? d.individuals === 1
      ? 'n workgroups'
      : `ceil(n / ${d.individuals}) workgroups`
    : `n * ${d.chunks} workgroups`;
}

/** The plan as text: a head line, the regime and its reasons, then the kernels in dispatch order. */
export function printPlan(plan: Plan): string {
  const n = plan.kernels.length;
  const who = plan.individuals === undefined ? '' : `, ${plan.individuals} individual(s)`;
  const lines = [
    `plan ${plan.program}, D = ${plan.dim}${who}: ${n} kernel${n === 1 ? '' : 's'}`,
    `  regime  ${plan.regime}`,
    ...plan.why.map((w) => `  why     ${w}`),
  ];
  /** A kernel's lines, `extra` after its stages and scalars. */
  const kernel = (k: PlanKernel, extra: string[] = []) => {
    lines.push(`  kernel ${k.name}: ${dispatchText(k.dispatch)}; buffers ${list(k.buffers)}`);
    for (const st of k.stages) lines.push(`    runs       ${st}`);
    const sc = k.scalars;
    if (sc?.fromSC.length || sc?.recomputed.length)
      lines.push(
        `    scalars    ${[sc.fromSC.length ? `${and(sc.fromSC)} from SC` : '', sc.recomputed.length ? `${and(sc.recomputed)} computed again` : ''].filter(Boolean).join('; ')}`,
      );
    lines.push(...extra, `    thread     ${k.thread}`, `    workgroup  ${k.workgroup}`);
  };
  for (const k of plan.kernels) kernel(k);
  const c = plan.chain;
  if (c) {
    const [first, ...rest] = plan.kernels.map((x) => x.name);
    lines.push(
      `  chain  consecutive runs t - 1, t: ${first} of the first run, ${c.kernel.name} between two runs, ${rest.join(' and ')} of the last`,
    );
    kernel(
      c.kernel,
      c.values.length
        ? [`    values     ${and(c.values)}: two copies in PART, by the run's parity`]
        : [],
    );
  }
  return lines.join('\n');
}
