#!/usr/bin/env bash
# Bad command lines and bad input files: each exits with 2 and one line on stderr, without
# crashing and without leaving an output file (or a temporary one) behind.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

OUT=$TMP/out # --out goes here; must stay empty
mkdir -p "$OUT"
base=(--headless --quiet --size 64x36 --lights 4 --out "$OUT/image.png" --stats "$OUT/stats.json")

# expect_bad WHAT ARGS...: the case's arguments come after the base ones and override them.
expect_bad()
{
    local what=$1
    shift
    local rc=0
    lc "${base[@]}" "$@" || rc=$?
    local lines
    lines=$(wc -l <"$LC_STDERR")
    if [[ $rc -ne 2 ]]; then
        fail "$what: exit $rc (expected 2); stderr: $(head -c 500 "$LC_STDERR")"
    elif [[ $lines -ne 1 || ! -s $LC_STDERR ]]; then
        fail "$what: stderr has $lines lines (expected exactly one): $(head -c 500 "$LC_STDERR")"
    elif ! grep -q '^lightcull: ' "$LC_STDERR"; then
        fail "$what: stderr line does not start with 'lightcull: ': $(cat "$LC_STDERR")"
    elif grep -q ' :' "$LC_STDERR"; then
        fail "$what: stray space before a colon: $(cat "$LC_STDERR")"
    else
        printf '  %-34s %s' "$what" "$(cat "$LC_STDERR")"
        echo
    fi
    if [[ -n $(ls -A "$OUT") ]]; then
        fail "$what: left files behind: $(find "$OUT" -mindepth 1 -printf '%f ')"
        rm -rf "${OUT:?}"/*
    fi
}

# --- scenes ---
# A small valid glTF (a floor quad with an external buffer) as the control, then broken
# copies of it.
"$PY" - "$TMP" <<'EOF'
import json, struct, sys
d = sys.argv[1]
pos = [(-2, 0, -2), (2, 0, -2), (2, 0, 2), (-2, 0, 2)]
data = b"".join(struct.pack("<3f", *p) for p in pos) + b"".join(struct.pack("<3f", 0, 1, 0) for _ in pos)
data += struct.pack("<6H", 0, 2, 1, 0, 3, 2)
gltf = {
    "asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1}, "indices": 2}]}],
    "buffers": [{"byteLength": len(data), "uri": "floor.bin"}],
    "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 48}, {"buffer": 0, "byteOffset": 48, "byteLength": 48},
                    {"buffer": 0, "byteOffset": 96, "byteLength": 12}],
    "accessors": [{"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3", "min": [-2, 0, -2], "max": [2, 0, 2]},
                  {"bufferView": 1, "componentType": 5126, "count": 4, "type": "VEC3"},
                  {"bufferView": 2, "componentType": 5123, "count": 6, "type": "SCALAR"}],
}
text = json.dumps(gltf)
open(f"{d}/floor.gltf", "w").write(text)
open(f"{d}/floor.bin", "wb").write(data)
open(f"{d}/cut-json.gltf", "w").write(text[: len(text) // 2])  # JSON cut in half
import os
os.mkdir(f"{d}/cut-bin")
open(f"{d}/cut-bin/floor.gltf", "w").write(text)
open(f"{d}/cut-bin/floor.bin", "wb").write(data[:60])  # buffer shorter than declared
# The same floor as a GLB (buffer embedded), cut short, and with lengths claiming 1.9 GB.
g = dict(gltf, buffers=[{"byteLength": len(data)}])
js = json.dumps(g).encode()
js += b" " * (-len(js) % 4)
binc = data + b"\0" * (-len(data) % 4)
def glb(total, json_len):
    return (struct.pack("<4sII", b"glTF", 2, total) + struct.pack("<I4s", json_len, b"JSON") + js +
            struct.pack("<I4s", len(binc), b"BIN\0") + binc)
whole = 12 + 8 + len(js) + 8 + len(binc)
open(f"{d}/floor.glb", "wb").write(glb(whole, len(js)))
open(f"{d}/cut.glb", "wb").write(glb(whole, len(js))[: whole // 2])
open(f"{d}/huge-length.glb", "wb").write(glb(0x72000000, 0x72000000 - 20))
open(f"{d}/garbage.gltf", "wb").write(bytes((i * 97 + 13) % 256 for i in range(4096)))
open(f"{d}/empty.gltf", "wb").write(b"")
EOF
for control in floor.gltf floor.glb; do
    if lc "${base[@]}" --scene "$TMP/$control"; then
        rm -f "$OUT"/*
    else
        fail "control: the valid small $control does not load: $(cat "$LC_STDERR")"
    fi
done
echo "scenes:"
expect_bad "missing scene" --scene /nonexistent.gltf
expect_bad "empty scene file" --scene "$TMP/empty.gltf"
expect_bad "garbage scene file" --scene "$TMP/garbage.gltf"
expect_bad "truncated glTF (JSON)" --scene "$TMP/cut-json.gltf"
expect_bad "truncated glTF (buffer)" --scene "$TMP/cut-bin/floor.gltf"
expect_bad "truncated GLB" --scene "$TMP/cut.glb"
expect_bad "GLB lengths past the file" --scene "$TMP/huge-length.glb"
if have_sponza "truncated Sponza.gltf"; then
    head -c 20000 "$LC_SPONZA" >"$TMP/sponza-cut.gltf"
    expect_bad "truncated Sponza.gltf" --scene "$TMP/sponza-cut.gltf"
fi

# --- command line ---
echo "command line:"
# --lights 0 is valid (no local lights: the sun and the environment light the scene)
expect_bad "--lights -5" --lights -5
expect_bad "--lights 99999999999" --lights 99999999999
expect_bad "--size 0x0" --size 0x0
printf '1 resize 100 100\n' >"$TMP/script.txt"
expect_bad "--script: a window's action" --script "$TMP/script.txt"
expect_bad "--size -3x5" --size -3x5
expect_bad "--size 100000x100" --size 100000x100
expect_bad "--no-such-flag" --no-such-flag
# Option pairs and values checked once the scene is loaded (the feature tests check them too,
# but the sanitizer pass leaves those out: .ci/run).
expect_bad "--animation x" --animation x
expect_bad "--animation 1 (the hall has none)" --animation 1
printf '{"probes": []}\n' >"$TMP/probes.json"
expect_bad "--probes-file with --probes" --probes-file "$TMP/probes.json" --probes 4
# The sun and the environment (tests/test_environment.sh renders them).
expect_bad "--sun 0,1,0" --sun 0,1,0
expect_bad "--sun 0,0,0,1000" --sun 0,0,0,1000
expect_bad "--sun 0,1,0,-5" --sun 0,1,0,-5
expect_bad "--sun 0,1,0,nan" --sun 0,1,0,nan
expect_bad "--environment missing.hdr" --environment "$TMP/missing.hdr"
printf 'not an image at all\n' >"$TMP/text.hdr"
expect_bad "--environment text.hdr" --environment "$TMP/text.hdr"
printf '#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 64 +X 128\n\x01\x02\x03' >"$TMP/truncated.hdr"
expect_bad "--environment truncated.hdr" --environment "$TMP/truncated.hdr"
if grep -q "truncated.hdr" "$LC_STDERR"; then :; else fail "--environment truncated.hdr: the error does not name the file: $(cat "$LC_STDERR")"; fi
expect_bad "--mode nope" --mode nope
expect_bad "--view nope" --view nope
expect_bad "--zbin-kernel nope" --zbin-kernel nope
expect_bad "--visibility-ids 48" --visibility-ids 48
expect_bad "--shading deferred" --shading deferred
expect_bad "--binning nope" --binning nope
expect_bad "--bin-kernel nope" --bin-kernel nope
expect_bad "--scalarize-merge nope" --scalarize-merge nope
expect_bad "--scalarize maybe" --scalarize maybe
expect_bad "--camera 1,2" --camera 1,2
expect_bad "--tile-size 12" --tile-size 12
expect_bad "--threads 0" --threads 0
expect_bad "--threads 257" --threads 257
expect_bad "--threads two" --threads two

# --- captures: a RenderDoc capture that cannot be written fails the run (exit 1, not 2: the
# command line is fine) with one line naming the path and the reason, before any frame, so
# it needs no RenderDoc to check ---
echo "captures:"
touch "$TMP/afile"
for target in "$TMP/afile/x.rdc" "$TMP"; do
    rc=0
    lc "${base[@]}" --capture "$target" || rc=$?
    if [[ $rc -ne 1 ]]; then
        fail "--capture $target: exit $rc (expected 1): $(head -c 500 "$LC_STDERR")"
    elif [[ $(wc -l <"$LC_STDERR") -ne 1 ]] || ! grep -qF -- "$target'" "$LC_STDERR" || ! grep -qE ": (Not a directory|Is a directory)$" "$LC_STDERR"; then
        fail "--capture $target: expected one line naming the path and the reason, got: $(head -c 500 "$LC_STDERR")"
    else
        printf '  %-34s %s\n' "--capture ${target#"$TMP"/}" "$(cat "$LC_STDERR")"
    fi
    [[ -z $(ls -A "$OUT") ]] || fail "--capture $target: left files behind: $(ls -A "$OUT")"
    rm -rf "${OUT:?}"/*
done

# --- lights files ---
echo "lights files:"
expect_bad "missing lights file" --lights-file "$TMP/missing.json"
bad_lights()
{
    local name=$1 text=$2 file=$TMP/${1// /-}.json
    printf '%s\n' "$text" >"$file"
    expect_bad "lights: $name" --lights-file "$file"
}
P='"position": [0, 2, 0]'
S='"type": "spot", "position": [0, 2, 0], "radius": 3'
bad_lights "bad JSON" '{"lights": [{"type": "point", '"$P"', "radius": 2},'
bad_lights "no lights array" '{"light": []}'
bad_lights "lights not an array" '{"lights": {"type": "point"}}'
bad_lights "empty lights" '{"lights": []}'
bad_lights "radius 0" '{"lights": [{"type": "point", '"$P"', "radius": 0}]}'
bad_lights "negative radius" '{"lights": [{"type": "point", '"$P"', "radius": -1}]}'
bad_lights "zero direction" '{"lights": [{'"$S"', "direction": [0, 0, 0], "inner_deg": 10, "outer_deg": 20}]}'
bad_lights "outer < inner" '{"lights": [{'"$S"', "direction": [0, -1, 0], "inner_deg": 30, "outer_deg": 20}]}'
bad_lights "outer 180" '{"lights": [{'"$S"', "direction": [0, -1, 0], "inner_deg": 10, "outer_deg": 180}]}'
bad_lights "NaN via 1e999" '{"lights": [{"type": "point", "position": [0, 1e999, 0], "radius": 2}]}'
bad_lights "radius 1e999" '{"lights": [{"type": "point", '"$P"', "radius": 1e999}]}'
bad_lights "unknown type" '{"lights": [{"type": "area", '"$P"', "radius": 2}]}'
bad_lights "missing radius" '{"lights": [{"type": "point", '"$P"'}]}'
bad_lights "shadow not a boolean" '{"lights": [{"type": "point", '"$P"', "radius": 2, "shadow": 1}]}'
bad_lights "second light bad" '{"lights": [{"type": "point", '"$P"', "radius": 2}, {"type": "point", "position": [0, 2], "radius": 2}]}'

# --- decals files ---
echo "decals files:"
printf '{"decals": [{"position": [0, 1, 0], "size": [1, 0, 1]}]}\n' >"$TMP/decal-size.json"
expect_bad "decals: a zero size" --decals-file "$TMP/decal-size.json"

# --- viewer scripts: refused before any window opens, so no display is needed ---
echo "viewer scripts:"
base=(--quiet --size 64x36 --lights 4 --stats "$OUT/stats.json")
printf '1 dance\n' >"$TMP/unknown.txt"
printf 'quit\n' >"$TMP/noframe.txt"
printf '1 screenshot %s.png\n' "$(printf 'a%.0s' $(seq 300))" >"$TMP/long.txt"
expect_bad "script: missing file" --script "$TMP/missing.txt"
expect_bad "script: unknown action" --script "$TMP/unknown.txt"
expect_bad "script: no frame number" --script "$TMP/noframe.txt"
expect_bad "script: argument too long" --script "$TMP/long.txt"

finish
