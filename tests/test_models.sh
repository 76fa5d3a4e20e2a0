#!/usr/bin/env bash
# Models nobody on the project wrote: a few of Debian's assimp-testmodels (a file camera, a
# textured box, a skin whose animation plays) and their gltfpack outputs (quantized, meshopt-compressed) render in
# both shading paths without a validation message, cover the image without filling it, and a
# packed file looks like its source from the same view; bad files get one line naming the
# problem. Exit 77 (skipped) without assimp-testmodels or gltfpack.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"
M=/usr/share/assimp/models/glTF2
if [[ ! -d $M ]] || ! command -v gltfpack >/dev/null; then
    echo "skipped: needs Debian's assimp-testmodels and gltfpack"
    exit 77
fi
ENGINE=$M/2CylinderEngine-glTF-Binary/2CylinderEngine.glb
BOX=$M/BoxTextured-glTF/BoxTextured.gltf
SKIN=$M/simple_skin/simple_skin.gltf
for f in "$ENGINE" "$BOX" "$SKIN"; do
    [[ -f $f ]] || { echo "skipped: $f is missing"; exit 77; }
done

# Coverage: the fraction of pixels unlike the border's most common colour.
coverage()
{
    "$PY" - "$1" <<'EOF'
import sys
from collections import Counter
from PIL import Image
im = Image.open(sys.argv[1]).convert('RGB'); w, h = im.size; px = im.load()
border = [px[x, y] for x in range(w) for y in (0, h - 1)] + [px[x, y] for y in range(h) for x in (0, w - 1)]
bg = Counter(border).most_common(1)[0][0]
print('%.3f' % (sum(1 for p in im.getdata() if max(abs(p[i] - bg[i]) for i in range(3)) > 12) / float(w * h)))
EOF
}
# The fraction of pixels where two images differ by more than 24/255 in a channel.
differs()
{
    "$PY" - "$1" "$2" <<'EOF'
import sys
from PIL import Image, ImageChops
d = ImageChops.difference(Image.open(sys.argv[1]).convert('RGB'), Image.open(sys.argv[2]).convert('RGB')).getdata()
print('%.4f' % (sum(1 for p in d if max(p) > 24) / float(len(d))))
EOF
}
run() { lc_ok "$1" --scene "$2" --headless --size 160x90 --frames 1 --validate --lights 64 --seed 3 --out "$TMP/$1.png" \
    --stats "$TMP/$1.json" "${@:3}"; }

for name in engine box skin; do
    case $name in engine) f=$ENGINE ;; box) f=$BOX ;; skin) f=$SKIN ;; esac
    for sh in forward visibility; do
        run "$name-$sh" "$f" --shading "$sh" || continue
        c=$(coverage "$TMP/$name-$sh.png")
        fcmp "$c" ">=" 0.04 && fcmp "$c" "<=" 0.95 || fail "$name ($sh): covers $c of the image (want 0.04..0.95)"
    done
    if [[ $name == skin ]]; then
        # Its animation plays (scene/animation.h): skinned on the CPU, another pose at t = 1.
        cat "$LC_STDOUT" "$LC_STDERR" | grep -q "posed each frame" || fail "skin: not skinned per frame"
        run "$name-t1" "$f" --time 1 && fcmp "$(differs "$TMP/$name-forward.png" "$TMP/$name-t1.png")" ">" 0.005 ||
            fail "skin: the frame at --time 1 looks like the one at 0 (the animation does not play)"
    fi
    # The packed file from the source's first view (--camera from its stats): same image.
    [[ $name == skin ]] && continue
    gltfpack -i "$f" -o "$TMP/$name-cc.glb" -cc >/dev/null 2>&1 || { fail "gltfpack -cc $name failed"; continue; }
    view=$(img json "$TMP/$name-forward.json" camera.argument)
    # shellcheck disable=SC2086
    run "$name-cc" "$TMP/$name-cc.glb" $view --fov "$(img json "$TMP/$name-forward.json" camera.fov)" || continue
    d=$(differs "$TMP/$name-forward.png" "$TMP/$name-cc.png")
    fcmp "$d" "<=" 0.02 || fail "$name after gltfpack -cc differs on $d of the image (want <= 0.02)"
done
# The engine without its camera is framed from outside; its first view is printed.
lc_ok engine-index --scene "$ENGINE" --headless --size 64x36 --frames 1 --camera-index 0 --stats "$TMP/ci.json" &&
    [[ $(img json "$TMP/ci.json" camera.start) == "file camera" ]] || fail "--camera-index 0: not the file camera"
grep -q -- "--camera " "$LC_STDOUT" || fail "the first view is not printed as a --camera argument"
lc_bad "--camera-index 5" --scene "$ENGINE" --headless --size 64x36 --frames 1 --camera-index 5

# Bad files: exit 2, one line, the problem named, nothing written.
head -c 700 "$M/cameras/Cameras.gltf" >"$TMP/cut.gltf"
printf '<!DOCTYPE html><html><body>not a model</body></html>' >"$TMP/page.glb"
printf '{"asset":{"version":"1.0"},"meshes":{}}' >"$TMP/old.gltf"
printf '{"asset":{"version":"2.0"},"extensionsRequired":["KHR_draco_mesh_compression"]}' >"$TMP/draco.gltf"
printf 'Kaydara FBX Binary  \0' >"$TMP/model.fbx"
for case in "cut.gltf:ends early" "page.glb:HTML" "old.gltf:glTF 1.0" "draco.gltf:KHR_draco_mesh_compression" \
    "model.fbx:not supported"; do
    f=${case%%:*} want=${case#*:}
    lc_bad "$f" --scene "$TMP/$f" --headless --size 32x32 --frames 1 --out "$TMP/bad.png"
    grep -q "$want" "$LC_STDERR" || fail "$f: message does not name the problem ($want): $(head -1 "$LC_STDERR")"
    [[ -e $TMP/bad.png ]] && fail "$f: an image was written"
done
finish
