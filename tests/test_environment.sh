#!/usr/bin/env bash
# The sun and the environment (src/lights/environment.c, shaders/shading/environment.glsl) on
# the default hall with no local light (--lights 0): the procedural sky alone lights the model
# (mean brightness above a bound), --environment none without a sun leaves it dark, a sun lights
# only the faces turned towards it (from above the floor, from below the ceiling: the image's
# bottom and top bands swap), the automatic exposure meters the sun (a 500 lux sun and a
# 50000 lux one give the same image at EVs log2(100) apart), an equirectangular .hdr written
# here (Radiance RGBE by hand) lights the model and reads back as the environment in --stats,
# and forward and visibility shading give the same image (within 5/255, as
# tests/test_visibility.sh bounds them), all with zero validation messages.
# LC_TEST_SWEEP=short (the sanitizer pass) keeps each host path once: every case under forward
# shading, and visibility shading for the sky, the sun from above and the .hdr. It drops the
# visibility image of the sun from below (the same sun set-up as from above).
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

SIZE=160x90
common=(--headless --validate --quiet --size "$SIZE" --frames 1 --lights 0)

# bands PNG: mean luma (0..1) of the top and the bottom fifth of the image.
bands()
{
    "$PY" - "$1" <<'PYEOF'
import sys
from PIL import Image
im = Image.open(sys.argv[1]).convert("L")
w, h = im.size
px = im.load()
def mean(y0, y1):
    return sum(px[x, y] for y in range(y0, y1) for x in range(w)) / (255.0 * w * (y1 - y0))
print(f"{mean(0, h // 5):.4f} {mean(h - h // 5, h):.4f}")
PYEOF
}

# shade_pair TAG ARGS...: forward and visibility images; they must match within 5/255.
shade_pair()
{
    local tag=$1
    shift
    lc_ok "$tag forward" "${common[@]}" "$@" --out "$TMP/$tag.png" --stats "$TMP/$tag.json" || return 1
    [[ ${LC_TEST_SWEEP:-} == short && $tag == sun-below ]] && return 0
    lc_ok "$tag visibility" "${common[@]}" "$@" --shading visibility --out "$TMP/$tag-vis.png" || return 1
    local d
    d=$(img diff "$TMP/$tag.png" "$TMP/$tag-vis.png") || { fail "$tag: cannot compare images"; return 1; }
    [[ $d -le 5 ]] || fail "$tag: forward and visibility shading differ by $d/255 (bound 5)"
    printf '  %-28s forward vs visibility %s/255  mean luma %s\n' "$tag" "$d" "$(img luma "$TMP/$tag.png" | cut -d' ' -f1)"
}

# --- the sky alone lights the model; none leaves it dark ---
if shade_pair sky --environment sky; then
    luma=$(img luma "$TMP/sky.png" | cut -d' ' -f1)
    fcmp "$luma" ">" 0.3 || fail "sky: the model is not lit by the sky alone (mean luma $luma, expected > 0.3)"
    [[ $(img json "$TMP/sky.json" environment.kind) == sky ]] || fail "sky: --stats environment.kind is not 'sky'"
    [[ $(img json "$TMP/sky.json" sun) == None ]] || fail "sky: --stats sun is not null without --sun"
fi
if lc_ok "none" "${common[@]}" --environment none --out "$TMP/none.png"; then
    dark=$(img luma "$TMP/none.png" | cut -d' ' -f1)
    fcmp "$dark" "<" 0.08 || fail "none: no light, no environment, yet mean luma $dark (expected < 0.08)"
    printf '  %-28s mean luma %s\n' "none" "$dark"
fi

# --- the sun lights the faces towards it only (its BRDF: --cascades 0, unshadowed, since the
# closed hall would shadow itself entirely; the sun's shadows: tests/test_cascades.sh) ---
if shade_pair sun-above --environment none --sun 0,1,0,20000 --cascades 0 && shade_pair sun-below --environment none --sun 0,-1,0,20000 --cascades 0; then
    read -r a_top a_bottom <<<"$(bands "$TMP/sun-above.png")"
    read -r b_top b_bottom <<<"$(bands "$TMP/sun-below.png")"
    printf '  sun above: ceiling band %s floor band %s; below: ceiling %s floor %s\n' "$a_top" "$a_bottom" "$b_top" "$b_bottom"
    # lit: above a bound and three times the band facing away (the hall's arches leave part of
    # the top band facing up)
    fcmp "$a_bottom" ">" 0.15 || fail "sun above: the floor is not lit (luma $a_bottom)"
    fcmp "$a_bottom" ">" "$("$PY" -c "print(3 * $a_top)")" || fail "sun above: the ceiling, facing away, is lit (luma $a_top, floor $a_bottom)"
    fcmp "$b_top" ">" 0.15 || fail "sun below: the ceiling is not lit (luma $b_top)"
    fcmp "$b_top" ">" "$("$PY" -c "print(3 * $b_bottom)")" || fail "sun below: the floor, facing away, is lit (luma $b_bottom, ceiling $b_top)"
    [[ $(img json "$TMP/sun-above.json" sun.lux) == 20000 ]] || fail "sun above: --stats sun.lux is not 20000"
fi

# --- the exposure meters the sun: 100x the lux, the same image, EV100 up by log2(100) ---
# (50000 lux: a white surface facing a brighter sun passes the HDR image's half-float range)
if lc_ok "sun 500 lux" "${common[@]}" --sun 0.3,1,0.2,500 --cascades 0 --out "$TMP/dim.png" --stats "$TMP/dim.json" &&
    lc_ok "sun 50000 lux" "${common[@]}" --sun 0.3,1,0.2,50000 --cascades 0 --out "$TMP/bright.png" --stats "$TMP/bright.json"; then
    d=$(img diff "$TMP/dim.png" "$TMP/bright.png")
    [[ $d -le 2 ]] || fail "a 100x brighter sun changed the exposed image by $d/255: the exposure does not meter the sun"
    ev_dim=$(img json "$TMP/dim.json" exposure.ev100)
    ev_bright=$(img json "$TMP/bright.json" exposure.ev100)
    "$PY" -c "import sys, math; sys.exit(0 if abs(float(sys.argv[2]) - float(sys.argv[1]) - math.log2(100)) < 0.01 else 1)" "$ev_dim" "$ev_bright" ||
        fail "EV100 $ev_dim at 500 lux, $ev_bright at 50000 lux: expected log2(100) apart"
    printf '  %-28s EV100 %s and %s, images within %s/255\n' "sun 500 vs 50000 lux" "$ev_dim" "$ev_bright" "$d"
fi

# --- an .hdr: a white upper hemisphere over a black lower one, flat RGBE scanlines ---
"$PY" - "$TMP/half.hdr" <<'PYEOF'
import math, sys
w, h = 64, 32
out = bytearray(b"#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y %d +X %d\n" % (h, w))
def rgbe(r, g, b):
    v = max(r, g, b)
    if v < 1e-32:
        return bytes(4)
    m, e = math.frexp(v)
    s = m * 256.0 / v
    return bytes([int(r * s), int(g * s), int(b * s), e + 128])
for y in range(h):
    for x in range(w):
        out += rgbe(2.0, 1.8, 1.5) if y < h // 2 else rgbe(0.0, 0.0, 0.0)
open(sys.argv[1], "wb").write(out)
PYEOF
if shade_pair hdr --environment "$TMP/half.hdr"; then
    luma=$(img luma "$TMP/hdr.png" | cut -d' ' -f1)
    fcmp "$luma" ">" 0.2 || fail "hdr: the model is not lit by the .hdr (mean luma $luma, expected > 0.2)"
    [[ $(img json "$TMP/hdr.json" environment.kind) == file ]] || fail "hdr: --stats environment.kind is not 'file'"
    read -r top bottom <<<"$(bands "$TMP/hdr.png")"
    # light from above only: the floor (facing up) brighter than the ceiling (facing down)
    fcmp "$bottom" ">" "$top" || fail "hdr: light from the upper hemisphere lights the ceiling ($top) more than the floor ($bottom)"
fi

finish
