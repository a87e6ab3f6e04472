// The WGSL syntax tree of every kernel of the golden corpus (wgsl-corpus.ts), as the code
// generator hands it to the printer: its expressions are nodes all the way down. The tree has no
// text node (the `raw` kind is gone); what could still smuggle text in is a name, so every name,
// operator and function here must be a WGSL token. The printer is wrapped here (a test-only
// mock), so the generator keeps no hook for it. The runtime's own kernels (wgsl-service.ts) too.

import { describe, expect, it, vi } from 'vitest';
import {
  forEachStmt,
  mapExprs,
  printExpr,
  type Expr,
  type Module,
  type Stmt,
} from '../../src/codegen/wgsl-ast.js';
import { probeKernel, skipKernel } from '../../src/codegen/wgsl-service.js';
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

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A function: a name, or a type constructor such as `vec4<u32>`, `bitcast<f32>`. */
const FN = /^[A-Za-z_][A-Za-z0-9_]*(<[a-z0-9<>]+>)?$/;
const BINARY = new Set(['+', '-', '*', '/', '%', '<', '<=', '>', '>=', '==', '!=', '&&', '||']);
for (const op of ['&', '|', '^', '<<', '>>']) BINARY.add(op);

/** The expression nodes of a module, and the tokens among them that are not WGSL tokens. */
function check(m: Module): { nodes: number; bad: string[] } {
  let nodes = 0;
  const bad: string[] = [];
  const name = (s: string, re = NAME) => {
    if (!re.test(s)) bad.push(s);
  };
  const ex = (e: Expr | undefined): void => {
    if (!e) return;
    nodes++;
    switch (e.k) {
      case 'lit':
        return;
      case 'id':
        return name(e.name);
      case 'bin':
        if (!BINARY.has(e.op)) bad.push(e.op);
        ex(e.a);
        ex(e.b);
        return;
      case 'member':
        name(e.name);
        ex(e.a);
        return;
      case 'un':
      case 'paren':
        ex(e.a);
        return;
      case 'index':
        ex(e.a);
        ex(e.i);
        return;
      case 'call':
        name(e.fn, FN);
        e.args.forEach(ex);
        return;
    }
  };
  const st = (s: Stmt): void => {
    switch (s.k) {
      case 'let':
      case 'var':
        name(s.name);
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
  return { nodes, bad };
}

describe('the WGSL syntax tree of the golden corpus', () => {
  it('holds names, operators and functions as WGSL tokens, no text', () => {
    for (const _ of corpus());
    expect(printed.length).toBeGreaterThan(100);
    let nodes = 0;
    const bad = new Set<string>();
    for (const m of printed) {
      const c = check(m);
      nodes += c.nodes;
      for (const b of c.bad) bad.add(b);
    }
    expect([...bad]).toEqual([]);
    expect(nodes).toBeGreaterThan(500_000);
  });

  it('leaves no float add that a product or a quotient feeds (wgsl-fma.ts), nor a let of one', () => {
    // Each module's once-bound lets of a float product or quotient; then every + and - whose
    // operand is one, directly (through parentheses and minus) or by its let's name.
    const strip = (x: Expr): Expr =>
      x.k === 'paren' || (x.k === 'un' && x.op === '-') ? strip(x.a) : x;
    const marked = (x: Expr) => x.k === 'bin' && x.fp === true && (x.op === '*' || x.op === '/');
    let fmas = 0;
    const left: string[] = [];
    for (const m of printed) {
      const lets = new Map<string, Expr>();
      forEachStmt(m.entry.body, (s) => {
        if (s.k === 'let' && marked(strip(s.init))) lets.set(s.name, s.init);
      });
      // Every node of every expression (mapExprs as a visitor: each node returned as it is).
      mapExprs(m.entry.body, (x) => {
        if (x.k === 'call' && x.fn === 'fma') fmas++;
        if (x.k === 'bin' && (x.op === '+' || x.op === '-'))
          for (const o of [x.a, x.b].map(strip))
            if (marked(o) || (o.k === 'id' && lets.has(o.name)))
              left.push(`${printExpr(x)} (${o.k === 'id' ? printExpr(lets.get(o.name)!) : ''})`);
        return x;
      });
    }
    expect(left.slice(0, 3)).toEqual([]);
    expect(fmas).toBeGreaterThan(10_000);
  });

  it("so do the runtime's own kernels (wgsl-service.ts)", () => {
    printed.length = 0;
    skipKernel('go counts', 5, [{ word: 0, gx: 3, gy: 1 }]);
    probeKernel();
    expect(printed).toHaveLength(2);
    for (const m of printed) {
      const c = check(m);
      expect(c.bad).toEqual([]);
      expect(c.nodes).toBeGreaterThan(10);
    }
  });
});
