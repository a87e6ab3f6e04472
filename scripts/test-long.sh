#!/usr/bin/env bash
# The long stage of .ci/run, after the README's test command (scripts/test.sh, which installs and
# builds): validations too slow for the test command's 10 minutes (test/long: the float32 check of
# every standard problem at D = 100 and 1,000 and of seed 001's functions at D = 1,000,000; tiled
# rotations in algorithm steps; the VS Code extension packaged into a .vsix, whose packages
# scripts/ensure-vscode-ext.sh installs).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/env.sh
bash scripts/ensure-vscode-ext.sh
echo "== long stage (vitest, test/long)"
opt_run_filtered npx vitest run --config vitest.long.config.ts "$@"
