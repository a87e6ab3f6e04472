#!/usr/bin/env bash
# The main job: builds the compiler, evaluates a benchmark function on the GPU, and shows the WGSL
# the compiler generates. Installs what is missing on first use (scripts/setup.sh).
# OPT_SKIP_GPU_SETUP=1 skips the Vulkan driver check/installation.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# The demo needs neither Slurm nor a browser nor R: only the test command installs them.
OPT_SKIP_SLURM_SETUP=1 OPT_SKIP_BROWSER_SETUP=1 OPT_SKIP_R_SETUP=1 bash scripts/setup.sh
. scripts/env.sh

echo "== build"
npm run --silent build

echo
echo "== rastrigin, D = 10, at the points of examples/points10.txt: CPU (float64) and GPU (float32)"
cpu=$(opt_run_filtered node bin/opt.js eval rastrigin --dim 10 --points examples/points10.txt --backend cpu)
gpu=$(opt_run_filtered node bin/opt.js eval rastrigin --dim 10 --points examples/points10.txt --backend gpu)
paste <(echo "$cpu") <(echo "$gpu") | awk 'BEGIN { printf "%-24s %-24s\n", "cpu", "gpu" } { printf "%-24s %-24s\n", $1, $2 }'

echo
echo "== examples/shifted_sphere.opt at D = 1000: the scheduled IR"
opt_run_filtered node bin/opt.js compile examples/shifted_sphere.opt --dim 1000 --emit ir

echo
echo "== ... and its WGSL (first 60 lines)"
wgsl=$(mktemp "${TMPDIR:-/tmp}/opt-demo.XXXXXX.wgsl")
trap 'rm -f "$wgsl"' EXIT
opt_run_filtered node bin/opt.js compile examples/shifted_sphere.opt --dim 1000 --emit wgsl >"$wgsl"
head -n 60 "$wgsl"
