#!/usr/bin/env bash
# The GPU machine's scripts (scripts/gpu-session.sh, scripts/gpu-reliability.sh) report a
# failed step in their exit code: run with a lightcull (and test_gpu_soak) that always fails
# they exit 1 naming the failed steps, with one that succeeds the soak part exits 0, and bad
# arguments are exit 2 with one line. Their measurements need a real GPU (too slow here).
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"
S=$LC_SOURCE_DIR/scripts
mkdir -p "$TMP/bad" "$TMP/good"
printf '#!/bin/sh\necho "stub: failing" >&2\nexit 1\n' >"$TMP/bad/lightcull"
cp "$TMP/bad/lightcull" "$TMP/bad/test_gpu_soak"
printf '#!/bin/sh\nexit 0\n' >"$TMP/good/test_gpu_soak"
cp "$TMP/bad/lightcull" "$TMP/good/lightcull"
chmod +x "$TMP"/bad/* "$TMP"/good/*
: >"$TMP/scene.gltf"

# expect_exit WANT WHAT COMMAND...: the command's exit code; on exit 1, the log names a failure.
expect_exit()
{
    local want=$1 what=$2 rc=0
    shift 2
    (cd "$LC_SOURCE_DIR" && "$@") >"$TMP/out" 2>"$TMP/err" || rc=$?
    [[ $rc == "$want" ]] || fail "$what: exit $rc, expected $want: $(tail -5 "$TMP/out" "$TMP/err")"
    if [[ $want == 2 ]]; then
        [[ $(wc -l <"$TMP/err") == 1 ]] || fail "$what: expected one error line, got: $(cat "$TMP/err")"
    fi
}

expect_exit 1 "gpu-session.sh targets, lightcull failing" bash "$S/gpu-session.sh" "$TMP/bad/lightcull" "$TMP/scene.gltf" "$TMP/s1" targets
grep -q "FAILED" "$TMP/s1/session.log" || fail "gpu-session.sh: the log names no failed step"
expect_exit 1 "gpu-session.sh quick, lightcull failing" bash "$S/gpu-session.sh" "$TMP/bad/lightcull" "$TMP/scene.gltf" "$TMP/s2" quick
expect_exit 2 "gpu-session.sh without arguments" bash "$S/gpu-session.sh"
expect_exit 2 "gpu-session.sh, unknown part" bash "$S/gpu-session.sh" "$TMP/bad/lightcull" "$TMP/scene.gltf" "$TMP/s3" everything

expect_exit 1 "gpu-reliability.sh soak, failing" bash "$S/gpu-reliability.sh" "$TMP/bad" "$TMP/scene.gltf" "$TMP/r1" soak
grep -q "FAILED: .*test_gpu_soak" "$TMP/r1/reliability.log" || fail "gpu-reliability.sh: the log does not name the failed soak"
expect_exit 0 "gpu-reliability.sh soak, passing" bash "$S/gpu-reliability.sh" "$TMP/good" "$TMP/scene.gltf" "$TMP/r2" soak
expect_exit 1 "gpu-reliability.sh tests, lightcull failing" bash "$S/gpu-reliability.sh" "$TMP/bad" "$TMP/scene.gltf" "$TMP/r3" tests
expect_exit 2 "gpu-reliability.sh, no lightcull" bash "$S/gpu-reliability.sh" "$TMP/none" "$TMP/scene.gltf" "$TMP/r4"
finish
