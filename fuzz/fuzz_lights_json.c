/* Fuzz target: the lights file parser (lc_lights_parse_json) on arbitrary bytes, not
 * NUL-terminated. What it accepts must be safe to render: every number finite and in range,
 * spot axes unit length, packing gives finite GPU data, and the SIMD and scalar frustum
 * culls agree bit for bit on it. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scene/camera.h"
#include "fuzz_check.h"
#include "lights/lights.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool finite4(lc_f4 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z) && isfinite(v.w); }

static void check_light(const lc_light *l, const lc_m4 *view)
{
    FUZZ_CHECK(l->type == LC_LIGHT_POINT || l->type == LC_LIGHT_SPOT);
    for (int a = 0; a < 3; a++) {
        FUZZ_CHECK(isfinite(l->position[a]) && fabsf(l->position[a]) <= 1e6f);
        FUZZ_CHECK(isfinite(l->color[a]) && l->color[a] >= 0.0f);
        FUZZ_CHECK(isfinite(l->direction[a]));
    }
    FUZZ_CHECK(isfinite(l->radius) && l->radius > 0.0f && l->radius <= 1e6f);
    FUZZ_CHECK(isfinite(l->intensity) && l->intensity >= 0.0f);
    if (l->type == LC_LIGHT_SPOT) {
        float len = sqrtf(l->direction[0] * l->direction[0] + l->direction[1] * l->direction[1] +
                          l->direction[2] * l->direction[2]);
        FUZZ_CHECK(fabsf(len - 1.0f) < 1e-3f);
        FUZZ_CHECK(l->inner_deg >= 0.0f && l->inner_deg <= l->outer_deg && l->outer_deg < 180.0f);
    }
    lc_gpu_light g;
    lc_light_pack(l, view, &g);
    FUZZ_CHECK(finite4(g.position_radius) && finite4(g.color_type) && finite4(g.direction_cos));
    FUZZ_CHECK(isfinite(g.spot_depth.x) && isfinite(g.spot_depth.y));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    lc_light_set set;
    lc_status st = lc_lights_parse_json(&set, (const char *)data, size, "fuzz");
    if (st != LC_OK) {
        FUZZ_CHECK(st == LC_ERR_INPUT && set.lights == NULL && set.count == 0);
        return 0;
    }
    FUZZ_CHECK(set.count >= 1 && set.count <= LC_LIGHTS_MAX && set.lights && !set.animated);

    lc_camera cam = {.position = {0.0f, 1.0f, 5.0f}, .fov_y_deg = 60.0f, .near_z = 0.05f, .far_z = 100.0f};
    lc_m4 view, proj, view_proj;
    lc_camera_matrices(&cam, 16.0f / 9.0f, &view, &proj);
    lc_m4_mul(&proj, &view, &view_proj);
    float planes[6][4];
    lc_frustum_planes(&view_proj, planes);

    for (uint32_t i = 0; i < set.count; i++) check_light(&set.lights[i], &view);
    uint8_t *a = calloc(set.count, 1), *b = calloc(set.count, 1);
    FUZZ_CHECK(a && b);
    lc_lights_frustum_cull_scalar(set.lights, set.count, planes, a);
    lc_lights_frustum_cull_simd(set.lights, set.count, planes, b);
    FUZZ_CHECK(memcmp(a, b, set.count) == 0);
    free(a);
    free(b);

    /* The per-frame build on what was parsed: no more lights packed than given, all finite. */
    lc_light_builder builder = {0};
    lc_gpu_light *packed = calloc(set.count, sizeof *packed);
    FUZZ_CHECK(packed);
    uint32_t n = lc_lights_build(&builder, set.lights, set.count, &view, planes, packed);
    FUZZ_CHECK(n <= set.count);
    for (uint32_t i = 0; i < n; i++) FUZZ_CHECK(finite4(packed[i].position_radius));
    free(packed);
    lc_light_builder_destroy(&builder);
    lc_light_set_destroy(&set);
    return 0;
}
