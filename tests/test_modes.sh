#!/usr/bin/env bash
# Every culling mode, scalarized and not, renders the brute-force image (largest channel
# difference <= 1/255) and misses no light-pixel pair (--pairs: missed == 0), with
# validation on, on the default scene and on Sponza, for cameras and lights that stress the
# culling: the scene's default view, the camera inside light volumes, lights crossing the
# near plane and behind the camera, spots pointing at the camera, radii of 0.05 m and 40 m,
# cones of 5, 120 and 170 degrees, and generated lights (tests/modes_util.sh). Light binning:
# tests/test_binning.sh.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"
# shellcheck source=tests/modes_util.sh
source "$(dirname "$0")/modes_util.sh"

SIZE=192x108
VARIANTS="lists:tiles tiles:tiles clusters:tiles zbin:tiles"
all_scenes
finish
