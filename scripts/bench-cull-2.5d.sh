#!/usr/bin/env bash
# 2.5D culling's figures (--cull-2.5d; docs/BENCHMARKS.md, "2.5D culling").
#
#   scripts/bench-cull-2.5d.sh pairs OUT.csv   false positives per shaded pixel (--pairs):
#       tiles, tiles + 2.5D, zbin, zbin + 2.5D and clusters (brute force for the shaded pixel
#       count: it evaluates every visible light at every shaded pixel), on the default hall
#       and Sponza. Any device; lavapipe takes about 8 minutes at the default size.
#   scripts/bench-cull-2.5d.sh cost OUT.csv    what 2.5D costs and saves on a GPU: GPU ms
#       (medians over the run's frames) of the light cull and the shade, tiles and zbin, 2.5D
#       off and on, forward and visibility shading, on the hall and Sponza; each pair of runs
#       back to back so that both see the same clocks.
#
# Environment: LC_BIN (default build/lightcull), LC_SPONZA (Sponza.gltf; without it the hall
# alone), SIZE (pairs: 960x540, cost: 3840x2160), LIGHTS (pairs: 1024, cost: 4096), FRAMES
# (cost: 300), SEED (1); pairs also SHADING (forward), BINNING (lights) and TILE_SIZE (the
# app's default).
set -euo pipefail
what=${1:?usage: $0 pairs|cost OUT.csv}
out=${2:?usage: $0 pairs|cost OUT.csv}
seed=${SEED:-1}
# shellcheck source=scripts/bench_util.sh
source "$(dirname "$0")/bench_util.sh"
scenes=(default)
[[ -n ${LC_SPONZA:-} ]] && scenes+=("$LC_SPONZA")
name_of()
{
    if [[ $1 == default ]]; then echo hall; else basename "$1" .gltf | tr '[:upper:]' '[:lower:]'; fi
}

case $what in
pairs)
    size=${SIZE:-960x540} lights=${LIGHTS:-1024} shading=${SHADING:-forward}
    extra=(--shading "$shading" --binning "${BINNING:-lights}")
    [[ -n ${TILE_SIZE:-} ]] && extra+=(--tile-size "$TILE_SIZE")
    echo "device,scene,width,height,lights,lights_visible,shading,mode,binning,cull_2_5d,tile_size,evaluated,exact,missed,shaded_pixels,evaluated_per_exact,false_positives_per_pixel" >"$out"
    for scene in "${scenes[@]}"; do
        sn=$(name_of "$scene") shaded=0
        for cfg in brute:off tiles:off tiles:on zbin:off zbin:on clusters:off; do
            mode=${cfg%%:*} c=${cfg#*:} js=$tmp/$sn-$mode-$c.json
            "$bin" --scene "$scene" --headless --quiet --size "$size" --frames 1 --lights "$lights" --seed "$seed" \
                "${extra[@]}" --mode "$mode" --cull-2.5d "$c" --pairs --stats "$js"
            ev=$(get "$js" pairs.evaluated) ex=$(get "$js" pairs.exact) vis=$(get "$js" lights_visible)
            # Brute force evaluates every visible light at every shaded pixel.
            [[ $mode == brute ]] && shaded=$((ev / (vis > 0 ? vis : 1)))
            binning=$(get "$js" binning)
            [[ $mode == brute ]] && binning=none
            "$py" - "$(get "$js" device)" "$sn" "${size%x*}" "${size#*x}" "$lights" "$vis" "$shading" "$mode" "$binning" "$c" \
                "$(get "$js" tile_size)" "$ev" "$ex" "$(get "$js" pairs.missed)" "$shaded" >>"$out" <<'EOF'
import sys
a = sys.argv[1:]
ev, ex, shaded = int(a[11]), int(a[12]), int(a[14])
a[0] = '"%s"' % a[0]
print(','.join(a + ['%.4f' % (ev / max(ex, 1)), '%.3f' % ((ev - ex) / max(shaded, 1))]))
EOF
            tail -1 "$out"
        done
    done
    ;;
cost)
    size=${SIZE:-3840x2160} lights=${LIGHTS:-4096} frames=${FRAMES:-300}
    echo "device,scene,width,height,lights,frames,shading,mode,binning,cull_2_5d,tile_size,cull_ms,shade_ms,frame_ms" >"$out"
    for scene in "${scenes[@]}"; do
        sn=$(name_of "$scene")
        for shading in forward visibility; do
            for mode in tiles zbin; do
                for c in off on; do
                    js=$tmp/$sn-$shading-$mode-$c.json
                    "$bin" --scene "$scene" --headless --quiet --no-vsync --size "$size" --frames "$frames" --lights "$lights" \
                        --seed "$seed" --shading "$shading" --mode "$mode" --cull-2.5d "$c" --stats "$js"
                    echo "\"$(get "$js" device)\",$sn,${size%x*},${size#*x},$lights,$frames,$shading,$mode,$(get "$js" binning),$c,$(get "$js" tile_size),$(get "$js" gpu_ms.cull),$(get "$js" gpu_ms.shade),$(get "$js" gpu_ms.frame)" >>"$out"
                    tail -1 "$out"
                done
            done
        done
    done
    ;;
*)
    echo "usage: $0 pairs|cost OUT.csv" >&2
    exit 2
    ;;
esac
