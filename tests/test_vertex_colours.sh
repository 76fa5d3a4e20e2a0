#!/usr/bin/env bash
# glTF vertex colours (COLOR_0) multiply the base colour, on every path: four white quads with no
# colour, RGB float red, RGBA byte green and RGB short blue (tests/vertex_colour_scene.py) show
# white, red, green and blue in --view base-colour (the linear product, exact to 2/255) and lit,
# the other channels dark; forward and visibility shading on the direct, mdi and mesh paths
# (the mesh path decoding inline and from the decoded mesh, the load-time decode on the GPU and
# the CPU) all render the forward + direct image (<= 1/255). COLOR_0's alpha takes part in
# alpha MASK (alpha 0 at a quad's right vertices cuts its right half, in the depth pre-pass,
# the visibility ids and the forward shade alike) and in BLEND (alpha 0: the quad is not seen).
# LC_TEST_SWEEP=short (the sanitizer pass) keeps each host path once: the base-colour view in
# both shadings; every geometry path and decode under forward shading, and visibility shading on
# the direct and mesh paths; MASK under forward shading on the direct path and under each
# visibility pass (single, prepass) on one other path each (mdi, mesh); BLEND. It drops the
# repeated GPU variants: visibility on mdi and the codec-off decodes (the decode is the same
# load-time code as forward's), and the other MASK shading x path pairs.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

mesh_probe "vertex colours on the mesh path"
for s in colours wall mask opaque blend; do
    "$PY" "$LC_SOURCE_DIR/tests/vertex_colour_scene.py" "$TMP" $s >"$TMP/$s.cam" || fail "vertex_colour_scene.py $s failed"
done
printf '{"lights": [{"type": "point", "position": [-1.5, 2.5, 2.5], "radius": 7, "color": [1, 0.9, 0.8], "intensity": 6},
 {"type": "point", "position": [1.5, 2.0, 2.5], "radius": 7, "color": [0.8, 0.9, 1], "intensity": 6}]}' >"$TMP/lights.json"

# The colours (r g b) at the four quads' centres (and the blue one's upper part), one per line.
quads()
{
    "$PY" - "$1" <<'PYEOF'
import sys
from PIL import Image
im = Image.open(sys.argv[1]).convert('RGB'); w, h = im.size
for x, y in ((0.18, 0.5), (0.39, 0.5), (0.6, 0.5), (0.81, 0.6), (0.81, 0.4)):
    print(*im.getpixel((int(x * w), int(y * h))))
PYEOF
}
# The largest channel difference of A and B (0..255) within the box x0 y0 x1 y1 (fractions).
boxdiff()
{
    "$PY" - "$@" <<'PYEOF'
import sys
from PIL import Image, ImageChops
a = Image.open(sys.argv[1]).convert('RGB'); b = Image.open(sys.argv[2]).convert('RGB'); w, h = a.size
x0, y0, x1, y1 = (float(v) for v in sys.argv[3:7])
print(max(max(p) for p in ImageChops.difference(a, b).crop((int(x0 * w), int(y0 * h), int(x1 * w), int(y1 * h))).getdata()))
PYEOF
}

common=(--headless --validate --quiet --lights-file "$TMP/lights.json" --frames 2)
render() # SCENE TAG ARGS...
{
    local s=$1 tag=$2
    shift 2
    lc_ok "$s ($tag)" --scene "$TMP/$s.gltf" --camera "$(cat "$TMP/$s.cam")" "${common[@]}" --out "$TMP/$s-$tag.png" "$@"
}

# The linear base colour x vertex colour, as the base-colour view shows it (sRGB-encoded):
# white, red, green, blue, and the blue quad's fade (1 at its bottom edge, 0.25 at its top,
# which lie at 0.662 and 0.338 of the image's height: at 0.6, 0.86 linear, sRGB 239; at 0.4,
# 0.39, sRGB 168).
for sh in forward visibility; do
    render colours base-$sh --size 320x180 --shading $sh --view base-colour || continue
    want=("255 255 255" "255 0 0" "0 255 0" "0 0 239" "0 0 168")
    i=0
    while read -r r g b; do
        read -r wr wg wb <<<"${want[$i]}"
        tol=2
        ((i >= 3)) && tol=6 # the fade: where the pixel centre falls on it
        ((r - wr <= tol && wr - r <= tol && g - wg <= tol && wg - g <= tol && b - wb <= tol && wb - b <= tol)) ||
            fail "$sh --view base-colour: quad $i shows ($r, $g, $b), want ($wr, $wg, $wb) within $tol"
        i=$((i + 1))
    done < <(quads "$TMP/colours-base-$sh.png")
    ((i == 5)) || fail "$sh --view base-colour: read $i of 5 pixels"
done

ref="$TMP/colours-forward-direct.png"
checks=0
for sh in forward visibility; do
    for g in direct mdi mesh mesh-decoded direct-cpu; do
        [[ $g == mesh* && $mesh_ok == 0 ]] && continue
        [[ ${LC_TEST_SWEEP:-} == short && $sh == visibility && $g != direct && $g != mesh ]] && continue
        geo=(--geometry "${g%%-*}")
        [[ $g == mesh-decoded || $g == direct-cpu ]] && geo+=(--meshlet-codec off)
        tag=$sh-$g
        render colours "$tag" --size 320x180 --shading $sh "${geo[@]}" || continue
        i=0
        while read -r r g2 b; do
            # Lit and coloured: the vertex colour's channel bright, the others dark (the
            # dielectric's 4% specular only); the uncoloured quad white.
            case $i in
            0) ok=$((r > 120 && g2 > 120 && b > 120)) ;;
            1) ok=$((r > 120 && g2 < 40 && b < 40)) ;;
            2) ok=$((g2 > 120 && r < 40 && b < 40)) ;;
            *) ok=$((b > 100 && r < 40 && g2 < 40)) ;;
            esac
            ((ok)) || fail "$tag: quad $i shows ($r, $g2, $b)"
            i=$((i + 1))
        done < <(quads "$TMP/colours-$tag.png")
        ((i == 5)) || fail "$tag: read $i of 5 pixels"
        d=$(img diff "$ref" "$TMP/colours-$tag.png")
        [[ $d -le 1 ]] || fail "$tag: differs from forward + direct by $d/255 (want <= 1)"
        printf '  %-24s red quad %s, against forward + direct %s/255\n' "$tag" "$(quads "$TMP/colours-$tag.png" | sed -n 2p)" "$d"
        checks=$((checks + 1))
    done
done

# MASK: the quad's left half (vertex alpha above the cutoff) drawn, its right half the wall's;
# the same quad opaque draws both. BLEND with vertex alpha 0: the wall alone.
mref="$TMP/mask-forward-direct.png"
for sh in forward single prepass; do
    shading=(--shading forward)
    [[ $sh != forward ]] && shading=(--shading visibility --visibility-pass $sh)
    for g in direct mdi mesh; do
        [[ $g == mesh && $mesh_ok == 0 ]] && continue
        if [[ ${LC_TEST_SWEEP:-} == short ]]; then
            keep=forward-direct:single-mdi:prepass-mesh
            [[ $mesh_ok == 0 ]] && keep=forward-direct:single-mdi:prepass-direct
            [[ :$keep: == *":$sh-$g:"* ]] || continue
        fi
        tag=$sh-$g ok=1
        for s in wall mask opaque; do render $s "$tag" --size 240x136 "${shading[@]}" --geometry $g || ok=0; done
        [[ $ok == 1 ]] || continue
        ol=$(boxdiff "$TMP/wall-$tag.png" "$TMP/opaque-$tag.png" 0.40 0.3 0.47 0.6)
        or=$(boxdiff "$TMP/wall-$tag.png" "$TMP/opaque-$tag.png" 0.53 0.3 0.60 0.6)
        ml=$(boxdiff "$TMP/wall-$tag.png" "$TMP/mask-$tag.png" 0.40 0.3 0.47 0.6)
        mr=$(boxdiff "$TMP/wall-$tag.png" "$TMP/mask-$tag.png" 0.53 0.3 0.60 0.6)
        ((ol > 30 && or > 30)) || fail "$tag: the opaque quad changes its halves by only $ol and $or/255: the case tests nothing"
        ((ml > 30 && mr <= 2)) ||
            fail "$tag: MASK with vertex alpha 1 (left) to 0 (right) changes the left half by $ml/255 (want > 30), the right by $mr (want <= 2)"
        d=$(img diff "$mref" "$TMP/mask-$tag.png")
        [[ $d -le 1 ]] || fail "$tag: the masked quad differs from forward + direct by $d/255"
        printf '  %-24s MASK by vertex alpha: left half %s/255 off the wall, right half %s\n' "$tag" "$ml" "$mr"
        checks=$((checks + 1))
    done
done
render blend forward-direct --size 240x136 && {
    d=$(img diff "$TMP/wall-forward-direct.png" "$TMP/blend-forward-direct.png")
    [[ $d -le 2 ]] || fail "BLEND with vertex alpha 0 changes the wall by $d/255 (want <= 2: nothing shows)"
    printf '  BLEND with vertex alpha 0: %s/255 against the wall alone\n' "$d"
}
echo "vertex colours: $checks path(s) agree"
finish
