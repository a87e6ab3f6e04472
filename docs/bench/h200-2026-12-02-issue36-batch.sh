#!/usr/bin/env bash
# GPU machine, 2026-12-02: issue 36 item 2, batches scheduled for the batch (AlgoCompileRequest.runs),
# and the canonical combine loading 16 chunks together. `opt bench --algorithms`, old (a170879) and
# new; seed 002's study at D = 100 (examples/seed002_d100.opt) as one `opt experiment` command; the
# schedules of a batch of 51 (scripts/profile-batch-schedules.mjs). The data files of
# gpu_de_benchmark at D = 100 come as data-d100.tar.xz (from ../shared/data, which the machine
# lacks). Carry [".gpu", "old-a170879.tar.xz", "new-wt.tar.xz", "data-d100.tar.xz"];
# bash .gpu/enter.sh bash THIS_FILE.
set -uo pipefail
mkdir -p /tmp/data && tar -xJf data-d100.tar.xz -C /tmp/data && export OPT_DATA=/tmp/data
mkdir -p /tmp/o && tar -xJf old-a170879.tar.xz -C /tmp/o && ln -sfn "$PWD/node_modules" /tmp/o/old/node_modules
OLD=/tmp/o/old/dist/cli/main.js
mkdir -p /tmp/n && tar -xJf new-wt.tar.xz -C /tmp/n && rm -rf dist && cp -r /tmp/n/new/dist dist
NEW=dist/cli/main.js
node $NEW bench --algorithms --json "$OUT/bench-new-2.json" > "$OUT/bench-new-2.log" 2>&1
node $OLD bench --algorithms --json "$OUT/bench-old-2.json" > "$OUT/bench-old-2.log" 2>&1
t0=$(date +%s%N)
timeout 280 node $NEW experiment examples/seed002_d100.opt --backend gpu --out /tmp/s2 > "$OUT/study.log" 2>&1
rc=$?; echo "study: rc $rc in $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee "$OUT/study-time.log"
cp /tmp/s2/results.sqlite "$OUT/" 2>/dev/null
timeout 200 node scripts/profile-batch-schedules.mjs 51 rastrigin cec2017_f5 cec2017_f26 > "$OUT/schedules.log" 2>&1
node -e '
const fs=require("fs"); const out=process.env.OUT;
const rows={};
for (const b of ["old","new"]) { const j=JSON.parse(fs.readFileSync(`${out}/bench-${b}-2.json`,"utf8"));
  for (const x of j.rows.filter(x=>x.backend==="gpu")) { const k=`${x.what} D=${x.dim}`; (rows[k] ??= {})[b]=x.gpuUsPerGen?.toFixed(2); }
  console.log(b, "copy GB/s", j.copyGBps?.toFixed(0), "GFLOP/s", j.gflops?.toFixed(0)); }
for (const [k,v] of Object.entries(rows)) console.log(k, v.old, v.new);
' | tee "$OUT/summary.log"
tail -3 "$OUT/study.log"
grep -v "^Warning" "$OUT/schedules.log" | cut -c1-330
