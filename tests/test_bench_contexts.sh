#!/usr/bin/env bash
# lightcull bench --contexts N: records, merges and sorts N synthetic draws per thread count,
# checks the sorted stream itself (exit 1 when wrong) and prints medians; bad arguments
# are one line and exit 2.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

OMP_NUM_THREADS=2 lc_ok "bench --contexts" bench --contexts 5000 --frames 3 || true
"$PY" - "$LC_STDOUT" <<'PYEOF' || fail "bench --contexts output (above)"
import sys
lines = open(sys.argv[1]).read().splitlines()
rows = [l.split() for l in lines if l.split() and l.split()[0].isdigit()]
ok = len(rows) == 2 and [r[0] for r in rows] == ["1", "2"]
ok = ok and all(float(v) > 0 for r in rows for v in r[1:5]) and all(int(r[5]) > 0 for r in rows)
ok = ok and "5000 draws" in lines[0]
if not ok:
    print("\n".join(lines))
sys.exit(0 if ok else 1)
PYEOF
lc_bad_each "bench --contexts" "bench --contexts 0" "bench --contexts 10 --frames x" "bench --contexts 10 --modes brute"
finish
