#!/usr/bin/env bash
# The sun's cascaded shadow maps (src/lights/cascades.h, docs/SHADOWS.md), on the acceptance
# checks' cascade scene (a 10 x 240 m floor, 1 x 3 x 1 m pillars every 6 m down -Z):
#  - the cascades darken the floor where a ray cast on the CPU puts the pillars' shadows (a
#    fraction of the image within 0.6x..1.6x of it, and pixel by pixel away from the shadows'
#    edges: no acne, no peter-panning at the pillars' feet, no seam where the cascades meet)
#    and brighten nothing, in both shading paths;
#  - --cascades 0: no sun shadow, byte for byte the image with the shadow lookup compiled in
#    (a shadowed light that lights nothing on screen) and without it;
#  - enclosure culling: --cascade-enclosure off gives the same image, with fewer triangles drawn
#    into cascades 1..3 with it on, objects enclosed; culled on the GPU and on the CPU, which
#    give the same image;
#  - a still camera and sun: no cascade rendered after the first frame, the same image;
#  - every culling mode equals brute force, and direct = mdi (= mesh where the device has it),
#    with the sun's shadows on;
#  - --view cascades tints the image; bad values are refused in one line (exit 2);
#  - every run under the validation layer (--validate: any message fails it).
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

S=$TMP/scenes
write_scene cam cascade "$S"
W=320 H=192
SUN="--sun 0.8,0.35,-0.2,20000"
BASE="--scene $S/cascade.gltf --camera $cam --headless --validate --size ${W}x${H} --frames 2 $SUN --cascade-size 1024"
sum_cascades() { "$PY" -c "import json,sys; c=json.load(open(sys.argv[1]))['shadows']['cascades']; print(sum(e[sys.argv[2]] for e in c[int(sys.argv[3]):]))" "$@"; }
darken() { # fraction of pixels darker by more than 8/255, and the largest brightening
    "$PY" - "$1" "$2" <<'PYEOF'
import sys
from PIL import Image
on = Image.open(sys.argv[1]).convert('L').getdata(); off = Image.open(sys.argv[2]).convert('L').getdata()
print('%.4f %d' % (sum(1 for a, b in zip(on, off) if b - a > 8) / float(len(on)), max(0, max(a - b for a, b in zip(on, off)))))
PYEOF
}

# The floor's pixels in a pillar's shadow, ray-cast (the camera's 60 degree vertical field of
# view, pixel centres; the sun's direction; the pillars as boxes): their fraction of the image,
# and a mask (255 shadowed floor, 128 lit floor, 0 the rest) for the per-pixel comparison.
expect=$("$PY" - "$cam" $W $H "$TMP/mask.png" <<'PYEOF'
import math, sys
from PIL import Image
cx, cy, cz, yaw, pitch = map(float, sys.argv[1].split(',')); W, H = int(sys.argv[2]), int(sys.argv[3])
mask = Image.new('L', (W, H), 0)
sun = [0.8, 0.35, -0.2]; n = math.sqrt(sum(c * c for c in sun)); sun = [c / n for c in sun]
boxes = [((2.0 if k % 2 else -2.0) - 0.5, 0.0, -6.0 * k - 0.5, (2.0 if k % 2 else -2.0) + 0.5, 3.0, -6.0 * k + 0.5) for k in range(40)]
def hits(o, d, b, tmax):
    t0, t1 = 1e-4, tmax
    for a in range(3):
        if abs(d[a]) < 1e-12:
            if not b[a] <= o[a] <= b[a + 3]: return False
            continue
        u, v = sorted(((b[a] - o[a]) / d[a], (b[a + 3] - o[a]) / d[a]))
        t0, t1 = max(t0, u), min(t1, v)
        if t0 > t1: return False
    return True
p, y = math.radians(pitch), math.radians(yaw)
f = [-math.sin(y) * math.cos(p), math.sin(p), -math.cos(y) * math.cos(p)]; r = [math.cos(y), 0.0, -math.sin(y)]
u = [r[1] * f[2] - r[2] * f[1], r[2] * f[0] - r[0] * f[2], r[0] * f[1] - r[1] * f[0]]
th = math.tan(math.radians(30)); dark = 0
for j in range(H):
    for i in range(W):
        x, yy = (2 * (i + 0.5) / W - 1) * th * W / H, (1 - 2 * (j + 0.5) / H) * th
        d = [f[a] + x * r[a] + yy * u[a] for a in range(3)]; l = math.sqrt(sum(c * c for c in d)); d = [c / l for c in d]
        if d[1] >= 0: continue
        t = -cy / d[1]; q = [(cx, cy, cz)[a] + t * d[a] for a in range(3)]
        if abs(q[0]) > 5 or q[2] > 6 or q[2] < -234 or any(hits((cx, cy, cz), d, b, t) for b in boxes): continue
        shadowed = any(hits(q, sun, b, 1e9) for b in boxes if abs(b[2] + 0.5 - q[2]) < 20)
        dark += shadowed
        mask.putpixel((i, j), 255 if shadowed else 128)
mask.save(sys.argv[4])
print('%.4f' % (dark / float(W * H)))
PYEOF
)

# Per pixel against the mask, away from its edges (2 pixels: the pixel footprint and the
# filter): lit floor left as lit as without the sun's shadow (no acne, no dark seam at a
# cascade border), shadowed floor darker (no peter-panning at the pillars' feet, no light
# leaking at a border). Prints the two counts of pixels that are not.
against_mask() {
    "$PY" - "$1" "$2" "$TMP/mask.png" <<'PYEOF'
import sys
from PIL import Image
on, off, m = (Image.open(p).convert('L') for p in sys.argv[1:4])
W, H = m.size; on, off, m = on.load(), off.load(), m.load()
acne = leak = 0
for y in range(2, H - 2):
    for x in range(2, W - 2):
        k = m[x, y]
        if k == 0 or any(m[x + u, y + v] != k for u in range(-2, 3) for v in range(-2, 3)): continue
        if k == 128: acne += off[x, y] - on[x, y] > 8
        else: leak += off[x, y] - on[x, y] <= 8
print(acne, leak)
PYEOF
}

# 1. Where the ray cast says, darker only; forward and visibility.
for sh in forward visibility; do
    lc_ok "cascades 4 ($sh)" $BASE --lights 0 --shading $sh --stats "$TMP/on-$sh.json" --out "$TMP/on-$sh.png" &&
        lc_ok "cascades 0 ($sh)" $BASE --lights 0 --shading $sh --cascades 0 --stats "$TMP/zero-$sh.json" --out "$TMP/zero-$sh.png" || continue
    read -r dark bright < <(darken "$TMP/on-$sh.png" "$TMP/zero-$sh.png")
    fcmp "$expect" ">" 0.005 || fail "the ray cast finds the pillars' shadows on $expect of the image (want > 0.005)"
    fcmp "$dark" ">=" "$("$PY" -c "print($expect * 0.6)")" && fcmp "$dark" "<=" "$("$PY" -c "print($expect * 1.6 + 0.003)")" ||
        fail "$sh: the cascades darken $dark of the image, the ray cast $expect (want 0.6x..1.6x)"
    [[ $bright -le 1 ]] || fail "$sh: the cascades brighten a pixel by $bright/255"
    read -r acne leak < <(against_mask "$TMP/on-$sh.png" "$TMP/zero-$sh.png")
    echo "  $sh: lit floor darkened at $acne pixels, shadowed floor left lit at $leak (away from the mask's edges)"
    [[ $acne -le 3 && $leak -le 3 ]] || fail "$sh: $acne lit floor pixels darkened (acne, seams), $leak shadowed ones lit (peter-panning, leaks); want <= 3 each"
    [[ $(img json "$TMP/zero-$sh.json" shadows.cascades) == "[]" ]] || fail "$sh: --cascades 0 reports cascades"
done
d=$(img diff "$TMP/on-forward.png" "$TMP/on-visibility.png")
[[ $d -le 2 ]] || fail "forward and visibility differ by $d/255 under the sun's cascades (want <= 2)"

# 2. --cascades 0 is no sun shadow: the same image with the shadow lookup compiled in (a light
# marked "shadow": true under the floor, out of sight and lighting nothing seen) as without,
# and as with no light at all (a fixed exposure: the automatic one meters the lights).
for mark in true false; do
    printf '{"lights": [{"type": "point", "position": [0, -5, -300], "radius": 0.5, "color": [1, 1, 1], "intensity": 1, "shadow": %s}]}\n' \
        $mark >"$TMP/hidden-$mark.json"
    lc_ok "--cascades 0, hidden light shadow $mark" $BASE --exposure 12 --cascades 0 --lights-file "$TMP/hidden-$mark.json" --stats "$TMP/hidden-$mark.stats.json" \
        --out "$TMP/hidden-$mark.png"
done
[[ $(img json "$TMP/hidden-true.stats.json" shadows.lights) == 1 ]] || fail "the hidden light is not shadowed (the lookup is not compiled in)"
d=$(img diff "$TMP/hidden-true.png" "$TMP/hidden-false.png")
[[ $d == 0 ]] || fail "--cascades 0 with the shadow lookup differs by $d/255 from without it"
lc_ok "--cascades 0, no light" $BASE --exposure 12 --cascades 0 --lights 0 --out "$TMP/hidden-none.png"
d=$(img diff "$TMP/hidden-false.png" "$TMP/hidden-none.png")
[[ $d == 0 ]] || fail "--cascades 0 with a light that lights nothing differs by $d/255 from --lights 0"

# 3. Enclosure: on = off, fewer triangles into cascades 1.., GPU and CPU cull.
for cull in gpu cpu; do
    for enc in on off; do
        lc_ok "enclosure $enc ($cull)" $BASE --lights 0 --shadow-cull $cull --cascade-enclosure $enc --stats "$TMP/enc-$enc-$cull.json" \
            --out "$TMP/enc-$enc-$cull.png"
    done
    d=$(img diff "$TMP/enc-on-$cull.png" "$TMP/enc-off-$cull.png")
    [[ $d -le 1 ]] || fail "$cull cull: enclosure culling changes the image by $d/255"
    on=$(sum_cascades "$TMP/enc-on-$cull.json" triangles 1) off=$(sum_cascades "$TMP/enc-off-$cull.json" triangles 1)
    [[ $on -lt $off ]] || fail "$cull cull: enclosure draws $on triangles into cascades 1.., without it $off (want fewer)"
    enc=$(sum_cascades "$TMP/enc-on-$cull.json" objects_enclosed 1)
    [[ $enc -gt 0 ]] || fail "$cull cull: no object enclosed by an earlier cascade"
    [[ $(sum_cascades "$TMP/enc-off-$cull.json" objects_enclosed 0) == 0 ]] || fail "$cull cull: objects enclosed with enclosure off"
done
d=$(img diff "$TMP/enc-on-gpu.png" "$TMP/enc-on-cpu.png")
[[ $d -le 1 ]] || fail "the cascades culled on the GPU and on the CPU differ by $d/255"

# 4. A still camera and sun: every cascade rendered in the first frame, none after.
lc_ok "still, 3 frames" $BASE --lights 0 --frames 3 --stats "$TMP/still.json" --out "$TMP/still.png" && {
    [[ $(sum_cascades "$TMP/still.json" rendered 0) == 0 ]] || fail "a still camera re-renders $(sum_cascades "$TMP/still.json" rendered 0) cascades"
    [[ $(sum_cascades "$TMP/still.json" renders 0) == 0 ]] || fail "a still camera's frames after the first rendered $(sum_cascades "$TMP/still.json" renders 0) cascades"
    [[ $(img json "$TMP/still.json" shadows.cascades) == *'"triangles": '[1-9]* ]] || fail "cached cascades report no triangles of their last render"
    d=$(img diff "$TMP/still.png" "$TMP/enc-on-gpu.png")
    [[ $d == 0 ]] || fail "cached cascades change the image by $d/255"
}

# 4b. A moving camera (--camera-to: 3 m down the hall over 4 frames). With --cascade-slack 0
#     (each cascade follows every texel of motion) the near cascades render again in the last
#     frame; with the default slack the cascades may stay where they were; either way the last
#     frame equals a fresh render where the camera ends (no stale cascade, no cascade that no
#     longer holds its slice).
IFS=, read -r cx cy cz cyaw cpitch <<<"$cam"
end=$(awk -v x="$cx" -v y="$cy" -v z="$cz" -v a="$cyaw" -v p="$cpitch" 'BEGIN{printf "%g,%g,%g,%g,%g", x, y, z - 3, a, p}')
MOVE="${BASE/--camera $cam/--camera $end}"
lc_ok "moving, 4 frames, no slack" $BASE --lights 0 --frames 4 --camera-to "$end" --cascade-slack 0 --stats "$TMP/moving.json" --out "$TMP/moving.png" &&
    lc_ok "moving, 4 frames, default slack" $BASE --lights 0 --frames 4 --camera-to "$end" --out "$TMP/moving-slack.png" &&
    lc_ok "still at the path's end" $MOVE --lights 0 --frames 1 --out "$TMP/moved-still.png" &&
    lc_ok "still at the path's end, no slack" $MOVE --lights 0 --frames 1 --cascade-slack 0 --out "$TMP/moved-still-0.png" && {
    r=$(sum_cascades "$TMP/moving.json" rendered 0)
    [[ $r -ge 1 ]] || fail "a moving camera (--cascade-slack 0) re-renders no cascade in its last frame"
    # Every frame after the first re-renders at least the nearest cascade (it follows every
    # texel), and none more often than there are frames (3 after the first).
    r=$(sum_cascades "$TMP/moving.json" renders 0) r0=$("$PY" -c "import json,sys; print(json.load(open(sys.argv[1]))['shadows']['cascades'][0]['renders'])" "$TMP/moving.json")
    [[ $r0 == 3 && $r -le 12 ]] || fail "a moving camera (--cascade-slack 0): the nearest cascade rendered in $r0 of 3 frames, all $r times (want 3, at most 12)"
    "$PY" -c "import json,sys; g=json.load(open(sys.argv[1]))['gpu_frame_ms']; sys.exit(0 if g['max'] >= g['p90'] >= g['median'] > 0 and g['max'] >= g['mean'] > 0 else 1)" "$TMP/moving.json" ||
        fail "gpu_frame_ms does not order its median, 90th percentile and max"
    d=$(img diff "$TMP/moving.png" "$TMP/moved-still-0.png")
    [[ $d -le 1 ]] || fail "the moving camera's last frame (--cascade-slack 0) differs by $d/255 from a fresh render where it ends (a stale cascade?)"
    d=$(img diff "$TMP/moving-slack.png" "$TMP/moved-still.png")
    [[ $d -le 1 ]] || fail "the moving camera's last frame (default slack) differs by $d/255 from a fresh render where it ends (a stale cascade?)"
}

# 5. Culling modes and geometry paths with the sun's shadows on (and lights to cull).
MODES="$BASE --lights 48 --seed 3 --shadowed-lights 4"
lc_ok "brute" $MODES --mode brute --out "$TMP/brute.png"
# Under the sanitizers (LC_TEST_SWEEP=short) zbin alone: the modes' host code is test_modes'.
modes="lists tiles clusters zbin"
[[ ${LC_TEST_SWEEP:-} == short ]] && modes=zbin
for mode in $modes; do
    lc_ok "$mode" $MODES --mode $mode --out "$TMP/$mode.png" || continue
    d=$(img diff "$TMP/brute.png" "$TMP/$mode.png")
    [[ $d -le 1 ]] || fail "sun cascades: $mode differs from brute force by $d/255"
done
lc_ok "direct" $MODES --geometry direct --out "$TMP/direct.png"
lc_ok "mdi" $MODES --geometry mdi --out "$TMP/mdi.png" && {
    d=$(img diff "$TMP/direct.png" "$TMP/mdi.png")
    [[ $d -le 1 ]] || fail "sun cascades: mdi differs from direct by $d/255"
}
mesh_probe "--geometry mesh with the sun's cascades"
if [[ $mesh_ok == 1 ]] && lc_ok "mesh" $MODES --geometry mesh --out "$TMP/mesh.png"; then
    d=$(img diff "$TMP/direct.png" "$TMP/mesh.png")
    [[ $d -le 2 ]] || fail "sun cascades: mesh differs from direct by $d/255 (lavapipe's mesh pipeline: 2)"
fi

# 6. --view cascades, and bad values.
lc_ok "--view cascades" $BASE --lights 0 --view cascades --out "$TMP/view.png" && {
    d=$(img diff "$TMP/view.png" "$TMP/enc-on-gpu.png")
    [[ $d -gt 20 ]] || fail "--view cascades tints nothing ($d/255 from the shaded image)"
}
lc_bad_each "--headless --cascades 9" "--headless --cascades -1" "--headless --cascade-split 1.5" "--headless --cascade-split x" \
    "--headless --cascade-distance 0" "--headless --cascade-size 1000" "--headless --cascade-size 8192" \
    "--headless --cascade-enclosure maybe" "--headless --cascades"
finish
