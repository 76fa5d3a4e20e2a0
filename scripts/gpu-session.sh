#!/usr/bin/env bash
# Runs lightcull's GPU measurements on a machine with a real GPU, headless: device facts,
# every mode against brute force (images and missed pairs, validation on), the tightness and
# timing figures of the culling issue, the 4K targets, and optionally the full bench sweep.
# usage: scripts/gpu-session.sh LIGHTCULL_BINARY SPONZA_GLTF OUT_DIR [quick|full|targets|bench]
#   quick: all but the sweep; targets: the 1080p and 4K figures only; bench: the sweep only
# Every step runs even when one before it failed; then exit 1 when any failed (a lightcull
# run, a mode that differs from brute force or misses pairs, stats that cannot be read), the
# log's last lines naming them.
set -uo pipefail
usage() { echo "usage: scripts/gpu-session.sh LIGHTCULL_BINARY SPONZA_GLTF OUT_DIR [quick|full|targets|bench]: $*" >&2; exit 2; }
[[ $# -ge 3 && $# -le 4 ]] || usage "expected 3 or 4 arguments, got $#"
[[ -x $1 ]] || usage "'$1' is not an executable"
[[ -f $2 ]] || usage "no scene file '$2'"
LC=$(realpath "$1"); SPONZA=$(realpath "$2"); OUT=$3; WHAT=${4:-full}
[[ $WHAT =~ ^(quick|full|targets|bench)$ ]] || usage "unknown part '$WHAT'"
mkdir -p "$OUT" || exit 2
PY=${PY:-python3}
failed=()
log() { echo "== $*" | tee -a "$OUT/session.log"; }
failure() { failed+=("$*"); echo "FAILED: $*" | tee -a "$OUT/session.log"; }
run() { echo "\$ lightcull $*" >>"$OUT/session.log"; "$LC" "$@" >>"$OUT/session.log" 2>&1; local c=$?; [[ $c == 0 ]] || failure "exit $c: lightcull $*"; return $c; }
maxdiff() { $PY - "$1" "$2" <<'PYEOF'
import sys
from PIL import Image, ImageChops
a = Image.open(sys.argv[1]).convert('RGB'); b = Image.open(sys.argv[2]).convert('RGB')
print(-1 if a.size != b.size else max(hi for lo, hi in ImageChops.difference(a, b).getextrema()))
PYEOF
}
j() { $PY -c "import json,sys; d=json.load(open(sys.argv[1]))
for k in sys.argv[2].split('.'): d=d[k]
print(d)" "$1" "$2"; }

log "device"
(vulkaninfo --summary 2>/dev/null | grep -E "deviceName|driverInfo|apiVersion|driverVersion" | head -8) | tee -a "$OUT/session.log"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | tee -a "$OUT/session.log"

if [[ $WHAT == quick || $WHAT == full ]]; then
  log "foundation: default scene and Sponza, 1280x720, 1024 lights, validation on"
  run --headless --size 1280x720 --frames 20 --validate --stats "$OUT/default-720p.json" --out "$OUT/default-720p.png"
  run --headless --scene "$SPONZA" --size 1280x720 --frames 20 --validate --stats "$OUT/sponza-720p.json" --out "$OUT/sponza-720p.png"
  if a=$(j "$OUT/default-720p.json" gpu_ms.frame) && b=$(j "$OUT/sponza-720p.json" gpu_ms.frame); then
    echo "default 720p gpu_ms.frame $a, sponza $b" | tee -a "$OUT/session.log"
  else
    failure "the 720p stats cannot be read"
  fi

  log "every mode x scalarize equals brute force, 0 missed (960x540, 1024 lights, validation on)"
  echo "scene,mode,scalarize,maxdiff,missed,evaluated_per_exact" >"$OUT/modes.csv"
  for scene in default "$SPONZA"; do
    tag=$(basename "$scene" .gltf)
    run --headless --scene "$scene" --size 960x540 --lights 1024 --seed 3 --frames 2 --mode brute --validate --out "$OUT/m-$tag-brute.png" ||
      continue
    for mode in lists tiles clusters zbin; do for sc in on off; do
      run --headless --scene "$scene" --size 960x540 --lights 1024 --seed 3 --frames 2 --mode $mode --scalarize $sc --pairs --validate \
          --stats "$OUT/m-$tag-$mode-$sc.json" --out "$OUT/m-$tag-$mode-$sc.png" || continue
      if ! { d=$(maxdiff "$OUT/m-$tag-brute.png" "$OUT/m-$tag-$mode-$sc.png") && m=$(j "$OUT/m-$tag-$mode-$sc.json" pairs.missed) &&
        r=$($PY -c "import json; p=json.load(open('$OUT/m-$tag-$mode-$sc.json'))['pairs']; print(round(p['evaluated']/max(1,p['exact']),3))"); }; then
        failure "$tag $mode scalarize $sc: cannot compare with brute force"
        continue
      fi
      echo "$tag,$mode,$sc,$d,$m,$r" | tee -a "$OUT/modes.csv"
      # As tests/test_modes.sh holds on lavapipe: within 1/255 of brute force, no pair missed.
      [[ $d -ge 0 && $d -le 1 && $m == 0 ]] || failure "$tag $mode scalarize $sc: differs from brute force by $d/255, $m pairs missed"
    done; done
  done
  rm -f "$OUT"/m-*.png
fi

if [[ $WHAT != bench ]]; then
  log "culling issue figures: 1920x1080, 4096 lights"
  echo "scene,mode,scalarize,evaluated_per_exact,cull_ms,shade_ms,cull_bytes" >"$OUT/issue3.csv"
  for scene in default "$SPONZA"; do
    tag=$(basename "$scene" .gltf)
    for mode in brute lists tiles clusters zbin; do for sc in on off; do
      f="$OUT/i3-$tag-$mode-$sc.json"
      run --headless --scene "$scene" --size 1920x1080 --lights 4096 --seed 5 --frames 8 --mode $mode --scalarize $sc --pairs --stats "$f" || continue
      row=$($PY -c "import json; d=json.load(open('$f')); p=d['pairs']; print('%.3f,%.4f,%.4f,%d' % (p['evaluated']/max(1,p['exact']), d['gpu_ms']['cull'], d['gpu_ms']['shade'], d['memory']['cull_bytes']))") ||
        { failure "$f: cannot read the stats"; continue; }
      echo "$tag,$mode,$sc,$row" | tee -a "$OUT/issue3.csv"
    done; done
  done

  log "4K targets"
  echo "scene,lights,mode,scalarize,cull_ms,shade_ms,cull_plus_shade_ms,cull_bytes,tile_size" >"$OUT/targets.csv"
  for scene in default "$SPONZA"; do
    tag=$(basename "$scene" .gltf)
    for n in 4096 65536; do for mode in lists zbin tiles clusters; do for sc in on off; do
      f="$OUT/t-$tag-$n-$mode-$sc.json"
      run --headless --scene "$scene" --size 3840x2160 --lights $n --seed 5 --frames 20 --mode $mode --scalarize $sc --stats "$f" || continue
      row=$($PY -c "import json; d=json.load(open('$f')); g=d['gpu_ms']; print('%.4f,%.4f,%.4f,%d,%d' % (g['cull'], g['shade'], g['cull']+g['shade'], d['memory']['cull_bytes'], d['tile_size']))") ||
        { failure "$f: cannot read the stats"; continue; }
      echo "$tag,$n,$mode,$sc,$row" | tee -a "$OUT/targets.csv"
    done; done; done
  done
fi

if [[ $WHAT == full || $WHAT == bench ]]; then
  log "bench sweep"
  # shellcheck disable=SC2086 # BENCH_ARGS is a list of arguments
  (cd "$OUT" && "$LC" bench --scene "$SPONZA" --out-dir bench ${BENCH_ARGS:-}) 2>&1 | tail -n 300 >>"$OUT/session.log" ||
    failure "the bench sweep (exit ${PIPESTATUS[0]})"
fi
if [[ ${#failed[@]} != 0 ]]; then
  log "done, ${#failed[@]} step(s) FAILED:"
  printf '  %s\n' "${failed[@]}" | tee -a "$OUT/session.log"
else
  log "done"
fi
(cd "$OUT" && tar czf results.tgz --exclude=results.tgz . 2>/dev/null) || { echo "gpu-session.sh: cannot pack $OUT/results.tgz" >&2; exit 1; }
[[ ${#failed[@]} == 0 ]] || exit 1
