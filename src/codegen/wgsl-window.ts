// A state larger than one storage binding, bound as windows (issue 36: D = 30,000,000).
//
// An algorithm's kernels address its state S as one array of words (u32 addresses: a state of
// at most 2^32 words, 16 GiB; runtime/algo-gpu.ts refuses more). A device binds at most
// maxStorageBufferBindingSize bytes of a buffer (2 GiB - 4 on an H200) but holds far larger
// buffers (maxBufferSize: 1 TiB there). So the runtime allocates S as one buffer and binds it as
// K windows of W vec4s each (the last one shorter): window k is S's vec4s [k W, (k + 1) W).
//
// This pass rewrites a generated kernel (its syntax tree, wgsl-ast.ts) for that binding: S's one
// declaration becomes K (S, S1, ..., wgsl-bindings.ts windowBinding), and every access goes
// through four functions that pick the window:
//   opt_s(i), opt_s_set(i, v)      a single word (the library's, replaced: wgsl-library.ts
//                                  STATE_ACCESS);
//   opt_s4(q), opt_s4_set(q, v)    a vec4 (the kernels' 16-byte loads and stores of `S[q]`).
// A vec4 never straddles two windows (W is whole vec4s), so the values, their order and every
// rounding are those of the kernel bound in one piece: only the addressing changes, and a run
// is bit-identical whatever the windows (test/gpu/windows.gpu.test.ts).
//
// A step's scratch SCR (its materialised vectors, [n][scratchStride] floats: MA-SW-Chains' first
// step holds 60 points of 30,000,000) is windowed in the same way when it is larger than one
// binding, its f32 loads and stores through opt_scr(i) and opt_scr_set(i, v).
//
// The window functions are library text, as the library's other functions are (wgsl-library.ts),
// made from K and W: the only text this module writes.

import {
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
import { windowBinding, type KernelBinding, type WindowedBuffer } from './wgsl-bindings.js';
import type { WgslKernel, WgslKernels } from './wgsl-kernels.js';
import { STATE_ACCESS } from './wgsl-library.js';

/** How a buffer is bound: `count` windows of `vec4s` vec4s each (the last one may be shorter). */
export interface StateWindows {
  count: number;
  vec4s: number;
}

/** The buffers of a kernel bound as windows, each with its windows. */
export type Windows = Partial<Record<WindowedBuffer, StateWindows>>;

/**
 * The windows of a buffer of `words` words for bindings of at most `maxBindingBytes` bytes whose
 * offsets are multiples of `alignment` bytes (minStorageBufferOffsetAlignment: 256); undefined
 * when it fits one binding.
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

/** The WGSL names of buffer `name`'s windows. */
const windowNames = (name: WindowedBuffer, w: StateWindows) =>
  Array.from({ length: w.count }, (_, k) => (k === 0 ? name : `${name}${k}`));

/** `let w` and `let r`: the window and the element in it of element `q` (`size` a window). */
function pick(q: string, size: number, names: string[], body: (s: string) => string): string {
  return (
    `  let w = ${q} / ${size}u;\n  let r = ${q} - w * ${size}u;\n  switch w {\n` +
    names
      .map((s, k) => `    ${k === names.length - 1 ? 'default' : `case ${k}u`}: { ${body(s)} }\n`)
      .join('') +
    '  }\n'
  );
}

/** The text of S's window functions (see above) for windows `w`. */
export function windowLibrary(w: StateWindows): string {
  const names = windowNames('S', w);
  const p = (q: string, body: (s: string) => string) => pick(q, w.vec4s, names, body);
  return (
    `fn opt_s4(q: u32) -> vec4<f32> {\n${p('q', (s) => `return ${s}[r];`)}}\n` +
    `fn opt_s4_set(q: u32, v: vec4<f32>) {\n${p('q', (s) => `${s}[r] = v;`)}}\n` +
    `fn opt_s(i: u32) -> f32 {\n${p('(i >> 2u)', (s) => `return ${s}[r][i & 3u];`)}}\n` +
    `fn opt_s_set(i: u32, v: f32) {\n${p('(i >> 2u)', (s) => `${s}[r][i & 3u] = v;`)}}\n`
  );
}

/** The text of SCR's window functions for windows `w` (SCR is an array of f32). */
export function scratchWindowLibrary(w: StateWindows): string {
  const names = windowNames('SCR', w);
  const p = (body: (s: string) => string) => pick('i', w.vec4s * 4, names, body);
  return (
    `fn opt_scr(i: u32) -> f32 {\n${p((s) => `return ${s}[r];`)}}\n` +
    `fn opt_scr_set(i: u32, v: f32) {\n${p((s) => `${s}[r] = v;`)}}\n`
  );
}

/** The functions that load and store an element of a windowed buffer. */
const ACCESS: Record<WindowedBuffer, { load: string; store: string }> = {
  S: { load: 'opt_s4', store: 'opt_s4_set' },
  SCR: { load: 'opt_scr', store: 'opt_scr_set' },
};

const isBuffer = (x: Expr, names: ReadonlySet<string>): x is Expr & { k: 'id' } =>
  x.k === 'id' && names.has(x.name);

/** `stmts` with each store `B[q] = v` of a windowed buffer B made a call, nested ones included. */
function mapStores(stmts: Stmt[], names: ReadonlySet<string>): Stmt[] {
  const st = (x: Stmt): Stmt => {
    switch (x.k) {
      case 'assign':
        if (x.lhs.k === 'index' && isBuffer(x.lhs.a, names)) {
          const b = x.lhs.a.name as WindowedBuffer;
          if (x.op !== '=')
            throw new Error(`internal: wgsl: ${b}[...] ${x.op} in a windowed kernel`);
          return callS(ACCESS[b].store, x.lhs.i, x.rhs);
        }
        return x;
      case 'if':
        return {
          ...x,
          body: mapStores(x.body, names),
          ...(x.orElse ? { orElse: mapStores(x.orElse, names) } : {}),
        };
      case 'for':
      case 'loop':
      case 'block':
      case 'seq':
        return { ...x, body: mapStores(x.body, names) };
      default:
        return x;
    }
  };
  return stmts.map(st);
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

/** Module `m` with the buffers of `windows` bound as windows (see above). */
export function windowModule(m: Module, windows: Windows): Module {
  const entries = Object.entries(windows).filter(
    (e): e is [WindowedBuffer, StateWindows] => e[1] !== undefined,
  );
  const names = new Set<string>(entries.map(([b]) => b));
  const decls: Decl[] = m.decls.flatMap((d): Decl[] => {
    if (d.k !== 'binding' || !names.has(d.b.name)) return [d];
    return windowBindings(d.b, windows[d.b.name as WindowedBuffer]!).map((b) => ({
      k: 'binding',
      b,
    }));
  });
  const body = mapExprs(mapStores(m.entry.body, names), (x) =>
    x.k === 'index' && isBuffer(x.a, names)
      ? call(ACCESS[x.a.name as WindowedBuffer].load, x.i)
      : x,
  );
  // Nothing else may name a windowed buffer (a whole-array use would see one window only).
  const check = (e: Expr) =>
    mapExpr(e, (y) => {
      if (isBuffer(y, names))
        throw new Error(`internal: wgsl: a windowed kernel names ${y.name} outside ${y.name}[i]`);
      return y;
    });
  forEachStmt(body, (s) => {
    for (const e of stmtExprs(s)) check(e);
  });
  const library = [...m.library];
  if (windows.S) {
    // The library's single-value functions, replaced (a kernel without them: added).
    const text = windowLibrary(windows.S);
    const at = library.findIndex((t) => t.includes(STATE_ACCESS));
    if (at >= 0) library[at] = library[at]!.replace(STATE_ACCESS, text);
    else library.push(`\n${text}`);
  }
  if (windows.SCR) library.push(`\n${scratchWindowLibrary(windows.SCR)}`);
  return { decls, entry: { ...m.entry, body }, library };
}

/** The bindings of windows `w` in place of binding `b`. */
function windowBindings(b: KernelBinding, w: StateWindows): KernelBinding[] {
  return Array.from({ length: w.count }, (_, k) =>
    windowBinding(b as KernelBinding & { name: WindowedBuffer }, k),
  );
}

/**
 * Kernel `k` with the buffers of `windows` bound as windows: its tree rewritten and printed
 * (unchanged where it binds none of them).
 */
export function windowKernel<K extends Pick<WgslKernel, 'name' | 'module' | 'code' | 'bindings'>>(
  k: K,
  windows: Windows,
): K {
  const used: Windows = {};
  for (const b of k.bindings)
    if (b.name === 'S' || b.name === 'SCR') {
      const w = windows[b.name];
      if (w) used[b.name] = w;
    }
  if (!Object.keys(used).length) return k;
  if (!k.module)
    throw new Error(
      `internal: kernel ${k.name} has no syntax tree (embedded kernels), so its buffers cannot be bound as windows`,
    );
  const module = windowModule(k.module, used);
  const bindings = k.bindings.flatMap((b) => {
    const w = b.name === 'S' || b.name === 'SCR' ? used[b.name] : undefined;
    return w ? windowBindings(b, w) : [b];
  });
  return { ...k, module, code: printModule(module), bindings };
}

/** A step's kernels, the chain kernel too, with the buffers of `windows` bound as windows. */
export function windowKernels(g: WgslKernels, windows: Windows): WgslKernels {
  return {
    ...g,
    kernels: g.kernels.map((k) => windowKernel(k, windows)),
    ...(g.chain ? { chain: { ...g.chain, kernel: windowKernel(g.chain.kernel, windows) } } : {}),
  };
}
