#!/usr/bin/env bash
# --mode objects (seed 001's forward path; docs/CULLING.md, "Per-object masks"): the CPU culls
# the entity array per drawn object into 32 decal, 32 probe and 64 light bits.
#  - 24 decals and 16 lights on the wall scene: nothing overflows, the image equals brute force
#    within 1/255, no pair is missed, and the masks evaluate fewer pairs than brute force;
#  - 40 decals and 256 lights: objects overflow (decals past the 32nd, lights past the 64th),
#    --stats counts them per kind, and the overflowed kinds still shade as brute force does;
#  - the mdi and mesh geometry paths (the object index from their draws): = brute;
#  - a scene with a blended quad: the transparent pass walks the same masks, = brute;
#  - visibility shading is refused in one line (exit 2).
# Every run under the validation layer (--validate: any message fails it).
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

write_scene cam wall
write_scene bcam blend
BASE=(--scene "$TMP/wall.gltf" --camera "$cam" --headless --validate --quiet --size 192x108 --frames 2 --seed 3)

write_decals "$TMP/many.json" 5 40
"$PY" - "$TMP" <<'PYEOF'
import json, sys
o = sys.argv[1]
json.dump({"decals": json.load(open(o + '/many.json'))["decals"][:24]}, open(o + '/few.json', 'w'))
json.dump({"decals": [{"position": [0, 0, 1], "size": [2, 0.4, 2], "color": [0, 0, 1, 1]}]}, open(o + '/one.json', 'w'))
PYEOF

# same NAME ARGS...: brute and objects with ARGS; their stats in $TMP/stats-NAME{-brute,}.json.
same()
{
    local name=$1
    shift
    lc_ok "$name brute" "$@" --mode brute --pairs --stats "$TMP/stats-$name-brute.json" --out "$TMP/$name-brute.png" || return 1
    lc_ok "$name objects" "$@" --mode objects --pairs --stats "$TMP/stats-$name.json" --out "$TMP/$name.png" || return 1
    local d
    d=$(img diff "$TMP/$name-brute.png" "$TMP/$name.png")
    [[ $d -le 1 ]] || fail "$name: --mode objects differs from brute by $d/255"
    [[ $(img json "$TMP/stats-$name.json" pairs.missed) == 0 ]] || fail "$name: --mode objects missed pairs"
    [[ $(img json "$TMP/stats-$name.json" mode) == objects ]] || fail "$name: --stats mode is not objects"
}

echo "24 decals, 16 lights: the masks hold every entity"
same few "${BASE[@]}" --decals-file "$TMP/few.json" --lights 16 && {
    [[ $(img json "$TMP/stats-few.json" entities.overflow) == 0 ]] || fail "24 decals and 16 lights overflow the masks"
    e=$(img json "$TMP/stats-few.json" pairs.evaluated) eb=$(img json "$TMP/stats-few-brute.json" pairs.evaluated)
    echo "  evaluated: objects $e, brute $eb"
    [[ $e -lt $eb ]] || fail "the masks evaluate $e pairs, no fewer than brute force's $eb"
}

echo "40 decals, 256 lights: overflow counted per kind, still brute force's image"
same many "${BASE[@]}" --decals-file "$TMP/many.json" --lights 256 && {
    o=$(img json "$TMP/stats-many.json" entities.overflow)
    od=$(img json "$TMP/stats-many.json" entities.overflow_kinds.decals) ol=$(img json "$TMP/stats-many.json" entities.overflow_kinds.lights)
    echo "  overflow: $o objects (decals $od, lights $ol)"
    [[ $o -gt 0 && $od -gt 0 && $ol -gt 0 ]] || fail "40 decals and 256 lights: overflow $o (decals $od, lights $ol), expected > 0 each"
    [[ $o -le $((od + ol)) ]] || fail "overflow $o exceeds its kinds' $od + $ol"
    [[ $(img json "$TMP/stats-many-brute.json" entities.overflow) == 0 ]] || fail "brute force reports an overflow"
}

echo "the GPU-culled geometry paths index the masks by the same object"
same mdi "${BASE[@]}" --decals-file "$TMP/few.json" --lights 16 --geometry mdi
mesh_probe "--mode objects --geometry mesh"
[[ $mesh_ok == 1 ]] && same mesh "${BASE[@]}" --decals-file "$TMP/few.json" --lights 16 --geometry mesh

echo "a blended quad: the transparent pass walks the same masks"
same blend --scene "$TMP/blend.gltf" --camera "$bcam" --headless --validate --quiet --size 192x108 --frames 2 --seed 3 \
    --decals-file "$TMP/one.json" --lights 16

echo "refusal"
lc_bad "--mode objects --shading visibility" "${BASE[@]}" --mode objects --shading visibility --out "$TMP/x.png"
grep -q "forward" "$LC_STDERR" || fail "the refusal does not name forward shading: $(cat "$LC_STDERR")"
finish
