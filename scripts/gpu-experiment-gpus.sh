#!/bin/bash
# opt experiment --gpus all on the two-GPU machine (docs/experiments.md, "One worker per GPU"): the
# device-select layer installed as Debian installs it, one command, its workers and its merge,
# nvidia-smi sampling each GPU; then the same experiment in one process, and the two databases'
# runs compared. After scripts/pack-device-select.sh here:
#   bash .gpu/enter.sh bash scripts/gpu-experiment-gpus.sh   (carry .gpu, dist, .gpux)
. "$(dirname "$0")/gpu-install-device-select.sh"
cat > /tmp/two.opt <<'OPT'
experiment two_gpus {
  algorithms = [jde(NP: 250), de(NP: 250, F: 0.5, CR: 0.3, mutation: rand1, crossover: bin)]
  problems = [rastrigin, sphere, rosenbrock, ackley]
  dims = [100]
  runs = 51
  budget = evals(2000000)
  seed = 1
}
OPT
( while true; do nvidia-smi --query-gpu=index,utilization.gpu --format=csv,noheader | tr '\n' ' '; echo; sleep 0.5; done ) > $OUT/util.log &
mon=$!
s=$(date +%s.%N); node dist/cli/main.js experiment /tmp/two.opt --out /tmp/two --gpus all > $OUT/two.out 2> $OUT/two.err; rc=$?; e=$(date +%s.%N)
kill $mon
echo "--gpus all: exit $rc, $(awk "BEGIN{print $e - $s}") s"; grep -v Warning $OUT/two.err | grep -v "^\[gpu [12][^]]*\] \[" | tail -5; tail -3 $OUT/two.out
grep -c "^\[gpu 1" $OUT/two.err; grep -c "^\[gpu 2" $OUT/two.err
awk '{ for (i = 1; i + 2 <= NF; i += 3) { g = $i + 0; u = $(i + 1) + 0; if (u > m[g]) m[g] = u; if (u > 0) n[g]++ } } END { for (g in m) print "  GPU" g ": max " m[g] "%, busy in " n[g] " of " NR " samples" }' $OUT/util.log
s=$(date +%s.%N); node dist/cli/main.js experiment /tmp/two.opt --out /tmp/one --backend gpu > /dev/null 2>&1; e=$(date +%s.%N)
echo "one process, one GPU: $(awk "BEGIN{print $e - $s}") s"
node -e '
const D = require("better-sqlite3"); const q = (p) => { const d = new D(p, { readonly: true }); const r = d.prepare("SELECT cell, run, seed, evals, best_error, hex(best_point) AS p FROM run ORDER BY cell, run").all(); d.close(); return JSON.stringify(r); };
console.log("merged equals one process:", q("/tmp/two/results.sqlite") === q("/tmp/one/results.sqlite"));'
