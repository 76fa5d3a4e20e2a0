#!/usr/bin/env bash
# The compute raster's crossover triangle size (docs/RASTER.md, "Crossover"): a screen of equal
# right triangles (tests/triangle_sizes.py: legs of N pixels, one layer, facing the camera) drawn
# by --raster hardware and --raster compute, each size's two runs back to back so that both see
# the same clocks; visibility shading, 16 lights.
#
#   scripts/bench-raster-crossover.sh OUT.csv
#
# Columns: device, width, height, triangle_px (the legs), triangles (drawn), raster (what ran),
# depth_ms (GPU median over the frames of everything that produces depth and ids), frame_ms,
# raster_ms and raster_big_ms (the compute raster's passes, last frame), triangles_big.
# Environment: LC_BIN (default build/lightcull), SIZE (default 1280x720), SIZES (the legs in
# pixels, default "1 2 4 8 16 32 64 128 256"), FRAMES (default 20; lavapipe: 3 is plenty).
set -euo pipefail
out=${1:?usage: $0 OUT.csv}
size=${SIZE:-1280x720} frames=${FRAMES:-20}
# shellcheck source=scripts/bench_util.sh
source "$(dirname "$0")/bench_util.sh"
w=${size%x*} h=${size#*x}

echo "device,width,height,triangle_px,triangles,raster,depth_ms,frame_ms,raster_ms,raster_big_ms,triangles_big" >"$out"
for n in ${SIZES:-1 2 4 8 16 32 64 128 256}; do
    cam=$("$py" "$here/tests/triangle_sizes.py" "$tmp" "$n" "$w" "$h")
    for r in hardware compute; do
        js=$tmp/$n-$r.json
        "$bin" --scene "$tmp/tris-$n.gltf" --camera "$cam" --fov 90 --headless --quiet --size "$size" --frames "$frames" \
            --lights 16 --shading visibility --raster "$r" --stats "$js" >/dev/null
        tris=$(cell "$js" raster.triangles_compute)
        [[ $r == hardware ]] && tris=$(cell "$js" raster.triangles_hardware)
        echo "\"$(cell "$js" device)\",$w,$h,$n,$tris,$(cell "$js" raster.path),$(cell "$js" gpu_ms.depth),$(cell "$js" gpu_ms.frame),$(cell "$js" passes_ms_last_frame.raster),$(cell "$js" "passes_ms_last_frame.raster / big"),$(cell "$js" raster.triangles_big)" >>"$out"
    done
done
