#!/usr/bin/env bash
# GPU machine, 2026-12-01: DE's evaluations in a wall-clock budget on an ETC matrix (D = 512,
# NP 64), before today's changes (7e431f1, packed here as old-7e431f1.tar.xz: bin, dist, stdlib,
# package.json) and after, with the default midpoint repair and with clip. Carry [".gpu", "dist",
# "gpu-data", "old-7e431f1.tar.xz"]; bash .gpu/enter.sh bash THIS_FILE.
set -uo pipefail
export OPT_DATA="$PWD/gpu-data"
mkdir -p /tmp/o && tar -xJf old-7e431f1.tar.xz -C /tmp/o && ln -sf "$PWD/node_modules" /tmp/o/old/node_modules
S="--problem etc_u_c_hihi --set NP=64 --set crossover=bin --seconds 10 --target none --json --backend gpu"
row() { node -e 'let t="";process.stdin.on("data",d=>t+=d).on("end",()=>{try{const r=JSON.parse(t);console.log(process.argv[1],r.evals,r.generations,r.seconds.toFixed(2),(1e6*r.seconds/r.generations).toFixed(1)+" us/gen",r.bestFitness.toPrecision(4),r.bestInBox)}catch(e){console.log(process.argv[1],"failed",t.slice(0,200))}})' "$1"; }
for round in 1 2; do
  node /tmp/o/old/bin/opt.js run de $S 2>/dev/null | row "old-7e431f1"
  node bin/opt.js run de $S 2>/dev/null | row "new-midpoint"
  node bin/opt.js run de $S --set bounds=clip 2>/dev/null | row "new-clip"
done | tee "$OUT/etc-ab.log"
