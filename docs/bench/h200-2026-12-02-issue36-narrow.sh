#!/usr/bin/env bash
# GPU machine, 2026-12-02: cec2014_f22 (46% of seed 002's batched study) through four builds:
# fmab (fcd7be0), r (6e36c86: the range pass's Katsuura change), n (+ passes/narrow.ts: the
# float-float rows only where read, 10 of 100) and ns (+ passes/spread.ts: Katsuura's terms one
# element a lane); a batch of 51 jDE NP 250 runs at D = 100 (scripts/time-batch.mjs). Then ns's
# part of the study on cec2014_f22 batched (ns) against runs alone (nsa: BATCH_SCHEDULE = false),
# compared bit for bit, and ns's whole study. Carry [".gpu", "dists.tar.xz", "data-d100.tar.xz"];
# bash .gpu/enter.sh bash THIS_FILE.
set -uo pipefail
mkdir -p /tmp/data && tar -xJf data-d100.tar.xz -C /tmp/data && export OPT_DATA=/tmp/data
tar -xJf dists.tar.xz -C /tmp
for v in fmab r n ns nsa; do ln -sfn "$PWD/node_modules" /tmp/$v/node_modules; ln -sfn "$PWD/stdlib" /tmp/$v/stdlib; ln -sfn "$PWD/package.json" /tmp/$v/package.json; mkdir -p /tmp/$v/scripts; cp scripts/time-batch.mjs /tmp/$v/scripts/; done
for v in fmab r n ns; do echo "== $v"; timeout 60 node /tmp/$v/scripts/time-batch.mjs 51 500 cec2014_f22 2>&1 | grep -v "^Warning"; done | tee "$OUT/time-batch.log"
sed -e 's/problems = suite gpu_de_benchmark/problems = [cec2014_f22]/' -e 's/experiment seed002_d100/experiment part_d100/' examples/seed002_d100.opt > /tmp/part.opt
for v in ns nsa; do
  t0=$(date +%s%N)
  timeout 200 node /tmp/$v/dist/cli/main.js experiment /tmp/part.opt --backend gpu --out /tmp/p-$v > "$OUT/part-$v.log" 2>&1
  echo "part $v: rc $? in $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$OUT/study-time.log"
done
node scripts/compare-results.mjs /tmp/p-ns/results.sqlite /tmp/p-nsa/results.sqlite 2>&1 | tee "$OUT/compare.log"
t0=$(date +%s%N)
timeout 200 node /tmp/ns/dist/cli/main.js experiment examples/seed002_d100.opt --backend gpu --out /tmp/s-ns > "$OUT/study-ns.log" 2>&1
echo "study ns: rc $? in $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$OUT/study-time.log"
tail -3 "$OUT/study-ns.log"
