#!/usr/bin/env bash
# GPU machine, 2026-12-03, issue 36 item 4 (D = 30,000,000), before any change: the adapter's
# limits, DE NP 16 at D = 30,000,000 (its state fits one binding), what MA-SW-Chains at that D
# says today, and MA-SW-Chains at D = 3,000,000 as the baseline. Carry [".gpu", "dists.tar.xz"]
# (dist/ of the build measured); bash .gpu/enter.sh bash THIS_FILE.
set -uo pipefail
tar -xJf dists.tar.xz
log="$OUT/huge.log"
SET='{"NP":"16"}' timeout 200 node scripts/bench-huge.mjs de 30000000 20 2>&1 | grep -v "^Warning" | tee -a "$log"
nvidia-smi --query-gpu=memory.used,memory.total --format=csv | tee -a "$log"
timeout 60 node bin/opt.js run ma_sw_chains --problem shifted_rastrigin --dim 30000000 --backend gpu --evals 500000 2>&1 | grep -v "^Warning" | tail -3 | tee -a "$log"
PROFILE=0 timeout 200 node scripts/bench-memetic.mjs 3000000 2>&1 | grep -v "^Warning" | tee -a "$log"
