#!/usr/bin/env bash
# Packs Mesa's device-select Vulkan layer (VK_LAYER_MESA_device_select, from this machine's
# mesa-vulkan-drivers) and the libraries it links into .gpux/ (git-ignored via .git/info/exclude),
# for the GPU machine, whose image lacks it: the two-GPU measurements of docs/experiments.md, "One
# worker per GPU" (scripts/gpu-device-select.sh, scripts/gpu-experiment-gpus.sh). Carry ".gpux".
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
layer=/usr/lib/x86_64-linux-gnu/libVkLayer_MESA_device_select.so
[ -f "$layer" ] || { echo "pack-device-select: $layer not found: install mesa-vulkan-drivers" >&2; exit 1; }
mkdir -p .gpux/lib
cp "$layer" .gpux/lib/
# Its libraries but libc and the loader (the GPU machine has those).
ldd "$layer" | awk '/=> \// { print $3 }' | grep -v -E 'libc\.so|libpthread|ld-linux' | while read -r lib; do
  cp -L "$lib" .gpux/lib/
done
grep -qx '/.gpux/' .git/info/exclude 2>/dev/null || echo '/.gpux/' >> .git/info/exclude
echo "pack-device-select: $(ls .gpux/lib | wc -l) files in .gpux/lib ($(du -sh .gpux | cut -f1))"
