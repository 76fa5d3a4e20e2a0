#!/usr/bin/env python3
"""Prints docs/STATS.md from docs/stats.schema.json, so the page and the schema list the same
keys: python3 scripts/stats-doc.py > docs/STATS.md (tests/test_stats_schema.sh checks it)."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def kind(s):
    if "oneOf" in s:
        return " or ".join(kind(x) for x in s["oneOf"])
    t = s.get("type")
    if t is None and "enum" in s:
        return "string or null" if None in s["enum"] else "string"
    if t == "array":
        return "array of %s" % kind(s.get("items", {}))
    return t or "any"


def values(s):
    enum = [v for v in s.get("enum", []) if v is not None]
    return ", ".join("`%s`" % v for v in enum)


def rows(props, required, prefix, out):
    for key, s in props.items():
        name = prefix + key
        note = "" if key in required else " (not always present)"
        desc = s.get("description", "")
        v = values(s)
        out.append("| `%s` | %s | %s%s%s |" % (name, kind(s), desc, "; one of " + v if v else "", note))
        sub = s
        if "oneOf" in s:
            sub = next((x for x in s["oneOf"] if x.get("type") == "object"), {})
        if sub.get("type") == "object" and "properties" in sub:
            rows(sub["properties"], sub.get("required", []), name + ".", out)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "docs", "stats.schema.json")
    schema = json.load(open(path))
    out = [
        "# `--stats`: every key",
        "",
        "`lightcull --stats FILE.json` (headless or viewer) writes one JSON object. This page is",
        "generated from its JSON Schema, [stats.schema.json](stats.schema.json)",
        "(`python3 scripts/stats-doc.py > docs/STATS.md`), and `tests/test_stats_schema.sh` validates",
        "the output of several configurations against that schema, so a key added to the writer",
        "(`lc_app_write_stats` in `src/app/stats.c`) without a line here fails the test.",
        "",
        "Times are in milliseconds: `gpu_ms` and `cpu_ms` are medians over the frames rendered,",
        "`passes_ms` medians over the frames with the last frame's passes, `passes_ms_last_frame`",
        "the last frame alone. Counts are whole numbers; lengths are in metres,",
        "angles in degrees, light intensity in candela, the sun's illuminance in lux.",
        "",
        "Keys marked \"not always present\" appear only in the configurations their text names; the",
        "schema says which (`allOf` at its end).",
        "",
        "| Key | Type | Meaning |",
        "|---|---|---|",
    ]
    rows(schema["properties"], schema.get("required", []), "", out)
    print("\n".join(out))


main()
