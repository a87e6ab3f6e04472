// Making the engine that runs a compiled algorithm: one place for the API (src/api.ts), the CLI and
// the experiment runner (src/experiment/runner.ts), so that each backend is chosen one way.

import type { CompiledAlgorithm } from '../compile/algorithm.js';
import type { AlgoEngine } from './algo-engine.js';
import { CpuAlgoEngine } from './algo-cpu.js';
import { GpuAlgoEngine } from './algo-gpu.js';
import type { GpuContext } from './device.js';

/** The engine that runs a compiled algorithm: on the GPU when one is given, else on the CPU. */
export async function createEngine(
  c: CompiledAlgorithm,
  seed: number,
  gpu: GpuContext | null,
): Promise<AlgoEngine> {
  return gpu ? await GpuAlgoEngine.create(gpu, c, seed) : new CpuAlgoEngine(c, seed);
}

/**
 * An engine that runs the runs of `seeds` together in the same kernels (runBatch), each as the
 * same seed run alone. Refused (a RangeError that says why) for a program whose runs cannot share
 * a host plan (batchRefusal); BatchTooLarge where their state exceeds the device's buffers.
 */
export async function createBatchEngine(
  c: CompiledAlgorithm,
  seeds: readonly number[],
  gpu: GpuContext,
): Promise<AlgoEngine> {
  return GpuAlgoEngine.create(gpu, c, seeds);
}
