// One worker a GPU (`opt experiment --gpus`, src/cli/experiment-gpus.ts): the GPUs read from the
// PCI bus, each worker's device-select tag, the layer looked for where the Vulkan loader looks,
// and the workers themselves: real `opt experiment --shard K/N` processes whose shards merge into
// the database one process writes. The tests share this machine's one adapter (the workers get no
// device-select variables here); that the variables give each worker its own GPU was measured on
// two H200s (docs/experiments.md, "One worker per GPU").

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { RESULTS_FILE } from '../src/experiment/database.js';
import {
  chooseGpus,
  deviceSelectLayer,
  gpuEnv,
  listPciGpus,
  pciTag,
  runWorkers,
} from '../src/cli/experiment-gpus.js';
import { contents } from './results.js';
import { captureStdio, err } from './stdio.js';

const SMALL = `experiment small {
  algorithms = [de, jde(NP: 20)]
  problems = [sphere, rastrigin]
  dims = [4]
  runs = 3
  budget = evals(500 * D)
  record = [0.5, 1.0]
  seed = 11
}
`;

/** A sysfs PCI folder with these devices (address: class, vendor). */
function fakeSysfs(devices: Record<string, [string, string]>): string {
  const root = mkdtempSync(join(tmpdir(), 'opt-sysfs-'));
  for (const [address, [cls, vendor]] of Object.entries(devices)) {
    mkdirSync(join(root, address));
    writeFileSync(join(root, address, 'class'), `${cls}\n`);
    writeFileSync(join(root, address, 'vendor'), `${vendor}\n`);
  }
  return root;
}

describe('the GPUs of this machine', () => {
  it('are the PCI display controllers, in address order, each with its device-select tag', () => {
    const sysfs = fakeSysfs({
      '0000:00:07.0': ['0x030200', '0x10de'], // 3D controller (an H100/H200)
      '0000:00:06.0': ['0x030200', '0x10de'],
      '0000:00:02.0': ['0x030000', '0x8086'], // VGA
      '0000:00:1f.2': ['0x010601', '0x8086'], // SATA: not a GPU
    });
    const gpus = listPciGpus(sysfs);
    expect(gpus.map((g) => g.address)).toEqual(['0000:00:02.0', '0000:00:06.0', '0000:00:07.0']);
    expect(gpus[1]).toEqual({ address: '0000:00:06.0', tag: 'pci-0000_00_06_0', vendor: '0x10de' });
    expect(gpuEnv(gpus[2]!)).toEqual({
      DRI_PRIME: 'pci-0000_00_07_0',
      MESA_VK_DEVICE_SELECT_FORCE_DEFAULT_DEVICE: '1',
    });
    expect(pciTag('0001:3B:00.1')).toBe('pci-0001_3b_00_1');
    expect(listPciGpus(join(sysfs, 'missing'))).toEqual([]);
  });

  it('--gpus takes all or a count up to the GPUs there are', () => {
    const gpus = listPciGpus(fakeSysfs({ '0000:00:06.0': ['0x030200', '0x10de'] }));
    expect(chooseGpus('all', gpus)).toHaveLength(1);
    expect(chooseGpus('1', gpus)).toHaveLength(1);
    expect(() => chooseGpus('2', gpus)).toThrow(
      '--gpus 2: this machine has 1 GPU on its PCI bus (0000:00:06.0)',
    );
    expect(() => chooseGpus('two', gpus)).toThrow(
      "--gpus: expected all or a number of GPUs (1 or more), got 'two'",
    );
  });

  it("finds the device-select layer's manifest where the Vulkan loader looks for it", () => {
    const data = mkdtempSync(join(tmpdir(), 'opt-xdg-'));
    const env = { XDG_DATA_HOME: join(data, 'home'), XDG_DATA_DIRS: data };
    expect(deviceSelectLayer(env)).toBeUndefined();
    mkdirSync(join(data, 'vulkan/implicit_layer.d'), { recursive: true });
    const manifest = join(data, 'vulkan/implicit_layer.d/VkLayer_MESA_device_select.json');
    writeFileSync(manifest, '{"layer": {"name": "VK_LAYER_MESA_device_select"}}');
    expect(deviceSelectLayer(env)).toBe(manifest);
  });
});

describe('workers, a shard each', () => {
  captureStdio();
  const dir = mkdtempSync(join(tmpdir(), 'opt-experiment-gpus-'));
  const file = join(dir, 'small.opt');
  writeFileSync(file, SMALL);

  it('merge into the database of one process', async () => {
    const one = join(dir, 'one');
    expect(await main(['experiment', file, '--out', one, '--backend', 'cpu'])).toBe(0);
    const two = join(dir, 'two');
    const workers = [
      { label: 'w1', env: {} },
      { label: 'w2', env: {} },
    ];
    expect(await runWorkers(file, 'small', two, workers, ['--backend', 'cpu'])).toBe(0);
    // Each worker's lines, labelled: 6 runs each.
    expect(err.match(/^\[w1\] \[\d\/6\]/gm)).toHaveLength(6);
    expect(err.match(/^\[w2\] \[\d\/6\]/gm)).toHaveLength(6);
    expect(contents(join(two, RESULTS_FILE))).toEqual(contents(join(one, RESULTS_FILE)));
    // Finished: the same command again says so.
    await expect(runWorkers(file, 'small', two, workers, ['--backend', 'cpu'])).rejects.toThrow(
      /exists already: the workers' shards were merged/,
    );
  });

  it('pass a SIGTERM on to the workers, which keep their finished runs for the next command', async () => {
    const long = join(dir, 'long.opt');
    writeFileSync(long, SMALL.replace('runs = 3', 'runs = 30').replace('small', 'long'));
    const out = join(dir, 'killed');
    const { spawn, spawnSync } = await import('node:child_process');
    const script = `import { runWorkers } from ${JSON.stringify(resolve('dist/cli/experiment-gpus.js'))};
process.exitCode = await runWorkers(${JSON.stringify(long)}, 'long', ${JSON.stringify(out)},
  [{ label: 'w1', env: {} }, { label: 'w2', env: {} }], ['--backend', 'cpu']);`;
    const parent = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let progress = '';
    await new Promise<void>((go) =>
      parent.stderr!.on('data', (d: Buffer) => {
        progress += d.toString();
        if (/^\[w1\] \[\d+\/60\]/m.test(progress) && /^\[w2\] \[\d+\/60\]/m.test(progress)) go();
      }),
    );
    parent.kill('SIGTERM');
    const code = await new Promise<number | null>((done) => parent.on('close', done));
    expect(code).toBe(130);
    expect(progress).toMatch(/the finished runs are in .*gpu-\*, the same command runs the rest/);
    // No worker goes on unwatched: each stopped after its run in progress.
    expect(spawnSync('pgrep', ['-f', join(out, 'gpu-')]).status).toBe(1);
    const done = [1, 2].reduce(
      (n, k) => n + contents(join(out, `gpu-${k}`, RESULTS_FILE)).run!.length,
      0,
    );
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(60);
    // The same command finishes the shards and merges: as one process writes it.
    const workers = [
      { label: 'w1', env: {} },
      { label: 'w2', env: {} },
    ];
    expect(await runWorkers(long, 'long', out, workers, ['--backend', 'cpu'])).toBe(0);
    const one = join(dir, 'long-one');
    expect(await main(['experiment', long, '--out', one, '--backend', 'cpu'])).toBe(0);
    expect(contents(join(out, RESULTS_FILE))).toEqual(contents(join(one, RESULTS_FILE)));
  });

  it('--gpus refuses the CPU backend, --shard, --slurm and more GPUs than there are', async () => {
    const out = join(dir, 'bad');
    const run = (...a: string[]) => main(['experiment', file, '--out', out, ...a]);
    expect(await run('--gpus', 'all', '--backend', 'cpu')).toBe(2);
    expect(err).toMatch(/--gpus: runs on the GPUs \(not with --backend cpu\)/);
    expect(await run('--gpus', 'all', '--shard', '1/2')).toBe(2);
    expect(err).toMatch(/--gpus and --shard: --gpus runs a shard a GPU of this machine itself/);
    const n = listPciGpus().length;
    expect(await run('--gpus', String(n + 1))).toBe(2);
    expect(err).toMatch(new RegExp(`--gpus ${n + 1}: this machine has ${n} GPU`));
  });
});
