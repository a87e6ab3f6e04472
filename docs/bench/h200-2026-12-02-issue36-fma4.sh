#!/usr/bin/env bash
# GPU machine, 2026-12-02: issue 36 item 1, the final form of codegen/wgsl-fma.ts (lets of a
# product with a library call among its factors seen through, fused inside; lets of a quotient
# kept). The functions it changed against the third round (h200-2026-12-02-issue36-fma3.sh, whose
# study agreed bit for bit): cec2017_f24, cec2014_f18, cec2014_f22, and cec2017_f22 again, 51 runs
# each of seed 002's study, batch schedule (fmab) against a run alone's (fma), compared bit for bit.
# Carry [".gpu", "dists.tar.xz" (fma, fmab), "data-d100.tar.xz"]; bash .gpu/enter.sh bash THIS_FILE.
set -uo pipefail
mkdir -p /tmp/data && tar -xJf data-d100.tar.xz -C /tmp/data && export OPT_DATA=/tmp/data
tar -xJf dists.tar.xz -C /tmp; for v in fma fmab; do ln -sfn "$PWD/node_modules" /tmp/$v/node_modules; ln -sfn "$PWD/stdlib" /tmp/$v/stdlib; ln -sfn "$PWD/package.json" /tmp/$v/package.json; done
sed -e 's/problems = suite gpu_de_benchmark/problems = [cec2017_f24, cec2014_f18, cec2014_f22, cec2017_f22]/' -e 's/experiment seed002_d100/experiment part_d100/' examples/seed002_d100.opt > /tmp/part.opt
for v in fmab fma; do
  t0=$(date +%s%N)
  timeout 140 node /tmp/$v/dist/cli/main.js experiment /tmp/part.opt --backend gpu --out /tmp/p-$v > "$OUT/part-$v.log" 2>&1
  echo "part $v: rc $? in $(( ($(date +%s%N) - t0) / 1000000 )) ms"
done
node scripts/compare-results.mjs /tmp/p-fmab/results.sqlite /tmp/p-fma/results.sqlite 2>&1 | tee "$OUT/compare.log"
