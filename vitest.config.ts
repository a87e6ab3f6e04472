import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The long stage (scripts/test-long.sh, vitest.long.config.ts).
    exclude: ['test/long/**', 'node_modules/**'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // GPU tests share one Dawn device per worker; lavapipe already uses every core.
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
