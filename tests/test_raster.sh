#!/usr/bin/env bash
# The compute raster (--raster compute) against the hardware's, under visibility shading:
# on the hard triangles of tests/raster_scene.py (near plane, a fan of thin triangles sharing
# edges, 1 cm triangles, slivers, edge-on double-sided quads, coplanar overlaps, a mirrored
# winding, a back face), on alpha MASK cut-outs and on big slivers at the big pass's tile edges
# (tests/raster_tile_edges.py), --view triangles (the ids) and the shaded
# image give the hardware's pixels but for depth ties between coplanar surfaces (at most
# 0.05 % of the pixels, counted and listed); the geometry paths and occlusion on and off give
# one image under it; every culling mode equals brute force under it (<= 1/255, no pair
# missed); --stats raster says what ran and what it drew; without 64-bit atomics
# (LC_DEVICE_HIDE=int64) auto falls back to the hardware with one warning and compute is refused
# in one line; past the big-triangle list's capacity the same pixels; every run under the
# validation layer.
# LC_TEST_SWEEP=short (the sanitizer pass) keeps each host path once: the raster scene on the
# direct path (ids) and the mdi path (shaded), both rasters; overdraw; MASK; the hall against the
# hardware with occlusion off (direct) and on (mdi), and the mesh path; brute force against zbin
# (the other modes' host code runs in test_bench_quick and test_gpu_cull there); the int64
# fallback and refusals. It drops the repeats: mdi ids, the mesh path with occlusion off, and the
# lists, tiles and clusters modes.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

SIZE=320x180
PIXELS=$((320 * 180))
TIES=$((PIXELS * 5 / 10000)) # 0.05 %
mesh_probe "the mesh path under the compute raster"
cam=$("$PY" "$LC_SOURCE_DIR/tests/raster_scene.py" "$TMP/scene") || fail "raster_scene.py failed"
mcam=$("$PY" "$LC_SOURCE_DIR/tests/alpha_mask_scene.py" "$TMP/scene" mask) || fail "alpha_mask_scene.py failed"

# same WHAT A B: A and B differ at no more than TIES pixels.
same()
{
    local n
    read -r n rest < <(img pixels "$2" "$3")
    [[ $n -le $TIES ]] || fail "$1: $n pixels differ (want <= $TIES, the depth ties): ${rest:-}"
    echo "$1: $n pixels differ (ties)"
}

base=(--headless --validate --quiet --size "$SIZE" --frames 2 --lights 64 --seed 3 --shading visibility)
for geo in direct mdi; do
    for view in triangles shaded; do
        [[ $geo == direct && $view == shaded ]] && continue # the ids suffice there: the shade is the same pass
        [[ ${LC_TEST_SWEEP:-} == short && $geo == mdi && $view == triangles ]] && continue
        for r in hardware compute; do
            lc_ok "raster scene $geo $view $r" "${base[@]}" --scene "$TMP/scene/raster.gltf" --camera "$cam" --geometry $geo --view $view \
                --raster $r --stats "$TMP/$geo-$view-$r.json" --out "$TMP/$geo-$view-$r.png"
        done
        same "raster scene, --geometry $geo --view $view" "$TMP/$geo-$view-hardware.png" "$TMP/$geo-$view-compute.png"
    done
done
js=$TMP/mdi-shaded-compute.json
[[ $(img json "$js" raster.path) == compute ]] || fail "--raster compute: --stats raster.path is $(img json "$js" raster.path)"
[[ $(img json "$TMP/mdi-shaded-hardware.json" raster.path) == hardware ]] || fail "--raster hardware: --stats raster.path is not hardware"
for k in triangles_compute pixels_written triangles_clipped; do
    v=$(img json "$js" raster.$k)
    fcmp "$v" ">" 0 || fail "--stats raster.$k is $v on the raster scene (its floor crosses the near plane)"
done
fcmp "$(img json "$js" raster.ms.total)" ">" 0 || fail "--stats raster.ms.total is 0"

# --view overdraw: the atomics per pixel (the fan's centre and the floor behind the quads take more than one).
lc_ok "overdraw" "${base[@]}" --scene "$TMP/scene/raster.gltf" --camera "$cam" --raster compute --view overdraw --out "$TMP/overdraw.png"
read -r mean sd < <(img luma "$TMP/overdraw.png")
fcmp "$sd" ">" 0.01 || fail "--view overdraw is flat (luma $mean +- $sd)"

# Alpha MASK: the checkerboard's holes through the compute raster's cut-out test.
for r in hardware compute; do
    lc_ok "mask $r" "${base[@]}" --scene "$TMP/scene/mask.gltf" --camera "$mcam" --raster $r --out "$TMP/mask-$r.png"
done
same "alpha MASK" "$TMP/mask-hardware.png" "$TMP/mask-compute.png"

# Big triangles that reach a 128-pixel tile only in its first or last row or column, or clip its
# corner (tests/raster_tile_edges.py): the big pass lists only the tiles a triangle reaches, and
# misses none of them. No two slivers meet at one depth, so the ids equal the hardware's exactly.
tcam=$("$PY" "$LC_SOURCE_DIR/tests/raster_tile_edges.py" "$TMP/scene" 512 288) || fail "raster_tile_edges.py failed"
for r in hardware compute; do
    lc_ok "tile edges $r" --headless --validate --quiet --size 512x288 --frames 2 --lights 16 --shading visibility \
        --scene "$TMP/scene/tile-edges.gltf" --camera "$tcam" --fov 90 --view triangles --raster $r \
        --stats "$TMP/tile-edges-$r.json" --out "$TMP/tile-edges-$r.png"
done
big=$(img json "$TMP/tile-edges-compute.json" raster.triangles_big)
[[ $big -ge 60 ]] || fail "tile edges: $big of the slivers went to the big pass (want at least 60)"
read -r n rest < <(img pixels "$TMP/tile-edges-hardware.png" "$TMP/tile-edges-compute.png")
[[ $n == 0 ]] || fail "tile edges: $n pixels differ from the hardware's ids: ${rest:-}"

# Geometry paths and occlusion: one image under the compute raster (the default hall).
hall=(--headless --validate --quiet --size 200x120 --frames 2 --lights 128 --seed 4 --shading visibility --raster compute --view triangles)
lc_ok "hall hardware" "${hall[@]/compute/hardware}" --geometry direct --out "$TMP/hall-hw.png"
hall_paths=("direct off" "mdi on" "mesh off" "mesh on")
[[ ${LC_TEST_SWEEP:-} == short ]] && hall_paths=("direct off" "mdi on" "mesh on")
for g in "${hall_paths[@]}"; do
    # shellcheck disable=SC2086
    set -- $g
    [[ $1 == mesh && $mesh_ok == 0 ]] && continue
    lc_ok "hall --geometry $1 --occlusion $2" "${hall[@]}" --geometry "$1" --occlusion "$2" --out "$TMP/hall-$1-$2.png" --stats "$TMP/hall-$1-$2.json"
    same "hall --raster compute --geometry $1 --occlusion $2 (against the hardware)" "$TMP/hall-hw.png" "$TMP/hall-$1-$2.png"
done
[[ $(img json "$TMP/hall-mdi-on.json" geometry.occlusion) == True ]] || fail "--occlusion on did not run under the compute raster"

# Past the big-triangle list's capacity (LC_RASTER_BIG_LIMIT=4: a list of 4 set-ups) the other
# big triangles go to their workgroup's medium queue: the same pixels, 4 in the list.
big=$(img json "$TMP/hall-direct-off.json" raster.triangles_big)
[[ $big -gt 4 ]] || fail "the hall at 200x120 has $big big triangles: the capacity test needs more than 4"
LC_RASTER_BIG_LIMIT=4 lc_ok "hall, a big-triangle list of 4" "${hall[@]}" --geometry direct --occlusion off --out "$TMP/hall-limit.png" --stats "$TMP/hall-limit.json"
[[ $(img json "$TMP/hall-limit.json" raster.triangles_big) == 4 ]] || fail "LC_RASTER_BIG_LIMIT=4: $(img json "$TMP/hall-limit.json" raster.triangles_big) big triangles listed"
read -r n rest < <(img pixels "$TMP/hall-direct-off.png" "$TMP/hall-limit.png")
[[ $n == 0 ]] || fail "past the big-triangle list's capacity: $n pixels differ from the whole list's image"

# Every culling mode = brute force under the compute raster.
modes=(--headless --validate --quiet --size 160x90 --frames 2 --lights 256 --seed 8 --shading visibility --raster compute --geometry mdi)
lc_ok "compute raster brute" "${modes[@]}" --mode brute --out "$TMP/m-brute.png"
raster_modes="lists tiles clusters zbin"
[[ ${LC_TEST_SWEEP:-} == short ]] && raster_modes=zbin
for mode in $raster_modes; do
    lc_ok "compute raster $mode" "${modes[@]}" --mode $mode --pairs --stats "$TMP/m-$mode.json" --out "$TMP/m-$mode.png" || continue
    d=$(img diff "$TMP/m-brute.png" "$TMP/m-$mode.png")
    [[ $d -le 1 ]] || fail "compute raster: $mode differs from brute force by $d/255"
    [[ $(img json "$TMP/m-$mode.json" pairs.missed) == 0 ]] || fail "compute raster: $mode missed pairs"
done

# The crossover bench (scripts/bench-raster-crossover.sh): both rasters per triangle size, each
# drawing the screen's triangles (8-pixel legs: medium ones; 16: big ones; one meshlet each, so
# lavapipe compiles the raster pipeline for one task count, not two).
LC_BIN=$LC_BIN SIZE=64x36 SIZES="8 16" FRAMES=1 "$LC_SOURCE_DIR/scripts/bench-raster-crossover.sh" "$TMP/crossover.csv" ||
    fail "bench-raster-crossover.sh failed"
"$PY" - "$TMP/crossover.csv" <<'EOF2' || fail "bench-raster-crossover.sh: $(cat "$TMP/crossover.csv")"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
want = [("8", "hardware", 8 * 5 * 2), ("8", "compute", 8 * 5 * 2), ("16", "hardware", 4 * 3 * 2), ("16", "compute", 4 * 3 * 2)]
got = [(r["triangle_px"], r["raster"], int(r["triangles"])) for r in rows]
assert got == want, got
assert all(float(r["depth_ms"]) > 0 for r in rows), rows
# boxes of 64 pixels, and of 256 (big from 128) but in the last row, which the screen cuts to 16 x 4
assert (rows[1]["triangles_big"], rows[3]["triangles_big"]) == ("0", "16"), rows
EOF2

# Without 64-bit buffer atomics: auto falls back with one warning, compute is refused.
small=(--headless --quiet --size 64x36 --frames 1 --shading visibility)
LC_DEVICE_HIDE=int64 lc_ok "auto without int64" "${small[@]}" --raster auto --stats "$TMP/hide.json" --out "$TMP/hide.png"
[[ $(img json "$TMP/hide.json" raster.path) == hardware ]] || fail "--raster auto without int64 atomics did not take the hardware"
[[ $(grep -c "raster" "$LC_STDERR") == 1 ]] || fail "--raster auto without int64 atomics: want one warning, got: $(cat "$LC_STDERR")"
LC_DEVICE_HIDE=int64 lc_bad "--raster compute without int64" "${small[@]}" --raster compute --out "$TMP/refuse.png"
grep -q "shaderBufferInt64Atomics" "$LC_STDERR" || fail "the refusal does not name the feature: $(cat "$LC_STDERR")"
lc_bad_each "--raster sideways" "--raster compute --out $TMP/x.png" "--shading visibility --view nowhere" "--view triangles --out $TMP/x.png" \
    "--shading visibility --view overdraw --out $TMP/x.png"

finish
