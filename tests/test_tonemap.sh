#!/usr/bin/env bash
# The tonemap's passes (--tonemap compute|fragment|fused): on the default scene, forward and
# visibility shading and the heatmap and tightness views, the compute pass's image matches
# the fragment pass's within 1/255 (one ACES in shaders/shading/tonemap_curve.glsl; the
# compute pass encodes sRGB itself, exactly rounded, where the fragment pass leaves it to the
# sRGB attachment), and the fused one (the visibility shade tonemapping as it writes, no
# tonemap pass) matches both within 1/255, all with zero validation messages; --stats
# tonemap_path says which ran: auto picks fused for visibility shading in the shaded view,
# else compute where the output can be a storage image; fused falls back to compute where
# the frame cannot fuse. The heatmap and tightness views, forward and visibility, give every
# pixel the colour of a known light count (lights covering the whole hall). The viewer does the same with
# the HUD drawn over the compute pass's swapchain image (a mutable-format swapchain).
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

# Odd: the 8x8 compute blocks overhang the right and bottom edges.
SIZE=333x177

# tm_case TAG FUSED ARGS...: compute against fragment, fused against both, and auto's choice;
# FUSED is the path --tonemap fused (and auto) takes: fused, or compute where it cannot fuse.
tm_case()
{
    local tag=$1 fused=$2
    shift 2
    local common=(--headless --validate --quiet --size "$SIZE" --frames 2 --lights 128 --seed 3 "$@")
    local p
    for p in compute fragment fused auto; do
        lc_ok "$tag $p" "${common[@]}" --tonemap "$p" --out "$TMP/$tag-$p.png" --stats "$TMP/$tag-$p.json" || return
    done
    [[ $(img json "$TMP/$tag-compute.json" tonemap_path) == compute ]] || fail "$tag: --tonemap compute: tonemap_path is not 'compute'"
    [[ $(img json "$TMP/$tag-fragment.json" tonemap_path) == fragment ]] || fail "$tag: --tonemap fragment: tonemap_path is not 'fragment'"
    [[ $(img json "$TMP/$tag-fused.json" tonemap_path) == "$fused" ]] || fail "$tag: --tonemap fused: tonemap_path is not '$fused'"
    [[ $(img json "$TMP/$tag-auto.json" tonemap_path) == "$fused" ]] || fail "$tag: auto did not pick $fused on a storage-capable output"
    local d luma
    d=$(img diff "$TMP/$tag-fragment.png" "$TMP/$tag-compute.png") || { fail "$tag: cannot compare images"; return; }
    [[ $d -le 1 ]] || fail "$tag: compute tonemap differs from the fragment one by $d/255"
    for p in compute fragment; do
        local f
        f=$(img diff "$TMP/$tag-$p.png" "$TMP/$tag-fused.png") || { fail "$tag: cannot compare images"; return; }
        [[ $f -le 1 ]] || fail "$tag: the fused tonemap differs from the $p one by $f/255"
    done
    luma=$(img luma "$TMP/$tag-compute.png" | cut -d' ' -f1)
    fcmp "$luma" ">" 0.02 || fail "$tag: the compute image is black (mean luma $luma): the case tests nothing"
    printf '  %-36s max diff %s  mean luma %s\n' "$tag compute vs fragment" "$d" "$luma"
}

tm_case forward compute --mode zbin
tm_case visibility fused --shading visibility --mode zbin
tm_case heatmap compute --view heatmap --mode tiles
tm_case tightness compute --view tightness --mode clusters
tm_case visibility-heatmap compute --shading visibility --view heatmap --mode zbin

# The heatmap legend's linear colours are known (ramp() of tonemap.glsl): the compute pass's
# codes must be the exact IEC 61966-2-1 curve rounded to nearest, every channel of the bar.
# (lavapipe's sRGB attachment is off by one code on a few, which the 1/255 bound allows.)
if [[ -f $TMP/heatmap-compute.png ]]; then
    off=$("$PY" - "$TMP/heatmap-compute.png" "$(dirname "$0")" <<'PYEOF'
import struct, sys
from PIL import Image
sys.path.insert(0, sys.argv[2])
from image_util import ramp, srgb_encode as srgb
def f32(x): return struct.unpack("f", struct.pack("f", x))[0]
im = Image.open(sys.argv[1]).convert("RGB")
px, y = im.load(), im.size[1] - 14
print(sum(a != b for x in range(8, 264) for a, b in zip(px[x, y], map(srgb, ramp(f32(f32(f32(x - 8) / 255.0) + f32(1e-3)))))))
PYEOF
    )
    [[ $off == 0 ]] || fail "heatmap legend: $off of 768 channels are not the exactly rounded sRGB code"
    printf '  %-36s %s of 768 channels off the exact sRGB code\n' "compute heatmap legend" "$off"
fi

# The analysis views at known counts: lights whose volumes hold the whole hall (radius 1000 m)
# are evaluated at every pixel by every mode, and contribute (weight > 0) everywhere; small
# lights in mid-air down the nave, in view but reaching no surface, are evaluated at every
# pixel by brute force (it walks every light in the frustum) and contribute nowhere (weight
# exactly 0 past the radius). So each pixel's heatmap colour is ramp(E / 64) and its
# tightness colour ((E - C) / 64, C / 64, 0), each mixed with a quarter of the shaded pixel's
# luminance (tonemap.glsl): image_util.py view computes that colour for every pixel of the
# view, given the shaded image of the same frame, and it must be within 1/255 everywhere.
"$PY" - "$TMP" <<'PYEOF'
import json, sys
def cover(n):
    return [{"type": "point", "position": [-6 + 0.8 * i, 4, 30 - 3 * i], "radius": 1000, "color": [1, 0.8, 0.6],
             "intensity": 0.05} for i in range(n)]
def in_air(n):
    return [{"type": "point", "position": [-0.8 + 0.1 * i, 3.5, 20 - 0.5 * i], "radius": 0.2, "color": [1, 1, 1],
             "intensity": 5} for i in range(n)]
for name, lights in (("cover16", cover(16)), ("cover48", cover(48)), ("mixed", cover(16) + in_air(16))):
    json.dump({"lights": lights}, open(f"{sys.argv[1]}/{name}.json", "w"))
PYEOF
# view_case TAG LIGHTS EVALUATED CONTRIBUTING ARGS...
view_case()
{
    local tag=$1 lights=$2 e=$3 c=$4
    shift 4
    local common=(--headless --validate --quiet --size 197x109 --lights-file "$TMP/$lights.json" "$@")
    lc_ok "$tag shaded" "${common[@]}" --out "$TMP/$tag-shaded.png" || return
    local v worst off
    for v in heatmap tightness; do
        lc_ok "$tag $v" "${common[@]}" --view "$v" --out "$TMP/$tag-$v.png" || continue
        read -r worst off < <(img view "$v" "$TMP/$tag-$v.png" "$TMP/$tag-shaded.png" "$e" "$c") ||
            { fail "$tag $v: cannot check"; continue; }
        [[ $off == 0 ]] || fail "$tag $v: $off pixels differ from the colour of $e evaluated, $c contributing (worst $worst/255)"
        printf '  %-36s %s evaluated, %s contributing: worst %s/255
' "$tag $v" "$e" "$c" "$worst"
    done
}
view_case "brute, 16 lights" cover16 16 16 --mode brute
view_case "tiles, 48 lights" cover48 48 48 --mode tiles
view_case "zbin, 48 lights" cover48 48 48 --mode zbin
view_case "brute, 16 + 16 dark" mixed 32 16 --mode brute
view_case "visibility zbin, 48 lights" cover48 48 48 --mode zbin --shading visibility
view_case "visibility brute, 16 + 16 dark" mixed 32 16 --mode brute --shading visibility

lc --headless --quiet --size 64x64 --tonemap vertex
[[ $? == 2 ]] || fail "--tonemap vertex: expected exit 2"
grep -q "expected auto, compute, fragment or fused" "$LC_STDERR" || fail "--tonemap vertex: no one-line reason: $(head -c 300 "$LC_STDERR")"

# viewer_pair TAG REF PATH ARGS...: the viewer's screenshots with --tonemap REF and --tonemap
# PATH (what tonemap_path must then read): the two images within 1/255, and the HUD drawn over
# PATH's image (its text, with timings, differs run to run).
viewer_pair()
{
    local tag=$1 ref=$2 path=$3
    shift 3
    local p
    for p in "$ref" "$path"; do
        local base="$TMP/viewer-$tag-$p"
        printf '0 pause\n2 screenshot %s\n3 screenshot-hud %s\n4 quit\n' "$base.png" "$base-hud.png" >"$base.txt"
        local rc=0
        timeout 300 xvfb-run -a -s "-screen 0 640x480x24" "$LC_BIN" --validate --size 321x181 --lights 128 --seed 3 \
            "$@" --tonemap "$p" --script "$base.txt" --stats "$base.json" >"$base.log" 2>&1 || rc=$?
        [[ $rc == 0 ]] || { fail "viewer $tag --tonemap $p exited $rc: $(tail -3 "$base.log")"; return; }
    done
    local got d h
    got=$(img json "$TMP/viewer-$tag-$path.json" tonemap_path)
    [[ $got == "$path" ]] || fail "viewer $tag --tonemap $path: tonemap_path is '$got' (no mutable-format swapchain?)"
    d=$(img diff "$TMP/viewer-$tag-$ref.png" "$TMP/viewer-$tag-$path.png")
    [[ $d -le 1 ]] || fail "viewer $tag: $ref and $path screenshots differ by $d/255"
    h=$(img diff "$TMP/viewer-$tag-$path.png" "$TMP/viewer-$tag-$path-hud.png")
    [[ $h -gt 64 ]] || fail "viewer $tag: the HUD is missing over the $path tonemap (max diff $h)"
    printf '  %-36s max diff %s, HUD over %s: max diff %s\n' "viewer $tag $ref vs $path" "$d" "$path" "$h"
}

# The viewer: the compute pass writes the swapchain image (the same image as the fragment
# pass), then the HUD draws over it; with visibility shading the fused tonemap writes it from
# the shade, and the HUD still draws over it.
if have_xvfb_run "the viewer pairs"; then
    viewer_pair forward fragment compute
    viewer_pair visibility compute fused --shading visibility
fi

finish
