#!/usr/bin/env bash
# lightcull bench --quick on lavapipe: finishes, writes a CSV with a row per mode and
# scalarization, JSON, and (with gnuplot) plots; --binning adds rows for zbin, not lists;
# --scalarize-merge tiles,always adds the merged-always rows; --mesh-dispatch task,indirect
# gives a row per dispatch (skipped, exit 77, where the device lacks mesh shaders); --warmup-ms
# lengthens each row's warm-up (bench.json's warmup_frames). The CSVs are read by column name
# (tests/bench_csv_check.py).
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

out=$TMP
check() { "$PY" "$LC_SOURCE_DIR/tests/bench_csv_check.py" "$@" || fail "bench CSV ($1) fails its checks"; }
start=$SECONDS
if ! "$LC_BIN" bench --quick --out-dir "$out" >"$out/log" 2>&1; then
    fail "bench --quick failed: $(tail -c 2000 "$out/log")"
    finish
fi
echo "bench --quick took $((SECONDS - start)) s"
[[ -f $out/bench.csv && -f $out/bench.json ]] || fail "no CSV/JSON written"
check quick "$out/bench.csv"
grep -q "host light build" "$out/log" || fail "no host light-build figure"
if command -v gnuplot >/dev/null; then ls "$out"/cull-default-*.png >/dev/null || fail "no plots"; fi
# The binning axis: zbin with each binning, one row per binning x scalarize x light count.
if "$LC_BIN" bench --quick --modes lists,zbin --binning tiles,lights,lights-nodepth --out-dir "$out/binning" >"$out/log2" 2>&1; then
    check binning "$out/binning/bench.csv"
else
    fail "bench --quick --binning failed: $(tail -c 2000 "$out/log2")"
fi
# The merge axis: scalarized rows per --scalarize-merge choice (CSV scalarize on, always), then off.
if "$LC_BIN" bench --quick --modes zbin --scalarize-merge tiles,always --out-dir "$out/merge" >"$out/log3" 2>&1; then
    check merge "$out/merge/bench.csv"
    grep -q '"scalarize_merge": "always"' "$out/merge/bench.json" || fail "bench.json lacks scalarize_merge"
else
    fail "bench --quick --scalarize-merge failed: $(tail -c 2000 "$out/log3")"
fi
# The mesh path's dispatch axis: one run gives task and indirect rows (where the device has
# mesh shaders and indirect-count mesh tasks), each naming the dispatch that ran.
if "$LC_BIN" bench --quick --modes zbin --lights 64 --geometry mesh --mesh-dispatch task,indirect --out-dir "$out/dispatch" \
    >"$out/log4" 2>&1; then
    check dispatch "$out/dispatch/bench.csv"
    grep -q '"mesh_dispatch": "indirect"' "$out/dispatch/bench.json" || fail "bench.json lacks mesh_dispatch"
elif grep -q "lacks" "$out/log4"; then
    skip "bench --mesh-dispatch task,indirect" "the device lacks mesh shaders or indirect mesh tasks: $(grep -m1 lacks "$out/log4")"
else
    fail "bench --mesh-dispatch task,indirect failed: $(tail -c 2000 "$out/log4")"
fi
# The raster axis: visibility rows per rasterizer in one run (compute where the device has
# 64-bit buffer atomics, as lavapipe does), each naming the one that ran; forward rows once.
if "$LC_BIN" bench --quick --modes zbin --lights 64 --shading forward,visibility --raster hardware,compute --scalarize-merge tiles \
    --out-dir "$out/raster" >"$out/log5" 2>&1; then
    for want in "forward hardware 2" "visibility hardware 2" "visibility compute 2"; do
        set -- $want
        n=$("$PY" -c "import csv, sys; print(sum(1 for r in csv.DictReader(open(sys.argv[1])) if r['shading'] == sys.argv[2] and r['raster'] == sys.argv[3]))" \
            "$out/raster/bench.csv" "$1" "$2")
        [[ $n == "$3" ]] || fail "bench --raster: expected $3 $1 rows with raster $2, got $n"
    done
else
    fail "bench --raster hardware,compute failed: $(tail -c 2000 "$out/log5")"
fi
# The warm-up: --quick warms each row up for its one frame; --warmup-ms keeps a row warming up
# for that long after its first frame, however few --warmup asks (bench.json's warmup_frames).
n=$("$PY" -c "import json, sys; print(sorted({r['warmup_frames'] for r in json.load(open(sys.argv[1]))['rows']}))" "$out/bench.json")
[[ $n == "[1]" ]] || fail "bench --quick: warmup_frames $n, want [1]"
if "$LC_BIN" bench --quick --modes zbin --lights 64 --scalarize-merge tiles --warmup 1 --warmup-ms 1500 --out-dir "$out/warm" \
    >"$out/log6" 2>&1; then
    n=$("$PY" -c "import json, sys; print(min(r['warmup_frames'] for r in json.load(open(sys.argv[1]))['rows']))" "$out/warm/bench.json")
    [[ $n -gt 1 ]] || fail "bench --warmup 1 --warmup-ms 1500: $n warm-up frames, want more than 1"
else
    fail "bench --warmup-ms failed: $(tail -c 2000 "$out/log6")"
fi
checks="$(($(wc -l <"$out/bench.csv") - 1)) rows and"
finish
