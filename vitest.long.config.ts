import { defineConfig } from 'vitest/config';

// The long stage of .ci/run (scripts/test-long.sh): validations too slow for the README's test
// command (test/long), with the main configuration's pool and timeouts.
export default defineConfig({
  test: {
    include: ['test/long/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
