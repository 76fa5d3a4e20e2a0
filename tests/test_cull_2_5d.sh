#!/usr/bin/env bash
# 2.5D culling (--cull-2.5d on|off; Harada 2012, seed 001) is conservative and does some work:
# with it on, tiles and zbin (tile and light binning, forward and visibility shading) and
# lists render the image they render with it off (largest channel difference <= 1/255), miss
# no light-pixel pair (--pairs), evaluate no more pairs, and strictly fewer on the default hall
# and Sponza, whose tiles span depth discontinuities (pillars before far walls); --stats names
# the setting and whether the mode applied it (not with --binning lights-nodepth nor in
# clusters). The transparent light cull must not use the opaque pixels' slices: lights that
# reach only a blended quad in front of the wall (tests/blend_scene.py) are still all counted.
# A bad value is refused in one line (exit 2). Validation stays silent throughout.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

SIZE=192x108
checks=0

# pair TAG ARGS...: the same frame with 2.5D off and on; sets e_off and e_on (evaluated pairs).
pair()
{
    local tag=$1
    shift
    local c
    e_off=-1 e_on=-1
    for c in off on; do
        lc_ok "$tag --cull-2.5d $c" --headless --validate --quiet --size "$SIZE" --frames 2 --pairs "$@" --cull-2.5d "$c" \
            --out "$TMP/$tag-$c.png" --stats "$TMP/$tag-$c.json" || return 1
    done
    local d missed applied
    d=$(img diff "$TMP/$tag-off.png" "$TMP/$tag-on.png") || { fail "$tag: cannot compare images"; return 1; }
    missed=$(img json "$TMP/$tag-on.json" pairs.missed)
    e_off=$(img json "$TMP/$tag-off.json" pairs.evaluated)
    e_on=$(img json "$TMP/$tag-on.json" pairs.evaluated)
    applied=$(img json "$TMP/$tag-on.json" cull_2_5d_applied)
    [[ $(img json "$TMP/$tag-on.json" cull_2_5d) == on && $(img json "$TMP/$tag-off.json" cull_2_5d) == off ]] ||
        fail "$tag: --stats cull_2_5d does not name the setting"
    [[ $d -le 1 ]] || fail "$tag: 2.5D changes the image by $d/255"
    [[ $missed == 0 ]] || fail "$tag: 2.5D on misses $missed pairs"
    [[ $(img json "$TMP/$tag-off.json" pairs.missed) == 0 ]] || fail "$tag: 2.5D off misses pairs"
    [[ $e_on -le $e_off ]] || fail "$tag: 2.5D on evaluates $e_on pairs, more than off ($e_off)"
    checks=$((checks + 5))
    printf '  %-44s diff %s  missed %s  evaluated %s -> %s  applied %s\n' "$tag" "$d" "$missed" "$e_off" "$e_on" "$applied"
}

# fewer TAG: the pair just run evaluated strictly fewer pairs with 2.5D on, and applied it.
fewer()
{
    [[ $e_on -ge 0 && $e_on -lt $e_off ]] || fail "$1: 2.5D on evaluates $e_on pairs, not fewer than off ($e_off)"
    [[ $(img json "$TMP/$1-on.json" cull_2_5d_applied) == True ]] || fail "$1: --stats says 2.5D was not applied"
}

# LC_TEST_SWEEP=short (the sanitizer pass, scripts/test-sanitize.sh): forward shading with the
# default binning only, no Sponza; the Release pass runs every path.
short=0
[[ ${LC_TEST_SWEEP:-} == short ]] && short=1
shadings="forward visibility"
[[ $short == 1 ]] && shadings=forward
echo "default hall, 1024 generated lights: every path that applies 2.5D"
h=(--lights 1024 --seed 6)
for m in tiles zbin; do
    for s in $shadings; do
        pair "hall-$m-$s" "${h[@]}" --mode "$m" --shading "$s" && fewer "hall-$m-$s"
    done
    [[ $short == 1 ]] && continue
    pair "hall-$m-binning-tiles" "${h[@]}" --mode "$m" --binning tiles && fewer "hall-$m-binning-tiles"
    pair "hall-$m-blocks" "${h[@]}" --mode "$m" --bin-kernel blocks && fewer "hall-$m-blocks"
done
pair "hall-lists" "${h[@]}" --mode lists && fewer "hall-lists"
if [[ $short == 0 ]] && have_sponza "the Sponza cases"; then
    echo "Sponza, 1024 generated lights"
    for m in tiles zbin; do
        pair "sponza-$m" --scene "$LC_SPONZA" --lights 1024 --seed 6 --mode "$m" && fewer "sponza-$m"
    done
fi

echo "where 2.5D does not apply"
for v in "zbin --binning lights-nodepth" "clusters"; do
    # shellcheck disable=SC2086
    pair "hall-${v%% *}-na" --lights 256 --mode $v && {
        [[ $(img json "$TMP/hall-${v%% *}-na-on.json" cull_2_5d_applied) == False ]] || fail "$v: --stats says 2.5D applied"
        [[ $e_on == "$e_off" ]] || fail "$v: 2.5D does not apply, yet evaluated pairs changed ($e_off -> $e_on)"
    }
done

echo "transparent light cull: lights that reach only a blended quad"
"$PY" "$LC_SOURCE_DIR/tests/blend_scene.py" "$TMP" blend >"$TMP/blend.cam" || fail "blend_scene.py blend failed"
for m in tiles lists; do
    pair "blend-$m" --scene "$TMP/blend.gltf" --camera "$(cat "$TMP/blend.cam")" --lights-file "$TMP/blend-lights.json" --mode "$m" &&
        { [[ $(img json "$TMP/blend-$m-on.json" pairs.exact) -gt 0 ]] || fail "blend-$m: no pixel is lit: the case tests nothing"; }
done

lc_bad "--cull-2.5d maybe" --headless --cull-2.5d maybe
lc_bad "--cull-2.5d without a value" --headless --cull-2.5d
checks=$((checks + 2))
finish
