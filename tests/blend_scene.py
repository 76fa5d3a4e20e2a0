#!/usr/bin/env python3
"""Writes the alpha BLEND test scenes (tests/test_alpha_blend.sh): glTF 2.0, embedded buffer
(blendclear: a PNG beside it, written with Pillow).
usage: blend_scene.py OUTDIR NAME  -> OUTDIR/NAME.gltf; prints the camera 'X,Y,Z,YAW,PITCH'.
  wall         a 6 x 6 floor (y = 0) and a wall at z = -2: the background alone
  blend        the same, and two upright 1.6 m quads, base colour (1, 0, 0, 0.5), alphaMode
               BLEND, one at z = 1, one at z = -1; blend-lights.json: 6 small lights just in
               front of the near quad, out of reach of the wall and floor (only the transparent
               surface sees them)
  blendopaque  the same quads, alphaMode OPAQUE
  blendclear   blend's near quad with a base colour texture whose alpha is 0 (factor alpha 1):
               the texture's alpha makes it invisible, the image is the wall's
  blendorder   a red quad (alpha 0.5) at z = 1 in front of a green one (alpha 0.5) at z = 0.5,
               overlapping: drawn back to front the overlap is more red than green
  blendhidden  a red quad (alpha 0.5) at z = -1 whose left half an opaque yellow quad at z = 0
               hides: the hidden half must stay hidden (the transparent pass's depth test)
"""
import base64, json, os, struct, sys

out, name = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
buf = bytearray(); views = []; accessors = []; meshes = []; nodes = []; materials = []

def acc(vals, comps, ctype, target, minmax=False):
    flat = [x for v in vals for x in (v if isinstance(v, tuple) else (v,))]
    data = struct.pack('<%d%s' % (len(flat), 'f' if ctype == 5126 else 'I'), *flat)
    while len(buf) % 4: buf.append(0)
    views.append({"buffer": 0, "byteOffset": len(buf), "byteLength": len(data), "target": target}); buf.extend(data)
    a = {"bufferView": len(views) - 1, "componentType": ctype, "count": len(vals),
         "type": {1: "SCALAR", 2: "VEC2", 3: "VEC3"}[comps]}
    if minmax:
        a["min"] = [min(v[i] for v in vals) for i in range(comps)]; a["max"] = [max(v[i] for v in vals) for i in range(comps)]
    accessors.append(a); return len(accessors) - 1

textures = []

def material(color, mode=None, tex=None):
    m = {"pbrMetallicRoughness": {"baseColorFactor": color, "metallicFactor": 0.0, "roughnessFactor": 0.6}, "doubleSided": True}
    if tex is not None: m["pbrMetallicRoughness"]["baseColorTexture"] = {"index": tex}
    if mode: m["alphaMode"] = mode
    materials.append(m); return len(materials) - 1

def quad(w, h, mat, t, floor=False):
    if floor: pos, n = [(-w/2, 0, h/2), (w/2, 0, h/2), (w/2, 0, -h/2), (-w/2, 0, -h/2)], (0.0, 1.0, 0.0)
    else: pos, n = [(-w/2, -h/2, 0), (w/2, -h/2, 0), (w/2, h/2, 0), (-w/2, h/2, 0)], (0.0, 0.0, 1.0)
    attrs = {"POSITION": acc([tuple(map(float, p)) for p in pos], 3, 5126, 34962, True), "NORMAL": acc([n] * 4, 3, 5126, 34962),
             "TEXCOORD_0": acc([(0.0, 1.0), (1.0, 1.0), (1.0, 0.0), (0.0, 0.0)], 2, 5126, 34962)}
    meshes.append({"primitives": [{"attributes": attrs, "indices": acc([0, 1, 2, 0, 2, 3], 1, 5125, 34963), "material": mat}]})
    nodes.append({"mesh": len(meshes) - 1, "translation": list(t)})

quad(6, 6, material([0.7, 0.7, 0.7, 1]), (0, 0, 0), floor=True)
quad(6, 3, material([0.3, 0.5, 0.8, 1]), (0, 1.5, -2))
if name in ('blend', 'blendopaque'):
    m = material([1, 0, 0, 0.5], "BLEND" if name == 'blend' else None)
    quad(1.6, 1.6, m, (0, 1.2, 1)); quad(1.6, 1.6, m, (0.5, 1.4, -1))
    json.dump({"lights": [{"type": "point", "position": [-0.6 + 0.24 * k, 1.0 + 0.08 * k, 1.25], "radius": 0.45,
                           "color": [0.2, 1, 0.3], "intensity": 6} for k in range(6)]},
              open(os.path.join(out, name + '-lights.json'), 'w'))
elif name == 'blendclear':
    from PIL import Image
    Image.new('RGBA', (4, 4), (255, 255, 255, 0)).save(os.path.join(out, 'clear.png'))
    textures.append({"source": 0, "sampler": 0})
    quad(1.6, 1.6, material([1, 0, 0, 1], "BLEND", tex=0), (0, 1.2, 1))
elif name == 'blendorder':
    quad(1.6, 1.6, material([1, 0, 0, 0.5], "BLEND"), (0, 1.2, 1)); quad(1.6, 1.6, material([0, 1, 0, 0.5], "BLEND"), (0, 1.2, 0.5))
elif name == 'blendhidden':
    quad(1.6, 1.6, material([1, 0, 0, 0.5], "BLEND"), (0, 1.4, -1)); quad(1.0, 2.0, material([0.9, 0.8, 0.1, 1]), (-0.6, 1.2, 0))
elif name != 'wall':
    sys.exit("unknown scene " + name)
gltf = {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": list(range(len(nodes)))}], "nodes": nodes, "meshes": meshes,
        "materials": materials, "accessors": accessors, "bufferViews": views,
        "buffers": [{"byteLength": len(buf), "uri": "data:application/octet-stream;base64," + base64.b64encode(bytes(buf)).decode()}]}
if textures:
    gltf.update({"textures": textures, "images": [{"uri": "clear.png"}], "samplers": [{"magFilter": 9728, "minFilter": 9728}]})
json.dump(gltf, open(os.path.join(out, name + '.gltf'), 'w'))
print("0,1.5,4,0,-5")
