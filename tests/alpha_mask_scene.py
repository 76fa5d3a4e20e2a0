#!/usr/bin/env python3
"""Writes the alpha MASK test's glTF scenes (test_alpha_mask.sh): usage OUTDIR NAME, NAME one of
  wall        a 6 x 6 floor and a wall 2 m behind the origin (the background)
  mask        the same, and a 2 x 2 upright quad at z = 0 whose base colour texture has alpha 0
              in a 4 x 4 checkerboard (alphaMode MASK, cutoff 0.5): the wall shows through half
  maskopaque  the same quad and texture, alphaMode OPAQUE
  maskflat, maskflatopaque  the floor alone, and the same quad lying flat 1.5 m above its
              centre (test_shadows.sh: its shadow on the floor under a light above it)
Prints the camera 'X,Y,Z,YAW,PITCH' that sees them. Needs Pillow (the texture's PNG)."""
import base64, json, os, struct, sys
from PIL import Image

out, name = sys.argv[1], sys.argv[2]
if name not in ('wall', 'mask', 'maskopaque', 'maskflat', 'maskflatopaque'):
    sys.exit("unknown scene " + name)
os.makedirs(out, exist_ok=True)
buf = bytearray(); views = []; accessors = []; meshes = []; nodes = []; materials = []; textures = []; images = []

def acc(vals, comps, ctype=5126, target=34962):
    flat = [x for v in vals for x in (v if isinstance(v, tuple) else (v,))]
    data = struct.pack('<%d%s' % (len(flat), 'f' if ctype == 5126 else 'I'), *flat)
    views.append({"buffer": 0, "byteOffset": len(buf), "byteLength": len(data), "target": target}); buf.extend(data)
    a = {"bufferView": len(views) - 1, "componentType": ctype, "count": len(vals), "type": {1: "SCALAR", 2: "VEC2", 3: "VEC3"}[comps]}
    if comps == 3 and target == 34962:
        a["min"] = [min(v[i] for v in vals) for i in range(3)]; a["max"] = [max(v[i] for v in vals) for i in range(3)]
    accessors.append(a); return len(accessors) - 1

def quad(w, h, mat, t, floor=False):
    if floor: pos, n = [(-w/2, 0, h/2), (w/2, 0, h/2), (w/2, 0, -h/2), (-w/2, 0, -h/2)], (0, 1, 0)
    else: pos, n = [(-w/2, -h/2, 0), (w/2, -h/2, 0), (w/2, h/2, 0), (-w/2, h/2, 0)], (0, 0, 1)
    attrs = {"POSITION": acc(pos, 3), "NORMAL": acc([n] * 4, 3), "TEXCOORD_0": acc([(0, 1), (1, 1), (1, 0), (0, 0)], 2)}
    meshes.append({"primitives": [{"attributes": attrs, "indices": acc([0, 1, 2, 0, 2, 3], 1, 5125, 34963), "material": mat}]})
    nodes.append({"mesh": len(meshes) - 1, "translation": list(t)})

def material(color, **kw):
    m = {"pbrMetallicRoughness": {"baseColorFactor": color, "metallicFactor": 0.0, "roughnessFactor": 0.6}}
    m.update(kw); materials.append(m); return len(materials) - 1

quad(6, 6, material([0.7, 0.7, 0.7, 1]), (0, 0, 0), floor=True)
flat = name.startswith('maskflat')
if not flat:
    quad(6, 3, material([0.3, 0.5, 0.8, 1]), (0, 1.5, -2))
if name != 'wall':
    img = Image.new('RGBA', (64, 64))
    for y in range(64):
        for x in range(64):
            img.putpixel((x, y), (230, 200, 40, 255 if ((x // 16) + (y // 16)) % 2 else 0))
    img.save(os.path.join(out, 'tex-mask.png'))
    images.append({"uri": "tex-mask.png"}); textures.append({"source": 0, "sampler": 0})
    kw = {"alphaMode": "MASK", "alphaCutoff": 0.5} if name in ('mask', 'maskflat') else {}
    m = material([1, 1, 1, 1], doubleSided=True, **kw)
    materials[m]["pbrMetallicRoughness"]["baseColorTexture"] = {"index": 0}
    quad(2, 2, m, (0, 1.5, 0) if flat else (0, 1.2, 0), floor=flat)
gltf = {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": list(range(len(nodes)))}], "nodes": nodes,
        "meshes": meshes, "materials": materials, "accessors": accessors, "bufferViews": views,
        "buffers": [{"byteLength": len(buf), "uri": "data:application/octet-stream;base64," + base64.b64encode(bytes(buf)).decode()}]}
if textures:
    gltf.update({"textures": textures, "images": images,
                 "samplers": [{"magFilter": 9729, "minFilter": 9987, "wrapS": 10497, "wrapT": 10497}]})
json.dump(gltf, open(os.path.join(out, name + '.gltf'), 'w'))
print("0,6,0,0,-89.9" if flat else "0,1.5,4,0,-5") # flat: straight down from 6 m (--fov 60)
