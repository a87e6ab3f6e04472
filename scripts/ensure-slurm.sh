#!/usr/bin/env bash
# Makes sure Slurm's daemons and commands and munge are installed, for test/slurm.test.ts (a real
# single-node cluster, scripts/slurm-local.sh). Idempotent and silent when they are.
#
# If one is missing, on Debian as root: apt-get install slurm-wlm munge (bookworm: Slurm 22.05).
# Set OPT_SKIP_SLURM_SETUP=1 to skip this step (the Slurm test then fails where Slurm is missing,
# unless OPT_SKIP_SLURM=1 as well).
#
# Usage: bash scripts/ensure-slurm.sh [--check] [--dry-run]
#   --check    only check: exit 0 if installed, 1 if not; install nothing
#   --dry-run  print the install commands instead of running them
set -euo pipefail

check_only=0 dry_run=0
for arg in "$@"; do
  case "$arg" in
    --check) check_only=1 ;;
    --dry-run) dry_run=1 ;;
    -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "ensure-slurm: unknown option '$arg' (try --help)" >&2; exit 2 ;;
  esac
done

note() { echo "ensure-slurm: $*" >&2; }
die() { echo "ensure-slurm: error: $*" >&2; exit 1; }

# What test/slurm.test.ts and scripts/slurm-local.sh run.
NEEDED=(slurmctld slurmd sbatch squeue sinfo scontrol scancel munged mungekey)

missing() {
  local b out=()
  for b in "${NEEDED[@]}"; do
    # The daemons are in /usr/sbin, which a non-root PATH may lack.
    command -v "$b" >/dev/null 2>&1 || [ -x "/usr/sbin/$b" ] || out+=("$b")
  done
  echo "${out[*]}"
}

gone=$(missing)
[ -z "$gone" ] && exit 0
if [ "$check_only" = 1 ]; then
  note "missing: $gone"
  exit 1
fi
command -v apt-get >/dev/null 2>&1 || die "missing $gone and no apt-get to install slurm-wlm and munge: install them by hand, or set OPT_SKIP_SLURM_SETUP=1 OPT_SKIP_SLURM=1"
if [ "$(id -u)" != 0 ] && [ "$dry_run" = 0 ]; then
  die "missing $gone; installing slurm-wlm and munge needs root: run 'sudo bash scripts/ensure-slurm.sh' (or set OPT_SKIP_SLURM_SETUP=1 OPT_SKIP_SLURM=1 to leave the Slurm test out)"
fi
note "missing $gone; installing slurm-wlm and munge (apt-get, a minute)"
run() { if [ "$dry_run" = 1 ]; then echo "+ $*"; else "$@"; fi; }
log=$(mktemp "${TMPDIR:-/tmp}/ensure-slurm.XXXXXX.log")
export DEBIAN_FRONTEND=noninteractive
# The package lists only when apt has none yet, or the first install attempt fails on stale ones.
if ! run apt-get install -y -qq --no-install-recommends slurm-wlm munge >"$log" 2>&1; then
  if ! run apt-get update -qq >>"$log" 2>&1; then
    tail -n 15 "$log" >&2
    die "apt-get update failed (no network? full log: $log)"
  fi
  if ! run apt-get install -y -qq --no-install-recommends slurm-wlm munge >>"$log" 2>&1; then
    tail -n 15 "$log" >&2
    die "apt-get install slurm-wlm munge failed (full log: $log)"
  fi
fi
rm -f "$log"
[ "$dry_run" = 1 ] && exit 0
gone=$(missing)
[ -z "$gone" ] || die "installed slurm-wlm and munge, but still missing: $gone"
note "ready: $(slurmctld -V 2>/dev/null || echo slurm), $(munged -V 2>/dev/null | head -n1 || echo munge)"
