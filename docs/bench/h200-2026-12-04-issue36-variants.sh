# Issue 36, item 2: where a batched generation's GPU time goes inside its kernel (stages left out),
# the team (so the individuals a workgroup) forced, and the GPU's clocks beside each run, for the
# variance between runs (scripts/diag-batch-variants.mjs).
# Carry [".gpu", "dists.tar.xz", "data-d100.tar.xz"] (the D = 100 data files of CEC 2014 and 2017).
set -o pipefail
mkdir -p /tmp/data && tar -xJf data-d100.tar.xz -C /tmp/data && export OPT_DATA=/tmp/data
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,temperature.gpu,power.draw,clocks_event_reasons.active --format=csv,noheader --loop-ms=100 > $OUT/clocks.csv &
smi=$!
node scripts/diag-batch-variants.mjs 51 1000 3 cec2017_f22 cec2017_f24 cec2014_f22 cec2017_f16 cec2017_f4 cec2017_f3 2>&1 | grep -v Warning | tee $OUT/variants.log
kill $smi
