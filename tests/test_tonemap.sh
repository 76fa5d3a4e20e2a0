#!/usr/bin/env bash
# The tonemap's two passes (--tonemap compute|fragment): on the default scene, forward and
# visibility shading and the heatmap and tightness views, the compute pass's image matches
# the fragment pass's within 1/255 (one ACES in shaders/shading/tonemap.glsl; the compute pass
# encodes sRGB itself, exactly rounded, where the fragment pass leaves it to the sRGB
# attachment), both with zero validation messages; --stats tonemap_path says which ran and
# auto picks compute where the output can be a storage image. The viewer does the same with
# the HUD drawn over the compute pass's swapchain image (a mutable-format swapchain).
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

# Odd: the 8x8 compute blocks overhang the right and bottom edges.
SIZE=333x177

# tm_case TAG ARGS...: compute against fragment, and auto's choice.
tm_case()
{
    local tag=$1
    shift
    local common=(--headless --validate --quiet --size "$SIZE" --frames 2 --lights 128 --seed 3 "$@")
    local p
    for p in compute fragment auto; do
        lc_ok "$tag $p" "${common[@]}" --tonemap "$p" --out "$TMP/$tag-$p.png" --stats "$TMP/$tag-$p.json" || return
    done
    [[ $(img json "$TMP/$tag-compute.json" tonemap_path) == compute ]] || fail "$tag: --tonemap compute: tonemap_path is not 'compute'"
    [[ $(img json "$TMP/$tag-fragment.json" tonemap_path) == fragment ]] || fail "$tag: --tonemap fragment: tonemap_path is not 'fragment'"
    [[ $(img json "$TMP/$tag-auto.json" tonemap_path) == compute ]] || fail "$tag: auto did not pick compute on a storage-capable output"
    local d luma
    d=$(img diff "$TMP/$tag-fragment.png" "$TMP/$tag-compute.png") || { fail "$tag: cannot compare images"; return; }
    [[ $d -le 1 ]] || fail "$tag: compute tonemap differs from the fragment one by $d/255"
    luma=$(img luma "$TMP/$tag-compute.png" | cut -d' ' -f1)
    fcmp "$luma" ">" 0.02 || fail "$tag: the compute image is black (mean luma $luma): the case tests nothing"
    printf '  %-36s max diff %s  mean luma %s\n' "$tag compute vs fragment" "$d" "$luma"
}

tm_case forward --mode zbin
tm_case visibility --shading visibility --mode zbin
tm_case heatmap --view heatmap --mode tiles
tm_case tightness --view tightness --mode clusters

lc --headless --quiet --size 64x64 --tonemap vertex
[[ $? == 2 ]] || fail "--tonemap vertex: expected exit 2"
grep -q "expected auto, compute or fragment" "$LC_STDERR" || fail "--tonemap vertex: no one-line reason: $(head -c 300 "$LC_STDERR")"

# The viewer: the compute pass writes the swapchain image (the same image as the fragment
# pass), then the HUD draws over it (its text, with timings, differs run to run).
if command -v xvfb-run >/dev/null; then
    for p in compute fragment; do
        printf '0 pause\n2 screenshot %s\n3 screenshot-hud %s\n4 quit\n' "$TMP/viewer-$p.png" "$TMP/viewer-hud-$p.png" \
            >"$TMP/script-$p.txt"
        rc=0
        timeout 300 xvfb-run -a -s "-screen 0 640x480x24" "$LC_BIN" --validate --size 321x181 --lights 128 --seed 3 \
            --tonemap "$p" --script "$TMP/script-$p.txt" --stats "$TMP/viewer-$p.json" >"$TMP/viewer-$p.log" 2>&1 || rc=$?
        [[ $rc == 0 ]] || fail "viewer --tonemap $p exited $rc: $(tail -3 "$TMP/viewer-$p.log")"
    done
    if [[ -f $TMP/viewer-compute.png && -f $TMP/viewer-fragment.png && -f $TMP/viewer-hud-compute.png ]]; then
        path=$(img json "$TMP/viewer-compute.json" tonemap_path)
        [[ $path == compute ]] || fail "viewer --tonemap compute: tonemap_path is '$path' (no mutable-format swapchain?)"
        d=$(img diff "$TMP/viewer-fragment.png" "$TMP/viewer-compute.png")
        [[ $d -le 1 ]] || fail "viewer: compute and fragment screenshots differ by $d/255"
        h=$(img diff "$TMP/viewer-compute.png" "$TMP/viewer-hud-compute.png")
        [[ $h -gt 64 ]] || fail "viewer: the HUD is missing over the compute tonemap (max diff $h)"
        printf '  %-36s max diff %s, HUD over compute: max diff %s\n' "viewer compute vs fragment" "$d" "$h"
    fi
else
    fail "xvfb-run is missing (Debian: apt-get install xvfb xauth)"
fi

finish
