#!/usr/bin/env bash
# Visibility shading on every geometry path: direct, mdi (indirect-count meshlet draws) and
# mesh (task and mesh shaders, and under --mesh-dispatch indirect a compute cull's sublet list
# drawn by indirect-count mesh tasks), each with two-phase occlusion on and off, after a depth
# pre-pass (direct's default) or in one raster pass (mdi's and mesh's default), writes the same
# visibility ids (object, primitive within the object's mesh), so each renders the image of
# visibility + direct (<= 1/255, but for the pixels where the path's forward image also leaves
# forward + direct's: there the path's raster gives the pixel to another triangle in both
# shadings, as the mesh path does on lavapipe at a few pixels on Sponza's shared edges, with
# the meshlet codec on or off; those are counted and listed, at most 16), misses no light-pixel pair and counts the same pairs; --stats names
# the path and the occlusion that ran; each is within the forward-vs-visibility bound of
# forward shading on the same path (docs/CULLING.md, "Visibility shading"); two-word ids (64) give
# the one-word image; --view meshlets under visibility shading is forward's meshlet view of
# the same path (<= 1/255), not the shaded image. Default hall, --scene mesh --grid 2, and
# Sponza where LC_SPONZA is set; the mesh path where the device has mesh shaders.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

SIZE=160x90
printf '0 pause\n' >"$TMP/pause.script"
mesh_probe "the mesh path under visibility shading"

# geo_args G: the arguments of path G; mesh is the mesh path's task shader, mesh-indirect the
# mesh path under --mesh-dispatch indirect (a compute cull's sublet list drawn by
# indirect-count mesh tasks), both asked for by name (the default is indirect where it runs).
geo_args()
{
    if [[ $1 == mesh-indirect ]]; then echo "--geometry mesh --mesh-dispatch indirect"
    elif [[ $1 == mesh ]]; then echo "--geometry mesh --mesh-dispatch task"
    else echo "--geometry $1"; fi
}

# shot FILE F [stats]: the script's lines that write FILE.png (and FILE.json) after frame F.
shot()
{
    echo "$2 screenshot $1.png"
    [[ -z ${3:-} ]] || echo "$2 stats $1.json"
}

# have WHAT FILE...: true when the run wrote every FILE, else WHAT fails.
have()
{
    local what=$1 f
    shift
    for f in "$@"; do
        [[ -f $f ]] || { fail "$what: $f was not written"; return 1; }
    done
}

# paths_run TAG G ARGS...: one process for path G, two frames a setting as a fresh run's
# --frames 2 (tests/test_headless_script.sh: a script's frame is a fresh process's): visibility
# then forward shading with occlusion on, then off (direct: the reference, visibility and
# forward, then occlusion off, which direct does not run).
paths_run()
{
    local tag=$1 g=$2
    shift 2
    # shellcheck disable=SC2207 # geo_args prints words
    local garg=($(geo_args "$g")) sc="$TMP/$tag-$g.script"
    # The two raster passes, asked for on mdi and mesh (their default is the single pass,
    # compared with these below); direct's default.
    [[ $g != direct ]] && garg+=(--visibility-pass prepass)
    {
        echo "0 pause"
        if [[ $g == direct ]]; then
            echo "0 shading visibility"
            shot "$TMP/$tag-vis-direct" 1 stats
            echo "2 shading forward"
            shot "$TMP/$tag-fwd-direct-off" 3
        fi
        local o f=0
        [[ $g == direct ]] && f=4
        for o in on off; do
            [[ $g == direct && $o == on ]] && continue # occlusion is mdi's and mesh's
            printf '%s occlusion %s\n%s shading visibility\n' "$f" "$o" "$f"
            shot "$TMP/$tag-vis-$g-$o" $((f + 1)) stats
            echo "$((f + 2)) shading forward"
            shot "$TMP/$tag-fwd-$g-$o" $((f + 3))
            f=$((f + 4))
        done
    } >"$sc"
    lc_ok "$tag $g: visibility and forward, occlusion on and off" "${common[@]}" "${garg[@]}" "$@" --script "$sc" || return
    ! grep -q "warning" "$LC_STDERR" || fail "$tag $g: a warning: $(head -c 600 "$LC_STDERR")"
}

# single_run TAG G: one process for path G's single raster pass (mdi, mesh: their default;
# direct: asked for) then, on mdi and mesh, the meshlets view in both shadings.
single_run()
{
    local tag=$1 g=$2 o=on single=()
    local sc="$TMP/$tag-$g-single.script"
    [[ $g == direct ]] && o=off single=(--visibility-pass single)
    {
        echo "0 pause"
        shot "$TMP/$tag-vis-$g-single" 1 stats
        if [[ $g != direct ]]; then
            echo "2 view meshlets"
            printf '3 screenshot %s\n3 stats %s\n' "$TMP/$tag-ml-vis-$g.png" "$TMP/$tag-ml-$g.json"
            echo "4 shading forward"
            shot "$TMP/$tag-ml-fwd-$g" 5
        fi
    } >"$sc"
    # shellcheck disable=SC2046 # geo_args prints words
    lc_ok "$tag visibility + $g, the single pass and the meshlets view" "${common[@]}" --shading visibility $(geo_args "$g") \
        --occlusion $o "${single[@]}" --script "$sc"
}

# paths_case TAG ARGS...: the scene on every path and occlusion setting.
paths_case()
{
    local tag=$1
    shift
    local common=(--headless --validate --quiet --size "$SIZE" --frames 2 --pairs --lights 128 --seed 5 "$@")
    local g o
    for g in direct mdi mesh mesh-indirect; do
        [[ $g == mesh* && $mesh_ok == 0 ]] && continue
        paths_run "$tag" "$g"
        single_run "$tag" "$g"
    done
    local ref="$TMP/$tag-vis-direct.png"
    local fref="$TMP/$tag-fwd-direct-off.png"
    have "$tag visibility + direct" "$ref" "$fref" "$TMP/$tag-vis-direct.json" || return
    local exact
    exact=$(img json "$TMP/$tag-vis-direct.json" pairs.exact)
    fcmp "$exact" ">" 0 || fail "$tag: no pixel is lit by any light (pairs.exact = $exact): the case tests nothing"
    local want_d=8
    [[ $(img json "$TMP/$tag-vis-direct.json" device) == *llvmpipe* ]] && want_d=5
    for g in direct mdi mesh mesh-indirect; do
        [[ $g == mesh* && $mesh_ok == 0 ]] && continue
        for o in on off; do
            [[ $g == direct && $o == on ]] && continue # occlusion is mdi's and mesh's
            local what="$tag visibility + $g, occlusion $o" png="$TMP/$tag-vis-$g-$o.png" js="$TMP/$tag-vis-$g-$o.json"
            have "$what" "$png" "$js" || continue
            local p occ missed e
            p=$(img json "$js" geometry.path)
            occ=$(img json "$js" geometry.occlusion)
            [[ $p == "${g%-indirect}" ]] || fail "$what: --stats geometry.path is '$p'"
            if [[ $g == mesh* ]]; then
                local md want=task
                md=$(img json "$js" geometry.mesh_dispatch)
                [[ $g == mesh-indirect ]] && want=indirect
                [[ $md == "$want" ]] || fail "$what: --stats geometry.mesh_dispatch is '$md'"
            fi
            [[ ($g == direct && $occ == False) || ($o == on && $occ == True) || ($o == off && $occ == False) ]] ||
                fail "$what: --stats geometry.occlusion is '$occ'"
            missed=$(img json "$js" pairs.missed)
            e=$(img json "$js" pairs.exact)
            [[ $missed == 0 ]] || fail "$what: pairs.missed = $missed"
            [[ $e == "$exact" ]] || fail "$what: pairs.exact = $e, visibility + direct counted $exact"
            # Forward shading on the same path: the bound of visibility against forward, and
            # the pixels where this path's forward image leaves forward + direct's (its raster
            # gave the pixel to another triangle: the same one wins in both shadings).
            local fwd="$TMP/$tag-fwd-$g-$o.png" df ties worst n
            have "$tag forward + $g, occlusion $o" "$fwd" || continue
            df=$(img diff "$fwd" "$png") && ties=$(img ties "$ref" "$png" "$fref" "$fwd") || { fail "$what: cannot compare"; continue; }
            [[ $df -le $want_d ]] || fail "$what: differs from forward + $g by $df/255 (want <= $want_d)"
            read -r worst n _ <<<"$ties"
            [[ $worst -le 1 ]] || fail "$what: differs from visibility + direct by $worst/255 outside ties (ties: ${ties#* })"
            [[ $n -le 16 ]] || fail "$what: $n pixels tie apart from visibility + direct (want <= 16): ${ties#* }"
            printf '  %-44s path %s occlusion %s  vs direct %s/255 (ties %s)  vs forward %s/255  missed %s\n' \
                "$what" "$p" "$occ" "$worst" "${ties#* }" "$df" "$missed"
            if [[ $g == mesh* && $o == on && $tag == grid ]]; then
                local td tt
                td=$(img json "$js" geometry.triangles_drawn)
                tt=$(img json "$js" geometry.triangles_total)
                fcmp "$td" "<" "$tt" || fail "$what: draws $td of $tt triangles: nothing culled, the case tests no culling"
            fi
        done
    done
    # One raster pass writing depth and ids against the depth pre-pass then the ids (EQUAL):
    # the same depth, and the same surface wins coplanar ties (both draw in one order). The
    # defaults: the pre-pass on direct, the single pass on mdi and mesh (asked for by name on
    # direct here, by default on the others).
    for g in direct mdi mesh mesh-indirect; do
        [[ $g == mesh* && $mesh_ok == 0 ]] && continue
        local pp="$TMP/$tag-vis-$g-single.png" o=on dp
        [[ $g == direct ]] && o=off
        have "$tag visibility + $g, the single pass" "$pp" "$TMP/$tag-vis-$g-single.json" "$TMP/$tag-vis-$g-$o.json" || continue
        [[ $(img json "$TMP/$tag-vis-$g-single.json" visibility_pass) == single ]] || fail "$tag visibility + $g: --stats visibility_pass is not single"
        [[ $(img json "$TMP/$tag-vis-$g-$o.json" visibility_pass) == prepass ]] || fail "$tag visibility + $g: --stats visibility_pass is not prepass"
        dp=$(img diff "$TMP/$tag-vis-$g-$o.png" "$pp")
        [[ $dp -le 1 ]] || fail "$tag visibility + $g: the single pass differs from the pre-pass by $dp/255 ($(img pixels "$TMP/$tag-vis-$g-$o.png" "$pp"))"
    done
    # Two-word ids on the GPU-driven paths: the same triangles, the same image (a fresh
    # process each: the ids' width is fixed at start; the light clock paused as in the
    # scripts above, so the frame shows their instant).
    for g in mdi mesh mesh-indirect; do
        [[ $g == mesh* && $mesh_ok == 0 ]] && continue
        local png64="$TMP/$tag-vis-$g-64.png"
        # shellcheck disable=SC2046 # geo_args prints words
        if lc_ok "$tag visibility + $g, 64-bit ids" "${common[@]}" --shading visibility $(geo_args "$g") --visibility-ids 64 \
            --script "$TMP/pause.script" --out "$png64"; then
            local d64
            d64=$(img diff "$TMP/$tag-vis-$g-on.png" "$png64")
            [[ $d64 == 0 ]] || fail "$tag visibility + $g: 64-bit ids change the image by $d64/255"
        fi
    done
    # The meshlets view: forward's, colour per meshlet from the decoded id.
    for g in mdi mesh mesh-indirect; do
        [[ $g == mesh* && $mesh_ok == 0 ]] && continue
        local mv="$TMP/$tag-ml-vis-$g.png" mf="$TMP/$tag-ml-fwd-$g.png"
        have "$tag --view meshlets ($g)" "$mv" "$mf" "$TMP/$tag-ml-$g.json" || continue
        [[ $(img json "$TMP/$tag-ml-$g.json" view) == meshlets ]] || fail "$tag visibility + $g: --stats view is not meshlets"
        local dm ds
        dm=$(img diff "$mf" "$mv")
        ds=$(img diff "$TMP/$tag-vis-$g-on.png" "$mv")
        [[ $dm -le 1 ]] || fail "$tag --view meshlets ($g): visibility differs from forward by $dm/255 ($(img pixels "$mf" "$mv"))"
        [[ $ds -gt 32 ]] || fail "$tag --view meshlets ($g): the image is the shaded one (differs by $ds/255)"
        printf '  %-44s vs forward %s/255, vs shaded %s/255\n' "$tag --view meshlets, visibility + $g" "$dm" "$ds"
    done
}

paths_case hall --scene default
# Under the sanitizers (LC_TEST_SWEEP=short) the hall alone: the grid's and Sponza's host code
# is the hall's on more objects and materials (test_geometry runs the grid there), covered by
# the first pass.
[[ ${LC_TEST_SWEEP:-} != short ]] && paths_case grid --scene mesh --grid 2
[[ ${LC_TEST_SWEEP:-} != short ]] && have_sponza "the Sponza case" && paths_case sponza --scene "$LC_SPONZA"

finish
