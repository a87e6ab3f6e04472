#!/usr/bin/env bash
# GPU machine, 2026-12-02: issue 36 item 1, third round: float quotients that an add reads kept
# opaque (opt_keep, codegen/wgsl-fma.ts), after the second round left the same 4 of 4,080 rows of
# cec2017_f22 apart. (1) cec2017_f22 alone (51 runs), batch schedule (fmab) against a run alone's
# (fma); (2) seed 002's whole study, the same pair, compared bit for bit; (3) the study with units
# of one element up to D = 1,024 (u1, batch schedule). Carry [".gpu", "dists.tar.xz" (fma, fmab,
# u1), "data-d100.tar.xz"]; bash .gpu/enter.sh bash THIS_FILE.
set -uo pipefail
mkdir -p /tmp/data && tar -xJf data-d100.tar.xz -C /tmp/data && export OPT_DATA=/tmp/data
tar -xJf dists.tar.xz -C /tmp; for v in fma fmab u1; do ln -sfn "$PWD/node_modules" /tmp/$v/node_modules; ln -sfn "$PWD/stdlib" /tmp/$v/stdlib; ln -sfn "$PWD/package.json" /tmp/$v/package.json; done
sed -e 's/problems = suite gpu_de_benchmark/problems = [cec2017_f22]/' -e 's/experiment seed002_d100/experiment f22_d100/' examples/seed002_d100.opt > /tmp/f22.opt
study() { # variant file out
  t0=$(date +%s%N)
  timeout "$4" node /tmp/$1/dist/cli/main.js experiment "$2" --backend gpu --out "$3" > "$OUT/$(basename $3).log" 2>&1
  rc=$?; echo "$(basename $3): rc $rc in $(( ($(date +%s%N) - t0) / 1000000 )) ms" | tee -a "$OUT/study-time.log"
}
study fmab /tmp/f22.opt /tmp/f22-fmab 60; study fma /tmp/f22.opt /tmp/f22-fma 60
node scripts/compare-results.mjs /tmp/f22-fmab/results.sqlite /tmp/f22-fma/results.sqlite 2>&1 | tee "$OUT/compare-f22.log"
study fmab examples/seed002_d100.opt /tmp/s-fmab 170; study fma examples/seed002_d100.opt /tmp/s-fma 225
node scripts/compare-results.mjs /tmp/s-fmab/results.sqlite /tmp/s-fma/results.sqlite 2>&1 | tee "$OUT/compare.log"
cp /tmp/s-fmab/results.sqlite "$OUT/results-fmab.sqlite" 2>/dev/null
study u1 examples/seed002_d100.opt /tmp/s-u1 150
