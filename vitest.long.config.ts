import { defineConfig } from 'vitest/config';
import { STAGED_FILES } from './test/staged-files.js';

// The long stage of .ci/run (scripts/test-long.sh): validations too slow for the README's test
// command (test/long), and the long-stage cases of the files that split theirs (test/stage.ts,
// test/staged-files.ts), with the main configuration's pool and timeouts.
export default defineConfig({
  test: {
    include: ['test/long/**/*.test.ts', ...STAGED_FILES],
    env: { OPT_TEST_STAGE: 'long' },
    testTimeout: 600_000,
    hookTimeout: 120_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
