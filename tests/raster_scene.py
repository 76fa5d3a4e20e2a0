#!/usr/bin/env python3
"""Writes the compute raster test's glTF scene (test_raster.sh): usage OUTDIR. Hard cases for a
rasterizer, each its own object, in front of a camera at (0, 1.5, 3) looking down 5 degrees:
  floor     a 20 x 20 m floor around the camera (crosses the near plane, reaches past the guard band)
  fan       96 thin triangles around a centre, sharing their edges (a disc of 0.8 m)
  tiny      a 48 x 48 grid of 1 cm triangles (about a pixel at 320 px wide)
  slivers   long triangles a fraction of a pixel thick, at angles
  edge-on   a double-sided quad seen edge-on, and one a hair off edge-on
  coplanar  two overlapping quads in one plane (depth ties: counted, not compared)
  mirrored  a quad scaled by -1 in x (mirrored winding: the other front face)
  backface  a single-sided quad facing away (culled by both rasterizers)
Prints the camera 'X,Y,Z,YAW,PITCH'."""
import json, math, os, struct, sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
buf = bytearray(); views = []; accessors = []; meshes = []; nodes = []; materials = []

def acc(vals, comps, ctype=5126, target=34962):
    flat = [x for v in vals for x in (v if isinstance(v, tuple) else (v,))]
    data = struct.pack('<%d%s' % (len(flat), 'f' if ctype == 5126 else 'I'), *flat)
    views.append({"buffer": 0, "byteOffset": len(buf), "byteLength": len(data), "target": target}); buf.extend(data)
    a = {"bufferView": len(views) - 1, "componentType": ctype, "count": len(vals), "type": {1: "SCALAR", 2: "VEC2", 3: "VEC3"}[comps]}
    if comps == 3 and target == 34962:
        a["min"] = [min(v[i] for v in vals) for i in range(3)]; a["max"] = [max(v[i] for v in vals) for i in range(3)]
    accessors.append(a); return len(accessors) - 1

def material(color, double=False):
    materials.append({"pbrMetallicRoughness": {"baseColorFactor": color, "metallicFactor": 0.0, "roughnessFactor": 0.6},
                      "doubleSided": double})
    return len(materials) - 1

def mesh(pos, idx, mat, t=(0, 0, 0), scale=None):
    """Triangles (pos, idx) facing +z or +y; flat normals of the first triangle."""
    a, b, c = (pos[idx[i]] for i in range(3))
    e1 = [b[k] - a[k] for k in range(3)]; e2 = [c[k] - a[k] for k in range(3)]
    n = (e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0])
    ln = math.sqrt(sum(x * x for x in n)) or 1.0
    n = tuple(x / ln for x in n)
    attrs = {"POSITION": acc(pos, 3), "NORMAL": acc([n] * len(pos), 3), "TEXCOORD_0": acc([(p[0], p[1]) for p in pos], 2)}
    meshes.append({"primitives": [{"attributes": attrs, "indices": acc(idx, 1, 5125, 34963), "material": mat}]})
    node = {"mesh": len(meshes) - 1, "translation": list(t)}
    if scale: node["scale"] = list(scale)
    nodes.append(node)

grey, warm, cool = material([0.7, 0.7, 0.7, 1]), material([0.8, 0.5, 0.3, 1]), material([0.3, 0.5, 0.8, 1])
two = material([0.5, 0.8, 0.4, 1], double=True)
# floor: around and behind the camera
mesh([(-10, 0, 10), (10, 0, 10), (10, 0, -10), (-10, 0, -10)], [0, 1, 2, 0, 2, 3], grey)
# fan: 96 thin triangles sharing edges
pos = [(0, 0, 0)] + [(0.8 * math.cos(2 * math.pi * i / 96), 0.8 * math.sin(2 * math.pi * i / 96), 0) for i in range(96)]
mesh(pos, [x for i in range(96) for x in (0, 1 + i, 1 + (i + 1) % 96)], warm, (-1.4, 1.4, -1))
# tiny: 48 x 48 quads of 1 cm (two triangles each)
pos = [(x * 0.01, y * 0.01, 0) for y in range(49) for x in range(49)]
idx = []
for y in range(48):
    for x in range(48):
        a = y * 49 + x
        idx += [a, a + 1, a + 50, a, a + 50, a + 49]
mesh(pos, idx, cool, (0.1, 1.2, -0.5))
# slivers: 24 long, thin triangles at angles
pos, idx = [], []
for i in range(24):
    ang = i * 0.13; d = (math.cos(ang), math.sin(ang)); w = 0.0006 + 0.0003 * (i % 3)
    o = (0.05 * i, 0, 0)
    pos += [o, (o[0] + 1.2 * d[0], o[1] + 1.2 * d[1], 0), (o[0] + 1.2 * d[0] - w * d[1], o[1] + 1.2 * d[1] + w * d[0], 0)]
    idx += [3 * i, 3 * i + 1, 3 * i + 2]
mesh(pos, idx, warm, (0.8, 0.3, -1.5))
# edge-on: a double-sided quad in the plane through the camera, and one a hair off it
mesh([(0, -0.5, -1), (0, -0.5, 1), (0, 0.5, 1), (0, 0.5, -1)], [0, 1, 2, 0, 2, 3], two, (0, 1.5, -1.5))
mesh([(0, -0.5, -1), (0.003, -0.5, 1), (0.003, 0.5, 1), (0, 0.5, -1)], [0, 1, 2, 0, 2, 3], two, (-0.6, 1.2, -1.5))
# coplanar: two overlapping quads in the plane z = -3
mesh([(-0.5, 0, 0), (0.5, 0, 0), (0.5, 0.6, 0), (-0.5, 0.6, 0)], [0, 1, 2, 0, 2, 3], cool, (-0.4, 0.15, -3))
mesh([(-0.5, 0, 0), (0.5, 0, 0), (0.5, 0.6, 0), (-0.5, 0.6, 0)], [0, 1, 2, 0, 2, 3], warm, (-0.1, 0.3, -3))
# mirrored: the same quad scaled -1 in x (its winding flips; the renderer flips the front face)
mesh([(0, 0, 0), (0.5, 0, 0), (0.5, 0.5, 0), (0, 0.5, 0)], [0, 1, 2, 0, 2, 3], cool, (2.2, 0.3, -2), (-1, 1, 1))
# backface: a single-sided quad facing away from the camera
mesh([(0, 0, 0), (0, 0.5, 0), (0.5, 0.5, 0), (0.5, 0, 0)], [0, 1, 2, 0, 2, 3], warm, (1.5, 1.0, -2))

import base64
doc = {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": list(range(len(nodes)))}], "nodes": nodes, "meshes": meshes,
       "materials": materials, "accessors": accessors, "bufferViews": views,
       "buffers": [{"byteLength": len(buf), "uri": "data:application/octet-stream;base64," + base64.b64encode(bytes(buf)).decode()}]}
with open(os.path.join(out, 'raster.gltf'), 'w') as f:
    json.dump(doc, f)
print("0,1.5,3,0,-5")
