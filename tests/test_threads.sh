#!/usr/bin/env bash
# --threads: 1, 2 and 5 job threads render the same image, byte for byte (20,000 animated
# lights, so the light build runs in many chunks), with 0 validation messages, and --stats
# reports the thread count and the CPU times.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

for t in 1 2 5; do
    lc_ok "--threads $t" --headless --quiet --validate --size 320x180 --lights 20000 --frames 2 --threads "$t" \
        --out "$TMP/t$t.png" --stats "$TMP/t$t.json" || continue
    "$PY" - "$TMP/t$t.json" "$t" <<'PYEOF' || fail "--threads $t: stats"
import json, sys
s = json.load(open(sys.argv[1]))
assert s["threads"] == int(sys.argv[2]), s["threads"]
assert s["cpu_ms"]["light_build"] > 0, s["cpu_ms"]
o = s["objects"]
assert s["cpu_ms"]["object_cull"] >= 0 and 0 < o["visible"] < o["total"], o
assert o["visible"] + o["culled_sphere"] + o["culled_oobb"] == o["total"], o
assert s["validation_messages"] == 0
assert 100 < s["lights_visible"] < 20000, s["lights_visible"]
PYEOF
done
for t in 2 5; do
    cmp -s "$TMP/t1.png" "$TMP/t$t.png" || fail "--threads $t renders a different image than --threads 1"
    "$PY" -c "import json,sys; a,b=(json.load(open(f)) for f in sys.argv[1:]); sys.exit(a['lights_visible']!=b['lights_visible'])" \
        "$TMP/t1.json" "$TMP/t$t.json" || fail "--threads $t: another visible light count"
done
finish
