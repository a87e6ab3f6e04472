// The runtime's own small kernels, generated like the others: a syntax tree (wgsl-ast.ts) printed
// once, bindings from the binding table (wgsl-bindings.ts), libraries by identity
// (wgsl-library.ts). The runtime only makes their pipelines, with an explicit layout from the
// same bindings (runtime/gpu-eval.ts layoutEntries).
//
//   skipKernel   `repeat n while c`: the workgroup counts of the loop body's indirectly
//                dispatched steps, the steps' grids while the flag is set, 0 once it is clear
//                (runtime/algo-gpu.ts buildSkips)
//   probeKernel  the float-float device probe: the two-float library on test vectors
//                (runtime/two-float-check.ts)

import {
  assign,
  bin,
  call,
  f32,
  id,
  ifS,
  index,
  int,
  letS,
  member,
  printModule,
  seq,
  u32,
  type Decl,
  type Module,
  type Stmt,
} from './wgsl-ast.js';
import { EVAL_PARAM_FIELDS, kernelBinding, type KernelBinding } from './wgsl-bindings.js';
import { libraryTexts } from './wgsl-library.js';

/** A service kernel: its text and what it binds (its pipeline layout's rows). */
export interface ServiceKernel {
  name: string;
  /** Its syntax tree, `code` printed from it (a windowed state rewrites it: wgsl-window.ts). */
  module: Module;
  code: string;
  bindings: KernelBinding[];
}

/** The module of `bindings`, after the declarations `head`, with `main` of `body`. */
function service(
  name: string,
  head: Decl[],
  bindings: KernelBinding[],
  entry: Module['entry'],
  library: Parameters<typeof libraryTexts>[0] = [],
): ServiceKernel {
  const decls: Decl[] = [...head, ...bindings.map((b): Decl => ({ k: 'binding', b }))];
  const module: Module = { decls, entry, library: libraryTexts(library, decls) };
  return { name, module, code: printModule(module), bindings };
}

/** One indirectly dispatched kernel: its three words in ARGS and its grid. */
export interface SkipCount {
  /** The first of its words (x, y, z workgroup counts) in ARGS. */
  word: number;
  gx: number;
  gy: number;
}

/**
 * The counts kernel of a while loop's flag, the state word `flagWord` of S (runs of a batch are
 * refused with while loops: one state): one thread writes, for each kernel of `counts`, its grid
 * (x only while the flag is set) and 1 in z.
 */
export function skipKernel(name: string, flagWord: number, counts: SkipCount[]): ServiceKernel {
  const S = kernelBinding('S');
  const A = kernelBinding('ARGS');
  const on = bin(index(index(id(S.name), u32(flagWord >> 2)), int(flagWord & 3)), '!=', f32(0));
  const word = (w: number) => index(id(A.name), u32(w));
  const body: Stmt[] = [
    letS('on', on),
    ...counts.map(({ word: w, gx, gy }) =>
      seq(
        assign(word(w), call('select', u32(0), u32(gx), id('on'))),
        assign(word(w + 1), u32(gy)),
        assign(word(w + 2), u32(1)),
      ),
    ),
  ];
  return service(name, [], [S, A], { workgroupSize: u32(1), builtins: [], body });
}

/** The float-float operations the probe runs, in the order of its outputs, and their arities. */
export const PROBE_OPS = [
  ['add', 4],
  ['mul', 3],
  ['div', 3],
  ['min', 4],
  ['max', 4],
] as const;
/** Floats the probe writes a case: a pair an operation. */
export const PROBE_OUT = 2 * PROBE_OPS.length;
export const PROBE_WG = 64;

/**
 * The float-float probe: case k reads the pairs (ah, al), (bh, bl) from X[k] (a vec4) and writes
 * each operation's pair, PROBE_OUT floats, to F from PROBE_OUT k; P.n cases. Its parameters are an
 * evaluation's (P.pad, which the two-float library reads, is 0).
 */
export function probeKernel(): ServiceKernel {
  const head: Decl[] = [
    { k: 'struct', name: 'Params', fields: EVAL_PARAM_FIELDS.map((f) => [f, 'u32']) },
  ];
  const o = { vec4: true };
  const [P, X, F] = (['P', 'X', 'F'] as const).map((n) => kernelBinding(n, o)) as [
    KernelBinding,
    KernelBinding,
    KernelBinding,
  ];
  const v = (c: 'x' | 'y' | 'z' | 'w') => member(id('v'), c);
  const at = (j: number) => index(id(F.name), bin(bin(u32(PROBE_OUT), '*', id('k')), '+', u32(j)));
  const body: Stmt[] = [
    letS('k', member(id('g'), 'x')),
    ifS(bin(id('k'), '>=', member(id(P.name), 'n')), [{ k: 'return' }], true),
    letS('v', index(id(X.name), id('k'))),
  ];
  PROBE_OPS.forEach(([op, arity], j) => {
    const r = `r_${op}`;
    body.push(
      letS(r, call(`ff_${op}`, ...(['x', 'y', 'z', 'w'] as const).slice(0, arity).map(v))),
      seq(assign(at(2 * j), member(id(r), 'x')), assign(at(2 * j + 1), member(id(r), 'y'))),
    );
  });
  return service(
    'float-float probe',
    head,
    [P, X, F],
    {
      workgroupSize: u32(PROBE_WG),
      builtins: [{ name: 'g', builtin: 'global_invocation_id', ty: 'vec3<u32>' }],
      body,
    },
    ['two-float'],
  );
}
