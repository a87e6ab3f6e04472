#!/usr/bin/env bash
# The VS Code extension's own packages (editors/vscode: its language client, and the official
# packaging tool @vscode/vsce that the long stage's packaging test runs): `npm ci` there when
# they are missing or were installed from another lock file. Quiet when nothing to do.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ext=$root/editors/vscode
stamp=$ext/node_modules/.opt-package-lock.sha256
sum=$(sha256sum "$ext/package-lock.json" | cut -d' ' -f1)
bash "$root/scripts/check-lock.sh" "$ext"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$sum" ]; then
  echo "setup: installing the VS Code extension's packages (npm ci in editors/vscode)" >&2
  log=$(mktemp "${TMPDIR:-/tmp}/opt-npm-ci.XXXXXX.log")
  if ! (cd "$ext" && npm ci --no-audit --no-fund --loglevel=error) >"$log" 2>&1; then
    head -n 20 "$log" >&2
    echo "setup: error: npm ci in editors/vscode failed (full log: $log)" >&2
    exit 1
  fi
  rm -f "$log"
  echo "$sum" >"$stamp"
fi
