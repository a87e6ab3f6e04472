#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium: test/report-html.test.ts opens the
# report.html of `opt report` in it, headless, through playwright-core (which downloads no browser
# of its own). Idempotent and silent when it is there.
#
# If it is missing, on Debian as root: apt-get update, then apt-get install chromium with the
# packages it recommends (the set the test was run with: fonts-liberation among them, without
# which the figures' text has no glyphs; named too, so that it comes where recommends are off).
#
# Usage: bash scripts/ensure-chromium.sh [--verbose] [--check] [--dry-run]
#   --verbose  say what was found
#   --check    only check: exit 0 if present, 1 if not; install nothing
#   --dry-run  print the install commands instead of running them
# OPT_SKIP_BROWSER_SETUP=1 makes scripts/setup.sh skip this script.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
PACKAGES=(chromium fonts-liberation)

verbose=0 check_only=0 dry_run=0
for arg in "$@"; do
  case "$arg" in
    -v | --verbose) verbose=1 ;;
    --check) check_only=1 ;;
    --dry-run) dry_run=1 ;;
    -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "ensure-chromium: unknown option '$arg' (try --help)" >&2; exit 2 ;;
  esac
done

say() { if [ "$verbose" = 1 ]; then echo "ensure-chromium: $*" >&2; fi; }
note() { echo "ensure-chromium: $*" >&2; }
die() { echo "ensure-chromium: error: $*" >&2; exit 1; }

# Present means the binary behind Debian's launcher script is there too, not just the script.
present() { [ -x "$CHROMIUM" ] && [ -x /usr/lib/chromium/chromium ]; }

if present; then
  say "found $CHROMIUM ($("$CHROMIUM" --version 2>/dev/null | head -n 1))"
  exit 0
fi
if [ "$check_only" = 1 ]; then
  note "no $CHROMIUM"
  exit 1
fi

command -v apt-get >/dev/null 2>&1 ||
  die "no $CHROMIUM and no apt-get to install it: install Chromium by hand (the browser test of report.html needs it; OPT_SKIP_BROWSER_SETUP=1 skips this step)."
if [ "$(id -u)" != 0 ] && [ "$dry_run" = 0 ]; then
  die "no $CHROMIUM; installing it needs root: run 'sudo bash scripts/ensure-chromium.sh' (or set OPT_SKIP_BROWSER_SETUP=1)."
fi

run() {
  if [ "$dry_run" = 1 ]; then
    echo "+ $*"
  else
    "$@"
  fi
}

note "no $CHROMIUM; installing Debian's chromium for the report's browser test (a minute or two)"
log=$(mktemp "${TMPDIR:-/tmp}/ensure-chromium.XXXXXX.log")
export DEBIAN_FRONTEND=noninteractive
if ! run apt-get update -qq >"$log" 2>&1; then
  tail -n 15 "$log" >&2
  die "apt-get update failed (no network? full log: $log)"
fi
if ! run apt-get install -y -qq "${PACKAGES[@]}" >>"$log" 2>&1; then
  tail -n 15 "$log" >&2
  die "apt-get install ${PACKAGES[*]} failed (full log: $log)"
fi
if [ "$dry_run" = 1 ]; then
  cat "$log"
  rm -f "$log"
  exit 0
fi
rm -f "$log"
present || die "installed ${PACKAGES[*]}, but $CHROMIUM is still missing"
note "ready: $("$CHROMIUM" --version 2>/dev/null | head -n 1)"
