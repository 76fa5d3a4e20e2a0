#!/usr/bin/env bash
# Scene objects end to end: a single object (a generated glTF box, the shape of Khronos'
# "Box" sample) is framed from outside and fills a good part of the image; --grid multiplies
# objects and triangles while the unique meshes stay the same (stats objects.*); the HUD-free
# image of a grid is not empty; bad --grid values exit 2 with one line.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

# A 1 m box (24 vertices with normals, 36 indices), red, one node rotated and offset the way
# sample files often are: nothing near the origin where the old start view stood.
"$PY" - "$TMP/box.gltf" <<'EOF'
import base64, json, struct, sys
pos, nrm, idx = [], [], []
for axis in range(3):
    for s in (-1, 1):
        n = [0, 0, 0]; n[axis] = s
        u = [0, 0, 0]; u[(axis + 1) % 3] = 1
        v = [0, 0, 0]; v[(axis + 2) % 3] = 1
        if s < 0: u, v = v, u
        base = len(pos)
        for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            pos.append([0.5 * (n[k] + a * u[k] + b * v[k]) for k in range(3)])
            nrm.append(n)
        idx += [base, base + 1, base + 2, base, base + 2, base + 3]
data = b"".join(struct.pack("<3f", *p) for p in pos) + b"".join(struct.pack("<3f", *n) for n in nrm)
data += struct.pack("<%dH" % len(idx), *idx)
doc = {
    "asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}],
    "nodes": [{"mesh": 0, "translation": [12, 3, -40], "rotation": [0.2, 0.3, 0.0, 0.9327379]}],
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1}, "indices": 2, "material": 0}]}],
    "materials": [{"pbrMetallicRoughness": {"baseColorFactor": [0.8, 0.1, 0.1, 1.0]}}],
    "buffers": [{"byteLength": len(data), "uri": "data:application/octet-stream;base64," + base64.b64encode(data).decode()}],
    "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 288}, {"buffer": 0, "byteOffset": 288, "byteLength": 288},
                    {"buffer": 0, "byteOffset": 576, "byteLength": 72}],
    "accessors": [{"bufferView": 0, "componentType": 5126, "count": 24, "type": "VEC3", "min": [-0.5] * 3, "max": [0.5] * 3},
                  {"bufferView": 1, "componentType": 5126, "count": 24, "type": "VEC3"},
                  {"bufferView": 2, "componentType": 5123, "count": 36, "type": "SCALAR"}],
}
json.dump(doc, open(sys.argv[1], "w"))
EOF

# Fraction of pixels that are not the background (the corner pixel's colour).
coverage()
{
    "$PY" - "$1" <<'EOF'
import sys
from PIL import Image
im = Image.open(sys.argv[1]).convert("RGB")
bg = im.getpixel((0, 0))
px = list(im.getdata())
print(sum(1 for p in px if max(abs(a - b) for a, b in zip(p, bg)) > 6) / len(px))
EOF
}

common=(--headless --size 160x90 --frames 1 --lights 64 --seed 3 --validate)
if lc_ok "box" --scene "$TMP/box.gltf" "${common[@]}" --out "$TMP/box.png" --stats "$TMP/box.json"; then
    cov=$(coverage "$TMP/box.png")
    echo "box: ${cov} of the pixels are the box"
    # Framed within 80 % of each half field of view (a margin all round): a cube seen from above
    # its front covers about a fifth of a 16:9 image.
    fcmp "$cov" ">=" 0.15 && fcmp "$cov" "<=" 0.9 || fail "the framed box covers $cov of the image (want 0.15..0.9)"
    [[ $(img json "$TMP/box.json" objects.instances) == 1 ]] || fail "box: objects.instances != 1"
fi

# --grid: objects and triangles x N^3, meshes unchanged; the image is not empty.
grid_stats()
{
    lc_ok "$1 grid $2" --scene "$1" --grid "$2" --headless --size 64x36 --frames 1 --lights 16 --validate \
        --stats "$TMP/$1-$2.json" --out "$TMP/$1-$2.png"
}
for scene in mesh default; do
    grid_stats $scene 1 && grid_stats $scene 2 || continue
    for key in instances total triangles_total; do
        a=$(img json "$TMP/$scene-1.json" objects.$key) b=$(img json "$TMP/$scene-2.json" objects.$key)
        [[ $b == $((a * 8)) ]] || fail "$scene --grid 2: objects.$key $b, expected 8 x $a"
    done
    m1=$(img json "$TMP/$scene-1.json" objects.meshes) m2=$(img json "$TMP/$scene-2.json" objects.meshes)
    [[ $m1 == "$m2" ]] || fail "$scene --grid 2: $m2 meshes, --grid 1 has $m1"
    cov=$(coverage "$TMP/$scene-2.png")
    fcmp "$cov" ">" 0.05 || fail "$scene --grid 2 image nearly empty ($cov)"
done
t=$(img json "$TMP/mesh-1.json" objects.triangles_total)
[[ $t =~ ^[0-9]+$ && $t -ge 25000 ]] || fail "--scene mesh has $t triangles (want a ~30k-triangle mesh)"

for bad in 0 65 x; do
    rc=0
    lc --grid "$bad" --headless --size 16x16 || rc=$?
    [[ $rc == 2 && $(wc -l <"$LC_STDERR") == 1 ]] || fail "--grid $bad: exit $rc, $(wc -l <"$LC_STDERR") lines (want 2, 1)"
done
rc=0
lc --grid 64 --headless --size 16x16 || rc=$?
[[ $rc == 2 ]] || fail "--grid 64 of the hall (over the object limit): exit $rc, want 2"

finish
