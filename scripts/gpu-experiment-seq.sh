#!/bin/bash
# Issue 14: experiments whose runs run one after another, on the GPU machine (docs/performance.md,
# "Experiments, runs one after another"). Run there as
#   bash .gpu/enter.sh bash scripts/gpu-experiment-seq.sh   (carry .gpu and dist)
export OPT_DATA=$PWD/.data
nvidia-smi --query-gpu=name --format=csv,noheader
s=$(date +%s.%N); node dist/cli/main.js experiment examples/small_study.opt --out $OUT/small --backend gpu 2> $OUT/small.log; e=$(date +%s.%N)
echo "small_study (40 runs, GPU): $(awk "BEGIN{print $e - $s}") s"; tail -2 $OUT/small.log
s=$(date +%s.%N); node dist/cli/main.js experiment examples/gpu_seq_study.opt --out $OUT/seq --backend gpu 2> $OUT/seq.log; e=$(date +%s.%N)
echo "gpu_seq (10 runs of jDE NP 250, D = 100, 1e6 evaluations, one after another): $(awk "BEGIN{print $e - $s}") s"; cat $OUT/seq.log
s=$(date +%s.%N); node dist/cli/main.js run jde --problem rastrigin --dim 100 --evals 1000000 --set NP=250 --seed 1 --target none --backend gpu --json > $OUT/one.json 2>/dev/null; e=$(date +%s.%N)
echo "one opt run (same, seed 1, target none): $(awk "BEGIN{print $e - $s}") s"
rm -rf $OUT/small $OUT/seq
