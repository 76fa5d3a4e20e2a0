#!/usr/bin/env bash
# --heatmap-kind (docs/VIEWER.md): the heatmap and tightness views count one kind of entity.
# On the wall scene with 16 clear decals (they change no colour, so the shaded image under the
# heatmap is the same with and without them) and 24 lights, tiles, forward shading (zbin would
# do for all but the first check: a Z-bin holds one range over the entity array, so decals at
# its front can widen a bin's light range by a few lights, a handful of evaluations more):
#  - the lights' heatmap with the decals equals the whole heatmap without them, byte for byte
#    (the lights' counts are the totals less the decals' and the probes');
#  - the decals' heatmap shows the decals: it differs from the decals' heatmap without any,
#    which equals the probes' heatmap (both count nothing);
#  - the tightness view takes the kind as the heatmap does;
#  - the inspector splits a pixel's walk into decals, probes and lights;
#  - --stats names the kind; a kind that does not exist is refused in one line (exit 2).
# Every run under the validation layer.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

write_scene cam wall
"$PY" - "$TMP/clear.json" <<'PYEOF'
import json, random, sys
R = random.Random(4)
D = [{"position": [round(R.uniform(-2, 2), 3), 0.0, round(R.uniform(-1.5, 2.5), 3)],
      "size": [round(R.uniform(0.4, 1.2), 3), 0.4, round(R.uniform(0.4, 1.2), 3)], "color": [1, 1, 1, 0]} for _ in range(16)]
json.dump({"decals": D}, open(sys.argv[1], "w"))
PYEOF
BASE=(--scene "$TMP/wall.gltf" --camera "$cam" --headless --validate --quiet --size 192x108 --frames 2 --seed 3 --lights 24
      --light-motion off --mode tiles)
checks=0
run() # NAME VIEW KIND [ARGS...]
{
    local name=$1 view=$2 kind=$3
    shift 3
    lc_ok "$name" "${BASE[@]}" --view "$view" --heatmap-kind "$kind" --out "$TMP/$name.png" --stats "$TMP/$name.json" "$@"
}
if run all-bare heatmap all && run lights-decals heatmap lights --decals-file "$TMP/clear.json" &&
    run decals-decals heatmap decals --decals-file "$TMP/clear.json" && run decals-bare heatmap decals &&
    run probes-bare heatmap probes && run tight-all tightness all --decals-file "$TMP/clear.json" &&
    run tight-decals tightness decals --decals-file "$TMP/clear.json"; then
    d=$(img diff "$TMP/all-bare.png" "$TMP/lights-decals.png")
    [[ $d == 0 ]] || fail "the lights' heatmap with clear decals differs from the heatmap without decals by $d/255"
    d=$(img diff "$TMP/decals-bare.png" "$TMP/decals-decals.png")
    [[ $d -gt 10 ]] || fail "the decals' heatmap does not show the decals (differs from none by $d/255)"
    d=$(img diff "$TMP/decals-bare.png" "$TMP/probes-bare.png")
    [[ $d == 0 ]] || fail "with no decals and no probes their heatmaps differ by $d/255"
    d=$(img diff "$TMP/tight-all.png" "$TMP/tight-decals.png")
    [[ $d -gt 10 ]] || fail "the tightness view ignores --heatmap-kind (all vs decals differ by $d/255)"
    [[ $(img json "$TMP/lights-decals.json" heatmap_kind) == lights ]] || fail "--stats heatmap_kind is not lights"
    [[ $(img json "$TMP/all-bare.json" heatmap_kind) == all ]] || fail "--stats heatmap_kind is not all by default"
    checks=$((checks + 6))
fi
# The inspector (viewer, under Xvfb) splits what a pixel walks by kind: a floor pixel under one
# big clear decal and inside one probe walks that decal, that probe and the lights there, and the
# three add up to the total.
if have_xvfb_run "the inspector's counts per kind"; then
    echo '{"decals": [{"position": [0, 0, 1], "size": [3, 0.4, 3], "color": [1, 1, 1, 0]}]}' >"$TMP/big.json"
    echo '{"probes": [{"position": [0, 1.5, 0], "extents": [4, 2, 4]}]}' >"$TMP/probe.json"
    printf '0 pause\n2 inspect 96 96\n3 quit\n' >"$TMP/inspect.script"
    if timeout 120 xvfb-run -a -s "-screen 0 640x480x24" "$LC_BIN" --scene "$TMP/wall.gltf" --camera "$cam" --size 192x108 \
        --lights 24 --seed 3 --mode tiles --decals-file "$TMP/big.json" --probes-file "$TMP/probe.json" \
        --script "$TMP/inspect.script" --validate >"$TMP/inspect.log" 2>&1; then
        line=$(grep -m1 "inspect mode=" "$TMP/inspect.log")
        kv() { sed -n "s/.* $1=\([0-9]*\) .*/\1/p" <<<"$line"; }
        e=$(kv evaluated) ed=$(kv evaluated_decals) ep=$(kv evaluated_probes) el=$(kv evaluated_lights)
        echo "  inspector: evaluated $e = decals $ed + probes $ep + lights $el"
        [[ $ed == 1 && $ep == 1 && -n $el && $e == $((ed + ep + el)) ]] ||
            fail "the inspector's counts per kind are wrong: $line"
        checks=$((checks + 1))
    else
        fail "the inspector run failed: $(tail -2 "$TMP/inspect.log")"
    fi
fi
lc_bad "--heatmap-kind walls" --headless --heatmap-kind walls
checks=$((checks + 1))
echo "test_heatmap_kind: $checks checks"
finish
