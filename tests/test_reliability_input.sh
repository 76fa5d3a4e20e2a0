#!/usr/bin/env bash
# Bad input beyond the command-line error matrix (tests/test_bad_input.sh): lights files with
# NaN, infinities and absurd entry counts, requests beyond the device (culling buffers larger
# than maxStorageBufferRange, images at and past maxImageDimension2D), and outputs: a failing
# run leaves no --out or --stats file behind, partial or temporary, and never clobbers an
# existing one. Every failure must be the documented exit code with one line on stderr.
# LC_LONG=1 adds a 1,048,577-light file of full light objects (about 50 MB; slow under ASan).
source "$(dirname "$0")/reliability_util.sh"

small=(--headless --quiet --size 64x64 --lights 8)
lights_file()
{
    printf '{"lights": [%s]}\n' "$2" >"$TMP/$1.json"
    echo "$TMP/$1.json"
}
point='{"type": "point", "position": [0, 2, -5], "radius": 4}'

# --- lights files: non-finite numbers -----------------------------------------------------
f=$(lights_file nan '{"type": "point", "position": [0, NaN, 0], "radius": 1}')
expect 2 "NaN literal" "${small[@]}" --lights-file "$f" && says "invalid JSON at line 1" "NaN literal"
f=$(lights_file inf_literal '{"type": "point", "position": [0, 1, 0], "radius": Infinity}')
expect 2 "Infinity literal" "${small[@]}" --lights-file "$f" && says "invalid JSON" "Infinity literal"
f=$(lights_file inf_position '{"type": "point", "position": [0, 1e999, 0], "radius": 1}')
expect 2 "1e999 position" "${small[@]}" --lights-file "$f" && says 'light 0: "position"\[1\] is not a finite number' "1e999 position"
f=$(lights_file inf_radius "$point, {\"type\": \"point\", \"position\": [0, 0, 0], \"radius\": -1e999}")
expect 2 "-1e999 radius" "${small[@]}" --lights-file "$f" && says 'light 1: "radius" is not a finite number' "-1e999 radius"
f=$(lights_file inf_color '{"type": "point", "position": [0, 0, 0], "radius": 1, "color": [1, 1e999, 1]}')
expect 2 "1e999 colour" "${small[@]}" --lights-file "$f" && says '"color"\[1\] is not a finite number' "1e999 colour"
f=$(lights_file inf_angle '{"type": "spot", "position": [0, 3, 0], "direction": [0, -1, 0], "radius": 4, "inner_deg": 10, "outer_deg": 1e999}')
expect 2 "1e999 spot angle" "${small[@]}" --lights-file "$f" && says '"outer_deg" is not a finite number' "1e999 spot angle"
f=$(lights_file inf_direction '{"type": "spot", "position": [0, 3, 0], "direction": [0, -1e999, 0], "radius": 4, "inner_deg": 10, "outer_deg": 20}')
expect 2 "1e999 spot direction" "${small[@]}" --lights-file "$f" && says '"direction"\[1\] is not a finite number' "1e999 direction"
f=$(lights_file underflow '{"type": "point", "position": [0, 0, 0], "radius": 1e-999}')
expect 2 "radius underflowing to 0" "${small[@]}" --lights-file "$f" && says '"radius" = 0 must be in' "radius 1e-999"
f=$(lights_file huge_intensity '{"type": "point", "position": [0, 0, 0], "radius": 1, "intensity": 1e308}')
expect 2 "intensity 1e308" "${small[@]}" --lights-file "$f" && says '"intensity" = 1e\+308 is outside' "intensity 1e308"
f=$(lights_file denormal_direction '{"type": "spot", "position": [0, 3, 0], "direction": [1e-320, 0, 0], "radius": 4, "inner_deg": 10, "outer_deg": 20}')
expect 2 "denormal spot direction" "${small[@]}" --lights-file "$f" && says 'zero length' "denormal direction"
# Extreme but legal values render.
f=$(lights_file extreme_ok '{"type": "spot", "position": [0, 3, -4], "direction": [1e308, -1e308, 0], "radius": 1e6, "inner_deg": 0, "outer_deg": 179.99999999, "intensity": 1e6}, {"type": "point", "position": [1e6, -1e6, 1e6], "radius": 1e-6, "color": [0, 0, 0]}')
expect 0 "extreme legal values" "${small[@]}" --lights-file "$f" --out "$TMP/extreme.png"
[[ $(png_size "$TMP/extreme.png") == 64x64 ]] || fail "extreme legal values: no 64x64 PNG"

# --- lights files: absurd counts and sizes ------------------------------------------------
/usr/bin/python3 -c "import sys; sys.stdout.write('{\"lights\": [' + ','.join(['0'] * 1048577) + ']}')" >"$TMP/count_over.json"
expect 2 "1,048,577 entries" "${small[@]}" --lights-file "$TMP/count_over.json" &&
    says '1048577 lights is more than the maximum 1048576' "1,048,577 entries"
# Exactly the maximum passes the count check and fails on its first entry instead.
/usr/bin/python3 -c "import sys; sys.stdout.write('{\"lights\": [' + ','.join(['0'] * 1048576) + ']}')" >"$TMP/count_max.json"
expect 2 "1,048,576 entries" "${small[@]}" --lights-file "$TMP/count_max.json" && says 'light 0: must be an object' "1,048,576 entries"
if [[ ${LC_LONG:-0} == 1 ]]; then
    /usr/bin/python3 -c "import sys; e = '{\"type\":\"point\",\"position\":[0,1,0],\"radius\":1}'; sys.stdout.write('{\"lights\":[' + ','.join([e] * 1048577) + ']}')" >"$TMP/count_full.json"
    expect 2 "1,048,577 full lights" "${small[@]}" --lights-file "$TMP/count_full.json" && says 'more than the maximum' "1,048,577 full lights"
fi
expect 2 "--lights-file /dev/zero" "${small[@]}" --lights-file /dev/zero && says 'larger than 512 MiB' "/dev/zero"
/usr/bin/python3 -c "print('[' * 200000)" >"$TMP/deep.json"
expect 2 "200,000 nested arrays" "${small[@]}" --lights-file "$TMP/deep.json" && says 'invalid JSON' "deep nesting"
mkdir -p "$TMP/a_directory"
expect 2 "lights file is a directory" "${small[@]}" --lights-file "$TMP/a_directory" && says 'cannot read' "directory"
printf '{"lights": [%s]}' "$point" | head -c 20 >"$TMP/truncated.json"
expect 2 "truncated lights file" "${small[@]}" --lights-file "$TMP/truncated.json" && says 'invalid JSON at line 1, column' "truncated"

# --- beyond the device --------------------------------------------------------------------
# renders_or_refused WHAT ARGS...: a request that a device with large storage buffers may
# render (exit 0) and a smaller one must refuse cleanly (exit 2 naming the limit, no outputs).
renders_or_refused()
{
    local what=$1 rc=0
    shift
    "$LC_BIN" "$@" --stats "$TMP/either.json" >"$TMP/out" 2>"$TMP/err" || rc=$?
    checks=$((checks + 1))
    if grep -qE "$crash_pattern" "$TMP/err"; then
        fail "$what: crashed: $(head -c 600 "$TMP/err")"
    elif [[ $rc -eq 2 ]]; then
        grep -qE "storage buffer limit|outside this device's limits" "$TMP/err" || fail "$what: unclear message: $(cat "$TMP/err")"
        [[ $(grep -c . "$TMP/err") -eq 1 ]] || fail "$what: more than one line: $(head -c 600 "$TMP/err")"
        no_output "$what" "$TMP/either.json"
    elif [[ $rc -ne 0 ]]; then
        fail "$what: exit $rc, expected 0 or 2: $(head -c 600 "$TMP/err")"
    fi
    echo "$what: exit $rc"
    rm -f "$TMP/either.json"
}
# 1,048,576 lights at 3840x2160: 32,400 tiles x 32,768 bit buckets is about 4 GiB of tile
# bits, past lavapipe's 128 MiB maxStorageBufferRange (an H100's is 4 GiB: it renders).
renders_or_refused "1M lights at 3840x2160" --headless --quiet --lights 1048576 --size 3840x2160
# At 16384x16384 even the largest tiles (64 px, 65,536 of them) need 8 GiB of tile bits:
# past any device's 32-bit storage buffer range.
expect 2 "1M lights at 16384x16384" --headless --quiet --lights 1048576 --size 16384x16384 \
    --out "$TMP/big.png" --stats "$TMP/big.json" &&
    says "needs [0-9.]+ MiB, more than this device's storage buffer limit" "1M lights at 16384x16384"
no_output "1M lights at 16384x16384" "$TMP/big.png" "$TMP/big.json"
# 16384x16384 with few lights.
renders_or_refused "16384x16384" --headless --quiet --size 16384x16384 --lights 8
# The largest side lavapipe allows, on a thin image, renders; one more is a usage error.
expect 0 "16384x8" --headless --quiet --size 16384x8 --lights 8 --out "$TMP/wide.png"
[[ $(png_size "$TMP/wide.png") == 16384x8 ]] || fail "16384x8: the PNG is not 16384x8"
expect 2 "16385x8" --headless --quiet --size 16385x8 --lights 8 && says 'larger than 16384' "16385x8"
# Culling structures past the device limit with few lights: 64-pixel clusters of 256
# slices at the largest size, and the longest tile lists at the smallest tiles.
expect 2 "tile lists past the limit" --headless --quiet --size 8192x8192 --tile-size 8 --list-max 4096 --lights 8 &&
    says "'tile lists' needs" "tile lists past the limit"

# --- outputs: nothing partial left behind -------------------------------------------------
out=$TMP/frame.png stats=$TMP/stats.json
expect 0 "outputs written" "${small[@]}" --out "$out" --stats "$stats"
[[ $(png_size "$out") == 64x64 ]] || fail "outputs written: no 64x64 PNG"
/usr/bin/python3 -c "import json, sys; s = json.load(open(sys.argv[1])); assert s['width'] == 64" "$stats" 2>/dev/null ||
    fail "outputs written: --stats is not the expected JSON"
compgen -G "$TMP/*.tmp*" >/dev/null && fail "outputs written: temporary files left: $(echo "$TMP"/*.tmp*)"
# A failing run keeps existing outputs as they were: written to a temporary name, renamed.
cp "$out" "$TMP/before.png"
cp "$stats" "$TMP/before.json"
expect 1 "out of memory with existing outputs" "${small[@]}" --memory-limit 1 --out "$out" --stats "$stats" &&
    says 'out of GPU memory' "out of memory with existing outputs"
cmp -s "$out" "$TMP/before.png" || fail "a failing run changed the existing --out file"
cmp -s "$stats" "$TMP/before.json" || fail "a failing run changed the existing --stats file"
no_output "out of memory with existing outputs" "$TMP/nothing"
compgen -G "$TMP/*.tmp*" >/dev/null && fail "out of memory: temporary files left: $(echo "$TMP"/*.tmp*)"
expect 2 "bad lights file, fresh outputs" "${small[@]}" --lights-file "$TMP/truncated.json" --out "$TMP/n.png" --stats "$TMP/n.json"
no_output "bad lights file" "$TMP/n.png" "$TMP/n.json"
# Unwritable destinations: a directory in the way, a missing directory, a file as a directory.
mkdir -p "$TMP/out_dir"
expect 2 "--out names a directory" "${small[@]}" --out "$TMP/out_dir" && says "cannot write" "--out directory"
[[ -d $TMP/out_dir ]] || fail "--out directory: the directory was replaced"
compgen -G "$TMP/out_dir.tmp*" >/dev/null && fail "--out directory: temporary file left behind"
expect 2 "--out in a missing directory" "${small[@]}" --out "$TMP/missing/frame.png" && says "cannot write" "--out missing dir"
[[ -e $TMP/missing ]] && fail "--out missing dir: something was created"
touch "$TMP/plain_file"
expect 2 "--stats under a file" "${small[@]}" --out "$TMP/ok.png" --stats "$TMP/plain_file/stats.json" && says "cannot write" "--stats under a file"
# Destinations are checked before any work, so the PNG is not written either.
no_output "--stats under a file" "$TMP/ok.png"
compgen -G "$TMP/plain_file*.tmp*" >/dev/null && fail "--stats under a file: temporary files left behind"

finish test_reliability_input
