#!/usr/bin/env bash
# Shadowed lights (src/lights/shadows.h, shaders/shading/shadow.glsl):
#  - shadows only take light away: the checks' shadow scene (a slab over a floor under a point
#    light, and under a spot) with "shadow": true against the same light without, in both
#    shading paths: darker somewhere, brighter nowhere;
#  - the shadow's edge lies where the geometry puts it: a thin 1 m square plate 1.5 m above the
#    floor, the light 3 m above its centre, seen from straight above: the plate's shadow on the
#    floor ends at 0.5 * 3 / (3 - 1.6) m from the centre (computed here), within a few texels;
#  - a light inside a closed box lights nothing outside it (no leak at the walls' contact with
#    the floor): the image equals the one without the light;
#  - a static scene renders its views in the first frame only, and the image stays;
#  - with generated shadowed lights every culling mode equals brute force, and forward shading
#    equals visibility shading;
#  - an alpha MASK quad's cut-out texels let the light through: its shadow darkens about half
#    of what the same quad as OPAQUE shadows;
#  - a BLEND quad of alpha 0.5 casts as an opaque one does, culled on the GPU and the CPU alike;
#  - each view draws only the meshlets (sublets) in its frustum: fewer triangles than its
#    objects hold, the same image; culled on the GPU (default) and on the CPU (--shadow-cull
#    cpu), the same image again;
#  - two-phase occlusion culling of the GPU-culled views (--shadow-occlusion): with moving
#    generated lights, so that each view is rendered again with the bits of its last render,
#    the views' HiZ culls meshlets and the views draw fewer triangles, and the image is the
#    one without occlusion byte for byte (a generated scene: boxes above and below a slab; and
#    Sponza).
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

S=$TMP/scenes
mkdir -p "$S"

# boxes OUT BOX...: a 12 x 12 floor and boxes "cx,cy,cz,hx,hy,hz" (all six faces,
# double-sided), base colour 0.7, all one mesh; with SUBDIV=N each face is N x N quads.
boxes()
{
    "$PY" - "$@" <<'PYEOF'
import base64, json, os, struct, sys
out = sys.argv[1]
pos, nrm, idx = [], [], []
sub = int(os.environ.get("SUBDIV", "1"))
def quad(c, u, v, n):
    for a in range(sub):
        for e in range(sub):
            b = len(pos)
            for s, t in ((a, e), (a + 1, e), (a + 1, e + 1), (a, e + 1)):
                s, t = 2.0 * s / sub - 1, 2.0 * t / sub - 1
                pos.append([c[i] + s * u[i] + t * v[i] for i in range(3)]); nrm.append(n)
            idx.extend([b, b + 1, b + 2, b, b + 2, b + 3])
quad((0, 0, 0), (6, 0, 0), (0, 0, -6), (0, 1, 0))
for spec in sys.argv[2:]:
    cx, cy, cz, hx, hy, hz = (float(x) for x in spec.split(','))
    for a in range(3):
        for sgn in (-1, 1):
            h = (hx, hy, hz); n = [0, 0, 0]; n[a] = sgn
            c = [cx, cy, cz]; c[a] += sgn * h[a]
            u = [0, 0, 0]; v = [0, 0, 0]; b1, b2 = [(1, 2), (0, 2), (0, 1)][a]
            u[b1] = h[b1]; v[b2] = h[b2]
            if sgn < 0: u, v = v, u
            quad(c, u, v, n)
data = b"".join(struct.pack("<3f", *p) for p in pos) + b"".join(struct.pack("<3f", *n) for n in nrm) + struct.pack("<%dI" % len(idx), *idx)
nv = len(pos)
lo = [min(p[i] for p in pos) for i in range(3)]; hi = [max(p[i] for p in pos) for i in range(3)]
doc = {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],
       "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1}, "indices": 2, "material": 0}]}],
       "materials": [{"pbrMetallicRoughness": {"baseColorFactor": [0.7, 0.7, 0.7, 1]}, "doubleSided": True}],
       "buffers": [{"byteLength": len(data), "uri": "data:application/octet-stream;base64," + base64.b64encode(data).decode()}],
       "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 12 * nv}, {"buffer": 0, "byteOffset": 12 * nv, "byteLength": 12 * nv},
                       {"buffer": 0, "byteOffset": 24 * nv, "byteLength": 4 * len(idx)}],
       "accessors": [{"bufferView": 0, "componentType": 5126, "count": nv, "type": "VEC3", "min": lo, "max": hi},
                     {"bufferView": 1, "componentType": 5126, "count": nv, "type": "VEC3"},
                     {"bufferView": 2, "componentType": 5125, "count": len(idx), "type": "SCALAR"}]}
json.dump(doc, open(out, "w"))
PYEOF
}
light() # light OUT TYPE X,Y,Z SHADOW: a point or a downward spot light (range 6, 8 cd)
{
    local spot=""
    [[ $2 == spot ]] && spot=', "direction": [0, -1, 0], "inner_deg": 50, "outer_deg": 70'
    echo "{\"lights\": [{\"type\": \"$2\", \"position\": [$3], \"radius\": 6, \"intensity\": 8$spot, \"shadow\": $4}]}" >"$1"
}
# darken ON OFF: "FRACTION MAX": pixels darker by more than 8/255 with the shadow, and the
# largest brightening (0..255).
darken()
{
    "$PY" - "$1" "$2" <<'PYEOF'
import sys
from PIL import Image
on = list(Image.open(sys.argv[1]).convert('L').getdata()); off = list(Image.open(sys.argv[2]).convert('L').getdata())
print('%.4f %d' % (sum(1 for a, b in zip(on, off) if b - a > 8) / len(on), max(0, max(a - b for a, b in zip(on, off)))))
PYEOF
}
# edge IMG: the distance in pixels from the image's centre, along its middle row to the right,
# where the floor leaves the plate's shadow (first pixel past the darkest one brighter than
# halfway between the shadow and the lit floor beyond), with a fraction by interpolation.
edge()
{
    "$PY" - "$1" <<'PYEOF'
import sys
from PIL import Image
im = Image.open(sys.argv[1]).convert('L'); w, h = im.size; y = h // 2
row = [im.getpixel((x, y)) for x in range(w // 2, w)]
lo_at = min(range(len(row) // 2), key=lambda i: (row[i], -i))
lit = max(row[lo_at:lo_at + 60])
mid = (row[lo_at] + lit) / 2.0
for i in range(lo_at, len(row) - 1):
    if row[i + 1] >= mid:
        print('%.2f' % (i + (mid - row[i]) / max(row[i + 1] - row[i], 1e-6) + 0.5)); break
else:
    print(-1)
PYEOF
}

EXP="--exposure 2"
COMMON="--headless --validate --size 320x180 --frames 2 $EXP"
cam=0,3,4,0,-35

# 1. Only darker: point and spot over the acceptance checks' shadow scene (a 1 x 0.2 x 1 m slab
# 0.5 m above a floor), both paths.
boxes "$S/shadow.gltf" 0,0.6,0,0.5,0.1,0.5
scene=$S/shadow.gltf
for kind in point spot; do
    light "$TMP/$kind-on.json" "$kind" 0,3,0 true
    light "$TMP/$kind-off.json" "$kind" 0,3,0 false
    for sh in forward visibility; do
        lc_ok "$kind $sh on" --scene "$scene" --camera "$cam" $COMMON --lights-file "$TMP/$kind-on.json" --shading $sh \
            --stats "$TMP/$kind-$sh.json" --out "$TMP/$kind-$sh-on.png" &&
            lc_ok "$kind $sh off" --scene "$scene" --camera "$cam" $COMMON --lights-file "$TMP/$kind-off.json" --shading $sh \
                --out "$TMP/$kind-$sh-off.png" || continue
        read -r dark bright < <(darken "$TMP/$kind-$sh-on.png" "$TMP/$kind-$sh-off.png")
        fcmp "$dark" ">" 0.005 || fail "$kind ($sh): the shadow darkens only $dark of the image (want > 0.005)"
        [[ $bright -le 1 ]] || fail "$kind ($sh): a shadow brightens a pixel by $bright/255"
        [[ $(img json "$TMP/$kind-$sh.json" shadows.lights) == 1 ]] || fail "$kind ($sh): --stats shadows.lights is not 1"
    done
    d=$(img diff "$TMP/$kind-forward-on.png" "$TMP/$kind-visibility-on.png")
    [[ $d -le 2 ]] || fail "$kind: forward and visibility shading differ by $d/255 with a shadow (want <= 2)"
done
[[ $(img json "$TMP/point-forward.json" shadows.views) == 6 ]] || fail "a point light has $(img json "$TMP/point-forward.json" shadows.views) views, not 6"
[[ $(img json "$TMP/spot-forward.json" shadows.views) == 1 ]] || fail "a spot light has $(img json "$TMP/spot-forward.json" shadows.views) views, not 1"

# 2. The edge: a 1 x 0.1 x 1 plate at 1.5..1.6 m, the light at 3 m, the camera at 6 m looking
# straight down (60 degree vertical field of view): the shadow ends on the floor at
# e = 0.5 * 3 / (3 - 1.6), seen at e / 6 * (90 / tan 30) pixels from the centre.
boxes "$S/plate.gltf" 0,1.55,0,0.5,0.05,0.5
want=$("$PY" -c "import math; print('%.2f' % (0.5 * 3 / (3 - 1.6) / 6 * 90 / math.tan(math.radians(30))))")
# Both PCF kernels (--shadow-filter): the 3 x 3 tent and the single bilinear comparison.
for kf in point:tent spot:tent point:bilinear spot:bilinear; do
    kind=${kf%:*} filter=${kf#*:}
    light "$TMP/plate-$kind.json" "$kind" 0,3,0 true
    cp "$TMP/plate-$kind.json" "$TMP/plate-$kind-on.json"
    light "$TMP/plate-$kind-off.json" "$kind" 0,3,0 false
    lc_ok "plate under a $kind light ($filter)" --scene "$S/plate.gltf" --camera 0,6,0,0,-89.9 --fov 60 $COMMON \
        --lights-file "$TMP/plate-$kind.json" --shadow-filter $filter --stats "$TMP/plate-$kind-$filter.json" \
        --out "$TMP/plate-$kind-$filter.png" || continue
    [[ $(img json "$TMP/plate-$kind-$filter.json" shadows.filter) == "$filter" ]] || fail "--shadow-filter $filter: --stats says another filter"
    got=$(edge "$TMP/plate-$kind-$filter.png")
    # Within two texels of the light's view: a texel spans 2 tan(half-angle) / 252 of the 3 m to
    # the floor (the view is widened by two texels a side), the half-angle 45 degrees for a
    # cube face, 70 for this spot: 0.62 and 1.70 pixels here.
    tol=$("$PY" -c "import math; t = 1.0 if '$kind' == 'point' else math.tan(math.radians(70)); print('%.2f' % (2 * 3 * 2 * t / 252 / 6 * 90 / math.tan(math.radians(30))))")
    fcmp "$got" ">=" "$("$PY" -c "print($want - $tol)")" && fcmp "$got" "<=" "$("$PY" -c "print($want + $tol)")" ||
        fail "$kind ($filter): the plate's shadow ends $got pixels from the centre, the geometry puts it at $want (+-$tol)"
    echo "  $kind ($filter): the shadow's edge at $got pixels, the geometry's at $want (+-$tol)"
done

# 3. A light inside a closed 1 m box on the floor: nothing outside changes, not even where
# the walls meet the floor.
boxes "$S/closed.gltf" 0,0.5,0,0.5,0.5,0.5
light "$TMP/inside.json" point 0,0.5,0 true
echo '{"lights": [{"type": "point", "position": [0, 50, 0], "radius": 1, "intensity": 8}]}' >"$TMP/none.json"
for sh in forward visibility; do
    lc_ok "closed box ($sh)" --scene "$S/closed.gltf" --camera 0,3,4,0,-35 $COMMON --shading $sh \
        --lights-file "$TMP/inside.json" --out "$TMP/inside-$sh.png" &&
        lc_ok "closed box, no light ($sh)" --scene "$S/closed.gltf" --camera 0,3,4,0,-35 $COMMON --shading $sh \
            --lights-file "$TMP/none.json" --out "$TMP/none-$sh.png" || continue
    d=$(img diff "$TMP/inside-$sh.png" "$TMP/none-$sh.png")
    [[ $d -le 1 ]] || fail "$sh: a light inside a closed box changes the image outside by $d/255"
done
lc_ok "closed box (bilinear PCF)" --scene "$S/closed.gltf" --camera 0,3,4,0,-35 $COMMON --shadow-filter bilinear \
    --lights-file "$TMP/inside.json" --out "$TMP/inside-bilinear.png" && {
    d=$(img diff "$TMP/inside-bilinear.png" "$TMP/none-forward.png")
    [[ $d -le 1 ]] || fail "bilinear PCF: a light inside a closed box changes the image outside by $d/255"
}

# 4. Static: four frames, the last renders no view, and the image is the two-frame one.
lc_ok "static" --scene "$scene" --camera "$cam" --headless --validate --size 320x180 --frames 4 $EXP --lights-file "$TMP/point-on.json" \
    --stats "$TMP/static.json" --out "$TMP/static.png" && {
    [[ $(img json "$TMP/static.json" shadows.views_rendered) == 0 ]] ||
        fail "a static scene still renders $(img json "$TMP/static.json" shadows.views_rendered) views in its last frame"
    [[ $(img json "$TMP/static.json" shadows.views_cached) == 6 ]] || fail "a static scene's 6 views are not all cached"
    d=$(img diff "$TMP/static.png" "$TMP/point-forward-on.png")
    [[ $d -le 1 ]] || fail "cached shadow views change the image by $d/255"
}
# --shadow-updates 2: a point light's six views take three frames, then none.
for frames in 1 3 4; do
    lc_ok "budget ($frames frames)" --scene "$scene" --camera "$cam" --headless --validate --size 160x90 --frames $frames $EXP \
        --lights-file "$TMP/point-on.json" --shadow-updates 2 --stats "$TMP/budget-$frames.json" || continue
    want_r=2; [[ $frames == 4 ]] && want_r=0
    got_r=$(img json "$TMP/budget-$frames.json" shadows.views_rendered)
    [[ $got_r == "$want_r" ]] || fail "--shadow-updates 2, frame $frames: $got_r views rendered, want $want_r"
done

# 5. Generated lights, 24 shadowed: every mode equals brute force; forward equals visibility.
boxes "$S/room.gltf" -2,1,-2,0.6,1,0.6 2,0.5,1,0.8,0.5,0.4 0,2.5,0,0.3,0.05,2 -1,0.3,2,0.3,0.3,0.3
GEN="--scene $S/room.gltf --camera 0,4,7,0,-30 --headless --validate --size 200x120 --frames 2 --lights 96 --seed 3 --shadowed-lights 24"
for sh in forward visibility; do
    lc_ok "generated brute ($sh)" $GEN --shading $sh --mode brute --stats "$TMP/gen-$sh.json" --out "$TMP/gen-$sh-brute.png" || continue
    [[ $(img json "$TMP/gen-$sh.json" shadows.lights) == 24 ]] || fail "--shadowed-lights 24 shadows $(img json "$TMP/gen-$sh.json" shadows.lights) lights"
    sizes=$(( $(img json "$TMP/gen-$sh.json" shadows.views_by_size.256) + $(img json "$TMP/gen-$sh.json" shadows.views_by_size.128) + $(img json "$TMP/gen-$sh.json" shadows.views_by_size.64) ))
    [[ $sizes == $(img json "$TMP/gen-$sh.json" shadows.views) ]] || fail "views by size add up to $sizes, not shadows.views"
    # Under the sanitizers (LC_TEST_SWEEP=short) zbin alone: the culling is the GPU's.
    modes="lists tiles clusters zbin"
    [[ ${LC_TEST_SWEEP:-} == short ]] && modes=zbin
    for mode in $modes; do
        lc_ok "generated $mode ($sh)" $GEN --shading $sh --mode $mode --out "$TMP/gen-$sh-$mode.png" || continue
        d=$(img diff "$TMP/gen-$sh-brute.png" "$TMP/gen-$sh-$mode.png")
        [[ $d -le 1 ]] || fail "$sh, shadowed lights: $mode differs from brute force by $d/255"
    done
done
if [[ -f $TMP/gen-forward-brute.png && -f $TMP/gen-visibility-brute.png ]]; then
    d=$(img diff "$TMP/gen-forward-brute.png" "$TMP/gen-visibility-brute.png")
    [[ $d -le 5 ]] || fail "24 shadowed lights: forward and visibility shading differ by $d/255 (test_visibility's lavapipe bound: 5)"
fi
# 256 shadowed lights (up to 1,536 views): all placed in the atlas at their sizes, with the
# small views the light's size on screen asks for at 200 x 120.
G256=${GEN/--shadowed-lights 24/--shadowed-lights 256}
lc_ok "256 shadowed lights" ${G256/--lights 96/--lights 1024} --stats "$TMP/gen-256.json" && {
    n=$(img json "$TMP/gen-256.json" shadows.lights) u=$(img json "$TMP/gen-256.json" shadows.lights_unplaced)
    [[ $n == 256 && $u == 0 ]] || fail "--shadowed-lights 256 over 1024 lights: $n lights shadowed, $u without a tile"
    [[ $(img json "$TMP/gen-256.json" shadows.views_by_size.64) -gt 0 ]] || fail "256 shadowed lights at 200 x 120: no 64-texel view"
}
# Shadows are opt-in: without --shadowed-lights the same lights cast none.
lc_ok "generated, no shadows" ${GEN/--shadowed-lights 24/} --stats "$TMP/gen-none.json" && {
    [[ $(img json "$TMP/gen-none.json" shadows.lights) == 0 ]] || fail "lights cast shadows without being asked to"
}
# 6. Alpha MASK casters: a 2 x 2 m quad 1.5 m above the floor, its texture's alpha a 4 x 4
# checkerboard (tests/alpha_mask_scene.py maskflat), under a light 3 m above its centre, seen
# from straight above. Where the OPAQUE quad's shadow on the floor is seen (pixels it darkens,
# past the quad's own outline), the MASK quad's shadow darkens only about half (its cut-out
# texels let the light through), and leaves the other half lit.
# pattern OPAQUE_ON OPAQUE_OFF MASK_ON MASK_OFF: "S DARK": the fraction of the image the
# opaque quad's shadow darkens (by more than 8/255), and the fraction of those pixels the
# masked quad's shadow darkens.
pattern()
{
    "$PY" - "$@" <<'PYEOF'
import sys
from PIL import Image
oon, ooff, mon, moff = (list(Image.open(f).convert('L').getdata()) for f in sys.argv[1:5])
s = [i for i in range(len(oon)) if ooff[i] - oon[i] > 8]
d = sum(1 for i in s if moff[i] - mon[i] > 8)
print('%.4f %.4f' % (len(s) / len(oon), d / max(len(s), 1)))
PYEOF
}
for sc in maskflat maskflatopaque; do
    "$PY" "$LC_SOURCE_DIR/tests/alpha_mask_scene.py" "$S" $sc >/dev/null || fail "alpha_mask_scene.py $sc failed"
done
for kind in point spot; do
    for sh in forward visibility; do
        [[ $kind == spot && $sh == visibility ]] && continue
        ok=1
        for sc in maskflat maskflatopaque; do
            for on in on off; do
                lc_ok "$sc under a $kind light ($sh, shadow $on)" --scene "$S/$sc.gltf" --camera 0,6,0,0,-89.9 --fov 60 $COMMON \
                    --shading $sh --lights-file "$TMP/plate-$kind-$on.json" --out "$TMP/$sc-$kind-$sh-$on.png" || ok=0
            done
        done
        [[ $ok == 1 ]] || continue
        read -r area dark < <(pattern "$TMP"/maskflatopaque-$kind-$sh-{on,off}.png "$TMP"/maskflat-$kind-$sh-{on,off}.png)
        fcmp "$area" ">" 0.02 || fail "$kind ($sh): the opaque quad's shadow covers only $area of the image (want > 0.02)"
        fcmp "$dark" ">=" 0.3 && fcmp "$dark" "<=" 0.7 ||
            fail "$kind ($sh): the masked quad shadows $dark of the opaque quad's shadow (want 0.3..0.7: light through its holes)"
        echo "  $kind ($sh): the masked quad shadows $dark of the opaque one's shadow ($area of the image)"
    done
done
# A BLEND quad of alpha 0.5 casts like an opaque one (docs/MATERIALS.md: a BLEND material whose
# alpha factor is at least 0.5 casts, one below casts nothing, tests/test_model_features.sh;
# the GPU cull takes the casters from their own tasks, past the camera's): the same quad, half
# transparent, darkens nearly all of the opaque quad's shadow, culled on the GPU and on the CPU
# alike.
"$PY" - "$S/maskflatopaque.gltf" "$S/blendflat.gltf" <<'PYEOF'
import json, sys
g = json.load(open(sys.argv[1]))
for m in g["materials"]:
    pbr = m.setdefault("pbrMetallicRoughness", {})
    if "baseColorTexture" in pbr:
        m["alphaMode"] = "BLEND"
        pbr["baseColorFactor"] = [1, 1, 1, 0.5]
json.dump(g, open(sys.argv[2], "w"))
PYEOF
ok=1
for run in on:gpu off:gpu on:cpu; do
    on=${run%:*} cull=${run#*:}
    lc_ok "blendflat under a point light (shadow $on, $cull cull)" --scene "$S/blendflat.gltf" --camera 0,6,0,0,-89.9 --fov 60 $COMMON \
        --lights-file "$TMP/plate-point-$on.json" --shadow-cull $cull --out "$TMP/blendflat-$on-$cull.png" || ok=0
done
if [[ $ok == 1 && -f $TMP/maskflatopaque-point-forward-on.png ]]; then
    read -r area dark < <(pattern "$TMP"/maskflatopaque-point-forward-{on,off}.png "$TMP"/blendflat-{on,off}-gpu.png)
    fcmp "$dark" ">=" 0.9 || fail "a BLEND quad shadows $dark of the opaque quad's shadow (want >= 0.9: blended objects cast)"
    d=$(img diff "$TMP/blendflat-on-gpu.png" "$TMP/blendflat-on-cpu.png")
    [[ $d == 0 ]] || fail "a BLEND caster: the GPU and CPU culls of the views give images $d/255 apart"
    echo "  point (forward): the blended quad shadows $dark of the opaque one's shadow; GPU and CPU culls $d/255 apart"
fi

# 7. The meshlet cull per view: one mesh (a floor and a slab, each face 24 x 24 quads) under
# a point light just above the slab's corner, so each cube face sees part of it. The views draw
# fewer triangles than their objects hold, and the image equals the one with every face one
# quad (a single meshlet: nothing to cull), and the one the CPU's cull of the views draws.
boxes "$S/fine.gltf" 0.7,0.8,0.4,0.6,0.1,0.6 && SUBDIV=24 boxes "$S/fine24.gltf" 0.7,0.8,0.4,0.6,0.1,0.6
light "$TMP/corner.json" point 0.1,1.3,-0.2 true
for f in fine fine24 fine24-cpu; do
    lc_ok "meshlet cull ($f)" --scene "$S/${f%-cpu}.gltf" --camera "$cam" --headless --validate --size 320x180 --frames 1 $EXP \
        --lights-file "$TMP/corner.json" --stats "$TMP/$f.json" --out "$TMP/$f.png" --shadow-cull "$([[ $f == *-cpu ]] && echo cpu || echo gpu)"
done
if [[ -f $TMP/fine.png && -f $TMP/fine24.png ]]; then
    d=$(img diff "$TMP/fine.png" "$TMP/fine24.png")
    [[ $d -le 2 ]] || fail "the meshlet cull changes the shadow: 24 x 24 quads a face differ from one quad a face by $d/255"
    t=$(img json "$TMP/fine24.json" shadows.triangles) u=$(img json "$TMP/fine24.json" shadows.triangles_unculled)
    [[ $u -gt 0 && $((2 * t)) -le $u ]] || fail "the meshlet cull keeps $t of $u triangles in the views (want at most half)"
    echo "  meshlet cull: $t of $u triangles drawn into the six views, the image within $d/255"
    [[ $(img json "$TMP/fine24.json" shadows.cull) == gpu ]] || fail "the views were not culled on the GPU by default"
fi
if [[ -f $TMP/fine24.png && -f $TMP/fine24-cpu.png ]]; then
    d=$(img diff "$TMP/fine24.png" "$TMP/fine24-cpu.png")
    [[ $d == 0 ]] || fail "the views culled on the GPU and on the CPU give images $d/255 apart"
    [[ $(img json "$TMP/fine24-cpu.json" shadows.cull) == cpu ]] || fail "--shadow-cull cpu: stats say $(img json "$TMP/fine24-cpu.json" shadows.cull)"
    [[ $(img json "$TMP/fine24-cpu.json" shadows.occlusion) == False ]] || fail "--shadow-cull cpu: stats say shadows.occlusion is on"
    tc=$(img json "$TMP/fine24-cpu.json" shadows.triangles) uc=$(img json "$TMP/fine24-cpu.json" shadows.triangles_unculled)
    [[ $uc -gt 0 && $((2 * tc)) -le $uc ]] || fail "the CPU's meshlet cull keeps $tc of $uc triangles in the views (want at most half)"
    echo "  the same views culled on the CPU: $tc of $uc triangles, the same image"
fi

# 8. The inspector (viewer, under Xvfb) names the shadowed lights a pixel walks: the floor
# under the point light, with its shadow on and off.
if have_xvfb_run "the inspector's shadowed lights"; then
    printf '0 pause\n2 inspect 160 160\n3 quit\n' >"$TMP/inspect.script"
    for v in on off; do
        timeout 120 xvfb-run -a -s "-screen 0 640x480x24" "$LC_BIN" --scene "$scene" --camera "$cam" --size 320x180 $EXP \
            --lights-file "$TMP/point-$v.json" --script "$TMP/inspect.script" --validate >"$TMP/inspect-$v.log" 2>&1 ||
            fail "the inspector with the shadow $v: $(tail -2 "$TMP/inspect-$v.log")"
    done
    want_on="evaluated=1 .* shadowed=1 shadowed_ids=0" want_off="evaluated=1 .* shadowed=0 shadowed_ids=$"
    grep -Eq "inspect .*$want_on" "$TMP/inspect-on.log" || fail "the inspector does not mark the shadowed light: $(grep inspect "$TMP/inspect-on.log")"
    grep -Eq "inspect .*$want_off" "$TMP/inspect-off.log" || fail "the inspector marks an unshadowed light: $(grep inspect "$TMP/inspect-off.log")"
fi
# 9. Occlusion culling of the shadow views: moving generated lights (every view rendered every
# frame: --shadow-updates 64), three frames, so the last frame's views cull with the bits of
# their render before, which found what the views' HiZ hid. The same image with occlusion on
# and off, byte for byte (depth-only views with a LESS test: the hidden meshlets change no
# texel), fewer triangles with it on, and the new passes timed. A generated scene (a 12 x 12 m
# slab 1.5 m up, nine boxes under it and nine on it, every face 16 x 16 quads: the slab hides
# one layer from the lights on the other side), and Sponza where it is given.
B="0,1.5,0,6,0.05,6"
for x in -4 0 4; do for z in -4 0 4; do B="$B $x,0.3,$z,0.3,0.3,0.3 $x,1.85,$z,0.3,0.3,0.3"; done; done
# shellcheck disable=SC2086
SUBDIV=16 boxes "$S/layers.gltf" $B
occlusion_pair() # occlusion_pair NAME ARGS...: NAME-on and NAME-off runs, then the checks
{
    local name=$1 o
    shift
    for o in on off; do
        lc_ok "shadow occlusion $o ($name)" "$@" --headless --validate --size 200x112 --shadowed-lights 8 --shadow-updates 64 \
            --frames 3 --shadow-occlusion $o --stats "$TMP/occl-$name-$o.json" --out "$TMP/occl-$name-$o.png" || return
    done
    local on=$TMP/occl-$name-on.json off=$TMP/occl-$name-off.json
    cmp -s "$TMP/occl-$name-on.png" "$TMP/occl-$name-off.png" ||
        fail "$name: shadow occlusion changes the image by $(img diff "$TMP/occl-$name-on.png" "$TMP/occl-$name-off.png")/255 (want byte-identical)"
    [[ $(img json "$on" shadows.occlusion) == True && $(img json "$off" shadows.occlusion) == False ]] ||
        fail "$name: shadows.occlusion says $(img json "$on" shadows.occlusion) with it on, $(img json "$off" shadows.occlusion) off"
    local culled t_on t_off
    culled=$(img json "$on" shadows.culled_occlusion) t_on=$(img json "$on" shadows.triangles) t_off=$(img json "$off" shadows.triangles)
    [[ $culled -gt 0 ]] || fail "$name: the views' HiZ culled no meshlet"
    [[ $t_on -lt $t_off ]] || fail "$name: the views draw $t_on triangles with occlusion, $t_off without (want fewer)"
    [[ $(img json "$off" shadows.culled_occlusion) == 0 ]] || fail "$name: meshlets culled by occlusion with it off"
    local pass
    for pass in "shadow cull / phase 1" "shadow hiz" "shadow cull / phase 2"; do
        img json "$on" "passes_ms_last_frame.$pass" >/dev/null 2>&1 || fail "$name: no '$pass' pass timed"
    done
    grep -q '"shadow view / light [0-9]* *[-+xyz]* / phase 2"' "$on" || fail "$name: no phase 2 shadow view pass timed"
    echo "  $name: occlusion culled $culled meshlets, $t_on triangles drawn against $t_off, the same image"
}
occlusion_pair layers --scene "$S/layers.gltf" --camera 0,8,9,0,-45 --lights 32 --seed 3
# A view's first render has no bits to go by: phase 1 draws its whole frustum (as with occlusion
# off) and the view gets no second pass over its tile.
for o in on off; do
    lc_ok "shadow occlusion $o (layers, first frame)" --scene "$S/layers.gltf" --camera 0,8,9,0,-45 --lights 32 --seed 3 \
        --headless --validate --size 200x112 --shadowed-lights 8 --shadow-updates 64 --frames 1 --shadow-occlusion $o \
        --stats "$TMP/occl-first-$o.json"
done
t_first=$(img json "$TMP/occl-first-on.json" shadows.triangles)
[[ $t_first -gt 0 && $t_first == $(img json "$TMP/occl-first-off.json" shadows.triangles) ]] ||
    fail "first renders draw $t_first triangles with occlusion, $(img json "$TMP/occl-first-off.json" shadows.triangles) without (want the same)"
! grep -q '"shadow view / light [0-9]* *[-+xyz]* / phase 2"' "$TMP/occl-first-on.json" ||
    fail "a view's first render gets a second (phase 2) pass over its tile"
if have_sponza "shadow occlusion (Sponza)"; then
    occlusion_pair sponza --scene "$LC_SPONZA" --lights 64
fi
lc_bad_each "--shadowed-lights x" "--shadow-updates 0" "--shadow-updates 65" "--shadow-filter box" "--shadow-cull both" "--shadow-occlusion maybe"
echo '{"lights": [{"type": "point", "position": [0, 1, 0], "radius": 2, "shadow": 1}]}' >"$TMP/bad.json"
lc_bad "\"shadow\": 1" --headless --lights-file "$TMP/bad.json"
finish
