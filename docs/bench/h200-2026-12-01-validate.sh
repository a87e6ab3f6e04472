#!/usr/bin/env bash
# GPU machine, 2026-12-01: issue 34's GPU-side changes on an NVIDIA H200 (Dawn on Vulkan) and
# seed 004's short protocols run again with bound handling (issue 33: its box counts in the report).
# Prepared here: `npm run build` (dist is carried: typescript is left out of the packed
# node_modules to fit the 64 MiB carry), ../shared/tools/gpu/pack, then .gpu/node_modules.tar.xz
# packed again without playwright-core, typescript, ts-morph and better-sqlite3's sources, and
# gpu-data/ with ../shared/data/lolib and etc-braun. Carry [".gpu", "dist", "gpu-data"], run
#   bash .gpu/enter.sh bash docs/bench/h200-2026-12-01-validate.sh tests|lolib|etc
set -uo pipefail
export OPT_DATA="$PWD/gpu-data"
part=${1:?tests, lolib or etc}
case $part in
tests)
  # NaN as the worst fitness (opt_fit in every algorithm step), long written chains cut into lets
  # (400 and 300 terms; 100,000 terms runs on a discrete GPU only), the box per coordinate.
  timeout 420 npx vitest run test/gpu/nan.gpu.test.ts test/gpu/long-expr.gpu.test.ts \
    test/gpu/box-coordinates.gpu.test.ts test/gpu/bounds.gpu.test.ts > "$OUT/vitest.log" 2>&1
  echo "vitest rc=$?"
  grep -E "✓|×|↓|Test Files|Tests |skipped" "$OUT/vitest.log" | tail -45
  ;;
lolib | etc)
  name=seed004_${part}_short
  timeout 540 node bin/opt.js experiment experiments/seed004.opt $name --out /tmp/$part \
    --backend gpu > "$OUT/$part-run.log" 2>&1
  echo "experiment rc=$?"
  node bin/opt.js report /tmp/$part > "$OUT/$part-report.log" 2>&1
  echo "report rc=$?"
  for f in results.sqlite report.md cells.csv; do cp "/tmp/$part/$f" "$OUT/$part-$f"; done
  tail -5 "$OUT/$part-run.log"
  head -60 "/tmp/$part/report.md"
  ;;
esac
