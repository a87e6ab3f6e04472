#!/usr/bin/env bash
# First-use installation shared by scripts/test.sh and scripts/demo.sh; quiet when nothing to do.
#   - package-lock.json must agree with package.json (scripts/check-lock.sh)
#   - node_modules: `npm ci` if it is missing or older than package-lock.json
#   - a Vulkan driver for Dawn (scripts/ensure-lavapipe.sh), unless OPT_SKIP_GPU_SETUP=1
#   - Slurm and munge for the Slurm test (scripts/ensure-slurm.sh), unless OPT_SKIP_SLURM_SETUP=1
#   - Debian's Chromium for the browser test of report.html (scripts/ensure-chromium.sh), unless
#     OPT_SKIP_BROWSER_SETUP=1
#   - R (Debian's r-base-core) for the comparison of the rank tests with R's (scripts/ensure-r.sh),
#     unless OPT_SKIP_R_SETUP=1
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

die() { echo "setup: error: $*" >&2; exit 1; }

command -v node >/dev/null 2>&1 || die "Node.js 20 or newer is needed (node not found on PATH)"
node_major=$(node -p 'process.versions.node.split(".")[0]')
[ "$node_major" -ge 20 ] || die "Node.js 20 or newer is needed (found $(node --version))"

# node_modules is current if it was installed from this very package-lock.json: a checksum stamp
# written after each install (it survives copies that change file times, e.g. the GPU machine's
# unpacked node_modules); without a stamp, npm's own node_modules/.package-lock.json must not be
# older than package-lock.json.
stamp=node_modules/.opt-package-lock.sha256
lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
need_ci=0
if [ ! -d node_modules ]; then
  need_ci=1
elif [ -f "$stamp" ]; then
  [ "$(cat "$stamp")" = "$lock_sum" ] || need_ci=1
else
  ref=node_modules/.package-lock.json
  [ -e "$ref" ] || ref=node_modules
  if [ package-lock.json -nt "$ref" ]; then need_ci=1; fi
fi
# The lock file agrees with package.json (npm ci --dry-run): a drifted one fails here, in CI too.
bash scripts/check-lock.sh "$root"
if [ "$need_ci" = 1 ]; then
  command -v npm >/dev/null 2>&1 || die "npm is needed to install node_modules"
  echo "setup: installing node packages (npm ci)" >&2
  log=$(mktemp "${TMPDIR:-/tmp}/opt-npm-ci.XXXXXX.log")
  if ! npm ci --no-audit --no-fund --loglevel=error >"$log" 2>&1; then
    head -n 20 "$log" >&2
    die "npm ci failed (full log: $log)"
  fi
  rm -f "$log"
fi
echo "$lock_sum" >"$stamp"

# The VS Code extension's lock agrees with its package.json (its packages are installed by the
# long stage, which packages it: scripts/ensure-vscode-ext.sh).
bash scripts/check-lock.sh "$root/editors/vscode"

if [ "${OPT_SKIP_GPU_SETUP:-0}" != 1 ]; then
  bash scripts/ensure-lavapipe.sh
fi

if [ "${OPT_SKIP_SLURM_SETUP:-0}" != 1 ]; then
  bash scripts/ensure-slurm.sh
fi

if [ "${OPT_SKIP_BROWSER_SETUP:-0}" != 1 ]; then
  bash scripts/ensure-chromium.sh
fi

if [ "${OPT_SKIP_R_SETUP:-0}" != 1 ]; then
  bash scripts/ensure-r.sh
fi
