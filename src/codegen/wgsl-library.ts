// The library functions a kernel carries after `main`: fixed WGSL text, each known by its
// identity (a `LibraryId`), never by searching the text. A kernel lists the libraries it needs;
// `libraryTexts` gives their text in that order, after checking that the kernel's declarations
// supply the names each library reads (`P.pad`, `S`, `opt_seed`, `opt_draw_round`...), so that a
// library moved to a kernel without them is an internal error here, not a shader the device
// refuses.
//
//   core       C semantics and float tricks every kernel may call (opt_pow, opt_nan, opt_inf,
//              opt_idiv, opt_imod, opt_fmod) and the builtins' helpers (BUILTIN_HELPERS, by the
//              ids the IR's builtin table names: ir/builtins.ts WgslHelperId)
//   philox     Philox 4x32-10 (wgsl-philox.ts, twin of rng/philox.ts)
//   draws      an algorithm step's random draws and state access (opt_block, opt_draw_*, opt_s)
//   two-float  the float-float helpers (ff_*), one wrapper per float-float builtin of the IR

import { FF_BUILTINS, type WgslHelperId } from '../ir/builtins.js';
import type { Decl } from './wgsl-ast.js';
import { WGSL_PHILOX } from './wgsl-philox.js';

/** The WGSL functions that builtins' WGSL forms call, by the id the builtin table names. */
export const BUILTIN_HELPERS: Record<WgslHelperId, string> = {
  opt_round: 'fn opt_round(x: f32) -> f32 { return sign(x) * floor(abs(x) + 0.5); }',
  // e^x - 1 without the cancellation of exp(x) - 1 near 0: Taylor to x^8 below 1/2 (the first
  // term left out is at most 2^-26 of the result there, a fifth of an ulp), exp(x) - 1 above.
  opt_expm1: `fn opt_expm1(x: f32) -> f32 {
  if (abs(x) >= 0.5) { return exp(x) - 1.0; }
  // Horner's rule, each step an explicit fma (wgsl-fma.ts: no add a product feeds is left to the
  // device to contract or not).
  var p = fma(x, 1.0 / 40320.0, 1.0 / 5040.0);
  p = fma(x, p, 1.0 / 720.0);
  p = fma(x, p, 1.0 / 120.0);
  p = fma(x, p, 1.0 / 24.0);
  p = fma(x, p, 1.0 / 6.0);
  p = fma(x, p, 0.5);
  p = fma(x, p, 1.0);
  return x * p;
}`,
};

/** The core library: in every kernel. */
export const WGSL_HELPERS = `
fn opt_pow(a: f32, b: f32) -> f32 {
  // C pow: a negative base with an integral exponent is defined.
  let r = pow(abs(a), b);
  if (a < 0.0 && fract(b) == 0.0) {
    return select(r, -r, fract(b * 0.5) != 0.0);
  }
  return select(r, opt_nan(), a < 0.0);
}
// WGSL rejects NaN and infinity in constant expressions, and lets implementations assume they do
// not occur; a NaN made at run time from the uniform (P.pad is 0) survives constant folding.
fn opt_nan() -> f32 { return bitcast<f32>(0x7fc00000u | P.pad); }
fn opt_inf() -> f32 { return bitcast<f32>(0x7f800000u | P.pad); }
// The same float, through an integer OR with P.pad (0) that no float algebra sees through: a
// quotient that an add reads (wgsl-fma.ts), which a device may compute as a product by the
// reciprocal and contract with the add in one kernel and not in another.
fn opt_keep(x: f32) -> f32 { return bitcast<f32>(bitcast<u32>(x) | P.pad); }
${Object.values(BUILTIN_HELPERS).join('\n')}
fn opt_idiv(a: i32, b: i32) -> i32 {
  let q = a / b;
  return select(q, q - 1, (a % b != 0) && ((a < 0) != (b < 0)));
}
fn opt_imod(a: i32, b: i32) -> i32 { return ((a % b) + b) % b; }
// a - b floor(a / b) as one fma (wgsl-fma.ts: the device may not contract it in one kernel and
// not in another).
fn opt_fmod(a: f32, b: f32) -> f32 { return fma(-b, floor(a / b), a); }
`;

/**
 * The state's single values, in S's one binding. A state larger than one binding is bound as
 * windows (wgsl-window.ts), which replaces this text by its own.
 */
export const STATE_ACCESS = `fn opt_s(i: u32) -> f32 { return S[i >> 2u][i & 3u]; }
fn opt_s_set(i: u32, v: f32) { S[i >> 2u][i & 3u] = v; }
`;

/**
 * An algorithm step's draws (keyed by site, opt_draw_round, individual and dimension, from the
 * run's opt_seed), its fitness test and its state's single values.
 */
const DRAW_HELPERS = `
// A fitness: NaN as +infinity, the worst value (ir/builtins.ts NAN_WORST). The test reads the
// bits: WGSL lets a compiler assume that no float is NaN, and x != x may fold to false.
fn opt_fit(x: f32) -> f32 { return select(x, opt_inf(), (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u); }
${STATE_ACCESS}// The last block of even and of odd call sites is kept: a lane that draws for four consecutive
// dimensions (the split regime's loops) computes one Philox block, not four.
var<private> opt_bk0: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv0: vec4<u32>;
var<private> opt_bk1: vec4<u32> = vec4<u32>(0xffffffffu);
var<private> opt_bv1: vec4<u32>;
fn opt_block(site: u32, ind: u32, dim: u32) -> vec4<u32> {
  let key = vec4<u32>(site, opt_draw_round, ind, dim);
  let seed = opt_seed;
  if ((site & 1u) == 0u) {
    if (any(key != opt_bk0)) { opt_bk0 = key; opt_bv0 = opt_philox(key, seed); }
    return opt_bv0;
  }
  if (any(key != opt_bk1)) { opt_bk1 = key; opt_bv1 = opt_philox(key, seed); }
  return opt_bv1;
}
// Four words a block: a uniform or integer draw at dimension j is word j % 4 of block j / 4, a
// normal draw word pair j % 2 of block j / 2 (src/runtime/draws.ts, drawTable).
fn opt_draw_u(site: u32, ind: u32, dim: u32) -> f32 {
  return opt_uniform24(opt_block(site, ind, dim >> 2u)[dim & 3u]);
}
fn opt_draw_n(site: u32, ind: u32, dim: u32) -> f32 {
  let b = opt_block(site, ind, dim >> 1u);
  return select(opt_normal(b), opt_normal(b.zwxy), (dim & 1u) == 1u);
}
fn opt_draw_int(site: u32, ind: u32, dim: u32, n: u32) -> u32 {
  return opt_randint(opt_block(site, ind, dim >> 2u)[dim & 3u], n);
}
// Value \`which\` of \`count\` (<= 4) distinct integers in [0, n) other than \`except\` (none when it
// is 0xffffffff): draw t takes word t, picks among the n - (taken) free values and skips the taken
// ones in increasing order (src/runtime/draws.ts, distinctAt).
// r among the free values: skip the taken ones, s[0..nt) ascending (registers only: no arrays).
fn opt_skip4(r0: u32, s: vec4<u32>, nt: u32) -> u32 {
  var r = r0;
  if (nt > 0u && r >= s.x) { r++; }
  if (nt > 1u && r >= s.y) { r++; }
  if (nt > 2u && r >= s.z) { r++; }
  if (nt > 3u && r >= s.w) { r++; }
  return r;
}
// s[0..nt) ascending with v inserted in order (nt < 4).
fn opt_insert4(s: vec4<u32>, nt: u32, v: u32) -> vec4<u32> {
  let before = select(vec4<u32>(0u), vec4<u32>(1u), (s < vec4<u32>(v)) & (vec4<u32>(0u, 1u, 2u, 3u) < vec4<u32>(nt)));
  let p = before.x + before.y + before.z + before.w;
  return vec4<u32>(
    select(s.x, v, p == 0u),
    select(s.y, select(s.x, v, p == 1u), p <= 1u),
    select(s.z, select(s.y, v, p == 2u), p <= 2u),
    select(s.w, select(s.z, v, p == 3u), p <= 3u));
}
// All \`count\` (<= 4) values of opt_draw_distinct at once.
fn opt_distinct4(site: u32, ind: u32, count: u32, n: u32, except: u32) -> vec4<u32> {
  let w = opt_block(site, ind, 0u);
  var s = vec4<u32>(0u);
  var nt = 0u;
  if (except != 0xffffffffu) { s.x = except; nt = 1u; }
  var out = vec4<u32>(0u);
  for (var t = 0u; t < 4u; t++) {
    if (t >= count) { break; }
    let r = opt_skip4(opt_randint(w[t], n - nt), s, nt);
    out[t] = r;
    s = opt_insert4(s, nt, r);
    nt++;
  }
  return out;
}
fn opt_draw_distinct(site: u32, ind: u32, count: u32, n: u32, except: u32, which: u32) -> u32 {
  return opt_distinct4(site, ind, count, n, except)[which];
}
`;

// Shader compilers simplify float arithmetic algebraically unless told not to (Mesa's NIR rewrites
// (a + b) - a to b; WGSL has no `precise`), which would make every error term 0; a multiplication
// by a 1.0 the compiler cannot know is not enough either (lavapipe still lost the error term of a
// second two-sum), and an fma may be a multiply and an add (lavapipe's is). So every rounded
// result that an error term subtracts again goes through ff_keep, an integer OR with the uniform
// P.pad (0 at run time, like opt_nan's): the same float, which no float algebra can see through.
// The product's error comes from Dekker's split rather than from fma; its partial products are
// exact, so a compiler that contracts one with an add into an fma changes nothing. The low parts'
// products that are not exact (al c, ah bl) are explicit fmas (wgsl-fma.ts), so that every kernel
// rounds them alike.
// runtime/two-float-check.ts checks the results on the device (its kernel: wgsl-service.ts)
// against ir/builtins.ts's ffAdd, ffMul and ffDiv.
const FF_WGSL = `fn ff_keep(x: f32) -> f32 { return bitcast<f32>(bitcast<u32>(x) | P.pad); }
fn ff_two_sum(a: f32, b: f32) -> vec2<f32> {
  let s = ff_keep(a + b);
  let v = ff_keep(s - a);
  return vec2<f32>(s, (a - ff_keep(s - v)) + (b - v));
}
fn ff_split(a: f32) -> vec2<f32> {
  let t = ff_keep(4097.0 * a);
  let h = ff_keep(t - ff_keep(t - a));
  return vec2<f32>(h, a - h);
}
fn ff_two_prod(a: f32, b: f32) -> vec2<f32> {
  let p = ff_keep(a * b);
  let x = ff_split(a);
  let y = ff_split(b);
  return vec2<f32>(p, ((x.x * y.x - p) + x.x * y.y + x.y * y.x) + x.y * y.y);
}
fn ff_add(ah: f32, al: f32, bh: f32, bl: f32) -> vec2<f32> {
  let s = ff_two_sum(ah, bh);
  return ff_two_sum(s.x, s.y + (al + bl));
}
fn ff_mul(ah: f32, al: f32, c: f32) -> vec2<f32> {
  let p = ff_two_prod(ah, c);
  return ff_two_sum(p.x, fma(al, c, p.y));
}
fn ff_div(ah: f32, al: f32, c: f32) -> vec2<f32> {
  let q = ff_keep(ah / c);
  let p = ff_two_prod(q, c);
  return ff_two_sum(q, (((ah - p.x) - p.y) + al) / c);
}
fn ff_mul2(ah: f32, al: f32, bh: f32, bl: f32) -> vec2<f32> {
  let p = ff_two_prod(ah, bh);
  return ff_two_sum(p.x, p.y + fma(ah, bl, al * bh));
}
fn ff_turn(xh: f32, xl: f32, mh: f32, ml: f32, q: f32) -> f32 {
  let t = ff_mul2(xh, xl, mh, ml);
  return ff_keep(ff_keep(t.x - round(t.x)) + t.y) + q;
}
fn ff_dist(xh: f32, xl: f32, mh: f32, ml: f32, q: f32) -> f32 {
  let r = ff_turn(xh, xl, mh, ml, q);
  return abs(r - round(r));
}
fn ff_less(ah: f32, al: f32, bh: f32, bl: f32) -> bool { return ah < bh || (ah == bh && al < bl); }
fn ff_min(ah: f32, al: f32, bh: f32, bl: f32) -> vec2<f32> {
  return select(vec2<f32>(ah, al), vec2<f32>(bh, bl), ff_less(bh, bl, ah, al));
}
fn ff_max(ah: f32, al: f32, bh: f32, bl: f32) -> vec2<f32> {
  return select(vec2<f32>(ah, al), vec2<f32>(bh, bl), ff_less(ah, al, bh, bl));
}`;

/**
 * The WGSL helpers of the float-float builtins, one a builtin (its name and parameters from the
 * IR's table, FF_BUILTINS): declared only in the modules of steps whose state holds pairs
 * (wgsl-step.ts) and of kernels that call them (wgsl-emit.ts wgslKernel), so that the others are
 * unchanged.
 */
export const TWO_FLOAT_WGSL = [
  FF_WGSL,
  ...FF_BUILTINS.map((b) => {
    const [, op, part] = b.name.split('.');
    const names = b.params.map((p) => p.name);
    const params = names.map((n) => `${n}: f32`).join(', ');
    return `fn ff_${op}_${part}(${params}) -> f32 { return ff_${op}(${names.join(', ')}).${part === 'h' ? 'x' : 'y'}; }`;
  }),
].join('\n');

/** The names of the functions the two-float library defines (a kernel that calls one needs it). */
const TWO_FLOAT_FUNCTIONS = new Set(
  [...TWO_FLOAT_WGSL.matchAll(/^fn (\w+)\(/gm)].map((m) => m[1] as string),
);
/** Whether `fn` is a function of the two-float library. */
export const isTwoFloatFunction = (fn: string): boolean => TWO_FLOAT_FUNCTIONS.has(fn);

/** The libraries a kernel may carry. */
export type LibraryId = 'core' | 'philox' | 'draws' | 'two-float';

interface Library {
  /** The text, as printed after `main` (a kernel's libraries are joined without a separator). */
  text: string;
  /**
   * What it reads that the kernel must declare: a buffer or private variable by name, a field of
   * a uniform struct as `P.field`; and the libraries whose functions it calls.
   */
  reads: readonly string[];
  calls: readonly LibraryId[];
}

const LIBRARIES: Record<LibraryId, Library> = {
  core: { text: WGSL_HELPERS, reads: ['P.pad'], calls: [] },
  philox: { text: WGSL_PHILOX, reads: [], calls: [] },
  draws: {
    text: DRAW_HELPERS,
    reads: ['S', 'opt_draw_round', 'opt_seed'],
    calls: ['core', 'philox'],
  },
  'two-float': { text: `\n${TWO_FLOAT_WGSL}\n`, reads: ['P.pad'], calls: [] },
};

const fieldNames = (fields: [string, string][]) => fields.map((f) => f[0]);

/** The names `decls` declare: bindings, module-scope variables, the fields of bound structs. */
function declared(decls: readonly Decl[]): Set<string> {
  const structs = new Map<string, string[]>();
  const names = new Set<string>();
  for (const d of decls) if (d.k === 'struct') structs.set(d.name, fieldNames(d.fields));
  for (const d of decls)
    if (d.k === 'binding') {
      names.add(d.b.name);
      for (const f of structs.get(d.b.type) ?? []) names.add(`${d.b.name}.${f}`);
    } else if (d.k === 'var' || d.k === 'override') names.add(d.name);
  return names;
}

/**
 * The texts of libraries `ids`, in that order, for a kernel whose module-scope declarations are
 * `decls`: each library's reads declared there and the libraries it calls among `ids`.
 */
export function libraryTexts(ids: readonly LibraryId[], decls: readonly Decl[]): string[] {
  const have = declared(decls);
  return ids.map((id) => {
    const lib = LIBRARIES[id];
    for (const r of lib.reads)
      if (!have.has(r))
        throw new Error(
          `internal: the WGSL library ${id} reads ${r}, which the kernel does not declare`,
        );
    for (const c of lib.calls)
      if (!ids.includes(c))
        throw new Error(`internal: the WGSL library ${id} calls ${c}, which the kernel lacks`);
    return lib.text;
  });
}
