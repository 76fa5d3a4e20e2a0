/* The host frustum cull (lc_lights_build) against the GPU's rendered depth: every light
 * that lights some visible pixel (cull_ref's exact sets, computed over ALL lights packed
 * with lc_light_pack, no host cull) must survive the host cull. Also: the build's order
 * maps each packed light back to its original index, the packed list is sorted by view
 * depth and equals what the renderer uploaded, and the SIMD cull equals its scalar twin.
 * Labelled gpu: it renders depth buffers headless (tests/CMakeLists.txt). */
#include "app/app.h"
#include "frame_state.h" /* the renderer's internals the test checks */
#include "lights/cull_ref.h"
#include "test_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct view_case {
    const char *name;
    float c[5]; /* x, y, z, yaw, pitch; NaN x: the scene's default camera */
    float time;
} view_case;

static const view_case views[] = {
    {"default camera", {NAN, 0, 0, 0, 0}, 0.0f},
    {"high corner looking down", {6.0f, 10.0f, 12.0f, 35.0f, -40.0f}, 0.5f},
    {"mid-hall looking up", {0.0f, 2.0f, 0.0f, 90.0f, 50.0f}, 1.0f},
    {"against a wall", {-7.5f, 3.0f, 5.0f, -80.0f, 0.0f}, 2.0f},
};


/* Points and spots of every shape around the camera: radii 0.05..15 m, cones 1..179
 * degrees, many straddling the frustum planes. */
static void odd_lights(lc_light *l, uint32_t n, const float around[3])
{
    for (uint32_t i = 0; i < n; i++) {
        memset(&l[i], 0, sizeof l[i]);
        l[i].type = lc_test_rnd64() & 1 ? LC_LIGHT_SPOT : LC_LIGHT_POINT;
        for (int k = 0; k < 3; k++) l[i].position[k] = around[k] + lc_test_rnd(-8.0f, 8.0f);
        l[i].radius = 0.05f * powf(300.0f, lc_test_rnd(0, 1));
        float d[3] = {lc_test_rnd(-1, 1), lc_test_rnd(-1, 1) - 1e-3f, lc_test_rnd(-1, 1)};
        float len = sqrtf(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        for (int k = 0; k < 3; k++) l[i].direction[k] = d[k] / len;
        int kind = (int)(lc_test_rnd64() % 3);
        l[i].outer_deg = kind == 0 ? lc_test_rnd(1, 30) : kind == 1 ? lc_test_rnd(30, 89.99f) : lc_test_rnd(90, 179);
        l[i].inner_deg = l[i].outer_deg * lc_test_rnd(0, 1);
        l[i].color[0] = l[i].color[1] = l[i].color[2] = 1.0f;
        l[i].intensity = 1.0f;
    }
}

static lc_frame_settings settings_for(const lc_app *app, const view_case *v)
{
    lc_frame_settings s = lc_app_settings(app);
    s.mode = LC_MODE_TILES; /* any mode: only the depth buffer is used */
    if (!isnan(v->c[0])) {
        memcpy(s.camera.position, v->c, sizeof(float) * 3);
        s.camera.yaw_deg = v->c[3];
        s.camera.pitch_deg = v->c[4];
    }
    return s;
}

/* Renders lights, then checks the host build against the exact sets on the frame's depth. */
static void check_frame(lc_app *app, const char *what, const lc_frame_settings *s, const lc_light *lights, uint32_t n)
{
    lc_renderer *r = app->renderer;
    CHECK(lc_renderer_apply(r, s, lights, n) == LC_OK);
    CHECK(lc_renderer_render(r, lights, n) == LC_OK);
    lc_renderer_finish(r);
    float *depth = lc_renderer_read(r, LC_RES_DEPTH, NULL);
    CHECK(depth != NULL);
    if (!depth) return;

    /* Every light packed, no host cull, in the original order. */
    lc_frame_ubo u = r->frame.ubo;
    lc_gpu_light *all = lc_alloc((size_t)n * sizeof *all);
    for (uint32_t i = 0; i < n; i++) lc_light_pack(&lights[i], &u.view, &all[i]);
    u.light_info.x = n;
    u.light_info.y = LC_DIV_UP(n, LC_BUCKET_BITS);
    size_t cells = (size_t)u.screen.z * u.screen.w, buckets = u.light_info.y;
    uint32_t *bits = lc_calloc(cells * buckets, sizeof *bits);
    lc_light_cull_ref_tiles_exact(&u, all, depth, bits);
    uint8_t *needed = lc_calloc(n, 1);
    for (size_t c = 0; c < cells; c++)
        for (uint32_t i = 0; i < n; i++)
            if ((bits[c * buckets + (i >> 5)] >> (i & 31u)) & 1u) needed[i] = 1;

    /* The host build, as the renderer ran it. */
    float planes[6][4];
    lc_frustum_planes(&u.view_proj, planes);
    lc_light_builder b = {0};
    lc_gpu_light *packed = lc_alloc((size_t)n * sizeof *packed);
    uint32_t kept_count = lc_lights_build(&b, lights, n, &u.view, planes, packed);
    uint8_t *kept = lc_calloc(n, 1);
    uint32_t bad_order = 0, bad_pack = 0, unsorted = 0, dropped = 0, n_needed = 0;
    float prev = -INFINITY;
    for (uint32_t k = 0; k < kept_count; k++) {
        uint32_t i = b.order[k];
        if (i >= n || kept[i]) {
            bad_order++;
            continue;
        }
        kept[i] = 1;
        if (memcmp(&packed[k], &all[i], sizeof all[i])) bad_pack++;
        /* Sorted by the view depth of the centre. */
        float dk = -(u.view.m[2] * packed[k].position_radius.x + u.view.m[6] * packed[k].position_radius.y +
                     u.view.m[10] * packed[k].position_radius.z + u.view.m[14]);
        if (dk < prev - 1e-4f * fabsf(prev)) unsorted++;
        prev = dk;
    }
    for (uint32_t i = 0; i < n; i++) {
        n_needed += needed[i];
        if (needed[i] && !kept[i]) {
            if (dropped++ < 5)
                fprintf(stderr, "  %s: light %u (type %u, radius %g, outer %g) lights a pixel but was culled\n", what, i,
                        lights[i].type, lights[i].radius, lights[i].outer_deg);
        }
    }
    printf("  %-40s %5u lights, %5u kept by the host cull, %5u light a visible pixel\n", what, n, kept_count, n_needed);
    CHECK_MSG(dropped == 0, "%s: the host cull dropped %u of %u lights that light a visible pixel", what, dropped, n_needed);
    CHECK_MSG(bad_order == 0, "%s: %u packed lights map to no or a repeated original index", what, bad_order);
    CHECK_MSG(bad_pack == 0, "%s: %u packed lights differ from lc_light_pack of their original", what, bad_pack);
    CHECK_MSG(unsorted == 0, "%s: %u packed lights out of view-depth order", what, unsorted);
    CHECK_MSG(kept_count == r->frame.light_count && !memcmp(packed, r->frame.packed, (size_t)kept_count * sizeof *packed),
              "%s: the build differs from what the renderer uploaded (%u vs %u lights)", what, kept_count, r->frame.light_count);
    /* Not vacuous: some lights matter, and the cull removes some. */
    CHECK_MSG(n_needed > 0, "%s: no light reaches a visible pixel (test setup)", what);
    CHECK_MSG(kept_count < n, "%s: the host cull removed nothing (test setup)", what);

    /* SIMD == scalar, and both equal the build's survivors. */
    uint8_t *simd = lc_alloc(n), *scalar = lc_alloc(n);
    lc_lights_frustum_cull_simd(lights, n, planes, simd);
    lc_lights_frustum_cull_scalar(lights, n, planes, scalar);
    uint32_t differ = 0, differ_build = 0;
    for (uint32_t i = 0; i < n; i++) {
        differ += simd[i] != scalar[i];
        differ_build += simd[i] != kept[i];
    }
    CHECK_MSG(differ == 0, "%s: SIMD and scalar culls differ on %u lights", what, differ);
    CHECK_MSG(differ_build == 0, "%s: the SIMD cull and the build's survivors differ on %u lights", what, differ_build);

    free(simd), free(scalar), free(kept), free(packed), free(needed), free(bits), free(all), free(depth);
    lc_light_builder_destroy(&b);
}

int main(void)
{
    lc_test_seed(0x5EEDull);
    char *argv[] = {"--headless", "--quiet", "--validate", "--size", "256x144", "--lights", "1024", "--seed", "5"};
    lc_options opt;
    CHECK(lc_options_parse((int)LC_ARRAY_COUNT(argv), argv, 0, &opt) == LC_OK);
    lc_app *app = lc_calloc(1, sizeof *app);
    lc_status st = lc_app_load(app, &opt);
    if (st == LC_OK) st = lc_app_start_gpu(app, NULL, 0);
    CHECK_MSG(st == LC_OK, "cannot start the renderer");
    if (st == LC_OK) {
        uint32_t n_odd = 2048;
        lc_light *odd = lc_alloc(n_odd * sizeof *odd);
        for (size_t v = 0; v < LC_ARRAY_COUNT(views); v++) {
            lc_frame_settings s = settings_for(app, &views[v]);
            char what[96];
            /* The scene's generated lights, animated. */
            lc_lights_animate(&app->lights, views[v].time, app->animated);
            snprintf(what, sizeof what, "%s, generated", views[v].name);
            check_frame(app, what, &s, app->animated, app->light_count);
            /* Every light shape, crowded around the camera. */
            odd_lights(odd, n_odd, s.camera.position);
            snprintf(what, sizeof what, "%s, every shape", views[v].name);
            check_frame(app, what, &s, odd, n_odd);
        }
        free(odd);
    }
    lc_app_destroy(app);
    free(app);
    uint32_t msgs = lc_validation_message_count();
    CHECK_MSG(msgs == 0, "%u validation message(s)", msgs);
    return lc_test_finish("test_host_gpu_cull");
}
