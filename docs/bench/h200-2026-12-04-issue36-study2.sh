#!/usr/bin/env bash
# GPU machine, 2026-12-04: issue 36 item 2, seed 002's study at D = 100 (examples/seed002_d100.opt),
# one `opt experiment` command, twice, with the step tiling of c26f7b8 and the runner making the
# next cell's engine while a cell's last batch runs (src/experiment/runner.ts); the GPU's clocks
# every 100 ms beside them; the two databases compared bit for bit (and, here, against main
# b285357's of the study before). Carry [".gpu", "dists.tar.xz", "data-d100.tar.xz"];
# bash .gpu/enter.sh bash THIS_FILE.
set -uo pipefail
mkdir -p /tmp/data && tar -xJf data-d100.tar.xz -C /tmp/data && export OPT_DATA=/tmp/data
tar -xJf dists.tar.xz
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv,noheader --loop-ms=100 > $OUT/clocks.csv &
smi=$!
timeout 60 node -e 'import("./dist/api/experiment.js").then(async (m) => { const { openGpu } = await import("./dist/api.js"); const g = await openGpu({}); const r = await m.roofline(g, 1 << 24, 10); console.log(`roofline: copy ${r.copyGBps.toFixed(0)} GB/s, FMA ${r.gflops.toFixed(0)} GFLOP/s`); process.exit(0); })' 2>&1 | grep -v "^Warning" | tee "$OUT/study-time.log"
run() { # name, main.js
  local t0=$(date +%s%N)
  echo "study $1 starts $(date -u +%H:%M:%S.%N)" >> "$OUT/study-time.log"
  timeout 250 node $2 experiment examples/seed002_d100.opt --backend gpu --out /tmp/s-$1 > /tmp/study-$1.log 2>&1
  echo "study $1: rc $? in $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$OUT/study-time.log"
}
run new1 dist/cli/main.js
run new2 dist/cli/main.js
kill $smi
for v in new1 new2; do cp /tmp/s-$v/results.sqlite "$OUT/results-$v.sqlite"; done
node scripts/compare-results.mjs /tmp/s-new1/results.sqlite /tmp/s-new2/results.sqlite 2>&1 | tail -2 | tee -a "$OUT/study-time.log"
