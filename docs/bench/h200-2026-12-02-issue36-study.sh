#!/usr/bin/env bash
# GPU machine, 2026-12-02: seed 002's study at D = 100 (examples/seed002_d100.opt: jDE NP 250,
# gpu_de_benchmark, 51 runs a function, 10,000,000 evaluations) with this session's landed build
# (f552fad: narrow, spread, ffsplit, TILE_SHARED_VEC_BYTES), one `opt experiment` command, and
# the time of each function's batch from its database. Carry [".gpu", "dists.tar.xz" (cur),
# "data-d100.tar.xz"]; bash .gpu/enter.sh bash THIS_FILE.
set -uo pipefail
mkdir -p /tmp/data && tar -xJf data-d100.tar.xz -C /tmp/data && export OPT_DATA=/tmp/data
tar -xJf dists.tar.xz -C /tmp
v=cur; ln -sfn "$PWD/node_modules" /tmp/$v/node_modules; ln -sfn "$PWD/stdlib" /tmp/$v/stdlib; ln -sfn "$PWD/package.json" /tmp/$v/package.json
timeout 60 node -e 'import("/tmp/cur/dist/api/experiment.js").then(async (m) => { const { openGpu } = await import("/tmp/cur/dist/api.js"); const g = await openGpu({}); const r = await m.roofline(g, 1 << 24, 10); console.log(`roofline: copy ${r.copyGBps.toFixed(0)} GB/s, FMA ${r.gflops.toFixed(0)} GFLOP/s`); process.exit(0); })' 2>&1 | grep -v "^Warning" | tee "$OUT/study-time.log"
for k in 1 2; do
  t0=$(date +%s%N)
  timeout 200 node /tmp/cur/dist/cli/main.js experiment examples/seed002_d100.opt --backend gpu --out /tmp/s-$k > "$OUT/study-$k.log" 2>&1
  echo "study $k: rc $? in $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$OUT/study-time.log"
done
cp /tmp/s-1/results.sqlite "$OUT/results-1.sqlite"
node scripts/compare-results.mjs /tmp/s-1/results.sqlite /tmp/s-2/results.sqlite 2>&1 | tee -a "$OUT/study-time.log"
