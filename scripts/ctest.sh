#!/usr/bin/env bash
# Runs ctest in the current directory (a build tree) with the given arguments, and with
# LC_FAIL_ON_SKIP=1 fails (exit 1, naming them) when any test was skipped: a test exits 77
# (ctest: Skipped) when a part of it could not run here (no Sponza, no Xvfb, a device feature
# missing; tests/script_util.sh), which is fine on a developer's machine but not in CI, where
# everything is installed (.ci/run sets it). Used by test.sh, test-sanitize.sh and test-tsan.sh.
set -uo pipefail
log=$(mktemp "${TMPDIR:-/tmp}/lc-ctest.XXXXXX")
trap 'rm -f "$log"' EXIT
ctest "$@" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
if [[ ${LC_FAIL_ON_SKIP:-0} == 1 ]]; then
  # ctest lists them after the run as "  44 - test_visibility (Skipped)".
  mapfile -t skipped < <(sed -n 's/^[[:space:]]*[0-9]\+ - \(.*\) (Skipped)$/\1/p' "$log")
  if [[ ${#skipped[@]} -ne 0 ]]; then
    # --output-on-failure does not show a skipped test's output: its "skipped:" lines (what
    # and why) come from ctest's log of the run.
    awk '/^[0-9]+\/[0-9]+ Testing: / { name = $3 } /^skipped: / { print "  " name ": " $0 }' \
      Testing/Temporary/LastTest*.log >&2 2>/dev/null
    echo "ctest.sh: LC_FAIL_ON_SKIP=1 and ${#skipped[@]} test(s) skipped a part: ${skipped[*]}" >&2
    [[ $rc -ne 0 ]] || rc=1
  fi
fi
exit "$rc"
