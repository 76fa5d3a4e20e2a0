/* The C view of the structs shared with GLSL (shaders/shared/lc_shared.h) must match
 * std140/std430: vec4-sized members, no hidden padding, offsets as the shaders compute them.
 * Checked when the core compiles; the geometry and meshlet structs are asserted beside their
 * code (src/geometry/). */
#include <stddef.h>

#include "lights/lights.h"
#include "lc_skin.h"

_Static_assert(sizeof(lc_skin_push) == 64, "lc_skin_push is four uvec4 of push constants");
_Static_assert(sizeof(lc_skin_sphere) == 32, "lc_skin_sphere is a vec4 and a uvec4 (std430)");

_Static_assert(sizeof(lc_f4) == 16, "lc_f4 is a vec4");
_Static_assert(sizeof(lc_u4) == 16, "lc_u4 is a uvec4");
_Static_assert(sizeof(lc_m4) == 64, "lc_m4 is a mat4");

_Static_assert(sizeof(lc_gpu_light) == 64, "lc_gpu_light is 4 vec4");
_Static_assert(offsetof(lc_gpu_light, position_radius) == 0, "position_radius");
_Static_assert(offsetof(lc_gpu_light, color_type) == 16, "color_type");
_Static_assert(offsetof(lc_gpu_light, direction_cos) == 32, "direction_cos");
_Static_assert(offsetof(lc_gpu_light, spot_depth) == 48, "spot_depth");
_Static_assert(sizeof(lc_gpu_object) == 144, "lc_gpu_object is 2 mat4 + uvec4");
_Static_assert(offsetof(lc_gpu_object, world) == 0, "world");
_Static_assert(offsetof(lc_gpu_object, normal) == 64, "normal");
_Static_assert(offsetof(lc_gpu_object, info) == 128, "info");

/* std140: 4 mat4 (256 bytes) then 7 vec4-sized members (112 bytes). */
_Static_assert(sizeof(lc_frame_ubo) == 416 + 208, "lc_frame_ubo is 4 mat4 + 10 vec4, then the camera's lc_gpu_view");
_Static_assert(offsetof(lc_frame_ubo, entity_info) == 400, "entity_info");
_Static_assert(offsetof(lc_frame_ubo, camera) == 416, "camera");
/* A view (std140 and std430 alike): a mat4, 6 plane vec4, 3 vec4-sized members. */
_Static_assert(sizeof(lc_gpu_view) == 208, "lc_gpu_view is a mat4 and 9 vec4");
_Static_assert(offsetof(lc_gpu_view, planes) == 64 && offsetof(lc_gpu_view, eye) == 160, "planes, eye");
_Static_assert(offsetof(lc_gpu_view, rect) == 176 && offsetof(lc_gpu_view, info) == 192, "rect, info");
_Static_assert(sizeof(lc_gpu_decal) == 96 && offsetof(lc_gpu_decal, textures) == 80, "lc_gpu_decal is 6 vec4");
_Static_assert(sizeof(lc_gpu_object_mask) == 32 && offsetof(lc_gpu_object_mask, info) == 16, "lc_gpu_object_mask is 2 uvec4");
_Static_assert(offsetof(lc_frame_ubo, view) == 0, "view");
_Static_assert(offsetof(lc_frame_ubo, proj) == 64, "proj");
_Static_assert(offsetof(lc_frame_ubo, view_proj) == 128, "view_proj");
_Static_assert(offsetof(lc_frame_ubo, inv_proj) == 192, "inv_proj");
_Static_assert(offsetof(lc_frame_ubo, camera_pos) == 256, "camera_pos");
_Static_assert(offsetof(lc_frame_ubo, screen_inv) == 272, "screen_inv");
_Static_assert(offsetof(lc_frame_ubo, screen) == 288, "screen");
_Static_assert(offsetof(lc_frame_ubo, light_info) == 304, "light_info");
_Static_assert(offsetof(lc_frame_ubo, zbin_info) == 320, "zbin_info");
_Static_assert(offsetof(lc_frame_ubo, zbin_params) == 336, "zbin_params");
_Static_assert(offsetof(lc_frame_ubo, options) == 352, "options");
_Static_assert(offsetof(lc_frame_ubo, exposure) == 368, "exposure");
_Static_assert(offsetof(lc_frame_ubo, pass_info) == 384, "pass_info");

_Static_assert(sizeof(lc_gpu_counters) == 16, "lc_gpu_counters is one uvec4");
_Static_assert(sizeof(lc_gpu_tile_depth) == 16, "lc_gpu_tile_depth is a vec2 and two uints");
_Static_assert(offsetof(lc_gpu_tile_depth, slices) == 8, "slices");

/* The visibility shade's scene tables (shaders/shading/visibility.glsl; lc_gpu_draw:
 * src/geometry/visibility_scene.c, lc_gpu_material: src/materials/gpu_material.c). */
_Static_assert(sizeof(lc_gpu_footprint) == 48, "lc_gpu_footprint is 3 vec4");
_Static_assert(offsetof(lc_gpu_footprint, ellipse) == 16, "ellipse");
_Static_assert(offsetof(lc_gpu_footprint, axes) == 32, "axes");
_Static_assert(sizeof(lc_gpu_bin_work) == 16, "lc_gpu_bin_work's header is one uvec4 (the items, uvec2 each, follow)");
_Static_assert(sizeof(lc_bin_push) == 16, "lc_bin_push is one uvec4");

/* The sun and the environment (src/lights/environment.c, shaders/shading/environment.glsl). */
_Static_assert(sizeof(lc_gpu_environment) == 192, "lc_gpu_environment is 12 vec4");
_Static_assert(offsetof(lc_gpu_environment, params) == 32, "params");
_Static_assert(offsetof(lc_gpu_environment, sh) == 48, "sh");
_Static_assert(sizeof(lc_gpu_probe) == 176, "lc_gpu_probe is 11 vec4");
_Static_assert(offsetof(lc_gpu_probe, sh) == 32, "probe sh");
_Static_assert(sizeof(lc_gpu_shadow) == 512 && offsetof(lc_gpu_shadow, params) == 16 && offsetof(lc_gpu_shadow, rect) == 32 &&
                   offsetof(lc_gpu_shadow, view_proj) == 128,
               "lc_gpu_shadow: info, params, 6 rects, 6 mat4 (std430)");
