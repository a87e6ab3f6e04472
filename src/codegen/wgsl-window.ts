// A state larger than one storage binding, bound as windows (issue 36: D = 30,000,000).
//
// An algorithm's kernels address its state S as one array of words (u32 addresses: a state of
// at most 2^32 words, 16 GiB; runtime/algo-gpu.ts refuses more). A device binds at most
// maxStorageBufferBindingSize bytes of a buffer (2 GiB - 4 on an H200) but holds far larger
// buffers (maxBufferSize: 1 TiB there). So the runtime allocates S as one buffer and binds it as
// K windows of W vec4s each (the last one shorter): window k is S's vec4s [k W, (k + 1) W).
//
// This pass rewrites a generated kernel (its syntax tree, wgsl-ast.ts) for that binding: S's one
// declaration becomes K (S, S1, ..., wgsl-bindings.ts stateWindowBinding), and every access goes
// through four functions that pick the window:
//   opt_s(i), opt_s_set(i, v)      a single word (the library's, replaced: wgsl-library.ts
//                                  STATE_ACCESS);
//   opt_s4(q), opt_s4_set(q, v)    a vec4 (the kernels' 16-byte loads and stores of `S[q]`).
// A vec4 never straddles two windows (W is whole vec4s), so the values, their order and every
// rounding are those of the kernel bound in one piece: only the addressing changes, and a run
// is bit-identical whatever the windows (test/gpu/windows.gpu.test.ts).
//
// The window functions are library text, as the library's other functions are (wgsl-library.ts),
// made from K and W: the only text this module writes.

import {
  assign,
  call,
  callS,
  forEachStmt,
  mapExpr,
  mapExprs,
  printModule,
  type Decl,
  type Expr,
  type Module,
  type Stmt,
} from './wgsl-ast.js';
import { stateWindowBinding, type KernelBinding } from './wgsl-bindings.js';
import type { WgslKernel, WgslKernels } from './wgsl-kernels.js';
import { STATE_ACCESS } from './wgsl-library.js';

/** How S is bound: `count` windows of `vec4s` vec4s each (the last one may be shorter). */
export interface StateWindows {
  count: number;
  vec4s: number;
}

/**
 * The windows of a state of `words` words for bindings of at most `maxBindingBytes` bytes whose
 * offsets are multiples of `alignment` bytes (minStorageBufferOffsetAlignment: 256); undefined
 * when the state fits one binding.
 */
export function stateWindows(
  words: number,
  maxBindingBytes: number,
  alignment = 256,
): StateWindows | undefined {
  if (words * 4 <= maxBindingBytes) return undefined;
  const step = Math.max(16, alignment);
  const bytes = Math.floor(maxBindingBytes / step) * step;
  if (bytes < step)
    throw new RangeError(`a state window of at most ${maxBindingBytes} bytes holds no vec4`);
  return { count: Math.ceil((words * 4) / bytes), vec4s: bytes / 16 };
}

/** The text of the window functions (see above) for windows `w`. */
export function windowLibrary(w: StateWindows): string {
  const W = `${w.vec4s}u`;
  const names = Array.from({ length: w.count }, (_, k) => (k === 0 ? 'S' : `S${k}`));
  // One case a window, the last as the default (a switch whose every case returns).
  const pick = (q: string, body: (s: string) => string) =>
    `  let w = ${q} / ${W};\n  let r = ${q} - w * ${W};\n  switch w {\n` +
    names
      .map((s, k) => `    ${k === w.count - 1 ? 'default' : `case ${k}u`}: { ${body(s)} }\n`)
      .join('') +
    '  }\n';
  return (
    `fn opt_s4(q: u32) -> vec4<f32> {\n${pick('q', (s) => `return ${s}[r];`)}}\n` +
    `fn opt_s4_set(q: u32, v: vec4<f32>) {\n${pick('q', (s) => `${s}[r] = v;`)}}\n` +
    `fn opt_s(i: u32) -> f32 {\n${pick('(i >> 2u)', (s) => `return ${s}[r][i & 3u];`)}}\n` +
    `fn opt_s_set(i: u32, v: f32) {\n${pick('(i >> 2u)', (s) => `${s}[r][i & 3u] = v;`)}}\n`
  );
}

const isS = (x: Expr): boolean => x.k === 'id' && x.name === 'S';

/** `stmts` with each store `S[q] = v` made `opt_s4_set(q, v)`, nested statements included. */
function mapStores(stmts: Stmt[]): Stmt[] {
  const st = (x: Stmt): Stmt => {
    switch (x.k) {
      case 'assign':
        if (x.lhs.k === 'index' && isS(x.lhs.a)) {
          if (x.op !== '=') throw new Error(`internal: wgsl: S[...] ${x.op} in a windowed kernel`);
          return callS('opt_s4_set', x.lhs.i, x.rhs);
        }
        return x;
      case 'if':
        return {
          ...x,
          body: mapStores(x.body),
          ...(x.orElse ? { orElse: mapStores(x.orElse) } : {}),
        };
      case 'for':
        return { ...x, body: mapStores(x.body) };
      case 'loop':
      case 'block':
      case 'seq':
        return { ...x, body: mapStores(x.body) };
      default:
        return x;
    }
  };
  return stmts.map(st);
}

/** Module `m` with S bound as windows `w` (see above). */
export function windowModule(m: Module, w: StateWindows): Module {
  const decls: Decl[] = m.decls.flatMap((d): Decl[] =>
    d.k === 'binding' && d.b.name === 'S'
      ? windowBindings(d.b, w).map((b) => ({ k: 'binding', b }))
      : [d],
  );
  const body = mapExprs(mapStores(m.entry.body), (x) =>
    x.k === 'index' && isS(x.a) ? call('opt_s4', x.i) : x,
  );
  // Nothing else may name S (a whole-array use would read one window only).
  const check = (e: Expr) =>
    mapExpr(e, (y) => {
      if (isS(y)) throw new Error('internal: wgsl: a windowed kernel names S outside S[q]');
      return y;
    });
  forEachStmt(body, (s) => {
    for (const e of stmtExprs(s)) check(e);
  });
  const text = windowLibrary(w);
  let replaced = false;
  const library = m.library.map((t) => {
    if (!t.includes(STATE_ACCESS)) return t;
    replaced = true;
    return t.replace(STATE_ACCESS, text);
  });
  if (!replaced) library.push(`\n${text}`);
  return { decls, entry: { ...m.entry, body }, library };
}

/** The expressions of statement `s` itself (not those of the statements nested in it). */
function stmtExprs(s: Stmt): Expr[] {
  switch (s.k) {
    case 'let':
      return [s.init];
    case 'var':
      return s.init ? [s.init] : [];
    case 'assign':
      return [s.lhs, s.rhs];
    case 'incr':
      return [s.lhs];
    case 'call':
      return [s.call];
    case 'if':
    case 'for':
      return [s.cond];
    case 'return':
      return s.value ? [s.value] : [];
    default:
      return [];
  }
}

/** The bindings of windows `w` in place of S's binding `b`. */
function windowBindings(b: KernelBinding, w: StateWindows): KernelBinding[] {
  return Array.from({ length: w.count }, (_, k) => ({
    ...stateWindowBinding(k),
    space: b.space,
    type: b.type,
    layout: b.layout,
  }));
}

/** Kernel `k` for S bound as windows `w`: its tree rewritten and printed (unchanged without S). */
export function windowKernel<K extends Pick<WgslKernel, 'name' | 'module' | 'code' | 'bindings'>>(
  k: K,
  w: StateWindows,
): K {
  const s = k.bindings.find((b) => b.name === 'S');
  if (!s) return k;
  if (!k.module)
    throw new Error(
      `internal: kernel ${k.name} has no syntax tree (embedded kernels), so its state cannot be bound as windows`,
    );
  const module = windowModule(k.module, w);
  const bindings = k.bindings.flatMap((b) => (b.name === 'S' ? windowBindings(b, w) : [b]));
  return { ...k, module, code: printModule(module), bindings };
}

/** A step's kernels, the chain kernel too, for S bound as windows `w`. */
export function windowKernels(g: WgslKernels, w: StateWindows): WgslKernels {
  return {
    ...g,
    kernels: g.kernels.map((k) => windowKernel(k, w)),
    ...(g.chain ? { chain: { ...g.chain, kernel: windowKernel(g.chain.kernel, w) } } : {}),
  };
}
