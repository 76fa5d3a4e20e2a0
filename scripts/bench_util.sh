# shellcheck shell=bash
# What the bench scripts share (sourced after `set -euo pipefail`): the lightcull binary
# (LC_BIN, default build/lightcull; a usage error where it is missing), the project root
# ($here), a scratch folder removed on exit ($tmp), the python with PIL ($py), and a stats
# file's values.
bin=${LC_BIN:-build/lightcull}
[[ -x $bin ]] || { echo "$0: no lightcull binary at $bin (set LC_BIN)" >&2; exit 2; }
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
py=/usr/bin/python3

# get FILE.json KEY.KEY...: one value of a stats file (tests/image_util.py json; fails where absent).
get() { "$py" "$here/tests/image_util.py" json "$1" "$2"; }
# cell FILE.json KEY.KEY...: the same for a CSV cell, "NA" where absent.
cell() { get "$1" "$2" 2>/dev/null || echo NA; }
