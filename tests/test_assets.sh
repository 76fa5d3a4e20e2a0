#!/usr/bin/env bash
# assets/ holds what lightcull ships: every lights file loads and lights its scene (validation
# on, every light of the file in the stats), every decals file loads with its decals in view,
# every script runs the viewer to its quit, and
# assets/README.md names every file there.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"
A=$LC_SOURCE_DIR/assets

for f in "$A"/lights/*.json; do
    name=$(basename "$f")
    scene=default
    [[ $name == spot_stage.json ]] && scene=mesh
    want=$("$PY" -c "import json,sys; print(len(json.load(open(sys.argv[1]))['lights']))" "$f")
    if lc_ok "$name" --scene $scene --lights-file "$f" --headless --size 96x54 --frames 1 --validate \
        --stats "$TMP/$name.stats" --out "$TMP/$name.png"; then
        [[ $(img json "$TMP/$name.stats" lights) == "$want" ]] || fail "$name: stats lights != $want"
        [[ $(img json "$TMP/$name.stats" lights_visible) -gt 0 ]] || fail "$name: no light in view of $scene"
        read -r mean _ < <(img luma "$TMP/$name.png")
        fcmp "$mean" ">" 0.03 || fail "$name: image of $scene nearly black (mean $mean)"
    fi
done

# Every decals file loads on the hall, names all its decals in the stats and has some in view.
for f in "$A"/decals/*.json; do
    name=$(basename "$f")
    want=$("$PY" -c "import json,sys; print(len(json.load(open(sys.argv[1]))['decals']))" "$f")
    if lc_ok "$name" --decals-file "$f" --camera 0,4,6,0,-40 --lights 64 --headless --size 96x54 --frames 1 --validate \
        --stats "$TMP/$name.stats" --out "$TMP/$name.png"; then
        [[ $(img json "$TMP/$name.stats" entities.decals) == "$want" ]] || fail "$name: stats entities.decals != $want"
        [[ $(img json "$TMP/$name.stats" entities.visible.decals) -gt 0 ]] || fail "$name: no decal in view of the hall"
    fi
done

have_xvfb_run "the bundled scripts in the viewer" || finish
# Every action of each script, in its order, with the holds shortened 30-fold (frame // 30)
# so the test stays quick; the file itself must parse and run unchanged otherwise.
for f in "$A"/scripts/*.script; do
    name=$(basename "$f")
    awk '/^[0-9]/ { $1 = int($1 / 30) } { print }' "$f" >"$TMP/$name"
    rc=0
    timeout 300 xvfb-run -a -s "-screen 0 640x480x24" "$LC_BIN" --size 96x54 --script "$TMP/$name" --validate \
        >"$TMP/$name.log" 2>&1 || rc=$?
    [[ $rc == 0 ]] || fail "$name: exit $rc: $(tail -3 "$TMP/$name.log")"
done

for f in "$A"/lights/* "$A"/decals/* "$A"/scripts/*; do
    grep -q "$(basename "$f")" "$A/README.md" || fail "assets/README.md does not name $(basename "$f")"
done

finish
