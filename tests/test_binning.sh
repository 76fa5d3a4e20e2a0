#!/usr/bin/env bash
# Light binning (--binning lights and lights-nodepth) is conservative: tiles, clusters and
# zbin render the brute-force image (largest channel difference <= 1/255) and miss no
# light-pixel pair, with validation on, on the default scene and on Sponza, in the cases
# tests/test_modes.sh runs (cameras inside lights, lights crossing the near plane, wide and
# narrow cones, tiny and huge radii, generated lights), and again at 333x177, where the
# right and bottom tiles and clusters are partial.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"
# shellcheck source=tests/modes_util.sh
source "$(dirname "$0")/modes_util.sh"

SIZE=192x108
ODD_SIZE=333x177
VARIANTS="tiles:lights clusters:lights zbin:lights zbin:lights-nodepth"
all_scenes
finish
