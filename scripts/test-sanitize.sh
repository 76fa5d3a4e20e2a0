#!/usr/bin/env bash
# Builds lightcull with AddressSanitizer + UndefinedBehaviorSanitizer (LIGHTCULL_SANITIZE=ON,
# the default compiler) into build-asan and runs the test suite there. Any sanitizer report,
# leaks included, fails the test that produced it; tests/lsan.supp names the driver libraries
# whose leaks are suppressed, and tests/CMakeLists.txt passes it on through LSAN_OPTIONS.
# Extra arguments go to ctest (default: the whole suite), e.g. -L cpu or -E test_soak.
# LC_FAIL_ON_SKIP=1 fails the run on any skipped test (scripts/ctest.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
build=${ASAN_BUILD_DIR:-$root/build-asan}
if [[ -z ${LC_SPONZA:-} && -f $root/../shared/assets/sponza/Sponza.gltf ]]; then
  export LC_SPONZA=$root/../shared/assets/sponza/Sponza.gltf
fi
if [[ ! -f $build/CMakeCache.txt ]]; then
  # RelWithDebInfo: optimised (lavapipe is slow enough) with line numbers in reports.
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLIGHTCULL_SANITIZE=ON >/dev/null
fi
cmake --build "$build" -j"$(nproc)"
mkdir -p /tmp/lc-xdg && chmod 700 /tmp/lc-xdg
# Shader sweeps that also run host code shorten to one mode here (tests/test_visibility.sh);
# the Release pass (scripts/test.sh) runs them whole.
export LC_TEST_SWEEP=${LC_TEST_SWEEP:-short}
cd "$build"
cmake . >/dev/null
"$root/scripts/ctest.sh" --output-on-failure -j2 "$@"
