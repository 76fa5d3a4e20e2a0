#!/usr/bin/env bash
# Moving casters in the lights' cached shadow views, both ways (docs/ANIMATION.md, "Overlay
# against redraw"): --shadow-dynamic redraw (a view a caster moves in rendered again, within the
# update budget) and overlay (the movable casters drawn over a copy of the view's static map,
# every frame), on Sponza with walking figures (tests/motion_scenes.py walker) and generated
# lights standing still, visibility shading; each budget's two runs back to back, then the
# same scene without figures for the baseline.
#
#   scripts/bench-shadow-dynamic.sh SPONZA.gltf OUT.csv
#
# Columns: device, width, height, figures, shadowed_lights, shadow_updates, dynamic (what ran),
# frames, views, views_moved and views_overlaid (the last frame's), views_rendered_mean (the
# frames after the first), shadows_ms (GPU median a frame: shadow views, their cull, the
# overlay), frame_ms (GPU median).
# Environment: LC_BIN (default build/lightcull), SIZE (default 1920x1080), FRAMES (default 100),
# FIGURES (default 64), SHADOWED (default 256), UPDATES (the budgets, default "16 64").
set -euo pipefail
sponza=${1:?usage: $0 SPONZA.gltf OUT.csv}
out=${2:?usage: $0 SPONZA.gltf OUT.csv}
size=${SIZE:-1920x1080} frames=${FRAMES:-100} figures=${FIGURES:-64} shadowed=${SHADOWED:-256}
[[ -f $sponza ]] || { echo "$0: no scene at $sponza" >&2; exit 2; }
# shellcheck source=scripts/bench_util.sh
source "$(dirname "$0")/bench_util.sh"
w=${size%x*} h=${size#*x}
"$py" "$here/tests/motion_scenes.py" "$tmp" walker

echo "device,width,height,figures,shadowed_lights,shadow_updates,dynamic,frames,views,views_moved,views_overlaid,views_rendered_mean,shadows_ms,frame_ms" >"$out"
run() # FIGURES UPDATES DYNAMIC
{
    local js=$tmp/$1-$2-$3.json fig=()
    [[ $1 -gt 0 ]] && fig=(--figures "$tmp/walker.gltf" --figure-count "$1")
    "$bin" --scene "$sponza" "${fig[@]}" --lights 256 --shadowed-lights "$shadowed" --shadow-updates "$2" --shadow-dynamic "$3" \
        --light-motion off --shading visibility --time 0.3 --headless --quiet --size "$size" --frames "$frames" --stats "$js" >/dev/null
    echo "\"$(cell "$js" device)\",$w,$h,$1,$shadowed,$2,$(cell "$js" shadows.dynamic),$frames,$(cell "$js" shadows.views),$(cell "$js" shadows.views_moved),$(cell "$js" shadows.views_overlaid),$(cell "$js" shadows.views_rendered_mean),$(cell "$js" gpu_ms.shadows),$(cell "$js" gpu_ms.frame)" >>"$out"
}
for u in ${UPDATES:-16 64}; do
    run "$figures" "$u" redraw
    run "$figures" "$u" overlay
    run 0 "$u" redraw
done
