#!/usr/bin/env bash
# GPU machine, 2026-12-03, issue 36 item 4: MA-SW-Chains with its state bound as windows
# (codegen/wgsl-window.ts), two builds: old (windows; rows of 16,384-element chunks at any D) and
# new (old + SPLIT_MAX_GROUPS: at most 512 chunks a row, 65,536-element chunks at D = 30,000,000).
#  1. D = 3,000,000, the state forced into 8 windows (new; the chunks there are the same in both):
#     against this morning's 33.82 s and best error 5.4440e+7 in one binding.
#  2. D = 30,000,000, 30,000 evaluations, old then new: the chunks' effect.
#  3. D = 30,000,000, 500,000 evaluations (new), the best point evaluated again in float64.
#  4. DE NP 16 at D = 30,000,000, 100 generations (new).
# The GPU's memory and clocks sampled every 20 s. Carry [".gpu", "dists.tar.xz"] (old/dist,
# new/dist); bash .gpu/enter.sh bash THIS_FILE.
set -uo pipefail
for v in old new; do
  mkdir -p /tmp/$v && tar -xJf dists.tar.xz -C /tmp $v
  ln -sfn "$PWD/node_modules" /tmp/$v/node_modules; ln -sfn "$PWD/stdlib" /tmp/$v/stdlib
  ln -sfn "$PWD/package.json" /tmp/$v/package.json; cp -r scripts /tmp/$v/
done
log="$OUT/windows.log"
nvidia-smi --query-gpu=timestamp,memory.used,utilization.gpu,clocks.sm,clocks.mem --format=csv -l 20 > "$OUT/gpu-samples.csv" &
smi=$!
echo "== 1. D = 3,000,000 in 8 windows (new)" | tee -a "$log"
WINDOWS=8 PROFILE=0 timeout 100 node /tmp/new/scripts/bench-memetic.mjs 3000000 2>&1 | grep -v "^Warning" | tee -a "$log"
for v in old new; do
  echo "== 2. D = 30,000,000, 30,000 evaluations ($v)" | tee -a "$log"
  EVALS=30000 WARM=0 PROFILE=0 timeout 60 node /tmp/$v/scripts/bench-memetic.mjs 30000000 2>&1 | grep -v "^Warning" | tee -a "$log"
done
echo "== 3. D = 30,000,000, 500,000 evaluations (new)" | tee -a "$log"
WARM=0 F64=1 PROFILE=0 timeout 380 node /tmp/new/scripts/bench-memetic.mjs 30000000 2>&1 | grep -v "^Warning" | tee -a "$log"
echo "== 4. DE NP 16, D = 30,000,000 (new)" | tee -a "$log"
SET='{"NP":"16"}' timeout 40 node /tmp/new/scripts/bench-huge.mjs de 30000000 100 2>&1 | grep -v "^Warning" | tee -a "$log"
kill $smi
