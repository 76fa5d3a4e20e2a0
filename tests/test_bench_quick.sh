#!/usr/bin/env bash
# lightcull bench --quick on lavapipe: finishes, writes a CSV with a row per mode and
# scalarization, JSON, and (with gnuplot) plots; --binning adds rows for zbin, not lists;
# --scalarize-merge tiles,always adds the merged-always rows.
set -euo pipefail
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
start=$(date +%s)
"$LC_BIN" bench --quick --out-dir "$out" >"$out/log" 2>&1 || { cat "$out/log"; echo "bench --quick failed"; exit 1; }
echo "bench --quick took $(( $(date +%s) - start )) s"
csv=$out/bench.csv
[[ -f $csv && -f $out/bench.json ]] || { echo "no CSV/JSON written"; exit 1; }
head -1 "$csv" | grep -q "mode,scalarize" || { echo "CSV header lacks mode,scalarize"; exit 1; }
head -1 "$csv" | grep -q ",threads,cpu_light_build_ms,shading,binning,mesh_dispatch,raster$" || { echo "CSV header lacks threads,cpu_light_build_ms,shading,binning,mesh_dispatch,raster"; exit 1; }
# Every row ran the host light build on at least one thread and timed it, with forward shading
# (fields counted from the end: the device name may hold commas).
awk -F, 'NR > 1 && ($(NF - 5) < 1 || $(NF - 4) <= 0 || $(NF - 3) != "forward" || $NF != "hardware") { bad = 1 } END { exit bad }' "$csv" || { echo "a row lacks threads, a light-build time, its shading or its raster"; exit 1; }
for mode in brute lists tiles clusters zbin; do
  for sc in on off; do
    grep -q ",$mode,$sc," "$csv" || { echo "CSV has no $mode scalarize $sc row"; cat "$csv"; exit 1; }
  done
done
rows=$(($(wc -l <"$csv") - 1))
[[ $rows == 20 ]] || { echo "expected 20 rows (5 modes x 2 x 2 light counts), got $rows"; exit 1; }
# Every culling mode measured a cull time; brute force has none.
awk -F, 'NR > 1 && $7 != "brute" && $10 <= 0 { bad = 1 } END { exit bad }' "$csv" || { echo "a culling mode reported no cull time"; exit 1; }
grep -q "host light build" "$out/log" || { echo "no host light-build figure"; exit 1; }
if command -v gnuplot >/dev/null; then ls "$out"/cull-default-*.png >/dev/null || { echo "no plots"; exit 1; }; fi
# The binning axis: zbin with each binning, one row per binning x scalarize x light count.
"$LC_BIN" bench --quick --modes lists,zbin --binning tiles,lights,lights-nodepth --out-dir "$out/binning" >"$out/log2" 2>&1 ||
  { cat "$out/log2"; echo "bench --quick --binning failed"; exit 1; }
csv=$out/binning/bench.csv
head -1 "$csv" | grep -q ",binning,mesh_dispatch,raster$" || { echo "CSV header lacks the binning, mesh_dispatch and raster columns"; exit 1; }
# Fields by header name, counted from the end: the device name may hold commas.
field() { awk -F, -v want="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == want) off = NF - i; exit } END { print off }' "$csv"; }
m=$(field mode); c=$(field cull_ms); b=$(field binning)
for bn in tiles lights lights-nodepth; do
  n=$(awk -F, -v bn="$bn" -v m="$m" -v c="$c" -v b="$b" 'NR > 1 && $(NF-m) == "zbin" && $(NF-b) == bn && $(NF-c) > 0' "$csv" | wc -l)
  [[ $n == 4 ]] || { echo "expected 4 zbin rows with binning $bn and a cull time, got $n"; cat "$csv"; exit 1; }
done
n=$(awk -F, -v m="$m" -v b="$b" 'NR > 1 && $(NF-m) == "lists" && $(NF-b) == "none"' "$csv" | wc -l)
[[ $n == 4 ]] || { echo "expected 4 lists rows with binning none, got $n"; cat "$csv"; exit 1; }
# cull_bytes counts what --stats memory.cull_bytes counts: with light binning also the
# footprints and the work list, so its zbin rows hold more than tile binning's.
cb=$(field cull_bytes); li=$(field lights)
for bn in lights lights-nodepth; do
  awk -F, -v m="$m" -v b="$b" -v cb="$cb" -v li="$li" -v bn="$bn" '
    NR > 1 && $(NF-m) == "zbin" && $(NF-b) == "tiles" { tiles[$(NF-li)] = $(NF-cb) }
    NR > 1 && $(NF-m) == "zbin" && $(NF-b) == bn { mine[$(NF-li)] = $(NF-cb) }
    END { n = 0; for (k in mine) { n++; if (!(k in tiles) || mine[k] <= tiles[k]) exit 1 } exit n == 2 ? 0 : 1 }' "$csv" ||
    { echo "zbin cull_bytes with binning $bn is not above tile binning's (footprints and work list left out?)"; cat "$csv"; exit 1; }
done
# The merge axis: scalarized rows per --scalarize-merge choice (CSV scalarize on, always), then off.
"$LC_BIN" bench --quick --modes zbin --scalarize-merge tiles,always --out-dir "$out/merge" >"$out/log3" 2>&1 ||
  { cat "$out/log3"; echo "bench --quick --scalarize-merge failed"; exit 1; }
csv=$out/merge/bench.csv
s=$(field scalarize)
for sc in on always off; do
  n=$(awk -F, -v s="$s" -v sc="$sc" 'NR > 1 && $(NF-s) == sc' "$csv" | wc -l)
  [[ $n == 2 ]] || { echo "expected 2 zbin rows with scalarize $sc, got $n"; cat "$csv"; exit 1; }
done
grep -q '"scalarize_merge": "always"' "$out/merge/bench.json" || { echo "bench.json lacks scalarize_merge"; exit 1; }
# The mesh path's dispatch axis: one run gives task and indirect rows (where the device has
# mesh shaders and indirect-count mesh tasks), each naming the dispatch that ran.
if "$LC_BIN" bench --quick --modes zbin --lights 64 --geometry mesh --mesh-dispatch task,indirect --out-dir "$out/dispatch" \
    >"$out/log4" 2>&1; then
  csv=$out/dispatch/bench.csv
  d=$(field mesh_dispatch)
  for md in task indirect; do
    n=$(awk -F, -v d="$d" -v md="$md" 'NR > 1 && $(NF-d) == md' "$csv" | wc -l)
    [[ $n == 2 ]] || { echo "expected 2 mesh rows with mesh_dispatch $md, got $n"; cat "$csv"; exit 1; }
  done
  grep -q '"mesh_dispatch": "indirect"' "$out/dispatch/bench.json" || { echo "bench.json lacks mesh_dispatch"; exit 1; }
else
  grep -q "lacks" "$out/log4" || { cat "$out/log4"; echo "bench --mesh-dispatch task,indirect failed"; exit 1; }
  echo "bench --mesh-dispatch: the device lacks mesh shaders or indirect mesh tasks: $(grep -m1 lacks "$out/log4")"
fi
# The raster axis: visibility rows per rasterizer in one run (compute where the device has
# 64-bit buffer atomics, as lavapipe does), each naming the one that ran; forward rows once.
"$LC_BIN" bench --quick --modes zbin --lights 64 --shading forward,visibility --raster hardware,compute --scalarize-merge tiles \
    --out-dir "$out/raster" >"$out/log5" 2>&1 || { cat "$out/log5"; echo "bench --raster hardware,compute failed"; exit 1; }
csv=$out/raster/bench.csv
ra=$(field raster); sh=$(field shading)
for want in "forward hardware 2" "visibility hardware 2" "visibility compute 2"; do
  set -- $want
  n=$(awk -F, -v ra="$ra" -v sh="$sh" -v a="$1" -v b="$2" 'NR > 1 && $(NF-sh) == a && $(NF-ra) == b' "$csv" | wc -l)
  [[ $n == "$3" ]] || { echo "expected $3 $1 rows with raster $2, got $n"; cat "$csv"; exit 1; }
done
echo "bench --quick: $rows rows"
