#!/usr/bin/env bash
# Device loss at every point where a frame can meet it: LC_FAIL_DEVICE_LOST=N makes the
# process's N-th checkpoint (a frame's queue submission, the wait on its fence, a swapchain
# acquire or present; src/vk_context.c) report VK_ERROR_DEVICE_LOST, as a driver does after a
# GPU hang or reset. The test walks N = 1, 2, ... until a run gets past the last checkpoint:
#  1. headless with --pairs, --out and --stats, validation on;
#  2. the viewer under Xvfb, validation on (acquire and present too);
#  3. `lightcull bench` on a tiny sweep.
# Each failing run: exit 1, one line saying the device was lost, no crash or sanitizer
# report, no output file or temporary left behind. A submission that fails goes through the
# normal error path (everything destroyed: the validation layer's object tracking and
# LeakSanitizer check that); a fence, acquire or present failing exits at once.
source "$(dirname "$0")/reliability_util.sh"

# sweep WHAT MIN OUTPUTS -- ARGS...: walks the checkpoints of one command line (fault_sweep
# in reliability_util.sh); at least MIN of them must exist, and both the submission path and
# the immediate-exit paths must be reached.
sweep()
{
    local what=$1 min=$2 outputs=$3
    shift 4
    fault_sweep LC_FAIL_DEVICE_LOST "$what" '^lightcull: the GPU device was lost' "$outputs" 200 -- "$@" || return
    local submit other
    submit=$(grep -c "while rendering" "$TMP/sweep.lines" || true)
    other=$((sweep_points - submit))
    [[ $sweep_points -ge $min ]] || fail "$what: only $sweep_points checkpoints (expected at least $min)"
    [[ $submit -gt 0 && $other -gt 0 ]] || fail "$what: submissions lost $submit times, waits $other times: both paths must be reached"
    echo "$what: $sweep_points checkpoints ($submit submissions, $other waits/acquires/presents), each exit 1 with one line"
}

# 1. Three frames: three submissions and their fence waits (the read-back adds one).
sweep "headless" 6 "$TMP/h.png $TMP/h.json" -- \
    --headless --quiet --validate --size 64x64 --lights 8 --frames 3 --pairs --out "$TMP/h.png" --stats "$TMP/h.json"

# 2. The viewer: acquire, submit, present per frame, and fence waits once the frames in
#    flight wrap round.
if start_x "the viewer's checkpoints"; then
    sweep "viewer" 9 "$TMP/v.json" -- --quiet --validate --no-vsync --size 64x64 --lights 8 --frames 4 --stats "$TMP/v.json"
fi

# 3. The benchmark: its frames go through the same submission, and it writes CSVs at the end.
mkdir -p "$TMP/bench"
sweep "bench" 4 "$TMP/bench/bench.csv $TMP/bench/bench.json" -- bench --sizes 64x64 --lights 8 --modes zbin --warmup-ms 0 \
    --frames 2 --warmup 1 --out-dir "$TMP/bench"

finish test_device_lost
