// `opt experiment FILE [NAME] --out DIR --gpus all|N`: one worker process a GPU, worker K running
// shard K/N of the design (src/experiment/shard.ts) into DIR/gpu-K on its own GPU, then the
// shards merged into DIR/results.sqlite (src/experiment/merge.ts) as one machine writes it.
//
// Giving Dawn one particular GPU of several identical ones. dawn.node picks an adapter by a
// substring of its name (`adapter=NAME`), and two identical GPUs have the same name (src/runtime/
// device.ts), so the choice is made below Dawn, in the Vulkan loader's list of physical devices:
// Mesa's device-select layer (VK_LAYER_MESA_device_select, an implicit layer shipped in Debian's
// mesa-vulkan-drivers) puts the device named by DRI_PRIME=pci-DOMAIN_BUS_DEV_FUNC first, and with
// MESA_VK_DEVICE_SELECT_FORCE_DEFAULT_DEVICE=1 returns it alone. Each worker is a process of its
// own with those two variables, so its Dawn instance sees one GPU. Tested on two H200s
// (docs/experiments.md, "One worker per GPU"): two processes told different PCI addresses ran at
// once, each GPU busy; without the layer both ran on the first GPU. The GPUs are the PCI display
// controllers (classes 0x0300 and 0x0302) in /sys/bus/pci/devices, in address order.

import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError } from './args.js';
import { RESULTS_FILE } from '../api/experiment.js';
import { mergeCommand } from './experiment-merge.js';

/** A GPU on the PCI bus. */
export interface PciGpu {
  /** The PCI address, as sysfs names it: 0000:18:00.0. */
  address: string;
  /** The device-select layer's tag for it: pci-0000_18_00_0. */
  tag: string;
  /** The vendor's PCI id (0x10de NVIDIA, 0x1002 AMD, 0x8086 Intel). */
  vendor: string;
}

/** The display controllers (VGA 0x0300, 3D 0x0302) under `sysfs`, in address order. */
export function listPciGpus(sysfs = '/sys/bus/pci/devices'): PciGpu[] {
  let names: string[];
  try {
    names = readdirSync(sysfs);
  } catch {
    return []; // no PCI bus to read (not Linux, or a container without sysfs)
  }
  const read = (n: string, f: string) => {
    try {
      return readFileSync(join(sysfs, n, f), 'utf8').trim();
    } catch {
      return '';
    }
  };
  return names
    .filter((n) => /^0x030[02]/.test(read(n, 'class')))
    .sort()
    .map((address) => ({ address, tag: pciTag(address), vendor: read(address, 'vendor') }));
}

/** `0000:18:00.0` as the device-select layer's DRI_PRIME tag, `pci-0000_18_00_0`. */
export function pciTag(address: string): string {
  const m = /^([0-9a-f]{4}):([0-9a-f]{2}):([0-9a-f]{2})\.([0-7])$/i.exec(address);
  if (!m) throw new Error(`internal: not a PCI address: ${address}`);
  return `pci-${m[1]}_${m[2]}_${m[3]}_${m[4]}`.toLowerCase();
}

/** The environment that shows a worker's Vulkan loader this GPU alone (the module's comment). */
export function gpuEnv(gpu: PciGpu): Record<string, string> {
  return { DRI_PRIME: gpu.tag, MESA_VK_DEVICE_SELECT_FORCE_DEFAULT_DEVICE: '1' };
}

/**
 * The device-select layer's manifest, where the Vulkan loader looks for implicit layers (its
 * system folders and the XDG data folders), or undefined.
 */
export function deviceSelectLayer(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const data = [
    env.XDG_DATA_HOME ?? (env.HOME ? join(env.HOME, '.local/share') : undefined),
    ...(env.XDG_DATA_DIRS ?? '/usr/local/share:/usr/share').split(':'),
  ].filter((d): d is string => !!d);
  const dirs = [
    ...(env.VK_ADD_IMPLICIT_LAYER_PATH ?? '').split(':').filter(Boolean),
    '/etc/vulkan/implicit_layer.d',
    ...data.map((d) => join(d, 'vulkan/implicit_layer.d')),
  ];
  for (const d of dirs) {
    let files: string[] = [];
    try {
      files = readdirSync(d).filter((f) => f.endsWith('.json'));
    } catch {
      continue;
    }
    for (const f of files)
      try {
        if (readFileSync(join(d, f), 'utf8').includes('VK_LAYER_MESA_device_select'))
          return join(d, f);
      } catch {
        // an unreadable manifest: not this one
      }
  }
  return undefined;
}

/** The GPUs `--gpus all|N` names: all of them, or the first N. */
export function chooseGpus(flag: string, gpus: PciGpu[]): PciGpu[] {
  if (flag === 'all') return gpus;
  const n = Number(flag);
  if (!/^\d+$/.test(flag) || n < 1)
    throw new CliError(`--gpus: expected all or a number of GPUs (1 or more), got '${flag}'`);
  if (n > gpus.length)
    throw new CliError(
      `--gpus ${n}: this machine has ${gpus.length} GPU${gpus.length === 1 ? '' : 's'} on its PCI bus (${gpus.map((g) => g.address).join(', ') || 'none'})`,
    );
  return gpus.slice(0, n);
}

export interface Worker {
  /** Its label in the progress lines (gpu 1, ...). */
  label: string;
  /** Variables added to its environment (gpuEnv; none in the tests, which share one adapter). */
  env: Record<string, string>;
}

/**
 * Runs worker K of `workers` as `opt experiment FILE NAME --out DIR/gpu-K --shard K/N` (with
 * `args`: the backend, adapter and data flags), their progress lines prefixed with the worker's
 * label; then merges DIR/gpu-1..N into DIR/results.sqlite. Run again after a kill, each worker
 * continues its shard (its finished runs are kept) and the merge follows.
 */
export async function runWorkers(
  file: string,
  name: string,
  out: string,
  workers: Worker[],
  args: string[],
): Promise<number> {
  if (existsSync(join(out, RESULTS_FILE)))
    throw new CliError(
      `${join(out, RESULTS_FILE)}: exists already: the workers' shards were merged (the experiment is finished); give another --out to run it again`,
    );
  // bin/opt.js of this installation: src/cli or dist/cli are two levels below it.
  const opt = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'opt.js');
  const n = workers.length;
  const procs: ReturnType<typeof spawn>[] = [];
  const children = workers.map((w, k) => {
    const child = spawn(
      process.execPath,
      [
        opt,
        'experiment',
        file,
        name,
        '--out',
        join(out, `gpu-${k + 1}`),
        '--shard',
        `${k + 1}/${n}`,
        ...args,
      ],
      { env: { ...process.env, ...w.env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    procs.push(child);
    const prefix = (s: NodeJS.WritableStream) => {
      let rest = '';
      return (d: Buffer) => {
        const lines = (rest + d.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const l of lines) if (l) s.write(`[${w.label}] ${l}\n`);
      };
    };
    child.stdout!.on('data', prefix(process.stdout));
    child.stderr!.on('data', prefix(process.stderr));
    return new Promise<number>((done) => child.on('close', (code) => done(code ?? 1))).then(
      (code) => ({ code, child }),
    );
  });
  // Stopped, each worker keeps its finished runs, and the same command continues. The terminal's
  // Ctrl-C reaches the workers itself (they are in our process group); a SIGTERM (kill, a batch
  // system's time limit) is passed on to them, which would otherwise go on running unwatched.
  let stopped = false;
  const stop = (signal: NodeJS.Signals) => {
    stopped = true;
    if (signal === 'SIGTERM') for (const p of procs) p.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  let codes: number[];
  try {
    codes = (await Promise.all(children)).map((c) => c.code);
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
  const failed = codes.flatMap((c, k) => (c === 0 ? [] : [`${workers[k]!.label} (exit ${c})`]));
  if (stopped || failed.length) {
    process.stderr.write(
      `opt: ${stopped ? 'interrupted' : `worker${failed.length === 1 ? '' : 's'} ${failed.join(', ')} did not finish`}; the finished runs are in ${join(out, 'gpu-*')}, the same command runs the rest and merges\n`,
    );
    return stopped ? 130 : 1;
  }
  return mergeCommand(['--out', out, ...workers.map((_, k) => join(out, `gpu-${k + 1}`))]);
}
