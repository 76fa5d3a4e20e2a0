#!/usr/bin/env bash
# glTF alphaMode BLEND (scenes from tests/blend_scene.py): a half-transparent red quad lets the
# wall behind it through (it differs from the same quad opaque and from no quad), one whose
# texture alpha is 0 leaves the image as it was; blended
# layers are drawn back to front (the nearer red quad over a green one shows more red); lights
# just in front of the near quad, out of reach of the wall and floor, light it, and every
# culling mode equals brute force there (<= 1/255) and misses no light-pixel pair (--pairs),
# with the tile-parallel and the light-parallel binning, in forward and visibility shading and
# on every geometry path (transparent draws are direct draws whatever --geometry says); --stats
# counts the materials by alpha mode and the transparent draws; validation stays silent.
# Without the transparent light cull (tiles bounded by the opaque depth) the modes other than
# clusters miss every light of these scenes.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

SIZE=333x177 # odd: tiles overhang the right and bottom edges
mesh_probe "the mesh path"
for s in wall blend blendopaque blendorder blendclear; do
    "$PY" "$LC_SOURCE_DIR/tests/blend_scene.py" "$TMP" $s >"$TMP/$s.cam" || fail "blend_scene.py $s failed"
done
CAM=$(cat "$TMP/blend.cam")
printf '{"lights": [{"type": "point", "position": [-1.5, 2.5, 2.5], "radius": 7, "color": [1, 0.9, 0.8], "intensity": 6},
 {"type": "point", "position": [1.5, 2.0, 2.5], "radius": 7, "color": [0.8, 0.9, 1], "intensity": 6}]}' >"$TMP/front.json"

printf '{"lights": [{"type": "point", "position": [0, 1.5, 3], "radius": 7, "color": [1, 1, 1], "intensity": 0.5}]}' >"$TMP/dim.json"
# Fraction of pixels (0..1) where two PNGs differ by more than T/255 in some channel.
frac_diff()
{
    "$PY" - "$1" "$2" "$3" <<'PYEOF'
import sys
from PIL import Image, ImageChops
a = Image.open(sys.argv[1]).convert('RGB'); b = Image.open(sys.argv[2]).convert('RGB'); t = int(sys.argv[3])
d = ImageChops.difference(a, b).getdata()
print('%.4f' % (sum(1 for p in d if max(p) > t) / float(len(d))))
PYEOF
}
render()
{
    local what=$1 scene=$2 out=$3
    shift 3
    lc_ok "$what" --scene "$TMP/$scene.gltf" --camera "$CAM" --headless --validate --quiet --size "$SIZE" --frames 2 --out "$out" "$@"
}

for sh in forward visibility; do
    # Half transparent: not the opaque quad, not the wall alone.
    # The compute tonemap: visibility shading fuses it where the scene has no blended objects,
    # within 1/255 of the compute pass, and the texture-alpha check below wants equality.
    for s in wall blend blendopaque; do
        render "$sh $s" $s "$TMP/$s-$sh.png" --lights-file "$TMP/front.json" --shading $sh --tonemap compute
    done
    fb=$(frac_diff "$TMP/blend-$sh.png" "$TMP/blendopaque-$sh.png" 8)
    fw=$(frac_diff "$TMP/blend-$sh.png" "$TMP/wall-$sh.png" 8)
    fcmp "$fb" '>' 0.05 && fcmp "$fw" '>' 0.05 ||
        fail "$sh: the BLEND quad is not half transparent ($fb of the image differs from the opaque quad, $fw from no quad)"
    # alpha = texture alpha x factor alpha: a texture alpha of 0 leaves the wall as it was.
    render "$sh clear" blendclear "$TMP/clear-$sh.png" --lights-file "$TMP/front.json" --shading $sh
    d=$(img diff "$TMP/wall-$sh.png" "$TMP/clear-$sh.png")
    [[ $d == 0 ]] || fail "$sh: a BLEND quad whose texture alpha is 0 changes the image by $d/255"
    # Back to front: red (nearer) over green, each alpha 0.5: red 0.5, green 0.25 of the light.
    render "$sh order" blendorder "$TMP/order-$sh.png" --lights-file "$TMP/dim.json" --exposure 0 --shading $sh
    rg=$("$PY" -c "from PIL import Image; im = Image.open('$TMP/order-$sh.png').convert('RGB'); w, h = im.size; p = im.getpixel((w // 2, int(h * 0.45))); print(p[0], p[1])")
    read -r red green <<<"$rg"
    ((red > green + 10)) || fail "$sh: where the red quad is in front of the green one the pixel is ($red, $green): not drawn back to front"

    # Lights that reach only the transparent quad.
    L=(--lights-file "$TMP/blend-lights.json" --shading "$sh")
    ref="$TMP/tb-$sh-brute.png"
    render "$sh blend brute" blend "$ref" "${L[@]}" --mode brute --stats "$TMP/tb-$sh-brute.json" || continue
    fl=$(frac_diff "$ref" "$TMP/blend-$sh.png" 4)
    fcmp "$fl" '>' 0.01 || fail "$sh: lights in front of the transparent quad do not light it ($fl of the image changes)"
    [[ $(img json "$TMP/tb-$sh-brute.json" transparent_draws) == 2 ]] || fail "$sh: --stats transparent_draws is not 2"
    [[ $(img json "$TMP/tb-$sh-brute.json" materials.blend) == 1 ]] || fail "$sh: --stats materials.blend is not 1"
    (($(img json "$TMP/tb-$sh-brute.json" materials.opaque) + 1 == $(img json "$TMP/tb-$sh-brute.json" materials.count))) ||
        fail "$sh: --stats materials: $(img json "$TMP/tb-$sh-brute.json" materials) (all but one opaque)"
    runs=("lists" "tiles" "clusters" "zbin" "tiles --binning tiles" "zbin --binning tiles" "clusters --binning tiles"
        "tiles --binning lights-nodepth" "zbin --bin-kernel blocks" "zbin --geometry mdi" "zbin --geometry mesh" "tiles --geometry mdi --occlusion off")
    # Under the sanitizers (scripts/test-sanitize.sh sets LC_TEST_SWEEP=short) one run per
    # culling structure: the host code is the same in the others; the Release pass runs all.
    [[ ${LC_TEST_SWEEP:-} == short ]] && runs=("lists" "zbin --geometry mesh")
    for run in "${runs[@]}"; do
        read -r -a args <<<"$run"
        tag="$sh-${run// /_}"
        [[ $run == *mesh* && $mesh_ok == 0 ]] && continue
        render "$tag" blend "$TMP/tb-$tag.png" "${L[@]}" --mode "${args[@]}" --pairs --stats "$TMP/tb-$tag.json" || continue
        d=$(img diff "$ref" "$TMP/tb-$tag.png")
        [[ $d -ge 0 && $d -le 1 ]] || fail "$tag: the transparent quad differs from brute force by $d/255"
        [[ $(img json "$TMP/tb-$tag.json" passes_ms_last_frame) == *'"transparent light cull / '* ]] ||
            fail "$tag: no transparent light cull ran"
        missed=$(img json "$TMP/tb-$tag.json" pairs.missed)
        [[ $missed == 0 ]] || fail "$tag: --pairs missed $missed light-pixel pairs"
        [[ $(img json "$TMP/tb-$tag.json" transparent_draws) == 2 ]] || fail "$tag: --stats transparent_draws is not 2"
        for g in mdi mesh; do
            [[ $run != *"geometry $g"* || $(img json "$TMP/tb-$tag.json" geometry.path) == "$g" ]] || fail "$tag: the $g path did not run"
        done
    done
done
# A scene without BLEND materials reports none and runs no transparent pass.
lc_ok "opaque stats" --scene "$TMP/blendopaque.gltf" --camera "$CAM" --headless --validate --quiet --size "$SIZE" --frames 1 \
    --stats "$TMP/opaque.json"
[[ $(img json "$TMP/opaque.json" materials.blend) == 0 && $(img json "$TMP/opaque.json" transparent_draws) == 0 ]] ||
    fail "an opaque scene reports blended materials or transparent draws"
[[ $(img json "$TMP/opaque.json" passes_ms_last_frame) != *transparent* ]] || fail "an opaque scene runs a transparent pass or cull"
finish
