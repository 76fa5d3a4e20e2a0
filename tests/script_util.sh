# Shared by the shell tests (sourced, not run): the binary, a scratch directory removed on
# exit, failure and skip counting and the Python used for image checks.
#
# One policy for every test (the C tests follow it too, through tests/test_util.h): a test
# runs every part it can; if any part failed it fails (exit 1); else if any part could not
# run it prints one line per skipped part, "skipped: <what> (<why>)", and exits 77, which
# ctest reports as Skipped (SKIP_RETURN_CODE in tests/CMakeLists.txt), never Passed. A part
# is skipped, not failed, when what it needs is outside the build: Sponza (LC_SPONZA unset),
# an X server (Xvfb or xvfb-run missing), RenderDoc, or a device feature (mesh shaders). A
# part whose input exists but is broken (LC_SPONZA naming a missing file) fails. CI has all
# of them, and scripts/test.sh with LC_FAIL_ON_SKIP=1 (set by .ci/run) fails on any skip.
#   LC_BIN         the lightcull binary (ctest sets it)
#   LC_SOURCE_DIR  the source tree
#   LC_SPONZA      Sponza.gltf, when set
#   LC_TEST_KEEP   keep the scratch directory (images, lights files) for a look afterwards
set -u
: "${LC_BIN:?LC_BIN must name the lightcull binary}"
: "${LC_SOURCE_DIR:=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
PY=/usr/bin/python3 # Debian's, with PIL
img() { "$PY" "$LC_SOURCE_DIR/tests/image_util.py" "$@"; } # image and JSON checks
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp/lc-xdg}
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/lc-test.XXXXXX")
if [[ -n ${LC_TEST_KEEP:-} ]]; then
    echo "scratch directory: $TMP"
else
    trap 'rm -rf "$TMP"' EXIT
fi
failures=0
skips=()
T0=$SECONDS

fail()
{
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# skip WHAT WHY: part WHAT could not run because of WHY; finish reports it and exits 77.
skip()
{
    skips+=("$1 ($2)")
}

# have_sponza WHAT: true when LC_SPONZA names a file; unset, WHAT is skipped; naming no file,
# WHAT fails.
have_sponza()
{
    if [[ -z ${LC_SPONZA:-} ]]; then
        skip "$1" "LC_SPONZA is not set"
        return 1
    fi
    [[ -f $LC_SPONZA ]] && return 0
    fail "$1: LC_SPONZA=$LC_SPONZA does not exist"
    return 1
}

# have_xvfb_run WHAT: true when xvfb-run is installed, else records WHAT as skipped.
have_xvfb_run()
{
    command -v xvfb-run >/dev/null && return 0
    skip "$1" "xvfb-run is missing; Debian: apt-get install xvfb xauth"
    return 1
}

# mesh_probe WHAT: sets mesh_ok to 1 where the device draws --geometry mesh, else to 0 and
# records WHAT as skipped (a probe that fails for another reason than a missing feature fails).
mesh_probe()
{
    mesh_ok=1
    lc --headless --quiet --size 32x32 --frames 1 --geometry mesh --out "$TMP/probe.png" || mesh_ok=0
    if [[ $mesh_ok == 0 ]]; then
        grep -q "lacks" "$LC_STDERR" || fail "--geometry mesh probe failed: $(head -c 600 "$LC_STDERR")"
        skip "$1" "the device has no mesh shaders: $(head -1 "$LC_STDERR")"
    fi
}

# need_gltf_scene: sets GLTF_SCENE to the acceptance checks' scene writer, gltf_scene.py in
# ../shared/checks beside the source tree (or $LC_SHARED/checks); without it the test skips.
need_gltf_scene()
{
    GLTF_SCENE=${LC_SHARED:-$LC_SOURCE_DIR/../shared}/checks/gltf_scene.py
    if [[ ! -f $GLTF_SCENE ]]; then
        echo "Skipped: no $GLTF_SCENE (the acceptance checks' scene writer)"
        exit 77
    fi
}

# write_scene VAR NAME [DIR]: writes the scene writer's scene NAME into DIR (default $TMP)
# and sets VAR to the camera it prints; without the writer the test skips (need_gltf_scene),
# and if it fails the test fails and ends there.
write_scene()
{
    local var=$1 name=$2 dir=${3:-$TMP} out
    need_gltf_scene
    out=$("$PY" "$GLTF_SCENE" "$dir" "$name") || {
        fail "gltf_scene.py $name failed"
        finish
    }
    printf -v "$var" '%s' "$out"
}

# write_decals FILE SEED COUNT [rotated]: a decals file of COUNT decals scattered over the wall
# scene's floor (gltf_scene.py wall), drawn from Random(SEED): overlapping boxes of random
# colours and patterns; rotated: each also turned about the vertical, and some plain.
write_decals()
{
    "$PY" - "$@" <<'PYEOF'
import json, random, sys
out, seed, count, rotated = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), len(sys.argv) > 4
R = random.Random(seed)
patterns = ["disc", "ring", "checker", "stripes"] + ([None] if rotated else [])
D = []
for _ in range(count):
    d = {"position": [round(R.uniform(-2.5, 2.5), 3), 0.0, round(R.uniform(-1.8, 2.5), 3)],
         "size": [round(R.uniform(0.3, 1.2), 3), 0.4, round(R.uniform(0.3, 1.2), 3)]}
    if rotated:
        d["rotation"] = [0, round(R.uniform(-0.4, 0.4), 3), 0, 1]
    d["color"] = [round(R.uniform(0, 1), 3), round(R.uniform(0, 1), 3), round(R.uniform(0, 1), 3), round(R.uniform(0.5, 1), 3)]
    d["pattern"] = R.choice(patterns)
    if d["pattern"] is None:
        del d["pattern"]
    D.append(d)
json.dump({"decals": D}, open(out, "w"))
PYEOF
}

# Runs lightcull with the given arguments; its stdout and stderr go to $LC_STDOUT and
# $LC_STDERR. Returns its exit code.
LC_STDOUT=$TMP/lc.stdout
LC_STDERR=$TMP/lc.stderr
lc()
{
    "$LC_BIN" "$@" >"$LC_STDOUT" 2>"$LC_STDERR"
}

# Runs lightcull expecting exit 0; on anything else reports what and shows stderr.
lc_ok()
{
    local what=$1
    shift
    local rc=0
    lc "$@" || rc=$?
    if [[ $rc -ne 0 ]]; then
        fail "$what: exit $rc (expected 0): $(head -c 2000 "$LC_STDERR")"
        return 1
    fi
    if grep -qi "validation" "$LC_STDERR"; then
        fail "$what: validation output: $(grep -i validation "$LC_STDERR" | head -3)"
        return 1
    fi
    return 0
}

# Runs lightcull expecting a usage error: exit 2 and exactly one line on stderr.
lc_bad()
{
    local what=$1
    shift
    local rc=0
    lc "$@" || rc=$?
    [[ $rc == 2 ]] || fail "$what: exit $rc, expected 2"
    [[ $(wc -l <"$LC_STDERR") == 1 ]] || fail "$what: expected one error line, got: $(cat "$LC_STDERR")"
}

# lc_bad for each argument: its words (split on spaces) are one command line, e.g.
# lc_bad_each "bench --cpu --reps 0" "bench --cpu --threads x".
lc_bad_each()
{
    local args
    for args in "$@"; do
        # shellcheck disable=SC2086
        lc_bad "$args" $args
    done
}

# same_as_ref WHAT REF.png PNG JS EXACT REFNAME: a culling run against its reference run (brute
# force): the image within 1/255 of REF, no missed pair, and the exact pair count REFNAME
# counted (--pairs); prints the figures. Returns 1 where the images cannot be compared.
same_as_ref()
{
    local what=$1 ref=$2 png=$3 js=$4 want=$5 refname=$6 d missed e
    d=$(img diff "$ref" "$png") || { fail "$what: cannot compare images"; return 1; }
    missed=$(img json "$js" pairs.missed)
    e=$(img json "$js" pairs.exact)
    [[ $d -le 1 ]] || fail "$what: image differs from $refname by $d/255"
    [[ $missed == 0 ]] || fail "$what: pairs.missed = $missed"
    [[ $e == "$want" ]] || fail "$what: pairs.exact = $e, $refname counted $want"
    printf '  %-52s max diff %s  missed %s  exact %s\n' "$what" "$d" "$missed" "$e"
}

# Floating-point comparison: fcmp A OP B, OP one of < <= > >=.
fcmp()
{
    "$PY" -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[3]); sys.exit(0 if {'<': a < b, '<=': a <= b, '>': a > b, '>=': a >= b}[sys.argv[2]] else 1)" "$1" "$2" "$3"
}

finish()
{
    local name
    name=$(basename "$0" .sh)
    if [[ $failures -ne 0 ]]; then
        echo "$name: $failures check(s) failed ($((SECONDS - T0)) s)" >&2
        exit 1
    fi
    if [[ ${#skips[@]} -ne 0 ]]; then
        printf 'skipped: %s\n' "${skips[@]}"
        echo "$name: the checks that ran passed, ${#skips[@]} part(s) skipped ($((SECONDS - T0)) s)"
        exit 77
    fi
    echo "$name: all ${checks:+$checks }checks passed ($((SECONDS - T0)) s)"
    exit 0
}
