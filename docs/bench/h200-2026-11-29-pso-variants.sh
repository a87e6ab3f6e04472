#!/usr/bin/env bash
# GPU machine: seed 000's PSO variants (docs/bench/seed000-pso-variants.opt), 10 one-second runs a
# cell on Rosenbrock at D = 30 and Schwefel 2.26 at D = 10, alone on the machine (wall-clock
# budgets). Carry [".gpu-slim"] (see h200-2026-11-29-protocols.sh) and run
# bash .gpu-slim/enter.sh bash docs/bench/h200-2026-11-29-pso-variants.sh
set -uo pipefail
node node_modules/typescript/bin/tsc -p tsconfig.json || exit 1
for e in ${EXPERIMENTS:-seed000_pso_rosenbrock seed000_pso_schwefel seed000_pso_ring}; do
  node bin/opt.js experiment docs/bench/seed000-pso-variants.opt "$e" --out "/tmp/$e" > "$OUT/$e.log" 2>&1
  node bin/opt.js report "/tmp/$e" >> "$OUT/$e.log" 2>&1
  cp "/tmp/$e/results.sqlite" "$OUT/$e.sqlite"; cp "/tmp/$e/cells.csv" "$OUT/$e-cells.csv"
  grep -A12 "^| algorithm" "/tmp/$e/report.md" | head -14
done
