#!/usr/bin/env bash
# GPU machine, 2026-12-02: issue 36 item 1, second round: the core library's float multiply-adds
# explicit too (opt_fmod, opt_expm1, the float-float low parts), after the first round
# (h200-2026-12-02-issue36-fma.sh) left 4 of 4,080 result rows of cec2017_f22 apart.
# `opt bench --algorithms` of 2e20fc3 (base) and of this build (fma); seed 002's study at D = 100
# with batches on their own schedule (fmab) and on a run alone's (fma), compared bit for bit.
# Carry [".gpu", "dists.tar.xz" (base, fma, fmab), "data-d100.tar.xz"];
# bash .gpu/enter.sh bash THIS_FILE.
set -uo pipefail
mkdir -p /tmp/data && tar -xJf data-d100.tar.xz -C /tmp/data && export OPT_DATA=/tmp/data
tar -xJf dists.tar.xz -C /tmp; for v in base fma fmab; do ln -sfn "$PWD/node_modules" /tmp/$v/node_modules; ln -sfn "$PWD/stdlib" /tmp/$v/stdlib; ln -sfn "$PWD/package.json" /tmp/$v/package.json; done
for v in base fma; do node /tmp/$v/dist/cli/main.js bench --algorithms --json "$OUT/bench-$v.json" > "$OUT/bench-$v.log" 2>&1; done
for v in fmab fma; do
  t0=$(date +%s%N)
  timeout 230 node /tmp/$v/dist/cli/main.js experiment examples/seed002_d100.opt --backend gpu --out /tmp/s-$v > "$OUT/study-$v.log" 2>&1
  rc=$?; echo "study $v: rc $rc in $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$OUT/study-time.log"
done
node scripts/compare-results.mjs /tmp/s-fmab/results.sqlite /tmp/s-fma/results.sqlite 2>&1 | tee "$OUT/compare.log"
cp /tmp/s-fmab/results.sqlite "$OUT/results-fmab.sqlite" 2>/dev/null
node -e '
const fs=require("fs"); const out=process.env.OUT; const rows={};
for (const b of ["base","fma"]) { const j=JSON.parse(fs.readFileSync(`${out}/bench-${b}.json`,"utf8"));
  for (const x of j.rows.filter(x=>x.backend==="gpu")) { const k=`${x.what} D=${x.dim}`; (rows[k] ??= {})[b]=x.gpuUsPerGen?.toFixed(2); }
  console.log(b, "copy GB/s", j.copyGBps?.toFixed(0), "GFLOP/s", j.gflops?.toFixed(0)); }
for (const [k,v] of Object.entries(rows)) console.log(k, v.base, v.fma);
' | tee "$OUT/summary.log"
