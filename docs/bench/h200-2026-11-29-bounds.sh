#!/usr/bin/env bash
# GPU machine: DE before bound handling (85adf9f) and after, with each policy. GPU time a
# generation from bench --algorithms (seed 000's classic functions, D = 100, NP 250), and wall
# time of whole runs with a rotation (cec2017_f5, NP 250 and NP 1,000: the tiled step).
set -uo pipefail
# Before the run, in the project root here (neither is committed; the carry limit leaves no room
# for the CEC 2017 data): git archive 85adf9f src stdlib bin package.json tsconfig.json | xz -9 >
# old-85adf9f.tar.xz, and gpu-data/cec2017/input_data/ with M_5_D100.txt.xz and shift_data_5.txt
# from ../shared/data/cec2017/input_data. Then carry [".gpu"] and run
# bash .gpu/enter.sh bash docs/bench/h200-2026-11-29-bounds.sh.
npx tsc -p tsconfig.json || exit 1
mkdir -p /tmp/old && tar -xJf old-85adf9f.tar.xz -C /tmp/old && ln -sf "$PWD/node_modules" /tmp/old/node_modules
(cd /tmp/old && npx tsc -p tsconfig.json) || exit 1
xz -dk gpu-data/cec2017/input_data/M_5_D100.txt.xz
export OPT_DATA="$PWD/gpu-data"
for round in 1 2; do
  node /tmp/old/bin/opt.js bench --algorithms --suite seed000 > "$OUT/suite-old-$round.log" 2>&1
  node bin/opt.js bench --algorithms --suite seed000 > "$OUT/suite-new-$round.log" 2>&1
done
row() { node -e 'let t="";process.stdin.on("data",d=>t+=d).on("end",()=>{try{const r=JSON.parse(t);console.log(process.argv[1],process.argv[2],r.generations,r.seconds.toFixed(3),(1e6*r.seconds/r.generations).toFixed(2)+" us/gen",r.bestError.toPrecision(3),r.bestInBox)}catch(e){console.log(process.argv[1],process.argv[2],"failed")}})' "$1" "$2"; }
S="--dim 100 --set crossover=bin --set mutation=rand1 --set F=0.5 --set CR=0.3 --evals 10000000 --target none --json --backend gpu"
for round in 1 2 3; do
  for np in 1000; do
    node /tmp/old/bin/opt.js run de --problem cec2017_f5 $S --set NP=$np 2>/dev/null | row old "f5 NP $np"
    node bin/opt.js run de --problem cec2017_f5 $S --set NP=$np --set bounds=free docs/bench/bounds-free.opt 2>/dev/null | row free "f5 NP $np"
    node bin/opt.js run de --problem cec2017_f5 $S --set NP=$np 2>/dev/null | row midpoint "f5 NP $np"
    node bin/opt.js run de --problem cec2017_f5 $S --set NP=$np --set bounds=reflect 2>/dev/null | row reflect "f5 NP $np"
  done
done > "$OUT/runs.log" 2>&1
cat "$OUT/runs.log"
for f in "$OUT"/suite-*-2.log; do echo "== $f"; grep -v "^$" "$f" | tail -24; done
