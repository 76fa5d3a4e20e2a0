#!/usr/bin/env bash
# glTF alpha MASK cuts holes in every raster path: a quad whose texture's alpha is a
# checkerboard (alphaMode MASK, cutoff 0.5) in front of a wall changes half as many pixels of
# the wall-only image as the same quad made opaque, in forward and visibility shading (one
# raster pass, and the depth pre-pass then the ids), on the
# direct, mdi and mesh paths with two-phase occlusion off and on (the HiZ is built from the
# masked depth, so the wall behind the holes must not be culled); and every path renders the
# image of forward + direct, occlusion off (<= 1/255). Scenes from tests/alpha_mask_scene.py.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

mesh_probe "alpha MASK on the mesh path"
for s in wall mask maskopaque; do
    "$PY" "$LC_SOURCE_DIR/tests/alpha_mask_scene.py" "$TMP" $s >"$TMP/cam" || fail "alpha_mask_scene.py $s failed"
done
cam=$(cat "$TMP/cam")
printf '{"lights": [{"type": "point", "position": [-1.5, 2.5, 2.5], "radius": 7, "color": [1, 0.9, 0.8], "intensity": 6},
 {"type": "point", "position": [1.5, 2.0, 2.5], "radius": 7, "color": [0.8, 0.9, 1], "intensity": 6}]}' >"$TMP/lights.json"

# frac A B: the fraction of pixels where A and B differ by more than 8/255 in some channel.
frac()
{
    "$PY" - "$1" "$2" <<'PYEOF'
import sys
from PIL import Image, ImageChops
d = ImageChops.difference(Image.open(sys.argv[1]).convert('RGB'), Image.open(sys.argv[2]).convert('RGB')).getdata()
print('%.4f' % (sum(1 for p in d if max(p) > 8) / float(len(d))))
PYEOF
}

common=(--camera "$cam" --headless --validate --quiet --size 240x136 --frames 2 --lights-file "$TMP/lights.json")
ref="$TMP/mask-forward-direct-off.png"
checks=0
# Under the sanitizers (LC_TEST_SWEEP=short) forward and the default visibility raster: the
# single pass's host code differs in pass order alone.
shadings="forward single prepass"
[[ ${LC_TEST_SWEEP:-} == short ]] && shadings="forward prepass"
for sh in $shadings; do
    shading=(--shading forward)
    [[ $sh != forward ]] && shading=(--shading visibility --visibility-pass $sh)
    for g in direct mdi mesh; do
        [[ $g == mesh && $mesh_ok == 0 ]] && continue
        for o in off on; do
            [[ $g == direct && $o == on ]] && continue # occlusion is mdi's and mesh's
            tag="$sh-$g-$o" ok=1
            for s in wall mask maskopaque; do
                lc_ok "$s ($tag)" --scene "$TMP/$s.gltf" "${common[@]}" "${shading[@]}" --geometry $g --occlusion $o \
                    --out "$TMP/$s-$tag.png" || ok=0
            done
            [[ $ok == 1 ]] || continue
            fm=$(frac "$TMP/wall-$tag.png" "$TMP/mask-$tag.png")
            fo=$(frac "$TMP/wall-$tag.png" "$TMP/maskopaque-$tag.png")
            fcmp "$fo" ">" 0.05 || fail "$tag: the opaque quad changes only $fo of the image: the case tests nothing"
            # The checkerboard's holes halve the quad's pixels.
            { fcmp "$fm" ">" "$("$PY" -c "print(0.4 * $fo)")" && fcmp "$fm" "<" "$("$PY" -c "print(0.6 * $fo)")"; } ||
                fail "$tag: the masked quad changes $fm of the image, the opaque one $fo (want about half)"
            d=$(img diff "$ref" "$TMP/mask-$tag.png")
            [[ $d -le 1 ]] || fail "$tag: the masked quad differs from forward + direct by $d/255"
            checks=$((checks + 1))
        done
    done
done
echo "alpha MASK: $checks path(s) cut the checkerboard's holes and agree"
finish
