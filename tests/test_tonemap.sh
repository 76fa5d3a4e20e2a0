#!/usr/bin/env bash
# The tonemap's two passes (--tonemap compute|fragment): on the default scene, forward and
# visibility shading and the heatmap and tightness views, the compute pass's image matches
# the fragment pass's within 1/255 (one ACES in shaders/shading/tonemap.glsl; the compute pass
# encodes sRGB itself, exactly rounded, where the fragment pass leaves it to the sRGB
# attachment), both with zero validation messages; --stats tonemap_path says which ran and
# auto picks compute where the output can be a storage image. The viewer does the same with
# the HUD drawn over the compute pass's swapchain image (a mutable-format swapchain).
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

# Odd: the 8x8 compute blocks overhang the right and bottom edges.
SIZE=333x177

# tm_case TAG ARGS...: compute against fragment, and auto's choice.
tm_case()
{
    local tag=$1
    shift
    local common=(--headless --validate --quiet --size "$SIZE" --frames 2 --lights 128 --seed 3 "$@")
    local p
    for p in compute fragment auto; do
        lc_ok "$tag $p" "${common[@]}" --tonemap "$p" --out "$TMP/$tag-$p.png" --stats "$TMP/$tag-$p.json" || return
    done
    [[ $(img json "$TMP/$tag-compute.json" tonemap_path) == compute ]] || fail "$tag: --tonemap compute: tonemap_path is not 'compute'"
    [[ $(img json "$TMP/$tag-fragment.json" tonemap_path) == fragment ]] || fail "$tag: --tonemap fragment: tonemap_path is not 'fragment'"
    [[ $(img json "$TMP/$tag-auto.json" tonemap_path) == compute ]] || fail "$tag: auto did not pick compute on a storage-capable output"
    local d luma
    d=$(img diff "$TMP/$tag-fragment.png" "$TMP/$tag-compute.png") || { fail "$tag: cannot compare images"; return; }
    [[ $d -le 1 ]] || fail "$tag: compute tonemap differs from the fragment one by $d/255"
    luma=$(img luma "$TMP/$tag-compute.png" | cut -d' ' -f1)
    fcmp "$luma" ">" 0.02 || fail "$tag: the compute image is black (mean luma $luma): the case tests nothing"
    printf '  %-36s max diff %s  mean luma %s\n' "$tag compute vs fragment" "$d" "$luma"
}

tm_case forward --mode zbin
tm_case visibility --shading visibility --mode zbin
tm_case heatmap --view heatmap --mode tiles
tm_case tightness --view tightness --mode clusters

# The heatmap legend's linear colours are known (ramp() of tonemap.glsl): the compute pass's
# codes must be the exact IEC 61966-2-1 curve rounded to nearest, every channel of the bar.
# (lavapipe's sRGB attachment is off by one code on a few, which the 1/255 bound allows.)
if [[ -f $TMP/heatmap-compute.png ]]; then
    off=$("$PY" - "$TMP/heatmap-compute.png" <<'PYEOF'
import math, struct, sys
from PIL import Image
def f32(x): return struct.unpack("f", struct.pack("f", x))[0]
def srgb(c):
    c = min(max(c, 0.0), 1.0)
    return math.floor((c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055) * 255 + 0.5)
def ramp(t):
    t = min(max(t, 0.0), 1.0)
    c = [min(max(v, 0.0), 1.0) for v in (4 * t - 2, 4 * t if t < 0.5 else 4 - 4 * t, 2 - 4 * t)]
    return (0.0, 0.0, 0.15) if t <= 0 else c
im = Image.open(sys.argv[1]).convert("RGB")
px, y = im.load(), im.size[1] - 14
print(sum(a != b for x in range(8, 264) for a, b in zip(px[x, y], map(srgb, ramp(f32(f32(f32(x - 8) / 255.0) + f32(1e-3)))))))
PYEOF
    )
    [[ $off == 0 ]] || fail "heatmap legend: $off of 768 channels are not the exactly rounded sRGB code"
    printf '  %-36s %s of 768 channels off the exact sRGB code\n' "compute heatmap legend" "$off"
fi

lc --headless --quiet --size 64x64 --tonemap vertex
[[ $? == 2 ]] || fail "--tonemap vertex: expected exit 2"
grep -q "expected auto, compute or fragment" "$LC_STDERR" || fail "--tonemap vertex: no one-line reason: $(head -c 300 "$LC_STDERR")"

# The viewer: the compute pass writes the swapchain image (the same image as the fragment
# pass), then the HUD draws over it (its text, with timings, differs run to run).
if command -v xvfb-run >/dev/null; then
    for p in compute fragment; do
        printf '0 pause\n2 screenshot %s\n3 screenshot-hud %s\n4 quit\n' "$TMP/viewer-$p.png" "$TMP/viewer-hud-$p.png" \
            >"$TMP/script-$p.txt"
        rc=0
        timeout 300 xvfb-run -a -s "-screen 0 640x480x24" "$LC_BIN" --validate --size 321x181 --lights 128 --seed 3 \
            --tonemap "$p" --script "$TMP/script-$p.txt" --stats "$TMP/viewer-$p.json" >"$TMP/viewer-$p.log" 2>&1 || rc=$?
        [[ $rc == 0 ]] || fail "viewer --tonemap $p exited $rc: $(tail -3 "$TMP/viewer-$p.log")"
    done
    if [[ -f $TMP/viewer-compute.png && -f $TMP/viewer-fragment.png && -f $TMP/viewer-hud-compute.png ]]; then
        path=$(img json "$TMP/viewer-compute.json" tonemap_path)
        [[ $path == compute ]] || fail "viewer --tonemap compute: tonemap_path is '$path' (no mutable-format swapchain?)"
        d=$(img diff "$TMP/viewer-fragment.png" "$TMP/viewer-compute.png")
        [[ $d -le 1 ]] || fail "viewer: compute and fragment screenshots differ by $d/255"
        h=$(img diff "$TMP/viewer-compute.png" "$TMP/viewer-hud-compute.png")
        [[ $h -gt 64 ]] || fail "viewer: the HUD is missing over the compute tonemap (max diff $h)"
        printf '  %-36s max diff %s, HUD over compute: max diff %s\n' "viewer compute vs fragment" "$d" "$h"
    fi
else
    fail "xvfb-run is missing (Debian: apt-get install xvfb xauth)"
fi

finish
