// Where an algorithm's state lives: every state array in one float buffer (a Float64Array on the
// CPU, a storage buffer of f32 on the GPU), twice for the double-buffered ones. The GPU
// double-buffers the arrays that its kernels need (compile.ts, pingPong); the CPU backend, which
// runs individuals one after the other, double-buffers every array a step writes.

import type { CompiledAlgorithm } from '../compile/algorithm.js';
import type { Step } from '../ir/step.js';
import type { StateArray } from '../ir/ir.js';

/** Arrays start on 64-float (256-byte) boundaries. */
const ALIGN = 64;

/** One state array's place: its two copies (equal for an array updated in place), which is current. */
interface Slot {
  array: StateArray;
  offsets: [number, number];
  double: boolean;
  cur: 0 | 1;
}

export class StateLayout {
  readonly arrays: StateArray[];
  readonly size: number;
  private readonly slots: Slot[];

  /**
   * `double`: the arrays with two copies. `stepDouble`: whether a step reads one copy of such an
   * array and writes the other (on the GPU only where that step needs it: src/ir/step.ts,
   * pingPong; a step that writes a few rows of an array, in place, leaves the other rows current).
   */
  constructor(
    c: CompiledAlgorithm,
    double: (name: string) => boolean = (n) => c.pingPong.has(n),
    private readonly stepDouble: (step: Step, name: string) => boolean = (st, n) =>
      c.stepPingPong(st).has(n),
  ) {
    this.arrays = c.algo.state;
    let at = 0;
    const alloc = (n: number) => {
      const o = at;
      at += Math.ceil(Math.max(n, 1) / ALIGN) * ALIGN;
      return o;
    };
    this.slots = this.arrays.map((array) => {
      const n = wordsOf(array);
      const first = alloc(n);
      const d = double(array.name);
      return { array, offsets: [first, d ? alloc(n) : first], double: d, cur: 0 };
    });
    this.size = at;
  }

  index(name: string): number {
    const k = this.arrays.findIndex((a) => a.name === name);
    if (k < 0) throw new Error(`no state array ${name}`);
    return k;
  }

  private slot(name: string): Slot {
    const s = this.slots.find((x) => x.array.name === name);
    if (!s) throw new Error(`no state array ${name}`);
    return s;
  }

  /** The state array `name`. */
  array(name: string): StateArray {
    return this.slot(name).array;
  }

  /** The offsets of both copies of `name` (equal for an array updated in place). */
  copies(name: string): readonly [number, number] {
    return this.slot(name).offsets;
  }

  /** Where the next step reads `name` and where it writes it. */
  readWrite(name: string): { read: number; write: number } {
    const s = this.slot(name);
    return { read: s.offsets[s.cur], write: s.offsets[s.double ? other(s.cur) : s.cur] };
  }

  /** Writes the read and write offsets of every array for `step` into `read` and `write`. */
  fill(
    step: Step,
    read: { [k: number]: number },
    write: { [k: number]: number },
    at = 0,
    writeAt = at,
  ): void {
    const swap = this.swapsOf(step);
    let k = 0;
    for (const s of this.slots) {
      read[at + k] = s.offsets[s.cur];
      write[writeAt + k] = s.offsets[swap.has(s) ? other(s.cur) : s.cur];
      k++;
    }
  }

  /** After a step: the copies it wrote become current. */
  advance(step: Step): void {
    for (const s of this.swapsOf(step)) s.cur = other(s.cur);
  }

  /** The double-buffered arrays `step` writes to the other copy. */
  private swapsOf(step: Step): Set<Slot> {
    let swap = this.swaps.get(step);
    if (!swap) {
      // A float-float array's low parts are written with it (passes/twofloat.ts).
      const names = new Set(
        (step.prog.main.writes ?? []).flatMap((w) => {
          const lo = this.slot(w.arr).array.lo;
          return lo ? [w.arr, lo] : [w.arr];
        }),
      );
      swap = new Set(
        [...names]
          .map((n) => this.slot(n))
          .filter((s) => s.double && this.stepDouble(step, s.array.name)),
      );
      this.swaps.set(step, swap);
    }
    return swap;
  }

  private swaps = new Map<Step, Set<Slot>>();

  current(name: string): number {
    const s = this.slot(name);
    return s.offsets[s.cur];
  }

  /**
   * Copies a state of another layout of the same arrays (the other backend's) into `to`: each
   * array's current words, by name, into both of its copies here, which become the first current.
   * Throws for an array the other state does not have, or has with another length.
   */
  adopt(
    from: ArrayLike<number>,
    arrays: readonly { name: string; offset: number; length: number }[],
    to: { set(values: ArrayLike<number>, offset: number): void },
  ): void {
    const byName = new Map(arrays.map((a) => [a.name, a]));
    for (const s of this.slots) {
      const n = wordsOf(s.array);
      const a = byName.get(s.array.name);
      if (!a || a.length !== n)
        throw new RangeError(
          `a checkpoint's state ${a ? `holds ${s.array.name} with ${a.length} words, this program ${n}` : `has no array ${s.array.name}`}`,
        );
      const words = Array.prototype.slice.call(from, a.offset, a.offset + n) as number[];
      for (const o of new Set(s.offsets)) to.set(words, o);
      s.cur = 0;
    }
  }

  /** Each array's current words in the state: its name, offset and length (a checkpoint's). */
  describe(): { name: string; offset: number; length: number }[] {
    return this.slots.map((s) => ({
      name: s.array.name,
      offset: s.offsets[s.cur],
      length: wordsOf(s.array),
    }));
  }

  /** Which copy of each array is current, in the arrays' order (a checkpoint keeps it). */
  currents(): (0 | 1)[] {
    return this.slots.map((s) => s.cur);
  }

  /** Sets which copy of each array is current (a checkpoint's `currents`). */
  setCurrents(cur: readonly number[]): void {
    if (cur.length !== this.slots.length || cur.some((c) => c !== 0 && c !== 1))
      throw new Error(
        // The checkpoint's program digest was checked (src/experiment/checkpoint.ts): a layout that
        // differs after it is ours.
        `internal: a checkpoint's state has ${cur.length} arrays, this program's ${this.slots.length}`,
      );
    this.slots.forEach((s, k) => (s.cur = cur[k] as 0 | 1));
  }
}

const other = (c: 0 | 1): 0 | 1 => (c === 0 ? 1 : 0);

/** The words a state array holds: rows times columns (a row of one value when cols is 0). */
export const wordsOf = (a: StateArray): number => a.rows * Math.max(a.cols, 1);
