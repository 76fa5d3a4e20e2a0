# Shared by test_modes.sh and test_binning.sh (sourced, not run): lights files that stress the
# culling, one case (brute force, then every variant against it) and the cases of a scene.
# Needs script_util.sh sourced first. The caller sets:
#   SIZE       image size of the cases
#   VARIANTS   mode:binning pairs; scalarization on and off with tile binning, on with light
#              binning (binning builds the bits, the shading loop that walks them is the same)
#   ODD_SIZE   optional: also the near-plane and extreme-lights cases at this size

# Lights files placed relative to a camera (x y z yaw), eye height 1.7 m above the floor,
# so the same layout lands on visible surfaces in both scenes.
# extremes.json: tiny and huge radii, wide and narrow cones, seen from the given camera.
# near.json: for a camera standing at the given pose: volumes containing it, crossing its
# near plane, behind it, and spots aimed at it.
write_lights()
{
    "$PY" - "$@" <<'EOF'
import json, math, sys
out, x, y, z, yaw = sys.argv[1], *map(float, sys.argv[2:6])
f = (-math.sin(math.radians(yaw)), 0.0, -math.cos(math.radians(yaw)))  # forward
r = (-f[2], 0.0, f[0])                                                  # right = f x up
floor = y - 1.7

def at(fwd, right, h):
    """World position fwd metres ahead, right metres to the right, h above the floor."""
    return [x + f[0] * fwd + r[0] * right, floor + h, z + f[2] * fwd + r[2] * right]

def towards(frm, to):
    return [b - a for a, b in zip(frm, to)]

def point(p, radius, color, intensity=4.0):
    return {"type": "point", "position": p, "radius": radius, "color": color, "intensity": intensity}

def spot(p, d, radius, inner, outer, color, intensity=6.0):
    return {"type": "spot", "position": p, "direction": d, "radius": radius, "inner_deg": inner,
            "outer_deg": outer, "color": color, "intensity": intensity}

down, fwd_dir, back_dir = [0, -1, 0], list(f), [-f[0], 0, -f[2]]
eye = [x, y, z]
if out.endswith("extremes.json"):
    lights = [
        point(at(3.0, 0.2, 0.02), 0.05, [1, 0.2, 0.2], 60),          # tiny, on the floor
        point(at(6.0, -0.4, 0.03), 0.05, [0.2, 1, 0.2], 60),
        point(at(2.5, 0.0, 0.6), 0.05, [1, 1, 1], 60),               # tiny, in mid-air
        point(at(25.0, 3.0, 4.0), 40.0, [0.6, 0.6, 0.8], 40),        # huge, everywhere
        spot(at(20.0, 0.0, 6.0), down, 40.0, 10, 20, [1, 0.9, 0.5], 40),  # huge spot
        spot(at(8.0, -2.0, 5.0), [0.2, -1, 0.1], 10.0, 60, 120, [0.3, 0.5, 1]),     # wider than a hemisphere
        spot(at(12.0, 2.0, 1.5), [f[0], -0.3, f[2]], 8.0, 100, 170, [1, 0.4, 0.8]),  # almost a point light
        spot(at(5.0, 0.0, 6.0), [f[0] * 0.4, -1, f[2] * 0.4], 14.0, 2, 5, [1, 1, 0.3], 20),  # narrow
        spot(at(15.0, -1.0, 3.0), [0, -1, 0], 6.0, 5, 5, [0.2, 1, 1], 20),  # narrow, hard edge
    ]
else:
    lights = [
        point(at(0.3, 0.2, 1.9), 3.0, [1, 0.8, 0.6]),                 # the camera is inside
        point([e + 0.04 * b for e, b in zip(eye, back_dir)], 0.5, [0.5, 1, 0.5]),  # across the near plane
        point(at(0.06, 0.5, 1.6), 2.0, [0.8, 0.3, 1]),                # centre just past the near plane
        point(at(-4.0, 0.0, 1.0), 5.0, [0.4, 0.7, 1]),                # behind, reaching in front
        spot(at(-3.0, 1.0, 3.0), [f[0], -0.2, f[2]], 15.0, 15, 30, [1, 1, 0.6]),   # behind, aimed forward
        spot(at(-1.0, -1.0, 1.7), back_dir, 6.0, 120, 170, [1, 0.5, 0.3]),  # behind, aimed back, wraps round
        spot(at(7.0, 0.0, 1.7), towards(at(7.0, 0.0, 1.7), eye), 10.0, 20, 40, [0.6, 1, 0.6]),  # at the camera
        spot(at(30.0, 0.5, 2.2), towards(at(30.0, 0.5, 2.2), eye), 45.0, 2, 5, [1, 0.3, 0.3], 20),  # narrow, at the camera
        spot(list(eye), [f[0], -0.5, f[2]], 12.0, 30, 60, [0.9, 0.9, 1]),  # apex at the eye
    ]
with open(out, "w") as fh:
    json.dump({"lights": lights}, fh, indent=1)
EOF
}

# run_cases SIZE VARIANTS ARGS... -- CASE...: each CASE ("NAME" or "NAME;ACTION;ACTION...",
# the script actions that set it up, e.g. a lights file and a camera) renders brute force, then
# every mode:binning variant x scalarize (on: merged where a subgroup spans tiles; always:
# merged in every subgroup, so the merging loops run on devices whose subgroups never span a
# tile; off) against it. One process renders every case, a frame each, through a headless
# --script with the light clock paused, so each pipeline is built once (lavapipe compiles a
# mode's shaders in about a second); tests/test_headless_script.sh proves a script's frame,
# lights file and camera included, is the image and the counts of a fresh process with the same
# options.
run_cases()
{
    local size=$1 variants=$2
    shift 2
    local -a args=()
    while [[ $1 != -- ]]; do args+=("$1"); shift; done
    shift
    local script="$TMP/cases-$RANDOM.script" frame=0 c a name
    local -a names=() whats=() files=() merges=() binnings=() refs=()
    echo "0 pause" >"$script"
    for c in "$@"; do
        IFS=';' read -r -a acts <<<"$c"
        name=${acts[0]}
        names+=("$name")
        for a in "${acts[@]:1}"; do echo "$frame $a" >>"$script"; done
        # Brute force at the start's settings (binning lights, scalarized).
        printf '%s mode brute\n%s binning lights\n%s scalarize on\n%s screenshot %s\n%s stats %s\n' "$frame" "$frame" "$frame" \
            "$frame" "$TMP/$name-brute.png" "$frame" "$TMP/$name-brute.json" >>"$script"
        frame=$((frame + 1))
        local v m b s
        for v in $variants; do
            m=${v%%:*} b=${v#*:}
            local scalarize="on always off"
            [[ $b == tiles ]] || scalarize=on
            for s in $scalarize; do
                local merge=tiles
                [[ $s == always ]] && merge=always
                whats+=("$name $m binning=$b scalarize=$s") files+=("$TMP/$name-$m-$b-$s") merges+=("$merge") binnings+=("$b")
                refs+=("$name")
                printf '%s mode %s\n%s binning %s\n%s scalarize %s\n%s screenshot %s.png\n%s stats %s.json\n' "$frame" "$m" "$frame" "$b" \
                    "$frame" "$s" "$frame" "$TMP/$name-$m-$b-$s" "$frame" "$TMP/$name-$m-$b-$s" >>"$script"
                frame=$((frame + 1))
            done
        done
    done
    lc_ok "${names[*]} (brute and ${#whats[@]} variants)" --headless --validate --quiet --size "$size" --pairs "${args[@]}" \
        --script "$script" || return
    local -A exact=()
    for name in "${names[@]}"; do
        exact[$name]=$(img json "$TMP/$name-brute.json" pairs.exact)
        if ! [[ ${exact[$name]} =~ ^[0-9.e+]+$ ]] || ! fcmp "${exact[$name]}" ">" 0; then
            fail "$name: no pixel is lit by any light (pairs.exact = ${exact[$name]}): the case tests nothing"
        fi
    done
    local i
    for i in "${!whats[@]}"; do
        local what=${whats[$i]} png=${files[$i]}.png js=${files[$i]}.json ref="$TMP/${refs[$i]}-brute.png" want=${exact[${refs[$i]}]}
        [[ -f $png && -f $js ]] || { fail "$what: no image or stats written"; continue; }
        [[ $(img json "$js" binning) == "${binnings[$i]}" ]] || fail "$what: stats say binning $(img json "$js" binning)"
        [[ $(img json "$js" scalarize_merge) == "${merges[$i]}" ]] || fail "$what: stats say scalarize_merge $(img json "$js" scalarize_merge)"
        same_as_ref "$what" "$ref" "$png" "$js" "$want" "brute force"
    done
}

# scene_cases TAG SCENE "X Y Z YAW PITCH" (the scene's default view) "X Y Z YAW PITCH" (from above)
scene_cases()
{
    local tag=$1 scene=$2
    local -a cam0 high
    read -r -a cam0 <<<"$3"
    read -r -a high <<<"$4"
    local c0 ch near
    c0=$(IFS=,; echo "${cam0[*]}")
    ch=$(IFS=,; echo "${high[*]}")
    # Four metres into the view, looking straight ahead.
    near=$("$PY" -c "import math,sys; x,y,z,yaw=map(float,sys.argv[1:5]); a=math.radians(yaw); print(f'{x-4*math.sin(a):.3f},{y:.3f},{z-4*math.cos(a):.3f},{yaw:g},0')" "${cam0[@]:0:4}")
    write_lights "$TMP/$tag-extremes.json" "${cam0[@]:0:4}"
    IFS=, read -r -a nc <<<"$near"
    write_lights "$TMP/$tag-near.json" "${nc[@]:0:4}"

    echo "$tag: generated lights, default camera; extreme radii and cones, default view and from above; camera inside"
    echo "$tag: light volumes, near plane, behind, spots aimed at the camera"
    run_cases "$SIZE" "$VARIANTS" --scene "$scene" --lights 128 --seed 3 -- "$tag-generated" \
        "$tag-extremes;lights-file $TMP/$tag-extremes.json;camera $c0" "$tag-extremes-high;camera $ch" \
        "$tag-near;lights-file $TMP/$tag-near.json;camera $near"
    if [[ -n ${ODD_SIZE:-} ]]; then
        echo "$tag: at $ODD_SIZE (partial tiles and clusters): near plane and extremes"
        run_cases "$ODD_SIZE" "$VARIANTS" --scene "$scene" --lights-file "$TMP/$tag-near.json" --camera "$near" -- "$tag-odd-near" \
            "$tag-odd-extremes;lights-file $TMP/$tag-extremes.json;camera $c0"
    fi
}

# Both scenes: the default hall, and Sponza when LC_SPONZA is set.
all_scenes()
{
    # The default hall: camera near the +Z end looking down the nave (scene_default.c).
    scene_cases default default "0 1.7 27.5 0 6" "5 10 12 30 -50"

    # Sponza: the import's default view (end of the atrium, looking along +X) and from above.
    if have_sponza "the Sponza cases"; then
        scene_cases sponza "$LC_SPONZA" "-17.43 5.68 -0.79 -90 5" "-8 14 4 -60 -45"
    fi
}
