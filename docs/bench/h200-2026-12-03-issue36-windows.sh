#!/usr/bin/env bash
# GPU machine, 2026-12-03, issue 36 item 4: MA-SW-Chains with its state bound as windows
# (codegen/wgsl-window.ts). First D = 3,000,000 with the state forced into 8 windows (against
# this morning's 33.82 s and best error 5.4440e+7 in one binding: the windows' cost, and the same
# result), then D = 30,000,000 (17.0 GB of state, 8 windows), 500,000 evaluations, its best point
# evaluated again in float64, the GPU's memory sampled every 20 s; then DE NP 16 at D = 30,000,000
# over 100 generations (this morning's 20 included the start). Carry [".gpu", "dists.tar.xz"];
# bash .gpu/enter.sh bash THIS_FILE.
set -uo pipefail
tar -xJf dists.tar.xz
log="$OUT/windows.log"
nvidia-smi --query-gpu=timestamp,memory.used,utilization.gpu,clocks.sm,clocks.mem --format=csv -l 20 > "$OUT/gpu-samples.csv" &
smi=$!
WINDOWS=8 PROFILE=0 timeout 120 node scripts/bench-memetic.mjs 3000000 2>&1 | grep -v "^Warning" | tee -a "$log"
WARM=0 F64=1 PROFILE=0 timeout 420 node scripts/bench-memetic.mjs 30000000 2>&1 | grep -v "^Warning" | tee -a "$log"
SET='{"NP":"16"}' timeout 40 node scripts/bench-huge.mjs de 30000000 100 2>&1 | grep -v "^Warning" | tee -a "$log"
kill $smi
