#!/usr/bin/env bash
# GPU machine, 2026-12-02: where a batched generation's wall clock goes (issue 36, item 2). The
# study's wall clock a generation was about 90 us above the batch step's GPU time for every
# function (docs/performance.md). scripts/diag-batch-host.mjs: a batch of 51 jDE NP 250 runs at
# D = 100, 4,000 generations, timestamps on (GPU time of each submission), and the host's time
# (GpuAlgoEngine.timing), batches doubling (the default) and fixed at 1,024; then one run alone.
# Carry [".gpu", "dists.tar.xz" (nsfh: 001ac47 + ffsplit + hoist), "data-d100.tar.xz"].
set -uo pipefail
mkdir -p /tmp/data && tar -xJf data-d100.tar.xz -C /tmp/data && export OPT_DATA=/tmp/data
tar -xJf dists.tar.xz -C /tmp
v=nsfh; ln -sfn "$PWD/node_modules" /tmp/$v/node_modules; ln -sfn "$PWD/stdlib" /tmp/$v/stdlib; ln -sfn "$PWD/package.json" /tmp/$v/package.json; mkdir -p /tmp/$v/scripts; cp scripts/*.mjs /tmp/$v/scripts/
timeout 200 node /tmp/$v/scripts/diag-batch-host.mjs 51 4000 cec2017_f4 cec2017_f26 cec2014_f22 2>&1 | grep -v "^Warning" | tee "$OUT/host.log"
timeout 100 node /tmp/$v/scripts/diag-batch-host.mjs 1 4000 cec2017_f4 2>&1 | grep -v "^Warning" | tee -a "$OUT/host.log"
