#!/usr/bin/env bash
# Plots a bench CSV (lightcull bench's bench.csv) with gnuplot: cull and shade GPU ms vs
# light count per mode (scalarized), and each mode's culling speed-up over tile lists, one
# PNG per resolution. usage: scripts/bench-plots.sh BENCH.csv OUT_PREFIX
set -euo pipefail
csv=$1; prefix=$2
command -v gnuplot >/dev/null || { echo "gnuplot not found (Debian: gnuplot-nox)" >&2; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# The columns by name, tab-separated (the device name may hold commas), forward shading's rows:
# device scene width height lights mode scalarize cull_ms shade_ms.
/usr/bin/python3 - "$csv" >"$tmp/rows.tsv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1], newline="")):
    if r.get("shading", "forward") == "forward":
        print("\t".join(r[k] for k in ("device", "scene", "width", "height", "lights", "mode", "scalarize", "cull_ms", "shade_ms")))
PY
device=$(awk -F'\t' 'NR == 1 { print $1 }' "$tmp/rows.tsv")
scene=$(awk -F'\t' 'NR == 1 { print $2 }' "$tmp/rows.tsv")
for size in $(awk -F'\t' '{ print $3 "x" $4 }' "$tmp/rows.tsv" | sort -u); do
  w=${size%x*}; h=${size#*x}
  for mode in brute lists tiles clusters zbin; do
    awk -F'\t' -v w="$w" -v h="$h" -v m="$mode" '$3 == w && $4 == h && $6 == m && $7 == "on" { print $5, $8, $9 }' "$tmp/rows.tsv" | sort -n >"$tmp/$mode.dat"
  done
  awk -F'\t' -v w="$w" -v h="$h" '$3 == w && $4 == h && $7 == "on" { c[$5 "," $6] = $8 }
       END { for (k in c) { split(k, a, ","); if (a[2] != "lists" && c[k] > 0 && c[a[1] ",lists"] > 0) print a[1], a[2], c[a[1] ",lists"] / c[k] } }' "$tmp/rows.tsv" |
    sort -n >"$tmp/speedup.all"
  for mode in tiles clusters zbin; do awk -v m="$mode" '$2 == m { print $1, $3 }' "$tmp/speedup.all" >"$tmp/speedup-$mode.dat"; done
  gnuplot <<GP
set terminal pngcairo size 1200,420 noenhanced font ",10"
set output '${prefix}-${size}.png'
set multiplot layout 1,3 title '${device}, ${scene}, ${size}, scalarized, median of timed frames'
set logscale x 2; set grid; set key left top; set xlabel 'lights'
set logscale y; set ylabel 'GPU ms'
set title 'light culling (all cull dispatches)'
plot '$tmp/lists.dat' u 1:2 w lp lw 2 t 'lists', '$tmp/tiles.dat' u 1:2 w lp lw 2 t 'tiles', '$tmp/clusters.dat' u 1:2 w lp lw 2 t 'clusters', '$tmp/zbin.dat' u 1:2 w lp lw 2 t 'zbin'
set title 'forward shading'
plot '$tmp/brute.dat' u 1:3 w lp lw 2 t 'brute', '$tmp/lists.dat' u 1:3 w lp lw 2 t 'lists', '$tmp/tiles.dat' u 1:3 w lp lw 2 t 'tiles', '$tmp/clusters.dat' u 1:3 w lp lw 2 t 'clusters', '$tmp/zbin.dat' u 1:3 w lp lw 2 t 'zbin'
unset logscale y; set ylabel 'lists cull ms / mode cull ms'
set title 'culling speed-up over tile lists'
plot '$tmp/speedup-tiles.dat' u 1:2 w lp lw 2 t 'tiles', '$tmp/speedup-clusters.dat' u 1:2 w lp lw 2 t 'clusters', '$tmp/speedup-zbin.dat' u 1:2 w lp lw 2 t 'zbin', 1 w l dt 2 lc rgb 'gray' t ''
unset multiplot
GP
  echo "${prefix}-${size}.png"
done
