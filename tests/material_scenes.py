#!/usr/bin/env python3
"""Small glTF 2.0 scenes for tests/test_materials.sh (Pillow only).
usage: material_scenes.py OUTDIR NAME [--scale S] -> OUTDIR/NAME.gltf (+ .bin, textures); prints
a camera 'X,Y,Z,YAW,PITCH' that looks at it (metres, before --scale).
  nomap      a 3 x 3 quad facing the camera (base colour 0.8, roughness 0.6)
  normalmap  the same quad with a bumpy tangent-space normal map
  flatmap    the same quad with a flat normal map (128, 128, 255): must look as nomap
  emissive   a 2 x 2 quad, base colour black, emissiveFactor (1, 0.5, 0.1)
  metal      floor, wall, two spheres: left metallic 1 roughness 0.25, right metallic 0 roughness 0.8
  dielectric the same, both spheres metallic 0 roughness 0.8
  tilted     the nomap quad with a normal map tilted toward the map's +x and +y (right and up
             in the image): the normal leans toward the viewer's upper right
  textured   the nomap quad with every texture slot filled (base colour, metallic-roughness,
             normal, occlusion, emissive), each a pattern of its own
"""
import base64, json, math, os, struct, sys
from PIL import Image

out, name = sys.argv[1], sys.argv[2]
scale = float(sys.argv[sys.argv.index('--scale') + 1]) if '--scale' in sys.argv else 1.0
os.makedirs(out, exist_ok=True)
buf = bytearray(); views = []; accessors = []; meshes = []; nodes = []; materials = []; textures = []; images = []


def view(data, target):
    while len(buf) % 4: buf.append(0)
    views.append({"buffer": 0, "byteOffset": len(buf), "byteLength": len(data), "target": target})
    buf.extend(data); return len(views) - 1


def acc(vals, comps, ctype=5126, target=34962, minmax=False):
    fmt = {5126: 'f', 5125: 'I'}[ctype]
    flat = [x for v in vals for x in (v if isinstance(v, (list, tuple)) else [v])]
    a = {"bufferView": view(struct.pack('<%d%s' % (len(flat), fmt), *flat), target), "componentType": ctype,
         "count": len(vals), "type": {1: "SCALAR", 2: "VEC2", 3: "VEC3", 4: "VEC4"}[comps]}
    if minmax:
        a["min"] = [min(v[i] for v in vals) for i in range(comps)]; a["max"] = [max(v[i] for v in vals) for i in range(comps)]
    accessors.append(a); return len(accessors) - 1


def mesh(pos, nrm, uv, idx, mat):
    attrs = {"POSITION": acc(pos, 3, minmax=True), "NORMAL": acc(nrm, 3), "TEXCOORD_0": acc(uv, 2)}
    meshes.append({"primitives": [{"attributes": attrs, "indices": acc(idx, 1, 5125, 34963), "material": mat}]})
    return len(meshes) - 1


def node(m, t=(0, 0, 0)):
    nodes.append({"mesh": m, "translation": list(t)}); return len(nodes) - 1


def texture(img, fname):
    img.save(os.path.join(out, fname)); images.append({"uri": fname})
    textures.append({"source": len(images) - 1, "sampler": 0}); return len(textures) - 1


def material(color=(0.8, 0.8, 0.8, 1), metal=0.0, rough=0.6, **kw):
    pbr = {"baseColorFactor": list(color), "metallicFactor": metal, "roughnessFactor": rough}
    if "tex" in kw: pbr["baseColorTexture"] = {"index": kw["tex"]}
    if "mr" in kw: pbr["metallicRoughnessTexture"] = {"index": kw["mr"]}
    m = {"pbrMetallicRoughness": pbr}
    if "emissive" in kw: m["emissiveFactor"] = kw["emissive"]
    if "emissive_tex" in kw: m["emissiveTexture"] = {"index": kw["emissive_tex"]}
    if "normal" in kw: m["normalTexture"] = {"index": kw["normal"]}
    if "occlusion" in kw: m["occlusionTexture"] = {"index": kw["occlusion"], "strength": 1.0}
    materials.append(m); return len(materials) - 1


def quad(w, h, facing='z'):
    if facing == 'y':
        pos = [(-w/2, 0, h/2), (w/2, 0, h/2), (w/2, 0, -h/2), (-w/2, 0, -h/2)]; n = (0, 1, 0)
    else:
        pos = [(-w/2, -h/2, 0), (w/2, -h/2, 0), (w/2, h/2, 0), (-w/2, h/2, 0)]; n = (0, 0, 1)
    return pos, [n] * 4, [(0, 1), (1, 1), (1, 0), (0, 0)], [0, 1, 2, 0, 2, 3]


def sphere(r, seg=32, rings=16):
    pos, nrm, uv, idx = [], [], [], []
    for i in range(rings + 1):
        th = math.pi * i / rings
        for j in range(seg + 1):
            ph = 2 * math.pi * j / seg
            n = (math.sin(th) * math.cos(ph), math.cos(th), math.sin(th) * math.sin(ph))
            pos.append(tuple(r * c for c in n)); nrm.append(n); uv.append((j / seg, i / rings))
    for i in range(rings):
        for j in range(seg):
            a = i * (seg + 1) + j; b = a + seg + 1
            idx += [a, a + 1, b, a + 1, b + 1, b]
    return pos, nrm, uv, idx


def pattern(mode, f):
    img = Image.new(mode, (64, 64))
    for y in range(64):
        for x in range(64):
            img.putpixel((x, y), f(x, y))
    return img


cam = "0,1.5,3,0,0"
if name == 'tilted':
    m = material(normal=texture(pattern('RGB', lambda x, y: (191, 191, 218)), 'tex-tilted.png'))
    node(mesh(*quad(3, 3), m), (0, 1.5, 0))
elif name in ('nomap', 'normalmap', 'flatmap'):
    kw = {}
    if name != 'nomap':
        def bump(x, y):
            if name == 'flatmap': return (128, 128, 255)
            nx, ny = 0.6 * math.sin(2 * math.pi * x / 16), 0.6 * math.sin(2 * math.pi * y / 16)
            nz = math.sqrt(max(0.0, 1 - nx * nx - ny * ny))
            return tuple(int(round((c * 0.5 + 0.5) * 255)) for c in (nx, ny, nz))
        kw["normal"] = texture(pattern('RGB', bump), 'tex-' + name + '.png')
    m = material(**kw)
    node(mesh(*quad(3, 3), m), (0, 1.5, 0))
elif name == 'emissive':
    m = material(color=(0, 0, 0, 1), emissive=[1, 0.5, 0.1])
    node(mesh(*quad(2, 2), m), (0, 1.5, 0))
elif name in ('metal', 'dielectric'):
    cam = "0,1.5,4,0,-5"
    node(mesh(*quad(6, 6, 'y'), material(color=(0.7, 0.7, 0.7, 1))))
    node(mesh(*quad(6, 3), material(color=(0.3, 0.5, 0.8, 1))), (0, 1.5, -2))
    b = material(color=(0.9, 0.9, 0.9, 1), rough=0.8)
    a = material(color=(0.9, 0.9, 0.9, 1), metal=1.0, rough=0.25) if name == 'metal' else b
    p, n, u, i = sphere(0.6); node(mesh(p, n, u, i, a), (-0.8, 0.7, 0)); node(mesh(p, n, u, i, b), (0.8, 0.7, 0))
elif name == 'textured':
    check = lambda x, y: ((x // 16) + (y // 16)) % 2
    kw = {"tex": texture(pattern('RGB', lambda x, y: (230, 120, 60) if check(x, y) else (60, 160, 230)), 'tex-base.png'),
          "mr": texture(pattern('RGB', lambda x, y: (0, 40 + 3 * x, 255 if y < 32 else 0)), 'tex-mr.png'),
          "normal": texture(pattern('RGB', lambda x, y: (128 + int(90 * math.sin(x / 5.0)), 128, 210)), 'tex-normal.png'),
          "occlusion": texture(pattern('RGB', lambda x, y: (255 if x < 48 else 60, 0, 0)), 'tex-occlusion.png'),
          "emissive_tex": texture(pattern('RGB', lambda x, y: (255, 255, 255) if (x - 32) ** 2 + (y - 32) ** 2 < 36 else (0, 0, 0)),
                                  'tex-emissive.png')}
    m = material(metal=1.0, rough=1.0, emissive=[0.6, 0.6, 0.2], **kw)
    node(mesh(*quad(3, 3), m), (0, 1.5, 0))
else:
    sys.exit("material_scenes.py: unknown scene '%s'" % name)

for n in nodes: n["translation"] = [c * scale for c in n["translation"]]; n["scale"] = [scale] * 3
gltf = {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": list(range(len(nodes)))}], "nodes": nodes,
        "meshes": meshes, "materials": materials, "accessors": accessors, "bufferViews": views,
        "buffers": [{"byteLength": len(buf), "uri": "data:application/octet-stream;base64," + base64.b64encode(bytes(buf)).decode()}]}
if textures:
    gltf.update(textures=textures, images=images, samplers=[{"magFilter": 9729, "minFilter": 9987, "wrapS": 10497, "wrapT": 10497}])
json.dump(gltf, open(os.path.join(out, name + '.gltf'), 'w'))
x, y, z, yaw, pitch = cam.split(',')
print(','.join([str(float(x) * scale), str(float(y) * scale), str(float(z) * scale), yaw, pitch]))
