// `opt`: check, compile, eval, bench. Errors are printed as diagnostics (source errors) or as one
// line naming the flag or file (usage and data errors); never a stack trace (unless OPT_DEBUG=1).

import { existsSync } from 'node:fs';
import { compileProblem, parseAll, type CompiledProblem } from '../api.js';
import { Elaborator } from '../ir/elaborate.js';
import { OptError, formatDiagnostic, type Diagnostic } from '../parser/diagnostics.js';
import { printProgram } from '../ir/print.js';
import { PASS_NAMES } from '../ir/pipeline.js';
import { emitJs } from '../codegen/js.js';
import { generateWgsl } from '../codegen/wgsl.js';
import { setDataRoot } from '../ir/datafiles.js';
import { CliError, parseArgs, type FlagSpec } from './args.js';
import { readPoints } from './points.js';
import { GpuError, openGpu } from '../runtime/device.js';
import { GpuEvaluator } from '../runtime/gpu-eval.js';
import { runBench } from './bench.js';
import { RUN_USAGE, runCommand } from './run.js';

const USAGE = `usage:
  opt check FILE...                         diagnostics only; exit 1 on errors
  opt compile FILE|NAME --dim D [--emit wgsl|ir|js] [--dump-ir after:PASS] [--population N]
  opt eval NAME|FILE --dim D --points FILE|- [--backend cpu|gpu] [--adapter NAME]
  ${RUN_USAGE}
  opt bench [--quick] [--adapter NAME] [--json FILE]
common flags: --data DIR (the data root; default $OPT_DATA or ../shared/data), --problem NAME (with a FILE)`;

const common: FlagSpec = { data: { kind: 'string' }, problem: { kind: 'string' } };

function target(
  arg: string | undefined,
  flags: Record<string, unknown>,
): { files: string[]; problem?: string } {
  if (!arg) throw new CliError('name a problem or an .opt file');
  if (arg.endsWith('.opt') || existsSync(arg)) {
    if (!existsSync(arg)) throw new CliError(`file not found: ${arg}`);
    return { files: [arg], problem: flags.problem as string | undefined };
  }
  return { files: [], problem: arg };
}

function printDiagnostics(ds: Diagnostic[], texts: Map<string, string>): void {
  for (const d of ds)
    process.stderr.write(formatDiagnostic(d, texts.get(d.loc?.file ?? '')) + '\n');
  const n = ds.length;
  process.stderr.write(`${n} error${n === 1 ? '' : 's'}\n`);
}

function check(argv: string[]): number {
  const { positional, flags } = parseArgs(argv, { ...common });
  if (flags.data) setDataRoot(flags.data as string);
  if (!positional.length) throw new CliError('opt check: name one or more .opt files');
  for (const f of positional) if (!existsSync(f)) throw new CliError(`file not found: ${f}`);
  const parsed = parseAll({ files: positional });
  const diags = [...parsed.diagnostics];
  if (!diags.length) {
    // Elaborate every problem of the user's files at two dimensions (shapes depend on D).
    const elab = new Elaborator(parsed.sources);
    diags.push(...elab.diagnostics);
    for (const file of parsed.userFiles) {
      for (const d of file.decls)
        if (d.kind === 'problem') for (const dim of [2, 10]) elab.lower(d.name, dim);
    }
    for (const d of elab.diagnostics) if (!diags.includes(d)) diags.push(d);
  }
  if (diags.length) {
    printDiagnostics(diags, parsed.texts);
    return 1;
  }
  const count = parsed.userFiles.reduce(
    (n, f) => n + f.decls.filter((d) => d.kind === 'problem').length,
    0,
  );
  process.stdout.write(
    `${positional.join(', ')}: ${count} problem${count === 1 ? '' : 's'}, no errors\n`,
  );
  return 0;
}

function compile(argv: string[]): number {
  const { positional, flags } = parseArgs(argv, {
    ...common,
    dim: { kind: 'int', min: 1, max: 2 ** 31 - 1 },
    emit: { kind: 'string', choices: ['wgsl', 'ir', 'js'] },
    'dump-ir': { kind: 'string' },
    population: { kind: 'int', min: 1, max: 2 ** 31 - 1 },
  });
  if (flags.data) setDataRoot(flags.data as string);
  if (flags.dim === undefined) throw new CliError('--dim is required (a positive integer)');
  const t = target(positional[0], flags);
  let until: string | undefined;
  if (flags['dump-ir'] !== undefined) {
    const m = /^after:(\w+)$/.exec(flags['dump-ir'] as string);
    if (!m || !PASS_NAMES.includes(m[1]!))
      throw new CliError(
        `--dump-ir: expected after:PASS with PASS one of ${PASS_NAMES.join(', ')}`,
      );
    until = m[1];
  }
  const p = compileProblem({
    ...t,
    dim: flags.dim as number,
    until,
    schedule: flags.population ? { population: flags.population as number } : undefined,
  });
  if (until) {
    process.stdout.write(printProgram(p.ir) + '\n');
    return 0;
  }
  const emit = (flags.emit as string) ?? 'wgsl';
  if (emit === 'ir') process.stdout.write(printProgram(p.ir) + '\n');
  else if (emit === 'js') process.stdout.write(emitJs(p.ir) + '\n');
  else {
    const plan = generateWgsl(p.ir);
    const s = p.ir.schedule!;
    const regime =
      s.regime.k === 'team'
        ? `team of ${s.regime.team} lanes, ${s.regime.wg / s.regime.team} individuals per workgroup`
        : `split: ${s.regime.groups} workgroups of ${s.regime.chunk} elements per individual`;
    process.stdout.write(
      `// ${p.info.name}, D = ${p.info.dim}: ${plan.kernels.length} kernel${plan.kernels.length === 1 ? '' : 's'} (${regime})\n`,
    );
    for (const k of plan.kernels) process.stdout.write(`// ---- kernel ${k.name}\n${k.code}\n`);
  }
  return 0;
}

async function evaluate(argv: string[]): Promise<number> {
  const { positional, flags } = parseArgs(argv, {
    ...common,
    dim: { kind: 'int', min: 1, max: 2 ** 31 - 1 },
    points: { kind: 'string' },
    backend: { kind: 'string', choices: ['cpu', 'gpu'] },
    adapter: { kind: 'string' },
  });
  if (flags.data) setDataRoot(flags.data as string);
  if (flags.dim === undefined) throw new CliError('--dim is required (a positive integer)');
  if (flags.points === undefined)
    throw new CliError('--points FILE is required (one point per line, or a JSON array of arrays)');
  const dim = flags.dim as number;
  const t = target(positional[0], flags);
  const points = readPoints(flags.points as string, dim);
  let backend = (flags.backend as string) ?? 'cpu';
  const p: CompiledProblem = compileProblem({
    ...t,
    dim,
    schedule: { population: Math.max(1, points.length) },
  });
  let values: ArrayLike<number>;
  if (backend === 'gpu') {
    const gpu = await openGpu({ adapter: flags.adapter as string | undefined });
    if (!gpu) {
      process.stderr.write(
        'opt: no WebGPU adapter is available (install a Vulkan driver, or lavapipe: scripts/ensure-lavapipe.sh); evaluating on the CPU backend\n',
      );
      backend = 'cpu';
    } else {
      const ev = new GpuEvaluator(gpu, p, Math.max(1, points.length));
      await ev.ready();
      const x = new Float32Array(points.length * dim);
      points.forEach((pt, k) => x.set(pt, k * dim));
      values = await ev.evaluate(x, points.length);
      ev.destroy();
    }
  }
  if (backend === 'cpu') values = p.evaluateCpu(points);
  const out: string[] = [];
  for (let k = 0; k < values!.length; k++) out.push(formatValue(values![k]!));
  process.stdout.write(out.join('\n') + (out.length ? '\n' : ''));
  return 0;
}

/** 17 significant digits: enough to round-trip a float64. */
export function formatValue(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  return v.toPrecision(17);
}

export async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  try {
    switch (cmd) {
      case 'check':
        return check(rest);
      case 'compile':
        return compile(rest);
      case 'eval':
        return await evaluate(rest);
      case 'bench':
        return await runBench(rest);
      case 'run':
        return await runCommand(rest);
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        process.stdout.write(USAGE + '\n');
        return cmd === undefined ? 2 : 0;
      default:
        throw new CliError(`unknown command '${cmd}'\n${USAGE}`);
    }
  } catch (e) {
    if (e instanceof OptError) {
      printDiagnostics(e.diagnostics, e.sources);
      return 1;
    }
    if (e instanceof GpuError) {
      // No adapter of the requested name, a lost device, a validation error: the GPU's own words.
      process.stderr.write(`opt: GPU: ${e.message}\n`);
      return 4;
    }
    if (e instanceof CliError || e instanceof RangeError) {
      process.stderr.write(`opt: ${e.message}\n`);
      return 2;
    }
    if (process.env.OPT_DEBUG) throw e;
    process.stderr.write(
      `opt: ${(e as Error).message ?? String(e)}\n(internal error; OPT_DEBUG=1 shows the stack)\n`,
    );
    return 3;
  }
}

// Run when executed directly (bin/opt.js spawns this file).
if (
  process.argv[1] &&
  import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop()!)
) {
  // Exit once stdout and stderr are flushed: a pipe (bin/opt.js, a redirect) may still hold a long
  // --json line when main returns.
  const exit = (code: number) =>
    process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
  main(process.argv.slice(2)).then(
    (code) => exit(code),
    (e) => {
      process.stderr.write(`opt: ${String(e)}\n`);
      process.exit(3);
    },
  );
}
