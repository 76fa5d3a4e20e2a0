#!/usr/bin/env bash
# Installs lightcull's build and test dependencies from Debian 12 packages. Idempotent:
# does nothing when everything is present. Needs root or sudo to install.
set -euo pipefail

packages=(
  build-essential cmake pkg-config glslang-tools
  libvulkan-dev libvulkan-volk-dev mesa-vulkan-drivers vulkan-validationlayers vulkan-tools
  libglfw3-dev libcglm-dev libstb-dev libassimp-dev libcjson-dev
  librenderdoc-dev renderdoc python3-renderdoc python3-pil
  libmeshoptimizer-dev
  xvfb xauth gnuplot-nox clang libclang-rt-14-dev libomp-dev
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if [[ $(id -u) -eq 0 ]]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  sudo=(sudo -n)
elif command -v sudo >/dev/null 2>&1 && [[ -t 0 ]]; then
  sudo=(sudo)
else
  echo "lightcull setup: missing packages: ${missing[*]}" >&2
  echo "lightcull setup: run as root or with sudo, or install them: apt-get install ${missing[*]}" >&2
  exit 1
fi
echo "lightcull setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
