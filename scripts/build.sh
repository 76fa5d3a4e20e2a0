#!/usr/bin/env bash
# Installs what is missing, then configures and builds lightcull into build/ (Release), the
# build's progress on the terminal. LC_SETUP_PROFILE picks what is installed: run (default:
# what building and running need) or test (scripts/test.sh: the test suite's too).
# BUILD_DIR and CMAKE_ARGS override the folder and add cmake options.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh" "${LC_SETUP_PROFILE:-run}"
build=${BUILD_DIR:-$root/build}
if [[ ! -f $build/CMakeCache.txt ]]; then
  echo "lightcull: configuring $build"
  # shellcheck disable=SC2086
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release ${CMAKE_ARGS:-} >/dev/null
fi
echo "lightcull: building in $build"
cmake --build "$build" -j"$(nproc)"
