#!/usr/bin/env python3
"""Writes big triangles that reach a 128-pixel tile of the compute raster's big pass only in its
first or last row or column (tests/test_raster.sh): usage OUTDIR WIDTH HEIGHT ->
OUTDIR/tile-edges.gltf, seen with --fov 90 from the camera it prints ('X,Y,Z,YAW,PITCH': the
origin looking down -z). As tests/triangle_sizes.py, the plane lies at z = -HEIGHT / 2 where a
unit is a pixel, so a vertex at pixel (px, py) of the image (y down) sits at
(px - WIDTH / 2, HEIGHT / 2 - py).

- Columns and rows: pairs of slivers 0.4 pixels wide and 240 long around the pixel centres of
  columns 127, 128, 255, 256, 383 and of rows 127, 128, 255, 256 (the last and first of tiles).
- Corners: slivers 0.4 pixels wide across each inner tile corner, 0.5 pixels apart, that clip
  a tile's corner in a few pixels.
The columns lie on the plane, the rows 1.5 and the corners 2 times as far (the same pixels): no
two slivers meet at one depth, so the ids have no ties.
Every triangle's pixel box holds 128 pixels or more, so the compute raster sends it to the big
pass, which lists only the tiles a triangle reaches (docs/RASTER.md, "Big triangles")."""
import json, os, struct, sys

TILE = 128
out, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
if width % 2 or height % 2 or width < 2 * TILE or height < 2 * TILE:
    sys.exit("raster_tile_edges.py: WIDTH and HEIGHT even, at least %d" % (2 * TILE))
os.makedirs(out, exist_ok=True)
pos, idx = [], []


def tri(a, b, c, f):
    """A triangle of image pixels (px, py), at f times the plane's distance (the same pixels)."""
    for px, py in (a, b, c):
        idx.append(len(pos) // 3)
        pos.extend([f * (px - width / 2.0), f * (height / 2.0 - py), -f * height / 2.0])


def quad(a, b, c, d, f):
    tri(a, b, c, f)
    tri(a, c, d, f)


for col in (127, 128, 255, 256, 383):
    if col < width:
        x0, x1 = col + 0.3, col + 0.7
        quad((x0, 20.0), (x1, 20.0), (x1, 260.0), (x0, 260.0), 1.0)
for row in (127, 128, 255, 256):
    if row < height:
        y0, y1 = row + 0.3, row + 0.7
        quad((20.0, y0), (260.0, y0), (260.0, y1), (20.0, y1), 1.5)
for cx in range(TILE, width, TILE):
    for cy in range(TILE, height, TILE):
        down = (cx // TILE + cy // TILE) % 2 == 0
        for k in range(6):
            o = (k - 3) * 0.5
            # along x + y = cx + cy + o (down), or x - y = cx - cy + o (up)
            a, b = (cx - 70.0 + o, cy + (70.0 if down else -70.0)), (cx + 70.0 + o, cy - (70.0 if down else -70.0))
            quad(a, (a[0] + 0.4, a[1]), (b[0] + 0.4, b[1]), b, 2.0)

nv = len(pos) // 3
buf = struct.pack('<%df' % len(pos), *pos) + struct.pack('<%df' % (3 * nv), *([0.0, 0.0, 1.0] * nv))
buf += struct.pack('<%dI' % len(idx), *idx)
pbytes, ibytes = 12 * nv, 4 * len(idx)
xs, ys, zs = pos[0::3], pos[1::3], pos[2::3]
gltf = {
    "asset": {"version": "2.0"},
    "scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0, "name": "tile edges"}],
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1}, "indices": 2, "material": 0}]}],
    "materials": [{"doubleSided": True,
                   "pbrMetallicRoughness": {"baseColorFactor": [0.7, 0.7, 0.7, 1.0], "metallicFactor": 0.0,
                                            "roughnessFactor": 0.6}}],
    "buffers": [{"byteLength": len(buf), "uri": "tile-edges.bin"}],
    "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": pbytes, "target": 34962},
                    {"buffer": 0, "byteOffset": pbytes, "byteLength": pbytes, "target": 34962},
                    {"buffer": 0, "byteOffset": 2 * pbytes, "byteLength": ibytes, "target": 34963}],
    "accessors": [{"bufferView": 0, "componentType": 5126, "count": nv, "type": "VEC3",
                   "min": [min(xs), min(ys), min(zs)], "max": [max(xs), max(ys), max(zs)]},
                  {"bufferView": 1, "componentType": 5126, "count": nv, "type": "VEC3"},
                  {"bufferView": 2, "componentType": 5125, "count": len(idx), "type": "SCALAR"}],
}
with open(os.path.join(out, "tile-edges.bin"), "wb") as f:
    f.write(buf)
with open(os.path.join(out, "tile-edges.gltf"), "w") as f:
    json.dump(gltf, f)
print("0,0,0,0,0")
