#!/usr/bin/env bash
# GPU machine, 2026-12-02: cec2014_f22's float-float rotation after `narrow` and `spread` (ns,
# 001ac47): + passes/ffsplit.ts (each of the 10 rows' 100 pair terms split into 4 partial sums
# over 40 lanes, added as a tree: nsf), + passes/hoist.ts (the float-float shift x - o computed
# once a column, not once a row: nsfh); scripts/time-batch.mjs, a batch of 51 jDE NP 250 runs at
# D = 100; then nsfh's part of the study on cec2014_f22 batched against runs alone (nsfha), bit
# for bit, nsfh's whole study, and the two compositions' batch profiles. Carry [".gpu",
# "dists.tar.xz", "data-d100.tar.xz"]; bash .gpu/enter.sh bash THIS_FILE.
set -uo pipefail
mkdir -p /tmp/data && tar -xJf data-d100.tar.xz -C /tmp/data && export OPT_DATA=/tmp/data
tar -xJf dists.tar.xz -C /tmp
for v in ns nsf nsfh nsfha; do ln -sfn "$PWD/node_modules" /tmp/$v/node_modules; ln -sfn "$PWD/stdlib" /tmp/$v/stdlib; ln -sfn "$PWD/package.json" /tmp/$v/package.json; mkdir -p /tmp/$v/scripts; cp scripts/time-batch.mjs /tmp/$v/scripts/; done
for v in ns nsf nsfh; do echo "== $v"; timeout 60 node /tmp/$v/scripts/time-batch.mjs 51 500 cec2014_f22 2>&1 | grep -v "^Warning"; done | tee "$OUT/time-batch.log"
sed -e 's/problems = suite gpu_de_benchmark/problems = [cec2014_f22]/' -e 's/experiment seed002_d100/experiment part_d100/' examples/seed002_d100.opt > /tmp/part.opt
for v in nsfh nsfha; do
  t0=$(date +%s%N)
  timeout 200 node /tmp/$v/dist/cli/main.js experiment /tmp/part.opt --backend gpu --out /tmp/p-$v > "$OUT/part-$v.log" 2>&1
  echo "part $v: rc $? in $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$OUT/study-time.log"
done
node scripts/compare-results.mjs /tmp/p-nsfh/results.sqlite /tmp/p-nsfha/results.sqlite 2>&1 | tee "$OUT/compare.log"
t0=$(date +%s%N)
timeout 200 node /tmp/nsfh/dist/cli/main.js experiment examples/seed002_d100.opt --backend gpu --out /tmp/s-nsfh > "$OUT/study-nsfh.log" 2>&1
echo "study nsfh: rc $? in $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$OUT/study-time.log"
cp /tmp/s-nsfh/results.sqlite "$OUT/results-nsfh.sqlite" 2>/dev/null
echo "== nsfh compositions" | tee -a "$OUT/time-batch.log"
timeout 90 node /tmp/nsfh/scripts/time-batch.mjs 51 500 cec2017_f26 cec2017_f24 cec2017_f3 2>&1 | grep -v "^Warning" | tee -a "$OUT/time-batch.log"
