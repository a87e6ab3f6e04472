#!/usr/bin/env bash
# GPU machine, 2026-12-02: issue 35's algorithm passes (while, store-lets, fitness, select) and the
# modules' embedded kernels, against the build before them (d9797bf, packed as old-d9797bf.tar.xz:
# bin, dist, stdlib, package.json).
#  1. `opt bench --algorithms`, the old build and the new alternating, two rounds;
#  2. seeded GPU runs of every stdlib algorithm, old and new: the same --json but for the times.
# Carry [".gpu", "dist", "old-d9797bf.tar.xz"]; bash .gpu/enter.sh bash THIS_FILE.
set -uo pipefail
mkdir -p /tmp/o && tar -xJf old-d9797bf.tar.xz -C /tmp/o && ln -sfn "$PWD/node_modules" /tmp/o/old/node_modules
OLD=/tmp/o/old/dist/cli/main.js
NEW=dist/cli/main.js
for round in 1 2; do
  node $OLD bench --algorithms --json "$OUT/bench-old-$round.json" > "$OUT/bench-old-$round.log" 2>&1
  node $NEW bench --algorithms --json "$OUT/bench-new-$round.json" > "$OUT/bench-new-$round.log" 2>&1
done
strip='const r=JSON.parse(require("fs").readFileSync(0,"utf8"));for(const k of ["seconds","evalsPerSecond","adapter","device","startedAt","wallSeconds"])delete r[k];console.log(JSON.stringify(r,(k,v)=>/seconds|time|Ms$/i.test(k)?undefined:v))'
same=0; differ=0
for a in de jde gojde pso scatter_search ma_sw_chains lshade sep_cmaes examples/es_one_plus_one.opt; do
  for p in "rastrigin --dim 30" "cec2014_f6 --dim 10"; do
    args="run $a --problem $p --evals 20000 --seed 7 --backend gpu --json"
    o=$(node $OLD $args 2>"$OUT/err-old.txt" | node -e "$strip" 2>&1)
    n=$(node $NEW $args 2>"$OUT/err-new.txt" | node -e "$strip" 2>&1)
    if [ "$o" = "$n" ]; then same=$((same+1)); echo "same   $a $p"; else differ=$((differ+1)); echo "DIFFER $a $p"; echo "  old: ${o:0:300}"; echo "  new: ${n:0:300}"; fi
  done
done | tee "$OUT/seeded.log"
node -e '
const fs=require("fs"); const out=process.env.OUT;
const rows={};
for (const b of ["old","new"]) for (const r of [1,2]) {
  const j=JSON.parse(fs.readFileSync(`${out}/bench-${b}-${r}.json`,"utf8"));
  for (const x of j.rows.filter(x=>x.backend==="gpu")) { const k=`${x.what} D=${x.dim}`; (rows[k] ??= {})[`${b}${r}`]=x.gpuUsPerGen?.toFixed(2); }
  console.log(b, r, "copy GB/s", j.copyGBps?.toFixed(0), "GFLOP/s", j.gflops?.toFixed(0));
}
console.log("GPU us a generation (timestamps): old1 new1 old2 new2");
for (const [k,v] of Object.entries(rows)) console.log(k, v.old1, v.new1, v.old2, v.new2);
' | tee "$OUT/summary.log"
