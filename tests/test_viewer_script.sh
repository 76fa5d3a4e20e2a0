#!/bin/bash
# The viewer under Xvfb, driven by a --script through every culling mode, view and key action:
# scalarization, HUD and help, resize, minimise and restore, double and halve the lights,
# radius scale, camera moves and reset, pause, the tile inspector in every mode, screenshots.
# With --validate any validation message makes lightcull exit 1. Then the screenshots and the
# inspector lines on stdout are checked: brute and zbin render the same image (animation
# paused), the analysis views differ from it, every state change that is undone gives the
# same image back, and no inspected pixel misses a light that reaches it.
set -u
: "${LC_BIN:?set LC_BIN to the lightcull binary}"
PY=/usr/bin/python3 # Debian's python with python3-pil
fail() { echo "test_viewer_script: FAIL: $*"; exit 1; }
if ! command -v xvfb-run >/dev/null; then
    echo "skipped: the viewer script (xvfb-run is missing; Debian: apt-get install xvfb xauth)"
    exit 77 # the skip policy of tests/script_util.sh
fi
$PY -c "import PIL" 2>/dev/null || fail "python3-pil is missing (Debian: apt-get install python3-pil)"
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp/lc-xdg}
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
T=$(mktemp -d /tmp/lc-viewer.XXXXXX)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1

# Two pixels per mode for the inspector: on the floor and on a column, lit at time 0.
P1="200 90" P2="440 210"
cat >script.txt <<EOF
# FRAME ACTION [ARGS]; the animation is paused first so every screenshot shows time 0
0 pause
1 mode brute
2 screenshot brute.png
3 inspect $P1
4 inspect $P2
5 mode lists
6 inspect $P1
7 inspect $P2
8 mode tiles
9 inspect $P1
10 inspect $P2
11 scalarize
12 screenshot unscalarized.png
13 scalarize
14 mode clusters
15 inspect $P1
16 inspect $P2
17 mode zbin
18 inspect $P1
19 inspect $P2
20 screenshot zbin.png
21 view heatmap
22 screenshot heatmap.png
23 view tightness
24 screenshot tightness.png
25 view shaded
26 help
27 screenshot-hud hud.png
28 help
29 hud
30 hud
31 resize 480 270
34 screenshot small.png
35 resize 640 360
38 minimize
44 restore
48 screenshot restored.png
49 lights-double
50 screenshot doubled.png
51 lights-halve
52 radius-up
53 screenshot bigger.png
54 radius-down
55 screenshot radius-back.png
56 camera 2,1.7,5,30,-5
57 screenshot moved.png
58 reset-camera
59 screenshot reset.png
60 pause
70 screenshot running.png
71 mode
72 quit
EOF

# With a window manager (twm, when installed) "minimize" really iconifies the window; on a
# bare X server the viewer unmaps it itself, as a window manager would.
cat >run.sh <<EOF
if command -v twm >/dev/null; then printf 'RandomPlacement\n' >twmrc; twm -f twmrc >/dev/null 2>&1 & fi
# One tile size for every mode and tile-parallel bits (as lists builds its lists), so the
# inspector can compare what lists, tiles and zbin hold.
"$LC_BIN" --validate --size 640x360 --lights 128 --tile-size 16 --binning tiles --script script.txt
EOF
start=$(date +%s)
code=0
timeout 600 xvfb-run -a -s "-screen 0 1280x720x24" bash run.sh >out.log 2>&1 || code=$?
[[ $code == 0 ]] || fail "the viewer exited $code (1: validation messages or a runtime error): $(grep -v '^lightcull: inspect' out.log | tail -5)"
n=$(grep -c -E "VUID-|Validation (Error|Warning)|SYNC-HAZARD" out.log)
[[ $n == 0 ]] || fail "$n validation messages: $(grep -m1 -E 'VUID-|SYNC-HAZARD' out.log)"
grep -q "mode: brute" <(tail -3 out.log) || fail "'mode' without a name did not cycle zbin -> brute"
grep -q "minimised: rendering paused" out.log || fail "'minimize' did not take the window away (no 'rendering paused')"
grep -q "visible: rendering" out.log || fail "'restore' did not bring the window back"

$PY - <<'PYEOF' || exit 1
import re, sys
from PIL import Image, ImageChops

def fail(msg):
    print("test_viewer_script: FAIL:", msg)
    sys.exit(1)

def img(name):
    try:
        return Image.open(name).convert("RGB")
    except OSError as e:
        fail(f"screenshot {name} missing or unreadable: {e}")

def diff(a, b):
    a, b = img(a), img(b)
    if a.size != b.size:
        return 255
    return max(hi for lo, hi in ImageChops.difference(a, b).getextrema())

def same(a, b, why):
    d = diff(a, b)
    if d > 1:
        fail(f"{a} and {b} differ by up to {d}/255: {why}")

def differ(a, b, why, at_least=16):
    d = diff(a, b)
    if d < at_least:
        fail(f"{a} and {b} are (nearly) identical (max diff {d}): {why}")

same("brute.png", "zbin.png", "zbin must render the brute-force image")
same("unscalarized.png", "brute.png", "tiles without scalarization must render the brute-force image")
differ("heatmap.png", "zbin.png", "the heatmap view must show light counts, not the shaded image", 64)
differ("tightness.png", "zbin.png", "the tightness view must differ from the shaded image", 64)
differ("tightness.png", "heatmap.png", "the tightness view must differ from the heatmap", 64)
differ("hud.png", "zbin.png", "screenshot-hud must include the HUD (F12 screenshots do not)", 64)
if img("small.png").size != (480, 270):
    fail(f"after 'resize 480 270' the screenshot is {img('small.png').size}")
same("restored.png", "zbin.png", "the image after resize, minimise and restore must be the same")
differ("doubled.png", "zbin.png", "doubling the lights must change the image")
differ("bigger.png", "zbin.png", "larger radii must change the image")
same("radius-back.png", "zbin.png", "halving the doubled lights and undoing the radius scale must restore the image")
differ("moved.png", "zbin.png", "the camera action must move the camera")
same("reset.png", "zbin.png", "reset-camera must return to the start view")
differ("running.png", "zbin.png", "resuming the animation must move the lights", 2)

# The inspector: 'inspect mode=M pixel=X,Y ... listed=N evaluated=N reach=N missed=N ... ids=...'
lines = [l for l in open("out.log") if " inspect mode=" in l]
seen = {}
for l in lines:
    kv = dict(re.findall(r"(\w+)=(\S*)", l))
    key = (kv["mode"], kv["pixel"])
    seen[key] = kv
    if kv["missed"] != "0":
        fail(f"the inspector found a light that reaches the pixel but is not evaluated: {l.strip()}")
    if int(kv["evaluated"]) > int(kv["listed"]) or int(kv["listed"]) > int(kv["visible"]):
        fail(f"inspector counts out of order (evaluated <= listed <= visible): {l.strip()}")
modes = ["brute", "lists", "tiles", "clusters", "zbin"]
pixels = ["200,90", "440,210"]
for m in modes:
    for p in pixels:
        if (m, p) not in seen:
            fail(f"no inspector line for mode {m} at pixel {p} (got {sorted(seen)})")
for p in pixels:
    b, li, t, z = (seen[(m, p)] for m in ("brute", "lists", "tiles", "zbin"))
    if b["listed"] != b["visible"]:
        fail(f"brute must list every visible light at {p}: {b}")
    # ids are the evaluated lights: the whole tile in lists and tiles, the Z-bin's part in zbin.
    if (li["listed"], li["ids"]) != (t["listed"], t["ids"]) or t["listed"] != z["listed"]:
        fail(f"lists, tiles and zbin must hold the same tile lights at {p}: {li['ids']} / {t['ids']} / {z['listed']}")
    if not set(z["ids"].split(",")) <= set(t["ids"].split(",")):
        fail(f"zbin evaluates lights outside its tile at {p}: {z['ids']} vs {t['ids']}")
    if "zbin" not in z:
        fail(f"zbin inspection shows no Z-bin range at {p}")
if not any(int(kv["reach"]) > 0 for kv in seen.values()):
    fail("no inspected pixel is reached by any light: the missed=0 check proves nothing here")
print(f"test_viewer_script: {len(lines)} inspections, missed 0 everywhere; screenshots as expected")
PYEOF
echo "test_viewer_script: ok in $(( $(date +%s) - start )) s"
