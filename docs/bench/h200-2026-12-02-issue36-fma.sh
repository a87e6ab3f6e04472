#!/usr/bin/env bash
# GPU machine, 2026-12-02: issue 36 item 1 on NVIDIA, every float add of a product an explicit fma
# (codegen/wgsl-fma.ts). (1) scripts/diag-batch-bits.mjs on the two compositions whose fitness rows
# rounded apart under teams of 16 and 128 before; (2) seed 002's study at D = 100
# (examples/seed002_d100.opt) with batches on their own schedule (BATCH_SCHEDULE = true: fmab) and
# on a run alone's (fma), and the two results databases compared bit for bit
# (scripts/compare-results.mjs). Carry [".gpu", "fma-wt.tar.xz", "fmab-wt.tar.xz",
# "data-d100.tar.xz"]; bash .gpu/enter.sh bash THIS_FILE.
set -uo pipefail
mkdir -p /tmp/data && tar -xJf data-d100.tar.xz -C /tmp/data && export OPT_DATA=/tmp/data
for v in fma fmab; do mkdir -p /tmp/$v && tar -xJf $v-wt.tar.xz -C /tmp && ln -sfn "$PWD/node_modules" /tmp/$v/node_modules; ln -sfn "$PWD/stdlib" /tmp/$v/stdlib; ln -sfn "$PWD/package.json" /tmp/$v/package.json; done
rm -rf dist && cp -r /tmp/fma/dist dist
timeout 120 node scripts/diag-batch-bits.mjs cec2017_f26 cec2017_f22 2>&1 | grep -v "^Warning" | tee "$OUT/diag.log"
for v in fmab fma; do
  t0=$(date +%s%N)
  timeout 230 node /tmp/$v/dist/cli/main.js experiment examples/seed002_d100.opt --backend gpu --out /tmp/s-$v > "$OUT/study-$v.log" 2>&1
  rc=$?; echo "study $v: rc $rc in $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$OUT/study-time.log"
done
node scripts/compare-results.mjs /tmp/s-fmab/results.sqlite /tmp/s-fma/results.sqlite 2>&1 | tee "$OUT/compare.log"
cp /tmp/s-fmab/results.sqlite "$OUT/results-fmab.sqlite" 2>/dev/null
tail -2 "$OUT"/study-*.log
