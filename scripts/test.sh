#!/usr/bin/env bash
# The README's second command: builds (installing what is missing) and runs the whole test
# suite with ctest. Sponza tests use LC_SPONZA (default: ../shared/assets/sponza/Sponza.gltf
# beside the checkout, when present). Extra arguments go to ctest, e.g. -L cpu.
# LC_FAIL_ON_SKIP=1: a skipped test (exit 77: a part that could not run here) fails the run
# (scripts/ctest.sh; .ci/run sets it).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [[ -z ${LC_SPONZA:-} && -f $root/../shared/assets/sponza/Sponza.gltf ]]; then
  export LC_SPONZA=$root/../shared/assets/sponza/Sponza.gltf
fi
export BUILD_DIR=${BUILD_DIR:-$root/build}
LC_SETUP_PROFILE="test" "$root/scripts/build.sh"
mkdir -p /tmp/lc-xdg && chmod 700 /tmp/lc-xdg
cd "$BUILD_DIR"
# Configure again so a changed LC_SPONZA reaches the tests.
cmake . >/dev/null
"$root/scripts/ctest.sh" --output-on-failure -j2 "$@"
