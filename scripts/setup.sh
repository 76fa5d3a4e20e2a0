#!/usr/bin/env bash
# Installs lightcull's dependencies from Debian 12 packages: scripts/setup.sh [run|test].
#   run   what building and running need (scripts/run.sh, scripts/build.sh)
#   test  that and everything the test suite needs: RenderDoc, clang for the sanitizer and
#         fuzz builds, Xvfb, gnuplot, the test corpora (default: scripts/test.sh and .ci/run)
# Idempotent: installs only what is missing, and says what before it does. Needs root or sudo
# to install.
#
# Mesa from bookworm-backports (Mesa 25.0: lavapipe with Vulkan 1.4, VK_EXT_mesh_shader,
# descriptor indexing, 64-bit atomics; bookworm's own 22.3 has none of these, so the mesh path
# and bindless textures would never run in the tests) is taken only where lavapipe would be
# the Vulkan device: no GPU driver is present (no /dev/dri render node driven by a GPU's kernel
# driver, no NVIDIA driver, and vulkaninfo, where installed, lists no device but a CPU one).
# On a machine with a GPU, mesa-vulkan-drivers may be that GPU's Vulkan driver: it is left as
# it is. LC_SETUP_BACKPORTS=1 takes backports anyway, LC_SETUP_NO_BACKPORTS=1 never (the
# fallback paths then run, as LC_DEVICE_HIDE makes them run on any device: docs/TESTING.md).
# LC_SETUP_DRY_RUN=1 prints the decisions and the packages and installs nothing (no root
# needed); tests/test_setup.sh checks them. LC_SETUP_SYSFS, LC_SETUP_NVIDIA, LC_SETUP_VULKANINFO
# and LC_SETUP_CODENAME replace what is probed (/sys/class/drm, /proc/driver/nvidia,
# vulkaninfo, /etc/os-release), for that test.
set -euo pipefail

profile=${1:-${LC_SETUP_PROFILE:-test}}
run_packages=(
  build-essential cmake pkg-config glslang-tools spirv-tools
  libvulkan-dev libvulkan-volk-dev mesa-vulkan-drivers
  libglfw3-dev libcglm-dev libstb-dev libassimp-dev libcjson-dev libmeshoptimizer-dev
  librenderdoc-dev # renderdoc_app.h, which the build needs; the capture tool is the test profile's
)
test_packages=(
  vulkan-validationlayers vulkan-tools
  renderdoc python3-renderdoc python3-pil python3-jsonschema
  xvfb xauth gnuplot-nox clang libclang-rt-14-dev libomp-dev
  assimp-testmodels gltfpack
)
case $profile in
  run) packages=("${run_packages[@]}") ;;
  test) packages=("${run_packages[@]}" "${test_packages[@]}") ;;
  *) echo "lightcull setup: unknown profile '$profile' (expected run or test)" >&2; exit 2 ;;
esac
dry=${LC_SETUP_DRY_RUN:-0}
say() { echo "lightcull setup: $*"; }

# --- Is there a GPU driver? ---
# A render node driven by one of these kernel drivers is no GPU of ours (a virtual or
# software device).
not_gpu_drivers=" vgem vkms simpledrm "
gpu=""
sysfs=${LC_SETUP_SYSFS:-/sys/class/drm}
for node in "$sysfs"/renderD*; do
  [[ -e $node/device/driver ]] || continue
  driver=$(basename "$(readlink -f "$node/device/driver")")
  [[ $not_gpu_drivers == *" $driver "* ]] && continue
  gpu="$driver (kernel driver of $(basename "$node"))"
  break
done
if [[ -z $gpu && -e ${LC_SETUP_NVIDIA:-/proc/driver/nvidia}/version ]]; then gpu="NVIDIA's driver"; fi
vulkaninfo=${LC_SETUP_VULKANINFO:-vulkaninfo}
if [[ -z $gpu ]] && command -v "$vulkaninfo" >/dev/null 2>&1; then
  # A device that is not a CPU: a Vulkan driver for a GPU is installed.
  other=$("$vulkaninfo" --summary 2>/dev/null | grep -E 'deviceType' | grep -v 'PHYSICAL_DEVICE_TYPE_CPU' | head -1 || true)
  [[ -n $other ]] && gpu="a Vulkan GPU device ($(echo "$other" | tr -s ' ' | sed 's/^ //'))"
fi

codename=${LC_SETUP_CODENAME:-$(. /etc/os-release 2>/dev/null; echo "${VERSION_CODENAME:-}")}
backports=(mesa-vulkan-drivers)
backports_min=25.0
backports_list=/etc/apt/sources.list.d/lightcull-bookworm-backports.sources
if [[ ${LC_SETUP_NO_BACKPORTS:-0} == 1 ]]; then
  use_backports=0 why="LC_SETUP_NO_BACKPORTS=1"
elif [[ $codename != bookworm ]]; then
  use_backports=0 why="not Debian 12 (bookworm: '$codename'); its own Mesa is taken as it is"
elif [[ ${LC_SETUP_BACKPORTS:-0} == 1 ]]; then
  use_backports=1 why="LC_SETUP_BACKPORTS=1"
elif [[ -n $gpu ]]; then
  use_backports=0 why="a GPU driver is present: $gpu; its Vulkan driver is left alone (LC_SETUP_BACKPORTS=1 takes Mesa 25 anyway)"
else
  use_backports=1 why="no GPU driver found: lavapipe will be the Vulkan device, and bookworm's Mesa 22.3 lacks mesh shaders and descriptor indexing"
fi

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
missing=()
for p in "${packages[@]}"; do installed "$p" || missing+=("$p"); done
old_backports=()
if ((use_backports)); then
  for p in "${backports[@]}"; do
    v=$(dpkg-query -W -f='${Version}' "$p" 2>/dev/null || true)
    if [[ -z $v ]] || dpkg --compare-versions "$v" lt "$backports_min"; then old_backports+=("$p"); fi
  done
fi
rest=()
for p in "${missing[@]}"; do [[ " ${old_backports[*]} " == *" $p "* ]] || rest+=("$p"); done
# Quiet when nothing is missing (every build calls this); otherwise, and in a dry run, the
# decisions and the packages first.
[[ ${#rest[@]} -eq 0 && ${#old_backports[@]} -eq 0 && $dry != 1 ]] && exit 0
say "$profile profile, ${#packages[@]} packages: ${packages[*]}"
say "GPU: ${gpu:-none found}"
say "backports Mesa ($backports_min or later from bookworm-backports): $( ((use_backports)) && echo yes || echo no) ($why)"
if [[ ${#rest[@]} -eq 0 && ${#old_backports[@]} -eq 0 ]]; then
  say "nothing to install"
  exit 0
fi
((${#old_backports[@]})) && say "to install from bookworm-backports: ${old_backports[*]}"
((${#rest[@]})) && say "to install: ${rest[*]}"
if [[ $dry == 1 ]]; then
  say "dry run (LC_SETUP_DRY_RUN=1): nothing installed"
  exit 0
fi

if [[ $(id -u) -eq 0 ]]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  sudo=(sudo -n)
elif command -v sudo >/dev/null 2>&1 && [[ -t 0 ]]; then
  sudo=(sudo)
else
  say "run as root or with sudo, or install them: apt-get install ${rest[*]} ${old_backports[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
if ((${#old_backports[@]})); then
  # Enable the suite once (any existing entry for it counts), then take its Mesa.
  if ! grep -rqs -E '(^|[[:space:]])bookworm-backports([[:space:]]|$)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    say "enabling Debian bookworm-backports (for Mesa 25's lavapipe) in $backports_list"
    printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: bookworm-backports\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' |
      "${sudo[@]}" tee "$backports_list" >/dev/null
  fi
fi
"${sudo[@]}" apt-get update -q
if ((${#old_backports[@]})); then
  "${sudo[@]}" apt-get install -y -q --no-install-recommends -t bookworm-backports "${old_backports[@]}"
fi
if ((${#rest[@]})); then
  "${sudo[@]}" apt-get install -y -q --no-install-recommends "${rest[@]}"
fi
