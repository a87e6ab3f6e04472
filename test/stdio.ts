// What the CLI writes, captured for the tests that call src/cli/main.ts in-process: `out` and `err`
// (live bindings: an importer reads the current text) hold stdout and stderr since the test began
// or since clearOut() / clearErr(). captureStdio() installs the hooks for the tests of the file (or
// the describe block) that calls it.

import { afterEach, beforeEach } from 'vitest';

export let out = '';
export let err = '';
export const clearOut = () => {
  out = '';
};
export const clearErr = () => {
  err = '';
};

export function captureStdio(): void {
  const realOut = process.stdout.write.bind(process.stdout);
  const realErr = process.stderr.write.bind(process.stderr);
  beforeEach(() => {
    out = '';
    err = '';
    process.stdout.write = ((s: string) => ((out += s), true)) as typeof process.stdout.write;
    process.stderr.write = ((s: string) => ((err += s), true)) as typeof process.stderr.write;
  });
  afterEach(() => {
    process.stdout.write = realOut;
    process.stderr.write = realErr;
  });
}
