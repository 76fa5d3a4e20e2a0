#!/usr/bin/env bash
# The reliability tests on a machine with a real GPU, headless (no Xvfb there: the viewer
# parts skip), from the repository root with the binaries in BIN_DIR (lightcull, shaders/ and
# tests' test_gpu_soak side by side). Logs go to OUT_DIR/reliability.log.
# usage: scripts/gpu-reliability.sh BIN_DIR SPONZA_GLTF OUT_DIR [tests|soak]
#   tests: validation matrix, device loss, memory limit, bad input; soak: the 20,000-frame soak
set -uo pipefail
BIN=$(cd "$1" && pwd); SPONZA=$(realpath "$2"); OUT=$3; WHAT=${4:-tests}
mkdir -p "$OUT"
export LC_BIN=$BIN/lightcull LC_SOURCE_DIR=$PWD LC_SPONZA=$SPONZA
log() { echo "== $*" | tee -a "$OUT/reliability.log"; }
log "device: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null)"
step()
{
    local start=$SECONDS rc=0
    log "$*"
    "$@" >>"$OUT/reliability.log" 2>&1 || rc=$?
    log "exit $rc after $((SECONDS - start)) s: $*"
}
if [[ $WHAT == tests ]]; then
    for t in test_validation_matrix test_device_lost test_memory_limit test_reliability_input; do
        step bash "tests/$t.sh"
    done
else
    LC_SOAK_FRAMES=${LC_SOAK_FRAMES:-20000} step "$BIN/test_gpu_soak"
fi
tail -n 40 "$OUT/reliability.log"
