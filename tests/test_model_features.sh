#!/usr/bin/env bash
# glTF features a user's own file uses, on small scenes written by tests/model_scenes.py, in
# forward and visibility shading with zero validation messages: sampler wrap modes and filters.
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

for s in clamp repeat nearest linear; do scene $s; done
for sh in forward visibility; do
    # Sampler wrap modes: CLAMP_TO_EDGE shows the one cross of UVs 0..1, REPEAT nine.
    shade clamp $sh "$TMP/clamp-$sh.png" && shade repeat $sh "$TMP/repeat-$sh.png" && {
        rc=$(red "$TMP/clamp-$sh.png") rr=$(red "$TMP/repeat-$sh.png")
        fcmp "$rr" ">" 0.01 && fcmp "$rc" "<" "$("$PY" -c "print($rr * 0.25)")" ||
            fail "wrap modes ($sh): CLAMP shows red on $rc of the image, REPEAT on $rr (want CLAMP < 0.25 x REPEAT)"
    }
    # Filters: a 2 x 2 texture magnified NEAREST is four flat colours (and the background), LINEAR a blend.
    shade nearest $sh "$TMP/nearest-$sh.png" && shade linear $sh "$TMP/linear-$sh.png" && {
        cn=$(colours "$TMP/nearest-$sh.png") cl=$(colours "$TMP/linear-$sh.png")
        [[ $cn -le 8 && $cl -ge 100 ]] || fail "filters ($sh): NEAREST shows $cn colours (want <= 8), LINEAR $cl (want >= 100)"
    }
done
finish
