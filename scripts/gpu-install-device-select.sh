#!/usr/bin/env bash
# On the GPU machine (after scripts/pack-device-select.sh here, carrying .gpux): installs the packed
# device-select layer as an implicit Vulkan layer, where Debian's mesa-vulkan-drivers puts it.
# Source it (it exports LD_LIBRARY_PATH for the layer's libraries).
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.gpux
mkdir -p /usr/share/vulkan/implicit_layer.d
cat > /usr/share/vulkan/implicit_layer.d/VkLayer_MESA_device_select.json <<JSON
{ "file_format_version": "1.0.0", "layer": { "name": "VK_LAYER_MESA_device_select", "type": "GLOBAL",
  "library_path": "$here/lib/libVkLayer_MESA_device_select.so", "api_version": "1.3.239", "implementation_version": "1",
  "description": "Linux device selection layer", "functions": { "vkNegotiateLoaderLayerInterfaceVersion": "vkNegotiateLoaderLayerInterfaceVersion" },
  "disable_environment": { "NODEVICE_SELECT": "1" } } }
JSON
export LD_LIBRARY_PATH=$here/lib:${LD_LIBRARY_PATH:-}
