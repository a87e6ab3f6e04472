// `opt experiment merge --out OUT SHARD_DIR...`: the flags read, the shards' databases merged
// (src/experiment/merge.ts: checked, then written into OUT/results.sqlite), and what was merged
// said. Also the last step of `--gpus` (src/cli/experiment-gpus.ts).

import { mergeShards } from '../api/experiment.js';
import { CliError, parseCommand } from './args.js';
import { COMMANDS, EXIT } from './flags.js';

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** `opt experiment merge --out OUT SHARD_DIR...` (src/experiment/merge.ts). */
export function mergeCommand(argv: string[]): number {
  const { positional, flags } = parseCommand(COMMANDS['experiment merge'], argv);
  if (!positional.length)
    throw new CliError(
      "opt experiment merge: name the shards' folders (each the --out of opt experiment FILE --shard K/N)",
    );
  const m = mergeShards({ out: flags.out, dirs: positional, partial: flags.partial });
  if (m.missing)
    process.stderr.write(
      `opt: --partial: ${plural(m.missing, 'run')} of the ${m.total} missing (${m.missingText.join('; ')}); opt experiment FILE --out ${flags.out} runs them\n`,
    );
  process.stdout.write(
    `experiment ${m.name}: ${plural(m.shards, 'shard')} of ${m.n}, ${m.total - m.missing} of ${plural(m.total, 'run')} merged into ${m.target}\n`,
  );
  return EXIT.DONE;
}
