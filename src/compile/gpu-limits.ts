// What the GPU backend refuses before it hands a kernel to the device's shader compiler.
//
// Written chains of operators (an explicit sum of 100,000 terms) lower to straight-line code:
// the elaborator cuts them into lets of CHAIN_CHUNK terms, in the written order, and every
// backend takes them (issue 34). The CPU backend runs 100,000 terms (10 s of compiling). Shader
// compilers do not: their time grows faster than a kernel's length. Measured with `opt eval` of
// 4 points, the compile included (docs/bench/h200-2026-12-01-long-chains.sh): on an NVIDIA H200
// (2026-12-01) 2,000 terms took 3.2 s, 10,000 took 18.8 s and 100,000 had not finished after
// 90 s; lavapipe (LLVM, this project's CI adapter) took 4 s for 100 terms, 12 s for 200 and 75 s
// for 400 (2026-12-01, a shared 2-core machine). A user who asks the GPU for such a kernel would
// wait with no word, so past GPU_MAX_CHAIN_OPERATORS operators in its long written chains the GPU
// backend refuses a program with a coded diagnostic (OPT4030) at its longest chain. A chain's
// operators are those along its left spine, as the parser nests them: `x[0]^2 + ... + x[n-1]^2`
// has n (n - 1 additions and the first term's power).
//
// The limit is a count, not a time: whether a program compiles must not depend on the machine
// (the same program and backend give the same answer everywhere). Chains of at most CHAIN_CHUNK
// operators are not counted: they are the ordinary expressions of every benchmark.

import { diag, OptError } from '../parser/diagnostics.js';
import type { Loc } from '../parser/ast.js';
import { maxStateArrays } from '../codegen/wgsl-step.js';

/** The most operators (over chains longer than CHAIN_CHUNK) the GPU backend compiles. */
export const GPU_MAX_CHAIN_OPERATORS = 20_000;

/** What the limit was measured with, as the diagnostic quotes it. */
const MEASURED = '10,000 terms took 18.8 s to compile on an NVIDIA H200';

/**
 * Throws OptError (GpuTooManyStates) where an algorithm has more state arrays than a step's
 * parameter block has offsets for (codegen/wgsl-step.ts maxStateArrays): the GPU backend cannot
 * address them; the CPU backend has no such limit.
 */
export function checkGpuStates(
  algorithm: string,
  states: number,
  loc: Loc | undefined,
  texts: Map<string, string>,
): void {
  if (states <= maxStateArrays()) return;
  throw new OptError([diag('GpuTooManyStates', loc, algorithm, states, maxStateArrays())], texts);
}

export interface LongChain {
  operators: number;
  loc: Loc;
}

/**
 * Throws OptError (GpuChainsTooLong) where the written chains of a program longer than
 * CHAIN_CHUNK have more than GPU_MAX_CHAIN_OPERATORS operators in all; at the longest chain.
 */
export function checkGpuChains(chains: readonly LongChain[], texts: Map<string, string>): void {
  const total = chains.reduce((s, c) => s + c.operators, 0);
  if (total <= GPU_MAX_CHAIN_OPERATORS) return;
  const longest = chains.reduce((a, b) => (b.operators > a.operators ? b : a));
  const n = (v: number) => v.toLocaleString('en-US');
  throw new OptError(
    [diag('GpuChainsTooLong', longest.loc, n(total), n(GPU_MAX_CHAIN_OPERATORS), MEASURED)],
    texts,
  );
}
