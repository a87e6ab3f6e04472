#!/usr/bin/env bash
# Fails when package.json and package-lock.json disagree (issue 13, item 5): `npm ci` would then
# refuse to install, or another tool would resolve versions anew. `npm ci --dry-run` checks the
# two against each other without installing anything (half a second). scripts/setup.sh runs it
# before every test run, so CI fails on a drifted lock file.
#   bash scripts/check-lock.sh [DIR]   (DIR: the folder with package.json; the project's by default)
set -euo pipefail
dir=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
cd "$dir"
log=$(mktemp "${TMPDIR:-/tmp}/opt-lock.XXXXXX.log")
if ! npm ci --dry-run --ignore-scripts --no-audit --no-fund --loglevel=error >"$log" 2>&1; then
  grep -m 5 -i "missing\|invalid\|sync\|error" "$log" >&2 || true
  echo "check-lock: package.json and package-lock.json disagree in $dir: run 'npm install' and commit package-lock.json (full log: $log)" >&2
  exit 1
fi
rm -f "$log"
