/* Per-frame light build: the SIMD frustum cull equals its scalar twin bit for bit, culls no
 * light that can light a visible point, the output is sorted by view depth, and the whole
 * build of 65,536 lights is fast. */
#include "cpu/jobs.h"
#include "lights/lights.h"
#include "test_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static float deg_rad(float d) { return d * 0.017453292519943295f; }

static void normalize(float v[3])
{
    float l = sqrtf(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    for (int k = 0; k < 3; k++) v[k] /= l;
}

/* Lights scattered around a point: points and spots, radii 0.05..15 m, cones from 1 to 179
 * degrees. */
static void random_lights(lc_light *l, uint32_t n, const float around[3], float spread)
{
    for (uint32_t i = 0; i < n; i++) {
        memset(&l[i], 0, sizeof l[i]);
        l[i].type = lc_test_rnd64() & 1 ? LC_LIGHT_SPOT : LC_LIGHT_POINT;
        for (int k = 0; k < 3; k++) l[i].position[k] = around[k] + lc_test_rnd(-spread, spread);
        l[i].radius = 0.05f * powf(300.0f, lc_test_rnd(0, 1));
        for (int k = 0; k < 3; k++) l[i].direction[k] = lc_test_rnd(-1, 1);
        l[i].direction[1] -= 1e-3f; /* never all zero */
        normalize(l[i].direction);
        int kind = (int)(lc_test_rnd64() % 3);
        l[i].outer_deg = kind == 0 ? lc_test_rnd(1, 30) : kind == 1 ? lc_test_rnd(30, 89.99f) : lc_test_rnd(90, 179);
        l[i].inner_deg = l[i].outer_deg * lc_test_rnd(0, 1);
        l[i].color[0] = l[i].color[1] = l[i].color[2] = 1.0f;
        l[i].intensity = 1.0f;
    }
}

typedef struct pose {
    lc_camera cam;
    float aspect;
} pose;

static const pose poses[] = {
    {{{0, 2, 0}, 0, 0, 60, 0.1f, 100}, 16.0f / 9.0f},
    {{{3, -1, 7}, 37, 20, 75, 0.05f, 60}, 1.5f},
    {{{-5, 4, 2}, -120, -45, 45, 0.5f, 200}, 1.0f},
    {{{0, 0, 0}, 10, 89.9f, 60, 0.1f, 80}, 1.3f},   /* almost straight up */
    {{{1, 10, -3}, 200, -89.9f, 90, 0.1f, 50}, 2.0f}, /* almost straight down */
    {{{0, 5, 0}, 0, 90, 60, 0.1f, 100}, 1.0f},      /* straight up */
    {{{0, 5, 0}, 45, -90, 30, 0.2f, 100}, 0.75f},   /* straight down, narrow */
    {{{2, 1, 1}, 170, 5, 120, 0.01f, 1000}, 2.4f},  /* wide and deep */
};

static void pose_matrices(const pose *p, lc_m4 *view, float planes[6][4])
{
    lc_m4 proj, vp;
    lc_camera_matrices(&p->cam, p->aspect, view, &proj);
    lc_m4_mul(&proj, view, &vp);
    lc_frustum_planes(&vp, planes);
}

static bool point_in_frustum(const float planes[6][4], const float p[3])
{
    for (int k = 0; k < 6; k++)
        if (planes[k][0] * p[0] + planes[k][1] * p[1] + planes[k][2] * p[2] + planes[k][3] < 0.0f) return false;
    return true;
}

/* A point of the light's volume; near_edge puts it close to the sphere and cone surfaces,
 * where a cull that is not conservative would show. */
static void sample_volume(const lc_light *l, bool near_edge, float out[3])
{
    float r = near_edge ? l->radius * (1.0f - 1e-3f * lc_test_rnd(0, 1)) : l->radius * cbrtf(lc_test_rnd(0, 1));
    float dir[3];
    if (l->type == LC_LIGHT_SPOT) {
        float co = cosf(deg_rad(l->outer_deg));
        float c = near_edge ? co + (1.0f - co) * 0.02f * lc_test_rnd(0, 1) : lc_test_rnd(co, 1.0f);
        float s = sqrtf(LC_MAX(0.0f, 1.0f - c * c)), phi = lc_test_rnd(0.0f, 6.2831853f);
        const float *a = l->direction;
        float t[3] = {1, 0, 0};
        if (fabsf(a[0]) > 0.9f) t[0] = 0, t[1] = 1;
        float u[3] = {a[1] * t[2] - a[2] * t[1], a[2] * t[0] - a[0] * t[2], a[0] * t[1] - a[1] * t[0]};
        normalize(u);
        float v[3] = {a[1] * u[2] - a[2] * u[1], a[2] * u[0] - a[0] * u[2], a[0] * u[1] - a[1] * u[0]};
        for (int k = 0; k < 3; k++) dir[k] = c * a[k] + s * (cosf(phi) * u[k] + sinf(phi) * v[k]);
    } else {
        float len;
        do {
            for (int k = 0; k < 3; k++) dir[k] = lc_test_rnd(-1, 1);
            len = sqrtf(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
        } while (len > 1.0f || len < 1e-3f);
        for (int k = 0; k < 3; k++) dir[k] /= len;
    }
    for (int k = 0; k < 3; k++) out[k] = l->position[k] + r * dir[k];
}

static float view_depth(const lc_m4 *view, const float p[3])
{
    const float *m = view->m;
    return -(m[2] * p[0] + m[6] * p[1] + m[10] * p[2] + m[14]);
}

static void test_simd_equals_scalar_and_conservative(void)
{
    const uint32_t n = 100000;
    lc_light *lights = malloc(n * sizeof *lights);
    uint8_t *vs = malloc(n), *vv = malloc(n);
    uint64_t mismatches = 0, missed = 0, culled_by_cone = 0, visible_total = 0, probes = 0;
    for (size_t pi = 0; pi < LC_ARRAY_COUNT(poses); pi++) {
        const pose *p = &poses[pi];
        lc_m4 view;
        float planes[6][4];
        pose_matrices(p, &view, planes);
        random_lights(lights, n, p->cam.position, 40.0f);
        lc_lights_frustum_cull_scalar(lights, n, planes, vs);
        lc_lights_frustum_cull_simd(lights, n, planes, vv);
        for (uint32_t i = 0; i < n; i++) mismatches += vs[i] != vv[i];
        /* Every count from 1 to 9 exercises the partial last step. */
        for (uint32_t c = 1; c < 10; c++) {
            lc_lights_frustum_cull_simd(lights + 77, c, planes, vv);
            for (uint32_t i = 0; i < c; i++) mismatches += vs[77 + i] != vv[i];
        }

        for (uint32_t i = 0; i < n; i++) {
            visible_total += vs[i];
            if (vs[i]) continue;
            const lc_light *l = &lights[i];
            lc_gpu_light g;
            lc_light_pack(l, &view, &g);
            /* Culled: no point with a non-zero weight may be inside the frustum. */
            for (int s = 0; s < 48; s++) {
                float q[3];
                sample_volume(l, s & 1, q);
                if (!(lc_light_weight(&g, q) > 0.0f)) continue;
                probes++;
                if (point_in_frustum(planes, q)) {
                    if (missed++ < 5) fprintf(stderr, "pose %zu light %u culled but lights a visible point\n", pi, i);
                }
            }
            /* Was it the cone test that culled it? */
            float r = l->radius * (float)LC_LIGHT_CULL_RADIUS_SCALE + (float)LC_LIGHT_CULL_RADIUS_BIAS;
            bool sphere_in = true;
            for (int k = 0; k < 6; k++)
                sphere_in = sphere_in && planes[k][0] * l->position[0] + planes[k][1] * l->position[1] +
                                                 planes[k][2] * l->position[2] + planes[k][3] >= -r;
            culled_by_cone += sphere_in;
        }
    }
    printf("cull: %llu visible of %zu, %llu culled by the cone test alone, %llu probes of culled lights\n",
           (unsigned long long)visible_total, (size_t)n * LC_ARRAY_COUNT(poses), (unsigned long long)culled_by_cone,
           (unsigned long long)probes);
    CHECK_MSG(mismatches == 0, "SIMD and scalar cull differ on %llu lights", (unsigned long long)mismatches);
    CHECK_MSG(missed == 0, "%llu lit points inside the frustum belong to culled lights", (unsigned long long)missed);
    CHECK_MSG(culled_by_cone > 1000, "the cone test culled only %llu spots", (unsigned long long)culled_by_cone);
    CHECK(probes > 1000000);
    CHECK(visible_total > 10000);
    free(lights);
    free(vs);
    free(vv);
}

/* Reference order: (depth, index), the stable sort. */
static const float *g_keys;
static int cmp_depth(const void *a, const void *b)
{
    uint32_t i = *(const uint32_t *)a, j = *(const uint32_t *)b;
    if (g_keys[i] != g_keys[j]) return g_keys[i] < g_keys[j] ? -1 : 1;
    return i < j ? -1 : i > j;
}

/* lc_lights_build against a stable qsort of the scalar cull's survivors by depth, packed one
 * by one with lc_light_pack: the same bytes. */
static void check_build(lc_light_builder *b, const lc_light *lights, uint32_t n, const pose *p, const char *what,
                        lc_gpu_light *out, uint8_t *vis, float *keys, uint32_t *ref)
{
    lc_m4 view;
    float planes[6][4];
    pose_matrices(p, &view, planes);
    uint32_t m = lc_lights_build(b, lights, n, &view, planes, out);
    lc_lights_frustum_cull_scalar(lights, n, planes, vis);
    uint32_t expect = 0;
    for (uint32_t i = 0; i < n; i++) {
        keys[i] = view_depth(&view, lights[i].position);
        if (vis[i]) ref[expect++] = i;
    }
    CHECK_MSG(m == expect, "%s: build kept %u lights, cull %u", what, m, expect);
    g_keys = keys;
    qsort(ref, expect, sizeof *ref, cmp_depth);
    uint32_t unsorted = 0, differ = 0;
    float prev = -INFINITY;
    for (uint32_t k = 0; k < m && k < expect; k++) {
        float pk[3] = {out[k].position_radius.x, out[k].position_radius.y, out[k].position_radius.z};
        float d = view_depth(&view, pk);
        if (k && d < prev) unsorted++;
        prev = d;
        lc_gpu_light g;
        lc_light_pack(&lights[ref[k]], &view, &g);
        differ += memcmp(&g, &out[k], sizeof g) != 0;
    }
    CHECK_MSG(unsorted == 0, "%s: %u lights out of depth order", what, unsorted);
    CHECK_MSG(differ == 0, "%s: %u lights differ from the stable sort of lc_light_pack", what, differ);
}

static void test_build_sorted(void)
{
    const uint32_t n = 20000;
    lc_light *lights = malloc(n * sizeof *lights);
    lc_gpu_light *out = malloc(n * sizeof *out);
    uint8_t *vis = malloc(n);
    float *keys = malloc(n * sizeof *keys);
    uint32_t *ref = malloc(n * sizeof *ref);
    lc_light_builder b = {0};
    char what[64];
    for (size_t pi = 0; pi < LC_ARRAY_COUNT(poses); pi++) {
        const pose *p = &poses[pi];
        random_lights(lights, n, p->cam.position, 30.0f);
        /* Ties: copies of a few lights, and lights behind the camera (negative depth). */
        for (uint32_t i = 100; i < n; i += 97) lights[i] = lights[i % 7];
        snprintf(what, sizeof what, "pose %zu", pi);
        check_build(&b, lights, n, p, what, out, vis, keys, ref);
        /* Crowds: every light a copy of one of five (depth buckets of thousands), then all
         * of one (a depth range of zero). */
        for (uint32_t i = 5; i < n; i++) lights[i] = lights[i % 5];
        snprintf(what, sizeof what, "pose %zu, five depths", pi);
        check_build(&b, lights, n, p, what, out, vis, keys, ref);
        for (uint32_t i = 1; i < n; i++) lights[i] = lights[0];
        snprintf(what, sizeof what, "pose %zu, one depth", pi);
        check_build(&b, lights, n, p, what, out, vis, keys, ref);
    }
    /* The builder grows and shrinks its use across calls. */
    lc_m4 view;
    float planes[6][4];
    pose_matrices(&poses[0], &view, planes);
    CHECK(lc_lights_build(&b, lights, 0, &view, planes, out) == 0);
    uint32_t one = lc_lights_build(&b, lights, 3, &view, planes, out);
    CHECK(one <= 3);
    lc_light_builder_destroy(&b);
    CHECK(b.capacity == 0 && b.x == NULL);
    free(lights);
    free(out);
    free(vis);
    free(keys);
    free(ref);
}

static double thread_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The generated hall's 65,536 lights, animated, built back to back on one thread: the best
 * of many runs (thread CPU time, so a busy machine's preemptions do not count). */
static void test_build_time(void)
{
    lc_jobs_init(1); /* thread CPU time measures the whole build only on one thread */
    const uint32_t n = 65536;
    const float bmin[3] = {-8, 0, -30}, bmax[3] = {8, 12, 30};
    lc_light_set set;
    CHECK(lc_lights_generate(&set, n, 1, bmin, bmax) == LC_OK);
    lc_light *lights = malloc(n * sizeof *lights);
    lc_gpu_light *out = aligned_alloc(64, n * sizeof *out); /* like a mapped GPU buffer */
    lc_light_builder b = {0};
    lc_lights_animate(&set, 1.5f, lights);
    /* From one end of the hall down its length, and from the middle looking across. */
    const pose views[2] = {{{{0, 2, 28}, 0, -5, 60, 0.1f, 100}, 16.0f / 9.0f}, {{{0, 6, 0}, 90, -20, 60, 0.1f, 100}, 16.0f / 9.0f}};
    for (int v = 0; v < 2; v++) {
        lc_m4 view;
        float planes[6][4];
        pose_matrices(&views[v], &view, planes);
        double best = 1e9, total = 0;
        uint32_t m = 0;
        const int runs = 50;
        /* A neighbour hammering the memory system can slow a whole round: up to 3 rounds. */
        for (int round = 0; round < 3 && best >= 5e-3; round++) {
            total = 0;
            for (int r = 0; r < runs + 2; r++) {
                double t0 = thread_seconds();
                m = lc_lights_build(&b, lights, n, &view, planes, out);
                double dt = thread_seconds() - t0;
                if (r < 2) continue; /* warm-up: allocation, page faults */
                best = LC_MIN(best, dt);
                total += dt;
            }
        }
        printf("build of %u lights (%u visible, view %d): best %.3f ms, mean %.3f ms\n", n, m, v, best * 1e3,
               total / runs * 1e3);
#if defined(__SANITIZE_ADDRESS__) || !defined(__OPTIMIZE__)
        (void)best; /* sanitized or unoptimised builds only report */
#else
        CHECK_MSG(best < 5e-3, "build took %.3f ms", best * 1e3);
#endif
        CHECK(m > 1000 && m < n);
    }
    lc_light_builder_destroy(&b);
    free(lights);
    free(out);
    lc_light_set_destroy(&set);
}

int main(void)
{
    lc_test_seed(0xC0FFEEull);
    test_simd_equals_scalar_and_conservative();
    test_build_sorted();
    test_build_time();
    return lc_test_finish("test_frustum");
}
