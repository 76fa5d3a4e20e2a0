#!/usr/bin/env bash
# --figures: walking figures (tests/motion_scenes.py walker) added to a still scene (the floor and
# wall of ../shared/checks/gltf_scene.py), under three shadowed spot lights of a lights file: one
# above the middle of the floor, where the figure stands, two narrow ones at far corners.
#  - while the figure walks, only the view that holds it re-renders: after the first frame one
#    view a frame (shadows.views_rendered_mean and _max 1, views_rendered_moved 1), the corner
#    views stay cached; paused (--animation none) none does;
#  - 31 frames from t = 0.5 end on the image of one frame at t = 1 (no stale shadow), forward
#    and visibility shading, GPU and CPU skinning; the figures change the image (on the floor, in
#    view);
#  - --shadow-dynamic overlay: the views cache their static casters and the figure is drawn over
#    the view it is in each frame (shadows.views_overlaid 1) while no view renders after the
#    first frame (views_rendered_max 0); paused, nothing is overlaid; one frame at t = 1 and 31
#    frames to it give redraw's image (forward, visibility, CPU skinning, CPU-culled views,
#    occlusion off), so no shadow goes missing or stale; eight figures among 18 shadowed
#    generated lights (59 views, all within the budget of 64) overlay more than 16 views in one
#    pass (a viewport, pipelines and constants each: the render backend keeps the latest state
#    of each kind for its secondaries) and give redraw's image; a scene nothing moves makes no
#    static atlas (shadows.dynamic redraw, with a line saying why);
#  - two figures differ in pose (phases from --seed), and another --seed places them elsewhere;
#    (short form, LC_TEST_SWEEP=short: of the 31-frame variants only CPU skinning and CPU-culled
#    views);
#  - usage errors: a file without animation, a scene with animations of its own, a bad count.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

need_gltf_scene
GS=$GLTF_SCENE
S=$TMP/scenes
"$PY" "$GS" "$S" wall >/dev/null || fail "gltf_scene.py wall"
for n in walker column; do "$PY" "$LC_SOURCE_DIR/tests/motion_scenes.py" "$S" $n || fail "motion_scenes.py $n"; done
cat >"$TMP/lights.json" <<'EOF'
{"lights": [
 {"type": "spot", "position": [0, 4, 0], "direction": [0, -1, 0], "radius": 8, "inner_deg": 40, "outer_deg": 60, "color": [1, 1, 1], "intensity": 30, "shadow": true},
 {"type": "spot", "position": [2.5, 3, -2.5], "direction": [0, -1, 0], "radius": 6, "inner_deg": 5, "outer_deg": 8, "color": [1, 0.5, 0.5], "intensity": 20, "shadow": true},
 {"type": "spot", "position": [-2.5, 3, -2.5], "direction": [0, -1, 0], "radius": 6, "inner_deg": 5, "outer_deg": 8, "color": [0.5, 1, 0.5], "intensity": 20, "shadow": true}
]}
EOF
common=(--headless --quiet --validate --size 200x112 --scene "$S/wall.gltf" --camera 0,2,5,0,-15 --lights-file "$TMP/lights.json")
one=("${common[@]}" --figures "$S/walker.gltf" --figure-count 1)

lc_ok "one figure walking" "${one[@]}" --frames 6 --time 0 --stats "$TMP/walk.json" --out "$TMP/walk.png"
for k in views_rendered_mean views_rendered_max views_rendered_moved views_moved; do
    [[ $(img json "$TMP/walk.json" shadows.$k) == 1 ]] || fail "a walking figure: shadows.$k $(img json "$TMP/walk.json" shadows.$k), want 1 (the view it is in)"
done
[[ $(img json "$TMP/walk.json" shadows.views) == 3 ]] || fail "shadows.views $(img json "$TMP/walk.json" shadows.views), want 3"
lc_ok "one figure paused" "${one[@]}" --frames 4 --animation none --stats "$TMP/still.json" --out "$TMP/still.png"
[[ $(img json "$TMP/still.json" shadows.views_rendered_max) == 0 ]] || fail "a paused figure re-renders shadow views"
ov=("${one[@]}" --shadow-dynamic overlay)
lc_ok "overlay, one figure walking" "${ov[@]}" --frames 6 --time 0 --stats "$TMP/ov-walk.json"
for kv in views_overlaid:1 views_moved:1 views_rendered_max:0 views_rendered_moved:0 dynamic:overlay; do
    got=$(img json "$TMP/ov-walk.json" "shadows.${kv%%:*}")
    [[ $got == "${kv#*:}" ]] || fail "overlay, a walking figure: shadows.${kv%%:*} $got, want ${kv#*:}"
done
lc_ok "overlay, one figure paused" "${ov[@]}" --frames 4 --animation none --stats "$TMP/ov-still.json"
for k in views_overlaid views_rendered_max; do
    [[ $(img json "$TMP/ov-still.json" shadows.$k) == 0 ]] || fail "overlay, a paused figure: shadows.$k $(img json "$TMP/ov-still.json" shadows.$k), want 0"
done
many=(--headless --quiet --validate --size 200x112 --scene "$S/wall.gltf" --camera 0,2,5,0,-15 --lights 18 --shadowed-lights 18
      --shadow-updates 64 --light-motion off --figures "$S/walker.gltf" --figure-count 8 --frames 8 --time 0.2)
for dyn in redraw overlay; do lc_ok "eight figures, 18 shadowed lights ($dyn)" "${many[@]}" --shadow-dynamic $dyn --stats "$TMP/many-$dyn.json" --out "$TMP/many-$dyn.png"; done
n=$(img json "$TMP/many-overlay.json" shadows.views_overlaid)
[[ $n -gt 16 ]] || fail "eight figures among 18 shadowed lights overlay $n views, want more than 16 (a pass of many views)"
d=$(img diff "$TMP/many-redraw.png" "$TMP/many-overlay.png")
[[ $d -ge 0 && $d -le 1 ]] || fail "eight figures among 18 shadowed lights: overlay differs from redraw by $d/255"
lc_ok "no figure" "${common[@]}" --frames 2 --out "$TMP/none.png"
lc_ok "no figure, overlay" "${common[@]}" --frames 2 --shadow-dynamic overlay --stats "$TMP/none-ov.json"
[[ $(img json "$TMP/none-ov.json" shadows.dynamic) == redraw ]] || fail "overlay in a scene nothing moves: shadows.dynamic $(img json "$TMP/none-ov.json" shadows.dynamic), want redraw (no static atlas made)"
d=$(img diff "$TMP/none.png" "$TMP/still.png")
[[ $d -gt 20 ]] || fail "the figure does not show ($d/255 from the scene without it)"

# Under the sanitizers (LC_TEST_SWEEP=short) the variants that run host code of their own: CPU
# skinning and the CPU-culled views (the shadings and occlusion are the GPU's).
variants=("--shading forward" "--shading visibility" "--skinning cpu" "--shadow-cull cpu" "--shadow-occlusion off")
[[ ${LC_TEST_SWEEP:-} == short ]] && variants=("--skinning cpu" "--shadow-cull cpu")
for v in "${variants[@]}"; do
    # shellcheck disable=SC2086
    lc_ok "figures at t = 1 ($v)" "${one[@]}" --figure-count 2 --frames 1 --time 1 $v --out "$TMP/t1.png" || continue
    for dyn in redraw overlay; do
        # shellcheck disable=SC2086
        lc_ok "figures, 31 frames to t = 1 ($v, $dyn)" "${one[@]}" --figure-count 2 --frames 31 --time 0.5 $v --shadow-dynamic $dyn \
            --out "$TMP/t31.png" || continue
        d=$(img diff "$TMP/t1.png" "$TMP/t31.png")
        [[ $d -ge 0 && $d -le 1 ]] || fail "$v, --shadow-dynamic $dyn: 31 frames of walking figures to t = 1 differ from one frame at t = 1 by $d/255 (a stale shadow?)"
    done
    # shellcheck disable=SC2086
    lc_ok "figures at t = 1 ($v, overlay)" "${one[@]}" --figure-count 2 --frames 1 --time 1 $v --shadow-dynamic overlay --out "$TMP/ov-t1.png" || continue
    d=$(img diff "$TMP/t1.png" "$TMP/ov-t1.png")
    [[ $d -ge 0 && $d -le 1 ]] || fail "$v: --shadow-dynamic overlay's image differs from redraw's by $d/255 (a movable caster's shadow missing?)"
done
lc_ok "figures, another seed" "${one[@]}" --figure-count 2 --frames 1 --time 1 --seed 7 --out "$TMP/seed7.png"
d=$(img diff "$TMP/t1.png" "$TMP/seed7.png")
[[ $d -gt 20 ]] || fail "--seed 7 places and poses the figures as --seed 1 does ($d/255)"

lc_bad "--figures of a still file" "${common[@]}" --figures "$S/wall.gltf"
lc_bad "--figures into an animated scene" --headless --scene "$S/column.gltf" --figures "$S/walker.gltf"
lc_bad_each "--headless --figure-count 0" "--headless --figure-count 5000" "--headless --shadow-dynamic sometimes"
finish
