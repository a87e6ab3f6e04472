#!/usr/bin/env bash
# GPU machine, 2026-12-02: issue 36 item 1, the canonical rounding order (reductions and scans),
# against the build before it (a3e88a6, packed as old-a3e88a6.tar.xz: bin, dist, stdlib,
# package.json). `opt bench --algorithms` and `opt bench --suite seed001 --quick`-style rows, the old
# build and the new alternating, two rounds each; the roofline (copy GB/s, FMA GFLOP/s) comes with
# each bench's JSON. Carry [".gpu", "old-a3e88a6.tar.xz", "new-a71a676.tar.xz"] (the new build: dist packed, to fit the 64 MiB the machine takes); bash .gpu/enter.sh bash THIS_FILE.
set -uo pipefail
mkdir -p /tmp/o && tar -xJf old-a3e88a6.tar.xz -C /tmp/o && ln -sfn "$PWD/node_modules" /tmp/o/old/node_modules
OLD=/tmp/o/old/dist/cli/main.js
mkdir -p /tmp/n && tar -xJf new-a71a676.tar.xz -C /tmp/n && rm -rf dist && cp -r /tmp/n/new/dist dist
NEW=dist/cli/main.js
for round in 1 2; do
  node $OLD bench --algorithms --json "$OUT/bench-old-$round.json" > "$OUT/bench-old-$round.log" 2>&1
  node $NEW bench --algorithms --json "$OUT/bench-new-$round.json" > "$OUT/bench-new-$round.log" 2>&1
done
node $OLD bench --quick --json "$OUT/quick-old.json" > "$OUT/quick-old.log" 2>&1
node $NEW bench --quick --json "$OUT/quick-new.json" > "$OUT/quick-new.log" 2>&1
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
for (const b of ["old","new"]) { try { const j=JSON.parse(fs.readFileSync(`${out}/quick-${b}.json`,"utf8")); console.log("quick", b, JSON.stringify(j.rows.map(x=>[x.what??x.problem, x.dim, x.fractionOfCopy?.toFixed?.(2) ?? x.usPerEval])).slice(0,1500)); } catch (e) { console.log("quick", b, String(e).slice(0,200)); } }
' | tee "$OUT/summary.log"
