#!/usr/bin/env bash
# glTF metallic-roughness materials (shaders/shading/lighting.glsl, surface.glsl) on small scenes
# written by tests/material_scenes.py, in forward and visibility shading, with zero validation
# messages: a flat normal map changes nothing (<= 2/255 against no map) and a bumpy one changes
# much of the quad; a map tilted toward its +x and +y (right and up on the image) turns the quad
# to a light at its upper right and away from one at its lower left (the tangent frame's
# orientation); metallic 1 against 0 changes the metal sphere and nothing else; an
# emissive quad glows with no light in reach; forward and visibility shading agree on every
# scene (normal maps and all five texture slots included), and so does the visibility shade
# without descriptor indexing (the waterfall and the switch over textures, LC_DEVICE_HIDE); the
# material views show the inputs; --stats counts the materials; and the automatic exposure
# keeps a scene readable at any unit (the spheres at 1/100 and 100 times the size).
# LC_TEST_SWEEP=short (the sanitizer pass) keeps each host path once: every scene, check and view
# under forward shading; under visibility shading the textured quad (all five slots, --stats),
# the metal sphere and its three views, compared with forward's; both LC_DEVICE_HIDE fallbacks;
# the three units. It drops visibility's repeats of forward's scenes (normal maps flat, bumpy
# and tilted, metal against dielectric, emissive): the same scene loading and material packing.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

SC="$PY $LC_SOURCE_DIR/tests/material_scenes.py $TMP"
for s in nomap normalmap flatmap tilted emissive metal dielectric textured; do
    $SC $s >"$TMP/$s.cam" || fail "material_scenes.py $s failed"
done
printf '{"lights": [{"type": "point", "position": [-1.5, 2.5, 2.5], "radius": 7, "color": [1, 0.9, 0.8], "intensity": 6},
 {"type": "point", "position": [1.5, 2.0, 2.5], "radius": 7, "color": [0.8, 0.9, 1], "intensity": 6}]}' >"$TMP/front.json"
printf '{"lights": [{"type": "point", "position": [0, 40, 40], "radius": 1, "color": [1, 1, 1], "intensity": 1}]}' >"$TMP/none.json"

# Fraction of pixels (0..1) where two PNGs differ by more than T/255 in some channel, within
# the box x0 y0 x1 y1 (fractions of the size; default all).
frac_diff()
{
    "$PY" - "$@" <<'PYEOF'
import sys
from PIL import Image, ImageChops
a = Image.open(sys.argv[1]).convert('RGB'); b = Image.open(sys.argv[2]).convert('RGB'); t = int(sys.argv[3])
box = [float(v) for v in sys.argv[4:8]] if len(sys.argv) > 4 else [0, 0, 1, 1]
w, h = a.size
d = ImageChops.difference(a, b).crop((int(box[0] * w), int(box[1] * h), int(box[2] * w), int(box[3] * h))).getdata()
print('%.4f' % (sum(1 for p in d if max(p) > t) / float(len(d))))
PYEOF
}
# The colour (r g b) at fractions x, y of an image.
pixel() { "$PY" -c "from PIL import Image; im=Image.open('$1').convert('RGB'); w,h=im.size; print(*im.getpixel((int($2*w),int($3*h))))"; }

render() # SCENE TAG ARGS...
{
    local s=$1 tag=$2
    shift 2
    lc_ok "$tag" --scene "$TMP/$s.gltf" --camera "$(cat "$TMP/$s.cam")" --headless --validate --quiet --size 320x180 --frames 2 \
        --out "$TMP/$tag.png" "$@"
}

for sh in forward visibility; do
    L=(--lights-file "$TMP/front.json" --shading "$sh")
    short=0
    [[ ${LC_TEST_SWEEP:-} == short && $sh == visibility ]] && short=1
    if ((!short)); then
    for s in normalmap flatmap nomap; do render $s $s-$sh "${L[@]}"; done
    d=$(img diff "$TMP/flatmap-$sh.png" "$TMP/nomap-$sh.png")
    [[ $d -le 2 ]] || fail "$sh: a flat normal map changes the image by $d/255 (want <= 2)"
    fn=$(frac_diff "$TMP/normalmap-$sh.png" "$TMP/flatmap-$sh.png" 16)
    fcmp "$fn" ">" 0.2 || fail "$sh: the bumpy normal map changes only $fn of the image (want > 0.2)"
    printf '  %-10s flat map vs none %s/255, bumpy map changes %s of the image\n' "$sh" "$d" "$fn"

    # The tilted map against none, at the quad's centre, under a light at its upper right, then
    # at its lower left; the light alone (no environment: it lights the quad from every side).
    for side in ur:2,3.5,1 ll:-2,-0.5,1; do
        printf '{"lights": [{"type": "point", "position": [%s], "radius": 10, "color": [1, 1, 1], "intensity": 5}]}' "${side#*:}" \
            >"$TMP/${side%%:*}.json"
        for s in tilted nomap; do
            render $s $s-${side%%:*}-$sh --lights-file "$TMP/${side%%:*}.json" --shading "$sh" --exposure 2 --size 160x90 --environment none
        done
    done
    read -r tu _ <<<"$(pixel "$TMP/tilted-ur-$sh.png" 0.5 0.5)"; read -r nu _ <<<"$(pixel "$TMP/nomap-ur-$sh.png" 0.5 0.5)"
    read -r tl _ <<<"$(pixel "$TMP/tilted-ll-$sh.png" 0.5 0.5)"; read -r nl _ <<<"$(pixel "$TMP/nomap-ll-$sh.png" 0.5 0.5)"
    ((tu > nu + 10 && tl + 10 < nl)) ||
        fail "$sh: the map tilted to the upper right gives $tu (light at the upper right) and $tl (lower left) against $nu and $nl without it"
    printf '  %-10s tilted map: %s against %s (light upper right), %s against %s (lower left)\n' "$sh" "$tu" "$nu" "$tl" "$nl"

    fi
    if ((short)); then
        render metal metal-$sh "${L[@]}"
    else
    for s in metal dielectric; do render $s $s-$sh "${L[@]}"; done
    fl=$(frac_diff "$TMP/metal-$sh.png" "$TMP/dielectric-$sh.png" 16 0 0 0.475 1)
    fr=$(frac_diff "$TMP/metal-$sh.png" "$TMP/dielectric-$sh.png" 16 0.525 0 1 1)
    fcmp "$fl" ">" 0.03 && fcmp "$fr" "<=" 0.01 ||
        fail "$sh: metallic 1 vs 0 changes $fl of the metal sphere's half (want > 0.03) and $fr of the other (want <= 0.01)"
    printf '  %-10s metal vs dielectric: %s of the left half, %s of the right\n' "$sh" "$fl" "$fr"

    render emissive emissive-$sh --lights-file "$TMP/none.json" --shading "$sh"
    read -r er eg eb <<<"$(pixel "$TMP/emissive-$sh.png" 0.5 0.5)"
    ((er > 100 && er > eg && eg > eb)) || fail "$sh: emissive (1, 0.5, 0.1) with no light in reach shows ($er, $eg, $eb) at the centre"
    printf '  %-10s emissive quad with no light: %s %s %s\n' "$sh" "$er" "$eg" "$eb"
    fi

    render textured textured-$sh "${L[@]}" --stats "$TMP/textured-$sh.json"
    # (assimp adds glTF's default material, unused, beside the quad's.)
    [[ $(img json "$TMP/textured-$sh.json" materials.textures) == 5 && $(img json "$TMP/textured-$sh.json" materials.normal_mapped) == 1 &&
        $(img json "$TMP/textured-$sh.json" materials.emissive) == 1 ]] ||
        fail "$sh: --stats materials of the textured quad: $(img json "$TMP/textured-$sh.json" materials)"
    # The material views: base colour 0.9 on the spheres (sRGB 243), the floor's normal (0, 1, 0)
    # as (0.5, 1, 0.5) (188 255 188), roughness 0.25 and metallic 1 on the metal sphere (137 255 0).
    for v in base-colour normals roughness-metallic; do render metal metal-$v-$sh "${L[@]}" --view $v; done
    want=("base-colour 0.6 0.6 243 243 243" "normals 0.5 0.95 188 255 188" "roughness-metallic 0.4 0.6 137 255 0")
    for w in "${want[@]}"; do
        read -r v x y r g b <<<"$w"
        read -r pr pg pb <<<"$(pixel "$TMP/metal-$v-$sh.png" "$x" "$y")"
        ((${pr:-0} - r <= 2 && r - ${pr:-0} <= 2 && ${pg:-0} - g <= 2 && g - ${pg:-0} <= 2 && ${pb:-0} - b <= 2 && b - ${pb:-0} <= 2)) ||
            fail "$sh: --view $v shows ($pr, $pg, $pb) at $x,$y, want ($r, $g, $b)"
    done
done

# Forward and visibility shading agree (the tangent frame of both included).
for s in normalmap metal textured emissive; do
    [[ -f $TMP/$s-visibility.png ]] || [[ ${LC_TEST_SWEEP:-} != short ]] || continue
    d=$(img diff "$TMP/$s-forward.png" "$TMP/$s-visibility.png")
    [[ $d -le 2 ]] || fail "$s: forward and visibility differ by $d/255 (want <= 2)"
    printf '  %-10s forward vs visibility %s/255\n' "$s" "$d"
done
for v in base-colour normals roughness-metallic; do
    d=$(img diff "$TMP/metal-$v-forward.png" "$TMP/metal-$v-visibility.png")
    [[ $d -le 2 ]] || fail "--view $v: forward and visibility differ by $d/255 (want <= 2)"
done

# Without descriptor indexing the visibility shade selects each texture slot's texture through
# a waterfall, and with a 32-sampler limit too: the same image.
for hide in descriptor_indexing descriptor_indexing,dynamic_indexing; do
    LC_DEVICE_HIDE=$hide render textured textured-$hide --lights-file "$TMP/front.json" --shading visibility || continue
    d=$(img diff "$TMP/textured-visibility.png" "$TMP/textured-$hide.png")
    [[ $d -le 1 ]] || fail "LC_DEVICE_HIDE=$hide: the five-texture quad differs from bindless by $d/255"
    printf '  %-10s LC_DEVICE_HIDE=%s: %s/255 against bindless\n' visibility "$hide" "$d"
done

# Units: the same spheres at 1/100 and 100 times the size, generated lights, first view: as
# bright, readable (mean >= 20, <= 15% saturated).
for sc in 1 0.01 100; do
    $SC metal --scale $sc >/dev/null && mv "$TMP/metal.gltf" "$TMP/metal-x$sc.gltf" || fail "material_scenes.py metal --scale $sc"
    lc_ok "metal x$sc" --scene "$TMP/metal-x$sc.gltf" --headless --validate --quiet --size 320x180 --frames 1 --out "$TMP/units-$sc.png"
done
u=$("$PY" - "$TMP"/units-1.png "$TMP"/units-0.01.png "$TMP"/units-100.png <<'PYEOF'
import sys
from PIL import Image, ImageStat
r = []
for f in sys.argv[1:]:
    im = Image.open(f).convert('RGB'); px = list(im.getdata())
    r.append((ImageStat.Stat(im.convert('L')).mean[0], sum(1 for p in px if max(p) >= 254) / float(len(px))))
print(' '.join('%.1f %.3f' % x for x in r))
PYEOF
)
read -r m1 s1 m2 s2 m3 s3 <<<"$u"
fcmp "$m1" ">=" 20 && fcmp "$s1" "<=" 0.15 && fcmp "$m2" ">=" "$(echo "$m1*0.7" | bc)" && fcmp "$m2" "<=" "$(echo "$m1*1.3" | bc)" &&
    fcmp "$m3" ">=" "$(echo "$m1*0.7" | bc)" && fcmp "$m3" "<=" "$(echo "$m1*1.3" | bc)" ||
    fail "brightness depends on units or is unreadable: mean $m1 (x1, saturated $s1), $m2 (x0.01, $s2), $m3 (x100, $s3); want >= 20, <= 15% saturated, within 30%"
printf '  units: mean %s (saturated %s) at x1, %s at x0.01, %s at x100\n' "$m1" "$s1" "$m2" "$m3"
finish
