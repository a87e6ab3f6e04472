#!/bin/bash
# Issue 14: batched experiments on the GPU machine (docs/performance.md, "Experiments, batched").
# Run there as   bash .gpu/enter.sh bash scripts/gpu-experiment-batch.sh   (carry .gpu, dist and
# .datax: the benchmark's data files, `tar -cJf .datax/data.tar.xz .data`, 0.7 MB instead of 11)
[ -d .data ] || tar -xJf .datax/data.tar.xz
export OPT_DATA=$PWD/.data
nvidia-smi --query-gpu=name --format=csv,noheader
node scripts/bench-batch.mjs 2>&1 | grep -v Warning | tee $OUT/bench-batch.log
s=$(date +%s.%N); node dist/cli/main.js experiment examples/seed002_d100.opt --out $OUT/s002 --backend gpu 2> $OUT/s002.log; rc=$?; e=$(date +%s.%N)
echo "seed002_d100 (10 functions x 51 runs x 10,000,000 evaluations, jDE NP 250): $(awk "BEGIN{print $e - $s}") s (exit $rc)"
grep -v Warning $OUT/s002.log | tail -3
node dist/cli/main.js report $OUT/s002 > /dev/null && cp $OUT/s002/report.md $OUT/s002-report.md
rm -f $OUT/s002/results.sqlite-wal $OUT/s002/results.sqlite-shm
