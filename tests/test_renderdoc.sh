#!/bin/bash
# RenderDoc: a headless --capture of every culling mode (and geometry path), and the viewer's F11 capture (the
# script's 'capture' action, under Xvfb, with the HUD), replay in RenderDoc's python module
# with every pass in a debug-label region named as in the code, holding its own work, and
# every resource named (tests/renderdoc_check.py); light binning (--binning lights,
# lights-nodepth) for the modes that bin. Without RenderDoc (or Xvfb, for the viewer part) it
# skips what it cannot run (exit 77, the policy of tests/script_util.sh).
# LC_TEST_SWEEP=short (the sanitizer pass) keeps each host path once: brute force (direct), tiles
# (mdi, occlusion off), zbin (the analysis and read-back passes), the other Z-bin kernel, light
# binning and its no-depth form, both visibility tonemaps and the viewer's F11 capture. It drops
# lists, clusters, and tiles and clusters with light binning: the same geometry paths and
# binning as kept ones (the modes' host code runs in test_bench_quick and test_gpu_cull there).
set -u
: "${LC_BIN:?set LC_BIN to the lightcull binary}" "${LC_SOURCE_DIR:?set LC_SOURCE_DIR to the source tree}"
PY=/usr/bin/python3 # Debian's python: python3-renderdoc installs the module for it
fail() { echo "test_renderdoc: FAIL: $*"; exit 1; }
if ! $PY -c "import renderdoc" 2>/dev/null; then
  echo "skipped: every capture (RenderDoc's python module is missing; Debian: apt-get install renderdoc python3-renderdoc)"
  exit 77
fi
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp/lc-xdg}
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
T=$(mktemp -d /tmp/lc-renderdoc.XXXXXX)
trap 'rm -rf "$T"' EXIT
CHECK="$LC_SOURCE_DIR/tests/renderdoc_check.py"
# Replays a capture in RenderDoc's python module and checks it. RenderDoc's replayer has crashed
# once in CI (a segfault in the module, on a capture that replays cleanly every other time): a
# replay killed by a signal is run once more on the same file, so a capture that really breaks
# the replayer still fails, and the crash's python stack (faulthandler) is printed either way.
check_capture()
{
  local code=0
  $PY -X faulthandler "$CHECK" "$@" || code=$?
  if ((code > 128)); then
    echo "test_renderdoc: RenderDoc's replay of $1 died with signal $((code - 128)); replaying it once more"
    code=0
    $PY -X faulthandler "$CHECK" "$@" || code=$?
  fi
  return $code
}

modes="brute lists tiles clusters zbin zbin:lights tiles+lights clusters+lights zbin+lights zbin+lights-nodepth"
[[ ${LC_TEST_SWEEP:-} == short ]] && modes="brute tiles zbin zbin:lights zbin+lights zbin+lights-nodepth"
for mode in $modes; do
  kernel=auto binning=tiles
  [[ $mode == *:* ]] && kernel=${mode#*:}
  [[ $mode == *+* ]] && binning=${mode#*+}
  m=${mode%%:*}; m=${m%%+*}
  args=(--headless --validate --quiet --size 320x180 --lights 64 --frames 2 --mode "$m" --zbin-kernel "$kernel"
        --binning "$binning" --capture "$T/$mode.rdc")
  flags=()
  # zbin also shows the analysis clear (heatmap view) and the readback (--out) passes; the
  # geometry paths: brute and lists direct, tiles mdi, the rest mdi + occlusion.
  [[ $mode == zbin ]] && args+=(--view heatmap --out "$T/zbin.png") && flags=(--analysis --readback)
  case $mode in
    brute|lists) args+=(--geometry direct) ;;
    tiles) args+=(--geometry mdi --occlusion off); flags+=(--mdi) ;;
    *) args+=(--geometry mdi --occlusion on); flags+=(--mdi-occlusion) ;;
  esac
  code=0; timeout 300 "$LC_BIN" "${args[@]}" >"$T/$mode.log" 2>&1 || code=$?
  [[ $code == 0 ]] || fail "lightcull ${args[*]} exited $code: $(tail -3 "$T/$mode.log")"
  [[ -s $T/$mode.rdc ]] || fail "$mode: no capture at $T/$mode.rdc"
  check_capture "$T/$mode.rdc" "$mode" "${flags[@]}" || fail "$mode: the capture does not read like the code (above)"
done

# The visibility path: its raster pass and compute shade, named as in the code; the shade
# tonemaps as it writes (auto: fused), or a tonemap pass follows (--tonemap compute).
for tm in auto compute; do
  args=(--headless --validate --quiet --size 320x180 --lights 64 --frames 2 --mode zbin --shading visibility --tonemap "$tm"
        --capture "$T/visibility-$tm.rdc")
  code=0; timeout 300 "$LC_BIN" "${args[@]}" >"$T/visibility-$tm.log" 2>&1 || code=$?
  [[ $code == 0 ]] || fail "lightcull ${args[*]} exited $code: $(tail -3 "$T/visibility-$tm.log")"
  [[ -s $T/visibility-$tm.rdc ]] || fail "visibility: no capture at $T/visibility-$tm.rdc"
  fused=(); [[ $tm == auto ]] && fused=(--fused)
  check_capture "$T/visibility-$tm.rdc" zbin+lights --visibility "${fused[@]}" ||
    fail "visibility --tonemap $tm: the capture does not read like the code (above)"
done

if ! command -v xvfb-run >/dev/null; then
  echo "skipped: the viewer's F11 capture (xvfb-run is missing; Debian: apt-get install xvfb xauth)"
  exit 77
fi
printf '1 capture %s\n3 quit\n' "$T/viewer.rdc" >"$T/script.txt"
code=0
timeout 300 xvfb-run -a -s "-screen 0 1280x720x24" "$LC_BIN" --validate --size 320x180 --lights 64 \
  --script "$T/script.txt" >"$T/viewer.log" 2>&1 || code=$?
[[ $code == 0 ]] || fail "viewer with a capture exited $code: $(tail -3 "$T/viewer.log")"
[[ -s $T/viewer.rdc ]] || fail "viewer: the 'capture' action (F11) wrote no $T/viewer.rdc: $(tail -3 "$T/viewer.log")"
check_capture "$T/viewer.rdc" zbin+lights --hud || fail "viewer: the F11 capture does not read like the code (above)"
echo "test_renderdoc: ok (5 headless modes, both Z-bin kernels, light binning, visibility shading, mdi, and the viewer's F11 capture)"
