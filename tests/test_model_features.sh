#!/usr/bin/env bash
# glTF features a user's own file uses, on small scenes written by tests/model_scenes.py, in
# forward and visibility shading with zero validation messages: sampler wrap modes and filters,
# TEXCOORD_1 (and KHR_texture_transform's texCoord), extensionsRequired, first views of hollow
# objects, a model's first look, skinned meshes quantized by gltfpack, what BLEND surfaces cast, warnings for what is ignored (once each) and missing
# textures (folded into one line).
# LC_TEST_SWEEP=short (the sanitizer pass) keeps each host path once: every scene and check
# under forward shading, and under visibility shading the two UV-set scenes (TEXCOORD_1 and
# KHR_texture_transform's texCoord); every file kind, warning, gltfpack encoding, first look and
# first view, and both shadow culls. It drops visibility's repeats of the wrap-mode and filter
# scenes (their samplers are made once at load, the same for both shadings).
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"
SC="$PY $LC_SOURCE_DIR/tests/model_scenes.py $TMP"
scene() { $SC "$1" >"$TMP/$1.cam" || fail "model_scenes.py $1 failed"; }
# shade NAME SHADING OUT [ARGS]: the scene's base colour from its camera.
shade()
{
    lc_ok "$1 ($2)" --scene "$TMP/$1.gltf" --camera "$(cat "$TMP/$1.cam")" --headless --size 240x135 --frames 2 --validate \
        --lights 0 --view base-colour --shading "$2" --out "$3" "${@:4}"
}
# Fraction of pixels that are clearly red, clearly green.
red() { "$PY" -c "from PIL import Image; d=list(Image.open('$1').convert('RGB').getdata()); print('%.5f' % (sum(1 for p in d if p[0] > 150 and p[1] < 90 and p[2] < 90) / float(len(d))))"; }
green() { "$PY" -c "from PIL import Image; d=list(Image.open('$1').convert('RGB').getdata()); print('%.5f' % (sum(1 for p in d if p[1] > p[0] + 40) / float(len(d))))"; }
colours() { "$PY" -c "from PIL import Image; print(len(set(Image.open('$1').convert('RGB').getdata())))"; }

for s in clamp repeat mirror stripes nearest linear texcoord1 transformuv; do scene $s; done
# Changes between red and green along the image's middle row.
changes() { "$PY" -c "
from PIL import Image
im = Image.open('$1').convert('RGB'); w, h = im.size; last = None; n = 0
for x in range(w):
    p = im.getpixel((x, h // 2)); c = 'r' if p[0] > p[1] + 60 else 'g' if p[1] > p[0] + 60 else None
    if c and last and c != last: n += 1
    last = c or last
print(n)"; }
for sh in forward visibility; do
    if [[ ${LC_TEST_SWEEP:-} != short || $sh == forward ]]; then
    # Sampler wrap modes: CLAMP_TO_EDGE shows the one cross of UVs 0..1, REPEAT nine.
    shade clamp $sh "$TMP/clamp-$sh.png" && shade repeat $sh "$TMP/repeat-$sh.png" && {
        rc=$(red "$TMP/clamp-$sh.png") rr=$(red "$TMP/repeat-$sh.png")
        fcmp "$rr" ">" 0.01 && fcmp "$rc" "<" "$("$PY" -c "print($rr * 0.25)")" ||
            fail "wrap modes ($sh): CLAMP shows red on $rc of the image, REPEAT on $rr (want CLAMP < 0.25 x REPEAT)"
    }
    # MIRRORED_REPEAT: the halves meet mirrored (3 changes of colour across), REPEAT alternates (5).
    shade mirror $sh "$TMP/mirror-$sh.png" && shade stripes $sh "$TMP/stripes-$sh.png" && {
        cm=$(changes "$TMP/mirror-$sh.png") cs=$(changes "$TMP/stripes-$sh.png")
        [[ $cm == 3 && $cs == 5 ]] || fail "wrap modes ($sh): MIRRORED_REPEAT changes colour $cm times across (want 3), REPEAT $cs (want 5)"
    }
    # Filters: a 2 x 2 texture magnified NEAREST is four flat colours (and the background), LINEAR a blend.
    shade nearest $sh "$TMP/nearest-$sh.png" && shade linear $sh "$TMP/linear-$sh.png" && {
        cn=$(colours "$TMP/nearest-$sh.png") cl=$(colours "$TMP/linear-$sh.png")
        [[ $cn -le 8 && $cl -ge 100 ]] || fail "filters ($sh): NEAREST shows $cn colours (want <= 8), LINEAR $cl (want >= 100)"
    }
    fi
    # TEXCOORD_1: the texture's green half, where TEXCOORD_0 would read its red one.
    for s in texcoord1 transformuv; do
        shade $s $sh "$TMP/$s-$sh.png" || continue
        g=$(green "$TMP/$s-$sh.png") r=$(red "$TMP/$s-$sh.png")
        fcmp "$g" ">" 0.2 && fcmp "$r" "<" 0.001 || fail "$s ($sh): green on $g of the image, red on $r (TEXCOORD_1 not read)"
    done
done
# A material whose texture slots name two UV sets: one warning line naming the slot left out.
"$PY" - "$TMP" <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1] + '/texcoord1.gltf'))
d['materials'][0]['occlusionTexture'] = {"index": 0}
json.dump(d, open(sys.argv[1] + '/mixed.gltf', 'w'))
PYEOF
lc_ok "two UV sets" --scene "$TMP/mixed.gltf" --headless --size 64x36 --frames 1 --out "$TMP/mixed.png" &&
    [[ $(grep -c "occlusion texture on TEXCOORD_0" "$LC_STDERR") == 1 ]] || fail "two UV sets: no one-line warning naming the occlusion slot"

# extensionsRequired: KHR_lights_punctual (read) loads with its light; an unknown one is refused by name.
scene required && scene unknownreq
lc_ok required --scene "$TMP/required.gltf" --headless --size 160x90 --frames 1 --validate --out "$TMP/required.png" &&
    { grep -q "the scene's 1 (KHR_lights_punctual)" "$LC_STDOUT" || fail "required: the file's light is not used: $(cat "$LC_STDOUT")"; }
lc_bad unknownreq --scene "$TMP/unknownreq.gltf" --headless --size 64x36 --frames 1 --out "$TMP/unknown.png"
grep -q "EXT_made_up_extension" "$LC_STDERR" || fail "unknownreq: the message does not name the extension: $(cat "$LC_STDERR")"

# Warnings: each ignored feature once, naming it; 12 missing textures in one line with the count
# and the first path.
scene ignored && scene missing
lc_ok ignored --scene "$TMP/ignored.gltf" --headless --size 64x36 --frames 1 --out "$TMP/ignored.png" && {
    for want in "KHR_materials_clearcoat, KHR_materials_sheen" "points or lines dropped" "KHR_texture_transform on other slots" \
        "2 scenes"; do
        [[ $(grep -c "warning: .*$want" "$LC_STDERR") == 1 ]] || fail "ignored: not one warning naming '$want': $(cat "$LC_STDERR")"
    done
}
lc_ok missing --scene "$TMP/missing.gltf" --headless --size 64x36 --frames 1 --out "$TMP/missing.png" && {
    n=$(grep -c "warning" "$LC_STDERR")
    [[ $n == 1 ]] && grep -q "12 textures cannot be loaded, first: '.*no-such-texture-00.png'" "$LC_STDERR" ||
        fail "missing: 12 missing textures give $n warning lines, want one with the count and the first path: $(head -c 800 "$LC_STDERR")"
}

# A skinned mesh beside unskinned ones, through gltfpack (quantized by default, -vp 16, and
# meshopt-compressed): drawn as the source is (the shared position grid of the quantized meshes
# crushed it to nothing before).
if command -v gltfpack >/dev/null; then
    scene skin
    skinrun() { lc_ok "$1" --scene "$2" --camera "$(cat "$TMP/skin.cam")" --headless --size 240x135 --frames 1 --validate --lights 0 \
        --out "$TMP/$1.png"; }
    if skinrun skin "$TMP/skin.gltf"; then
        for v in "default:" "vp16:-vp 16" "cc:-cc"; do
            # shellcheck disable=SC2086
            gltfpack -i "$TMP/skin.gltf" -o "$TMP/skin-${v%%:*}.glb" ${v#*:} >/dev/null 2>&1 || { fail "gltfpack ${v#*:} failed"; continue; }
            skinrun "skin-${v%%:*}" "$TMP/skin-${v%%:*}.glb" || continue
            d=$("$PY" -c "from PIL import Image, ImageChops; d=ImageChops.difference(Image.open('$TMP/skin.png').convert('RGB'), Image.open('$TMP/skin-${v%%:*}.png').convert('RGB')).getdata(); print('%.4f' % (sum(1 for p in d if max(p) > 24) / float(len(d))))")
            fcmp "$d" "<=" 0.002 || fail "a skinned mesh after gltfpack ${v#*:} differs from the source on $d of the image (want <= 0.002)"
        done
    fi
else
    skip "skinned meshes through gltfpack" "gltfpack is missing"
fi

# A model's first look (docs/MATERIALS.md): without --lights, a file seen from outside gets 16
# near-white lights and a brighter sky, so a metal sphere looks as under the sky alone (its
# reference look) and not rainbow-speckled as under 1,024 saturated lights (--lights 1024).
scene metalball
look() { lc_ok "metalball $1" --scene "$TMP/metalball.gltf" --headless --size 160x90 --frames 1 --validate --out "$TMP/mb-$1.png" \
    --stats "$TMP/mb-$1.json" "${@:2}"; }
if look default && look sky --lights 0 && look many --lights 1024; then
    [[ $(img json "$TMP/mb-default.json" lights) == 16 && $(img json "$TMP/mb-many.json" lights) == 1024 ]] ||
        fail "metalball: $(img json "$TMP/mb-default.json" lights) lights by default (want 16), $(img json "$TMP/mb-many.json" lights) with --lights 1024"
    apart() { "$PY" -c "from PIL import Image, ImageChops; d=ImageChops.difference(Image.open('$1').convert('RGB'), Image.open('$2').convert('RGB')).getdata(); print('%.4f' % (sum(1 for p in d if max(p) > 40) / float(len(d))))"; }
    dd=$(apart "$TMP/mb-default.png" "$TMP/mb-sky.png") dm=$(apart "$TMP/mb-many.png" "$TMP/mb-sky.png")
    fcmp "$dd" "<=" 0.08 && fcmp "$dm" ">" 0.15 ||
        fail "metalball: the first look differs from the sky alone on $dd of the image (want <= 0.08), 1,024 lights on $dm (want > 0.15)"
fi

# First views: a closed hollow sphere, and one whose thick wall faces its centre inside as a
# room's walls do (a pumpkin), are objects: framed whole from outside with a margin.
cover()
{
    "$PY" - "$1" <<'PYEOF'
import sys
from collections import Counter
from PIL import Image
im = Image.open(sys.argv[1]).convert('RGB'); w, h = im.size; px = im.load()
border = [px[x, y] for x in range(w) for y in (0, h - 1)] + [px[x, y] for y in range(h) for x in (0, w - 1)]
bg = Counter(border).most_common(1)[0][0]
far = lambda p: max(abs(p[i] - bg[i]) for i in range(3)) > 12
print('%.3f %.3f' % (sum(1 for p in im.getdata() if far(p)) / float(w * h), sum(1 for p in border if far(p)) / float(len(border))))
PYEOF
}
for s in hollow shell; do
    scene $s
    lc_ok "$s first view" --scene "$TMP/$s.gltf" --headless --size 320x180 --frames 1 --validate --lights 16 --out "$TMP/$s.png" || continue
    grep -q "framed from outside" "$LC_STDOUT" || fail "$s: not framed from outside: $(grep "first view" "$LC_STDOUT")"
    read -r cov edge < <(cover "$TMP/$s.png")
    fcmp "$cov" ">=" 0.05 && fcmp "$cov" "<=" 0.8 && fcmp "$edge" "<=" 0.02 ||
        fail "$s: the first view covers $cov of the image (want 0.05..0.8) and $edge of its edge (want <= 0.02)"
done

# What BLEND surfaces cast (docs/MATERIALS.md): a sphere of alpha 0.1 around a shadowed point
# light casts nothing (the floor as lit as without the shadow), one of alpha 0.5 casts; the
# GPU and CPU culls of the shadow views alike.
mean() { "$PY" -c "from PIL import Image, ImageStat; print('%.2f' % ImageStat.Stat(Image.open('$1').convert('L')).mean[0])"; }
for s in blendcaster blendcaster50; do
    scene $s
    for l in lights nosh; do
        for cull in gpu cpu; do
            lc_ok "$s ($l, $cull cull)" --scene "$TMP/$s.gltf" --camera "$(cat "$TMP/$s.cam")" --lights-file "$TMP/$s-$l.json" \
                --environment none --headless --size 240x135 --frames 2 --validate --shadow-cull $cull --out "$TMP/$s-$l-$cull.png"
        done
    done
    m0=$(mean "$TMP/$s-nosh-gpu.png")
    for cull in gpu cpu; do
        m1=$(mean "$TMP/$s-lights-$cull.png")
        if [[ $s == blendcaster ]]; then
            fcmp "$m0" ">" 10 && fcmp "$m1" ">=" "$("$PY" -c "print(0.9 * $m0)")" ||
                fail "a BLEND sphere of alpha 0.1 around a shadowed light takes the image from mean $m0 to $m1 ($cull cull; want >= 0.9 x)"
        else
            fcmp "$m1" "<" "$("$PY" -c "print(0.5 * $m0)")" ||
                fail "a BLEND sphere of alpha 0.5 around a shadowed light casts nothing: mean $m0 unshadowed, $m1 shadowed ($cull cull)"
        fi
    done
done
finish
