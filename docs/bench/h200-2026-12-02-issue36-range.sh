#!/usr/bin/env bash
# GPU machine, 2026-12-02: cec2014_f22 (46% of seed 002's batched study) before and after the range
# pass's change (Katsuura's sum of logarithms a stage of its own; no signs for factors a^c, c not
# an integer). A batch of 51 jDE NP 250 runs at D = 100, scripts/time-batch.mjs. Carry [".gpu",
# "dists.tar.xz" (fmab: fcd7be0 build; r: this one), "data-d100.tar.xz"].
set -uo pipefail
mkdir -p /tmp/data && tar -xJf data-d100.tar.xz -C /tmp/data && export OPT_DATA=/tmp/data
tar -xJf dists.tar.xz -C /tmp
for v in fmab r; do rm -rf dist && cp -r /tmp/$v/dist dist; echo "== $v"; timeout 30 node scripts/time-batch.mjs 51 500 cec2014_f22 2>&1 | grep -v "^Warning"; done
