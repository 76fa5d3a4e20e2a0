#!/usr/bin/python3
"""Writes the example decal textures beside this script (textures/*.png): an emblem and an arrow
(sRGB colour, alpha the blend weight) and a normal map of bevelled tiles (tangent space, glTF's
convention: +X right, +Y up in the image). Run with a Python that has PIL: they are committed,
so only to change them."""
import math
import os
from PIL import Image, ImageDraw

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'textures')
os.makedirs(here, exist_ok=True)
N = 256

# An emblem: a gold ring round a red star, clear outside.
im = Image.new('RGBA', (N, N), (0, 0, 0, 0))
d = ImageDraw.Draw(im)
d.ellipse((8, 8, N - 8, N - 8), fill=(214, 170, 40, 255))
d.ellipse((30, 30, N - 30, N - 30), fill=(240, 232, 210, 255))
pts = []
for k in range(10):
    r = 100 if k % 2 == 0 else 42
    a = math.pi / 2 + k * math.pi / 5
    pts.append((N / 2 + r * math.cos(a), N / 2 - r * math.sin(a)))
d.polygon(pts, fill=(190, 30, 36, 255))
im.save(os.path.join(here, 'emblem.png'))

# An arrow pointing up the image (the box's -Z), a worn yellow road marking.
im = Image.new('RGBA', (N, N), (0, 0, 0, 0))
d = ImageDraw.Draw(im)
d.polygon([(128, 12), (228, 120), (164, 120), (164, 244), (92, 244), (92, 120), (28, 120)], fill=(236, 196, 32, 235))
px = im.load()
for y in range(N):
    for x in range(N):
        r, g, b, a = px[x, y]
        if a and ((x * 7 + y * 13) % 23 == 0 or (x * 5 + y * 3) % 31 == 0):  # wear: a few bare texels
            px[x, y] = (r, g, b, a // 3)
im.save(os.path.join(here, 'arrow.png'))

# Bevelled tiles, 4 x 4: each tile's edge slopes down over its outer eighth.
T = 128
im = Image.new('RGBA', (T, T))
px = im.load()
tile = T // 4
bevel = tile / 6.0
for y in range(T):
    for x in range(T):
        u, v = x % tile + 0.5, y % tile + 0.5
        nx = ny = 0.0
        if u < bevel: nx = -0.85
        elif u > tile - bevel: nx = 0.85
        if v < bevel: ny = 0.85  # the image's top edge of a tile faces up the image (+Y)
        elif v > tile - bevel: ny = -0.85
        nz = math.sqrt(max(0.0, 1.0 - nx * nx - ny * ny))
        l = math.sqrt(nx * nx + ny * ny + nz * nz)
        px[x, y] = tuple(int(round((c / l * 0.5 + 0.5) * 255)) for c in (nx, ny, nz)) + (255,)
im.save(os.path.join(here, 'tiles_normal.png'))
