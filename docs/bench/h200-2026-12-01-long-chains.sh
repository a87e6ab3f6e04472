#!/usr/bin/env bash
# GPU machine, 2026-12-01: how long a written sum of N terms takes to compile and evaluate on the
# GPU (Dawn on Vulkan; Tint, then the driver's compiler), N = 400 to 100,000, each under a time
# limit, beside the CPU backend. Carry [".gpu", "dist"]; bash .gpu/enter.sh bash THIS_FILE.
set -uo pipefail
d=/tmp/long; mkdir -p $d
for n in ${NS:-400 2000 10000 100000}; do
  node -e 'const n=+process.argv[1];console.log(`problem long_sum(x[D]) in [-1, 1] { ${Array.from({length:n},(_,i)=>`x[${i}]^2`).join(" + ")} }`)' $n > $d/s$n.opt
  node -e 'const n=+process.argv[1];for(let k=0;k<4;k++)console.log(Array.from({length:n},(_,i)=>((i*7+k*3)%17-8)/8).join(" "))' $n > $d/p$n.txt
  for b in cpu gpu; do
    s=$(date +%s%N)
    out=$(timeout 90 node bin/opt.js eval $d/s$n.opt --dim $n --points $d/p$n.txt --backend $b 2>&1 | tr '\n' ' ' | cut -c1-160)
    e=$(date +%s%N)
    printf '%7d %s %8d ms  %s\n' $n $b $(( (e - s) / 1000000 )) "$out"
  done
done 2>&1 | tee "$OUT/long-chains.log"
