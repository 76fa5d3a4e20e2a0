#!/usr/bin/env bash
# lightcull bench --meshlets on lavapipe: prints the codec's figures, its GPU decoders equal the
# CPU decode, validation stays silent; bad arguments and a missing scene are one line, exit 2.
set -euo pipefail
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$LC_BIN" bench --meshlets default --repeat 2 --validate >"$out/log" 2>&1 || { cat "$out/log"; echo "bench --meshlets failed"; exit 1; }
cat "$out/log"
for key in "meshlets " "bits per triangle" "bits per vertex" "bytes " "gpu decode 32-bit"; do
  grep -q "^$key" "$out/log" || { echo "no '$key' line"; exit 1; }
done
# Compressed smaller than plain, and every decoder run equals the CPU decode.
awk '/^bytes / { exit !($2 < $5) }' "$out/log" || { echo "compressed is not smaller than plain"; exit 1; }
runs=$(grep -c "^gpu decode" "$out/log"); same=$(grep -c "equals the CPU decode" "$out/log")
[[ $runs -ge 1 && $runs == "$same" ]] || { echo "$same of $runs GPU decodes equal the CPU decode"; exit 1; }
for args in "--meshlets" "--meshlets default --repeat 0" "--meshlets default --bogus 1" "--meshlets /nonexistent.gltf"; do
  code=0; "$LC_BIN" bench $args >"$out/bad" 2>&1 || code=$?
  [[ $code == 2 && $(wc -l <"$out/bad") == 1 ]] || { echo "bench $args: exit $code, $(wc -l <"$out/bad") lines"; cat "$out/bad"; exit 1; }
done
echo "bench --meshlets: $runs GPU decoders checked"
