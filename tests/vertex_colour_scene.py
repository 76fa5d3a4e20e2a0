#!/usr/bin/env python3
"""Writes the vertex colour test's glTF scenes (test_vertex_colours.sh): usage OUTDIR NAME, NAME one of
  colours   four 1.2 x 1.2 quads in a row facing the camera, white base colour (factor 1), each
            with its own COLOR_0, one of every encoding the importer meets: none (white), RGB
            float red (1, 0, 0), RGBA normalized unsigned byte green (0, 255, 0, 255), RGB
            normalized unsigned short blue (0, 0, 65535) at the bottom fading to a quarter at
            the top (the interpolation)
  wall      a 6 x 6 floor and a wall 2 m behind the origin (the background)
  mask      the same, and a 2 x 2 upright white quad at z = 0, alphaMode MASK (cutoff 0.5), whose
            COLOR_0 (RGBA float) has alpha 1 at its left vertices and 0 at its right ones: the
            right half is cut out
  opaque    the same quad and colours, alphaMode OPAQUE: both halves drawn
  blend     the same quad, alphaMode BLEND, COLOR_0 alpha 0 everywhere: nothing shows
Prints the camera 'X,Y,Z,YAW,PITCH' that sees them. Standard library only."""
import base64, json, os, struct, sys

out, name = sys.argv[1], sys.argv[2]
if name not in ('colours', 'wall', 'mask', 'opaque', 'blend'):
    sys.exit("vertex_colour_scene.py: unknown scene " + name)
os.makedirs(out, exist_ok=True)
buf = bytearray(); views = []; accessors = []; meshes = []; nodes = []; materials = []
FMT = {5126: 'f', 5125: 'I', 5123: 'H', 5121: 'B'}


def acc(vals, comps, ctype=5126, target=34962, normalized=False, minmax=False):
    flat = [x for v in vals for x in (v if isinstance(v, tuple) else (v,))]
    data = struct.pack('<%d%s' % (len(flat), FMT[ctype]), *flat)
    while len(buf) % 4: buf.append(0)
    views.append({"buffer": 0, "byteOffset": len(buf), "byteLength": len(data), "target": target}); buf.extend(data)
    a = {"bufferView": len(views) - 1, "componentType": ctype, "count": len(vals),
         "type": {1: "SCALAR", 2: "VEC2", 3: "VEC3", 4: "VEC4"}[comps]}
    if normalized: a["normalized"] = True
    if minmax:
        a["min"] = [min(v[i] for v in vals) for i in range(3)]; a["max"] = [max(v[i] for v in vals) for i in range(3)]
    accessors.append(a); return len(accessors) - 1


def quad(w, h, mat, t, floor=False, colour=None):
    """colour: (values for the 4 vertices: bottom left, bottom right, top right, top left; comps; componentType)."""
    if floor: pos, n = [(-w/2, 0.0, h/2), (w/2, 0.0, h/2), (w/2, 0.0, -h/2), (-w/2, 0.0, -h/2)], (0, 1, 0)
    else: pos, n = [(-w/2, -h/2, 0.0), (w/2, -h/2, 0.0), (w/2, h/2, 0.0), (-w/2, h/2, 0.0)], (0, 0, 1)
    attrs = {"POSITION": acc(pos, 3, minmax=True), "NORMAL": acc([n] * 4, 3),
             "TEXCOORD_0": acc([(0, 1), (1, 1), (1, 0), (0, 0)], 2)}
    if colour:
        vals, comps, ctype = colour
        attrs["COLOR_0"] = acc(vals, comps, ctype, normalized=ctype != 5126)
    meshes.append({"primitives": [{"attributes": attrs, "indices": acc([0, 1, 2, 0, 2, 3], 1, 5125, 34963), "material": mat}]})
    nodes.append({"mesh": len(meshes) - 1, "translation": list(t)})


def material(color, **kw):
    m = {"pbrMetallicRoughness": {"baseColorFactor": color, "metallicFactor": 0.0, "roughnessFactor": 0.9}}
    m.update(kw); materials.append(m); return len(materials) - 1


cam = "0,1.5,4,0,-5"
if name == 'colours':
    cam = "0,1.5,3.2,0,0"
    white = material([1, 1, 1, 1])
    q = 0.25
    quad(1.2, 1.2, white, (-2.1, 1.5, 0))
    quad(1.2, 1.2, white, (-0.7, 1.5, 0), colour=([(1.0, 0.0, 0.0)] * 4, 3, 5126))
    quad(1.2, 1.2, white, (0.7, 1.5, 0), colour=([(0, 255, 0, 255)] * 4, 4, 5121))
    quad(1.2, 1.2, white, (2.1, 1.5, 0), colour=([(0, 0, 65535)] * 2 + [(0, 0, int(65535 * q))] * 2, 3, 5123))
else:
    quad(6, 6, material([0.7, 0.7, 0.7, 1]), (0, 0, 0), floor=True)
    quad(6, 3, material([0.3, 0.5, 0.8, 1]), (0, 1.5, -2))
    if name != 'wall':
        mode = {"mask": {"alphaMode": "MASK", "alphaCutoff": 0.5}, "opaque": {}, "blend": {"alphaMode": "BLEND"}}[name]
        m = material([1, 1, 1, 1], doubleSided=True, **mode)
        a = [0.0] * 4 if name == 'blend' else [1.0, 0.0, 0.0, 1.0]  # left vertices (0, 3) opaque
        quad(2, 2, m, (0, 1.2, 0), colour=([(0.9, 0.8, 0.2, a[i]) for i in range(4)], 4, 5126))
gltf = {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": list(range(len(nodes)))}], "nodes": nodes,
        "meshes": meshes, "materials": materials, "accessors": accessors, "bufferViews": views,
        "buffers": [{"byteLength": len(buf), "uri": "data:application/octet-stream;base64," + base64.b64encode(bytes(buf)).decode()}]}
json.dump(gltf, open(os.path.join(out, name + '.gltf'), 'w'))
print(cam)
