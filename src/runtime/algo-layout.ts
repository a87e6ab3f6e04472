// Where an algorithm's state lives: every state array in one float buffer (a Float64Array on the
// CPU, a storage buffer of f32 on the GPU), twice for the double-buffered ones. The GPU
// double-buffers the arrays that its kernels need (compile.ts, pingPong); the CPU backend, which
// runs individuals one after the other, double-buffers every array a step writes.

import type { CompiledAlgorithm } from '../compile/algorithm.js';
import type { Step } from '../ir/step.js';
import type { StateArray } from '../ir/ir.js';

/** Arrays start on 64-float (256-byte) boundaries. */
const ALIGN = 64;

export class StateLayout {
  readonly arrays: StateArray[];
  /** Per array: the offsets of its two copies (equal for arrays updated in place). */
  readonly offsets: [number, number][] = [];
  readonly size: number;
  /** Which copy is current, per array. */
  private cur: number[];
  private readonly double: boolean[];

  constructor(c: CompiledAlgorithm, double: (name: string) => boolean = (n) => c.pingPong.has(n)) {
    this.arrays = c.algo.state;
    let at = 0;
    const alloc = (n: number) => {
      const o = at;
      at += Math.ceil(Math.max(n, 1) / ALIGN) * ALIGN;
      return o;
    };
    this.double = this.arrays.map((a) => double(a.name));
    for (const [k, a] of this.arrays.entries()) {
      const n = a.rows * Math.max(a.cols, 1);
      const first = alloc(n);
      this.offsets.push([first, this.double[k] ? alloc(n) : first]);
    }
    this.size = at;
    this.cur = this.arrays.map(() => 0);
  }

  index(name: string): number {
    const k = this.arrays.findIndex((a) => a.name === name);
    if (k < 0) throw new Error(`no state array ${name}`);
    return k;
  }

  /** Writes the read and write offsets of every array into `read` and `write` (no allocation). */
  fill(read: { [k: number]: number }, write: { [k: number]: number }, at = 0, writeAt = at): void {
    for (let k = 0; k < this.offsets.length; k++) {
      const o = this.offsets[k]!;
      const c = this.cur[k]!;
      read[at + k] = o[c]!;
      write[writeAt + k] = o[this.double[k] ? 1 - c : c]!;
    }
  }

  /** After a step: the copies it wrote become current. */
  advance(step: Step): void {
    let swap = this.swaps.get(step);
    if (!swap) {
      const names = new Set((step.prog.main.writes ?? []).map((w) => w.arr));
      swap = [...names].map((n) => this.index(n)).filter((k) => this.double[k]);
      this.swaps.set(step, swap);
    }
    for (const k of swap) this.cur[k] = 1 - this.cur[k]!;
  }

  private swaps = new Map<Step, number[]>();

  current(name: string): number {
    const k = this.index(name);
    return this.offsets[k]![this.cur[k]!]!;
  }
}
