#!/usr/bin/env bash
# The renderer's basics, headless with validation: the default scene renders a lit image;
# a light far outside the scene leaves it much darker; one light in view lights the region
# under it and changes no pixel outside its projected volume; Sponza renders; --stats has
# its documented fields.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

W=192
H=108
SIZE=${W}x$H
CAM="0,1.7,27.5,0,6" # the default hall's own view (scene_default.c), given explicitly
run=(--headless --validate --quiet --size "$SIZE")

luma_check()
{
    local what=$1 png=$2 min_mean=$3 min_std=$4 mean std
    read -r mean std < <(img luma "$png")
    echo "  $what: mean luminance $mean, stddev $std"
    fcmp "$mean" ">" "$min_mean" || fail "$what: mean luminance $mean <= $min_mean (black or unlit?)"
    fcmp "$std" ">" "$min_std" || fail "$what: luminance stddev $std <= $min_std (flat image?)"
}

lights_file()
{
    echo "{\"lights\": [{\"type\": \"point\", \"position\": [$1], \"radius\": $2, \"intensity\": 8}]}" >"$3"
}

# --- the default scene with its generated lights: lit, with contrast; stats fields ---
if lc_ok "default scene" "${run[@]}" --frames 3 --out "$TMP/default.png" --stats "$TMP/default.json"; then
    luma_check "default scene" "$TMP/default.png" 0.15 0.08
    s=$TMP/default.json
    device=$(img json "$s" device) || fail "stats: no device"
    [[ -n $device ]] || fail "stats: empty device name"
    [[ $(img json "$s" mode) == zbin ]] || fail "stats: mode is not the default zbin"
    [[ $(img json "$s" width) == "$W" ]] || fail "stats: width != $W"
    [[ $(img json "$s" height) == "$H" ]] || fail "stats: height != $H"
    [[ $(img json "$s" frames) == 3 ]] || fail "stats: frames != 3"
    [[ $(img json "$s" lights) == 1024 ]] || fail "stats: lights != 1024 (the default)"
    for t in depth cull shade frame; do
        v=$(img json "$s" "gpu_ms.$t") || { fail "stats: no gpu_ms.$t"; continue; }
        fcmp "$v" ">" 0 || fail "stats: gpu_ms.$t = $v, expected > 0"
    done
    frame=$(img json "$s" gpu_ms.frame)
    shade=$(img json "$s" gpu_ms.shade)
    fcmp "$frame" ">=" "$shade" || fail "stats: gpu_ms.frame $frame < gpu_ms.shade $shade"
    echo "  stats: device '$device', gpu_ms.frame $frame"
fi

# --- one light far outside the scene: ambient only, much darker ---
lights_file "500, 500, 500" 2 "$TMP/far.json"
# Both light files at one fixed exposure (EV100 -0.5: the tone curve's old fixed gain of 1.2),
# so what changes between them is the light, not the automatic exposure that meters it.
FIXED=(--exposure -0.5)
if lc_ok "far light" "${run[@]}" "${FIXED[@]}" --lights-file "$TMP/far.json" --camera "$CAM" --out "$TMP/far.png" &&
    [[ -f $TMP/default.png ]]; then
    read -r lit _ < <(img luma "$TMP/default.png")
    read -r dark _ < <(img luma "$TMP/far.png")
    echo "  far light: mean luminance $dark (default lights $lit)"
    fcmp "$dark" "<" "$("$PY" -c "print(0.3 * $lit)")" || fail "far light: mean $dark is not much darker than $lit"
fi

# --- one small light on the floor in view: the region under it brightens, nothing else ---
# The light sits 0.3 m above the floor 7.5 m ahead of the camera; radius 1 m.
LIGHT="0.5, 0.3, 20"
RADIUS=1
lights_file "$LIGHT" $RADIUS "$TMP/near.json"
# Pixel boxes: the projection of the light's bounding cube (grown by 2 px), and 2 px around
# the floor point under the light. The camera math mirrors src/camera.c.
read -r box core < <("$PY" - "$CAM" "$LIGHT" $RADIUS $W $H <<'EOF'
import math, sys
x, y, z, yaw, pitch = map(float, sys.argv[1].split(","))
lx, ly, lz = map(float, sys.argv[2].split(","))
r, W, H = float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
ya, pa = math.radians(yaw), math.radians(pitch)
f = (-math.sin(ya) * math.cos(pa), math.sin(pa), -math.cos(ya) * math.cos(pa))
rt = (math.cos(ya), 0.0, -math.sin(ya))
up = (rt[1] * f[2] - rt[2] * f[1], rt[2] * f[0] - rt[0] * f[2], rt[0] * f[1] - rt[1] * f[0])
t = math.tan(math.radians(30.0))  # default 60 degree vertical field of view

def project(p):
    v = [p[i] - (x, y, z)[i] for i in range(3)]
    d = sum(v[i] * f[i] for i in range(3))
    assert d > 0.1, "behind the camera"
    sx = sum(v[i] * rt[i] for i in range(3)) / (d * t * W / H)
    sy = sum(v[i] * up[i] for i in range(3)) / (d * t)
    return (sx + 1) * 0.5 * W, (1 - sy) * 0.5 * H

pts = [project((lx + a * r, ly + b * r, lz + c * r)) for a in (-1, 1) for b in (-1, 1) for c in (-1, 1)]
x0 = max(int(min(p[0] for p in pts)) - 2, 0); x1 = min(int(max(p[0] for p in pts)) + 3, W)
y0 = max(int(min(p[1] for p in pts)) - 2, 0); y1 = min(int(max(p[1] for p in pts)) + 3, H)
cx, cy = project((lx, 0.0, lz))
assert 0 < x0 and x1 < W and 0 < y0 and y1 < H, "the light's box must lie inside the image"
print(f"{x0},{y0},{x1},{y1} {int(cx) - 2},{int(cy) - 2},{int(cx) + 3},{int(cy) + 3}")
EOF
) || fail "cannot project the light"
echo "  light box $box, floor under the light $core"
if [[ -n ${box:-} ]] && lc_ok "light in view" "${run[@]}" "${FIXED[@]}" --lights-file "$TMP/near.json" --camera "$CAM" --out "$TMP/near.png"; then
    read -r inside outside gain < <(img changed "$TMP/far.png" "$TMP/near.png" "$box")
    echo "  light in view: $inside pixels changed inside its box, $outside outside, mean gain $gain"
    [[ $outside -eq 0 ]] || fail "light in view: $outside pixels changed outside the light's projected volume"
    [[ $inside -gt 20 ]] || fail "light in view: only $inside pixels changed inside its box"
    fcmp "$gain" ">" 0.02 || fail "light in view: the box brightened by only $gain"
    # Every pixel of the floor right under the light is brighter.
    IFS=, read -r cx0 cy0 cx1 cy1 <<<"$core"
    read -r cin _ cgain < <(img changed "$TMP/far.png" "$TMP/near.png" "$core")
    [[ $cin -eq $(((cx1 - cx0) * (cy1 - cy0))) ]] || fail "light in view: only $cin pixels changed under the light"
    fcmp "$cgain" ">" 0.1 || fail "light in view: the floor under the light brightened by only $cgain"
fi

# --- Sponza ---
if have_sponza "the Sponza check" && lc_ok "Sponza" "${run[@]}" --scene "$LC_SPONZA" --out "$TMP/sponza.png"; then
    luma_check "Sponza" "$TMP/sponza.png" 0.12 0.06
fi

finish
