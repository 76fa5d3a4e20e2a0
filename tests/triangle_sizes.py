#!/usr/bin/env python3
"""Writes a screen of equal triangles for the raster crossover (scripts/bench-raster-crossover.sh):
usage OUTDIR SIZE WIDTH HEIGHT -> OUTDIR/tris-SIZE.gltf, a grid of SIZE x SIZE pixel cells (two
right triangles each, legs SIZE pixels) that covers a WIDTH x HEIGHT image, seen with
--fov 90 from the camera it prints ('X,Y,Z,YAW,PITCH': the origin looking down -z). The plane
lies at z = -HEIGHT / 2, where a unit is a pixel (tan 45 = 1), so the cells' corners fall on
pixel corners."""
import json, os, struct, sys

out, size, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
if size < 1 or width % 2 or height % 2:
    sys.exit("triangle_sizes.py: SIZE at least 1, WIDTH and HEIGHT even")
os.makedirs(out, exist_ok=True)
nx, ny, z = -(-width // size), -(-height // size), -height / 2.0 # the last row and column may overhang
pos, idx = [], []
for j in range(ny + 1):
    for i in range(nx + 1):
        pos += [i * size - width / 2.0, j * size - height / 2.0, z]
for j in range(ny):
    for i in range(nx):
        a = j * (nx + 1) + i
        b, c, d = a + 1, a + nx + 1, a + nx + 2
        idx += [a, b, d, a, d, c] # counter-clockwise seen from +z
nv = len(pos) // 3
buf = struct.pack('<%df' % len(pos), *pos) + struct.pack('<%df' % (3 * nv), *([0.0, 0.0, 1.0] * nv))
buf += struct.pack('<%dI' % len(idx), *idx)
pbytes, ibytes = 12 * nv, 4 * len(idx)
gltf = {
    "asset": {"version": "2.0"},
    "scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0, "name": "triangles"}],
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1}, "indices": 2, "material": 0}]}],
    "materials": [{"pbrMetallicRoughness": {"baseColorFactor": [0.7, 0.7, 0.7, 1.0], "metallicFactor": 0.0,
                                            "roughnessFactor": 0.6}}],
    "buffers": [{"byteLength": len(buf), "uri": "tris-%d.bin" % size}],
    "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": pbytes, "target": 34962},
                    {"buffer": 0, "byteOffset": pbytes, "byteLength": pbytes, "target": 34962},
                    {"buffer": 0, "byteOffset": 2 * pbytes, "byteLength": ibytes, "target": 34963}],
    "accessors": [{"bufferView": 0, "componentType": 5126, "count": nv, "type": "VEC3",
                   "min": [-width / 2.0, -height / 2.0, z], "max": [nx * size - width / 2.0, ny * size - height / 2.0, z]},
                  {"bufferView": 1, "componentType": 5126, "count": nv, "type": "VEC3"},
                  {"bufferView": 2, "componentType": 5125, "count": len(idx), "type": "SCALAR"}],
}
with open(os.path.join(out, "tris-%d.bin" % size), "wb") as f:
    f.write(buf)
with open(os.path.join(out, "tris-%d.gltf" % size), "w") as f:
    json.dump(gltf, f)
print("0,0,0,0,0")
