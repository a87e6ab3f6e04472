// The CPU backend of an algorithm: each step compiled to JavaScript (src/codegen/js.ts, float64),
// run for every individual of its domain in order. Synchronous semantics hold because every array
// a step writes has two copies here: the step reads the current one and writes the other, which
// starts as a copy of the current one unless the step overwrites all of it.

import type { CompiledAlgorithm } from '../compile/algorithm.js';
import { countsOnGpu, WHILE_COUNT, type Step } from '../ir/step.js';
import { at, type StateArray } from '../ir/ir.js';
import { TRACE_ROWS } from '../elaborate/algorithm.js';
import { emitJs, JS_BUILTINS } from '../codegen/js.js';
import { materialiseData } from '../ir/data.js';
import { drawTable } from './draws.js';
import { checkHost, dataArrays } from './resources.js';
import { StateLayout, wordsOf } from './algo-layout.js';
import { sameLayout, type AlgoEngine, type EngineState } from './algo-engine.js';
import type { RunAt } from './algo-host.js';

type StepFn = (S: Float64Array, o: Int32Array, w: Int32Array, ind: number) => void;

/** The CPU's layout: every array a step writes has two copies (the header). */
function cpuLayout(c: CompiledAlgorithm): StateLayout {
  const written = new Set(c.steps.flatMap((st) => (st.prog.main.writes ?? []).map((w) => w.arr)));
  return new StateLayout(
    c,
    (n) => written.has(n),
    () => true,
  );
}

/**
 * The memory a run of `c` needs on the CPU, checked before any of it is allocated
 * (runtime/resources.ts): its state (`size` words), its data, and the vectors of the step that
 * holds the most at once (the trial, its repaired copy...: arrays of the generated JavaScript,
 * codegen/js.ts).
 */
export function checkCpuRun(c: CompiledAlgorithm, size = cpuLayout(c).size): void {
  const vectors = (st: Step) =>
    c.compiled(st).cpuIr.main.bindings.flatMap((b) => (b.k === 'scalar' ? [] : [b.len]));
  const sum = (v: number[]) => v.reduce((x, y) => x + y, 0);
  const most = c.steps.map(vectors).reduce((a, b) => (sum(b) > sum(a) ? b : a), []);
  checkHost(`${c.algo.name} on ${c.algo.problem.name} at D = ${c.algo.dim}`, [
    { what: 'its state', length: size, bytesPer: 8 },
    ...dataArrays(c.algo.problem.data),
    ...most.map((len) => ({ what: 'a vector of a step', length: len, bytesPer: 8 })),
  ]);
}

export class CpuAlgoEngine implements AlgoEngine {
  readonly backend = 'cpu' as const;
  readonly adapter = 'JavaScript (float64)';
  /** About 0.1-0.5 s of float64 JavaScript (0.05-0.25 us a coordinate): Ctrl-C stays prompt. */
  readonly batchWork = 2 ** 21;
  readonly layout: StateLayout;
  readonly S: Float64Array;
  private fns = new Map<Step, StepFn>();
  private ctx = { gen: 0, round: 0, slot: 0, evals: 0, budget: 0, h: [0, 0, 0, 0] };
  readonly maxRuns = Infinity;
  /** One run an engine: the CPU's runs run one after another. */
  readonly runs = 1;

  constructor(
    private c: CompiledAlgorithm,
    seed: number,
  ) {
    this.layout = cpuLayout(c);
    checkCpuRun(c, this.layout.size);
    this.S = new Float64Array(this.layout.size);
    for (const o of this.layout.copies('best.f')) this.S[o] = Infinity;
    const draws = drawTable(seed, this.ctx);
    const data = materialiseData(c.algo.problem);
    for (const st of c.steps) {
      const src = emitJs(c.compiled(st).cpuIr);
      const make = new Function('data', 'DRAW', 'CTX', 'BUILTIN', src) as (
        d: unknown,
        dr: unknown,
        ctx: unknown,
        b: unknown,
      ) => StepFn;
      this.fns.set(st, make(data, draws, this.ctx, JS_BUILTINS));
    }
  }

  run(step: Step, at_: RunAt): void {
    const fn = this.fns.get(step);
    if (!fn) throw new Error(`internal: step ${step.name} was not compiled for the CPU`);
    Object.assign(this.ctx, at_);
    if (!at_.h) this.ctx.h = [0, 0, 0, 0];
    // A step of `repeat n while c` after its loop ended (the flag is clear): its writes would store
    // what it read, so it copies the arrays it writes into their other copy, computing nothing.
    if (step.guard && this.S[this.layout.current(step.guard)] === 0) {
      for (const name of new Set((step.prog.main.writes ?? []).map((x) => x.arr))) {
        const a = this.layout.array(name);
        const { read, write } = this.layout.readWrite(name);
        if (read !== write) this.S.copyWithin(write, read, read + wordsOf(a));
      }
      this.layout.advance(step);
      return;
    }
    const o = new Int32Array(this.layout.arrays.length);
    const w = new Int32Array(this.layout.arrays.length);
    this.layout.fill(step, o, w);
    for (const a of this.partial(step)) {
      const { read, write } = this.layout.readWrite(a.name);
      this.S.copyWithin(write, read, read + wordsOf(a));
    }
    const n = at_.n ?? step.n;
    for (let i = 0; i < n; i++) fn(this.S, o, w, i);
    this.layout.advance(step);
  }

  private partials = new Map<Step, StateArray[]>();

  /** The arrays `step` writes only in part (the others it overwrites whole need no copy). */
  private partial(step: Step): StateArray[] {
    let out = this.partials.get(step);
    if (!out) {
      const f = step.prog.main;
      const writes = f.writes ?? [];
      const names = new Set(writes.map((w) => w.arr));
      out = [...names]
        .map((n) => this.layout.array(n))
        .filter((a) => {
          const ws = writes.filter((w) => w.arr === a.name);
          // A counted step (each i in X[:n]) may leave rows: never whole.
          const whole =
            !step.count &&
            ws.some(
              (w) =>
                w.row.k === 'idx' &&
                w.row.name === f.domain?.idx &&
                step.n === a.rows &&
                (!a.cols || w.col?.len === a.cols),
            );
          return !whole;
        });
      this.partials.set(step, out);
    }
    return out;
  }

  async submit(): Promise<ArrayLike<number>> {
    const t = this.layout.current('trace');
    const rows = this.S.slice(t, t + TRACE_ROWS);
    // The GPU's evaluation counter after each generation (repeat n while c), after the trace.
    if (!countsOnGpu(this.c.algo)) return rows;
    const w = this.layout.current(WHILE_COUNT.trace);
    return Float64Array.from([...rows, ...this.S.slice(w, w + 2 * TRACE_ROWS)]);
  }

  setValue(name: string, v: number): void {
    for (const o of this.layout.copies(name)) this.S[o] = v;
  }

  async readBest(): Promise<{ fit: number; point: Float64Array }> {
    const p = this.layout.current('best');
    return {
      fit: at(this.S, this.layout.current('best.f'), 'best.f'),
      point: this.S.slice(p, p + this.c.algo.dim),
    };
  }

  /** A state array's current contents (the CPU engine holds one run). */
  async readArray(name: string, run = 0): Promise<Float64Array> {
    if (run !== 0) throw new RangeError(`no run ${run}: the CPU engine holds one run`);
    const a = this.layout.array(name);
    const o = this.layout.current(name);
    return this.S.slice(o, o + wordsOf(a));
  }

  async snapshot(): Promise<EngineState> {
    return {
      backend: 'cpu',
      words: this.S.slice(),
      currents: this.layout.currents(),
      arrays: this.layout.describe(),
    };
  }

  restore(s: EngineState): void {
    if (sameLayout(s, 'cpu', this.S.length)) {
      this.S.set(s.words);
      this.layout.setCurrents(s.currents);
    } else this.layout.adopt(s.words, s.arrays, this.S);
  }

  destroy(): void {}
}
