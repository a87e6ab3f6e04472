#!/usr/bin/env bash
# GPU machine, 2026-12-02: issue 36, the canonical order's cost recovered (one unit a lane-partial up
# to D = 1,024; blocks of up to 16 units a lane-partial at huge D) against the build before it
# (a170879, packed as old-a170879.tar.xz: bin, dist, stdlib, package.json; the new build's dist as
# new-wt.tar.xz), `opt bench --algorithms` alternating; then which schedule a batch of 51 jDE runs
# should take (scripts/profile-batch-schedules.mjs). Carry [".gpu", "old-a170879.tar.xz",
# "new-wt.tar.xz"]; bash .gpu/enter.sh bash THIS_FILE.
set -uo pipefail
mkdir -p /tmp/o && tar -xJf old-a170879.tar.xz -C /tmp/o && ln -sfn "$PWD/node_modules" /tmp/o/old/node_modules
OLD=/tmp/o/old/dist/cli/main.js
mkdir -p /tmp/n && tar -xJf new-wt.tar.xz -C /tmp/n && rm -rf dist && cp -r /tmp/n/new/dist dist
NEW=dist/cli/main.js
node $OLD bench --algorithms --json "$OUT/bench-old-1.json" > "$OUT/bench-old-1.log" 2>&1
node $NEW bench --algorithms --json "$OUT/bench-new-1.json" > "$OUT/bench-new-1.log" 2>&1
timeout 200 node scripts/profile-batch-schedules.mjs 51 > "$OUT/schedules.log" 2>&1
node -e '
const fs=require("fs"); const out=process.env.OUT;
const rows={};
for (const b of ["old","new"]) for (const r of [1]) {
  const j=JSON.parse(fs.readFileSync(`${out}/bench-${b}-${r}.json`,"utf8"));
  for (const x of j.rows.filter(x=>x.backend==="gpu")) { const k=`${x.what} D=${x.dim}`; (rows[k] ??= {})[`${b}${r}`]=x.gpuUsPerGen?.toFixed(2); }
  console.log(b, r, "copy GB/s", j.copyGBps?.toFixed(0), "GFLOP/s", j.gflops?.toFixed(0));
}
console.log("GPU us a generation (timestamps): old1 new1");
for (const [k,v] of Object.entries(rows)) console.log(k, v.old1, v.new1);
' | tee "$OUT/summary.log"
grep -v "^Warning" "$OUT/schedules.log" | cut -c1-400
