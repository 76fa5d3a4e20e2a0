#!/usr/bin/env bash
# Builds lightcull with ThreadSanitizer (LIGHTCULL_TSAN=ON) into build-tsan with clang and
# clang's OpenMP runtime (libomp), whose barriers and task hand-offs TSan understands through
# its archer tool (libarcher), then runs the threaded tests (ctest -L threads). GCC's libgomp
# is not TSan-instrumented: its internal synchronisation would show up as races. Any report
# fails the test that produced it (TSAN_OPTIONS halt_on_error, exit code 66). The threaded
# tests run every OpenMP region in src/ (tests/CMakeLists.txt lists which covers which); the
# shell ones run the TSan lightcull on lavapipe, shortened (LC_TEST_SWEEP=short) to what
# exercises the threads. Extra arguments go to ctest; LC_FAIL_ON_SKIP=1 fails on any skip
# (scripts/ctest.sh). TSAN_BUILD_DIR: the build tree (default build-tsan).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
build=${TSAN_BUILD_DIR:-$root/build-tsan}
if [[ ! -f $build/CMakeCache.txt ]]; then
  # RelWithDebInfo: the SIMD paths as they ship, with line numbers in reports.
  CC=clang cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLIGHTCULL_TSAN=ON >/dev/null
fi
cmake --build "$build" -j"$(nproc)" --target lightcull test_jobs test_object_cull test_light_threads test_render_context \
  test_gpu_render_backend test_anim_jobs
mkdir -p /tmp/lc-xdg && chmod 700 /tmp/lc-xdg
export LC_TEST_SWEEP=${LC_TEST_SWEEP:-short}
cd "$build"
cmake . >/dev/null
"$root/scripts/ctest.sh" --output-on-failure -j2 -L threads "$@"
