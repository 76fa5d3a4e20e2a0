# Sourced by the reliability tests (test_reliability_input.sh, test_memory_limit.sh,
# test_resize_storm.sh, test_device_lost.sh): tests/script_util.sh (the binary, a scratch
# directory, failure and skip counting, finish), an X server of their own, and checks that a
# run failed the way it should: its exit code, exactly one error line on stderr, no sanitizer
# report, and no output file left behind.
source "$(dirname "${BASH_SOURCE[0]}")/script_util.sh"
XVFB_PID='' WM_PID=''
cleanup()
{
    [[ -n $WM_PID ]] && kill "$WM_PID" 2>/dev/null
    [[ -n $XVFB_PID ]] && kill "$XVFB_PID" 2>/dev/null
    [[ -n ${LC_TEST_KEEP:-} ]] || rm -rf "$TMP"
}
trap cleanup EXIT
checks=0

# What a crash, a sanitizer or an assertion leaves on stderr.
crash_pattern='AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|runtime error:|Assertion|Aborted|core dumped|Segmentation'

# expect RC WHAT ARGS...: runs lightcull with ARGS (stdout to $TMP/out, stderr to $TMP/err)
# and checks the exit code. A failing run (RC != 0) must print exactly one line on stderr,
# "lightcull: ...", besides warnings. Returns 1 after reporting a failure.
expect()
{
    local want=$1 what=$2
    shift 2
    checks=$((checks + 1))
    local rc=0
    "$LC_BIN" "$@" >"$TMP/out" 2>"$TMP/err" || rc=$?
    if grep -qE "$crash_pattern" "$TMP/err"; then
        fail "$what: crashed or a sanitizer reported (exit $rc): $(grep -m3 -E "$crash_pattern" "$TMP/err")"
        return 1
    fi
    if [[ $rc -ne $want ]]; then
        fail "$what: exit $rc, expected $want: $(head -c 1500 "$TMP/err")"
        return 1
    fi
    if [[ $want -ne 0 ]]; then
        local lines
        lines=$(grep -v '^lightcull: warning: ' "$TMP/err" | grep -c . || true)
        if [[ $lines -ne 1 ]] || ! grep -v '^lightcull: warning: ' "$TMP/err" | grep -q '^lightcull: '; then
            fail "$what: expected one 'lightcull: ...' line on stderr, got $lines: $(head -c 1500 "$TMP/err")"
            return 1
        fi
    fi
    return 0
}

# says PATTERN WHAT: the last run's stderr matches the extended regex PATTERN.
says()
{
    grep -qiE "$1" "$TMP/err" || fail "$2: the message does not say /$1/: $(head -c 600 "$TMP/err")"
}

# no_output WHAT PATH...: neither PATH nor a temporary PATH.tmp* exists.
no_output()
{
    local what=$1 p
    shift
    for p in "$@"; do
        [[ -e $p ]] && fail "$what: '$p' was left behind"
        compgen -G "$p.tmp*" >/dev/null && fail "$what: temporary files left behind: $(echo "$p".tmp*)"
    done
    return 0
}

# png_size PATH: "WIDTHxHEIGHT" from a PNG's header, or nothing when it is not a PNG.
png_size()
{
    /usr/bin/python3 - "$1" <<'EOF'
import struct, sys
with open(sys.argv[1], 'rb') as f:
    head = f.read(24)
if head[:8] == b'\x89PNG\r\n\x1a\n' and head[12:16] == b'IHDR':
    print('%dx%d' % struct.unpack('>II', head[16:24]))
EOF
}

# start_x WHAT: starts Xvfb on a free display, and twm when installed so that minimise and
# restore really unmap and map the window, and exports DISPLAY. Returns 1 when it cannot:
# part WHAT is then skipped (Xvfb missing) or failed (Xvfb did not start).
start_x()
{
    if ! command -v Xvfb >/dev/null; then
        skip "$1" "Xvfb is missing; Debian: apt-get install xvfb"
        return 1
    fi
    Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp 3>"$TMP/display" 2>"$TMP/xvfb.log" &
    XVFB_PID=$!
    local i
    for i in $(seq 100); do
        [[ -s $TMP/display ]] && break
        sleep 0.1
    done
    if [[ ! -s $TMP/display ]]; then
        fail "$1: Xvfb did not start: $(head -c 500 "$TMP/xvfb.log")"
        return 1
    fi
    export DISPLAY=:$(head -n1 "$TMP/display")
    if command -v twm >/dev/null; then
        printf 'RandomPlacement\nNoTitle\n' >"$TMP/twmrc" # no interactive placement
        twm -f "$TMP/twmrc" >/dev/null 2>&1 &
        WM_PID=$!
        sleep 0.5
    fi
    return 0
}

# fault_sweep VAR WHAT PATTERN OUTPUTS MAX -- ARGS...: walks a fault-injection variable over
# N = 1, 2, ... MAX (VAR=N makes the N-th such point fail) until a run of lightcull ARGS gets
# past the last point (exit 0, nothing on stderr); still failing at MAX is a failure. Each failing run must exit 1 without a crash or
# sanitizer report, print exactly one line matching the extended regex PATTERN, and leave none
# of OUTPUTS (space-separated paths) nor their temporaries. Sets sweep_points to the number of
# points and leaves each run's error line in $TMP/sweep.lines. Stops at a crash, since every
# later run would fail the same way.
fault_sweep()
{
    local var=$1 what=$2 pattern=$3 outputs=$4 max=$5
    shift 6
    sweep_points=0
    : >"$TMP/sweep.lines"
    local n o
    for n in $(seq 1 "$max"); do
        local rc=0
        env "$var=$n" "$LC_BIN" "$@" >"$TMP/out" 2>"$TMP/err" || rc=$?
        if [[ $rc -eq 0 ]] && ! grep -q . "$TMP/err"; then
            return 0 # past the last point: the run is whole
        fi
        sweep_points=$((sweep_points + 1))
        checks=$((checks + 1))
        cat "$TMP/err" >>"$TMP/sweep.lines"
        if grep -qE "$crash_pattern" "$TMP/err" || [[ $rc -ne 1 ]]; then
            fail "$what, $var=$n: exit $rc: $(head -c 1500 "$TMP/err")"
            return 1
        fi
        if [[ $(grep -c . "$TMP/err") -ne 1 ]] || ! grep -qE "$pattern" "$TMP/err"; then
            fail "$what, $var=$n: expected one line matching /$pattern/: $(head -c 1500 "$TMP/err")"
        fi
        for o in $outputs; do
            no_output "$what, $var=$n" "$o"
            rm -rf "$o"
        done
    done
    fail "$what: still failing after $max points (is $var counted?)"
    return 1
}
