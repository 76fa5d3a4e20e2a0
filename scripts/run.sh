#!/usr/bin/env bash
# The README's first command: builds (installing what building and running need, said before
# it is installed; the build's progress shown) and opens the viewer on the built-in default
# scene. Any lightcull options may follow, e.g. --mode tiles.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
LC_SETUP_PROFILE=run "$root/scripts/build.sh"
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp/lightcull-xdg-$(id -u)}
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
exec "${BUILD_DIR:-$root/build}/lightcull" "$@"
