#!/usr/bin/env bash
# Runs lightcull's GPU measurements on a machine with a real GPU, headless: device facts,
# every mode against brute force (images and missed pairs, validation on), the tightness and
# timing figures of the culling issue, the 4K targets, and optionally the full bench sweep.
# usage: scripts/gpu-session.sh LIGHTCULL_BINARY SPONZA_GLTF OUT_DIR [quick|full|targets|bench]
#   quick: all but the sweep; targets: the 1080p and 4K figures only; bench: the sweep only
set -uo pipefail
LC=$1; SPONZA=$2; OUT=$3; WHAT=${4:-full}
mkdir -p "$OUT"
PY=${PY:-python3}
log() { echo "== $*" | tee -a "$OUT/session.log"; }
run() { echo "\$ lightcull $*" >>"$OUT/session.log"; "$LC" "$@" >>"$OUT/session.log" 2>&1; local c=$?; [[ $c == 0 ]] || echo "exit $c: $*" | tee -a "$OUT/session.log"; return $c; }
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
  echo "default 720p gpu_ms.frame $(j "$OUT/default-720p.json" gpu_ms.frame), sponza $(j "$OUT/sponza-720p.json" gpu_ms.frame)" | tee -a "$OUT/session.log"

  log "every mode x scalarize equals brute force, 0 missed (960x540, 1024 lights, validation on)"
  echo "scene,mode,scalarize,maxdiff,missed,evaluated_per_exact" >"$OUT/modes.csv"
  for scene in default "$SPONZA"; do
    tag=$(basename "$scene" .gltf)
    run --headless --scene "$scene" --size 960x540 --lights 1024 --seed 3 --frames 2 --mode brute --validate --out "$OUT/m-$tag-brute.png"
    for mode in lists tiles clusters zbin; do for sc in on off; do
      run --headless --scene "$scene" --size 960x540 --lights 1024 --seed 3 --frames 2 --mode $mode --scalarize $sc --pairs --validate \
          --stats "$OUT/m-$tag-$mode-$sc.json" --out "$OUT/m-$tag-$mode-$sc.png"
      d=$(maxdiff "$OUT/m-$tag-brute.png" "$OUT/m-$tag-$mode-$sc.png")
      m=$(j "$OUT/m-$tag-$mode-$sc.json" pairs.missed)
      r=$($PY -c "import json; p=json.load(open('$OUT/m-$tag-$mode-$sc.json'))['pairs']; print(round(p['evaluated']/max(1,p['exact']),3))")
      echo "$tag,$mode,$sc,$d,$m,$r" | tee -a "$OUT/modes.csv"
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
      echo "$tag,$mode,$sc,$($PY -c "import json; d=json.load(open('$f')); p=d['pairs']; print('%.3f,%.4f,%.4f,%d' % (p['evaluated']/max(1,p['exact']), d['gpu_ms']['cull'], d['gpu_ms']['shade'], d['memory']['cull_bytes']))")" | tee -a "$OUT/issue3.csv"
    done; done
  done

  log "4K targets"
  echo "scene,lights,mode,scalarize,cull_ms,shade_ms,cull_plus_shade_ms,cull_bytes,tile_size" >"$OUT/targets.csv"
  for scene in default "$SPONZA"; do
    tag=$(basename "$scene" .gltf)
    for n in 4096 65536; do for mode in lists zbin tiles clusters; do for sc in on off; do
      f="$OUT/t-$tag-$n-$mode-$sc.json"
      run --headless --scene "$scene" --size 3840x2160 --lights $n --seed 5 --frames 20 --mode $mode --scalarize $sc --stats "$f" || continue
      echo "$tag,$n,$mode,$sc,$($PY -c "import json; d=json.load(open('$f')); g=d['gpu_ms']; print('%.4f,%.4f,%.4f,%d,%d' % (g['cull'], g['shade'], g['cull']+g['shade'], d['memory']['cull_bytes'], d['tile_size']))")" | tee -a "$OUT/targets.csv"
    done; done; done
  done
fi

if [[ $WHAT == full || $WHAT == bench ]]; then
  log "bench sweep"
  (cd "$OUT" && "$LC" bench --scene "$SPONZA" --out-dir bench ${BENCH_ARGS:-}) 2>&1 | tail -n 300 >>"$OUT/session.log"
fi
log "done"
(cd "$OUT" && tar czf results.tgz --exclude=results.tgz . 2>/dev/null)
