// The test files that split their cases between the README's test command and the long stage
// (test/stage.ts says how). vitest.long.config.ts runs them with OPT_TEST_STAGE=long beside
// test/long; test/tooling.test.ts checks that this list is the files importing test/stage.ts.
export const STAGED_FILES = [
  'test/algo/ma_sw_chains.test.ts',
  'test/api-package.test.ts',
  'test/format/format.test.ts',
  'test/gpu/algorithms.gpu.test.ts',
  'test/gpu/batch.gpu.test.ts',
  'test/gpu/canonical.gpu.test.ts',
  'test/gpu/cec2010.gpu.test.ts',
  'test/gpu/cec2014.gpu.test.ts',
  'test/gpu/checkpoint.gpu.test.ts',
  'test/gpu/fuzz.gpu.test.ts',
  'test/gpu/problems.gpu.test.ts',
  'test/gpu/regimes.gpu.test.ts',
  'test/gpu/sep_cmaes.gpu.test.ts',
  'test/gpu/split_scan.gpu.test.ts',
  'test/gpu/tiled.gpu.test.ts',
  'test/gpu/twofloat.gpu.test.ts',
  'test/ir/evaluate.test.ts',
  'test/ir/roundtrip.test.ts',
  'test/long-expr.test.ts',
];
