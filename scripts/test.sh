#!/usr/bin/env bash
# The test command: installs what is missing (scripts/setup.sh), type-checks, runs all tests.
# Extra arguments go to vitest (e.g. a test file). Exits with vitest's status.
# OPT_SKIP_GPU_SETUP=1 skips the Vulkan driver check/installation, OPT_SKIP_BROWSER_SETUP=1 the
# Chromium one (scripts/ensure-chromium.sh), OPT_SKIP_R_SETUP=1 the R one (scripts/ensure-r.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/setup.sh
. scripts/env.sh

# lavapipe (the CPU's Vulkan driver, where there is no GPU) spends most of the GPU tests compiling
# shaders with LLVM. 128-bit vectors (4 lanes) instead of its default 256 (8 lanes, AVX2) compile in
# about 0.57 of the time, and the tests hold at either width (they check the GPU against the float64
# backend and across schedules, not against a width). Measured 2026-12-04 on the 2-core machine,
# empty shader cache: three GPU files 28.4-29.6 s at 128 bits, 47.6-53.9 s at 256; vitest 264 s
# and 315 s (docs/performance.md, issue 36 item 5). The long stage
# (scripts/test-long.sh) keeps lavapipe's default width, so .ci/run runs the kernels at both
# widths. Mesa's shader cache does not key on the width: the 128-bit shaders get a cache folder of
# their own, never shared with a 256-bit run. A width set by the caller is left as it is.
if [ -z "${LP_NATIVE_VECTOR_WIDTH:-}" ]; then
  export LP_NATIVE_VECTOR_WIDTH=128
  MESA_SHADER_CACHE_DIR="${MESA_SHADER_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}}/opt-test-lavapipe-128"
  export MESA_SHADER_CACHE_DIR
  mkdir -p "$MESA_SHADER_CACHE_DIR"
fi

echo "== type check and build (tsc; the CLI tests run the built bin/opt.js)"
npm run --silent build
npx tsc -p tsconfig.test.json   # the tests type-check too (vitest itself only strips types)

echo "== formatting (prettier --check for the TypeScript; opt fmt --check for the .opt files)"
npm run --silent format:check
node bin/opt.js fmt --check stdlib examples experiments docs/bench

echo "== tests (vitest)"
# Dawn's two harmless start-up lines are dropped from stderr; everything else passes through.
status=0
results=$(mktemp "${TMPDIR:-/tmp}/opt-vitest.XXXXXX.json")
opt_run_filtered npx vitest run --reporter=default --reporter=json --outputFile.json="$results" "$@" || status=$?
# The plain closing line CI readers understand: "N passed, N failed, N skipped".
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
' "$results" 2>/dev/null || true
rm -f "$results"
exit "$status"
