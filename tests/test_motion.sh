#!/usr/bin/env bash
# Things that move (scene/animation.h, src/frame_motion.c), on scenes of tests/motion_scenes.py:
#  - a box moving under a shadowed point light leaves no stale shadow: 61 frames from --time 0
#    end at t = 1 s with the box at x = 0, the image of a still box there (both shadings, the
#    GPU and the CPU shadow cull); shadow views are rendered while it moves, none once paused
#    (--animation none);
#  - the moving frame at t = 0 differs from the still box (the comparison can fail);
#  - a box that jumps out of a spot light's view leaves no shadow in it (61 frames to t = 1 s
#    equal a box standing outside the view: the view is drawn again for the bounds it left);
#  - the animated frame is the same on every geometry path and with occlusion off (the moved
#    objects' transforms and bounds reach every cull), and every culling mode equals brute force;
#  - a column skinned to two joints bends to -X at t = 1 (its upper half's pixels move left), and
#    skinned every frame: 31 frames that end at t = 1 equal one frame at t = 1 on each path, with
#    GPU skinning (the default) and CPU skinning (--skinning cpu);
#  - --stats animation; bad --animation and --time values are one-line usage errors.
# LC_TEST_SWEEP=short (the sanitizer pass) keeps each host path once: every moving, still, sun,
# spot and paused case; the animated frame on every path; brute force against zbin; the skinned
# column's 31 frames with GPU skinning (direct), CPU skinning with the CPU shadow cull, and the
# mesh path with each skinning. It drops the repeats: the tiles mode (its host code runs in
# test_bench_quick and test_gpu_cull there) and the mdi path's two skinned runs (mdi runs the
# skinned column in the path sweep, and CPU skinning is the same host code on every path).
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

S=$TMP/scenes
for n in moving still column spotmove spotaway; do "$PY" "$LC_SOURCE_DIR/tests/motion_scenes.py" "$S" $n || fail "motion_scenes.py $n"; done
cam=0,3,4,0,-35
common=(--headless --quiet --validate --size 200x112)

for sh in forward visibility; do
    lc_ok "moving ($sh)" --scene "$S/moving.gltf" --camera $cam --lights-file "$S/moving-lights.json" "${common[@]}" --frames 61 \
        --time 0 --shading $sh --stats "$TMP/mv-$sh.json" --out "$TMP/mv-$sh.png"
    lc_ok "still ($sh)" --scene "$S/still.gltf" --camera $cam --lights-file "$S/still-lights.json" "${common[@]}" --frames 2 \
        --shading $sh --out "$TMP/st-$sh.png"
    d=$(img diff "$TMP/st-$sh.png" "$TMP/mv-$sh.png")
    [[ $d -ge 0 && $d -le 2 ]] || fail "$sh: the moving box at t = 1 s differs from the still box by $d/255 (a stale shadow?)"
    r=$(img json "$TMP/mv-$sh.json" shadows.views_rendered)
    [[ $r -gt 0 ]] || fail "$sh: the moving box re-renders no shadow view"
done
[[ $(img json "$TMP/mv-forward.json" animation.playing) == True ]] || fail "--stats animation.playing is not true"
[[ $(img json "$TMP/mv-forward.json" animation.index) == 0 ]] || fail "--stats animation.index is not 0"
lc_ok "moving (CPU shadow cull, mdi)" --scene "$S/moving.gltf" --camera $cam --lights-file "$S/moving-lights.json" "${common[@]}" \
    --frames 61 --time 0 --shadow-cull cpu --geometry mdi --out "$TMP/mv-cpu.png"
d=$(img diff "$TMP/st-forward.png" "$TMP/mv-cpu.png")
[[ $d -ge 0 && $d -le 2 ]] || fail "--shadow-cull cpu --geometry mdi: the moving box differs from the still box by $d/255"
# Under the sun: the box moves through the cached cascades, which must render again (their fit
# stands still with the camera; only the moved bounds say they are stale).
sun=(--sun 0.3,1,0.2,20000 --cascades 2 --cascade-size 512)
lc_ok "moving under the sun" --scene "$S/moving.gltf" --camera $cam --lights-file "$S/moving-lights.json" "${common[@]}" \
    "${sun[@]}" --frames 61 --time 0 --stats "$TMP/mv-sun.json" --out "$TMP/mv-sun.png"
lc_ok "still under the sun" --scene "$S/still.gltf" --camera $cam --lights-file "$S/still-lights.json" "${common[@]}" \
    "${sun[@]}" --frames 2 --out "$TMP/st-sun.png"
d=$(img diff "$TMP/st-sun.png" "$TMP/mv-sun.png")
[[ $d -ge 0 && $d -le 2 ]] || fail "under the sun: the moving box at t = 1 s differs from the still box by $d/255 (a stale cascade?)"
r=$("$PY" -c "import json,sys; print(sum(c['rendered'] for c in json.load(open(sys.argv[1]))['shadows']['cascades']))" "$TMP/mv-sun.json")
[[ $r -gt 0 ]] || fail "under the sun: the moving box re-renders no cascade"
lc_ok "moving, first frame" --scene "$S/moving.gltf" --camera $cam --lights-file "$S/moving-lights.json" "${common[@]}" \
    --frames 1 --time 0 --out "$TMP/mv-0.png"
d=$(img diff "$TMP/st-forward.png" "$TMP/mv-0.png")
[[ $d -gt 20 ]] || fail "the moving box at t = 0 looks like the still one at x = 0 ($d/255): the comparison above proves nothing"
# A caster leaving a cached view: the spot's view (looking down at x = -2) holds the box until it
# jumps away at t = 1 s; only its bounds before the jump say the view must be drawn again.
lc_ok "spot, box leaving" --scene "$S/spotmove.gltf" --camera $cam --lights-file "$S/spotmove-lights.json" "${common[@]}" \
    --frames 61 --time 0 --stats "$TMP/sm.json" --out "$TMP/sm.png"
lc_ok "spot, box away" --scene "$S/spotaway.gltf" --camera $cam --lights-file "$S/spotaway-lights.json" "${common[@]}" \
    --frames 2 --out "$TMP/sa.png"
d=$(img diff "$TMP/sa.png" "$TMP/sm.png")
[[ $d -ge 0 && $d -le 2 ]] || fail "a box that left the spot's view leaves its shadow there ($d/255 from the box standing away)"

# Paused: the last of 4 frames renders no shadow view; --time with a later start lands there too.
lc_ok "paused" --scene "$S/moving.gltf" --camera $cam --lights-file "$S/moving-lights.json" "${common[@]}" --frames 4 \
    --animation none --stats "$TMP/paused.json" --out "$TMP/paused.png"
[[ $(img json "$TMP/paused.json" shadows.views_rendered) == 0 ]] || fail "a paused scene re-renders shadow views"
[[ $(img json "$TMP/paused.json" animation.name) == none ]] || fail "--stats animation.name is not none with --animation none"
lc_ok "--time 1" --scene "$S/moving.gltf" --camera $cam --lights-file "$S/moving-lights.json" "${common[@]}" --frames 2 \
    --time 0.98333333 --out "$TMP/t1.png"
d=$(img diff "$TMP/st-forward.png" "$TMP/t1.png")
[[ $d -ge 0 && $d -le 2 ]] || fail "--time 0.9833 and a second frame (t = 1 s) differ from the still box by $d/255"

# The animated frame on every path and mode (generated lights move the same way in each).
k=(--scene "$S/column.gltf" --camera 0,1.2,4,0,-5 "${common[@]}" --frames 2 --time 0.5 --lights 64 --seed 2)
lc_ok "column direct" "${k[@]}" --geometry direct --out "$TMP/c-direct.png"
paths=("--geometry mdi" "--geometry mdi --occlusion off" "--shading visibility" "--threads 1")
mesh_probe "the mesh path on the animated frame"
[[ $mesh_ok == 1 ]] && paths+=("--geometry mesh")
for v in "${paths[@]}"; do
    f="$TMP/c-$(echo "$v" | tr -c 'a-z0-9\n' '_').png"
    # shellcheck disable=SC2086
    lc_ok "column $v" "${k[@]}" $v --out "$f" || continue
    lim=1; [[ $v == *visibility* ]] && lim=5; [[ $v == *mesh* ]] && lim=2
    d=$(img diff "$TMP/c-direct.png" "$f")
    [[ $d -ge 0 && $d -le $lim ]] || fail "animated frame: $v differs from direct by $d/255 (want <= $lim)"
done
lc_ok "column brute" "${k[@]}" --mode brute --out "$TMP/c-brute.png"
column_modes="tiles zbin"
[[ ${LC_TEST_SWEEP:-} == short ]] && column_modes=zbin
for mode in $column_modes; do
    lc_ok "column $mode" "${k[@]}" --mode $mode --pairs --stats "$TMP/c-$mode.json" --out "$TMP/c-$mode.png" || continue
    d=$(img diff "$TMP/c-brute.png" "$TMP/c-$mode.png")
    [[ $d -ge 0 && $d -le 1 ]] || fail "animated frame: $mode differs from brute by $d/255"
    [[ $(img json "$TMP/c-$mode.json" pairs.missed) == 0 ]] || fail "animated frame: $mode missed pairs"
done

# Skinned every frame: 31 frames from t = 0.5 end where one frame at t = 1 starts, on each path
# (posed vertices uploaded, meshlet bounds refit: occlusion and frustum culls drop nothing).
j=(--scene "$S/column.gltf" --camera 0,1.2,4,0,-5 "${common[@]}" --lights 16 --seed 2)
lc_ok "column, one frame at t = 1" "${j[@]}" --frames 1 --time 1 --geometry direct --stats "$TMP/s1.json" --out "$TMP/s1.png"
[[ $(img json "$TMP/s1.json" animation.skinning) == gpu ]] || fail "--stats animation.skinning is not gpu by default"
runs=("--geometry direct" "--geometry mdi" "--geometry mdi --skinning cpu" "--shadow-cull cpu --skinning cpu")
[[ $mesh_ok == 1 ]] && runs+=("--geometry mesh" "--geometry mesh --skinning cpu")
[[ ${LC_TEST_SWEEP:-} == short ]] && runs=("${runs[0]}" "${runs[@]:3}")
for v in "${runs[@]}"; do
    # shellcheck disable=SC2086
    lc_ok "column, 31 frames $v" "${j[@]}" --frames 31 --time 0.5 $v --out "$TMP/s31.png" || continue
    lim=0; [[ $v == *mesh* ]] && lim=2
    d=$(img diff "$TMP/s1.png" "$TMP/s31.png")
    [[ $d -ge 0 && $d -le $lim ]] || fail "skinned column: 31 frames to t = 1 with $v differ from one frame at t = 1 by $d/255"
done

# The skinned column bends to -X: the mean x of its bluish pixels in the upper half moves left.
c=(--scene "$S/column.gltf" --camera 0,1.2,4,0,-5 "${common[@]}" --frames 1 --lights 0)
lc_ok "column t=0" "${c[@]}" --time 0 --out "$TMP/b0.png"
lc_ok "column t=1" "${c[@]}" --time 1 --out "$TMP/b1.png"
if [[ -f $TMP/b0.png && -f $TMP/b1.png ]]; then
    read -r x0 x1 < <("$PY" - "$TMP/b0.png" "$TMP/b1.png" <<'PYEOF'
import sys
from PIL import Image
def cx(f):
    im = Image.open(f).convert('RGB'); w, h = im.size
    xs = [x for y in range(h // 2) for x in range(w) for p in [im.getpixel((x, y))] if p[2] > p[0] + 40 and p[2] > 80]
    return sum(xs) / float(len(xs)) if xs else -1
print('%.1f %.1f' % (cx(sys.argv[1]), cx(sys.argv[2])))
PYEOF
    )
    fcmp "$x0" ">" 0 && fcmp "$x1" ">" 0 && fcmp "$x1" "<" "$(echo "$x0 - 5" | bc -l)" ||
        fail "the skinned column does not bend to -X: upper part's mean x $x0 at t=0, $x1 at t=1"
fi

lc_bad_each "--headless --animation x" "--headless --time -1" "--headless --time nan" "--headless --skinning x"
lc_bad "--animation past the file's" --scene "$S/moving.gltf" --headless --animation 1
finish
