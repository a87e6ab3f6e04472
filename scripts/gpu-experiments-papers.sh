#!/bin/bash
# Issue 14: the papers' protocols (experiments/*.opt) on the GPU machine, their reports into $OUT
# (docs/experiments.md). Run there as
#   bash .gpu/enter.sh bash scripts/gpu-experiments-papers.sh FILE NAME   (carry .gpu, dist, .datax)
[ -d .data ] || tar -xJf .datax/data.tar.xz
export OPT_DATA=$PWD/.data
file=$1; name=$2
nvidia-smi --query-gpu=name --format=csv,noheader
s=$(date +%s.%N); node dist/cli/main.js experiment $file $name --out $OUT/$name --backend gpu 2> $OUT/$name.log; rc=$?; e=$(date +%s.%N)
echo "$name: $(awk "BEGIN{print $e - $s}") s (exit $rc)"; grep -v Warning $OUT/$name.log | tail -2
node dist/cli/main.js report $OUT/$name > /dev/null 2> $OUT/$name-report.err || cat $OUT/$name-report.err
rm -f $OUT/$name/results.sqlite-wal $OUT/$name/results.sqlite-shm
xz -T0 $OUT/$name/results.sqlite
ls -la $OUT/$name | tail -8
