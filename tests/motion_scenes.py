#!/usr/bin/env python3
"""Animated glTF scenes for tests/test_motion.sh (no dependency beyond Python).
usage: motion_scenes.py OUTDIR NAME  ->  OUTDIR/NAME.gltf (and NAME-lights.json)
  moving  a 6 x 6 floor and a 1 m box whose animation moves it from x = -2 to x = 2 over 2 s
          (linear), under a shadowed point light 3 m up (lights file beside)
  still   the same box standing at x = 0 (the moving scene at t = 1 s), no animation
  spotmove the box under a shadowed spot light looking down at x = -2, jumping (STEP) to x = 2 at
          t = 1 s, out of the spot's view; lights file beside
  spotaway the same box standing at x = 2 (spotmove from t = 1 s), no animation
  column  a floor and a 2 m column of 8 segments skinned to two joints, the upper one (at 1 m)
          turning 60 degrees about Z over 1 s (linear); and a small box on a node that turns
          about Y with a cubic spline
  walker  a 1.8 m walking figure alone (no floor), 4,944 triangles skinned to five joints: hips
          bobbing, legs and arms swinging +-30 and +-20 degrees about X, a 1 s loop (linear); the
          figure of --figures and --grid stress runs (docs/ANIMATION.md)
"""
import base64, json, math, os, struct, sys

out, name = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
buf = bytearray(); views = []; accessors = []; meshes = []; nodes = []; materials = []; animations = []

def acc(vals, comps, ctype=5126, target=34962, minmax=False):
    fmt = {5126: 'f', 5125: 'I', 5123: 'H'}[ctype]
    flat = [x for v in vals for x in (v if isinstance(v, (list, tuple)) else [v])]
    while len(buf) % 4: buf.append(0)
    views.append({"buffer": 0, "byteOffset": len(buf), "byteLength": 4 * len(flat) if ctype != 5123 else 2 * len(flat)})
    if target: views[-1]["target"] = target
    buf.extend(struct.pack('<%d%s' % (len(flat), fmt), *flat))
    a = {"bufferView": len(views) - 1, "componentType": ctype, "count": len(vals),
         "type": {1: "SCALAR", 3: "VEC3", 4: "VEC4", 16: "MAT4"}[comps]}
    if minmax:
        vv = [v if isinstance(v, (list, tuple)) else [v] for v in vals]
        a["min"] = [min(v[i] for v in vv) for i in range(comps)]; a["max"] = [max(v[i] for v in vv) for i in range(comps)]
    accessors.append(a); return len(accessors) - 1

def box(sx, sy, sz, y0=0.0):
    pos, nrm, idx = [], [], []
    for axis in range(3):
        for s in (-1, 1):
            n = [0, 0, 0]; n[axis] = s
            u = [0, 0, 0]; u[(axis + 1) % 3] = 1
            v = [0, 0, 0]; v[(axis + 2) % 3] = 1
            if s < 0: u, v = v, u
            base = len(pos)
            for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                p = [n[i] + a * u[i] + b * v[i] for i in range(3)]
                pos.append((p[0] * sx / 2, p[1] * sy / 2 + y0, p[2] * sz / 2)); nrm.append(tuple(n))
            idx += [base, base + 1, base + 2, base, base + 2, base + 3]
    return pos, nrm, idx

def mesh(pos, nrm, idx, colour, extra=None):
    materials.append({"pbrMetallicRoughness": {"baseColorFactor": colour, "metallicFactor": 0, "roughnessFactor": 0.6}})
    attrs = {"POSITION": acc(pos, 3, minmax=True), "NORMAL": acc(nrm, 3)}
    if extra: attrs.update(extra)
    meshes.append({"primitives": [{"attributes": attrs, "indices": acc(idx, 1, 5125, 34963), "material": len(materials) - 1}]})
    return len(meshes) - 1

def node(**kw):
    nodes.append(kw); return len(nodes) - 1

def channel(n, path, times, values, comps, interp="LINEAR"):
    animations.append({"channels": [{"sampler": 0, "target": {"node": n, "path": path}}],
                       "samplers": [{"input": acc(times, 1, target=None, minmax=True), "interpolation": interp,
                                     "output": acc(values, comps, target=None)}]})

def tube(r, y0, y1, x, seg, rings, pos, nrm, idx, jnt, wgt, weight):
    """An open-ended cylinder about the vertical through (x, z = 0); weight(y) -> (joints, weights)."""
    for k in range(rings + 1):
        y = y0 + (y1 - y0) * k / rings
        for j in range(seg + 1):
            a = 2 * math.pi * j / seg
            pos.append((x + r * math.cos(a), y, r * math.sin(a))); nrm.append((math.cos(a), 0, math.sin(a)))
            jw = weight(y); jnt.append(jw[0]); wgt.append(jw[1])
    base = len(pos) - (rings + 1) * (seg + 1)
    for k in range(rings):
        for j in range(seg):
            a, b = base + k * (seg + 1) + j, base + (k + 1) * (seg + 1) + j
            idx += [a, b, a + 1, a + 1, b, b + 1]

def ball(r, cy, seg, rings, pos, nrm, idx, jnt, wgt):
    base = len(pos)
    for k in range(rings + 1):
        t = math.pi * k / rings
        for j in range(seg + 1):
            a = 2 * math.pi * j / seg
            n = (math.sin(t) * math.cos(a), math.cos(t), math.sin(t) * math.sin(a))
            pos.append((r * n[0], cy + r * n[1], r * n[2])); nrm.append(n); jnt.append((0, 0, 0, 0)); wgt.append((1, 0, 0, 0))
    for k in range(rings):
        for j in range(seg):
            a, b = base + k * (seg + 1) + j, base + (k + 1) * (seg + 1) + j
            if k > 0: idx += [a, a + 1, b]  # the poles' rings are a point: one triangle a quad there
            if k < rings - 1: idx += [a + 1, b + 1, b]

roots = []
if name != 'walker':
    roots.append(node(mesh=mesh([(-3, 0, 3), (3, 0, 3), (3, 0, -3), (-3, 0, -3)], [(0, 1, 0)] * 4, [0, 1, 2, 0, 2, 3], [0.7, 0.7, 0.7, 1])))
if name in ('moving', 'still', 'spotmove', 'spotaway'):
    p, n, i = box(1, 1, 1)
    x = {'moving': -2, 'still': 0, 'spotmove': -2, 'spotaway': 2}[name]
    b = node(mesh=mesh(p, n, i, [0.8, 0.3, 0.3, 1]), translation=[x, 1, 0])
    roots.append(b)
    if name == 'moving':
        channel(b, "translation", [0.0, 2.0], [(-2, 1, 0), (2, 1, 0)], 3)
    if name == 'spotmove':  # a jump at t = 1 s: only its bounds before the jump touch the spot's view
        channel(b, "translation", [0.0, 1.0], [(-2, 1, 0), (2, 1, 0)], 3, "STEP")
    light = {"type": "point", "position": [0, 3, 0], "radius": 6, "color": [1, 1, 1], "intensity": 8, "shadow": True}
    if name.startswith('spot'):
        light = {"type": "spot", "position": [-2, 3, 0], "direction": [0, -1, 0], "radius": 6, "inner_deg": 20, "outer_deg": 30,
                 "color": [1, 1, 1], "intensity": 20, "shadow": True}
    json.dump({"lights": [light]}, open(os.path.join(out, name + '-lights.json'), 'w'))
elif name == 'column':
    pos, nrm, idx, jnt, wgt = [], [], [], [], []
    for k in range(8):
        p, n, i = box(0.4, 0.25, 0.4, (k + 0.5) * 0.25)
        base = len(pos)
        for q in p:
            w1 = min(1.0, max(0.0, (q[1] - 0.75) / 0.5)); pos.append(q); jnt.append((0, 1, 0, 0)); wgt.append((1 - w1, w1, 0, 0))
        nrm += n; idx += [base + x for x in i]
    m = mesh(pos, nrm, idx, [0.3, 0.6, 0.9, 1])
    a = meshes[m]["primitives"][0]["attributes"]; a["JOINTS_0"] = acc(jnt, 4, 5123); a["WEIGHTS_0"] = acc(wgt, 4)
    j1 = node(translation=[0, 1, 0])
    j0 = node(children=[j1])
    skin = {"joints": [j0, j1], "inverseBindMatrices": acc([[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
                                                              [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1]], 16, target=None)}
    roots += [j0, node(mesh=m, skin=0)]
    h = math.radians(60) / 2
    channel(j1, "rotation", [0.0, 1.0], [(0, 0, 0, 1), (0, 0, math.sin(h), math.cos(h))], 4)
    # A box on an arm turning about Y (cubic spline, zero tangents: an ease in and out).
    p, n, i = box(0.3, 0.3, 0.3)
    arm = node(children=[node(mesh=mesh(p, n, i, [0.9, 0.8, 0.2, 1]), translation=[1.2, 0.5, 0])])
    roots.append(arm)
    q = [(0, 0, 0, 1), (0, math.sin(math.radians(45)), 0, math.cos(math.radians(45)))]
    z = (0, 0, 0, 0)
    animations[0]["channels"].append({"sampler": 1, "target": {"node": arm, "path": "rotation"}})
    animations[0]["samplers"].append({"input": animations[0]["samplers"][0]["input"], "interpolation": "CUBICSPLINE",
                                      "output": acc([z, q[0], z, z, q[1], z], 4, target=None)})
    extra = {"skins": [skin]}
elif name == 'walker':
    pos, nrm, idx, jnt, wgt = [], [], [], [], []
    clamp = lambda v: min(1.0, max(0.0, v))
    # Joints: 0 hips (at 0.9 m), 1 and 2 the legs, 3 and 4 the arms (shoulders at 1.45 m).
    tube(0.18, 0.9, 1.5, 0.0, 24, 16, pos, nrm, idx, jnt, wgt, lambda y: ((0, 0, 0, 0), (1, 0, 0, 0)))
    ball(0.12, 1.65, 24, 16, pos, nrm, idx, jnt, wgt)
    for leg, x in ((1, -0.1), (2, 0.1)):
        tube(0.07, 0.0, 0.9, x, 24, 20, pos, nrm, idx, jnt, wgt,
             lambda y, leg=leg: ((leg, 0, 0, 0), (1 - clamp((y - 0.75) / 0.15), clamp((y - 0.75) / 0.15), 0, 0)))
    for arm, x in ((3, -0.24), (4, 0.24)):
        tube(0.05, 0.85, 1.45, x, 24, 16, pos, nrm, idx, jnt, wgt,
             lambda y, arm=arm: ((arm, 0, 0, 0), (1 - clamp((y - 1.35) / 0.1), clamp((y - 1.35) / 0.1), 0, 0)))
    m = mesh(pos, nrm, idx, [0.8, 0.5, 0.3, 1])
    a = meshes[m]["primitives"][0]["attributes"]; a["JOINTS_0"] = acc(jnt, 4, 5123); a["WEIGHTS_0"] = acc(wgt, 4)
    legs = [node(translation=[-0.1, 0, 0]), node(translation=[0.1, 0, 0])]
    arms = [node(translation=[-0.24, 0.55, 0]), node(translation=[0.24, 0.55, 0])]
    hips = node(translation=[0, 0.9, 0], children=legs + arms)
    ident = lambda x, y: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -x, -y, 0, 1]
    skin = {"joints": [hips] + legs + arms,
            "inverseBindMatrices": acc([ident(0, 0.9), ident(-0.1, 0.9), ident(0.1, 0.9), ident(-0.24, 1.45), ident(0.24, 1.45)], 16, target=None)}
    roots += [hips, node(mesh=m, skin=0)]
    times = [0.0, 0.25, 0.5, 0.75, 1.0]
    rx = lambda deg: (math.sin(math.radians(deg) / 2), 0, 0, math.cos(math.radians(deg) / 2))
    swing = [30, 0, -30, 0, 30]
    channel(hips, "translation", times, [(0, 0.9 + 0.03 * abs(math.sin(math.pi * 2 * t)), 0) for t in times], 3)
    for n, sign, amp in ((legs[0], 1, 1.0), (legs[1], -1, 1.0), (arms[0], -1, 2 / 3), (arms[1], 1, 2 / 3)):
        chan = {"sampler": len(animations[0]["samplers"]), "target": {"node": n, "path": "rotation"}}
        animations[0]["channels"].append(chan)
        animations[0]["samplers"].append({"input": animations[0]["samplers"][0]["input"], "interpolation": "LINEAR",
                                          "output": acc([rx(sign * amp * d) for d in swing], 4, target=None)})
    extra = {"skins": [skin]}
else:
    sys.exit("unknown scene " + name)

gltf = {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": roots}], "nodes": nodes, "meshes": meshes,
        "materials": materials, "accessors": accessors, "bufferViews": views,
        "buffers": [{"byteLength": len(buf), "uri": "data:application/octet-stream;base64," + base64.b64encode(bytes(buf)).decode()}]}
if animations: gltf["animations"] = animations
if name in ('column', 'walker'): gltf.update(extra)
json.dump(gltf, open(os.path.join(out, name + '.gltf'), 'w'))
