/* Environment probes as data (src/lights/probes.c): the file's schema, the blending order
 * (smaller volume first, whatever the file's order), the grid over a scene's bounds and the
 * frame's probe range (frustum cull, proxies in blending order). */
#include "lights/probes.h"
#include "scene/camera.h"
#include "test_util.h"

#include <math.h>
#include <string.h>

static lc_status parse(const char *text, lc_probe_set *out) { return lc_probes_parse_json(out, text, strlen(text), "test"); }

static void test_file(void)
{
    lc_probe_set s;
    /* Listed large first: the set comes back small first; extra keys are ignored. */
    CHECK(parse("{\"probes\": [{\"position\": [0, 1, 0], \"extents\": [4, 2, 4], \"name\": \"hall\"},"
                " {\"position\": [1, 1, 1], \"extents\": [1, 1, 1]}, {\"position\": [-1, 1, 1], \"extents\": [1, 1, 1]}]}",
                &s) == LC_OK);
    CHECK(s.count == 3);
    if (s.count == 3) {
        CHECK(s.probes[0].extents[0] == 1.0f && s.probes[0].position[0] == -1.0f); /* equal volumes: by position */
        CHECK(s.probes[1].extents[0] == 1.0f && s.probes[1].position[0] == 1.0f);
        CHECK(s.probes[2].extents[0] == 4.0f);
        CHECK(fabsf(lc_probe_fade(&s.probes[2]) - LC_PROBE_FADE * 2.0f) < 1e-6f);
    }
    lc_probe_set_destroy(&s);
    static const char *const bad[] = {
        "", "[]", "{}", "{\"probes\": {}}", "{\"probes\": []}", "{\"probes\": [1]}",
        "{\"probes\": [{\"position\": [0, 0, 0]}]}", "{\"probes\": [{\"extents\": [1, 1, 1]}]}",
        "{\"probes\": [{\"position\": [0, 0], \"extents\": [1, 1, 1]}]}",
        "{\"probes\": [{\"position\": [0, 0, 0], \"extents\": [1, 0, 1]}]}",
        "{\"probes\": [{\"position\": [0, 0, 0], \"extents\": [1, -2, 1]}]}",
        "{\"probes\": [{\"position\": [0, \"a\", 0], \"extents\": [1, 1, 1]}]}",
        "{\"probes\": [{\"position\": [0, 1e300, 0], \"extents\": [1, 1, 1]}]}",
        "{\"probes\": [{\"position\": [0, 0, 0], \"extents\": [1, 1, 1]}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        lc_status st = parse(bad[i], &s);
        CHECK_MSG(st == LC_ERR_INPUT && s.count == 0 && !s.probes, "accepted: %s", bad[i]);
    }
}

/* Whether the union of the set's boxes covers point p. */
static bool covered(const lc_probe_set *s, const float p[3])
{
    for (uint32_t i = 0; i < s->count; i++) {
        bool in = true;
        for (int a = 0; a < 3; a++) in = in && fabsf(p[a] - s->probes[i].position[a]) <= s->probes[i].extents[a];
        if (in) return true;
    }
    return false;
}

static void test_grid(void)
{
    const float bmin[3] = {-3, 0, -3}, bmax[3] = {3, 3, 3};
    for (uint32_t n = 1; n <= 40; n++) {
        lc_probe_set s;
        lc_probes_grid(&s, n, bmin, bmax);
        CHECK_MSG(s.count >= 1 && s.count <= n, "--probes %u gave %u", n, s.count);
        lc_test_seed(n);
        for (int k = 0; k < 200; k++) {
            float p[3] = {lc_test_rnd(bmin[0], bmax[0]), lc_test_rnd(bmin[1], bmax[1]), lc_test_rnd(bmin[2], bmax[2])};
            CHECK_MSG(covered(&s, p), "--probes %u leaves %g,%g,%g uncovered", n, p[0], p[1], p[2]);
        }
        /* blending order: volumes never decrease */
        for (uint32_t i = 1; i < s.count; i++) {
            const float *a = s.probes[i - 1].extents, *b = s.probes[i].extents;
            CHECK(a[0] * a[1] * a[2] <= b[0] * b[1] * b[2]);
        }
        lc_probe_set_destroy(&s);
    }
    /* A 6 x 3 x 6 room: 2 probes split it along x or z, 4 in quarters, auto at most 16. */
    lc_probe_set s;
    lc_probes_grid(&s, 4, bmin, bmax);
    CHECK(s.count == 4);
    for (uint32_t i = 0; i < s.count; i++) CHECK(fabsf(s.probes[i].extents[1] - 1.5f * LC_PROBE_GRID_OVERLAP) < 1e-5f);
    lc_probe_set_destroy(&s);
    lc_probes_grid(&s, LC_PROBES_AUTO, bmin, bmax);
    CHECK(s.count >= 8 && s.count <= LC_PROBES_AUTO);
    lc_probe_set_destroy(&s);
    /* A flat scene (a quad): one probe about its centre. */
    const float fmin[3] = {-1, 0, -1}, fmax[3] = {1, 0, 1};
    lc_probes_grid(&s, 8, fmin, fmax);
    CHECK(s.count == 1 && s.probes[0].extents[1] > 0.0f);
    lc_probe_set_destroy(&s);
}

static void test_build(void)
{
    /* A camera at the origin looking down -Z: a probe ahead, one behind, one whose box only
     * reaches into view through its fade. */
    lc_camera cam = {.position = {0, 0, 0}, .fov_y_deg = 60, .near_z = 0.1f, .far_z = 100};
    lc_m4 view, proj, vp;
    lc_camera_matrices(&cam, 1.0f, &view, &proj);
    lc_m4_mul(&proj, &view, &vp);
    float planes[6][4];
    lc_frustum_planes(&vp, planes);
    lc_gpu_probe probes[3] = {
        {.position = {0, 0, -10, 0}, .extents = {1, 1, 1, 0.25f}},
        {.position = {0, 0, 10, 0}, .extents = {1, 1, 1, 0.25f}},
        {.position = {0, 0, 1.1f, 0}, .extents = {1, 1, 1, 0.25f}}, /* its box ends at z = 0.1, its fade at -0.15 */
    };
    lc_gpu_light proxies[3];
    uint32_t n = lc_probes_build(probes, 3, &view, planes, proxies);
    CHECK(n == 2);
    if (n == 2) {
        CHECK(proxies[0].color_type.x == 0.0f && proxies[1].color_type.x == 2.0f); /* their indices, in order */
        CHECK(proxies[0].color_type.w == (float)LC_ENTITY_PROBE);
        /* view depth range of the influence box: 10 -+ 1.25 (widened for culling) */
        CHECK(proxies[0].spot_depth.z <= 8.75f && proxies[0].spot_depth.z > 8.7f);
        CHECK(proxies[0].spot_depth.w >= 11.25f && proxies[0].spot_depth.w < 11.3f);
        CHECK(proxies[0].direction_cos.x >= 1.25f && proxies[0].position_radius.w >= sqrtf(3.0f) * 1.25f);
    }
}

int main(void)
{
    test_file();
    test_grid();
    test_build();
    return lc_test_finish("test_probes_grid");
}
