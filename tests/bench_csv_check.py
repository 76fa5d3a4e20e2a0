#!/usr/bin/env python3
"""Checks a lightcull bench CSV by column name (csv module: the device name holds commas).
python3 tests/bench_csv_check.py KIND FILE; KIND: quick, binning, merge or dispatch (the runs
tests/test_bench_quick.sh makes). Prints each problem and exits 1 on any."""
import csv
import sys

problems = []


def need(ok, what):
    if not ok:
        problems.append(what)


def num(r, k):
    try:
        return float(r[k])
    except (KeyError, ValueError):
        return float("nan")


def check_quick(rows, header):
    for k in ("mode", "scalarize", "cull_ms", "threads", "cpu_light_build_ms", "shading", "binning", "mesh_dispatch"):
        need(k in header, "the header lacks %s" % k)
    need(len(rows) == 20, "expected 20 rows (5 modes x 2 scalarizations x 2 light counts), got %d" % len(rows))
    for mode in ("brute", "lists", "tiles", "clusters", "zbin"):
        for sc in ("on", "off"):
            need(any(r["mode"] == mode and r["scalarize"] == sc for r in rows), "no %s row with scalarize %s" % (mode, sc))
    for i, r in enumerate(rows, 2):
        # Every row ran the host light build on at least one thread and timed it, with forward shading.
        need(num(r, "threads") >= 1 and num(r, "cpu_light_build_ms") > 0 and r["shading"] == "forward",
             "line %d lacks threads, a light-build time or its shading" % i)
        # Every culling mode measured a cull time (and its percentiles bracket the median); brute force has none.
        if r["mode"] != "brute":
            need(num(r, "cull_ms") > 0, "line %d: %s reported no cull time (cull_ms %s)" % (i, r["mode"], r["cull_ms"]))
            need(num(r, "cull_p10") <= num(r, "cull_ms") <= num(r, "cull_p90"), "line %d: cull_p10 <= cull_ms <= cull_p90 fails" % i)
        need(num(r, "shade_ms") > 0 and num(r, "frame_ms") >= num(r, "shade_ms"), "line %d: shade_ms or frame_ms missing" % i)


def check_binning(rows, header):
    for bn in ("tiles", "lights", "lights-nodepth"):
        n = sum(1 for r in rows if r["mode"] == "zbin" and r["binning"] == bn and num(r, "cull_ms") > 0)
        need(n == 4, "expected 4 zbin rows with binning %s and a cull time, got %d" % (bn, n))
    n = sum(1 for r in rows if r["mode"] == "lists" and r["binning"] == "none")
    need(n == 4, "expected 4 lists rows with binning none, got %d" % n)
    # cull_bytes counts what --stats memory.cull_bytes counts: with light binning also the
    # footprints and the work list, so its zbin rows hold more than tile binning's.
    tiles = {r["lights"]: num(r, "cull_bytes") for r in rows if r["mode"] == "zbin" and r["binning"] == "tiles"}
    for bn in ("lights", "lights-nodepth"):
        mine = {r["lights"]: num(r, "cull_bytes") for r in rows if r["mode"] == "zbin" and r["binning"] == bn}
        need(len(mine) == 2 and all(k in tiles and v > tiles[k] for k, v in mine.items()),
             "zbin cull_bytes with binning %s is not above tile binning's" % bn)


def check_merge(rows, header):
    for sc in ("on", "always", "off"):
        n = sum(1 for r in rows if r["scalarize"] == sc)
        need(n == 2, "expected 2 zbin rows with scalarize %s, got %d" % (sc, n))


def check_dispatch(rows, header):
    for md in ("task", "indirect"):
        n = sum(1 for r in rows if r["mesh_dispatch"] == md and r["geometry"] == "mesh")
        need(n == 2, "expected 2 mesh rows with mesh_dispatch %s, got %d" % (md, n))


def main():
    kind, path = sys.argv[1], sys.argv[2]
    with open(path, newline="") as f:
        reader = csv.DictReader(f)
        rows = list(reader)
        header = reader.fieldnames or []
    need(len(header) == len(set(header)), "duplicate column names")
    for i, r in enumerate(rows, 2):
        need(None not in r and None not in r.values(), "line %d has %s fields than the header" % (i, "more" if None in r else "fewer"))
    if not problems:
        {"quick": check_quick, "binning": check_binning, "merge": check_merge, "dispatch": check_dispatch}[kind](rows, header)
    for p in problems:
        print("%s: %s" % (path, p))
    sys.exit(1 if problems else 0)


main()
