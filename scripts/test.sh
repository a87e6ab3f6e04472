#!/usr/bin/env bash
# The test command: installs what is missing (scripts/setup.sh), type-checks, runs all tests.
# Extra arguments go to vitest (e.g. a test file). Exits with vitest's status.
# OPT_SKIP_GPU_SETUP=1 skips the Vulkan driver check/installation, OPT_SKIP_BROWSER_SETUP=1 the
# Chromium one (scripts/ensure-chromium.sh), OPT_SKIP_R_SETUP=1 the R one (scripts/ensure-r.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/setup.sh
. scripts/env.sh

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
