#!/bin/bash
# The geometry paths render one image: every path x occlusion x meshlet codec equals
# `--geometry direct --occlusion off` (max 1/255) on the default hall (zbin and brute), a grid of
# the procedural mesh and Sponza (with LC_SPONZA); culling draws fewer triangles than the
# scene has; a camera walk in the viewer (cuts, turns, objects appearing) gives the same image
# every stop with occlusion on and off; --geometry mesh (task shader, or --mesh-dispatch indirect:
# the same counts as the task shader) renders the same images where the device
# has mesh shaders and is refused in one line (naming the device and what it lacks) with no
# output elsewhere; bad values exit 2. Validation on throughout.
. "$(dirname "$0")/script_util.sh"

common=(--headless --validate --size 160x96 --frames 3 --lights 64 --seed 6)

# The mesh-shader path: compared below where the device runs it; elsewhere refused in one line
# (plus the device line and scene warnings), exit 2, no output file.
mesh_ok=0
rc=0
lc --headless --frames 1 --size 64x64 --geometry mesh --out "$TMP/mesh.png" || rc=$?
if [[ $rc == 0 ]]; then
    mesh_ok=1
else
    [[ $rc == 2 ]] || fail "--geometry mesh: exit $rc, expected 0 or 2"
    [[ $(grep -c -- "--geometry mesh" "$LC_STDERR") == 1 ]] || fail "--geometry mesh: expected one error line: $(cat "$LC_STDERR")"
    grep -q -- "--geometry mesh: device '.*' lacks .*" "$LC_STDERR" || fail "--geometry mesh: the line names no device and feature"
    [[ $(grep -vc "device: \|warning" "$LC_STDERR") == 1 ]] || fail "--geometry mesh: more than one line: $(cat "$LC_STDERR")"
    [[ -e $TMP/mesh.png ]] && fail "--geometry mesh left an output file"
    [[ $rc == 2 ]] && skip "the mesh-shader path's images" "$(grep -o -- "device '.*' lacks .*" "$LC_STDERR" | head -1)"
fi
same()
{ # same WHAT REF IMAGE
    local d
    d=$(img diff "$2" "$3") || { fail "$1: cannot compare"; return; }
    [[ $d -le 1 ]] || fail "$1: differs from direct --occlusion off by $d/255"
}

[[ -n ${LC_SPONZA:-} ]] || skip "the Sponza cases" "LC_SPONZA is not set"
# Under the sanitizers (LC_TEST_SWEEP=short) the hall and the grid: Sponza runs the same host
# code on a larger scene, which the first pass covers (and test_scene, test_models under them).
sponza=${LC_SPONZA:-}
[[ ${LC_TEST_SWEEP:-} == short ]] && sponza=
for scene in default "mesh --grid 2" ${sponza:+"$sponza"}; do
    tag=$(basename "${scene%% *}" .gltf)
    # shellcheck disable=SC2086 # the scene string carries its own arguments
    set -- --scene $scene
    modes=(zbin)
    [[ $tag == default ]] && modes=(zbin brute)
    for mode in "${modes[@]}"; do
        ref=$TMP/$tag-$mode-ref.png
        lc_ok "$tag $mode direct" "$@" "${common[@]}" --mode "$mode" --geometry direct --occlusion off --out "$ref" || continue
        combos=("mdi on on" "mdi off off" "direct off off")
        [[ $tag == default && $mode == zbin ]] && combos+=("mdi on off" "mdi off on")
        [[ $mesh_ok == 1 ]] && combos+=("mesh on on" "mesh off off" "mesh-indirect on on" "mesh-indirect off off")
        [[ $mesh_ok == 1 && $tag == default && $mode == zbin ]] && combos+=("mesh on off" "mesh off on" "mesh-indirect on off")
        for c in "${combos[@]}"; do
            read -r g occ codec <<<"$c"
            out=$TMP/$tag-$mode-$g-$occ-$codec.png
            # mesh-indirect: the mesh path under --mesh-dispatch indirect (compute cull, sublet
            # list, indirect-count mesh tasks) in place of its task shader.
            garg=(--geometry "$g")
            [[ $g == mesh ]] && garg=(--geometry mesh --mesh-dispatch task)
            [[ $g == mesh-indirect ]] && garg=(--geometry mesh --mesh-dispatch indirect)
            lc_ok "$tag $mode $c" "$@" "${common[@]}" --mode "$mode" "${garg[@]}" --occlusion "$occ" \
                --meshlet-codec "$codec" --out "$out" --stats "$out.json" || continue
            same "$tag $mode ${garg[*]} --occlusion $occ --meshlet-codec $codec" "$ref" "$out"
        done
        # The indirect dispatch culls with the task shader's function: the same meshlets,
        # sublets and triangles (with occlusion too: the same phases over the same HiZ), and
        # --stats names the dispatch that ran.
        for oc in "on on" "off off" "on off"; do
            ij=$TMP/$tag-$mode-mesh-indirect-${oc// /-}.png.json tj=$TMP/$tag-$mode-mesh-${oc// /-}.png.json
            [[ -f $ij && -f $tj ]] || continue
            [[ $(img json "$ij" geometry.path) == mesh ]] || fail "$tag $mode indirect $oc: stats geometry.path is not mesh"
            [[ $(img json "$ij" geometry.mesh_dispatch) == indirect ]] || fail "$tag $mode indirect $oc: stats geometry.mesh_dispatch is not indirect"
            [[ $(img json "$tj" geometry.mesh_dispatch) == task ]] || fail "$tag $mode mesh $oc: stats geometry.mesh_dispatch is not task (asked for)"
            fcmp "$(img json "$ij" geometry.triangles_drawn)" ">" 0 || fail "$tag $mode indirect $oc: draws no triangle"
            for k in meshlets_drawn triangles_drawn culled.frustum culled.backface culled.occlusion culled.sublets; do
                [[ $(img json "$ij" "geometry.$k") == $(img json "$tj" "geometry.$k") ]] ||
                    fail "$tag $mode $oc: geometry.$k: indirect $(img json "$ij" "geometry.$k"), task $(img json "$tj" "geometry.$k")"
            done
        done
        paths=(mdi)
        [[ $mesh_ok == 1 ]] && paths+=(mesh)
        for g in "${paths[@]}"; do
            json=$TMP/$tag-$mode-$g-on-on.png.json
            [[ -f $json ]] || continue
            [[ $(img json "$json" geometry.path) == "$g" ]] || fail "$tag: stats geometry.path is not $g"
            td=$(img json "$json" geometry.triangles_drawn) tt=$(img json "$json" geometry.triangles_total)
            fcmp "$td" "<" "$tt" || fail "$tag: $g with culling draws $td of $tt triangles"
            for k in meshlets_total meshlets_drawn culled.frustum culled.backface culled.occlusion; do
                img json "$json" "geometry.$k" >/dev/null 2>&1 || fail "$tag: stats lack geometry.$k"
            done
        done
        # The mesh path culls the same meshlets as mdi (one cull function): without occlusion
        # (whose HiZ could differ in a silhouette pixel between the two) the same counts. Its
        # task shader then culls sublets of those meshlets: no more triangles than mdi draws.
        mj=$TMP/$tag-$mode-mesh-off-off.png.json dj=$TMP/$tag-$mode-mdi-off-off.png.json
        if [[ -f $mj && -f $dj ]]; then
            for k in meshlets_drawn culled.frustum culled.backface; do
                [[ $(img json "$mj" "geometry.$k") == $(img json "$dj" "geometry.$k") ]] ||
                    fail "$tag: geometry.$k: mesh $(img json "$mj" "geometry.$k"), mdi $(img json "$dj" "geometry.$k")"
            done
            tm=$(img json "$mj" geometry.triangles_drawn) td=$(img json "$dj" geometry.triangles_drawn)
            fcmp "$tm" "<=" "$td" || fail "$tag: the mesh path draws $tm triangles, mdi $td"
            [[ $(img json "$dj" geometry.culled.sublets) == 0 ]] || fail "$tag: mdi reports culled sublets"
        fi
    done
done

# A walk through the hall in the viewer: cuts, turns, objects appearing from behind columns.
if have_xvfb_run "the camera walk in the viewer"; then
    printf '0 pause\n' >"$TMP/walk.script"
    i=1
    for cam in "0,1.7,14,0,0" "3,1.7,4,-60,0" "-3,1.7,-6,120,0" "0,6,-18,180,-30" "0,1.7,14,0,0"; do
        printf '%d camera %s\n%d screenshot %s/walk-OCC-%d.png\n' $i "$cam" $((i + 1)) "$TMP" $i >>"$TMP/walk.script"
        i=$((i + 3))
    done
    printf '%d quit\n' $i >>"$TMP/walk.script"
    for occ in on off; do
        sed "s/OCC/$occ/" "$TMP/walk.script" >"$TMP/walk-$occ.script"
        rc=0
        timeout 300 xvfb-run -a -s "-screen 0 640x480x24" "$LC_BIN" --validate --size 160x96 --lights 64 --geometry mdi \
            --occlusion $occ --script "$TMP/walk-$occ.script" >"$TMP/walk-$occ.log" 2>&1 || rc=$?
        [[ $rc == 0 ]] || fail "camera walk, occlusion $occ: exit $rc: $(tail -3 "$TMP/walk-$occ.log")"
    done
    for ((k = 1; k < i; k += 3)); do
        [[ -f $TMP/walk-on-$k.png && -f $TMP/walk-off-$k.png ]] || { fail "camera walk stop $k: no screenshot"; continue; }
        d=$(img diff "$TMP/walk-off-$k.png" "$TMP/walk-on-$k.png")
        [[ $d -le 1 ]] || fail "camera walk stop $k: occlusion on differs from off by $d/255"
    done
fi

# Without --geometry: direct below 4 M triangles; from there mesh where the device has mesh
# shaders, else mdi (the device draws indirect counts).
big=mdi
[[ $mesh_ok == 1 ]] && big=mesh
for c in "default direct" "mesh_--grid_6 $big"; do
    set -- $c
    scene=${1//_/ }
    # shellcheck disable=SC2086
    lc --headless --size 64x64 --lights 16 --frames 1 --scene $scene --stats "$TMP/auto.json" ||
        fail "--scene $scene without --geometry failed: $(tail -1 "$LC_STDERR")"
    [[ $(img json "$TMP/auto.json" geometry.path) == "$2" ]] || fail "--scene $scene: the default path is $(img json "$TMP/auto.json" geometry.path), not $2"
done

for bad in "--geometry fast" "--occlusion maybe" "--meshlet-codec 2" "--view meshlet" "--mesh-dispatch amplified"; do
    rc=0
    # shellcheck disable=SC2086
    lc --headless --size 64x64 $bad || rc=$?
    [[ $rc == 2 && $(wc -l <"$LC_STDERR") == 1 ]] || fail "$bad: exit $rc, $(wc -l <"$LC_STDERR") lines (expected 2, one line)"
done

# The mesh refusal on every device: mesh shaders hidden (LC_DEVICE_HIDE, docs/TESTING.md).
rm -f "$TMP/mesh-hidden.png"
rc=0
LC_DEVICE_HIDE=mesh_shader lc --headless --quiet --frames 1 --size 64x64 --geometry mesh --out "$TMP/mesh-hidden.png" || rc=$?
[[ $rc == 2 && $(wc -l <"$LC_STDERR") == 1 ]] || fail "--geometry mesh, mesh shaders hidden: exit $rc, $(wc -l <"$LC_STDERR") lines (expected 2, one line)"
grep -q -- "--geometry mesh: device '.*' lacks .*(hidden by LC_DEVICE_HIDE)" "$LC_STDERR" ||
    fail "--geometry mesh, mesh shaders hidden: the line names no device and hidden feature: $(cat "$LC_STDERR")"
[[ -e $TMP/mesh-hidden.png ]] && fail "--geometry mesh, mesh shaders hidden: left an output file"
# --mesh-dispatch indirect without indirect-count draws, and the default dispatch then: test_device_hide.
finish
