#!/usr/bin/env bash
# Installs what is missing, then configures and builds lightcull into build/ (Release).
# BUILD_DIR and CMAKE_ARGS override the folder and add cmake options.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
build=${BUILD_DIR:-$root/build}
if [[ ! -f $build/CMakeCache.txt ]]; then
  # shellcheck disable=SC2086
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release ${CMAKE_ARGS:-} >/dev/null
fi
cmake --build "$build" -j"$(nproc)"
