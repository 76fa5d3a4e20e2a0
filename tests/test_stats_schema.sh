#!/usr/bin/env bash
# --stats validates against its published JSON Schema (docs/stats.schema.json) in several
# configurations, the schema refuses what it should (a missing key, an undocumented one), and
# docs/STATS.md is the page scripts/stats-doc.py prints from the schema.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

SCHEMA=$LC_SOURCE_DIR/docs/stats.schema.json
if ! "$PY" -c "import jsonschema" 2>/dev/null; then
    fail "python3-jsonschema is missing (scripts/setup.sh test installs it)"
    finish
fi

# validate FILE...: each against the schema, and the schema itself against its metaschema.
validate()
{
    "$PY" - "$SCHEMA" "$@" <<'PYEOF'
import json, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
cls = jsonschema.validators.validator_for(schema)
cls.check_schema(schema)
v = cls(schema)
bad = 0
for path in sys.argv[2:]:
    errors = sorted(v.iter_errors(json.load(open(path))), key=lambda e: list(e.path))
    for e in errors[:5]:
        print("%s: %s: %s" % (path, "/".join(map(str, e.path)) or "(top)", e.message[:300]))
    bad += len(errors) > 0
sys.exit(1 if bad else 0)
PYEOF
}

base=(--headless --quiet --size 160x90 --frames 2 --lights 64)
n=0
run()
{
    local what=$1
    shift
    n=$((n + 1))
    lc_ok "$what" "${base[@]}" --stats "$TMP/s$n.json" "$@" || return
    local out
    out=$(validate "$TMP/s$n.json") || fail "$what: --stats does not validate against docs/stats.schema.json: $out"
}
run "the default hall" --lights 1024
run "forward, --pairs, shadowed lights" --pairs --shadowed-lights 4
run "visibility shading, mdi" --shading visibility --geometry mdi
mesh_probe "visibility shading on the mesh path"
[[ $mesh_ok == 1 ]] && run "visibility shading, mesh geometry" --shading visibility --geometry mesh
run "lists, a sun, no environment, CPU shadow cull" --mode lists --sun 0.3,1,0.2,20000 --environment none --shadowed-lights 2 --shadow-cull cpu
run "clusters with tile binning, the built-in mesh" --mode clusters --binning tiles --scene mesh
run "tiles, --lights 0, fixed exposure, heatmap" --mode tiles --lights 0 --exposure 8 --view heatmap

# passes_ms: a median per pass of the last frame's list, over the frames timed (a still scene's
# passes do not change, so all of them but the frame still in flight when the first was read).
lc_ok "six frames" "${base[@]}" --frames 6 --stats "$TMP/passes.json" &&
    "$PY" - "$TMP/passes.json" <<'PYEOF' || fail "passes_ms does not hold the last frame's passes over the frames"
import json, sys
d = json.load(open(sys.argv[1]))
ok = list(d["passes_ms"]) == list(d["passes_ms_last_frame"]) and len(d["passes_ms"]) >= 3
ok = ok and 5 <= d["passes_frames"] <= 6 and all(v > 0 for v in d["passes_ms"].values())
print(d["passes_frames"], d["passes_ms"], d["passes_ms_last_frame"])
sys.exit(0 if ok else 1)
PYEOF

# The schema refuses a stats file without a key that is always there, with an undocumented key,
# and with a conditional key outside its configuration.
"$PY" - "$TMP/s1.json" "$TMP" <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1]))
a = dict(d); del a["gpu_ms"]
b = dict(d); b["undocumented"] = 1
c = dict(d); c["visibility_pass"] = "single"  # forward shading has none
e = json.loads(json.dumps(d)); e["shadows"]["new_counter"] = 3
for name, x in zip("abce", (a, b, c, e)):
    json.dump(x, open("%s/bad-%s.json" % (sys.argv[2], name), "w"))
PYEOF
for x in a b c e; do
    validate "$TMP/bad-$x.json" >/dev/null && fail "the schema accepts a broken stats file (case $x)"
done

# docs/STATS.md is generated from the schema.
"$PY" "$LC_SOURCE_DIR/scripts/stats-doc.py" "$SCHEMA" >"$TMP/STATS.md" || fail "scripts/stats-doc.py failed"
diff -u "$LC_SOURCE_DIR/docs/STATS.md" "$TMP/STATS.md" >"$TMP/stats.diff" ||
    fail "docs/STATS.md differs from the schema: regenerate it with python3 scripts/stats-doc.py > docs/STATS.md: $(head -20 "$TMP/stats.diff")"
checks="$n configurations and"
finish
