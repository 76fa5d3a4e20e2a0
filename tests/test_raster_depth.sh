#!/usr/bin/env bash
# The compute raster's depth (--raster compute; passes/raster.c): the HiZ and the light cull
# read the resolve's depth words, and the words are copied into the D32 depth image
# ('raster depth') only in a frame whose transparent pass tests against that image.
# - blendhidden (tests/blend_scene.py: a BLEND quad half behind an opaque one): the frame
#   copies once (no 'raster depth / phase 1') and its image is the hardware raster's but for
#   depth ties, with occlusion on and off; without the copy the transparent pass would test
#   against a stale image (the hidden half drawn, or the whole quad lost); every culling mode
#   equals brute force there (<= 1/255, no pair missed: the transparent cull's tile depth
#   reads the words);
# - the hall (no blended objects): no copy at all, with occlusion on and off;
# every run under the validation layer, synchronization validation on.
# (tests/test_gpu_raster_depth.c: the HiZ from the words and a host read of the depth.)
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

SIZE=200x120
TIES=$((200 * 120 * 5 / 10000)) # 0.05 %: depth ties between coplanar surfaces
cam=$("$PY" "$LC_SOURCE_DIR/tests/blend_scene.py" "$TMP" blendhidden) || fail "blend_scene.py blendhidden failed"
printf '{"lights": [{"type": "point", "position": [-1.5, 2.5, 2.5], "radius": 7, "color": [1, 0.9, 0.8], "intensity": 6},
 {"type": "point", "position": [1.5, 2.0, 2.5], "radius": 7, "color": [0.8, 0.9, 1], "intensity": 6}]}' >"$TMP/front.json"
base=(--headless --validate --quiet --size "$SIZE" --frames 2 --shading visibility --geometry mdi)

# passes JSON: the last frame's pass labels, one a line.
passes() { img json "$1" passes_ms_last_frame | "$PY" -c 'import json, sys; print("\n".join(json.load(sys.stdin)))'; }

# Under the sanitizers (LC_TEST_SWEEP=short) occlusion on and the lists mode (its own tile depth
# kernel) alone: occlusion off's passes and the other modes' host code run in other tests there.
occs="on off" cull_modes="lists tiles clusters zbin"
[[ ${LC_TEST_SWEEP:-} == short ]] && occs=on cull_modes=lists
for occ in $occs; do
    for r in hardware compute; do
        lc_ok "blendhidden --raster $r --occlusion $occ" "${base[@]}" --scene "$TMP/blendhidden.gltf" --camera "$cam" \
            --lights-file "$TMP/front.json" --raster $r --occlusion $occ --stats "$TMP/hidden-$r-$occ.json" --out "$TMP/hidden-$r-$occ.png"
    done
    read -r n rest < <(img pixels "$TMP/hidden-hardware-$occ.png" "$TMP/hidden-compute-$occ.png")
    [[ $n -le $TIES ]] || fail "blendhidden --occlusion $occ: the compute raster's image differs from the hardware's at $n pixels: ${rest:-}"
    p=$(passes "$TMP/hidden-compute-$occ.json")
    grep -qx "raster depth" <<<"$p" || fail "blendhidden --occlusion $occ: no 'raster depth' before the transparent pass: $p"
    ! grep -q "raster depth /" <<<"$p" || fail "blendhidden --occlusion $occ: a phase-1 depth copy: $p"
    grep -qx "transparent" <<<"$p" || fail "blendhidden --occlusion $occ: no transparent pass: $p"

    lc_ok "hall --raster compute --occlusion $occ" "${base[@]}" --lights 64 --seed 3 --raster compute --occlusion $occ \
        --stats "$TMP/hall-$occ.json" --out "$TMP/hall-$occ.png"
    p=$(passes "$TMP/hall-$occ.json")
    ! grep -q "raster depth" <<<"$p" || fail "hall --occlusion $occ: a depth copy in a frame without a transparent pass: $p"
    grep -qx "raster resolve" <<<"$p" || fail "hall --occlusion $occ: no 'raster resolve': $p"
    if [[ $occ == on ]]; then grep -qx "hiz" <<<"$p" || fail "hall --occlusion on: no hiz: $p"; fi
done
# Every culling mode = brute force on the transparent scene under the compute raster.
modes=("${base[@]}" --scene "$TMP/blendhidden.gltf" --camera "$cam" --lights 96 --seed 7 --raster compute)
lc_ok "blendhidden brute" "${modes[@]}" --mode brute --out "$TMP/m-brute.png"
for mode in $cull_modes; do
    lc_ok "blendhidden $mode" "${modes[@]}" --mode $mode --pairs --stats "$TMP/m-$mode.json" --out "$TMP/m-$mode.png" || continue
    d=$(img diff "$TMP/m-brute.png" "$TMP/m-$mode.png")
    [[ $d -le 1 ]] || fail "blendhidden --raster compute: $mode differs from brute force by $d/255"
    [[ $(img json "$TMP/m-$mode.json" pairs.missed) == 0 ]] || fail "blendhidden --raster compute: $mode missed pairs"
    [[ $(img json "$TMP/m-$mode.json" validation_messages) == 0 ]] || fail "blendhidden $mode: validation messages"
done

finish
