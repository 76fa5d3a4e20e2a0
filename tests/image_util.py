"""Image and stats checks for the shell tests (run with Debian's /usr/bin/python3, which has PIL).

  image_util.py diff A.png B.png             prints the largest channel difference (0..255)
  image_util.py luma A.png                   prints mean and standard deviation of luminance (0..1)
  image_util.py json FILE.json KEY[.KEY...]  prints a value from a JSON file (exit 1 if missing)
  image_util.py changed A.png B.png BOX      prints how many pixels differ inside BOX (x0,y0,x1,y1)
                                             and outside it, then the mean luminance gain inside
"""
import json
import sys

from PIL import Image, ImageChops, ImageStat


def load(path):
    return Image.open(path).convert("RGB")


def diff(a, b):
    ia, ib = load(a), load(b)
    if ia.size != ib.size:
        print(f"size {ia.size} != {ib.size}", file=sys.stderr)
        return 1
    extrema = ImageChops.difference(ia, ib).getextrema()
    print(max(hi for _, hi in extrema))
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


def main(argv):
    cmd = argv[1] if len(argv) > 1 else ""
    if cmd == "diff" and len(argv) == 4:
        return diff(argv[2], argv[3])
    if cmd == "luma" and len(argv) == 3:
        return luma(argv[2])
    if cmd == "json" and len(argv) == 4:
        return json_get(argv[2], argv[3])
    if cmd == "changed" and len(argv) == 5:
        return changed(argv[2], argv[3], argv[4])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
