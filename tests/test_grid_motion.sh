#!/usr/bin/env bash
# --grid of an animated, skinned file with a pose per copy (--grid-phase spread, the default;
# scene/anim_instance.c), on the column of tests/motion_scenes.py (skinned to two joints, and a
# box turning on a node) at --grid 2:
#  - the copies' poses differ: spread and same (one shared pose) give different images, and
#    another --seed gives other phases;
#  - GPU skinning equals the CPU's reference (--skinning cpu) on the spread grid;
#  - the animated frame is the same on every geometry path, both shadings and with occlusion off;
#    31 frames that end at t = 1 equal one frame at t = 1 (each copy's state follows its clock);
#  - a grid whose per-copy posed vertices do not fit the device's storage buffer is a one-line
#    usage error (lavapipe: 128 MiB).
# LC_TEST_SWEEP=short (the sanitizer pass) keeps each host path once: spread, same, another seed,
# CPU skinning, mdi with occlusion on and off, visibility shading, the mesh path, the 31 frames
# and the refusals. It drops the repeated pairings (visibility on mdi, the mesh path with
# occlusion off and under visibility shading): each of their settings runs in a kept case.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

S=$TMP/scenes
"$PY" "$LC_SOURCE_DIR/tests/motion_scenes.py" "$S" column || fail "motion_scenes.py column"
common=(--headless --quiet --validate --size 200x112 --scene "$S/column.gltf" --grid 2 --lights 16 --seed 2)

lc_ok "spread" "${common[@]}" --frames 2 --time 0.5 --geometry direct --stats "$TMP/spread.json" --out "$TMP/spread.png"
lc_ok "same" "${common[@]}" --frames 2 --time 0.5 --geometry direct --grid-phase same --out "$TMP/same.png"
d=$(img diff "$TMP/spread.png" "$TMP/same.png")
[[ $d -gt 20 ]] || fail "--grid-phase spread looks like same ($d/255): the copies share a pose"
[[ $(img json "$TMP/spread.json" animation.moving_objects) -ge 16 ]] || fail "spread: fewer than 16 moving objects"
lc_ok "spread, another seed" "${common[@]}" --frames 2 --time 0.5 --geometry direct --seed 5 --out "$TMP/seed5.png"
d=$(img diff "$TMP/spread.png" "$TMP/seed5.png")
[[ $d -gt 20 ]] || fail "--seed 5 gives the copies the phases of --seed 2 ($d/255)"

lc_ok "spread, CPU skinning" "${common[@]}" --frames 2 --time 0.5 --geometry direct --skinning cpu --out "$TMP/cpu.png"
d=$(img diff "$TMP/spread.png" "$TMP/cpu.png")
[[ $d -ge 0 && $d -le 1 ]] || fail "spread grid: GPU skinning differs from the CPU's by $d/255"

paths=("--geometry mdi" "--geometry mdi --occlusion off" "--shading visibility" "--shading visibility --geometry mdi")
mesh_probe "the mesh path on the spread grid"
[[ $mesh_ok == 1 ]] && paths+=("--geometry mesh" "--geometry mesh --occlusion off" "--geometry mesh --shading visibility")
[[ ${LC_TEST_SWEEP:-} == short ]] && paths=("${paths[@]:0:3}" "${paths[@]:4:1}")
for v in "${paths[@]}"; do
    f="$TMP/p-$(echo "$v" | tr -c 'a-z0-9\n' '_').png"
    # shellcheck disable=SC2086
    lc_ok "spread $v" "${common[@]}" --frames 2 --time 0.5 $v --out "$f" || continue
    lim=1; [[ $v == *visibility* ]] && lim=5; [[ $v == *mesh* ]] && lim=2
    d=$(img diff "$TMP/spread.png" "$f")
    [[ $d -ge 0 && $d -le $lim ]] || fail "spread grid: $v differs from direct by $d/255 (want <= $lim)"
done

lc_ok "spread, one frame at t = 1" "${common[@]}" --frames 1 --time 1 --geometry mdi --out "$TMP/t1.png"
lc_ok "spread, 31 frames to t = 1" "${common[@]}" --frames 31 --time 0.5 --geometry mdi --out "$TMP/t31.png"
d=$(img diff "$TMP/t1.png" "$TMP/t31.png")
[[ $d -ge 0 && $d -le 0 ]] || fail "spread grid: 31 frames to t = 1 differ from one frame at t = 1 by $d/255"

# 30^3 copies of the column: about 180 MiB of posed vertices, past lavapipe's 128 MiB storage buffers.
lc --headless --quiet --size 16x16 --frames 1 --lights 0 --scene "$S/column.gltf" --grid 30 && rc=0 || rc=$?
if grep -q llvmpipe <<<"$("$LC_BIN" --headless --size 16x16 --frames 1 --lights 0 2>&1 | head -1)"; then
    [[ $rc == 2 && $(wc -l <"$LC_STDERR") == 1 ]] || fail "--grid 30 of the column on lavapipe: exit $rc, $(wc -l <"$LC_STDERR") lines (want 2, 1)"
    grep -q "grid-phase same" "$LC_STDERR" || fail "--grid 30: the error names no way out: $(cat "$LC_STDERR")"
else
    [[ $rc == 0 || $rc == 2 ]] || fail "--grid 30 of the column: exit $rc"
fi
lc_bad_each "--headless --grid-phase x"
finish
