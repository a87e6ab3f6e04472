// The WGSL syntax tree of every kernel of the golden corpus (wgsl-corpus.ts), as the code
// generator hands it to the printer: how many of its expression nodes are still `raw` text. The
// printer is wrapped here (a test-only mock), so the generator keeps no hook for it.

import { describe, expect, it, vi } from 'vitest';
import type { Expr, Module, Stmt } from '../../src/codegen/wgsl-ast.js';
import { corpus } from './wgsl-corpus.js';

const printed = vi.hoisted(() => [] as Module[]);
vi.mock('../../src/codegen/wgsl-ast.js', async (original) => {
  const m = await original<typeof import('../../src/codegen/wgsl-ast.js')>();
  return {
    ...m,
    printModule: (mod: Module) => {
      printed.push(mod);
      return m.printModule(mod);
    },
  };
});

/** [expression nodes, raw nodes, the raw texts] of a module. */
function count(m: Module): [number, number, string[]] {
  let nodes = 0;
  const raw: string[] = [];
  const ex = (e: Expr | undefined): void => {
    if (!e) return;
    nodes++;
    switch (e.k) {
      case 'raw':
        raw.push(e.text);
        return;
      case 'bin':
        ex(e.a);
        ex(e.b);
        return;
      case 'un':
      case 'paren':
      case 'member':
        ex(e.a);
        return;
      case 'index':
        ex(e.a);
        ex(e.i);
        return;
      case 'call':
        e.args.forEach(ex);
        return;
    }
  };
  const st = (s: Stmt): void => {
    switch (s.k) {
      case 'let':
      case 'var':
        ex(s.init);
        return;
      case 'assign':
        ex(s.lhs);
        ex(s.rhs);
        return;
      case 'incr':
        ex(s.lhs);
        return;
      case 'call':
        ex(s.call);
        return;
      case 'return':
        ex(s.value);
        return;
      case 'if':
        ex(s.cond);
        s.body.forEach(st);
        s.orElse?.forEach(st);
        return;
      case 'for':
        st(s.init);
        ex(s.cond);
        st(s.update);
        s.body.forEach(st);
        return;
      case 'loop':
      case 'block':
      case 'seq':
        s.body.forEach(st);
        return;
    }
  };
  for (const d of m.decls) if (d.k === 'var' || d.k === 'override') ex(d.init);
  ex(m.entry.workgroupSize);
  m.entry.body.forEach(st);
  return [nodes, raw.length, raw];
}

describe('the WGSL syntax tree of the golden corpus', () => {
  it('has no more raw text nodes than it had', () => {
    for (const _ of corpus());
    expect(printed.length).toBeGreaterThan(100);
    let nodes = 0;
    let raw = 0;
    const texts = new Map<string, number>();
    for (const m of printed) {
      const [n, r, t] = count(m);
      nodes += n;
      raw += r;
      for (const x of t) texts.set(x, (texts.get(x) ?? 0) + 1);
    }
    if (process.env.OPT_RAW_REPORT)
      console.log(
        `${raw} raw of ${nodes} nodes\n` +
          [...texts]
            .sort((a, b) => b[1] - a[1])
            .map(([x, c]) => `${c}\t${x}`)
            .join('\n'),
      );
    expect(raw).toBeLessThanOrEqual(0);
  });
});
