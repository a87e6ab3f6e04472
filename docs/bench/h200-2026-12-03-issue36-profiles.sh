#!/usr/bin/env bash
# GPU machine, 2026-12-03, issue 36 items 3 and 4: where the time goes, per step (a timestamp
# pair around each step run): MA-SW-Chains at D = 30,000,000 over 30,000 evaluations (the
# phases of the 285 s run), and PSO N 16 / DE NP 16 at D = 3,000,000 (item 3's 0.4 ms target).
# Carry [".gpu", "dists.tar.xz"] (new/dist); bash .gpu/enter.sh bash THIS_FILE.
set -uo pipefail
v=new
mkdir -p /tmp/$v && tar -xJf dists.tar.xz -C /tmp $v
ln -sfn "$PWD/node_modules" /tmp/$v/node_modules; ln -sfn "$PWD/stdlib" /tmp/$v/stdlib
ln -sfn "$PWD/package.json" /tmp/$v/package.json; cp -r scripts /tmp/$v/
log="$OUT/profiles.log"
echo "== PSO N 16 and DE NP 16, D = 3,000,000" | tee -a "$log"
timeout 120 node /tmp/$v/scripts/profile-pso-huge.mjs 2>&1 | grep -v "^Warning" | tee -a "$log"
echo "== MA-SW-Chains, D = 30,000,000, 30,000 evaluations, profiled" | tee -a "$log"
EVALS=30000 WARM=0 timeout 200 node /tmp/$v/scripts/bench-memetic.mjs 30000000 2>&1 | grep -v "^Warning" | tee -a "$log"
