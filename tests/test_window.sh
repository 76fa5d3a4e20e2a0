#!/usr/bin/env bash
# The windowed viewer under Xvfb: opens, renders 30 frames with validation, follows two
# window resizes and a few scripted actions, takes a screenshot at the final size, and
# exits 0 without a validation message.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

command -v xvfb-run >/dev/null || { fail "xvfb-run is not installed (Debian: xvfb)"; finish; }

cat >"$TMP/script.txt" <<EOF
# frame action args
3 mode tiles
6 scalarize
8 view heatmap
10 resize 500 300
12 view shaded
14 mode zbin
16 inspect 100 80
20 resize 700 400
26 screenshot $TMP/shot.png
EOF

rc=0
timeout 300 xvfb-run -a -s "-screen 0 1280x720x24" "$LC_BIN" --size 320x180 --lights 256 --frames 30 --validate \
    --script "$TMP/script.txt" --stats "$TMP/stats.json" >"$TMP/viewer.out" 2>"$TMP/viewer.err" || rc=$?
echo "  viewer exit $rc; output:"
sed 's/^/    /' "$TMP/viewer.out" "$TMP/viewer.err" | head -40
[[ $rc -eq 0 ]] || fail "viewer exited with $rc"
if grep -qi "validation\|VUID\|SYNC-HAZARD" "$TMP/viewer.err" "$TMP/viewer.out"; then
    fail "validation messages: $(grep -i "validation\|VUID\|SYNC-HAZARD" "$TMP/viewer.err" "$TMP/viewer.out" | head -3)"
fi
grep -q "mode: tiles" "$TMP/viewer.out" || fail "the scripted 'mode tiles' did not run"

if [[ -f $TMP/stats.json ]]; then
    frames=$(img json "$TMP/stats.json" frames)
    w=$(img json "$TMP/stats.json" width)
    h=$(img json "$TMP/stats.json" height)
    msgs=$(img json "$TMP/stats.json" validation_messages)
    echo "  stats: $frames frames timed, last size ${w}x$h, $msgs validation messages"
    [[ $w == 700 && $h == 400 ]] || fail "the renderer ended at ${w}x$h, not the resized 700x400"
    [[ $msgs == 0 ]] || fail "$msgs validation messages"
    [[ $frames -ge 20 ]] || fail "only $frames frames with timings (expected about 30)"
else
    fail "no stats written"
fi

if [[ -f $TMP/shot.png ]]; then
    size=$("$PY" -c "from PIL import Image; import sys; print('%dx%d' % Image.open(sys.argv[1]).size)" "$TMP/shot.png")
    read -r mean _ < <(img luma "$TMP/shot.png")
    echo "  screenshot $size, mean luminance $mean"
    [[ $size == 700x400 ]] || fail "screenshot is $size, not the resized 700x400"
    fcmp "$mean" ">" 0.1 || fail "screenshot is (nearly) black: mean luminance $mean"
else
    fail "the scripted screenshot was not written"
fi

finish
