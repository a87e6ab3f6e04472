// `opt`: check, compile, eval, bench, run. Errors are printed as diagnostics (source errors) or as
// one line naming the flag or file (usage and data errors); never a stack trace (unless
// OPT_DEBUG=1). Each command's module (and the compiler behind it) is loaded when the command
// runs: `opt --help` reads the flag tables alone.

import { basename } from 'node:path';
import {
  CliError,
  HelpShown,
  parseCommand,
  commandHelp,
  flagUsage,
  usageLines,
  type CommandDef,
} from './args.js';
import { ExperimentError } from '../api/names.js';
import { COMMANDS, COMMON_FLAGS, EXIT } from './flags.js';

const COMMAND_DEFS = new Map<string, CommandDef>(Object.entries(COMMANDS));

/** `opt --help`: every command's usage lines, from the flag tables. */
function usage(): string {
  const lines = [...COMMAND_DEFS.values()].flatMap((def) =>
    usageLines(def).map((l, k) => {
      const note = def.usage[k]?.note;
      return `  ${l}${note ? `   ${note}` : ''}`;
    }),
  );
  const common = Object.entries(COMMON_FLAGS)
    .map(([name, f]) => `${flagUsage(name, f)} (${f.help})`)
    .join(', ');
  return `usage:\n${lines.join('\n')}\ncommon flags: ${common}\n'opt COMMAND --help' (or 'opt help COMMAND') lists a command's flags.`;
}

export async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  const USAGE = usage();
  try {
    // A test-only hook (test/cli.test.ts, the exit codes): an internal error is a bug, and none is
    // known to reach the handler below, which the hook makes testable.
    if (process.env.OPT_TEST_INTERNAL_ERROR)
      throw new Error(`OPT_TEST_INTERNAL_ERROR=${process.env.OPT_TEST_INTERNAL_ERROR}`);
    switch (cmd) {
      case 'check':
        return (await import('./commands.js')).check(rest);
      case 'compile':
        return (await import('./commands.js')).compile(rest);
      case 'eval':
        return await (await import('./commands.js')).evaluate(rest);
      case 'bench':
        return await (await import('./bench.js')).runBench(rest);
      case 'run':
        return await (await import('./run.js')).runCommand(rest);
      case 'report':
        return await (await import('./report.js')).reportCommand(rest);
      case 'experiment':
        return await (await import('./experiment.js')).experimentCommand(rest);
      case 'fmt':
        return await (await import('./fmt.js')).fmtCommand(rest);
      case 'lsp': {
        parseCommand(COMMANDS.lsp, rest);
        // The server exits when the editor ends the session (the protocol's exit notification).
        (await import('../lsp/server.js')).startServer();
        return await new Promise<number>(() => {});
      }
      case undefined:
      case '--help':
      case '-h':
      case 'help': {
        // `opt help COMMAND` is `opt COMMAND --help` (`opt help experiment merge` too).
        const def = COMMAND_DEFS.get(rest.slice(0, 2).join(' ')) ?? COMMAND_DEFS.get(rest[0] ?? '');
        process.stdout.write(def ? commandHelp(def) : USAGE + '\n');
        return cmd === undefined ? 2 : 0;
      }
      default:
        throw new CliError(`unknown command '${cmd}'\n${USAGE}`);
    }
  } catch (e) {
    if (e instanceof HelpShown) return 0;
    if (e instanceof CliError || e instanceof ExperimentError || e instanceof RangeError) {
      process.stderr.write(`opt: ${e.message}\n`);
      return EXIT.USAGE;
    }
    // The compiler's own errors (loaded already where they were thrown).
    const { GpuError, OptError } = await import('../api.js');
    if (e instanceof OptError) {
      (await import('./commands.js')).printDiagnostics(e.diagnostics, e.sources);
      return e.diagnostics.some((d) => d.loc) ? EXIT.SOURCE : EXIT.USAGE;
    }
    if (e instanceof GpuError) {
      // No adapter of the requested name, a lost device, a validation error: the GPU's own words.
      process.stderr.write(`opt: GPU: ${e.message}\n`);
      return EXIT.GPU;
    }
    if (process.env.OPT_DEBUG) throw e;
    process.stderr.write(
      `opt: ${e instanceof Error ? e.message : String(e)}\n(internal error; OPT_DEBUG=1 shows the stack)\n`,
    );
    return EXIT.INTERNAL;
  }
}

// Run when executed directly (bin/opt.js spawns this file).
if (process.argv[1] && import.meta.url.endsWith(basename(process.argv[1].replace(/\\/g, '/')))) {
  // Exit once stdout and stderr are flushed: a pipe (bin/opt.js, a redirect) may still hold a long
  // --json line when main returns.
  const exit = (code: number) =>
    process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
  main(process.argv.slice(2)).then(
    (code) => exit(code),
    // OPT_DEBUG=1: main rethrows what it would call an internal error, shown with its stack.
    (e) => {
      process.stderr.write(`opt: ${e instanceof Error && e.stack ? e.stack : String(e)}\n`);
      process.exit(EXIT.INTERNAL);
    },
  );
}
