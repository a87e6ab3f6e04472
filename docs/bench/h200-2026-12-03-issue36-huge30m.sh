#!/usr/bin/env bash
# GPU machine, 2026-12-03, issue 36 item 4: MA-SW-Chains at D = 30,000,000 (state and the first
# step's scratch bound as windows, at most 512 chunks a row), 30,000 evaluations first (the
# rate), then the 500,000 of seed 001's protocol with the best point evaluated again in float64.
# The GPU's memory and clocks sampled every 10 s. Carry [".gpu", "dists.tar.xz"] (new/dist);
# bash .gpu/enter.sh bash THIS_FILE.
set -uo pipefail
v=new
mkdir -p /tmp/$v && tar -xJf dists.tar.xz -C /tmp $v
ln -sfn "$PWD/node_modules" /tmp/$v/node_modules; ln -sfn "$PWD/stdlib" /tmp/$v/stdlib
ln -sfn "$PWD/package.json" /tmp/$v/package.json; cp -r scripts /tmp/$v/
log="$OUT/huge30m.log"
nvidia-smi --query-gpu=timestamp,memory.used,utilization.gpu,clocks.sm,clocks.mem,power.draw --format=csv -l 10 > "$OUT/gpu-samples.csv" &
smi=$!
echo "== D = 30,000,000, 30,000 evaluations" | tee -a "$log"
EVALS=30000 WARM=0 PROFILE=0 timeout 90 node /tmp/$v/scripts/bench-memetic.mjs 30000000 2>&1 | grep -v "^Warning" | tee -a "$log"
echo "== D = 30,000,000, 500,000 evaluations" | tee -a "$log"
WARM=0 F64=1 PROFILE=0 timeout 470 node /tmp/$v/scripts/bench-memetic.mjs 30000000 2>&1 | grep -v "^Warning" | tee -a "$log"
kill $smi
