#!/usr/bin/env bash
# GPU machine: docs/bench/seed003-gojde-variants.opt on the GPU (precision auto: float-float, which
# ends where float64 does on these functions: docs/experiments-papers.md). Inputs: gpu-data/d3.tar.xz
# = tar -cJf gpu-data/d3.tar.xz -C ../shared/data soco2010; carry [".gpu-slim", "gpu-data"], then
# bash .gpu-slim/enter.sh bash docs/bench/h200-2026-11-29-gojde-variants.sh
set -uo pipefail
node node_modules/typescript/bin/tsc -p tsconfig.json || exit 1
mkdir -p /tmp/data && tar -xJf gpu-data/d3.tar.xz -C /tmp/data
export OPT_DATA=/tmp/data
node bin/opt.js experiment docs/bench/seed003-gojde-variants.opt --out /tmp/v > "$OUT/variants.log" 2>&1
node bin/opt.js report /tmp/v >> "$OUT/variants.log" 2>&1
cp /tmp/v/cells.csv "$OUT/cells.csv"
grep -A10 "^| algorithm" /tmp/v/report.md | head -12
