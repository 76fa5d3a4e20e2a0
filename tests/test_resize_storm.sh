#!/usr/bin/env bash
# Resize storm: the viewer under Xvfb (and twm when installed, so minimise and restore unmap
# and map the window) with --validate, driven by a generated --script of window resizes
# every three frames and, after every tenth, a minimise/restore cycle or a zero-size/restore
# one (the 0x0 framebuffer of a minimised window on Windows and Wayland, docs/VIEWER.md, "Scripts"). Each resize makes the
# swapchain out of date or suboptimal and the renderer rebuild its size-dependent buffers.
# It must end normally with zero validation messages, and at the size it was last given.
#   LC_STORM_RESIZES      resizes (default 100; the long form in docs/RELIABILITY.md is 1000)
#   LC_STORM_CYCLE_EVERY  a minimise or zero-size cycle after every Nth resize (default 10;
#                         the long form uses 1: a thousand cycles)
source "$(dirname "$0")/reliability_util.sh"

resizes=${LC_STORM_RESIZES:-100}
every=${LC_STORM_CYCLE_EVERY:-10}
start_x "the resize storm" || finish

# A small room (a few hundred triangles) keeps frames cheap; the scene does not matter here.
/usr/bin/python3 - "$TMP/room.obj" <<'EOF'
import sys
out = open(sys.argv[1], 'w')
n = 0
def box(x0, y0, z0, x1, y1, z1, inward=False):
    global n
    faces = [((0,0,0),(0,0,1),(0,1,1),(0,1,0)), ((1,0,0),(1,1,0),(1,1,1),(1,0,1)),
             ((0,0,0),(1,0,0),(1,0,1),(0,0,1)), ((0,1,0),(0,1,1),(1,1,1),(1,1,0)),
             ((0,0,0),(0,1,0),(1,1,0),(1,0,0)), ((0,0,1),(1,0,1),(1,1,1),(0,1,1))]
    for f in faces:
        for c in (f[::-1] if inward else f):
            out.write('v %g %g %g\n' % (x1 if c[0] else x0, y1 if c[1] else y0, z1 if c[2] else z0))
        out.write('f %d %d %d %d\n' % (n + 1, n + 2, n + 3, n + 4))
        n += 4
box(-10, 0, -40, 10, 6, 0, inward=True)
for i in range(8):
    x, z = (-6 if i % 2 else 6), -4 - 4.5 * i
    box(x - 0.5, 0, z - 0.5, x + 0.5, 4, z + 0.5)
EOF

# The script: sizes from a fixed LCG, 48..320 by 32..240, odd sizes included.
frame=2 seed=12345 last_w=0 last_h=0 cycles=0
: >"$TMP/storm.txt"
for ((i = 0; i < resizes; i++)); do
    seed=$(((seed * 1103515245 + 12345) % 2147483648))
    last_w=$((48 + seed % 273))
    seed=$(((seed * 1103515245 + 12345) % 2147483648))
    last_h=$((32 + seed % 209))
    echo "$frame resize $last_w $last_h" >>"$TMP/storm.txt"
    if ((i % every == every - 1)); then
        # Alternately a minimise and a zero-sized framebuffer (what Windows and Wayland
        # report for a minimised window), each undone by restore.
        if ((cycles % 2 == 0)); then
            echo "$((frame + 1)) minimize" >>"$TMP/storm.txt"
        else
            echo "$((frame + 1)) zero-size" >>"$TMP/storm.txt"
        fi
        echo "$((frame + 2)) restore" >>"$TMP/storm.txt"
        cycles=$((cycles + 1))
    fi
    frame=$((frame + 3))
done
echo "$((frame + 12)) quit" >>"$TMP/storm.txt"

start=$SECONDS
expect 0 "resize storm ($resizes resizes)" --scene "$TMP/room.obj" --lights 64 --size 96x64 --no-vsync --validate \
    --quiet --script "$TMP/storm.txt" --stats "$TMP/storm.json"
if grep -qi "validation" "$TMP/err"; then
    fail "resize storm: validation messages: $(grep -ci validation "$TMP/err"), first: $(grep -m1 -i validation "$TMP/err")"
fi
if [[ -f $TMP/storm.json ]]; then
    /usr/bin/python3 - "$TMP/storm.json" "$last_w" "$last_h" <<'EOF' || fail "resize storm: the final state is wrong (above)"
import json, sys
s = json.load(open(sys.argv[1]))
w, h = int(sys.argv[2]), int(sys.argv[3])
problems = []
if (s['width'], s['height']) != (w, h):
    problems.append('ended at %dx%d, the last resize asked for %dx%d' % (s['width'], s['height'], w, h))
if s['validation_messages'] != 0:
    problems.append('%d validation messages' % s['validation_messages'])
for p in problems:
    print('resize storm: ' + p, file=sys.stderr)
sys.exit(1 if problems else 0)
EOF
else
    fail "resize storm: no --stats written"
fi
echo "resize storm: $resizes resizes, $cycles minimise or zero-size/restore cycles, $frame frames in $((SECONDS - start)) s"

finish test_resize_storm
