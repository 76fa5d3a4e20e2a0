#!/usr/bin/env bash
# lightcull bench --cpu: every test at every thread count gets a row (the thread counts take
# turns in rounds, so each row must still hold all its repetitions' median), the same objects
# are visible at every thread count, the summary names the targets; bad arguments are one
# line and exit 2.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

OMP_WAIT_POLICY=passive lc_ok "bench --cpu" bench --cpu --threads 1,2 --reps 12 --objects 3000 --lights 600 \
    --work-sizes 256,1024 --out-dir "$TMP/cpu" || true
"$PY" - "$TMP/cpu/bench-cpu.csv" "$LC_STDOUT" <<'PYEOF' || fail "bench --cpu results (above)"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
out = open(sys.argv[2]).read()
tests = ["object_cull", "object_cull_scalar", "object_cull_sse", "light_build", "object_cull_work_size", "object_cull_work_size"]
ok = [r["test"] for r in rows] == tests * 2 and [r["threads"] for r in rows] == ["1"] * 6 + ["2"] * 6
ok = ok and all(float(r["median_ms"]) > 0 and float(r["p10_ms"]) <= float(r["median_ms"]) <= float(r["p90_ms"]) for r in rows)
cull = [r["visible"] for r in rows if r["test"] != "light_build"]
lights = [r["visible"] for r in rows if r["test"] == "light_build"]
ok = ok and len(set(cull)) == 1 and int(cull[0]) > 0 and len(set(lights)) == 1 and int(lights[0]) > 0
ok = ok and [r["work_size"] for r in rows if r["test"] == "object_cull_work_size"] == ["256", "1024"] * 2
ok = ok and "efficiency" in out and "targets:" in out
if not ok:
    print(open(sys.argv[1]).read(), out)
sys.exit(0 if ok else 1)
PYEOF
lc_bad_each "bench --cpu --reps 0" "bench --cpu --threads x" "bench --cpu --objects" "bench --cpu --nope 1"
finish
