#!/usr/bin/env bash
# scripts/setup.sh's decisions, as a dry run (LC_SETUP_DRY_RUN=1: no root, nothing installed)
# on a pretended machine: the run profile holds what building and running need and nothing of
# the tests' (no clang, RenderDoc's tool, gnuplot, Xvfb or test models), the test profile all of
# it; bookworm-backports' Mesa only where lavapipe would be the Vulkan device (no GPU's kernel
# driver, no NVIDIA driver, vulkaninfo listing a CPU device alone) or when LC_SETUP_BACKPORTS=1
# asks, never with LC_SETUP_NO_BACKPORTS=1 or off Debian 12.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

SETUP=$LC_SOURCE_DIR/scripts/setup.sh
# A machine with an AMD GPU, one with only a virtual render node, one with none at all.
mkdir -p "$TMP/drivers/amdgpu" "$TMP/drivers/vgem" "$TMP/amd/renderD128/device" "$TMP/virtual/renderD128/device" "$TMP/none"
ln -s "$TMP/drivers/amdgpu" "$TMP/amd/renderD128/device/driver"
ln -s "$TMP/drivers/vgem" "$TMP/virtual/renderD128/device/driver"
mkdir -p "$TMP/nvidia" && echo "NVRM version: 580" >"$TMP/nvidia/version"
printf '#!/bin/sh\nprintf "GPU0:\\n\\tdeviceType = PHYSICAL_DEVICE_TYPE_CPU\\n\\tdeviceName = llvmpipe\\n"\n' >"$TMP/vk-cpu"
printf '#!/bin/sh\nprintf "GPU0:\\n\\tdeviceType = PHYSICAL_DEVICE_TYPE_DISCRETE_GPU\\n\\tdeviceName = some GPU\\n\\nGPU1:\\n\\tdeviceType = PHYSICAL_DEVICE_TYPE_CPU\\n"\n' >"$TMP/vk-gpu"
chmod +x "$TMP/vk-cpu" "$TMP/vk-gpu"

# plan PROFILE SYSFS VULKANINFO [VAR=VALUE...]: the dry run's output in $TMP/plan.
plan()
{
    local profile=$1 sysfs=$2 vk=$3
    shift 3
    env -u LC_SETUP_BACKPORTS -u LC_SETUP_NO_BACKPORTS -u LC_SETUP_PROFILE \
        LC_SETUP_DRY_RUN=1 LC_SETUP_SYSFS="$TMP/$sysfs" LC_SETUP_NVIDIA="$TMP/no-nvidia" LC_SETUP_VULKANINFO="$TMP/$vk" \
        LC_SETUP_CODENAME=bookworm "$@" bash "$SETUP" "$profile" >"$TMP/plan" 2>&1 || fail "setup.sh $profile (dry run) failed: $(cat "$TMP/plan")"
}
packages() { grep -m1 "profile, " "$TMP/plan" | sed 's/.*packages: //'; }
backports() { grep -m1 "backports Mesa" "$TMP/plan" | sed -E 's/.*bookworm-backports\): (yes|no).*/\1/'; }

plan run none vk-cpu
run_list=" $(packages) "
for p in cmake glslang-tools spirv-tools libvulkan-dev libglfw3-dev libassimp-dev libmeshoptimizer-dev librenderdoc-dev mesa-vulkan-drivers; do
    [[ $run_list == *" $p "* ]] || fail "the run profile lacks $p, which building or running needs"
done
for p in clang renderdoc gnuplot-nox assimp-testmodels gltfpack xvfb python3-jsonschema vulkan-validationlayers libclang-rt-14-dev; do
    [[ $run_list == *" $p "* ]] && fail "the run profile installs $p, which only the tests need"
done
grep -q "dry run" "$TMP/plan" || grep -q "nothing to install" "$TMP/plan" || fail "the dry run does not say that nothing was installed"
plan test none vk-cpu
test_list=" $(packages) "
for p in $run_list clang renderdoc python3-renderdoc gnuplot-nox assimp-testmodels gltfpack xvfb python3-jsonschema python3-pil; do
    [[ $test_list == *" $p "* ]] || fail "the test profile lacks $p"
done
echo "  run profile: $(wc -w <<<"$run_list") packages; test profile: $(wc -w <<<"$test_list")"

# expect WHAT WANT PROFILE SYSFS VULKANINFO [VAR=VALUE...]
expect()
{
    local what=$1 want=$2
    shift 2
    plan "$@"
    local got
    got=$(backports)
    [[ $got == "$want" ]] || fail "$what: backports Mesa '$got', want '$want': $(grep backports "$TMP/plan")"
    printf '  %-52s backports %s\n' "$what" "$got"
}
expect "no GPU, vulkaninfo lists only llvmpipe" yes run none vk-cpu
expect "no GPU, no vulkaninfo" yes test none no-such-vulkaninfo
expect "only a virtual render node (vgem)" yes run virtual vk-cpu
expect "an AMD GPU (amdgpu render node)" no run amd vk-cpu
expect "an AMD GPU, test profile" no test amd vk-cpu
expect "a GPU vulkaninfo lists" no run none vk-gpu
expect "NVIDIA's driver" no run none vk-cpu LC_SETUP_NVIDIA="$TMP/nvidia"
expect "a GPU, LC_SETUP_BACKPORTS=1" yes run amd vk-cpu LC_SETUP_BACKPORTS=1
expect "no GPU, LC_SETUP_NO_BACKPORTS=1" no test none vk-cpu LC_SETUP_NO_BACKPORTS=1
expect "no GPU, not Debian 12" no run none vk-cpu LC_SETUP_CODENAME=trixie
env -u LC_SETUP_BACKPORTS -u LC_SETUP_NO_BACKPORTS LC_SETUP_DRY_RUN=1 bash "$SETUP" nonsense >/dev/null 2>&1 && fail "an unknown profile is accepted"
finish
