#!/usr/bin/env bash
# Decal textures (docs/DECALS.md, "Textures"): a decal that names a PNG in the decals file.
#  - its four quadrants (red, blue, yellow, clear) land where the box projects them on the
#    floor: the pixel there is that colour (the clear quadrant leaves the floor as it was);
#  - every culling mode equals brute force in forward shading (brute, lists and zbin in
#    visibility shading), and the two shadings agree;
#  - a normal-map decal (clear colour) whose left half tilts the normal and whose right half is
#    flat changes the floor's lighting under its left half only (the right half and the rest
#    within 1/255), the same in every mode and both shadings;
#  - the mip level follows the projected texture coordinates' derivatives: a one-texel checker
#    seen from afar comes out an even grey, not aliased black and white;
#  - a missing, a corrupt or a wrongly typed texture is refused in one line naming the file
#    (exit 2).
# Every run under the validation layer (--validate: any message fails it). LC_TEST_SWEEP=short
# (the sanitizer pass): brute and zbin only.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

write_scene cam wall
W=192 H=108
BASE=(--scene "$TMP/wall.gltf" --camera "$cam" --headless --validate --quiet --size ${W}x${H} --frames 2 --seed 3 --lights 16)
checks=0

mkdir -p "$TMP/tex"
"$PY" - "$TMP" <<'PYEOF'
import json, sys
from PIL import Image
o = sys.argv[1]
q = Image.new('RGBA', (64, 64))
for y in range(64):
    for x in range(64):
        q.putpixel((x, y), [(255, 0, 0, 255), (0, 0, 255, 255), (255, 255, 0, 255), (0, 0, 0, 0)][(x >= 32) + 2 * (y >= 32)])
q.save(o + '/tex/quad.png')
c = Image.new('RGBA', (512, 512))
for y in range(512):
    for x in range(512):
        v = 255 if (x + y) % 2 else 0
        c.putpixel((x, y), (v, v, v, 255))
c.save(o + '/tex/checker.png')
n = Image.new('RGBA', (64, 64))
for y in range(64):
    for x in range(64):
        n.putpixel((x, y), (217, 128, 218, 255) if x < 32 else (128, 128, 255, 255))  # left: tilted towards +x
n.save(o + '/tex/tilt.png')
json.dump({"decals": [{"position": [0, 0, 1], "size": [2, 0.4, 2], "color": [1, 1, 1, 0], "normal_texture": "tex/tilt.png"}]},
          open(o + '/tilt.json', 'w'))
open(o + '/tex/corrupt.png', 'wb').write(b'\x89PNG\r\n\x1a\n' + b'\x00' * 40)
# The texture's path is taken from the decals file's directory.
json.dump({"decals": [{"position": [0, 0, 1], "size": [2, 0.4, 2], "base_color_texture": "tex/quad.png"}]}, open(o + '/quad.json', 'w'))
json.dump({"decals": [{"position": [0, 0, 0.5], "size": [3, 0.4, 2], "base_color_texture": "tex/checker.png"}]}, open(o + '/checker.json', 'w'))
json.dump({"decals": [{"position": [0, 0, 0.5], "size": [3, 0.4, 2], "color": [0.5, 0.5, 0.5, 1]}]}, open(o + '/grey.json', 'w'))
PYEOF

# Where a box point lands on screen (the camera: x, y, z, yaw, pitch; fov 60), as x y.
project() {
    "$PY" - "$cam" $W $H "$@" <<'PYEOF'
import math, sys
cam, W, H = [float(x) for x in sys.argv[1].split(',')], int(sys.argv[2]), int(sys.argv[3])
px, py, pz, yaw, pitch = cam[0], cam[1], cam[2], math.radians(cam[3]), math.radians(cam[4])
f = (-math.sin(yaw) * math.cos(pitch), math.sin(pitch), -math.cos(yaw) * math.cos(pitch))
r = (math.cos(yaw), 0.0, -math.sin(yaw))
u = (r[1] * f[2] - r[2] * f[1], r[2] * f[0] - r[0] * f[2], r[0] * f[1] - r[1] * f[0])
t = math.tan(math.radians(30.0)); asp = W / float(H)
p = [float(v) for v in sys.argv[4:7]]
v = (p[0] - px, p[1] - py, p[2] - pz); d = sum(a * b for a, b in zip(v, f))
print(int((sum(a * b for a, b in zip(v, r)) / (d * t * asp) + 1) * 0.5 * W), int((1 - sum(a * b for a, b in zip(v, u)) / (d * t)) * 0.5 * H))
PYEOF
}
# The pixel's r g b in an image.
pixel() { "$PY" -c "from PIL import Image; import sys; print(*Image.open(sys.argv[1]).convert('RGB').getpixel((int(sys.argv[2]), int(sys.argv[3]))))" "$@"; }

echo "every mode = brute, forward and visibility agree"
for sh in forward visibility; do
    lc_ok "no decal $sh" "${BASE[@]}" --shading $sh --out "$TMP/none-$sh.png"
    modes="brute lists tiles clusters zbin"
    [[ $sh == visibility ]] && modes="brute lists zbin"
    [[ ${LC_TEST_SWEEP:-} == short ]] && modes="brute zbin" # the sanitizer pass
    for m in $modes; do
        lc_ok "textured decal $sh $m" "${BASE[@]}" --decals-file "$TMP/quad.json" --shading $sh --mode $m --pairs \
            --stats "$TMP/$sh-$m.json" --out "$TMP/$sh-$m.png" || continue
        [[ $(img json "$TMP/$sh-$m.json" pairs.missed) == 0 ]] || fail "textured decal $sh $m: missed pairs"
        checks=$((checks + 1))
        [[ $m == brute ]] && continue
        d=$(img diff "$TMP/$sh-brute.png" "$TMP/$sh-$m.png")
        [[ $d -le 1 ]] || fail "textured decal $sh: $m differs from brute by $d/255"
        checks=$((checks + 1))
    done
done
p=$(img psnr "$TMP/forward-zbin.png" "$TMP/visibility-zbin.png")
echo "  forward against visibility: $p dB"
fcmp "$p" ">=" 45 || fail "textured decal: forward and visibility shading differ ($p dB)"
checks=$((checks + 1))

echo "the texture's quadrants where the box projects them"
# Box coordinates: the image's top row at the box's -Z side, its left column at -X.
for q in "red -0.5 0.5" "blue 0.5 0.5" "yellow -0.5 1.5" "clear 0.5 1.5"; do
    read -r name x z <<<"$q"
    read -r sx sy < <(project "$x" 0 "$z")
    for sh in forward visibility; do
        read -r r g b < <(pixel "$TMP/$sh-zbin.png" "$sx" "$sy")
        read -r r0 g0 b0 < <(pixel "$TMP/none-$sh.png" "$sx" "$sy")
        echo "  $name at ($sx, $sy), $sh: $r $g $b (no decal: $r0 $g0 $b0)"
        case $name in
        red) ((r > 2 * g + 20 && r > 2 * b + 20)) || fail "$sh: the red quadrant is $r $g $b" ;;
        blue) ((b > 2 * r + 20 && b > 2 * g + 20)) || fail "$sh: the blue quadrant is $r $g $b" ;;
        yellow) ((r > 2 * b + 20 && g > 2 * b + 20)) || fail "$sh: the yellow quadrant is $r $g $b" ;;
        clear) ((r == r0 && g == g0 && b == b0)) || fail "$sh: the clear quadrant changed the floor ($r0 $g0 $b0 -> $r $g $b)" ;;
        esac
        checks=$((checks + 1))
    done
done

echo "normal-map decal: the tilted half changes the lighting, the flat half and the rest do not"
for sh in forward visibility; do
    modes="brute lists zbin"
    [[ ${LC_TEST_SWEEP:-} == short ]] && modes="brute zbin"
    for m in $modes; do
        lc_ok "normal decal $sh $m" "${BASE[@]}" --decals-file "$TMP/tilt.json" --shading $sh --mode $m --pairs \
            --stats "$TMP/tilt-$sh-$m.json" --out "$TMP/tilt-$sh-$m.png" || continue
        [[ $(img json "$TMP/tilt-$sh-$m.json" pairs.missed) == 0 ]] || fail "normal decal $sh $m: missed pairs"
        checks=$((checks + 1))
        [[ $m == brute ]] && continue
        d=$(img diff "$TMP/tilt-$sh-brute.png" "$TMP/tilt-$sh-$m.png")
        [[ $d -le 1 ]] || fail "normal decal $sh: $m differs from brute by $d/255"
        checks=$((checks + 1))
    done
    read -r left right out < <("$PY" - "$cam" $W $H "$TMP/tilt-$sh-zbin.png" "$TMP/none-$sh.png" <<'PYEOF'
import math, sys
from PIL import Image
cam, W, H = [float(x) for x in sys.argv[1].split(',')], int(sys.argv[2]), int(sys.argv[3])
a, b = Image.open(sys.argv[4]).convert('RGB'), Image.open(sys.argv[5]).convert('RGB')
px, py, pz, yaw, pitch = cam[0], cam[1], cam[2], math.radians(cam[3]), math.radians(cam[4])
f = (-math.sin(yaw) * math.cos(pitch), math.sin(pitch), -math.cos(yaw) * math.cos(pitch))
r = (math.cos(yaw), 0.0, -math.sin(yaw))
u = (r[1] * f[2] - r[2] * f[1], r[2] * f[0] - r[0] * f[2], r[0] * f[1] - r[1] * f[0])
t = math.tan(math.radians(30.0)); asp = W / float(H)
n = {'left': 0, 'right': 0, 'out': 0}
for y in range(H):
    for x in range(W):
        # The pixel's ray on the floor (y = 0), in the box's x-z square or not.
        nx, ny = (x + 0.5) / W * 2 - 1, 1 - (y + 0.5) / H * 2
        d = [f[i] + r[i] * nx * t * asp + u[i] * ny * t for i in range(3)]
        k = 'out'
        if d[1] < 0:
            s = -py / d[1]; fx, fz = px + s * d[0], pz + s * d[2]
            if -1 <= fx <= 1 and 0 <= fz <= 2:
                k = 'left' if fx < -0.05 else 'right' if fx > 0.05 else None
        if k is None: continue
        diff = max(abs(p - q) for p, q in zip(a.getpixel((x, y)), b.getpixel((x, y))))
        n[k] += diff > (2 if k == 'left' else 1)
print(n['left'], n['right'], n['out'])
PYEOF
)
    echo "  $sh: pixels changed under the tilted half $left, under the flat half $right, outside the box $out"
    [[ ${left:-0} -gt 200 ]] || fail "$sh: the normal map changes too few pixels under its tilted half (${left:-0})"
    [[ ${right:-1} == 0 && ${out:-1} == 0 ]] || fail "$sh: the normal map changes pixels under its flat half ($right) or outside its box ($out)"
    checks=$((checks + 2))
done
p=$(img psnr "$TMP/tilt-forward-zbin.png" "$TMP/tilt-visibility-zbin.png")
echo "  forward against visibility: $p dB"
fcmp "$p" ">=" 45 || fail "normal decal: forward and visibility shading differ ($p dB)"
checks=$((checks + 1))

echo "mip level from the projected derivatives"
# A one-texel checker 3 m wide, 3 to 4 m away: a few texels a pixel, so its mips are grey. A
# plain grey decal of the checker's mean (0.5 linear: the sRGB mips average 0 and 255) is the
# reference; sampling the base level instead would alias into black and white speckles.
for sh in forward visibility; do
    lc_ok "checker $sh" "${BASE[@]}" --decals-file "$TMP/checker.json" --shading $sh --out "$TMP/checker-$sh.png"
    lc_ok "grey $sh" "${BASE[@]}" --decals-file "$TMP/grey.json" --shading $sh --out "$TMP/grey-$sh.png"
    read -r sx0 sy0 < <(project -1 0 0)
    read -r sx1 sy1 < <(project 1 0 1)
    spread=$("$PY" - "$TMP/checker-$sh.png" "$TMP/grey-$sh.png" "$sx0" "$sy0" "$sx1" "$sy1" <<'PYEOF'
import sys
from PIL import Image
a, b = Image.open(sys.argv[1]).convert('L'), Image.open(sys.argv[2]).convert('L')
x0, y0, x1, y1 = (int(v) for v in sys.argv[3:7])
d = [abs(a.getpixel((x, y)) - b.getpixel((x, y))) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]
print(max(d) if d else 999)
PYEOF
)
    echo "  $sh: the checker's largest difference from plain grey over its middle: $spread/255"
    [[ ${spread:-999} -le 24 ]] || fail "$sh: the distant checker is not filtered to grey ($spread/255 from the grey decal)"
    checks=$((checks + 1))
done

echo "bad textures"
bad() {
    printf '%s' "$2" >"$TMP/bad-$1.json"
    lc_bad "decal texture $1" "${BASE[@]}" --decals-file "$TMP/bad-$1.json"
    grep -q "$3" "$LC_STDERR" || fail "decal texture $1: the message does not name $3: $(cat "$LC_STDERR")"
    checks=$((checks + 3))
}
bad missing '{"decals": [{"position": [0, 0, 0], "size": [1, 1, 1], "base_color_texture": "tex/none.png"}]}' "tex/none.png"
bad corrupt '{"decals": [{"position": [0, 0, 0], "size": [1, 1, 1]}, {"position": [0, 0, 0], "size": [1, 1, 1], "base_color_texture": "tex/corrupt.png"}]}' "decal 1: \"base_color_texture\" '.*tex/corrupt.png'"
bad type '{"decals": [{"position": [0, 0, 0], "size": [1, 1, 1], "base_color_texture": 3}]}' "base_color_texture"
echo "$checks checks"
finish
