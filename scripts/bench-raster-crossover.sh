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
bin=${LC_BIN:-build/lightcull}
size=${SIZE:-1280x720} frames=${FRAMES:-20}
[[ -x $bin ]] || { echo "$0: no lightcull binary at $bin (set LC_BIN)" >&2; exit 2; }
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
py=/usr/bin/python3
w=${size%x*} h=${size#*x}

# get FILE.json KEY.KEY...: one value of a stats file (tests/image_util.py json), "NA" where absent.
get() { "$py" "$here/tests/image_util.py" json "$1" "$2" 2>/dev/null || echo NA; }

echo "device,width,height,triangle_px,triangles,raster,depth_ms,frame_ms,raster_ms,raster_big_ms,triangles_big" >"$out"
for n in ${SIZES:-1 2 4 8 16 32 64 128 256}; do
    cam=$("$py" "$here/tests/triangle_sizes.py" "$tmp" "$n" "$w" "$h")
    for r in hardware compute; do
        js=$tmp/$n-$r.json
        "$bin" --scene "$tmp/tris-$n.gltf" --camera "$cam" --fov 90 --headless --quiet --size "$size" --frames "$frames" \
            --lights 16 --shading visibility --raster "$r" --stats "$js" >/dev/null
        tris=$(get "$js" raster.triangles_compute)
        [[ $r == hardware ]] && tris=$(get "$js" raster.triangles_hardware)
        echo "\"$(get "$js" device)\",$w,$h,$n,$tris,$(get "$js" raster.path),$(get "$js" gpu_ms.depth),$(get "$js" gpu_ms.frame),$(get "$js" passes_ms_last_frame.raster),$(get "$js" "passes_ms_last_frame.raster / big"),$(get "$js" raster.triangles_big)" >>"$out"
    done
done
