#!/usr/bin/env bash
# A headless --script renders, frame by frame, what a fresh process renders with the same
# options: each mode (brute, lists, tiles, clusters, zbin, objects), a binning, the merged
# scalarization and visibility shading, switched between frames of one process with the light
# clock paused, give the fresh process's image (byte for byte, or at most 1/255) and its stats
# (mode, binning, scalarize_merge, shading, the lights, exposure, pairs.exact, pairs.missed), and
# so do a geometry path, a lights file loaded and a camera placed between frames; options that
# have no effect in the mode asked for say so in one note or warning and still render; the Khronos validation
# layer reports nothing through the switches (modes, binnings, shadings, views, occlusion, the
# camera); --out and --stats after the script name its last frame; window-only actions, a bad
# argument and 'quit' before any frame are refused (exit 2, one line). The sweeps that run one
# process per case (tests/modes_util.sh, test_visibility_paths, test_validation_matrix,
# test_visibility, test_geometry) rely on this.
# LC_TEST_SWEEP=short (the sanitizer pass) keeps each host path once: the whole script (every
# case's switch, the views, occlusion and camera), the quit and every refusal, and a fresh
# process for brute force, tiles with light binning and with merging always, objects, visibility
# shading and the lights file with the camera. It drops the fresh lists, zbin and unscalarized
# clusters processes: start-up of modes whose host code runs in test_bench_quick and
# test_gpu_cull there (zbin also here, under visibility shading).
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

common=(--headless --validate --quiet --size 160x90 --pairs --lights 96 --seed 7)
# A lights file and a camera, loaded and placed between frames as --lights-file and --camera do.
CAM=1,2,22,10,-5
printf '{"lights": [%s, %s]}\n' '{"type": "point", "position": [0, 1, 20], "radius": 6, "color": [1, 0.5, 0.2], "intensity": 8}' \
    '{"type": "spot", "position": [1, 3, 18], "direction": [0, -1, -0.3], "radius": 9, "inner_deg": 20, "outer_deg": 35, "color": [0.3, 0.6, 1], "intensity": 10}' \
    >"$TMP/two.json"
# name|options of the fresh process|the script's actions for the same frame
cases=(
    "brute|--mode brute|mode brute"
    "lists|--mode lists|mode lists"
    "zbin|--mode zbin|mode zbin"
    "tiles-lights|--mode tiles --binning lights|mode tiles;binning lights"
    "tiles-always|--mode tiles --binning tiles --scalarize-merge always|binning tiles;scalarize always"
    "clusters-off|--mode clusters --binning tiles --scalarize off|mode clusters;scalarize off"
    "objects|--mode objects --binning tiles|mode objects;scalarize on"
    "vis-zbin|--mode zbin --binning tiles --shading visibility|mode zbin;shading visibility"
    "vis-mdi|--mode zbin --binning tiles --shading visibility --geometry mdi|geometry mdi"
    "file-camera|--mode zbin --binning tiles --shading visibility --geometry direct --lights-file $TMP/two.json --camera $CAM|geometry direct;lights-file $TMP/two.json;camera $CAM"
)
last=file-camera
script=$TMP/all.script
echo "0 pause" >"$script"
frame=0
for c in "${cases[@]}"; do
    IFS='|' read -r name _ acts <<<"$c"
    IFS=';' read -r -a al <<<"$acts"
    for a in "${al[@]}"; do echo "$frame $a" >>"$script"; done
    printf '%s screenshot %s\n%s stats %s\n' "$frame" "$TMP/s-$name.png" "$frame" "$TMP/s-$name.json" >>"$script"
    frame=$((frame + 1))
done
# Views, occlusion and the camera switched between frames (validation only), then back to the
# last case's settings for --out and --stats.
cat >>"$script" <<EOF
$frame view heatmap
$((frame + 1)) view tightness
$((frame + 1)) occlusion off
$((frame + 2)) view shaded
$((frame + 2)) camera 2,2,20,30,-5
$((frame + 3)) camera $CAM
$((frame + 3)) occlusion
EOF
echo "script: ${#cases[@]} cases, then views, occlusion and the camera"
if lc_ok "the script" "${common[@]}" --script "$script" --out "$TMP/s-last.png" --stats "$TMP/s-last.json"; then
    [[ $(img json "$TMP/s-last.json" validation_messages) == 0 ]] || fail "the script: validation_messages is not 0"
    [[ $(img json "$TMP/s-last.json" frames) == $((frame + 4)) ]] || fail "the script: --stats frames is $(img json "$TMP/s-last.json" frames), want $((frame + 4))"
    for c in "${cases[@]}"; do
        IFS='|' read -r name opts _ <<<"$c"
        [[ ${LC_TEST_SWEEP:-} == short && $name =~ ^(lists|zbin|clusters-off)$ ]] && continue
        # shellcheck disable=SC2086 # opts are words
        lc_ok "$name fresh" "${common[@]}" $opts --out "$TMP/f-$name.png" --stats "$TMP/f-$name.json" || continue
        s=$TMP/s-$name f=$TMP/f-$name
        [[ -f $s.png && -f $s.json ]] || { fail "$name: the script wrote no screenshot or stats"; continue; }
        d=$(img diff "$f.png" "$s.png") || { fail "$name: cannot compare"; continue; }
        [[ $d -le 1 ]] || fail "$name: the script's frame differs from a fresh process's by $d/255"
        for k in mode shading binning scalarize scalarize_merge lights lights_source exposure.ev100 pairs.exact pairs.missed; do
            [[ $(img json "$s.json" $k) == "$(img json "$f.json" $k)" ]] ||
                fail "$name: stats $k is $(img json "$s.json" $k) in the script, $(img json "$f.json" $k) fresh"
        done
        printf '  %-14s script vs fresh process: max diff %s/255, pairs.exact %s\n' "$name" "$d" "$(img json "$s.json" pairs.exact)"
    done
    # The last frame is the last case's settings, camera and clock: --out is its image.
    d=$(img diff "$TMP/f-$last.png" "$TMP/s-last.png")
    [[ $d -le 1 ]] || fail "--out after the script differs from the last case's fresh image by $d/255"
    [[ $(img json "$TMP/s-last.json" pairs.exact) == "$(img json "$TMP/f-$last.json" pairs.exact)" ]] ||
        fail "--stats after the script: pairs.exact differs from the last case's"
fi

# Options that do nothing in the mode or shading asked for say so and still render: --cull-2.5d
# in brute force (a note), --tonemap fused under forward shading (a warning); --decals N places
# N decals.
notes=(--headless --validate --size 160x90 --lights 16 --frames 1 --mode brute --cull-2.5d on --tonemap fused --decals 4)
if lc_ok "notes" "${notes[@]}" --out "$TMP/notes.png" --stats "$TMP/notes.json"; then
    cat "$LC_STDOUT" "$LC_STDERR" | grep -q "note: --cull-2.5d on has no effect here" || fail "--cull-2.5d on in brute force: no note: $(cat "$LC_STDOUT" "$LC_STDERR")"
    grep -q -- "--tonemap fused: forward shading tonemaps" "$LC_STDERR" || fail "--tonemap fused under forward shading: no warning: $(cat "$LC_STDERR")"
    [[ $(img json "$TMP/notes.json" entities.decals) == 4 ]] || fail "--decals 4: stats entities.decals is $(img json "$TMP/notes.json" entities.decals)"
fi

# quit ends the run: --out is the frame before it.
printf '0 pause\n0 mode tiles\n1 quit\n2 mode zbin\n' >"$TMP/quit.script"
if lc_ok "quit" "${common[@]}" --script "$TMP/quit.script" --out "$TMP/q.png" --stats "$TMP/q.json"; then
    [[ $(img json "$TMP/q.json" mode) == tiles ]] || fail "quit: --stats mode is $(img json "$TMP/q.json" mode), want tiles"
    [[ $(img json "$TMP/q.json" frames) == 1 ]] || fail "quit: --stats frames is $(img json "$TMP/q.json" frames), want 1"
fi

# Refused: before rendering (nothing written) for what the file says, when reached for a bad
# argument.
bad()
{
    local what=$1 text=$2
    shift 2
    printf '%b' "$text" >"$TMP/bad.script"
    rm -f "$TMP/bad.png"
    lc_bad "$what" "${common[@]}" --script "$TMP/bad.script" "$@"
    printf '  %-30s %s' "$what" "$(cat "$LC_STDERR")"
    echo
}
for a in "resize 100 100" hud "screenshot-hud x.png" "inspect 3 3" lights-double; do
    bad "headless $a" "0 pause\n2 $a\n" --out "$TMP/bad.png"
    grep -q "'${a%% *}'" "$LC_STDERR" || fail "headless $a: the error does not name the action"
    [[ ! -e $TMP/bad.png ]] || fail "headless $a: an image was written"
done
bad "scalarize sometimes" "0 scalarize sometimes\n"
bad "occlusion maybe" "0 occlusion maybe\n"
bad "mode fast" "1 mode fast\n"
bad "stats without a file" "0 stats\n"
bad "lights-file missing" "0 pause\n1 lights-file $TMP/none.json\n"
bad "quit before any frame" "0 quit\n" --out "$TMP/bad.png"
bad "camera-to with a script" "0 pause\n" --camera-to 0,1,2,3,4
finish
