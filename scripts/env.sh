# Source this file (". scripts/env.sh") before running anything that opens the GPU.
# It only sets environment variables; it installs nothing and never exits the calling shell.

# Mesa's Vulkan drivers (lavapipe) expect XDG_RUNTIME_DIR; containers and CI often lack it.
if [ -z "${XDG_RUNTIME_DIR:-}" ]; then
  XDG_RUNTIME_DIR="${TMPDIR:-/tmp}/xdg-runtime-$(id -u)"
  export XDG_RUNTIME_DIR
fi
if [ ! -d "$XDG_RUNTIME_DIR" ]; then
  { mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"; } 2>/dev/null || true
fi

# The two harmless lines Dawn prints to stderr at start-up (see src/runtime/device.ts).
OPT_DAWN_NOISE_RE='^Warning: maxDynamic(Uniform|Storage)BuffersPerPipelineLayout artificially reduced from [0-9]+ to [0-9]+ to fit dynamic offset allocation limit\.$'
# A filter: cmd 2>&1 | opt_filter_dawn_noise
opt_filter_dawn_noise() {
  sed -u -E "/${OPT_DAWN_NOISE_RE}/d"
}

if [ -n "${BASH_VERSION:-}" ]; then
  # opt_run_filtered CMD ARGS...: runs CMD with its stderr passed through opt_filter_dawn_noise
  # (stdout untouched) and returns CMD's exit status.
  opt_run_filtered() {
    local - status
    set +e
    { "$@" 2>&1 1>&3 3>&- | opt_filter_dawn_noise 1>&2; status=${PIPESTATUS[0]}; } 3>&1
    return "$status"
  }
fi
