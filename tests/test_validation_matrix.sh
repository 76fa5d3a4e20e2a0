#!/usr/bin/env bash
# Validation in every configuration: each culling mode (and both Z-bin kernels) x view (shaded, heatmap, tightness) x
# scene (the built-in hall and Sponza, when LC_SPONZA is set) x image size (an odd size that
# no tile size divides on both scenes, and a wider one on the hall: the size changes the
# dispatch counts, not which calls and barriers a frame makes, and test_modes runs Sponza's
# shaded frames with validation at another size) renders two headless frames with the Khronos
# validation layer and synchronization validation on (--validate: any message is exit 1), and
# reports zero validation messages in --stats. The frames must also be right: the PNG has the
# asked size, every mode's shaded image equals brute force, and each analysis view differs
# from the shaded image. 128 lights keep brute force affordable on lavapipe; the light count
# does not change which Vulkan calls and barriers a frame makes. The configurations of a scene,
# size and Z-bin kernel run in one process, switched by a headless --script between frames
# (each mode's fresh start runs with validation in tests/test_headless_script.sh).
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

# zbin:lights forces the per-light Z-bin kernel (with 128 lights zbin takes the per-bin one).
MODES="brute lists tiles clusters zbin zbin:lights"
VIEWS="shaded heatmap tightness"
SIZES="333x197 800x450"

scenes=(default)
have_sponza "the Sponza runs" && scenes+=("$LC_SPONZA")

runs=0
processes=0
for scene in "${scenes[@]}"; do
    tag=$(basename "$scene" .gltf)
    for size in $SIZES; do
        [[ $tag != default && $size != "${SIZES%% *}" ]] && continue
        # One process per Z-bin kernel (fixed at start) renders its modes x views through a
        # headless --script, two frames each as a fresh --frames 2 run (the light clock paused;
        # tests/test_headless_script.sh: a script's frame is a fresh process's), so the layer
        # also sees every switch of mode and view between frames.
        for kernel in auto lights; do
            sc=$TMP/$tag-$size-$kernel.script f=0
            echo "0 pause" >"$sc"
            for mode in $MODES; do
                k=auto
                [[ $mode == *:* ]] && k=${mode#*:}
                [[ $k == "$kernel" ]] || continue
                for view in $VIEWS; do
                    printf '%s mode %s\n%s view %s\n%s screenshot %s\n%s stats %s\n' "$f" "${mode%%:*}" "$f" "$view" \
                        $((f + 1)) "$TMP/$tag-$size-$mode-$view.png" $((f + 1)) "$TMP/$tag-$size-$mode-$view.json" >>"$sc"
                    f=$((f + 2))
                done
            done
            processes=$((processes + 1))
            lc_ok "$tag $size --zbin-kernel $kernel" --headless --validate --quiet --scene "$scene" --size "$size" --lights 128 \
                --zbin-kernel "$kernel" --script "$sc"
        done
        for mode in $MODES; do
            for view in $VIEWS; do
                what="$tag $size $mode $view"
                png=$TMP/$tag-$size-$mode-$view.png js=$TMP/$tag-$size-$mode-$view.json
                runs=$((runs + 1))
                kernel=auto
                [[ $mode == *:* ]] && kernel=${mode#*:}
                [[ -f $png && -f $js ]] || { fail "$what: no image or stats written"; continue; }
                n=$(img json "$js" validation_messages)
                [[ $n == 0 ]] || fail "$what: validation_messages = $n"
                [[ $(img json "$js" mode) == "${mode%%:*}" && $(img json "$js" view) == "$view" ]] ||
                    fail "$what: stats say mode $(img json "$js" mode), view $(img json "$js" view)"
                if [[ ${mode%%:*} == zbin ]]; then
                    want=bins
                    [[ $kernel == lights ]] && want=lights
                    [[ $(img json "$js" zbin_kernel) == "$want" ]] || fail "$what: Z-bins not from the $want kernel"
                fi
                w=$(img json "$js" width) h=$(img json "$js" height)
                [[ ${w}x$h == "$size" ]] || fail "$what: stats say ${w}x$h"
                [[ $(img size "$png") == "$size" ]] || fail "$what: the PNG is not $size"
            done
            shaded=$TMP/$tag-$size-$mode-shaded.png
            [[ -f $shaded ]] || continue
            d=$(img diff "$TMP/$tag-$size-brute-shaded.png" "$shaded") || { fail "$tag $size $mode: cannot compare"; continue; }
            [[ $d -le 1 ]] || fail "$tag $size $mode: shaded image differs from brute force by $d/255"
            for view in heatmap tightness; do
                [[ -f $TMP/$tag-$size-$mode-$view.png ]] || continue
                d=$(img diff "$shaded" "$TMP/$tag-$size-$mode-$view.png")
                [[ $d -gt 8 ]] || fail "$tag $size $mode: the $view view looks like the shaded image (max diff $d)"
            done
            printf '  %-50s validation clean, shaded = brute\n' "$tag $size $mode x 3 views"
        done
    done
done
echo "$runs configurations in $processes processes"
finish
