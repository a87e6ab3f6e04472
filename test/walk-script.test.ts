// scripts/walk.mjs (docs/architecture.md, "Walks"): its definitions on small traces, and its
// instrumentation on a small module. The walk of the real compiler is a measurement, not a test.

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const script: string = '../scripts/walk.mjs';
const { instrument, walkFigures, walkTrace } = await import(script);

// Rooms: compile/a.js (stage compile) and ir/b.js (stage ir, below it).
const files = ['compile/a.js', 'ir/b.js'];
const level = new Map([
  ['ir', 1],
  ['compile', 6],
]);
// 0: request (a), 1: visit (b), 2: the request's callback (a), 3: a helper in b.
const fns = [{ file: 0 }, { file: 1 }, { file: 0 }, { file: 1 }];
const enter = (f: number) => f;
const exit = (f: number) => ~f;
// request calls visit twice, which calls the callback each time; then the helper.
const trace = [
  enter(0),
  ...[1, 2].flatMap(() => [enter(1), enter(2), exit(2), exit(1)]),
  enter(3),
  exit(3),
  exit(0),
];

describe('scripts/walk.mjs', () => {
  it('view all: every call; a stay is a run in one file; the callback climbs', () => {
    const w = walkFigures(walkTrace(trace, 'all'), fns, files, level);
    // a, then b a (into visit, the callback) b a (back) twice, then b a (the helper)
    expect(w.staysInOrder).toEqual([
      'src/compile/a.ts',
      ...Array(5).fill(['src/ir/b.ts', 'src/compile/a.ts']).flat(),
    ]);
    expect([w.stays, w.rooms, w.returns]).toEqual([11, 2, 9]);
    expect([w.climbs, w.upStage, w.reentries]).toEqual([2, 2, 0]);
  });

  it('view tree: each function once, under the one that first ran it', () => {
    const w = walkFigures(walkTrace(trace, 'tree'), fns, files, level);
    // a (request) b (visit) a (callback) b a, then b (helper) a
    expect([w.stays, w.rooms, w.returns, w.climbs]).toEqual([7, 2, 5, 1]);
  });

  it('a climb within a stage: back into a room on the stack; a call down a stage is none', () => {
    // a calls c (compile, the same stage), which calls back into a, which calls b (ir) and b calls
    // c again: a b climbs into c's stage from below.
    const f3 = ['compile/a.js', 'ir/b.js', 'compile/c.js'];
    const fs3 = [{ file: 0 }, { file: 2 }, { file: 0 }, { file: 1 }, { file: 2 }];
    const t = [0, 1, 2, 3, 4, ~4, ~3, ~2, ~1, ~0];
    const w = walkFigures(walkTrace(t, 'all'), fs3, f3, level);
    expect([w.climbs, w.upStage, w.reentries]).toEqual([2, 1, 1]);
    expect(w.climbsByPair).toEqual([
      ['src/compile/c.ts -> src/compile/a.ts', 1],
      ['src/ir/b.ts -> src/compile/c.ts', 1],
    ]);
  });

  it('functions run before (the request so far) are not followed again', () => {
    const before = [enter(1), enter(2), exit(2), exit(1)];
    const w = walkFigures(walkTrace(trace, 'tree', before), fns, files, level);
    // a (request), b (helper), a
    expect(w.staysInOrder).toEqual(['src/compile/a.ts', 'src/ir/b.ts', 'src/compile/a.ts']);
  });

  it('instruments declarations, arrows, methods and constructors, not generators', async () => {
    const text = [
      'const g = (y) => ({ v: y * 2 });',
      'export function f(x) { return g(x).v + 1; }',
      'export class C extends Object { constructor() { super(); this.k = f(1); } }',
      'export function* gen() { yield f(2); }',
    ].join('\n');
    const code = instrument(text, 'm.js', ts);
    const events: number[] = [];
    let depth = 0;
    (globalThis as { __walk?: unknown }).__walk = {
      module: () => 0,
      enter: (f: number) => (events.push(f), ++depth),
      exit: (d: number, f: number) => ((depth = d - 1), events.push(~f)),
    };
    const m = await import(`data:text/javascript,${encodeURIComponent(code)}`);
    expect(new m.C().k).toBe(3);
    // C.constructor (2) calls f (1), which calls g (0).
    expect(events).toEqual([2, 1, 0, ~0, ~1, ~2]);
    events.length = 0;
    expect([...m.gen()]).toEqual([5]);
    expect(events).toEqual([1, 0, ~0, ~1]);
    expect(depth).toBe(0);
  });
});
