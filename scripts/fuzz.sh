#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/*.c) with clang into build-fuzz and runs each for
# SECONDS (default 30), as many at a time as there are cores: ./scripts/fuzz.sh [SECONDS] [TARGET...]
# Each target starts from tests/corpus/<target>/ and keeps what it learns in
# build-fuzz/corpus/<target>/. A crash, leak or timeout stops that target, fails the script
# and leaves the reproducer in build-fuzz/artifacts/<target>/; fix the bug, then copy the
# file into tests/corpus/<target>/ as regress-<what>.<ext> so every build replays it
# (ctest replay_<target>). Logs: build-fuzz/logs/<target>.log.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-30}
shift || true
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(fuzz_lights_json fuzz_options fuzz_scene fuzz_scene_validate)
"$root/scripts/setup.sh"
build=${FUZZ_BUILD_DIR:-$root/build-fuzz}
if [[ ! -f $build/CMakeCache.txt ]]; then
  CC=clang cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLIGHTCULL_FUZZ=ON >/dev/null
fi
cmake --build "$build" -j"$(nproc)" --target "${targets[@]}" >/dev/null

export LSAN_OPTIONS=suppressions=$root/tests/lsan.supp:print_suppressions=0
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# One target a core at a time (libFuzzer runs one thread): each still gets SECONDS.
run_target()
{
  local t=$1
  mkdir -p "$build/corpus/$t" "$build/artifacts/$t" "$build/logs"
  local log=$build/logs/$t.log start=$SECONDS
  # -close_fd_mask=2: our one-line input errors would flood the log; sanitizer and libFuzzer
  # reports still come through. -timeout: one input taking 30 s is a hang worth reporting.
  if "$build/fuzz/$t" -max_total_time="$secs" -timeout=30 -close_fd_mask=2 -print_final_stats=1 \
      -artifact_prefix="$build/artifacts/$t/" "$build/corpus/$t" "$root/tests/corpus/$t" >"$log" 2>&1; then
    local runs
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
    echo "fuzz: $t: ${runs} runs in $((SECONDS - start)) s, no crash ($(find "$build/corpus/$t" -type f | wc -l) corpus files)"
  else
    echo "fuzz: $t: FAILED after $((SECONDS - start)) s; reproducer in $build/artifacts/$t/:" >&2
    ls "$build/artifacts/$t" >&2
    grep -E 'ERROR|SUMMARY|fuzz invariant|Test unit written' "$log" | head -20 >&2
    return 1
  fi
}
status=0
cores=$(nproc)
for t in "${targets[@]}"; do
  run_target "$t" &
  while (($(jobs -rp | wc -l) >= cores)); do wait -n || status=1; done
done
while (($(jobs -rp | wc -l) > 0)); do wait -n || status=1; done
exit $status
