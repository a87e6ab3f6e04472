// The compiled artefact's kernels (issue 35, item 3): each step's plan and its WGSL, tree and
// text, the chain kernel included, generated once and kept with the step (CompiledStep.plan and
// .kernels, compile/algorithm.ts); a problem's kernels likewise, once for each set of code
// generation options (CompiledProblem.kernels, compile/problem.ts). The runtime
// (runtime/algo-gpu.ts, runtime/gpu-eval.ts), `--emit wgsl` (api.ts) and `--emit ts`
// (api/emit-ts.ts) read them from there; none of them calls the code generator.
//
// What the generator is given is fixed by the compilation, so one generation serves every
// consumer: a step's kernels are generated with the arrays the step itself double-buffers
// (pingPong of its IR alone: CompiledAlgorithm.stepPingPong) and never with subgroup operations
// (no consumer asks for them for a step); a problem's options (subgroups, the adapter's largest
// subgroup) differ between the GPU evaluator and the emitters, so they are the memo's key. A batch
// of runs is not an option of the generator: the runs are the grid's z and their regions come from
// the parameters (P.run_s, ...: codegen/wgsl-emit.ts, perRun), so one text serves every batch.
//
// An algorithm's kernels also go out as data and come back (EmbeddedKernels): a module of
// `opt compile --emit ts` embeds them with the digest of what they were generated from, and hands
// them to compileAlgorithm (AlgoCompileRequest.embedded), which takes them for its steps in place
// of generating when its own digest is the same (the same package version, and every step's
// scheduled IR, plan and double-buffered arrays, and the state: all the generator is given).
// Read back, a kernel has its text, bindings and workgroups, not its syntax tree.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pingPong, type Step } from '../ir/step.js';
import type { ScheduledProgram, StateArray } from '../ir/ir.js';
import { printProgram } from '../ir/print.js';
import { packageRoot } from '../parser/stdlib.js';
import { workgroupsFor, type Plan, type PlanKernel } from '../schedule/plan.js';
import {
  generateWgsl,
  type WgslKernels,
  type WgslKernel,
  type WgslOptions,
} from '../codegen/wgsl.js';
import type { BufferName, KernelBinding } from '../codegen/wgsl-kernels.js';
import { generateStepWgsl } from '../codegen/wgsl-step.js';

/** `make` called once, on the first call of the function returned; its value kept. */
export function once<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}

/** A step's part of the artefact: its plan, the arrays it double-buffers, its kernels. */
export interface StepArtefact {
  /** Its kernels (schedule/plan.ts), built once. */
  plan(): Plan;
  /** The arrays it reads in one copy and writes to the other (the others it updates in place). */
  pingPong(): Set<string>;
  /** Its WGSL (codegen/wgsl-step.ts): each kernel's tree and text, the chain kernel's too; generated once. */
  kernels(): WgslKernels;
}

/**
 * The artefact of a step scheduled as `gpuIr`, whose plan `buildPlan` builds, over `state`. Its
 * kernels are `embedded()`'s where that gives them when first asked for (compileAlgorithm, once
 * it has checked their digest), else generated.
 */
export function stepArtefact(
  gpuIr: ScheduledProgram,
  buildPlan: () => Plan,
  state: StateArray[],
  embedded: () => EmbeddedStepKernels | undefined = () => undefined,
): StepArtefact {
  const plan = once(buildPlan);
  const two = once(() => pingPong([gpuIr]));
  return {
    plan,
    pingPong: two,
    kernels: once(() => {
      const e = embedded();
      return e
        ? restoreKernels(e, plan())
        : generateStepWgsl(gpuIr, plan(), state, { pingPong: two() });
    }),
  };
}

/** A kernel as data: what the runtime reads of a WgslKernel (its workgroups come from the plan). */
export interface EmbeddedKernel {
  name: string;
  code: string;
  bindings: KernelBinding[];
  uses: BufferName[];
}

/** A step's kernels as data (JSON): its WgslKernels without the syntax trees. */
export interface EmbeddedStepKernels {
  /** The step's name (ir/step.ts). */
  step: string;
  /**
   * A generation-opening step with the track fused in stands for it (passes/algo-fuse-track.ts):
   * the name of that step. The emitted forms list the fused step's kernels, not this one's
   * (algorithmKernels); the runtime has both.
   */
  fusedInto?: string;
  kernels: EmbeddedKernel[];
  chain?: { kernel: EmbeddedKernel; region: number };
  wg: number;
  data: WgslKernels['data'];
  dataSize: number;
  scratchStride: number;
  partStride: number;
  groups: number;
  scalarStride: number;
}

/**
 * An algorithm's kernels as a module of `--emit ts` embeds them: every step's (CompiledAlgorithm
 * .steps, in that order), and the digest of what they were generated from (kernelsDigest).
 */
export interface EmbeddedKernels {
  digest: string;
  steps: EmbeddedStepKernels[];
}

const embeddedKernel = (k: WgslKernel): EmbeddedKernel => ({
  name: k.name,
  code: k.code,
  bindings: k.bindings,
  uses: k.uses,
});

/** Step `st`'s kernels `g` as data. */
function embedStep(st: Step, g: WgslKernels, fusedInto: Step | undefined): EmbeddedStepKernels {
  return {
    step: st.name,
    ...(fusedInto ? { fusedInto: fusedInto.name } : {}),
    kernels: g.kernels.map(embeddedKernel),
    ...(g.chain
      ? { chain: { kernel: embeddedKernel(g.chain.kernel), region: g.chain.region } }
      : {}),
    wg: g.wg,
    data: g.data,
    dataSize: g.dataSize,
    scratchStride: g.scratchStride,
    partStride: g.partStride,
    groups: g.groups,
    scalarStride: g.scalarStride,
  };
}

/** Embedded kernels back as WgslKernels, their workgroups from `plan`'s kernels (in its order). */
function restoreKernels(e: EmbeddedStepKernels, plan: Plan): WgslKernels {
  const kernel = (k: EmbeddedKernel, p: PlanKernel | undefined): WgslKernel => {
    if (!p || p.name !== k.name)
      throw new RangeError(
        `the embedded kernel ${e.step}.${k.name} is not the plan's (${p?.name ?? 'none'}): the embedded kernels were edited; generate the module again`,
      );
    const dispatch = p.dispatch;
    // No syntax tree: the text is what was printed from it (WgslKernel.module).
    return { ...k, workgroups: (n) => workgroupsFor(dispatch, n) };
  };
  if (e.kernels.length !== plan.kernels.length || !e.chain !== !plan.chain)
    throw new RangeError(
      `the embedded kernels of step ${e.step} are not its plan's: the embedded kernels were edited; generate the module again`,
    );
  return {
    kernels: e.kernels.map((k, i) => kernel(k, plan.kernels[i])),
    ...(e.chain
      ? { chain: { kernel: kernel(e.chain.kernel, plan.chain?.kernel), region: e.chain.region } }
      : {}),
    wg: e.wg,
    data: e.data,
    dataSize: e.dataSize,
    scratchStride: e.scratchStride,
    partStride: e.partStride,
    groups: e.groups,
    scalarStride: e.scalarStride,
  };
}

/** The package's version (package.json): the code generator the kernels came from. */
const packageVersion = once(
  () =>
    (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string })
      .version,
);

/** What kernelsDigest reads of a compiled algorithm and of its steps. */
interface DigestedStep {
  gpuIr: ScheduledProgram;
  plan(): Plan;
  pingPong(): Set<string>;
}
interface DigestedAlgorithm {
  steps: Step[];
  algo: { state: StateArray[] };
  compiled(st: Step): DigestedStep;
}

/**
 * The digest of what a compiled algorithm's kernels are generated from: the package's version,
 * the state arrays, and each step's name, scheduled IR (printed), plan and double-buffered arrays:
 * everything generateStepWgsl is given. Equal digests, equal kernels.
 */
export function kernelsDigest(c: DigestedAlgorithm): string {
  const h = createHash('sha256');
  h.update(`opt-compiler ${packageVersion()}\n${JSON.stringify(c.algo.state)}\n`);
  for (const st of c.steps) {
    const r = c.compiled(st);
    h.update(`step ${st.name}\n${printProgram(r.gpuIr)}\n${JSON.stringify(r.plan())}\n`);
    h.update(`${JSON.stringify([...r.pingPong()].sort())}\n`);
  }
  return h.digest('hex');
}

/** A compiled algorithm's kernels as data, every step's, with their digest (kernelsDigest). */
export function embedKernels(c: {
  steps: Step[];
  algo: { state: StateArray[] };
  fused: Map<Step, Step>;
  compiled(st: Step): DigestedStep & { kernels(): WgslKernels };
}): EmbeddedKernels {
  return {
    digest: kernelsDigest(c),
    steps: c.steps.map((st) => embedStep(st, c.compiled(st).kernels(), c.fused.get(st))),
  };
}

/** The options of a problem's kernels that the artefact is keyed by (codegen/wgsl-kernels.ts). */
export type ProblemKernelOptions = Pick<WgslOptions, 'subgroups' | 'subgroupMaxSize'>;

/**
 * A problem's kernels for each set of options, each generated once: `kernels(o)` returns the
 * same WgslKernels for equal options.
 */
export function problemKernels(
  ir: ScheduledProgram,
  plan: () => Plan,
): (o?: ProblemKernelOptions) => WgslKernels {
  const made = new Map<string, WgslKernels>();
  return (o = {}) => {
    const key = `${o.subgroups ?? false}/${o.subgroupMaxSize ?? ''}`;
    let g = made.get(key);
    if (!g) {
      const options: WgslOptions = {};
      if (o.subgroups !== undefined) options.subgroups = o.subgroups;
      if (o.subgroupMaxSize !== undefined) options.subgroupMaxSize = o.subgroupMaxSize;
      made.set(key, (g = generateWgsl(ir, plan(), options)));
    }
    return g;
  };
}

/** A kernel of an algorithm's step as the emitters list it. */
export interface StepKernel {
  step: Step;
  kernel: WgslKernel;
  /**
   * The chain kernel of a chainable step (ir/step.ts, chainable): the runtime dispatches it
   * between two consecutive runs of the step, in place of the earlier run's combine and writes and
   * the later run's partials (runtime/algo-gpu.ts, dispatchChain).
   */
  chain: boolean;
}

/**
 * The kernels of a compiled algorithm as its emitted forms list them: each step that runs on its
 * own (a step with the track fused in stands for both), its kernels in their order, then its
 * chain kernel where it has one. Read from the artefact: nothing is generated again.
 */
export function algorithmKernels(c: {
  steps: Step[];
  fused: Map<Step, Step>;
  compiled(st: Step): { kernels(): WgslKernels };
}): StepKernel[] {
  const fused = new Set(c.fused.keys());
  return c.steps
    .filter((st) => !fused.has(st))
    .flatMap((st) => {
      const g = c.compiled(st).kernels();
      return [
        ...g.kernels.map((kernel) => ({ step: st, kernel, chain: false })),
        ...(g.chain ? [{ step: st, kernel: g.chain.kernel, chain: true }] : []),
      ];
    });
}
