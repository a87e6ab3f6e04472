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

import { pingPong, type Step } from '../ir/step.js';
import type { ScheduledProgram, StateArray } from '../ir/ir.js';
import type { Plan } from '../schedule/plan.js';
import {
  generateWgsl,
  type WgslKernels,
  type WgslKernel,
  type WgslOptions,
} from '../codegen/wgsl.js';
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

/** The artefact of a step scheduled as `gpuIr`, whose plan `buildPlan` builds, over `state`. */
export function stepArtefact(
  gpuIr: ScheduledProgram,
  buildPlan: () => Plan,
  state: StateArray[],
): StepArtefact {
  const plan = once(buildPlan);
  const two = once(() => pingPong([gpuIr]));
  return {
    plan,
    pingPong: two,
    kernels: once(() => generateStepWgsl(gpuIr, plan(), state, { pingPong: two() })),
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
