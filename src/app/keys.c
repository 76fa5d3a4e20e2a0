#include "app/keys.h"

#include "common.h"

/* viewer.c's key callback binds them; keep the two in step. */
const lc_viewer_key lc_viewer_keys[] = {
    {"W A S D", "move forward, left, back, right (Shift: 4x faster)"},
    {"Q / E", "move down / up"},
    {"right mouse", "hold to look around"},
    {"mouse wheel", "move speed"},
    {"R", "reset the camera"},
    {"N", "next file camera"},
    {"1 2 3 4 5", "mode: brute, lists, tiles, clusters, zbin"},
    {"M", "next mode"},
    {"L", "binning: tiles, lights, lights-nodepth"},
    {"C", "scalarization on / off"},
    {"B", "shading: forward / visibility buffer"},
    {"V", "view: shaded, heatmap, tightness, meshlets, colour, normals, rough/metal, shadows"},
    {"G", "geometry path: direct / mdi / mesh (where the device runs them)"},
    {"O", "occlusion culling on / off (mdi, mesh)"},
    {"+ / -", "double / halve the light count"},
    {"[ / ]", "light radii x0.8 / x1.25"},
    {"P", "pause / resume the light animation"},
    {"T / Y / U", "glTF animation: play / pause, step a frame, next (all, none)"},
    {"left click", "tile inspector: the clicked tile's lights"},
    {"Backspace", "close the inspector"},
    {"F12", "screenshot (PNG, without the HUD)"},
    {"F11", "RenderDoc capture of one frame (.rdc)"},
    {"Tab", "HUD on / off"},
    {"H or F1", "this help"},
    {"Esc", "quit"},
};
const uint32_t lc_viewer_key_count = LC_ARRAY_COUNT(lc_viewer_keys);
