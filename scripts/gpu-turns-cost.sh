#!/bin/bash
# Issue 12, the turns pass: cost and accuracy on the GPU machine (docs/performance.md, "The turns
# pass"). Before = .before/dist, the build of the commit before (592ff0c); after = dist. Needs the
# CEC 2014 and 2017 data of the functions it names in .data (OPT_DATA). Run there as
#   bash .gpu/enter.sh bash scripts/gpu-turns-cost.sh   (carry .gpu, dist, .before, .data)
export OPT_DATA=$PWD/.data
FINAL=$OUT; OUT=$(mktemp -d)
B=".before/dist/cli/main.js"; A="dist/cli/main.js"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/device.txt
F100=katsuura,cec17_katsuura,cec17_weierstrass,cec2014_f6,cec2014_f12,cec2017_f19,cec2017_f17,rastrigin
for r in 1 2; do
  for v in before after; do
    bin=$B; [ $v = after ] && bin=$A
    node $bin bench --isolate --dims 100 --only $F100 --json $OUT/fit-$v-$r-100.json >> $OUT/fit.log 2>&1
    node $bin bench --isolate --dims 1000000 --only katsuura,rastrigin --json $OUT/fit-$v-$r-1e6.json >> $OUT/fit.log 2>&1
    for p in cec2014_f6 cec2017_f17; do
      s=$(date +%s.%N); node $bin run gojde --problem $p --dim 100 --evals 500000 --seed 1 --target none --backend gpu --json > $OUT/run-$v-$r-$p.json 2>> $OUT/runs.log; e=$(date +%s.%N)
      echo "$v $r $p $(awk "BEGIN{print $e - $s}") s" >> $OUT/runs.log
    done
  done
done
node scripts/float32-survey.mjs --dims 10,100 --only katsuura,cec17_katsuura,cec17_weierstrass,cec2014_f6,cec2014_f12,cec2014_f19,cec2014_f22,cec2017_f17,cec2017_f19,cec2017_f20 --md $OUT/survey.md > $OUT/survey.log 2>&1
node scripts/float32-survey.mjs --dims 1000 --only katsuura,cec17_katsuura,cec17_weierstrass >> $OUT/survey.log 2>&1
npx vitest run test/gpu/problems.gpu.test.ts test/gpu/cec2014.gpu.test.ts -t "katsuura|cec2014_f(6|12|19|22) |cec2017_f(17|19|20) " > $OUT/vitest.log 2>&1
echo finished >> $OUT/runs.log
tar czf $FINAL/h100-turns.tgz -C $OUT .
cp $OUT/runs.log $OUT/survey.md $FINAL/ 2>/dev/null
tail -5 $OUT/vitest.log > $FINAL/vitest-tail.txt
