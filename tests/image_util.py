"""Image and stats checks for the shell tests (run with Debian's /usr/bin/python3, which has PIL).

  image_util.py diff A.png B.png             prints the largest channel difference (0..255)
  image_util.py luma A.png                   prints mean and standard deviation of luminance (0..1)
  image_util.py json FILE.json KEY[.KEY...]  prints a value from a JSON file (exit 1 if missing)
  image_util.py changed A.png B.png BOX      prints how many pixels differ inside BOX (x0,y0,x1,y1)
                                             and outside it, then the mean luminance gain inside
  image_util.py size A.png                   prints WIDTHxHEIGHT
  image_util.py pixels A.png B.png           prints how many pixels differ at all, then up to 10 of
                                             them as x,y (where coplanar surfaces tie); needs PIL
  image_util.py ties A B FA FB               A, B: one frame by two geometry paths, FA, FB: the same
                                             by forward shading; prints the largest channel
                                             difference of A and B outside the pixels where FA and
                                             FB differ (where the paths resolve a depth tie apart),
                                             then how many pixels differ inside them, and up to 10
                                             of those as x,y; needs PIL
  image_util.py psnr A.png B.png             prints the PSNR of B against A in dB (99: identical); needs PIL
  image_util.py view VIEW IMG SHADED E C     VIEW heatmap or tightness: IMG is that view of a frame where
                                             every pixel evaluated E lights, C of them contributing, and
                                             SHADED the shaded view of the same frame; prints the largest
                                             channel difference from the colour tonemap.glsl must give
                                             (the legend bar aside) and how many pixels are off by more
                                             than 1/255; needs PIL

Without PIL (a GPU machine lent for a session), `diff` and `size` read the 8-bit PNGs
lightcull writes with the standard library; `luma` and `changed` need PIL.
"""
import json
import math
import struct
import sys
import zlib

try:
    from PIL import Image, ImageChops, ImageStat
except ImportError:
    Image = None


def load(path):
    return Image.open(path).convert("RGB")


def png_rows(path):
    """(width, height, channels, rows of bytes) of an 8-bit, non-interlaced PNG."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, head = 8, [], None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            head = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + n
    w, h, depth, ctype, _, _, interlace = head
    ch = {0: 1, 2: 3, 4: 2, 6: 4}.get(ctype)
    if depth != 8 or ch is None or interlace:
        raise ValueError(f"{path}: only 8-bit, non-interlaced grey/RGB(A) PNGs are read without PIL")
    raw, stride, rows, prev = zlib.decompress(b"".join(idat)), w * ch, [], bytearray(w * ch)
    for y in range(h):
        ftype, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - ch] if i >= ch else 0
            b, c = prev[i], prev[i - ch] if i >= ch else 0
            if ftype == 1:
                line[i] = (line[i] + a) & 255
            elif ftype == 2:
                line[i] = (line[i] + b) & 255
            elif ftype == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, ch, rows


def size(a):
    if Image is not None:
        print("%dx%d" % Image.open(a).size)
    else:
        w, h = struct.unpack(">II", open(a, "rb").read(24)[16:24])
        print(f"{w}x{h}")
    return 0


def diff(a, b):
    if Image is None:
        wa, ha, ca, ra = png_rows(a)
        wb, hb, cb, rb = png_rows(b)
        if (wa, ha) != (wb, hb):
            print(f"size {(wa, ha)} != {(wb, hb)}", file=sys.stderr)
            return 1
        worst = 0
        for la, lb in zip(ra, rb):
            for x in range(wa):
                for k in range(3):
                    worst = max(worst, abs(la[x * ca + min(k, ca - 1)] - lb[x * cb + min(k, cb - 1)]))
        print(worst)
        return 0
    ia, ib = load(a), load(b)
    if ia.size != ib.size:
        print(f"size {ia.size} != {ib.size}", file=sys.stderr)
        return 1
    extrema = ImageChops.difference(ia, ib).getextrema()
    print(max(hi for _, hi in extrema))
    return 0


def psnr(a, b):
    """PSNR in dB of b against a over RGB (99 when identical)."""
    ia, ib = load(a), load(b)
    if ia.size != ib.size:
        print(f"size {ia.size} != {ib.size}", file=sys.stderr)
        return 1
    sq = ImageStat.Stat(ImageChops.difference(ia, ib)).sum2
    mse = sum(sq) / (3 * ia.size[0] * ia.size[1])
    print(99 if mse == 0 else round(10 * math.log10(255 * 255 / mse), 2))
    return 0


def luma(a):
    stat = ImageStat.Stat(load(a).convert("L"))
    print(f"{stat.mean[0] / 255.0:.5f} {stat.stddev[0] / 255.0:.5f}")
    return 0


def json_get(path, keys):
    with open(path) as f:
        v = json.load(f)
    for k in keys.split("."):
        if not isinstance(v, dict) or k not in v:
            print(f"{path}: no '{keys}'", file=sys.stderr)
            return 1
        v = v[k]
    print(json.dumps(v) if isinstance(v, (dict, list)) else v)
    return 0


def changed(a, b, box):
    ia, ib = load(a), load(b)
    x0, y0, x1, y1 = (int(v) for v in box.split(","))
    pa, pb = ia.load(), ib.load()
    inside = outside = 0
    gain, n = 0.0, 0
    for y in range(ia.size[1]):
        for x in range(ia.size[0]):
            same = pa[x, y] == pb[x, y]
            if x0 <= x < x1 and y0 <= y < y1:
                inside += not same
                gain += sum(pb[x, y]) - sum(pa[x, y])
                n += 1
            else:
                outside += not same
    print(f"{inside} {outside} {gain / max(n, 1) / 765.0:.5f}")
    return 0


def pixels(a, b):
    ia, ib = load(a), load(b)
    pa, pb = ia.load(), ib.load()
    off = [(x, y) for y in range(ia.size[1]) for x in range(ia.size[0]) if pa[x, y] != pb[x, y]]
    print(" ".join([str(len(off))] + [f"{x},{y}" for x, y in off[:10]]))
    return 0


def ties(a, b, fa, fb):
    pa, pb, pfa, pfb = (load(p).load() for p in (a, b, fa, fb))
    w, h = load(a).size
    worst, tied = 0, []
    for y in range(h):
        for x in range(w):
            if pa[x, y] == pb[x, y]:
                continue
            if pfa[x, y] != pfb[x, y]:
                tied.append((x, y))
            else:
                worst = max(worst, max(abs(u - v) for u, v in zip(pa[x, y][:3], pb[x, y][:3])))
    print(" ".join([str(worst), str(len(tied))] + [f"{x},{y}" for x, y in tied[:10]]))
    return 0


def srgb_decode(code):
    c = code / 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def srgb_encode(c):
    c = min(max(c, 0.0), 1.0)
    return math.floor((c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055) * 255 + 0.5)


def ramp(t):
    """The heatmap ramp of shaders/shading/tonemap.glsl: blue - cyan - green - yellow - red."""
    t = min(max(t, 0.0), 1.0)
    c = [min(max(v, 0.0), 1.0) for v in (4 * t - 2, 4 * t if t < 0.5 else 4 - 4 * t, 2 - 4 * t)]
    return (0.0, 0.0, 0.15) if t <= 0 else c


def view(kind, img, shaded, evaluated, contributing, scale=64):
    """The analysis views of tonemap.glsl at a known count: the view's colour mixed with a
    quarter of the shaded pixel's luminance (read back from the sRGB shaded image)."""
    e, c = int(evaluated), int(contributing)
    if kind == "heatmap":
        colour = ramp(e / scale)
    elif kind == "tightness":
        colour = [min(max(v, 0.0), 1.0) for v in ((e - c) / scale, c / scale, 0.0)]
    else:
        print(f"unknown view '{kind}'", file=sys.stderr)
        return 2
    iv, ish = load(img), load(shaded)
    if iv.size != ish.size:
        print(f"size {iv.size} != {ish.size}", file=sys.stderr)
        return 1
    (w, h), pv, ps = iv.size, iv.load(), ish.load()
    worst = off = 0
    for y in range(h):
        for x in range(w):
            if kind == "heatmap" and 8 <= x < 264 and h - 20 <= y < h - 8:
                continue  # the legend bar (tests/test_tonemap.sh checks it)
            lin = [srgb_decode(v) for v in ps[x, y]]
            luma = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
            want = [srgb_encode(0.75 * k + 0.25 * luma) for k in colour]
            d = max(abs(a - b) for a, b in zip(pv[x, y], want))
            worst = max(worst, d)
            off += d > 1
    print(f"{worst} {off}")
    return 0


def main(argv):
    cmd = argv[1] if len(argv) > 1 else ""
    if cmd == "diff" and len(argv) == 4:
        return diff(argv[2], argv[3])
    if cmd == "luma" and len(argv) == 3:
        return luma(argv[2])
    if cmd == "json" and len(argv) == 4:
        return json_get(argv[2], argv[3])
    if cmd == "psnr" and len(argv) == 4 and Image is not None:
        return psnr(argv[2], argv[3])
    if cmd == "size" and len(argv) == 3:
        return size(argv[2])
    if cmd in ("luma", "changed", "pixels", "ties") and Image is None:
        print("image_util.py: PIL is missing (Debian: apt-get install python3-pil)", file=sys.stderr)
        return 2
    if cmd == "view" and len(argv) == 7 and Image is not None:
        return view(*argv[2:7])
    if cmd == "ties" and len(argv) == 6:
        return ties(*argv[2:6])
    if cmd == "pixels" and len(argv) == 4:
        return pixels(argv[2], argv[3])
    if cmd == "changed" and len(argv) == 5:
        return changed(argv[2], argv[3], argv[4])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
