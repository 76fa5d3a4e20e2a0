#!/usr/bin/env bash
# Installs lightcull's build and test dependencies from Debian 12 packages. Idempotent:
# does nothing when everything is present. Needs root or sudo to install.
#
# The Vulkan driver for machines without a GPU (Mesa's lavapipe) comes from Debian's
# bookworm-backports suite (Mesa 25.0: Vulkan 1.4, VK_EXT_mesh_shader, descriptor indexing,
# 64-bit atomics), which this script enables when it is missing: bookworm's own Mesa 22.3 has
# none of these, so the mesh path and bindless material textures would never run in the tests.
# LC_SETUP_NO_BACKPORTS=1 keeps the stable Mesa (the fallback paths then run without
# LC_DEVICE_HIDE). The test corpora: assimp-testmodels (real glTF/OBJ files) and gltfpack.
set -euo pipefail

packages=(
  build-essential cmake pkg-config glslang-tools
  libvulkan-dev libvulkan-volk-dev mesa-vulkan-drivers vulkan-validationlayers vulkan-tools
  libglfw3-dev libcglm-dev libstb-dev libassimp-dev libcjson-dev
  librenderdoc-dev renderdoc python3-renderdoc python3-pil python3-jsonschema
  libmeshoptimizer-dev
  xvfb xauth gnuplot-nox clang libclang-rt-14-dev libomp-dev
  assimp-testmodels gltfpack
)
# Packages taken from bookworm-backports, with the lowest version that has what we need.
backports=(mesa-vulkan-drivers)
backports_min=25.0
backports_list=/etc/apt/sources.list.d/lightcull-bookworm-backports.sources
use_backports=1
[[ ${LC_SETUP_NO_BACKPORTS:-0} == 1 ]] && use_backports=0
if (( use_backports )) && [[ $(. /etc/os-release 2>/dev/null; echo "${VERSION_CODENAME:-}") != bookworm ]]; then
  use_backports=0 # another release: its own Mesa is taken as it is
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
old_backports=()
if (( use_backports )); then
  for p in "${backports[@]}"; do
    v=$(dpkg-query -W -f='${Version}' "$p" 2>/dev/null || true)
    if [[ -z $v ]] || dpkg --compare-versions "$v" lt "$backports_min"; then old_backports+=("$p"); fi
  done
fi
[[ ${#missing[@]} -eq 0 && ${#old_backports[@]} -eq 0 ]] && exit 0

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
export DEBIAN_FRONTEND=noninteractive
if (( ${#old_backports[@]} )); then
  # Enable the suite once (any existing entry for it counts), then take its Mesa.
  if ! grep -rqs -E '(^|[[:space:]])bookworm-backports([[:space:]]|$)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    echo "lightcull setup: enabling Debian bookworm-backports (for Mesa 25's lavapipe) in $backports_list"
    printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: bookworm-backports\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' |
      "${sudo[@]}" tee "$backports_list" >/dev/null
  fi
fi
echo "lightcull setup: installing ${missing[*]} ${old_backports[*]}"
"${sudo[@]}" apt-get update -qq
if (( ${#old_backports[@]} )); then
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends -t bookworm-backports "${old_backports[@]}" >/dev/null
fi
rest=()
for p in "${missing[@]}"; do [[ " ${old_backports[*]} " == *" $p "* ]] || rest+=("$p"); done
if (( ${#rest[@]} )); then
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${rest[@]}" >/dev/null
fi
