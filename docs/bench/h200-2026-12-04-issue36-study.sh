#!/usr/bin/env bash
# GPU machine, 2026-12-04: issue 36 item 2, seed 002's study at D = 100 (examples/seed002_d100.opt)
# as one `opt experiment` command each: main b285357 (old), and this session's step tiling
# (schedule.ts, STEP_TILE_INDIVIDUALS: the most individuals that share M, vectors to SCR if they
# do not fit, the product alone sizes the team) at 16 and at 8 individuals a workgroup (the
# OPT_STEP_TILE switch of the measured build only). The GPU's clocks every 100 ms beside them;
# the three results databases compared bit for bit. Carry [".gpu", "dists.tar.xz",
# "old-wt.tar.xz", "data-d100.tar.xz"]; bash .gpu/enter.sh bash THIS_FILE.
set -uo pipefail
mkdir -p /tmp/data && tar -xJf data-d100.tar.xz -C /tmp/data && export OPT_DATA=/tmp/data
tar -xJf dists.tar.xz
mkdir -p /tmp/o && tar -xJf old-wt.tar.xz -C /tmp/o
for x in node_modules stdlib package.json; do ln -sfn "$PWD/$x" /tmp/o/old/$x; done
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv,noheader --loop-ms=100 > $OUT/clocks.csv &
smi=$!
timeout 60 node -e 'import("./dist/api/experiment.js").then(async (m) => { const { openGpu } = await import("./dist/api.js"); const g = await openGpu({}); const r = await m.roofline(g, 1 << 24, 10); console.log(`roofline: copy ${r.copyGBps.toFixed(0)} GB/s, FMA ${r.gflops.toFixed(0)} GFLOP/s`); process.exit(0); })' 2>&1 | grep -v "^Warning" | tee "$OUT/study-time.log"
run() { # name, main.js, env
  local t0=$(date +%s%N)
  echo "study $1 starts $(date -u +%H:%M:%S.%N)" >> "$OUT/study-time.log"
  env $3 timeout 250 node $2 experiment examples/seed002_d100.opt --backend gpu --out /tmp/s-$1 > /tmp/study-$1.log 2>&1
  echo "study $1: rc $? in $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$OUT/study-time.log"
}
run t16 dist/cli/main.js OPT_STEP_TILE=16
run t8 dist/cli/main.js OPT_STEP_TILE=8
run old /tmp/o/old/dist/cli/main.js X=1
kill $smi
for v in t16 t8 old; do cp /tmp/s-$v/results.sqlite "$OUT/results-$v.sqlite"; done
tail -c 2000 /tmp/study-t8.log > "$OUT/study-t8-tail.log"
for v in t16 t8; do node scripts/compare-results.mjs /tmp/s-old/results.sqlite /tmp/s-$v/results.sqlite 2>&1 | tail -3 | tee -a "$OUT/study-time.log"; done
