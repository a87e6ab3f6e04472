// The two stages of .ci/run, and which cases of a file each runs.
//
// - The README's test command (scripts/test.sh: `vitest run`, vitest.config.ts) checks every
//   property on its smallest cases: one function of a family, one algorithm of a regime, the
//   cheapest case of a construct. It takes minutes from an empty shader cache (issue 36, item 5).
// - The long stage (scripts/test-long.sh: vitest.long.config.ts, which sets OPT_TEST_STAGE=long)
//   runs test/long and the other cases of the files in STAGED_FILES (test/staged-files.ts).
//
// A file that splits its cases imports this module and is named in STAGED_FILES. A case marked
// through `staged`, `itLong`, `describeLong` or `describeQuick` runs in one stage; the
// file's unmarked tests run in both (the test command's shaders at 128-bit lavapipe vectors, the
// long stage's at the default 256: scripts/test.sh). test/tooling.test.ts checks that the files
// importing this module are the files of the list, so no case is left to a stage that never runs
// it.

import { describe, it } from 'vitest';

/** Whether this is the long stage of .ci/run. */
export const LONG = process.env.OPT_TEST_STAGE === 'long';

/** The cases of `all` this stage runs: those `quick` picks in the test command, the rest in the long stage. */
export function staged<T>(all: readonly T[], quick: (c: T, index: number) => boolean): T[] {
  return all.filter((c, k) => quick(c, k) !== LONG);
}

/** A block the long stage runs whole, none of it in the test command (skipped where `skip`). */
export function describeLong(name: string, body: () => void, skip = false): void {
  if (LONG) describe.skipIf(skip)(name, body);
}

/** A block the test command runs whole, none of it in the long stage (skipped where `skip`). */
export function describeQuick(name: string, body: () => void, skip = false): void {
  if (!LONG) describe.skipIf(skip)(name, body);
}

/** A test the long stage runs, and the test command does not. */
export function itLong(name: string, fn: () => unknown, timeout?: number): void {
  if (LONG) it(name, fn, timeout);
}
