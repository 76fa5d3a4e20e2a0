#!/usr/bin/env python3
"""Small glTF 2.0 scenes for tests/test_model_features.sh (Pillow only): the glTF features a
user's own file uses that the other scene writers do not.
usage: model_scenes.py OUTDIR NAME -> OUTDIR/NAME.gltf (+ textures, lights files); prints a
camera 'X,Y,Z,YAW,PITCH' that looks at it.
  clamp, repeat  a 3 x 3 quad whose UVs run -1..2 over a texture with a red X on green, sampler
                 CLAMP_TO_EDGE (one cross) or REPEAT (nine), nearest filters
  mirror, stripes the same quad over a texture red on its left half, green on its right, sampler
                 MIRRORED_REPEAT (red, red and green, green meet: 3 changes of colour across)
                 or REPEAT (5)
  nearest, linear a 3 x 3 quad over a 2 x 2 texture (red, green, blue, white), magFilter NEAREST
                 (four flat colours) or LINEAR (a blend)
  texcoord1      a quad whose base colour texture (left half red, right half green) is read
                 through TEXCOORD_1 (all green); TEXCOORD_0 points at the red half
  transformuv    the same through TEXCOORD_0 named in the textureInfo, and texCoord 1 in its
                 KHR_texture_transform (the override wins: green)
  required       floor, wall and a box lit by a KHR_lights_punctual spot light, the extension in
                 extensionsRequired
  unknownreq     the box alone, EXT_made_up_extension in extensionsRequired
  hollow         a closed, double-sided hollow sphere of 0.5 m radius alone (an object)
  metalball      a white metal sphere (metallic 1, roughness 0.3) alone
  shell          a sphere of 0.5 m with a 5 cm thick wall: its inside faces the centre as a
                 room's walls do (a carved pumpkin), yet it is an object
  blendcaster    a floor and a BLEND sphere (alpha 0.1, r 0.3 m) around a shadowed point light
                 3 m up; blendcaster-lights.json beside; blendcaster-nosh.json: the light unshadowed
  blendcaster50  the same sphere at alpha 0.5 (casts under the rule of docs/MATERIALS.md)
  ignored        boxes whose material uses KHR_materials_clearcoat and KHR_materials_sheen and a
                 KHR_texture_transform on its normal texture, a primitive of lines, two scenes
  skin           a floor and a 2 m column of 8 boxes skinned to two joints, the upper one (at 1 m)
                 bent 30 degrees about Z (what gltfpack quantizes beside unskinned meshes)
  missing        12 boxes, each with its own material naming a texture file that is not there
"""
import base64, json, math, os, struct, sys
from PIL import Image

out, name = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
buf = bytearray(); views = []; accessors = []; meshes = []; nodes = []; materials = []
textures = []; images = []; samplers = []; gltf_ext = {}; required = []; gltf_skins = []


def acc(vals, comps, ctype=5126, target=34962, minmax=False):
    flat = [x for v in vals for x in (v if isinstance(v, (list, tuple)) else [v])]
    data = struct.pack('<%d%s' % (len(flat), {5126: 'f', 5125: 'I'}[ctype]), *flat)
    while len(buf) % 4: buf.append(0)
    views.append({"buffer": 0, "byteOffset": len(buf), "byteLength": len(data), "target": target}); buf.extend(data)
    a = {"bufferView": len(views) - 1, "componentType": ctype, "count": len(vals),
         "type": {1: "SCALAR", 2: "VEC2", 3: "VEC3", 4: "VEC4"}[comps]}
    if minmax:
        a["min"] = [min(v[i] for v in vals) for i in range(comps)]; a["max"] = [max(v[i] for v in vals) for i in range(comps)]
    accessors.append(a); return len(accessors) - 1


def mesh(pos, nrm, uv, idx, mat, uv1=None):
    attrs = {"POSITION": acc(pos, 3, minmax=True), "NORMAL": acc(nrm, 3), "TEXCOORD_0": acc(uv, 2)}
    if uv1: attrs["TEXCOORD_1"] = acc(uv1, 2)
    meshes.append({"primitives": [{"attributes": attrs, "indices": acc(idx, 1, 5125, 34963), "material": mat}]})
    return len(meshes) - 1


def node(m, t=(0, 0, 0), **kw):
    n = {"translation": list(t)}
    if m is not None: n["mesh"] = m
    n.update(kw); nodes.append(n); return len(nodes) - 1


def material(color=(0.8, 0.8, 0.8, 1), **kw):
    pbr = {"baseColorFactor": list(color), "metallicFactor": 0.0, "roughnessFactor": 0.6}
    if "tex" in kw: pbr["baseColorTexture"] = kw["tex"]
    m = {"pbrMetallicRoughness": pbr, "doubleSided": kw.get("double", False)}
    if "alpha" in kw: m["alphaMode"] = kw["alpha"]
    materials.append(m); return len(materials) - 1


def texture(img, fname, sampler):
    if img is not None: img.save(os.path.join(out, fname))
    images.append({"uri": fname}); samplers.append(sampler)
    textures.append({"source": len(images) - 1, "sampler": len(samplers) - 1}); return len(textures) - 1


def quad(w, h, facing='z'):
    if facing == 'y':
        pos = [(-w/2, 0, h/2), (w/2, 0, h/2), (w/2, 0, -h/2), (-w/2, 0, -h/2)]; n = (0, 1, 0)
    else:
        pos = [(-w/2, -h/2, 0), (w/2, -h/2, 0), (w/2, h/2, 0), (-w/2, h/2, 0)]; n = (0, 0, 1)
    return pos, [n] * 4, [(0, 1), (1, 1), (1, 0), (0, 0)], [0, 1, 2, 0, 2, 3]


def box(s):
    pos, nrm, uv, idx = [], [], [], []
    for axis in range(3):
        for sign in (-1, 1):
            n = [0, 0, 0]; n[axis] = sign
            u = [0, 0, 0]; u[(axis + 1) % 3] = 1
            v = [0, 0, 0]; v[(axis + 2) % 3] = 1
            if sign < 0: u, v = v, u
            b = len(pos)
            for a, c in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                pos.append(tuple(s / 2 * (n[i] + a * u[i] + c * v[i]) for i in range(3))); nrm.append(tuple(n))
                uv.append(((a + 1) / 2, (c + 1) / 2))
            idx += [b, b + 1, b + 2, b, b + 2, b + 3]
    return pos, nrm, uv, idx


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


def floor_and_wall(wall=True):
    node(mesh(*quad(6, 6, 'y'), material(color=(0.7, 0.7, 0.7, 1))))
    if wall: node(mesh(*quad(6, 3), material(color=(0.3, 0.5, 0.8, 1))), (0, 1.5, -2))


def halves():
    img = Image.new('RGB', (64, 64), (30, 200, 40))
    for y in range(64):
        for x in range(32): img.putpixel((x, y), (220, 20, 20))
    return img


NEAREST = {"magFilter": 9728, "minFilter": 9728}
cam = "0,1.5,3,0,0"
if name in ('clamp', 'repeat'):
    img = Image.new('RGB', (64, 64), (30, 200, 40))
    for k in range(16, 48):
        for d in (-1, 0, 1):
            img.putpixel((k, min(63, max(0, k + d))), (220, 20, 20)); img.putpixel((k, min(63, max(0, 63 - k + d))), (220, 20, 20))
    wrap = 33071 if name == 'clamp' else 10497
    t = texture(img, 'tex-x.png', dict(NEAREST, wrapS=wrap, wrapT=wrap))
    p, n, u, i = quad(3, 3); node(mesh(p, n, [(3 * a - 1, 3 * b - 1) for a, b in u], i, material(tex={"index": t}, double=True)), (0, 1.5, 0))
elif name in ('mirror', 'stripes'):
    wrap = 33648 if name == 'mirror' else 10497
    t = texture(halves(), 'tex-halves.png', dict(NEAREST, wrapS=wrap, wrapT=wrap))
    p, n, u, i = quad(3, 3); node(mesh(p, n, [(3 * a - 1, 3 * b - 1) for a, b in u], i, material(tex={"index": t}, double=True)), (0, 1.5, 0))
elif name in ('nearest', 'linear'):
    img = Image.new('RGB', (2, 2)); img.putdata([(220, 20, 20), (20, 220, 20), (20, 20, 220), (230, 230, 230)])
    f = 9728 if name == 'nearest' else 9729
    t = texture(img, 'tex-2x2.png', {"magFilter": f, "minFilter": f, "wrapS": 33071, "wrapT": 33071})
    node(mesh(*quad(3, 3), material(tex={"index": t}, double=True)), (0, 1.5, 0))
elif name in ('texcoord1', 'transformuv'):
    t = texture(halves(), 'tex-halves.png', dict(NEAREST))
    info = {"index": t, "texCoord": 1} if name == 'texcoord1' else \
        {"index": t, "texCoord": 0, "extensions": {"KHR_texture_transform": {"texCoord": 1}}}
    if name == 'transformuv': gltf_ext["KHR_texture_transform"] = None
    p, n, u, i = quad(3, 3)
    node(mesh(p, n, [(0.25, 0.5)] * 4, i, material(tex=info, double=True), uv1=[(0.75, 0.5)] * 4), (0, 1.5, 0))
elif name in ('required', 'unknownreq'):
    if name == 'required': floor_and_wall()
    node(mesh(*box(1), material(color=(0.8, 0.6, 0.4, 1))), (0, 0.5, 0))
    if name == 'required':
        gltf_ext["KHR_lights_punctual"] = {"lights": [{"type": "spot", "color": [1, 1, 1], "intensity": 60, "range": 8,
                                                       "spot": {"innerConeAngle": 0.3, "outerConeAngle": 0.6}}]}
        a = math.radians(-75) / 2
        node(None, (0, 3, 1.5), rotation=[math.sin(a), 0, 0, math.cos(a)], extensions={"KHR_lights_punctual": {"light": 0}})
        required.append("KHR_lights_punctual")
    else:
        required.append("EXT_made_up_extension")
    cam = "0,1.5,4,0,-10"
elif name == 'hollow':
    node(mesh(*sphere(0.5), material(color=(0.9, 0.5, 0.1, 1), double=True)), (0, 0.5, 0))
elif name == 'metalball':
    mi = material(color=(0.95, 0.95, 0.95, 1)); materials[mi]["pbrMetallicRoughness"].update(metallicFactor=1.0, roughnessFactor=0.3)
    node(mesh(*sphere(0.5), mi), (0, 0.5, 0))
elif name == 'shell':
    p, n, u, i = sphere(0.5); k = len(p)
    q, m, v, j = sphere(0.45)   # the inside, wound and facing toward the centre: a pumpkin's flesh
    j = [k + x for t in range(0, len(j), 3) for x in (j[t], j[t + 2], j[t + 1])]
    node(mesh(p + q, n + [tuple(-c for c in w) for w in m], u + v, i + j, material(color=(0.9, 0.5, 0.1, 1))), (0, 0.5, 0))
elif name in ('blendcaster', 'blendcaster50'):
    floor_and_wall(wall=False)
    alpha = 0.1 if name == 'blendcaster' else 0.5
    node(mesh(*sphere(0.3), material(color=(1, 1, 1, alpha), alpha="BLEND", double=True)), (0, 3, 0))
    light = {"type": "point", "position": [0, 3, 0], "radius": 6, "color": [1, 1, 1], "intensity": 8, "shadow": True}
    json.dump({"lights": [light]}, open(os.path.join(out, name + '-lights.json'), 'w'))
    json.dump({"lights": [dict(light, shadow=False)]}, open(os.path.join(out, name + '-nosh.json'), 'w'))
    cam = "0,3,4,0,-35"
elif name == 'ignored':
    t = texture(halves(), 'tex-halves.png', dict(NEAREST))
    mi = material(tex={"index": t})
    materials[mi]["normalTexture"] = {"index": t, "extensions": {"KHR_texture_transform": {"scale": [2, 2]}}}
    materials[mi]["extensions"] = {"KHR_materials_clearcoat": {"clearcoatFactor": 1}, "KHR_materials_sheen": {}}
    for k in range(3): node(mesh(*box(0.4), mi), (-1 + k, 0.5, 0))
    p, n, u, i = box(0.4); meshes[mesh(p, n, u, i, mi)]["primitives"][0]["mode"] = 1   # lines
    node(len(meshes) - 1, (0, 1.2, 0))
    gltf_ext.update(KHR_materials_clearcoat=None, KHR_materials_sheen=None, KHR_texture_transform=None)
    cam = "0,0.5,4,0,0"
elif name == 'skin':
    floor_and_wall(wall=False)
    pos, nrm, uv, idx, jnt, wgt = [], [], [], [], [], []
    for k in range(8):   # 8 stacked 0.4 x 0.25 x 0.4 boxes: a 2 m column, bending above 1 m
        p, n, u, i = box(1); b = len(pos)
        for q in p:
            y = (q[1] + 0.5 + k) * 0.25; pos.append((q[0] * 0.4, y, q[2] * 0.4))
            w1 = min(1.0, max(0.0, (y - 0.75) / 0.5)); jnt.append((0, 1, 0, 0)); wgt.append((1 - w1, w1, 0, 0))
        nrm += n; uv += u; idx += [b + x for x in i]
    m = mesh(pos, nrm, uv, idx, material(color=(0.3, 0.6, 0.9, 1)))
    a = meshes[m]["primitives"][0]["attributes"]
    # JOINTS_0 as unsigned shorts, WEIGHTS_0 as floats, the inverse bind matrices as MAT4
    data = struct.pack('<%dH' % (4 * len(jnt)), *[x for v in jnt for x in v])
    while len(buf) % 4: buf.append(0)
    views.append({"buffer": 0, "byteOffset": len(buf), "byteLength": len(data), "target": 34962}); buf.extend(data)
    accessors.append({"bufferView": len(views) - 1, "componentType": 5123, "count": len(jnt), "type": "VEC4"})
    a["JOINTS_0"] = len(accessors) - 1
    a["WEIGHTS_0"] = acc([tuple(w) for w in wgt], 4)
    ibm = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] + [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1]
    data = struct.pack('<32f', *ibm)
    views.append({"buffer": 0, "byteOffset": len(buf), "byteLength": len(data)}); buf.extend(data)
    accessors.append({"bufferView": len(views) - 1, "componentType": 5126, "count": 2, "type": "MAT4"})
    h = math.radians(30) / 2
    j1 = len(nodes) + 1
    node(None, (0, 0, 0), children=[j1])                                  # joint 0 (a root)
    node(None, (0, 1, 0), rotation=[0, 0, math.sin(h), math.cos(h)])      # joint 1: bent 30 degrees
    gltf_skins = [{"joints": [j1 - 1, j1], "inverseBindMatrices": len(accessors) - 1}]
    node(m, (0, 0, 0), skin=0)
    cam = "0,1.2,4,0,-5"
elif name == 'missing':
    for k in range(12):
        t = texture(None, 'no-such-texture-%02d.png' % k, dict(NEAREST))
        node(mesh(*box(0.4), material(tex={"index": t})), (-2.2 + 0.4 * k, 0.5, 0))
    cam = "0,0.5,4,0,0"
else:
    sys.exit("model_scenes.py: unknown scene '%s'" % name)

children = {c for n in nodes for c in n.get("children", [])}
gltf = {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [k for k in range(len(nodes)) if k not in children]}], "nodes": nodes,
        "meshes": meshes, "materials": materials, "accessors": accessors, "bufferViews": views,
        "buffers": [{"byteLength": len(buf), "uri": "data:application/octet-stream;base64," + base64.b64encode(bytes(buf)).decode()}]}
if textures: gltf.update(textures=textures, images=images, samplers=samplers)
used = sorted(set(list(gltf_ext) + required))
if used: gltf["extensionsUsed"] = used
if any(v is not None for v in gltf_ext.values()): gltf["extensions"] = {k: v for k, v in gltf_ext.items() if v is not None}
if required: gltf["extensionsRequired"] = required
if gltf_skins: gltf["skins"] = gltf_skins
if name == 'ignored': gltf["scenes"].append({"nodes": [0]})
json.dump(gltf, open(os.path.join(out, name + '.gltf'), 'w'))
print(cam)
