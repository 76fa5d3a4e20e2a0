#!/usr/bin/env bash
# Environment probes (src/lights/probes.h, src/views/probe_capture.c, shaders/shading/probes.glsl,
# docs/PROBES.md), in the acceptance checks' closed room (red left wall, green right wall, a
# mirror sphere):
#  - a probe makes the mirror sphere reflect the room's red wall, not the sky;
#  - two overlapping probes: every culling mode equals brute force, in both shadings, and misses
#    no probe-pixel pair (the probes are the entity array's middle range);
#  - they blend without a seam: no step between neighbouring floor pixels across their boundary
#    larger than a bound, though the second probe changes the floor;
#  - --probes N lays a grid (--stats entities.probes; the grid's shape: tests/test_probes_grid.c),
#    --view probes tints by probe;
#  - bad probe files and values are refused in one line (exit 2);
#  - every run under the validation layer (--validate: any message fails it).
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

S=$TMP/scenes
write_scene cam probe "$S"
echo '{"probes": [{"position": [0, 1.5, 0], "extents": [3, 1.5, 3]}]}' >"$S/one.json"
# Left and right halves of the room, overlapping by 0.6 m (the right one, smaller, blends first).
echo '{"probes": [{"position": [-1.2, 1.5, 0], "extents": [1.8, 1.5, 3]}, {"position": [1.5, 1.5, 0], "extents": [1.5, 1.5, 3]}]}' >"$S/two.json"
BASE=(--scene "$S/probe.gltf" --camera "$cam" --headless --validate --size 320x180 --frames 2 --lights-file "$S/probe-lights.json")

# reddish PNG: the fraction of reddish pixels in the image's middle third (the sphere, where it
# mirrors the left wall), as the acceptance check measures it.
reddish()
{
    "$PY" - "$1" <<'PYEOF'
import sys
from PIL import Image
im = Image.open(sys.argv[1]).convert('RGB'); w, h = im.size
px = [im.getpixel((x, y)) for x in range(w // 3, 2 * w // 3) for y in range(h // 3, 2 * h // 3)]
print('%.4f' % (sum(1 for r, g, b in px if r > g + 30 and r > b + 30) / float(len(px))))
PYEOF
}

# --- a probe: the mirror reflects the room ---
if lc_ok "no probe" "${BASE[@]}" --out "$TMP/none.png" && lc_ok "one probe" "${BASE[@]}" --probes-file "$S/one.json" --mode brute --out "$TMP/one.png" --stats "$TMP/one.json"; then
    r0=$(reddish "$TMP/none.png")
    r1=$(reddish "$TMP/one.png")
    printf '  mirror sphere: reddish %s without the probe, %s with it\n' "$r0" "$r1"
    fcmp "$r1" ">" "$("$PY" -c "print($r0 + 0.02)")" || fail "a probe does not make the mirror sphere reflect the red wall (reddish $r0 -> $r1)"
    [[ $(img json "$TMP/one.json" entities.probes) == 1 ]] || fail "--stats entities.probes is not 1"
    [[ $(img json "$TMP/one.json" probes.source) == file ]] || fail "--stats probes.source is not file"
fi

# --- two probes: every mode = brute, both shadings, no missed pairs (at a darker exposure, so
# the seam check below reads the floor unsaturated) ---
TWO=("${BASE[@]}" --exposure 1.5 --probes-file "$S/two.json")
# Under the sanitizers (scripts/test-sanitize.sh sets LC_TEST_SWEEP=short) zbin alone, forward
# shading: the modes' host code is test_modes'.
shadings="forward visibility"
[[ ${LC_TEST_SWEEP:-} == short ]] && shadings=forward
for sh in $shadings; do
    modes="lists tiles clusters zbin"
    [[ $sh == visibility || ${LC_TEST_SWEEP:-} == short ]] && modes="zbin"
    lc_ok "two probes, brute ($sh)" "${TWO[@]}" --shading "$sh" --mode brute --out "$TMP/two-$sh-brute.png" || continue
    for mode in $modes; do
        lc_ok "two probes, $mode ($sh)" "${TWO[@]}" --shading "$sh" --mode "$mode" --pairs \
            --stats "$TMP/two-$sh-$mode.json" --out "$TMP/two-$sh-$mode.png" || continue
        d=$(img diff "$TMP/two-$sh-brute.png" "$TMP/two-$sh-$mode.png")
        [[ $d -le 1 ]] || fail "two probes, $sh: $mode differs from brute force by $d/255"
        [[ $(img json "$TMP/two-$sh-$mode.json" pairs.missed) == 0 ]] || fail "two probes, $sh: $mode missed pairs"
        [[ $(img json "$TMP/two-$sh-$mode.json" entities.visible.probes) == 2 ]] || fail "two probes, $sh: entities.visible.probes is not 2"
    done
done

# --- the blend has no seam: neighbouring floor pixels (rows 150..177, across the probes'
# boundary at x = 0) differ by at most 4/255 (a probe switched on at its box's face gives 9 here,
# one probe alone a little more than 1); the second probe changes the floor by more than that ---
if [[ -f $TMP/two-forward-brute.png ]] && lc_ok "seam: one probe" "${BASE[@]}" --exposure 1.5 --probes-file "$S/one.json" --out "$TMP/seam-one.png"; then
    read -r step changed <<<"$("$PY" - "$TMP/two-forward-brute.png" "$TMP/seam-one.png" <<'PYEOF'
import sys
from PIL import Image
a = Image.open(sys.argv[1]).convert('RGB'); b = Image.open(sys.argv[2]).convert('RGB')
pa, pb = a.load(), b.load()
w, h = a.size
step = max(max(abs(c - d) for c, d in zip(pa[x, y], pa[x + 1, y])) for y in range(150, 178) for x in range(20, w - 21))
changed = max(max(abs(c - d) for c, d in zip(pa[x, y], pb[x, y])) for y in range(150, 178) for x in range(20, w - 20))
print(step, changed)
PYEOF
)"
    printf '  two overlapping probes: largest floor step %s/255; they change the floor by up to %s/255\n' "$step" "$changed"
    [[ $step -le 4 ]] || fail "two overlapping probes blend with a seam: a floor step of $step/255 (bound 4)"
    [[ $changed -gt 6 ]] || fail "the second probe changes the floor by only $changed/255: the seam check sees nothing"
fi

# --- the view; a grid ---
if [[ -f $TMP/two-forward-brute.png ]] && lc_ok "--view probes" "${TWO[@]}" --mode brute --view probes --out "$TMP/view.png"; then
    d=$(img diff "$TMP/view.png" "$TMP/two-forward-brute.png")
    [[ $d -gt 30 ]] || fail "--view probes does not tint the image (differs from shaded by $d/255)"
fi
if lc_ok "--probes 2" "${BASE[@]}" --probes 2 --frames 1 --stats "$TMP/grid.json" --out "$TMP/grid.png"; then
    [[ $(img json "$TMP/grid.json" entities.probes) == 2 ]] || fail "--probes 2: entities.probes is not 2"
    [[ $(img json "$TMP/grid.json" probes.source) == grid ]] || fail "--probes 2: probes.source is not grid"
fi

# --- bad input: one line, exit 2 ---
printf '{"probes": [{"position": [0, 1], "extents": [1, 1, 1]}]}' >"$S/short.json"
printf '{"probes": [{"position": [0, 1, 0], "extents": [1, -1, 1]}]}' >"$S/negative.json"
printf '{"probes": [{"position": [0, 1, 0]}]}' >"$S/noextents.json"
printf '{"probes": []}' >"$S/empty.json"
printf '{"probes": [{"position": [0, 1, 0], "extents": [1, 1, 1]},' >"$S/truncated.json"
printf '{"lights": []}' >"$S/other.json"
for f in short negative noextents empty truncated other missing; do
    lc_bad "probes file $f" "${BASE[@]}" --probes-file "$S/$f.json" --out "$TMP/bad.png"
done
lc_bad_each "--probes 0" "--probes 257" "--probes many" "--probes-file $S/one.json --probes 4"

finish
