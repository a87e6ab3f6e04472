// An algorithm compiled for one problem and dimension: state arrays, and steps that read and write
// them. A step is an IR program (src/ir/ir.ts) whose main function runs once per individual of its
// domain (`(each i n)`), computes bindings (draws, gathers, evaluations of the problem, reductions
// over the population) and ends in writes to state arrays. Steps go through the problem pipeline
// (inline, fold, cse, scan, fuse, schedule) and both backends, so an evaluation inside a step is
// fused with the trial vector it evaluates exactly as a problem's own vectors are.
//
// Synchronous semantics: a step's reads see the state as it was when the step began. An array
// that a step reads at rows other than the one an individual writes is double-buffered (see
// pingPong below); the others are updated in place.

import type { IExpr, IrFunc, IrProgram, ScheduledProgram, StateArray, Write } from './ir.js';
import { at, exprEqual, forEachNode, some } from './ir.js';

export interface Step {
  /** For kernel names, traces and the printed form: `init.X`, `each.X`, `best.X`, `track`. */
  name: string;
  /** Individuals (rows of the domain). */
  n: number;
  /** Evaluations of the problem per run of the step (counted towards the budget). */
  evals: number;
  /**
   * `each i in X[:n]`: the individuals a run takes, decided on the host per run (a host
   * expression like a repeat count, clamped to [0, n]): rows 0..count-1 run, the others are left
   * as they are, and the evaluations are `evals / n` per individual that runs.
   */
  count?: IExpr;
  prog: IrProgram;
  /**
   * In the body of `repeat n while c` (set by the algorithm pass `while`, passes/algo-while.ts):
   * the one-row flag array (1 while the loop runs) that every write of the step is conditional on. Its evaluations are counted on the GPU, by the loop's
   * condition step, and the host counts them as at most `evals` until it reads the counter back.
   */
  guard?: string;
  /** The condition step of `repeat n while c`, which counts its iteration's evaluations on the GPU. */
  countsEvals?: boolean;
  /** The condition step of `repeat n while c`: the flag array it sets (see `guard`). */
  decides?: string;
  /**
   * The regime the step is scheduled in whatever its size: set by the algorithm pass `regime`
   * (passes/algo-regime.ts) where the split regime would race on a value row the step writes.
   */
  force?: 'team';
  /**
   * The step with the previous generation's track fused in, which the run loop takes where this
   * step opens a generation (the algorithm pass `fuse-track`: passes/algo-fuse-track.ts).
   */
  withTrack?: Step;
}

/**
 * The evaluations counted on the GPU (the steps of `repeat n while c` bodies that ran): a total in
 * two one-row arrays, lo + CARRY hi with lo < CARRY (float32 holds every integer below 2^24, so
 * the count is exact up to 2^44 while an iteration makes fewer than CARRY evaluations), and its
 * value after each generation in trace row `$slot` (two columns: lo, hi), read back with the trace.
 */
export const WHILE_COUNT = { lo: 'while.lo', hi: 'while.hi', trace: 'while.trace', carry: 2 ** 20 };

/** Does `p` count evaluations on the GPU (a `repeat n while c` body that evaluates)? */
export function countsOnGpu(p: { state: readonly { name: string }[] }): boolean {
  return p.state.some((a) => a.name === WHILE_COUNT.trace);
}

/**
 * A generation: steps, conditions and loop counts decided on the host (from parameters, constants,
 * draws, $gen and $progress only): the host knows which steps a generation runs, and how many
 * evaluations they make, before it records them.
 */
export type GenStmt =
  | { k: 'step'; step: Step }
  | { k: 'if'; cond: IExpr; then: GenStmt[]; else: GenStmt[] }
  /**
   * `repeat n { ... }`: the body `count` times, each time in a round of its own (draws differ).
   * `repeat r < n { ... }` names the iteration, 0 to n - 1: the host passes it to the body's runs
   * as the kernel parameter $h`index` (as a host let's value), and host expressions read it too.
   */
  | { k: 'repeat'; count: IExpr; body: GenStmt[]; index?: number }
  | LetStmt
  | WhileStmt
  | SelectStmt;

/**
 * A generation-level let at its place of definition (the IR before the pass `store-lets`, which
 * removes every one: passes/algo-store-lets.ts). `name` is the scalar binding by which the steps
 * that use it compute it (`g.NAME`), each with `body`; the pass decides which are computed once
 * instead, by a step of their own. What it reads and whether it draws are read off `body` and the
 * lets it uses. A host let (AlgoProgram.hostLets) is one too, its body the kernel parameter $hK.
 */
export interface LetStmt {
  k: 'let';
  name: string;
  body: IExpr;
}

/**
 * `repeat n while c { ... }` as the language means it, before the algorithm pass `while`
 * (passes/algo-while.ts) rewrites it for the GPU into steps, a `repeat` and guarded writes: at
 * most `count` iterations, each a round of its own, each while c holds before it. `cond` is a step
 * of one individual that writes nothing: its main's result is c as an integer 0 or 1 (`(if c 1
 * 0)`), computed on the GPU before each iteration. The body holds no host control (if, repeat,
 * while: OPT6041), and an iteration makes fewer than WHILE_COUNT.carry evaluations (OPT6049).
 * Only the elaborator's output (`lower`) holds one; the validator refuses it after that.
 */
export interface WhileStmt {
  k: 'while';
  count: IExpr;
  cond: Step;
  body: GenStmt[];
}

/** The steps of one generation statement (none for a let, nor a selection before the select pass). */
function stmtSteps(s: GenStmt): Step[] {
  if (s.k === 'let' || s.k === 'select') return [];
  return s.k === 'step'
    ? [s.step]
    : s.k === 'if'
      ? [...allSteps(s.then), ...allSteps(s.else)]
      : s.k === 'while'
        ? [s.cond, ...allSteps(s.body)]
        : allSteps(s.body);
}

/**
 * A selection as the elaborator states it: what is selected, not how. The algorithm pass `select`
 * (passes/algo-select.ts) lowers it to steps; none is left after that pass.
 * - `best`: `X = best(X, O)`, the N best of X and O stay in X, in place: an individual of X among
 *   them keeps its row and its attached state, the rows of those that leave take the entering
 *   members of O with the attached state at its initial value (`entrant`);
 * - `best-into`: `X = best(A, B)` with A other than X: the N best of A and B into X, sorted;
 * - `sort`: `X = sorted(X)`, the rows of X in order of fitness, its attached state moving with them.
 */
export interface SelectStmt {
  k: 'select';
  op: 'best' | 'best-into' | 'sort';
  /** The population selected into (X). */
  target: string;
  /** The populations selected from besides the target: [O] (best), [A, B] (best-into), [] (sort). */
  from: string[];
  /**
   * The arrays of ranks the lowering uses, one value a row: [X.rankK, O.rankK] (best), [X.rankK]
   * (sort), [] (best-into). Declared by the elaborator where the statement is: the state's order
   * reaches the kernels (their parameter block's offsets).
   */
  ranks: string[];
  /** `sort`: the state attached to X (`state S[X] = ...`), which moves with its individual. */
  attached: string[];
  /**
   * `best` where X has attached state: its initial values, as the writes of a function over X's
   * rows (`(each IDX N)`) at row IDX, their draws keyed by IDX: an entrant's (elaborated from the
   * source's init expressions, so that the draws are those of the language). The pass writes them
   * at the rows that entrants take.
   */
  entrant?: IrFunc;
  /** In the body of `repeat n while c`: the loop's flag, on which its steps' writes are (Step.guard). */
  guard?: string;
}

/** A statement that an algorithm pass lowers, met after the passes (in the run loop): an internal error. */
export function unlowered(s: { k: string }): never {
  throw new Error(
    `internal: a ${s.k} statement after the algorithm passes (the ${s.k} pass lowers it)`,
  );
}

/** The arrays that a selection's steps write (its target, the target's fitness, ranks, attached state). */
export function selectWrites(s: SelectStmt, populations: readonly Population[]): string[] {
  const X = populations.find((p) => p.name === s.target);
  return [
    ...s.ranks,
    s.target,
    ...(X ? [X.fit] : []),
    ...s.attached,
    ...(s.entrant?.writes ?? []).map((w) => w.arr),
  ];
}

export interface Population {
  name: string;
  fit: string; // the name of its fitness array
  rows: number;
}

export interface AlgoProgram {
  name: string;
  params: { name: string; value: number | string }[];
  /** The problem (lowered alone): its name, box, optimum and data. */
  problem: IrProgram;
  dim: number;
  state: StateArray[];
  populations: Population[];
  init: Step[];
  generation: GenStmt[];
  /** Keeps the best-so-far point and fitness, and writes the trace row of the generation. */
  track: Step;
  /**
   * What the host adds in float64 to a fitness value v the kernels computed: the problem's value
   * is f = s (v + offset), s = -1 when maximising (passes/bias.ts). 0 when the problem has no
   * constant terms or the algorithm reads fitness absolutely (`fullFitness` says where).
   */
  offset: number;
  fullFitness?: string;
  /**
   * The fitness arrays hold phi(v) (ir/builtins.ts rangeEncode) on both backends: the problem's
   * values may leave float32's range and the algorithm uses fitness only through its order
   * (passes/range.ts); the host decodes with rangeDecode.
   */
  range?: boolean;
  /** Why an algorithm whose problem needs that form does not get it: its first use beyond order. */
  rangeRefused?: string;
  best: { point: string; fit: string };
  /**
   * Host lets: integer generation-level lets that read no array and draw nothing (parameters,
   * gen, progress), computed by the host in float64 for each run and passed to the kernels as
   * `$h0`..`$h3` (the parameter block's h0..h3), so that every kernel sees the host's value (a
   * counted step's n, say) and never its own float32 rounding of it. `body` reads $gen, $evals
   * and $budget only.
   */
  hostLets: { name: string; slot: number; body: IExpr }[];
  /** The algorithm reads `progress` ($evals / $budget): a run needs an evaluation budget. */
  readsProgress: boolean;
  trace: { name: string; rows: number };
}

/** Every step of a generation, in both branches of its conditions. */
export function allSteps(g: GenStmt[]): Step[] {
  return g.flatMap(stmtSteps);
}

/** `algo` with every step (init, generation, track) replaced by `f` of it. */
export function mapSteps(algo: AlgoProgram, f: (st: Step) => Step): AlgoProgram {
  const gen = (g: GenStmt[]): GenStmt[] =>
    g.map((s) =>
      s.k === 'let' || s.k === 'select'
        ? s
        : s.k === 'step'
          ? { ...s, step: f(s.step) }
          : s.k === 'if'
            ? { ...s, then: gen(s.then), else: gen(s.else) }
            : s.k === 'while'
              ? { ...s, cond: f(s.cond), body: gen(s.body) }
              : { ...s, body: gen(s.body) },
    );
  return {
    ...algo,
    init: algo.init.map(f),
    generation: gen(algo.generation),
    track: f(algo.track),
  };
}

/** mapSteps with `f` called once a step object: a step in two places stays one object there. */
export function mapStepsOnce(algo: AlgoProgram, f: (st: Step) => Step): AlgoProgram {
  const done = new Map<Step, Step>();
  return mapSteps(algo, (st) => {
    let out = done.get(st);
    if (!out) done.set(st, (out = f(st)));
    return out;
  });
}

const isIdx = (e: IExpr, name: string) => e.k === 'idx' && e.name === name;

/**
 * The scalars a step computes before its first reduction: in the split regime every kernel of the
 * step computes them again (its writes kernel included).
 */
export function prefixScalars(p: ScheduledProgram): Set<string> {
  const firstNonScalar = p.schedule.stages.findIndex((s) => s.k !== 'scalar');
  return new Set(
    p.schedule.stages
      .slice(0, firstNonScalar < 0 ? undefined : firstNonScalar)
      .map((s) => (s as { name: string }).name),
  );
}

/**
 * The split regime of a step on one row (a local search on the chosen individual) that writes
 * value rows (`rho[i]`, `phase[0]`: no column) its own scalars read: the step's last combine
 * kernel (one team) makes those writes, after everything that reads them has been computed, and
 * its first combine stores in SC the scalars before it that read them, so that the writes kernel
 * (many workgroups, which would otherwise compute those scalars again) never reads a value row
 * while one of its workgroups changes it. Returns those scalars (empty when none reads a written
 * value row), or undefined where the step does not qualify: more than one row (another team of
 * the combine could read the row being written), a vector write that reads a written value row
 * (the writes kernel runs after the combine), or a value write that reads a vector.
 */
export function valueWritesInCombine(p: ScheduledProgram): Set<string> | undefined {
  const f = p.main;
  const writes = f.writes ?? [];
  const values = new Set(writes.filter((w) => !w.col).map((w) => w.arr));
  if (f.domain?.n !== 1 || !values.size) return undefined;
  // A step without reductions has no combine kernel to make them (it splits since steps without
  // reductions do: src/schedule/schedule.ts).
  if (!p.schedule.stages.some((s) => s.k === 'reduce' || s.k === 'scan')) return undefined;
  const reads = (e: IExpr, names: Set<string>) =>
    some(e, (n) => n.k === 'read' && names.has(n.arr));
  const vectors = new Set(f.bindings.filter((b) => b.k !== 'scalar').map((b) => b.name));
  if (writes.some((w) => (w.col ? reads(w.body, values) : reads(w.body, vectors))))
    return undefined;
  return new Set(
    f.bindings.filter((b) => b.k === 'scalar' && reads(b.body, values)).map((b) => b.name),
  );
}

/**
 * A split step whose own scalars or vectors read a value row (an array of cols 0) that it writes
 * (PSO's personal best: `keep` reads B.f, which the step sets): its writes kernel's workgroups
 * would read the row while one of them changes it. The value writes can instead follow the vector
 * writes in a kernel of their own (a workgroup an individual), when neither they nor the step's
 * bindings read an array the vector writes change, and they read no vector: then every value the
 * second kernel reads is as the step found it. True where the step has such a race and can be
 * written that way; the race's other cure is the team regime (compile/algorithm.ts).
 */
export function valueWritesAfter(p: ScheduledProgram): boolean {
  if (valueWritesInCombine(p)) return false;
  const f = p.main;
  const writes = f.writes ?? [];
  const isValue = (w: Write) => !w.col && p.state?.find((a) => a.name === w.arr)?.cols === 0;
  const valueRows = new Set(writes.filter(isValue).map((w) => w.arr));
  if (!valueRows.size) return false;
  const reads = (e: IExpr, names: Set<string>) =>
    some(e, (n) => n.k === 'read' && names.has(n.arr));
  const prefix = prefixScalars(p);
  const race = f.bindings.some(
    (b) => (b.k !== 'scalar' || prefix.has(b.name)) && reads(b.body, valueRows),
  );
  if (!race) return false;
  const vectorRows = new Set(writes.filter((w) => !isValue(w)).map((w) => w.arr));
  const vectors = new Set(f.bindings.filter((b) => b.k !== 'scalar').map((b) => b.name));
  return (
    !f.bindings.some((b) => reads(b.body, vectorRows)) &&
    !writes.some((w) => isValue(w) && (reads(w.body, vectorRows) || reads(w.body, vectors)))
  );
}

/**
 * The arrays that need two buffers (on the GPU; the CPU backend double-buffers every written
 * array). An array written by a step is updated in place when no other individual can see the
 * change: the step reads it, if at all, only at the individual's own row,
 * writes it only there, and reads it in a write only at the column being written. Otherwise (DE's
 * X, read at r1, r2, r3 while row i is replaced; the best-of-union selection, which writes rows in
 * rank order) the step reads one buffer and writes the other, and they swap after the step. A
 * write whose value reads an array written in place by an earlier write of the same step would see
 * the new value: that array is double-buffered too, so that reads always see the state of the
 * step's start. Arrays never read by the step that writes them (the trace) stay in place.
 */
export function pingPong(steps: ScheduledProgram[]): Set<string> {
  const out = new Set<string>();
  for (const p of steps) {
    const f = p.main;
    if (!f.domain) throw new Error(`internal: step ${p.name} has no domain`);
    const me = f.domain.idx;
    const single = f.domain.n === 1;
    const own = (row: IExpr) => isIdx(row, me) || (single && row.k === 'int' && row.v === 0);
    const writes = f.writes ?? [];
    const written = new Set(writes.map((w) => w.arr));
    const readRows = new Map<string, IExpr[]>();
    // The rows of the written arrays read by the bindings (team regime: all of them are computed
    // before the writes) and by the writes themselves.
    const bindingRows = new Map<string, IExpr[]>();
    let into = bindingRows;
    const collect = (e: IExpr) =>
      forEachNode(e, (n) => {
        if (n.k === 'read' && written.has(n.arr)) {
          const rows = into.get(n.arr) ?? [];
          into.set(n.arr, rows);
          rows.push(at(n.idx, 0, `a read of state array ${n.arr}: its row`));
        }
      });
    // In the split regime (large D) the writes are a kernel of their own: only what that kernel
    // reads can see its writes: the write values (kept vectors come from scratch, computed by an
    // earlier kernel) and the scalars computed before any reduction, which every kernel of the
    // step recomputes. DE's X is then updated in place at large D: the gathers are all done when
    // the writes start.
    const split = p.schedule.regime.k === 'split';
    const prefix = prefixScalars(p);
    for (const b of f.bindings) if (!split || prefix.has(b.name)) collect(b.body);
    into = readRows;
    for (const w of writes) {
      collect(w.row);
      collect(w.body);
    }
    for (const A of written) {
      const rows = readRows.get(A) ?? [];
      const inBindings = bindingRows.get(A) ?? [];
      if (!rows.length && !inBindings.length) continue; // written, never read here
      // One individual (each i in X[c]) owns the row it writes: the row expression of its writes,
      // when they all write one.
      const ws = writes.filter((w) => w.arr === A);
      const key = (e: IExpr) => JSON.stringify(e);
      const first = ws[0] ? key(ws[0].row) : undefined;
      const oneRow = single && ws.every((w) => key(w.row) === first);
      const ownA = (row: IExpr) => own(row) || (oneRow && key(row) === first);
      // A step of one individual in the team regime is one team: its bindings are all computed
      // before its writes (a storage barrier between them: codegen/wgsl-step.ts, hazard), so they
      // may read other rows of the one row it writes in place. Double-buffering it instead would
      // lose the other rows: the step writes only its row into the other copy, which then
      // becomes current (Scatter Search's greedy pick, `each i in P[q] { pos[i] = m }` with q and
      // m reductions over pos, kept none of its picks on the GPU).
      const bindingsOk = inBindings.every(ownA) || (oneRow && !split);
      if (!ws.every((w) => ownA(w.row)) || !rows.every(ownA) || !bindingsOk) out.add(A);
    }
    const inPlaceSoFar = new Set<string>();
    for (const w of writes) {
      forEachNode(w.body, (n) => {
        if (n.k !== 'read') return;
        if (
          n.arr === w.arr &&
          w.col &&
          !isIdx(at(n.idx, 1, `a read of ${n.arr} in its column write`), w.col.idx)
        )
          out.add(w.arr);
        if (inPlaceSoFar.has(n.arr)) out.add(n.arr);
      });
      if (!out.has(w.arr)) inPlaceSoFar.add(w.arr);
    }
  }
  return out;
}

/**
 * Consecutive runs of a split step of one row (the iterations of a local search, `repeat n {
 * each i in X[c] { ... } }`) may be chained (codegen/wgsl-split.ts, the chain kernel): one kernel
 * between runs t - 1 and t runs t - 1's combine (every workgroup again, from t - 1's partials) and
 * its writes to the workgroup's chunk, then t's partials of that chunk, so that a run costs one
 * dispatch instead of three. That is the same computation, bit for bit, where nothing a workgroup
 * reads can be changed by another workgroup of the same kernel:
 * - one reduce stage (partials, one combine, the writes: no scan, no second reduction);
 * - value writes (one a row, none to an array that also has a vector write) made by the combine
 *   (valueWritesInCombine), every read of their arrays at exactly the written row: the chain
 *   kernel keeps them in two copies (the previous run's, read by every workgroup's combine, and
 *   the new one, which its partials read), so that no workgroup reads a value while another
 *   writes it;
 * - every read of an array with a vector write at the written row and at the element being
 *   computed (the vector's, the reduction's or the write's own index): a workgroup reads only the
 *   elements of its own chunk, which only it writes. Scalars other than the reduction's read no
 *   such array, nor do the value writes, and no write's row reads a written array.
 * Returns the value writes in the order of their slots, or undefined where runs cannot be chained.
 */
export function chainable(p: ScheduledProgram): Write[] | undefined {
  const f = p.main;
  const s = p.schedule;
  const writes = f.writes ?? [];
  if (f.domain?.n !== 1 || s.regime.k !== 'split' || !writes.length) return undefined;
  const heavy = s.stages.filter((st) => st.k === 'reduce' || st.k === 'scan');
  const reduce = heavy[0];
  if (heavy.length !== 1 || reduce?.k !== 'reduce') return undefined;
  if (s.stages.slice(s.stages.indexOf(reduce)).some((st) => st.k === 'vec')) return undefined;
  const values = writes.filter((w) => !w.col);
  const vectors = writes.filter((w) => w.col);
  if (values.length && !valueWritesInCombine(p)) return undefined;
  const valueRow = new Map<string, IExpr>();
  for (const w of values) {
    if (valueRow.has(w.arr)) return undefined;
    valueRow.set(w.arr, w.row);
  }
  const vectorRow = new Map<string, IExpr>();
  for (const w of vectors) {
    if (valueRow.has(w.arr)) return undefined;
    const row = vectorRow.get(w.arr);
    if (row && !exprEqual(row, w.row)) return undefined;
    vectorRow.set(w.arr, w.row);
  }
  const written = new Set([...valueRow.keys(), ...vectorRow.keys()]);
  /** Every read of a written array in `e` is allowed, `element`: the index of its own element. */
  const ok = (e: IExpr, element: string | undefined) =>
    !some(e, (n) => {
      if (n.k !== 'read' || !written.has(n.arr)) return false;
      const vr = valueRow.get(n.arr);
      if (vr) return !(n.idx.length === 1 && exprEqual(at(n.idx, 0, 'a value row'), vr));
      const row = vectorRow.get(n.arr);
      const col = n.idx[1];
      return !(
        element !== undefined &&
        row &&
        n.idx.length === 2 &&
        exprEqual(at(n.idx, 0, 'a vector row'), row) &&
        col?.k === 'idx' &&
        col.name === element
      );
    });
  const reduced = new Set(reduce.outs);
  for (const b of f.bindings) {
    const element =
      b.k === 'vec' ? b.idx : reduced.has(b.name) && b.body.k === 'red' ? b.body.idx : undefined;
    if (b.k === 'scan' || !ok(b.body, element)) return undefined;
  }
  for (const w of writes)
    if (some(w.row, (n) => n.k === 'read' && written.has(n.arr)) || !ok(w.body, w.col?.idx))
      return undefined;
  return values;
}
