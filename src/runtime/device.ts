/**
 * The WebGPU device: one Dawn (npm `webgpu`, dawn.node) device per process.
 *
 * What the `webgpu` package (0.6.2) allows, found by reading its README and dawn.node's
 * GPU.cpp / GPUDevice.cpp, and by trying it:
 *
 * - `create(flags)` takes strings `key=value`. Besides Dawn toggles
 *   (`enable-dawn-features=...`, `disable-dawn-features=...`) it knows `backend=vulkan|opengl|...`
 *   (also read from the env var DAWNNODE_BACKEND; the default on Linux is Vulkan) and
 *   `adapter=NAME`. Every `create()` makes a new Dawn instance; the flags hold for that instance.
 * - There is no adapter enumeration API. `requestAdapter()` enumerates the backend's adapters
 *   (sorted by powerPreference) and returns the first. With `adapter=NAME` it returns the first
 *   whose native name (Vulkan's deviceName, e.g. 'llvmpipe (LLVM 15.0.6, 256 bits)' or
 *   'NVIDIA H100 80GB HBM3') contains NAME, case-sensitively; if none does, the promise rejects
 *   with "no suitable backends found\nAvailable adapters:\n * backend: 'vulkan', name: '...'".
 *   `listAdapters()` below uses that rejection (with a name no adapter has) to enumerate.
 *   The native name is not part of GPUAdapterInfo (whose `device` field is a normalised id such
 *   as 'llvmpipe-llvm-15-0-6-256-bits-').
 * - Adapter choice here (`openGpu({ adapter })`): the needle is matched case-insensitively, first
 *   against the listed native names, then against each adapter's info (vendor, architecture,
 *   device, description; this opens each adapter in turn). The chosen adapter is then opened with
 *   `adapter=<its full native name>`. Limits: Dawn matches that name as a substring, so two
 *   adapters with the same name (two identical GPUs) cannot be told apart: the first one listed
 *   (in powerPreference order) is always taken. Without `adapter`, requestAdapter({
 *   powerPreference: 'high-performance' }) picks the best one (a discrete GPU before an
 *   integrated one before a CPU/software one).
 * - Output that dawn.node writes itself, natively (printf/fprintf, not through
 *   process.stdout/stderr or console, so it cannot be intercepted in-process):
 *   1. On each adapter enumeration, Dawn's Limits.cpp prints to stderr (fprintf) the two
 *      harmless lines matched by DAWN_NOISE_PATTERNS ("maxDynamic{Uniform,Storage}Buffers...
 *      artificially reduced ..."), for drivers that report more dynamic buffers than Dawn
 *      supports: lavapipe does (twice per process here, as the adapter list is read too); the
 *      NVIDIA 580 driver on the H200 does not. Callers that
 *      want a clean terminal run the GPU work in a child process and pass its stderr through
 *      `filterDawnNoise()` / `createDawnNoiseFilter()`; scripts/test.sh and scripts/demo.sh filter
 *      them with sed.
 *   2. Uncaptured device errors are printed to *stdout* ("validation:\n<message>") unless the
 *      `uncapturederror` event's default is prevented. The handler installed here calls
 *      `preventDefault()` and keeps the message instead (see GpuContext.lastError), so stdout stays
 *      clean.
 *   3. Dawn's device logging callback (warnings and info from Dawn itself, rare) is printed to
 *      stdout with printf; there is no way to turn it off from JS.
 * - The package's own README warns that keeping a reference to the `create()` result can keep Node
 *   from exiting. With 0.6.2 on Linux/Vulkan we did not see that (the process exits with a live
 *   device), but `destroy()` drops every reference anyway.
 * - lavapipe reports `isFallbackAdapter: true`, vendor 'mesa', architecture 'software'.
 */
// The WebGPU types (GPUDevice, ...) for this module's declarations, kept in its .d.ts for the
// package's users ("preserve": TypeScript drops a reference it did not synthesise otherwise).
/// <reference types="@webgpu/types" preserve="true" />
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import type * as WebGpuModule from 'webgpu';
import { pollOnTimers } from './dawn-poll.js';

type WebGpu = typeof WebGpuModule;

/** The limits the compiler plans kernels with (the device was created with the adapter's maxima). */
export interface GpuLimits {
  maxStorageBufferBindingSize: number;
  maxBufferSize: number;
  maxComputeWorkgroupStorageSize: number;
  maxComputeInvocationsPerWorkgroup: number;
  maxComputeWorkgroupsPerDimension: number;
  maxStorageBuffersPerShaderStage: number;
}

export interface GpuFeatures {
  /** WGSL `enable subgroups;` is allowed (the feature was requested). */
  subgroups: boolean;
  /** Timestamp query sets can be created (the feature was requested). */
  timestampQuery: boolean;
  /** The largest subgroup the adapter may use (0 when unknown): teams at least this wide are whole subgroups. */
  subgroupMaxSize: number;
}

export interface GpuAdapterInfo {
  /** The native name ('NVIDIA H200', 'llvmpipe (LLVM 15.0.6, 256 bits)'); '' if not found. */
  name: string;
  vendor: string;
  architecture: string;
  device: string;
  description: string;
}

export interface GpuContext {
  readonly device: GPUDevice;
  /**
   * Human-readable, never empty: the native name with the description (on Vulkan, the driver)
   * in brackets, 'NVIDIA H200 [NVIDIA: 580.159.04 580.159.4.0]'; without a native name,
   * description || device || vendor/architecture || 'unknown adapter'.
   */
  readonly adapterName: string;
  readonly adapterInfo: GpuAdapterInfo;
  readonly limits: GpuLimits;
  readonly features: GpuFeatures;
  /** A CPU implementation (lavapipe/llvmpipe, SwiftShader, or Dawn's fallback adapter). */
  readonly isSoftware: boolean;
  /** The latest uncaptured device error or the device-loss message; null when none. */
  readonly lastError: string | null;
  /** True once the device is lost (or destroyed). */
  readonly lost: boolean;
  /**
   * Throws a GpuError if the device was lost or reported an uncaptured error since the last
   * call; clears the stored uncaptured error. `where` names the operation in the message.
   */
  checkErrors(where?: string): void;
  /** Destroys the device and forgets the cached context; a later openGpu() opens a new one. */
  destroy(): void;
}

export interface OpenGpuOptions {
  /** Case-insensitive substring of the adapter's name, vendor, architecture, device or description. */
  adapter?: string;
  powerPreference?: GPUPowerPreference;
}

export interface AdapterListing {
  backend: string;
  /** The native adapter name, as dawn.node's `adapter=` flag matches it. */
  name: string;
}

/** A GPU failure (device lost, uncaptured error, no adapter of the requested name). */
export class GpuError extends Error {
  override name = 'GpuError';
}

/** One line each, without the line end, as Dawn prints them to stderr at adapter enumeration. */
/**
 * Dawn quantizes timestamp queries (to blunt timing side channels in browsers); a compiler's
 * benchmark needs the real resolution, so the quantization toggle is turned off.
 */
const DAWN_FLAGS = [
  'disable-dawn-features=timestamp_quantization',
  // Experiments only (docs/performance.md): more Dawn flags, space-separated.
  ...(process.env.OPT_DAWN_FLAGS?.split(' ').filter(Boolean) ?? []),
];

export const DAWN_NOISE_PATTERNS: readonly RegExp[] = [
  /^Warning: maxDynamicUniformBuffersPerPipelineLayout artificially reduced from \d+ to \d+ to fit dynamic offset allocation limit\.$/,
  /^Warning: maxDynamicStorageBuffersPerPipelineLayout artificially reduced from \d+ to \d+ to fit dynamic offset allocation limit\.$/,
];

export function isDawnNoiseLine(line: string): boolean {
  const bare = line.replace(/\r?\n$/, '').replace(/\r$/, '');
  return DAWN_NOISE_PATTERNS.some((re) => re.test(bare));
}

/** Removes Dawn's harmless start-up lines from captured output (e.g. a child process's stderr). */
export function filterDawnNoise(text: string): string {
  if (!text.includes('artificially reduced')) return text;
  const parts = text.split(/(?<=\n)/);
  return parts.filter((line) => !isDawnNoiseLine(line)).join('');
}

/** A line-buffered stream that drops Dawn's start-up lines: `child.stderr.pipe(createDawnNoiseFilter()).pipe(process.stderr)`. */
export function createDawnNoiseFilter(): Transform {
  let pending = '';
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback) {
      pending += chunk.toString();
      const cut = pending.lastIndexOf('\n');
      if (cut < 0) return done();
      const complete = pending.slice(0, cut + 1);
      pending = pending.slice(cut + 1);
      done(null, filterDawnNoise(complete));
    },
    flush(done: TransformCallback) {
      const rest = pending;
      pending = '';
      done(null, isDawnNoiseLine(rest) ? '' : rest);
    },
  });
}

// ---------------------------------------------------------------------------------------------

let webgpuModule: WebGpu | null = null;
let cached: Promise<GpuContext | null> | null = null;
let cachedContext: GpuContext | null = null;
let unavailableReason: string | null = null;

/** Why the last openGpu() returned null (for the CPU-fallback message); null if it did not. */
export function gpuUnavailableReason(): string | null {
  return unavailableReason;
}

/**
 * Mesa's Vulkan drivers want XDG_RUNTIME_DIR (scripts/env.sh sets it for shells); set it here too
 * when missing, to a private directory under the temp dir, before Dawn is loaded.
 */
function ensureRuntimeDir(): void {
  if (process.env.XDG_RUNTIME_DIR) return;
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  const dir = join(tmpdir(), `xdg-runtime-${uid}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    process.env.XDG_RUNTIME_DIR = dir;
  } catch {
    // Not fatal: Dawn works without it, Mesa only warns.
  }
}

async function loadWebGpu(): Promise<WebGpu> {
  if (webgpuModule) return webgpuModule;
  ensureRuntimeDir();
  // Imported lazily: if dawn.node cannot be loaded (other platform, missing system libraries),
  // importing this module must still work so that the CPU backend can run.
  const mod = (await import('webgpu')) as WebGpu;
  // GPUBufferUsage, GPUMapMode, GPUShaderStage, ... as globals, once per process.
  Object.assign(globalThis, mod.globals);
  webgpuModule = mod;
  return mod;
}

const LIST_SENTINEL = 'opt: list adapters (no adapter has this name)';

/** Parses dawn.node's "Available adapters:" list (see the module comment). */
export function parseAdapterList(message: string): AdapterListing[] {
  const out: AdapterListing[] = [];
  for (const line of message.split('\n')) {
    const [, backend, name] =
      /^\s*\*\s*backend:\s*'([^']*)',\s*name:\s*'(.*)'\s*$/.exec(line) ?? [];
    if (backend !== undefined && name !== undefined) out.push({ backend, name });
  }
  return out;
}

/**
 * The adapters Dawn can open (of the default backend, or DAWNNODE_BACKEND's), in
 * powerPreference order. Creates a throw-away Dawn instance; Dawn prints its start-up lines again.
 */
export async function listAdapters(
  powerPreference: GPUPowerPreference = 'high-performance',
): Promise<AdapterListing[]> {
  const { create } = await loadWebGpu();
  const gpu = create([`adapter=${LIST_SENTINEL}`, ...DAWN_FLAGS]);
  try {
    const adapter = await gpu.requestAdapter({ powerPreference });
    // Only reachable if some adapter's name contained the sentinel, or if there is none at all.
    return adapter ? [{ backend: 'unknown', name: describeInfo(readInfo(adapter, '')) }] : [];
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (!message.includes('Available adapters')) throw err;
    return parseAdapterList(message);
  }
}

function readInfo(adapter: GPUAdapter, name: string): GpuAdapterInfo {
  const info = adapter.info;
  return {
    name,
    vendor: info?.vendor ?? '',
    architecture: info?.architecture ?? '',
    device: info?.device ?? '',
    description: info?.description ?? '',
  };
}

function describeInfo(info: GpuAdapterInfo): string {
  const native = info.name.trim();
  const description = info.description.trim();
  if (native)
    return description && !description.includes(native) ? `${native} [${description}]` : native;
  const name =
    info.description.trim() ||
    info.device.trim() ||
    [info.vendor.trim(), info.architecture.trim()].filter((s) => s.length > 0).join('/');
  return name || 'unknown adapter';
}

function looksSoftware(adapter: GPUAdapter, info: GpuAdapterInfo): boolean {
  const fallback = (adapter.info as { isFallbackAdapter?: boolean } | undefined)?.isFallbackAdapter;
  if (fallback === true) return true;
  if (info.architecture.toLowerCase() === 'software') return true;
  const text = `${info.vendor} ${info.architecture} ${info.device} ${info.description}`;
  return /llvmpipe|lavapipe|swiftshader|softpipe/i.test(text);
}

interface Picked {
  gpu: GPU;
  adapter: GPUAdapter;
  /** The adapter list, when it was fetched to pick the adapter. */
  listed?: AdapterListing[];
}

/**
 * The listed native name of the adapter with this info: GPUAdapterInfo.device is the native
 * name lower-cased with each run of other characters than letters and digits turned into '-'.
 */
function nativeNameFor(info: { device: string }, listed: readonly AdapterListing[]): string {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const device = norm(info.device);
  const match = listed.find((e) => norm(e.name) === device);
  if (match) return match.name;
  const [only] = listed;
  return listed.length === 1 && only && !info.device ? only.name : '';
}

async function openByNativeName(
  create: WebGpu['create'],
  name: string,
  powerPreference: GPUPowerPreference,
): Promise<Picked | null> {
  const gpu = create([`adapter=${name}`, ...DAWN_FLAGS]);
  try {
    const adapter = await gpu.requestAdapter({ powerPreference });
    return adapter ? { gpu, adapter } : null;
  } catch {
    return null;
  }
}

async function pickNamedAdapter(
  create: WebGpu['create'],
  wanted: string,
  powerPreference: GPUPowerPreference,
): Promise<Picked | null> {
  const needle = wanted.trim().toLowerCase();
  const listed = await listAdapters(powerPreference);
  if (listed.length === 0) return null;
  for (const entry of listed) {
    if (entry.name.toLowerCase().includes(needle)) {
      const picked = await openByNativeName(create, entry.name, powerPreference);
      if (picked) return { ...picked, listed };
    }
  }
  for (const entry of listed) {
    const picked = await openByNativeName(create, entry.name, powerPreference);
    if (!picked) continue;
    const info = readInfo(picked.adapter, entry.name);
    const fields = [info.vendor, info.architecture, info.device, info.description];
    if (fields.some((f) => f.toLowerCase().includes(needle))) return { ...picked, listed };
  }
  const names = listed.map((e) => `'${e.name}' (${e.backend})`).join(', ');
  throw new GpuError(`no WebGPU adapter matches "${wanted}"; available adapters: ${names}`);
}

const LIMIT_NAMES = [
  'maxStorageBufferBindingSize',
  'maxBufferSize',
  'maxComputeWorkgroupStorageSize',
  'maxComputeInvocationsPerWorkgroup',
  'maxComputeWorkgroupsPerDimension',
  'maxStorageBuffersPerShaderStage',
] as const satisfies readonly (keyof GpuLimits)[];

async function openUncached(options: OpenGpuOptions): Promise<GpuContext | null> {
  unavailableReason = null;
  let webgpu: WebGpu;
  try {
    webgpu = await loadWebGpu();
  } catch (err) {
    unavailableReason = `the WebGPU module (dawn.node) could not be loaded: ${errorText(err)}`;
    return null;
  }
  const powerPreference = options.powerPreference ?? 'high-performance';

  let picked: Picked | null;
  if (options.adapter !== undefined && options.adapter.trim() !== '') {
    picked = await pickNamedAdapter(webgpu.create, options.adapter, powerPreference);
  } else {
    const gpu = webgpu.create([...DAWN_FLAGS]);
    try {
      const adapter = await gpu.requestAdapter({ powerPreference });
      picked = adapter ? { gpu, adapter } : null;
    } catch (err) {
      unavailableReason = `requesting a WebGPU adapter failed: ${errorText(err)}`;
      return null;
    }
  }
  if (!picked) {
    unavailableReason =
      'no WebGPU adapter found (no Vulkan driver? scripts/ensure-lavapipe.sh installs lavapipe)';
    return null;
  }

  const { adapter } = picked;
  let gpuRef: GPU | null = picked.gpu; // keeps the Dawn instance alive as long as the context
  // GPUAdapterInfo lacks the native name ('NVIDIA H200'; the description is the driver's): take it
  // from the adapter list (one more, short-lived Dawn instance).
  let listed = picked.listed;
  if (!listed) {
    try {
      listed = await listAdapters(powerPreference);
    } catch {
      listed = [];
    }
  }
  const info = readInfo(adapter, nativeNameFor(adapter.info ?? { device: '' }, listed));
  const requiredLimits: Record<string, number> = {};
  for (const name of LIMIT_NAMES) requiredLimits[name] = adapter.limits[name];
  const requiredFeatures: GPUFeatureName[] = [];
  const wantTimestamps = adapter.features.has('timestamp-query');
  const wantSubgroups = adapter.features.has('subgroups');
  if (wantTimestamps) requiredFeatures.push('timestamp-query');
  if (wantSubgroups) requiredFeatures.push('subgroups' as GPUFeatureName);

  let device: GPUDevice;
  try {
    device = await adapter.requestDevice({ label: 'opt', requiredLimits, requiredFeatures });
  } catch (err) {
    unavailableReason = `requesting a WebGPU device on ${describeInfo(info)} failed: ${errorText(err)}`;
    return null;
  }

  const limits = {} as GpuLimits;
  for (const name of LIMIT_NAMES) limits[name] = device.limits[name];

  let lastError: string | null = null;
  let lost = false;
  let destroyedByUs = false;

  device.addEventListener('uncapturederror', (event: Event) => {
    // Without preventDefault dawn.node also printf()s the error to stdout.
    event.preventDefault();
    const error = (event as GPUUncapturedErrorEvent).error;
    const kind =
      error instanceof GPUOutOfMemoryError
        ? 'out of memory'
        : error instanceof GPUValidationError
          ? 'validation error'
          : 'internal error';
    lastError = `GPU ${kind}: ${error.message.trim()}`;
  });

  const isSoftware = looksSoftware(adapter, info);
  // On the CPU the device's work shares the cores with Dawn's polling: poll on timers (dawn-poll.ts).
  const stopPolling = isSoftware ? pollOnTimers() : null;

  const context: GpuContext = {
    device,
    adapterName: describeInfo(info),
    adapterInfo: info,
    limits,
    features: {
      subgroups: wantSubgroups && device.features.has('subgroups'),
      timestampQuery: wantTimestamps && device.features.has('timestamp-query'),
      subgroupMaxSize:
        (adapter.info as { subgroupMaxSize?: number } | undefined)?.subgroupMaxSize ?? 0,
    },
    isSoftware,
    get lastError() {
      return lastError;
    },
    get lost() {
      return lost;
    },
    checkErrors(where?: string) {
      if (lastError === null) return;
      const message = where ? `${where}: ${lastError}` : lastError;
      if (!lost) lastError = null;
      throw new GpuError(message);
    },
    destroy() {
      if (destroyedByUs) return;
      destroyedByUs = true;
      lost = true;
      if (cachedContext === context) {
        cached = null;
        cachedContext = null;
      }
      device.destroy();
      gpuRef = null;
      stopPolling?.();
    },
  };

  void device.lost.then((lostInfo) => {
    lost = true;
    if (!destroyedByUs) {
      lastError = `GPU device lost (${lostInfo.reason}): ${lostInfo.message.trim() || 'no message'}`;
      if (cachedContext === context) {
        cached = null;
        cachedContext = null;
      }
    }
  });

  return context;
}

/**
 * Opens the process's GPU context (cached: later calls return the same promise, whatever their
 * options, until the context is destroyed or its device is lost). Resolves to null when there is no
 * usable adapter (see gpuUnavailableReason() for the message); rejects with a GpuError when
 * `options.adapter` names no available adapter.
 */
let cachedKey: string | null = null;

export function openGpu(options: OpenGpuOptions = {}): Promise<GpuContext | null> {
  // One device per process; asking for a different adapter than the open one opens that one
  // instead (a wrong --adapter must fail, not silently reuse the first device).
  const key = JSON.stringify([options.adapter ?? null, options.powerPreference ?? null]);
  if (cached && cachedKey === key) return cached;
  if (cached && options.adapter === undefined && options.powerPreference === undefined)
    return cached;
  cachedKey = key;
  const promise = openUncached(options).then(
    (ctx) => {
      if (cached === promise) cachedContext = ctx;
      return ctx;
    },
    (err: unknown) => {
      if (cached === promise) cached = null;
      throw err;
    },
  );
  cached = promise;
  return promise;
}

function errorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).trim();
}
