#!/usr/bin/env bash
# Visibility-buffer shading (--shading visibility): within the path, every culling mode,
# scalarized (merging where a subgroup spans tiles, and merging always) and not, renders the visibility brute-force image (<= 1/255) and misses no
# light-pixel pair, with validation on; the path's brute-force image is close to the forward
# one (on lavapipe PSNR >= 60 dB and max difference <= 5/255, elsewhere >= 45 dB and <= 8/255,
# as docs/CULLING.md states: both rebuild the same surface, the visibility shade with analytic quad
# derivatives standing in for the rasterizer's); the heatmap and tightness views at known
# light counts are tests/test_tonemap.sh's; its automatic tiles are one step coarser than forward's; two-sided
# normals are turned alike in both paths; the viewer toggles it and inspects its frames.
# Every geometry path and the meshlets view run under it without a word (their images:
# tests/test_visibility_paths.sh); --tonemap fused under forward shading runs compute with one
# warning line, and --stats says so.
# Default scene and Sponza. (A bad --shading value: tests/test_bad_input.sh.)
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

# Odd: the 8x4 compute blocks and the 8-pixel tiles overhang the right and bottom edges.
SIZE=197x109
# The fresh runs beside the script's frames hold the light clock as the script does (--frames 2
# would otherwise show the second frame's instant).
printf '0 pause\n' >"$TMP/pause.script"
MODES="lists tiles clusters zbin"
# Under the sanitizers (scripts/test-sanitize.sh sets LC_TEST_SWEEP=short) the mode sweep is
# zbin alone: the other modes' shaders are the first pass's, their host code runs in
# test_bench_quick and test_gpu_cull there, and under ASan each lavapipe frame costs 2-3x.
[[ ${LC_TEST_SWEEP:-} == short ]] && MODES=zbin

# vis_case TAG ARGS...: the scene's visibility modes against visibility brute force, and
# visibility brute force against forward brute force.
vis_case()
{
    local tag=$1
    shift
    local common=(--headless --validate --quiet --size "$SIZE" --frames 2 --pairs "$@")
    local ref="$TMP/$tag-vis-brute.png" fwd="$TMP/$tag-fwd-brute.png"
    # Brute force then every mode x scalarization in one process, two frames each as a fresh
    # --frames 2 run, switched by a headless --script (the light clock paused;
    # tests/test_headless_script.sh: a script's frame is a fresh process's image and counts).
    local sc="$TMP/$tag.script" f=2 m s
    printf '0 pause\n1 screenshot %s\n1 stats %s\n' "$ref" "$TMP/$tag-vis-brute.json" >"$sc"
    for m in $MODES; do
        # always: the merging loops, which 8x4 blocks in one tile otherwise compile out.
        for s in on always off; do
            printf '%s mode %s\n%s scalarize %s\n%s screenshot %s\n%s stats %s\n' $f "$m" $f "$s" $((f + 1)) "$TMP/$tag-$m-$s.png" \
                $((f + 1)) "$TMP/$tag-$m-$s.json" >>"$sc"
            f=$((f + 2))
        done
    done
    lc_ok "$tag visibility brute and every mode" "${common[@]}" --shading visibility --mode brute --script "$sc" || return
    [[ $(img json "$TMP/$tag-vis-brute.json" shading) == visibility ]] || fail "$tag: --stats shading is not 'visibility'"
    # The automatic tile size is one step coarser than the forward pass's (8 pixels here).
    [[ $(img json "$TMP/$tag-vis-brute.json" tile_size) == 16 ]] || fail "$tag: visibility's automatic tiles are not 16 pixels"
    # The scene's ids fit one word (auto); two words (64) must give the same image.
    [[ $(img json "$TMP/$tag-vis-brute.json" visibility_id_bits) == 32 ]] || fail "$tag: visibility ids are not one 32-bit word"
    local ids64="$TMP/$tag-vis-brute-64.png"
    if lc_ok "$tag visibility brute, 64-bit ids" "${common[@]}" --shading visibility --mode brute --visibility-ids 64 --script "$TMP/pause.script" --out "$ids64" \
        --stats "$TMP/$tag-vis-64.json"; then
        [[ $(img json "$TMP/$tag-vis-64.json" visibility_id_bits) == 64 ]] || fail "$tag: --visibility-ids 64 did not take two words"
        [[ $(img diff "$ref" "$ids64") == 0 ]] || fail "$tag: 64-bit ids change the image against 32-bit ones"
    fi
    local exact
    exact=$(img json "$TMP/$tag-vis-brute.json" pairs.exact)
    fcmp "$exact" ">" 0 || fail "$tag: no pixel is lit by any light (pairs.exact = $exact): the case tests nothing"
    for m in $MODES; do
        for s in on always off; do
            local what="$tag visibility $m scalarize=$s" png="$TMP/$tag-$m-$s.png" js="$TMP/$tag-$m-$s.json"
            [[ -f $png && -f $js ]] || { fail "$what: no image or stats written"; continue; }
            local merge=tiles
            [[ $s == always ]] && merge=always
            [[ $(img json "$js" mode) == "$m" && $(img json "$js" scalarize_merge) == "$merge" ]] ||
                fail "$what: stats say mode $(img json "$js" mode), scalarize_merge $(img json "$js" scalarize_merge)"
            same_as_ref "$what" "$ref" "$png" "$js" "$exact" "visibility brute force"
        done
    done
    # Cluster tiles of 20 pixels: 8x4 blocks span them, so the scalarized cluster loop asks the
    # subgroup and merges where it spans two (with 64-pixel clusters it never does).
    if [[ $MODES == *clusters* ]]; then
        local what="$tag visibility clusters of 20 px, scalarized" png="$TMP/$tag-clusters20.png" js="$TMP/$tag-clusters20.json"
        if lc_ok "$what" "${common[@]}" --shading visibility --mode clusters --cluster-size 20 --script "$TMP/pause.script" --out "$png" --stats "$js"; then
            local d20 m20
            d20=$(img diff "$ref" "$png") && m20=$(img json "$js" pairs.missed) || fail "$what: cannot compare"
            [[ $d20 -le 1 && $m20 == 0 ]] || fail "$what: differs from visibility brute force by $d20/255, missed $m20"
            printf '  %-44s max diff %s  missed %s
' "$what" "$d20" "$m20"
        fi
    fi
    lc_ok "$tag forward brute" "${common[@]}" --mode brute --script "$TMP/pause.script" --out "$fwd" --stats "$TMP/$tag-fwd-brute.json" || return
    [[ $(img json "$TMP/$tag-fwd-brute.json" tile_size) == 8 ]] || fail "$tag: forward's automatic tiles are not 8 pixels"
    local p d
    p=$(img psnr "$fwd" "$ref") && d=$(img diff "$fwd" "$ref") || { fail "$tag: cannot compare with forward"; return; }
    # docs/CULLING.md ("Visibility shading") states both bounds: on lavapipe what it measures here,
    # elsewhere the bound any GPU must meet (the H100 measures 5/255, docs/BENCHMARKS.md).
    local want_p=45 want_d=8
    if [[ $(img json "$TMP/$tag-vis-brute.json" device) == *llvmpipe* ]]; then
        want_p=60 want_d=5
    fi
    fcmp "$p" ">=" $want_p || fail "$tag: visibility vs forward PSNR $p dB (want >= $want_p)"
    [[ $d -le $want_d ]] || fail "$tag: visibility vs forward differs by $d/255 (want <= $want_d)"
    printf '  %-44s PSNR %s dB  max diff %s\n' "$tag visibility vs forward (brute)" "$p" "$d"
}

vis_case default --scene default --lights 128 --seed 3
have_sponza "the Sponza cases" && vis_case sponza --scene "$LC_SPONZA" --lights 128 --seed 3

# Two-sided normals are turned by the triangle's plane, not by the sign of normal . view: a
# quad facing +z whose vertex normals lean far toward +x, seen obliquely from the -x side (so
# normal . view < 0 everywhere on its front face), lit by a light on the +x side, is lit in
# both paths; seen from behind, its normals are turned (lit by a light on the -x side). Under
# the old rule the front view was dark (ambient only: luma 0.075 against 0.097 lit; the bound
# sits between them: 0.1 before glTF's BRDF, under which the lit view measured 0.129).
printf 'v -4 -2 0\nv 4 -2 0\nv 4 2 0\nv -4 2 0\nvt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\nvn 1 0 0.05\nf 1/1/1 2/2/1 3/3/1\nf 1/1/1 3/3/1 4/4/1\n' \
    >"$TMP/lean.obj"
for side in front:10,0,1:-8,0,4,-63.43,0 back:-10,0,-1:-8,0,-4,-116.57,0; do
    IFS=: read -r name light cam <<<"$side"
    printf '{"lights": [{"type": "point", "position": [%s], "radius": 25, "color": [1, 1, 1], "intensity": 40}]}\n' "$light" \
        >"$TMP/lean-$name.json"
    for sh in forward visibility; do
        lc_ok "two-sided $name $sh" --headless --validate --quiet --size 160x90 --scene "$TMP/lean.obj" \
            --lights-file "$TMP/lean-$name.json" --camera "$cam" --mode zbin --shading "$sh" --out "$TMP/lean-$name-$sh.png" || continue
        l=$(img luma "$TMP/lean-$name-$sh.png" | cut -d' ' -f1)
        fcmp "$l" ">" 0.085 || fail "two-sided $name $sh: the leaning quad is dark (luma $l): its normal was turned the wrong way"
    done
    d=$(img diff "$TMP/lean-$name-forward.png" "$TMP/lean-$name-visibility.png")
    [[ $d -le 1 ]] || fail "two-sided $name: forward and visibility differ by $d/255"
    printf '  %-44s luma %s, forward vs visibility %s/255\n' "two-sided normals, $name view" "$l" "$d"
done

# Every geometry path runs under visibility shading, and the meshlets view too: as asked, with
# no warning, and --stats names them (the images: tests/test_visibility_paths.sh).
repl=(--headless --validate --quiet --size 64x48 --lights 32 --seed 3 --frames 3 --shading visibility)
for g in mdi mesh; do
    rc=0
    lc "${repl[@]}" --geometry "$g" --stats "$TMP/repl-$g.json" || rc=$?
    if [[ $g == mesh && $rc == 2 ]] && grep -q "lacks" "$LC_STDERR"; then
        skip "--geometry mesh with visibility shading" "the device has no mesh shaders: $(head -1 "$LC_STDERR")"
        continue
    fi
    [[ $rc == 0 ]] || { fail "visibility + --geometry $g: exit $rc: $(head -c 600 "$LC_STDERR")"; continue; }
    ! grep -q "warning" "$LC_STDERR" || fail "visibility + --geometry $g: a warning where nothing was replaced: $(head -c 600 "$LC_STDERR")"
    p=$(img json "$TMP/repl-$g.json" geometry.path)
    [[ $p == "$g" ]] || fail "visibility + --geometry $g: --stats geometry.path is '$p'"
    printf '  %-44s no warning, geometry.path %s
' "visibility + --geometry $g (3 frames)" "$p"
done
if lc_ok "visibility + --view meshlets" "${repl[@]}" --view meshlets --stats "$TMP/repl-view.json" --out "$TMP/repl-view.png" &&
    { ! grep -q "warning" "$LC_STDERR" || fail "visibility + --view meshlets: a warning: $(head -c 600 "$LC_STDERR")"; } &&
    lc_ok "visibility, shaded" "${repl[@]}" --out "$TMP/repl-shaded.png"; then
    v=$(img json "$TMP/repl-view.json" view)
    [[ $v == meshlets ]] || fail "visibility + --view meshlets: --stats view is '$v'"
    d=$(img diff "$TMP/repl-shaded.png" "$TMP/repl-view.png")
    [[ $d -gt 32 ]] || fail "visibility + --view meshlets: the image is the shaded one (differs by $d/255)"
    printf '  %-44s no warning, view %s, %s/255 from shaded\n' "visibility + --view meshlets (3 frames)" "$v" "$d"
fi
# Where the request runs, nothing is said: forward shading draws mdi and shows meshlets.
if lc_ok "forward + mdi + meshlets" --headless --validate --quiet --size 64x48 --lights 32 --frames 3 --geometry mdi \
    --view meshlets --stats "$TMP/repl-fwd.json"; then
    ! grep -q "warning" "$LC_STDERR" || fail "forward + mdi + meshlets: a warning where nothing was replaced: $(cat "$LC_STDERR")"
    [[ $(img json "$TMP/repl-fwd.json" geometry.path) == mdi ]] || fail "forward + --geometry mdi did not draw mdi"
fi
# once_warned WHAT PATTERN: exactly one stderr line matches PATTERN, and it is the only warning.
once_warned()
{
    local n w
    n=$(grep -c -F -- "$2" "$LC_STDERR")
    w=$(grep -c "warning" "$LC_STDERR")
    [[ $n == 1 && $w == 1 ]] || fail "$1: '$2' on $n stderr lines, $w warnings (want 1 and 1): $(head -c 800 "$LC_STDERR")"
}
# --tonemap fused is the visibility shade's: forward shading tonemaps in the compute pass and says so.
if lc_ok "forward + --tonemap fused" --headless --validate --quiet --size 64x48 --lights 32 --frames 3 --tonemap fused \
    --stats "$TMP/repl-fused.json"; then
    once_warned "forward + --tonemap fused" "warning: --tonemap fused: forward shading tonemaps in the compute pass"
    [[ $(img json "$TMP/repl-fused.json" tonemap_path) == compute ]] || fail "forward + --tonemap fused: tonemap_path is not compute"
fi

# The viewer: key B's action toggles the shading, the tile inspector works on the visibility
# frame (its depth comes from the visibility pass), and toggling back gives the forward image.
if have_xvfb_run "the viewer toggle"; then
    printf '0 pause\n1 shading visibility\n3 inspect 100 45\n4 screenshot %s\n5 shading\n7 screenshot %s\n8 quit\n' \
        "$TMP/viewer-vis.png" "$TMP/viewer-fwd.png" >"$TMP/script.txt"
    rc=0
    timeout 300 xvfb-run -a -s "-screen 0 640x480x24" "$LC_BIN" --validate --size 320x180 --lights 128 --mode zbin \
        --script "$TMP/script.txt" >"$TMP/viewer.log" 2>&1 || rc=$?
    if [[ $rc != 0 ]]; then
        fail "viewer with 'shading' exited $rc: $(tail -3 "$TMP/viewer.log")"
    else
        grep -q "shading: visibility" "$TMP/viewer.log" || fail "viewer: 'shading visibility' printed no message"
        grep -q "shading: forward" "$TMP/viewer.log" || fail "viewer: 'shading' did not toggle back to forward"
        line=$(grep -m1 " inspect mode=" "$TMP/viewer.log")
        [[ -n $line ]] || fail "viewer: the inspector printed nothing on the visibility frame"
        [[ $line == *" missed=0"* ]] || fail "viewer: the inspector reports missed lights: $line"
        d=$(img diff "$TMP/viewer-fwd.png" "$TMP/viewer-vis.png")
        [[ $d -le 8 ]] || fail "viewer: visibility and forward screenshots differ by $d/255"
        printf '  %-44s max diff %s, %s\n' "viewer B toggle, inspector" "$d" "${line#*inspect }"
    fi
    # Keys into visibility + mdi + meshlets: the messages name them, no warning however many
    # frames follow, and --stats the path and view that ran.
    printf '0 pause\n1 shading visibility\n2 geometry mdi\n3 view meshlets\n4 geometry mdi\n6 quit\n' >"$TMP/repl.txt"
    rc=0
    timeout 300 xvfb-run -a -s "-screen 0 640x480x24" "$LC_BIN" --validate --size 160x90 --lights 32 --mode zbin \
        --script "$TMP/repl.txt" --stats "$TMP/viewer-repl.json" >"$TMP/viewer-repl.log" 2>"$TMP/viewer-repl.err" || rc=$?
    if [[ $rc != 0 ]]; then
        fail "viewer into visibility + mdi + meshlets exited $rc: $(tail -3 "$TMP/viewer-repl.err")"
    else
        grep -q "geometry: mdi" "$TMP/viewer-repl.log" || fail "viewer: 'geometry mdi' under visibility shading did not say mdi"
        grep -q "view: meshlets" "$TMP/viewer-repl.log" || fail "viewer: 'view meshlets' under visibility shading did not say meshlets"
        n=$(grep -c "warning" "$TMP/viewer-repl.err")
        [[ $n == 0 ]] || fail "viewer: $n warnings where nothing was replaced: $(head -3 "$TMP/viewer-repl.err")"
        p=$(img json "$TMP/viewer-repl.json" geometry.path) v=$(img json "$TMP/viewer-repl.json" view)
        [[ $p == mdi && $v == meshlets ]] || fail "viewer: --stats says geometry.path '$p', view '$v' (drew mdi, meshlets)"
        printf '  %-44s geometry.path %s, view %s\n' "viewer keys into visibility + mdi + meshlets" "$p" "$v"
    fi
fi

finish
