// Elaboration of an algorithm for one problem and dimension: parameters resolved (defaults, --set
// overrides, ranges, choices), state declared, every `each` block and generation-level vector
// lowered to a step (src/ir/step.ts), and a selection (best of a union, sorted) stated for the
// algorithm pass that makes its steps (algo-select.ts). The elaborator holds the elaboration
// core (src/elaborate/core.ts: declarations, diagnostics, scopes, constants, parameter checks, lets)
// and a problem elaborator on the same core (src/elaborate/problem.ts), which lowers the problem and
// checks and lowers expressions; the algorithm's scopes bind the names an algorithm sees
// (parameters, populations, state, D, lo, hi), and their hooks add its choice symbols and its
// functions: f (the fitness of a vector: a stored one for a population row, an evaluation
// otherwise), rand, normal, randint, distinct and better (algo-calls.ts). Parameters (algo-params.ts)
// and state declarations with their initialisation steps (algo-state.ts) are helpers of their own,
// each reading the elaborator's state through a small host interface.
//
// Random draws are keyed by (seed, call site, generation, individual, dimension): the call site is
// numbered by its place in the source, the individual is the `each` index (0 outside), and the
// dimension is the innermost index in scope (a vector let's or a reduction's; 0 for per-individual
// scalars). So every element of `let U[j] = ... rand() ...` has its own draw, and recomputing U
// (which fusion does) draws the same numbers again.

import type { AlgoStmt, AlgorithmDecl, Expr, Let, Loc, SourceFile } from '../parser/ast.js';
import {
  at,
  bin,
  forEachNode,
  int,
  mapChildren,
  renameData,
  some,
  type Binding,
  type IExpr,
  type IrData,
  type IrFunc,
  type IrProgram,
  type StateArray,
} from '../ir/ir.js';
import type { DiagKind } from '../parser/diagnostics.js';
import { constValue, foldExpr } from '../ir/fold.js';
import { OBJECTIVE } from '../ir/fitness-use.js';
import { NAN_WORST } from '../ir/builtins.js';
import { peelConstant } from '../ir/peel.js';
import { Abort, ElabCore } from './core.js';
import { ProblemElaborator } from './problem.js';
import { BoxRepair, inwardName } from './algo-bounds.js';
import { AlgoParams } from './algo-params.js';
import { AlgoState } from './algo-state.js';
import { AlgoCalls, GEN, PROGRESS } from './algo-calls.js';
import {
  SiteNumbers,
  kept,
  type Attached,
  type EachStep,
  type GenLet,
  type StepBuilder,
} from './algo-builder.js';
import { selection, type SelectionHost } from './algo-select.js';
import { TARGET_THRESHOLD, TRACE_ROWS, trackStep } from './algo-track.js';
import {
  FuncBuilder,
  childScope,
  describe,
  didYouMean,
  namedIndex,
  toReal,
  withIndex,
  type Scope,
  type ScopeHooks,
  type Val,
} from './scope.js';
import {
  WHILE_COUNT,
  type AlgoProgram,
  type GenStmt,
  type Population,
  type Step,
} from '../ir/step.js';

/** Rows of the trace buffer (algo-track.ts). */
export { TRACE_ROWS } from './algo-track.js';

/** The run's target threshold array (the track step's: algo-track.ts). */
export { TARGET_THRESHOLD } from './algo-track.js';

export interface AlgoRequest {
  algorithm: string;
  problem: string;
  dim: number;
  /** --set name=value overrides. */
  set?: Record<string, string>;
}

/** Kernel parameters for host lets ($h0..$h3; src/codegen/wgsl-step.ts STEP_PARAM_FIELDS). */
const HOST_LETS = 4;

export class AlgoElaborator {
  readonly core: ElabCore;
  /** The problem elaborator, on the same core: it lowers the problem and every expression. */
  private readonly problems: ProblemElaborator;
  /** What the algorithm adds to the expression language: its choice symbols and functions. */
  private readonly hooks: ScopeHooks = {
    name: (name, sc) => this.calls.symbol(name, sc),
    call: (e, sc) => this.calls.call(e, sc),
    reserved: (name) =>
      name === GEN
        ? 'the generation number'
        : name === PROGRESS
          ? 'the fraction of the evaluation budget used'
          : undefined,
  };
  private algo!: AlgorithmDecl;
  private dim = 0;
  private problemIr!: IrProgram;
  private objective!: IrFunc;
  private readonly sites = new SiteNumbers();
  private readonly box: BoxRepair;
  private readonly parameters: AlgoParams;
  private readonly stateDecls: AlgoState;
  private readonly calls: AlgoCalls;
  private readonly selectHost: SelectionHost;
  private stateArrays: StateArray[] = [];
  private pops: Population[] = [];
  private stateNames = new Map<string, StateArray>();
  private genLets: GenLet[] = [];
  /** Population name -> the state arrays attached to it (`state S[X] = ...`). */
  private attached = new Map<string, Attached[]>();
  private readsProgress = false;
  private hostLets: { name: string; slot: number; body: IExpr }[] = [];
  /** The kernel parameters $h0..$h3 taken so far, by host lets and by repeat indices. */
  private hostSlots = 0;
  /** Set while the generation block is elaborated: only there does `gen` have a value. */
  private inGeneration = false;
  private step: StepBuilder | null = null;
  private stepCount = 0;
  private globalVecs = 0;
  private whileLoops = 0;
  /** Set while a policy's expression is elaborated: its draws' sites are those of that use. */

  constructor(files: SourceFile[]) {
    this.core = new ElabCore(files);
    this.problems = new ProblemElaborator(this.core);
    this.box = new BoxRepair({
      core: this.core,
      problems: this.problems,
      hooks: this.hooks,
      sites: this.sites,
      dim: () => this.dim,
      problem: () => this.problemIr,
      policy: () => this.parameters.policy,
      constScope: () => this.parameters.constScope(),
    });
    this.parameters = new AlgoParams({
      core: this.core,
      problems: this.problems,
      hooks: this.hooks,
      box: this.box,
      dim: () => this.dim,
      problem: () => this.problemIr,
      file: () => this.algo.file,
      notGen: (name, loc) => this.notGen(name, loc),
    });
    this.stateDecls = new AlgoState({
      core: this.core,
      problems: this.problems,
      box: this.box,
      dim: () => this.dim,
      stateArrays: this.stateArrays,
      pops: this.pops,
      stateNames: this.stateNames,
      attached: this.attached,
      constantOf: (e, sc, what) => this.parameters.constantOf(e, sc, what),
      notGen: (name, loc) => this.notGen(name, loc),
      beginEachStep: () => this.beginEachStep(),
      endStep: (b, name, n) => this.endStep(b, name, n),
      evaluate: (b, arr) => this.evaluate(b, arr),
      setStep: (b) => {
        const saved = this.step;
        this.step = b;
        return saved;
      },
    });
    this.calls = new AlgoCalls({
      core: this.core,
      problems: this.problems,
      box: this.box,
      sites: this.sites,
      params: this.parameters,
      pops: this.pops,
      dim: () => this.dim,
      step: () => this.step,
      inGeneration: () => this.inGeneration,
      readProgress: () => {
        this.readsProgress = true;
      },
      point: (e, sc, what) => this.point(e, sc, what),
      evaluate: (b, arr) => this.evaluate(b, arr),
      withFitness: (e, sc, b) => this.withFitness(e, sc, b),
    });
    this.selectHost = {
      core: this.core,
      dim: () => this.dim,
      pops: this.pops,
      attached: (X) => this.attached.get(X) ?? [],
      nextArray: () => ++this.globalVecs,
      declare: (...arrays) => this.stateArrays.push(...arrays),
      beginEachStep: () => this.beginEachStep(),
      initWrite: (att, b, row) =>
        this.stateDecls.initWrite(att.init, att.array, att.scope, b, row, att.indices),
    };
  }

  get diagnostics() {
    return this.core.diagnostics;
  }

  private report(kind: DiagKind, loc: Loc | undefined, ...args: (string | number)[]): void {
    this.core.report(kind, loc, ...args);
  }

  private fail(kind: DiagKind, loc: Loc | undefined, ...args: (string | number)[]): never {
    this.core.fail(kind, loc, ...args);
  }

  algorithmNames(): string[] {
    return [...this.core.algorithms.keys()];
  }

  /** Lower algorithm `req.algorithm` for `req.problem` at `req.dim`; undefined (with diagnostics) on errors. */
  lowerAlgorithm(req: AlgoRequest): AlgoProgram | undefined {
    const decl = this.core.algorithms.get(req.algorithm);
    if (!decl) {
      const names = [...this.core.algorithms.keys()];
      const near = didYouMean(req.algorithm, names);
      this.report(
        'UnknownAlgorithm',
        undefined,
        req.algorithm,
        near || ` (there are: ${names.join(', ')})`,
      );
      return undefined;
    }
    // --set names the algorithm's parameters and the problem's (`lambda` of an ETC fitness).
    const { problemSet, algoSet } = this.core.splitSet(decl, req.problem, req.set ?? {});
    const lowered = this.problems.lower(req.problem, req.dim, problemSet);
    if (!lowered) return undefined;
    // The problem's data and the algorithm's state share the step programs' namespace: a data
    // array named like a state array (data X beside population X) is renamed X.data there.
    const states = new Set([...decl.states.map((d) => d.name), 'best', 'trace']);
    const clash = lowered.data.filter((d) => states.has(d.name));
    const renamed = clash.length
      ? renameData(lowered, new Map(clash.map((d) => [d.name, `${d.name}.data`])))
      : lowered;
    // A box per coordinate: its bounds rounded inward to float32 (boxSide), as data of their own.
    const sides = (renamed.coords ?? []).flatMap((n, k): IrData[] =>
      n === null
        ? []
        : [
            {
              name: inwardName(n),
              shape: [req.dim],
              def: { k: 'inward', of: n, dir: k === 0 ? 1 : -1 },
            },
          ],
    );
    const problem = sides.length ? { ...renamed, data: [...renamed.data, ...sides] } : renamed;
    if (!Number.isFinite(problem.box[0]) || !Number.isFinite(problem.box[1])) {
      this.report('ProblemWithoutBox', decl.nameLoc, req.problem);
      return undefined;
    }
    this.algo = decl;
    this.dim = req.dim;
    this.problemIr = problem;
    // The algorithms minimise: a maximize problem's objective is its negation, -f (its fitness
    // arrays hold -f, so selection, elites and the best all work unchanged); the run loop and the
    // reports turn the values back into f and the error into f* - f (src/runtime/run.ts).
    // The kernels compute f less its constant terms c (passes/bias.ts), and the host adds c in
    // float64, while the algorithm uses f only in ways a constant shift does not change
    // (ir/fitness-use.ts, checked by the pass `fitness` once every step is built, which otherwise
    // restores the objective in every step: passes/algo-fitness.ts).
    const s = problem.direction === 'maximize' ? -1 : 1;
    const peeled = peelConstant(problem.main.result);
    const signed = (e: IExpr): IExpr => (s < 0 ? { k: 'un', t: e.t, op: 'neg', a: e } : e);
    this.objective = { ...problem.main, name: OBJECTIVE, result: signed(peeled.rest) };
    const before = this.diagnostics.length;
    try {
      const params = this.parameters.params(decl, algoSet);
      if (this.diagnostics.length > before) return undefined;
      const scope = this.parameters.baseScope(params);
      const init = this.stateDecls.states(decl.states, scope);
      this.stateArrays.push({ name: 'best', rows: 1, cols: req.dim });
      this.stateArrays.push({ name: 'best.f', rows: 1, cols: 0 });
      this.stateArrays.push({ name: 'trace', rows: TRACE_ROWS, cols: 0 });
      // The run's target as a threshold on best.f, which the host sets (runtime/run.ts).
      this.stateArrays.push({ name: TARGET_THRESHOLD, rows: 1, cols: 0 });
      this.inGeneration = true;
      // The lets stay statements at their place of definition: the pass store-lets decides which
      // a step of their own computes (passes/algo-store-lets.ts).
      const generation = this.block(decl.generation, scope);
      this.inGeneration = false;
      if (this.diagnostics.length > before) return undefined;
      if (!this.pops.length) {
        this.report('MissingPopulation', decl.nameLoc);
        return undefined;
      }
      const track = trackStep({
        core: this.core,
        dim: this.dim,
        pops: this.pops,
        beginStep: () => this.beginStep(),
        endStep: (b, name, n) => this.endStep(b, name, n),
      });
      return {
        name: decl.name,
        params: params.map((p) => ({ name: p.name, value: p.value })),
        problem,
        dim: req.dim,
        state: this.stateArrays,
        populations: this.pops,
        init,
        generation,
        track,
        // The problem's constant, which the objective leaves out: the pass `fitness` decides
        // whether the host adds it (passes/algo-fitness.ts).
        offset: s * peeled.c,
        readsProgress: this.readsProgress,
        hostLets: this.hostLets,
        best: { point: 'best', fit: 'best.f' },
        trace: { name: 'trace', rows: TRACE_ROWS },
      };
    } catch (e) {
      if (e instanceof Abort) return undefined;
      throw e;
    }
  }

  // ---- building a step -------------------------------------------------------------------

  private beginStep(): StepBuilder {
    const fn = new FuncBuilder('main', '_', this.dim);
    // The problem's data shares the step's namespace: a let named like a data array (DE's L beside
    // a box's data L) gets a name of its own.
    for (const d of this.problemIr.data) fn.fresh(d.name);
    const b: StepBuilder = {
      fn,
      writes: [],
      evalOf: new Map(),
      evals: 0,
      idx: null,
      written: new Set(),
      inBox: new Set(),
      repaired: new Map(),
    };
    // Generation-level scalars are computed by every step that uses them (dead ones are removed).
    for (const g of this.genLets) {
      fn.fresh(g.name);
      fn.bindings.push({ k: 'scalar', name: g.name, t: g.body.t, body: g.body });
    }
    return b;
  }

  private beginEachStep(): EachStep {
    return { ...this.beginStep(), idx: { k: 'idx', t: 'i', name: `ind${++this.stepCount}` } };
  }

  /**
   * The step's bindings without the generation-level scalars it does not use (beginStep binds
   * them all): the CPU backend runs a step's IR before the pipeline's dead-binding removal, so an
   * unused let (Scatter Search's farthest-point argmax, O(P^2 D), defined in generation 0 only)
   * would otherwise be computed by every individual of every later step.
   */
  private liveGenLets(b: StepBuilder, result: IExpr): Binding[] {
    const gen = new Set(this.genLets.map((g) => g.name));
    const live = new Set<string>();
    const mark = (e: IExpr) =>
      forEachNode(e, (n) => {
        if (n.k === 'sref') live.add(n.name);
      });
    mark(result);
    for (const w of b.writes) {
      mark(w.row);
      mark(w.body);
    }
    for (const bd of [...b.fn.bindings].reverse())
      if (!gen.has(bd.name) || live.has(bd.name)) mark(bd.body);
    return b.fn.bindings.filter((bd) => !gen.has(bd.name) || live.has(bd.name));
  }

  /** The step of `b`; `result`: what its main computes besides its writes (a while's condition). */
  private endStep(b: StepBuilder, name: string, n: number, result: IExpr = int(0)): Step {
    const idxName = b.idx ? (b.idx as { name: string }).name : `ind${++this.stepCount}`;
    const main: IrFunc = {
      name: 'main',
      input: '_',
      len: this.dim,
      bindings: this.liveGenLets(b, result),
      result,
      domain: { idx: idxName, n },
      writes: b.writes,
    };
    const p = this.problemIr;
    return {
      name,
      n,
      evals: b.evals * n,
      prog: {
        name: `${this.algo.name}.${name}`,
        dim: this.dim,
        box: p.box,
        optimum: p.optimum,
        at: p.at,
        direction: p.direction,
        data: p.data,
        funcs: [...p.funcs, this.objective],
        main,
        state: this.stateArrays,
      },
    };
  }

  // ---- the generation --------------------------------------------------------------------

  private block(stmts: AlgoStmt[], sc: Scope): GenStmt[] {
    const out: GenStmt[] = [];
    for (const st of stmts) {
      try {
        switch (st.kind) {
          case 'let':
            out.push(...this.genLet(st.let, sc));
            break;
          case 'each':
            out.push({ k: 'step', step: this.each(st, sc) });
            break;
          case 'if':
            out.push(this.hostIf(st, sc));
            break;
          case 'repeat':
            out.push(...this.repeat(st, sc));
            break;
          case 'assign':
            out.push(selection(this.selectHost, st));
            break;
        }
      } catch (e) {
        if (!(e instanceof Abort)) throw e;
        if (st.kind === 'let') sc.failed.add(st.let.name);
      }
    }
    return out;
  }

  /**
   * A host expression (a condition, a loop count): generation-level scalars substituted, and
   * nothing the GPU computes (a read of the state, a reduction, an evaluation): OPT6005.
   */
  private hostExpr(
    e: Expr,
    sc: Scope,
    what: 'cond' | 'count',
    label = 'the count of repeat',
  ): IExpr {
    const b = this.beginStep();
    const c = this.problems.expr(e, childScope(sc, b.fn));
    if (what === 'cond' && (c.s !== 'scalar' || c.e.t !== 'b'))
      this.fail('ExpectedBoolean', e.loc, describe(c));
    const v = what === 'count' ? this.core.integer(c, e, label) : (c as { e: IExpr }).e;
    const out = foldExpr(this.hostValue(v));
    if (some(out, (n) => n.k === 'read' || n.k === 'red' || n.k === 'callp'))
      this.fail('GpuCondition', e.loc);
    return out;
  }

  /** `e` with the generation-level lets substituted (a host let by its host value). */
  private hostValue(e: IExpr): IExpr {
    const lets = new Map(this.genLets.map((g) => [g.name, g.host ?? g.body]));
    const subst = (x: IExpr): IExpr => {
      const body = x.k === 'sref' ? lets.get(x.name) : undefined;
      return body ? subst(body) : mapChildren(x, subst);
    };
    return subst(e);
  }

  private hostIf(st: AlgoStmt & { kind: 'if' }, sc: Scope): GenStmt {
    const cond = this.hostExpr(st.cond, sc, 'cond');
    return {
      k: 'if',
      cond,
      then: this.block(st.then, { ...sc, vars: new Map(sc.vars) }),
      else: this.block(st.else, { ...sc, vars: new Map(sc.vars) }),
    };
  }

  /**
   * `repeat n { ... }`: n on the host; each iteration is a round of its own (its draws differ).
   * `repeat r < n { ... }`: r is the iteration, 0 to n - 1, an integer the body's steps and host
   * expressions read; the host passes it as a kernel parameter ($hK, a slot of HOST_LETS).
   */
  private repeat(st: AlgoStmt & { kind: 'repeat' }, sc: Scope): GenStmt[] {
    if (!st.count) this.fail('WhileBound', st.whileLoc ?? st.loc);
    const named = st.while ? undefined : namedIndex(st.count);
    const countExpr = named?.bound ?? st.count;
    const count = this.hostExpr(countExpr, sc, 'count');
    const c = constValue(count);
    if (c !== undefined && c < 0) this.fail('BadRepeatCount', countExpr.loc, c);
    if (st.while) return this.repeatWhile(st, st.while, count, sc);
    const inner: Scope = { ...sc, vars: new Map(sc.vars) };
    let index: number | undefined;
    if (named) {
      if (sc.vars.has(named.name) || sc.idxs.has(named.name) || this.stateNames.has(named.name))
        this.fail('DuplicateName', named.loc, named.name, '');
      if (this.hostSlots >= HOST_LETS)
        this.fail('HostValues', named.loc, HOST_LETS, `the index ${named.name}`);
      index = this.hostSlots++;
      inner.idxs = new Map(sc.idxs).set(named.name, { k: 'idx', t: 'i', name: `$h${index}` });
    }
    return [{ k: 'repeat', count, body: this.block(st.body, inner), ...(named ? { index } : {}) }];
  }

  /**
   * `repeat n while c { ... }`: at most n iterations (the host's bound), each a round of its own,
   * while c holds, as a `while` statement (ir/step.ts WhileStmt) whose condition is a step of one
   * individual (draws keyed by individual 0, as in each i in X[c]) computing c as 0 or 1. The
   * algorithm pass `while` (passes/algo-while.ts) rewrites it for the GPU: a flag, a start step,
   * the condition's writes and the evaluation counter, the body's writes guarded by the flag.
   * Here: the language's rules (the bound, a comparison, no host control in the body) and the
   * counter's limit (fewer than WHILE_COUNT.carry evaluations an iteration: OPT6049).
   */
  private repeatWhile(
    st: AlgoStmt & { kind: 'repeat' },
    cond: Expr,
    count: IExpr,
    sc: Scope,
  ): GenStmt[] {
    for (const x of st.body)
      if (x.kind === 'if' || x.kind === 'repeat')
        this.fail('WhileBody', x.loc, x.kind === 'if' ? 'generation-level if' : 'repeat');
    const k = ++this.whileLoops;
    const b = this.beginEachStep();
    const inner = childScope(sc, b.fn);
    this.step = b;
    let c: Val;
    try {
      c = this.problems.expr(cond, inner);
    } finally {
      this.step = null;
    }
    if (c.s !== 'scalar' || c.e.t !== 'b') this.fail('WhileCondition', cond.loc, describe(c));
    const test: IExpr = { k: 'sel', t: 'i', c: c.e, a: int(1), b: int(0) };
    const condStep = this.endStep(b, `while${k}.cond`, 1, test);
    // It writes nothing: no list of writes, as its printed form reads back (ir/algo-parse.ts).
    delete condStep.prog.main.writes;
    const body = this.block(st.body, { ...sc, vars: new Map(sc.vars) });
    const E = body.reduce((n, x) => n + (x.k === 'step' ? x.step.evals : 0), 0);
    if (E >= WHILE_COUNT.carry) this.fail('WhileEvaluations', st.loc, E, WHILE_COUNT.carry);
    return [{ k: 'while', count, cond: condStep, body }];
  }

  private genLet(l: Let, sc: Scope): GenStmt[] {
    this.notGen(l.name, l.nameLoc);
    if (sc.vars.has(l.name) || this.stateNames.has(l.name))
      this.fail('DuplicateName', l.nameLoc, l.name, ` (${sc.origins.get(l.name) ?? 'state'})`);
    this.core.defineLet(l, sc);
    if (!l.index) {
      const b = this.beginStep();
      const v = this.problems.expr(l.value, childScope(sc, b.fn));
      if (v.s !== 'scalar')
        this.fail(
          'ExpectedScalar',
          l.value.loc,
          describe(v) + ' (a vector at the generation level is written let v[j] = ...)',
        );
      if (v.e.t === 'b') this.fail('BooleanAsNumber', l.value.loc, '');
      const name = `g.${l.name}`;
      const g: GenLet = { name, body: v.e };
      // An integer let of parameters, gen and progress only (L-SHADE's n): the host computes it
      // in float64 and passes it to the kernels, so that a kernel never rounds it otherwise than
      // the host, which decides counts from it (the first HOST_LETS such lets).
      const host = foldExpr(this.hostValue(v.e));
      // (Not one that reads a repeat's index: the host computes host lets once a generation.)
      if (
        v.e.t === 'i' &&
        constValue(host) === undefined &&
        this.hostSlots < HOST_LETS &&
        !some(
          host,
          (n) =>
            n.k === 'read' ||
            n.k === 'red' ||
            n.k === 'callp' ||
            n.k === 'draw' ||
            (n.k === 'idx' && n.name.startsWith('$h')),
        )
      ) {
        const slot = this.hostSlots++;
        this.hostLets.push({ name, slot, body: host });
        g.host = host;
        g.body = { k: 'idx', t: 'i', name: `$h${slot}` };
      }
      this.genLets.push(g);
      sc.vars.set(l.name, { s: 'scalar', e: { k: 'sref', t: v.e.t, name } });
      return [{ k: 'let', name, body: g.body }];
    }
    // A vector of the generation (GOBL's dynamic bounds): one step computes it into a global row.
    const b = this.beginEachStep();
    const j = this.core.freshIdx(l.index);
    this.core.coordinates.add(j.name);
    const inner = childScope(sc, b.fn);
    inner.idxs.set(l.index, j);
    const v = this.core.number(this.problems.expr(l.value, inner), l.value);
    const A: StateArray = { name: `g${++this.globalVecs}.${l.name}`, rows: 1, cols: this.dim };
    this.stateArrays.push(A);
    b.writes.push({
      arr: A.name,
      row: int(0),
      col: { idx: (j as { name: string }).name, len: this.dim },
      body: toReal(v),
    });
    sc.vars.set(l.name, {
      s: 'vector',
      len: this.dim,
      at: (k) => ({ k: 'read', t: 'f', arr: A.name, idx: [int(0), k] }),
    });
    return [{ k: 'step', step: this.endStep(b, `vec.${l.name}`, 1) }];
  }

  private each(st: AlgoStmt & { kind: 'each' }, sc: Scope): Step {
    const P = this.pops.find((p) => p.name === st.pop);
    const S = this.stateNames.get(st.pop);
    const over = P ?? S;
    if (!over) {
      // A name that means something else (a parameter, a let, lo) is not unknown: say what it is.
      const what = this.algo.params.some((p) => p.name === st.pop)
        ? 'a parameter'
        : (sc.origins.get(st.pop) ??
          (st.pop === sc.dimName ? "the problem's dimension" : undefined));
      if (what) this.fail('EachOverNonState', st.popLoc, st.pop, what);
      this.fail(
        'UnknownName',
        st.popLoc,
        st.pop,
        ' (each i in X runs over a population or a state array)',
      );
    }
    const b = this.beginEachStep();
    if (P) b.over = P;
    const inner = childScope(sc, b.fn);
    this.core.checkIndexName(st.index, st.indexLoc, inner);
    // `each i in X[c]`: one individual, row c, computed once (a generation-level let, a read).
    let n = over.rows;
    // `each i in X[:n]`: the first n rows, n on the host (a repeat count's rules).
    let count: IExpr | undefined;
    if (st.count) {
      count = this.hostExpr(st.count, sc, 'count', 'the row count of each');
      const c = constValue(count);
      if (c !== undefined && (c < 0 || c > over.rows))
        this.fail('BadEachCount', st.count.loc, over.name, over.rows, c);
    }
    if (st.row) {
      const r = this.core.integer(this.problems.expr(st.row, inner), st.row, 'the row of each');
      const c = constValue(r);
      if (c !== undefined && (c < 0 || c >= over.rows))
        this.fail('IndexOutOfRange', st.row.loc, c, over.name, over.rows);
      b.row = this.core.scalarLet(b.fn, `${st.index}.row`, r).e;
      n = 1;
    } else b.row = b.idx;
    inner.idxs.set(st.index, b.row);
    this.step = b;
    try {
      let ok = true;
      for (const s of st.body) {
        try {
          if (s.kind === 'let') this.eachLet(s.let, inner, b);
          else if (s.kind === 'assign') this.eachAssign(s, inner, b, st.index);
          else this.fail(s.kind === 'each' ? 'NestedEach' : 'IfStatementInEach', s.loc);
        } catch (e) {
          if (!(e instanceof Abort)) throw e;
          // Later uses of a failed let are not reported again.
          if (s.kind === 'let') inner.failed.add(s.let.name);
          ok = false;
        }
      }
      if (!ok) throw new Abort();
    } finally {
      this.step = null;
    }
    if (count) this.checkCounted(b, st);
    const step = this.endStep(b, st.row ? `at.${st.pop}` : `each.${st.pop}`, n);
    if (count) step.count = count;
    return step;
  }

  /**
   * A counted step (each i in X[:n]) leaves the rows from n on as they are. On the GPU an array
   * that a step reads at another individual's row while it writes it has two copies, and the step
   * writes the other copy: the rows it leaves would be stale there. So a counted step reads an
   * array it writes only at its own row (OPT6037): a DE step writes its trials to another
   * population (U[i] = u), and a step of its own then keeps the better of U[i] and X[i].
   */
  private checkCounted(b: EachStep, st: AlgoStmt & { kind: 'each' }): void {
    const written = new Set(b.writes.map((w) => w.arr));
    const own = JSON.stringify(b.row);
    const binds = new Map(b.fn.bindings.map((x) => [x.name, x.body]));
    const seen = new Set<string>();
    const visit = (e: IExpr) =>
      forEachNode(e, (n) => {
        // A scalar binding (sref) or a vector binding (a read of its name): what it reads.
        const name = n.k === 'sref' ? n.name : n.k === 'read' ? n.arr : undefined;
        if (name !== undefined && !seen.has(name)) {
          seen.add(name);
          const body = binds.get(name);
          if (body) visit(body);
        }
        if (n.k === 'read' && written.has(n.arr)) {
          const row = n.idx[0];
          if (row && JSON.stringify(row) !== own)
            this.fail('CountedEachReadsOther', st.loc, st.pop, n.arr);
        }
      });
    for (const w of b.writes) {
      visit(w.body);
      if (JSON.stringify(w.row) !== own) this.fail('CountedEachReadsOther', st.loc, st.pop, w.arr);
    }
  }

  /** Condition `c` computed once into a scalar of `fn` (named from `base`), kept as 0 or 1: its test. */
  private kept(fn: FuncBuilder, base: string, c: IExpr): IExpr {
    return kept(this.core, fn, base, c);
  }

  private eachLet(l: Let, sc: Scope, b: StepBuilder): void {
    this.notGen(l.name, l.nameLoc);
    if (sc.vars.has(l.name) || sc.idxs.has(l.name))
      this.fail('DuplicateName', l.nameLoc, l.name, ` (${sc.origins.get(l.name) ?? 'an index'})`);
    this.core.defineLet(l, sc);
    if (l.index) {
      const index = l as Let & { index: string };
      const length = () => this.dim;
      sc.vars.set(
        l.name,
        this.core.vectorLet(index, sc, length, (inner) => this.problems.expr(l.value, inner)),
      );
      return;
    }
    const v = this.problems.expr(l.value, sc);
    if (v.s === 'scalar' && v.e.t === 'b') {
      // A condition (let keep = f(u) <= f(X[i])): computed once, kept as 0 or 1.
      sc.vars.set(l.name, { s: 'scalar', e: this.kept(b.fn, l.name, v.e) });
    } else if (v.s === 'scalar') {
      sc.vars.set(l.name, this.core.scalarLet(b.fn, l.name, v.e));
    } else if (v.s === 'vector' && v.len <= 8 && (v.len !== this.dim || v.at(int(0)).t === 'i')) {
      // A short vector of per-individual values (distinct(3, ...)): one scalar each.
      const names = Array.from({ length: v.len }, (_, k) => {
        const e = v.at(int(k));
        const name = b.fn.fresh(`${l.name}${k}`);
        b.fn.bindings.push({ k: 'scalar', name, t: e.t === 'b' ? 'f' : e.t, body: e } as Binding);
        return { k: 'sref', t: e.t, name } as IExpr;
      });
      sc.vars.set(l.name, {
        s: 'vector',
        len: v.len,
        at: (i) => {
          const c = constValue(i);
          if (c !== undefined) return at(names, c, 'an element of a short vector');
          return names.reduceRight(
            (acc, e, k) => ({ k: 'sel', t: e.t, c: bin('==', i, int(k)), a: e, b: acc }) as IExpr,
          );
        },
      });
    } else if (v.s === 'vector') {
      // Always a copy, even of a stored vector: evaluations are counted per array, and f(y) of
      // `let y = u` is an evaluation of its own, as f(u) is.
      const copy = this.core.materialise({ ...v, array: undefined }, b.fn, l.name);
      // A copy of a repaired point is in the box too (`let u = inbox(w, X[i])`).
      if (v.array && b.inBox.has(v.array)) b.inBox.add(copy.array);
      sc.vars.set(l.name, copy);
    } else sc.vars.set(l.name, v);
  }

  /** The value assigned to a population row, with its fitness: stored, evaluated, or chosen. */
  private withFitness(e: Expr, sc: Scope, b: StepBuilder): { at: (j: IExpr) => IExpr; fit: IExpr } {
    if (e.kind === 'if') {
      const c = this.problems.expr(e.cond, sc);
      if (c.s !== 'scalar' || c.e.t !== 'b') this.fail('ExpectedBoolean', e.cond.loc, describe(c));
      const A = this.withFitness(e.then, sc, b);
      const B = this.withFitness(e.else, sc, b);
      return this.choose(b, c.e, A, B);
    }
    if (e.kind === 'call' && e.callee === 'better') {
      const pos = e.args.filter((a) => !a.name);
      const [first, second] = pos;
      if (pos.length !== 2 || !first || !second)
        this.fail('WrongArity', e.loc, 'better', '2 arguments', `${pos.length} were`, '');
      const A = this.withFitness(first.value, sc, b);
      const B = this.withFitness(second.value, sc, b);
      return this.choose(b, bin('<=', A.fit, B.fit), A, B);
    }
    if (e.kind === 'index' && e.target.kind === 'name') {
      const P = this.pops.find((p) => p.name === (e.target as { name: string }).name);
      if (P) {
        const r = this.core.integer(this.problems.expr(e.index, sc), e.index);
        return {
          at: (j) => ({ k: 'read', t: 'f', arr: P.name, idx: [r, j] }),
          fit: { k: 'read', t: 'f', arr: P.fit, idx: [r] },
        };
      }
    }
    const arr = this.box.inBox(b, this.point(e, sc, 'a point has'), e.loc);
    return {
      at: (j) => ({ k: 'read', t: 'f', arr, idx: [j] }),
      fit: this.evaluate(b, arr),
    };
  }

  /** `e` as a point, a vector of length D (OPT3002 otherwise: `what` length D, as the message says). */
  private point(e: Expr, sc: Scope, what: string): Val & { s: 'vector' } {
    const v = this.problems.expr(e, sc);
    if (v.s !== 'vector' || v.len !== this.dim)
      this.fail('ExpectedVector', e.loc, `${describe(v)} (${what} length D = ${this.dim})`);
    return v;
  }

  private choose(
    b: StepBuilder,
    c: IExpr,
    A: { at: (j: IExpr) => IExpr; fit: IExpr },
    B: { at: (j: IExpr) => IExpr; fit: IExpr },
  ) {
    // The condition is computed once, as a per-individual scalar.
    const k = this.kept(b.fn, 'keep', c);
    return {
      at: (j: IExpr) => ({ k: 'sel', t: 'f', c: k, a: A.at(j), b: B.at(j) }) as IExpr,
      fit: { k: 'sel', t: 'f', c: k, a: A.fit, b: B.fit } as IExpr,
    };
  }

  private eachAssign(st: AlgoStmt & { kind: 'assign' }, sc: Scope, b: EachStep, me: string): void {
    const A = this.stateNames.get(st.target);
    if (!A || A.name.endsWith('.f')) this.fail('AssignToNonState', st.targetLoc, st.target);
    // An individual writes its own row; one chosen individual (each i in X[c]) may also write
    // row 0 of a one-row array (the state of a search that runs on one individual at a time).
    const single = b.row !== b.idx;
    const rowZero = single && A.rows === 1 && st.row?.kind === 'num' && st.row.value === 0;
    if (!rowZero && (!st.row || st.row.kind !== 'name' || st.row.name !== me))
      this.fail('WriteOtherRow', st.row?.loc ?? st.targetLoc, st.target, me);
    if (b.written.has(A.name)) this.fail('AssignedTwice', st.targetLoc, A.name, me);
    b.written.add(A.name);
    const i = rowZero ? int(0) : (b.row ?? b.idx);
    const P = this.pops.find((p) => p.name === A.name);
    if (P) {
      if (st.col) this.fail('PartialRowAssignment', st.colLoc!, A.name, me);
      const v = this.withFitness(st.value, sc, b);
      const j = this.core.freshIdx('j');
      b.writes.push({
        arr: A.name,
        row: i,
        col: { idx: (j as { name: string }).name, len: this.dim },
        body: toReal(v.at(j)),
      });
      b.writes.push({ arr: P.fit, row: i, body: v.fit });
      return;
    }
    if (A.cols) {
      const j = this.core.freshIdx(st.col ?? 'j');
      const jn = (j as { name: string }).name;
      if (A.cols === this.dim) this.core.coordinates.add(jn);
      let body: IExpr;
      if (st.col) {
        this.core.checkIndexName(st.col, st.colLoc!, sc);
        const inner = withIndex(sc, st.col, j);
        body = this.core.number(this.problems.expr(st.value, inner), st.value);
      } else {
        const v = this.problems.expr(st.value, sc);
        if (v.s !== 'vector' || v.len !== A.cols)
          this.fail(
            'ExpectedVector',
            st.value.loc,
            `${describe(v)} (a row of ${A.name} has ${A.cols} values)`,
          );
        body = v.at(j);
      }
      b.writes.push({ arr: A.name, row: i, col: { idx: jn, len: A.cols }, body: toReal(body) });
      return;
    }
    if (st.col) this.fail('TooManyIndices', st.colLoc!, A.name, '1 dimension', '2 indices are');
    const v = this.core.number(this.problems.expr(st.value, sc), st.value);
    b.writes.push({ arr: A.name, row: i, body: toReal(v) });
  }

  private evaluate(b: StepBuilder, arr: string): IExpr {
    let name = b.evalOf.get(arr);
    if (!name) {
      // The value, then the fitness: NaN as +infinity, the worst value (ir/builtins.ts
      // NAN_WORST), so that every comparison of fitness orders it the same way on both backends.
      const raw = b.fn.fresh('fit');
      b.fn.bindings.push({
        k: 'scalar',
        name: raw,
        t: 'f',
        body: {
          k: 'callp',
          t: 'f',
          fn: OBJECTIVE,
          args: [{ k: 'vref', t: 'f', name: arr, len: this.dim }],
        },
      });
      name = b.fn.fresh('fitness');
      b.fn.bindings.push({
        k: 'scalar',
        name,
        t: 'f',
        body: { k: 'call', t: 'f', fn: NAN_WORST, args: [{ k: 'sref', t: 'f', name: raw }] },
      });
      b.evalOf.set(arr, name);
      b.evals++;
    }
    return { k: 'sref', t: 'f', name };
  }

  /** `gen` and `progress` are reserved in an algorithm: a parameter, choice, state or let of that name is an error. */
  private notGen(name: string, loc: Loc): void {
    if (name === GEN) this.fail('DuplicateName', loc, name, ' (it is the generation number)');
    if (name === PROGRESS)
      this.fail('DuplicateName', loc, name, ' (it is the fraction of the evaluation budget used)');
  }
}
