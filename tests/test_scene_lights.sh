#!/usr/bin/env bash
# A glTF's own KHR_lights_punctual light lights it when neither --lights nor --lights-file is
# given: a 6 x 6 floor with one point light node 1.5 m above its centre, seen from straight
# above at a fixed exposure, in both shading paths. --stats says the lights came from the scene
# (one light, candela), and the floor under the light is brighter than the same floor without
# the light (the file without it, lit by a lights file whose one light is out of reach).
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

# write_gltf OUT WITH_LIGHT: the floor (base colour 0.7) and, when WITH_LIGHT is 1, the light.
write_gltf()
{
    "$PY" - "$1" "$2" <<'PYEOF'
import base64, json, struct, sys
out, with_light = sys.argv[1], sys.argv[2] == "1"
pos = [(-3, 0, 3), (3, 0, 3), (3, 0, -3), (-3, 0, -3)]
data = b"".join(struct.pack("<3f", *p) for p in pos) + struct.pack("<3f", 0, 1, 0) * 4 + struct.pack("<6I", 0, 1, 2, 0, 2, 3)
doc = {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}],
       "nodes": [{"mesh": 0}],
       "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1}, "indices": 2, "material": 0}]}],
       "materials": [{"pbrMetallicRoughness": {"baseColorFactor": [0.7, 0.7, 0.7, 1]}, "doubleSided": True}],
       "buffers": [{"byteLength": len(data), "uri": "data:application/octet-stream;base64," + base64.b64encode(data).decode()}],
       "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 48}, {"buffer": 0, "byteOffset": 48, "byteLength": 48},
                       {"buffer": 0, "byteOffset": 96, "byteLength": 24}],
       "accessors": [{"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3", "min": [-3, 0, -3], "max": [3, 0, 3]},
                     {"bufferView": 1, "componentType": 5126, "count": 4, "type": "VEC3"},
                     {"bufferView": 2, "componentType": 5125, "count": 6, "type": "SCALAR"}]}
if with_light:
    doc["extensionsUsed"] = ["KHR_lights_punctual"]
    doc["extensions"] = {"KHR_lights_punctual": {"lights": [{"type": "point", "color": [1, 1, 1], "intensity": 8, "range": 5}]}}
    doc["nodes"].append({"translation": [0, 1.5, 0], "extensions": {"KHR_lights_punctual": {"light": 0}}})
    doc["scenes"][0]["nodes"].append(1)
json.dump(doc, open(out, "w"))
PYEOF
}
# centre IMAGE: the luma (0..255) of the image's centre pixel.
centre()
{
    "$PY" - "$1" <<'PYEOF'
import sys
from PIL import Image
im = Image.open(sys.argv[1]).convert("RGB")
r, g, b = im.getpixel((im.size[0] // 2, im.size[1] // 2))
print("%.2f" % (0.2126 * r + 0.7152 * g + 0.0722 * b))
PYEOF
}

write_gltf "$TMP/lit.gltf" 1 || fail "cannot write the lit glTF"
write_gltf "$TMP/dark.gltf" 0 || fail "cannot write the glTF without its light"
echo '{"lights": [{"type": "point", "position": [0, 50, 0], "radius": 1, "color": [1, 1, 1], "intensity": 8}]}' >"$TMP/away.json"
common=(--headless --validate --size 96x64 --frames 1 --camera "0,5,0,0,-89.9" --exposure 2)
for sh in forward visibility; do
    if lc_ok "scene light ($sh)" --scene "$TMP/lit.gltf" "${common[@]}" --shading "$sh" --out "$TMP/lit-$sh.png" \
        --stats "$TMP/lit-$sh.json"; then
        src=$(img json "$TMP/lit-$sh.json" lights_source)
        [[ $src == scene ]] || fail "$sh: lights_source is '$src', want 'scene' (the file's own light)"
        n=$(img json "$TMP/lit-$sh.json" lights)
        [[ $n == 1 ]] || fail "$sh: $n lights, want the file's 1"
        u=$(img json "$TMP/lit-$sh.json" light_units)
        [[ $u == candela ]] || fail "$sh: light_units '$u'"
        grep -q "the scene's 1 (KHR_lights_punctual)" "$LC_STDOUT" "$LC_STDERR" || fail "$sh: no line saying the scene's light is used"
    fi
    lc_ok "no scene light ($sh)" --scene "$TMP/dark.gltf" --lights-file "$TMP/away.json" "${common[@]}" --shading "$sh" \
        --out "$TMP/dark-$sh.png" --stats "$TMP/dark-$sh.json" || continue
    src=$(img json "$TMP/dark-$sh.json" lights_source)
    [[ $src == file ]] || fail "$sh, without the scene's light: lights_source '$src', want 'file'"
    [[ -f $TMP/lit-$sh.png ]] || continue
    lit=$(centre "$TMP/lit-$sh.png") dark=$(centre "$TMP/dark-$sh.png")
    echo "  $sh: the floor under the light: luma $lit with the file's light, $dark without"
    # 8 cd at 1.5 m: 3.5 lux (window 0.98), at EV100 2 (times 1 / 4.8), against the ambient alone.
    fcmp "$lit" ">=" "$("$PY" -c "print($dark + 40)")" || fail "$sh: the floor under the light (luma $lit) is not brighter than without it ($dark)"
done
finish
