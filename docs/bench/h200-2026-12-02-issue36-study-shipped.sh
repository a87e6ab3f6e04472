#!/usr/bin/env bash
# GPU machine, 2026-12-02: seed 002's study at D = 100 (examples/seed002_d100.opt) as shipped
# (212166a: batches on the run alone's schedule, BATCH_SCHEDULE = false), and the clocks around two
# `opt bench --algorithms` rounds (issue 36 item 2: the variance between runs). The data files of
# gpu_de_benchmark at D = 100 as data-d100.tar.xz. Carry [".gpu", "new-wt.tar.xz",
# "data-d100.tar.xz"]; bash .gpu/enter.sh bash THIS_FILE.
set -uo pipefail
mkdir -p /tmp/data && tar -xJf data-d100.tar.xz -C /tmp/data && export OPT_DATA=/tmp/data
mkdir -p /tmp/n && tar -xJf new-wt.tar.xz -C /tmp/n && rm -rf dist && cp -r /tmp/n/new/dist dist
nvidia-smi --query-gpu=clocks.sm,clocks.mem,clocks.max.sm,power.draw,temperature.gpu,pstate,clocks_throttle_reasons.active --format=csv -lms 200 > "$OUT/clocks.csv" 2>&1 &
smi=$!
t0=$(date +%s%N)
timeout 330 node dist/cli/main.js experiment examples/seed002_d100.opt --backend gpu --out /tmp/s3 > "$OUT/study.log" 2>&1
rc=$?; echo "study: rc $rc in $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee "$OUT/study-time.log"
for r in 1 2; do node dist/cli/main.js bench --algorithms --json "$OUT/bench-$r.json" > "$OUT/bench-$r.log" 2>&1; done
kill $smi
node -e '
const fs=require("fs"); const out=process.env.OUT;
for (const r of [1,2]) { const j=JSON.parse(fs.readFileSync(`${out}/bench-${r}.json`,"utf8"));
  console.log(r, j.copyGBps.toFixed(0), j.gflops.toFixed(0), j.rows.filter(x=>x.backend==="gpu").map(x=>x.gpuUsPerGen.toFixed(2)+"/"+(x.usPerGen??x.wallUsPerGen??0).toFixed?.(2)).join(" ")); }
const c=fs.readFileSync(`${out}/clocks.csv`,"utf8").trim().split("\n").slice(1).map(l=>l.split(", "));
const sm=c.map(x=>parseInt(x[0])).filter(Number.isFinite); sm.sort((a,b)=>a-b);
console.log("SM clock MHz samples", sm.length, "min", sm[0], "median", sm[sm.length>>1], "max", sm[sm.length-1], "reasons", [...new Set(c.map(x=>x[6]))].join(" "));
'
tail -2 "$OUT/study.log"
