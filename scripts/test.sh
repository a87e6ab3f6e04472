#!/usr/bin/env bash
# The test command: installs what is missing (scripts/setup.sh), type-checks, runs all tests.
# Extra arguments go to vitest (e.g. a test file). Exits with vitest's status.
# OPT_SKIP_GPU_SETUP=1 skips the Vulkan driver check/installation.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/setup.sh
. scripts/env.sh

echo "== type check and build (tsc; the CLI tests run the built bin/opt.js)"
npm run --silent build
npx tsc -p tsconfig.test.json   # the tests type-check too (vitest itself only strips types)

echo "== formatting (prettier --check)"
npm run --silent format:check

echo "== tests (vitest)"
# Dawn's two harmless start-up lines are dropped from stderr; everything else passes through.
status=0
opt_run_filtered npx vitest run "$@" || status=$?
exit "$status"
