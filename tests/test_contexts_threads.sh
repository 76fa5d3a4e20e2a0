#!/usr/bin/env bash
# Render contexts are deterministic: every mode (both Z-bin kernels, and the heatmap view
# with its analysis clear) renders the same PNG, byte for byte, and sorts the same command
# stream (LC_DUMP_COMMANDS) with OMP_NUM_THREADS=1 and 2, and (brute, zbin) with 2 threads
# and two-command secondaries (LC_BACKEND_CHUNK=2: every pass split over several secondaries
# that replay the pass's state). Validation (synchronization included) stays silent on the
# threaded runs. Sponza too, when LC_SPONZA is set.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

# The direct path: one object draw package per pass (mdi draws come from the GPU cull).
COMMON=(--headless --size 192x108 --lights 64 --frames 2 --geometry direct)
# Under ThreadSanitizer (LC_TEST_SWEEP=short, below) 24 frames: TSan sees a race only where
# the second thread took an iteration, and in a frame's short recording region a sleeping
# worker (OMP_WAIT_POLICY=passive) often wakes after the first thread took them all; a
# race planted in that region was caught in 2 of 8 two-frame runs and 4 of 4 with 30 frames.
[[ ${LC_TEST_SWEEP:-} == short ]] && COMMON=(--headless --size 192x108 --lights 64 --frames 24 --geometry direct)

# run TAG THREADS CHUNK ARGS...: one headless run with its image, stats and stream dump.
run()
{
    local tag=$1 threads=$2 chunk=$3
    shift 3
    OMP_NUM_THREADS=$threads LC_BACKEND_CHUNK=$chunk LC_DUMP_COMMANDS="$TMP/$tag.txt" \
        lc_ok "$tag" "${COMMON[@]}" "$@" --out "$TMP/$tag.png" --stats "$TMP/$tag.json" \
        $([[ $threads != 1 ]] && echo --validate)
}

# check NAME CHUNKED ARGS...
check()
{
    local name=$1 chunked=$2 variants=(t2)
    shift 2
    run "$name-t1" 1 0 "$@" || return
    run "$name-t2" 2 0 "$@" || return
    if [[ $chunked == 1 ]]; then
        run "$name-t2c2" 2 2 "$@" || return
        variants+=(t2c2)
    fi
    for v in "${variants[@]}"; do
        cmp -s "$TMP/$name-t1.png" "$TMP/$name-$v.png" || fail "$name: the image with $v differs from one thread"
        cmp -s "$TMP/$name-t1.txt" "$TMP/$name-$v.txt" || fail "$name: the sorted command stream with $v differs from one thread"
    done
    "$PY" - "$TMP/$name" <<'PYEOF' || fail "$name: stats or command stream wrong (above)"
import json, sys
base = sys.argv[1]
ok = True
import os
for tag, threads in (("t1", 1), ("t2", 2), ("t2c2", 2)):
    if not os.path.exists(f"{base}-{tag}.json"):
        continue
    s = json.load(open(f"{base}-{tag}.json"))
    c = s["contexts"]
    if c["threads"] != threads:
        print(f"{tag}: contexts.threads {c['threads']}, expected {threads}"); ok = False
    for k in ("record", "sort", "submit"):
        if not s["cpu_ms"][k] > 0:
            print(f"{tag}: cpu_ms.{k} = {s['cpu_ms'][k]}"); ok = False
    if tag == "t2c2" and c["secondaries"] <= json.load(open(f"{base}-t1.json"))["contexts"]["secondaries"]:
        print("two-command chunks recorded no more secondaries than the default"); ok = False
# Multi-pass: each object draw appears once in the depth pre-pass and once in forward shade.
frame = open(f"{base}-t1.txt").read().split("frame ")[-1].splitlines()[1:]
draws = [l for l in frame if "draw indexed" in l]
depth = sorted(l.split("draw indexed")[1] for l in draws if l.startswith("pass 0 "))
shade = sorted(l.split("draw indexed")[1] for l in draws if not l.startswith("pass 0 "))
if not depth or depth != shade:
    print(f"depth pre-pass draws {len(depth)} and forward shade draws {len(shade)} differ"); ok = False
# The depth pre-pass draws front to back: the depth field never decreases within a pipeline
# (opaque materials; then the alpha MASK ones under the masked depth pipeline, grouped by
# material since each binds its own, each group front to back), the pipelines in order.
groups = {}
pipes = []
for l in draws:
    if not l.startswith("pass 0 "): continue
    pipe = int(l.split(" pipeline ")[1].split()[0])
    key = (pipe, int(l.split(" material ")[1].split()[0]) if l.split(" shader ")[1].split()[0] != "0" else 0)
    if not pipes or pipes[-1] != pipe: pipes.append(pipe)
    groups.setdefault(key, []).append(int(l.split(" depth ")[1].split()[0]))
if pipes != sorted(set(pipes)):
    print(f"depth pre-pass pipelines in the order {pipes}: the masked ones must come after the opaque ones"); ok = False
for key, d in groups.items():
    if d != sorted(d):
        print(f"depth pre-pass draws of pipeline {key[0]}, material {key[1]} are not front to back"); ok = False
sys.exit(0 if ok else 1)
PYEOF
}

# Shadowed lights: each shadow view's objects are culled in a job of its own (frame_shadows.c)
# and recorded in a render context of its own; one thread and two give the same image and
# command stream.
check_shadows()
{
    run shadows-t1 1 0 --mode zbin --shadowed-lights 6 && run shadows-t2 2 0 --mode zbin --shadowed-lights 6 || return
    cmp -s "$TMP/shadows-t1.png" "$TMP/shadows-t2.png" || fail "shadows: the image with two threads differs from one thread"
    cmp -s "$TMP/shadows-t1.txt" "$TMP/shadows-t2.txt" || fail "shadows: the sorted command stream with two threads differs from one thread"
    grep -q "shadow view" "$TMP/shadows-t1.txt" || fail "shadows: no shadow view in the command stream"
    [[ $("$PY" -c "import json; print(json.load(open('$TMP/shadows-t2.json'))['shadows']['views_rendered'])") -gt 0 ]] ||
        fail "shadows: no shadow view rendered"
}

# Under ThreadSanitizer (scripts/test-tsan.sh sets LC_TEST_SWEEP=short) the sweep is zbin
# with two-command secondaries and the heatmap view on the hall: the threaded code (frame
# recording on two threads, merge, sort, the backend's secondaries) is the same in every
# mode and scene, and under TSan each run costs 4 s (Sponza 9 s); the first pass runs all.
if [[ ${LC_TEST_SWEEP:-} == short ]]; then
    check zbin 1 --mode zbin
    check heatmap 0 --mode tiles --view heatmap
    check_shadows
    finish
fi
for mode in brute lists tiles clusters zbin; do
    check "$mode" "$([[ $mode == brute || $mode == zbin ]] && echo 1 || echo 0)" --mode "$mode"
done
check zbin-lights 0 --mode zbin --zbin-kernel lights
check heatmap 0 --mode tiles --view heatmap
check_shadows
have_sponza "the Sponza case" && check sponza 0 --scene "$LC_SPONZA" --mode zbin
finish
