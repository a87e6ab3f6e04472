#!/bin/bash
# Can Dawn be given one particular of several identical GPUs? (docs/experiments.md, "One worker per
# GPU".) Two node processes at once, each told another GPU through Mesa's device-select layer
# (DRI_PRIME=pci-DOMAIN_BUS_DEV_FUNC, MESA_VK_DEVICE_SELECT_FORCE_DEFAULT_DEVICE=1), each running a
# batch of runs, nvidia-smi sampling each GPU's utilisation meanwhile; then the same without the
# layer (both land on the first GPU). On the two-GPU machine, after scripts/pack-device-select.sh:
#   bash .gpu/enter.sh bash scripts/gpu-device-select.sh   (carry .gpu, dist, .gpux)
. "$(dirname "$0")/gpu-install-device-select.sh"
nvidia-smi --query-gpu=index,name,pci.bus_id --format=csv,noheader
mapfile -t BUS < <(nvidia-smi --query-gpu=pci.bus_id --format=csv,noheader)
tag() { local b=${1,,}; b=${b: -12}; echo "pci-${b:0:4}_${b:5:2}_${b:8:2}_${b:11:1}"; }
job='import { compileAlgorithm, createBatchEngine, openGpu, runBatch } from "./dist/api.js";
const gpu = await openGpu({}); const c = compileAlgorithm({ algorithm: "jde", problem: "rastrigin", dim: 100, set: { NP: "250" } });
const seeds = Array.from({ length: 51 }, (_, r) => r + 1); const t = performance.now();
const e = await createBatchEngine(c, seeds, gpu); const r = await runBatch(c, e, seeds, { maxEvals: 6000000 });
console.log(process.env.TAGNAME, gpu.adapterName, ((performance.now() - t) / 1000).toFixed(2), "s", r[0].bestError); process.exit(0);'
run_pair() {
  ( while true; do nvidia-smi --query-gpu=index,utilization.gpu --format=csv,noheader | tr '\n' ' '; echo; sleep 0.5; done ) > $OUT/util-$1.log &
  mon=$!
  pids=()
  for k in 0 1; do
    if [ "$1" = layer ]; then
      TAGNAME="gpu$k" DRI_PRIME=$(tag ${BUS[$k]}) MESA_VK_DEVICE_SELECT_FORCE_DEFAULT_DEVICE=1 node --input-type=module -e "$job" > $OUT/job-$1-$k.log 2>&1 &
    else
      TAGNAME="plain$k" NODEVICE_SELECT=1 node --input-type=module -e "$job" > $OUT/job-$1-$k.log 2>&1 &
    fi
    pids+=($!)
  done
  wait ${pids[@]}; sleep 0.2; kill $mon
  grep -hv Warning $OUT/job-$1-*.log
  echo "utilisation samples ($1), max per GPU:"; awk '{ for (i = 1; i + 2 <= NF; i += 3) { g = $i + 0; u = $(i + 1) + 0; if (u > m[g]) m[g] = u; if (u > 0) n[g]++ } } END { for (g in m) print "  GPU" g ": max " m[g] "%, busy in " n[g] " of " NR " samples" }' $OUT/util-$1.log
}
echo "tags: $(tag ${BUS[0]}) $(tag ${BUS[1]})"
run_pair layer
run_pair plain
