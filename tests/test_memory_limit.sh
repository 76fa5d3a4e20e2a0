#!/usr/bin/env bash
# Device memory running out, at start-up and later: every failure must be exit 1 with one
# clear line, no abort, no partial output, and (in the sanitizer build) no leak.
#  1. --memory-limit 1: the scene's buffers do not fit (which one passes the limit first
#     depends on the hall's unique mesh data: vertices, indices or objects).
#  2. LC_FAIL_ALLOCATION=N for every device allocation of a headless run with --pairs,
#     --out and --stats (start-up, the first frame, the analysis buffer grown for --pairs,
#     the read-backs): the driver's own VK_ERROR_OUT_OF_DEVICE_MEMORY at each point, the
#     process's N-th allocation (src/gpu_resources.c).
#  3. The viewer (Xvfb) at the smallest --memory-limit that starts: growing past it by
#     resizing the window, and by doubling the light count (culling buffer capacity).
source "$(dirname "$0")/reliability_util.sh"

args=(--headless --quiet --size 64x64 --lights 8)

# --- 1 ------------------------------------------------------------------------------------
expect 1 "--memory-limit 1" "${args[@]}" --memory-limit 1 --out "$TMP/a.png" &&
    says "out of GPU memory for '(scene objects|decoded meshlet (vertices|indices)|runtime (vertices|indices)|meshlet stream)': [0-9.]+ MiB more would pass the 1.0 MiB limit" "--memory-limit 1"
no_output "--memory-limit 1" "$TMP/a.png"

# --- 2 ------------------------------------------------------------------------------------
# Outputs are written after every GPU step (--pairs renders again): a failure leaves none.
fault_sweep LC_FAIL_ALLOCATION "allocation failing" \
    "^lightcull: cannot allocate [0-9.]+ MiB of GPU memory for '[^']+': VK_ERROR_OUT_OF_DEVICE_MEMORY$" \
    "$TMP/f.png $TMP/f.json" 400 -- "${args[@]}" --pairs --out "$TMP/f.png" --stats "$TMP/f.json"
points=$sweep_points
# The default scene has seven textures; with the frame, culling and read-back buffers that is
# over forty allocations. Fewer means the sweep stopped early.
[[ $points -ge 40 ]] || fail "the allocation sweep covered only $points allocations"
echo "allocation failures: $points points, each exit 1 with one line"

# --- 3 ------------------------------------------------------------------------------------
# The smallest limit (MiB) at which the default scene renders at 64x64.
limit=0
for mb in $(seq 2 64); do
    rc=0
    "$LC_BIN" "${args[@]}" --memory-limit "$mb" >"$TMP/out" 2>"$TMP/err" || rc=$?
    if [[ $rc -eq 0 ]]; then
        limit=$mb
        break
    elif [[ $rc -ne 1 ]] || ! grep -q "out of GPU memory" "$TMP/err"; then
        fail "--memory-limit $mb: exit $rc: $(head -c 1500 "$TMP/err")"
        break
    fi
done
if [[ $limit -eq 0 ]]; then
    [[ $failures -gt 0 ]] || fail "no --memory-limit up to 64 MiB lets a 64x64 frame render"
elif start_x "viewer growth past --memory-limit"; then
    echo "smallest --memory-limit for 64x64: $limit MiB"
    viewer=(--quiet --size 64x64 --no-vsync --memory-limit "$limit")
    printf '3 resize 1024 768\n30 quit\n' >"$TMP/resize.txt"
    expect 1 "resize past the limit" "${viewer[@]}" --lights 8 --script "$TMP/resize.txt" &&
        says "out of GPU memory for '[^']+': [0-9.]+ MiB more would pass the $limit.0 MiB limit" "resize past the limit"
    for i in $(seq 1 17); do echo "$((2 * i)) lights-double"; done >"$TMP/double.txt"
    echo "60 quit" >>"$TMP/double.txt"
    expect 1 "light capacity past the limit" "${viewer[@]}" --lights 16 --script "$TMP/double.txt" &&
        says "out of GPU memory for '[^']+'" "light capacity past the limit"
fi

finish test_memory_limit
