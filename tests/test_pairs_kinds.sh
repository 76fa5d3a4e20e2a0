#!/usr/bin/env bash
# --pairs per kind (docs/DECALS.md, "Analysis"; docs/STATS.md pairs.decals, .probes, .lights):
# on a scene with overlapping decals, two overlapping environment probes and lights, every
# culling mode (forward shading; zbin in visibility shading too)
#  - misses no decal-, probe- or light-pixel pair;
#  - counts the same exact pairs per kind as brute force, each kind some;
#  - and the kinds add up to the totals.
# Every run under the validation layer (--validate: any message fails it).
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"

write_scene cam wall
"$PY" - "$TMP" <<'PYEOF'
import json, random, sys
o = sys.argv[1]; R = random.Random(7)
D = [{"position": [round(R.uniform(-2, 2), 3), 0.0, round(R.uniform(-1.5, 2.5), 3)],
      "size": [round(R.uniform(0.5, 1.5), 3), 0.4, round(R.uniform(0.5, 1.5), 3)],
      "color": [round(R.uniform(0, 1), 3), round(R.uniform(0, 1), 3), round(R.uniform(0, 1), 3), round(R.uniform(0.5, 1), 3)],
      "pattern": R.choice(["disc", "ring", "checker", "stripes"])} for _ in range(12)]
json.dump({"decals": D}, open(o + '/decals.json', 'w'))
json.dump({"probes": [{"position": [-1, 1.5, 0], "extents": [2, 1.5, 3]}, {"position": [1.2, 1.5, 0.5], "extents": [1.5, 1.5, 3]}]},
          open(o + '/probes.json', 'w'))
PYEOF
BASE=(--scene "$TMP/wall.gltf" --camera "$cam" --headless --validate --quiet --size 160x90 --frames 2 --seed 3 --lights 32
      --decals-file "$TMP/decals.json" --probes-file "$TMP/probes.json" --pairs)
checks=0
runs=("forward brute" "forward lists" "forward tiles" "forward clusters" "forward zbin" "visibility zbin")
[[ ${LC_TEST_SWEEP:-} == short ]] && runs=("forward brute" "forward zbin")
for run in "${runs[@]}"; do
    read -r sh m <<<"$run"
    lc_ok "$sh $m" "${BASE[@]}" --shading "$sh" --mode "$m" --stats "$TMP/$sh-$m.json" || continue
    read -r line < <("$PY" - "$TMP/$sh-$m.json" "$TMP/forward-brute.json" <<'PYEOF'
import json, sys
p = json.load(open(sys.argv[1]))['pairs']; b = json.load(open(sys.argv[2]))['pairs']
bad = []
for k in ('decals', 'probes', 'lights'):
    if p[k]['missed']: bad.append('%s missed %d' % (k, p[k]['missed']))
    if p[k]['exact'] != b[k]['exact']: bad.append('%s exact %d, brute %d' % (k, p[k]['exact'], b[k]['exact']))
    if not p[k]['exact']: bad.append('no exact %s pair' % k)
    if p[k]['evaluated'] < p[k]['exact'] - p[k]['missed']: bad.append('%s evaluated %d < exact' % (k, p[k]['evaluated']))
for c in ('evaluated', 'exact', 'missed'):
    if sum(p[k][c] for k in ('decals', 'probes', 'lights')) != p[c]: bad.append('the kinds\' %s do not add up to %d' % (c, p[c]))
print(' '.join('%s %d/%d/%d' % (k, p[k]['evaluated'], p[k]['exact'], p[k]['missed']) for k in ('decals', 'probes', 'lights')),
      '|', '; '.join(bad) if bad else 'ok')
PYEOF
)
    echo "  $sh $m: (evaluated/exact/missed) $line"
    [[ ${line##*| } == ok ]] || fail "$sh $m: ${line##*| }"
    checks=$((checks + 1))
done
echo "$checks runs checked"
finish
