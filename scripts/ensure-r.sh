#!/usr/bin/env bash
# Makes sure R's Rscript is on PATH: test/stats/r-agreement.test.ts checks the rank tests of
# src/stats/rank-tests.ts and of `opt report` against R's own (wilcox.test, kruskal.test,
# friedman.test, p.adjust). Idempotent and silent when it is there.
#
# If it is missing, on Debian as root: apt-get update, then apt-get install r-base-core (R itself
# with its base packages, stats among them; without the recommended packages, which the test does
# not use).
#
# Usage: bash scripts/ensure-r.sh [--verbose] [--check] [--dry-run]
#   --verbose  say what was found
#   --check    only check: exit 0 if present, 1 if not; install nothing
#   --dry-run  print the install commands instead of running them
# OPT_SKIP_R_SETUP=1 makes scripts/setup.sh skip this script (and the test skip itself where
# Rscript is missing).
set -euo pipefail

RSCRIPT=${OPT_RSCRIPT:-Rscript}
PACKAGES=(r-base-core)

verbose=0 check_only=0 dry_run=0
for arg in "$@"; do
  case "$arg" in
    -v | --verbose) verbose=1 ;;
    --check) check_only=1 ;;
    --dry-run) dry_run=1 ;;
    -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "ensure-r: unknown option '$arg' (try --help)" >&2; exit 2 ;;
  esac
done

say() { if [ "$verbose" = 1 ]; then echo "ensure-r: $*" >&2; fi; }
note() { echo "ensure-r: $*" >&2; }
die() { echo "ensure-r: error: $*" >&2; exit 1; }

# Present means Rscript runs and R's stats package loads (what the test calls).
present() { "$RSCRIPT" --vanilla -e 'invisible(stats::wilcox.test)' >/dev/null 2>&1; }

if present; then
  say "found $(command -v "$RSCRIPT") ($("$RSCRIPT" --version 2>&1 | head -n 1))"
  exit 0
fi
if [ "$check_only" = 1 ]; then
  note "no $RSCRIPT"
  exit 1
fi

command -v apt-get >/dev/null 2>&1 ||
  die "no $RSCRIPT and no apt-get to install it: install R by hand (the rank tests' comparison with R needs it; OPT_SKIP_R_SETUP=1 skips this step)."
if [ "$(id -u)" != 0 ] && [ "$dry_run" = 0 ]; then
  die "no $RSCRIPT; installing it needs root: run 'sudo bash scripts/ensure-r.sh' (or set OPT_SKIP_R_SETUP=1)."
fi

run() {
  if [ "$dry_run" = 1 ]; then
    echo "+ $*"
  else
    "$@"
  fi
}

note "no $RSCRIPT; installing Debian's r-base-core for the rank tests' comparison with R (a minute or so)"
log=$(mktemp "${TMPDIR:-/tmp}/ensure-r.XXXXXX.log")
export DEBIAN_FRONTEND=noninteractive
if ! run apt-get update -qq >"$log" 2>&1; then
  tail -n 15 "$log" >&2
  die "apt-get update failed (no network? full log: $log)"
fi
if ! run apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >>"$log" 2>&1; then
  tail -n 15 "$log" >&2
  die "apt-get install ${PACKAGES[*]} failed (full log: $log)"
fi
if [ "$dry_run" = 1 ]; then
  cat "$log"
  rm -f "$log"
  exit 0
fi
rm -f "$log"
present || die "installed ${PACKAGES[*]}, but $RSCRIPT does not run"
note "ready: $("$RSCRIPT" --version 2>&1 | head -n 1)"
