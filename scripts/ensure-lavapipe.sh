#!/usr/bin/env bash
# Makes sure Dawn (the npm package "webgpu") finds a Vulkan adapter: a real GPU's driver, or
# lavapipe (Mesa's CPU Vulkan driver) from Mesa >= 25. Idempotent and silent when all is well.
#
# If no usable driver is found, on Debian bookworm as root: adds bookworm-backports to apt's
# sources (if missing), runs apt-get update, and installs mesa-vulkan-drivers from
# bookworm-backports (plain bookworm's Mesa 22 lavapipe lacks a feature Dawn needs).
#
# Usage: bash scripts/ensure-lavapipe.sh [--verbose] [--check] [--force] [--dry-run]
#   --verbose  say what was found
#   --check    only check: exit 0 if usable, 1 if not; install nothing
#   --force    install even if a usable driver was found
#   --dry-run  print the install commands instead of running them
set -euo pipefail

MIN_MESA_MAJOR=25
BACKPORTS_LINE='deb http://deb.debian.org/debian bookworm-backports main'
BACKPORTS_FILE=/etc/apt/sources.list.d/bookworm-backports.list

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
# shellcheck source=scripts/env.sh
. "$here/env.sh"

verbose=0 check_only=0 force=0 dry_run=0 found=""
for arg in "$@"; do
  case "$arg" in
    -v | --verbose) verbose=1 ;;
    --check) check_only=1 ;;
    --force) force=1 ;;
    --dry-run) dry_run=1 ;;
    -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "ensure-lavapipe: unknown option '$arg' (try --help)" >&2; exit 2 ;;
  esac
done

say() { if [ "$verbose" = 1 ]; then echo "ensure-lavapipe: $*" >&2; fi; }
note() { echo "ensure-lavapipe: $*" >&2; }
die() { echo "ensure-lavapipe: error: $*" >&2; exit 1; }

# --- Detection --------------------------------------------------------------------------------

# Asks Dawn itself (needs node and node_modules/webgpu). Prints one line:
#   "adapter|fallback-or-native|vendor|architecture|description", "none", or nothing (probe
#   impossible or crashed).
dawn_probe() {
  command -v node >/dev/null 2>&1 || return 0
  [ -f "$root/node_modules/webgpu/package.json" ] || return 0
  (cd "$root" && timeout 120 node --input-type=module -e '
    const { create, globals } = await import("webgpu");
    Object.assign(globalThis, globals);
    const gpu = create([]);
    const a = await gpu.requestAdapter({ powerPreference: "high-performance" });
    if (!a) { console.log("none"); process.exit(0); }
    const i = a.info;
    console.log(["adapter", i.isFallbackAdapter ? "fallback" : "native", i.vendor, i.architecture,
                 i.description].map((s) => String(s ?? "").replace(/[|\n]/g, " ")).join("|"));
    process.exit(0);
  ' 2>/dev/null) || true
}

mesa_major_of() { # "... Mesa 25.0.7-2~bpo12+1 ..." -> 25
  sed -n -E 's/.*Mesa ([0-9]+)\..*/\1/p' <<<"$1" | head -n1
}

# Judges a probe line; returns 0 if usable. Sets $found to a description.
probe_usable() {
  local line=$1 kind vendor arch desc major
  IFS='|' read -r _ kind vendor arch desc <<<"$line"
  found="${desc:-$vendor $arch}"
  if [[ "$kind" = native && ! "$desc $arch" =~ llvmpipe|lavapipe|software ]]; then
    return 0 # a real GPU
  fi
  major=$(mesa_major_of "$desc")
  if [ -z "$major" ]; then
    return 0 # a software adapter that is not Mesa's (SwiftShader): fine
  fi
  [ "$major" -ge "$MIN_MESA_MAJOR" ]
}

icd_dirs() {
  local d
  for d in /usr/share/vulkan/icd.d /etc/vulkan/icd.d /usr/local/share/vulkan/icd.d \
    /usr/local/nvidia/share/vulkan/icd.d; do
    [ -d "$d" ] && echo "$d"
  done
  return 0
}

# Without Dawn: looks at the loader, the ICD files and Mesa's package version.
static_usable() {
  local f ok=1 v major
  if ! ldconfig -p 2>/dev/null | grep -q 'libvulkan\.so\.1'; then
    found="no Vulkan loader (libvulkan.so.1)"
    return 1
  fi
  # An explicit driver list (the GPU machine's .gpu/enter.sh sets VK_DRIVER_FILES) is trusted.
  # A missing file there means the loader finds nothing (it then ignores the ICD directories).
  for v in "${VK_DRIVER_FILES:-}" "${VK_ICD_FILENAMES:-}"; do
    [ -n "$v" ] || continue
    ok=0
    IFS=: read -r -a files <<<"$v"
    for f in "${files[@]}"; do [ -f "$f" ] || ok=1; done
    if [ "$ok" = 0 ]; then
      found="Vulkan drivers named by the environment: $v"
      return 0
    fi
    found="VK_DRIVER_FILES/VK_ICD_FILENAMES name a file that does not exist: $v"
    return 1
  done
  # NVIDIA's driver with a device node present.
  if ls /dev/nvidia0 >/dev/null 2>&1; then
    for f in $(icd_dirs | while read -r d; do ls "$d"/nvidia*.json 2>/dev/null; done); do
      found="NVIDIA Vulkan driver ($f)"
      return 0
    done
  fi
  # lavapipe from a recent enough Mesa.
  for f in $(icd_dirs | while read -r d; do ls "$d"/lvp_icd*.json 2>/dev/null; done); do
    v=$(dpkg-query -W -f='${Version}' mesa-vulkan-drivers 2>/dev/null || true)
    major=${v%%.*}
    major=${major#*:}
    if [[ "$major" =~ ^[0-9]+$ ]] && [ "$major" -ge "$MIN_MESA_MAJOR" ]; then
      found="lavapipe, mesa-vulkan-drivers $v"
      return 0
    fi
    found="lavapipe from mesa-vulkan-drivers ${v:-of unknown version} (need Mesa >= $MIN_MESA_MAJOR)"
    return 1
  done
  found="no Vulkan driver (ICD) found"
  return 1
}

# Returns 0 if usable; sets $found.
driver_usable() {
  local line
  found=""
  line=$(dawn_probe | tail -n1)
  case "$line" in
    adapter*)
      if probe_usable "$line"; then return 0; fi
      found="$found (too old: need Mesa >= $MIN_MESA_MAJOR)"
      return 1
      ;;
    none)
      if static_usable; then
        found="Dawn finds no Vulkan adapter, although there is: $found"
      else
        found="Dawn finds no Vulkan adapter: $found"
      fi
      return 1
      ;;
    *) static_usable ;;
  esac
}

# --- Installation -----------------------------------------------------------------------------

run() {
  if [ "$dry_run" = 1 ]; then
    echo "+ $*"
  else
    "$@"
  fi
}

install_lavapipe() {
  local log distro codename
  # shellcheck disable=SC1091
  distro=$(. /etc/os-release 2>/dev/null && echo "${PRETTY_NAME:-unknown}") || distro=unknown
  codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}") || codename=""
  if [ "$codename" != bookworm ]; then
    die "no usable Vulkan driver ($found), and this script installs lavapipe only on Debian bookworm (this is $distro). Install a GPU's Vulkan driver or Mesa >= $MIN_MESA_MAJOR lavapipe (package mesa-vulkan-drivers) by hand."
  fi
  command -v apt-get >/dev/null 2>&1 || die "no usable Vulkan driver ($found) and no apt-get to install one."
  if [ "$(id -u)" != 0 ] && [ "$dry_run" = 0 ]; then
    die "no usable Vulkan driver ($found); installing lavapipe needs root: run 'sudo bash scripts/ensure-lavapipe.sh'."
  fi

  if [ "$force" = 1 ]; then
    note "--force: installing Mesa lavapipe from bookworm-backports (a minute or two)"
  else
    note "no usable Vulkan driver ($found); installing Mesa lavapipe from bookworm-backports (a minute or two)"
  fi
  if ! grep -Eqs '^[^#]*bookworm-backports' /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
    /etc/apt/sources.list.d/*.sources; then
    if [ "$dry_run" = 1 ]; then
      echo "+ echo '$BACKPORTS_LINE' > $BACKPORTS_FILE"
    else
      echo "$BACKPORTS_LINE" >"$BACKPORTS_FILE" || die "could not write $BACKPORTS_FILE"
    fi
  else
    say "bookworm-backports is already in apt's sources"
  fi

  log=$(mktemp "${TMPDIR:-/tmp}/ensure-lavapipe.XXXXXX.log")
  export DEBIAN_FRONTEND=noninteractive
  if ! run apt-get update -qq >"$log" 2>&1; then
    tail -n 15 "$log" >&2
    die "apt-get update failed (no network? full log: $log)"
  fi
  if ! run apt-get install -y -qq --no-install-recommends -t bookworm-backports \
    mesa-vulkan-drivers libvulkan1 >>"$log" 2>&1; then
    tail -n 15 "$log" >&2
    die "apt-get install -t bookworm-backports mesa-vulkan-drivers failed (full log: $log)"
  fi
  if [ "$dry_run" = 1 ]; then
    cat "$log"
    rm -f "$log"
    return 0
  fi
  rm -f "$log"
}

# --- Main -------------------------------------------------------------------------------------

# Sourcing this file (for tests) defines the functions and stops here.
if [[ "${BASH_SOURCE[0]}" != "$0" ]]; then return 0; fi

if [ "$force" = 0 ] && driver_usable; then
  say "usable Vulkan driver: $found"
  exit 0
fi
if [ "$check_only" = 1 ]; then
  note "no usable Vulkan driver: $found"
  exit 1
fi

install_lavapipe
[ "$dry_run" = 1 ] && exit 0

if driver_usable; then
  note "ready: $found"
else
  die "installed mesa-vulkan-drivers, but still no usable Vulkan adapter: $found"
fi
