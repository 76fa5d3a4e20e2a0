#!/usr/bin/env bash
# The windowed viewer under Xvfb: opens, renders 30 frames with validation, follows two
# window resizes and a few scripted actions, takes a screenshot at the final size, and
# exits 0 without a validation message.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

have_xvfb_run "the windowed viewer" || finish

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

# --out with a window: the frame --frames K (scene only, as headless), equal to the headless
# image at the same light time (paused at 0: headless frame 1); without --frames, the view as
# the window closes.
printf '0 pause\n' >"$TMP/pause.txt"
common=(--size 160x96 --lights 64 --seed 2 --script "$TMP/pause.txt" --quiet)
rc=0
timeout 300 xvfb-run -a -s "-screen 0 1280x720x24" "$LC_BIN" "${common[@]}" --frames 4 --out "$TMP/out-window.png" \
    >"$TMP/out.log" 2>&1 || rc=$?
[[ $rc == 0 && -f $TMP/out-window.png ]] || fail "--out with a window and --frames: exit $rc, $(head -3 "$TMP/out.log")"
if lc_ok "headless reference" --headless "${common[@]:0:6}" --frames 1 --out "$TMP/out-headless.png" &&
    [[ -f $TMP/out-window.png ]]; then
    d=$(img diff "$TMP/out-headless.png" "$TMP/out-window.png")
    echo "  --out with a window vs headless: max diff $d"
    [[ $d -le 1 ]] || fail "--out with a window differs from the headless frame by $d/255"
fi
printf '0 pause\n3 quit\n' >"$TMP/quit.txt"
rc=0
timeout 300 xvfb-run -a -s "-screen 0 1280x720x24" "$LC_BIN" --size 160x96 --lights 64 --script "$TMP/quit.txt" --quiet \
    --out "$TMP/out-close.png" >"$TMP/close.log" 2>&1 || rc=$?
[[ $rc == 0 && -f $TMP/out-close.png ]] || fail "--out as the window closes: exit $rc, no image ($(head -3 "$TMP/close.log"))"

# --pairs with a window: the view as it ended (the script switched to tiles), counted as
# headless counts it; --stats names that mode.
printf '0 pause\n2 mode tiles\n' >"$TMP/pairs.txt"
rc=0
timeout 300 xvfb-run -a -s "-screen 0 1280x720x24" "$LC_BIN" --size 160x96 --lights 64 --seed 2 --frames 4 \
    --script "$TMP/pairs.txt" --pairs --quiet --stats "$TMP/pairs-window.json" >"$TMP/pairs.log" 2>&1 || rc=$?
if [[ $rc == 0 && -f $TMP/pairs-window.json ]] &&
    lc_ok "headless tiles pairs" --headless --size 160x96 --lights 64 --seed 2 --mode tiles --pairs --stats "$TMP/pairs-headless.json"; then
    mode=$(img json "$TMP/pairs-window.json" mode)
    ew=$(img json "$TMP/pairs-window.json" pairs.exact)
    eh=$(img json "$TMP/pairs-headless.json" pairs.exact)
    mw=$(img json "$TMP/pairs-window.json" pairs.missed)
    echo "  --pairs with a window: mode $mode, exact $ew (headless $eh), missed $mw"
    [[ $mode == tiles ]] || fail "--stats with a window names mode $mode, not the scripted tiles"
    [[ $ew == "$eh" && $mw == 0 ]] || fail "--pairs with a window: exact $ew (headless $eh), missed $mw"
else
    fail "--pairs with a window: exit $rc ($(head -3 "$TMP/pairs.log"))"
fi

finish
