#!/usr/bin/env bash
# GPU machine, one call: seed 002's study in full with the shipped file (30 runs a cell, D = 50 and
# 100: 1,200 runs) on the GPU, while seed 003's float64 check (docs/bench/seed003-f64-check.opt,
# 125 GOjDE runs on the CPU backend) runs beside it in 12 shards at low priority on the host's CPUs.
# Inputs, prepared here (not committed; gpu-data/ is in .git/info/exclude):
#   tar -cJf gpu-data/d.tar.xz -C ../shared/data <the CEC 2017 and CEC 2014 files of suite
#   gpu_de_benchmark at D = 50 and 100> soco2010
# then carry [".gpu-slim", "gpu-data"] (.gpu without npm, which this script does not use: the carry limit) and run bash .gpu-slim/enter.sh bash docs/bench/h200-2026-11-29-protocols.sh
set -uo pipefail
node node_modules/typescript/bin/tsc -p tsconfig.json || exit 1
mkdir -p /tmp/data && tar -xJf gpu-data/d.tar.xz -C /tmp/data
export OPT_DATA=/tmp/data
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > "$OUT/gpu.txt" 2>&1
for k in $(seq 1 12); do
  nice -n 19 node bin/opt.js experiment docs/bench/seed003-f64-check.opt --backend cpu \
    --shard "$k/12" --out "/tmp/f64/s$k" > "/tmp/f64-$k.log" 2>&1 &
done
start=$(date +%s)
node bin/opt.js experiment experiments/seed002.opt --out /tmp/s2 > "$OUT/seed002.log" 2>&1
echo "seed002: $(( $(date +%s) - start )) s for the command" >> "$OUT/seed002.log"
node bin/opt.js report /tmp/s2 >> "$OUT/seed002.log" 2>&1
cp /tmp/s2/results.sqlite "$OUT/seed002.sqlite"; cp /tmp/s2/report.md "$OUT/seed002-report.md"
# The CPU check: whatever its shards finished by now (each run is committed as it finishes).
deadline=$(( start + 480 )); while [ "$(jobs -r | wc -l)" -gt 0 ] && [ "$(date +%s)" -lt $deadline ]; do sleep 5; done
kill $(jobs -p) 2>/dev/null; sleep 2
node bin/opt.js experiment merge /tmp/f64/s* --out /tmp/f64/all > "$OUT/f64.log" 2>&1
node bin/opt.js report /tmp/f64/all >> "$OUT/f64.log" 2>&1
cp /tmp/f64/all/results.sqlite "$OUT/f64.sqlite" 2>/dev/null; cp /tmp/f64/all/report.md "$OUT/f64-report.md" 2>/dev/null
tail -3 /tmp/f64-1.log >> "$OUT/f64.log"
tail -40 "$OUT/seed002.log"; tail -30 "$OUT/f64.log"
