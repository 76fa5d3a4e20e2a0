#!/usr/bin/env bash
# Regenerates the viewer and RenderDoc images in docs/images/ (docs/VIEWER.md, docs/RENDERDOC.md):
# the viewer under Xvfb on the default scene, paused, zbin mode, with the HUD; a capture of the
# same view rendered as an event list. Needs xvfb, python3-pil, python3-renderdoc.
# usage: scripts/viewer_images.sh [build/lightcull]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LC=$(realpath "${1:-$ROOT/build/lightcull}")
OUT=$ROOT/docs/images
T=$(mktemp -d /tmp/lc-images.XXXXXX)
trap '[[ -n ${KEEP:-} ]] || rm -rf "$T"' EXIT
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp/lc-xdg}
mkdir -p "$XDG_RUNTIME_DIR" "$OUT" && chmod 700 "$XDG_RUNTIME_DIR"
cd "$T"
cat >script.txt <<'SCRIPT'
0 pause
2 inspect 495 420
4 screenshot-hud viewer-hud.png
5 inspect-close
6 view heatmap
8 screenshot-hud heatmap.png
9 view tightness
11 screenshot-hud tightness.png
12 view shaded
13 help
15 screenshot-hud viewer-help.png
16 help
17 capture frame.rdc
19 quit
SCRIPT
xvfb-run -a -s "-screen 0 1280x720x24" "$LC" --size 960x540 --script script.txt --quiet
/usr/bin/python3 "$ROOT/scripts/rdc_tree.py" frame.rdc --png renderdoc-events.png >/dev/null
# Palette PNGs (dithered, so the heatmap ramp stays smooth) keep each image under 300 KB.
/usr/bin/python3 - "$OUT" viewer-hud.png heatmap.png tightness.png viewer-help.png renderdoc-events.png <<'PY'
import os, sys
from PIL import Image
out = sys.argv[1]
for name in sys.argv[2:]:
    img = Image.open(name).convert("RGB")
    palette = img.quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    path = os.path.join(out, name)
    img.quantize(palette=palette, dither=Image.Dither.FLOYDSTEINBERG).save(path, optimize=True)
    if os.path.getsize(path) > 300 * 1024:
        palette.save(path, optimize=True)
    print(f"{name}: {os.path.getsize(path) // 1024} KB")
PY
