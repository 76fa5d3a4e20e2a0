#!/usr/bin/env bash
# The reliability tests on a machine with a real GPU, headless (no Xvfb there: the viewer
# parts skip), from the repository root with the binaries in BIN_DIR (lightcull, shaders/ and
# tests' test_gpu_soak side by side). Logs go to OUT_DIR/reliability.log.
# usage: scripts/gpu-reliability.sh BIN_DIR SPONZA_GLTF OUT_DIR [tests|soak]
#   tests: validation matrix, device loss, memory limit, bad input; soak: the 20,000-frame soak
# Exit 1 when any step failed (the log's last lines name them); a step that skipped a part
# (exit 77: the viewer parts, with no X server) is logged as such and does not fail the run.
set -uo pipefail
usage() { echo "usage: scripts/gpu-reliability.sh BIN_DIR SPONZA_GLTF OUT_DIR [tests|soak]: $*" >&2; exit 2; }
[[ $# -ge 3 && $# -le 4 ]] || usage "expected 3 or 4 arguments, got $#"
[[ -x $1/lightcull ]] || usage "no lightcull in '$1'"
[[ -f $2 ]] || usage "no scene file '$2'"
WHAT=${4:-tests}
[[ $WHAT == tests || $WHAT == soak ]] || usage "unknown part '$WHAT'"
BIN=$(cd "$1" && pwd); SPONZA=$(realpath "$2"); OUT=$3
mkdir -p "$OUT" || exit 2
export LC_BIN=$BIN/lightcull LC_SOURCE_DIR=$PWD LC_SPONZA=$SPONZA
log() { echo "== $*" | tee -a "$OUT/reliability.log"; }
log "device: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null)"
failed=() skipped=()
step()
{
    local start=$SECONDS rc=0
    log "$*"
    "$@" >>"$OUT/reliability.log" 2>&1 || rc=$?
    log "exit $rc after $((SECONDS - start)) s: $*"
    if [[ $rc == 77 ]]; then
        skipped+=("$*")
    elif [[ $rc != 0 ]]; then
        failed+=("$* (exit $rc)")
    fi
}
if [[ $WHAT == tests ]]; then
    for t in test_validation_matrix test_device_lost test_memory_limit test_reliability_input; do
        step bash "tests/$t.sh"
    done
else
    LC_SOAK_FRAMES=${LC_SOAK_FRAMES:-20000} step "$BIN/test_gpu_soak"
fi
tail -n 40 "$OUT/reliability.log"
[[ ${#skipped[@]} == 0 ]] || log "skipped parts (their 'skipped:' lines above): ${skipped[*]}"
if [[ ${#failed[@]} != 0 ]]; then
    log "FAILED: ${failed[*]}"
    exit 1
fi
