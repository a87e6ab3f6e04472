#!/usr/bin/env bash
# GPU machine, 2026-12-02: the batch's tiled rotations with more individuals a workgroup. A step
# keeps its vectors in workgroup memory up to SHARED_VEC_BYTES (schedule.ts); at 8,192 (base) the
# one-rotation functions' batch takes 4 individuals a workgroup, at 12,288 (sv12) and 16,384
# (sv16) 8. scripts/diag-batch-host.mjs (51 runs, jDE NP 250, D = 100, 2,000 generations, GPU
# time with timestamps); then seed 002's study on cec2017_f4 and cec2014_f18, base against sv16,
# bit for bit. Carry [".gpu", "dists.tar.xz", "data-d100.tar.xz"]; bash .gpu/enter.sh bash THIS_FILE.
set -uo pipefail
mkdir -p /tmp/data && tar -xJf data-d100.tar.xz -C /tmp/data && export OPT_DATA=/tmp/data
tar -xJf dists.tar.xz -C /tmp
for v in base sv12 sv16; do ln -sfn "$PWD/node_modules" /tmp/$v/node_modules; ln -sfn "$PWD/stdlib" /tmp/$v/stdlib; ln -sfn "$PWD/package.json" /tmp/$v/package.json; mkdir -p /tmp/$v/scripts; cp scripts/*.mjs /tmp/$v/scripts/; done
for v in base sv12 sv16; do echo "== $v"; timeout 150 node /tmp/$v/scripts/diag-batch-host.mjs 51 2000 cec2017_f4 cec2014_f18 cec2017_f16 cec2017_f5 cec2017_f3 cec2017_f10 2>&1 | grep -v "^Warning"; done | tee "$OUT/tiles.log"
sed -e 's/problems = suite gpu_de_benchmark/problems = [cec2017_f4, cec2014_f18]/' -e 's/experiment seed002_d100/experiment part_d100/' examples/seed002_d100.opt > /tmp/part.opt
for v in base sv16; do
  t0=$(date +%s%N)
  timeout 100 node /tmp/$v/dist/cli/main.js experiment /tmp/part.opt --backend gpu --out /tmp/p-$v > "$OUT/part-$v.log" 2>&1
  echo "part $v: rc $? in $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$OUT/tiles.log"
done
node scripts/compare-results.mjs /tmp/p-sv16/results.sqlite /tmp/p-base/results.sqlite 2>&1 | tee -a "$OUT/tiles.log"
